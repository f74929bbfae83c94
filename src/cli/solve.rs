//! `satcover solve`: answer every puzzle of every file, in order (how an answer is printed:
//! `solve/print.rs`).

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde_json::json;

use satcover::facade::{AnyPuzzle, Report};
use satcover::input::{self, Entry, InputError};
use satcover::portfolio::{NATIVE_BUDGET, Plan};
use satcover::puzzle::{Backend, Kind, Render, Request, Stats, Status};
use satcover::puzzles::sudoku::{self, collection};
use satcover::stop::Stop;

use super::{EXIT_ERROR, EXIT_OK, EXIT_SATISFIABLE, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

mod json;
mod print;
pub(crate) mod schema;
use print::{Listing, plural, print_json, print_json_error, print_text};
pub use print::{Printing, print_report};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Puzzle files (`-` for standard input); a file may hold many puzzles.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// How to solve [default: auto: native first, then the engines that fit race; see README].
    #[arg(long, value_enum)]
    pub backend: Option<Backend>,
    /// The SAT binary for `--backend external`, e.g. `cadical` or "kissat -q" (no shell);
    /// auto adds it to its race. Not with native, sat or dlx.
    #[arg(long, value_name = "CMD", value_parser = super::parse_solver)]
    pub solver: Option<satcover::sat::SatBackend>,
    /// Count every solution (prints the count, not the solutions).
    #[arg(long, group = "how_many")]
    pub count: bool,
    /// Print every solution.
    #[arg(long, group = "how_many")]
    pub all: bool,
    /// Print up to N solutions.
    #[arg(long, value_name = "N", group = "how_many")]
    pub limit: Option<u64>,
    /// Decide "exactly one solution?": search for a second one and show where they differ.
    #[arg(long)]
    pub unique: bool,
    /// Text for people, JSON Lines for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print times, sizes and search effort for every puzzle.
    #[arg(long)]
    pub stats: bool,
    /// Answer only shard K of N (1 <= K <= N): every N-th puzzle from the K-th, counted
    /// over all the files in order (as `bench --shard`).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<satcover::bench::Shard>,
    /// Answer only cube K of N of each puzzle (1 <= K <= N): the puzzle with that cube's
    /// cells as givens (see `satcover cube`); `satcover merge` combines the N JSON answers.
    /// The JSON answer's `cpu` is the cube's CPU seconds, the split's and an external
    /// solver's included.
    #[arg(long, value_name = "K/N", value_parser = super::cube::parse_cube,
          conflicts_with_all = ["cubes", "shard", "all", "limit"])]
    pub cube: Option<satcover::bench::Shard>,
    /// With --cube: take the cubes from the iCNF `satcover cube` wrote instead of
    /// splitting again (checked against the puzzle and the encoding).
    #[arg(long, value_name = "FILE", requires = "cube")]
    pub cube_file: Option<String>,
    /// Split each puzzle into N cubes and solve them on --jobs threads, all stopped once
    /// the answer is known; a puzzle the plain solve decides within 1.5 s is not split.
    #[arg(long, value_name = "N", value_parser = super::cube::parse_count,
          conflicts_with_all = ["all", "limit", "proof", "shard"])]
    pub cubes: Option<usize>,
    /// Threads for --cubes [default: the machine's cores].
    #[arg(long, value_name = "J", requires = "cubes",
          value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Give up on a puzzle after S seconds (it is then "unknown").
    #[arg(long, value_name = "S", value_parser = super::parse_timeout)]
    pub timeout: Option<Duration>,
    /// Write the DRAT proof behind "unsolvable" and, with --unique, behind "unique" to FILE
    /// (sat backend; one puzzle per run; not with --count, --all or --limit).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<std::path::PathBuf>,
    /// Replay the proof with the independent checker before reporting it.
    #[arg(long, requires = "proof")]
    pub check_proof: bool,
    #[command(flatten)]
    pub encode: super::EncodeArgs,
    /// The sat backend (and auto's sat contender) solves the whole CNF that `export`
    /// writes, not the kind's own incremental session (the lazy connectivity cuts of
    /// slitherlink, nurikabe and the other region and loop genres; sudoku's kept solver).
    #[arg(long)]
    pub eager: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

impl SolveArgs {
    /// Flags that do not apply to the backend or to what is asked are errors that name
    /// what they apply to (`--encoding`/`--presolve` are checked against each file's kind
    /// once it is read).
    fn refuse_what_does_not_apply(&self) -> Result<()> {
        let backend = [self.backend.unwrap_or(Backend::Auto)];
        super::check_solver(self.solver.is_some(), &backend)?;
        self.encode.check_backends(&backend)?;
        if self.eager && !matches!(backend[0], Backend::Sat | Backend::Auto) {
            anyhow::bail!(
                "--eager applies to the sat backend and to auto, which races it; {} always \
                 solves {}",
                backend[0],
                if backend[0] == Backend::External {
                    "the whole CNF"
                } else {
                    "without a CNF"
                }
            );
        }
        if self.proof.is_some() && (self.count || self.all || self.limit.is_some()) {
            anyhow::bail!(
                "--proof backs \"unsolvable\" and, with --unique, \"unique\"; it proves no \
                 count or list of solutions: drop --count, --all and --limit (add --unique \
                 for a proof that the solution is the only one)"
            );
        }
        Ok(())
    }

    fn request(&self) -> Request {
        let mut request = if self.count {
            Request::count()
        } else if self.all {
            Request::all()
        } else if let Some(n) = self.limit {
            Request::limit(n)
        } else {
            Request::first()
        };
        if self.unique {
            request.max_solutions = request.max_solutions.map(|m| m.max(2));
            request.keep = request.keep.max(2);
        }
        request.timeout = self.timeout;
        request.external = self.solver.clone();
        request.encode = self.encode.options();
        request.eager = self.eager;
        request.proof = self.proof.clone().map(|path| satcover::sat::ProofTarget {
            path,
            check: self.check_proof,
        });
        request.render = match self.format {
            Format::Text => Render::Text,
            Format::Json => Render::Json,
        };
        request
    }
}

/// What happened over all puzzles, for the exit code.
#[derive(Default)]
struct Tally {
    errors: usize,
    solved: usize,
    unsolvable: usize,
    unknown: usize,
    /// Answers to raw DIMACS inputs, which exit as SAT solvers do (10 / 20).
    raw_cnf: usize,
}

impl Tally {
    fn exit_code(&self) -> u8 {
        let answered = self.solved + self.unsolvable + self.unknown;
        if self.errors == 0 && answered > 0 && self.raw_cnf == answered {
            return if self.unsolvable > 0 {
                EXIT_UNSOLVABLE
            } else if self.unknown > 0 {
                EXIT_OK
            } else {
                EXIT_SATISFIABLE
            };
        }
        if self.errors > 0 {
            EXIT_ERROR
        } else if self.unsolvable > 0 {
            EXIT_UNSOLVABLE
        } else if self.unknown > 0 {
            EXIT_UNKNOWN
        } else {
            EXIT_OK
        }
    }
}

pub fn run(args: &SolveArgs) -> Result<u8> {
    if args.backend == Some(Backend::External) && args.solver.is_none() {
        anyhow::bail!("--backend external needs --solver CMD (e.g. --solver cadical)");
    }
    if args.limit == Some(0) {
        anyhow::bail!("--limit must be at least 1");
    }
    args.refuse_what_does_not_apply()?;
    let request = args.request();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut position = 0;
    // Encoding choices are checked against each file's first puzzle, which the fast path
    // never builds (and no sudoku takes them).
    let fast = fast_path_applies(args) && args.encode.given().is_none();
    for file in &args.files {
        let parse_start = Instant::now();
        let text = input::read_source(file);
        // The kind, detected once: the fast path's test and the reader share it.
        let kind = match (&text, args.kind) {
            (Ok(text), None) => Some(input::detect_kind(file, text)),
            (_, given) => given,
        };
        if let Ok(text) = &text
            && fast
            && kind == Some(Kind::SUDOKU)
            && sudoku::is_collection(text)
        {
            let mut run = Collection9::new(file, args, &request);
            run.answer_all(text, &mut position, &mut out, &mut tally)?;
            continue;
        }
        let entries = match text {
            Ok(text) => super::load(file, &text, kind),
            Err(error) => vec![Entry {
                label: input::display_name(file),
                puzzle: Err(error),
            }],
        };
        args.encode.check_entries(&entries, file)?;
        let parse_each = parse_start.elapsed() / u32::try_from(entries.len().max(1)).unwrap_or(1);
        if args.proof.is_some() && (entries.len() > 1 || args.files.len() > 1) {
            anyhow::bail!(
                "--proof writes one proof: give one puzzle ({} holds {})",
                input::display_name(file),
                entries.len()
            );
        }
        for entry in entries {
            if interrupt_requested() {
                break;
            }
            position += 1;
            if args.shard.is_some_and(|shard| !shard.takes(position - 1)) {
                continue;
            }
            match (args.cube, args.cubes) {
                (Some(part), _) => {
                    answer_cube(
                        entry, part, args, &request, parse_each, &mut out, &mut tally,
                    )?;
                }
                (None, Some(n)) => conquer(&entry, n, args, &request, &mut out, &mut tally)?,
                (None, None) => {
                    answer(
                        &entry,
                        args,
                        &request,
                        parse_each,
                        &mut out,
                        &mut tally,
                        &[],
                        None,
                    )?;
                }
            }
        }
    }
    out.flush()?;
    Ok(tally.exit_code())
}

/// Whether `solve` may answer the plain lines of 9×9 collections on the fast path
/// (`Collection9`): text without stats, the native engine (alone, or as `auto` runs it
/// first), and nothing that needs the pipeline's `Report`: no timeout, proof or
/// external solver.
fn fast_path_applies(args: &SolveArgs) -> bool {
    args.format == Format::Text
        && !args.stats
        && args.timeout.is_none()
        && args.proof.is_none()
        && args.solver.is_none()
        && args.cube.is_none()
        && args.cubes.is_none()
        && matches!(args.backend, None | Some(Backend::Native | Backend::Auto))
}

/// One 9×9 collection file answered line by line without a puzzle object, a `Report` or
/// a label `String` per puzzle; it prints exactly what [`answer`] prints
/// (tests/it/collection9.rs compares the two). A line that is not plain, a grid without
/// solution (clashing givens have a reason that names cells), a search `auto` would give
/// up on and a solution the checker rejects all go to [`answer`] instead.
struct Collection9<'a> {
    name: String,
    args: &'a SolveArgs,
    request: &'a Request,
    printing: Printing,
    /// `auto` runs native alone for its budget first and races the other engines only
    /// when that runs out: such a grid goes to the general path.
    budget: Option<Duration>,
    max: u64,
    answer: collection::Answer9,
    /// `name:line`, rebuilt in place for every puzzle.
    label: Vec<u8>,
    /// One puzzle's text, written out at once.
    text: Vec<u8>,
}

impl<'a> Collection9<'a> {
    fn new(file: &str, args: &'a SolveArgs, request: &'a Request) -> Collection9<'a> {
        let budget = (args.backend != Some(Backend::Native)).then_some(NATIVE_BUDGET);
        Collection9 {
            name: input::display_name(file),
            args,
            request,
            printing: Printing::of(args),
            budget,
            max: request.max_solutions.unwrap_or(u64::MAX),
            answer: collection::Answer9::default(),
            label: Vec::new(),
            text: Vec::new(),
        }
    }

    fn answer_all(
        &mut self,
        text: &str,
        position: &mut usize,
        out: &mut impl Write,
        tally: &mut Tally,
    ) -> Result<()> {
        for (i, line) in text.lines().enumerate() {
            let givens = collection::plain_line(line.as_bytes());
            if givens.is_none() {
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
            }
            *position += 1;
            if self
                .args
                .shard
                .is_some_and(|shard| !shard.takes(*position - 1))
            {
                continue;
            }
            let number = i + 1;
            let answered = givens.is_some_and(|givens| self.search(&givens));
            if answered {
                self.print(number, out, tally)?;
            } else {
                let entry = Entry {
                    label: format!("{}:{number}", self.name),
                    puzzle: sudoku::parse_collection_line(number, line)
                        .map(|p| Box::new(p) as Box<dyn AnyPuzzle>)
                        .map_err(|e| InputError::parse(&self.name, e)),
                };
                answer(
                    &entry,
                    self.args,
                    self.request,
                    Duration::ZERO,
                    out,
                    tally,
                    &[],
                    None,
                )?;
            }
        }
        Ok(())
    }

    /// Solves and checks one grid; false when the general path must answer it: no
    /// solution (the pipeline names clashing givens), out of budget, or rejected by the
    /// checker.
    fn search(&mut self, givens: &[u8; 81]) -> bool {
        let stop = self
            .budget
            .map_or_else(Stop::never, |b| Stop::after(Some(b)));
        collection::solve(givens, self.max, self.request.keep, &stop, &mut self.answer);
        self.answer.count > 0 && !self.answer.timed_out && self.answer.checked(givens)
    }

    /// The answer as `print_text` writes it for a 9×9 line puzzle.
    fn print(&mut self, number: usize, out: &mut impl Write, tally: &mut Tally) -> Result<()> {
        let (answer, args, text) = (&self.answer, &self.printing, &mut self.text);
        self.label.clear();
        write!(self.label, "{}:{number}", self.name)?;
        let label = &self.label[..];
        text.clear();
        let counted = |text: &mut Vec<u8>| -> std::io::Result<()> {
            let at_least = if answer.complete { "" } else { "at least " };
            text.extend_from_slice(label);
            let count = answer.count;
            writeln!(text, ": {at_least}{count} solution{}", plural(count))
        };
        // Solved: grids without solution take the general path.
        tally.solved += 1;
        if args.count {
            counted(text)?;
        } else {
            for solution in &answer.solutions {
                text.extend_from_slice(&collection::line_bytes(solution));
            }
            if args.all || args.limit.is_some() {
                counted(text)?;
            }
        }
        if args.unique {
            let verdict: &[u8] = match (answer.count, answer.complete) {
                (1, true) => b": unique\n",
                (c, _) if c >= 2 => b": not unique\n",
                _ => b": uniqueness unknown (timed out)\n",
            };
            text.extend_from_slice(label);
            text.extend_from_slice(verdict);
            if let [a, b, ..] = answer.solutions.as_slice() {
                let cells: Vec<String> = (0..81)
                    .filter(|&i| a[i] != b[i])
                    .map(|i| format!("r{}c{} {}/{}", i / 9 + 1, i % 9 + 1, a[i], b[i]))
                    .collect();
                text.extend_from_slice(label);
                writeln!(text, ": {} cells differ: {}", cells.len(), cells.join(", "))?;
            }
        }
        out.write_all(text)?;
        Ok(())
    }
}

/// The `cpu` field of a cube's JSON answer: seconds of CPU (user + system, this process
/// and the solver processes it waited for) since `since`.
fn cpu_field(since: Option<Duration>) -> Option<(&'static str, serde_json::Value)> {
    let since = since?;
    let now = satcover::util::cpu::with_children()?;
    Some(("cpu", json!(now.saturating_sub(since).as_secs_f64())))
}

/// Cube `part` of `entry` answered as a puzzle of its own, its JSON answer marked for
/// `merge`; an empty cube is unsolvable without search.
fn answer_cube(
    entry: Entry,
    part: satcover::bench::Shard,
    args: &SolveArgs,
    request: &Request,
    parse_time: Duration,
    out: &mut impl Write,
    tally: &mut Tally,
) -> Result<()> {
    use super::cube::CubeEntry;
    // The cube's CPU, the split's included: what one machine of N spends on it.
    let mark = satcover::util::cpu::with_children();
    let options = args.encode.options();
    let cubes = super::cube::cube_entries(vec![entry], part, args.cube_file.as_deref(), &options)?;
    for cube in cubes {
        match cube {
            CubeEntry::Cube(mut entry, fields) => {
                entry.label = format!("{} cube {part}", entry.label);
                answer(&entry, args, request, parse_time, out, tally, &fields, mark)?;
            }
            CubeEntry::Unreadable(entry) => {
                answer(&entry, args, request, parse_time, out, tally, &[], mark)?;
            }
            CubeEntry::Empty {
                label,
                kind,
                fields,
                reason,
            } => {
                let mut report = Report {
                    kind,
                    outcome: satcover::puzzle::Outcome::contradiction(reason, Stats::default()),
                    differences: None,
                    json_fields: fields,
                };
                report.json_fields.extend(cpu_field(mark));
                let label = format!("{label} cube {part}");
                settle(&label, Ok(report), args, None, out, tally, None)?;
            }
        }
    }
    Ok(())
}

/// `entry` solved by `n` cubes on `--jobs` threads (`src/cube/conquer.rs`); the JSON
/// answer says how, and `--stats` adds a line on the split and the cubes.
fn conquer(
    entry: &Entry,
    n: usize,
    args: &SolveArgs,
    request: &Request,
    out: &mut impl Write,
    tally: &mut Tally,
) -> Result<()> {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |j| j.get()),
        |j| j as usize,
    );
    let result = entry
        .puzzle
        .as_ref()
        .map_err(|e| e.to_string())
        .and_then(|puzzle| {
            let backend = args
                .backend
                .unwrap_or_else(|| puzzle.kind().default_backend());
            puzzle
                .conquer((n, jobs, satcover::cube::EASY_BUDGET), backend, request)
                .map_err(|e| format!("{}: {e}", entry.label))
        })
        .map(|(mut report, spread)| {
            let seconds = |d: Duration| d.as_secs_f64();
            let cpu: Vec<f64> = spread.runs.iter().filter_map(|r| r.cpu).map(seconds).collect();
            let cubes = json::Cubes {
                asked: n,
                made: spread.cubes,
                split: spread.split.map(seconds),
                solved: spread.runs.len(),
                cpu_max: cpu.iter().copied().reduce(f64::max),
                cpu_sum: cpu.iter().sum::<f64>(),
                jobs,
            };
            report
                .json_fields
                .push(("cubes", serde_json::to_value(cubes).unwrap_or_default()));
            let note = args.stats.then(|| match spread.split {
                    None => "the plain solve answered; not split".to_string(),
                    Some(split) => format!(
                        "split into {} cubes (of {n} asked) in {:.3} s; {} solved on {jobs}                          threads; cube CPU: max {:.3} s, sum {:.3} s",
                        spread.cubes,
                        split.as_secs_f64(),
                        spread.runs.len(),
                        cpu.iter().copied().fold(0.0, f64::max),
                        cpu.iter().sum::<f64>()
                    ),
            });
            (report, note)
        });
    let (result, note) = match result {
        Ok((report, note)) => (Ok(report), note),
        Err(e) => (Err(e), None),
    };
    settle(
        &entry.label,
        result,
        args,
        None,
        out,
        tally,
        note.as_deref(),
    )
}

#[allow(clippy::too_many_arguments)]
fn answer(
    entry: &Entry,
    args: &SolveArgs,
    request: &Request,
    parse_time: Duration,
    out: &mut impl Write,
    tally: &mut Tally,
    fields: &[(&'static str, serde_json::Value)],
    cpu_since: Option<Duration>,
) -> Result<()> {
    let streaming = Plan::lists(request);
    let mut listing = Listing::new(&entry.label, args);
    let mut write_error = None;
    let report = entry
        .puzzle
        .as_ref()
        .map_err(|e| e.to_string())
        .and_then(|puzzle| {
            let backend = args
                .backend
                .unwrap_or_else(|| puzzle.kind().default_backend());
            let solved = if streaming {
                let stop = match request.timeout {
                    Some(timeout) => interrupt().child(Instant::now() + timeout),
                    None => interrupt().clone(),
                };
                puzzle.solve_stream(backend, request, &stop, &mut |solution| match listing.take(
                    solution,
                    puzzle.kind(),
                    out,
                ) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(error) => {
                        write_error = Some(error);
                        ControlFlow::Break(())
                    }
                })
            } else {
                puzzle.solve_any(backend, request)
            };
            solved.map_err(|e| format!("{}: {e}", entry.label))
        });
    if let Some(error) = write_error {
        // A closed pipe: the engines are stopped; say nothing more.
        return Err(error.into());
    }
    let listed = if streaming && report.is_ok() {
        Some(listing.finish(out)?)
    } else {
        None
    };
    let report = report.map(|mut report| {
        report.outcome.stats.parse = parse_time;
        report.json_fields.extend_from_slice(fields);
        report.json_fields.extend(cpu_field(cpu_since));
        report
    });
    settle(&entry.label, report, args, listed, out, tally, None)
}

/// Prints one answer (or its error) and counts it for the exit code; `listed` is how many
/// solutions a streamed listing printed already; `note` is a line of text output before
/// the answer (how `--cubes` reached it, with `--stats`).
fn settle(
    label: &str,
    report: std::result::Result<Report, String>,
    args: &SolveArgs,
    listed: Option<u64>,
    out: &mut impl Write,
    tally: &mut Tally,
    note: Option<&str>,
) -> Result<()> {
    match report {
        Err(message) => {
            tally.errors += 1;
            out.flush()?;
            eprintln!("satcover: error: {message}");
            if args.format == Format::Json {
                print_json_error(label, &message, out)?;
            }
        }
        Ok(mut report) => {
            match report.outcome.status {
                Status::Solved if report.outcome.timed_out => tally.unknown += 1,
                Status::Solved => tally.solved += 1,
                Status::Unsolvable => tally.unsolvable += 1,
                Status::Unknown => tally.unknown += 1,
            }
            if report.kind == Kind::CNF {
                tally.raw_cnf += 1;
            }
            let mut printing = Printing::of(args);
            printing.listed = listed;
            if listed.is_some() && interrupt_requested() && !report.outcome.complete {
                report.outcome.timed_out = false;
                printing.interrupted = true;
            }
            if let Some(note) = note.filter(|_| args.format == Format::Text) {
                writeln!(out, "{label}: {note}")?;
            }
            match args.format {
                Format::Text => print_text(label, &report, &printing, out)?,
                Format::Json => print_json(label, &report, &printing, out)?,
            }
        }
    }
    Ok(())
}

/// Whether Ctrl-C stopped a listing: the puzzles after it are not started.
fn interrupt_requested() -> bool {
    INTERRUPT.get().is_some_and(Stop::should_stop)
}

static INTERRUPT: OnceLock<Stop> = OnceLock::new();

/// The Ctrl-C flag: the first Ctrl-C cancels it (the searches stop and what was found is
/// reported, marked incomplete); a second one ends the process at once.
fn interrupt() -> &'static Stop {
    INTERRUPT.get_or_init(|| {
        let stop = Stop::cancellable(None);
        let handler = stop.clone();
        // Without a handler (another one is installed), Ctrl-C ends the process as usual.
        let _ = ctrlc::set_handler(move || {
            if handler.should_stop() {
                std::process::exit(130);
            }
            handler.cancel();
        });
        stop
    })
}
