//! Keen (KenKen): a Latin square of 1..=n cut into cages; each cage's values give its
//! target by its operation (sum, difference, product or quotient).
//!
//! Glossary:
//! - **n**: the side; **cell**: row-major `row * n + col`; **value**: 1..=n.
//! - **cage**: connected cells with an operation and a target; values may repeat in a cage
//!   when not in one row or column. Difference and quotient cages have two cells: the
//!   larger value minus (divided by) the smaller gives the target.

mod check;
mod reader;

pub use reader::parse;

use crate::constraints::{self, Constraint, Grid, Model, Operation, tuples};
use crate::puzzle::{CheckError, CnfEncode, Kind, NativeSolve, Puzzle, SolveError};
use crate::render::Picture;

/// A cage: its cells, operation and target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// Row-major cells.
    pub cells: Vec<usize>,
    /// How its values combine.
    pub operation: Operation,
    /// What they combine to.
    pub target: u64,
}

/// One Keen puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keen {
    n: usize,
    cages: Vec<Cage>,
    model: Model,
    /// A cage whose tuples were too many to list (the engines refuse the puzzle).
    too_large: Option<usize>,
}

fn symbol(op: Operation) -> &'static str {
    match op {
        Operation::Add => "+",
        Operation::Subtract => "-",
        Operation::Multiply => "*",
        Operation::Divide => "/",
    }
}

impl Keen {
    pub(crate) fn new(n: usize, cages: Vec<Cage>) -> Keen {
        let mut model = Model::new(n, n, constraints::range(1, n as u32));
        model.add_latin_lines();
        let mut too_large = None;
        for (i, cage) in cages.iter().enumerate() {
            let mut differ = Vec::new();
            for (a, &x) in cage.cells.iter().enumerate() {
                for (b, &y) in cage.cells.iter().enumerate().skip(a + 1) {
                    if x / n == y / n || x % n == y % n {
                        differ.push((a, b));
                    }
                }
            }
            let domains: Vec<_> = cage.cells.iter().map(|&c| model.domains[c]).collect();
            match tuples::cage_tuples(&domains, cage.operation, cage.target, &differ) {
                Some(tuples) => model.add(Constraint::Table {
                    cells: cage.cells.clone(),
                    tuples,
                }),
                None => too_large = Some(i),
            }
        }
        Keen {
            n,
            cages,
            model,
            too_large,
        }
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }

    fn refuse(&self) -> Result<(), SolveError> {
        match self.too_large {
            Some(i) => Err(SolveError::TooLarge(format!(
                "cage {} has more than {} value tuples",
                i + 1,
                tuples::MAX_TUPLES
            ))),
            None => Ok(()),
        }
    }
}

impl Puzzle for Keen {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::KEEN
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        self.model.constraints.iter().find_map(|rule| match rule {
            Constraint::Table { cells, tuples } if tuples.is_empty() => Some(format!(
                "no values 1..{} make the cage at {}",
                self.n,
                self.model.cell_name(cells[0])
            )),
            _ => None,
        })
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
            constraints::grid::picture(n, &vec![None; n * n], solution, |v| Some(v.to_string()));
        let mut cage_of = vec![0; n * n];
        for (i, cage) in self.cages.iter().enumerate() {
            for &c in &cage.cells {
                cage_of[c] = i;
            }
            let clue = format!("{}{}", cage.target, symbol(cage.operation));
            picture.marks[cage.cells[0]] = std::iter::once(clue)
                .chain(std::iter::repeat_n(String::new(), 8))
                .collect();
        }
        picture.regions = Some(cage_of);
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

impl constraints::OnModel for Keen {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.n, values)
    }
}

impl NativeSolve<Grid> for Keen {
    fn solve_native(
        &self,
        limits: &crate::puzzle::Limits,
        found: crate::puzzle::Sink<'_, Grid>,
    ) -> Result<crate::puzzle::NativeAnswer, SolveError> {
        self.refuse()?;
        constraints::native::solve(&self.model, limits, &mut |values| {
            found(Grid::new(self.n, values.to_vec()))
        })
    }
}

impl CnfEncode<Grid> for Keen {
    fn encode_cnf(
        &self,
        _options: &crate::puzzle::EncodeOptions,
        purpose: crate::puzzle::Purpose,
    ) -> Result<crate::puzzle::CnfEncoding<'_, Grid>, SolveError> {
        self.refuse()?;
        Ok(constraints::cnf::encoding(&self.model, purpose, |v| {
            Grid::new(self.n, v)
        }))
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const KEEN: Kind = Kind::named("keen");
}

/// Keen (KenKen) as Tatham game IDs (`6:_aa_3…,m6s2a7…`).
pub const READER: crate::puzzles::Reader<Keen> = crate::puzzles::Reader {
    kind: Kind::KEEN,
    about: "KenKen (Tatham's Keen): Latin square cut into cages with + - × ÷ targets",
    extensions: &["keen", "kenken"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "KenKen 6×6 (Tatham's Keen)",
        "keen/example-6.keen"
    )],
};
