//! Signpost (Tatham's Signpost; Erich Friedman's "Arrows"): number the W×H cells 1 to N =
//! W·H so that each cell's arrow points (at any distance) at the cell numbered one more;
//! some numbers are given. The last cell's arrow means nothing (Tatham writes one anyway).
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; its **arrow** one of eight directions (N, NE,
//!   E, SE, S, SW, W, NW), or none (the plain form's `*`: the cell must be the last);
//! - **ray** of a cell: the cells its arrow points at, nearest first; its **successors**;
//!   the cells whose rays hold it, its **predecessors**;
//! - **position**: the number a cell holds, `1..=N` (the solution's [`Grid`]).
//!
//! The rules: the positions are a permutation of `1..=N`, and a cell at position k < N
//! has a successor at k + 1 (so the chain 1, 2, …, N follows the arrows and, numbered,
//! cannot close a cycle). The engines:
//! - **native** (`native.rs`): position domains as bit sets, pruned to a fixpoint by the
//!   permutation (a position held by one cell, a cell with one position) and by support
//!   (k stays in a cell's domain only if a successor may hold k + 1 and a predecessor
//!   k − 1); then the smallest domain is split;
//! - **sat**, **external** and `export`: one-hot positions (`cnf.rs`,
//!   `encodings/signpost.md`).

mod check;
mod cnf;
mod native;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::Grid;
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer, NativeSolve,
    Purpose, Puzzle, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// Column and row steps of the eight arrows, in Tatham's order (`a`–`h`).
const STEPS: [(i64, i64); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// The arrows as drawn, in Tatham's order.
const ARROWS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/// The plain form's names of the arrows, in Tatham's order.
const NAMES: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

/// A signpost puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signpost {
    width: usize,
    height: usize,
    /// Row-major arrows (an index into `STEPS`), `None` for none.
    arrows: Vec<Option<u8>>,
    /// Row-major given positions.
    numbers: Vec<Option<u32>>,
}

impl Signpost {
    /// A `width × height` grid of row-major arrows and given numbers.
    pub fn new(
        width: usize,
        height: usize,
        arrows: Vec<Option<u8>>,
        numbers: Vec<Option<u32>>,
    ) -> Signpost {
        assert_eq!(arrows.len(), width * height, "one arrow per cell");
        assert_eq!(numbers.len(), width * height, "one number per cell");
        assert!(arrows.iter().flatten().all(|&a| a < 8), "eight arrows");
        Signpost {
            width,
            height,
            arrows,
            numbers,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// N, the number of cells (and of positions).
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The cells `cell`'s arrow points at, nearest first.
    pub fn ray(&self, cell: usize) -> Vec<usize> {
        let Some(a) = self.arrows[cell] else {
            return Vec::new();
        };
        let (dx, dy) = STEPS[usize::from(a)];
        let (mut x, mut y) = ((cell % self.width) as i64, (cell / self.width) as i64);
        let mut out = Vec::new();
        loop {
            x += dx;
            y += dy;
            if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
                return out;
            }
            out.push(y as usize * self.width + x as usize);
        }
    }

    /// Per cell, its successors (its ray) and its predecessors.
    fn links(&self) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        let succ: Vec<Vec<usize>> = (0..self.cells()).map(|c| self.ray(c)).collect();
        let mut pred = vec![Vec::new(); self.cells()];
        for (c, ray) in succ.iter().enumerate() {
            for &d in ray {
                pred[d].push(c);
            }
        }
        (succ, pred)
    }

    /// The given number of `cell`.
    pub fn number(&self, cell: usize) -> Option<u32> {
        self.numbers[cell]
    }

    /// The arrow of `cell` (an index into N, NE, …, NW), if it has one.
    pub fn arrow(&self, cell: usize) -> Option<u8> {
        self.arrows[cell]
    }

    /// Rows of `[number]arrow` tokens, the arrow as drawn (`*` none), padded to align.
    fn tokens(&self, number: impl Fn(usize) -> Option<u32>) -> String {
        let token = |c: usize| {
            let arrow = self.arrows[c].map_or('*', |a| ARROWS[usize::from(a)]);
            match number(c) {
                Some(n) => format!("{n}{arrow}"),
                None => format!("·{arrow}"),
            }
        };
        let wide = (0..self.cells())
            .map(|c| token(c).chars().count())
            .max()
            .unwrap_or(1);
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| format!("{:>wide$}", token(r * self.width + c)))
                    .collect::<Vec<_>>()
                    .join(" ")
                    .trim_end()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for Signpost {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::SIGNPOST
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let n = self.cells() as u32;
        let mut seen = vec![None; self.cells() + 1];
        for (c, number) in self.numbers.iter().enumerate() {
            let Some(k) = *number else { continue };
            let name = |c: usize| format!("r{}c{}", c / self.width + 1, c % self.width + 1);
            if k == 0 || k > n {
                return Some(format!("{} holds {k}, not one of 1..={n}", name(c)));
            }
            if let Some(other) = seen[k as usize] {
                return Some(format!("{} and {} both hold {k}", name(other), name(c)));
            }
            seen[k as usize] = Some(c);
        }
        None
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    /// Each cell's number and arrow.
    fn solution_text(&self, solution: &Grid) -> String {
        self.tokens(|c| Some(solution.values[c]))
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The grid, each cell its number (given ones black on grey) and its arrow.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for c in 0..self.cells() {
            let arrow =
                self.arrows[c].map_or(String::new(), |a| NAMES[usize::from(a)].to_uppercase());
            let number = self.numbers[c].or_else(|| solution.map(|s| s.values[c]));
            picture.labels[c] = match number {
                Some(n) => format!("{n} {arrow}"),
                None => arrow,
            };
            if self.numbers[c].is_some() {
                picture.fills[c] = Rgb::GREY;
            } else if solution.is_some() {
                picture.inks[c] = Some(Rgb::BLUE);
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

impl NativeSolve<Grid> for Signpost {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        Ok(native::solve(self, limits, found))
    }
}

impl CnfEncode<Grid> for Signpost {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SIGNPOST: Kind = Kind::named("signpost");
}

/// Tatham Signpost IDs (`4x4:1ceee…16a`) one a line, or `signpost` and rows of
/// `[number]arrow` tokens (`encodings/signpost.md`).
pub const READER: crate::puzzles::Reader<Signpost> = crate::puzzles::Reader {
    kind: Kind::SIGNPOST,
    about: "Signpost: number the cells 1 to N, each arrow pointing at the next (Tatham `WxH:` IDs, or `signpost` and rows of `[number]arrow` tokens)",
    extensions: &["signpost"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Signpost 7×7 (Tatham's)",
        "signpost/signpost-7x7.txt"
    )],
    generator: None,
};
