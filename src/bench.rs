//! Benchmark runs over puzzle collections: throughput and time percentiles per backend.
//!
//! Glossary:
//! - **collection**: the puzzles of one or more files, in order.
//! - **job**: a worker thread; `jobs` puzzles are solved at once (rayon).
//! - **time**: a puzzle's wall time from encode to check (parse excluded); percentiles are
//!   nearest-rank over the puzzles that were answered.
//! - **throughput**: puzzles answered per second of wall time of the whole run.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use crate::input::Entry;
use crate::puzzle::{Backend, Request, SolveError, Status};

/// What happened to one puzzle.
#[derive(Clone, Debug)]
pub enum Verdict {
    Answered(Status),
    /// The backend does not handle this kind (or this size).
    Unsupported,
    /// The puzzle could not be read, or the backend failed on it.
    Error(String),
}

/// One backend over one collection.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub backend: Backend,
    pub puzzles: usize,
    pub solved: usize,
    pub unsolvable: usize,
    pub timed_out: usize,
    pub unsupported: usize,
    pub errors: usize,
    #[serde(serialize_with = "seconds")]
    pub wall: Duration,
    pub per_second: f64,
    #[serde(serialize_with = "seconds")]
    pub p50: Duration,
    #[serde(serialize_with = "seconds")]
    pub p90: Duration,
    #[serde(serialize_with = "seconds")]
    pub p99: Duration,
    #[serde(serialize_with = "seconds")]
    pub max: Duration,
    /// The first few errors, with their puzzles.
    pub first_errors: Vec<String>,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// Nearest-rank percentile `p` (0..=100) of sorted durations.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Solve every entry with `backend` on `jobs` threads; `tick` is called after each puzzle
/// (for a progress bar).
pub fn run(
    entries: &[Entry],
    backend: Backend,
    request: &Request,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Summary, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()?;
    let start = Instant::now();
    let results: Vec<(Verdict, Duration, &str)> = pool.install(|| {
        entries
            .par_iter()
            .map(|entry| {
                let verdict = match &entry.puzzle {
                    Err(e) => (Verdict::Error(e.to_string()), Duration::ZERO),
                    Ok(puzzle) => match puzzle.solve_any(backend, request) {
                        Ok(report) => (
                            Verdict::Answered(report.outcome.status),
                            report.outcome.stats.total(),
                        ),
                        Err(SolveError::Unsupported { .. } | SolveError::TooLarge(_)) => {
                            (Verdict::Unsupported, Duration::ZERO)
                        }
                        Err(e) => (Verdict::Error(e.to_string()), Duration::ZERO),
                    },
                };
                tick();
                (verdict.0, verdict.1, entry.label.as_str())
            })
            .collect()
    });
    let wall = start.elapsed();
    let mut summary = Summary {
        backend,
        puzzles: entries.len(),
        solved: 0,
        unsolvable: 0,
        timed_out: 0,
        unsupported: 0,
        errors: 0,
        wall,
        per_second: 0.0,
        p50: Duration::ZERO,
        p90: Duration::ZERO,
        p99: Duration::ZERO,
        max: Duration::ZERO,
        first_errors: Vec::new(),
    };
    let mut times = Vec::with_capacity(results.len());
    for (verdict, time, label) in &results {
        match verdict {
            Verdict::Answered(status) => {
                match status {
                    Status::Solved => summary.solved += 1,
                    Status::Unsolvable => summary.unsolvable += 1,
                    Status::Unknown => summary.timed_out += 1,
                }
                times.push(*time);
            }
            Verdict::Unsupported => summary.unsupported += 1,
            Verdict::Error(message) => {
                summary.errors += 1;
                if summary.first_errors.len() < 5 {
                    let message = if message.starts_with(*label) {
                        message.clone()
                    } else {
                        format!("{label}: {message}")
                    };
                    summary.first_errors.push(message);
                }
            }
        }
    }
    times.sort_unstable();
    let answered = summary.solved + summary.unsolvable;
    summary.per_second = if wall.is_zero() {
        0.0
    } else {
        answered as f64 / wall.as_secs_f64()
    };
    summary.p50 = percentile(&times, 50.0);
    summary.p90 = percentile(&times, 90.0);
    summary.p99 = percentile(&times, 99.0);
    summary.max = times.last().copied().unwrap_or_default();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let ms: Vec<Duration> = (1..=10).map(Duration::from_millis).collect();
        assert_eq!(percentile(&ms, 50.0), Duration::from_millis(5));
        assert_eq!(percentile(&ms, 90.0), Duration::from_millis(9));
        assert_eq!(percentile(&ms, 99.0), Duration::from_millis(10));
        assert_eq!(percentile(&[], 50.0), Duration::ZERO);
    }
}
