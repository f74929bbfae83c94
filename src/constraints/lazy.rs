//! The lazy forms of the connectivity constraints: a formula of local clauses solved with
//! the global constraints checked on the side, each violation answered by a cut clause
//! ([`Connected::cut`]), so the solver learns only the cuts it needs.
//!
//! - [`solve_incremental`]: varisat, incremental. Solve; when the model breaks a
//!   constraint, add every component's cut and solve again; when it holds, the model is a
//!   solution: block it on the projection and go on. The cuts accumulate across solutions.
//! - [`solve_theory`]: CDCL with a theory on batsat (`sat/theory.rs`): at unit propagation
//!   fixpoints (those at least 16 trail literals past the last check, and every total
//!   assignment) the constraint checks the *partial* assignment — two true nodes
//!   that the nodes and edges not yet false cannot join are a conflict, explained by the
//!   separator cut — so a search is refuted as soon as a region is sealed off, not when the
//!   assignment is total; and the literals a constraint forces ([`Global::implied`]) are
//!   propagated with their reasons.

use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{Backend, DecodeError, NativeAnswer, SessionAnswer, Sink, SolveError};
use crate::sat::theory::{self, Context, Solutions, Theory, Verdict};
use crate::sat::{Model, SatError, SatVerdict, VarisatSession};
use crate::stop::Stop;

use super::connected::Connected;

/// A global constraint checked on the side of a SAT search: under a partial or total
/// assignment, a clause every solution satisfies and the assignment falsifies, when the
/// assignment breaks the constraint. [`Connected`] (the separator cut) and
/// `acyclic::Acyclic` (the cycle's edges) are the two.
pub trait Global {
    /// One violated clause, or `None` when the assignment does not break the constraint.
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>>;
    /// Every violated clause found in one pass over a total assignment (the incremental
    /// loop adds them all at once); empty when the constraint holds.
    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>>;
    /// Literals the constraint forces under a partial assignment that breaks nothing, each
    /// with its reason (literals true under it whose conjunction implies the literal); the
    /// batsat theory propagates them, and raises one already false as a conflict (the
    /// literal and the reason's negations). None by default: conflicts only.
    fn implied(&self, _value: &dyn Fn(Lit) -> Option<bool>) -> Vec<(Lit, Vec<Lit>)> {
        Vec::new()
    }
    /// The variables the constraint reads, when the batsat theory is to check it at every
    /// unit-propagation fixpoint where one of them was assigned since its last check
    /// (rather than every `CHECK_EVERY` trail literals): for a cheap check that stands in
    /// for clauses (a counter's), whose propagation it must keep up with. `None` by default.
    fn watched(&self) -> Option<Vec<Var>> {
        None
    }
    /// The batsat theory's note that watched variable `index` (in [`Global::watched`]'s
    /// order) is now `value`, so a constraint may keep counts that gate its
    /// [`Global::implied`] (interior mutability; nothing else calls it).
    fn assign(&self, _index: usize, _value: bool) {}
    /// The theory's note that watched variable `index`, which was `value`, is unassigned
    /// again (backtracking undoes [`Global::assign`]).
    fn unassign(&self, _index: usize, _value: bool) {}
}

impl Global for Connected {
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        Connected::cut(self, value)
    }

    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        Connected::cuts(self, value)
    }
}

/// What a lazy search found.
#[derive(Clone, Debug, Default)]
pub struct LazyAnswer {
    /// The first `keep` models (every variable of the formula), in the order found.
    pub models: Vec<Model>,
    /// Solutions found (at most the limit).
    pub count: u64,
    /// Whether the search proved there are no more.
    pub complete: bool,
    /// Solver calls (incremental) or 1 (theory).
    pub solve_calls: u64,
    /// Cut clauses added or raised.
    pub cuts: u64,
    /// Conflicts of the search (theory form).
    pub conflicts: Option<u64>,
    /// Decisions of the search (theory form).
    pub decisions: Option<u64>,
}

impl LazyAnswer {
    /// A refuted formula's answer: no solution, the search complete.
    pub(super) fn refuted() -> LazyAnswer {
        LazyAnswer {
            solve_calls: 1,
            complete: true,
            ..LazyAnswer::default()
        }
    }

    /// The models kept, read by `decode`; a model it refuses is `backend`'s error.
    pub fn decoded<S>(
        &self,
        decode: &dyn Fn(&Model) -> Result<S, DecodeError>,
        backend: Backend,
    ) -> Result<Vec<S>, SolveError> {
        self.models
            .iter()
            .map(|m| decode(m).map_err(|reason| SolveError::Decode { backend, reason }))
            .collect()
    }

    /// The native engines' answer: the decoded `solutions` handed to `found` (until it
    /// breaks), and the search's counts.
    pub fn native<S>(&self, solutions: Vec<S>, found: Sink<'_, S>) -> NativeAnswer {
        for s in solutions {
            if found(s).is_break() {
                break;
            }
        }
        NativeAnswer {
            count: self.count,
            complete: self.complete,
            nodes: None,
            guesses: self.decisions,
            conflicts: self.conflicts,
        }
    }

    /// The sat session's answer: the decoded `solutions`, and the size of the formula it
    /// held, `cnf` and the cuts added to it.
    pub fn session<S>(&self, solutions: Vec<S>, cnf: &Cnf) -> SessionAnswer<S> {
        SessionAnswer {
            solutions,
            count: self.count,
            complete: self.complete,
            solve_calls: self.solve_calls,
            variables: cnf.num_vars(),
            clauses: cnf.num_clauses() + self.cuts as usize,
        }
    }
}

/// The incremental varisat loop (module docs). `max` solutions at most, `keep` kept.
pub fn solve_incremental<C: Global>(
    cnf: &Cnf,
    constraints: &[C],
    projection: &[Var],
    max: u64,
    keep: usize,
    stop: &Stop,
) -> Result<LazyAnswer, SatError> {
    let mut session = VarisatSession::new(cnf, stop);
    let mut answer = LazyAnswer::default();
    while answer.count < max {
        answer.solve_calls += 1;
        match session.solve()? {
            SatVerdict::Sat(model) => {
                let value = |l: Lit| Some(model.lit_true(l));
                let mut cut = false;
                for c in constraints {
                    for clause in c.cuts(&value) {
                        session.add_clause(&clause);
                        answer.cuts += 1;
                        cut = true;
                    }
                }
                if cut {
                    continue;
                }
                answer.count += 1;
                let block: Vec<Lit> = projection
                    .iter()
                    .map(|&v| Lit::new(v, !model.value(v)))
                    .collect();
                if answer.models.len() < keep {
                    answer.models.push(model);
                }
                session.add_clause(&block);
            }
            SatVerdict::Unsat => {
                answer.complete = true;
                break;
            }
            SatVerdict::Unknown => break,
        }
    }
    Ok(answer)
}

pub(super) fn to_batsat(l: Lit) -> theory::Lit {
    theory::Lit::new(
        theory::Var::unsafe_from_idx(l.var().index() as u32),
        l.is_positive(),
    )
}

/// The solutions of a theory search on the projection: a total assignment the theory
/// accepts is counted, its model kept while fewer than `keep` are, and blocked while more
/// solutions are wanted.
pub(super) struct Enumerate<'p> {
    projection: &'p [Var],
    found: Solutions<Vec<bool>>,
    models: Vec<Model>,
    keep: usize,
    num_vars: usize,
}

impl<'p> Enumerate<'p> {
    /// Up to `max` solutions of a formula of `num_vars` variables, the first `keep` kept.
    pub(super) fn new(projection: &'p [Var], max: u64, keep: usize, num_vars: usize) -> Self {
        Enumerate {
            projection,
            found: Solutions::new(max, keep),
            models: Vec::new(),
            keep,
            num_vars,
        }
    }

    /// Records the total assignment of `ctx` and blocks it when the enumeration goes on.
    pub(super) fn record(&mut self, ctx: &mut Context<'_, '_>) {
        let grid: Vec<bool> = self
            .projection
            .iter()
            .map(|&v| ctx.value(to_batsat(v.positive())) == Some(true))
            .collect();
        let before = self.found.count();
        let go_on = self.found.record(&grid);
        if self.found.count() > before && self.models.len() < self.keep {
            let values = (0..self.num_vars)
                .map(|i| ctx.value(to_batsat(Var::from_index(i).positive())) == Some(true))
                .collect();
            self.models.push(Model::from_values(values));
        }
        if go_on {
            let block: Vec<theory::Lit> = self
                .projection
                .iter()
                .zip(&grid)
                .map(|(&v, &b)| to_batsat(Lit::new(v, !b)))
                .collect();
            ctx.block(&block);
        }
    }

    /// The answer of the search `solver` ran to `verdict`, `cuts` conflicts raised by the
    /// theory.
    pub(super) fn answer(
        mut self,
        verdict: Verdict,
        solver: &theory::Solver,
        cuts: u64,
    ) -> LazyAnswer {
        self.models.truncate(self.keep);
        LazyAnswer {
            models: self.models,
            count: self.found.count(),
            complete: verdict == Verdict::Unsat,
            solve_calls: 1,
            cuts,
            conflicts: Some(solver.conflicts()),
            decisions: Some(solver.decisions()),
        }
    }
}

/// A batsat solver holding `cnf`'s clauses (every variable a decision), or `None` when they
/// are refuted while being added.
pub(super) fn load(cnf: &Cnf, stop: &Stop) -> Option<theory::Solver> {
    let mut solver = theory::Solver::new();
    for _ in 0..cnf.num_vars() {
        solver.new_var(true);
    }
    solver.stop_on(stop);
    let mut clause = Vec::new();
    let mut ok = true;
    for c in cnf.clauses() {
        clause.clear();
        clause.extend(c.iter().map(|&l| to_batsat(l)));
        ok &= solver.add_clause(&mut clause);
    }
    ok.then_some(solver)
}

/// Trail literals between two partial checks of [`solve_theory`]: a check is a pass over
/// the graph, and most fixpoints add a few literals that break nothing. Total assignments
/// are always checked, so the interval trades pruning for speed, never soundness
/// (measured against a check at every fixpoint: `docs/peers.md`, "Heyawake and Singles").
const CHECK_EVERY: usize = 16;

/// The constraints as a batsat theory, enumerating solutions on the projection.
struct Connectivity<'c, 'p, C> {
    constraints: &'c [C],
    enumerate: Enumerate<'p>,
    cuts: u64,
    clause: Vec<theory::Lit>,
    /// Trail length at the last check: a fixpoint fewer than [`CHECK_EVERY`] literals on
    /// is not checked (0 after a backtrack or a conflict).
    checked: usize,
    /// Check partial assignments at unit-propagation fixpoints (else total ones only).
    partial: bool,
    /// Per variable, the constraints that watch it, with its index in their
    /// [`Global::watched`].
    watchers: Vec<Vec<(usize, usize)>>,
    /// Per constraint, whether it watches variables ([`Global::watched`]).
    watching: Vec<bool>,
    /// Per constraint, whether it watches a variable assigned since its last check (every
    /// watching constraint after a backtrack).
    dirty: Vec<bool>,
    /// Per variable, the reason of the literal last propagated on it ([`Global::implied`]).
    reasons: Vec<Vec<theory::Lit>>,
    /// Per variable, its value on the trail as far as [`Connectivity::sync`] read it: the
    /// constraints' checks read it rather than ask the solver.
    values: Vec<Option<bool>>,
    /// The trail's literals read so far, in order (a level's mark is its length).
    read: Vec<Lit>,
}

impl<C: Global> Connectivity<'_, '_, C> {
    /// Reads the trail's literals not read yet into `values`.
    fn sync(&mut self, ctx: &Context<'_, '_>) {
        for &t in &ctx.trail()[self.read.len()..] {
            let lit = Lit::new(Var::from_index(t.var().idx() as usize), t.sign());
            self.values[lit.var().index()] = Some(lit.is_positive());
            self.read.push(lit);
            for &(c, j) in &self.watchers[lit.var().index()] {
                self.constraints[c].assign(j, lit.is_positive());
                self.dirty[c] = true;
            }
        }
    }

    /// Whether constraint `i` is checked now: every one when `all`, else a watching one
    /// with a variable assigned since its last check (which this check clears).
    fn due(&mut self, i: usize, all: bool) -> bool {
        let due = all || self.dirty[i];
        self.dirty[i] = false;
        due
    }

    /// A cut for the assignment read, if some constraint is broken: every constraint on a
    /// `total` assignment; else, when `all`, those that watch no variables (the others
    /// raise theirs as an implied literal already false, [`Global::implied`]).
    fn violated(&mut self, total: bool, all: bool) -> bool {
        let constraints = self.constraints;
        for (i, c) in constraints.iter().enumerate() {
            if !(total || all && !self.watching[i]) {
                continue;
            }
            let values = &self.values;
            let value = |l: Lit| values[l.var().index()].map(|b| b == l.is_positive());
            if let Some(cut) = c.cut(&value) {
                self.clause.clear();
                self.clause.extend(cut.into_iter().map(to_batsat));
                self.cuts += 1;
                return true;
            }
        }
        false
    }
}

impl<C: Global> Theory for Connectivity<'_, '_, C> {
    type Mark = usize;

    fn mark(&self) -> usize {
        self.read.len()
    }

    fn backtrack(&mut self, mark: usize) {
        for lit in self.read.drain(mark..) {
            self.values[lit.var().index()] = None;
            for &(c, j) in &self.watchers[lit.var().index()] {
                self.constraints[c].unassign(j, lit.is_positive());
            }
        }
        self.checked = 0;
        self.dirty.copy_from_slice(&self.watching);
    }

    fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
        self.sync(ctx);
        if !self.partial {
            return;
        }
        let len = ctx.trail().len();
        let all = len >= self.checked + CHECK_EVERY;
        if !all && !self.dirty.contains(&true) {
            return;
        }
        if all {
            self.checked = len;
        }
        if self.violated(false, all) {
            self.checked = 0;
            let clause = std::mem::take(&mut self.clause);
            ctx.conflict(&clause);
            self.clause = clause;
            return;
        }
        let mut implied: Vec<(Lit, Vec<Lit>)> = Vec::new();
        let constraints = self.constraints;
        for (i, c) in constraints.iter().enumerate() {
            if !self.due(i, all) {
                continue;
            }
            let values = &self.values;
            let value = |l: Lit| values[l.var().index()].map(|b| b == l.is_positive());
            implied.extend(c.implied(&value));
        }
        for (lit, reason) in implied {
            match ctx.value(to_batsat(lit)) {
                Some(true) => continue,
                Some(false) => {
                    self.checked = 0;
                    let mut clause = vec![to_batsat(lit)];
                    clause.extend(reason.into_iter().map(|l| to_batsat(!l)));
                    ctx.conflict(&clause);
                    return;
                }
                None => {}
            }
            self.reasons[lit.var().index()] = reason.into_iter().map(to_batsat).collect();
            if !ctx.propagate(to_batsat(lit)) {
                return;
            }
        }
    }

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        self.sync(ctx);
        if self.violated(true, true) {
            self.checked = 0;
            let clause = std::mem::take(&mut self.clause);
            ctx.conflict(&clause);
            self.clause = clause;
            return;
        }
        self.checked = 0;
        self.enumerate.record(ctx);
    }

    fn explain(&mut self, lit: theory::Lit) -> &[theory::Lit] {
        &self.reasons[lit.var().idx() as usize]
    }
}

/// CDCL with the constraints as a theory on batsat (module docs); `partial`: check partial
/// assignments at unit-propagation fixpoints (every 16 trail literals), not only total ones.
pub fn solve_theory<C: Global>(
    partial: bool,
    cnf: &Cnf,
    constraints: &[C],
    projection: &[Var],
    max: u64,
    keep: usize,
    stop: &Stop,
) -> LazyAnswer {
    let Some(mut solver) = load(cnf, stop) else {
        return LazyAnswer::refuted();
    };
    let mut watchers = vec![Vec::new(); cnf.num_vars()];
    let mut watching = vec![false; constraints.len()];
    for (i, c) in constraints.iter().enumerate() {
        if let Some(vars) = c.watched() {
            watching[i] = true;
            for (j, v) in vars.into_iter().enumerate() {
                watchers[v.index()].push((i, j));
            }
        }
    }
    let mut theory = Connectivity {
        constraints,
        enumerate: Enumerate::new(projection, max, keep, cnf.num_vars()),
        cuts: 0,
        clause: Vec::new(),
        checked: 0,
        partial,
        watchers,
        dirty: watching.clone(),
        watching,
        reasons: vec![Vec::new(); cnf.num_vars()],
        values: vec![None; cnf.num_vars()],
        read: Vec::new(),
    };
    let verdict = solver.solve(&mut theory, &[]);
    theory.enumerate.answer(verdict, &solver, theory.cuts)
}
