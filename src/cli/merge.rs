//! `satcover merge`: the JSON answers of `solve --cube K/N` (one per cube, from any
//! machines) combined into the puzzle's answer. Cubes are disjoint and cover every
//! solution, so a solution of any cube is the puzzle's, counts add exactly, and the puzzle
//! is unsolvable when every cube is. Every cube 1..=N must be there once (the check `bench
//! --merge` makes of shards), and all of one puzzle (by fingerprint); `--partial` lets
//! cubes be missing (a run stopped once two cubes had solutions) and concludes only what
//! the answers at hand prove: solutions, a count that is a lower bound, and "not unique"
//! once two solutions are in. Where the answers carry their CPU, the merge accounts for
//! it: the sum, the slowest cube, and when N machines (one cube each) have the answer and
//! what they spend if they stop at it ([`CpuAccount`]).

use std::io::{BufWriter, Write};

use anyhow::{Result, bail};
use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use satcover::bench::{PartsError, Shard, check_parts};
use satcover::input;

use super::solve::Format;
use super::solve::schema::{KindShape, MergeSchema, StatusShape};
use super::{EXIT_OK, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Files of JSON answers of `solve --cube K/N --format json` (`-` for standard input).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Require a proof behind every cube's answer (`solve --cube K/N --proof FILE`): the
    /// merged "unsolvable" or "unique" then stands on one proof per cube.
    #[arg(long, conflicts_with = "partial")]
    pub proof: bool,
    /// Merge what came in when some cubes are missing (a run stopped early, e.g. GNU
    /// parallel `--halt now,success=2`): the solutions are the puzzle's, the count is a
    /// lower bound, "not unique" once two solutions are in; with cubes missing, never
    /// "unsolvable" or "unique". A cube whose solve failed (an error answer: a solver
    /// killed at a time limit, say) counts as missing. Repeated cubes and other puzzles'
    /// answers stay errors.
    #[arg(long)]
    pub partial: bool,
    /// Text for people, one JSON line for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `merge --format json`: one line, the puzzle's answer (schema `satcover/merge/1`).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct MergeLine<'a> {
    pub schema: MergeSchema,
    /// The puzzle's label, without ` cube K/N`.
    pub puzzle: &'a str,
    /// The kind, as the cubes' answers name it.
    #[schemars(with = "KindShape")]
    pub kind: &'a Value,
    /// `solved`, `unsolvable` (every cube is) or `unknown`.
    #[schemars(with = "StatusShape")]
    pub status: &'a str,
    /// At most two solutions, from the cubes named in `solved_in`.
    pub solutions: Vec<&'a Value>,
    /// Solutions over all cubes (a lower bound unless `complete`).
    pub count: u64,
    /// Whether `count` is exact: every cube is in, and each one's count is.
    pub complete: bool,
    /// N: the cubes the puzzle was split into.
    pub cubes: usize,
    /// The answers merged.
    pub merged: usize,
    /// The puzzle's fingerprint, as every cube's answer gives it.
    pub fingerprint: &'a str,
    /// The cube (`K/N`) of each solution.
    pub solved_in: Vec<String>,
    /// When a cube asked `--unique` (or with `--partial`): exactly one solution?
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Option<bool>>,
    /// Where the first two solutions differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differences: Option<&'a str>,
    /// What the cubes cost in CPU, when every answer says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu: Option<CpuJson>,
    /// With `--proof`: each cube's proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proofs: Option<Vec<CubeProof<'a>>>,
}

/// The CPU account of a merge ([`CpuAccount`]), in seconds.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CpuJson {
    /// CPU over the answers merged.
    sum: f64,
    /// The slowest cube.
    slowest: SlowestCube,
    /// When N machines, one cube each, have the answer.
    answer_after: Option<f64>,
    /// CPU of the N machines stopped at `answer_after`.
    at_answer: Option<f64>,
    /// Whether `at_answer` is an upper bound (cubes missing).
    at_answer_bound: bool,
}

#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SlowestCube {
    cube: String,
    cpu: f64,
}

/// One cube's proof, as its answer names it.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CubeProof<'a> {
    cube: String,
    proof: &'a str,
}

/// One cube's answer, as read.
struct Answer {
    /// `FILE:LINE`.
    place: String,
    /// The puzzle's label, without ` cube K/N`.
    label: String,
    part: Shard,
    fingerprint: String,
    kind: Value,
    status: String,
    count: u64,
    complete: bool,
    solutions: Vec<Value>,
    asked_unique: bool,
    differences: Option<String>,
    proof: Option<String>,
    /// CPU seconds the cube took, its split included (`cpu`, where the solve measured it).
    cpu: Option<f64>,
}

/// One line of `solve --cube K/N --format json`: a solution of the cube (its answer
/// follows), the cube's answer, or the error its solve ended with (a solver killed at a
/// time limit, say).
enum Line {
    /// The solution and the label of its puzzle (` cube K/N` included).
    Solution(String, Value),
    Answer(Box<Answer>),
    Failed(String),
}

/// Reads one line; `solutions` holds the solution lines read since the last answer, with
/// their puzzles' labels: an answer takes those of its own cube (a cube whose job was
/// killed mid-listing leaves lines no answer takes).
fn read_line(place: String, line: &str, solutions: &mut Vec<(String, Value)>) -> Result<Line> {
    let bad = |why: &str| {
        anyhow::anyhow!(
            "{place}: {why}: merge reads what `solve --cube K/N --format json` writes: each \
             cube's solution lines, then its answer"
        )
    };
    let value: Value = serde_json::from_str(line).map_err(|_| bad("not JSON"))?;
    if value.get("index").is_some()
        && let Some(solution) = value.get("solution")
    {
        let label = value.get("puzzle").and_then(Value::as_str).unwrap_or("");
        return Ok(Line::Solution(label.to_string(), solution.clone()));
    }
    if value.get("status").and_then(Value::as_str) == Some("error") {
        let error = value.get("error").and_then(Value::as_str).unwrap_or("?");
        solutions.clear();
        return Ok(Line::Failed(format!(
            "{place}: the cube's solve failed: {error}"
        )));
    }
    let text = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    let part: Shard = text("cube")
        .ok_or_else(|| bad("no `cube`"))?
        .parse()
        .map_err(|_| bad("`cube` is not K/N"))?;
    let label = text("puzzle").unwrap_or_default();
    let suffix = format!(" cube {part}");
    // Solution lines before the answer (satcover/solve/1); a `solutions` array in the
    // answer itself (older satcover).
    let listed: Vec<Value> = std::mem::take(solutions)
        .into_iter()
        .filter(|(of, _)| *of == label)
        .map(|(_, solution)| solution)
        .collect();
    let solutions = match value.get("solutions").and_then(Value::as_array) {
        Some(inline) if listed.is_empty() => inline.clone(),
        _ => listed,
    };
    Ok(Line::Answer(Box::new(Answer {
        label: label.strip_suffix(&suffix).unwrap_or(&label).to_string(),
        fingerprint: text("fingerprint").ok_or_else(|| bad("no `fingerprint`"))?,
        kind: value.get("kind").cloned().unwrap_or(Value::Null),
        status: text("status").ok_or_else(|| bad("no `status`"))?,
        count: value
            .get("count")
            .and_then(Value::as_u64)
            .ok_or_else(|| bad("no `count`"))?,
        complete: value
            .get("complete")
            .and_then(Value::as_bool)
            .ok_or_else(|| bad("no `complete`"))?,
        solutions,
        asked_unique: value.get("unique").is_some(),
        differences: text("differences"),
        proof: text("proof"),
        cpu: value.get("cpu").and_then(Value::as_f64),
        part,
        place,
    })))
}

pub fn run(args: &MergeArgs) -> Result<u8> {
    let mut answers = Vec::new();
    for file in &args.files {
        let text = input::read_source(file)?;
        let name = input::display_name(file);
        let mut solutions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if !line.trim().is_empty() {
                match read_line(format!("{name}:{}", i + 1), line, &mut solutions)? {
                    Line::Solution(label, solution) => solutions.push((label, solution)),
                    Line::Answer(answer) => answers.push(*answer),
                    // A failed cube is a missing one: `--partial` goes on without it.
                    Line::Failed(failed) if args.partial => {
                        eprintln!("{failed}; merged as missing")
                    }
                    Line::Failed(failed) => {
                        bail!("{failed} (`merge --partial` takes the others, this cube as missing)")
                    }
                }
            }
        }
    }
    let Some(first) = answers.first() else {
        bail!("nothing to merge");
    };
    if let Some(other) = answers.iter().find(|a| a.fingerprint != first.fingerprint) {
        bail!(
            "answers of different puzzles: {} ({}, cube {}, fingerprint {}) and {} ({}, cube {}, \
             fingerprint {})",
            first.label,
            first.place,
            first.part,
            first.fingerprint,
            other.label,
            other.place,
            other.part,
            other.fingerprint
        );
    }
    let parts: Vec<Shard> = answers.iter().map(|a| a.part).collect();
    let all_in = match check_parts(&parts) {
        Ok(()) => true,
        Err(PartsError::Missing { .. }) if args.partial => false,
        Err(e @ PartsError::Missing { .. }) => bail!(
            "cubes of {}: {e}; `merge --partial` concludes what the answers at hand prove",
            first.label
        ),
        Err(e) => bail!("cubes of {}: {e}", first.label),
    };
    if args.proof {
        let missing: Vec<String> = answers
            .iter()
            .filter(|a| a.proof.is_none() && a.status != "solved")
            .map(|a| a.part.to_string())
            .collect();
        if !missing.is_empty() {
            bail!(
                "--proof: no proof behind cube {} (run them with --proof FILE)",
                missing.join(", ")
            );
        }
    }
    let count: u64 = answers.iter().map(|a| a.count).sum();
    let complete = all_in && answers.iter().all(|a| a.complete);
    let status = if answers.iter().any(|a| a.status == "solved") {
        "solved"
    } else if all_in && answers.iter().all(|a| a.status == "unsolvable") {
        "unsolvable"
    } else {
        "unknown"
    };
    let solutions: Vec<(Shard, &Value)> = answers
        .iter()
        .flat_map(|a| a.solutions.iter().map(move |s| (a.part, s)))
        .take(2)
        .collect();
    let asked_unique = args.partial || answers.iter().any(|a| a.asked_unique);
    let unique = match (count, complete) {
        (1, true) => Some(true),
        (0, true) => Some(false),
        (c, _) if c >= 2 => Some(false),
        _ => None,
    };
    let differences = match solutions.as_slice() {
        [(a, x), (b, y)] if a == b => answers
            .iter()
            .find(|ans| ans.part == *a)
            .and_then(|ans| ans.differences.clone()),
        [(_, x), (_, y)] => grid_differences(x, y),
        _ => None,
    };
    let n = first.part.count;
    let account = cpu_account(&answers, n, status, complete, asked_unique);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let label = &first.label;
    match args.format {
        Format::Json => {
            let line = MergeLine {
                schema: MergeSchema,
                puzzle: label,
                kind: &first.kind,
                status,
                solutions: solutions.iter().map(|(_, s)| *s).collect(),
                count,
                complete,
                cubes: n,
                merged: answers.len(),
                fingerprint: &first.fingerprint,
                solved_in: solutions.iter().map(|(p, _)| p.to_string()).collect(),
                unique: asked_unique.then_some(unique),
                differences: differences.as_deref().filter(|_| asked_unique),
                cpu: account.as_ref().map(CpuAccount::json),
                proofs: args.proof.then(|| {
                    answers
                        .iter()
                        .filter_map(|a| {
                            a.proof.as_deref().map(|proof| CubeProof {
                                cube: a.part.to_string(),
                                proof,
                            })
                        })
                        .collect()
                }),
            };
            serde_json::to_writer(&mut out, &line)?;
            writeln!(out)?;
        }
        Format::Text => {
            if all_in {
                writeln!(out, "{label}: {status} ({n} cubes merged)")?;
            } else {
                writeln!(
                    out,
                    "{label}: {status} ({} of {n} cubes merged)",
                    answers.len()
                )?;
            }
            for (part, solution) in &solutions {
                writeln!(out, "{label}: solution from cube {part}")?;
                writeln!(out, "{}", solution_text(solution))?;
            }
            let at_least = if complete { "" } else { "at least " };
            writeln!(
                out,
                "{label}: {at_least}{count} solution{}",
                if count == 1 { "" } else { "s" }
            )?;
            if asked_unique {
                let verdict = match unique {
                    Some(true) => "unique",
                    Some(false) if count == 0 => "unsolvable, so not unique",
                    Some(false) => "not unique",
                    None if !all_in => "uniqueness unknown (cubes missing)",
                    None => "uniqueness unknown (some cube timed out)",
                };
                writeln!(out, "{label}: {verdict}")?;
                if let Some(d) = &differences {
                    writeln!(out, "{label}: {d}")?;
                }
            }
            for line in account.iter().flat_map(|a| a.text(n)) {
                writeln!(out, "{label}: {line}")?;
            }
            if args.proof {
                writeln!(
                    out,
                    "{label}: one proof per cube ({} proofs)",
                    answers.iter().filter(|a| a.proof.is_some()).count()
                )?;
            }
        }
    }
    out.flush()?;
    Ok(match status {
        "solved" => EXIT_OK,
        "unsolvable" => EXIT_UNSOLVABLE,
        _ => EXIT_UNKNOWN,
    })
}

/// What the cubes cost in CPU, and when N machines, one cube each, started together and
/// stopped as soon as the answer is known, would have had it (the projection of
/// `docs/cube.md`: each answer's `cpu` holds its own split, as `solve --cube K/N` runs it).
struct CpuAccount {
    /// CPU seconds over the answers merged.
    sum: f64,
    /// The slowest cube and its CPU.
    slowest: (Shard, f64),
    /// When the answer is known on N machines, where the answers tell: the slowest cube
    /// for "unsolvable", "unique" and exact counts; the fastest cube with a solution for a
    /// first solution; for "not unique", the sooner of a cube with two solutions and the
    /// second cube with one (a cube's answer comes at its end, so this is an upper bound).
    answer_after: Option<f64>,
    /// CPU of the N machines stopped at `answer_after`: each cube's up to then, and for a
    /// missing cube (`--partial`) at most `answer_after`.
    at_answer: Option<f64>,
    /// Cubes missing, counted at most `answer_after` each in `at_answer`.
    missing: usize,
}

/// The CPU account of the answers, or `None` when one of them has no `cpu` (answers of an
/// older satcover, or a system whose clocks it cannot read).
fn cpu_account(
    answers: &[Answer],
    n: usize,
    status: &str,
    complete: bool,
    asked_unique: bool,
) -> Option<CpuAccount> {
    let cpu: Vec<f64> = answers.iter().map(|a| a.cpu).collect::<Option<_>>()?;
    let (slowest, &max) = cpu.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1))?;
    let mut solved: Vec<f64> = answers
        .iter()
        .zip(&cpu)
        .filter(|(a, _)| a.count >= 1)
        .map(|(_, &t)| t)
        .collect();
    solved.sort_by(f64::total_cmp);
    let two_in_one = answers
        .iter()
        .zip(&cpu)
        .filter(|(a, _)| a.count >= 2)
        .map(|(_, &t)| t)
        .min_by(f64::total_cmp);
    let answer_after = match status {
        "unsolvable" => Some(max),
        "solved" if complete => Some(max),
        "solved" if asked_unique => match (two_in_one, solved.get(1)) {
            (Some(a), Some(&b)) => Some(a.min(b)),
            (a, b) => a.or(b.copied()),
        },
        "solved" => solved.first().copied(),
        _ => None,
    };
    let missing = n.saturating_sub(answers.len());
    let at_answer =
        answer_after.map(|t| cpu.iter().map(|&c| c.min(t)).sum::<f64>() + missing as f64 * t);
    Some(CpuAccount {
        sum: cpu.iter().sum(),
        slowest: (answers[slowest].part, max),
        answer_after,
        at_answer,
        missing,
    })
}

impl CpuAccount {
    fn json(&self) -> CpuJson {
        CpuJson {
            sum: self.sum,
            slowest: SlowestCube {
                cube: self.slowest.0.to_string(),
                cpu: self.slowest.1,
            },
            answer_after: self.answer_after,
            at_answer: self.at_answer,
            at_answer_bound: self.missing > 0,
        }
    }

    /// One or two lines, each to be prefixed with the puzzle's label.
    fn text(&self, n: usize) -> Vec<String> {
        let mut lines = vec![format!(
            "cube CPU {:.3} s in all, the slowest {:.3} s (cube {})",
            self.sum, self.slowest.1, self.slowest.0
        )];
        if let (Some(after), Some(cpu)) = (self.answer_after, self.at_answer) {
            let at_most = if self.missing > 0 { "at most " } else { "" };
            lines.push(format!(
                "on {n} machines, one cube each, the answer after {after:.3} s and \
                 {at_most}{cpu:.3} s of CPU in all when they stop at it"
            ));
        }
        lines
    }
}

/// A solution's JSON as text: rows of strings one per line (nonograms), rows of numbers
/// space-separated (grids), anything else as compact JSON.
fn solution_text(solution: &Value) -> String {
    let Some(rows) = solution.as_array() else {
        return solution.to_string();
    };
    rows.iter()
        .map(|row| match row {
            Value::String(s) => s.clone(),
            Value::Array(cells) => cells
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where two grid-shaped solutions (rows of strings or of values) differ, 1-based.
fn grid_differences(a: &Value, b: &Value) -> Option<String> {
    let cells = |v: &Value| -> Option<Vec<Vec<String>>> {
        v.as_array()?
            .iter()
            .map(|row| match row {
                Value::String(s) => Some(s.chars().map(String::from).collect()),
                Value::Array(cells) => Some(cells.iter().map(Value::to_string).collect()),
                _ => None,
            })
            .collect()
    };
    let (a, b) = (cells(a)?, cells(b)?);
    let mut differ = Vec::new();
    for (r, (x, y)) in a.iter().zip(&b).enumerate() {
        for (c, (u, v)) in x.iter().zip(y).enumerate() {
            if u != v {
                differ.push(format!("r{}c{} {u}/{v}", r + 1, c + 1));
            }
        }
    }
    Some(format!(
        "{} cells differ: {}",
        differ.len(),
        differ.join(", ")
    ))
}
