//! SAT backends that take a [`Cnf`]: varisat in-process, or any external solver binary.
//!
//! Glossary
//! - **model**: a value for every var of the formula ([`Model`]); every model a backend returns
//!   has been checked against the formula first (cheap: one pass over the clauses).
//! - **verdict**: sat (with a model), unsat, or unknown (the stop fired) — [`SatVerdict`].
//! - **projection**: the vars two models must differ on to count as different (a puzzle's
//!   decision vars; aux vars of encodings are left out so each solution is counted once).
//! - **blocking clause**: the clause that excludes one projected model (Σ of the projection vars
//!   flipped from their model values); adding it after each model enumerates them all.
//! - **stop**: a [`Stop`] (deadline and cancel flag); once it fires a backend stops and answers
//!   unknown.
//!
//! Backends: [`SatBackend::Varisat`] (embedded, see [`VarisatSession`]) and
//! [`SatBackend::External`] (DIMACS file in, SAT-competition or MiniSat output back, see the
//! `external` module doc for arguments and placeholders). Searches that call back into a
//! puzzle's own reasoning (CDCL with a theory: batsat) go through [`theory`], the only
//! module that names batsat.

mod embedded;
mod external;
mod output;
mod proof;
pub mod theory;

pub(crate) use embedded::StopWriter;
pub use embedded::VarisatSession;
pub use external::{CNF_PLACEHOLDER, MODEL_PLACEHOLDER};
pub use output::{SolverOutputError, SolverOutputErrorKind, parse_solver_output};
pub use proof::{PROOF_PLACEHOLDER, ProofError, ProofStatus, ProofTarget, formula_path};
pub(crate) use proof::{can_prove, prove_unsat};

use std::fmt;
use std::time::Duration;

use thiserror::Error;

use crate::cnf::{Cnf, Lit, Var};
use crate::stop::Stop;

/// A value per var of a formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    values: Vec<bool>,
}

impl Model {
    /// A model from values indexed by var index.
    pub(crate) fn from_values(values: Vec<bool>) -> Model {
        Model { values }
    }

    /// Value of `v`; vars beyond [`Model::num_vars`] read as false.
    pub fn value(&self, v: Var) -> bool {
        self.values.get(v.index()).copied().unwrap_or(false)
    }

    /// Whether literal `l` is true under this model.
    pub fn lit_true(&self, l: Lit) -> bool {
        self.value(l.var()) == l.is_positive()
    }

    /// Number of vars valued.
    pub fn num_vars(&self) -> usize {
        self.values.len()
    }

    /// The values, by var index.
    pub fn values(&self) -> &[bool] {
        &self.values
    }

    /// The true literal of each var, in var order (a `v` line's content).
    pub fn lits(&self) -> impl Iterator<Item = Lit> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, &b)| Lit::new(Var::from_index(i), b))
    }

    /// Whether every clause of `cnf` has a true literal.
    pub fn satisfies(&self, cnf: &Cnf) -> bool {
        self.first_falsified(cnf).is_none()
    }

    /// Index of the first clause of `cnf` with no true literal.
    pub(crate) fn first_falsified(&self, cnf: &Cnf) -> Option<usize> {
        cnf.clauses()
            .position(|c| !c.iter().any(|&l| self.lit_true(l)))
    }
}

/// The answer of one solve.
#[derive(Clone, Debug)]
pub enum SatVerdict {
    /// Satisfiable, with a model that has been checked against the formula.
    Sat(Model),
    /// Unsatisfiable: the solver proved there is no model.
    Unsat,
    /// The stop fired (deadline or cancel) (or the solver said it does not know).
    Unknown,
}

impl SatVerdict {
    /// The model, if satisfiable.
    pub fn model(&self) -> Option<&Model> {
        match self {
            SatVerdict::Sat(m) => Some(m),
            _ => None,
        }
    }

    /// `sat`, `unsat` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            SatVerdict::Sat(_) => "sat",
            SatVerdict::Unsat => "unsat",
            SatVerdict::Unknown => "unknown",
        }
    }
}

/// Which solver runs the formula.
#[derive(Clone, Debug)]
pub enum SatBackend {
    /// varisat 0.2, in this process.
    Varisat,
    /// A solver binary, run directly (never through a shell). See the `external` module for how
    /// `args` are combined with the DIMACS file and, for MiniSat, the result file.
    External {
        /// The binary, looked up on `PATH` unless it contains a `/`.
        program: String,
        /// Its arguments, placeholders included ([`CNF_PLACEHOLDER`], [`MODEL_PLACEHOLDER`],
        /// [`PROOF_PLACEHOLDER`]).
        args: Vec<String>,
    },
}

impl SatBackend {
    /// An external solver from a command line split on whitespace (`"cadical -q"`); no quoting.
    pub fn external_from_command(cmd: &str) -> Option<SatBackend> {
        let mut it = cmd.split_whitespace().map(str::to_string);
        let program = it.next()?;
        Some(SatBackend::External {
            program,
            args: it.collect(),
        })
    }
}

impl fmt::Display for SatBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SatBackend::Varisat => f.write_str("varisat"),
            SatBackend::External { program, .. } => write!(f, "external `{program}`"),
        }
    }
}

/// What a backend did. Effort figures are `None` when the engine cannot tell (varisat has no
/// statistics API; external solvers only when they print them): never invented.
#[derive(Clone, Debug, Default)]
pub struct SatStats {
    /// Calls to the solver (one per model found, plus the last, unsat or stopped, one).
    pub solve_calls: u64,
    /// Variables of the formula given (before any clause was added).
    pub vars: usize,
    /// Clauses of the formula given.
    pub clauses: usize,
    /// Literal occurrences over those clauses.
    pub literals: usize,
    /// Conflicts over all calls, when the solver reports them.
    pub conflicts: Option<u64>,
    /// Decisions over all calls, when the solver reports them.
    pub decisions: Option<u64>,
    /// Propagations over all calls, when the solver reports them.
    pub propagations: Option<u64>,
    /// Time inside the backend: loading the formula (varisat) or writing the file and running the
    /// process (external), plus solving.
    pub solve_time: Duration,
}

impl SatStats {
    fn for_cnf(cnf: &Cnf) -> SatStats {
        SatStats {
            vars: cnf.num_vars(),
            clauses: cnf.num_clauses(),
            literals: cnf.num_literals(),
            ..SatStats::default()
        }
    }

    /// Add another call's effort (figures stay `None` unless every call reported them).
    fn absorb_effort(&mut self, other: (Option<u64>, Option<u64>, Option<u64>), first: bool) {
        let add = |acc: Option<u64>, x: Option<u64>| match (first, acc, x) {
            (true, _, x) => x,
            (false, Some(a), Some(b)) => Some(a + b),
            _ => None,
        };
        self.conflicts = add(self.conflicts, other.0);
        self.decisions = add(self.decisions, other.1);
        self.propagations = add(self.propagations, other.2);
    }
}

/// Why a backend could not answer. "Unsatisfiable" and "stopped" are verdicts, not errors.
#[derive(Debug, Error)]
pub enum SatError {
    /// The external solver's program is not on `PATH` (or not at the path given).
    #[error("SAT solver `{program}` not found: install it or give its full path")]
    NotFound {
        /// The program as given to `--solver`.
        program: String,
    },
    /// The program exists but could not be started (permissions, not an executable...).
    #[error("cannot start SAT solver `{program}`: {source}")]
    Spawn {
        /// The program as given to `--solver`.
        program: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The solver died from a signal (crash, out of memory, killed from outside).
    #[error(
        "SAT solver `{program}` was killed by signal {signal}{}",
        stderr_note(stderr)
    )]
    Signaled {
        /// The program as given to `--solver`.
        program: String,
        /// The signal number.
        signal: i32,
        /// What it wrote to stderr, for the message.
        stderr: String,
    },
    /// The solver exited without a verdict (no `s` line, no result file).
    #[error(
        "SAT solver `{program}` exited with {status} and no answer{}",
        stderr_note(stderr)
    )]
    BadExit {
        /// The program as given to `--solver`.
        program: String,
        /// Its exit status, as the platform prints it.
        status: String,
        /// What it wrote to stderr, for the message.
        stderr: String,
    },
    /// The solver's answer could not be read (malformed `s`/`v` lines or result file).
    #[error("SAT solver `{program}` gave unreadable output: {source}")]
    Output {
        /// The program as given to `--solver`.
        program: String,
        /// Where and why the output was rejected.
        #[source]
        source: SolverOutputError,
    },
    /// The exit code (10 sat, 20 unsat) and the printed answer disagree.
    #[error("SAT solver `{program}` exit code {code} contradicts its answer `{verdict}`")]
    Inconsistent {
        /// The program as given to `--solver`.
        program: String,
        /// Its exit code.
        code: i32,
        /// The verdict it printed ([`SatVerdict::name`]).
        verdict: &'static str,
    },
    /// A model falsifies a clause of the formula: every model is checked before use.
    #[error("{backend} returned a model that falsifies clause {clause} (0-based): solver bug")]
    WrongModel {
        /// `varisat` or the external program.
        backend: String,
        /// Index of the first falsified clause, counting added clauses after the formula's.
        clause: usize,
    },
    /// Writing the formula or reading the answer failed.
    #[error("I/O error {context}: {source}")]
    Io {
        /// What was being done (writing the DIMACS file, reading the answer).
        context: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// varisat reported an error other than being stopped (its message).
    #[error("varisat failed: {0}")]
    Varisat(String),
    /// The sudoku collection session's solver failed (see
    /// `src/puzzles/sudoku/sat_session.rs`).
    #[error("the SAT session failed: {0}")]
    Session(String),
}

fn stderr_note(stderr: &str) -> String {
    let t = stderr.trim();
    if t.is_empty() {
        String::new()
    } else {
        format!("; stderr: {t}")
    }
}

/// Solve `cnf` once. Stop cleanly when `stop` fires and answer
/// [`SatVerdict::Unknown`]. A returned model always satisfies `cnf`.
pub fn solve_once(
    cnf: &Cnf,
    backend: &SatBackend,
    stop: &Stop,
) -> Result<(SatVerdict, SatStats), SatError> {
    match backend {
        SatBackend::Varisat => {
            let mut session = VarisatSession::one_shot(cnf, stop);
            let verdict = session.solve()?;
            Ok((verdict, session.into_stats()))
        }
        SatBackend::External { program, args } => {
            let mut stats = SatStats::for_cnf(cnf);
            let run = external::run(cnf, program, args, stop)?;
            stats.solve_calls = 1;
            stats.solve_time = run.time;
            stats.absorb_effort(run.effort, true);
            Ok((run.verdict, stats))
        }
    }
}

/// The result of [`enumerate`].
#[derive(Clone, Debug)]
pub struct Enumeration {
    /// Models found (distinct on the projection).
    pub count: u64,
    /// The solver proved there is no further model. False when `max_models` stopped the search
    /// (even if no further model exists: that was not asked) or when the stop fired.
    pub complete: bool,
    /// The stop fired before the enumeration ended.
    pub timed_out: bool,
    /// What the backend did over all the calls.
    pub stats: SatStats,
}

/// The clause that excludes every model agreeing with `model` on `projection`.
/// Empty projection → the empty clause (after one model there is nothing left to distinguish).
pub(crate) fn blocking_clause(model: &Model, projection: &[Var]) -> Vec<Lit> {
    projection
        .iter()
        .map(|&v| Lit::new(v, !model.value(v)))
        .collect()
}

/// How a found model is excluded before the next solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Blocking {
    /// The negation of the model on every projection variable (always sound).
    #[default]
    Full,
    /// The negation of the projection variables the model sets true. Sound when no other
    /// model sets a superset of them true: so when the projection is a partition into
    /// one-hot groups (another model must turn one of those off), or when it is the
    /// options of an exact cover (a proper superset would cover a primary item twice).
    /// The clause is k times shorter for groups of k, which matters when many models are
    /// listed.
    TrueLiterals,
}

/// The clause that excludes `model` on `projection`, as `blocking` says.
pub(crate) fn blocking_clause_with(
    model: &Model,
    projection: &[Var],
    blocking: Blocking,
) -> Vec<Lit> {
    match blocking {
        Blocking::Full => blocking_clause(model, projection),
        Blocking::TrueLiterals => projection
            .iter()
            .filter(|&&v| model.value(v))
            .map(|&v| v.negative())
            .collect(),
    }
}

/// Enumerate models distinct on `projection`, calling `on_model` for each, adding a blocking
/// clause after each: incrementally on one varisat instance, or by rewriting the DIMACS file for
/// an external solver. Stops after `max_models` (None = all) or when `stop` fires.
pub fn enumerate(
    cnf: &Cnf,
    backend: &SatBackend,
    projection: &[Var],
    max_models: Option<u64>,
    stop: &Stop,
    on_model: impl FnMut(&Model),
) -> Result<Enumeration, SatError> {
    enumerate_with(
        cnf,
        backend,
        projection,
        Blocking::Full,
        max_models,
        stop,
        on_model,
    )
}

/// [`enumerate`] with a choice of blocking clause.
pub fn enumerate_with(
    cnf: &Cnf,
    backend: &SatBackend,
    projection: &[Var],
    blocking: Blocking,
    max_models: Option<u64>,
    stop: &Stop,
    mut on_model: impl FnMut(&Model),
) -> Result<Enumeration, SatError> {
    let mut count = 0u64;
    let limit_reached = |count: u64| max_models.is_some_and(|m| count >= m);
    match backend {
        SatBackend::Varisat => {
            let mut session = VarisatSession::new(cnf, stop);
            loop {
                if limit_reached(count) {
                    return Ok(done(count, false, false, session.into_stats()));
                }
                match session.solve()? {
                    SatVerdict::Sat(model) => {
                        count += 1;
                        on_model(&model);
                        // No blocking clause after the last model asked for: over a wide
                        // projection it is the largest clause of the run.
                        if limit_reached(count) {
                            return Ok(done(count, false, false, session.into_stats()));
                        }
                        session.add_clause(&blocking_clause_with(&model, projection, blocking));
                    }
                    SatVerdict::Unsat => return Ok(done(count, true, false, session.into_stats())),
                    SatVerdict::Unknown => {
                        let timed_out = stop.should_stop();
                        return Ok(done(count, false, timed_out, session.into_stats()));
                    }
                }
            }
        }
        SatBackend::External { program, args } => {
            let mut stats = SatStats::for_cnf(cnf);
            // The working copy grows by one blocking clause per model; models are verified
            // against it, so a solver that ignored a blocking clause is caught, not looped on.
            let mut work = cnf.clone();
            loop {
                if limit_reached(count) {
                    return Ok(done(count, false, false, stats));
                }
                let run = external::run(&work, program, args, stop)?;
                stats.absorb_effort(run.effort, stats.solve_calls == 0);
                stats.solve_calls += 1;
                stats.solve_time += run.time;
                match run.verdict {
                    SatVerdict::Sat(model) => {
                        count += 1;
                        on_model(&model);
                        if limit_reached(count) {
                            return Ok(done(count, false, false, stats));
                        }
                        work.add_clause(&blocking_clause_with(&model, projection, blocking));
                    }
                    SatVerdict::Unsat => return Ok(done(count, true, false, stats)),
                    SatVerdict::Unknown => {
                        return Ok(done(count, false, stop.should_stop(), stats));
                    }
                }
            }
        }
    }
}

fn done(count: u64, complete: bool, timed_out: bool, stats: SatStats) -> Enumeration {
    Enumeration {
        count,
        complete,
        timed_out,
        stats,
    }
}
