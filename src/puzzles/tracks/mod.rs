//! Tracks (Tatham's Train Tracks): lay one track through the centres of cells, moving
//! orthogonally, from the entrance (the left edge of the row marked `S`) to the exit (the
//! bottom edge of the column marked `S`), without crossing or branching; every track cell
//! lies on that one path (no loop beside it); each row and column holds its count of track
//! cells; the pieces given are part of it as given.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; a **piece** given on it (its two directions)
//!   or none;
//! - **link**: the segment between two orthogonally neighbouring cells' centres; the cell
//!   graph's edge order (`Graph::grid`), then the entrance and the exit, the two links to
//!   the outside;
//! - **value** (the solution's [`Grid`]): per cell, the directions the track leaves it by,
//!   as bits: 1 right, 2 up, 4 left, 8 down (Tatham's bits; the entrance cell has 4, the
//!   exit cell 8, towards the outside); 0 for a cell off the track.
//!
//! The path is a loop through one more node, the outside, joined to the entrance and the
//! exit cells: `constraints::loop_` on that graph (degree 0 or 2, one component through
//! `constraints::connected`) with both outside links forced, the pieces as units, the
//! counts as the layer's exactly-k counters over the cells' `used` literals (`cnf.rs`,
//! `encodings/tracks.md`). Engines:
//! - **native**: deduction first (`deduce.rs`: cell, count, no premature loop, reach,
//!   cut parity, probing — the rules of `encodings/tracks.md`, "Deduction"). When it
//!   decides every link, that track (confirmed by the checker) is the only solution, every
//!   step having been forced; when it finds a contradiction, there is none. Otherwise CDCL
//!   on batsat with the loop's subtour theory (`constraints::loop_search`), as Pearl's,
//!   from what it deduced (the decided links and cells as unit clauses, T5). Every
//!   deduction holds in every solution, so the search counts (`--count`, `--all`) the same
//!   solutions as from scratch;
//! - **sat**: varisat on the local clauses, cuts added as models break the path (an
//!   incremental session); **external** and `export` get the eager CNF.

mod check;
mod cnf;
pub mod deduce;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{Grid, loop_search};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer, NativeSolve,
    Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb, Text};

/// Direction bits of a cell's value.
pub const RIGHT: u32 = 1;
/// Up.
pub const UP: u32 = 2;
/// Left.
pub const LEFT: u32 = 4;
/// Down.
pub const DOWN: u32 = 8;

/// A Tracks puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracks {
    width: usize,
    height: usize,
    /// Per cell, the given piece's direction bits (two of them), 0 for none.
    pieces: Vec<u32>,
    columns: Vec<usize>,
    rows: Vec<usize>,
    /// The row whose left edge is the entrance.
    entrance: usize,
    /// The column whose bottom edge is the exit.
    exit: usize,
}

impl Tracks {
    /// A `width × height` board: the row-major `pieces` (direction bits, 0 none), the track
    /// counts of the `columns` and `rows`, the `entrance` row and the `exit` column.
    pub fn new(
        width: usize,
        height: usize,
        pieces: Vec<u32>,
        columns: Vec<usize>,
        rows: Vec<usize>,
        entrance: usize,
        exit: usize,
    ) -> Tracks {
        assert_eq!(pieces.len(), width * height, "one piece slot per cell");
        assert_eq!(
            (columns.len(), rows.len()),
            (width, height),
            "a count per line"
        );
        assert!(entrance < height && exit < width, "the ends on the board");
        Tracks {
            width,
            height,
            pieces,
            columns,
            rows,
            entrance,
            exit,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The piece given at `cell` (direction bits), 0 for none.
    pub fn piece(&self, cell: usize) -> u32 {
        self.pieces[cell]
    }

    /// The track counts of the columns (left to right) and of the rows (top to bottom).
    pub fn counts(&self) -> (&[usize], &[usize]) {
        (&self.columns, &self.rows)
    }

    /// The entrance's row and the exit's column.
    pub fn ends(&self) -> (usize, usize) {
        (self.entrance, self.exit)
    }

    /// The cell of the entrance (left edge) and the cell of the exit (bottom edge).
    pub fn end_cells(&self) -> (usize, usize) {
        (
            self.entrance * self.width,
            (self.height - 1) * self.width + self.exit,
        )
    }

    /// The board in the plain text form, without its header: a row a line (`.` no piece, a
    /// piece as its hex digit of direction bits, or, in `track`, every track cell's piece),
    /// then the row's count (`S` before the entrance row's); a last line of the column
    /// counts (`S` before the exit column's).
    pub fn drawing(&self, track: Option<&Grid>) -> String {
        let mut out: Vec<String> = (0..self.height)
            .map(|r| {
                let cells: String = (0..self.width)
                    .map(|c| {
                        let bits = track.map_or(self.piece(r * self.width + c), |t| t.at(r, c));
                        piece_char(bits)
                    })
                    .collect();
                let s = if r == self.entrance { "S" } else { "" };
                format!("{cells} {s}{}", self.rows[r])
            })
            .collect();
        let columns: Vec<String> = self
            .columns
            .iter()
            .enumerate()
            .map(|(c, k)| format!("{}{k}", if c == self.exit { "S" } else { "" }))
            .collect();
        out.push(columns.join(" "));
        out.join("\n")
    }
}

/// A piece as one character: `.` none, else the hex digit of its direction bits (the ID's).
fn piece_char(bits: u32) -> char {
    match bits {
        0 => '.',
        _ => char::from_digit(bits, 16).map_or('?', |d| d.to_ascii_uppercase()),
    }
}

/// A piece drawn as a box-drawing character (`·` none).
fn piece_box(bits: u32) -> char {
    match bits {
        b if b == RIGHT | LEFT => '─',
        b if b == UP | DOWN => '│',
        b if b == RIGHT | UP => '└',
        b if b == UP | LEFT => '┘',
        b if b == LEFT | DOWN => '┐',
        b if b == RIGHT | DOWN => '┌',
        0 => '·',
        _ => '?',
    }
}

impl Puzzle for Tracks {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::TRACKS
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    /// A piece that leaves the board other than by the entrance or the exit, or a count
    /// above its line.
    fn contradiction(&self) -> Option<String> {
        let (w, h) = (self.width, self.height);
        let (entrance, exit) = self.end_cells();
        for (cell, &bits) in self.pieces.iter().enumerate() {
            let (r, c) = (cell / w, cell % w);
            let off = (bits & UP != 0 && r == 0)
                || (bits & RIGHT != 0 && c + 1 == w)
                || (bits & LEFT != 0 && c == 0 && cell != entrance)
                || (bits & DOWN != 0 && r + 1 == h && cell != exit);
            if off {
                return Some(format!(
                    "the piece at r{}c{} leaves the board away from the entrance and the exit",
                    r + 1,
                    c + 1
                ));
            }
        }
        let over = |counts: &[usize], n: usize| counts.iter().position(|&k| k > n);
        if let Some(c) = over(&self.columns, h) {
            return Some(format!("column {} counts more than {h} cells", c + 1));
        }
        over(&self.rows, w).map(|r| format!("row {} counts more than {w} cells", r + 1))
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        let mut lines: Vec<String> = solution
            .rows()
            .zip(&self.rows)
            .enumerate()
            .map(|(r, (row, k))| {
                let start = if r == self.entrance { '>' } else { ' ' };
                let cells: String = row.iter().map(|&b| piece_box(b)).collect();
                format!("{start}{cells} {k}")
            })
            .collect();
        let mut below = String::from(" ");
        for c in 0..self.width {
            below.push(if c == self.exit { 'v' } else { ' ' });
        }
        lines.push(below.trim_end().to_string());
        let columns: Vec<String> = self.columns.iter().map(|k| k.to_string()).collect();
        lines.push(format!("columns {}", columns.join(" ")));
        lines.join("\n")
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// Cells and links on one grid of `(2H−1)×(2W−1)` squares: track cells grey, given
    /// pieces dark, links black; the row counts right, the column counts below, `A` left of
    /// the entrance and `B` below the exit.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let (pw, ph) = (2 * w - 1, 2 * h - 1);
        let mut picture = Picture::new(pw, ph);
        picture.grid_lines = false;
        for y in 0..ph {
            for x in 0..pw {
                let i = y * pw + x;
                let (r, c) = (y / 2, x / 2);
                let given = self.piece(r * w + c);
                let bits = solution.map_or(given, |s| s.at(r, c));
                match (y % 2, x % 2) {
                    (0, 0) if given != 0 => picture.fills[i] = Rgb(120, 120, 120),
                    (0, 0) if bits != 0 => picture.fills[i] = Rgb::GREY,
                    (0, 1) if bits & RIGHT != 0 => picture.fills[i] = Rgb::BLACK,
                    (1, 0) if bits & DOWN != 0 => picture.fills[i] = Rgb::BLACK,
                    _ => {}
                }
            }
        }
        for (r, k) in self.rows.iter().enumerate() {
            picture
                .texts
                .push(Text::new(2 * r as i32, pw as i32, k.to_string()));
        }
        for (c, k) in self.columns.iter().enumerate() {
            picture
                .texts
                .push(Text::new(ph as i32, 2 * c as i32, k.to_string()));
        }
        picture
            .texts
            .push(Text::new(2 * self.entrance as i32, -1, "A"));
        picture
            .texts
            .push(Text::new(ph as i32 + 1, 2 * self.exit as i32, "B"));
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

impl NativeSolve<Grid> for Tracks {
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
                    // Every link forced: the only solution.
                    Some(grid) if check::verify(self, &grid).is_ok() => {
                        let _ = found(grid);
                        return Ok(NativeAnswer::deduced(1, max));
                    }
                    // A decided track the checker refuses is no solution: the search
                    // from the facts says so.
                    _ => facts = Some(f),
                },
            }
        }
        let mut local = cnf::local(self);
        if let Some(f) = &facts {
            cnf::fix(&mut local, f);
        }
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

impl CnfEncode<Grid> for Tracks {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form: varisat on the local clauses, cuts added as models break the path.
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
    pub const TRACKS: Kind = Kind::named("tracks");
}

/// Tatham IDs (`8x8:p6q9w9e,3,2,S6,…`) one a line, or `tracks` and rows
/// (`encodings/tracks.md`).
pub const READER: crate::puzzles::Reader<Tracks> = crate::puzzles::Reader {
    kind: Kind::TRACKS,
    about: "Tracks (train tracks): one path from the entrance to the exit, track counts per row and column, given pieces kept (Tatham `WxH:` IDs, or `tracks` and rows)",
    extensions: &["tracks"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Tracks 8×8, tricky (Tatham's Tracks)",
        "tracks/tracks-8x8dt.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // In at the left of row 1, along it, down column 2, out at the bottom:
        // ─┐ 2
        // ·│ 1
        let p = Tracks::new(2, 2, vec![0, 0, 0, 0], vec![1, 2], vec![2, 1], 0, 1);
        let good = Grid::new(2, vec![LEFT | RIGHT, LEFT | DOWN, 0, UP | DOWN]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), ">─┐ 2\n ·│ 1\n  v\ncolumns 1 2");
        assert_eq!(p.drawing(None), ".. S2\n.. 1\n1 S2");
        assert_eq!(p.drawing(Some(&good)), "5C S2\n.A 1\n1 S2");
        // A track that breaks off before the exit is refused.
        let cut = Grid::new(2, vec![LEFT | RIGHT, LEFT | DOWN, 0, 0]);
        assert!(p.check(&cut).is_err());
    }
}
