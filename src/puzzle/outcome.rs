//! The answer to one puzzle ([`Outcome`]) and what it cost ([`Stats`]).

use std::time::Duration;

use serde::Serialize;

use super::kind::Engine;
use crate::sat;

/// The verdict on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// At least one solution was found.
    Solved,
    /// The search space was exhausted without a solution.
    Unsolvable,
    /// Neither: the time budget ran out first.
    Unknown,
}

impl Status {
    /// The verdict of a search that found `count` solutions and ran to its end
    /// (`complete`) or was stopped: any solution is `Solved`; none is `Unsolvable` only
    /// when the whole space was searched.
    pub fn of(count: u64, complete: bool) -> Status {
        if count > 0 {
            Status::Solved
        } else if complete {
            Status::Unsolvable
        } else {
            Status::Unknown
        }
    }

    /// `solved`, `unsolvable` or `unknown`, as printed.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Unknown => "unknown",
        }
    }
}

/// What a run cost, per backend. Fields an engine cannot tell stay `None` ("n/a"):
/// varisat has no statistics API, so its conflicts and decisions are never invented.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// The backend that ran ([`Backend::name`](super::Backend::name)).
    pub backend: String,
    /// Reading the puzzle (JSON: seconds, like every duration here).
    #[serde(serialize_with = "seconds")]
    pub parse: Duration,
    /// Building the CNF or the exact-cover matrix.
    #[serde(serialize_with = "seconds")]
    pub encode: Duration,
    /// The engine's search, decoding excluded.
    #[serde(serialize_with = "seconds")]
    pub solve: Duration,
    /// Mapping models or chosen options back to solutions.
    #[serde(serialize_with = "seconds")]
    pub decode: Duration,
    /// The independent checker over the solutions kept.
    #[serde(serialize_with = "seconds")]
    pub check: Duration,
    /// Writing (and checking) a DRAT proof, when asked; not part of [`Stats::total`].
    #[serde(serialize_with = "seconds")]
    pub proof: Duration,
    /// CNF size: variables.
    pub variables: Option<usize>,
    /// CNF size: clauses.
    pub clauses: Option<usize>,
    /// CNF size: literal occurrences.
    pub literals: Option<usize>,
    /// Exact-cover matrix size: items (primary and secondary).
    pub items: Option<usize>,
    /// Exact-cover matrix size: options.
    pub options: Option<usize>,
    /// Exact-cover matrix size: item occurrences over all options.
    pub nonzeros: Option<usize>,
    /// SAT search effort (where the engine reports it): solver calls.
    pub solve_calls: Option<u64>,
    /// SAT decisions.
    pub decisions: Option<u64>,
    /// SAT conflicts.
    pub conflicts: Option<u64>,
    /// SAT propagations.
    pub propagations: Option<u64>,
    /// DLX and native search effort: nodes of the search tree.
    pub nodes: Option<u64>,
    /// DLX link updates (Knuth's cost measure).
    pub updates: Option<u64>,
    /// Native guesses (branching points where propagation alone did not decide).
    pub guesses: Option<u64>,
    /// `auto` only: the backend whose answer this is (`None`: nobody decided).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Engine>,
    /// `auto` only: every engine that ran, with its time, effort or error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contenders: Vec<Contender>,
}

/// Serialises a duration as seconds (`f64`), the unit of every JSON report.
pub(crate) fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Stats {
    /// Wall time of the whole run, parse to check.
    pub fn total(&self) -> Duration {
        self.parse + self.encode + self.solve + self.decode + self.check
    }
}

/// The answer to one puzzle.
#[derive(Clone, Debug)]
pub struct Outcome<S> {
    /// Solved, unsolvable or unknown.
    pub status: Status,
    /// The solutions kept (at most `Request::keep`), each one checked.
    pub solutions: Vec<S>,
    /// Solutions found (stops at `Request::max_solutions`).
    pub count: u64,
    /// Whether `count` is exact: the search space was exhausted.
    pub complete: bool,
    /// Whether the time budget ran out before the question was answered (the count is
    /// then a lower bound, or the status `unknown`).
    pub timed_out: bool,
    /// Why the puzzle is unsolvable, when that is known without search.
    pub reason: Option<String>,
    /// The DRAT proof behind "unsolvable" or "unique", when one was asked for and written.
    pub proof: Option<sat::ProofStatus>,
    /// What the run cost.
    pub stats: Stats,
}

impl<S> Outcome<S> {
    /// Unsolvable for `reason`, known without search (clashing givens, clue totals that
    /// differ): complete, no solution, no proof.
    pub fn contradiction(reason: String, stats: Stats) -> Outcome<S> {
        Outcome {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            count: 0,
            complete: true,
            timed_out: false,
            reason: Some(reason),
            proof: None,
            stats,
        }
    }

    /// `Some(true)` when exactly one solution exists, `Some(false)` when not, `None` when
    /// the search stopped too early to tell.
    pub fn unique(&self) -> Option<bool> {
        match (self.count, self.complete) {
            (1, true) => Some(true),
            (0, true) => Some(false),
            (c, _) if c >= 2 => Some(false),
            _ => None,
        }
    }
}

/// What one engine did inside `auto`.
#[derive(Clone, Debug, Serialize)]
pub struct Contender {
    /// The engine.
    pub backend: Engine,
    /// How its run ended.
    pub result: ContenderResult,
    /// Wall time from its start to its answer (or to its stop).
    #[serde(serialize_with = "seconds")]
    pub time: Duration,
    /// Search-tree nodes (native, dlx), as in [`Stats::nodes`].
    pub nodes: Option<u64>,
    /// Native guesses.
    pub guesses: Option<u64>,
    /// DLX link updates.
    pub updates: Option<u64>,
    /// SAT solver calls.
    pub solve_calls: Option<u64>,
    /// SAT decisions, when the solver reports them.
    pub decisions: Option<u64>,
    /// SAT conflicts, when the solver reports them.
    pub conflicts: Option<u64>,
    /// Why it failed, for `ContenderResult::Error`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// How one contender's run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ContenderResult {
    /// Its answer is the one returned.
    Won,
    /// Its budget or the deadline ran out first.
    GaveUp,
    /// Another contender answered first.
    Cancelled,
    /// It answered too, after the winner.
    Late,
    /// It failed (unsupported, too large, external solver missing...).
    Error,
}
