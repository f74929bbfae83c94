//! Cubes on one machine (`solve --cubes N --jobs J`): the plain solve first for a short
//! budget (the command line's is [`EASY_BUDGET`]: an easy puzzle is never split), then the split, then J threads that take
//! the cubes in order, each solved by the chosen backend; one [`Stop`] ends them all as soon
//! as the answer is known (the first solution, or the second for `--unique`).
//!
//! The easy budget is CPU time of the process (the sum over its threads of
//! `/proc/self/task/*/schedstat`, Linux; wall time elsewhere), so a loaded machine does
//! not split a puzzle the plain solve would have decided within it. Counts add up exactly
//! because cubes are disjoint. Per-cube CPU time comes from the thread's own clock
//! (`/proc/thread-self/schedstat`), so it is what the cube would cost on a machine of its
//! own, whatever the load; elsewhere it is `None`.

use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::pipeline;
use crate::puzzle::{Backend, Outcome, Puzzle, Request, SolveError, Split, Stats, Status};
use crate::stop::Stop;
use crate::util::cpu::{process_cpu, thread_cpu};

/// How much CPU time the plain solve has before the puzzle is split: what it decides in
/// that time costs nothing more than a plain `solve` (`docs/cube.md`).
pub const EASY_BUDGET: Duration = Duration::from_millis(1500);

/// What one cube's solve did.
#[derive(Clone, Debug)]
pub struct CubeRun {
    /// K, from 1.
    pub index: usize,
    /// Its verdict.
    pub status: Status,
    /// Solutions it found.
    pub count: u64,
    /// Wall time of its solve.
    pub wall: Duration,
    /// CPU time of the thread that solved it (the engine's own; `auto`'s helper threads
    /// are not counted), where the platform tells.
    pub cpu: Option<Duration>,
}

/// How [`conquer`] reached its answer.
#[derive(Clone, Debug, Default)]
pub struct Spread {
    /// The cubes solved, in the order they finished (empty when the plain solve answered).
    pub runs: Vec<CubeRun>,
    /// The split's wall time; `None` when the plain solve answered first.
    pub split: Option<Duration>,
    /// How many cubes the split made.
    pub cubes: usize,
}

/// Solves `puzzle` by `n` cubes on `jobs` threads after a plain solve of `easy` (see the
/// module docs).
pub fn conquer<P: Puzzle>(
    puzzle: &P,
    splitter: &dyn Split<P>,
    (n, jobs, easy): (usize, usize, Duration),
    backend: Backend,
    request: &Request,
) -> Result<(Outcome<P::Solution>, Spread), SolveError> {
    let start = Instant::now();
    let stop = Stop::cancellable(request.timeout.map(|t| start + t));
    let plain_stop = stop.linked();
    let plain = std::thread::scope(|scope| {
        let done = Stop::cancellable(None);
        let watch = done.clone();
        let cut = plain_stop.clone();
        scope.spawn(move || cut_after_cpu(easy, &cut, &watch));
        let plain = pipeline::solve_until(puzzle, backend, request, &plain_stop);
        done.cancel();
        plain
    })?;
    if !plain.timed_out || stop.should_stop() {
        // Decided, or the caller's own deadline passed: no split.
        return Ok((plain, Spread::default()));
    }
    let cubes = super::split(splitter, n, &stop);
    let puzzles: Vec<P> = cubes.cubes.iter().map(|c| splitter.restrict(c)).collect();
    let max = request.max_solutions.unwrap_or(u64::MAX);
    let found = AtomicU64::new(0);
    let kept = Mutex::new(Vec::new());
    let runs = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let failure = Mutex::new(None);
    let cube_request = Request {
        timeout: None,
        ..request.clone()
    };
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= puzzles.len() || stop.should_stop() {
                return;
            }
            let cpu_start = thread_cpu();
            let wall_start = Instant::now();
            let answer =
                pipeline::solve_into(&puzzles[i], backend, &cube_request, &stop, &mut |s| {
                    if let Ok(mut kept) = kept.lock()
                        && kept.len() < request.keep
                    {
                        kept.push(s);
                    }
                    if found.fetch_add(1, Ordering::AcqRel) + 1 >= max {
                        stop.cancel();
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
            let cpu = thread_cpu()
                .zip(cpu_start)
                .map(|(b, a)| b.saturating_sub(a));
            match answer {
                Ok(outcome) => {
                    if let Ok(mut runs) = runs.lock() {
                        runs.push((
                            CubeRun {
                                index: i + 1,
                                status: outcome.status,
                                count: outcome.count,
                                wall: wall_start.elapsed(),
                                cpu,
                            },
                            outcome.complete,
                        ));
                    }
                }
                Err(error) => {
                    if let Ok(mut failure) = failure.lock() {
                        failure.get_or_insert(error);
                    }
                    stop.cancel();
                    return;
                }
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.max(1) {
            scope.spawn(work);
        }
        work();
    });
    if let Some(error) = failure.into_inner().ok().flatten() {
        return Err(error);
    }
    let runs = runs.into_inner().unwrap_or_default();
    let count = runs.iter().map(|(r, _)| r.count).sum::<u64>().min(max);
    let complete = runs.len() == puzzles.len() && runs.iter().all(|(_, complete)| *complete);
    let status = Status::of(count, complete);
    let solve = start.elapsed();
    Ok((
        Outcome {
            status,
            solutions: kept.into_inner().unwrap_or_default(),
            count,
            complete,
            timed_out: !complete && count < max,
            reason: None,
            proof: None,
            stats: Stats {
                backend: format!("{} (cubes)", backend.name()),
                solve,
                ..Stats::default()
            },
        },
        Spread {
            runs: runs.into_iter().map(|(r, _)| r).collect(),
            split: Some(cubes.time),
            cubes: cubes.cubes.len(),
        },
    ))
}

/// Cancels `cut` once the process has used `budget` of CPU time beyond what it had used
/// at the call (wall time where the platform does not tell), unless `done` fires first.
fn cut_after_cpu(budget: Duration, cut: &Stop, done: &Stop) {
    let start = Instant::now();
    let base = process_cpu();
    while !done.should_stop() {
        let used = match (process_cpu(), base) {
            (Some(now), Some(base)) => now.saturating_sub(base),
            _ => start.elapsed(),
        };
        if used >= budget {
            cut.cancel();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
