//! Running several backends on one puzzle and checking that they agree.
//!
//! Glossary:
//! - **run**: one solve of one puzzle by one backend; a backend is run `runs` times and
//!   its median time reported (the machine is noisy).
//! - **verdict**: solved or unsolvable; `unknown` (timed out) agrees with anything.
//! - **agreement**: same verdict; the same count where both counts are exact (and no exact
//!   count below another backend's lower bound); the same solution set where both
//!   enumerated everything they counted. A disagreement is a bug in an encoder, a decoder
//!   or an engine, and is reported as such.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::facade::{AnyPuzzle, Report};
use crate::puzzle::{Backend, Request, SolveError, Status};

/// One backend's results on one puzzle.
pub struct BackendRuns {
    /// The backend that ran.
    pub backend: Backend,
    /// The last run's report, or why the backend could not answer.
    pub result: Result<Report, SolveError>,
    /// Wall time of each run (parse excluded), in run order.
    pub times: Vec<Duration>,
}

impl BackendRuns {
    /// Whether the backend does not handle this kind at all (not a failure).
    pub fn unsupported(&self) -> bool {
        matches!(
            self.result,
            Err(SolveError::Unsupported { .. } | SolveError::TooLarge(_))
        )
    }

    /// Median of [`BackendRuns::times`] (`None` when it never ran).
    pub fn median(&self) -> Option<Duration> {
        median(&self.times)
    }
}

/// The median of some durations (the lower middle for an even count).
pub fn median(times: &[Duration]) -> Option<Duration> {
    let mut sorted = times.to_vec();
    sorted.sort_unstable();
    sorted.get(sorted.len().saturating_sub(1) / 2).copied()
}

/// Run every backend `runs` times on `puzzle`.
pub fn run_backends(
    puzzle: &dyn AnyPuzzle,
    backends: &[Backend],
    request: &Request,
    runs: usize,
) -> Vec<BackendRuns> {
    backends
        .iter()
        .map(|&backend| {
            let mut times = Vec::with_capacity(runs);
            let mut result = puzzle.solve_any(backend, request);
            if let Ok(report) = &result {
                times.push(report.outcome.stats.total());
                for _ in 1..runs {
                    result = puzzle.solve_any(backend, request);
                    match &result {
                        Ok(report) => times.push(report.outcome.stats.total()),
                        Err(_) => break,
                    }
                }
            }
            BackendRuns {
                backend,
                result,
                times,
            }
        })
        .collect()
}

crate::puzzle::message_error!(
    /// Two backends contradict each other: which ones, and on what.
    Disagreement
);

/// `Err` with a message naming the backends when two reports contradict each other.
pub fn agreement(reports: &[(Backend, &Report)]) -> Result<(), Disagreement> {
    for (i, &(backend_a, a)) in reports.iter().enumerate() {
        for &(backend_b, b) in &reports[i + 1..] {
            agree_pair(backend_a, a, backend_b, b)?;
        }
    }
    Ok(())
}

fn agree_pair(
    backend_a: Backend,
    a: &Report,
    backend_b: Backend,
    b: &Report,
) -> Result<(), Disagreement> {
    let (oa, ob) = (&a.outcome, &b.outcome);
    if oa.status == Status::Unknown || ob.status == Status::Unknown {
        return Ok(());
    }
    if oa.status != ob.status {
        return Err(Disagreement::from(format!(
            "{backend_a} says {} but {backend_b} says {}",
            oa.status.name(),
            ob.status.name()
        )));
    }
    let exact_below =
        |x: &Report, y: &Report| x.outcome.complete && y.outcome.count > x.outcome.count;
    if exact_below(a, b)
        || exact_below(b, a)
        || (oa.complete && ob.complete && oa.count != ob.count)
    {
        return Err(Disagreement::from(format!(
            "{backend_a} counts {}{} but {backend_b} counts {}{}",
            oa.count,
            if oa.complete { "" } else { "+" },
            ob.count,
            if ob.complete { "" } else { "+" },
        )));
    }
    let enumerated =
        |x: &Report| x.outcome.complete && x.outcome.solutions.len() as u64 == x.outcome.count;
    if enumerated(a) && enumerated(b) {
        let set = |x: &Report| -> BTreeSet<String> {
            x.outcome
                .solutions
                .iter()
                .map(|s| s.json.to_string())
                .collect()
        };
        if set(a) != set(b) {
            return Err(Disagreement::from(format!(
                "{backend_a} and {backend_b} find different solutions"
            )));
        }
    }
    Ok(())
}
