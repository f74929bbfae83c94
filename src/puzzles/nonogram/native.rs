//! The native backend: line logic to a fixpoint, probing, then search.
//!
//! Glossary:
//! - **grid state**: one [`line`] cell mask per cell (white / black / unknown).
//! - **propagation**: run the line solver on every line in a queue; a line whose cells
//!   change puts its crossing lines back in the queue; stops at the fixpoint or at a
//!   contradiction (some line has no pattern left).
//! - **probe**: set an unknown cell black, propagate; set it white, propagate. A branch that
//!   contradicts fixes the cell the other way; cells both branches settle alike are fixed
//!   (failed-literal probing plus "merge", as in Wu et al., "An Efficient Approach to Solving
//!   Nonograms", IEEE TCIAIG 5(3), 2013, the LalaFrogKK solver).
//! - **guess**: when probing settles nothing more, branch on the cell whose probes settled
//!   the most cells in the weaker branch (max of min(b, w), ties to the larger max(b, w)),
//!   black first, and search both ways, depth first.
//!
//! Counting: the search does not stop at the first solution; it stops after
//! `limits.max_solutions` (None = all), so `--unique` is a count to 2.
//! Grid states for each depth come from a pool and are reused: after warm-up the search
//! loop does not allocate.

use std::collections::VecDeque;
use std::time::Instant;

use super::line::{BLACK, LineSolver, UNKNOWN, WHITE};
use super::{Grid, Nonogram};
use crate::puzzle::{Limits, NativeAnswer};

/// What one search node concluded after probing.
enum Probe {
    Dead,
    Solved,
    Branch(usize),
    Timeout,
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Stop,
}

struct Solver<'p> {
    puzzle: &'p Nonogram,
    width: usize,
    /// Cell indices of every line, rows then columns, flattened; `line_start[l]..[l+1]`.
    line_cells: Vec<usize>,
    line_start: Vec<usize>,
    lines: LineSolver,
    buf: Vec<u8>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    pool: Vec<Vec<u8>>,
    probe_black: Vec<u8>,
    probe_white: Vec<u8>,
    limits: Limits,
    solutions: Vec<Grid>,
    count: u64,
    nodes: u64,
    guesses: u64,
    probes: u64,
    timed_out: bool,
}

impl<'p> Solver<'p> {
    fn new(puzzle: &'p Nonogram, limits: &Limits) -> Solver<'p> {
        let mut line_cells = Vec::new();
        let mut line_start = vec![0];
        for l in 0..puzzle.num_lines() {
            line_cells.extend((0..puzzle.line_len(l)).map(|i| puzzle.cell_of(l, i)));
            line_start.push(line_cells.len());
        }
        let cells = puzzle.width() * puzzle.height();
        Solver {
            puzzle,
            width: puzzle.width(),
            line_cells,
            line_start,
            lines: LineSolver::new(),
            buf: Vec::with_capacity(puzzle.width().max(puzzle.height())),
            queue: VecDeque::with_capacity(puzzle.num_lines()),
            queued: vec![false; puzzle.num_lines()],
            pool: Vec::new(),
            probe_black: vec![UNKNOWN; cells],
            probe_white: vec![UNKNOWN; cells],
            limits: *limits,
            solutions: Vec::new(),
            count: 0,
            nodes: 0,
            guesses: 0,
            probes: 0,
            timed_out: false,
        }
    }

    fn initial_grid(&self) -> Vec<u8> {
        self.puzzle
            .givens()
            .iter()
            .map(|g| match g {
                Some(true) => BLACK,
                Some(false) => WHITE,
                None => UNKNOWN,
            })
            .collect()
    }

    fn enqueue(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push_back(line);
        }
    }

    fn enqueue_cell(&mut self, cell: usize) {
        self.enqueue(cell / self.width);
        self.enqueue(self.puzzle.height() + cell % self.width);
    }

    fn enqueue_all(&mut self) {
        for l in 0..self.puzzle.num_lines() {
            self.enqueue(l);
        }
    }

    fn clear_queue(&mut self) {
        while let Some(l) = self.queue.pop_front() {
            self.queued[l] = false;
        }
    }

    /// Runs the line solver over the queue to a fixpoint. `false`: contradiction.
    fn propagate(&mut self, grid: &mut [u8]) -> bool {
        let height = self.puzzle.height();
        while let Some(l) = self.queue.pop_front() {
            self.queued[l] = false;
            let (start, end) = (self.line_start[l], self.line_start[l + 1]);
            self.buf.clear();
            self.buf
                .extend(self.line_cells[start..end].iter().map(|&c| grid[c]));
            match self.lines.solve(self.puzzle.clue(l), &mut self.buf) {
                None => {
                    self.clear_queue();
                    return false;
                }
                Some(false) => {}
                Some(true) => {
                    for i in 0..end - start {
                        let cell = self.line_cells[start + i];
                        if grid[cell] != self.buf[i] {
                            grid[cell] = self.buf[i];
                            // The crossing line of a changed cell.
                            let crossing = if l < height {
                                height + cell % self.width
                            } else {
                                cell / self.width
                            };
                            self.enqueue(crossing);
                        }
                    }
                }
            }
        }
        true
    }

    fn past_deadline(&mut self) -> bool {
        if let Some(deadline) = self.limits.deadline
            && Instant::now() >= deadline
        {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Probes every unknown cell until a whole pass changes nothing.
    fn probe_to_fixpoint(&mut self, grid: &mut [u8]) -> Probe {
        let mut black = std::mem::take(&mut self.probe_black);
        let mut white = std::mem::take(&mut self.probe_white);
        let result = 'outer: loop {
            let mut changed = false;
            let mut best: Option<(usize, (usize, usize))> = None;
            for cell in 0..grid.len() {
                if grid[cell] != UNKNOWN {
                    continue;
                }
                self.probes += 1;
                if self.probes % 64 == 0 && self.past_deadline() {
                    break 'outer Probe::Timeout;
                }
                black.copy_from_slice(grid);
                black[cell] = BLACK;
                self.enqueue_cell(cell);
                let black_ok = self.propagate(&mut black);
                white.copy_from_slice(grid);
                white[cell] = WHITE;
                self.enqueue_cell(cell);
                let white_ok = self.propagate(&mut white);
                match (black_ok, white_ok) {
                    (false, false) => break 'outer Probe::Dead,
                    (true, false) => {
                        grid.copy_from_slice(&black);
                        changed = true;
                    }
                    (false, true) => {
                        grid.copy_from_slice(&white);
                        changed = true;
                    }
                    (true, true) => {
                        let (mut settled_black, mut settled_white) = (0, 0);
                        let mut merged = false;
                        for i in 0..grid.len() {
                            if grid[i] != UNKNOWN {
                                continue;
                            }
                            let (b, w) = (black[i], white[i]);
                            if b == w && b != UNKNOWN {
                                grid[i] = b;
                                self.enqueue_cell(i);
                                merged = true;
                            }
                            settled_black += usize::from(b != UNKNOWN);
                            settled_white += usize::from(w != UNKNOWN);
                        }
                        if merged {
                            changed = true;
                            if !self.propagate(grid) {
                                break 'outer Probe::Dead;
                            }
                        } else {
                            let score = (
                                settled_black.min(settled_white),
                                settled_black.max(settled_white),
                            );
                            if best.is_none_or(|(_, s)| score > s) {
                                best = Some((cell, score));
                            }
                        }
                    }
                }
            }
            if !changed {
                break match best {
                    None => Probe::Solved,
                    Some((cell, _)) => Probe::Branch(cell),
                };
            }
        };
        self.probe_black = black;
        self.probe_white = white;
        result
    }

    fn record(&mut self, grid: &[u8]) -> Flow {
        debug_assert!(grid.iter().all(|&c| c == BLACK || c == WHITE));
        self.count += 1;
        if self.solutions.len() < self.limits.keep {
            self.solutions.push(Grid {
                width: self.puzzle.width(),
                height: self.puzzle.height(),
                cells: grid.iter().map(|&c| c == BLACK).collect(),
            });
        }
        if self.count >= self.limits.max_or_all() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    /// One node of the depth-first search; `grid` is at the line-logic fixpoint.
    fn search(&mut self, grid: &mut [u8]) -> Flow {
        self.nodes += 1;
        if self.past_deadline() {
            return Flow::Stop;
        }
        let cell = match self.probe_to_fixpoint(grid) {
            Probe::Dead => return Flow::Continue,
            Probe::Timeout => return Flow::Stop,
            Probe::Solved => return self.record(grid),
            Probe::Branch(cell) => cell,
        };
        self.guesses += 1;
        let mut child = self.pool.pop().unwrap_or_else(|| vec![UNKNOWN; grid.len()]);
        let mut flow = Flow::Continue;
        for value in [BLACK, WHITE] {
            child.copy_from_slice(grid);
            child[cell] = value;
            self.enqueue_cell(cell);
            if self.propagate(&mut child) && self.search(&mut child) == Flow::Stop {
                flow = Flow::Stop;
                break;
            }
        }
        self.pool.push(child);
        flow
    }
}

/// Solves `puzzle`, counting solutions up to `limits.max_solutions`.
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> NativeAnswer<Grid> {
    let mut solver = Solver::new(puzzle, limits);
    let mut grid = solver.initial_grid();
    solver.enqueue_all();
    let complete = if solver.limits.max_solutions == Some(0) {
        false
    } else if !solver.propagate(&mut grid) {
        true
    } else {
        let flow = solver.search(&mut grid);
        flow == Flow::Continue && !solver.timed_out
    };
    NativeAnswer {
        solutions: solver.solutions,
        count: solver.count,
        complete,
        nodes: Some(solver.nodes),
        guesses: Some(solver.guesses),
    }
}

/// What line logic alone (no probing, no search) decides: each cell black, white or
/// undecided; `None` when line logic finds a contradiction.
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<bool>>> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        deadline: None,
    };
    let mut solver = Solver::new(puzzle, &limits);
    let mut grid = solver.initial_grid();
    solver.enqueue_all();
    solver.propagate(&mut grid).then(|| {
        grid.iter()
            .map(|&c| match c {
                BLACK => Some(true),
                WHITE => Some(false),
                _ => None,
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max: Option<u64>) -> Limits {
        Limits {
            max_solutions: max,
            keep: 10,
            deadline: None,
        }
    }

    #[test]
    fn unique_picture_by_line_logic() {
        let goal = Grid::from_rows(&[".##.", "#..#", "#..#", ".##."]).expect("grid");
        let puzzle = Nonogram::from_grid(&goal);
        let answer = solve(&puzzle, &limits(None));
        // The ring is ambiguous? No: its clues force it (checked by brute force below).
        assert!(answer.complete);
        assert!(answer.solutions.contains(&goal));
        assert_eq!(answer.count, brute_count(&puzzle));
    }

    /// All 2^(w·h) grids, for tiny puzzles.
    fn brute_count(puzzle: &Nonogram) -> u64 {
        let (w, h) = (puzzle.width(), puzzle.height());
        let mut count = 0;
        for bits in 0u64..(1 << (w * h)) {
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|i| bits >> i & 1 == 1).collect(),
            };
            if puzzle.verify(&grid).is_ok() {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn counts_equal_brute_force_on_random_small_puzzles() {
        let mut seed = 99u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..60 {
            let (w, h) = ((next() % 4 + 1) as usize, (next() % 4 + 1) as usize);
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|_| next() % 2 == 0).collect(),
            };
            let puzzle = Nonogram::from_grid(&grid);
            let answer = solve(&puzzle, &limits(None));
            assert!(answer.complete);
            assert_eq!(
                answer.count,
                brute_count(&puzzle),
                "{:?}",
                grid.row_strings()
            );
            for s in &answer.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
        }
    }

    #[test]
    fn diagonal_has_two_solutions_and_line_logic_stops() {
        let puzzle = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]);
        assert_eq!(line_logic(&puzzle), Some(vec![None; 4]));
        let answer = solve(&puzzle, &limits(None));
        assert_eq!((answer.count, answer.complete), (2, true));
        let first = solve(&puzzle, &limits(Some(1)));
        assert_eq!((first.count, first.complete), (1, false));
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        let puzzle = Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).with_givens(vec![
            Some(false),
            None,
            None,
            None,
        ]);
        let answer = solve(&puzzle, &limits(None));
        assert_eq!((answer.count, answer.complete), (0, true));
    }
}
