//! `satcover compare`: every backend on the same puzzles — agreement, time, sizes, effort.

use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;

use satcover::compare::{self, BackendRuns};
use satcover::facade::Report;
use satcover::input;
use satcover::puzzle::{Backend, Kind, Request, Stats, Status};

use super::solve::Format;
use super::solve::schema::{BackendShape, CompareSchema, ErrorStatus, StatsShape, StatusShape};
use super::{EXIT_ERROR, EXIT_OK};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Puzzle files (`-` for standard input).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Backends to compare, comma-separated (default: native,sat,dlx,auto, plus external with --solver).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub backends: Vec<Backend>,
    /// The SAT binary for the external backend, e.g. `cadical` (no shell); auto adds it to
    /// its race.
    #[arg(long, value_name = "CMD", value_parser = super::parse_solver)]
    pub solver: Option<satcover::sat::SatBackend>,
    /// Runs per backend; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
    /// Count every solution instead of stopping at two.
    #[arg(long)]
    pub count: bool,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Give up on a puzzle after S seconds, per backend and run (it is then "unknown").
    #[arg(long, value_name = "S", value_parser = super::parse_timeout)]
    pub timeout: Option<Duration>,
    /// A table for people, JSON Lines (one object a puzzle) for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

pub fn run(args: &CompareArgs) -> Result<u8> {
    let backends = if args.backends.is_empty() {
        let mut all = vec![Backend::Native, Backend::Sat, Backend::Dlx];
        if args.solver.is_some() {
            all.push(Backend::External);
        }
        all.push(Backend::Auto);
        all
    } else {
        args.backends.clone()
    };
    if backends.contains(&Backend::External) && args.solver.is_none() {
        anyhow::bail!("comparing the external backend needs --solver CMD (e.g. --solver cadical)");
    }
    super::check_solver(args.solver.is_some(), &backends)?;
    let mut request = if args.count {
        Request::count()
    } else {
        Request::unique()
    };
    request.timeout = args.timeout;
    request.external = args.solver.clone();

    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for file in &args.files {
        let entries = match input::read_source(file) {
            Ok(text) => super::load(file, &text, args.kind),
            Err(error) => {
                eprintln!("satcover: error: {error}");
                failed = true;
                if args.format == Format::Json {
                    print_json_error(&mut out, &input::display_name(file), &error.to_string())?;
                }
                continue;
            }
        };
        for entry in entries {
            let puzzle = match &entry.puzzle {
                Ok(puzzle) => puzzle,
                Err(error) => {
                    eprintln!("satcover: error: {error}");
                    failed = true;
                    if args.format == Format::Json {
                        print_json_error(&mut out, &entry.label, &error.to_string())?;
                    }
                    continue;
                }
            };
            let runs =
                compare::run_backends(puzzle.as_ref(), &backends, &request, args.runs as usize);
            let answered: Vec<(Backend, &Report)> = runs
                .iter()
                .filter_map(|r| r.result.as_ref().ok().map(|rep| (r.backend, rep)))
                .collect();
            let agreement = compare::agreement(&answered);
            for r in &runs {
                if let Err(e) = &r.result
                    && !r.unsupported()
                {
                    eprintln!("satcover: error: {}: {}: {e}", entry.label, r.backend);
                    failed = true;
                }
            }
            if let Err(why) = &agreement {
                eprintln!("satcover: error: DISAGREEMENT on {}: {why}", entry.label);
                failed = true;
            }
            if args.format == Format::Json {
                print_json(&mut out, &entry.label, &runs, &agreement)?;
            } else {
                print_table(&mut out, &entry.label, puzzle.kind(), &runs, &agreement)?;
            }
        }
    }
    Ok(if failed { EXIT_ERROR } else { EXIT_OK })
}

/// A duration with a unit that keeps 3 significant digits.
pub fn human(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.2} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

fn size(stats: &Stats) -> String {
    match (stats.variables, stats.clauses, stats.items, stats.options) {
        (Some(v), Some(c), _, _) => format!("{v} vars, {c} clauses"),
        (_, _, Some(i), Some(o)) => format!("{i} items, {o} options"),
        _ => "-".to_string(),
    }
}

fn effort(stats: &Stats) -> String {
    let fields = [
        ("calls", stats.solve_calls),
        ("decisions", stats.decisions),
        ("conflicts", stats.conflicts),
        ("nodes", stats.nodes),
        ("updates", stats.updates),
        ("guesses", stats.guesses),
    ];
    let parts: Vec<String> = fields
        .iter()
        .filter_map(|(n, v)| v.map(|v| format!("{n}={v}")))
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(" ")
    }
}

fn count_text(report: &Report) -> String {
    let o = &report.outcome;
    if o.complete {
        o.count.to_string()
    } else {
        format!("{}+", o.count)
    }
}

fn print_table(
    out: &mut impl Write,
    label: &str,
    kind: Kind,
    runs: &[BackendRuns],
    agreement: &Result<(), compare::Disagreement>,
) -> Result<()> {
    let verdict = match agreement {
        Ok(()) => "backends agree".to_string(),
        Err(why) => format!("DISAGREEMENT: {why}"),
    };
    writeln!(out, "{label} ({kind}): {verdict}")?;
    let fastest = runs.iter().filter_map(BackendRuns::median).min();
    // No parse column: the file is read once, before any backend runs, so parsing is no
    // part of a backend's time.
    let header = [
        "backend",
        "status",
        "count",
        "median",
        "min … max",
        "encode",
        "solve",
        "decode",
        "check",
        "size",
        "effort",
        "relative",
    ];
    // A backend that did not answer has a row of two cells and its message.
    let mut rows: Vec<(Vec<String>, Option<String>)> =
        vec![(header.iter().map(|h| h.to_string()).collect(), None)];
    for r in runs {
        let row = match &r.result {
            Ok(report) => {
                let s = &report.outcome.stats;
                let median = r.median().unwrap_or_default();
                let min = r.times.iter().min().copied().unwrap_or_default();
                let max = r.times.iter().max().copied().unwrap_or_default();
                let relative = fastest
                    .filter(|f| !f.is_zero())
                    .map(|f| format!("{:.2}×", median.as_secs_f64() / f.as_secs_f64()))
                    .unwrap_or_else(|| "-".into());
                let backend = match s.winner {
                    Some(winner) => format!("{} ({winner})", r.backend),
                    None => r.backend.to_string(),
                };
                let cells = vec![
                    backend,
                    report.outcome.status.name().to_string(),
                    count_text(report),
                    human(median),
                    format!("{} … {}", human(min), human(max)),
                    human(s.encode),
                    human(s.solve),
                    human(s.decode),
                    human(s.check),
                    size(s),
                    effort(s),
                    relative,
                ];
                (cells, None)
            }
            Err(e) => {
                let what = if r.unsupported() {
                    "unsupported"
                } else {
                    "error"
                };
                let cells = vec![r.backend.to_string(), what.to_string()];
                (cells, Some(e.to_string()))
            }
        };
        rows.push(row);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .filter_map(|(cells, _)| cells.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (cells, message) in &rows {
        let mut line: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(c, cell)| format!("{cell:<w$}", w = widths[c]))
            .collect();
        line.extend(message.clone());
        writeln!(out, "  {}", line.join("  ").trim_end())?;
    }
    Ok(())
}

/// `compare --format json`: one line a puzzle (schema `satcover/compare/1`): how the
/// backends did, or why the puzzle could not be read.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum CompareOutput<'a> {
    Compared(CompareLine<'a>),
    Error(CompareError<'a>),
}

/// A puzzle that could not be read.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CompareError<'a> {
    pub schema: CompareSchema,
    /// The puzzle's label, or the file's name when it cannot be read at all.
    pub puzzle: &'a str,
    pub status: ErrorStatus,
    /// The message also printed on standard error.
    pub error: &'a str,
}

fn print_json_error(out: &mut impl Write, label: &str, message: &str) -> Result<()> {
    let line = CompareError {
        schema: CompareSchema,
        puzzle: label,
        status: ErrorStatus,
        error: message,
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)?;
    Ok(())
}

/// How the backends did on one puzzle.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct CompareLine<'a> {
    pub schema: CompareSchema,
    /// The puzzle's label: `FILE` or `FILE:LINE`.
    pub puzzle: &'a str,
    /// Whether every backend that answered agrees with every other.
    pub agree: bool,
    /// When they do not: which backends say what.
    pub disagreement: Option<&'a str>,
    pub backends: Vec<BackendLine<'a>>,
}

/// One backend's runs on the puzzle: its answer, or why it has none.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub(crate) enum BackendLine<'a> {
    Answered(Answered<'a>),
    Failed(Failed<'a>),
}

/// A backend that answered.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Answered<'a> {
    #[schemars(with = "BackendShape")]
    pub backend: Backend,
    #[schemars(with = "StatusShape")]
    pub status: Status,
    /// Solutions found (stops at two unless `--count`).
    pub count: u64,
    /// Whether `count` is exact.
    pub complete: bool,
    /// The median time of the runs, in seconds.
    pub median: Option<f64>,
    /// Every run's time, in seconds.
    pub times: Vec<f64>,
    /// The first run's statistics.
    #[schemars(with = "StatsShape")]
    pub stats: &'a Stats,
}

/// A backend that does not take the puzzle (`unsupported`) or failed on it (`error`).
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct Failed<'a> {
    #[schemars(with = "BackendShape")]
    pub backend: Backend,
    pub status: FailedStatus,
    pub error: &'a str,
}

#[derive(Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum FailedStatus {
    Unsupported,
    Error,
}

fn print_json(
    out: &mut impl Write,
    label: &str,
    runs: &[BackendRuns],
    agreement: &Result<(), compare::Disagreement>,
) -> Result<()> {
    let errors: Vec<String> = runs
        .iter()
        .map(|r| {
            r.result
                .as_ref()
                .err()
                .map(ToString::to_string)
                .unwrap_or_default()
        })
        .collect();
    let backends = runs
        .iter()
        .zip(&errors)
        .map(|(r, error)| match &r.result {
            Ok(report) => BackendLine::Answered(Answered {
                backend: r.backend,
                status: report.outcome.status,
                count: report.outcome.count,
                complete: report.outcome.complete,
                median: r.median().map(|d| d.as_secs_f64()),
                times: r.times.iter().map(Duration::as_secs_f64).collect(),
                stats: &report.outcome.stats,
            }),
            Err(_) => BackendLine::Failed(Failed {
                backend: r.backend,
                status: if r.unsupported() {
                    FailedStatus::Unsupported
                } else {
                    FailedStatus::Error
                },
                error,
            }),
        })
        .collect();
    let line = CompareLine {
        schema: CompareSchema,
        puzzle: label,
        agree: agreement.is_ok(),
        disagreement: agreement.as_ref().err().map(|d| d.message.as_str()),
        backends,
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)?;
    Ok(())
}
