//! `satcover decode`: an external SAT solver's answer mapped back to the puzzle.

use std::io::Write;

use anyhow::{Context, Result};
use clap::Args;

use satcover::input;
use satcover::puzzle::{Kind, Status};

use super::solve::{Format, print_report};
use super::{EXIT_OK, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// The puzzle file that was exported.
    pub file: String,
    /// The solver's output: SAT-competition `s`/`v` lines, or minisat's result file.
    #[arg(long, value_name = "ANSWER")]
    pub model: String,
    /// Which puzzle of a collection (1-based), as given to export.
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// Text for people, JSON Lines for programs (as `solve` prints).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the times to rebuild the formula, decode and check, and the formula's size.
    #[arg(long)]
    pub stats: bool,
    /// The encoding choices the formula was exported with (see its `c encoding` line).
    #[command(flatten)]
    pub encode: super::EncodeArgs,
}

pub fn run(args: &DecodeArgs) -> Result<u8> {
    if args.file == "-" && args.model == "-" {
        anyhow::bail!(
            "the puzzle and --model cannot both be standard input (`-`): give one of them as a file"
        );
    }
    let entry = super::export::pick_entry(&args.file, args.kind, args.index)?;
    let puzzle = entry.puzzle?;
    args.encode.check_puzzle(puzzle.as_ref(), &args.file)?;
    let answer = input::read_source(&args.model)?;
    let report = puzzle
        .decode_answer(&answer, &args.encode.options())
        .with_context(|| {
            let choices = match args.encode.describe(puzzle.cnf_choices()) {
                Some(choices) => {
                    format!(
                        " (decoded for {}; the formula's `c encoding` line says which choices it was exported with)",
                        if choices.is_empty() { "the default formula" } else { &choices }
                    )
                }
                None => String::new(),
            };
            format!(
                "{} with {}{choices}",
                entry.label,
                input::display_name(&args.model)
            )
        })?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    print_report(&entry.label, &report, args.format, args.stats, &mut out)?;
    out.flush()?;
    Ok(match report.outcome.status {
        Status::Solved => EXIT_OK,
        Status::Unsolvable => EXIT_UNSOLVABLE,
        Status::Unknown => EXIT_UNKNOWN,
    })
}
