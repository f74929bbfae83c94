//! Benchmark runs over puzzle collections: throughput and time percentiles per backend.
//!
//! Glossary:
//! - **collection**: the puzzles of one or more files, in order.
//! - **job**: a worker thread; `jobs` puzzles are solved at once (rayon).
//! - **time**: a puzzle's wall time from encode to check (parse excluded); percentiles are
//!   nearest-rank over the puzzles that were answered.
//! - **throughput**: puzzles answered per second of wall time of the whole run.
//! - **shard** `K/N`: the puzzles at positions `K-1`, `K-1+N`, `K-1+2N`, … of a
//!   collection (round-robin, so hard and easy stretches of a file spread evenly and
//!   the split depends on positions only). N runs, one per shard, on any machines,
//!   answer every puzzle exactly once; their JSON results [`merge`] into one summary.

use std::fmt;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::facade::AnyPuzzle;
use crate::input::Entry;
use crate::portfolio::NATIVE_BUDGET;
use crate::puzzle::seconds;
use crate::puzzle::{Backend, Limits, Request, SolveError, Status};
use crate::stop::Stop;

/// What happened to one puzzle.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The backend answered: solved, unsolvable, or unknown (timed out), with the
    /// solutions it found (up to the request's maximum) and whether it searched to the end.
    Answered {
        /// Solved, unsolvable or unknown.
        status: Status,
        /// Solutions found.
        count: u64,
        /// Whether `count` is exact.
        complete: bool,
    },
    /// The backend does not handle this kind (or this size).
    Unsupported,
    /// The puzzle could not be read, or the backend failed on it.
    Error(String),
}

/// One backend over one collection.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The backend measured.
    pub backend: Backend,
    /// Puzzles attempted (every entry of the collection, or of the shard).
    pub puzzles: usize,
    /// Puzzles answered with a solution.
    pub solved: usize,
    /// Puzzles proved to have none.
    pub unsolvable: usize,
    /// Puzzles left unknown when the per-puzzle timeout ran out.
    pub timed_out: usize,
    /// Puzzles this backend does not take.
    pub unsupported: usize,
    /// Puzzles that could not be read, or on which the backend failed.
    pub errors: usize,
    /// What the answered puzzles' searches proved: the `--unique` report.
    pub proved: Proved,
    /// Wall time of the whole pass (JSON: seconds, like every duration here).
    #[serde(serialize_with = "seconds")]
    pub wall: Duration,
    /// Answered puzzles (solved, unsolvable or timed out) per second of wall time.
    pub per_second: f64,
    /// Median time per answered puzzle.
    #[serde(serialize_with = "seconds")]
    pub p50: Duration,
    /// 90th percentile of the time per answered puzzle.
    #[serde(serialize_with = "seconds")]
    pub p90: Duration,
    /// 99th percentile of the time per answered puzzle.
    #[serde(serialize_with = "seconds")]
    pub p99: Duration,
    /// Slowest answered puzzle.
    #[serde(serialize_with = "seconds")]
    pub max: Duration,
    /// The first few errors, with their puzzles.
    pub first_errors: Vec<String>,
    /// Time of every answered puzzle, sorted: what a merge of shards needs to give
    /// exact percentiles. Written to JSON only for sharded runs.
    #[serde(skip)]
    pub times: Vec<Duration>,
}

/// What a uniqueness search (counting to two) settled, puzzle by puzzle, over the
/// answered puzzles: exactly one solution, two or more, none, or not settled (stopped
/// by the time budget, with no solution or with one and the search for a second cut
/// short).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proved {
    /// Exactly one solution, and the search for a second one finished.
    pub unique: usize,
    /// Two or more solutions found.
    pub not_unique: usize,
    /// No solution, and the search finished.
    pub unsolvable: usize,
    /// Neither: the search stopped first.
    pub unknown: usize,
}

impl Proved {
    /// Counts one answer: `count` solutions found, `complete` when the search finished.
    pub fn add(&mut self, count: u64, complete: bool) {
        match (count, complete) {
            (0, true) => self.unsolvable += 1,
            (1, true) => self.unique += 1,
            (2.., _) => self.not_unique += 1,
            _ => self.unknown += 1,
        }
    }

    fn merge(&mut self, other: &Proved) {
        self.unique += other.unique;
        self.not_unique += other.not_unique;
        self.unsolvable += other.unsolvable;
        self.unknown += other.unknown;
    }
}

impl Summary {
    /// Nothing counted yet.
    fn empty(backend: Backend) -> Summary {
        Summary {
            backend,
            puzzles: 0,
            solved: 0,
            unsolvable: 0,
            timed_out: 0,
            unsupported: 0,
            errors: 0,
            proved: Proved::default(),
            wall: Duration::ZERO,
            per_second: 0.0,
            p50: Duration::ZERO,
            p90: Duration::ZERO,
            p99: Duration::ZERO,
            max: Duration::ZERO,
            first_errors: Vec::new(),
            times: Vec::new(),
        }
    }

    /// Counts, throughput and percentiles from the answered puzzles' `times`.
    fn finish(&mut self) {
        self.times.sort_unstable();
        let answered = self.solved + self.unsolvable;
        self.per_second = if self.wall.is_zero() {
            0.0
        } else {
            answered as f64 / self.wall.as_secs_f64()
        };
        self.p50 = percentile(&self.times, 50.0);
        self.p90 = percentile(&self.times, 90.0);
        self.p99 = percentile(&self.times, 99.0);
        self.max = self.times.last().copied().unwrap_or_default();
    }
}

/// Shard `index` of `count` (1-based), written `K/N`; see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: usize,
    /// N, the number of shards.
    pub count: usize,
}

impl Shard {
    /// Whether the puzzle at `position` (0-based, in collection order) is in this shard.
    pub fn takes(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}

crate::puzzle::message_error!(
    /// A `--shard` value that is not `K/N` with `1 <= K <= N`.
    ShardError
);

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError::from(format!(
                "'{text}' is not a shard: write K/N with 1 <= K <= N, e.g. 2/8"
            ))
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One backend's result on one shard, as `bench --shard K/N --format json` writes it
/// (one JSON object a line).
#[derive(Clone, Debug)]
pub struct ShardResult {
    /// The backend's summary over this shard, with its sorted times.
    pub summary: Summary,
    /// Which shard.
    pub shard: Shard,
    /// Whether the run proved uniqueness (`--unique`), which shards must agree on.
    pub unique: bool,
}

/// Why shard results do not merge into one report.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MergeError {
    /// A line that is not a shard result.
    #[error("line {line}: {message}")]
    BadLine {
        /// Line of the merged input, 1-based.
        line: usize,
        /// Why it was refused.
        message: String,
    },
    /// No shard results at all.
    #[error("nothing to merge")]
    Empty,
    /// Two shards of one backend disagree on N.
    #[error("{backend}: shard {a} and shard {b} split the collection differently")]
    MixedCounts {
        /// The backend.
        backend: Backend,
        /// One shard.
        a: Shard,
        /// A shard with another N.
        b: Shard,
    },
    /// A shard given twice for one backend.
    #[error("{backend}: shard {shard} appears twice")]
    Repeated {
        /// The backend.
        backend: Backend,
        /// The repeated shard.
        shard: Shard,
    },
    /// Some of the N shards of a backend are absent.
    #[error("{backend}: missing shards {missing} (of {count})")]
    Missing {
        /// The backend.
        backend: Backend,
        /// The missing K values, comma-separated.
        missing: String,
        /// N.
        count: usize,
    },
    /// Shards of one backend were run with and without `--unique`.
    #[error("{backend}: some shards proved uniqueness (--unique) and some did not")]
    MixedUnique {
        /// The backend.
        backend: Backend,
    },
}

/// The JSON line of a sharded run; `times` is what makes percentiles exact.
#[derive(Deserialize)]
struct ShardLine {
    backend: String,
    puzzles: usize,
    solved: usize,
    unsolvable: usize,
    timed_out: usize,
    unsupported: usize,
    errors: usize,
    #[serde(default)]
    proved: Proved,
    wall: f64,
    #[serde(default)]
    first_errors: Vec<String>,
    times: Option<Vec<f64>>,
    shard: Option<String>,
    #[serde(default)]
    unique: bool,
}

/// One line as a [`ShardLine`]; the error says what the line is instead (serde's own
/// message would name the private struct).
fn shard_line(line: &str) -> Result<ShardLine, String> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|_| "not JSON".to_string())?;
    if !value.is_object() {
        return Err("not a JSON object".into());
    }
    ShardLine::deserialize(value).map_err(|e| e.to_string())
}

/// Reads the JSON Lines of sharded `bench` runs (blank lines skipped).
pub fn parse_shard_results(text: &str) -> Result<Vec<ShardResult>, MergeError> {
    let mut results = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |message: String| MergeError::BadLine {
            line: i + 1,
            message,
        };
        let parsed = shard_line(line).map_err(|why| {
            bad(format!(
                "not a shard result ({why}): --merge reads what \
                 `bench --format json --shard K/N` writes, one JSON object a backend"
            ))
        })?;
        let shard = parsed
            .shard
            .ok_or_else(|| bad("no `shard`: write shard results with --shard K/N".into()))?
            .parse::<Shard>()
            .map_err(|e| bad(e.message))?;
        let times = parsed
            .times
            .ok_or_else(|| bad("no `times`: write shard results with --shard K/N".into()))?;
        let backend = Backend::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(&parsed.backend))
            .ok_or_else(|| bad(format!("unknown backend `{}`", parsed.backend)))?;
        let seconds = |x: f64| Duration::try_from_secs_f64(x).map_err(|e| bad(e.to_string()));
        results.push(ShardResult {
            summary: Summary {
                backend,
                puzzles: parsed.puzzles,
                solved: parsed.solved,
                unsolvable: parsed.unsolvable,
                timed_out: parsed.timed_out,
                unsupported: parsed.unsupported,
                errors: parsed.errors,
                proved: parsed.proved,
                wall: seconds(parsed.wall)?,
                per_second: 0.0,
                p50: Duration::ZERO,
                p90: Duration::ZERO,
                p99: Duration::ZERO,
                max: Duration::ZERO,
                first_errors: parsed.first_errors,
                times: times.into_iter().map(seconds).collect::<Result<_, _>>()?,
            },
            shard,
            unique: parsed.unique,
        });
    }
    Ok(results)
}

/// Why parts K/N (shards of a collection, cubes of a puzzle) do not cover 1..=N once each.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PartsError {
    /// Two parts disagree on N.
    #[error("parts {a} and {b} split differently")]
    MixedCounts {
        /// One part.
        a: Shard,
        /// A part with another N.
        b: Shard,
    },
    /// A part given twice.
    #[error("{part} appears twice")]
    Repeated {
        /// The repeated part.
        part: Shard,
    },
    /// Some of the N parts are absent.
    #[error("missing {missing} (of {count})")]
    Missing {
        /// The missing K values, comma-separated.
        missing: String,
        /// N.
        count: usize,
    },
}

/// Checks that `parts` are K/N for one N and every K in 1..=N exactly once (`bench
/// --merge` for shards, `satcover merge` for cubes).
pub fn check_parts(parts: &[Shard]) -> Result<(), PartsError> {
    let Some(first) = parts.first() else {
        return Ok(());
    };
    let count = first.count;
    let mut seen = vec![false; count];
    for &part in parts {
        if part.count != count {
            return Err(PartsError::MixedCounts { a: *first, b: part });
        }
        let slot = &mut seen[part.index - 1];
        if *slot {
            return Err(PartsError::Repeated { part });
        }
        *slot = true;
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !seen[k - 1])
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(PartsError::Missing {
            missing: missing.join(", "),
            count,
        });
    }
    Ok(())
}

/// One summary per backend (in order of first appearance) from the results of all N
/// shards: counts add up, percentiles come from every puzzle's time, and the wall time
/// is the slowest shard's (shards run side by side), so puzzles/s is the throughput of
/// the whole spread-out run. Every shard 1..=N must be there exactly once.
pub fn merge(parts: &[ShardResult]) -> Result<Vec<(Summary, bool)>, MergeError> {
    if parts.is_empty() {
        return Err(MergeError::Empty);
    }
    let mut backends: Vec<Backend> = Vec::new();
    for part in parts {
        if !backends.contains(&part.summary.backend) {
            backends.push(part.summary.backend);
        }
    }
    let mut merged = Vec::new();
    for backend in backends {
        let group: Vec<&ShardResult> = parts
            .iter()
            .filter(|p| p.summary.backend == backend)
            .collect();
        let first = group[0];
        if group.iter().any(|part| part.unique != first.unique) {
            return Err(MergeError::MixedUnique { backend });
        }
        let shards: Vec<Shard> = group.iter().map(|part| part.shard).collect();
        check_parts(&shards).map_err(|gap| match gap {
            PartsError::MixedCounts { a, b } => MergeError::MixedCounts { backend, a, b },
            PartsError::Repeated { part } => MergeError::Repeated {
                backend,
                shard: part,
            },
            PartsError::Missing { missing, count } => MergeError::Missing {
                backend,
                missing,
                count,
            },
        })?;
        let mut sum = Summary::empty(backend);
        for part in &group {
            let s = &part.summary;
            sum.puzzles += s.puzzles;
            sum.solved += s.solved;
            sum.unsolvable += s.unsolvable;
            sum.timed_out += s.timed_out;
            sum.unsupported += s.unsupported;
            sum.errors += s.errors;
            sum.proved.merge(&s.proved);
            sum.wall = sum.wall.max(s.wall);
            sum.times.extend_from_slice(&s.times);
            for e in &s.first_errors {
                if sum.first_errors.len() < 5 {
                    sum.first_errors.push(e.clone());
                }
            }
        }
        sum.finish();
        merged.push((sum, first.unique));
    }
    Ok(merged)
}

/// Nearest-rank percentile `p` (0..=100) of sorted durations.
pub(crate) fn percentile(sorted: &[Duration], p: f64) -> Duration {
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
    let fast = matches!(backend, Backend::Native | Backend::Auto)
        && request.timeout.is_none()
        && request.external.is_none()
        && request.proof.is_none();
    let start = Instant::now();
    let results: Vec<(Verdict, Duration, &str)> = pool.install(|| {
        entries
            .par_iter()
            .map(|entry| {
                let quick_time = match &entry.puzzle {
                    Ok(puzzle) if fast => quick(puzzle.as_ref(), backend, request),
                    _ => None,
                };
                let verdict = match (&entry.puzzle, quick_time) {
                    (_, Some((time, count, complete))) => (
                        Verdict::Answered {
                            status: Status::Solved,
                            count,
                            complete,
                        },
                        time,
                    ),
                    (Err(e), None) => (Verdict::Error(e.to_string()), Duration::ZERO),
                    (Ok(puzzle), None) => match puzzle.solve_any(backend, request) {
                        Ok(report) => (
                            Verdict::Answered {
                                status: report.outcome.status,
                                count: report.outcome.count,
                                complete: report.outcome.complete,
                            },
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
        puzzles: entries.len(),
        wall,
        times: Vec::with_capacity(results.len()),
        ..Summary::empty(backend)
    };
    for (verdict, time, label) in &results {
        match verdict {
            Verdict::Answered {
                status,
                count,
                complete,
            } => {
                match status {
                    Status::Solved => summary.solved += 1,
                    Status::Unsolvable => summary.unsolvable += 1,
                    Status::Unknown => summary.timed_out += 1,
                }
                summary.proved.add(*count, *complete);
                summary.times.push(*time);
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
    summary.finish();
    Ok(summary)
}

/// A kind's collection fast path ([`AnyPuzzle::quick_native`]) on `native` (or `auto`,
/// whose native run alone decides such a puzzle within its budget), without the
/// pipeline's `Report`. `None` sends the puzzle to the pipeline. The time is from search
/// to check, as the pipeline's; with it, the solutions found and whether the search
/// finished.
fn quick(
    puzzle: &dyn AnyPuzzle,
    backend: Backend,
    request: &Request,
) -> Option<(Duration, u64, bool)> {
    let start = Instant::now();
    let stop = if backend == Backend::Auto {
        Stop::at(Some(start + NATIVE_BUDGET))
    } else {
        Stop::never()
    };
    let limits = Limits {
        max_solutions: request.max_solutions,
        keep: request.keep,
        stop,
    };
    puzzle
        .quick_native(&limits)
        .map(|(count, complete)| (start.elapsed(), count, complete))
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

    #[test]
    fn shards_split_positions_round_robin() {
        let shards: Vec<Shard> = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        for position in 0..30 {
            let owners: Vec<usize> = shards
                .iter()
                .filter(|s| s.takes(position))
                .map(|s| s.index)
                .collect();
            assert_eq!(owners, vec![position % 3 + 1]);
        }
        assert_eq!(shards[1].to_string(), "2/3");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    fn part(backend: Backend, shard: &str, solved: usize, times_ms: &[u64]) -> ShardResult {
        let mut summary = Summary {
            puzzles: solved + 1,
            solved,
            timed_out: 1,
            wall: Duration::from_millis(times_ms.iter().sum()),
            times: times_ms.iter().map(|&t| Duration::from_millis(t)).collect(),
            ..Summary::empty(backend)
        };
        summary.finish();
        ShardResult {
            summary,
            shard: shard.parse().unwrap(),
            unique: true,
        }
    }

    #[test]
    fn proved_sorts_answers_by_what_they_settle() {
        let mut p = Proved::default();
        for (count, complete) in [(1, true), (2, false), (2, true), (0, true), (1, false)] {
            p.add(count, complete);
        }
        p.add(0, false);
        let want = Proved {
            unique: 1,
            not_unique: 2,
            unsolvable: 1,
            unknown: 2,
        };
        assert_eq!(p, want);
        let mut twice = p;
        twice.merge(&p);
        assert_eq!(twice.unknown, 4);
    }

    #[test]
    fn merge_adds_counts_and_takes_percentiles_over_every_puzzle() {
        let parts = [
            part(Backend::Native, "2/2", 2, &[1, 9]),
            part(Backend::Native, "1/2", 3, &[2, 3, 10]),
        ];
        let merged = merge(&parts).unwrap();
        assert_eq!(merged.len(), 1);
        let (s, unique) = &merged[0];
        assert!(*unique);
        assert_eq!((s.puzzles, s.solved, s.timed_out), (7, 5, 2));
        assert_eq!(s.p50, Duration::from_millis(3));
        assert_eq!(s.max, Duration::from_millis(10));
        assert_eq!(s.wall, Duration::from_millis(15), "the slowest shard");
        assert!((s.per_second - 5.0 / 0.015).abs() < 1e-6);
    }

    #[test]
    fn merge_refuses_incomplete_or_inconsistent_shards() {
        let a = part(Backend::Native, "1/2", 1, &[1]);
        let b = part(Backend::Native, "2/2", 1, &[1]);
        let c = part(Backend::Native, "2/3", 1, &[1]);
        assert_eq!(merge(&[]).err(), Some(MergeError::Empty));
        assert!(matches!(
            merge(std::slice::from_ref(&a)),
            Err(MergeError::Missing { count: 2, .. })
        ));
        assert!(matches!(
            merge(&[a.clone(), a.clone(), b.clone()]),
            Err(MergeError::Repeated { .. })
        ));
        assert!(matches!(
            merge(&[a.clone(), c]),
            Err(MergeError::MixedCounts { .. })
        ));
        let mut d = b.clone();
        d.unique = false;
        assert!(matches!(
            merge(&[a, d]),
            Err(MergeError::MixedUnique { .. })
        ));
    }

    #[test]
    fn shard_lines_need_shard_and_times() {
        let line = r#"{"backend":"native","puzzles":2,"solved":2,"unsolvable":0,"timed_out":0,"unsupported":0,"errors":0,"wall":0.5,"shard":"1/1","times":[0.25,0.125],"unique":true}"#;
        let parts = parse_shard_results(line).unwrap();
        assert_eq!(parts[0].summary.times.len(), 2);
        assert_eq!(parts[0].shard, Shard { index: 1, count: 1 });
        let unsharded = line.replace(r#""shard":"1/1","#, "");
        assert!(matches!(
            parse_shard_results(&format!("\n{unsharded}")),
            Err(MergeError::BadLine { line: 2, .. })
        ));
    }
}
