//! Sudoku puzzles with exactly one solution, of every size (4×4 to 36×36).
//!
//! Glossary:
//! - **grid**: a filled n×n sudoku (n = b², b the box side), row-major digits 1..=n.
//! - **clue**: a cell of the grid left in the puzzle; removing a clue blanks it.
//! - **unique**: the clues admit exactly one completion (the grid they came from).
//! - **minimal**: unique, and no single clue can be removed without losing uniqueness.
//! - **symmetric**: the clues are invariant under a 180° turn of the grid.
//!
//! The method is the usual one: a random grid by randomised search (minimum remaining
//! values, digits in random order, restarts with a growing budget, as for heavy-tailed
//! search, Gomes et al. 2000), then clues removed in random order, each removal kept only
//! when the puzzle stays unique. One pass over the cells already gives a minimal puzzle:
//! a clue whose removal broke uniqueness is still needed after further removals, since
//! fewer clues never make a puzzle "more unique". Without `minimal` the pass stops at the
//! first clue that must stay.
//!
//! Uniqueness checks: the native solver counting to two (9×9 and 4×4, microseconds each),
//! or one incremental varisat solver per size holding the empty-grid formula, where a
//! puzzle adds "differs from its grid" under a selector literal and each check solves
//! under the clues as assumptions (unsatisfiable = unique). Learned clauses stay valid
//! for every later puzzle of the same size.

use super::GenerateError;
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzles::sudoku::Sudoku;
use crate::puzzles::sudoku::cnf::{Givens, encode};
use crate::puzzles::sudoku::native::{NativeSearch, solve};
use crate::rng::SplitMix64;
use crate::sat::{SatError, SatVerdict, VarisatSession};

/// Which engine proves uniqueness while clues are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Checker {
    /// Native for 4×4 and 9×9, SAT from 16×16 on (measured fastest; see README).
    Auto,
    /// The native solver (propagation and search), counting to two.
    Native,
    /// An incremental varisat session: the second solution is one more call.
    Sat,
}

impl Checker {
    /// The engine `auto` picks for box side `b`.
    pub fn resolve(self, b: usize) -> Checker {
        match self {
            Checker::Auto if b <= 3 => Checker::Native,
            Checker::Auto => Checker::Sat,
            other => other,
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct SudokuSpec {
    /// Box side b (2..=6): grids of (b²)×(b²).
    pub box_side: usize,
    /// Try every clue once, so that no clue left can be removed (else stop at the first
    /// clue that must stay; see the module docs).
    pub minimal: bool,
    /// Remove clues in pairs symmetric about the centre.
    pub symmetric: bool,
    /// The engine that proves uniqueness.
    pub checker: Checker,
}

/// One generated puzzle and the grid it was cut from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Row-major givens, 0 for an empty cell.
    pub puzzle: Vec<u8>,
    /// The full grid, row-major, digits 1..=n: the puzzle's one solution.
    pub solution: Vec<u8>,
    /// Uniqueness checks made.
    pub checks: u64,
}

/// Generate `count` puzzles from `seed`, handing each to `each` as it is made (same seed,
/// same puzzles).
pub fn generate<E>(
    spec: SudokuSpec,
    count: u64,
    seed: u64,
    mut each: impl FnMut(&Generated) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<GenerateError>,
{
    let b = spec.box_side;
    let empty = Sudoku::new(b, vec![0; b.pow(4)]).map_err(|e| GenerateError::Spec(e.message))?;
    let generator = SudokuGenerator::new(spec, &empty);
    let mut rng = SplitMix64::new(seed);
    match spec.checker.resolve(b) {
        Checker::Sat => {
            let encoding = encode(&empty, Givens::Units);
            // With `Givens::Units` every (cell, digit) has a variable, cell-major.
            let x = encoding.projection.clone();
            let cnf = encoding.cnf;
            let mut checker = SatChecker::new(&cnf, x, b * b);
            for _ in 0..count {
                each(
                    &generator
                        .next(&mut rng, &mut checker)
                        .map_err(GenerateError::Sat)?,
                )?;
            }
        }
        _ => {
            let mut checker = NativeChecker { box_side: b };
            for _ in 0..count {
                each(
                    &generator
                        .next(&mut rng, &mut checker)
                        .map_err(GenerateError::Sat)?,
                )?;
            }
        }
    }
    Ok(())
}

/// Proves a puzzle unique. The puzzle before the removal was unique (its grid is the
/// only solution), so any other solution differs from the grid in a removed cell: that
/// is all a checker has to rule out.
trait Uniqueness {
    fn unique(
        &mut self,
        puzzle: &[u8],
        solution: &[u8],
        removed: &[usize],
    ) -> Result<bool, SatError>;
}

struct NativeChecker {
    box_side: usize,
}

impl Uniqueness for NativeChecker {
    fn unique(&mut self, puzzle: &[u8], _: &[u8], _: &[usize]) -> Result<bool, SatError> {
        let found = solve(self.box_side, puzzle, &NativeSearch::unique());
        Ok(found.count == 1 && found.complete)
    }
}

/// Makes puzzles of one size, one after another.
struct SudokuGenerator {
    spec: SudokuSpec,
    n: usize,
    peers: Vec<Vec<usize>>,
    units: Vec<Vec<usize>>,
    /// Settle removals by singles before the checker (pays off only ahead of SAT; the
    /// native solver does singles itself, faster).
    use_singles: bool,
}

impl SudokuGenerator {
    fn new(spec: SudokuSpec, empty: &Sudoku) -> SudokuGenerator {
        let n = empty.size();
        let mut peers = vec![Vec::new(); n * n];
        for unit in empty.units() {
            for &a in &unit {
                for &c in &unit {
                    if a != c && !peers[a].contains(&c) {
                        peers[a].push(c);
                    }
                }
            }
        }
        SudokuGenerator {
            spec,
            n,
            peers,
            units: empty.units(),
            use_singles: spec.checker.resolve(spec.box_side) == Checker::Sat,
        }
    }

    /// The next puzzle from `rng`.
    fn next(
        &self,
        rng: &mut SplitMix64,
        checker: &mut dyn Uniqueness,
    ) -> Result<Generated, SatError> {
        let solution = self.random_grid(rng);
        let cells = self.n * self.n;
        let mut puzzle = solution.clone();
        let mut order: Vec<usize> = (0..cells)
            .filter(|&c| !self.spec.symmetric || c <= cells - 1 - c)
            .collect();
        rng.shuffle(&mut order);
        let mut checks = 0;
        for cell in order {
            let twin = cells - 1 - cell;
            let pair = if self.spec.symmetric && twin != cell {
                vec![cell, twin]
            } else {
                vec![cell]
            };
            for &c in &pair {
                puzzle[c] = 0;
            }
            checks += 1;
            let settled = self.use_singles && self.singles_solve(&puzzle);
            if !settled && !checker.unique(&puzzle, &solution, &pair)? {
                for &c in &pair {
                    puzzle[c] = solution[c];
                }
                if !self.spec.minimal {
                    break;
                }
            }
        }
        Ok(Generated {
            puzzle,
            solution,
            checks,
        })
    }

    /// Whether naked and hidden singles alone fill the grid: each step is a sound
    /// deduction, so a grid they fill is the only solution. Most removals early on are
    /// settled here, without a search.
    fn singles_solve(&self, puzzle: &[u8]) -> bool {
        let n = self.n;
        let all = (1u64 << n) - 1;
        let mut grid = puzzle.to_vec();
        let mut candidates = vec![all; n * n];
        let mut queue: Vec<usize> = (0..n * n).filter(|&c| grid[c] != 0).collect();
        let mut open = n * n - queue.len();
        loop {
            while let Some(cell) = queue.pop() {
                let bit = 1u64 << (grid[cell] - 1);
                for &p in &self.peers[cell] {
                    if candidates[p] & bit == 0 {
                        continue;
                    }
                    candidates[p] &= !bit;
                    if grid[p] == 0 {
                        match candidates[p].count_ones() {
                            0 => return false,
                            1 => {
                                grid[p] = candidates[p].trailing_zeros() as u8 + 1;
                                open -= 1;
                                queue.push(p);
                            }
                            _ => {}
                        }
                    }
                }
            }
            if open == 0 {
                return true;
            }
            // Hidden singles: a digit with one place left in a unit.
            for unit in &self.units {
                let (mut once, mut twice, mut placed) = (0u64, 0u64, 0u64);
                for &c in unit {
                    if grid[c] != 0 {
                        placed |= 1 << (grid[c] - 1);
                    } else {
                        twice |= once & candidates[c];
                        once |= candidates[c];
                    }
                }
                let hidden = once & !twice & !placed;
                if hidden == 0 {
                    continue;
                }
                for &c in unit {
                    let single = candidates[c] & hidden;
                    if grid[c] == 0 && single != 0 {
                        if single.count_ones() > 1 {
                            return false;
                        }
                        grid[c] = single.trailing_zeros() as u8 + 1;
                        candidates[c] = single;
                        open -= 1;
                        queue.push(c);
                    }
                }
            }
            if queue.is_empty() {
                return false;
            }
        }
    }

    /// A uniformly shuffled search for a filled grid, restarted with a doubled node
    /// budget when it wanders (large grids have heavy-tailed fill times).
    fn random_grid(&self, rng: &mut SplitMix64) -> Vec<u8> {
        let mut budget = 4 * self.n * self.n;
        loop {
            let mut fill = Fill {
                n: self.n,
                peers: &self.peers,
                grid: vec![0; self.n * self.n],
                candidates: vec![(1u64 << self.n) - 1; self.n * self.n],
                nodes: 0,
                budget,
            };
            if fill.search(rng) {
                return fill.grid;
            }
            budget *= 2;
        }
    }
}

/// Randomised backtracking over candidate bitsets (bit d-1 = digit d).
struct Fill<'a> {
    n: usize,
    peers: &'a [Vec<usize>],
    grid: Vec<u8>,
    candidates: Vec<u64>,
    nodes: usize,
    budget: usize,
}

impl Fill<'_> {
    fn search(&mut self, rng: &mut SplitMix64) -> bool {
        // Minimum remaining values, ties broken at random (reservoir sampling).
        let mut best: Option<usize> = None;
        let (mut best_count, mut ties) = (u32::MAX, 0);
        for cell in 0..self.n * self.n {
            if self.grid[cell] != 0 {
                continue;
            }
            let count = self.candidates[cell].count_ones();
            if count < best_count {
                (best, best_count, ties) = (Some(cell), count, 1);
            } else if count == best_count {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = Some(cell);
                }
            }
        }
        let Some(cell) = best else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=self.n as u8)
            .filter(|&d| self.candidates[cell] >> (d - 1) & 1 == 1)
            .collect();
        rng.shuffle(&mut digits);
        for d in digits {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            let bit = 1u64 << (d - 1);
            let mut touched = Vec::new();
            let mut dead = false;
            for &p in &self.peers[cell] {
                if self.grid[p] == 0 && self.candidates[p] & bit != 0 {
                    self.candidates[p] &= !bit;
                    touched.push(p);
                    dead |= self.candidates[p] == 0;
                }
            }
            self.grid[cell] = d;
            if !dead && self.search(rng) {
                return true;
            }
            self.grid[cell] = 0;
            for p in touched {
                self.candidates[p] |= bit;
            }
            if self.nodes > self.budget {
                return false;
            }
        }
        false
    }
}

/// One varisat solver over the empty grid's formula for every puzzle of a size: the clues
/// and "differs from the grid in the removed cell" are assumptions, so nothing a puzzle
/// adds outlives it (a pair of removed cells needs a clause, on a selector retired after
/// the call).
struct SatChecker<'c> {
    /// x(cell, digit) = `x[cell * n + digit - 1]`.
    x: Vec<Var>,
    n: usize,
    session: VarisatSession<'c>,
    assumptions: Vec<Lit>,
}

impl<'c> SatChecker<'c> {
    fn new(cnf: &'c Cnf, x: Vec<Var>, n: usize) -> SatChecker<'c> {
        debug_assert_eq!(x.len(), n * n * n);
        SatChecker {
            x,
            n,
            session: VarisatSession::new(cnf, &crate::stop::Stop::never()),
            assumptions: Vec::new(),
        }
    }

    fn lit(&self, cell: usize, digit: u8) -> Lit {
        self.x[cell * self.n + usize::from(digit) - 1].positive()
    }
}

impl Uniqueness for SatChecker<'_> {
    fn unique(
        &mut self,
        puzzle: &[u8],
        solution: &[u8],
        removed: &[usize],
    ) -> Result<bool, SatError> {
        let mut assumptions = std::mem::take(&mut self.assumptions);
        assumptions.clear();
        let mut selector = None;
        match removed {
            [cell] => assumptions.push(!self.lit(*cell, solution[*cell])),
            cells => {
                // "Differs in one of the removed cells", switched on for this call only.
                let s = self.session.new_var();
                let mut clause = vec![s.negative()];
                clause.extend(cells.iter().map(|&c| !self.lit(c, solution[c])));
                self.session.add_clause(&clause);
                assumptions.push(s.positive());
                selector = Some(s);
            }
        }
        for (cell, &d) in puzzle.iter().enumerate() {
            if d != 0 {
                assumptions.push(self.lit(cell, d));
            }
        }
        let verdict = self.session.solve_under(&assumptions);
        self.assumptions = assumptions;
        if let Some(s) = selector {
            self.session.add_clause(&[s.negative()]);
        }
        match verdict? {
            SatVerdict::Unsat => Ok(true),
            SatVerdict::Sat(_) => Ok(false),
            SatVerdict::Unknown => Err(SatError::Varisat("the solver stopped".into())),
        }
    }
}

/// A puzzle as text: one line of `.` and digits for 4×4 and 9×9 (the collection format);
/// n rows of blank-separated numbers (`.` empty) for larger sizes, which the reader
/// takes back when puzzles are separated by blank lines.
pub fn puzzle_text(box_side: usize, cells: &[u8]) -> String {
    let n = box_side * box_side;
    if n <= 9 {
        crate::puzzles::sudoku::line_text(cells)
    } else {
        cells
            .chunks(n)
            .map(|row| {
                row.iter()
                    .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::cnf::encode_with;

    #[test]
    fn units_encoding_numbers_variables_cell_major() {
        let empty = Sudoku::new(2, vec![0; 16]).expect("4x4");
        let named = encode_with(&empty, Givens::Units, true);
        assert_eq!(named.cnf.var_name(named.projection[0]), Some("x[r1,c1]=1"));
        assert_eq!(
            named.cnf.var_name(named.projection[4 * 5 + 2]),
            Some("x[r2,c2]=3")
        );
    }

    #[test]
    fn random_grids_are_valid_and_seeded() {
        for b in 2..=4 {
            let spec = SudokuSpec {
                box_side: b,
                minimal: false,
                symmetric: false,
                checker: Checker::Native,
            };
            let empty = Sudoku::new(b, vec![0; b.pow(4)]).expect("empty");
            let generator = SudokuGenerator::new(spec, &empty);
            let grid = generator.random_grid(&mut SplitMix64::new(3));
            assert_eq!(grid, generator.random_grid(&mut SplitMix64::new(3)));
            let n = b * b;
            let sudoku = Sudoku::new(b, vec![0; n * n]).expect("empty");
            for unit in sudoku.units() {
                let mut digits: Vec<u8> = unit.iter().map(|&c| grid[c]).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=n as u8).collect::<Vec<_>>());
            }
        }
    }
}
