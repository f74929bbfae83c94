//! Yajilin (puzz.link `yajilin`, pzprjs `yajirin`): shade some cells and draw one loop
//! through the centres of cells, moving orthogonally, so that clue cells are neither
//! shaded nor on the loop, a clue's number counts the shaded cells from it to the grid's
//! edge in its arrow's direction, no two shaded cells share a side, and every other cell
//! is shaded or on the loop.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; a **clue** cell holds an [`Arrow`] (or none)
//!   and a number (or `?`), the others are free;
//! - **link**: the segment between two orthogonally neighbouring cells' centres; the cell
//!   graph's edge order (`Graph::grid`): the `H·(W−1)` horizontal links row by row, then
//!   the `(H−1)·W` vertical ones;
//! - **value** (the solution's [`Grid`]): per cell, the directions the loop leaves it by,
//!   as bits (1 right, 2 up, 4 left, 8 down, as Pearl's), [`SHADED`] for a shaded cell,
//!   0 for a clue cell.
//!
//! The rules: `constraints::loop_` on the cell graph (degree 0 or 2, one component through
//! `constraints::connected`), and Yajilin's clauses (`cnf.rs`, `encodings/yajilin.md`):
//! clue cells off the loop, every free cell shaded or on the loop, shaded cells apart, the
//! arrows' counts (the layer's `exactly_k`). Engines:
//! - **native**: deduction first (`deduce.rs`: cell, arrow, no premature loop, reach,
//!   probing — the rules of `encodings/yajilin.md`, "Deduction"). When it decides every
//!   cell and link, that grid (confirmed by the checker) is the only solution, every step
//!   having been forced; when it finds a contradiction, there is none. Otherwise CDCL on
//!   batsat with the loop's subtour theory (`constraints::loop_search`), as Pearl's, from
//!   what it deduced (the decided links and cells as unit clauses, Y5). Every deduction
//!   holds in every solution, so the search counts (`--count`, `--all`) the same solutions
//!   as from scratch;
//! - **sat**: the incremental varisat loop with separator cuts; **external** and `export`
//!   the eager CNF. No dlx.

mod check;
mod cnf;
pub mod deduce;
mod reader;

pub use reader::{parse, parse_url, plain_text};

use crate::constraints::{Grid, loop_search};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer, NativeSolve,
    Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::puzzles::pearl::{DOWN, RIGHT};
use crate::render::{Picture, Rgb};

/// The value of a shaded cell.
pub const SHADED: u32 = 16;

/// A clue's arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// No arrow: the number (if any) counts nothing.
    None,
    /// Towards row 1.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 1.
    Left,
    /// Towards the last column.
    Right,
}

impl Arrow {
    /// The arrow in pzprjs's numbering (`qdir`): 0 none, 1 up, 2 down, 3 left, 4 right.
    pub fn from_code(code: u32) -> Option<Arrow> {
        [
            Arrow::None,
            Arrow::Up,
            Arrow::Down,
            Arrow::Left,
            Arrow::Right,
        ]
        .get(code as usize)
        .copied()
    }

    /// Its pzprjs number (the inverse of [`Arrow::from_code`]).
    pub fn code(self) -> u32 {
        match self {
            Arrow::None => 0,
            Arrow::Up => 1,
            Arrow::Down => 2,
            Arrow::Left => 3,
            Arrow::Right => 4,
        }
    }

    /// Its character in the plain form, the text and the picture (`^ v < >`, ASCII: the
    /// PNG font has no arrows; none: empty).
    pub fn symbol(self) -> &'static str {
        match self {
            Arrow::None => "",
            Arrow::Up => "^",
            Arrow::Down => "v",
            Arrow::Left => "<",
            Arrow::Right => ">",
        }
    }

    /// One row/column step, `(dr, dc)`.
    fn step(self) -> Option<(isize, isize)> {
        match self {
            Arrow::None => None,
            Arrow::Up => Some((-1, 0)),
            Arrow::Down => Some((1, 0)),
            Arrow::Left => Some((0, -1)),
            Arrow::Right => Some((0, 1)),
        }
    }
}

/// A clue cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clue {
    /// Where it points.
    pub arrow: Arrow,
    /// How many shaded cells lie that way; `None` for `?`.
    pub number: Option<u32>,
}

/// A Yajilin puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yajilin {
    width: usize,
    height: usize,
    clues: Vec<Option<Clue>>,
}

impl Yajilin {
    /// A `width × height` grid of row-major `clues` (`None`: a free cell).
    pub fn new(width: usize, height: usize, clues: Vec<Option<Clue>>) -> Yajilin {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        Yajilin {
            width,
            height,
            clues,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Each cell's clue, row-major.
    pub fn clues(&self) -> &[Option<Clue>] {
        &self.clues
    }

    /// The cells from clue cell `cell` to the grid's edge in its arrow's direction, nearest
    /// first (none without an arrow).
    pub fn pointed(&self, cell: usize) -> Vec<usize> {
        let Some((dr, dc)) = self.clues[cell].and_then(|c| c.arrow.step()) else {
            return Vec::new();
        };
        let (mut r, mut c) = ((cell / self.width) as isize, (cell % self.width) as isize);
        let mut out = Vec::new();
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= self.height as isize || c >= self.width as isize {
                return out;
            }
            out.push(r as usize * self.width + c as usize);
        }
    }

    /// The loop and shading drawn in text, `2H−1` lines of `2W−1` characters: a clue cell
    /// is its arrow (`^ v < >`, `o` without one), `#` shaded, `+` on the loop; `-` and `|`
    /// the links between cells.
    fn drawing(&self, s: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::with_capacity(2 * h);
        for r in 0..h {
            let mut line = String::with_capacity(2 * w);
            let mut below = String::with_capacity(2 * w);
            for c in 0..w {
                let v = s.at(r, c);
                match self.clues[r * w + c] {
                    Some(clue) if clue.arrow == Arrow::None => line.push('o'),
                    Some(clue) => line.push_str(clue.arrow.symbol()),
                    None if v == SHADED => line.push('#'),
                    None if v != 0 => line.push('+'),
                    None => line.push('.'),
                }
                if c + 1 < w {
                    line.push(if v != SHADED && v & RIGHT != 0 {
                        '-'
                    } else {
                        ' '
                    });
                }
                below.push(if v != SHADED && v & DOWN != 0 {
                    '|'
                } else {
                    ' '
                });
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

impl Puzzle for Yajilin {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::YAJILIN
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    /// A number larger than the free cells its arrow points at could hold apart.
    fn contradiction(&self) -> Option<String> {
        self.clues.iter().enumerate().find_map(|(cell, clue)| {
            let n = (*clue)?.number?;
            let free: Vec<bool> = self
                .pointed(cell)
                .iter()
                .map(|&i| self.clues[i].is_none())
                .collect();
            // Shaded cells apart: a run of k free cells in a line holds at most ⌈k/2⌉.
            let most: usize = free.split(|&f| !f).map(|run| run.len().div_ceil(2)).sum();
            (self.clues[cell].is_some_and(|c| c.arrow != Arrow::None) && n as usize > most).then(
                || {
                    format!(
                        "the clue at r{}c{} asks for {n} shaded cells where at most {most} fit",
                        cell / self.width + 1,
                        cell % self.width + 1
                    )
                },
            )
        })
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

    /// Cells and links on one grid of `(2H−1)×(2W−1)` squares, as Pearl's: clue cells with
    /// their number and arrow, shaded cells black, the loop's cells grey and its links black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let (pw, ph) = (2 * w - 1, 2 * h - 1);
        let mut picture = Picture::new(pw, ph);
        picture.grid_lines = false;
        for y in 0..ph {
            for x in 0..pw {
                let i = y * pw + x;
                let (r, c) = (y / 2, x / 2);
                let v = solution.map_or(0, |s| s.at(r, c));
                let on = |bit: u32| v != SHADED && v & bit != 0;
                match (y % 2, x % 2) {
                    (0, 0) => match self.clues[r * w + c] {
                        Some(clue) => {
                            let number = clue.number.map_or("?".to_string(), |n| n.to_string());
                            picture.labels[i] = format!("{number}{}", clue.arrow.symbol());
                        }
                        None if v == SHADED => picture.fills[i] = Rgb::BLACK,
                        None if v != 0 => picture.fills[i] = Rgb::GREY,
                        None => picture.fills[i] = Rgb::WHITE,
                    },
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

impl NativeSolve<Grid> for Yajilin {
    /// Deduction, then the search from what it left open (module docs).
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let max = limits.max_or_all();
        let mut facts = None;
        if max > 0 {
            match deduce::deduce_until(self, &deduce::Rule::ALL, &limits.stop) {
                deduce::Deduction::Contradiction => {
                    return Ok(NativeAnswer::deduced(0, max));
                }
                deduce::Deduction::Facts(f) => match deduce::grid(&f) {
                    // Every cell and link forced: the only solution.
                    Some(grid) if check::verify(self, &grid).is_ok() => {
                        let _ = found(grid);
                        return Ok(NativeAnswer::deduced(1, max));
                    }
                    // A decided grid the checker refuses is no solution: the search from
                    // the facts says so.
                    _ => facts = Some(f),
                },
            }
        }
        let mut local = cnf::local(self);
        if let Some(f) = &facts {
            cnf::fix(&mut local, f);
        }
        let decode = |m: &crate::sat::Model| cnf::decode(self, &local.links, &local.shaded, m);
        loop_search::native_loop(
            &local.cnf,
            &local.connected,
            &local.projection(),
            limits,
            &decode,
            found,
        )
    }
}

impl CnfEncode<Grid> for Yajilin {
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
        let decode = |m: &crate::sat::Model| cnf::decode(self, &local.links, &local.shaded, m);
        Some(loop_search::session_loop(
            &local.cnf,
            &local.connected,
            &local.projection(),
            limits,
            &decode,
        ))
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const YAJILIN: Kind = Kind::named("yajilin");
}

/// puzz.link `yajilin` (or `yajirin`) URLs one a line, or `yajilin` and rows
/// (`encodings/yajilin.md`).
pub const READER: crate::puzzles::Reader<Yajilin> = crate::puzzles::Reader {
    kind: Kind::YAJILIN,
    about: "Yajilin: one loop through every cell not shaded nor a clue, shaded cells apart, arrows counting shaded cells (puzz.link `yajilin/` URLs, or `yajilin` and rows)",
    extensions: &["yajilin", "yajirin"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Yajilin (the pzprjs and cspuz test URLs)",
        "yajilin/puzzlink.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::pearl::{LEFT, UP};

    #[test]
    fn checker_and_drawing() {
        let clue = |arrow, number| {
            Some(Clue {
                arrow,
                number: Some(number),
            })
        };
        // A 3×3 ring of free cells around the clue r2c2 (pointing up, 0 shaded above).
        let p = Yajilin::new(
            3,
            3,
            vec![
                None,
                None,
                None,
                None,
                clue(Arrow::Up, 0),
                None,
                None,
                None,
                None,
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
        assert_eq!(p.solution_text(&ring), "+-+-+\n|   |\n+ ^ +\n|   |\n+-+-+");
        // The clue asks for one above it: r1c2 shaded breaks the ring.
        let q = Yajilin::new(
            3,
            3,
            vec![
                None,
                None,
                None,
                None,
                clue(Arrow::Up, 1),
                None,
                None,
                None,
                None,
            ],
        );
        assert!(q.check(&ring).unwrap_err().message.contains("counts 0"));
        assert!(q.contradiction().is_none());
        let r = Yajilin::new(2, 1, vec![clue(Arrow::Right, 2), None]);
        assert!(r.contradiction().is_some());
    }
}
