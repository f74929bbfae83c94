//! The driver: runs one engine on one puzzle, encode → engine → decode → check ([`run`]),
//! and writes the DRAT proof behind "unsolvable" and "unique" ([`prove`]). The portfolio
//! (`auto`) races several [`run`]s; the pipeline module is the entry point over both.
//!
//! Invariant: no solution leaves this module unchecked; a solution that fails the puzzle's
//! checker is an error ([`SolveError::CheckFailed`]), never an answer.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::dlx;
use crate::puzzle::{
    Backend, CnfEncode, CnfEncoding, CoverEncode, CoverEncoding, DecodeError, EncodeOptions,
    Engine, Kind, Limits, NativeAnswer, Outcome, Purpose, Puzzle, Request, Sink, SolveError, Stats,
    Status,
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
    let encoding = cnf_encoding(puzzle, &request.encode, Purpose::Solve)?;
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

/// Encode → engine → decode → check, without proofs, within `stop`: the outcome with
/// every solution kept (at most `request.keep`).
pub fn run<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: Engine,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    let mut kept = Vec::new();
    let mut outcome = run_into(puzzle, engine, request, stop, &mut |s| {
        kept.push(s);
        ControlFlow::Continue(())
    })?;
    outcome.solutions = kept;
    Ok(outcome)
}

/// [`run`], handing each solution to `sink` as soon as it is found and checked (at most
/// `request.keep` of them); the outcome's `solutions` stay empty. When `sink` breaks, the
/// engine is stopped and the outcome says what was found until then (not complete).
pub fn run_into<P: Puzzle + ?Sized>(
    puzzle: &P,
    engine: Engine,
    request: &Request,
    stop: &Stop,
    sink: Sink<'_, P::Solution>,
) -> Result<Outcome<P::Solution>, SolveError> {
    let backend = Backend::from(engine);
    let start = Instant::now();
    let mut stats = Stats {
        backend: backend.name().to_string(),
        ..Stats::default()
    };
    if matches!(engine, Engine::Sat | Engine::External) {
        // Refuse choices the kind does not offer before anything runs.
        cnf_capability(puzzle, backend)?;
        check_options(puzzle, &request.encode)?;
    }

    if let Some(reason) = puzzle.contradiction() {
        stats.solve = start.elapsed();
        return Ok(Outcome::contradiction(reason, stats));
    }

    // A sink that breaks stops the engine through a stop of its own. A kind's session hands
    // its answer over whole, after its search, so it polls only the caller's stop.
    let halt = stop.linked();
    let limits = Limits {
        max_solutions: request.max_solutions,
        keep: request.keep,
        stop: halt.clone(),
    };
    let mut check_time = Duration::ZERO;
    let mut refused = None;
    let mut broke = false;
    let mut checked = |solution: P::Solution| {
        let check_start = Instant::now();
        let verdict = puzzle.check(&solution);
        check_time += check_start.elapsed();
        let flow = match verdict {
            Ok(()) => sink(solution),
            Err(reason) => {
                refused = Some(SolveError::CheckFailed { backend, reason });
                ControlFlow::Break(())
            }
        };
        if flow.is_break() {
            broke = true;
            halt.cancel();
        }
        flow
    };

    let (count, complete) = match engine {
        Engine::Native => run_native(puzzle, backend, &limits, &mut stats, &mut checked)?,
        Engine::Sat => run_sat(
            puzzle,
            &SatBackend::Varisat,
            (!request.eager).then_some(stop),
            &limits,
            &request.encode,
            &mut stats,
            &mut checked,
        )?,
        Engine::External => {
            let solver = request
                .external
                .as_ref()
                .ok_or(SolveError::NoExternalSolver)?;
            run_sat(
                puzzle,
                solver,
                None,
                &limits,
                &request.encode,
                &mut stats,
                &mut checked,
            )?
        }
        Engine::Dlx => run_dlx(puzzle, backend, &limits, &mut stats, &mut checked)?,
    };
    if let Some(error) = refused {
        return Err(error);
    }
    stats.check = check_time;
    stats.solve = stats.solve.saturating_sub(check_time);

    let status = Status::of(count, complete);
    // An incomplete search that did not reach the solution limit was stopped by the clock
    // (or by a sink that broke, which is no timeout).
    let timed_out = !complete && !broke && limits.max_solutions.is_none_or(|max| count < max);
    Ok(Outcome {
        status,
        solutions: Vec::new(),
        count,
        complete,
        timed_out,
        reason: None,
        proof: None,
        stats,
    })
}

/// The kind's CNF capability, or the error naming the engines that fit.
pub fn cnf_capability<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
) -> Result<&dyn CnfEncode<P::Solution>, SolveError> {
    puzzle.as_cnf().ok_or_else(|| unsupported(puzzle, backend))
}

/// The kind's exact-cover capability, or the error naming the engines that fit.
pub fn cover_capability<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
) -> Result<&dyn CoverEncode<P::Solution>, SolveError> {
    puzzle
        .as_cover()
        .ok_or_else(|| unsupported(puzzle, backend))
}

/// The in-process engines `puzzle`'s capabilities allow (`external` goes with `sat`).
pub fn engines<P: Puzzle + ?Sized>(puzzle: &P) -> Vec<Engine> {
    let mut fit = Vec::new();
    if puzzle.as_native().is_some() {
        fit.push(Engine::Native);
    }
    if puzzle.as_cnf().is_some() {
        fit.push(Engine::Sat);
    }
    if puzzle.as_cover().is_some() {
        fit.push(Engine::Dlx);
    }
    fit
}

/// `backend` does not fit `puzzle`: the error says which engines do.
pub fn unsupported<P: Puzzle + ?Sized>(puzzle: &P, backend: Backend) -> SolveError {
    let fit: Vec<&str> = engines(puzzle).into_iter().map(Engine::name).collect();
    let hint = match fit.split_last() {
        Some((last, [])) => format!("--backend {last}"),
        Some((last, rest)) => format!("--backend {} or {last}", rest.join(", ")),
        None => "another puzzle kind".to_string(),
    };
    SolveError::Unsupported {
        kind: puzzle.kind(),
        backend,
        hint,
    }
}

/// Refuses encoding choices the kind does not offer, naming what they apply to.
pub fn check_options<P: Puzzle + ?Sized>(
    puzzle: &P,
    options: &EncodeOptions,
) -> Result<(), SolveError> {
    let choices = puzzle.as_cnf().map(|c| (c.encodings(), c.presolves()));
    check_choices(puzzle.kind(), choices, options)
}

/// The one check of `--encoding` and `--presolve`: against the CNF encodings a puzzle of
/// `kind` offers and whether its propagation runs before encoding (`choices`; `None`: it has
/// no CNF). The driver asks it before encoding, the command line once per file.
pub fn check_choices(
    kind: Kind,
    choices: Option<(&[&str], bool)>,
    options: &EncodeOptions,
) -> Result<(), SolveError> {
    let (offered, presolves) = choices.unwrap_or((&[], false));
    let has = if choices.is_some() { "one" } else { "no CNF" };
    if let Some(name) = &options.encoding
        && !offered.contains(&name.as_str())
    {
        return Err(SolveError::BadOption(if offered.is_empty() {
            format!(
                "--encoding applies only to kinds with several CNF encodings; {kind} puzzles have {has}"
            )
        } else {
            format!(
                "unknown encoding '{name}' for {kind} puzzles: choose {}",
                offered.join(" or ")
            )
        }));
    }
    if options.presolve && !presolves {
        return Err(SolveError::BadOption(format!(
            "--presolve applies only to kinds whose propagation can run before encoding; {kind} puzzles cannot"
        )));
    }
    Ok(())
}

/// The kind's CNF for `purpose` under `options`, checked against what the kind offers.
pub fn cnf_encoding<'p, P: Puzzle + ?Sized>(
    puzzle: &'p P,
    options: &EncodeOptions,
    purpose: Purpose,
) -> Result<CnfEncoding<'p, P::Solution>, SolveError> {
    let cnf = cnf_capability(puzzle, Backend::Sat)?;
    check_options(puzzle, options)?;
    cnf.encode_cnf(options, purpose)
}

fn run_native<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    limits: &Limits,
    stats: &mut Stats,
    found: Sink<'_, P::Solution>,
) -> Result<(u64, bool), SolveError> {
    let native = puzzle
        .as_native()
        .ok_or_else(|| unsupported(puzzle, backend))?;
    let solve_start = Instant::now();
    let answer = native.solve_native(limits, found)?;
    stats.solve = solve_start.elapsed();
    stats.nodes = answer.nodes;
    stats.guesses = answer.guesses;
    stats.conflicts = answer.conflicts;
    Ok((answer.count, answer.complete))
}

/// Hands the first `limits.keep` of `solutions` to `found` (a session's or a prepared
/// matrix's answer, which arrives whole).
fn hand_over<S>(solutions: Vec<S>, keep: usize, found: Sink<'_, S>) {
    for solution in solutions.into_iter().take(keep) {
        if found(solution).is_break() {
            break;
        }
    }
}

/// Decodes an engine's answers as they come and hands the first `keep` to the sink; the
/// first decoding error stops the handing (it is an encoder bug, reported by `finish`).
struct Decoding<'f, S> {
    keep: usize,
    handed: usize,
    found: Sink<'f, S>,
    error: Option<DecodeError>,
    time: Duration,
}

impl<'f, S> Decoding<'f, S> {
    fn new(keep: usize, found: Sink<'f, S>) -> Decoding<'f, S> {
        Decoding {
            keep,
            handed: 0,
            found,
            error: None,
            time: Duration::ZERO,
        }
    }

    fn take(&mut self, decode: impl FnOnce() -> Result<S, DecodeError>) {
        if self.handed >= self.keep || self.error.is_some() {
            return;
        }
        let start = Instant::now();
        let decoded = decode();
        self.time += start.elapsed();
        match decoded {
            Ok(solution) => {
                self.handed += 1;
                if (self.found)(solution).is_break() {
                    self.handed = self.keep;
                }
            }
            Err(reason) => self.error = Some(reason),
        }
    }

    fn finish(self, backend: Backend) -> Result<(), SolveError> {
        match self.error {
            Some(reason) => Err(SolveError::Decode { backend, reason }),
            None => Ok(()),
        }
    }
}

/// The sat engine (`solver` varisat, or the kind's session where it has one and `session`,
/// the caller's stop, is given) or the external one (any other `solver`).
fn run_sat<P: Puzzle + ?Sized>(
    puzzle: &P,
    solver: &SatBackend,
    session: Option<&Stop>,
    limits: &Limits,
    encode: &EncodeOptions,
    stats: &mut Stats,
    found: Sink<'_, P::Solution>,
) -> Result<(u64, bool), SolveError> {
    let backend = match solver {
        SatBackend::Varisat => Backend::Sat,
        SatBackend::External { .. } => Backend::External,
    };
    let cnf = cnf_capability(puzzle, backend)?;
    // A kind's kept session holds its default formula: any encoding choice bypasses it.
    let default_formula = *encode == EncodeOptions::default();
    let session = session.filter(|_| default_formula && matches!(solver, SatBackend::Varisat));
    if let Some(stop) = session {
        let solve_start = Instant::now();
        let limits = Limits {
            stop: stop.clone(),
            ..limits.clone()
        };
        if let Some(answer) = cnf.sat_session(&limits) {
            let answer = answer?;
            stats.solve = solve_start.elapsed();
            stats.variables = Some(answer.variables);
            stats.clauses = Some(answer.clauses);
            stats.solve_calls = Some(answer.solve_calls);
            hand_over(answer.solutions, limits.keep, found);
            return Ok((answer.count, answer.complete));
        }
    }
    let encode_start = Instant::now();
    let encoding = cnf.encode_cnf(encode, Purpose::Solve)?;
    stats.encode = encode_start.elapsed();
    stats.variables = Some(encoding.cnf.num_vars());
    stats.clauses = Some(encoding.cnf.num_clauses());
    stats.literals = Some(encoding.cnf.num_literals());

    let mut decoding = Decoding::new(limits.keep, found);
    let solve_start = Instant::now();
    let enumeration = sat::enumerate_with(
        &encoding.cnf,
        solver,
        &encoding.projection,
        encoding.blocking,
        limits.max_solutions,
        &limits.stop,
        |model| decoding.take(|| (encoding.decode)(model)),
    )?;
    stats.solve = solve_start.elapsed().saturating_sub(decoding.time);
    stats.decode = decoding.time;
    stats.solve_calls = Some(enumeration.stats.solve_calls);
    stats.decisions = enumeration.stats.decisions;
    stats.conflicts = enumeration.stats.conflicts;
    stats.propagations = enumeration.stats.propagations;
    decoding.finish(backend)?;
    Ok((enumeration.count, enumeration.complete))
}

fn run_dlx<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    limits: &Limits,
    stats: &mut Stats,
    found: Sink<'_, P::Solution>,
) -> Result<(u64, bool), SolveError> {
    let cover = cover_capability(puzzle, backend)?;
    let solve_start = Instant::now();
    if let Some(answer) = cover.cover_session(limits) {
        let answer = answer?;
        stats.solve = solve_start.elapsed();
        stats.items = Some(answer.reduced.items);
        stats.options = Some(answer.reduced.options);
        stats.nonzeros = Some(answer.reduced.nonzeros);
        stats.nodes = Some(answer.stats.nodes);
        stats.updates = Some(answer.stats.updates);
        hand_over(answer.solutions, limits.keep, found);
        return Ok((answer.count, answer.complete));
    }
    let encode_start = Instant::now();
    let encoding = cover.encode_cover(Purpose::Solve)?;
    stats.encode = encode_start.elapsed();
    stats.items = Some(encoding.matrix.num_items());
    stats.options = Some(encoding.matrix.num_options());
    stats.nonzeros = Some(encoding.matrix.num_nonzeros());

    let mut decoding = Decoding::new(limits.keep, found);
    let search = dlx::Search {
        max_solutions: limits.max_solutions,
        stop: limits.stop.clone(),
    };
    let solve_start = Instant::now();
    let outcome = dlx::solve(&encoding.matrix, &search, |options| {
        decoding.take(|| (encoding.decode)(options))
    });
    stats.solve = solve_start.elapsed().saturating_sub(decoding.time);
    stats.decode = decoding.time;
    stats.nodes = Some(outcome.stats.nodes);
    stats.updates = Some(outcome.stats.updates);
    decoding.finish(backend)?;
    Ok((outcome.count, outcome.complete))
}

/// The kind's native solver run on its own, its solutions collected (at most
/// `limits.keep`) and not checked: for tests and benchmarks of the engine alone.
pub fn native<P: Puzzle + ?Sized>(
    puzzle: &P,
    limits: &Limits,
) -> Result<(Vec<P::Solution>, NativeAnswer), SolveError> {
    let native = puzzle
        .as_native()
        .ok_or_else(|| unsupported(puzzle, Backend::Native))?;
    let mut solutions = Vec::new();
    let answer = native.solve_native(limits, &mut |s| {
        solutions.push(s);
        ControlFlow::Continue(())
    })?;
    Ok((solutions, answer))
}

/// The CNF the `sat` engine solves, with default choices.
pub fn cnf<P: Puzzle + ?Sized>(puzzle: &P) -> Result<CnfEncoding<'_, P::Solution>, SolveError> {
    cnf_encoding(puzzle, &EncodeOptions::default(), Purpose::Solve)
}

/// The exact-cover matrix the `dlx` engine solves.
pub fn cover<P: Puzzle + ?Sized>(puzzle: &P) -> Result<CoverEncoding<'_, P::Solution>, SolveError> {
    cover_capability(puzzle, Backend::Dlx)?.encode_cover(Purpose::Solve)
}
