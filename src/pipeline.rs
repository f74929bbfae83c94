//! The entry point: solve one puzzle with one backend — a single engine through the driver,
//! or `auto` through the portfolio — and back the answer with a DRAT proof when asked.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::driver;
use crate::portfolio;
use crate::puzzle::{Backend, Outcome, Puzzle, Request, Sink, SolveError};
use crate::sat::{self, SatBackend};
use crate::stop::Stop;

/// Solve one puzzle with one backend: encode → engine → decode → check.
pub fn solve<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
) -> Result<Outcome<P::Solution>, SolveError> {
    solve_until(puzzle, backend, request, &Stop::after(request.timeout))
}

/// [`solve`] stopped by `stop` instead of `request.timeout` (the `auto` backend races
/// engines on one shared `Stop`). With `request.proof`, an "unsolvable" or "unique" answer
/// from the sat backend is backed by a DRAT proof (`src/sat/proof.rs`).
pub fn solve_until<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    let mut kept = Vec::new();
    let mut outcome = solve_into(puzzle, backend, request, stop, &mut |s| {
        kept.push(s);
        ControlFlow::Continue(())
    })?;
    outcome.solutions = kept;
    Ok(outcome)
}

/// [`solve_until`], handing each checked solution to `sink` as soon as it is known (at
/// most `request.keep`); the outcome's `solutions` stay empty. When `sink` breaks, the
/// search stops and the outcome says what was found until then.
pub fn solve_into<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
    stop: &Stop,
    sink: Sink<'_, P::Solution>,
) -> Result<Outcome<P::Solution>, SolveError> {
    let search = |sink: Sink<'_, P::Solution>| match backend.engine() {
        Some(engine) => driver::run_into(puzzle, engine, request, stop, sink),
        None => portfolio::solve_into(puzzle, request, stop, sink),
    };
    let Some(target) = &request.proof else {
        return search(sink);
    };
    let prover = match (backend, &request.external) {
        // `auto`'s claim, whoever made it, is proved by varisat.
        (Backend::Sat | Backend::Auto, _) => SatBackend::Varisat,
        (Backend::External, Some(solver)) if sat::can_prove(solver) => solver.clone(),
        _ => return Err(SolveError::ProofUnsupported { backend }),
    };
    let mut outcome = search(sink)?;
    let proof_start = Instant::now();
    outcome.proof = driver::prove(puzzle, &outcome, request, &prover, stop, target)?;
    outcome.stats.proof = proof_start.elapsed();
    Ok(outcome)
}
