//! Pearl (masyu; Tatham's Pearl, puzz.link `mashu`/`masyu`): draw one loop through the
//! centres of cells, moving orthogonally, that passes through every pearl: on a **black**
//! pearl it turns and goes straight through the next cell on both sides; on a **white**
//! pearl it goes straight and turns in the next cell on at least one side.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, a [`Pearl`] clue: none, white or black;
//! - **link**: the segment between two orthogonally neighbouring cells' centres; the cell
//!   graph's edge order (`Graph::grid`): the `H·(W−1)` horizontal links row by row, then
//!   the `(H−1)·W` vertical ones;
//! - **value** (the solution's [`Grid`]): per cell, the directions the loop leaves it by,
//!   as bits: 1 right, 2 up, 4 left, 8 down (Tracks' bits); 0 for a cell off the loop.
//!
//! The rules come from the constraint layer: `constraints::loop_` on the cell graph (degree
//! 0 or 2, one component through `constraints::connected`), the pearls as clauses over
//! the links at and next to them (`cnf.rs`, `encodings/pearl.md`). The engines:
//! - **native**: CDCL on batsat with the loop's subtour theory
//!   (`constraints::loop_search`): a closed cycle with a pearl or a link off it is a
//!   conflict, and a link that would close one is false;
//! - **sat**: varisat on the local clauses, cuts added as models break the loop (an
//!   incremental session); the **external** engine and `export` get the eager CNF.

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{Grid, loop_search};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer, NativeSolve,
    Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// Direction bits of a cell's value.
pub const RIGHT: u32 = 1;
/// Up.
pub const UP: u32 = 2;
/// Left.
pub const LEFT: u32 = 4;
/// Down.
pub const DOWN: u32 = 8;

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// No pearl.
    Empty,
    /// A white pearl: straight through, a turn next to it on at least one side.
    White,
    /// A black pearl: a turn, straight on through the next cell on both sides.
    Black,
}

/// A Pearl (masyu) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pearl {
    width: usize,
    height: usize,
    clues: Vec<Clue>,
}

impl Pearl {
    /// A `width × height` grid of row-major `clues`.
    pub fn new(width: usize, height: usize, clues: Vec<Clue>) -> Pearl {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        Pearl {
            width,
            height,
            clues,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of cell `(row, col)`.
    pub fn clue(&self, row: usize, col: usize) -> Clue {
        self.clues[row * self.width + col]
    }

    /// The pearls as rows of `B`, `W` and `.` (the plain form without its header).
    pub fn rows_text(&self) -> String {
        self.clues
            .chunks(self.width)
            .map(|row| row.iter().map(|&c| clue_char(c)).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The loop drawn in text, `2H−1` lines of `2W−1` characters: a cell is its pearl
    /// (`B`, `W`), `+` on the loop, `.` off it; `-` and `|` the links between cells.
    fn drawing(&self, s: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::with_capacity(2 * h);
        for r in 0..h {
            let mut line = String::with_capacity(2 * w);
            let mut below = String::with_capacity(2 * w);
            for c in 0..w {
                let v = s.at(r, c);
                line.push(match self.clue(r, c) {
                    Clue::Empty if v != 0 => '+',
                    clue => clue_char(clue),
                });
                if c + 1 < w {
                    line.push(if v & RIGHT != 0 { '-' } else { ' ' });
                }
                below.push(if v & DOWN != 0 { '|' } else { ' ' });
                if c + 1 < w {
                    below.push(' ');
                }
            }
            out.push(line.trim_end().to_string());
            if r + 1 < h {
                out.push(below.trim_end().to_string());
            }
        }
        out.join("\n")
    }
}

fn clue_char(c: Clue) -> char {
    match c {
        Clue::Empty => '.',
        Clue::White => 'W',
        Clue::Black => 'B',
    }
}

impl Puzzle for Pearl {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::PEARL
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// Cells and links on one grid of `(2H−1)×(2W−1)` squares: the loop black, pearls as
    /// `●` and `○`.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let (pw, ph) = (2 * w - 1, 2 * h - 1);
        let mut picture = Picture::new(pw, ph);
        picture.grid_lines = false;
        for y in 0..ph {
            for x in 0..pw {
                let i = y * pw + x;
                let (r, c) = (y / 2, x / 2);
                let on = |bit: u32| solution.is_some_and(|s| s.at(r, c) & bit != 0);
                match (y % 2, x % 2) {
                    (0, 0) => {
                        match self.clue(r, c) {
                            Clue::Black => picture.labels[i] = "●".to_string(),
                            Clue::White => picture.labels[i] = "○".to_string(),
                            Clue::Empty => {}
                        }
                        picture.fills[i] = if on(RIGHT | UP | LEFT | DOWN) {
                            Rgb::GREY
                        } else {
                            Rgb::WHITE
                        };
                    }
                    (0, 1) if on(RIGHT) => picture.fills[i] = Rgb::BLACK,
                    (1, 0) if on(DOWN) => picture.fills[i] = Rgb::BLACK,
                    _ => {}
                }
            }
        }
        picture
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl NativeSolve<Grid> for Pearl {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let local = cnf::local(self);
        let decode = |m: &crate::sat::Model| cnf::decode(self, &local.links, m);
        loop_search::native_loop(
            &local.cnf,
            &local.connected,
            &local.links,
            limits,
            &decode,
            found,
        )
    }
}

impl CnfEncode<Grid> for Pearl {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form: varisat on the local clauses, cuts added as models break the loop.
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self);
        let decode = |m: &crate::sat::Model| cnf::decode(self, &local.links, m);
        Some(loop_search::session_loop(
            &local.cnf,
            &local.connected,
            &local.links,
            limits,
            &decode,
        ))
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const PEARL: Kind = Kind::named("pearl");
}

/// Tatham IDs (`8x8:dWbB…`) and puzz.link `mashu`/`masyu` URLs one a line, or `pearl` (or
/// `masyu`) and rows (`encodings/pearl.md`).
pub const READER: crate::puzzles::Reader<Pearl> = crate::puzzles::Reader {
    kind: Kind::PEARL,
    about: "Pearl (masyu): one loop through every pearl, turning on black, straight on white (Tatham `WxH:` IDs, puzz.link `mashu/` URLs, or `pearl` and rows)",
    extensions: &["pearl", "masyu", "mashu"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Pearl 8×8, tricky (Tatham's Pearl)",
        "pearl/pearl-8x8-tricky.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // A 3×3 ring around the centre: the corners turn, the sides go straight.
        let p = Pearl::new(
            3,
            3,
            vec![
                Clue::Black,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
            ],
        );
        let ring = Grid::new(
            3,
            vec![
                RIGHT | DOWN,
                LEFT | RIGHT,
                LEFT | DOWN,
                UP | DOWN,
                0,
                UP | DOWN,
                UP | RIGHT,
                LEFT | RIGHT,
                LEFT | UP,
            ],
        );
        assert_eq!(p.check(&ring), Ok(()));
        assert_eq!(p.solution_text(&ring), "B-+-+\n|   |\n+ . +\n|   |\n+-+-+");
        // A white pearl in the middle of the top side goes straight, but both neighbours
        // are corners: fine; at a corner it cannot go straight.
        let white = Pearl::new(
            3,
            3,
            vec![
                Clue::White,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
                Clue::Empty,
            ],
        );
        assert!(white.check(&ring).unwrap_err().message.contains("white"));
        let empty = Grid::new(3, vec![0; 9]);
        assert!(p.check(&empty).is_err());
    }
}
