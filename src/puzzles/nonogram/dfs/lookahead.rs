//! Root probing (`--presolve`, the learning search's domains) and the cube lookahead's
//! probes (`split.rs`) on this folder's engine: the root probed to a fixpoint (line logic,
//! then failed-literal probing with merge), each open (cell, colour) propagated once more
//! for the implications it yields, then every colour of a few chosen cells probed to a
//! fixpoint the way the search probes a child: from the root's state and its probes, of
//! which those that read no line the branch changed stay valid.
//!
//! Invariant: probing with merge has one fixpoint below a state, whatever the order of
//! its probes (each probe only narrows, and narrows a narrower state at least as much), so
//! a branch's fixpoint (the root's ∧ cell = colour) is the fixpoint of the puzzle with that
//! cell as one more given. A branch's probed state, kept (its rows, height × palette
//! masks; the columns follow from them), is therefore the root of the lookahead of the
//! cube it becomes: no line logic and no probing rounds. The implications' propagations
//! from a fixpoint are exactly the probes of its last round (none fails, none merges), so
//! they make those probes valid again for the branches. A state cut short by `stop` is
//! not a fixpoint and is not kept. Measurements: `docs/cube.md`.

use super::lines::{LineList, at_least_two};
use super::{Engine, MAX_LEN, Probed, Wide, bitline};
use crate::puzzle::{Kept, Limits};
use crate::puzzles::nonogram::Nonogram;
use crate::puzzles::nonogram::line::mask::Mask;
use crate::puzzles::nonogram::native::ProbeResidue;
use crate::stop::Stop;

/// Root probing for `--presolve` (see [`super::super::native::probe_residue`]).
pub fn probe_residue(
    puzzle: &Nonogram,
    stop: &Stop,
    max_implications: usize,
) -> Option<ProbeResidue> {
    probe_lookahead(puzzle, stop, max_implications, &mut |_| Vec::new(), None).map(|(r, _)| r)
}

/// One colour of a cell the lookahead probed.
pub struct ProbedBranch {
    /// The colour (palette index).
    pub colour: u32,
    /// What probing to a fixpoint left open in the branch, as colours beyond one per cell;
    /// `None` when probing refuted it.
    pub left: Option<u64>,
    /// The branch's probed state, for the lookahead of the cube it becomes (`from` of
    /// [`probe_lookahead`]); `None` when refuted or cut short by `stop`.
    pub kept: Option<Kept>,
}

/// The cells the lookahead probed, each with its branches.
pub type ProbedBranches = Vec<(usize, Vec<ProbedBranch>)>;

/// [`probe_residue`] of `puzzle` (from `from`, a branch's state kept by the lookahead of
/// the cube's parent, when there is one: see the module notes), then every colour of each
/// cell `pick` chooses from the residue, probed to a fixpoint from the root's state and
/// probes (a branch costs a fraction of probing the puzzle with the cell as a given).
pub fn probe_lookahead(
    puzzle: &Nonogram,
    stop: &Stop,
    max_implications: usize,
    pick: &mut dyn FnMut(&ProbeResidue) -> Vec<usize>,
    from: Option<Kept>,
) -> Option<(ProbeResidue, ProbedBranches)> {
    let longest = puzzle.width().max(puzzle.height());
    by_width!(
        longest,
        probe_lookahead_with::<u128>,
        probe_lookahead_with,
        puzzle,
        stop,
        max_implications,
        pick,
        from
    )
}

fn probe_lookahead_with<M: Mask + 'static>(
    puzzle: &Nonogram,
    stop: &Stop,
    max_implications: usize,
    pick: &mut dyn FnMut(&ProbeResidue) -> Vec<usize>,
    from: Option<Kept>,
) -> Option<(ProbeResidue, ProbedBranches)> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 0,
        stop: stop.clone(),
    };
    let mut engine = Engine::<M, 0>::new(puzzle, &limits);
    let (state, kept) = engine.root(from)?;
    let width = puzzle.width();
    let colours: Vec<u64> = (0..width * puzzle.height())
        .map(|c| engine.colours_of(&state, c / width, c % width))
        .collect();
    let implications = engine.implications(&state, &colours, max_implications, stop, kept);
    let residue = ProbeResidue {
        colours,
        implications,
    };
    let cells = pick(&residue);
    let branches = engine.probe_branches(&state, &residue.colours, cells);
    Some((residue, branches))
}

impl<M: Mask + 'static, const P: usize> Engine<'_, M, P> {
    /// The lookahead's root state: the one `from` kept (with `true`), or line logic and
    /// probing to a fixpoint from the givens; `None` when they refute the puzzle.
    fn root(&mut self, from: Option<Kept>) -> Option<(Vec<M>, bool)> {
        let rows = from
            .and_then(|kept| kept.downcast::<Vec<M>>().ok())
            .filter(|rows| rows.len() == self.p() * self.height);
        if let Some(rows) = rows {
            // As probing would: the first rating's propagations are probes.
            self.ensure_cache();
            return Some((self.state_from_rows(&rows), true));
        }
        let mut state = self.initial_state();
        for l in 0..self.num_lines {
            self.enqueue(l);
        }
        if !self.propagate(&mut state) {
            return None;
        }
        self.changed.clear();
        // A timeout leaves a sound, less narrowed state.
        if let Probed::Dead = self.probe_to_fixpoint(&mut state) {
            return None;
        }
        Some((state, false))
    }

    /// What to keep of a probed state: its rows.
    fn keep(&self, state: &[M]) -> Kept {
        Box::new(state[..self.p() * self.height].to_vec())
    }

    /// The state whose rows are `rows`, its columns rebuilt from them.
    fn state_from_rows(&self, rows: &[M]) -> Vec<M> {
        let (p, height) = (self.p(), self.height);
        let mut state = vec![M::ZERO; p * self.num_lines];
        state[..p * height].copy_from_slice(rows);
        for row in 0..height {
            for k in 0..p {
                let mut bits = rows[p * row + k];
                while !bits.is_zero() {
                    let col = bits.trailing_zeros() as usize;
                    bits = bits.clear_lowest();
                    state[p * (height + col) + k] |= M::bit(row);
                }
            }
        }
        state
    }

    /// Colours still possible in `state` beyond one per cell.
    fn open_colours(&self, state: &[M]) -> u64 {
        let (p, height) = (self.p(), self.height);
        state[..p * height]
            .iter()
            .map(|m| u64::from(m.count_ones()))
            .sum::<u64>()
            .saturating_sub((self.puzzle.width() * height) as u64)
    }

    /// Propagates each open (cell, colour) of `state` (whose cells' colours are `colours`)
    /// once and lists what it decides, `[(cell, colour), (decided cell, its colour)]`, up to
    /// `max` of them. With `remember` (`state` is a probing fixpoint, see the module notes)
    /// each cell whose colours all ran becomes a valid probe.
    fn implications(
        &mut self,
        state: &[M],
        colours: &[u64],
        max: usize,
        stop: &Stop,
        remember: bool,
    ) -> Vec<[(usize, u8); 2]> {
        let (width, height, p) = (self.puzzle.width(), self.height, self.p());
        let mut implications = Vec::new();
        // `branch` equals `state` between two propagations: only the lines one changed are
        // copied back, and only its changed rows (in order) can hold a cell it decided.
        let mut branch = state.to_vec();
        let mut rows = Vec::new();
        self.changed.clear();
        'cells: for (cell, &set) in colours.iter().enumerate() {
            if set.count_ones() < 2 {
                continue;
            }
            let (row, col) = (cell / width, cell % width);
            self.read.clear();
            self.read.insert(row);
            self.read.insert(height + col);
            for colour in (0..64).filter(|k| set >> k & 1 == 1) {
                if implications.len() >= max || stop.should_stop() {
                    break 'cells;
                }
                self.set(&mut branch, row, col, colour);
                self.enqueue(row);
                self.enqueue(height + col);
                let ok = self.propagate(&mut branch);
                debug_assert!(ok || !remember, "a kept state is a probing fixpoint");
                self.changed.insert(row);
                self.changed.insert(height + col);
                // A failed one: probing at its fixpoint leaves no failed literal, nothing
                // to learn.
                if ok {
                    changed_rows(&self.changed, height, &mut rows);
                    for &r in &rows {
                        let before = at_least_two(&state[p * r..p * (r + 1)]);
                        let mut decided = before & !at_least_two(&branch[p * r..p * (r + 1)]);
                        while !decided.is_zero() {
                            let c = decided.trailing_zeros() as usize;
                            decided = decided.clear_lowest();
                            let to = self.colours_of(&branch, r, c).trailing_zeros() as u8;
                            implications.push([(cell, colour as u8), (r * width + c, to)]);
                        }
                    }
                }
                for &l in &self.changed.list {
                    let range = p * l as usize..p * (l as usize + 1);
                    branch[range.clone()].copy_from_slice(&state[range]);
                }
                self.changed.clear();
            }
            if remember {
                self.remember_probe(cell);
            }
        }
        implications
    }

    /// Every colour `colours` leaves each of `cells`, probed to a fixpoint from `state` (the
    /// root's) and the valid probes; back at the root after each.
    fn probe_branches(
        &mut self,
        state: &[M],
        colours: &[u64],
        cells: Vec<usize>,
    ) -> ProbedBranches {
        let (width, height) = (self.puzzle.width(), self.height);
        let mut branch = state.to_vec();
        let mut probed = Vec::with_capacity(cells.len());
        for cell in cells {
            let (row, col) = (cell / width, cell % width);
            let mut outcomes = Vec::new();
            for colour in (0..64).filter(|k| colours[cell] >> k & 1 == 1) {
                branch.copy_from_slice(state);
                self.set(&mut branch, row, col, colour);
                self.enqueue(row);
                self.enqueue(height + col);
                self.changed.clear();
                self.changed.insert(row);
                self.changed.insert(height + col);
                let ok = self.propagate(&mut branch);
                self.invalidate_changed();
                let end = if ok {
                    self.probe_to_fixpoint(&mut branch)
                } else {
                    Probed::Dead
                };
                // A timeout leaves a sound, less narrowed state, as at the root, but not
                // the fixpoint: it is rated, not kept.
                let (left, kept) = match end {
                    Probed::Dead => (None, None),
                    Probed::Timeout => (Some(self.open_colours(&branch)), None),
                    Probed::Solved | Probed::Branch(_) => {
                        (Some(self.open_colours(&branch)), Some(self.keep(&branch)))
                    }
                };
                // Back at the root: probes the branch made that read a line it changed no
                // longer describe the root's state.
                self.mark_differences(state, &branch);
                self.invalidate_changed();
                outcomes.push(ProbedBranch {
                    colour: colour as u32,
                    left,
                    kept,
                });
            }
            probed.push((cell, outcomes));
        }
        probed
    }
}

/// The rows among the lines of `changed`, in order, into `rows`.
fn changed_rows(changed: &LineList, height: usize, rows: &mut Vec<usize>) {
    rows.clear();
    rows.extend(
        changed
            .list
            .iter()
            .map(|&l| l as usize)
            .filter(|&l| l < height),
    );
    rows.sort_unstable();
}
