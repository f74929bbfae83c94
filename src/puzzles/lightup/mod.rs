//! Light Up (akari; Tatham's Light Up, puzz.link `akari`): place lights in white cells so
//! that every white cell is lit (a light shines along its row and column until a black cell
//! or the edge), no light shines on another, and a numbered black cell has exactly that
//! many lights on its four sides.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; **white** or **black**, a black one with an
//!   optional **clue** 0–4;
//! - **segment** (`constraints::sight`): a maximal run of white cells in a row or column;
//! - **value** (the solution's [`Grid`]): 1 = a light, 0 = none (always 0 on black cells).
//!
//! The rules are layer constraints on a 0/1 [`Model`] (black cells are fixed to 0):
//! `adjacency::count_around` per clue, `sight::illuminate` for the two sight rules, which
//! sat and external solve as CNF (`encodings/lightup.md`). Native is the genre's own
//! solver: the deductions of `deduce.rs` and the search of `search.rs`. No dlx: "exactly
//! one light per segment" would be a cover, but a segment may hold none.

mod check;
mod deduce;
mod reader;
mod search;

use std::sync::OnceLock;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::split::Root;
use crate::constraints::{self, Grid, Model, adjacency, sight};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, Kind, Limits, NativeAnswer, NativeSolve, Puzzle, Sink,
    SolveError,
};
use crate::render::{Picture, Rgb};

/// One cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A white cell (may hold a light).
    White,
    /// A black cell, with its clue if numbered.
    Black(Option<u8>),
}

/// A Light Up puzzle.
#[derive(Clone, Debug)]
pub struct LightUp {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// The rules as layer constraints, built when an encoder first asks (the native
    /// solver reads the cells).
    model: OnceLock<Model>,
}

/// Two puzzles are equal when their boards are (the model follows from the board).
impl PartialEq for LightUp {
    fn eq(&self, other: &LightUp) -> bool {
        (self.width, self.height, &self.cells) == (other.width, other.height, &other.cells)
    }
}

impl Eq for LightUp {}

impl LightUp {
    /// A `width × height` board of row-major `cells`.
    pub fn new(width: usize, height: usize, cells: Vec<Cell>) -> LightUp {
        assert_eq!(cells.len(), width * height, "one cell per place");
        LightUp {
            width,
            height,
            cells,
            model: OnceLock::new(),
        }
    }

    /// The layer model of the rules (module docs).
    fn build_model(&self) -> Model {
        let white: Vec<bool> = self.cells.iter().map(|&c| c == Cell::White).collect();
        let mut model = Model::new(self.width, self.height, constraints::range(0, 1));
        for (i, &w) in white.iter().enumerate() {
            if !w {
                model.give(i, 0);
            }
        }
        for (i, &cell) in self.cells.iter().enumerate() {
            if let Cell::Black(Some(clue)) = cell {
                adjacency::count_around(&mut model, i, |n| white[n], 1, usize::from(clue));
            }
        }
        sight::illuminate(&mut model, &white, 1);
        model
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The cell at `(row, col)`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    /// The board in the plain text form, without its header: `.` white, `#` black, `0`–`4`
    /// numbered black; with a solution, `*` marks its lights.
    pub fn drawing(&self, lights: Option<&Grid>) -> String {
        self.cells
            .chunks(self.width)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, cell)| match cell {
                        Cell::Black(None) => '#',
                        Cell::Black(Some(d)) => char::from(b'0' + d),
                        Cell::White if lights.is_some_and(|g| g.at(r, c) == 1) => '*',
                        Cell::White => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for LightUp {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::LIGHTUP
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

    /// Black cells black with their clues, lights as `*` on yellow, lit cells pale yellow.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, &cell) in self.cells.iter().enumerate() {
            match cell {
                Cell::Black(clue) => {
                    picture.fills[i] = Rgb::BLACK;
                    if let Some(d) = clue {
                        picture.labels[i] = d.to_string();
                    }
                }
                Cell::White => match solution.map(|s| s.values[i]) {
                    Some(1) => {
                        picture.fills[i] = Rgb(255, 210, 60);
                        picture.labels[i] = "*".to_string();
                    }
                    Some(_) => picture.fills[i] = Rgb(255, 245, 190),
                    None => {}
                },
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

impl constraints::OnModel for LightUp {
    fn model(&self) -> &Model {
        self.model.get_or_init(|| self.build_model())
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

impl NativeSolve<Grid> for LightUp {
    /// Deduction, then the search from what it left open (`search.rs`).
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let max = limits.max_or_all();
        let mut board = deduce::Board::new(self);
        let grid = |values: &[u32]| Grid::new(self.width, values.to_vec());
        match search::solve(&mut board, limits, &mut |values| found(grid(values))) {
            Root::Contradiction => Ok(NativeAnswer::deduced(0, max)),
            Root::Decided(values) => {
                let lights = grid(&values);
                if check::verify(self, &lights).is_ok() {
                    let _ = found(lights);
                    Ok(NativeAnswer::deduced(1, max))
                } else {
                    // Every step forced, so a grid the checker refuses would be a bug in
                    // the deductions: the layer's search decides.
                    debug_assert!(false, "a deduced grid fails the checker");
                    let model = constraints::OnModel::model(self);
                    constraints::native::solve(model, limits, &mut |v| found(grid(v)))
                }
            }
            Root::Searched(answer) => Ok(answer),
        }
    }
}

// The layer's CNF (`encodings/lightup.md`).
constraints::encodings!(LightUp);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const LIGHTUP: Kind = Kind::named("lightup");
}

/// Tatham IDs (`10x10:aBk3c…`) and puzz.link `akari` URLs one a line, or `lightup` and rows
/// (`encodings/lightup.md`).
pub const READER: crate::puzzles::Reader<LightUp> = crate::puzzles::Reader {
    kind: Kind::LIGHTUP,
    about: "Light Up (akari): lights that see every white cell and not each other (Tatham `WxH:` IDs, puzz.link `akari/` URLs, or `lightup` and rows)",
    extensions: &["lightup", "akari"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Light Up 7×7, easy (Tatham's Light Up)",
        "lightup/lightup-7x7-easy.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // . 2
        // . .   lights at r1c1 and r2c2 light everything and meet the 2; on a diagonal,
        // they do not see each other.
        let p = LightUp::new(
            2,
            2,
            vec![Cell::White, Cell::Black(Some(2)), Cell::White, Cell::White],
        );
        let good = Grid::new(2, vec![1, 0, 0, 1]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), "*2\n.*");
        let two = Grid::new(2, vec![0, 0, 1, 1]);
        assert!(p.check(&two).is_err());
        let dark = Grid::new(2, vec![0, 0, 0, 0]);
        assert!(p.check(&dark).is_err());
    }
}
