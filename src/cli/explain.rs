//! `satcover explain`: the steps a person can follow, for every kind that has the explain
//! capability (sudoku rated on the Sudoku Explainer scale, nonograms line by line with
//! their class). The kind says its steps; this file reads, asks and prints.

use std::io::{BufWriter, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};

use satcover::input;
use satcover::puzzle::{ExplainRequest, ExplainStatus, Kind};
use satcover::registry;
use satcover::stop::Stop;

use super::{EXIT_ERROR, EXIT_OK, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Puzzle files (`-` for standard input); a file may hold many puzzles.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Only the next step: 1 names the technique, 2 adds where, 3 gives the whole step.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(1..=3))]
    pub hint: Option<u8>,
    /// Text for people, JSON Lines for programs.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The hardest technique to use, by the kind's names. Sudoku: e.g. `hidden-pair`,
    /// `xy-wing`, `forcing-chain` (techniques of higher base difficulty are not tried).
    /// Nonograms: `complete`, `overlap`, `spaces`, `edge`, `line` (no probing), `probe`.
    #[arg(long, value_name = "T")]
    pub max_technique: Option<String>,
    /// Also use techniques the kind's rating scale does not have (sudoku: finned and
    /// sashimi fish, which Sukaku Explainer v1.15.10 lacks): kinder hints, but the rating
    /// is then not the Sudoku Explainer rating people quote, and the answer says so.
    #[arg(long)]
    pub extra_techniques: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

pub fn run(args: &ExplainArgs) -> Result<u8> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    for file in &args.files {
        let name = input::display_name(file);
        let text = match input::read_source(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("satcover: error: {error}");
                worst = worst_code(worst, EXIT_ERROR);
                continue;
            }
        };
        let code = explain_file(file, &name, &text, args, &mut out)?;
        worst = worst_code(worst, code);
    }
    out.flush()?;
    Ok(worst)
}

/// Every puzzle of one file, read as `solve` reads it (the same messages).
fn explain_file(
    file: &str,
    name: &str,
    text: &str,
    args: &ExplainArgs,
    out: &mut impl Write,
) -> Result<u8> {
    let mut worst = EXIT_OK;
    let mut checked = false;
    for entry in input::load(file, text, args.kind) {
        let puzzle = match entry.puzzle {
            Ok(puzzle) => puzzle,
            Err(error) => {
                eprintln!("satcover: error: {error}");
                worst = worst_code(worst, EXIT_ERROR);
                continue;
            }
        };
        let kind = puzzle.kind();
        let Some(explainer) = puzzle.explainer() else {
            let explaining = registry::kinds_with(|p| p.explainer().is_some());
            eprintln!(
                "satcover: error: {name}: explain knows {} puzzles, not {kind}",
                registry::kind_list(&explaining)
            );
            return Ok(EXIT_ERROR);
        };
        // A file holds puzzles of one kind: its technique is checked once.
        if !checked && let Some(technique) = &args.max_technique {
            let known = explainer.techniques();
            if !known.contains(technique) {
                eprintln!(
                    "satcover: error: --max-technique: unknown technique '{technique}' for {kind} puzzles: they take {}",
                    or_list(&known)
                );
                return Ok(EXIT_ERROR);
            }
        }
        checked = true;
        if let Some(reason) = explainer.refusal() {
            eprintln!("satcover: error: {}: {reason}", entry.label);
            worst = worst_code(worst, EXIT_ERROR);
            continue;
        }
        let explained = explainer.explain(&ExplainRequest {
            label: entry.label,
            max_technique: args.max_technique.clone(),
            hint: args.hint,
            extra_techniques: args.extra_techniques,
            stop: Stop::never(),
        });
        match args.format {
            Format::Text => write!(out, "{}", explained.text)?,
            Format::Json => {
                serde_json::to_writer(&mut *out, &explained.json)?;
                writeln!(out)?;
            }
        }
        worst = worst_code(worst, exit_code(explained.status, explained.hinted));
    }
    Ok(worst)
}

/// `a, b, c or d`.
fn or_list(words: &[String]) -> String {
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The exit code of one explanation: 0 explained (or a hint given), 30 stuck or multiple,
/// 20 invalid.
fn exit_code(status: ExplainStatus, hinted: bool) -> u8 {
    match status {
        ExplainStatus::Solved => EXIT_OK,
        ExplainStatus::Stuck if hinted => EXIT_OK,
        ExplainStatus::Stuck | ExplainStatus::Multiple | ExplainStatus::Stopped => EXIT_UNKNOWN,
        ExplainStatus::Invalid => EXIT_UNSOLVABLE,
    }
}

/// Errors first, then invalid, then not explained.
fn worst_code(a: u8, b: u8) -> u8 {
    let rank = |c: u8| match c {
        EXIT_ERROR => 3,
        EXIT_UNSOLVABLE => 2,
        EXIT_UNKNOWN => 1,
        _ => 0,
    };
    if rank(b) > rank(a) { b } else { a }
}
