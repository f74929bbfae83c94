//! `satcover explain`: the steps a person can follow: sudoku rated on the Sudoku Explainer
//! scale, nonograms line by line with their class.

use std::io::{BufWriter, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use satcover::explain::{HintLevel, Status};
use satcover::input::{self, InputError};
use satcover::puzzle::Kind;
use satcover::puzzles::nonogram::{self, explain as nexplain};
use satcover::puzzles::sudoku::{self, explain};
use satcover::stop::Stop;

use super::{EXIT_ERROR, EXIT_OK, EXIT_UNKNOWN, EXIT_UNSOLVABLE};

/// The largest sudoku `explain` takes (the range; chains grow as n⁴).
const MAX_SIDE: usize = 25;

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
    /// The hardest technique to use. Sudoku: e.g. `hidden-pair`, `xy-wing`,
    /// `forcing-chain` (techniques of higher base difficulty are not tried). Nonograms:
    /// `complete`, `overlap`, `spaces`, `edge`, `line` (no probing), `probe`.
    #[arg(long, value_name = "T", value_parser = parse_technique)]
    pub max_technique: Option<MaxTechnique>,
}

/// A `--max-technique` value: a sudoku technique, a nonogram rule, or a name both share.
#[derive(Clone, Copy, Debug)]
pub struct MaxTechnique {
    sudoku: Option<explain::Technique>,
    nonogram: Option<nexplain::Rule>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

fn parse_technique(text: &str) -> Result<MaxTechnique, String> {
    let found = MaxTechnique {
        sudoku: explain::Technique::from_key(text),
        // `contradiction` is a probing step, not a level of its own: `probe` allows both.
        nonogram: nexplain::Rule::from_key(text).filter(|&r| r != nexplain::Rule::Contradiction),
    };
    if found.sudoku.is_some() || found.nonogram.is_some() {
        return Ok(found);
    }
    let names: Vec<String> = explain::TECHNIQUES.iter().map(|t| t.key()).collect();
    let rules: Vec<&str> = nexplain::RULES[..6].iter().map(|r| r.key()).collect();
    Err(format!(
        "unknown technique '{text}'; sudoku: one of {}; nonograms: one of {}",
        names.join(", "),
        rules.join(", ")
    ))
}

pub fn run(args: &ExplainArgs) -> Result<u8> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut worst = EXIT_OK;
    let options = explain::Options {
        max_technique: args.max_technique.and_then(|t| t.sudoku),
        max_steps: args.hint.map(|_| 1),
        stop: Stop::never(),
        extra_techniques: false,
    };
    for file in &args.files {
        let name = input::display_name(file);
        let text = match input::read_source(file) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("satcover: error: {error}");
                worst = worst.max(EXIT_ERROR);
                continue;
            }
        };
        let kind = args.kind.unwrap_or_else(|| input::detect_kind(file, &text));
        let unknown_for = |kind: &str| {
            args.max_technique.is_some_and(|t| match kind {
                "sudoku" => t.sudoku.is_none(),
                _ => t.nonogram.is_none(),
            })
        };
        if kind == Kind::NONOGRAM {
            if unknown_for("nonogram") {
                eprintln!(
                    "satcover: error: --max-technique: a sudoku technique; nonograms take complete, overlap, spaces, edge, line or probe"
                );
                worst = worst_code(worst, EXIT_ERROR);
                continue;
            }
            let code = explain_nonograms(file, &name, &text, args, &mut out)?;
            worst = worst_code(worst, code);
            continue;
        }
        if kind != Kind::SUDOKU {
            eprintln!(
                "satcover: error: {name}: explain knows sudoku and nonograms, not {}",
                kind_name(kind)
            );
            worst = worst.max(EXIT_ERROR);
            continue;
        }
        if unknown_for("sudoku") {
            eprintln!(
                "satcover: error: --max-technique: a nonogram rule; see --help for the sudoku techniques"
            );
            worst = worst_code(worst, EXIT_ERROR);
            continue;
        }
        // The same reader and messages as `solve` (input::load reads sudoku this way).
        for parsed in sudoku::parse(&text) {
            let (line, puzzle) = match parsed {
                Ok(found) => found,
                Err(error) => {
                    eprintln!("satcover: error: {}", InputError::parse(&name, error));
                    worst = worst.max(EXIT_ERROR);
                    continue;
                }
            };
            let label = format!("{name}:{line}");
            if puzzle.size() > MAX_SIDE {
                eprintln!(
                    "satcover: error: {label}: explain takes sudoku up to {MAX_SIDE}×{MAX_SIDE}, not {0}×{0}",
                    puzzle.size()
                );
                worst = worst.max(EXIT_ERROR);
                continue;
            }
            let explanation = explain::explain(&puzzle, &options);
            let level = args.hint.and_then(HintLevel::from_number);
            match args.format {
                Format::Text => print_text(&label, &explanation, level, &mut out)?,
                Format::Json => {
                    serde_json::to_writer(&mut out, &to_json(&label, &explanation, level))?;
                    writeln!(out)?;
                }
            }
            let hinted = level.is_some() && !explanation.steps.is_empty();
            worst = worst_code(worst, exit_code(explanation.status, hinted));
        }
    }
    out.flush()?;
    Ok(worst)
}

/// Every nonogram of one file, read as `solve` reads it (the same messages).
fn explain_nonograms(
    file: &str,
    name: &str,
    text: &str,
    args: &ExplainArgs,
    out: &mut impl Write,
) -> Result<u8> {
    let puzzles = match nonogram::parse_all(file, text) {
        Ok(puzzles) => puzzles,
        Err(error) => {
            eprintln!("satcover: error: {}", InputError::parse(name, error));
            return Ok(EXIT_ERROR);
        }
    };
    let several = puzzles.len() > 1;
    let level = args.hint.and_then(HintLevel::from_number);
    let options = nexplain::Options {
        max_rule: args.max_technique.and_then(|t| t.nonogram).map_or(
            nexplain::Rule::Contradiction,
            |r| {
                if r == nexplain::Rule::Probe {
                    nexplain::Rule::Contradiction
                } else {
                    r
                }
            },
        ),
        max_steps: args.hint.map(|_| 1),
        ..nexplain::Options::default()
    };
    let mut worst = EXIT_OK;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let label = if several {
            format!("{name}#{}", i + 1)
        } else {
            name.to_string()
        };
        if let Some(reason) = nexplain::refusal(puzzle) {
            eprintln!("satcover: error: {label}: {reason}");
            worst = worst_code(worst, EXIT_ERROR);
            continue;
        }
        let explanation = nexplain::explain(puzzle, &options);
        match args.format {
            Format::Json => {
                let value = nexplain::to_json(puzzle, &label, &explanation, level);
                serde_json::to_writer(&mut *out, &value)?;
                writeln!(out)?;
            }
            Format::Text => match (level, explanation.steps.first()) {
                (Some(level), Some(step)) => writeln!(
                    out,
                    "{label}: hint: {}",
                    nexplain::describe(puzzle, step, level)
                )?,
                (Some(_), None) => writeln!(
                    out,
                    "{label}: {}: {}",
                    explanation.status.name(),
                    explanation.reason.as_deref().unwrap_or("no step")
                )?,
                (None, _) => write!(out, "{}", nexplain::text(puzzle, &label, &explanation))?,
            },
        }
        let hinted = level.is_some() && !explanation.steps.is_empty();
        worst = worst_code(worst, exit_code(explanation.status, hinted));
    }
    Ok(worst)
}

/// The exit code of one explanation: 0 explained (or a hint given), 30 stuck or multiple,
/// 20 invalid.
fn exit_code(status: Status, hinted: bool) -> u8 {
    match status {
        Status::Solved => EXIT_OK,
        Status::Stuck if hinted => EXIT_OK,
        Status::Stuck | Status::Multiple | Status::Stopped => EXIT_UNKNOWN,
        Status::Invalid => EXIT_UNSOLVABLE,
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

fn kind_name(kind: Kind) -> String {
    kind.name().to_string()
}

fn print_text(
    label: &str,
    explanation: &explain::Explanation,
    hint: Option<HintLevel>,
    out: &mut impl Write,
) -> Result<()> {
    let status = explanation.status;
    if let Some(level) = hint {
        match explanation.steps.first() {
            Some(step) => writeln!(out, "{label}: hint: {}", step.describe(level))?,
            None => writeln!(
                out,
                "{label}: {}: {}",
                status.name(),
                explanation.reason.as_deref().unwrap_or("no step")
            )?,
        }
        return Ok(());
    }
    match status {
        Status::Solved => writeln!(
            out,
            "{label}: solved, {} ({}), {} steps",
            explanation.rating,
            explanation.level,
            explanation.steps.len()
        )?,
        // No rating: the puzzle needs a technique the explainer does not have, so the
        // hardest step so far says only what it needs at least.
        Status::Stuck if explanation.steps.is_empty() => {
            writeln!(out, "{label}: stuck, unrated, 0 steps")?
        }
        Status::Stuck => writeln!(
            out,
            "{label}: stuck, unrated (the steps so far reach {}), {} steps",
            explanation.rating,
            explanation.steps.len()
        )?,
        Status::Stopped => writeln!(
            out,
            "{label}: stopped, unrated, {} steps",
            explanation.steps.len()
        )?,
        Status::Multiple | Status::Invalid => {}
    }
    match status {
        Status::Solved | Status::Stuck | Status::Stopped => {
            for (i, step) in explanation.steps.iter().enumerate() {
                writeln!(out, "{}. {}", i + 1, step.describe(HintLevel::Full))?;
            }
            if status == Status::Stopped
                && let Some(reason) = &explanation.reason
            {
                writeln!(out, "stopped: {reason}")?;
            }
            if status == Status::Stuck {
                if let Some(reason) = &explanation.reason {
                    writeln!(out, "stuck: {reason}")?;
                }
                let cells: Vec<String> = explanation
                    .candidates
                    .iter()
                    .map(|c| {
                        let digits: Vec<String> = c.digits.iter().map(u8::to_string).collect();
                        format!("{}:{}", c.cell, digits.join(""))
                    })
                    .collect();
                writeln!(out, "candidates: {}", cells.join(" "))?;
                if let Some(guesses) = explanation.guesses {
                    writeln!(out, "search from here: {guesses} guesses")?;
                }
            }
        }
        Status::Multiple | Status::Invalid => {
            writeln!(
                out,
                "{label}: {}: {}",
                status.name(),
                explanation.reason.as_deref().unwrap_or("")
            )?;
            if !explanation.differing.is_empty() {
                let cells: Vec<String> = explanation
                    .differing
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                writeln!(out, "differing cells: {}", cells.join(" "))?;
            }
        }
    }
    Ok(())
}

/// One JSON object per puzzle: the whole explanation, or the hint at its level.
fn to_json(label: &str, explanation: &explain::Explanation, hint: Option<HintLevel>) -> Value {
    let mut value = serde_json::to_value(explanation).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("label".to_string(), json!(label));
        if let Some(Value::Array(steps)) = map.get_mut("steps") {
            for (i, step) in steps.iter_mut().enumerate() {
                if let Value::Object(step) = step {
                    step.insert("number".to_string(), json!(i + 1));
                    if let Some(step_data) = explanation.steps.get(i) {
                        step.insert("name".to_string(), json!(step_data.technique.name()));
                    }
                }
            }
        }
        if let Some(level) = hint {
            let step = map
                .remove("steps")
                .and_then(|s| s.as_array().and_then(|a| a.first().cloned()));
            let step = step.map(|mut step| {
                if let Value::Object(fields) = &mut step {
                    let keep: &[&str] = match level {
                        HintLevel::Technique => &["number", "technique", "name", "difficulty"],
                        HintLevel::Where => &[
                            "number",
                            "technique",
                            "name",
                            "difficulty",
                            "houses",
                            "cells",
                            "digits",
                        ],
                        HintLevel::Full => &[],
                    };
                    if !keep.is_empty() {
                        fields.retain(|k, _| keep.contains(&k.as_str()));
                    }
                }
                step
            });
            map.insert("hint_level".to_string(), json!(level as u8));
            map.insert("hint".to_string(), step.unwrap_or(Value::Null));
            map.remove("rating");
            map.remove("level");
            if map.get("hint").is_some_and(|h| !h.is_null()) {
                // A hint stops after one step: the puzzle's own status is not known.
                map.remove("status");
            }
        }
    }
    value
}
