//! Command-line definitions (clap) and dispatch; one file per subcommand.

mod analyze;
mod bench;
mod compare;
mod cube;
mod decode;
mod explain;
mod export;
mod generate;
mod merge;
mod render;
mod serve;
mod solve;

use std::process::ExitCode;
use std::time::Duration;

use clap::{ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use satcover::facade::AnyPuzzle;
use satcover::input::{self, Entry};
use satcover::puzzle::{Backend, Kind};

/// The puzzles of one source ([`input::load`]), with what the reader tolerated said on
/// standard error (`satcover: warning: LABEL: …`) for every command alike.
pub(crate) fn load(source: &str, text: &str, kind: Option<Kind>) -> Vec<Entry> {
    let entries = input::load(source, text, kind);
    for entry in &entries {
        if let Ok(puzzle) = &entry.puzzle {
            for warning in puzzle.warnings() {
                eprintln!("satcover: warning: {}: {warning}", entry.label);
            }
        }
    }
    entries
}

/// Exit codes (documented in docs/formats.md).
pub const EXIT_OK: u8 = 0;
pub const EXIT_ERROR: u8 = 1;
pub const EXIT_SATISFIABLE: u8 = 10;
pub const EXIT_UNSOLVABLE: u8 = 20;
pub const EXIT_UNKNOWN: u8 = 30;

#[derive(Parser, Debug)]
#[command(
    name = "satcover",
    version,
    about = "Solve logic puzzles three ways (native, SAT, Dancing Links) and show which way wins"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles: the first solution, a count, all of them, or "exactly one?".
    Solve(Deferred<solve::SolveArgs>),
    /// Write a puzzle as DIMACS CNF or as an exact-cover file (Knuth's format).
    Export(Deferred<export::ExportArgs>),
    /// Map a SAT solver's answer for an exported puzzle back to the grid, and check it.
    Decode(Deferred<decode::DecodeArgs>),
    /// Run every backend on the same puzzles: agreement, time, sizes, effort.
    Compare(Deferred<compare::CompareArgs>),
    /// Run collections of puzzles through backends: throughput and percentiles.
    Bench(Deferred<bench::BenchArgs>),
    /// Draw a puzzle's solution (or the puzzle, with --unsolved) as SVG or PNG.
    Render(Deferred<render::RenderArgs>),
    /// Which cells are forced (same value in every solution), and exact marginals.
    Analyze(Deferred<analyze::AnalyzeArgs>),
    /// Make puzzles with exactly one solution.
    Generate(Deferred<generate::GenerateArgs>),
    /// Split one puzzle into N cubes (iCNF, and one puzzle file per cube) for many machines.
    Cube(Deferred<cube::CubeArgs>),
    /// Combine the JSON answers of `solve --cube K/N` into the puzzle's answer.
    Merge(Deferred<merge::MergeArgs>),
    /// The steps a person can follow, easiest first, for the kinds that explain (sudoku, rated
    /// on the Sudoku Explainer scale, and nonograms).
    Explain(Deferred<explain::ExplainArgs>),
    /// The local web page: paste a puzzle, race the backends live, pictures, share link.
    Serve(Deferred<serve::ServeArgs>),
}

/// A subcommand's arguments, built only when that subcommand is the one given (clap's
/// `Command::defer`): building every subcommand's arguments is most of what parsing the
/// command line costs, and each run uses one.
#[derive(Debug)]
struct Deferred<T>(T);

/// `T`'s arguments added to `cmd`, keeping the subcommand's own description: the deferred
/// arguments are built after it was set, and a flattened struct's doc comment would
/// replace it.
fn keeping_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd.about(None::<&str>),
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd.long_about(None::<&str>),
    }
}

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args_for_update))
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Command::Solve(Deferred(args)) => solve::run(&args),
        Command::Render(Deferred(args)) => render::run(&args),
        Command::Compare(Deferred(args)) => compare::run(&args),
        Command::Export(Deferred(args)) => export::run(&args),
        Command::Decode(Deferred(args)) => decode::run(&args),
        Command::Bench(Deferred(args)) => bench::run(&args),
        Command::Analyze(Deferred(args)) => analyze::run(&args),
        Command::Generate(Deferred(args)) => generate::run(&args),
        Command::Explain(Deferred(args)) => explain::run(&args),
        Command::Cube(Deferred(args)) => cube::run(&args),
        Command::Merge(Deferred(args)) => merge::run(&args),
        Command::Serve(Deferred(args)) => serve::run(&args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        // A closed pipe (`satcover ... | head`) is the reader's choice, not an error.
        Err(error) if is_broken_pipe(&error) => ExitCode::from(EXIT_OK),
        Err(error) => {
            eprintln!("satcover: error: {error:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// How puzzles are encoded for SAT, shared by solve, bench, export and decode (a formula
/// exported with some choices decodes only with the same ones).
#[derive(Args, Debug, Clone, Default)]
pub struct EncodeArgs {
    /// Nonograms: the CNF for the sat and external backends, `order` (block starts in the
    /// order encoding, the default) or `automaton` (one automaton per line).
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<String>,
    /// Nonograms and sudoku: run the kind's propagation first and give the SAT solver only
    /// what it leaves open (nonograms: line logic and probing, decided cells become givens,
    /// probing's implications binary clauses; sudoku: native's candidate elimination).
    #[arg(long)]
    pub presolve: bool,
}

impl EncodeArgs {
    pub fn options(&self) -> satcover::puzzle::EncodeOptions {
        satcover::puzzle::EncodeOptions {
            encoding: self.encoding.clone(),
            presolve: self.presolve,
        }
    }

    /// `--encoding order --presolve`: the choices that shape the formula of a kind with
    /// `choices` ([`AnyPuzzle::cnf_choices`](satcover::facade::AnyPuzzle::cnf_choices)),
    /// which a DIMACS header records and errors mention; empty for the default formula,
    /// `None` for a kind with one formula.
    pub fn describe(&self, choices: Option<(&[&str], bool)>) -> Option<String> {
        let (encodings, presolves) = choices?;
        (!encodings.is_empty() || presolves).then(|| self.describe_for(encodings))
    }

    /// [`EncodeArgs::describe`] for a kind whose encodings are `encodings` (the default
    /// first; none: one).
    fn describe_for(&self, encodings: &[&str]) -> String {
        let encoding = encodings
            .first()
            .map(|default| format!("--encoding {}", self.encoding.as_deref().unwrap_or(default)));
        let presolve = self.presolve.then(|| "--presolve".to_string());
        encoding
            .into_iter()
            .chain(presolve)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The first of `--encoding` and `--presolve` that was given.
    pub fn given(&self) -> Option<&'static str> {
        if self.encoding.is_some() {
            Some("--encoding")
        } else if self.presolve {
            Some("--presolve")
        } else {
            None
        }
    }

    /// Refuses choices that the kind of `puzzle` does not declare (it stands for the
    /// puzzles of `source`, which are all of one kind): a flag that does not apply is an
    /// error, said once for the file, not ignored nor repeated for every puzzle.
    pub fn check_puzzle(&self, puzzle: &dyn AnyPuzzle, source: &str) -> anyhow::Result<()> {
        if self.given().is_none() {
            return Ok(());
        }
        let file = input::display_name(source);
        satcover::driver::check_choices(puzzle.kind(), puzzle.cnf_choices(), &self.options())
            .map_err(|e| anyhow::anyhow!("{file}: {e}"))
    }

    /// [`EncodeArgs::check_puzzle`] on the first puzzle of `entries` that could be read.
    pub fn check_entries(&self, entries: &[Entry], source: &str) -> anyhow::Result<()> {
        match entries.iter().find_map(|e| e.puzzle.as_ref().ok()) {
            Some(puzzle) => self.check_puzzle(puzzle.as_ref(), source),
            None => Ok(()),
        }
    }

    /// Refuses choices when none of `backends` encodes the puzzle as CNF (only sat,
    /// external and auto's sat contender do).
    pub fn check_backends(&self, backends: &[Backend]) -> anyhow::Result<()> {
        let Some(flag) = self.given() else {
            return Ok(());
        };
        if !backends.iter().any(|b| CNF_BACKENDS.contains(b)) {
            anyhow::bail!(
                "{flag} applies to the backends that solve a CNF (sat, external, and auto, \
                 which races sat), not to {}",
                names(backends)
            );
        }
        Ok(())
    }
}

/// The backends that solve a CNF (auto through its sat contender).
const CNF_BACKENDS: [Backend; 3] = [Backend::Sat, Backend::External, Backend::Auto];

/// `native,dlx`: backends as `--backend` takes them.
fn names(backends: &[Backend]) -> String {
    backends
        .iter()
        .map(|b| b.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// Refuses `--solver` when none of `backends` runs it: `external` solves with it and
/// `auto` adds it to its race.
pub fn check_solver(solver_given: bool, backends: &[Backend]) -> anyhow::Result<()> {
    if solver_given
        && !backends
            .iter()
            .any(|b| matches!(b, Backend::External | Backend::Auto))
    {
        anyhow::bail!(
            "--solver applies to --backend external and to auto (which races it), not to {}",
            names(backends)
        );
    }
    Ok(())
}

/// The longest `--timeout`: deadlines are instants `now + timeout`, and the clock cannot
/// represent instants centuries away (`Instant + Duration` panics on overflow).
const MAX_TIMEOUT_SECONDS: f64 = 1e9;

/// `--timeout` in seconds (fractions allowed), at most [`MAX_TIMEOUT_SECONDS`].
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !seconds.is_finite() || seconds <= 0.0 {
        return Err(format!(
            "the timeout must be a positive number of seconds, not {text}"
        ));
    }
    if seconds > MAX_TIMEOUT_SECONDS {
        return Err(format!(
            "the timeout must be at most {MAX_TIMEOUT_SECONDS:e} seconds (about 31 years), not {text}"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// `--solver "cadical -q"`: a program and its arguments, split on whitespace (no shell).
pub fn parse_solver(text: &str) -> Result<satcover::sat::SatBackend, String> {
    satcover::sat::SatBackend::external_from_command(text)
        .ok_or_else(|| "--solver needs a program name, e.g. --solver cadical".to_string())
}
