//! Singles (hitori; Tatham's Singles, puzz.link `hitori`): shade cells so that no number
//! appears twice unshaded in a row or column, no two shaded cells share a side, and the
//! unshaded cells form one orthogonally connected region.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, holding a **number** (or none: puzz.link's
//!   `.` cells and `?` cells, which never clash);
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = unshaded.
//!
//! The rules are layer constraints on a 0/1 [`Model`]: `AtMost{equal numbers of a line, 0,
//! 1}`, `adjacency::no_two_touching`, and the unshaded cells connected
//! (`constraints::connected_cells`: lazily — for native, deduction first
//! (`constraints::connected_deduce`) and a batsat theory checked at every propagation
//! fixpoint on what it leaves open; separator cuts on varisat for the `sat` session — and
//! eagerly for external solvers and `export`; `encodings/singles.md`).

mod check;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{self, Constraint, Grid, Model, adjacency};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, Engine, Kind, NativeSolve, Preference, Puzzle,
};
use crate::render::{Picture, Rgb};

/// The value of a shaded cell.
const SHADED: u32 = 1;
/// The value of an unshaded cell: these are connected.
const UNSHADED: u32 = 0;

/// A Singles (hitori) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Singles {
    width: usize,
    height: usize,
    numbers: Vec<Option<u32>>,
    model: Model,
}

impl Singles {
    /// A `width × height` grid of row-major `numbers`.
    pub fn new(width: usize, height: usize, numbers: Vec<Option<u32>>) -> Singles {
        assert_eq!(numbers.len(), width * height, "one number slot per cell");
        let mut model = Model::new(width, height, constraints::range(0, 1));
        let rows = (0..height).map(|r| (0..width).map(|c| r * width + c).collect::<Vec<_>>());
        let cols = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
        // A line's numbered cells by number then place: each run of one number (in
        // increasing number) is one rule.
        let mut numbered: Vec<(u32, usize)> = Vec::new();
        for line in rows.chain(cols) {
            numbered.clear();
            numbered.extend(line.iter().filter_map(|&cell| Some((numbers[cell]?, cell))));
            numbered.sort_unstable();
            for run in numbered.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() > 1) {
                model.add(Constraint::AtMost {
                    cells: run.iter().map(|&(_, cell)| cell).collect(),
                    value: UNSHADED,
                    count: 1,
                });
            }
        }
        adjacency::no_two_touching(&mut model, SHADED);
        Singles {
            width,
            height,
            numbers,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The number of cell `(row, col)`.
    pub fn number(&self, row: usize, col: usize) -> Option<u32> {
        self.numbers[row * self.width + col]
    }

    /// The grid as text: numbers (`.` none), shaded cells `#` when `shading` is given; one
    /// character a cell when every number is one digit, else columns split by blanks.
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        let texts: Vec<String> = (0..self.numbers.len())
            .map(|i| {
                if shading.is_some_and(|g| g.values[i] == SHADED) {
                    "#".to_string()
                } else {
                    self.numbers[i].map_or(".".to_string(), |n| n.to_string())
                }
            })
            .collect();
        let wide = self.numbers.iter().flatten().any(|&n| n > 9);
        texts
            .chunks(self.width)
            .map(|row| {
                if wide {
                    row.iter()
                        .map(|t| format!("{t:>2}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    row.concat()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for Singles {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::SINGLES
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(Some(solution))
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The numbers, shaded cells black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, n) in self.numbers.iter().enumerate() {
            if let Some(n) = n {
                picture.labels[i] = n.to_string();
            }
            if solution.is_some_and(|s| s.values[i] == SHADED) {
                picture.fills[i] = Rgb(40, 40, 40);
            }
        }
        picture
    }

    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Shades { background: "0" },
            one_hot_cells: true,
            ..Cells::default()
        }
    }

    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        Preference {
            few: vec![Native, Sat, External],
            many: vec![Native, Sat, External],
            presolve: false,
        }
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

impl constraints::OnModel for Singles {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::connected_cells::connected_engines!(
    Singles,
    UNSHADED,
    |_, _, _| {},
    constraints::connected_cells::solve_deduced_with
);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SINGLES: Kind = Kind::named("singles");
}

/// Tatham IDs (`8x8:2738…`) and puzz.link `hitori` URLs one a line, or `singles` and rows
/// (`encodings/singles.md`).
pub const READER: crate::puzzles::Reader<Singles> = crate::puzzles::Reader {
    kind: Kind::SINGLES,
    about: "Singles (hitori): shade repeated numbers away, shaded cells apart, the rest connected (Tatham `WxH:` IDs, puzz.link `hitori/` URLs, or `singles` and rows)",
    extensions: &["singles", "hitori"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Singles 8×8, easy (Tatham's Singles)",
        "singles/singles-8x8-easy.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 1 1
        // 2 1   shade r1c2: the 1s are single, the rest joined.
        let p = Singles::new(2, 2, vec![Some(1), Some(1), Some(2), Some(1)]);
        let good = Grid::new(2, vec![0, 1, 0, 0]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), "1#\n21");
        // Shading r1c1 instead leaves both 1s of column 2 unshaded.
        assert!(p.check(&Grid::new(2, vec![1, 0, 0, 0])).is_err());
        // Two shaded cells touching.
        assert!(p.check(&Grid::new(2, vec![0, 1, 0, 1])).is_err());
        // r1c2 and r2c1 shaded cut r1c1 off.
        let q = Singles::new(3, 3, (1..=9).map(Some).collect());
        let cut = q.check(&Grid::new(3, vec![0, 1, 0, 1, 0, 0, 0, 0, 0]));
        assert!(cut.unwrap_err().message.contains("connected"));
    }
}
