//! The depth-first engine, for every palette and width: each line one mask per palette
//! colour ([`Mask`]: a `u128`, or several words for lines over 127 cells), the shared line
//! solver of [`bitline`](super::line::bitline), line logic to a fixpoint, probing to a
//! fixpoint at every node, then depth-first search. Design notes, with the measurements
//! behind each choice: `docs/nonogram.md`.
//!
//! - **state**: for line `l` (rows `0..h`, then columns) and palette colour `c`,
//!   `state[p·l + c]` = the cells of the line that may still take `c`. Every cell is
//!   stored twice (row and column) and both copies always agree.
//! - **probe**: failed-literal probing with merge, the core of LalaFrogKK (Wu et al., IEEE
//!   TCIAIG 5(3), 2013). A probe stays valid until a line it read (its **read set**)
//!   changes; each line lists its **readers**, so memory follows the read sets made.
//! - **focus** (colour puzzles, below the root): probe only the unknown cells next to a
//!   cell the node settled, as pbnsolve (Wolter) does. Probing only prunes: counts stay exact.
//! - **guess**: the last conflict's cell (Lecoutre et al., AIJ 173(18), 2009), else the
//!   cell maximising its probe score × the weights of its row and column (dom/wdeg:
//!   Boussemart et al., ECAI 2004); colours first, background last.
//! - **restarts**: for at most [`RESTART_MAX`] solutions, runs of [`FIRST_RUN`] then
//!   [`RUN_UNIT`] × Luby nodes ([`crate::util::luby`]), keeping the weights; a run that
//!   finds a solution is never cut, and solutions found again are not counted twice, so
//!   the search stays complete.
//!
//! Counting stops after `limits.max_solutions` solutions (None = all). States for each
//! depth come from a pool; after warm-up, search and probing allocate nothing.

use std::collections::VecDeque;

mod lines;

use lines::{CONTRADICTION, LineCache, LineList, LineSolver, at_least_two, cache_slots};

use super::line::bitline;
use super::line::mask::{Mask, Wide};
use super::native::{Answer, Stats};
use super::{Grid, MAX_COLOURS, Nonogram};
use crate::puzzle::Limits;
use crate::stop::Stop;
use crate::util::luby;

/// Entries of the probe-validity lists a puzzle may keep, about: a probe that read more
/// lines than its share (`READS_BUDGET / cells`, at least [`MIN_READS`]) is kept as
/// "read everything" instead (see [`Engine::remember_probe`]). Puzzles up to about
/// 200×200 stay exact.
const READS_BUDGET: usize = 1 << 23;
const MIN_READS: usize = 16;

/// Restarts are used when at most this many solutions are asked for (the found ones are
/// kept to recognise them in later runs).
const RESTART_MAX: u64 = 64;
/// Nodes of the first run (then [`RUN_UNIT`] × Luby).
const FIRST_RUN: u64 = 400;
const RUN_UNIT: u64 = 100;

/// `P`: the palette size when it is fixed at compile time (the hot loops then unroll and
/// small copies inline), 0 when it is read at run time.
struct Engine<'p, M: Mask, const P: usize> {
    puzzle: &'p Nonogram,
    height: usize,
    num_lines: usize,
    /// Palette size (background included): masks per line.
    palette: usize,
    /// Lengths of the lines.
    len: Vec<usize>,
    solver: LineSolver<M>,
    /// The line solver's answer (one mask per colour).
    may: [M; MAX_COLOURS + 1],
    /// Created at the first probe: line logic alone (most puzzles) does not need it.
    cache: Option<LineCache<M>>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    /// Lines solved since last cleared (a probe's read set).
    read: LineList,
    /// Lines changed since last cleared.
    changed: LineList,
    /// Per cell: whether its last probe is still valid, that probe's number (so that
    /// entries of older probes in `readers` are recognised as stale), its score.
    valid: Vec<bool>,
    probe_id: Vec<u32>,
    score: Vec<u32>,
    /// Per line: the probes (cell, number) that read it; a change of the line
    /// invalidates them.
    readers: Vec<Vec<(u32, u32)>>,
    /// Probes that read more than `max_reads` lines: any change invalidates them.
    broad: Vec<(u32, u32)>,
    max_reads: usize,
    /// Per line: 1 + the contradictions it has raised (dom/wdeg weights).
    weight: Vec<u64>,
    /// The line whose contradiction ended the last failed propagation.
    failed: usize,
    pool: Vec<Vec<M>>,
    /// A probe's branches (one per colour tried). Between probes a branch equals the
    /// state but on its `dirty` lines, when `synced`: a probe copies back those lines
    /// only, not the whole state (which for long lines is most of the work).
    probe_branches: Vec<Branch<M>>,
    limits: Limits,
    solutions: Vec<Grid>,
    count: u64,
    stats: Stats,
    timed_out: bool,
    /// The search stops at this node count (the end of the current run).
    run_limit: u64,
    /// The search gives up at this node count, or once this many lines were solved
    /// (see [`solve_within`]).
    max_nodes: u64,
    max_line_solves: u64,
    /// The current run was cut at `run_limit`.
    cut: bool,
    /// With restarts: the distinct solutions found, over all runs.
    found: Option<Vec<Grid>>,
    /// Below the root, probing tries only the cells of `focus` (see the module notes).
    restrict: bool,
    focus: Vec<bool>,
    /// Per row: its unknown cells when `focus` was last extended.
    unknown_at: Vec<M>,
    /// The last conflict's cell (see the module notes), colour puzzles only.
    last_conflict: Option<usize>,
    /// The last node searched died at its own probing (set by [`Engine::search`]).
    dead_end: bool,
}

/// One branch of a probe (see `Engine::probe_branches`).
struct Branch<M> {
    state: Vec<M>,
    dirty: LineList,
    synced: bool,
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

impl<'p, M: Mask, const P: usize> Engine<'p, M, P> {
    fn new(puzzle: &'p Nonogram, limits: &Limits) -> Engine<'p, M, P> {
        let num_lines = puzzle.num_lines();
        debug_assert!(puzzle.width() < M::BITS && puzzle.height() < M::BITS);
        let cells = puzzle.width() * puzzle.height();
        let palette = puzzle.palette().len();
        Engine {
            puzzle,
            height: puzzle.height(),
            num_lines,
            palette,
            len: (0..num_lines).map(|l| puzzle.line_len(l)).collect(),
            solver: LineSolver::new(
                (0..num_lines)
                    .map(|l| puzzle.clue(l).len())
                    .max()
                    .unwrap_or(0),
            ),
            may: [M::ZERO; MAX_COLOURS + 1],
            cache: None,
            queue: VecDeque::with_capacity(num_lines),
            queued: vec![false; num_lines],
            read: LineList::new(num_lines),
            changed: LineList::new(num_lines),
            valid: vec![false; cells],
            probe_id: vec![0; cells],
            score: vec![0; cells],
            readers: vec![Vec::new(); num_lines],
            broad: Vec::new(),
            max_reads: (READS_BUDGET / cells.max(1)).max(MIN_READS),
            weight: vec![1; num_lines],
            failed: 0,
            pool: Vec::new(),
            probe_branches: Vec::new(),
            limits: limits.clone(),
            solutions: Vec::new(),
            count: 0,
            stats: Stats::default(),
            timed_out: false,
            run_limit: u64::MAX,
            max_nodes: u64::MAX,
            max_line_solves: u64::MAX,
            cut: false,
            found: None,
            restrict: false,
            focus: vec![false; cells],
            unknown_at: vec![M::ZERO; puzzle.height()],
            last_conflict: None,
            dead_end: false,
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
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push_back(l);
        }
    }

    fn clear_queue(&mut self) {
        for l in self.queue.drain(..) {
            self.queued[l] = false;
        }
    }

    /// The line solver behind the cache: fills `self.may`; `false` on a contradiction.
    #[inline]
    fn solve_line(&mut self, l: usize, can: &[M]) -> bool {
        self.stats.line_solves += 1;
        let p = self.p();
        let Some(cache) = self.cache.as_mut() else {
            return self
                .solver
                .solve(self.puzzle.clue(l), self.len[l], can, &mut self.may[..p]);
        };
        let slot = cache.slot(l, can);
        let (entry, tag) = cache.entry(slot);
        if *tag & !CONTRADICTION == l as u32 + 1 && entry[..p] == *can {
            self.stats.cache_hits += 1;
            self.may[..p].copy_from_slice(&entry[p..2 * p]);
            return *tag & CONTRADICTION == 0;
        }
        let ok = self
            .solver
            .solve(self.puzzle.clue(l), self.len[l], can, &mut self.may[..p]);
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
            self.queued[l] = false;
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
        // The line-solve budget too: probing one node of a big puzzle can take many
        // millions of line solves, and the budget is checked at nodes otherwise.
        if self
            .limits
            .stop
            .poll(crate::stop::Effort::LineSolves, self.stats.line_solves)
            || self.stats.line_solves >= self.max_line_solves
        {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Marks valid the probe of `cell` just made, which read the lines of `self.read`.
    fn remember_probe(&mut self, cell: usize) {
        self.valid[cell] = true;
        self.probe_id[cell] = self.probe_id[cell].wrapping_add(1);
        let entry = (cell as u32, self.probe_id[cell]);
        if self.read.list.len() > self.max_reads {
            self.broad.push(entry);
            return;
        }
        for &l in &self.read.list {
            let readers = &mut self.readers[l as usize];
            // Entries of invalidated or redone probes pile up on lines that do not
            // change; drop them before the list would grow (amortised O(1) per push).
            if readers.len() == readers.capacity() && readers.len() >= 32 {
                let (valid, id) = (&self.valid, &self.probe_id);
                readers.retain(|&(c, n)| valid[c as usize] && id[c as usize] == n);
            }
            readers.push(entry);
        }
    }

    /// Marks invalid every probe that read a line of `self.changed`, then clears it.
    fn invalidate_changed(&mut self) {
        if self.changed.is_empty() {
            return;
        }
        let (valid, id) = (&mut self.valid, &self.probe_id);
        for (cell, n) in self.broad.drain(..) {
            if id[cell as usize] == n {
                valid[cell as usize] = false;
            }
        }
        for &l in &self.changed.list {
            for (cell, n) in self.readers[l as usize].drain(..) {
                if id[cell as usize] == n {
                    valid[cell as usize] = false;
                }
            }
        }
        self.changed.clear();
    }

    /// Adds to `focus` the 3×3 square around cell (row, col).
    fn mark_around(&mut self, row: usize, col: usize) {
        let width = self.puzzle.width();
        for r in row.saturating_sub(1)..(row + 2).min(self.height) {
            for c in col.saturating_sub(1)..(col + 2).min(width) {
                self.focus[r * width + c] = true;
            }
        }
    }

    /// Adds to `focus` the squares around the cells settled on the rows of `changed`
    /// (a settled cell changes its row): settled in `state`, unknown in `before`, or in
    /// `unknown_at` when `before` is `None`.
    fn extend_focus(&mut self, state: &[M], before: Option<&[M]>) {
        let p = self.p();
        let list = std::mem::take(&mut self.changed.list);
        for &l in &list {
            let l = l as usize;
            if l < self.height {
                let now = at_least_two(&state[p * l..p * (l + 1)]);
                let old = match before {
                    Some(b) => at_least_two(&b[p * l..p * (l + 1)]),
                    None => self.unknown_at[l],
                };
                self.unknown_at[l] = now;
                let mut newly = old & !now;
                while !newly.is_zero() {
                    let col = newly.trailing_zeros() as usize;
                    newly = newly.clear_lowest();
                    self.mark_around(l, col);
                }
            }
        }
        self.changed.list = list;
    }

    /// Unknown cells of row `row`.
    #[inline]
    fn unknown_in_row(&self, state: &[M], row: usize) -> u32 {
        let p = self.p();
        at_least_two(&state[p * row..p * (row + 1)]).count_ones()
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

    /// Creates the line cache, if it is not there yet (probing's propagations repeat).
    fn ensure_cache(&mut self) {
        if self.cache.is_none() {
            let entry_bytes = 2 * self.p() * std::mem::size_of::<M>() + 4;
            self.cache = Some(LineCache::new(
                cache_slots(self.num_lines, entry_bytes),
                self.p(),
            ));
        }
    }

    /// Probes unknown cells until every one has a valid probe that settles nothing.
    fn probe_to_fixpoint(&mut self, state: &mut [M]) -> Probed {
        let width = self.puzzle.width();
        let cells = width * self.height;
        let (p, height) = (self.p(), self.height);
        let mut branches = std::mem::take(&mut self.probe_branches);
        // `state` may be another node's buffer than at the last call.
        for b in &mut branches {
            b.synced = false;
        }
        // Indices of the branches that survived.
        let mut alive = [0usize; MAX_COLOURS + 1];
        let mut cell = 0;
        // Cells visited since the last change; a full round with no change is the fixpoint.
        let mut quiet = 0;
        if self.restrict {
            for row in 0..height {
                self.unknown_at[row] = at_least_two(&state[p * row..p * (row + 1)]);
            }
        }
        let result = loop {
            if quiet >= cells {
                break self.pick_branch(state);
            }
            let (row, col) = (cell / width, cell % width);
            let this = cell;
            cell = if cell + 1 == cells { 0 } else { cell + 1 };
            quiet += 1;
            if self.valid[this] || (self.restrict && !self.focus[this]) {
                continue;
            }
            let colours = self.colours_of(state, row, col);
            if colours.count_ones() < 2 {
                continue;
            }
            self.stats.probes += 1;
            self.ensure_cache();
            if self.stats.probes.is_multiple_of(128) && self.past_deadline() {
                break Probed::Timeout;
            }
            self.read.clear();
            self.read.insert(row);
            self.read.insert(height + col);
            let mut survivors = 0;
            for (t, colour) in Self::branch_order(colours).enumerate() {
                if branches.len() == t {
                    branches.push(Branch {
                        state: vec![M::ZERO; state.len()],
                        dirty: LineList::new(self.num_lines),
                        synced: false,
                    });
                }
                let branch = &mut branches[t];
                if branch.synced {
                    for &l in &branch.dirty.list {
                        let range = p * l as usize..p * (l as usize + 1);
                        branch.state[range.clone()].copy_from_slice(&state[range]);
                    }
                } else {
                    branch.state.copy_from_slice(state);
                    branch.synced = true;
                }
                branch.dirty.clear();
                self.set(&mut branch.state, row, col, colour);
                self.enqueue(row);
                self.enqueue(height + col);
                self.changed.clear();
                self.changed.insert(row);
                self.changed.insert(height + col);
                if self.propagate(&mut branch.state) {
                    alive[survivors] = t;
                    survivors += 1;
                } else {
                    self.weight[self.failed] += 1;
                }
                for &l in &self.changed.list {
                    branch.dirty.insert(l as usize);
                }
            }
            self.changed.clear();
            match survivors {
                0 => {
                    if p > 2 {
                        self.last_conflict = Some(this);
                    }
                    break Probed::Dead;
                }
                1 => {
                    // The one surviving branch is a fixpoint: take it whole.
                    let only = &branches[alive[0]];
                    for &l in &only.dirty.list {
                        let range = p * l as usize..p * (l as usize + 1);
                        if state[range.clone()] != only.state[range.clone()] {
                            state[range.clone()].copy_from_slice(&only.state[range]);
                            self.changed.insert(l as usize);
                        }
                    }
                    Self::note_state_changes(&mut branches, &self.changed);
                    if self.restrict {
                        self.extend_focus(state, None);
                    }
                    self.invalidate_changed();
                    quiet = 0;
                }
                _ => {
                    // Lines a branch left alone equal the state: they count for no gain,
                    // and only lines every surviving branch touched can narrow.
                    let first = &branches[alive[0]];
                    let (mut least, mut most) = (u32::MAX, 0);
                    for &t in &alive[..survivors] {
                        let b = &branches[t];
                        let mut gain = 0;
                        for &l in &b.dirty.list {
                            let l = l as usize;
                            if l < height {
                                gain += self.unknown_in_row(state, l)
                                    - self.unknown_in_row(&b.state, l);
                            }
                        }
                        least = least.min(gain);
                        most = most.max(gain);
                    }
                    self.score[this] = if p > 2 {
                        least + 16 * most
                    } else {
                        16 * least + most
                    };
                    self.remember_probe(this);
                    let mut merged = false;
                    for &l in &first.dirty.list {
                        let l = l as usize;
                        if !alive[1..survivors]
                            .iter()
                            .all(|&t| branches[t].dirty.member[l])
                        {
                            continue;
                        }
                        let mut narrowed = false;
                        for (k, mask) in state.iter_mut().enumerate().skip(p * l).take(p) {
                            let union = alive[..survivors]
                                .iter()
                                .fold(M::ZERO, |u, &t| u | branches[t].state[k]);
                            if !(*mask & !union).is_zero() {
                                *mask &= union;
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
                        Self::note_state_changes(&mut branches, &self.changed);
                        if self.restrict {
                            self.extend_focus(state, None);
                        }
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
        result
    }

    /// The state changed on the lines of `changed`: every branch must copy them back.
    fn note_state_changes(branches: &mut [Branch<M>], changed: &LineList) {
        for b in branches.iter_mut().filter(|b| b.synced) {
            for &l in &changed.list {
                b.dirty.insert(l as usize);
            }
        }
    }

    /// The last conflict's cell if it is unknown, else the unknown cell with the best
    /// probe score, or `Solved` when no cell is unknown.
    fn pick_branch(&self, state: &[M]) -> Probed {
        let width = self.puzzle.width();
        let p = self.p();
        if let Some(cell) = self.last_conflict
            && self
                .colours_of(state, cell / width, cell % width)
                .count_ones()
                > 1
        {
            return Probed::Branch(cell);
        }
        let mut best: Option<(u64, usize)> = None;
        for row in 0..self.height {
            let mut unknown = at_least_two(&state[p * row..p * (row + 1)]);
            while !unknown.is_zero() {
                let col = unknown.trailing_zeros() as usize;
                unknown = unknown.clear_lowest();
                let cell = row * width + col;
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
        let grid = self.found.is_some().then(|| self.grid(state));
        if let (Some(grid), Some(found)) = (grid, &mut self.found) {
            if found.contains(&grid) {
                return Flow::Continue;
            }
            found.push(grid);
            self.run_limit = u64::MAX;
        }
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
        // (`past_deadline` checks the line-solve budget.)
        if self.stats.nodes >= self.max_nodes {
            self.timed_out = true;
            return Flow::Stop;
        }
        if self.stats.nodes >= self.run_limit {
            self.cut = true;
            return Flow::Stop;
        }
        self.dead_end = false;
        let cell = match self.probe_to_fixpoint(state) {
            Probed::Dead => {
                self.dead_end = true;
                return Flow::Continue;
            }
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
        // Whether some branch got past its own probing (see "last conflict").
        let mut lived = false;
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
            self.restrict = ok && self.p() > 2;
            if self.restrict {
                self.focus.fill(false);
                self.extend_focus(&child, Some(state));
            }
            self.invalidate_changed();
            if ok && self.last_conflict == Some(cell) {
                self.last_conflict = None;
            }
            let stop = ok && self.search(&mut child) == Flow::Stop;
            lived |= ok && !self.dead_end;
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
        if !lived && self.p() > 2 {
            self.last_conflict = Some(cell);
        }
        self.dead_end = false;
        flow
    }
}

impl<M: Mask, const P: usize> Engine<'_, M, P> {
    /// [`Engine::search`] from the root, restarted (see the module notes) when few
    /// solutions are asked for: runs of `first` nodes, then `unit` × Luby.
    fn search_with_restarts(&mut self, root: &mut [M], first: u64, unit: u64) -> Flow {
        self.restrict = false;
        if self.limits.max_solutions.is_none_or(|m| m > RESTART_MAX) {
            return self.search(root);
        }
        self.found = Some(Vec::new());
        let mut run = 1;
        loop {
            // `first` takes the place of the sequence's first term.
            let length = if run == 1 { first } else { unit * luby(run) };
            self.run_limit = self.stats.nodes.saturating_add(length);
            self.cut = false;
            self.restrict = false;
            self.last_conflict = None;
            // The root keeps its state and its valid probes between runs: only the
            // weights, and so the choices, differ.
            let flow = self.search(root);
            if !self.cut {
                return flow;
            }
            run += 1;
        }
    }
}

/// The longest line the engine takes: the widest mask, [`Wide<157>`], holds the positions
/// of a line of 10,047 cells, beyond the readers' 10,000 cells a side.
pub const MAX_LEN: usize = 64 * 157 - 1;

/// Calls `$pair($args)` when `$longest` cells fit a `u128`, else `$wide::<M>($args)` with
/// the smallest mask type `M` that holds them: 3, 4, 8, … 64 and 157 words (each step
/// doubles the line, so a line never pays for more than twice its words; 3 words keep
/// lines just over 127 cells, the common case, at 1.5 times the `u128` words, not 2).
macro_rules! by_width {
    ($longest:expr, $pair:expr, $wide:ident, $($arg:expr),*) => {{
        let longest: usize = $longest;
        if longest <= bitline::MAX_LEN {
            $pair($($arg),*)
        } else if longest < 192 {
            $wide::<Wide<3>>($($arg),*)
        } else if longest < 256 {
            $wide::<Wide<4>>($($arg),*)
        } else if longest < 512 {
            $wide::<Wide<8>>($($arg),*)
        } else if longest < 1024 {
            $wide::<Wide<16>>($($arg),*)
        } else if longest < 2048 {
            $wide::<Wide<32>>($($arg),*)
        } else if longest < 4096 {
            $wide::<Wide<64>>($($arg),*)
        } else {
            debug_assert!(longest <= MAX_LEN);
            $wide::<Wide<157>>($($arg),*)
        }
    }};
}

// After `by_width`, which it uses.
mod lookahead;

pub use lookahead::{ProbedBranches, probe_lookahead, probe_residue};

/// Solves `puzzle` (every line at most [`MAX_LEN`] cells), counting solutions up to
/// `limits.max_solutions`, on the smallest mask type that holds its longest line; the
/// palette size is a compile-time constant for the common small palettes.
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> (Answer, Stats) {
    let longest = puzzle.width().max(puzzle.height());
    by_width!(longest, solve_on_pair, solve_on, puzzle, limits)
}

/// [`solve`] on `u128` masks, with the palette size fixed at compile time up to 5.
fn solve_on_pair(puzzle: &Nonogram, limits: &Limits) -> (Answer, Stats) {
    match puzzle.palette().len() {
        2 => solve_with::<u128, 2>(puzzle, limits),
        3 => solve_with::<u128, 3>(puzzle, limits),
        4 => solve_with::<u128, 4>(puzzle, limits),
        5 => solve_with::<u128, 5>(puzzle, limits),
        _ => solve_with::<u128, 0>(puzzle, limits),
    }
}

/// [`solve`] on masks of type `M`, with the palette size fixed at compile time for
/// black-and-white only (wide colour puzzles are rare).
pub(super) fn solve_on<M: Mask>(puzzle: &Nonogram, limits: &Limits) -> (Answer, Stats) {
    match puzzle.palette().len() {
        2 => solve_with::<M, 2>(puzzle, limits),
        _ => solve_with::<M, 0>(puzzle, limits),
    }
}

fn solve_with<M: Mask, const P: usize>(puzzle: &Nonogram, limits: &Limits) -> (Answer, Stats) {
    solve_with_runs::<M, P>(puzzle, limits, FIRST_RUN, RUN_UNIT)
}

/// [`solve`] on `u128` masks (lines of at most [`bitline::MAX_LEN`] cells), giving up
/// (an incomplete answer) at its `budget.0`-th search node or once it has made
/// `budget.1` line solves: the first stage of `super::native::solve_with_stats`.
pub(super) fn solve_within(
    puzzle: &Nonogram,
    limits: &Limits,
    budget: (u64, u64),
) -> (Answer, Stats) {
    debug_assert!(puzzle.width().max(puzzle.height()) <= bitline::MAX_LEN);
    let run = match puzzle.palette().len() {
        2 => run::<u128, 2>,
        3 => run::<u128, 3>,
        4 => run::<u128, 4>,
        5 => run::<u128, 5>,
        _ => run::<u128, 0>,
    };
    run(puzzle, limits, FIRST_RUN, RUN_UNIT, budget)
}

/// [`solve_with`] with restart runs of `first` nodes, then `unit` × Luby (the tests
/// restart after every node or two).
pub(super) fn solve_with_runs<M: Mask, const P: usize>(
    puzzle: &Nonogram,
    limits: &Limits,
    first: u64,
    unit: u64,
) -> (Answer, Stats) {
    run::<M, P>(puzzle, limits, first, unit, (u64::MAX, u64::MAX))
}

fn run<M: Mask, const P: usize>(
    puzzle: &Nonogram,
    limits: &Limits,
    first: u64,
    unit: u64,
    (max_nodes, max_line_solves): (u64, u64),
) -> (Answer, Stats) {
    let mut engine = Engine::<M, P>::new(puzzle, limits);
    engine.max_nodes = max_nodes;
    engine.max_line_solves = max_line_solves;
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
        let flow = engine.search_with_restarts(&mut state, first, unit);
        flow == Flow::Continue && !engine.timed_out
    };
    let answer = Answer {
        solutions: engine.solutions,
        count: engine.count,
        complete,
        nodes: Some(engine.stats.nodes),
        guesses: Some(engine.stats.guesses),
        conflicts: None,
    };
    (answer, engine.stats)
}

/// What line logic alone decides (see [`super::native::line_logic`]).
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    let longest = puzzle.width().max(puzzle.height());
    by_width!(longest, line_logic_on::<u128>, line_logic_on, puzzle)
}

/// [`line_logic`] on masks of type `M`.
pub(super) fn line_logic_on<M: Mask>(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: Stop::never(),
    };
    let mut engine = Engine::<M, 0>::new(puzzle, &limits);
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
