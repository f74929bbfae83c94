//! Range (kurodoko; Tatham's Range, puzz.link `kurodoko`): shade cells so that no two shaded
//! cells share a side, the unshaded cells form one orthogonally connected region, and each
//! numbered cell sees exactly its number of unshaded cells along its row and column (until
//! a shaded cell or the edge), itself included.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, a [`Clue`]: none, a number, or puzz.link's
//!   `?` (a clue of unknown count: unshaded, nothing counted);
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = unshaded; clue cells are 0.
//!
//! The rules are a 0/1 [`Model`] (clue cells fixed to 0, `adjacency::no_two_touching`), the
//! clues' counts as CNF added to the model's (`sight::count_seen`: reach literals per
//! direction and a counter), and the unshaded cells connected
//! (`constraints::connected_cells`, lazily — a theory on batsat for native, separator cuts
//! on varisat for the `sat` session — and eagerly for external solvers and `export`;
//! `encodings/range.md`).

mod check;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::cnf::Cnf;
use crate::constraints::cnf::VarMap;
use crate::constraints::{self, Grid, Model, adjacency, sight};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, Engine, Kind, NativeSolve, Preference, Puzzle,
};
use crate::render::{Picture, Rgb};

/// The value of a shaded cell.
const SHADED: u32 = 1;
/// The value of an unshaded cell: these are connected.
const UNSHADED: u32 = 0;

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// No number.
    Empty,
    /// A number: the unshaded cells it sees, itself included.
    Count(u32),
    /// puzz.link's `?`: a numbered cell whose number is not given (unshaded).
    Unknown,
}

/// A Range (kurodoko) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    width: usize,
    height: usize,
    clues: Vec<Clue>,
    model: Model,
}

impl Range {
    /// A `width × height` grid of row-major `clues`.
    pub fn new(width: usize, height: usize, clues: Vec<Clue>) -> Range {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        let mut model = Model::new(width, height, constraints::range(0, 1));
        for (i, &clue) in clues.iter().enumerate() {
            if clue != Clue::Empty {
                model.give(i, UNSHADED);
            }
        }
        adjacency::no_two_touching(&mut model, SHADED);
        Range {
            width,
            height,
            clues,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of cell `(row, col)`.
    pub fn clue(&self, row: usize, col: usize) -> Clue {
        self.clues[row * self.width + col]
    }

    /// About how many counter cells the clues' CNF takes (each clue: its reach literals
    /// times its count), which the readers bound.
    pub fn encoding_cost(width: usize, height: usize, clues: &[Clue]) -> usize {
        clues
            .iter()
            .map(|clue| match *clue {
                Clue::Count(n) => {
                    let n = n as usize;
                    let arms = (width - 1) + (height - 1);
                    arms.min(n.saturating_sub(1).saturating_mul(4))
                        .saturating_mul(n.saturating_add(1))
                }
                _ => 0,
            })
            .fold(0usize, usize::saturating_add)
    }

    /// The clues' counts as CNF over the model's variables (`sight::count_seen`).
    fn sight_clauses(&self, cnf: &mut Cnf, map: &VarMap) {
        if self.clues.iter().all(|c| !matches!(c, Clue::Count(_))) {
            return;
        }
        cnf.begin_family("S1 seen count");
        let open = |cell: usize| {
            map.lit(cell, UNSHADED)
                .expect("every cell can be unshaded: clue cells are given 0")
        };
        for (cell, clue) in self.clues.iter().enumerate() {
            if let Clue::Count(n) = *clue {
                sight::count_seen(cnf, self.width, self.height, cell, &open, n as usize);
            }
        }
        cnf.end_family();
    }

    /// The grid as text: numbers, `?`, `.` for an empty cell, shaded cells `#` when
    /// `shading` is given; one character a cell when every number is one digit, else
    /// columns split by blanks.
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        let texts: Vec<String> = self
            .clues
            .iter()
            .enumerate()
            .map(|(i, clue)| match clue {
                _ if shading.is_some_and(|g| g.values[i] == SHADED) => "#".to_string(),
                Clue::Empty => ".".to_string(),
                Clue::Unknown => "?".to_string(),
                Clue::Count(n) => n.to_string(),
            })
            .collect();
        let wide = self
            .clues
            .iter()
            .any(|c| matches!(c, Clue::Count(n) if *n > 9));
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

impl Puzzle for Range {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::RANGE
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
        for (i, clue) in self.clues.iter().enumerate() {
            match clue {
                Clue::Count(n) => picture.labels[i] = n.to_string(),
                Clue::Unknown => picture.labels[i] = "?".to_string(),
                Clue::Empty => {}
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

impl constraints::OnModel for Range {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::connected_cells::connected_engines!(
    Range,
    UNSHADED,
    Range::sight_clauses,
    constraints::connected_cells::solve_theory_with
);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const RANGE: Kind = Kind::named("range");
}

/// Tatham IDs (`9x6:a14b10…`) and puzz.link `kurodoko` URLs one a line, or `range` and rows
/// (`encodings/range.md`).
pub const READER: crate::puzzles::Reader<Range> = crate::puzzles::Reader {
    kind: Kind::RANGE,
    about: "Range (kurodoko): shaded cells apart, the rest connected, each number the unshaded cells it sees (Tatham `WxH:` IDs, puzz.link `kurodoko/` URLs, or `range` and rows)",
    extensions: &["range", "kurodoko"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Range 9×6 (Tatham's Range)",
        "range/range-9x6.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 2 .
        // . 3   shading r1c2 leaves r1c1 seeing itself and r2c1, r2c2 seeing r2c1 and itself:
        // 2, and 2 ≠ 3; shading nothing gives 3 and 3.
        let p = Range::new(
            2,
            2,
            vec![Clue::Count(3), Clue::Empty, Clue::Empty, Clue::Count(3)],
        );
        let good = Grid::new(2, vec![0, 0, 0, 0]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), "3.\n.3");
        let bad = Grid::new(2, vec![0, 1, 0, 0]);
        assert!(p.check(&bad).unwrap_err().message.contains("sees 2"));
        // Two shaded cells touching; a shaded clue.
        let q = Range::new(3, 1, vec![Clue::Empty; 3]);
        assert!(q.check(&Grid::new(3, vec![1, 1, 0])).is_err());
        assert!(
            p.check(&Grid::new(2, vec![1, 0, 0, 0]))
                .unwrap_err()
                .message
                .contains("clue")
        );
        // r1c2 and r2c1 shaded cut r1c1 off.
        let r = Range::new(3, 3, vec![Clue::Empty; 9]);
        let cut = r.check(&Grid::new(3, vec![0, 1, 0, 1, 0, 0, 0, 0, 0]));
        assert!(cut.unwrap_err().message.contains("connected"));
    }
}
