//! Kakuro: write 1..9 into the white cells so that each run (white cells between black
//! cells, across or down) holds different digits adding up to the clue at its start.
//!
//! Glossary:
//! - **board**: `(width + 1) × (height + 1)` cells: a frame row on top and a frame column on
//!   the left (black), then the `width × height` **area** (puzz.link's size).
//! - **cell**: row-major on the board, `row * (width + 1) + col`.
//! - **black cell**: carries up to two clues, **down** (the run below it) and **across**
//!   (the run to its right); a run without a clue only needs different digits.
//! - **run**: a maximal line of white cells, across or down.

mod check;
mod reader;

pub use reader::parse;

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// One board cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A cell to fill.
    White,
    /// A black cell with its down and across clues (`None`: no clue).
    Black {
        /// The sum of the run below.
        down: Option<u32>,
        /// The sum of the run to the right.
        across: Option<u32>,
    },
}

/// A run: its white cells and its clue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Board cells, in order.
    pub cells: Vec<usize>,
    /// Its sum, if clued.
    pub sum: Option<u32>,
}

/// One kakuro.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kakuro {
    /// Board columns (the area's width + 1).
    columns: usize,
    squares: Vec<Square>,
    model: Model,
}

impl Kakuro {
    /// The kakuro of a board `columns` wide (frame included).
    pub(crate) fn new(columns: usize, squares: Vec<Square>) -> Kakuro {
        let rows = squares.len() / columns;
        let mut model = Model::new(columns, rows, constraints::range(1, 9));
        for (cell, s) in squares.iter().enumerate() {
            if matches!(s, Square::Black { .. }) {
                model.domains[cell] = 1;
            }
        }
        let mut kakuro = Kakuro {
            columns,
            squares,
            model,
        };
        for run in kakuro.runs() {
            kakuro.model.add(match run.sum {
                Some(sum) => Constraint::SumDistinct {
                    cells: run.cells,
                    sum,
                },
                None => Constraint::AllDifferent(run.cells),
            });
        }
        kakuro
    }

    /// Every run, across runs first (reading order of their clue cells), then down runs.
    pub fn runs(&self) -> Vec<Run> {
        let w = self.columns;
        let rows = self.squares.len() / w;
        let mut out = Vec::new();
        for across in [true, false] {
            for cell in 0..self.squares.len() {
                let Square::Black {
                    down,
                    across: right,
                } = self.squares[cell]
                else {
                    continue;
                };
                let (step, clue) = if across { (1, right) } else { (w, down) };
                let mut cells = Vec::new();
                let mut next = cell;
                loop {
                    let (r, c) = (next / w, next % w);
                    let ahead = if across {
                        (c + 1 < w).then(|| next + 1)
                    } else {
                        (r + 1 < rows).then(|| next + w)
                    };
                    match ahead {
                        Some(a) if self.squares[a] == Square::White => {
                            cells.push(a);
                            next = a;
                        }
                        _ => break,
                    }
                }
                let _ = step;
                if !cells.is_empty() {
                    out.push(Run { cells, sum: clue });
                }
            }
        }
        out
    }

    /// The board's columns and rows (frame included).
    pub fn size(&self) -> (usize, usize) {
        (self.columns, self.squares.len() / self.columns)
    }
}

impl Puzzle for Kakuro {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::KAKURO
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        self.runs().into_iter().find_map(|run| {
            let k = run.cells.len() as u32;
            let sum = run.sum?;
            (k > 9 || sum < k * (k + 1) / 2 || sum > k * (19 - k) / 2).then(|| {
                format!(
                    "the run from {} has {k} cells: no different digits add up to {sum}",
                    self.model.cell_name(run.cells[0])
                )
            })
        })
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.text_with(|v| if v == 0 { "#".into() } else { v.to_string() })
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = self.size();
        let mut picture = Picture::new(w, h);
        for (cell, square) in self.squares.iter().enumerate() {
            match square {
                Square::Black { down, across } => {
                    picture.fills[cell] = Rgb(90, 90, 90);
                    if down.is_some() || across.is_some() {
                        let show = |c: &Option<u32>| c.map_or(String::new(), |v| v.to_string());
                        picture.marks[cell] =
                            vec![String::new(), show(across), show(down), String::new()];
                    }
                }
                Square::White => {
                    if let Some(v) = solution.map(|s| s.values[cell]) {
                        picture.labels[cell] = v.to_string();
                        picture.inks[cell] = Some(Rgb::BLUE);
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

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl constraints::OnModel for Kakuro {
    fn model(&self) -> &Model {
        &self.model
    }

    /// Black cells are 0.
    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.columns, values)
    }
}

constraints::engines!(Kakuro);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const KAKURO: Kind = Kind::named("kakuro");
}

/// Kakuro as puzz.link URLs (`https://puzz.link/p?kakuro/W/H/…`) or the drawn board of
/// `encodings/kakuro.md`.
pub const READER: crate::puzzles::Reader<Kakuro> = crate::puzzles::Reader {
    kind: Kind::KAKURO,
    about: "Kakuro: digit runs with sums (puzz.link URL or a drawn board)",
    extensions: &["kakuro"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "Kakuro 5×5 (pzprjs's test URL, drawn)",
        "kakuro/pzprjs.kakuro"
    )],
};
