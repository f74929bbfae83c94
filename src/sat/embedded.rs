//! varisat in this process.
//!
//! varisat 0.2 has no interrupt (nothing produces its `SolverError::Interrupted`) and no
//! statistics. A [`Stop`] works through its proof output: when the stop can fire,
//! [`VarisatSession`] installs (before any clause, as varisat requires) a [`StopWriter`] that
//! forwards the bytes (to a proof file, or nowhere) and returns an I/O error once the stop
//! has fired. varisat checks for that error in its search loop and `solve()` returns
//! `ProofIoError`, which we answer as [`SatVerdict::Unknown`]. The solver is unusable
//! afterwards (its next `solve()` panics), so the session drops it and answers unknown from
//! then on.
//!
//! Latency: the proof goes through an 8 KiB `BufWriter` inside varisat, so the stop is seen
//! each time ~8 KiB of learned/deleted clauses have been produced (a few hundred conflicts).
//! Proof format: [`VarisatSession::new`] uses varisat's own format, because varisat panics on a
//! DRAT step for assumptions or for clauses added after a `solve()` ("not supported by DRAT
//! proofs"); `solve_once` uses binary DRAT, cheaper (no clause hashes) and safe for a single solve.
//! Being interruptible costs the proof writing (measured: `docs/sat.md`).
//! With [`Stop::never`] and no proof file no writer is installed and solving costs nothing extra.

use std::io;
use std::time::Instant;

use varisat::ExtendFormula;

use super::{Model, SatError, SatStats, SatVerdict};
use crate::cnf::{Cnf, Lit, Var};
use crate::stop::Stop;

/// varisat's proof target, which is also its only clean way to stop: every write goes to
/// `inner` (a proof file, or `io::sink()`) until `stop` fires, and fails from then on.
pub(crate) struct StopWriter<W> {
    stop: Stop,
    inner: W,
}

impl<W: io::Write> StopWriter<W> {
    /// A writer that forwards to `inner` until `stop` fires.
    pub(crate) fn new(stop: Stop, inner: W) -> Self {
        StopWriter { stop, inner }
    }
}

impl<W: io::Write> io::Write for StopWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stop.should_stop() {
            // Not `Interrupted`: `write_all` would retry that forever.
            Err(io::Error::other("stopped"))
        } else {
            self.inner.write(buf)
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Clauses loaded between two polls of the stop.
const LOAD_POLL: usize = 1 << 16;

fn to_varisat(l: Lit) -> varisat::Lit {
    // Same layout (2 * var + negated) on both sides.
    varisat::Lit::from_code(l.code())
}

/// One varisat instance over a formula, for incremental use: add clauses, solve again, solve
/// under assumptions. Every model is verified against the formula, the added clauses and the
/// assumptions before it is returned.
pub struct VarisatSession<'c> {
    cnf: &'c Cnf,
    /// Clauses added after construction (blocking clauses...), kept to verify models.
    extra: Cnf,
    /// `None` once the stop has fired (varisat cannot be used after that).
    solver: Option<varisat::Solver<'static>>,
    stop: Stop,
    buf: Vec<varisat::Lit>,
    /// Whether the solver holds assumptions from the previous call (to be cleared).
    assumed: bool,
    stats: SatStats,
}

impl<'c> VarisatSession<'c> {
    /// Load `cnf` into a fresh solver; every later `solve` answers unknown once `stop` fires.
    pub fn new(cnf: &'c Cnf, stop: &Stop) -> Self {
        Self::stoppable(cnf, stop, varisat::ProofFormat::Varisat)
    }

    /// A session for exactly one `solve()` without assumptions and without clauses added after
    /// it: the only use varisat's DRAT output supports (it panics otherwise), and the cheapest
    /// proof to produce.
    pub(super) fn one_shot(cnf: &'c Cnf, stop: &Stop) -> Self {
        Self::stoppable(cnf, stop, varisat::ProofFormat::BinaryDrat)
    }

    /// A session whose proof, in `format`, goes to `target` (through a [`StopWriter`], so
    /// `stop` still ends the search). DRAT formats allow one `solve()` without assumptions.
    pub(crate) fn with_proof<W: io::Write + 'static>(
        cnf: &'c Cnf,
        stop: &Stop,
        format: varisat::ProofFormat,
        target: W,
    ) -> Self {
        let mut solver = varisat::Solver::new();
        solver.write_proof(StopWriter::new(stop.clone(), target), format);
        Self::load(cnf, stop, solver)
    }

    fn stoppable(cnf: &'c Cnf, stop: &Stop, format: varisat::ProofFormat) -> Self {
        if stop.can_stop() {
            Self::with_proof(cnf, stop, format, io::sink())
        } else {
            Self::load(cnf, stop, varisat::Solver::new())
        }
    }

    fn load(cnf: &'c Cnf, stop: &Stop, mut solver: varisat::Solver<'static>) -> Self {
        let start = Instant::now();
        let mut buf = Vec::new();
        let mut stopped = false;
        for (i, clause) in cnf.clauses().enumerate() {
            // Loading millions of clauses takes seconds: a race's loser must not wait for it.
            if i % LOAD_POLL == LOAD_POLL - 1 && stop.should_stop() {
                stopped = true;
                break;
            }
            buf.clear();
            buf.extend(clause.iter().map(|&l| to_varisat(l)));
            solver.add_clause(&buf);
        }
        let mut stats = SatStats::for_cnf(cnf);
        stats.solve_time = start.elapsed();
        VarisatSession {
            cnf,
            extra: Cnf::new(),
            solver: (!stopped).then_some(solver),
            stop: stop.clone(),
            buf,
            assumed: false,
            stats,
        }
    }

    /// Add a clause for all later solves.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        self.extra.add_clause(lits);
        if let Some(solver) = &mut self.solver {
            self.buf.clear();
            self.buf.extend(lits.iter().map(|&l| to_varisat(l)));
            solver.add_clause(&self.buf);
        }
    }

    /// Solve the formula plus the added clauses.
    pub fn solve(&mut self) -> Result<SatVerdict, SatError> {
        self.solve_under(&[])
    }

    /// Solve with `assumptions` held true for this call only.
    pub fn solve_under(&mut self, assumptions: &[Lit]) -> Result<SatVerdict, SatError> {
        let start = Instant::now();
        let verdict = self.solve_inner(assumptions);
        self.stats.solve_time += start.elapsed();
        verdict
    }

    fn solve_inner(&mut self, assumptions: &[Lit]) -> Result<SatVerdict, SatError> {
        if self.stop.should_stop() {
            self.solver = None;
        }
        let Some(solver) = &mut self.solver else {
            return Ok(SatVerdict::Unknown);
        };
        self.stats.solve_calls += 1;
        if !assumptions.is_empty() || self.assumed {
            self.buf.clear();
            self.buf.extend(assumptions.iter().map(|&l| to_varisat(l)));
            solver.assume(&self.buf);
            self.assumed = !assumptions.is_empty();
        }
        match solver.solve() {
            Ok(true) => {
                let num_vars = self.cnf.num_vars().max(self.extra.num_vars());
                let mut values = vec![false; num_vars];
                // Vars in no clause are unknown to varisat and absent from its model: false.
                for l in solver.model().unwrap_or_default() {
                    if let Some(slot) = values.get_mut(l.index()) {
                        *slot = l.is_positive();
                    }
                }
                let model = Model::from_values(values);
                self.verify(&model, assumptions)?;
                Ok(SatVerdict::Sat(model))
            }
            Ok(false) => Ok(SatVerdict::Unsat),
            Err(varisat::solver::SolverError::ProofIoError { cause }) => {
                self.solver = None;
                if self.stop.should_stop() {
                    Ok(SatVerdict::Unknown)
                } else {
                    Err(SatError::Varisat(format!(
                        "writing the proof failed: {cause}"
                    )))
                }
            }
            Err(varisat::solver::SolverError::Interrupted) => Ok(SatVerdict::Unknown),
            Err(e) => {
                self.solver = None;
                Err(SatError::Varisat(e.to_string()))
            }
        }
    }

    fn verify(&self, model: &Model, assumptions: &[Lit]) -> Result<(), SatError> {
        let offset = self.cnf.num_clauses();
        let bad = model
            .first_falsified(self.cnf)
            .or_else(|| model.first_falsified(&self.extra).map(|i| offset + i))
            .or_else(|| {
                // An assumption counts as a unit clause after all the others.
                let base = offset + self.extra.num_clauses();
                assumptions
                    .iter()
                    .position(|&l| !model.lit_true(l))
                    .map(|i| base + i)
            });
        match bad {
            Some(clause) => Err(SatError::WrongModel {
                backend: "varisat".into(),
                clause,
            }),
            None => Ok(()),
        }
    }

    /// Whether the stop has ended this session (every later solve answers unknown).
    pub fn is_stopped(&self) -> bool {
        self.solver.is_none()
    }

    /// What the session did so far (conflicts etc. are `None`: varisat does not tell).
    pub fn stats(&self) -> &SatStats {
        &self.stats
    }

    /// Finish and keep the statistics.
    pub fn into_stats(self) -> SatStats {
        self.stats
    }

    /// A fresh var beyond both the formula's and those already used by added clauses, for
    /// callers that add their own auxiliary clauses (selectors for assumptions...).
    pub fn new_var(&mut self) -> Var {
        self.extra.ensure_vars(self.cnf.num_vars());
        self.extra.new_var()
    }
}
