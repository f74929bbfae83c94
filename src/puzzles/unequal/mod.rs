//! Unequal (futoshiki): a Latin square of 1..=n with signs between neighbours — in the
//! plain mode a sign says which of two neighbours is greater; in the *adjacent* mode a bar
//! joins every pair of neighbours that differ by exactly one, and unjoined neighbours do not.
//!
//! Glossary:
//! - **n**: the side; **cell**: row-major `row * n + col`; **value**: 1..=n.
//! - **sign**: `(greater, smaller)`, two orthogonal neighbours (plain mode).
//! - **bar**: `(a, b)`, two orthogonal neighbours that differ by one (adjacent mode).
//! - **given**: a value printed in the grid.

mod check;
mod reader;

pub use reader::parse;

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// One Unequal puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unequal {
    n: usize,
    adjacent: bool,
    givens: Vec<Option<u32>>,
    /// Plain mode: `(greater, smaller)`; adjacent mode: `(a, b)` with `a < b`, sorted.
    marks: Vec<(usize, usize)>,
    model: Model,
}

impl Unequal {
    pub(crate) fn new(
        n: usize,
        adjacent: bool,
        givens: Vec<Option<u32>>,
        mut marks: Vec<(usize, usize)>,
    ) -> Unequal {
        let mut model = Model::new(n, n, constraints::range(1, n as u32));
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                model.give(cell, *v);
            }
        }
        model.add_latin_lines();
        if adjacent {
            for m in &mut marks {
                *m = (m.0.min(m.1), m.0.max(m.1));
            }
            marks.sort_unstable();
            marks.dedup();
            for cell in 0..n * n {
                let right = (cell % n + 1 < n).then_some(cell + 1);
                let below = (cell + n < n * n).then_some(cell + n);
                for other in [right, below].into_iter().flatten() {
                    let yes = marks.binary_search(&(cell, other)).is_ok();
                    model.add(Constraint::Consecutive {
                        a: cell,
                        b: other,
                        yes,
                    });
                }
            }
        } else {
            marks.sort_unstable();
            marks.dedup();
            for &(large, small) in &marks {
                model.add(Constraint::Less { small, large });
            }
        }
        Unequal {
            n,
            adjacent,
            givens,
            marks,
            model,
        }
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }
}

impl Puzzle for Unequal {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::UNEQUAL
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("adjacent", serde_json::json!(self.adjacent))]
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

    /// Cells at even rows and columns of a (2n − 1)-square picture; the signs (`<`, `>`,
    /// `^`, `v`) or bars (`|`, `-`) in the grey cells between them.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let n = self.n;
        let w = 2 * n - 1;
        let cells = constraints::grid::picture(n, &self.givens, solution, |v| Some(v.to_string()));
        let mut picture = Picture::new(w, w);
        for r in 0..w {
            for c in 0..w {
                if r % 2 == 1 || c % 2 == 1 {
                    picture.fills[r * w + c] = Rgb(245, 245, 245);
                }
            }
        }
        for cell in 0..n * n {
            let at = (cell / n) * 2 * w + (cell % n) * 2;
            picture.fills[at] = cells.fills[cell];
            picture.labels[at] = cells.labels[cell].clone();
            picture.inks[at] = cells.inks[cell];
        }
        for &(a, b) in &self.marks {
            let (lo, hi) = (a.min(b), a.max(b));
            let horizontal = hi == lo + 1;
            let at = (lo / n) * 2 * w + (lo % n) * 2 + if horizontal { 1 } else { w };
            let label = match (self.adjacent, horizontal, a < b) {
                (true, true, _) => "|",
                (true, false, _) => "-",
                (false, true, true) => ">",
                (false, true, false) => "<",
                (false, false, true) => "v",
                (false, false, false) => "^",
            };
            picture.labels[at] = label.to_string();
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

impl constraints::OnModel for Unequal {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.n, values)
    }
}

constraints::engines!(Unequal);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const UNEQUAL: Kind = Kind::named("unequal");
}

/// Unequal (futoshiki, and its adjacent mode) as Tatham game IDs (`5:0D,0L,…`, `5a:…`).
pub const READER: crate::puzzles::Reader<Unequal> = crate::puzzles::Reader {
    kind: Kind::UNEQUAL,
    about: "Futoshiki (Tatham's Unequal), with its adjacent mode: Latin square with signs",
    extensions: &["unequal", "futoshiki"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "Futoshiki 5×5 (Tatham's Unequal)",
        "unequal/example-5.unequal"
    )],
};
