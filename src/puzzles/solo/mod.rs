//! Solo: Simon Tatham's sudoku family — rectangular boxes (6×6, 8×8, 12×12 …), jigsaw
//! (irregular blocks), X (both long diagonals) and killer (cages with sums, with or
//! without givens), in any combination Tatham's `CxR[j][x][k]` parameters allow.
//!
//! Glossary:
//! - **n**: the grid side; values 1..=n. **cell**: row-major `row * n + col`, 0-based.
//! - **block**: one of n regions of n cells, each holding 1..=n once: for `CxR`, blocks
//!   R wide and C tall (GENRES.md A.1); for jigsaw, the regions of the layout.
//! - **diagonal** (X): the two long diagonals, each holding 1..=n once.
//! - **cage** (killer): cells whose distinct values add up to the cage's sum.
//! - **given**: a value printed in the puzzle.
//!
//! One kind for the family, since one ID format carries every variant and the rules of
//! all of them are houses and cages of the constraint layer (`encodings/solo.md`). The
//! plain square sudoku stays the `sudoku` kind, with its tuned engines; this kind reads
//! only Tatham IDs, so it never takes a plain sudoku line.

mod check;
mod explained;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{self, Constraint, Grid, Model, cover};
use crate::puzzle::{CheckError, CnfEncode, CoverEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// A killer cage: its cells and their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// Row-major cells.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub sum: u32,
}

/// One Solo puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solo {
    n: usize,
    /// The ID's parameters, as read (`3x3k`).
    params: String,
    givens: Vec<Option<u32>>,
    /// Block number of each cell.
    blocks: Vec<usize>,
    jigsaw: bool,
    diagonals: bool,
    cages: Vec<Cage>,
    model: Model,
}

impl Solo {
    /// A puzzle of side `n` from its blocks (a number per cell, n blocks of n cells),
    /// givens, diagonals rule and cages.
    pub(crate) fn new(
        n: usize,
        params: String,
        givens: Vec<Option<u32>>,
        blocks: Vec<usize>,
        jigsaw: bool,
        diagonals: bool,
        cages: Vec<Cage>,
    ) -> Solo {
        let mut model = Model::new(n, n, constraints::range(1, n as u32));
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                model.give(cell, *v);
            }
        }
        model.add_latin_lines();
        for cells in constraints::tatham::region_cells(&blocks) {
            model.add(Constraint::AllDifferent(cells));
        }
        if diagonals {
            model.add(Constraint::AllDifferent(
                (0..n).map(|i| i * n + i).collect(),
            ));
            model.add(Constraint::AllDifferent(
                (0..n).map(|i| i * n + n - 1 - i).collect(),
            ));
        }
        for cage in &cages {
            model.add(Constraint::SumDistinct {
                cells: cage.cells.clone(),
                sum: cage.sum,
            });
        }
        Solo {
            n,
            params,
            givens,
            blocks,
            jigsaw,
            diagonals,
            cages,
            model,
        }
    }

    /// The grid side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The givens, row-major.
    pub fn givens(&self) -> &[Option<u32>] {
        &self.givens
    }

    /// The killer cages (none for other variants).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The variant in words (`killer 9×9 jigsaw`).
    pub fn variant(&self) -> String {
        let mut words = Vec::new();
        if self.jigsaw {
            words.push("jigsaw");
        }
        if self.diagonals {
            words.push("X");
        }
        if !self.cages.is_empty() {
            words.push("killer");
        }
        if words.is_empty() {
            words.push("sudoku");
        }
        format!("{} {}×{}", words.join(" "), self.n, self.n)
    }
}

impl Puzzle for Solo {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::SOLO
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        self.cages.iter().find_map(|cage| {
            let k = cage.cells.len() as u32;
            let n = self.n as u32;
            let (least, most) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
            (cage.sum < least || cage.sum > most || k > n).then(|| {
                format!(
                    "the cage at {} has {k} cells: no distinct digits 1..{n} add up to {}",
                    self.model.cell_name(cage.cells[0]),
                    cage.sum
                )
            })
        })
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![
            ("variant", serde_json::json!(self.variant())),
            ("params", serde_json::json!(self.params)),
        ]
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.text()
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let n = self.n;
        let mut picture =
            constraints::grid::picture(n, &self.givens, solution, |v| Some(v.to_string()));
        picture.regions = Some(self.blocks.clone());
        if !self.cages.is_empty() {
            // As killer sudoku is printed: thick lines around the blocks, a dashed outline
            // inside each cage, its sum in the cage's first cell.
            let mut cage_of = vec![0; n * n];
            for (i, cage) in self.cages.iter().enumerate() {
                for &c in &cage.cells {
                    cage_of[c] = i;
                }
                picture.marks[cage.cells[0]] = std::iter::once(cage.sum.to_string())
                    .chain(std::iter::repeat_n(String::new(), 8))
                    .collect();
            }
            picture.cages = Some(cage_of);
        }
        if self.diagonals {
            for i in 0..n {
                for cell in [i * n + i, i * n + n - 1 - i] {
                    if self.givens[cell].is_none() {
                        picture.fills[cell] = Rgb(220, 232, 250);
                    }
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

    fn as_cover(&self) -> Option<&dyn CoverEncode<Grid>> {
        cover::applies(&self.model).then_some(self as &dyn CoverEncode<Grid>)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }

    fn as_explain(&self) -> Option<&dyn crate::puzzle::Explain> {
        Some(self)
    }
}

impl constraints::OnModel for Solo {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.n, values)
    }
}

constraints::engines!(Solo);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SOLO: Kind = Kind::named("solo");
}

/// Tatham Solo game IDs, one a line (`2x3:…`, `3j:…`, `3x3x:…`, `3x3k:…`), or puzz.link
/// sudoku URLs (`sudoku/6/6/…`).
pub const READER: crate::puzzles::Reader<Solo> = crate::puzzles::Reader {
    kind: Kind::SOLO,
    about: "Sudoku variants as Tatham's Solo game IDs: rectangular boxes, jigsaw, X, killer (and puzz.link's 6×6 sudoku URLs)",
    extensions: &["solo"],
    looks_like: |lines| {
        lines
            .iter()
            .any(|l| reader::looks_like(l) || reader::is_rectangular_url(l))
    },
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: None,
    examples: &[
        crate::puzzles::example!(
            "Solo 6×6, boxes 3 wide 2 tall (Tatham)",
            "solo/example-2x3.solo"
        ),
        crate::puzzles::example!(
            "Killer sudoku 9×9 without givens (Tatham)",
            "solo/example-killer.solo"
        ),
        crate::puzzles::example!("Jigsaw sudoku 9×9 (Tatham)", "solo/example-jigsaw.solo"),
    ],
};
