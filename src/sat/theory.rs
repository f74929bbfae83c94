//! CDCL with a theory: the one place where puzzle modules meet a SAT solver that calls
//! back into puzzle code during its search. The solver is batsat (a MiniSat port, MIT);
//! varisat, the engine of the plain `sat` paths ([`super::VarisatSession`]), has no such
//! hook.
//!
//! Three theories use it: the sudoku collections' `sat` session (enumeration only,
//! `puzzles/sudoku/sat_session.rs`), the learning search of native sudoku from 16×16 on
//! (all-different filtering, `puzzles/sudoku/native/learn.rs`) and the learning search of
//! native nonograms (the line solver, `puzzles/nonogram/learn/`).
//!
//! Glossary:
//! - **trail**: the literals true so far, in the order they became true
//!   ([`Context::trail`]). A theory reads the part it has not seen yet.
//! - **level**: one decision and what follows from it. When a level begins the adapter
//!   asks the theory for a [`Theory::Mark`] of its state; when levels are popped it hands
//!   back the mark of the first level popped ([`Theory::backtrack`]), so no theory keeps
//!   its own level stack.
//! - **propagation**: a literal the theory makes true ([`Context::propagate`]) with a
//!   reason the solver asks for in conflict analysis ([`Theory::explain`]): literals
//!   true on the trail before it, whose conjunction implies it.
//! - **conflict**: a clause of literals all false on the trail ([`Context::conflict`]).
//! - **enumeration**: a total assignment is offered to [`Theory::complete`]; to go on
//!   searching the theory rejects it with its blocking clause ([`Context::block`]), which
//!   the solver learns from and backjumps over, the next solution searched from there
//!   instead of from level 0. [`Solutions`] keeps the count.
//!
//! Why a clause may be weakened: batsat's conflict analysis needs a literal of the current
//! decision level in every conflict clause. A theory that checks total assignments only
//! can find a violation whose literals were all set at lower levels (decisions since then
//! touched other variables); [`Context::conflict`] and [`Context::block`] then add the
//! negation of the current level's last literal — the clause stays implied (a weakening),
//! stays false, and the search backjumps to where the violation arose (`Levels::starts`
//! knows where each level begins on the trail).
//!
//! Why a blocking clause can come back: raised as costly, it is kept as an original
//! clause only when the clause the solver learns from it differs; when they are equal,
//! batsat keeps only the learned copy, which clause-database reduction may delete, so the
//! same solution can be reached again. [`Solutions::record`] therefore remembers every
//! solution counted: one reached again is blocked again and not counted again.

use std::borrow::Cow;
use std::collections::HashSet;
use std::hash::Hash;

use batsat::theory::{Theory as BatsatTheory, TheoryArg};
use batsat::{BasicSolver, SolverInterface, SolverOpts, lbool};

use crate::stop::Stop;

pub use batsat::{Lit, Var};

/// The answer of one [`Solver::solve`] call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A total assignment was accepted by the theory.
    Sat,
    /// No assignment (beyond those the theory rejected) satisfies the clauses and the
    /// theory under the assumptions.
    Unsat,
    /// The stop fired.
    Unknown,
}

/// A CDCL solver whose search calls a [`Theory`].
pub struct Solver {
    inner: BasicSolver,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// An empty solver.
    pub fn new() -> Solver {
        Solver {
            inner: BasicSolver::default(),
        }
    }

    /// An empty solver whose Luby restart unit is `conflicts` (batsat's default: 100),
    /// its other options batsat's defaults.
    pub fn with_restart_unit(conflicts: u32) -> Solver {
        let opts = SolverOpts {
            restart_first: i32::try_from(conflicts.max(1)).unwrap_or(i32::MAX),
            ..SolverOpts::default()
        };
        Solver {
            inner: BasicSolver::new(opts, Default::default()),
        }
    }

    /// A fresh variable; `decision` says whether the solver may branch on it (a variable
    /// it may not branch on is set by propagation or assumption only).
    pub fn new_var(&mut self, decision: bool) -> Var {
        self.inner.new_var(lbool::UNDEF, decision)
    }

    /// A fresh decision variable that every decision on it makes `phase` (true: the
    /// positive literal), instead of the saved phase of [`Solver::new_var`]'s.
    pub fn new_var_deciding(&mut self, phase: bool) -> Var {
        self.inner.new_var(lbool::from(phase), true)
    }

    /// Adds a clause at level 0 (`clause` is a buffer the solver may reorder). False when
    /// the clauses are now unsatisfiable.
    pub fn add_clause(&mut self, clause: &mut Vec<Lit>) -> bool {
        self.inner.add_clause_reuse(clause)
    }

    /// Whether the clauses added so far may still be satisfiable.
    pub fn is_ok(&self) -> bool {
        self.inner.is_ok()
    }

    /// Makes the search end with [`Verdict::Unknown`] once `stop` fires (nothing to do for
    /// a stop that cannot fire).
    pub fn stop_on(&mut self, stop: &Stop) {
        if stop.can_stop() {
            let stop = stop.clone();
            self.stop_when(move || stop.should_stop());
        }
    }

    /// Makes the search end with [`Verdict::Unknown`] once `stop` returns true (it replaces
    /// [`Solver::stop_on`]'s). It is called between decisions, where the search may also
    /// be paused: returning false after a pause resumes it exactly where it was.
    pub fn stop_when(&mut self, stop: impl Fn() -> bool + 'static) {
        self.inner.cb_mut().set_stop(stop);
    }

    /// Searches under `assumptions`, calling `theory` at each propagation fixpoint and on
    /// each total assignment.
    pub fn solve<T: Theory>(&mut self, theory: &mut T, assumptions: &[Lit]) -> Verdict {
        let mut levels = Levels {
            theory,
            marks: Vec::new(),
            starts: Vec::new(),
            seen: 0,
        };
        match self.inner.solve_limited_th(&mut levels, assumptions) {
            v if v == lbool::TRUE => Verdict::Sat,
            v if v == lbool::FALSE => Verdict::Unsat,
            _ => Verdict::Unknown,
        }
    }

    /// Decisions over all calls.
    pub fn decisions(&self) -> u64 {
        self.inner.num_decisions()
    }

    /// Conflicts over all calls (clause, theory and blocking ones).
    pub fn conflicts(&self) -> u64 {
        self.inner.num_conflicts()
    }
}

/// What a puzzle adds to the clauses: propagation, a verdict on total assignments, and
/// the state to restore on backtracking. See the module docs.
pub trait Theory {
    /// The theory's state when a level begins (a trail position, undo stack lengths).
    type Mark: Copy;

    /// The mark of the present state.
    fn mark(&self) -> Self::Mark;

    /// Returns to the state of `mark`, taken when the first popped level began.
    fn backtrack(&mut self, mark: Self::Mark);

    /// Called at each fixpoint of unit propagation: propagate or raise a conflict (or
    /// nothing, if the theory defers its checks to [`Theory::complete`]).
    fn propagate(&mut self, _ctx: &mut Context<'_, '_>) {}

    /// Called on a total assignment that [`Theory::propagate`] accepted: return to accept
    /// it (the search ends [`Verdict::Sat`]), or raise a conflict or [`Context::block`] it
    /// to search on.
    fn complete(&mut self, ctx: &mut Context<'_, '_>);

    /// The reason of a literal this theory propagated: true literals that imply it.
    fn explain(&mut self, lit: Lit) -> &[Lit];
}

/// The search as a theory sees it during a callback.
pub struct Context<'a, 'b> {
    arg: &'a mut TheoryArg<'b>,
    level: usize,
    /// Where the current level begins on the trail.
    level_start: usize,
}

impl Context<'_, '_> {
    /// The literals true so far, in order.
    #[inline]
    pub fn trail(&self) -> &[Lit] {
        self.arg.model()
    }

    /// Whether `lit` is true, false, or unassigned (`None`).
    #[inline]
    pub fn value(&self, lit: Lit) -> Option<bool> {
        let v = self.arg.value(lit.var());
        if v == lbool::UNDEF {
            None
        } else {
            Some((v == lbool::TRUE) == lit.sign())
        }
    }

    /// Makes `lit` true; [`Theory::explain`] gives its reason when asked. False when `lit`
    /// was false already (the solver then has a conflict).
    #[inline]
    pub fn propagate(&mut self, lit: Lit) -> bool {
        self.arg.propagate(lit)
    }

    /// Raises a conflict: `clause`'s literals are all false on the trail (weakened as the
    /// module docs say when none is of the current level).
    pub fn conflict(&mut self, clause: &[Lit]) {
        let clause = self.at_current_level(clause);
        self.arg.raise_conflict(&clause, false);
    }

    /// Rejects the total assignment with its blocking clause (all literals false): the
    /// solver learns from it and keeps it (see the module docs).
    pub fn block(&mut self, clause: &[Lit]) {
        let clause = self.at_current_level(clause);
        self.arg.raise_conflict(&clause, true);
    }

    /// `clause`, or, when none of its literals was made false at the current level,
    /// `clause` with the negation of the trail's last literal (of the current level).
    fn at_current_level<'c>(&self, clause: &'c [Lit]) -> Cow<'c, [Lit]> {
        let trail = self.arg.model();
        if self.level == 0 || self.level_start >= trail.len() {
            // Level 0 needs no analysis; an empty level (a true assumption) has no literal
            // to add (the lazy theories take no assumptions).
            return Cow::Borrowed(clause);
        }
        let mut sorted = clause.to_vec();
        sorted.sort_unstable();
        let current = &trail[self.level_start..];
        if current.iter().any(|&t| sorted.binary_search(&!t).is_ok()) {
            return Cow::Borrowed(clause);
        }
        let mut weakened = clause.to_vec();
        weakened.push(!current[current.len() - 1]);
        Cow::Owned(weakened)
    }

    /// The present decision level (0: only facts and assumptions' consequences).
    #[inline]
    pub fn level(&self) -> usize {
        self.level
    }
}

/// The adapter: batsat's theory interface over a [`Theory`], keeping its marks per level
/// and where each level begins on the trail.
struct Levels<'t, T: Theory> {
    theory: &'t mut T,
    marks: Vec<T::Mark>,
    /// The trail's length when each level began. batsat calls `partial_check` at every
    /// propagation fixpoint before it decides, so the length at the last call is where a
    /// new level's decision goes.
    starts: Vec<usize>,
    /// The trail's length at the last check.
    seen: usize,
}

impl<T: Theory> Levels<'_, T> {
    fn context<'a, 'b>(&self, arg: &'a mut TheoryArg<'b>) -> Context<'a, 'b> {
        Context {
            arg,
            level: self.marks.len(),
            level_start: self.starts.last().copied().unwrap_or(0),
        }
    }
}

impl<T: Theory> BatsatTheory for Levels<'_, T> {
    fn final_check(&mut self, arg: &mut TheoryArg) {
        self.seen = arg.model().len();
        let mut ctx = self.context(arg);
        self.theory.complete(&mut ctx);
    }

    fn partial_check(&mut self, arg: &mut TheoryArg) {
        self.seen = arg.model().len();
        let mut ctx = self.context(arg);
        self.theory.propagate(&mut ctx);
    }

    fn create_level(&mut self) {
        self.marks.push(self.theory.mark());
        self.starts.push(self.seen);
    }

    fn pop_levels(&mut self, n: usize) {
        let keep = self.marks.len() - n;
        let mark = self.marks[keep];
        self.marks.truncate(keep);
        self.seen = self.starts[keep];
        self.starts.truncate(keep);
        self.theory.backtrack(mark);
    }

    fn n_levels(&self) -> usize {
        self.marks.len()
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        self.theory.explain(p)
    }
}

/// The count of an enumeration inside one search: the solutions found, the first `keep`
/// of them, and every one counted (see the module docs).
#[derive(Clone, Debug)]
pub struct Solutions<G> {
    max: u64,
    keep: usize,
    count: u64,
    kept: Vec<G>,
    seen: HashSet<G>,
}

impl<G: Clone + Eq + Hash> Solutions<G> {
    /// Counting up to `max`, keeping the first `keep`.
    pub fn new(max: u64, keep: usize) -> Solutions<G> {
        Solutions {
            max,
            keep,
            count: 0,
            kept: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// Solutions counted before the search (they are not kept again, and must be
    /// excluded from the clauses by the caller).
    pub fn known<'g>(&mut self, grids: impl IntoIterator<Item = &'g G>)
    where
        G: 'g,
    {
        for grid in grids {
            if self.seen.insert(grid.clone()) {
                self.count += 1;
            }
        }
    }

    /// Records the solution of a total assignment, unless it was counted before. True
    /// when the enumeration goes on (the caller blocks the assignment), false when the
    /// limit is reached (the caller accepts it).
    pub fn record(&mut self, grid: &G) -> bool {
        if !self.seen.contains(grid) {
            self.seen.insert(grid.clone());
            self.count += 1;
            if self.kept.len() < self.keep {
                self.kept.push(grid.clone());
            }
        }
        self.count < self.max
    }

    /// Solutions counted (the known ones included).
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The solutions kept, in the order found.
    pub fn take_kept(&mut self) -> Vec<G> {
        std::mem::take(&mut self.kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of three variables with at least one true, counted by blocking
    /// each one: seven, every one distinct; and the marks come back in order.
    struct AtLeastOne {
        vars: Vec<Var>,
        found: Solutions<Vec<bool>>,
        depth: usize,
        popped: usize,
    }

    impl Theory for AtLeastOne {
        type Mark = usize;

        fn mark(&self) -> usize {
            self.depth + 1
        }

        fn backtrack(&mut self, mark: usize) {
            assert!(mark >= 1);
            self.depth = mark - 1;
            self.popped += 1;
        }

        fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
            self.depth = ctx.level();
        }

        fn complete(&mut self, ctx: &mut Context<'_, '_>) {
            let grid: Vec<bool> = self
                .vars
                .iter()
                .map(|&v| ctx.value(Lit::new(v, true)) == Some(true))
                .collect();
            if self.found.record(&grid) {
                let block: Vec<Lit> = self
                    .vars
                    .iter()
                    .zip(&grid)
                    .map(|(&v, &b)| Lit::new(v, !b))
                    .collect();
                ctx.block(&block);
            }
        }

        fn explain(&mut self, _: Lit) -> &[Lit] {
            unreachable!("propagates nothing")
        }
    }

    fn at_least_one(max: u64) -> (Verdict, AtLeastOne) {
        let mut solver = Solver::new();
        let vars: Vec<Var> = (0..3).map(|_| solver.new_var(true)).collect();
        let mut clause: Vec<Lit> = vars.iter().map(|&v| Lit::new(v, true)).collect();
        assert!(solver.add_clause(&mut clause));
        let mut theory = AtLeastOne {
            vars,
            found: Solutions::new(max, 3),
            depth: 0,
            popped: 0,
        };
        let verdict = solver.solve(&mut theory, &[]);
        (verdict, theory)
    }

    #[test]
    fn enumerates_every_assignment_once() {
        let (verdict, mut theory) = at_least_one(u64::MAX);
        assert_eq!(verdict, Verdict::Unsat);
        assert_eq!(theory.found.count(), 7);
        let kept = theory.found.take_kept();
        assert_eq!(kept.len(), 3);
        assert!(kept.iter().all(|g| g.iter().any(|&b| b)));
        assert!(theory.popped > 0);
    }

    #[test]
    fn stops_at_the_limit() {
        let (verdict, theory) = at_least_one(2);
        assert_eq!(verdict, Verdict::Sat);
        assert_eq!(theory.found.count(), 2);
    }

    #[test]
    fn known_solutions_count_once() {
        let mut found: Solutions<u8> = Solutions::new(10, 10);
        found.known(&[1, 2, 2]);
        assert_eq!(found.count(), 2);
        assert!(found.record(&2));
        assert_eq!(found.count(), 2);
        assert!(found.record(&3));
        assert_eq!((found.count(), found.take_kept()), (3, vec![3]));
    }

    #[test]
    fn a_fired_stop_gives_unknown() {
        let stop = Stop::cancellable(None);
        stop.cancel();
        let (mut solver, mut clause) = (Solver::new(), Vec::new());
        let vars: Vec<Var> = (0..3).map(|_| solver.new_var(true)).collect();
        clause.extend(vars.iter().map(|&v| Lit::new(v, true)));
        solver.add_clause(&mut clause);
        solver.stop_on(&stop);
        let mut theory = AtLeastOne {
            vars,
            found: Solutions::new(u64::MAX, 0),
            depth: 0,
            popped: 0,
        };
        assert_eq!(solver.solve(&mut theory, &[]), Verdict::Unknown);
    }
}
