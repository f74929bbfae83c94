//! `satcover bench`: collections through each backend — throughput and percentiles.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use schemars::JsonSchema;
use serde::Serialize;

use satcover::bench::{self, Proved, Shard, Summary};
use satcover::input::{self, Entry, InputError};
use satcover::puzzle::Threads;
use satcover::puzzle::{Backend, Kind, Render, Request};

use super::compare::human;
use super::solve::schema::{BackendShape, BenchSchema, ProvedShape};
use super::{EXIT_ERROR, EXIT_OK};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A file of puzzles, or a folder of such files (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Backends to run, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "auto")]
    pub backend: Vec<Backend>,
    /// The SAT binary for the external backend, e.g. `cadical` (no shell); auto adds it to
    /// its race.
    #[arg(long, value_name = "CMD", value_parser = super::parse_solver)]
    pub solver: Option<satcover::sat::SatBackend>,
    /// Threads in all: puzzles solved at once, and the engines `auto` races count against it.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Prove uniqueness (search for a second solution) instead of stopping at the first.
    #[arg(long)]
    pub unique: bool,
    /// Per-puzzle time budget in seconds.
    #[arg(long, value_name = "S", value_parser = super::parse_timeout)]
    pub timeout: Option<Duration>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// A table for people; JSON Lines (one object a backend, with every puzzle's time
    /// under --shard), CSV or a Markdown table for programs and reports.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    /// Stop after the first N puzzles of the collection.
    #[arg(long, value_name = "N", value_parser = parse_first)]
    pub first: Option<usize>,
    /// Run only shard K of N (1 <= K <= N): every N-th puzzle from the K-th, after
    /// --first. JSON results of all N shards merge with --merge.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Run cube K of N of every puzzle instead of the puzzle (1 <= K <= N; see `satcover
    /// cube`); a puzzle whose split made fewer than K cubes is left out (said on stderr).
    #[arg(long, value_name = "K/N", value_parser = super::cube::parse_cube)]
    pub cube: Option<Shard>,
    /// Read the paths as JSON results of `bench --shard K/N --format json` and print
    /// them merged into one report, one row per backend.
    #[arg(long, conflicts_with_all = [
        "shard", "cube", "first", "backend", "solver", "jobs", "unique", "timeout", "kind",
        "encoding", "presolve",
    ])]
    pub merge: bool,
    #[command(flatten)]
    pub encode: super::EncodeArgs,
}

/// `--first N`: a count of puzzles, at least 1 (`--first 0` would run nothing).
fn parse_first(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("the number of puzzles must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a number of puzzles")),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    Text,
    Json,
    Csv,
    Markdown,
}

/// Every file under `path`, sorted; hidden files and notes (`.md`) skipped.
fn collect_files(path: &Path, files: &mut Vec<PathBuf>) -> Result<(), InputError> {
    let name = path.display().to_string();
    let metadata = std::fs::metadata(path)
        .map_err(|e| InputError::whole_file(&name, format!("cannot read: {e}")))?;
    if !metadata.is_dir() {
        files.push(path.to_path_buf());
        return Ok(());
    }
    let mut children: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| InputError::whole_file(&name, format!("cannot list: {e}")))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let file_name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !file_name.starts_with('.') && !file_name.ends_with(".md")
        })
        .collect();
    children.sort();
    for child in children {
        collect_files(&child, files)?;
    }
    Ok(())
}

pub fn run(args: &BenchArgs) -> Result<u8> {
    if args.merge {
        return merge(args);
    }
    if args.backend.contains(&Backend::External) && args.solver.is_none() {
        bail!("benchmarking the external backend needs --solver CMD (e.g. --solver cadical)");
    }
    super::check_solver(args.solver.is_some(), &args.backend)?;
    args.encode.check_backends(&args.backend)?;
    let mut files = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    for path in &args.paths {
        if let Err(error) = collect_files(path, &mut files) {
            bail!("{error}");
        }
    }
    if files.is_empty() {
        bail!(
            "no puzzle files in {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut kinds: Vec<(Kind, usize)> = Vec::new();
    for file in &files {
        let source = file.display().to_string();
        match input::read_source(&source) {
            Ok(text) => {
                let loaded = super::load(&source, &text, args.kind);
                args.encode.check_entries(&loaded, &source)?;
                if let Some(Ok(puzzle)) = loaded.first().map(|e| &e.puzzle) {
                    match kinds.iter_mut().find(|(k, _)| *k == puzzle.kind()) {
                        Some((_, n)) => *n += 1,
                        None => kinds.push((puzzle.kind(), 1)),
                    }
                }
                entries.extend(loaded);
            }
            Err(error) => entries.push(Entry {
                label: source,
                puzzle: Err(error),
            }),
        }
    }
    if kinds.len() > 1 {
        let list: Vec<String> = kinds
            .iter()
            .map(|(k, n)| format!("{k} ({n} files)"))
            .collect();
        eprintln!(
            "satcover: note: mixed kinds: {}; each file is read as its own kind",
            list.join(", ")
        );
    }
    if let Some(first) = args.first {
        entries.truncate(first);
    }
    if let Some(shard) = args.shard {
        entries = entries
            .into_iter()
            .enumerate()
            .filter(|(position, _)| shard.takes(*position))
            .map(|(_, entry)| entry)
            .collect();
    }
    if let Some(part) = args.cube {
        let mut empty = 0;
        entries = super::cube::cube_entries(entries, part, None, &args.encode.options())?
            .into_iter()
            .filter_map(|cube| match cube {
                super::cube::CubeEntry::Cube(entry, _)
                | super::cube::CubeEntry::Unreadable(entry) => Some(entry),
                super::cube::CubeEntry::Empty { .. } => {
                    empty += 1;
                    None
                }
            })
            .collect();
        if empty > 0 {
            eprintln!(
                "satcover: note: cube {part} is empty for {empty} puzzles (their split made fewer \
                 cubes); they are left out"
            );
        }
    }
    let mut request = if args.unique {
        Request::unique()
    } else {
        Request::first()
    };
    request.keep = request.keep.min(2);
    request.render = Render::None;
    request.timeout = args.timeout;
    request.external = args.solver.clone();
    request.encode = args.encode.options();
    // `jobs` workers solve puzzles; the ones without a puzzle lend their thread to races.
    let jobs = args.jobs as usize;
    request.threads = Threads::spare(jobs - jobs.min(entries.len()));

    // Puzzles that could not be read are an error on every backend's row, but said once.
    let unreadable: Vec<String> = entries
        .iter()
        .filter_map(|entry| entry.puzzle.as_ref().err().map(ToString::to_string))
        .collect();
    report_errors(&unreadable, unreadable.len(), "");
    let mut summaries = Vec::new();
    for &backend in &args.backend {
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(entries.len() as u64);
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix:>8} [{bar:40}] {pos}/{len} {per_sec} eta {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar.set_prefix(backend.to_string());
            bar
        } else {
            ProgressBar::hidden()
        };
        let summary = bench::run(&entries, backend, &request, args.jobs as usize, &|| {
            bar.inc(1)
        })?;
        bar.finish_and_clear();
        let own: Vec<String> = summary
            .first_errors
            .iter()
            .filter(|error| !unreadable.contains(error))
            .cloned()
            .collect();
        let others = format!(" on {backend}");
        report_errors(&own, summary.errors - unreadable.len(), &others);
        summaries.push(summary);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    print(&mut out, &summaries, args, args.unique)?;
    let failed = summaries.iter().any(|s| s.errors > 0);
    Ok(if failed { EXIT_ERROR } else { EXIT_OK })
}

/// The first few of `total` errors on standard error, then how many more (`where`: which
/// backend they were on, or empty).
fn report_errors(first: &[String], total: usize, r#where: &str) {
    const SHOWN: usize = 5;
    for error in first.iter().take(SHOWN) {
        eprintln!("satcover: error: {error}");
    }
    let shown = first.len().min(SHOWN);
    if total > shown {
        eprintln!(
            "satcover: error: ... and {} more errors{where}",
            total - shown
        );
    }
}

/// `--merge`: shard results in, one report out.
fn merge(args: &BenchArgs) -> Result<u8> {
    let mut parts = Vec::new();
    for path in &args.paths {
        let name = path.display().to_string();
        let text = input::read_source(&name).map_err(|e| anyhow::anyhow!("{e}"))?;
        let results =
            bench::parse_shard_results(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        parts.extend(results);
    }
    let merged = bench::merge(&parts)?;
    let unique = merged.iter().any(|(_, unique)| *unique);
    let summaries: Vec<Summary> = merged.into_iter().map(|(s, _)| s).collect();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    print(&mut out, &summaries, args, unique)?;
    let failed = summaries.iter().any(|s| s.errors > 0);
    Ok(if failed { EXIT_ERROR } else { EXIT_OK })
}

fn print(
    out: &mut impl Write,
    summaries: &[Summary],
    args: &BenchArgs,
    unique: bool,
) -> Result<()> {
    // With --unique, what the searches proved goes after `errors`: unique, not unique
    // and unknown (unsolvable is already a column, and the same count).
    let proved = if unique {
        &["unique", "not unique", "unknown"][..]
    } else {
        &[]
    };
    let header: Vec<&str> = [
        &[
            "backend",
            "puzzles",
            "solved",
            "unsolvable",
            "timed out",
            "unsupported",
            "errors",
        ][..],
        proved,
        &["puzzles/s", "p50", "p90", "p99", "max"],
    ]
    .concat();
    let proved_cells = |s: &Summary| -> Vec<String> {
        if unique {
            [s.proved.unique, s.proved.not_unique, s.proved.unknown]
                .map(|n| n.to_string())
                .to_vec()
        } else {
            Vec::new()
        }
    };
    let row = |s: &Summary| -> Vec<String> {
        // No time to report when no puzzle was answered (all unsupported or errors).
        let time = |d: Duration| {
            if s.solved + s.unsolvable + s.timed_out == 0 {
                "-".to_string()
            } else {
                human(d)
            }
        };
        let mut cells = vec![
            s.backend.to_string(),
            s.puzzles.to_string(),
            s.solved.to_string(),
            s.unsolvable.to_string(),
            s.timed_out.to_string(),
            s.unsupported.to_string(),
            s.errors.to_string(),
        ];
        cells.extend(proved_cells(s));
        cells.extend([
            format!("{:.1}", s.per_second),
            time(s.p50),
            time(s.p90),
            time(s.p99),
            time(s.max),
        ]);
        cells
    };
    match args.format {
        TableFormat::Json => {
            for s in summaries {
                serde_json::to_writer(&mut *out, &BenchLine::of(s, args, unique))?;
                writeln!(out)?;
            }
        }
        TableFormat::Csv => {
            let proved_header = if unique {
                "unique,not_unique,unknown,"
            } else {
                ""
            };
            writeln!(
                out,
                "backend,puzzles,solved,unsolvable,timed_out,unsupported,errors,{proved_header}puzzles_per_s,p50_s,p90_s,p99_s,max_s"
            )?;
            for s in summaries {
                let proved: String = proved_cells(s).iter().map(|c| format!("{c},")).collect();
                writeln!(
                    out,
                    "{},{},{},{},{},{},{},{}{:.3},{:.9},{:.9},{:.9},{:.9}",
                    s.backend,
                    s.puzzles,
                    s.solved,
                    s.unsolvable,
                    s.timed_out,
                    s.unsupported,
                    s.errors,
                    proved,
                    s.per_second,
                    s.p50.as_secs_f64(),
                    s.p90.as_secs_f64(),
                    s.p99.as_secs_f64(),
                    s.max.as_secs_f64()
                )?;
            }
        }
        TableFormat::Markdown => {
            writeln!(out, "| {} |", header.join(" | "))?;
            let align: Vec<&str> = header
                .iter()
                .enumerate()
                .map(|(i, _)| if i == 0 { "---" } else { "---:" })
                .collect();
            writeln!(out, "|{}|", align.join("|"))?;
            for s in summaries {
                writeln!(out, "| {} |", row(s).join(" | "))?;
            }
        }
        TableFormat::Text => {
            let mut rows: Vec<Vec<String>> = vec![header.iter().map(|h| h.to_string()).collect()];
            rows.extend(summaries.iter().map(row));
            let widths: Vec<usize> = (0..header.len())
                .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
                .collect();
            for r in &rows {
                let cells: Vec<String> = r
                    .iter()
                    .enumerate()
                    .map(|(c, cell)| {
                        if c == 0 {
                            format!("{cell:<w$}", w = widths[c])
                        } else {
                            format!("{cell:>w$}", w = widths[c])
                        }
                    })
                    .collect();
                writeln!(out, "{}", cells.join("  "))?;
            }
        }
    }
    Ok(())
}

/// `bench --format json`: one line a backend (schema `satcover/bench/1`); `bench --merge`
/// reads the lines of sharded runs back. Times in seconds.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BenchLine<'a> {
    pub schema: BenchSchema,
    #[schemars(with = "BackendShape")]
    pub backend: Backend,
    /// Puzzles attempted (every entry of the collection, or of the shard).
    pub puzzles: usize,
    /// Answered with a solution.
    pub solved: usize,
    /// Proved to have none.
    pub unsolvable: usize,
    /// Left unknown when the per-puzzle timeout ran out.
    pub timed_out: usize,
    /// Not taken by this backend.
    pub unsupported: usize,
    /// Could not be read, or the backend failed on them.
    pub errors: usize,
    /// With `--unique` only: what the searches proved (counting to one proves nothing
    /// about uniqueness).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<ProvedShape>")]
    pub proved: Option<Proved>,
    /// Wall time of the whole pass.
    pub wall: f64,
    /// Answered puzzles per second of wall time.
    pub per_second: f64,
    /// Median time per answered puzzle.
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    /// The slowest answered puzzle.
    pub max: f64,
    /// The first few errors, with their puzzles.
    pub first_errors: &'a [String],
    /// Threads the puzzles ran on.
    pub jobs: u32,
    /// Whether each search counted to two (`--unique`).
    pub unique: bool,
    /// With `--shard K/N`: which shard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// With `--shard K/N`: every answered puzzle's time, sorted (what `--merge` needs for
    /// exact percentiles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times: Option<Vec<f64>>,
}

impl<'a> BenchLine<'a> {
    fn of(s: &'a Summary, args: &BenchArgs, unique: bool) -> BenchLine<'a> {
        let seconds = |d: Duration| d.as_secs_f64();
        BenchLine {
            schema: BenchSchema,
            backend: s.backend,
            puzzles: s.puzzles,
            solved: s.solved,
            unsolvable: s.unsolvable,
            timed_out: s.timed_out,
            unsupported: s.unsupported,
            errors: s.errors,
            proved: unique.then_some(s.proved),
            wall: seconds(s.wall),
            per_second: s.per_second,
            p50: seconds(s.p50),
            p90: seconds(s.p90),
            p99: seconds(s.p99),
            max: seconds(s.max),
            first_errors: &s.first_errors,
            jobs: args.jobs,
            unique,
            shard: args.shard.map(|shard| shard.to_string()),
            times: args
                .shard
                .map(|_| s.times.iter().copied().map(seconds).collect()),
        }
    }
}
