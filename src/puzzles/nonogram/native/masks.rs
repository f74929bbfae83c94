//! The bit-parallel engine, for every palette and width: each line one mask per palette
//! colour (a `u128`, or several words for lines over 127 cells: [`Mask`]), the line solver
//! of [`bitline`](super::bitline), line logic to a fixpoint, probing to a fixpoint at
//! every node, then depth-first search.
//!
//! Glossary:
//! - **palette size** `p`: the background and the puzzle's colours (2 in black-and-white).
//! - **state**: for each line `l` (rows `0..h`, then columns) and palette colour `c`,
//!   `state[p·l + c]` = the cells of the line that may still take colour `c`, bit `i` =
//!   position `i` along the line. A cell is **known** when one colour is left. A cell is
//!   stored twice (in its row and in its column) and both copies always agree; the
//!   transposed copy is what lets a column be read as one word.
//! - **line set**: a bit set of line numbers ([`LineSet`], `64·L` lines).
//! - **propagation**: solve the lines of a queue; a line that narrows writes its new cells
//!   into the crossing lines and queues them; ends at the fixpoint or a contradiction.
//! - **probe**: propagate the state with an unknown cell set to each colour it may take.
//!   All contradict: the node is dead. One survives: the cell takes it (and everything that
//!   branch settled). Several: the state keeps only what some surviving branch allows
//!   ("merge": in black-and-white, the cells both branches settle alike are fixed). This
//!   is failed-literal probing plus merge, the core of LalaFrogKK (Wu et al., "An
//!   Efficient Approach to Solving Nonograms", IEEE TCIAIG 5(3), 2013).
//! - **probe validity**: a probe's outcome depends only on the lines its two propagations
//!   solved (its **read set**). It stays valid until one of those lines changes in the
//!   state, so a probing pass skips valid cells and the confirming pass is nearly free.
//!   Validity carries into a child node (which only narrows the state); on return, every
//!   line the child changed invalidates the probes that read it.
//! - **guess**: when every unknown cell has a valid probe that settled nothing, branch on
//!   the cell maximising (min + max / 16) × (weight of its row + weight of its column),
//!   min and max over the gains of its probe's branches (a gain: how many cells the
//!   branch settled). Wu et al.: the
//!   branch that gains least decides; the small imbalance bonus prefers a cell with one
//!   very strong branch. The branches are tried colours first, background last.
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

use super::super::{Grid, MAX_COLOURS, Nonogram};
use super::Stats;
use super::bitline::{self, Tables};
use super::words::{Mask, Wide};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Stop;

/// A set of line numbers.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LineSet<const L: usize>([u64; L]);

impl<const L: usize> Default for LineSet<L> {
    fn default() -> Self {
        LineSet([0; L])
    }
}

impl<const L: usize> LineSet<L> {
    #[inline]
    fn insert(&mut self, l: usize) {
        self.0[l / 64] |= 1 << (l % 64);
    }

    #[inline]
    fn union(&mut self, other: &LineSet<L>) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    #[inline]
    fn intersects(&self, other: &LineSet<L>) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn clear(&mut self) {
        self.0 = [0; L];
    }
}

/// The cells present in at least two of `masks`: a line's unknown cells.
#[inline]
fn at_least_two<M: Mask>(masks: &[M]) -> M {
    let (mut once, mut twice) = (M::ZERO, M::ZERO);
    for &m in masks {
        twice |= once & m;
        once |= m;
    }
    twice
}

/// A direct-mapped cache of line results keyed by (line, its `p` masks): probing solves
/// the same line states again and again (ENGINES.md: 30–50%).
struct LineCache<M: Mask> {
    /// Each entry: the `p` masks of the key, then the `p` masks of the result. An all-zero
    /// table is an empty one, so it comes from the allocator already zeroed and only the
    /// pages probing touches are ever written.
    entries: Vec<M>,
    /// Per entry: one more than the line number (0: empty slot), with [`CONTRADICTION`]
    /// set when no pattern fits.
    tags: Vec<u32>,
    palette: usize,
    mask: usize,
}

const CONTRADICTION: u32 = 1 << 31;

/// About 128 slots per line, at most 2^14, and at most 4 MB: small puzzles that probe a
/// little do not pay for a big table.
fn cache_slots(num_lines: usize, entry_bytes: usize) -> usize {
    let mut slots = (num_lines * 128)
        .next_power_of_two()
        .clamp(1 << 10, 1 << 14);
    while slots > 1 << 10 && slots * entry_bytes > 4 << 20 {
        slots /= 2;
    }
    slots
}

impl<M: Mask> LineCache<M> {
    fn new(slots: usize, palette: usize) -> LineCache<M> {
        debug_assert!(slots.is_power_of_two());
        LineCache {
            entries: vec![M::ZERO; slots * 2 * palette],
            tags: vec![0; slots],
            palette,
            mask: slots - 1,
        }
    }

    #[inline]
    fn slot(&self, line: usize, can: &[M]) -> usize {
        let h = can
            .iter()
            .fold((line as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), |h, m| {
                m.mix(h)
            });
        (h as usize) & self.mask
    }

    #[inline]
    fn entry(&mut self, slot: usize) -> (&mut [M], &mut u32) {
        let stride = 2 * self.palette;
        (
            &mut self.entries[slot * stride..(slot + 1) * stride],
            &mut self.tags[slot],
        )
    }
}

/// `P`: the palette size when it is fixed at compile time (the hot loops then unroll and
/// small copies inline), 0 when it is read at run time.
struct Engine<'p, M: Mask, const P: usize, const L: usize> {
    puzzle: &'p Nonogram,
    height: usize,
    num_lines: usize,
    /// Palette size (background included): masks per line.
    palette: usize,
    /// Lengths of the lines.
    len: Vec<usize>,
    tables: Tables<M>,
    /// The line solver's answer (one mask per colour).
    may: [M; MAX_COLOURS + 1],
    /// Created at the first probe: line logic alone (most puzzles) does not need it.
    cache: Option<LineCache<M>>,
    queue: VecDeque<usize>,
    queued: LineSet<L>,
    /// Lines solved since last cleared (a probe's read set).
    read: LineSet<L>,
    /// Lines changed since last cleared.
    changed: LineSet<L>,
    /// Per cell: whether its last probe is still valid, the lines it read, its score.
    valid: Vec<bool>,
    probe_lines: Vec<LineSet<L>>,
    score: Vec<u32>,
    /// Per line: 1 + the contradictions it has raised (dom/wdeg weights).
    weight: Vec<u64>,
    /// The line whose contradiction ended the last failed propagation.
    failed: usize,
    pool: Vec<Vec<M>>,
    /// A probe's branches (one per colour tried), and the union of the surviving ones.
    probe_branches: Vec<Vec<M>>,
    probe_union: Vec<M>,
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

impl<'p, M: Mask, const P: usize, const L: usize> Engine<'p, M, P, L> {
    fn new(puzzle: &'p Nonogram, limits: &Limits) -> Engine<'p, M, P, L> {
        let num_lines = puzzle.num_lines();
        debug_assert!(puzzle.width() < M::BITS && puzzle.height() < M::BITS);
        debug_assert!(puzzle.num_lines() <= 64 * L);
        let cells = puzzle.width() * puzzle.height();
        let palette = puzzle.palette().len();
        Engine {
            puzzle,
            height: puzzle.height(),
            num_lines,
            palette,
            len: (0..num_lines).map(|l| puzzle.line_len(l)).collect(),
            tables: Tables::new(),
            may: [M::ZERO; MAX_COLOURS + 1],
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
            probe_branches: Vec::new(),
            probe_union: vec![M::ZERO; palette * num_lines],
            limits: limits.clone(),
            solutions: Vec::new(),
            count: 0,
            stats: Stats::default(),
            timed_out: false,
        }
    }

    /// The state the givens describe (not yet propagated): every cell may take every
    /// colour but what a given rules out.
    /// The palette size.
    #[inline(always)]
    fn p(&self) -> usize {
        if P == 0 { self.palette } else { P }
    }

    fn initial_state(&self) -> Vec<M> {
        let p = self.p();
        let mut state = vec![M::ZERO; p * self.num_lines];
        for l in 0..self.num_lines {
            let full = bitline::full::<M>(self.len[l]);
            state[p * l..p * (l + 1)].fill(full);
        }
        let width = self.puzzle.width();
        for (cell, given) in self.puzzle.givens().iter().enumerate() {
            if let Some(colour) = *given {
                self.set(&mut state, cell / width, cell % width, usize::from(colour));
            }
        }
        state
    }

    /// Narrows cell (row, col) to `colour`, in both its row and its column.
    #[inline]
    fn set(&self, state: &mut [M], row: usize, col: usize, colour: usize) {
        let p = self.p();
        let (r, c) = (p * row, p * (self.height + col));
        let (not_col, not_row) = (!M::bit(col), !M::bit(row));
        for k in 0..p {
            if k != colour {
                state[r + k] &= not_col;
                state[c + k] &= not_row;
            }
        }
    }

    /// The colours cell (row, col) may still take, as a bit set.
    #[inline]
    fn colours_of(&self, state: &[M], row: usize, col: usize) -> u64 {
        let p = self.p();
        let mut set = 0u64;
        for k in 0..p {
            set |= u64::from(state[p * row + k].get(col)) << k;
        }
        set
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

    /// The line solver behind the cache: fills `self.may`; `false` on a contradiction.
    #[inline]
    fn solve_line(&mut self, l: usize, can: &[M]) -> bool {
        self.stats.line_solves += 1;
        let p = self.p();
        let Some(cache) = self.cache.as_mut() else {
            return bitline::solve_colour(
                &mut self.tables,
                self.puzzle.clue(l),
                self.len[l],
                can,
                &mut self.may[..p],
            );
        };
        let slot = cache.slot(l, can);
        let (entry, tag) = cache.entry(slot);
        if *tag & !CONTRADICTION == l as u32 + 1 && entry[..p] == *can {
            self.stats.cache_hits += 1;
            self.may[..p].copy_from_slice(&entry[p..2 * p]);
            return *tag & CONTRADICTION == 0;
        }
        let ok = bitline::solve_colour(
            &mut self.tables,
            self.puzzle.clue(l),
            self.len[l],
            can,
            &mut self.may[..p],
        );
        entry[..p].copy_from_slice(can);
        entry[p..2 * p].copy_from_slice(&self.may[..p]);
        *tag = (l as u32 + 1) | if ok { 0 } else { CONTRADICTION };
        ok
    }

    /// Solves queued lines to a fixpoint; adds the lines solved to `read` and the lines
    /// changed to `changed`. `false`: contradiction (the queue is then emptied).
    fn propagate(&mut self, state: &mut [M]) -> bool {
        let (height, p) = (self.height, self.p());
        while let Some(l) = self.queue.pop_front() {
            self.queued.0[l / 64] &= !(1 << (l % 64));
            self.read.insert(l);
            let base = p * l;
            if !self.solve_line(l, &state[base..base + p]) {
                self.failed = l;
                self.clear_queue();
                return false;
            }
            // Cell i of a row is in column i at position `row`, and the other way round.
            let (cross_base, pos) = if l < height {
                (height, l)
            } else {
                (0, l - height)
            };
            let mut changed = false;
            for k in 0..p {
                let lost = state[base + k] & !self.may[k];
                if lost.is_zero() {
                    continue;
                }
                debug_assert!((self.may[k] & !state[base + k]).is_zero());
                state[base + k] = self.may[k];
                changed = true;
                let mut bits = lost;
                let not_pos = !M::bit(pos);
                while !bits.is_zero() {
                    let i = bits.trailing_zeros() as usize;
                    bits = bits.clear_lowest();
                    let cross = cross_base + i;
                    state[p * cross + k] &= not_pos;
                    self.changed.insert(cross);
                    self.enqueue(cross);
                }
            }
            if changed {
                self.changed.insert(l);
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

    /// Unknown cells of the rows (each cell counted once).
    fn unknown_cells(&self, state: &[M]) -> u32 {
        let p = self.p();
        state[..p * self.height]
            .chunks_exact(p)
            .map(|row| at_least_two(row).count_ones())
            .sum()
    }

    /// Adds to `changed` every line whose masks differ between `a` and `b`.
    fn mark_differences(&mut self, a: &[M], b: &[M]) {
        let p = self.p();
        for l in 0..self.num_lines {
            if a[p * l..p * (l + 1)] != b[p * l..p * (l + 1)] {
                self.changed.insert(l);
            }
        }
    }

    /// The colours of a cell in trying order: colours first, the background last.
    #[inline]
    fn branch_order(colours: u64) -> impl Iterator<Item = usize> {
        let ink = colours & !1;
        (0..64)
            .filter(move |&k| ink >> k & 1 == 1)
            .chain((colours & 1 == 1).then_some(0))
    }

    /// Probes unknown cells until every one has a valid probe that settles nothing.
    fn probe_to_fixpoint(&mut self, state: &mut [M]) -> Probed {
        let width = self.puzzle.width();
        let cells = width * self.height;
        let p = self.p();
        let mut branches = std::mem::take(&mut self.probe_branches);
        let mut union = std::mem::take(&mut self.probe_union);
        // Indices of the branches that survived.
        let mut alive = [0usize; MAX_COLOURS + 1];
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
            if self.valid[this] {
                continue;
            }
            let colours = self.colours_of(state, row, col);
            if colours.count_ones() < 2 {
                continue;
            }
            self.stats.probes += 1;
            if self.cache.is_none() {
                let entry_bytes = 2 * p * std::mem::size_of::<M>() + 4;
                self.cache = Some(LineCache::new(cache_slots(self.num_lines, entry_bytes), p));
            }
            if self.stats.probes % 128 == 0 && self.past_deadline() {
                break Probed::Timeout;
            }
            let mut lines = LineSet::default();
            lines.insert(row);
            lines.insert(self.height + col);
            let mut survivors = 0;
            for (t, colour) in Self::branch_order(colours).enumerate() {
                if branches.len() == t {
                    branches.push(vec![M::ZERO; state.len()]);
                }
                let branch = &mut branches[t];
                branch.copy_from_slice(state);
                self.set(branch, row, col, colour);
                self.enqueue(row);
                self.enqueue(self.height + col);
                self.read.clear();
                if self.propagate(branch) {
                    alive[survivors] = t;
                    survivors += 1;
                } else {
                    self.weight[self.failed] += 1;
                }
                lines.union(&self.read);
            }
            self.changed.clear();
            match survivors {
                0 => break Probed::Dead,
                1 => {
                    // The one surviving branch is a fixpoint: take it whole.
                    let only = &branches[alive[0]];
                    self.mark_differences(state, only);
                    state.copy_from_slice(only);
                    self.invalidate_changed();
                    quiet = 0;
                }
                _ => {
                    let before = self.unknown_cells(state);
                    let (mut least, mut most) = (u32::MAX, 0);
                    union.copy_from_slice(&branches[alive[0]]);
                    for &t in &alive[..survivors] {
                        let gain = before - self.unknown_cells(&branches[t]);
                        least = least.min(gain);
                        most = most.max(gain);
                        for (u, b) in union.iter_mut().zip(&branches[t]) {
                            *u |= *b;
                        }
                    }
                    self.score[this] = 16 * least + most;
                    self.probe_lines[this] = lines;
                    self.valid[this] = true;
                    let mut merged = false;
                    for l in 0..self.num_lines {
                        let mut narrowed = false;
                        for k in p * l..p * (l + 1) {
                            if !(state[k] & !union[k]).is_zero() {
                                state[k] &= union[k];
                                narrowed = true;
                            }
                        }
                        if narrowed {
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
        self.probe_branches = branches;
        self.probe_union = union;
        result
    }

    /// The unknown cell with the best probe score, or `Solved` when none is left.
    fn pick_branch(&self, state: &[M]) -> Probed {
        let width = self.puzzle.width();
        let p = self.p();
        let mut best: Option<(u64, usize)> = None;
        for row in 0..self.height {
            let mut unknown = at_least_two(&state[p * row..p * (row + 1)]);
            while !unknown.is_zero() {
                let col = unknown.trailing_zeros() as usize;
                unknown = unknown.clear_lowest();
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

    /// The grid of a state where every cell is known.
    fn grid(&self, state: &[M]) -> Grid {
        let width = self.puzzle.width();
        let p = self.p();
        let mut grid = Grid::new(width, self.height);
        for row in 0..self.height {
            for k in 1..p {
                let mut bits = state[p * row + k];
                while !bits.is_zero() {
                    let col = bits.trailing_zeros() as usize;
                    bits = bits.clear_lowest();
                    grid.set_colour(row, col, k as u8);
                }
            }
        }
        grid
    }

    fn record(&mut self, state: &[M]) -> Flow {
        self.count += 1;
        if self.solutions.len() < self.limits.keep {
            let grid = self.grid(state);
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
    fn search(&mut self, state: &mut [M]) -> Flow {
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
            .unwrap_or_else(|| vec![M::ZERO; self.p() * self.num_lines]);
        let mut flow = Flow::Continue;
        for colour in Self::branch_order(self.colours_of(state, row, col)) {
            child.copy_from_slice(state);
            self.set(&mut child, row, col, colour);
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
            self.mark_differences(state, &child);
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

/// The longest line the engine takes (wider puzzles go to the byte-per-cell engine).
pub const MAX_LEN: usize = 511;

/// Solves `puzzle` (every line at most [`MAX_LEN`] cells), counting solutions up to
/// `limits.max_solutions`: one `u128` per line and colour up to 127 cells, 4 or 8 words
/// beyond; the palette size is a compile-time constant for the common small palettes.
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> (NativeAnswer<Grid>, Stats) {
    let longest = puzzle.width().max(puzzle.height());
    let palette = puzzle.palette().len();
    if longest <= bitline::MAX_LEN {
        match palette {
            2 => solve_with::<u128, 2, 4>(puzzle, limits),
            3 => solve_with::<u128, 3, 4>(puzzle, limits),
            4 => solve_with::<u128, 4, 4>(puzzle, limits),
            5 => solve_with::<u128, 5, 4>(puzzle, limits),
            _ => solve_with::<u128, 0, 4>(puzzle, limits),
        }
    } else if longest < 256 {
        match palette {
            2 => solve_with::<Wide<4>, 2, 8>(puzzle, limits),
            _ => solve_with::<Wide<4>, 0, 8>(puzzle, limits),
        }
    } else {
        debug_assert!(longest <= MAX_LEN);
        match palette {
            2 => solve_with::<Wide<8>, 2, 16>(puzzle, limits),
            _ => solve_with::<Wide<8>, 0, 16>(puzzle, limits),
        }
    }
}

fn solve_with<M: Mask, const P: usize, const L: usize>(
    puzzle: &Nonogram,
    limits: &Limits,
) -> (NativeAnswer<Grid>, Stats) {
    let mut engine = Engine::<M, P, L>::new(puzzle, limits);
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
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    let longest = puzzle.width().max(puzzle.height());
    if longest <= bitline::MAX_LEN {
        line_logic_with::<u128, 4>(puzzle)
    } else if longest < 256 {
        line_logic_with::<Wide<4>, 8>(puzzle)
    } else {
        line_logic_with::<Wide<8>, 16>(puzzle)
    }
}

fn line_logic_with<M: Mask, const L: usize>(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: Stop::never(),
    };
    let mut engine = Engine::<M, 0, L>::new(puzzle, &limits);
    let mut state = engine.initial_state();
    for l in 0..engine.num_lines {
        engine.enqueue(l);
    }
    let width = puzzle.width();
    engine.propagate(&mut state).then(|| {
        (0..width * puzzle.height())
            .map(|c| {
                let colours = engine.colours_of(&state, c / width, c % width);
                (colours.count_ones() == 1).then(|| colours.trailing_zeros() as u8)
            })
            .collect()
    })
}

/// Root probing for `--presolve` (see [`super::probe_residue`]).
pub fn probe_residue(
    puzzle: &Nonogram,
    stop: &Stop,
    max_implications: usize,
) -> Option<super::ProbeResidue> {
    let longest = puzzle.width().max(puzzle.height());
    if longest <= bitline::MAX_LEN {
        probe_residue_with::<u128, 4>(puzzle, stop, max_implications)
    } else if longest < 256 {
        probe_residue_with::<Wide<4>, 8>(puzzle, stop, max_implications)
    } else {
        probe_residue_with::<Wide<8>, 16>(puzzle, stop, max_implications)
    }
}

fn probe_residue_with<M: Mask, const L: usize>(
    puzzle: &Nonogram,
    stop: &Stop,
    max_implications: usize,
) -> Option<super::ProbeResidue> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: stop.clone(),
    };
    let mut engine = Engine::<M, 0, L>::new(puzzle, &limits);
    let mut state = engine.initial_state();
    for l in 0..engine.num_lines {
        engine.enqueue(l);
    }
    if !engine.propagate(&mut state) {
        return None;
    }
    engine.changed.clear();
    // A timeout leaves a sound, less narrowed state.
    if let Probed::Dead = engine.probe_to_fixpoint(&mut state) {
        return None;
    }
    let (width, height, p) = (puzzle.width(), puzzle.height(), engine.p());
    let colours: Vec<u64> = (0..width * height)
        .map(|c| engine.colours_of(&state, c / width, c % width))
        .collect();
    // Propagate each open (cell, colour) once more and keep what it decides.
    let mut implications = Vec::new();
    let mut branch = state.clone();
    'cells: for (cell, &set) in colours.iter().enumerate() {
        if set.count_ones() < 2 {
            continue;
        }
        let (row, col) = (cell / width, cell % width);
        for colour in (0..64).filter(|k| set >> k & 1 == 1) {
            if implications.len() >= max_implications || stop.should_stop() {
                break 'cells;
            }
            branch.copy_from_slice(&state);
            engine.set(&mut branch, row, col, colour);
            engine.enqueue(row);
            engine.enqueue(height + col);
            let ok = engine.propagate(&mut branch);
            engine.changed.clear();
            engine.read.clear();
            if !ok {
                // Probing at its fixpoint leaves no failed literal; nothing to learn.
                continue;
            }
            for r in 0..height {
                let before = at_least_two(&state[p * r..p * (r + 1)]);
                let mut decided = before & !at_least_two(&branch[p * r..p * (r + 1)]);
                while !decided.is_zero() {
                    let c = decided.trailing_zeros() as usize;
                    decided = decided.clear_lowest();
                    let to = engine.colours_of(&branch, r, c).trailing_zeros() as u8;
                    implications.push([(cell, colour as u8), (r * width + c, to)]);
                }
            }
        }
    }
    Some(super::ProbeResidue {
        colours,
        implications,
    })
}
