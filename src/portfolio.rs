//! `auto`: the portfolio backend. Users should not have to know which engine wins where.
//!
//! Glossary:
//! - **plan**: what runs for a kind and a request: optionally one engine **alone** for a short
//!   **budget**, then the **contenders**, in order of preference, racing on their own threads.
//! - **decided**: an outcome that answers the request as a single backend would (a solution
//!   found, the solution limit reached, or the search space exhausted); a search stopped by
//!   the clock or by a cancel is not decided, whatever it found so far.
//! - **winner**: the first contender whose decided outcome arrives (its solutions have passed
//!   the puzzle's checker in the pipeline, like every backend's); the others are cancelled
//!   through one shared [`Stop`] and joined before `solve` returns, so they stop within
//!   milliseconds and free their cores.
//! - **threads**: a race may start as many threads as the request's [`Threads`](crate::puzzle::Threads) lends it
//!   (plus the caller's own, which waits); `bench --jobs N` lends N in all, so a run never has
//!   more than N engines searching at once. The contenders that find no thread do not run.
//!
//! Outcomes mean what they mean on a single backend: the winner's outcome is returned whole
//! (never merged with another's), so an exact count is one engine's exact count and `unique`
//! is decided by one engine. When nobody decides (deadline), the answer is `unknown`, with the
//! largest lower bound found and every contender's effort in the stats.

use std::fmt;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use crate::driver;
use crate::puzzle::{
    Backend, Contender, ContenderResult, Engine, Outcome, Preference, Puzzle, Request, Sink,
    SolveError, Stats,
};
use crate::stop::{Meter, Stop};

/// How long native runs alone before the others join: long enough for every collection
/// puzzle to finish alone, short enough that a hard puzzle's race loses little
/// (measured: `docs/portfolio.md`).
pub const NATIVE_BUDGET: Duration = Duration::from_millis(20);

/// `--limit N` up to this is a "small count", which SAT (one blocking clause per solution)
/// enumerates well; beyond it SAT only joins the race last.
const SMALL_COUNT: u64 = 100;

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.time.as_secs_f64() * 1e3;
        match self.result {
            ContenderResult::Won => write!(f, "by {} in {ms:.0} ms", self.backend),
            ContenderResult::GaveUp => write!(f, "{} gave up at {ms:.0} ms", self.backend),
            ContenderResult::Cancelled => write!(f, "{} stopped at {ms:.0} ms", self.backend),
            ContenderResult::Late => write!(f, "{} also answered in {ms:.0} ms", self.backend),
            ContenderResult::Error => write!(
                f,
                "{} failed: {}",
                self.backend,
                self.error.as_deref().unwrap_or("?")
            ),
        }
    }
}

/// `solved by sat in 51 ms; native gave up at 20 ms`, from an `auto` outcome's stats.
pub fn summary(status: &str, stats: &Stats) -> String {
    let mut parts = Vec::new();
    let winner = stats
        .contenders
        .iter()
        .find(|c| c.result == ContenderResult::Won);
    match winner {
        Some(w) => parts.push(format!("{status} {w}")),
        None => parts.push(format!("{status}: no engine decided")),
    }
    parts.extend(
        stats
            .contenders
            .iter()
            .filter(|c| c.result != ContenderResult::Won)
            .map(|c| c.to_string()),
    );
    parts.join("; ")
}

/// Which engines run, for a kind and a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Runs alone on the caller's thread for the budget first.
    pub alone: Option<(Engine, Duration)>,
    /// Then these race, in order of preference (the last ones run only if threads allow).
    pub race: Vec<Engine>,
    /// The SAT contenders encode the residue of the puzzle's own propagation
    /// (`--presolve`), where the kind's [`Preference`] asks for it.
    pub presolve: bool,
}

impl Plan {
    /// What `auto` runs for a kind that prefers `preference`, under `request` (see the
    /// module docs). `External` joins only when the request names a solver.
    pub fn new(preference: &Preference, request: &Request) -> Plan {
        // Counting every solution (or many) is for engines that enumerate without a clause
        // per solution; a few solutions (first, `--unique`, a small `--limit`) are SAT's.
        let few = request.max_solutions.is_some_and(|m| m <= SMALL_COUNT);
        let race: Vec<Engine> = if few {
            &preference.few
        } else {
            &preference.many
        }
        .iter()
        .copied()
        .filter(|&e| e != Engine::External || request.external.is_some())
        .collect();
        // Native alone first only when others would join it: a race of native alone
        // would start it again from scratch.
        let alone = (race.contains(&Engine::Native) && race.len() > 1)
            .then_some((Engine::Native, NATIVE_BUDGET));
        Plan {
            alone,
            race,
            presolve: preference.presolve,
        }
    }

    /// Whether solutions are listed, not only counted or looked at: more than a few are
    /// kept, so they stream to the caller as one engine finds them (a race would have to
    /// hold them until it knows its winner, and every contender would enumerate them all).
    pub fn lists(request: &Request) -> bool {
        request.keep > SMALL_COUNT as usize
    }
}

/// The request each contender runs: with the kind's presolve when the plan asks for it
/// (native ignores the encoding choices, so every contender may share it).
fn contender_request(plan: &Plan, request: &Request) -> Option<Request> {
    (plan.presolve && !request.encode.presolve).then(|| {
        let mut with = request.clone();
        with.encode.presolve = true;
        with
    })
}

/// What a race tells its observer as it goes (the web page's live progress, `src/serve/`):
/// each contender when it starts, with the [`Meter`] its search reports its effort to while
/// it runs, and, with what became of it, when it ends.
#[derive(Clone, Debug)]
pub enum RaceEvent {
    /// The engine started searching; read its effort so far from the meter.
    Started(Engine, Meter),
    /// The engine's run ended: its result, time and effort.
    Ended(Contender),
}

/// Hears a race's [`RaceEvent`]s, from the racers' own threads: it must return quickly.
pub type Observer<'a> = &'a (dyn Fn(RaceEvent) + Sync);

/// Refuses a request naming an external solver when the kind's plan never races one.
fn check_external<P: Puzzle + ?Sized>(puzzle: &P, request: &Request) -> Result<(), SolveError> {
    let preference = puzzle.preference();
    let races = |engines: &[Engine]| engines.contains(&Engine::External);
    if request.external.is_some() && !races(&preference.few) && !races(&preference.many) {
        let kind = puzzle.kind();
        return Err(SolveError::BadOption(if puzzle.as_cnf().is_some() {
            format!(
                "auto does not race an external solver on {kind} puzzles; --solver applies to --backend external here"
            )
        } else {
            format!("--solver applies to kinds with a CNF encoding; {kind} puzzles have none")
        }));
    }
    Ok(())
}

/// Solve `puzzle` by the plan for its kind and `request`, within `stop`.
pub fn solve<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    solve_observed(puzzle, request, stop, &|_| {})
}

/// [`solve`], telling `observe` when each contender starts and ends.
pub fn solve_observed<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
    stop: &Stop,
    observe: Observer<'_>,
) -> Result<Outcome<P::Solution>, SolveError> {
    check_external(puzzle, request)?;
    let start = Instant::now();
    let plan = Plan::new(&puzzle.preference(), request);
    let presolved = contender_request(&plan, request);
    let request = presolved.as_ref().unwrap_or(request);
    let mut runs: Vec<(Run<P::Solution>, ContenderResult)> = Vec::new();

    if let Some((engine, budget)) = plan.alone {
        let meter = Meter::new();
        observe(RaceEvent::Started(engine, meter.clone()));
        let run = Run::of(engine, || {
            let stop = stop.child(start + budget).metered(meter);
            driver::run(puzzle, engine, request, &stop)
        });
        if run.decided() {
            observe(RaceEvent::Ended(run.contender(ContenderResult::Won)));
            return Ok(finish(start, run, runs));
        }
        let fate = run.fate(ContenderResult::GaveUp);
        observe(RaceEvent::Ended(run.contender(fate)));
        runs.push((run, fate));
    }

    if !stop.should_stop() {
        let loan = request.threads.borrow(plan.race.len().saturating_sub(1));
        let racers = &plan.race[..(1 + loan.n).min(plan.race.len())];
        let mut raced = race_phase(puzzle, racers, request, stop, observe);
        drop(loan);
        if let Some(at) = raced.iter().position(|(run, _)| run.decided()) {
            let (winner, _) = raced.remove(at);
            runs.extend(raced);
            return Ok(finish(start, winner, runs));
        }
        runs.extend(raced);
    }
    undecided(start, runs)
}

/// `engines` racing at once on threads of their own, without `auto`'s plan (no engine
/// alone first, no thread loan: the caller decides how many run), within `stop`, telling
/// `observe` when each starts and ends. The outcome is the winner's, as in [`solve`], its
/// stats' backend the racers' names joined by `+`.
pub fn race<P: Puzzle + ?Sized>(
    puzzle: &P,
    engines: &[Engine],
    request: &Request,
    stop: &Stop,
    observe: Observer<'_>,
) -> Result<Outcome<P::Solution>, SolveError> {
    let start = Instant::now();
    let mut raced = race_phase(puzzle, engines, request, stop, observe);
    let mut outcome = match raced.iter().position(|(run, _)| run.decided()) {
        Some(at) => {
            let (winner, _) = raced.remove(at);
            finish(start, winner, raced)
        }
        None => undecided(start, raced)?,
    };
    outcome.stats.backend = engines
        .iter()
        .map(|e| e.name())
        .collect::<Vec<_>>()
        .join("+");
    Ok(outcome)
}

/// The racers on a stop linked to `stop`: one runs on the caller's thread, several on
/// threads of their own ([`race_on_threads`]).
fn race_phase<P: Puzzle + ?Sized>(
    puzzle: &P,
    racers: &[Engine],
    request: &Request,
    stop: &Stop,
    observe: Observer<'_>,
) -> Vec<(Run<P::Solution>, ContenderResult)> {
    let race = stop.linked();
    if let [only] = racers {
        let meter = Meter::new();
        observe(RaceEvent::Started(*only, meter.clone()));
        let run = Run::of(*only, || {
            driver::run(puzzle, *only, request, &race.metered(meter))
        });
        let fate = if run.decided() {
            ContenderResult::Won
        } else {
            run.fate(ContenderResult::GaveUp)
        };
        observe(RaceEvent::Ended(run.contender(fate)));
        vec![(run, fate)]
    } else {
        race_on_threads(puzzle, racers, request, &race, observe)
    }
}

/// [`solve`], handing each solution to `sink` as it is found. When the request lists
/// solutions ([`Plan::lists`]), the kind's first engine for many solutions runs alone and
/// streams; otherwise the race runs as in [`solve`] and the winner's few solutions follow.
pub fn solve_into<P: Puzzle + ?Sized>(
    puzzle: &P,
    request: &Request,
    stop: &Stop,
    sink: Sink<'_, P::Solution>,
) -> Result<Outcome<P::Solution>, SolveError> {
    check_external(puzzle, request)?;
    let plan = Plan::new(&puzzle.preference(), request);
    let Some(&engine) = plan.race.first().filter(|_| Plan::lists(request)) else {
        let mut outcome = solve(puzzle, request, stop)?;
        for solution in std::mem::take(&mut outcome.solutions) {
            if sink(solution).is_break() {
                break;
            }
        }
        return Ok(outcome);
    };
    let start = Instant::now();
    let presolved = contender_request(&plan, request);
    let request = presolved.as_ref().unwrap_or(request);
    let run_start = Instant::now();
    let result = driver::run_into(puzzle, engine, request, stop, sink);
    let run = Run {
        backend: engine,
        result,
        time: run_start.elapsed(),
    };
    if run.decided() {
        Ok(finish(start, run, Vec::new()))
    } else {
        let fate = run.fate(ContenderResult::GaveUp);
        undecided(start, vec![(run, fate)])
    }
}

/// Every racer on a thread of its own; the first decided answer cancels the others, which
/// are joined before this returns. Runs come back in the order they ended, each with what
/// became of it (the first decided one is the winner).
fn race_on_threads<P: Puzzle + ?Sized>(
    puzzle: &P,
    racers: &[Engine],
    request: &Request,
    race: &Stop,
    observe: Observer<'_>,
) -> Vec<(Run<P::Solution>, ContenderResult)> {
    let (tx, rx) = mpsc::channel();
    thread::scope(|scope| {
        for &backend in racers {
            let tx = tx.clone();
            scope.spawn(move || {
                let meter = Meter::new();
                observe(RaceEvent::Started(backend, meter.clone()));
                let run = Run::of(backend, || {
                    driver::run(puzzle, backend, request, &race.metered(meter))
                });
                // The receiver lives until every sender is gone.
                let _ = tx.send(run);
            });
        }
        drop(tx);
        let mut won = false;
        let mut runs = Vec::new();
        for run in rx {
            let fate = if !won && run.decided() {
                race.cancel();
                won = true;
                ContenderResult::Won
            } else if won {
                run.fate(ContenderResult::Cancelled)
            } else {
                run.fate(ContenderResult::GaveUp)
            };
            observe(RaceEvent::Ended(run.contender(fate)));
            runs.push((run, fate));
        }
        runs
    })
}

/// One engine's run.
struct Run<S> {
    backend: Engine,
    result: Result<Outcome<S>, SolveError>,
    time: Duration,
}

impl<S> Run<S> {
    fn of(backend: Engine, go: impl FnOnce() -> Result<Outcome<S>, SolveError>) -> Run<S> {
        let start = Instant::now();
        let result = go();
        Run {
            backend,
            result,
            time: start.elapsed(),
        }
    }

    fn decided(&self) -> bool {
        self.result.as_ref().is_ok_and(|o| !o.timed_out)
    }

    /// What became of a run that did not win: `stopped` (gave up, or cancelled) unless it
    /// failed or answered anyway.
    fn fate(&self, stopped: ContenderResult) -> ContenderResult {
        match &self.result {
            Err(_) => ContenderResult::Error,
            Ok(_) if self.decided() => ContenderResult::Late,
            Ok(_) => stopped,
        }
    }

    fn contender(&self, result: ContenderResult) -> Contender {
        let mut c = Contender {
            backend: self.backend,
            result,
            time: self.time,
            nodes: None,
            guesses: None,
            updates: None,
            solve_calls: None,
            decisions: None,
            conflicts: None,
            error: None,
        };
        match &self.result {
            Ok(o) => {
                let s = &o.stats;
                (c.nodes, c.guesses, c.updates) = (s.nodes, s.guesses, s.updates);
                (c.solve_calls, c.decisions, c.conflicts) =
                    (s.solve_calls, s.decisions, s.conflicts);
            }
            Err(e) => c.error = Some(e.to_string()),
        }
        c
    }
}

/// The winner's outcome, with `auto`'s stats: wall time from the start, who answered, and
/// what every contender did.
fn finish<S>(start: Instant, winner: Run<S>, others: Vec<(Run<S>, ContenderResult)>) -> Outcome<S> {
    let mut contenders = vec![winner.contender(ContenderResult::Won)];
    contenders.extend(others.iter().map(|(run, fate)| run.contender(*fate)));
    let backend = winner.backend;
    let Ok(mut outcome) = winner.result else {
        unreachable!("only a decided run wins");
    };
    let stats = &mut outcome.stats;
    stats.backend = Backend::Auto.name().to_string();
    stats.winner = Some(backend);
    stats.solve = start
        .elapsed()
        .saturating_sub(stats.encode + stats.decode + stats.check);
    stats.contenders = contenders;
    outcome
}

/// Nobody decided: `unknown` (or the largest lower bound found), with everyone's effort;
/// an error only when every contender failed.
fn undecided<S>(
    start: Instant,
    runs: Vec<(Run<S>, ContenderResult)>,
) -> Result<Outcome<S>, SolveError> {
    let contenders: Vec<Contender> = runs
        .iter()
        .map(|(run, fate)| run.contender(*fate))
        .collect();
    let mut best: Option<Outcome<S>> = None;
    let mut first_error = None;
    for (run, _) in runs {
        match run.result {
            Ok(o) if best.as_ref().is_none_or(|b| o.count > b.count) => best = Some(o),
            Ok(_) => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let Some(mut outcome) = best else {
        return Err(first_error.unwrap_or(SolveError::TooLarge(
            "no engine fits this puzzle and request".to_string(),
        )));
    };
    outcome.stats.backend = Backend::Auto.name().to_string();
    outcome.stats.winner = None;
    outcome.stats.solve = start.elapsed();
    outcome.stats.contenders = contenders;
    Ok(outcome)
}
