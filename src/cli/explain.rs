//! `satcover explain`: the steps a person can follow, for every kind that has the explain
//! capability (sudoku rated on the Sudoku Explainer scale, nonograms line by line with
//! their class). The kind says its steps; this file reads, asks and prints.

use std::collections::BTreeMap;
use std::io::{BufWriter, Write};

use anyhow::Result;
use clap::{Args, ValueEnum};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use satcover::input;
use satcover::puzzle::{ExplainRequest, ExplainStatus, Explained, Kind};
use satcover::registry;
use satcover::stop::Stop;

use super::solve::schema::{ErrorStatus, ExplainSchema, KindShape};
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
                report(&mut out, args.format, &name, &error.to_string())?;
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
                report(out, args.format, &entry.label, &error.to_string())?;
                worst = worst_code(worst, EXIT_ERROR);
                continue;
            }
        };
        let kind = puzzle.kind();
        let Some(explainer) = puzzle.explainer() else {
            let explaining = registry::kinds_with(|p| p.explainer().is_some());
            let message = format!(
                "{name}: explain knows {} puzzles, not {kind}",
                registry::kind_list(&explaining)
            );
            report(out, args.format, name, &message)?;
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
            let message = format!("{}: {reason}", entry.label);
            report(out, args.format, &entry.label, &message)?;
            worst = worst_code(worst, EXIT_ERROR);
            continue;
        }
        let explained = explainer.explain(&ExplainRequest {
            label: entry.label.clone(),
            max_technique: args.max_technique.clone(),
            hint: args.hint,
            extra_techniques: args.extra_techniques,
            stop: Stop::never(),
        });
        match args.format {
            Format::Text => write!(out, "{}", explained.text)?,
            Format::Json => {
                serde_json::to_writer(&mut *out, &json_line(&entry.label, kind, &explained))?;
                writeln!(out)?;
            }
        }
        worst = worst_code(worst, exit_code(explained.status, explained.hinted));
    }
    Ok(worst)
}

/// An error: on standard error, and with `--format json` also as an error line, so a
/// script reading the lines sees every puzzle.
fn report(out: &mut impl Write, format: Format, puzzle: &str, message: &str) -> Result<()> {
    eprintln!("satcover: error: {message}");
    if format == Format::Json {
        let line = ExplainErrorLine {
            schema: ExplainSchema,
            puzzle,
            status: ErrorStatus,
            error: message,
        };
        serde_json::to_writer(&mut *out, &line)?;
        writeln!(out)?;
    }
    Ok(())
}

/// The kind's JSON object in the command's envelope: `schema`, `puzzle`, `kind` and
/// `status` (see [`ExplainedLine`]) in place of the kind's `label` and `status`.
fn json_line(puzzle: &str, kind: Kind, explained: &Explained) -> Value {
    let mut fields = match &explained.json {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    for envelope in ["schema", "puzzle", "label", "kind", "status", "error"] {
        fields.remove(envelope);
    }
    let status = if explained.hinted {
        "hint"
    } else {
        explained.status.name()
    };
    fields.insert(
        "schema".into(),
        serde_json::to_value(ExplainSchema).unwrap_or_default(),
    );
    fields.insert("puzzle".into(), puzzle.into());
    fields.insert("kind".into(), kind.to_string().into());
    fields.insert("status".into(), status.into());
    Value::Object(fields)
}

/// `explain --format json`: one line a puzzle (schema `satcover/explain/1`), its
/// explanation or an error. Only its schema is used: the lines are built by
/// `json_line` and `report`.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum ExplainLine<'a> {
    Explained(ExplainedLine),
    Error(ExplainErrorLine<'a>),
}

/// One puzzle's explanation, or its hint. The fields below are every kind's; a kind adds
/// its own (sudoku: `size`, `rating` `{er, ep, ed}`, `level`, `rated_by`; nonograms:
/// `class`, `counts`, `passes`, `palette`, `checked`, ...), documented in
/// `docs/explain.md`.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) struct ExplainedLine {
    schema: ExplainSchema,
    /// The puzzle's label: `FILE` or `FILE:LINE`.
    puzzle: String,
    kind: KindShape,
    status: ExplainLineStatus,
    /// Every step, in order (without `--hint`).
    #[serde(default)]
    steps: Option<Vec<StepShape>>,
    /// With `--hint`: the next step at the level asked, `null` when none is found.
    #[serde(default)]
    hint: Option<StepShape>,
    /// With `--hint`: the level asked, 1 to 3.
    #[serde(default)]
    #[schemars(range(min = 1, max = 3))]
    hint_level: Option<u8>,
    /// Why the explanation ended where it did (`multiple`, `invalid`).
    #[serde(default)]
    reason: Option<String>,
    /// `multiple`: cells where two solutions differ (`r1c2`).
    #[serde(default)]
    differing: Option<Vec<String>>,
    /// The kind's own fields.
    #[serde(flatten)]
    kind_fields: BTreeMap<String, Value>,
}

/// How the explanation ended.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub(crate) enum ExplainLineStatus {
    /// Every cell was decided by the techniques, one step at a time.
    Solved,
    /// The techniques ran out before the end (`steps` says how far they got).
    Stuck,
    /// The puzzle has more than one solution.
    Multiple,
    /// The puzzle has no solution.
    Invalid,
    /// Stopped before the end.
    Stopped,
    /// `--hint`: a hint was given; the puzzle's own status is not known after one step.
    Hint,
}

/// One step: its number and the technique's name for people; the kind adds what the step
/// looks at, places and removes (sudoku: `technique`, `difficulty`, `houses`, `cells`,
/// `digits`, `placements`, `eliminations`, `chains`; nonograms: `rule`, `line`, `pass`,
/// `fills`, `empties`, `text`, ...). A hint keeps the fields of its level.
#[derive(JsonSchema)]
#[allow(dead_code)]
pub(crate) struct StepShape {
    /// 1, 2, ... in the order of the steps.
    #[schemars(range(min = 1))]
    number: u64,
    /// The technique, for people (`hidden single`, `complete line`).
    name: String,
    #[serde(flatten)]
    kind_fields: BTreeMap<String, Value>,
}

/// A puzzle (or file) that could not be read or explained.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExplainErrorLine<'a> {
    schema: ExplainSchema,
    puzzle: &'a str,
    status: ErrorStatus,
    /// The message also printed on standard error.
    error: &'a str,
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
