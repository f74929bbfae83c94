//! Unruly (binairo, takuzu): fill a grid with 0s and 1s so that every row and column holds
//! as many of each, no three equal cells stand in a row or column, and — with the unique
//! rule (Tatham's `u`, binairo's usual rule) — no two rows and no two columns are equal.
//!
//! Glossary:
//! - **width**, **height**: even sides; **cell**: row-major `row * width + col`.
//! - **value**: 0 or 1 (Tatham's two colours; 1 is drawn dark).
//! - **given**: a value printed in the grid.

mod check;
mod reader;

pub use reader::parse;

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// One Unruly puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unruly {
    width: usize,
    height: usize,
    unique: bool,
    givens: Vec<Option<u32>>,
    model: Model,
}

impl Unruly {
    pub(crate) fn new(
        width: usize,
        height: usize,
        unique: bool,
        givens: Vec<Option<u32>>,
    ) -> Unruly {
        let (w, h) = (width, height);
        let mut model = Model::new(w, h, constraints::range(0, 1));
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                model.give(cell, *v);
            }
        }
        let rows: Vec<Vec<usize>> = (0..h)
            .map(|r| (0..w).map(|c| r * w + c).collect())
            .collect();
        let cols: Vec<Vec<usize>> = (0..w)
            .map(|c| (0..h).map(|r| r * w + c).collect())
            .collect();
        for line in rows.iter().chain(&cols) {
            model.add(Constraint::Count {
                cells: line.clone(),
                value: 1,
                count: line.len() / 2,
            });
            for three in line.windows(3) {
                model.add(Constraint::NotAllEqual(three.to_vec()));
            }
        }
        if unique {
            model.add(Constraint::LinesDiffer(rows));
            model.add(Constraint::LinesDiffer(cols));
        }
        Unruly {
            width,
            height,
            unique,
            givens,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }
}

impl Puzzle for Unruly {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::UNRULY
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        (self.width % 2 == 1 || self.height % 2 == 1).then(|| {
            format!(
                "a {}×{} grid cannot hold as many 0s as 1s in every line",
                self.width, self.height
            )
        })
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("unique_lines", serde_json::json!(self.unique))]
    }

    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Shades { background: "0" },
            one_hot_cells: true,
            ..Cells::default()
        }
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
        let mut picture = Picture::new(self.width, self.height);
        for (cell, given) in self.givens.iter().enumerate() {
            let value = solution.map(|s| s.values[cell]).or(*given);
            picture.fills[cell] = match value {
                Some(1) => Rgb(40, 40, 40),
                Some(_) => Rgb::WHITE,
                None => Rgb::GREY,
            };
            if given.is_some() {
                picture.labels[cell] = "*".to_string();
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

impl constraints::OnModel for Unruly {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Unruly);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const UNRULY: Kind = Kind::named("unruly");
}

/// Unruly (binairo) as Tatham game IDs (`8x8:AbCb…`, `8x8u:…`) or the drawn grid of
/// `encodings/unruly.md`.
pub const READER: crate::puzzles::Reader<Unruly> = crate::puzzles::Reader {
    kind: Kind::UNRULY,
    about: "Binairo / takuzu (Tatham's Unruly): 0s and 1s, balanced lines, no three in a row",
    extensions: &["unruly", "binairo", "takuzu"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "Binairo 8×8, unique lines (Tatham's Unruly)",
        "unruly/example-8x8u.unruly"
    )],
};
