//! `solve --format json`'s lines (schema `satcover/solve/1`, `docs/schemas/solve.json`):
//! for every puzzle, one [`SolutionLine`] per solution listed, in order, then its
//! [`AnswerLine`] — whatever the flags, streamed or not — or one [`ErrorLine`] when the
//! puzzle could not be answered. `decode --format json` prints the same lines.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use satcover::puzzle::{Kind, Stats, Status};

use super::schema::{ErrorStatus, KindShape, SolveSchema, StatsShape, StatusShape};

/// Any line `solve` prints; the three are told apart by `index` (a solution) and by
/// `status` (`error`, or the answer's verdict). Only its schema is used: each line is
/// printed from its own type.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
pub(crate) enum SolveLine<'a> {
    Solution(SolutionLine<'a>),
    Answer(AnswerLine<'a>),
    Error(ErrorLine<'a>),
}

/// One solution, printed as soon as it is found when the search lists many.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolutionLine<'a> {
    pub schema: SolveSchema,
    /// The puzzle's label: `FILE` or `FILE:LINE` (and ` cube K/N` with `--cube`).
    pub puzzle: &'a str,
    /// 1, 2, ... within the puzzle.
    pub index: u64,
    /// The solution in the kind's natural JSON form: rows of digits (grids), rows of
    /// strings (nonograms), letter → digit (alphametics), a model's literals (CNF), ...
    pub solution: &'a Value,
}

/// The answer to one puzzle, after its solutions' lines.
#[derive(Serialize, JsonSchema)]
pub(crate) struct AnswerLine<'a> {
    pub schema: SolveSchema,
    /// The puzzle's label, as in its solutions' lines.
    pub puzzle: &'a str,
    #[schemars(with = "KindShape")]
    pub kind: Kind,
    #[schemars(with = "StatusShape")]
    pub status: Status,
    /// How many solution lines came before this answer, for this puzzle.
    pub listed: u64,
    /// Solutions found (a lower bound unless `complete`).
    pub count: u64,
    /// Whether `count` is exact: the search space was exhausted.
    pub complete: bool,
    /// Whether the time limit stopped the search.
    pub timed_out: bool,
    /// Ctrl-C stopped the listing: it is incomplete (only then present, `true`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<bool>,
    /// With `--unique` only: exactly one solution? (`null`: the search stopped too early).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Option<bool>>,
    /// With `--unique`, two solutions found: where they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differences: Option<&'a str>,
    /// Why the puzzle is unsolvable, when that is known without search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// With `--proof`: what the DRAT proof file holds (its status's name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<&'static str>,
    /// With `--cube K/N`: which cube this is (what `merge` reads).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cube: Option<String>,
    /// With `--cube K/N`: the puzzle's fingerprint, the same for all its cubes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// With `--cube K/N`: CPU seconds the cube took, its split included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu: Option<f64>,
    /// With `--cubes N`: how the puzzle was split and solved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubes: Option<Cubes>,
    /// Fields the kind adds about the puzzle itself (a nonogram's `palette`).
    #[serde(flatten)]
    pub about: BTreeMap<&'static str, Value>,
    #[schemars(with = "StatsShape")]
    pub stats: &'a Stats,
}

/// `solve --cubes N`: the split and the cubes' solves.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Cubes {
    /// N, as asked.
    pub asked: usize,
    /// Cubes the split made (fewer when it ran out of branching).
    pub made: usize,
    /// Seconds the split took (`null`: the plain solve answered; not split).
    pub split: Option<f64>,
    /// Cubes solved before the answer was known.
    pub solved: usize,
    /// The slowest cube's CPU seconds.
    pub cpu_max: Option<f64>,
    /// All cubes' CPU seconds.
    pub cpu_sum: f64,
    /// Threads the cubes ran on.
    pub jobs: usize,
}

/// A puzzle that could not be read or solved.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ErrorLine<'a> {
    pub schema: SolveSchema,
    pub puzzle: &'a str,
    pub status: ErrorStatus,
    /// The message also printed on standard error.
    pub error: &'a str,
}
