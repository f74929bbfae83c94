//! Nonograms (paint by numbers): model, checker, output, and the `Puzzle` impl.
//!
//! Glossary:
//! - **grid**: `height` rows × `width` columns of cells, each black (`#`) or white (`.`).
//! - **line**: a row or a column. Lines are numbered rows first (`0..height`), then columns
//!   (`height..height + width`); users see them as `R1..` and `C1..` (1-based).
//! - **clue**: the lengths of the line's black **blocks** (maximal runs of black cells), in
//!   order from the left (rows) or the top (columns). An empty clue is an all-white line.
//! - **pattern**: one arrangement of a line's blocks; a line of length n with clue
//!   b₁..b_k has C(n − Σb + 1, k) of them.
//! - **givens**: cells fixed by the puzzle itself (the GCHQ 2015 card has 22 black ones).
//! - **goal**: the intended picture, when the file carries one.
//!
//! Backends: [`native`] (a dynamic-programming line solver to a fixpoint, probing, then
//! search), [`cnf`] (a per-line automaton encoding, `encodings/nonogram.md`), [`cover`]
//! (exact cover with colours: one option per pattern). The checker [`Nonogram::verify`]
//! shares no code with any of them.

pub mod cnf;
pub mod cover;
pub mod formats;
pub(crate) mod line;
pub mod native;

use std::fmt::Write as _;

use crate::puzzle::{CnfEncoding, CoverEncoding, Kind, Limits, NativeAnswer, Puzzle, SolveError};
use crate::render::{Picture, Rgb};

pub use formats::{parse, parse_all, parse_g, parse_non, parse_xml};

/// A solved (or goal) picture: `cells[row * width + col]` is `true` for black.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<bool>,
}

impl Grid {
    /// An all-white grid.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![false; width * height],
        }
    }

    pub fn get(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col]
    }

    pub fn set(&mut self, row: usize, col: usize, black: bool) {
        self.cells[row * self.width + col] = black;
    }

    /// Parses rows of `#` (black) and `.` (white); for tests and fixtures.
    pub fn from_rows(rows: &[&str]) -> Option<Grid> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut cells = Vec::with_capacity(width * height);
        for row in rows {
            if row.chars().count() != width {
                return None;
            }
            for ch in row.chars() {
                match ch {
                    '#' => cells.push(true),
                    '.' => cells.push(false),
                    _ => return None,
                }
            }
        }
        Some(Grid {
            width,
            height,
            cells,
        })
    }

    /// The rows as strings of `#` and `.`.
    pub fn row_strings(&self) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| if self.get(r, c) { '#' } else { '.' })
                    .collect()
            })
            .collect()
    }
}

/// A black-and-white nonogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    width: usize,
    height: usize,
    rows: Vec<Vec<usize>>,
    columns: Vec<Vec<usize>>,
    /// Row-major; `None` when the puzzle gives nothing about the cell.
    givens: Vec<Option<bool>>,
    goal: Option<Grid>,
    title: Option<String>,
    author: Option<String>,
    catalogue: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
}

/// Metadata a file may carry (all optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    pub title: Option<String>,
    pub author: Option<String>,
    pub catalogue: Option<String>,
    pub copyright: Option<String>,
    pub license: Option<String>,
}

impl Nonogram {
    /// A puzzle from its clues (row clues top to bottom, column clues left to right).
    /// Zeros in a clue are dropped (`0` is how many files write an empty line).
    pub fn new(rows: Vec<Vec<usize>>, columns: Vec<Vec<usize>>) -> Nonogram {
        let clean = |lines: Vec<Vec<usize>>| -> Vec<Vec<usize>> {
            lines
                .into_iter()
                .map(|l| l.into_iter().filter(|&b| b > 0).collect())
                .collect()
        };
        let (height, width) = (rows.len(), columns.len());
        Nonogram {
            width,
            height,
            rows: clean(rows),
            columns: clean(columns),
            givens: vec![None; width * height],
            goal: None,
            title: None,
            author: None,
            catalogue: None,
            copyright: None,
            license: None,
        }
    }

    /// The puzzle whose clues are read off a picture (every grid is the solution of its own
    /// clues; used by property tests).
    pub fn from_grid(grid: &Grid) -> Nonogram {
        let runs = |cells: &mut dyn Iterator<Item = bool>| -> Vec<usize> {
            let mut out = Vec::new();
            let mut run = 0;
            for black in cells {
                if black {
                    run += 1;
                } else if run > 0 {
                    out.push(run);
                    run = 0;
                }
            }
            if run > 0 {
                out.push(run);
            }
            out
        };
        let rows = (0..grid.height)
            .map(|r| runs(&mut (0..grid.width).map(|c| grid.get(r, c))))
            .collect();
        let columns = (0..grid.width)
            .map(|c| runs(&mut (0..grid.height).map(|r| grid.get(r, c))))
            .collect();
        Nonogram::new(rows, columns)
    }

    /// Sets the givens (row-major, `width * height` of them).
    pub fn with_givens(mut self, givens: Vec<Option<bool>>) -> Nonogram {
        debug_assert_eq!(givens.len(), self.width * self.height);
        if givens.len() == self.width * self.height {
            self.givens = givens;
        }
        self
    }

    pub fn with_goal(mut self, goal: Option<Grid>) -> Nonogram {
        self.goal = goal.filter(|g| g.width == self.width && g.height == self.height);
        self
    }

    pub fn with_metadata(mut self, meta: Metadata) -> Nonogram {
        self.title = meta.title;
        self.author = meta.author;
        self.catalogue = meta.catalogue;
        self.copyright = meta.copyright;
        self.license = meta.license;
        self
    }

    /// The same puzzle with no given cells.
    pub fn without_givens(&self) -> Nonogram {
        let mut copy = self.clone();
        copy.givens = vec![None; self.width * self.height];
        copy
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn row_clues(&self) -> &[Vec<usize>] {
        &self.rows
    }
    pub fn column_clues(&self) -> &[Vec<usize>] {
        &self.columns
    }
    pub fn givens(&self) -> &[Option<bool>] {
        &self.givens
    }
    pub fn num_givens(&self) -> usize {
        self.givens.iter().filter(|g| g.is_some()).count()
    }
    pub fn goal(&self) -> Option<&Grid> {
        self.goal.as_ref()
    }
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }
    pub fn metadata(&self) -> Metadata {
        Metadata {
            title: self.title.clone(),
            author: self.author.clone(),
            catalogue: self.catalogue.clone(),
            copyright: self.copyright.clone(),
            license: self.license.clone(),
        }
    }

    /// Number of lines (rows then columns).
    pub(crate) fn num_lines(&self) -> usize {
        self.height + self.width
    }

    /// The clue of line `l` (rows first, then columns).
    pub(crate) fn clue(&self, l: usize) -> &[usize] {
        if l < self.height {
            &self.rows[l]
        } else {
            &self.columns[l - self.height]
        }
    }

    /// Length of line `l`.
    pub(crate) fn line_len(&self, l: usize) -> usize {
        if l < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// Grid index of position `i` along line `l`.
    pub(crate) fn cell_of(&self, l: usize, i: usize) -> usize {
        if l < self.height {
            l * self.width + i
        } else {
            i * self.width + (l - self.height)
        }
    }

    /// `R5` / `C12`: how users see line `l` (1-based).
    pub fn line_name(&self, l: usize) -> String {
        if l < self.height {
            format!("R{}", l + 1)
        } else {
            format!("C{}", l - self.height + 1)
        }
    }

    /// The independent checker: every line's runs equal its clue, every given holds.
    /// It recomputes runs from scratch and shares nothing with the solvers.
    pub fn verify(&self, grid: &Grid) -> Result<(), String> {
        if grid.width != self.width || grid.height != self.height {
            return Err(format!(
                "grid is {}x{}, puzzle is {}x{}",
                grid.width, grid.height, self.width, self.height
            ));
        }
        if grid.cells.len() != self.width * self.height {
            return Err("grid has the wrong number of cells".into());
        }
        let runs = |cells: Vec<bool>| -> Vec<usize> {
            cells
                .split(|&black| !black)
                .filter(|run| !run.is_empty())
                .map(<[bool]>::len)
                .collect()
        };
        for r in 0..self.height {
            let got = runs((0..self.width).map(|c| grid.get(r, c)).collect());
            if got != self.rows[r] {
                return Err(format!(
                    "row {} has blocks {:?}, clue is {:?}",
                    r + 1,
                    got,
                    self.rows[r]
                ));
            }
        }
        for c in 0..self.width {
            let got = runs((0..self.height).map(|r| grid.get(r, c)).collect());
            if got != self.columns[c] {
                return Err(format!(
                    "column {} has blocks {:?}, clue is {:?}",
                    c + 1,
                    got,
                    self.columns[c]
                ));
            }
        }
        for (i, given) in self.givens.iter().enumerate() {
            if let Some(black) = *given
                && grid.cells[i] != black
            {
                return Err(format!(
                    "given cell at row {}, column {} must be {}",
                    i / self.width + 1,
                    i % self.width + 1,
                    if black { "black" } else { "white" }
                ));
            }
        }
        Ok(())
    }

    /// Why the clues cannot fit, found without search.
    pub fn impossibility(&self) -> Option<String> {
        for l in 0..self.num_lines() {
            let clue = self.clue(l);
            let need = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
            if need > self.line_len(l) {
                return Some(format!(
                    "line {} needs {} cells for clue {:?} but has {}",
                    self.line_name(l),
                    need,
                    clue,
                    self.line_len(l)
                ));
            }
        }
        let row_total: usize = self.rows.iter().flatten().sum();
        let column_total: usize = self.columns.iter().flatten().sum();
        if row_total != column_total {
            return Some(format!(
                "row clues total {row_total} black cells, column clues total {column_total}"
            ));
        }
        None
    }
}

/// The grid with the cells where `a` and `b` differ marked `?`, then their coordinates
/// (1-based row, column).
pub fn describe_differences(a: &Grid, b: &Grid) -> String {
    let mut out = String::new();
    let mut diff = Vec::new();
    for r in 0..a.height {
        for c in 0..a.width {
            let (x, y) = (a.get(r, c), b.get(r, c));
            out.push(if x != y {
                diff.push((r + 1, c + 1));
                '?'
            } else if x {
                '#'
            } else {
                '.'
            });
        }
        out.push('\n');
    }
    let _ = write!(out, "{} cells differ:", diff.len());
    for (r, c) in diff {
        let _ = write!(out, " (r{r},c{c})");
    }
    out
}

impl Puzzle for Nonogram {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::Nonogram
    }

    fn check(&self, solution: &Grid) -> Result<(), String> {
        self.verify(solution)
    }

    fn contradiction(&self) -> Option<String> {
        self.impossibility()
    }

    fn native(&self, limits: &Limits) -> Result<NativeAnswer<Grid>, SolveError> {
        Ok(native::solve(self, limits))
    }

    fn cnf(&self) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    fn cover(&self) -> Result<CoverEncoding<'_, Grid>, SolveError> {
        cover::encode(self, cover::PATTERN_LIMIT)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        serde_json::Value::from(solution.row_strings())
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.row_strings().join("\n")
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        describe_differences(a, b)
    }

    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.grid_lines = solution.is_none() || self.width * self.height <= 40 * 40;
        for i in 0..self.width * self.height {
            picture.fills[i] = match (solution, self.givens[i]) {
                (Some(grid), _) if grid.cells[i] => Rgb::BLACK,
                (Some(_), _) => Rgb::WHITE,
                // Unsolved: givens shown, black ones dark grey, white ones light grey.
                (None, Some(true)) => Rgb(80, 80, 80),
                (None, Some(false)) => Rgb::GREY,
                (None, None) => Rgb::WHITE,
            };
        }
        picture
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (Nonogram, Grid) {
        let grid = Grid::from_rows(&["#.#", "###", ".#."]).expect("grid");
        (Nonogram::from_grid(&grid), grid)
    }

    #[test]
    fn clues_from_grid_and_checker_accepts_it() {
        let (puzzle, grid) = tiny();
        assert_eq!(puzzle.row_clues(), &[vec![1, 1], vec![3], vec![1]]);
        assert_eq!(puzzle.column_clues(), &[vec![2], vec![2], vec![2]]);
        assert_eq!(puzzle.verify(&grid), Ok(()));
    }

    #[test]
    fn checker_rejects_wrong_runs_and_broken_givens() {
        let (puzzle, grid) = tiny();
        let mut bad = grid.clone();
        bad.set(0, 1, true);
        assert!(puzzle.verify(&bad).unwrap_err().contains("row 1"));
        let mut givens = vec![None; 9];
        givens[0] = Some(false);
        let with = puzzle.with_givens(givens);
        assert!(
            with.verify(&grid)
                .unwrap_err()
                .contains("given cell at row 1, column 1")
        );
    }

    #[test]
    fn impossibility_reasons() {
        let columns = vec![vec![1], vec![1], vec![], vec![1], vec![1]];
        let long = Nonogram::new(vec![vec![2, 2]], columns);
        assert!(long.impossibility().is_none());
        let too_long = Nonogram::new(vec![vec![2, 2]], vec![vec![1]; 3]);
        assert!(
            too_long
                .impossibility()
                .unwrap()
                .contains("R1 needs 5 cells")
        );
        let totals = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![]]);
        assert!(totals.impossibility().unwrap().contains("total"));
    }

    #[test]
    fn differences_mark_cells() {
        let a = Grid::from_rows(&["#.", ".#"]).expect("a");
        let b = Grid::from_rows(&[".#", "#."]).expect("b");
        let text = describe_differences(&a, &b);
        assert_eq!(
            text,
            "??\n??\n4 cells differ: (r1,c1) (r1,c2) (r2,c1) (r2,c2)"
        );
    }
}
