//! Deduction for fillomino: which numbers each cell can still hold, narrowed before any
//! search by rules a solver by hand uses. Every rule below removes a number from a cell
//! only when no solution of the present state writes it there, so:
//! - a number a cell lost is not in that cell in any solution;
//! - a contradiction (a cell with no number left, a group that cannot be completed) means
//!   there is no solution;
//! - when every cell is decided, the decided grid is the only solution (every step was
//!   forced; the caller confirms it with its checker).
//!
//! Glossary:
//! - **candidates**: per cell, the numbers it may still hold (a bit set); a cell is
//!   **decided** when one is left, and a given is decided from the start;
//! - **group**: an orthogonally connected set of decided cells of one number `k` (a part of
//!   a region, or a whole one); **complete** when it has `k` cells, **incomplete** below;
//! - **may hold k**: `k` is among the cell's candidates (a decided `k` included).
//!
//! The rules (stated in `encodings/fillomino.md`, "Deduction"):
//! - **merge** (bookkeeping, always on): decided neighbours of equal number are one group;
//!   a group of more than `k` cells, or (every cell decided) fewer, is a contradiction;
//! - **wall** ([`Rule::Wall`]): an undecided cell cannot hold `k` when it and the
//!   `k`-groups beside it would make more than `k` cells — so a complete group walls off
//!   its neighbours, and two groups that together overflow stay apart;
//! - **grow** ([`Rule::Grow`]): an incomplete group with exactly one neighbouring cell that
//!   may hold its number grows there; with none, a contradiction;
//! - **room** ([`Rule::Room`]): an incomplete `k`-group's region lies among the cells
//!   reachable from it through cells that may hold `k`; fewer than `k` of them is a
//!   contradiction, and a cell without which fewer than `k` stay reachable holds `k`;
//! - **reach** ([`Rule::Reach`]): an undecided cell keeps `k` only if a `k`-region could
//!   cover it: either an incomplete `k`-group of `s` cells lies within `k − s` steps through
//!   undecided cells that may hold `k`, or the cell lies in a connected set of at least `k`
//!   undecided cells that may hold `k` and touch no decided `k` (room for a new region, a
//!   clue-less one included — a cell boxed in alone keeps only 1).
//!
//! Invariant: the candidates only shrink, and each removal holds in every solution of the
//! state it was deduced from, hence in every solution of the puzzle; the groups are a
//! snapshot, retaken at the start of a rule when a cell was decided since the last one,
//! and only used as facts that stay true as the candidates shrink (its cells hold `k` and
//! are connected; a region is at least as large).
//!
//! References: the puzzle's rules in `encodings/fillomino.md`; the same scheme for loops
//! in `constraints/loop_deduce.rs`.

use super::Fillomino;
use crate::constraints::{Grid, adjacency};
use crate::util::visits::Visits;

/// A cell's candidate numbers: bit `k` for the number `k`.
type Set = u128;

/// The largest number the candidate sets can hold; puzzles with larger numbers are not
/// deduced ([`deduce`] answers `None`).
pub const MAX_DEDUCED: u32 = 127;

/// One of the rules (module docs); the merge bookkeeping always runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A cell cannot hold `k` when the `k`-groups beside it would overflow.
    Wall,
    /// An incomplete group with one way out grows there.
    Grow,
    /// An incomplete group's region lies among the cells it can reach.
    Room,
    /// A cell keeps `k` only if some `k`-region could cover it.
    Reach,
}

impl Rule {
    /// Every rule, cheapest first (the order they are tried in).
    pub const ALL: [Rule; 4] = [Rule::Wall, Rule::Grow, Rule::Room, Rule::Reach];
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No solution: a rule found a cell with no number or a group it cannot complete.
    Contradiction,
    /// Each cell's numbers left. When every cell is decided (and all the rules ran), the
    /// decided grid is the only solution.
    Cells(Cells),
}

/// Per cell, the numbers it may still hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells {
    width: usize,
    candidates: Vec<Set>,
}

impl Cells {
    /// The number of cell `(row, col)`, when it is decided.
    pub fn value(&self, row: usize, col: usize) -> Option<u32> {
        single(self.candidates[row * self.width + col])
    }

    /// The numbers cell `(row, col)` may still hold, in increasing order.
    pub fn candidates(&self, row: usize, col: usize) -> Vec<u32> {
        let set = self.candidates[row * self.width + col];
        (1..=MAX_DEDUCED).filter(|&k| set & bit(k) != 0).collect()
    }

    /// Whether cell `i` (row-major) may still hold `k`.
    pub(crate) fn may_hold(&self, i: usize, k: u32) -> bool {
        k <= MAX_DEDUCED && self.candidates[i] & bit(k) != 0
    }

    /// How many cells are undecided.
    pub fn open(&self) -> usize {
        self.candidates
            .iter()
            .filter(|&&s| single(s).is_none())
            .count()
    }

    /// The grid, when every cell is decided.
    pub fn grid(&self) -> Option<Grid> {
        let values: Option<Vec<u32>> = self.candidates.iter().map(|&s| single(s)).collect();
        values.map(|v| Grid::new(self.width, v))
    }
}

/// Runs `rules` (and the merge bookkeeping) to their fixpoint. `None` when the puzzle's
/// numbers go beyond [`MAX_DEDUCED`].
pub fn deduce(p: &Fillomino, rules: &[Rule]) -> Option<Deduction> {
    let max = p.max_number();
    if max > MAX_DEDUCED {
        return None;
    }
    let mut state = State::new(p, max);
    Some(match state.run(rules) {
        Ok(()) => Deduction::Cells(Cells {
            width: state.width,
            candidates: state.cand,
        }),
        Err(Contradiction) => Deduction::Contradiction,
    })
}

fn bit(k: u32) -> Set {
    1 << k
}

/// The number of a set with exactly one member.
fn single(s: Set) -> Option<u32> {
    s.is_power_of_two().then(|| s.trailing_zeros())
}

/// A rule found that no solution extends the present state.
struct Contradiction;

/// Whether a rule changed anything, or found a contradiction.
type Step = Result<bool, Contradiction>;

/// No group (an undecided cell).
const NONE: usize = usize::MAX;

struct State {
    width: usize,
    max: u32,
    /// Per cell, its orthogonal neighbours.
    nbrs: Vec<Vec<usize>>,
    /// Per cell, its candidates.
    cand: Vec<Set>,
    /// The group snapshot: per cell its group (or [`NONE`]).
    group_of: Vec<usize>,
    /// Per group, its number.
    number: Vec<u32>,
    /// Per group, its cells: `members[start[g]..start[g + 1]]`.
    members: Vec<usize>,
    start: Vec<usize>,
    /// Whether a cell was decided since the snapshot (which is then out of date).
    stale: bool,
    /// Scratch: the cells visited.
    visits: Visits,
    /// Scratch: a queue and per-cell values for the searches.
    queue: Vec<usize>,
    dist: Vec<u32>,
}

impl State {
    fn new(p: &Fillomino, max: u32) -> State {
        let (w, h) = p.size();
        let n = w * h;
        let nbrs = (0..n).map(|i| adjacency::orthogonal(w, h, i)).collect();
        // Bits 1 to max.
        let all: Set = (Set::MAX >> (MAX_DEDUCED - max)) & !1;
        let cand = p
            .clues
            .iter()
            .map(|c| match c {
                Some(Some(k)) => bit(*k),
                _ => all,
            })
            .collect();
        State {
            width: w,
            max,
            nbrs,
            cand,
            group_of: vec![NONE; n],
            number: Vec::new(),
            members: Vec::new(),
            start: Vec::new(),
            stale: true,
            visits: Visits::new(n),
            queue: Vec::new(),
            dist: vec![0; n],
        }
    }

    fn cells(&self) -> usize {
        self.cand.len()
    }

    fn value(&self, i: usize) -> Option<u32> {
        single(self.cand[i])
    }

    fn groups(&self) -> usize {
        self.number.len()
    }

    fn size(&self, g: usize) -> usize {
        self.start[g + 1] - self.start[g]
    }

    /// Sets cell `i` to `k`.
    fn set(&mut self, i: usize, k: u32) -> Step {
        if self.cand[i] & bit(k) == 0 {
            return Err(Contradiction);
        }
        let changed = self.cand[i] != bit(k);
        self.stale |= changed;
        self.cand[i] = bit(k);
        Ok(changed)
    }

    /// Removes the numbers of `gone` from cell `i`.
    fn remove(&mut self, i: usize, gone: Set) -> Step {
        let left = self.cand[i] & !gone;
        if left == 0 {
            return Err(Contradiction);
        }
        let changed = left != self.cand[i];
        self.stale |= changed && single(left).is_some();
        self.cand[i] = left;
        Ok(changed)
    }

    /// Every rule of `rules` to the fixpoint, cheapest first, back to the cheapest after
    /// any change; then the merge check of a grid all decided.
    fn run(&mut self, rules: &[Rule]) -> Result<(), Contradiction> {
        self.snapshot()?;
        'fixpoint: loop {
            for rule in Rule::ALL {
                if !rules.contains(&rule) {
                    continue;
                }
                let changed = match rule {
                    Rule::Wall => self.wall()?,
                    Rule::Grow => self.grow()?,
                    Rule::Room => self.room()?,
                    Rule::Reach => self.reach()?,
                };
                if changed {
                    continue 'fixpoint;
                }
            }
            break;
        }
        self.snapshot()?;
        if (0..self.cells()).all(|i| self.value(i).is_some())
            && (0..self.groups()).any(|g| self.size(g) != self.number[g] as usize)
        {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Merge: the groups of the decided cells, afresh when a cell was decided since the
    /// last snapshot; a group larger than its number is a contradiction.
    fn snapshot(&mut self) -> Result<(), Contradiction> {
        if !self.stale {
            return Ok(());
        }
        self.stale = false;
        let n = self.cells();
        self.group_of.fill(NONE);
        self.number.clear();
        self.members.clear();
        self.start.clear();
        for s in 0..n {
            let Some(k) = self.value(s) else { continue };
            if self.group_of[s] != NONE {
                continue;
            }
            let g = self.number.len();
            self.number.push(k);
            self.start.push(self.members.len());
            self.group_of[s] = g;
            self.members.push(s);
            let mut next = self.start[g];
            while next < self.members.len() {
                let i = self.members[next];
                next += 1;
                for j in 0..self.nbrs[i].len() {
                    let nb = self.nbrs[i][j];
                    if self.group_of[nb] == NONE && self.cand[nb] == bit(k) {
                        self.group_of[nb] = g;
                        self.members.push(nb);
                    }
                }
            }
            if self.members.len() - self.start[g] > k as usize {
                return Err(Contradiction);
            }
        }
        self.start.push(self.members.len());
        Ok(())
    }

    /// Wall: per undecided cell, per number `k` of the groups beside it, the cell and
    /// those `k`-groups together more than `k` cells rule `k` out.
    fn wall(&mut self) -> Step {
        self.snapshot()?;
        let mut changed = false;
        for i in 0..self.cells() {
            if self.value(i).is_some() {
                continue;
            }
            let beside: Vec<usize> = {
                let mut gs: Vec<usize> = self.nbrs[i]
                    .iter()
                    .map(|&nb| self.group_of[nb])
                    .filter(|&g| g != NONE)
                    .collect();
                gs.sort_unstable();
                gs.dedup();
                gs
            };
            let mut gone: Set = 0;
            for &g in &beside {
                let k = self.number[g];
                let joined: usize = 1 + beside
                    .iter()
                    .filter(|&&o| self.number[o] == k)
                    .map(|&o| self.size(o))
                    .sum::<usize>();
                if joined > k as usize {
                    gone |= bit(k);
                }
            }
            if gone != 0 {
                changed |= self.remove(i, gone)?;
            }
        }
        Ok(changed)
    }

    /// Grow: an incomplete group's neighbours outside it that may hold its number; none is
    /// a contradiction, exactly one holds the number.
    fn grow(&mut self) -> Step {
        self.snapshot()?;
        let mut changed = false;
        for g in 0..self.groups() {
            let k = self.number[g];
            if self.size(g) >= k as usize {
                continue;
            }
            self.visits.clear();
            let mut exits = 0;
            let mut exit = NONE;
            for m in self.start[g]..self.start[g + 1] {
                let c = self.members[m];
                for &nb in &self.nbrs[c] {
                    if self.group_of[nb] != g
                        && !self.visits.seen(nb)
                        && self.cand[nb] & bit(k) != 0
                    {
                        self.visits.insert(nb);
                        exits += 1;
                        exit = nb;
                    }
                }
            }
            match exits {
                0 => return Err(Contradiction),
                1 => changed |= self.set(exit, k)?,
                _ => {}
            }
        }
        Ok(changed)
    }

    /// How many cells (at most `limit`) a flood from group `g` reaches through cells that
    /// may hold `k`, never entering `blocked`.
    fn flood(&mut self, g: usize, k: u32, blocked: usize, limit: usize) -> usize {
        self.visits.clear();
        self.queue.clear();
        for m in self.start[g]..self.start[g + 1] {
            let c = self.members[m];
            self.visits.insert(c);
            self.queue.push(c);
        }
        let mut next = 0;
        while next < self.queue.len() && self.queue.len() < limit {
            let c = self.queue[next];
            next += 1;
            for j in 0..self.nbrs[c].len() {
                let nb = self.nbrs[c][j];
                if nb != blocked && !self.visits.seen(nb) && self.cand[nb] & bit(k) != 0 {
                    self.visits.insert(nb);
                    self.queue.push(nb);
                }
            }
        }
        self.queue.len().min(limit)
    }

    /// Room: per incomplete group, the flood through cells that may hold its number must
    /// reach `k` cells; an undecided cell within reach without which it cannot holds `k`.
    fn room(&mut self) -> Step {
        self.snapshot()?;
        let mut changed = false;
        for g in 0..self.groups() {
            let k = self.number[g];
            let size = self.size(g);
            if size >= k as usize {
                continue;
            }
            let limit = k as usize;
            if self.flood(g, k, NONE, limit) < limit {
                return Err(Contradiction);
            }
            // The undecided cells within k − size steps: the only ones the region can
            // take, so the only ones worth blocking.
            let slack = (limit - size) as u32;
            self.visits.clear();
            self.queue.clear();
            for m in self.start[g]..self.start[g + 1] {
                let c = self.members[m];
                self.visits.insert(c);
                self.dist[c] = 0;
                self.queue.push(c);
            }
            let mut next = 0;
            while next < self.queue.len() {
                let c = self.queue[next];
                next += 1;
                if self.dist[c] == slack {
                    continue;
                }
                for j in 0..self.nbrs[c].len() {
                    let nb = self.nbrs[c][j];
                    if !self.visits.seen(nb) && self.cand[nb] & bit(k) != 0 {
                        self.visits.insert(nb);
                        self.dist[nb] = self.dist[c] + 1;
                        self.queue.push(nb);
                    }
                }
            }
            let near: Vec<usize> = self.queue[size..]
                .iter()
                .copied()
                .filter(|&c| self.value(c).is_none())
                .collect();
            for c in near {
                if self.cand[c] & bit(k) != 0 && self.flood(g, k, c, limit) < limit {
                    changed |= self.set(c, k)?;
                }
            }
        }
        Ok(changed)
    }

    /// Reach: per number `k`, the undecided cells some `k`-region could cover — near an
    /// incomplete `k`-group, or in room for a new region — keep `k`; the rest lose it.
    fn reach(&mut self) -> Step {
        self.snapshot()?;
        let n = self.cells();
        let mut changed = false;
        // Undecided in the snapshot: cells decided during this pass are still judged here
        // as the cells they were (a cell that may hold k), so the snapshot's groups stay
        // the only decided k-cells the argument relies on.
        let open: Vec<usize> = (0..n).filter(|&i| self.group_of[i] == NONE).collect();
        let mut covered = vec![false; n];
        let mut buckets: Vec<Vec<usize>> = Vec::new();
        for k in 1..=self.max {
            let b = bit(k);
            if !open.iter().any(|&i| self.cand[i] & b != 0) {
                continue;
            }
            for &i in &open {
                covered[i] = false;
            }
            // A new region: connected sets of undecided cells that may hold k and touch no
            // decided k, at least k of them.
            let fresh = |s: &State, i: usize| {
                s.group_of[i] == NONE
                    && s.cand[i] & b != 0
                    && s.nbrs[i]
                        .iter()
                        .all(|&nb| s.group_of[nb] == NONE || s.number[s.group_of[nb]] != k)
            };
            self.visits.clear();
            for &i in &open {
                if self.visits.seen(i) || !fresh(self, i) {
                    continue;
                }
                self.visits.insert(i);
                self.queue.clear();
                self.queue.push(i);
                let mut next = 0;
                while next < self.queue.len() {
                    let c = self.queue[next];
                    next += 1;
                    for j in 0..self.nbrs[c].len() {
                        let nb = self.nbrs[c][j];
                        if !self.visits.seen(nb) && fresh(self, nb) {
                            self.visits.insert(nb);
                            self.queue.push(nb);
                        }
                    }
                }
                if self.queue.len() >= k as usize {
                    for &c in &self.queue {
                        covered[c] = true;
                    }
                }
            }
            // An existing region: the least size an incomplete k-group reaches a cell
            // with, through undecided cells that may hold k (bucketed by that size).
            buckets.clear();
            buckets.resize(k as usize + 1, Vec::new());
            self.visits.clear();
            for g in 0..self.groups() {
                let size = self.size(g);
                if self.number[g] == k && size < k as usize {
                    for m in self.start[g]..self.start[g + 1] {
                        let c = self.members[m];
                        self.visits.insert(c);
                        self.dist[c] = size as u32;
                        buckets[size].push(c);
                    }
                }
            }
            for d in 1..k as usize {
                let mut at = std::mem::take(&mut buckets[d]);
                for &c in &at {
                    if self.dist[c] != d as u32 {
                        continue;
                    }
                    for j in 0..self.nbrs[c].len() {
                        let nb = self.nbrs[c][j];
                        if self.group_of[nb] == NONE
                            && self.cand[nb] & b != 0
                            && (!self.visits.seen(nb) || self.dist[nb] > d as u32 + 1)
                        {
                            self.visits.insert(nb);
                            self.dist[nb] = d as u32 + 1;
                            covered[nb] = true;
                            buckets[d + 1].push(nb);
                        }
                    }
                }
                at.clear();
                buckets[d] = at;
            }
            for &i in &open {
                if !covered[i] && self.cand[i] & b != 0 {
                    changed |= self.remove(i, b)?;
                }
            }
        }
        Ok(changed)
    }
}
