//! Towers (skyscrapers): a Latin square of building heights 1..=n; a clue outside the grid
//! counts the buildings seen from there, a taller one hiding every shorter one behind it.
//!
//! Glossary:
//! - **n**: the side; **cell**: row-major `row * n + col`; **height**: the value 1..=n.
//! - **clue**: how many buildings are seen from one side of one row or column; **side**:
//!   top (looking down), bottom (looking up), left, right, in Tatham's order (GENRES.md A.3).
//! - **line**: the cells of a row or column from the clue outwards.
//! - **given**: a height printed in the grid.

mod check;
pub mod generate;
mod reader;

pub use reader::parse;

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Text};

/// The four sides, in the order of a Towers ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Above the grid, looking down a column.
    Top,
    /// Below, looking up.
    Bottom,
    /// Left of a row, looking right.
    Left,
    /// Right of a row, looking left.
    Right,
}

impl Side {
    /// In the order of the ID's clue list.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The cells of line `i` (a column for top and bottom, a row otherwise) seen from here.
    pub fn line(self, n: usize, i: usize) -> Vec<usize> {
        (0..n)
            .map(|k| match self {
                Side::Top => k * n + i,
                Side::Bottom => (n - 1 - k) * n + i,
                Side::Left => i * n + k,
                Side::Right => i * n + n - 1 - k,
            })
            .collect()
    }
}

/// One Towers puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Towers {
    n: usize,
    /// `clues[side][i]`, sides in [`Side::ALL`] order.
    clues: [Vec<Option<u32>>; 4],
    givens: Vec<Option<u32>>,
    model: Model,
}

impl Towers {
    pub(crate) fn new(n: usize, clues: [Vec<Option<u32>>; 4], givens: Vec<Option<u32>>) -> Towers {
        let mut model = Model::new(n, n, constraints::range(1, n as u32));
        for (cell, g) in givens.iter().enumerate() {
            if let Some(v) = g {
                model.give(cell, *v);
            }
        }
        model.add_latin_lines();
        for (side, list) in Side::ALL.iter().zip(&clues) {
            for (i, clue) in list.iter().enumerate() {
                if let Some(count) = clue {
                    model.add(Constraint::Visible {
                        line: side.line(n, i),
                        count: *count as usize,
                    });
                }
            }
        }
        Towers {
            n,
            clues,
            givens,
            model,
        }
    }

    /// The side.
    pub fn size(&self) -> usize {
        self.n
    }
}

impl Puzzle for Towers {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::TOWERS
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let n = self.n as u32;
        Side::ALL.iter().zip(&self.clues).find_map(|(side, list)| {
            list.iter().enumerate().find_map(|(i, c)| {
                c.filter(|&c| c > n)
                    .map(|c| format!("the {side:?} clue {c} of line {} exceeds {n}", i + 1))
            })
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
        let n = self.n as i32;
        let mut picture =
            constraints::grid::picture(self.n, &self.givens, solution, |v| Some(v.to_string()));
        for (side, list) in Side::ALL.iter().zip(&self.clues) {
            for (i, clue) in list.iter().enumerate() {
                if let Some(c) = clue {
                    let i = i as i32;
                    let (row, col) = match side {
                        Side::Top => (-1, i),
                        Side::Bottom => (n, i),
                        Side::Left => (i, -1),
                        Side::Right => (i, n),
                    };
                    picture.texts.push(Text::new(row, col, c.to_string()));
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

impl constraints::OnModel for Towers {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.n, values)
    }
}

constraints::engines!(Towers);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const TOWERS: Kind = Kind::named("towers");
}

/// Towers (skyscrapers): Tatham game IDs (`5:1/4/…,givens`), puzz.link `skyscrapers` URLs
/// and the text format of `encodings/towers.md`.
pub const READER: crate::puzzles::Reader<Towers> = crate::puzzles::Reader {
    kind: Kind::TOWERS,
    about: "Skyscrapers (Tatham's Towers): Latin square with visibility clues",
    extensions: &["towers", "skyscrapers"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: Some(&generate::TowersGenerator),
    examples: &[crate::puzzles::example!(
        "Skyscrapers 6×6 (Tatham's Towers)",
        "towers/example-6.towers"
    )],
};
