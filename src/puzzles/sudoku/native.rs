//! The native sudoku solver: candidate bitsets, propagation, guessing.
//!
//! Glossary (after Norvig, "Solving Every Sudoku Puzzle"):
//! - **box side** `b` (2..=6) and **size** `n = b²`: the grid is `n × n`
//!   cells, digits `1..=n`, boxes `b × b`.
//! - **cell**: row-major index `r·n + c`.
//! - **unit**: a row, a column or a box — `n` cells that hold every digit
//!   exactly once; there are `3n` units and each cell lies in 3 of them.
//! - **peers** of a cell: the other cells of its three units,
//!   `2(n−1) + (b−1)²` of them (20 at 9×9).
//! - **candidates**: the digits a cell may still hold, a bit set (bit
//!   `d−1` for digit `d`; 36 digits fit in a `u64`).
//! - **naked single**: a cell with one candidate (Norvig's rule 1: its digit
//!   is removed from its peers). **Hidden single**: a digit with one place
//!   left in a unit (Norvig's rule 2: it goes there).
//! - **guess**: a branching decision on one cell; **node**: one state
//!   propagated — the root, plus one per alternative tried at a guess.
//!
//! Two paths share one API. 9×9 goes to a band-mask solver in the manner of JCZSolve
//! (see `native_9x9.rs`); every other size goes to the generic solver here: a `u64` per
//! cell, naked and hidden singles to a fixpoint (with locked candidates and
//! all-different filtering from 16×16 on), then minimum-remaining-values branching on a
//! cell with the fewest candidates (first solutions from 16×16 on: restarts, with the
//! candidates weighed by the failures of the cell's units). From 16×16 on, a first
//! solution or a uniqueness proof not settled within [`LEARN_AFTER`] nodes goes on side by
//! side with the learning search's two flavours (`native/learn.rs`), the three taking
//! turns on one core (`native/baton.rs`); the first to settle answers. Search states are copies
//! kept in a pool that grows only the first time a depth is reached, so the search loop
//! does not allocate.

use std::sync::Arc;

use crate::stop::Stop;
use baton::{Baton, Finish, Schedule, Side, Slices};
use learn::Flavour;

mod baton;
mod learn;

use super::native_9x9 as fast9;
use crate::util::luby;
use crate::util::matching::{augment, greedy_start};
use crate::util::scc::components;

/// Nodes the search without learning spends alone on a first solution or a uniqueness
/// proof of 16×16 and larger before the learning search (`native/learn.rs`) starts from
/// the root beside it (a count, not a time, so the hand-over does not move with the
/// machine's load; how it was chosen: `docs/sudoku.md`). A search handed over reports
/// more nodes than this: both searches' nodes.
pub const LEARN_AFTER: u64 = 2_000;

/// The first slice side by side of each flavour of the learning search, in its steps
/// (`native/learn.rs`: the solver's polls, about one per decision or theory round), about
/// 1.5–2 s at 36×36; the one ruling digits out runs first. Its later slices double. Twice
/// as large, the placing flavour's answer to b6-2 (0.5 s alone) would come after 4 s; the
/// ruling-out flavour's answers on b6-6 and b6-8 (0.2–0.7 s alone) come within it, and
/// the placing flavour's first slice decides b6-0 and b6-9. Measured: `docs/cube.md`.
const LEARN_FIRST: u64 = 1 << 17;

/// The search without learning's second slice side by side, in nodes (its first is
/// [`LEARN_AFTER`]). At 36×36 a node costs about five learning steps (17 k nodes against
/// 65–85 k steps a CPU second), so this slice takes about 2 s there. Its later slices
/// double. Measured: `docs/cube.md`.
const RESTARTS_SECOND: u64 = 1 << 15;

/// The turns of the three searches side by side.
const SCHEDULE: Schedule = Schedule {
    restarts: (LEARN_AFTER, RESTARTS_SECOND),
    ruling_out: (LEARN_FIRST, 2 * LEARN_FIRST),
    placing: (LEARN_FIRST, 2 * LEARN_FIRST),
};

/// The sides of the race, in the order of their turns.
const SIDES: &[Side] = &[Side::Restarts, Side::RulingOut, Side::Placing];

pub(crate) use fast9::solve9;

/// What to look for. max_solutions: 1 = first solution, 2 = prove
/// uniqueness, u64::MAX = count all.
#[derive(Clone, Debug)]
pub struct NativeSearch {
    /// Stop after this many solutions.
    pub max_solutions: u64,
    /// How many solutions to store in the result (the rest are only counted).
    pub keep: usize,
    /// Give up (timed_out, not complete) once this fires (deadline or cancel).
    pub stop: Stop,
}

impl NativeSearch {
    /// The first solution, stored.
    pub fn first() -> Self {
        NativeSearch {
            max_solutions: 1,
            keep: 1,
            stop: Stop::never(),
        }
    }

    /// Counting to two proves (or disproves) uniqueness; both stored.
    pub fn unique() -> Self {
        NativeSearch {
            max_solutions: 2,
            keep: 2,
            stop: Stop::never(),
        }
    }

    /// Count every solution, storing up to `keep` of them.
    pub fn count_all(keep: usize) -> Self {
        NativeSearch {
            max_solutions: u64::MAX,
            keep,
            stop: Stop::never(),
        }
    }
}

impl Default for NativeSearch {
    fn default() -> Self {
        Self::first()
    }
}

/// What the search found.
#[derive(Clone, Debug, Default)]
pub struct NativeResult {
    /// Each row-major `n·n` digits `1..=n`; at most `keep` of them.
    pub solutions: Vec<Vec<u8>>,
    /// Solutions found (stops at max_solutions).
    pub count: u64,
    /// True iff the search space was exhausted (count is exact).
    pub complete: bool,
    /// The stop fired before the search ended.
    pub timed_out: bool,
    /// Branching decisions: cells on which the search guessed, plus the learning search's
    /// decisions after a hand-over (see [`LEARN_AFTER`]).
    pub guesses: u64,
    /// Search nodes: states propagated — the root plus one per alternative tried at a
    /// guess; after a hand-over to the learning search, plus its conflicts and one for its
    /// root.
    pub nodes: u64,
    /// The learning searches' conflicts, when the search handed over to them.
    pub conflicts: Option<u64>,
}

/// box_side b in 2..=6, n = b*b, givens row-major n*n with 0 = empty and
/// 1..=n digits (the caller validated ranges and length).
/// Contradictory givens (two equal digits in a unit, or a cell/digit with no
/// place) → count 0, complete = true, fast.
///
/// Input outside that contract (box side, length or a digit out of range) is
/// not a panic: it is answered as having no solution.
pub fn solve(box_side: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
    if !valid_input(box_side, givens) {
        return no_solution();
    }
    if box_side == 3 {
        solve_9x9(givens, search)
    } else {
        solve_generic_checked(box_side, givens, search)
    }
}

/// The generic solver at any size, 9×9 included (the fast path is skipped):
/// for cross-checking the two paths and for comparing their speed.
pub fn solve_generic(box_side: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
    if !valid_input(box_side, givens) {
        return no_solution();
    }
    solve_generic_checked(box_side, givens, search)
}

/// Tests only: the generic solver without the hand-over to the learning search, so that
/// the learning search is checked against an engine other than itself.
#[cfg(test)]
fn solve_without_learning(box_side: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
    if !valid_input(box_side, givens) {
        return no_solution();
    }
    solve_generic_from(box_side, givens, search, false)
}

/// Tests only: the learning search (`native/learn.rs`) of `flavour` alone from the root
/// propagation, at any size. Counts up to `max_solutions` (one blocking clause per
/// solution, so meant for small counts).
#[cfg(test)]
fn solve_learning(
    box_side: usize,
    givens: &[u8],
    search: &NativeSearch,
    flavour: Flavour,
) -> NativeResult {
    if !valid_input(box_side, givens) {
        return no_solution();
    }
    let geo = Geometry::new(box_side);
    match root(&geo, givens) {
        Some((root, _)) => {
            let (max, keep) = (search.max_solutions, search.keep);
            learn::solve(&geo, &root, max, keep, flavour, &search.stop, None)
        }
        None => no_solution(),
    }
}

/// Native's candidate elimination on its own, for the lookahead of cube-and-conquer
/// (`split.rs`): the same propagation every node of the search runs.
pub(crate) struct Propagator {
    geo: Geometry,
    work: Work,
}

impl Propagator {
    /// A propagator for grids of box side `box_side` (2..=6).
    pub(crate) fn new(box_side: usize) -> Propagator {
        let n = box_side * box_side;
        Propagator {
            geo: Geometry::new(box_side),
            work: Work::new(n * n),
        }
    }

    /// The candidates of `givens` after propagation; `None` on a contradiction.
    pub(crate) fn root(&mut self, givens: &[u8]) -> Option<Vec<u64>> {
        root(&self.geo, givens).map(|(cand, _)| cand)
    }

    /// `cand` with `cell` reduced to the candidates `keep`, propagated; false on a
    /// contradiction (then `cand` is in no known state).
    pub(crate) fn restrict(&mut self, cand: &mut [u64], cell: usize, keep: u64) -> bool {
        self.work.queue.clear();
        let left = cand[cell] & keep;
        if left == 0 {
            return false;
        }
        cand[cell] = left;
        if left.count_ones() == 1 {
            self.work.queue.push(cell as u32);
        }
        propagate(&self.geo, cand, &mut self.work)
    }
}

/// The givens' candidates after propagation, and the scratch space it used; None on a
/// contradiction.
fn root(geo: &Geometry, givens: &[u8]) -> Option<(Vec<u64>, Work)> {
    let n = geo.n;
    let mut root = vec![full(n); n * n];
    let mut work = Work::new(n * n);
    for (cell, &g) in givens.iter().enumerate() {
        if g != 0 {
            let bit = 1u64 << (g - 1);
            if root[cell] & bit == 0 {
                return None;
            }
            root[cell] = bit;
            work.queue.push(cell as u32);
        }
    }
    propagate(geo, &mut root, &mut work).then_some((root, work))
}

fn valid_input(box_side: usize, givens: &[u8]) -> bool {
    if !(2..=6).contains(&box_side) {
        return false;
    }
    let n = box_side * box_side;
    givens.len() == n * n && givens.iter().all(|&g| (g as usize) <= n)
}

fn no_solution() -> NativeResult {
    NativeResult {
        complete: true,
        ..NativeResult::default()
    }
}

fn solve_9x9(givens: &[u8], search: &NativeSearch) -> NativeResult {
    let mut solutions = Vec::new();
    let keep = search.keep;
    let out = fast9::solve9(givens, search.max_solutions, keep, &search.stop, &mut |g| {
        solutions.push(g.to_vec())
    });
    NativeResult {
        solutions,
        count: out.count,
        complete: out.complete,
        timed_out: out.timed_out,
        guesses: out.guesses,
        nodes: out.nodes,
        conflicts: None,
    }
}

/// Units and peers of an `n × n` grid, as flat index arrays.
struct Geometry {
    n: usize,
    /// Box side.
    b: usize,
    /// `units[u·n .. (u+1)·n]`: the cells of unit `u` (rows, columns, boxes).
    units: Vec<u32>,
    /// `peers[c·np .. (c+1)·np]`: the peers of cell `c`.
    peers: Vec<u32>,
    /// Peers per cell.
    np: usize,
}

impl Geometry {
    fn new(b: usize) -> Self {
        let n = b * b;
        let mut units = Vec::with_capacity(3 * n * n);
        for r in 0..n {
            units.extend((0..n).map(|c| (r * n + c) as u32));
        }
        for c in 0..n {
            units.extend((0..n).map(|r| (r * n + c) as u32));
        }
        for k in 0..n {
            let (r0, c0) = (k / b * b, k % b * b);
            units.extend((0..n).map(|j| ((r0 + j / b) * n + c0 + j % b) as u32));
        }
        let np = 2 * (n - 1) + (b - 1) * (b - 1);
        let mut peers = Vec::with_capacity(n * n * np);
        for cell in 0..n * n {
            let (r, c) = (cell / n, cell % n);
            let before = peers.len();
            for other in 0..n * n {
                let (r2, c2) = (other / n, other % n);
                let same_box = r2 / b == r / b && c2 / b == c / b;
                if other != cell && (r2 == r || c2 == c || same_box) {
                    peers.push(other as u32);
                }
            }
            debug_assert_eq!(peers.len() - before, np);
        }
        Geometry {
            n,
            b,
            units,
            peers,
            np,
        }
    }

    fn unit(&self, u: usize) -> &[u32] {
        &self.units[u * self.n..(u + 1) * self.n]
    }

    fn peers_of(&self, cell: usize) -> &[u32] {
        &self.peers[cell * self.np..(cell + 1) * self.np]
    }

    /// The units of a cell: its row, column and box.
    fn units_of(&self, cell: usize) -> [usize; 3] {
        let (n, b) = (self.n, self.b);
        let (r, c) = (cell / n, cell % n);
        [r, n + c, 2 * n + r / b * b + c / b]
    }
}

/// Scratch space of the generic solver, kept across nodes (not part of the search state).
struct Work {
    /// Cells fixed and not yet removed from their peers.
    queue: Vec<u32>,
    /// The digit each cell had in the last all-different matching (see [`all_different`]).
    hint: Vec<u8>,
    /// Per unit: a hash of its cells' candidates when all-different last left it
    /// consistent (a unit with the same candidates again is skipped).
    filtered: Vec<u64>,
    /// The unit where the last failed propagation found its contradiction.
    fail: usize,
}

impl Work {
    fn new(cells: usize) -> Work {
        Work {
            queue: Vec::with_capacity(cells),
            hint: vec![u8::MAX; cells],
            filtered: vec![0; 3 * cells.isqrt()],
            fail: usize::MAX,
        }
    }
}

/// Propagates to a fixpoint: the naked singles queued in `work.queue` lose their
/// digit from their peers (Norvig's rule 1), then every unit is scanned for
/// hidden singles (rule 2), and again until nothing changes; from 16×16 on,
/// locked candidates and all-different filtering join the fixpoint (see
/// [`locked_candidates`], [`all_different`]). False on a contradiction (a cell without
/// candidates, a digit without a place).
fn propagate(geo: &Geometry, cand: &mut [u64], work: &mut Work) -> bool {
    let all = full(geo.n);
    loop {
        while let Some(cell) = work.queue.pop() {
            let bit = cand[cell as usize];
            debug_assert_eq!(bit.count_ones(), 1);
            for &p in geo.peers_of(cell as usize) {
                let c = cand[p as usize];
                if c & bit != 0 {
                    let c2 = c & !bit;
                    if c2 == 0 {
                        work.fail = shared_unit(geo, cell as usize, p as usize);
                        return false;
                    }
                    cand[p as usize] = c2;
                    if c2 & (c2 - 1) == 0 {
                        work.queue.push(p);
                    }
                }
            }
        }
        let mut found = false;
        for u in 0..3 * geo.n {
            let cells = geo.unit(u);
            let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
            for &c in cells {
                let m = cand[c as usize];
                twice |= once & m;
                once |= m;
                if m & (m - 1) == 0 {
                    fixed |= m;
                }
            }
            if once != all {
                work.fail = u;
                return false;
            }
            let mut hidden = once & !twice & !fixed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                // A cell that took another hidden single of this unit a
                // moment ago has lost this digit: then it has no place.
                let Some(&c) = cells.iter().find(|&&c| cand[c as usize] & bit != 0) else {
                    work.fail = u;
                    return false;
                };
                cand[c as usize] = bit;
                work.queue.push(c);
                found = true;
            }
        }
        if !found {
            if geo.n < 16 {
                return true;
            }
            match locked_candidates(geo, cand, work) {
                None => return false,
                Some(true) => {}
                Some(false) => match all_different(geo, cand, work) {
                    None => return false,
                    Some(true) => {}
                    Some(false) => return true,
                },
            }
        }
    }
}

/// Régin's filtering for all-different (Régin, "A filtering algorithm for constraints of
/// difference in CSPs", AAAI 1994) on every unit: a unit's `k` open cells must take its `k`
/// open digits one each, a perfect matching of cells to digits; a candidate survives only
/// if some perfect matching uses it. Given one matching `M`, that is: the candidate is in
/// `M`, or it lies on a cycle alternating between `M` and the other candidates, i.e. its
/// cell and the cell `M` gives its digit lie in one strongly connected component of the
/// graph "cell → the cell matched to each of its candidates". This subsumes naked and
/// hidden singles, pairs, triples... inside a unit; locked candidates (two units) are not.
/// Run from 16×16 on, after the cheaper rules (measured: `docs/sudoku.md`).
///
/// Bit-parallel: a cell is named by the digit `M` gives it, so a cell's candidates are its
/// arcs, and the components come from forward and backward reachability on `u64` sets.
/// `hint[cell]` is the digit the last matching gave a cell (a start for the next one; it
/// is not part of the search state). None on a contradiction (no perfect matching);
/// otherwise whether a candidate was removed.
fn all_different(geo: &Geometry, cand: &mut [u64], work: &mut Work) -> Option<bool> {
    const NONE: u8 = u8::MAX;
    let n = geo.n;
    let mut changed = false;
    for u in 0..3 * n {
        let cells = geo.unit(u);
        // The filter depends on the unit's candidates alone and leaves them at a fixpoint,
        // so the same candidates again need no pass. (A collision only skips a pass:
        // weaker pruning, never a wrong one.)
        let hash = unit_hash(cand, cells);
        if work.filtered[u] == hash {
            continue;
        }
        // The open cells, and the digits still to place.
        let mut open = [0u32; 36];
        let mut k = 0;
        let mut placed = 0u64;
        for &c in cells {
            let m = cand[c as usize];
            if m & (m - 1) == 0 {
                placed |= m;
            } else {
                open[k] = c;
                k += 1;
            }
        }
        if placed.count_ones() as usize + k != n {
            // Two fixed cells share a digit.
            work.fail = u;
            return None;
        }
        if k == 0 {
            continue;
        }
        // Matching: mate[d] = the open cell (index into `open`) given digit d.
        let mut mate = [NONE; 36];
        let mut digit = [NONE; 36];
        greedy_start(
            cand,
            &open,
            k,
            placed,
            Some(&work.hint),
            &mut mate,
            &mut digit,
        );
        for i in 0..k {
            if digit[i] == NONE && !augment(cand, &open, placed, &mut mate, &mut digit, i) {
                work.fail = u;
                return None;
            }
        }
        // adj[d]: the digits reachable in one step from the cell matched to d.
        let mut adj = [0u64; 36];
        let mut radj = [0u64; 36];
        let nodes = !placed & full(n);
        let mut rest = nodes;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let i = mate[d] as usize;
            work.hint[open[i] as usize] = d as u8;
            let mut out = cand[open[i] as usize] & !(1u64 << d);
            adj[d] = out;
            while out != 0 {
                let e = out.trailing_zeros() as usize;
                out &= out - 1;
                radj[e] |= 1u64 << d;
            }
        }
        let component = components(&adj, Some(&radj), nodes);
        for d in 0..n {
            if nodes & (1u64 << d) != 0 {
                let cell = open[mate[d] as usize] as usize;
                let drop = cand[cell] & !component[d];
                let Some(c) = remove(cand, cell, drop, work) else {
                    work.fail = u;
                    return None;
                };
                changed |= c;
            }
        }
        work.filtered[u] = unit_hash(cand, cells);
    }
    Some(changed)
}

/// A hash of the candidates of `cells` (FxHash-style multiply-rotate; never 0 for a unit
/// with a candidate, so 0 can mean "not filtered").
fn unit_hash(cand: &[u64], cells: &[u32]) -> u64 {
    let mut h = 0u64;
    for &c in cells {
        h = (h.rotate_left(5) ^ cand[c as usize]).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    h | 1
}

/// A unit holding both cells (peers): the row, else the column, else the box.
fn shared_unit(geo: &Geometry, a: usize, b: usize) -> usize {
    let n = geo.n;
    let [row, col, boxed] = geo.units_of(a);
    if a / n == b / n {
        row
    } else if a % n == b % n {
        col
    } else {
        boxed
    }
}

/// The digits `0..n` as a set.
fn full(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Removes the digits `mask` from `cell`, queueing it if one digit is left. None when no
/// digit is left; otherwise whether anything was removed.
fn remove(cand: &mut [u64], cell: usize, mask: u64, work: &mut Work) -> Option<bool> {
    let c = cand[cell];
    if c & mask == 0 {
        return Some(false);
    }
    let c2 = c & !mask;
    if c2 == 0 {
        return None;
    }
    cand[cell] = c2;
    if c2 & (c2 - 1) == 0 {
        work.queue.push(cell as u32);
    }
    Some(true)
}

/// Locked candidates, both ways, on the `b`-cell segments where a line meets a box: a
/// digit whose places in a box all lie on one line leaves the rest of that line
/// ("pointing"), and a digit whose places on a line all lie in one box leaves the rest of
/// that box ("claiming"). Bit-parallel over the digits: one union per segment, O(n²) per
/// pass. Kept for n ≥ 16 only, where it measured faster (`docs/sudoku.md`); at 9×9 the
/// band solver (`native_9x9.rs`) is used instead. None on a contradiction; otherwise
/// whether a candidate was removed.
fn locked_candidates(geo: &Geometry, cand: &mut [u64], work: &mut Work) -> Option<bool> {
    let (n, b) = (geo.n, geo.b);
    let mut changed = false;
    // seg[line·b + s]: the union of the line's cells in stack (or band) s.
    let mut seg = [0u64; 36 * 6];
    // fixed[line]: the digits placed on the line (their peers already lost them).
    let mut fixed = [0u64; 36];
    for rows in [true, false] {
        let at = |line: usize, k: usize| if rows { line * n + k } else { k * n + line };
        for line in 0..n {
            let mut placed = 0;
            for s in 0..b {
                let mut union = 0;
                for j in 0..b {
                    let c = cand[at(line, s * b + j)];
                    union |= c;
                    if c & (c - 1) == 0 {
                        placed |= c;
                    }
                }
                seg[line * b + s] = union;
            }
            fixed[line] = placed;
        }
        for line in 0..n {
            let band = line / b;
            for s in 0..b {
                let mine = seg[line * b + s];
                let (mut on_line, mut in_box) = (0, 0);
                for t in (0..b).filter(|&t| t != s) {
                    on_line |= seg[line * b + t];
                }
                for other in (band * b..band * b + b).filter(|&l| l != line) {
                    in_box |= seg[other * b + s];
                }
                // Only the digits that are still somewhere to remove them from: most
                // locked digits were cleared by an earlier pass.
                let claiming = mine & !on_line & !fixed[line] & in_box;
                let pointing = mine & !in_box & !fixed[line] & on_line;
                if claiming != 0 {
                    let the_box = 2 * n + if rows { band * b + s } else { s * b + band };
                    for other in (band * b..band * b + b).filter(|&l| l != line) {
                        for j in 0..b {
                            let Some(c) = remove(cand, at(other, s * b + j), claiming, work) else {
                                work.fail = the_box;
                                return None;
                            };
                            changed |= c;
                        }
                    }
                }
                if pointing != 0 {
                    for k in (0..n).filter(|&k| k / b != s) {
                        let Some(c) = remove(cand, at(line, k), pointing, work) else {
                            work.fail = if rows { line } else { n + line };
                            return None;
                        };
                        changed |= c;
                    }
                }
            }
        }
    }
    Some(changed)
}

struct Generic<'a, F: FnMut(&[u64]), P: FnMut(u64) -> bool> {
    geo: &'a Geometry,
    /// `pool[k]`: the state at depth `k`.
    pool: Vec<Vec<u64>>,
    work: Work,
    max: u64,
    stop: Stop,
    /// Called every 16 nodes with the nodes so far: false = give up as if stopped (the
    /// learning search side by side finished; it may pause this search meanwhile).
    pause: P,
    count: u64,
    guesses: u64,
    nodes: u64,
    timed_out: bool,
    /// First-solution searches only: randomised choices and a node budget per try.
    restart: Option<Restart>,
    /// Per unit: 1 + the failed propagations whose contradiction was found in it (counted
    /// in first-solution searches with restarts, and kept across their tries).
    weight: Vec<u64>,
    on_solution: F,
}

/// One randomised try of a first-solution search (Gomes, Selman, Kautz 2000: restarts with
/// random tie-breaking remove the heavy tail of backtracking on big grids).
struct Restart {
    /// SplitMix64 state.
    rng: u64,
    budget: u64,
    used: u64,
    fired: bool,
}

impl Restart {
    fn next(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Nodes per unit of the Luby sequence.
const RESTART_UNIT: u64 = 512;

impl<F: FnMut(&[u64]), P: FnMut(u64) -> bool> Generic<'_, F, P> {
    /// The search from the root; with `restarts`, randomised tries on a Luby budget until one
    /// ends by itself (a solution, or an exhausted space: a try that finishes its subtree
    /// without the budget firing has searched it all). True = stopped early.
    fn search_from_root(&mut self, restarts: bool) -> bool {
        if !restarts {
            return self.search(0);
        }
        for i in 1u64.. {
            self.restart = Some(Restart {
                rng: i.wrapping_mul(0x2545_F491_4F6C_DD1D),
                budget: luby(i) * RESTART_UNIT,
                used: 0,
                fired: false,
            });
            let stopped = self.search(0);
            let fired = self.restart.as_ref().is_some_and(|r| r.fired);
            if !fired || self.timed_out {
                return stopped;
            }
        }
        unreachable!("the loop returns")
    }

    /// Searches below the propagated state `pool[depth]`. True = stop.
    fn search(&mut self, depth: usize) -> bool {
        // Minimum remaining values (without restarts a bi-value cell cannot be beaten).
        let mut best = (usize::MAX, u32::MAX);
        if let Some(r) = &mut self.restart {
            // dom/wdeg (Boussemart, Hemery, Lecoutre, Sais, "Boosting systematic search by
            // weighting constraints", ECAI 2004): the fewest candidates per failure weight of
            // the cell's three units, ties broken at random (reservoir sampling). The weights
            // outlive a try, so later tries start on the units that failed before
            // (measured: `docs/sudoku.md`).
            let mut best_w = 0u64;
            let mut ties = 0u64;
            for (cell, &m) in self.pool[depth].iter().enumerate() {
                let k = m.count_ones();
                if k > 1 {
                    let w = self
                        .geo
                        .units_of(cell)
                        .iter()
                        .map(|&u| self.weight[u])
                        .sum::<u64>();
                    // k / w against the best's, without division.
                    let (lhs, rhs) = (u64::from(k) * best_w, u64::from(best.1) * w);
                    if best.0 == usize::MAX || lhs <= rhs {
                        ties = if best.0 == usize::MAX || lhs < rhs {
                            1
                        } else {
                            ties + 1
                        };
                        if ties == 1 || r.next() % ties == 0 {
                            best = (cell, k);
                            best_w = w;
                        }
                    }
                }
            }
        } else {
            for (cell, &m) in self.pool[depth].iter().enumerate() {
                let k = m.count_ones();
                if k > 1 && k < best.1 {
                    best = (cell, k);
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        if best.0 == usize::MAX {
            self.count += 1;
            (self.on_solution)(&self.pool[depth]);
            return self.count >= self.max;
        }
        let cell = best.0;
        self.guesses += 1;
        if self.pool.len() <= depth + 1 {
            // First visit of this depth: the only allocation of the search.
            self.pool.push(vec![0; self.pool[0].len()]);
        }
        let mut digits = self.pool[depth][cell];
        // A random first digit for randomised tries: the bits from a random place up, then
        // the rest.
        let mut later = 0;
        if let Some(r) = &mut self.restart {
            let from = r.next() % 64;
            later = digits & ((1u64 << from) - 1);
            digits &= !later;
        }
        while digits != 0 || later != 0 {
            if digits == 0 {
                (digits, later) = (later, 0);
            }
            let bit = digits & digits.wrapping_neg();
            digits ^= bit;
            self.nodes += 1;
            if let Some(r) = &mut self.restart {
                r.used += 1;
                if r.used > r.budget {
                    r.fired = true;
                    return true;
                }
            }
            if self.nodes & 15 == 0
                && (self.stop.poll(crate::stop::Effort::Nodes, self.nodes)
                    || !(self.pause)(self.nodes))
            {
                self.timed_out = true;
                return true;
            }
            let (lo, hi) = self.pool.split_at_mut(depth + 1);
            let child = &mut hi[0];
            child.copy_from_slice(&lo[depth]);
            child[cell] = bit;
            self.work.queue.clear();
            self.work.queue.push(cell as u32);
            if !propagate(self.geo, child, &mut self.work) {
                if self.restart.is_some() && self.work.fail != usize::MAX {
                    self.weight[self.work.fail] += 1;
                }
                self.work.fail = usize::MAX;
            } else if self.search(depth + 1) {
                return true;
            }
        }
        false
    }
}

fn solve_generic_checked(b: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
    solve_generic_from(b, givens, search, true)
}

/// The generic solver on valid input; `may_learn`: whether a first solution or a
/// uniqueness proof from 16×16 on runs the learning search side by side with the search
/// without learning once that has used [`LEARN_AFTER`] nodes (`native/baton.rs`).
fn solve_generic_from(
    b: usize,
    givens: &[u8],
    search: &NativeSearch,
    may_learn: bool,
) -> NativeResult {
    let mut result = NativeResult {
        complete: true,
        nodes: 1,
        ..NativeResult::default()
    };
    if search.max_solutions == 0 {
        result.complete = false;
        return result;
    }
    let geo = Geometry::new(b);
    let Some((root, work)) = root(&geo, givens) else {
        return result;
    };
    if may_learn && geo.n >= 16 && search.max_solutions <= 2 {
        return side_by_side(&geo, root, work, search, SCHEDULE);
    }
    search_without_learning(&geo, root, work, search, |_| true)
}

/// The search without learning from `root` (propagated; `work` its scratch space), with
/// restarts for a first solution from 16×16 on; `pause` as in [`Generic`].
fn search_without_learning(
    geo: &Geometry,
    root: Vec<u64>,
    work: Work,
    search: &NativeSearch,
    pause: impl FnMut(u64) -> bool,
) -> NativeResult {
    let keep = search.keep;
    let mut solutions = Vec::new();
    let mut g = Generic {
        geo,
        pool: vec![root],
        work,
        max: search.max_solutions,
        stop: search.stop.clone(),
        pause,
        count: 0,
        guesses: 0,
        nodes: 1,
        timed_out: false,
        restart: None,
        weight: vec![1; 3 * geo.n],
        on_solution: |cand: &[u64]| {
            if solutions.len() < keep {
                solutions.push(cand.iter().map(|m| m.trailing_zeros() as u8 + 1).collect());
            }
        },
    };
    let stopped = g.search_from_root(search.max_solutions == 1 && geo.n >= 16) || g.timed_out;
    let result = NativeResult {
        count: g.count,
        complete: !stopped,
        timed_out: g.timed_out,
        guesses: g.guesses,
        nodes: g.nodes,
        ..NativeResult::default()
    };
    drop(g);
    NativeResult {
        solutions,
        ..result
    }
}

/// First the search without learning's first slice (`LEARN_AFTER` nodes in
/// [`SCHEDULE`]); then, if it has not settled, the learning search's two flavours, each on
/// a scoped thread of its own, the three taking turns on growing slices
/// (`native/baton.rs`): the answer of whichever settles first. The threads are joined
/// before the call returns.
fn side_by_side(
    geo: &Geometry,
    root: Vec<u64>,
    work: Work,
    search: &NativeSearch,
    schedule: Schedule,
) -> NativeResult {
    let learn_root = root.clone();
    let baton = Arc::new(Baton::new(SIDES));
    std::thread::scope(|s| {
        let mut learners = Vec::new();
        let mut alone = false;
        let mut slices = Slices::new(baton.clone(), Side::Restarts, schedule.restarts);
        let pause = |nodes: u64| {
            if alone || !slices.due(nodes) {
                return true;
            }
            if learners.is_empty() {
                let learning = [
                    (Side::RulingOut, Flavour::RulingOut, schedule.ruling_out),
                    (Side::Placing, Flavour::Placing, schedule.placing),
                ];
                for (side, flavour, turns) in learning {
                    let (ours, stop, learn_root) =
                        (baton.clone(), search.stop.clone(), &learn_root);
                    let spawned = std::thread::Builder::new()
                        .name("sudoku-learn".into())
                        .spawn_scoped(s, move || {
                            let _finish = Finish(&ours);
                            if !ours.wait(side) {
                                return None;
                            }
                            let turns = Slices::new(ours.clone(), side, turns);
                            let (max, keep) = (search.max_solutions, search.keep);
                            let learned = learn::solve(
                                geo,
                                learn_root,
                                max,
                                keep,
                                flavour,
                                &stop,
                                Some(turns),
                            );
                            Some(learned)
                        });
                    match spawned {
                        Ok(handle) => learners.push(handle),
                        // No thread: the search without learning goes on alone (a learner
                        // started already ends with the race, unstarted).
                        Err(_) => {
                            baton.finish();
                            alone = true;
                            return true;
                        }
                    }
                }
            }
            slices.go_on(nodes)
        };
        let restarted = {
            let _finish = Finish(&baton);
            search_without_learning(geo, root, work, search, pause)
        };
        let mut learned = Vec::new();
        for handle in learners {
            match handle.join() {
                Ok(Some(result)) => learned.push(result),
                Ok(None) => {}
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        if learned.is_empty() {
            return restarted;
        }
        let guesses = restarted.guesses + learned.iter().map(|r| r.guesses).sum::<u64>();
        let nodes = restarted.nodes + learned.iter().map(|r| r.nodes).sum::<u64>();
        let conflicts = learned.iter().filter_map(|r| r.conflicts).sum::<u64>();
        let winner = if restarted.timed_out {
            let settled = learned.iter().position(|r| !r.timed_out);
            settled.map_or(restarted, |at| learned.swap_remove(at))
        } else {
            restarted
        };
        NativeResult {
            guesses,
            nodes,
            conflicts: Some(conflicts),
            ..winner
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Parses an 81-character line ('.' or '0' = empty).
    fn line(s: &str) -> Vec<u8> {
        s.bytes()
            .filter(|c| c.is_ascii_digit() || *c == b'.')
            .map(|c| if c == b'.' { 0 } else { c - b'0' })
            .collect()
    }

    /// Independent of the solver: every row, column and box holds 1..=n
    /// once, and every given is kept.
    fn valid_completion(b: usize, givens: &[u8], sol: &[u8]) -> bool {
        let n = b * b;
        if sol.len() != n * n || givens.iter().zip(sol).any(|(&g, &s)| g != 0 && g != s) {
            return false;
        }
        let full: u64 = (1u64 << n) - 1;
        for k in 0..n {
            let (mut row, mut col, mut bx) = (0u64, 0u64, 0u64);
            for j in 0..n {
                for (set, cell) in [
                    (&mut row, k * n + j),
                    (&mut col, j * n + k),
                    (&mut bx, (k / b * b + j / b) * n + k % b * b + j % b),
                ] {
                    let d = sol[cell];
                    if d == 0 || d as usize > n {
                        return false;
                    }
                    *set |= 1 << (d - 1);
                }
            }
            if row != full || col != full || bx != full {
                return false;
            }
        }
        true
    }

    fn both(b: usize, givens: &[u8], search: &NativeSearch) -> [NativeResult; 2] {
        [solve(b, givens, search), solve_generic(b, givens, search)]
    }

    const GRID1: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    const SOL1: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    const GRID2: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SOL2: &str =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

    /// Arto Inkala's 2012 "world's hardest sudoku".
    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const INKALA_SOL: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    #[test]
    fn structure() {
        let g = Geometry::new(3);
        assert_eq!(g.units.len(), 27 * 9);
        assert_eq!(g.np, 20);
        for cell in 0..81 {
            let peers = g.peers_of(cell);
            assert_eq!(peers.len(), 20);
            assert!(!peers.contains(&(cell as u32)));
            let units = (0..27)
                .filter(|&u| g.unit(u).contains(&(cell as u32)))
                .count();
            assert_eq!(units, 3);
        }
        // Norvig's example: C2's peers.
        let c2 = 2 * 9 + 1;
        let mut p: Vec<u32> = g.peers_of(c2).to_vec();
        p.sort();
        let expected: Vec<u32> = vec![
            1, 10, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 37, 46, 55, 64, 73, 0, 2, 9, 11,
        ]
        .into_iter()
        .filter(|&x| x != c2 as u32)
        .collect::<std::collections::BTreeSet<u32>>()
        .into_iter()
        .collect();
        assert_eq!(p, expected);
        for b in 2..=6 {
            let g = Geometry::new(b);
            let n = b * b;
            assert_eq!(g.units.len(), 3 * n * n);
            assert_eq!(g.np, 2 * (n - 1) + (b - 1) * (b - 1));
        }
    }

    #[test]
    fn norvig_examples() {
        for (grid, sol) in [(GRID1, SOL1), (GRID2, SOL2), (INKALA, INKALA_SOL)] {
            let givens = line(grid);
            for r in both(3, &givens, &NativeSearch::unique()) {
                assert_eq!(r.count, 1);
                assert!(r.complete && !r.timed_out);
                assert_eq!(r.solutions, vec![line(sol)]);
                assert!(valid_completion(3, &givens, &r.solutions[0]));
            }
        }
        // GRID1 falls to propagation alone.
        assert_eq!(solve(3, &line(GRID1), &NativeSearch::unique()).guesses, 0);
    }

    #[test]
    fn empty_4x4_has_288_solutions() {
        let r = solve(2, &[0; 16], &NativeSearch::count_all(1000));
        assert_eq!(r.count, 288);
        assert!(r.complete);
        assert_eq!(r.solutions.len(), 288);
        let mut distinct = r.solutions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 288);
        assert!(r.solutions.iter().all(|s| valid_completion(2, &[0; 16], s)));
    }

    /// Blanks a "deadly rectangle" (a, b / b, a on two rows of one band and
    /// two columns of different stacks): exactly two completions.
    fn two_solution_puzzle(b: usize, sol: &[u8]) -> Vec<u8> {
        let n = b * b;
        for r1 in 0..n {
            for r2 in r1 + 1..(r1 / b + 1) * b {
                for c1 in 0..n {
                    for c2 in (c1 / b + 1) * b..n {
                        let (a, x) = (sol[r1 * n + c1], sol[r1 * n + c2]);
                        if sol[r2 * n + c1] == x && sol[r2 * n + c2] == a {
                            let mut p = sol.to_vec();
                            for cell in [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2] {
                                p[cell] = 0;
                            }
                            return p;
                        }
                    }
                }
            }
        }
        panic!("no deadly rectangle in this grid");
    }

    #[test]
    fn two_solutions_counted_exactly() {
        let sol9 = line(SOL1);
        let sol4 = solve(2, &[0; 16], &NativeSearch::first()).solutions[0].clone();
        let sol16 = solve(4, &[0; 256], &NativeSearch::first()).solutions[0].clone();
        for (b, sol) in [(3, sol9), (2, sol4), (4, sol16)] {
            let p = two_solution_puzzle(b, &sol);
            for r in both(b, &p, &NativeSearch::count_all(10)) {
                assert_eq!(r.count, 2);
                assert!(r.complete);
                assert_eq!(r.solutions.len(), 2);
                assert_ne!(r.solutions[0], r.solutions[1]);
                assert!(r.solutions.contains(&sol));
                assert!(r.solutions.iter().all(|s| valid_completion(b, &p, s)));
            }
        }
    }

    #[test]
    fn contradictions_are_no_solution() {
        // Two 5s in row 1.
        let mut twice = line(GRID1);
        twice[0] = 5;
        twice[1] = 5;
        // Row 1 holds 1..8; column 9 already holds a 9 lower down, so the
        // last cell of row 1 has no candidate.
        let mut no_cell = vec![0u8; 81];
        no_cell[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        no_cell[8 * 9 + 8] = 9;
        // Digit 1 has no place in box 1: its free cells all see a 1.
        let mut no_place = vec![0u8; 81];
        no_place[3] = 1; // row 1
        no_place[9 + 4] = 1; // row 2
        no_place[2 * 9 + 5] = 1; // row 3: box 1 rows are all blocked
        for p in [twice, no_cell, no_place] {
            for r in both(3, &p, &NativeSearch::count_all(5)) {
                assert_eq!(r.count, 0);
                assert!(r.complete && !r.timed_out);
                assert!(r.solutions.is_empty());
            }
        }
        // 16×16: two 7s in one box.
        let mut p16 = vec![0u8; 256];
        p16[0] = 7;
        p16[16 + 1] = 7;
        let r = solve(4, &p16, &NativeSearch::first());
        assert_eq!((r.count, r.complete), (0, true));
    }

    #[test]
    fn bad_input_is_no_solution_not_a_panic() {
        for (b, g) in [
            (3, vec![0u8; 80]),
            (7, vec![0u8; 49 * 49]),
            (2, vec![5u8; 16]),
        ] {
            let r = solve(b, &g, &NativeSearch::first());
            assert_eq!((r.count, r.complete), (0, true));
        }
    }

    #[test]
    fn limits_respected() {
        for b in [2, 3, 4] {
            let n = b * b;
            let empty = vec![0u8; n * n];
            let search = NativeSearch {
                max_solutions: 7,
                keep: 3,
                stop: Stop::never(),
            };
            for r in both(b, &empty, &search) {
                assert_eq!(r.count, 7);
                assert!(!r.complete);
                assert_eq!(r.solutions.len(), 3);
                assert!(r.solutions.iter().all(|s| valid_completion(b, &empty, s)));
            }
            let r = solve(
                b,
                &empty,
                &NativeSearch {
                    max_solutions: 2,
                    keep: 0,
                    stop: Stop::never(),
                },
            );
            assert_eq!((r.count, r.solutions.len()), (2, 0));
        }
    }

    #[test]
    fn deadline_stops_the_search() {
        for b in [3, 4] {
            let empty = vec![0u8; b * b * b * b];
            let search = NativeSearch {
                max_solutions: u64::MAX,
                keep: 0,
                stop: Stop::after(Some(Duration::from_millis(30))),
            };
            let start = Instant::now();
            let r = solve(b, &empty, &search);
            assert!(r.timed_out && !r.complete);
            // (An empty 16×16 may not reach its first solution in 30 ms of
            // a debug build; an empty 9×9 does.)
            assert!(b != 3 || r.count > 0);
            assert!(start.elapsed() < Duration::from_secs(5));
        }
    }

    /// A 16×16 state: every cell open except as set in `row0` (the first row's cells).
    fn first_row(row0: &[u64]) -> (Geometry, Vec<u64>) {
        let geo = Geometry::new(4);
        let mut cand = vec![full(16); 256];
        cand[..row0.len()].copy_from_slice(row0);
        (geo, cand)
    }

    #[test]
    fn all_different_removes_what_no_matching_uses() {
        // Digits 1 and 2 are shut in cells 0 and 1 (a naked pair), so cell 2 holds 3; and
        // digits 4, 5 can go only to cells 3, 4 in the row (a hidden pair).
        let (d1, d2, d3, d4, d5) = (1, 2, 4, 8, 16);
        let mut row0 = vec![d1 | d2, d1 | d2, d1 | d2 | d3];
        row0.extend([full(16); 2]);
        row0.extend([full(16) & !(d1 | d2 | d4 | d5); 11]);
        let (geo, mut cand) = first_row(&row0);
        let mut work = Work::new(256);
        assert_eq!(all_different(&geo, &mut cand, &mut work), Some(true));
        assert_eq!(cand[2], d3);
        assert_eq!(work.queue, vec![2]);
        assert_eq!((cand[3], cand[4]), (d4 | d5, d4 | d5));
        for (cell, &m) in cand.iter().enumerate().take(16).skip(5) {
            assert_eq!(m & (d1 | d2 | d3 | d4 | d5), 0, "cell {cell}");
        }
        // Cell 16 shares box 0 with cells 0..=2, which hold 1, 2, 3 between them; row 5,
        // column 5 shares no unit with a narrowed cell.
        assert_eq!(cand[16], full(16) & !(d1 | d2 | d3));
        assert_eq!(cand[5 * 16 + 5], full(16));
        // A second pass finds nothing new in those units.
        let before = cand.clone();
        work.queue.clear();
        all_different(&geo, &mut cand, &mut work);
        assert_eq!(&cand[..16], &before[..16]);
    }

    #[test]
    fn all_different_finds_a_hall_violation() {
        // Three cells share two digits: no perfect matching.
        let (d1, d2) = (1, 2);
        let (geo, mut cand) = first_row(&[d1 | d2, d1 | d2, d1 | d2]);
        assert_eq!(all_different(&geo, &mut cand, &mut Work::new(256)), None);
        // Two fixed cells with one digit.
        let (geo, mut cand) = first_row(&[d1, d1]);
        assert_eq!(all_different(&geo, &mut cand, &mut Work::new(256)), None);
    }

    #[test]
    fn statistics_are_sensible() {
        let r = solve(3, &line(INKALA), &NativeSearch::unique());
        assert!(r.guesses > 0);
        assert!(r.nodes > r.guesses);
        let r = solve(3, &line(SOL1), &NativeSearch::unique());
        assert_eq!((r.count, r.guesses, r.nodes), (1, 0, 1));
    }

    /// Turns of a few nodes and steps, so that the searches alternate many times.
    const SHORT_TURNS: Schedule = Schedule {
        restarts: (16, 32),
        ruling_out: (16, 32),
        placing: (16, 32),
    };

    fn side_by_side_on(b: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
        let geo = Geometry::new(b);
        let (root, work) = root(&geo, givens).expect("no contradiction");
        side_by_side(&geo, root, work, search, SHORT_TURNS)
    }

    /// Side by side on short turns, first solutions and uniqueness: the counts of the
    /// search without learning alone, every solution checked, the two of a uniqueness
    /// check different.
    #[test]
    fn side_by_side_agrees_with_the_search_without_learning() {
        for (b, blank, seeds) in [(4, 55, 6), (5, 50, 2)] {
            for seed in 0..seeds {
                let givens = learn::blanked(b, blank, seed);
                for max in [1, 2] {
                    let search = NativeSearch {
                        max_solutions: max,
                        keep: 2,
                        stop: Stop::never(),
                    };
                    let ours = side_by_side_on(b, &givens, &search);
                    let alone = solve_without_learning(b, &givens, &search);
                    let at = format!("box {b} seed {seed} max {max}");
                    assert!(!ours.timed_out, "{at}");
                    assert_eq!(
                        (ours.count, ours.complete),
                        (alone.count, alone.complete),
                        "{at}"
                    );
                    assert_eq!(ours.solutions.len() as u64, ours.count, "{at}");
                    assert!(
                        ours.solutions
                            .iter()
                            .all(|s| valid_completion(b, &givens, s)),
                        "{at}"
                    );
                    if ours.count == 2 {
                        assert_ne!(ours.solutions[0], ours.solutions[1], "{at}");
                    }
                }
            }
        }
    }

    /// Pausing the search without learning leaves it on its path: paused on short turns
    /// while another thread holds the baton (and only hands it back), it takes the nodes,
    /// guesses and solution of the search alone, its restarts, unit weights and random
    /// choices being its own. (A side-by-side answer's `nodes` add the learning search's
    /// conflicts to the restarted search's, so they exceed this search's alone: not a
    /// change of path, `docs/cube.md`.)
    #[test]
    fn pausing_leaves_the_search_without_learning_on_its_path() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let turns = AtomicU64::new(0);
        for (b, blank, seed) in [(4, 60, 0), (4, 65, 1), (5, 55, 0), (5, 55, 1)] {
            let givens = learn::blanked(b, blank, seed);
            let geo = Geometry::new(b);
            let search = NativeSearch::first();
            let (start, work) = root(&geo, &givens).expect("no contradiction");
            let alone = search_without_learning(&geo, start, work, &search, |_| true);
            let (start, work) = root(&geo, &givens).expect("no contradiction");
            let baton = Arc::new(Baton::new(&[Side::Restarts, Side::RulingOut]));
            let paused = std::thread::scope(|s| {
                s.spawn(|| {
                    let _finish = Finish(&baton);
                    if baton.wait(Side::RulingOut) {
                        turns.fetch_add(1, Ordering::Relaxed);
                        while baton.pass(Side::RulingOut) {
                            turns.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
                let _finish = Finish(&baton);
                let mut slices = Slices::new(baton.clone(), Side::Restarts, (16, 32));
                search_without_learning(&geo, start, work, &search, |nodes| slices.go_on(nodes))
            });
            let at = format!("box {b} blank {blank} seed {seed}");
            assert_eq!(alone.count, 1, "{at}");
            assert!(valid_completion(b, &givens, &alone.solutions[0]), "{at}");
            assert_eq!(
                (paused.nodes, paused.guesses, paused.count, paused.complete),
                (alone.nodes, alone.guesses, alone.count, alone.complete),
                "{at}"
            );
            assert_eq!(paused.solutions, alone.solutions, "{at}");
        }
        assert!(
            turns.load(Ordering::Relaxed) >= 4,
            "the searches were paused"
        );
    }

    /// A deadline that fires while the two searches take turns on a grid neither settles
    /// in time (b6-2 of the README, undecided by native for seconds) ends both: the call
    /// returns (its learning thread joined), undecided, claiming nothing.
    #[test]
    fn a_deadline_mid_race_stops_both_searches() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/sudoku_learn/36x36_blank_b6-2.txt");
        let text = std::fs::read_to_string(path).expect("fixture");
        let (_, puzzle) = crate::puzzles::sudoku::parse(&text)
            .remove(0)
            .expect("a 36×36 grid");
        for max in [1, 2] {
            let search = NativeSearch {
                max_solutions: max,
                keep: 2,
                stop: Stop::after(Some(Duration::from_millis(300))),
            };
            let r = side_by_side_on(6, puzzle.givens(), &search);
            assert!(r.timed_out && !r.complete, "max {max}");
            assert_eq!((r.count, r.solutions.len()), (0, 0), "max {max}");
        }
    }
}
