//! The learning search of the generic native solver: CDCL over the root's candidates, with
//! all-different filtering that explains its prunings (lazy clause generation).
//!
//! Glossary:
//! - **literal x(cell, digit)**: one boolean per candidate the native root propagation left
//!   (cells it fixed get none). The clauses say each open cell holds one digit (at-least-one
//!   plus pairwise at-most-one) and each unit holds each digit it still lacks at least once,
//!   so unit propagation does the singles. That a unit holds a digit at most once is the
//!   theory's (see `AllDifferent::place`): a true x(cell, digit) removes the digit from the
//!   cell's peers, each removal explained by that literal: the reasons are those of the
//!   pairwise clauses ¬x(a, d) ∨ ¬x(b, d) of a unit's cells a, b, which are not added
//!   (about 3n⁴/2 of them: 3n units, n digits, n(n − 1)/2 pairs).
//! - **filter**: Régin's all-different on every unit touched since the last call (a
//!   [`Theory`] of the CDCL search, called at each propagation fixpoint): a candidate that no perfect
//!   matching of the unit's cells to its digits uses is made false.
//! - **explanation** (Downing, Feydy & Stuckey, "Explaining alldifferent", ACSC 2012): a
//!   candidate (x, v) is pruned because a Hall set H of cells, |H| digits V, with v ∈ V and
//!   x ∉ H, holds V among itself. The reason is the literals that shrank H's candidates into
//!   V: ¬x(h, w) for h ∈ H, w ∉ V. A unit without a perfect matching fails on a set K of
//!   cells whose candidates all lie in fewer than |K| digits; the conflict clause is
//!   "some x(h, w), h ∈ K, w outside those digits, is true". Clause learning on these
//!   reasons carries the pigeonhole-like parts of Latin-square completion across the search,
//!   which the restarted search without learning relearns over and over.
//!
//! Hall sets from a matching M (cells to digits): in the digit graph u → w for w a candidate
//! of the cell M gives u, the digits reachable from v form a closed set R(v): the cells M
//! gives them hold candidates in R(v) only, and there are |R(v)| of them, a Hall set. A
//! candidate (x, v), x given u by M, is in some perfect matching iff v reaches u (the edge
//! u → v then lies on an alternating cycle); otherwise R(v) is the Hall set that prunes it.
//!
//! Solutions are counted by the enumeration of `crate::sat::theory`: each total
//! assignment is recorded in [`Theory::complete`] and, below the limit, blocked.
//!
//! Two flavours of the same search ([`Flavour`]), which differ in the CDCL solver's
//! decisions and restarts only: on big blank grids each decides a different share of the
//! puzzles fast, and which one is lucky on a puzzle is not predictable (heavy tails;
//! measurements in docs/cube.md, "Two flavours of the learning search"), so native runs
//! both side by side.

use std::cell::{Cell, RefCell};

use super::baton::Slices;
use super::{Geometry, NativeResult, full};
use crate::sat::theory::{Context, Lit, Solutions, Solver, Theory, Var, Verdict};
use crate::stop::Stop;
use crate::util::matching::augment;
use crate::util::scc::{components, reach};

const NONE: u8 = u8::MAX;
const NO_VAR: u32 = u32::MAX;

/// How the CDCL solver decides and restarts (the clauses and the theory are the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flavour {
    /// batsat's defaults: a decision first rules a digit out of a cell, later ones take
    /// the variable's saved phase; Luby restarts of unit 100 conflicts.
    RulingOut,
    /// Every decision places a digit in a cell (no saved phases); Luby restarts of unit
    /// 300 conflicts.
    Placing,
}

impl Flavour {
    /// The solver of this flavour.
    fn solver(self) -> Solver {
        match self {
            Flavour::RulingOut => Solver::new(),
            Flavour::Placing => Solver::with_restart_unit(300),
        }
    }

    /// A decision variable of this flavour.
    fn new_var(self, solver: &mut Solver) -> Var {
        match self {
            Flavour::RulingOut => solver.new_var(true),
            Flavour::Placing => solver.new_var_deciding(true),
        }
    }
}

/// What the learning search of `flavour` found, in the native solver's terms: `guesses`
/// are the CDCL decisions, `nodes` its conflicts plus the root. With `turns`, the search
/// runs side by side with others (`baton.rs`): it counts its steps (the solver's polls,
/// one per decision or theory round) and pauses between two of them when its slice is
/// used up; it ends undecided when another side finished.
pub(super) fn solve(
    geo: &Geometry,
    root: &[u64],
    max_solutions: u64,
    keep: usize,
    flavour: Flavour,
    stop: &Stop,
    turns: Option<Slices>,
) -> NativeResult {
    let n = geo.n;
    let mut result = NativeResult {
        nodes: 1,
        ..NativeResult::default()
    };
    if max_solutions == 0 {
        return result;
    }
    // A unit without a perfect matching on the root candidates has no solution (native
    // runs Régin at the root only from 16×16 on); the filter then never has to report a
    // conflict without a literal.
    if (0..3 * n).any(|u| {
        let dom: Vec<u64> = geo.unit(u).iter().map(|&c| root[c as usize]).collect();
        matching(&dom).is_err()
    }) {
        result.complete = true;
        return result;
    }
    let mut solver = flavour.solver();

    let mut var_of = vec![NO_VAR; n * n * n];
    let (mut cell_of, mut digit_of) = (Vec::new(), Vec::new());
    for cell in 0..n * n {
        let m = root[cell];
        if m & (m - 1) != 0 {
            for d in digits(m) {
                var_of[cell * n + d] = flavour.new_var(&mut solver).idx();
                cell_of.push(cell as u32);
                digit_of.push(d as u8);
            }
        }
    }
    if cell_of.is_empty() {
        // Propagation filled the grid.
        result.count = 1;
        result.complete = max_solutions > 1;
        if keep > 0 {
            result
                .solutions
                .push(root.iter().map(|m| digit(*m)).collect());
        }
        return result;
    }
    let lit = |cell: usize, d: usize, positive: bool| {
        Lit::new(Var::unsafe_from_idx(var_of[cell * n + d]), positive)
    };
    let mut clause = Vec::with_capacity(n);
    // One of `group` is true; at most one too if `pairs` (clauses for a cell's digits only).
    let mut one_of = |solver: &mut Solver, group: &[(usize, usize)], pairs: bool| {
        clause.clear();
        clause.extend(group.iter().map(|&(c, d)| lit(c, d, true)));
        solver.add_clause(&mut clause);
        if !pairs {
            return;
        }
        for (i, &(a, da)) in group.iter().enumerate() {
            for &(b, db) in &group[i + 1..] {
                clause.clear();
                clause.extend([lit(a, da, false), lit(b, db, false)]);
                solver.add_clause(&mut clause);
            }
        }
    };
    // The formula of a big grid takes a while to build (pairwise at-most-ones, up to about
    // n⁴/2 clauses): a cancelled race should free its core at once, so the stop is read once
    // per cell and per unit.
    let stopped = |result: NativeResult| NativeResult {
        timed_out: true,
        ..result
    };
    let mut group = Vec::with_capacity(n);
    for (cell, &m) in root.iter().enumerate() {
        if stop.should_stop() {
            return stopped(result);
        }
        if m & (m - 1) != 0 {
            group.clear();
            group.extend(digits(m).map(|d| (cell, d)));
            one_of(&mut solver, &group, true);
        }
    }
    for u in 0..3 * n {
        if stop.should_stop() {
            return stopped(result);
        }
        let cells = geo.unit(u);
        let placed = cells
            .iter()
            .map(|&c| root[c as usize])
            .filter(|m| m & (m - 1) == 0)
            .fold(0, |a, m| a | m);
        for d in digits(full(n) & !placed) {
            group.clear();
            group.extend(
                cells
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| root[c] & (1 << d) != 0)
                    .map(|c| (c, d)),
            );
            one_of(&mut solver, &group, false);
        }
    }
    match turns {
        None => solver.stop_on(stop),
        Some(slices) => {
            let (stop, slices, steps) = (stop.clone(), RefCell::new(slices), Cell::new(0));
            solver.stop_when(move || {
                steps.set(steps.get() + 1);
                stop.should_stop() || !slices.borrow_mut().go_on(steps.get())
            });
        }
    }
    let mut theory = AllDifferent {
        geo,
        root,
        var_of: &var_of,
        cell_of: &cell_of,
        digit_of: &digit_of,
        dom: root.to_vec(),
        undo: Vec::new(),
        dirty: vec![true; 3 * n],
        todo: (0..3 * n as u32).collect(),
        processed: 0,
        reasons: vec![Vec::new(); cell_of.len()],
        matchings: vec![Matching::EMPTY; 3 * n],
        placed: Vec::new(),
        found: Solutions::new(max_solutions, keep),
        blocking: Vec::new(),
    };
    let verdict = solver.solve(&mut theory, &[]);
    result.count = theory.found.count();
    result.solutions = theory.found.take_kept();
    result.complete = verdict == Verdict::Unsat;
    result.timed_out = verdict == Verdict::Unknown;
    result.guesses = solver.decisions();
    result.nodes = 1 + solver.conflicts();
    result.conflicts = Some(solver.conflicts());
    result
}

/// The digits (0-based) of a candidate set.
fn digits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            d
        })
    })
}

/// The digit (1-based) of a fixed cell.
fn digit(m: u64) -> u8 {
    m.trailing_zeros() as u8 + 1
}

/// A perfect matching of a unit's cells (`dom[i]`: the candidates of its i-th cell) to its
/// digits, from scratch: `mate[d]` = the cell given digit d. Err: a cell found no augmenting
/// path in the partial matching returned with it.
fn matching(dom: &[u64]) -> Result<[u8; 36], (usize, [u8; 36])> {
    let mut m = Matching::EMPTY;
    match m.repair(dom) {
        Ok(()) => Ok(m.mate),
        Err(i) => Err((i, m.mate)),
    }
}

/// The identity map of the unit's cell indices, for [`augment`] (all cells are open here).
const ALL: [u32; 36] = {
    let mut a = [0u32; 36];
    let mut i = 0;
    while i < 36 {
        a[i] = i as u32;
        i += 1;
    }
    a
};

/// A unit's matching of cells (by index in the unit) to digits, kept from one filter call
/// to the next. Candidates only shrink along a branch and only grow back on backtracking,
/// so an edge still present is still a valid edge: only the cells whose matched digit went
/// are freed, and they alone need augmenting paths (Régin 1994, "incremental" use).
#[derive(Clone, Copy)]
struct Matching {
    /// mate[d]: the cell given digit d, or NONE.
    mate: [u8; 36],
    /// given[i]: the digit of cell i, or NONE.
    given: [u8; 36],
}

impl Matching {
    const EMPTY: Matching = Matching {
        mate: [NONE; 36],
        given: [NONE; 36],
    };

    /// Drops the matched edges `dom` lost and completes the matching: the freed cells take a
    /// free candidate if they have one, else an augmenting path. Err(i): cell i found none
    /// (no perfect matching; `self` is a valid partial matching that leaves i unmatched).
    fn repair(&mut self, dom: &[u64]) -> Result<(), usize> {
        let mut free = 0u64;
        let mut used = 0u64;
        for (i, &m) in dom.iter().enumerate() {
            let g = self.given[i];
            if g != NONE {
                if m & (1u64 << g) != 0 {
                    used |= 1u64 << g;
                    continue;
                }
                self.mate[g as usize] = NONE;
                self.given[i] = NONE;
            }
            free |= 1u64 << i;
        }
        let mut hard = 0u64;
        for i in digits(free) {
            let f = dom[i] & !used;
            if f == 0 {
                hard |= 1u64 << i;
                continue;
            }
            let d = f.trailing_zeros() as usize;
            used |= 1u64 << d;
            self.mate[d] = i as u8;
            self.given[i] = d as u8;
        }
        for i in digits(hard) {
            if !augment(dom, &ALL, 0, &mut self.mate, &mut self.given, i) {
                return Err(i);
            }
        }
        Ok(())
    }
}

/// The filter and the solution counter, as a theory of the CDCL search. See the module
/// docs.
struct AllDifferent<'a> {
    geo: &'a Geometry,
    root: &'a [u64],
    /// The solver variable of x(cell, digit) at cell·n + digit (0-based digit), or NO_VAR.
    var_of: &'a [u32],
    /// The cell of each solver variable.
    cell_of: &'a [u32],
    /// The digit (0-based) of each solver variable.
    digit_of: &'a [u8],
    /// Per cell: its candidates, as of the trail's first `processed` literals.
    dom: Vec<u64>,
    /// Candidates removed from `dom` (cell, digit bit), to put back on backtracking.
    undo: Vec<(u32, u64)>,
    /// Units to filter at the next call, without repeats.
    dirty: Vec<bool>,
    todo: Vec<u32>,
    /// Trail literals whose units are marked dirty already.
    processed: usize,
    /// Per variable: why the theory (the filter or a placement) made it false (true
    /// literals), for conflict analysis.
    reasons: Vec<Vec<Lit>>,
    /// The variables found true on the trail by the last call (scratch).
    placed: Vec<u32>,
    /// Per unit: its last matching (see [`Matching`]).
    matchings: Vec<Matching>,
    found: Solutions<Vec<u8>>,
    /// A buffer for blocking and conflict clauses.
    blocking: Vec<Lit>,
}

impl AllDifferent<'_> {
    fn lit(&self, cell: usize, d: usize, positive: bool) -> Lit {
        let var = self.var_of[cell * self.geo.n + d];
        debug_assert_ne!(var, NO_VAR);
        Lit::new(Var::unsafe_from_idx(var), positive)
    }

    /// The i-th cell of unit `u` (rows, columns, boxes).
    fn cell_at(&self, u: usize, i: usize) -> usize {
        self.geo.unit(u)[i] as usize
    }

    /// Régin's filter on unit `u` with explained prunings; false on a conflict (raised).
    fn filter(&mut self, ctx: &mut Context<'_, '_>, u: usize) -> bool {
        let n = self.geo.n;
        let mut dom = [0u64; 36];
        for (i, m) in dom[..n].iter_mut().enumerate() {
            *m = self.dom[self.cell_at(u, i)];
        }
        let mut m = self.matchings[u];
        let repaired = m.repair(&dom[..n]);
        self.matchings[u] = m;
        let mate = m.mate;
        if let Err(start) = repaired {
            return self.hall_conflict(ctx, u, &dom, &mate, start);
        }
        // Fixed cells are isolated at a propagation fixpoint (their digit is gone from
        // their peers): only the open cells' digits take part.
        let fixed_digits = dom[..n]
            .iter()
            .filter(|m| *m & (*m - 1) == 0)
            .fold(0, |a, m| a | m);
        let nodes = full(n) & !fixed_digits;
        if nodes == 0 {
            return true;
        }
        // adj[d]: the digits the cell given d could take instead.
        let mut adj = [0u64; 36];
        for d in digits(nodes) {
            adj[d] = dom[mate[d] as usize] & !(1u64 << d);
        }
        let component = components(&adj, None, nodes);
        for d in digits(nodes) {
            let i = mate[d] as usize;
            for v in digits(adj[d] & !component[d]) {
                // R(v) is a Hall set without cell i: v is not cell i's to take.
                let held = reach(&adj, v, full(n));
                let cell = self.cell_at(u, i);
                let var = self.var_of[cell * n + v] as usize;
                let mut reason = std::mem::take(&mut self.reasons[var]);
                reason.clear();
                for w in digits(held) {
                    let h = mate[w] as usize;
                    let c = self.cell_at(u, h);
                    for x in digits(self.root[c] & !held) {
                        reason.push(self.lit(c, x, false));
                    }
                }
                #[cfg(test)]
                self.assert_implied(u, &reason, Some((i, v)));
                self.reasons[var] = reason;
                if !ctx.propagate(self.lit(cell, v, false)) {
                    return false;
                }
            }
        }
        true
    }

    /// The digit of the true literal `var` leaves the cell's peers, each removal explained
    /// by that literal alone: the reasons are those of the pairwise clauses
    /// ¬x(a, d) ∨ ¬x(b, d), which are not added (about 3n⁴/2 of them). Some(whether
    /// anything was propagated); None on a conflict (raised): a peer holds the digit too.
    fn place(&mut self, ctx: &mut Context<'_, '_>, var: usize) -> Option<bool> {
        let n = self.geo.n;
        let cell = self.cell_of[var] as usize;
        let d = self.digit_of[var] as usize;
        let placed = Lit::new(Var::unsafe_from_idx(var as u32), true);
        let mut propagated = false;
        for u in self.geo.units_of(cell) {
            for i in 0..n {
                let other = self.cell_at(u, i);
                if other == cell || self.dom[other] & 1u64 << d == 0 {
                    continue;
                }
                let gone = self.lit(other, d, false);
                match ctx.value(gone) {
                    None => {
                        let reason = &mut self.reasons[gone.var().idx() as usize];
                        reason.clear();
                        reason.push(placed);
                        // Unassigned, so it cannot conflict.
                        let ok = ctx.propagate(gone);
                        debug_assert!(ok);
                        propagated = true;
                    }
                    Some(false) => {
                        ctx.conflict(&[!placed, gone]);
                        return None;
                    }
                    Some(true) => {}
                }
            }
        }
        Some(propagated)
    }

    /// Raise the conflict of a unit whose cell `start` found no augmenting path in the
    /// partial matching `mate`.
    fn hall_conflict(
        &mut self,
        ctx: &mut Context<'_, '_>,
        u: usize,
        dom: &[u64; 36],
        mate: &[u8; 36],
        start: usize,
    ) -> bool {
        // K: `start` and the cells matched to the digits reachable from it; the failed
        // augmentation left every such digit matched, so K holds |K| − 1 digits in all.
        let (mut k_cells, mut held) = (1u64 << start, dom[start]);
        loop {
            let more = digits(held).fold(k_cells, |a, d| a | 1u64 << mate[d]);
            if more == k_cells {
                break;
            }
            k_cells = more;
            held = digits(k_cells).fold(0, |a, i| a | dom[i]);
        }
        debug_assert_eq!(held.count_ones() + 1, k_cells.count_ones());
        let mut clause = std::mem::take(&mut self.blocking);
        clause.clear();
        for i in digits(k_cells) {
            let c = self.cell_at(u, i);
            for x in digits(self.root[c] & !held) {
                clause.push(self.lit(c, x, true));
            }
        }
        #[cfg(test)]
        {
            let reason: Vec<Lit> = clause.iter().map(|&l| !l).collect();
            self.assert_implied(u, &reason, None);
        }
        ctx.conflict(&clause);
        self.blocking = clause;
        false
    }

    /// Tests only: the unit alone proves the explanation. With the root candidates of unit
    /// `u` minus those the `reason` literals (all of the form ¬x(cell, digit)) make false,
    /// and with its i-th cell set to digit v if `pruned` is (i, v), the unit has no perfect
    /// matching: the reason implies the pruning (or, without one, is a conflict). The
    /// matcher is the test module's own, not `repair`.
    #[cfg(test)]
    fn assert_implied(&self, u: usize, reason: &[Lit], pruned: Option<(usize, usize)>) {
        let n = self.geo.n;
        let mut dom: Vec<u64> = (0..n).map(|i| self.root[self.cell_at(u, i)]).collect();
        for &l in reason {
            assert!(!l.sign(), "a reason literal is a candidate made false");
            let var = l.var().idx() as usize;
            let (cell, d) = (self.cell_of[var] as usize, self.digit_of[var]);
            let i = (0..n)
                .find(|&i| self.cell_at(u, i) == cell)
                .expect("a cell of the unit");
            dom[i] &= !(1u64 << d);
        }
        if let Some((i, v)) = pruned {
            dom[i] &= 1u64 << v;
        }
        assert!(
            !tests::has_perfect_matching(&dom),
            "explanation not implied"
        );
    }
}

impl Theory for AllDifferent<'_> {
    /// `processed` and the length of `undo`.
    type Mark = (usize, usize);

    fn mark(&self) -> (usize, usize) {
        (self.processed, self.undo.len())
    }

    fn backtrack(&mut self, (processed, undo): (usize, usize)) {
        self.processed = processed;
        for (cell, bit) in self.undo.drain(undo..) {
            self.dom[cell as usize] |= bit;
        }
        for u in self.todo.drain(..) {
            self.dirty[u as usize] = false;
        }
    }

    fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
        let trail = ctx.trail();
        self.placed.clear();
        for &lit in &trail[self.processed..] {
            let var = lit.var().idx() as usize;
            let cell = self.cell_of[var] as usize;
            if lit.sign() {
                // A true literal changes no candidate set of its own: the cell's other
                // digits go by the cell's clauses, its peers' copies by `place`, and both
                // come on the trail.
                self.placed.push(var as u32);
                continue;
            }
            let bit = 1u64 << self.digit_of[var];
            self.dom[cell] &= !bit;
            self.undo.push((cell as u32, bit));
            for u in self.geo.units_of(cell) {
                if !self.dirty[u] {
                    self.dirty[u] = true;
                    self.todo.push(u as u32);
                }
            }
        }
        self.processed = trail.len();
        let mut placed = std::mem::take(&mut self.placed);
        let mut propagated = false;
        for &var in &placed {
            match self.place(ctx, var as usize) {
                None => {
                    self.placed = placed;
                    for u in self.todo.drain(..) {
                        self.dirty[u as usize] = false;
                    }
                    return;
                }
                Some(p) => propagated |= p,
            }
        }
        placed.clear();
        self.placed = placed;
        // Régin's filter at the fixpoint of the cheaper rules only: the units stay dirty
        // until unit propagation has taken in the placements above.
        if propagated {
            return;
        }
        while let Some(u) = self.todo.pop() {
            self.dirty[u as usize] = false;
            if !self.filter(ctx, u as usize) {
                for u in self.todo.drain(..) {
                    self.dirty[u as usize] = false;
                }
                return;
            }
        }
    }

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        let n = self.geo.n;
        let grid: Vec<u8> = (0..n * n)
            .map(|cell| {
                let m = self.root[cell];
                if m & (m - 1) == 0 {
                    return digit(m);
                }
                // A cell with no true digit stays 0 and the checker rejects the grid.
                digits(m)
                    .find(|&d| ctx.value(self.lit(cell, d, true)) == Some(true))
                    .map_or(0, |d| d as u8 + 1)
            })
            .collect();
        #[cfg(test)]
        for u in 0..3 * n {
            let held = self
                .geo
                .unit(u)
                .iter()
                .filter(|&&c| grid[c as usize] != 0)
                .fold(0u64, |a, &c| a | 1u64 << (grid[c as usize] - 1));
            assert_eq!(
                held,
                full(n),
                "unit {u} of a total assignment holds each digit once"
            );
        }
        self.blocking.clear();
        for (cell, &g) in grid.iter().enumerate() {
            let m = self.root[cell];
            if m & (m - 1) != 0 && g != 0 {
                self.blocking
                    .push(self.lit(cell, usize::from(g) - 1, false));
            }
        }
        if self.found.record(&grid) {
            ctx.block(&self.blocking);
        }
    }

    fn explain(&mut self, p: Lit) -> &[Lit] {
        &self.reasons[p.var().idx() as usize]
    }
}

/// The random blanked grids the native search's tests share.
#[cfg(test)]
pub(super) use tests::blanked;

#[cfg(test)]
mod tests {
    use super::super::{NativeSearch, solve_learning, solve_without_learning};
    use super::{Flavour, Matching, NONE, digits};
    use crate::puzzles::sudoku::generate::random_grid;
    use crate::rng::SplitMix64;
    use crate::stop::Stop;

    /// A random solved grid with `blank_percent` of its cells emptied at random.
    pub(in super::super) fn blanked(box_side: usize, blank_percent: u64, seed: u64) -> Vec<u8> {
        let mut rng = SplitMix64::new(seed);
        let mut grid = random_grid(box_side, &mut rng).expect("box side 2..=6");
        for cell in grid.iter_mut() {
            if rng.next_u64() % 100 < blank_percent {
                *cell = 0;
            }
        }
        grid
    }

    fn count(max_solutions: u64) -> NativeSearch {
        NativeSearch {
            max_solutions,
            keep: 2,
            stop: Stop::never(),
        }
    }

    /// Both flavours of the learning search.
    const FLAVOURS: [Flavour; 2] = [Flavour::RulingOut, Flavour::Placing];

    /// Counts (and, in this build, every explanation: see `assert_implied`) agree with the
    /// search without learning (no hand-over: a different engine), on grids with few givens
    /// to many: 4×4 and 9×9 with limits above their counts, 16×16 to two; both flavours.
    #[test]
    fn counts_agree_with_the_search_without_learning() {
        let cases = [
            (2, 70, 30, 1000),
            (3, 70, 20, 30),
            (3, 55, 20, 100),
            (4, 55, 6, 2),
        ];
        for ((box_side, blank, seeds, max), flavour) in cases
            .into_iter()
            .flat_map(|case| FLAVOURS.map(|f| (case, f)))
        {
            for seed in 0..seeds {
                let givens = blanked(box_side, blank, seed);
                let ours = solve_learning(box_side, &givens, &count(max), flavour);
                let theirs = solve_without_learning(box_side, &givens, &count(max));
                let at = format!("box {box_side} seed {seed} {flavour:?}");
                assert_eq!(ours.count, theirs.count, "{at}");
                assert_eq!(ours.complete, theirs.complete, "{at}");
                assert!(!ours.timed_out);
                assert_eq!(ours.solutions.len() as u64, ours.count.min(2));
                for s in &ours.solutions {
                    assert!(
                        s.iter().zip(&givens).all(|(&a, &g)| g == 0 || a == g),
                        "{at}"
                    );
                    assert_eq!(
                        crate::puzzles::sudoku::Sudoku::new(box_side, givens.clone())
                            .map(|p| crate::puzzles::sudoku::verify(&p, s)),
                        Ok(Ok(())),
                        "{at}"
                    );
                }
                if ours.solutions.len() == 2 {
                    assert_ne!(ours.solutions[0], ours.solutions[1]);
                }
            }
        }
    }

    /// 25×25 with half the cells blank: a first solution, checked; both flavours.
    #[test]
    fn first_solutions_of_25x25() {
        for (seed, flavour) in (0..3).flat_map(|seed| FLAVOURS.map(|f| (seed, f))) {
            let givens = blanked(5, 50, seed);
            let ours = solve_learning(5, &givens, &count(1), flavour);
            let at = format!("seed {seed} {flavour:?}");
            assert_eq!((ours.count, ours.complete), (1, false), "{at}");
            let p = crate::puzzles::sudoku::Sudoku::new(5, givens).unwrap();
            assert_eq!(
                crate::puzzles::sudoku::verify(&p, &ours.solutions[0]),
                Ok(())
            );
        }
    }

    /// Puzzles without a solution whose givens do not clash: a blanked grid with one
    /// given changed to a digit none of its peers' givens holds. Decided, count 0, as the
    /// search without learning says; both flavours.
    #[test]
    fn unsatisfiable_puzzles() {
        let mut unsatisfiable = 0;
        for (box_side, blank) in [(2, 50), (3, 60), (4, 50)] {
            let n = box_side * box_side;
            for seed in 0..30 {
                let mut givens = blanked(box_side, blank, seed);
                let cell = givens.iter().position(|&g| g != 0).expect("a given");
                let (r, c) = (cell / n, cell % n);
                let peer = |other: usize| {
                    let (r2, c2) = (other / n, other % n);
                    other != cell
                        && (r2 == r
                            || c2 == c
                            || (r2 / box_side == r / box_side && c2 / box_side == c / box_side))
                };
                let taken: Vec<u8> = (0..n * n).filter(|&o| peer(o)).map(|o| givens[o]).collect();
                let Some(d) = (1..=n as u8).find(|&d| d != givens[cell] && !taken.contains(&d))
                else {
                    continue;
                };
                givens[cell] = d;
                let theirs = solve_without_learning(box_side, &givens, &count(2));
                for flavour in FLAVOURS {
                    let ours = solve_learning(box_side, &givens, &count(2), flavour);
                    let at = format!("box {box_side} seed {seed} {flavour:?}");
                    assert_eq!(
                        (ours.count, ours.complete),
                        (theirs.count, theirs.complete),
                        "{at}"
                    );
                }
                if theirs.count == 0 {
                    unsatisfiable += 1;
                }
            }
        }
        assert!(
            unsatisfiable >= 10,
            "only {unsatisfiable} unsatisfiable cases"
        );
    }

    /// Whether the cells (`dom[i]`: the candidates of cell i, as a bit set of digits) have a
    /// perfect matching to distinct digits: Kuhn's augmenting paths by depth-first search,
    /// independent of `repair` and `augment`, so a wrong `Err` from them cannot pass a
    /// check against it.
    pub(super) fn has_perfect_matching(dom: &[u64]) -> bool {
        /// Finds cell i a digit, moving the owners of digits it takes along a path.
        fn try_cell(
            dom: &[u64],
            i: usize,
            owner: &mut [Option<usize>; 64],
            tried: &mut u64,
        ) -> bool {
            for d in digits(dom[i] & !*tried) {
                *tried |= 1u64 << d;
                let free = match owner[d] {
                    None => true,
                    Some(j) => try_cell(dom, j, owner, tried),
                };
                if free {
                    owner[d] = Some(i);
                    return true;
                }
            }
            false
        }
        let mut owner = [None; 64];
        (0..dom.len()).all(|i| try_cell(dom, i, &mut owner, &mut 0))
    }

    /// Kuhn's matcher against Hall's theorem by brute force.
    #[test]
    fn kuhn_agrees_with_hall() {
        let mut rng = SplitMix64::new(3);
        let mut perfect = 0;
        for round in 0..3000 {
            let n = 1 + round % 10;
            let full = (1u64 << n) - 1;
            let dom: Vec<u64> = (0..n)
                .map(|_| rng.next_u64() & (rng.next_u64() | rng.next_u64()) & full)
                .collect();
            let ours = has_perfect_matching(&dom);
            assert_eq!(ours, hall_holds(&dom), "round {round}");
            perfect += usize::from(ours);
        }
        assert!((300..2700).contains(&perfect), "{perfect} perfect of 3000");
    }

    /// Hall's theorem by brute force (small units only): every set of cells has at least as
    /// many candidates in all.
    fn hall_holds(dom: &[u64]) -> bool {
        (1u32..1 << dom.len()).all(|s| {
            let held = (0..dom.len())
                .filter(|i| s & 1 << i != 0)
                .fold(0, |a, i| a | dom[i]);
            held.count_ones() >= s.count_ones()
        })
    }

    /// The kept matching, repaired after random removals and restorations (a branch and its
    /// backtracking), is a valid matching, perfect exactly when Hall's condition holds (or,
    /// at 36 cells, when Kuhn's matcher finds a perfect one), and leaves a cell unmatched
    /// only on failure.
    #[test]
    fn repaired_matchings_agree_with_matchings_from_scratch() {
        let mut rng = SplitMix64::new(9);
        for round in 0..400 {
            let n = if round % 4 == 0 { 36 } else { 2 + round % 9 };
            let full = (1u64 << n) - 1;
            let base: Vec<u64> = (0..n)
                .map(|i| (rng.next_u64() & full) | 1 << ((i + round) % n))
                .collect();
            let mut dom = base.clone();
            let mut m = Matching::EMPTY;
            for step in 0..30 {
                if step % 7 == 6 {
                    // Backtrack: candidates come back.
                    for (d, b) in dom.iter_mut().zip(&base) {
                        if rng.next_u64().is_multiple_of(2) {
                            *d = *b;
                        }
                    }
                } else {
                    let i = (rng.next_u64() % n as u64) as usize;
                    dom[i] &= !(1u64 << (rng.next_u64() % n as u64));
                }
                let ours = m.repair(&dom);
                let perfect = if n <= 10 {
                    hall_holds(&dom)
                } else {
                    has_perfect_matching(&dom)
                };
                assert_eq!(ours.is_ok(), perfect, "round {round} step {step}");
                let mut matched = 0;
                for d in 0..36 {
                    if m.mate[d] != NONE {
                        let i = m.mate[d] as usize;
                        assert!(i < n && m.given[i] as usize == d);
                        assert!(dom[i] & 1 << d != 0, "a matched edge is a candidate");
                        matched += 1;
                    }
                }
                assert_eq!(matched, (0..n).filter(|&i| m.given[i] != NONE).count());
                if let Err(i) = ours {
                    assert_eq!(m.given[i], NONE);
                } else {
                    assert_eq!(matched, n);
                }
            }
        }
    }

    /// A stop that has fired ends the search before its first decision, undecided.
    #[test]
    fn a_stopped_search_gives_up() {
        let stop = Stop::cancellable(None);
        stop.cancel();
        let search = NativeSearch {
            max_solutions: 1,
            keep: 1,
            stop,
        };
        for flavour in FLAVOURS {
            let ours = solve_learning(6, &blanked(6, 60, 1), &search, flavour);
            assert!(ours.timed_out && !ours.complete && ours.count == 0);
            assert!(ours.solutions.is_empty());
        }
    }
}
