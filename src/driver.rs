//! The driver: runs one engine on one puzzle, encode → engine → decode → check ([`run`]),
//! and writes the DRAT proof behind "unsolvable" and "unique" ([`prove`]). The portfolio
//! (`auto`) races several [`run`]s; the pipeline module is the entry point over both.
//!
//! Invariant: no solution leaves this module unchecked; a solution that fails the puzzle's
//! checker is an error ([`SolveError::CheckFailed`]), never an answer.

use std::time::{Duration, Instant};

use crate::dlx;
use crate::puzzle::{
    Backend, EncodeOptions, Engine, Limits, Outcome, Puzzle, Request, SolveError, Stats, Status,
};
use crate::sat::{self, SatBackend};
use crate::stop::Stop;

/// The DRAT proof behind `outcome`, when it claims "unsolvable" or "unique" (a second
/// solution was asked for and none exists); `None` for claims a solution already backs.
pub fn prove<P: Puzzle + ?Sized>(
    puzzle: &P,
    outcome: &Outcome<P::Solution>,
    request: &Request,
    prover: &SatBackend,
    stop: &Stop,
    target: &sat::ProofTarget,
) -> Result<Option<sat::ProofStatus>, SolveError> {
    let asked_for_two = request.max_solutions.is_none_or(|m| m >= 2);
    let encoding = puzzle.cnf_with(&request.encode)?;
    let extra = match (outcome.status, outcome.count, outcome.complete) {
        (Status::Unsolvable, _, true) => Vec::new(),
        (Status::Solved, 1, true) if asked_for_two => {
            // The blocking clause of the one solution, from a model of the same formula:
            // every model projects onto that solution, so any model will do.
            let mut session = sat::VarisatSession::new(&encoding.cnf, stop);
            match session.solve()? {
                sat::SatVerdict::Sat(model) => vec![sat::blocking_clause_with(
                    &model,
                    &encoding.projection,
                    encoding.blocking,
                )],
                sat::SatVerdict::Unknown => return Err(sat::ProofError::Stopped.into()),
                sat::SatVerdict::Unsat => return Err(sat::ProofError::Inconsistent.into()),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(sat::prove_unsat(
        &encoding.cnf,
        &extra,
        prover,
        stop,
        target,
    )?))
}

/// Encode → engine → decode → check, without proofs, within `stop`.
pub fn run<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: Engine,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    let backend = Backend::from(engine);
    let start = Instant::now();
    let limits = Limits {
        max_solutions: request.max_solutions,
        keep: request.keep,
        stop: stop.clone(),
    };
    let mut stats = Stats {
        backend: backend.name().to_string(),
        ..Stats::default()
    };

    if let Some(reason) = puzzle.contradiction() {
        stats.solve = start.elapsed();
        return Ok(Outcome {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            count: 0,
            complete: true,
            timed_out: false,
            reason: Some(reason),
            proof: None,
            stats,
        });
    }

    let (solutions, count, complete) = match engine {
        Engine::Native => run_native(puzzle, &limits, &mut stats)?,
        Engine::Sat => run_sat(
            puzzle,
            &SatBackend::Varisat,
            backend,
            &limits,
            &request.encode,
            &mut stats,
        )?,
        Engine::External => {
            let solver = request
                .external
                .as_ref()
                .ok_or(SolveError::NoExternalSolver)?;
            run_sat(
                puzzle,
                solver,
                backend,
                &limits,
                &request.encode,
                &mut stats,
            )?
        }
        Engine::Dlx => run_dlx(puzzle, &limits, &mut stats)?,
    };

    let check_start = Instant::now();
    for solution in &solutions {
        puzzle
            .check(solution)
            .map_err(|reason| SolveError::CheckFailed { backend, reason })?;
    }
    stats.check = check_start.elapsed();

    let status = if count > 0 {
        Status::Solved
    } else if complete {
        Status::Unsolvable
    } else {
        Status::Unknown
    };
    // An incomplete search that did not reach the solution limit was stopped by the clock.
    let timed_out = !complete && limits.max_solutions.is_none_or(|max| count < max);
    Ok(Outcome {
        status,
        solutions,
        count,
        complete,
        timed_out,
        reason: None,
        proof: None,
        stats,
    })
}

type Found<S> = (Vec<S>, u64, bool);

fn run_native<P: Puzzle + ?Sized>(
    puzzle: &P,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    let solve_start = Instant::now();
    let answer = puzzle.native(limits)?;
    stats.solve = solve_start.elapsed();
    stats.nodes = answer.nodes;
    stats.guesses = answer.guesses;
    stats.conflicts = answer.conflicts;
    Ok((answer.solutions, answer.count, answer.complete))
}

fn run_sat<P: Puzzle + ?Sized>(
    puzzle: &P,
    solver: &SatBackend,
    backend: Backend,
    limits: &Limits,
    encode: &EncodeOptions,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    if matches!(solver, SatBackend::Varisat) && !limits.stop.can_stop() {
        let solve_start = Instant::now();
        if let Some(answer) = puzzle.sat_session(limits.max_or_all(), limits.keep) {
            let answer = answer?;
            stats.solve = solve_start.elapsed();
            stats.variables = Some(answer.variables);
            stats.clauses = Some(answer.clauses);
            stats.solve_calls = Some(answer.solve_calls);
            return Ok((answer.solutions, answer.count, answer.complete));
        }
    }
    let encode_start = Instant::now();
    let encoding = puzzle.cnf_with(encode)?;
    stats.encode = encode_start.elapsed();
    stats.variables = Some(encoding.cnf.num_vars());
    stats.clauses = Some(encoding.cnf.num_clauses());
    stats.literals = Some(encoding.cnf.num_literals());

    let mut solutions = Vec::new();
    let mut decode_error = None;
    let mut decode_time = Duration::ZERO;
    let solve_start = Instant::now();
    let enumeration = sat::enumerate_with(
        &encoding.cnf,
        solver,
        &encoding.projection,
        encoding.blocking,
        limits.max_solutions,
        &limits.stop,
        |model| {
            if solutions.len() < limits.keep && decode_error.is_none() {
                let decode_start = Instant::now();
                match (encoding.decode)(model) {
                    Ok(solution) => solutions.push(solution),
                    Err(reason) => decode_error = Some(reason),
                }
                decode_time += decode_start.elapsed();
            }
        },
    )?;
    stats.solve = solve_start.elapsed().saturating_sub(decode_time);
    stats.decode = decode_time;
    stats.solve_calls = Some(enumeration.stats.solve_calls);
    stats.decisions = enumeration.stats.decisions;
    stats.conflicts = enumeration.stats.conflicts;
    stats.propagations = enumeration.stats.propagations;
    if let Some(reason) = decode_error {
        return Err(SolveError::Decode { backend, reason });
    }
    Ok((solutions, enumeration.count, enumeration.complete))
}

fn run_dlx<P: Puzzle + ?Sized>(
    puzzle: &P,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    let solve_start = Instant::now();
    if let Some(answer) = puzzle.cover_session(limits) {
        let answer = answer?;
        stats.solve = solve_start.elapsed();
        stats.items = Some(answer.reduced.items);
        stats.options = Some(answer.reduced.options);
        stats.nonzeros = Some(answer.reduced.nonzeros);
        stats.nodes = Some(answer.stats.nodes);
        stats.updates = Some(answer.stats.updates);
        return Ok((answer.solutions, answer.count, answer.complete));
    }
    let encode_start = Instant::now();
    let encoding = puzzle.cover()?;
    stats.encode = encode_start.elapsed();
    stats.items = Some(encoding.matrix.num_items());
    stats.options = Some(encoding.matrix.num_options());
    stats.nonzeros = Some(encoding.matrix.num_nonzeros());

    let mut solutions = Vec::new();
    let mut decode_error = None;
    let mut decode_time = Duration::ZERO;
    let search = dlx::Search {
        max_solutions: limits.max_solutions,
        stop: limits.stop.clone(),
    };
    let solve_start = Instant::now();
    let outcome = dlx::solve(&encoding.matrix, &search, |options| {
        if solutions.len() < limits.keep && decode_error.is_none() {
            let decode_start = Instant::now();
            match (encoding.decode)(options) {
                Ok(solution) => solutions.push(solution),
                Err(reason) => decode_error = Some(reason),
            }
            decode_time += decode_start.elapsed();
        }
    });
    stats.solve = solve_start.elapsed().saturating_sub(decode_time);
    stats.decode = decode_time;
    stats.nodes = Some(outcome.stats.nodes);
    stats.updates = Some(outcome.stats.updates);
    if let Some(reason) = decode_error {
        return Err(SolveError::Decode {
            backend: Backend::Dlx,
            reason,
        });
    }
    Ok((solutions, outcome.count, outcome.complete))
}
