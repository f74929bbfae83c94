//! Bridges (hashiwokakero; Tatham's Bridges, puzz.link `hashikake`): join the islands of a
//! grid by horizontal and vertical bridges, each between two islands that see each other
//! along a row or column, at most `max` bridges between two islands (2 in the standard
//! genre), no two bridges crossing, every island carrying as many bridges as its number,
//! and all islands connected; Tatham's `L` variant also forbids loops (the islands and their
//! bridged pairs form a tree).
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, water or an **island** (its number, or `?`
//!   for puzz.link's island of unknown number);
//! - **pair**: two islands that see each other (the nearest island to the right of or below
//!   an island, only water between them): the bridges that may be built, 0 to `max`;
//! - **link**: the side between a cell and its right or lower neighbour; a pair's bridges
//!   cross every link from its first island to its second;
//! - **value** (the solution's [`Grid`]): per cell, `10 × down + right`, the bridges on its
//!   link to the cell below and on its link to the cell on its right.
//!
//! Invariants: `max` is 1–4 (Tatham's range); island numbers fit 0–`4 × max` only when the
//! puzzle is solvable — a larger one is read and has no solution.
//!
//! The rules: the counts as clauses over the pairs' order-encoded bridge counts, the
//! crossings as binary clauses (`cnf.rs`, `encodings/bridges.md`), the connectivity of the
//! islands through pairs with a bridge from `constraints::connected` and, for `L`, no cycle
//! from `constraints::acyclic`. The engines:
//! - **native**: CDCL on batsat with the global rules as a theory (`constraints::lazy`)
//!   checked on total assignments: islands in several groups are a conflict, explained by
//!   a separator cut (a loop, for `L`, by its pairs);
//! - **sat**: varisat on the local clauses, cuts added as models break the rules (an
//!   incremental session); the **external** engine and `export` get the eager CNF.

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::puzzlink::Slot;
use crate::constraints::{Grid, lazy};
use crate::puzzle::{
    Backend, Cells, CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer,
    NativeSolve, Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// The most bridges Tatham's Bridges allows between two islands.
pub const MAX_BRIDGES: u32 = 4;

/// A Bridges (hashiwokakero) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bridges {
    width: usize,
    height: usize,
    /// Row-major: `None` water, `Some(None)` an island of unknown number, `Some(Some(n))`.
    cells: Vec<Slot>,
    /// The most bridges between two islands, 1–4.
    max: u32,
    /// Whether the bridged pairs may close a loop (Tatham's `L`: they may not).
    loops: bool,
}

impl Bridges {
    /// A `width × height` grid of row-major `cells`, at most `max` (1–4) bridges a pair,
    /// loops allowed or not.
    pub fn new(width: usize, height: usize, cells: Vec<Slot>, max: u32, loops: bool) -> Bridges {
        assert_eq!(cells.len(), width * height, "one slot per cell");
        assert!(
            (1..=MAX_BRIDGES).contains(&max),
            "1 to {MAX_BRIDGES} bridges a pair"
        );
        Bridges {
            width,
            height,
            cells,
            max,
            loops,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The cell at `(row, col)`: `None` water, `Some(None)` an island of unknown number.
    pub fn cell(&self, row: usize, col: usize) -> Slot {
        self.cells[row * self.width + col]
    }

    /// The most bridges between two islands.
    pub fn max_bridges(&self) -> u32 {
        self.max
    }

    /// Whether the bridges may close a loop.
    pub fn loops_allowed(&self) -> bool {
        self.loops
    }

    /// The islands as rows of the plain form (without its header): numbers, `?` and `.`
    /// water, split by blanks when a number has two digits.
    pub fn rows_text(&self) -> String {
        let token = |s: &Slot| match s {
            None => ".".to_string(),
            Some(None) => "?".to_string(),
            Some(Some(n)) => n.to_string(),
        };
        let spaced = self
            .cells
            .iter()
            .any(|s| matches!(s, Some(Some(n)) if *n > 9));
        self.cells
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(token)
                    .collect::<Vec<_>>()
                    .join(if spaced { " " } else { "" })
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The bridges drawn in text, `2H−1` lines of `2W−1` characters: a cell is its island's
    /// number (`A`–`G` for 10–16, `?`), `.` for water without a bridge, or its bridge; the
    /// characters between cells are the links, blank without a bridge. Horizontal bridges
    /// are `-` `=` `≡` `≣` (1–4), vertical ones `|` `"` `⦀` `⁞`.
    fn drawing(&self, s: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::with_capacity(2 * h);
        for r in 0..h {
            let mut line = String::with_capacity(2 * w);
            let mut below = String::with_capacity(2 * w);
            for c in 0..w {
                let (right, down) = links(s.at(r, c));
                let left = if c > 0 { links(s.at(r, c - 1)).0 } else { 0 };
                let up = if r > 0 { links(s.at(r - 1, c)).1 } else { 0 };
                line.push(match self.cell(r, c) {
                    Some(n) => island_char(n),
                    None if right > 0 || left > 0 => across(right.max(left)),
                    None if down > 0 || up > 0 => upright(down.max(up)),
                    None => '.',
                });
                if c + 1 < w {
                    line.push(if right > 0 { across(right) } else { ' ' });
                }
                below.push(if down > 0 { upright(down) } else { ' ' });
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

/// A cell's value split: (bridges on its right link, bridges on its lower link).
pub fn links(value: u32) -> (u32, u32) {
    (value % 10, value / 10)
}

/// An island as the drawing and Tatham's IDs show it: `1`–`9`, `A`–`G` for 10–16, `?`
/// unknown, `*` beyond.
fn island_char(n: Option<u32>) -> char {
    match n {
        None => '?',
        Some(n @ 0..=9) => char::from_digit(n, 10).unwrap_or('*'),
        Some(n @ 10..=16) => char::from(b'A' + (n - 10) as u8),
        Some(_) => '*',
    }
}

/// A horizontal bridge of `n` (1–4).
fn across(n: u32) -> char {
    ['-', '=', '≡', '≣'][(n.clamp(1, 4) - 1) as usize]
}

/// A vertical bridge of `n` (1–4).
fn upright(n: u32) -> char {
    ['|', '"', '⦀', '⁞'][(n.clamp(1, 4) - 1) as usize]
}

/// The labels of the picture's bridges, horizontal and vertical, by count 1–4.
const ACROSS: [&str; 4] = ["─", "═", "≡", "≣"];
const UPRIGHT: [&str; 4] = ["│", "║", "⦀", "⁞"];

impl Puzzle for Bridges {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::BRIDGES
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![
            ("max_bridges", self.max.into()),
            ("loops", self.loops.into()),
        ]
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    fn cells(&self) -> Cells {
        // A cell's value is a pair's count, two order literals: analyze enumerates.
        Cells {
            cells_follow_literals: false,
            ..Cells::default()
        }
    }

    /// The grid without lines: islands as numbers on grey, water cells crossed by a bridge
    /// as its line, single or double (`─ ═ │ ║`, and `≡ ≣ ⦀ ⁞` for 3 and 4).
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let mut picture = Picture::new(w, h);
        picture.grid_lines = false;
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if let Some(n) = self.cells[i] {
                    picture.fills[i] = Rgb::GREY;
                    picture.labels[i] = match n {
                        Some(n) => n.to_string(),
                        None => "?".to_string(),
                    };
                    continue;
                }
                let Some(s) = solution else { continue };
                let (right, down) = links(s.values[i]);
                let left = if c > 0 { links(s.values[i - 1]).0 } else { 0 };
                let up = if r > 0 { links(s.values[i - w]).1 } else { 0 };
                let (n, labels) = if right.max(left) > 0 {
                    (right.max(left), ACROSS)
                } else {
                    (down.max(up), UPRIGHT)
                };
                if n > 0 {
                    picture.labels[i] = labels[(n.min(4) - 1) as usize].to_string();
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

impl NativeSolve<Grid> for Bridges {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let local = cnf::local(self);
        let run = if local.pairs.is_empty() {
            // Nothing to build: the one candidate decided by varisat, since batsat's theory
            // cannot block a solution whose projection is fixed at the root.
            lazy::solve_incremental(
                &local.cnf,
                &local.globals,
                &local.projection,
                limits.max_or_all(),
                limits.keep,
                &limits.stop,
            )
            .map_err(SolveError::from)?
        } else {
            // Checked on total assignments: the counts and B5 propagate most of the bridges,
            // and a check at every fixpoint (a search of the island graph each time) costs
            // more than the conflicts it saves (`encodings/bridges.md`).
            lazy::solve_theory(
                false,
                &local.cnf,
                &local.globals,
                &local.projection,
                limits.max_or_all(),
                limits.keep,
                &limits.stop,
            )
        };
        let grids = run.decoded(&|m| cnf::decode(self, &local.pairs, m), Backend::Native)?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Bridges {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form: varisat on the local clauses, cuts added as models break the rules.
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self);
        let run = match lazy::solve_incremental(
            &local.cnf,
            &local.globals,
            &local.projection,
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        ) {
            Ok(run) => run,
            Err(e) => return Some(Err(e.into())),
        };
        Some(
            run.decoded(&|m| cnf::decode(self, &local.pairs, m), Backend::Sat)
                .map(|solutions| run.session(solutions, &local.cnf)),
        )
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const BRIDGES: Kind = Kind::named("bridges");
}

/// Tatham IDs (`7x7m2:2c1c…`) and puzz.link `hashi`/`hashikake` URLs one a line, or
/// `bridges` (or `hashi`) and rows (`encodings/bridges.md`).
pub const READER: crate::puzzles::Reader<Bridges> = crate::puzzles::Reader {
    kind: Kind::BRIDGES,
    about: "Bridges (hashiwokakero): join the numbered islands by bridges, connected, none crossing (Tatham `WxHmK:` IDs, puzz.link `hashi/` URLs, or `bridges` and rows)",
    extensions: &["bridges", "hashi", "hashikake"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Bridges 10×10, hard (Tatham's Bridges)",
        "bridges/bridges-10x10-hard.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 2 . 3
        // . . 1     a double bridge across the top, a single one down the right.
        let p = Bridges::new(
            3,
            2,
            vec![
                Some(Some(2)),
                None,
                Some(Some(3)),
                None,
                None,
                Some(Some(1)),
            ],
            2,
            true,
        );
        let s = Grid::new(3, vec![2, 2, 10, 0, 0, 0]);
        assert_eq!(p.check(&s), Ok(()));
        assert_eq!(p.solution_text(&s), "2===3\n    |\n. . 1");
        let single = Grid::new(3, vec![1, 1, 10, 0, 0, 0]);
        assert!(p.check(&single).is_err());
        let tree = Bridges::new(3, 2, p.cells.clone(), 2, false);
        assert_eq!(tree.check(&s), Ok(()));
    }
}
