//! Star battle (puzz.link `starbattle`): place stars so that every row, every column and
//! every region holds exactly K of them, and no two stars touch, not even diagonally.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, in one **region** (ids numbered in the order
//!   of their first cell);
//! - **window**: a 2×2 block of cells (`constraints::adjacency::blocks`): two cells touch,
//!   by a side or a corner, exactly when some window holds both;
//! - **value** (the solution's [`Grid`]): 1 = star, 0 = none.
//!
//! The rules are layer constraints on a 0/1 [`Model`]: `Count{line or region, 1, K}` and
//! `AtMost{window, 1, 1}`, which sat and external solve as CNF. With K = 1 that is an exact
//! cover (rows, columns and regions primary items, each window a secondary item:
//! `constraints::cover`), so dlx runs too. Native is the genre's own solver: the deductions
//! of `deduce.rs` and the search of `search.rs` (`encodings/starbattle.md`).

mod check;
mod deduce;
mod reader;
mod search;

pub use reader::{parse, parse_url, plain_text};

use crate::constraints::{self, Constraint, Grid, Model, adjacency, cover};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CoverEncode, Engine, Kind, Limits, NativeAnswer,
    NativeSolve, Preference, Puzzle, Sink, SolveError,
};
use crate::puzzles::region::{region_char, renumber};
use crate::render::Picture;

/// The value of a star.
const STAR: u32 = 1;

/// A star battle puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarBattle {
    width: usize,
    height: usize,
    stars: usize,
    regions: Vec<usize>,
    model: Model,
    board: deduce::Board,
}

impl StarBattle {
    /// `stars` per row, column and region of the `width × height` grid of row-major
    /// `regions` (any ids; renumbered in the order of their first cell).
    pub fn new(width: usize, height: usize, stars: usize, regions: Vec<usize>) -> StarBattle {
        assert_eq!(regions.len(), width * height, "one region per cell");
        let regions = renumber(&regions);
        let mut model = Model::new(width, height, constraints::range(0, 1));
        let count = |cells: Vec<usize>| Constraint::Count {
            cells,
            value: STAR,
            count: stars,
        };
        for r in 0..height {
            model.add(count((0..width).map(|c| r * width + c).collect()));
        }
        for c in 0..width {
            model.add(count((0..height).map(|r| r * width + c).collect()));
        }
        let n = regions.iter().max().map_or(0, |&m| m + 1);
        let mut members = vec![Vec::new(); n];
        for (cell, &k) in regions.iter().enumerate() {
            members[k].push(cell);
        }
        for cells in members {
            model.add(count(cells));
        }
        for window in adjacency::blocks(width, height) {
            model.add(Constraint::AtMost {
                cells: window.to_vec(),
                value: STAR,
                count: 1,
            });
        }
        let board = deduce::Board::new(width, height, stars, &regions);
        StarBattle {
            width,
            height,
            stars,
            regions,
            model,
            board,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Stars per row, column and region.
    pub fn stars(&self) -> usize {
        self.stars
    }

    /// The region of each cell, numbered in the order of their first cell.
    pub fn regions(&self) -> &[usize] {
        &self.regions
    }

    /// The regions as letters (`a`–`z`, `A`–`Z`, then digits and more), a row a line, stars
    /// `*` when `stars` is given.
    pub fn drawing(&self, stars: Option<&Grid>) -> String {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        if stars.is_some_and(|g| g.at(r, c) == STAR) {
                            '*'
                        } else {
                            region_char(self.regions[r * self.width + c])
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for StarBattle {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::STARBATTLE
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let regions = self.regions.iter().max().map_or(0, |&m| m + 1);
        if self.width != self.height {
            Some(format!(
                "{} stars a row and a column need as many rows as columns",
                self.stars
            ))
        } else if regions != self.width {
            Some(format!(
                "{} stars a row and a region need as many regions ({regions}) as rows ({})",
                self.stars, self.height
            ))
        } else {
            None
        }
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.marks(STAR, '*')
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The regions; stars as black cells.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.regions = Some(self.regions.clone());
        if let Some(s) = solution {
            s.shade(&mut picture, STAR);
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

    /// The native solver first (`search.rs`: deductions, then guesses), which `auto` runs
    /// alone for its first milliseconds: it settles the fixtures' puzzles in a fraction of
    /// sat's and dlx's time (`docs/peers.md`).
    fn preference(&self) -> Preference {
        use Engine::{Dlx, External, Native, Sat};
        let mut engines = vec![Native, Sat];
        if self.as_cover().is_some() {
            engines.push(Dlx);
        }
        engines.push(External);
        Preference {
            few: engines.clone(),
            many: engines,
            presolve: false,
        }
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    /// One star a unit: an exact cover.
    fn as_cover(&self) -> Option<&dyn CoverEncode<Grid>> {
        cover::applies(&self.model).then_some(self as &dyn CoverEncode<Grid>)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl constraints::OnModel for StarBattle {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

/// The solver of `search.rs` on the grid's units.
impl NativeSolve<Grid> for StarBattle {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        Ok(search::solve(
            &self.board,
            deduce::Rules::ALL,
            limits,
            &mut |values| found(Grid::new(self.width, values.to_vec())),
        ))
    }
}

// The layer's CNF and, with K = 1, its exact cover (`encodings/starbattle.md`).
constraints::encodings!(StarBattle);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const STARBATTLE: Kind = Kind::named("starbattle");
}

/// puzz.link `starbattle` URLs one a line, or `starbattle`, `stars K` and rows of region
/// letters (`encodings/starbattle.md`).
pub const READER: crate::puzzles::Reader<StarBattle> = crate::puzzles::Reader {
    kind: Kind::STARBATTLE,
    about: "Star battle: K stars in every row, column and region, no two touching (puzz.link `starbattle/` URLs, or `starbattle` and rows of regions)",
    extensions: &["starbattle"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Star battle 10×10, 1 star",
        "starbattle/starbattle-10x10-1.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // aab
        // abb   one star: no placement keeps three stars apart on 3×3.
        // ccb
        let p = StarBattle::new(3, 3, 1, vec![0, 0, 1, 0, 1, 1, 2, 2, 1]);
        assert_eq!(p.drawing(None), "aab\nabb\nccb");
        assert!(
            p.check(&Grid::new(3, vec![1, 0, 0, 0, 0, 1, 0, 1, 0]))
                .unwrap_err()
                .message
                .contains("touch")
        );
        assert!(
            p.check(&Grid::new(3, vec![1, 0, 0, 0, 0, 0, 0, 0, 0]))
                .is_err()
        );
        assert!(p.as_cover().is_some());
        assert!(StarBattle::new(4, 4, 2, vec![0; 16]).as_cover().is_none());
        assert!(
            StarBattle::new(4, 3, 1, vec![0; 12])
                .contradiction()
                .is_some()
        );
    }
}
