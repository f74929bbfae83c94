//! The bit-parallel engine: every line a pair of `u128` masks, the line solver of
//! [`bitline`](super::bitline), line logic to a fixpoint, probing to a fixpoint at every
//! node, then depth-first search. For puzzles whose lines are all at most
//! [`MAX_LEN`](super::bitline::MAX_LEN) cells long.
//!
//! Glossary:
//! - **state**: for each line `l` (rows `0..h`, then columns), `state[2l]` = its known black
//!   cells and `state[2l + 1]` its known white cells, bit `i` = position `i` along the line.
//!   A cell is stored twice (in its row and in its column) and both copies always agree;
//!   the transposed copy is what lets a column be read as one word.
//! - **line set**: a bit set of line numbers ([`LineSet`]; at most 254 lines).
//! - **propagation**: solve the lines of a queue; a line that narrows writes its new cells
//!   into the crossing lines and queues them; ends at the fixpoint or a contradiction.
//! - **probe**: propagate the state with an unknown cell set black, then set white. Both
//!   contradict: the node is dead. One does: the cell takes the other value (and everything
//!   that branch settled). Neither: the cells both branches settle alike are fixed ("merge").
//!   This is failed-literal probing plus merge, the core of LalaFrogKK (Wu et al., "An
//!   Efficient Approach to Solving Nonograms", IEEE TCIAIG 5(3), 2013).
//! - **probe validity**: a probe's outcome depends only on the lines its two propagations
//!   solved (its **read set**). It stays valid until one of those lines changes in the
//!   state, so a probing pass skips valid cells and the confirming pass is nearly free.
//!   Validity carries into a child node (which only narrows the state); on return, every
//!   line the child changed invalidates the probes that read it.
//! - **guess**: when every unknown cell has a valid probe that settled nothing, branch on
//!   the cell maximising (min(b, w) + max(b, w) / 16) × (weight of its row + weight of its
//!   column). b and w count the cells each of its probes settled (Wu et al.: the branch
//!   that gains least decides; the small imbalance bonus prefers a cell with one very
//!   strong branch).
//! - **weight**: 1 + the number of contradictions a line has raised, in probes and in
//!   search: the dom/wdeg idea of Boussemart, Hemery, Lecoutre & Sais ("Boosting
//!   systematic search by weighting constraints", ECAI 2004). It keeps the search on the
//!   part of the grid that keeps failing. Without it, puzzles made of loosely coupled
//!   hard regions (the four sides of webpbn #6574 "Forever") are searched as the product
//!   of the regions' trees: 21,227 nodes for Forever against 119 with it.
//!
//! Counting: the search stops after `limits.max_solutions` solutions (None = all).
//! States for each depth come from a pool; after warm-up, search and probing allocate
//! nothing.

use std::collections::VecDeque;

use super::super::{Grid, Nonogram};
use super::Stats;
use super::bitline::{self, MAX_LEN, Tables};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Stop;

/// Lines a puzzle within [`MAX_LEN`] can have.
const MAX_LINES: usize = 2 * MAX_LEN;

/// A set of line numbers.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct LineSet([u64; MAX_LINES.div_ceil(64)]);

impl LineSet {
    #[inline]
    fn insert(&mut self, l: usize) {
        self.0[l / 64] |= 1 << (l % 64);
    }

    #[inline]
    fn union(&mut self, other: &LineSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    #[inline]
    fn intersects(&self, other: &LineSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn clear(&mut self) {
        self.0 = [0; MAX_LINES.div_ceil(64)];
    }
}

/// A direct-mapped cache of line results keyed by (line, known black, known white):
/// probing solves the same line states again and again (ENGINES.md: 30–50%).
struct LineCache {
    /// Each entry: [black, white, new black, new white, tag]. The tag is one more than the
    /// line number (0: empty slot), with [`CONTRADICTION`] set when no pattern fits. An all-zero
    /// table is an empty one, so it comes from the allocator already zeroed and only the
    /// pages probing touches are ever written.
    entries: Vec<[u128; 5]>,
    mask: usize,
}

const CONTRADICTION: u128 = 1 << 64;

/// At most 2^14 entries of 80 bytes (1.3 MB); about 128 per line, so that small puzzles
/// that probe a little do not pay for a big table.
fn cache_slots(num_lines: usize) -> usize {
    (num_lines * 128)
        .next_power_of_two()
        .clamp(1 << 10, 1 << 14)
}

impl LineCache {
    fn new(slots: usize) -> LineCache {
        debug_assert!(slots.is_power_of_two());
        LineCache {
            entries: vec![[0; 5]; slots],
            mask: slots - 1,
        }
    }

    #[inline]
    fn slot(&self, line: usize, black: u128, white: u128) -> usize {
        // A multiply-xorshift mix of the four words and the line (FxHash-like).
        let k = 0x9E37_79B9_7F4A_7C15u64;
        let mut h = (line as u64).wrapping_mul(k);
        for word in [
            black as u64,
            (black >> 64) as u64,
            white as u64,
            (white >> 64) as u64,
        ] {
            h = (h ^ word).wrapping_mul(k);
            h ^= h >> 29;
        }
        (h as usize) & self.mask
    }
}

struct Engine<'p> {
    puzzle: &'p Nonogram,
    height: usize,
    num_lines: usize,
    /// Lengths of the lines.
    len: Vec<usize>,
    tables: Tables,
    /// Created at the first probe: line logic alone (most puzzles) does not need it.
    cache: Option<LineCache>,
    queue: VecDeque<usize>,
    queued: LineSet,
    /// Lines solved since last cleared (a probe's read set).
    read: LineSet,
    /// Lines changed since last cleared.
    changed: LineSet,
    /// Per cell: whether its last probe is still valid, the lines it read, its score.
    valid: Vec<bool>,
    probe_lines: Vec<LineSet>,
    score: Vec<u32>,
    /// Per line: 1 + the contradictions it has raised (dom/wdeg weights).
    weight: Vec<u64>,
    /// The line whose contradiction ended the last failed propagation.
    failed: usize,
    pool: Vec<Vec<u128>>,
    probe_black: Vec<u128>,
    probe_white: Vec<u128>,
    limits: Limits,
    solutions: Vec<Grid>,
    count: u64,
    stats: Stats,
    timed_out: bool,
}

enum Probed {
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

impl<'p> Engine<'p> {
    fn new(puzzle: &'p Nonogram, limits: &Limits) -> Engine<'p> {
        let num_lines = puzzle.num_lines();
        debug_assert!(puzzle.width() <= MAX_LEN && puzzle.height() <= MAX_LEN);
        let cells = puzzle.width() * puzzle.height();
        Engine {
            puzzle,
            height: puzzle.height(),
            num_lines,
            len: (0..num_lines).map(|l| puzzle.line_len(l)).collect(),
            tables: Tables::new(),
            cache: None,
            queue: VecDeque::with_capacity(num_lines),
            queued: LineSet::default(),
            read: LineSet::default(),
            changed: LineSet::default(),
            valid: vec![false; cells],
            probe_lines: vec![LineSet::default(); cells],
            score: vec![0; cells],
            weight: vec![1; num_lines],
            failed: 0,
            pool: Vec::new(),
            probe_black: vec![0; 2 * num_lines],
            probe_white: vec![0; 2 * num_lines],
            limits: limits.clone(),
            solutions: Vec::new(),
            count: 0,
            stats: Stats::default(),
            timed_out: false,
        }
    }

    /// The state the givens describe (not yet propagated).
    fn initial_state(&self) -> Vec<u128> {
        let mut state = vec![0; 2 * self.num_lines];
        let width = self.puzzle.width();
        for (cell, given) in self.puzzle.givens().iter().enumerate() {
            if let Some(black) = *given {
                self.set(&mut state, cell / width, cell % width, black);
            }
        }
        state
    }

    /// Sets cell (row, col) in both its row and its column.
    #[inline]
    fn set(&self, state: &mut [u128], row: usize, col: usize, black: bool) {
        let colour = usize::from(!black);
        state[2 * row + colour] |= 1 << col;
        state[2 * (self.height + col) + colour] |= 1 << row;
    }

    #[inline]
    fn enqueue(&mut self, l: usize) {
        if self.queued.0[l / 64] >> (l % 64) & 1 == 0 {
            self.queued.insert(l);
            self.queue.push_back(l);
        }
    }

    fn clear_queue(&mut self) {
        self.queue.clear();
        self.queued.clear();
    }

    /// The line solver behind the cache.
    #[inline]
    fn solve_line(&mut self, l: usize, black: u128, white: u128) -> Option<(u128, u128)> {
        self.stats.line_solves += 1;
        let Some(cache) = self.cache.as_mut() else {
            return bitline::solve(
                &mut self.tables,
                self.puzzle.clue(l),
                self.len[l],
                black,
                white,
            );
        };
        let slot = cache.slot(l, black, white);
        let [key_black, key_white, new_black, new_white, tag] = cache.entries[slot];
        if tag & !CONTRADICTION == l as u128 + 1 && key_black == black && key_white == white {
            self.stats.cache_hits += 1;
            return (tag & CONTRADICTION == 0).then_some((new_black, new_white));
        }
        let result = bitline::solve(
            &mut self.tables,
            self.puzzle.clue(l),
            self.len[l],
            black,
            white,
        );
        let (new_black, new_white) = result.unwrap_or((0, 0));
        let tag = (l as u128 + 1) | if result.is_none() { CONTRADICTION } else { 0 };
        cache.entries[slot] = [black, white, new_black, new_white, tag];
        result
    }

    /// Solves queued lines to a fixpoint; adds the lines solved to `read` and the lines
    /// changed to `changed`. `false`: contradiction (the queue is then emptied).
    fn propagate(&mut self, state: &mut [u128]) -> bool {
        let height = self.height;
        while let Some(l) = self.queue.pop_front() {
            self.queued.0[l / 64] &= !(1 << (l % 64));
            self.read.insert(l);
            let (black, white) = (state[2 * l], state[2 * l + 1]);
            let Some((new_black, new_white)) = self.solve_line(l, black, white) else {
                self.failed = l;
                self.clear_queue();
                return false;
            };
            debug_assert!(new_black & black == black && new_white & white == white);
            let (gain_black, gain_white) = (new_black & !black, new_white & !white);
            if gain_black | gain_white == 0 {
                continue;
            }
            state[2 * l] = new_black;
            state[2 * l + 1] = new_white;
            self.changed.insert(l);
            // Cell i of a row is in column i at position `row`, and the other way round.
            let (cross_base, pos) = if l < height {
                (height, l)
            } else {
                (0, l - height)
            };
            for (gain, colour) in [(gain_black, 0), (gain_white, 1)] {
                let mut bits = gain;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let cross = cross_base + i;
                    debug_assert!(state[2 * cross + (1 - colour)] >> pos & 1 == 0);
                    state[2 * cross + colour] |= 1 << pos;
                    self.changed.insert(cross);
                    self.enqueue(cross);
                }
            }
        }
        true
    }

    fn past_deadline(&mut self) -> bool {
        if self.limits.stop.should_stop() {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Marks invalid every probe that read a line of `self.changed`, then clears it.
    fn invalidate_changed(&mut self) {
        if self.changed.is_empty() {
            return;
        }
        let changed = self.changed;
        for (valid, lines) in self.valid.iter_mut().zip(&self.probe_lines) {
            if *valid && lines.intersects(&changed) {
                *valid = false;
            }
        }
        self.changed.clear();
    }

    /// Known cells of the rows (each cell counted once).
    fn known_cells(&self, state: &[u128]) -> u32 {
        (0..self.height)
            .map(|r| (state[2 * r] | state[2 * r + 1]).count_ones())
            .sum()
    }

    /// Probes unknown cells until every one has a valid probe that settles nothing.
    fn probe_to_fixpoint(&mut self, state: &mut [u128]) -> Probed {
        let width = self.puzzle.width();
        let cells = width * self.height;
        let mut black = std::mem::take(&mut self.probe_black);
        let mut white = std::mem::take(&mut self.probe_white);
        let mut cell = 0;
        // Cells visited since the last change; a full round with no change is the fixpoint.
        let mut quiet = 0;
        let result = loop {
            if quiet >= cells {
                break self.pick_branch(state);
            }
            let (row, col) = (cell / width, cell % width);
            let this = cell;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
            quiet += 1;
            if (state[2 * row] | state[2 * row + 1]) >> col & 1 == 1 || self.valid[this] {
                continue;
            }
            self.stats.probes += 1;
            if self.cache.is_none() {
                self.cache = Some(LineCache::new(cache_slots(self.num_lines)));
            }
            if self.stats.probes % 128 == 0 && self.past_deadline() {
                break Probed::Timeout;
            }
            let mut lines = LineSet::default();
            lines.insert(row);
            lines.insert(self.height + col);
            let mut outcome = [false; 2];
            for (side, buf) in [(0, &mut black), (1, &mut white)] {
                buf.copy_from_slice(state);
                self.set(buf, row, col, side == 0);
                self.enqueue(row);
                self.enqueue(self.height + col);
                self.read.clear();
                outcome[side] = self.propagate(buf);
                if !outcome[side] {
                    self.weight[self.failed] += 1;
                }
                lines.union(&self.read);
            }
            self.changed.clear();
            match outcome {
                [false, false] => break Probed::Dead,
                [true, false] | [false, true] => {
                    let chosen = if outcome[0] { &black } else { &white };
                    for l in 0..self.num_lines {
                        if state[2 * l] != chosen[2 * l] || state[2 * l + 1] != chosen[2 * l + 1] {
                            self.changed.insert(l);
                        }
                    }
                    state.copy_from_slice(chosen);
                    self.invalidate_changed();
                    quiet = 0;
                }
                [true, true] => {
                    let known = self.known_cells(state);
                    let b = self.known_cells(&black) - known;
                    let w = self.known_cells(&white) - known;
                    self.score[this] = 16 * b.min(w) + b.max(w);
                    self.probe_lines[this] = lines;
                    self.valid[this] = true;
                    let mut merged = false;
                    for l in 0..self.num_lines {
                        let new_black = black[2 * l] & white[2 * l] & !state[2 * l];
                        let new_white = black[2 * l + 1] & white[2 * l + 1] & !state[2 * l + 1];
                        if new_black | new_white != 0 {
                            state[2 * l] |= new_black;
                            state[2 * l + 1] |= new_white;
                            self.changed.insert(l);
                            self.enqueue(l);
                            merged = true;
                        }
                    }
                    if merged {
                        self.stats.merges += 1;
                        let ok = self.propagate(state);
                        self.invalidate_changed();
                        quiet = 0;
                        if !ok {
                            self.weight[self.failed] += 1;
                            break Probed::Dead;
                        }
                    }
                }
            }
        };
        self.probe_black = black;
        self.probe_white = white;
        result
    }

    /// The unknown cell with the best probe score, or `Solved` when none is left.
    fn pick_branch(&self, state: &[u128]) -> Probed {
        let width = self.puzzle.width();
        let mut best: Option<(u64, usize)> = None;
        for row in 0..self.height {
            let mut unknown = !(state[2 * row] | state[2 * row + 1]) & bitline::full(width);
            while unknown != 0 {
                let col = unknown.trailing_zeros() as usize;
                unknown &= unknown - 1;
                let cell = row * width + col;
                debug_assert!(self.valid[cell]);
                let score = u64::from(self.score[cell])
                    * (self.weight[row] + self.weight[self.height + col]);
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, cell));
                }
            }
        }
        match best {
            None => Probed::Solved,
            Some((_, cell)) => Probed::Branch(cell),
        }
    }

    fn record(&mut self, state: &[u128]) -> Flow {
        let width = self.puzzle.width();
        self.count += 1;
        if self.solutions.len() < self.limits.keep {
            let cells = (0..self.height * width)
                .map(|c| state[2 * (c / width)] >> (c % width) & 1 == 1)
                .collect();
            let grid = Grid {
                width,
                height: self.height,
                cells,
            };
            debug_assert_eq!(self.puzzle.verify(&grid), Ok(()));
            self.solutions.push(grid);
        }
        if self.count >= self.limits.max_or_all() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    /// One node of the depth-first search; `state` is at the line-logic fixpoint.
    fn search(&mut self, state: &mut [u128]) -> Flow {
        self.stats.nodes += 1;
        if self.past_deadline() {
            return Flow::Stop;
        }
        let cell = match self.probe_to_fixpoint(state) {
            Probed::Dead => return Flow::Continue,
            Probed::Timeout => return Flow::Stop,
            Probed::Solved => return self.record(state),
            Probed::Branch(cell) => cell,
        };
        self.stats.guesses += 1;
        let width = self.puzzle.width();
        let (row, col) = (cell / width, cell % width);
        let mut child = self
            .pool
            .pop()
            .unwrap_or_else(|| vec![0; 2 * self.num_lines]);
        let mut flow = Flow::Continue;
        for black in [true, false] {
            child.copy_from_slice(state);
            self.set(&mut child, row, col, black);
            self.enqueue(row);
            self.enqueue(self.height + col);
            self.changed.clear();
            self.changed.insert(row);
            self.changed.insert(self.height + col);
            let ok = self.propagate(&mut child);
            if !ok {
                self.weight[self.failed] += 1;
            }
            self.invalidate_changed();
            let stop = ok && self.search(&mut child) == Flow::Stop;
            // Back at this node: probes made below that read a line the child changed
            // no longer describe this state.
            for l in 0..self.num_lines {
                if state[2 * l] != child[2 * l] || state[2 * l + 1] != child[2 * l + 1] {
                    self.changed.insert(l);
                }
            }
            self.invalidate_changed();
            if stop {
                flow = Flow::Stop;
                break;
            }
        }
        self.pool.push(child);
        flow
    }
}

/// Solves `puzzle` (every line at most [`MAX_LEN`] cells), counting solutions up to
/// `limits.max_solutions`.
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> (NativeAnswer<Grid>, Stats) {
    let mut engine = Engine::new(puzzle, limits);
    let mut state = engine.initial_state();
    for l in 0..engine.num_lines {
        engine.enqueue(l);
    }
    let complete = if engine.limits.max_solutions == Some(0) {
        false
    } else if !engine.propagate(&mut state) {
        true
    } else {
        engine.changed.clear();
        let flow = engine.search(&mut state);
        flow == Flow::Continue && !engine.timed_out
    };
    let answer = NativeAnswer {
        solutions: engine.solutions,
        count: engine.count,
        complete,
        nodes: Some(engine.stats.nodes),
        guesses: Some(engine.stats.guesses),
    };
    (answer, engine.stats)
}

/// What line logic alone decides (see [`super::line_logic`]).
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<bool>>> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: Stop::never(),
    };
    let mut engine = Engine::new(puzzle, &limits);
    let mut state = engine.initial_state();
    for l in 0..engine.num_lines {
        engine.enqueue(l);
    }
    let width = puzzle.width();
    engine.propagate(&mut state).then(|| {
        (0..width * puzzle.height())
            .map(|c| {
                let (row, col) = (c / width, c % width);
                match (state[2 * row] >> col & 1, state[2 * row + 1] >> col & 1) {
                    (1, _) => Some(true),
                    (_, 1) => Some(false),
                    _ => None,
                }
            })
            .collect()
    })
}
