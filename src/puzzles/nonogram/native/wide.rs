//! The general engine, for lines of any length: byte-per-cell line states, the DP line
//! solver of [`super::super::line`], line logic to a fixpoint, probing, then search.
//!
//! [`super`] uses it only when some line is longer than [`super::bitline::MAX_LEN`]; the
//! bit-parallel engine ([`super::masks`]) handles everything shorter. Both must give the
//! same answers; the tests in [`super`] compare them.
//!
//! Glossary:
//! - **grid state**: one [`line`](super::super::line) cell mask per cell (white / black /
//!   unknown).
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

use super::super::line::{BLACK, LineSolver, UNKNOWN, WHITE};
use super::super::{Grid, Nonogram, lengths};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Stop;

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

/// A direct-mapped cache of line-solver results keyed by (line, cell states): probing
/// solves the same line states over and over (ENGINES.md: such a cache pays 30–50%).
/// Preallocated; a colliding entry simply replaces the old one.
struct LineCache {
    mask: usize,
    len: usize,
    hashes: Vec<u64>,
    states: Vec<u8>,
    results: Vec<u8>,
    /// 0: empty, 1: contradiction, 2: solved (result in `results`).
    kind: Vec<u8>,
    /// Cache hits (kept for profiling).
    hits: u64,
}

impl LineCache {
    fn new(max_len: usize) -> LineCache {
        // About 4 MB at most: slots × 2 × max_len bytes.
        let mut slots = 1usize << 16;
        while slots > 1024 && slots * 2 * max_len > 4 << 20 {
            slots >>= 1;
        }
        LineCache {
            mask: slots - 1,
            len: max_len,
            hashes: vec![0; slots],
            states: vec![0; slots * max_len],
            results: vec![0; slots * max_len],
            kind: vec![0; slots],
            hits: 0,
        }
    }

    fn hash(line: usize, cells: &[u8]) -> u64 {
        // FxHash-style multiply-rotate over 8 cells at a time.
        let mut h = (line as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for chunk in cells.chunks(8) {
            let mut word = 0u64;
            for (i, &c) in chunk.iter().enumerate() {
                word |= u64::from(c) << (8 * i);
            }
            h = (h.rotate_left(5) ^ word).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
        h | 1
    }

    /// `Some(None)`: cached contradiction; `Some(Some(()))`: `cells` overwritten with the
    /// cached result.
    fn get(&mut self, hash: u64, cells: &mut [u8]) -> Option<Option<()>> {
        let slot = (hash as usize) & self.mask;
        let n = cells.len();
        let base = slot * self.len;
        if self.kind[slot] == 0
            || self.hashes[slot] != hash
            || self.states[base..base + n] != *cells
        {
            return None;
        }
        self.hits += 1;
        if self.kind[slot] == 1 {
            return Some(None);
        }
        cells.copy_from_slice(&self.results[base..base + n]);
        Some(Some(()))
    }

    fn put(&mut self, hash: u64, before: &[u8], after: Option<&[u8]>) {
        let slot = (hash as usize) & self.mask;
        let n = before.len();
        let base = slot * self.len;
        self.hashes[slot] = hash;
        self.states[base..base + n].copy_from_slice(before);
        match after {
            Some(a) => {
                self.results[base..base + n].copy_from_slice(a);
                self.kind[slot] = 2;
            }
            None => self.kind[slot] = 1,
        }
    }
}

struct Solver<'p> {
    /// Created at the first probe: line logic alone (most puzzles) does not need it.
    cache: Option<LineCache>,
    before: Vec<u8>,
    puzzle: &'p Nonogram,
    width: usize,
    /// Cell indices of every line, rows then columns, flattened; `line_start[l]..[l+1]`.
    line_cells: Vec<usize>,
    line_start: Vec<usize>,
    /// Block lengths of every line (this engine is black-and-white only).
    clues: Vec<Vec<usize>>,
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
    // Dirty tracking for probing (see `probe_to_fixpoint`).
    /// Logical clock, advanced on every change of a node's grid.
    clock: u64,
    /// When each line of the current node's grid last changed.
    line_stamp: Vec<u64>,
    /// When each cell was last probed (0: not at this node).
    probe_stamp: Vec<u64>,
    /// The lines each cell's last probe changed, in either branch.
    probe_lines: Vec<Vec<u32>>,
    /// The (min, max) cells each cell's last probe settled.
    probe_score: Vec<(usize, usize)>,
    /// Lines changed since recording began (deduplicated by `touch_mark`).
    touched: Vec<u32>,
    touch_mark: Vec<u64>,
    session: u64,
    /// Every line stamped, in order, so that backtracking can re-stamp what it undoes.
    stamp_log: Vec<u32>,
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
            cache: None,
            before: Vec::with_capacity(puzzle.width().max(puzzle.height())),
            puzzle,
            width: puzzle.width(),
            line_cells,
            line_start,
            clues: (0..puzzle.num_lines())
                .map(|l| lengths(puzzle.clue(l)))
                .collect(),
            lines: LineSolver::new(),
            buf: Vec::with_capacity(puzzle.width().max(puzzle.height())),
            queue: VecDeque::with_capacity(puzzle.num_lines()),
            queued: vec![false; puzzle.num_lines()],
            pool: Vec::new(),
            probe_black: vec![UNKNOWN; cells],
            probe_white: vec![UNKNOWN; cells],
            limits: limits.clone(),
            solutions: Vec::new(),
            count: 0,
            nodes: 0,
            guesses: 0,
            probes: 0,
            timed_out: false,
            clock: 1,
            line_stamp: vec![0; puzzle.num_lines()],
            probe_stamp: vec![0; cells],
            probe_lines: vec![Vec::new(); cells],
            probe_score: vec![(0, 0); cells],
            touched: Vec::new(),
            touch_mark: vec![0; puzzle.num_lines()],
            session: 1,
            stamp_log: Vec::new(),
        }
    }

    fn initial_grid(&self) -> Vec<u8> {
        self.puzzle
            .givens()
            .iter()
            .map(|g| match g {
                Some(0) => WHITE,
                Some(_) => BLACK,
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
            let hash = LineCache::hash(l, &self.buf);
            let cached = match self.cache.as_mut() {
                Some(cache) => cache.get(hash, &mut self.buf),
                None => None,
            };
            let result = match cached {
                Some(None) => None,
                // A hit may or may not change the line; the write-back below compares cells.
                Some(Some(())) => Some(true),
                None => {
                    self.before.clear();
                    self.before.extend_from_slice(&self.buf);
                    let r = self.lines.solve(&self.clues[l], &mut self.buf);
                    if let Some(cache) = self.cache.as_mut() {
                        cache.put(hash, &self.before, r.map(|_| &self.buf[..]));
                    }
                    r
                }
            };
            match result {
                None => {
                    self.clear_queue();
                    return false;
                }
                Some(false) => {}
                Some(true) => {
                    self.touch(l);
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
                            self.touch(crossing);
                        }
                    }
                }
            }
        }
        true
    }

    /// Notes that line `l` changed (for dirty tracking).
    fn touch(&mut self, l: usize) {
        if self.touch_mark[l] != self.session {
            self.touch_mark[l] = self.session;
            self.touched.push(l as u32);
        }
    }

    /// Starts a new set of touched lines.
    fn begin_touch(&mut self) {
        self.session += 1;
        self.touched.clear();
    }

    /// Stamps every touched line as changed in the node's grid.
    fn stamp_touched(&mut self) {
        for &l in &self.touched {
            self.clock += 1;
            self.line_stamp[l as usize] = self.clock;
            self.stamp_log.push(l);
        }
    }

    /// Backtracking widens the grid again: every line changed since the log had `mark`
    /// entries is stamped anew, so probes made below stop looking valid.
    fn restamp_since(&mut self, mark: usize) {
        for i in mark..self.stamp_log.len() {
            self.clock += 1;
            self.line_stamp[self.stamp_log[i] as usize] = self.clock;
        }
        self.stamp_log.truncate(mark);
    }

    /// Whether `cell`'s last probe at this node is still valid: no line it changed (nor the
    /// cell's own row and column) has changed since.
    fn probe_still_valid(&self, cell: usize) -> bool {
        let at = self.probe_stamp[cell];
        at > 0
            && self.line_stamp[cell / self.width] < at
            && self.line_stamp[self.puzzle.height() + cell % self.width] < at
            && self.probe_lines[cell]
                .iter()
                .all(|&l| self.line_stamp[l as usize] < at)
    }

    fn past_deadline(&mut self) -> bool {
        if self.limits.stop.should_stop() {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Probes every unknown cell until a whole pass changes nothing. A cell is re-probed
    /// only when a line its last probe changed has changed since (ENGINES.md, after the
    /// tournament solvers): the confirming pass then costs almost nothing.
    fn probe_to_fixpoint(&mut self, grid: &mut [u8]) -> Probe {
        if self.cache.is_none() && grid.contains(&UNKNOWN) {
            let longest = self.puzzle.width().max(self.puzzle.height());
            self.cache = Some(LineCache::new(longest));
        }
        let mut black = std::mem::take(&mut self.probe_black);
        let mut white = std::mem::take(&mut self.probe_white);
        let result = 'outer: loop {
            let mut changed = false;
            for cell in 0..grid.len() {
                if grid[cell] != UNKNOWN || self.probe_still_valid(cell) {
                    continue;
                }
                self.probes += 1;
                if self.probes % 64 == 0 && self.past_deadline() {
                    break 'outer Probe::Timeout;
                }
                self.begin_touch();
                black.copy_from_slice(grid);
                black[cell] = BLACK;
                self.enqueue_cell(cell);
                let black_ok = self.propagate(&mut black);
                white.copy_from_slice(grid);
                white[cell] = WHITE;
                self.enqueue_cell(cell);
                let white_ok = self.propagate(&mut white);
                self.touch(cell / self.width);
                self.touch(self.puzzle.height() + cell % self.width);
                match (black_ok, white_ok) {
                    (false, false) => break 'outer Probe::Dead,
                    (true, false) => {
                        grid.copy_from_slice(&black);
                        self.stamp_touched();
                        changed = true;
                    }
                    (false, true) => {
                        grid.copy_from_slice(&white);
                        self.stamp_touched();
                        changed = true;
                    }
                    (true, true) => {
                        let (mut settled_black, mut settled_white) = (0, 0);
                        let mut merged = false;
                        let probe_lines = std::mem::take(&mut self.probe_lines[cell]);
                        let mut lines = probe_lines;
                        lines.clear();
                        lines.extend_from_slice(&self.touched);
                        self.begin_touch();
                        for i in 0..grid.len() {
                            if grid[i] != UNKNOWN {
                                continue;
                            }
                            let (b, w) = (black[i], white[i]);
                            if b == w && b != UNKNOWN {
                                grid[i] = b;
                                self.enqueue_cell(i);
                                self.touch(i / self.width);
                                self.touch(self.puzzle.height() + i % self.width);
                                merged = true;
                            }
                            settled_black += usize::from(b != UNKNOWN);
                            settled_white += usize::from(w != UNKNOWN);
                        }
                        self.clock += 1;
                        self.probe_stamp[cell] = self.clock;
                        self.probe_lines[cell] = lines;
                        self.probe_score[cell] = (
                            settled_black.min(settled_white),
                            settled_black.max(settled_white),
                        );
                        if merged {
                            changed = true;
                            let ok = self.propagate(grid);
                            self.stamp_touched();
                            if !ok {
                                break 'outer Probe::Dead;
                            }
                        }
                    }
                }
            }
            if !changed {
                let best = (0..grid.len())
                    .filter(|&c| grid[c] == UNKNOWN)
                    .max_by_key(|&c| (self.probe_score[c], std::cmp::Reverse(c)));
                break match best {
                    None => Probe::Solved,
                    Some(cell) => Probe::Branch(cell),
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
                cells: grid.iter().map(|&c| u8::from(c == BLACK)).collect(),
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
        let mark = self.stamp_log.len();
        for value in [BLACK, WHITE] {
            child.copy_from_slice(grid);
            child[cell] = value;
            self.enqueue_cell(cell);
            self.begin_touch();
            self.touch(cell / self.width);
            self.touch(self.puzzle.height() + cell % self.width);
            let ok = self.propagate(&mut child);
            self.stamp_touched();
            // Probes made at this node stay valid in the child unless a line they read
            // changed (the child only narrows the grid).
            let stop = ok && self.search(&mut child) == Flow::Stop;
            self.restamp_since(mark);
            if stop {
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
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: Stop::never(),
    };
    let mut solver = Solver::new(puzzle, &limits);
    let mut grid = solver.initial_grid();
    solver.enqueue_all();
    solver.propagate(&mut grid).then(|| {
        grid.iter()
            .map(|&c| match c {
                BLACK => Some(1),
                WHITE => Some(0),
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
            stop: Stop::never(),
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
                cells: (0..w * h).map(|i| (bits >> i & 1) as u8).collect(),
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
                cells: (0..w * h).map(|_| u8::from(next() % 2 == 0)).collect(),
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
