//! The layer's propagators as the theory of a CDCL search (lazy clause generation): every
//! rule of a [`Model`] explains what it deduces, so the solver learns clauses from the
//! rules' deductions and does not rediscover a failure in another corner of the search,
//! as the copying search of [`super::solve`] does.
//!
//! Glossary:
//! - **root**: the domains after the propagators' fixpoint before any search; values it
//!   removed are facts.
//! - **literal x(cell, value)**: one boolean per value of a root domain with two or more
//!   values (fixed cells get none). The clauses say each such cell holds at least one and
//!   at most one of its values (pairwise); every rule is the theory's.
//! - **domains on the trail**: a cell's domain is its root domain less the values whose
//!   literal is false (a true literal makes the others false by the at-most-one clauses,
//!   so it needs no reading of its own but is read all the same).
//! - **explanation** (the generic one, valid for every propagator of the layer): a rule
//!   revises its cells' domains as a function of those domains alone, and removes only
//!   values that no assignment allowed by the rule has (each propagator's soundness, stated
//!   in [`super`]). So when a rule over scope S removes (c, v), the removals
//!   ¬x(c', v') for c' ∈ S since the root imply it: with the same removals the rule sees the
//!   same domains (or smaller ones) and removes (c, v) again. A wipeout is explained the
//!   same way (the clause: some value removed from S is there after all). Reasons are
//!   coarse — a cell fixed by a single peer explains its removal by the whole house — but
//!   each is checked cheaply and the solver's conflict analysis keeps only the literals of
//!   reasons that reach the conflict. Combined filters (a count with its no-three windows,
//!   lines-differ with the lines' counts) read other rules of the model, which hold in
//!   every solution: the clause is implied by the model, which is what learning needs.
//!
//! Scheduling is the copying search's: the cheap half of each woken rule to a fixpoint,
//! then the late half (Régin's filter) of the all-differents revised since it last ran.
//! Solutions are counted by the enumeration of `crate::sat::theory`: each total
//! assignment is recorded in [`Theory::complete`] and, below the limit, blocked.

use std::borrow::Cow;
use std::ops::ControlFlow;

use super::{Constraint, Domain, Domains, Model, Propagator, values};
use crate::puzzle::{Limits, NativeAnswer, SolveError};
use crate::sat::theory::{Context, Lit, Solutions, Solver, Theory, Var, Verdict};

const NO_VAR: u32 = u32::MAX;

/// CDCL with the model's rules as the theory: hands the first `limits.keep` solutions
/// (one value per cell) to `found`, counts up to `limits.max_solutions`.
pub fn solve(
    model: &Model,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<NativeAnswer, SolveError> {
    solve_after(model, limits, found, &[], 0)
}

/// [`solve`] after another search found `known` (distinct solutions, counted and
/// excluded here) and handed `handed` solutions to `found`.
pub fn solve_after(
    model: &Model,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    known: &[Vec<u32>],
    handed: usize,
) -> Result<NativeAnswer, SolveError> {
    let propagator = Propagator::new(model);
    let max = limits.max_or_all();
    let mut answer = NativeAnswer {
        count: 0,
        complete: true,
        nodes: Some(1),
        guesses: Some(0),
        conflicts: Some(0),
    };
    let mut root = model.domains.clone();
    if max == 0 {
        answer.complete = false;
        return Ok(answer);
    }
    if root.contains(&0) || !propagator.propagate_all(&mut root) {
        return Ok(answer);
    }

    let mut solver = Solver::new();
    solver.stop_on(&limits.stop);
    let mut first = vec![NO_VAR; root.len()];
    let mut owner = Vec::new();
    for (cell, &d) in root.iter().enumerate() {
        if d.count_ones() < 2 {
            continue;
        }
        first[cell] = owner.len() as u32;
        let lits: Vec<Lit> = values(d)
            .map(|v| {
                let var = solver.new_var(true);
                // Variables are numbered in creation order: `owner` is indexed by them.
                debug_assert_eq!(var.idx() as usize, owner.len());
                owner.push((cell as u32, v));
                Lit::new(var, true)
            })
            .collect();
        solver.add_clause(&mut lits.clone());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                solver.add_clause(&mut vec![!a, !b]);
            }
        }
    }
    if owner.is_empty() {
        // The root fixed every cell (and every rule held on it): one solution, no search.
        if known.is_empty() && limits.keep > 0 {
            let _ = found(
                &root
                    .iter()
                    .map(|d| d.trailing_zeros())
                    .collect::<Vec<u32>>(),
            );
        }
        answer.count = 1;
        answer.complete = max > 1;
        return Ok(answer);
    }
    let mut solutions = Solutions::new(max, 0);
    solutions.known(known);
    for values in known {
        let mut block: Vec<Lit> = (0..values.len())
            .filter(|&cell| first[cell] != NO_VAR)
            .map(|cell| !literal(&root, &first, cell, values[cell]))
            .collect();
        solver.add_clause(&mut block);
    }
    let rules = model.constraints.len();
    let scopes: Vec<Cow<'_, [usize]>> = model.constraints.iter().map(super::scope).collect();
    let late: Vec<bool> = model
        .constraints
        .iter()
        .map(|r| matches!(r, Constraint::AllDifferent(_)))
        .collect();
    let mut theory = Rules {
        propagator: &propagator,
        scopes: &scopes,
        has_late: &late,
        root: &root,
        first: &first,
        owner: &owner,
        dom: root.clone(),
        undo: Vec::new(),
        read: 0,
        queue: Vec::new(),
        queued: vec![false; rules],
        late: Vec::new(),
        late_queued: vec![false; rules],
        scratch: root.clone(),
        arena: Vec::new(),
        reason_at: vec![(0, 0); owner.len()],
        solutions,
        keep: limits.keep,
        handed,
        found,
    };
    let verdict = solver.solve(&mut theory, &[]);
    answer.count = theory.solutions.count();
    // Sat: the limit was reached (the last solution accepted); Unsat: none is left.
    answer.complete = verdict == Verdict::Unsat;
    answer.nodes = Some(solver.decisions() + 1);
    answer.guesses = Some(solver.decisions());
    answer.conflicts = Some(solver.conflicts());
    Ok(answer)
}

/// x(cell, value): the variables of a cell are its root values in order.
fn literal(root: &[Domain], first: &[u32], cell: usize, value: u32) -> Lit {
    let rank = (root[cell] & ((1u64 << value) - 1)).count_ones();
    Lit::new(Var::unsafe_from_idx(first[cell] + rank), true)
}

/// The theory: the domains read from the trail, the rules to revise, the reasons given.
struct Rules<'a, 'f> {
    propagator: &'a Propagator<'a>,
    /// The cells each rule reads.
    scopes: &'a [Cow<'a, [usize]>],
    /// Whether a rule has a late half (an all-different: Régin's filter).
    has_late: &'a [bool],
    root: &'a [Domain],
    /// The variable of each cell's smallest root value (`NO_VAR`: a fixed cell).
    first: &'a [u32],
    /// The (cell, value) of each variable.
    owner: &'a [(u32, u32)],
    dom: Vec<Domain>,
    /// (cell, domain before) of each change, for backtracking.
    undo: Vec<(u32, Domain)>,
    /// Trail literals read so far.
    read: usize,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// All-differents whose late half (Régin) is due.
    late: Vec<u32>,
    late_queued: Vec<bool>,
    /// Equal to `dom` on every cell between two revisions (a rule revises its copy).
    scratch: Vec<Domain>,
    /// The reasons of the propagations on the trail, one slice per rule firing.
    arena: Vec<Lit>,
    reason_at: Vec<(u32, u32)>,
    solutions: Solutions<Vec<u32>>,
    keep: usize,
    handed: usize,
    found: &'f mut dyn FnMut(&[u32]) -> ControlFlow<()>,
}

impl Rules<'_, '_> {
    fn lit(&self, cell: usize, value: u32) -> Lit {
        literal(self.root, self.first, cell, value)
    }

    /// Narrows `cell` to `mask`, waking the rules that watch it.
    fn restrict(&mut self, cell: usize, mask: Domain) {
        let old = self.dom[cell];
        let new = old & mask;
        if new == old {
            return;
        }
        self.undo.push((cell as u32, old));
        self.dom[cell] = new;
        self.scratch[cell] = new;
        for w in self.propagator.watching(cell) {
            if w.fires(new) && !self.queued[w.rule as usize] {
                self.queued[w.rule as usize] = true;
                self.queue.push(w.rule);
            }
        }
    }

    /// Reads the trail's new literals into the domains.
    fn read_trail(&mut self, ctx: &Context<'_, '_>) {
        let trail = ctx.trail();
        for &lit in &trail[self.read..] {
            let (cell, value) = self.owner[lit.var().idx() as usize];
            let bit = 1u64 << value;
            self.restrict(cell as usize, if lit.sign() { bit } else { !bit });
        }
        self.read = trail.len();
    }

    /// The removals since the root in `rule`'s scope: as true literals (a reason) or, with
    /// `positive`, as the false literals of a conflict clause.
    fn removals(&self, rule: usize, positive: bool, out: &mut Vec<Lit>) {
        for &c in self.scopes[rule].iter() {
            for v in values(self.root[c] & !self.dom[c]) {
                let x = self.lit(c, v);
                out.push(if positive { x } else { !x });
            }
        }
    }

    /// Revises the rules due to a fixpoint; false after a conflict was raised.
    fn fixpoint(&mut self, ctx: &mut Context<'_, '_>) -> bool {
        loop {
            let (rule, cheap) = if let Some(r) = self.queue.pop() {
                self.queued[r as usize] = false;
                if !self.late_queued[r as usize] && self.has_late[r as usize] {
                    self.late_queued[r as usize] = true;
                    self.late.push(r);
                }
                (r as usize, true)
            } else if let Some(r) = self.late.pop() {
                self.late_queued[r as usize] = false;
                (r as usize, false)
            } else {
                return true;
            };
            let mut changed = Vec::new();
            let propagator = self.propagator;
            let ok = {
                let mut d = Domains {
                    dom: &mut self.scratch,
                    changed: Vec::new(),
                };
                let ok = if cheap {
                    propagator.revise(rule, &mut d)
                } else {
                    propagator.revise_late(rule, &mut d)
                }
                .is_ok();
                changed.append(&mut d.changed);
                ok
            };
            if !ok {
                for &c in self.scopes[rule].iter() {
                    self.scratch[c] = self.dom[c];
                }
                let mut clause = Vec::new();
                self.removals(rule, true, &mut clause);
                self.clear_queues();
                ctx.conflict(&clause);
                return false;
            }
            if changed.is_empty() {
                continue;
            }
            let start = self.arena.len();
            let mut reason = std::mem::take(&mut self.arena);
            self.removals(rule, false, &mut reason);
            self.arena = reason;
            let slot = (start as u32, (self.arena.len() - start) as u32);
            changed.sort_unstable();
            changed.dedup();
            for c in changed {
                let (now, before) = (self.scratch[c], self.dom[c]);
                self.scratch[c] = before;
                for v in values(before & !now) {
                    let lit = !self.lit(c, v);
                    // The domains are the trail's, so `lit` is open: a rule that removed a
                    // cell's only value reported a wipeout instead.
                    debug_assert_eq!(ctx.value(lit), None);
                    self.reason_at[lit.var().idx() as usize] = slot;
                    if !ctx.propagate(lit) {
                        self.clear_queues();
                        return false;
                    }
                }
                self.restrict(c, now);
            }
        }
    }

    fn clear_queues(&mut self) {
        for r in self.queue.drain(..) {
            self.queued[r as usize] = false;
        }
        for r in self.late.drain(..) {
            self.late_queued[r as usize] = false;
        }
    }
}

impl Theory for Rules<'_, '_> {
    /// (undo length, trail literals read, reasons' length).
    type Mark = (usize, usize, usize);

    fn mark(&self) -> Self::Mark {
        (self.undo.len(), self.read, self.arena.len())
    }

    fn backtrack(&mut self, (undo, read, arena): Self::Mark) {
        for (cell, old) in self.undo.drain(undo..).rev() {
            self.dom[cell as usize] = old;
            self.scratch[cell as usize] = old;
        }
        self.read = read;
        self.arena.truncate(arena);
        self.clear_queues();
    }

    fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
        self.read_trail(ctx);
        self.fixpoint(ctx);
    }

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        self.read_trail(ctx);
        if !self.fixpoint(ctx) {
            return;
        }
        let values: Vec<u32> = self.dom.iter().map(|d| d.trailing_zeros()).collect();
        let new = self.solutions.count();
        let go_on = self.solutions.record(&values);
        if self.solutions.count() > new && self.handed < self.keep {
            self.handed += 1;
            if (self.found)(&values).is_break() {
                self.handed = self.keep;
            }
        }
        if go_on {
            let block: Vec<Lit> = (0..self.dom.len())
                .filter(|&c| self.first[c] != NO_VAR)
                .map(|c| !self.lit(c, values[c]))
                .collect();
            ctx.block(&block);
        }
    }

    fn explain(&mut self, lit: Lit) -> &[Lit] {
        let (start, len) = self.reason_at[lit.var().idx() as usize];
        &self.arena[start as usize..(start + len) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{Constraint, range};
    use crate::stop::Stop;

    /// A small deterministic generator for the random models below.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Every solution, sorted, whether the count is exact, and the conflicts.
    fn all(model: &Model, learn: bool) -> (Vec<Vec<u32>>, bool, u64) {
        let limits = Limits {
            max_solutions: None,
            keep: usize::MAX,
            stop: Stop::never(),
        };
        let mut found = Vec::new();
        let mut sink = |v: &[u32]| {
            found.push(v.to_vec());
            ControlFlow::Continue(())
        };
        let answer = if learn {
            solve(model, &limits, &mut sink)
        } else {
            super::super::solve(model, &limits, &mut sink)
        }
        .unwrap();
        assert_eq!(answer.count as usize, found.len());
        found.sort();
        (found, answer.complete, answer.conflicts.unwrap_or(0))
    }

    /// A 4×4 Latin square with random givens, cages, signs and clues.
    fn latin(rng: &mut Lcg) -> Model {
        let n = 4;
        let mut m = Model::new(n, n, range(1, 4));
        m.add_latin_lines();
        for _ in 0..rng.below(3) {
            m.give(rng.below(16) as usize, 1 + rng.below(4) as u32);
        }
        for _ in 0..rng.below(4) {
            let a = rng.below(16) as usize;
            let b = if a % n + 1 < n { a + 1 } else { a - 1 };
            match rng.below(5) {
                0 => m.add(Constraint::Less { small: a, large: b }),
                1 => m.add(Constraint::Consecutive {
                    a,
                    b,
                    yes: rng.below(2) == 0,
                }),
                2 => m.add(Constraint::SumDistinct {
                    cells: vec![a.min(b), a.max(b)],
                    sum: 3 + rng.below(5) as u32,
                }),
                3 => {
                    let target = 1 + rng.below(12) as u32;
                    let tuples = (1..=4)
                        .flat_map(|x| (1..=4).map(move |y| vec![x, y]))
                        .filter(|t| t[0] * t[1] == target)
                        .collect();
                    m.add(Constraint::Table {
                        cells: vec![a, b],
                        tuples,
                    });
                }
                _ => {
                    let row = rng.below(4) as usize;
                    let line = (0..n).map(|c| row * n + c).collect();
                    m.add(Constraint::Visible {
                        line,
                        count: 1 + rng.below(4) as usize,
                    });
                }
            }
        }
        m
    }

    /// A 4×4 binary grid with random counts, windows, bounds and distinct lines.
    fn binary(rng: &mut Lcg) -> Model {
        let n = 4;
        let mut m = Model::new(n, n, range(0, 1));
        let rows: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        for row in &rows {
            match rng.below(4) {
                0 => m.add(Constraint::Count {
                    cells: row.clone(),
                    value: 1,
                    count: 2,
                }),
                1 => m.add(Constraint::AtMost {
                    cells: row.clone(),
                    value: 1,
                    count: 1 + rng.below(2) as usize,
                }),
                2 => m.add(Constraint::AtLeast {
                    cells: row.clone(),
                    value: 0,
                    count: 1 + rng.below(3) as usize,
                }),
                _ => m.add(Constraint::NotAllEqual(row[..3].to_vec())),
            }
        }
        if rng.below(2) == 0 {
            m.add(Constraint::LinesDiffer(rows.clone()));
        }
        let pairs = (0..3)
            .map(|_| (rng.below(16) as usize, rng.below(2) as u32))
            .collect();
        m.add(Constraint::ExactlyOne(pairs));
        m
    }

    #[test]
    fn counts_and_solutions_agree_with_the_copying_search() {
        let mut rng = Lcg(7);
        let (mut conflicts, mut solutions) = (0, 0);
        for round in 0..400 {
            let model = if round % 2 == 0 {
                latin(&mut rng)
            } else {
                binary(&mut rng)
            };
            let (copying, complete, _) = all(&model, false);
            let (learning, learned_complete, learned) = all(&model, true);
            assert!(complete && learned_complete);
            assert_eq!(copying, learning, "round {round}: {model:?}");
            conflicts += learned;
            solutions += learning.len();
        }
        // The searches learned (blocked solutions are conflicts too, so more than those).
        assert!(
            conflicts > solutions as u64 + 100,
            "{conflicts} conflicts, {solutions} solutions"
        );
    }

    #[test]
    fn limits_and_a_wiped_root() {
        let mut m = Model::new(3, 3, range(1, 3));
        m.add_latin_lines();
        let limits = |max| Limits {
            max_solutions: Some(max),
            keep: 1,
            stop: Stop::never(),
        };
        let mut kept = Vec::new();
        let answer = solve(&m, &limits(5), &mut |v: &[u32]| {
            kept.push(v.to_vec());
            ControlFlow::Continue(())
        })
        .unwrap();
        // Twelve Latin squares of order 3: five counted, one kept, the count not exact.
        assert_eq!((answer.count, kept.len(), answer.complete), (5, 1, false));
        let answer = solve(&m, &limits(100), &mut |_: &[u32]| ControlFlow::Continue(())).unwrap();
        assert_eq!((answer.count, answer.complete), (12, true));
        m.give(0, 1);
        m.give(1, 1);
        let answer = solve(&m, &limits(100), &mut |_: &[u32]| ControlFlow::Continue(())).unwrap();
        assert_eq!((answer.count, answer.complete), (0, true));
    }
}
