//! `satcover analyze`: forced cells and exact marginals of every puzzle of every file.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use satcover::analyze::{Analysis, Method, Options};
use satcover::input::{self, Entry};
use satcover::puzzle::{Kind, Status};
use satcover::render;

use super::solve::Format;
use super::solve::schema::{AnalyzeSchema, ErrorStatus, KindShape, StatusShape};
use super::{EXIT_ERROR, EXIT_OK, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Puzzle files (`-` for standard input); a file may hold many puzzles.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// How forced cells are found: auto (native enumeration while the count is small,
    /// then the SAT backbone), sat (backbone by assumptions), native or dlx (enumeration).
    #[arg(long, value_enum, default_value_t = Method::Auto)]
    pub backend: Method,
    /// Text for people, JSON Lines for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Enumerate at most N solutions (marginals, and forced cells by enumeration).
    #[arg(long, value_name = "N", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Exact per-cell probabilities, by enumeration up to --limit.
    #[arg(long)]
    pub marginals: bool,
    /// Give up on a puzzle after S seconds.
    #[arg(long, value_name = "S", value_parser = super::parse_timeout)]
    pub timeout: Option<Duration>,
    /// Draw the first puzzle's forced cells (`?` where cells vary) as PNG.
    #[arg(long, value_name = "OUT")]
    pub png: Option<PathBuf>,
    /// Draw the first puzzle's forced cells as SVG.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Pixels per cell side in pictures.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(8..=200))]
    pub cell: u16,
}

pub fn run(args: &AnalyzeArgs) -> Result<u8> {
    let options = Options {
        method: args.backend,
        limit: args.limit,
        marginals: args.marginals,
        timeout: args.timeout,
        ..Options::default()
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (mut errors, mut unsolvable, mut unknown) = (0, 0, 0);
    let mut drawn = false;
    for file in &args.files {
        let entries = match input::read_source(file) {
            Ok(text) => super::load(file, &text, args.kind),
            Err(error) => vec![Entry {
                label: input::display_name(file),
                puzzle: Err(error),
            }],
        };
        for entry in entries {
            let analysis = entry
                .puzzle
                .as_ref()
                .map_err(|e| e.to_string())
                .and_then(|p| {
                    p.analyze(&options)
                        .map_err(|e| format!("{}: {e}", entry.label))
                });
            let analysis = match analysis {
                Ok(a) => a,
                Err(message) => {
                    errors += 1;
                    out.flush()?;
                    eprintln!("satcover: error: {message}");
                    if args.format == Format::Json {
                        let line = AnalyzeError {
                            schema: AnalyzeSchema,
                            puzzle: &entry.label,
                            status: ErrorStatus,
                            error: &message,
                        };
                        serde_json::to_writer(&mut out, &line)?;
                        writeln!(out)?;
                    }
                    continue;
                }
            };
            match analysis.status {
                Status::Unsolvable => unsolvable += 1,
                Status::Unknown => unknown += 1,
                Status::Solved if !analysis.forced_exact => unknown += 1,
                Status::Solved => {}
            }
            match args.format {
                Format::Text => print_text(&entry.label, &analysis, &mut out)?,
                Format::Json => print_json(&entry.label, &analysis, &mut out)?,
            }
            if !drawn && let Some(picture) = &analysis.picture {
                drawn = true;
                let cell = usize::from(args.cell);
                if args.png.is_some() {
                    super::render::check_png_size(picture, cell)
                        .with_context(|| entry.label.clone())?;
                }
                if let Some(path) = &args.svg {
                    std::fs::write(path, render::to_svg(picture, cell))
                        .with_context(|| format!("cannot write {}", path.display()))?;
                }
                if let Some(path) = &args.png {
                    std::fs::write(path, render::to_png(picture, cell)?)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(if errors > 0 {
        EXIT_ERROR
    } else if unsolvable > 0 {
        EXIT_UNSOLVABLE
    } else if unknown > 0 {
        EXIT_UNKNOWN
    } else {
        EXIT_OK
    })
}

fn print_text(label: &str, a: &Analysis, out: &mut impl Write) -> Result<()> {
    match a.status {
        Status::Unsolvable => {
            let reason = a
                .reason
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            writeln!(out, "{label}: unsolvable{reason}")?;
            return Ok(());
        }
        Status::Unknown => {
            writeln!(out, "{label}: unknown (timed out before a first solution)")?;
            return Ok(());
        }
        Status::Solved => {}
    }
    let cells = a.varying.len();
    let varying = a.num_varying();
    let counted = if a.complete {
        format!(
            "{} solution{}",
            a.solutions_counted,
            plural(a.solutions_counted)
        )
    } else {
        format!("at least {} solutions", a.solutions_counted)
    };
    let proof = if a.forced_exact {
        ""
    } else {
        " (not proved: stopped early; cells not seen to vary are shown)"
    };
    writeln!(
        out,
        "{label}: {} of {cells} cells forced, {varying} vary; {counted}{proof} [{}, {:.1} ms]",
        cells - varying,
        a.method,
        a.time.as_secs_f64() * 1e3
    )?;
    writeln!(out, "{}", a.forced_text())?;
    if let Some(marginals) = a.marginals_json() {
        writeln!(
            out,
            "marginals over {} solution{}{}:",
            a.solutions_counted,
            plural(a.solutions_counted),
            if a.complete {
                " (all)"
            } else {
                " (incomplete: the limit was reached)"
            }
        )?;
        writeln!(out, "{}", marginals_text(&marginals))?;
    }
    Ok(())
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Marginals as text: rows of probabilities (two decimals) for nonograms, one line per
/// cell with value:probability pairs otherwise.
fn marginals_text(m: &serde_json::Value) -> String {
    use serde_json::Value;
    let prob = |v: &Value| format!("{:.2}", v.as_f64().unwrap_or(0.0));
    let pairs = |v: &Value| match v {
        Value::Object(fields) => fields
            .iter()
            .map(|(k, p)| format!("{k}:{}", prob(p)))
            .collect::<Vec<_>>()
            .join(" "),
        other => prob(other),
    };
    match m {
        Value::Array(rows) if rows.iter().all(Value::is_array) => rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let row = row.as_array().map(Vec::as_slice).unwrap_or_default();
                if row.iter().all(Value::is_number) {
                    row.iter().map(prob).collect::<Vec<_>>().join(" ")
                } else {
                    row.iter()
                        .enumerate()
                        .map(|(c, v)| format!("r{}c{}: {}", r + 1, c + 1, pairs(v)))
                        .collect::<Vec<_>>()
                        .join("\n")
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| format!("{k}: {}", pairs(v)))
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

/// `analyze --format json`: one line a puzzle (schema `satcover/analyze/1`).
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum AnalyzeLine<'a> {
    Analysis(AnalysisLine<'a>),
    Error(AnalyzeError<'a>),
}

/// What the solutions of one puzzle share.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisLine<'a> {
    pub schema: AnalyzeSchema,
    /// The puzzle's label: `FILE` or `FILE:LINE`.
    pub puzzle: &'a str,
    #[schemars(with = "KindShape")]
    pub kind: Kind,
    #[schemars(with = "StatusShape")]
    pub status: Status,
    /// The first solution in the kind's JSON form with every cell that varies `null` (`?`
    /// inside strings, such as nonogram rows); `null` without a solution.
    pub forced: Value,
    /// Cells of the puzzle.
    pub cells: usize,
    /// Cells that take more than one value.
    pub varying: usize,
    /// Whether the forced cells are proved (false: a timeout or an unfinished
    /// enumeration left cells that were not seen to vary).
    pub forced_exact: bool,
    /// Distinct solutions seen.
    pub solutions_counted: u64,
    /// Whether that is every solution.
    pub complete: bool,
    /// How the forced cells were found ("sat backbone", "native enumeration", ...).
    pub method: &'a str,
    /// SAT calls of the backbone (0 when enumeration decided).
    pub sat_calls: u64,
    /// Seconds spent on the puzzle.
    pub time: f64,
    /// Why there is no solution, when known without search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'a str>,
    /// With `--marginals`: per cell, the share of the counted solutions holding each
    /// value (nonogram rows: the share where the cell is black).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marginals: Option<Value>,
}

/// A puzzle that could not be read or analysed.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalyzeError<'a> {
    pub schema: AnalyzeSchema,
    pub puzzle: &'a str,
    pub status: ErrorStatus,
    /// The message also printed on standard error.
    pub error: &'a str,
}

fn print_json(label: &str, a: &Analysis, out: &mut impl Write) -> Result<()> {
    let line = AnalysisLine {
        schema: AnalyzeSchema,
        puzzle: label,
        kind: a.kind,
        status: a.status,
        forced: a.forced_json(),
        cells: a.varying.len(),
        varying: a.num_varying(),
        forced_exact: a.forced_exact,
        solutions_counted: a.solutions_counted,
        complete: a.complete,
        method: &a.method,
        sat_calls: a.sat_calls,
        time: a.time.as_secs_f64(),
        reason: a.reason.as_deref(),
        marginals: a.marginals_json(),
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)?;
    Ok(())
}
