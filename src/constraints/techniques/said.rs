//! An explanation said: as a terminal shows it, as JSON (the whole of it, or a hint at its
//! level), and as the page's board to replay the steps on, for any kind explained by
//! these techniques.

use serde_json::{Value, json};

use super::{Candidate, Cell, Explanation, Layout, Options, Status, Technique};
use crate::explain::HintLevel;
use crate::puzzle::{Board, BoardCell, BoardStep, ExplainRequest, ExplainStatus, Explained};

/// The largest grid side explained (chains grow as n⁴).
pub const MAX_SIDE: usize = 25;

/// The names `--max-technique` takes, easiest first.
pub fn technique_keys() -> Vec<String> {
    super::TECHNIQUES.iter().map(|t| t.key()).collect()
}

/// Why a grid of side `n` is not explained (`explain takes sudoku up to 25×25, not
/// 36×36`), or `None`.
pub fn refusal(what: &str, n: usize) -> Option<String> {
    (n > MAX_SIDE).then(|| format!("explain takes {what} up to {MAX_SIDE}×{MAX_SIDE}, not {n}×{n}"))
}

/// The options `request` asks for.
pub fn options(request: &ExplainRequest) -> Options {
    Options {
        max_technique: request
            .max_technique
            .as_deref()
            .and_then(Technique::from_key),
        max_steps: request.hint.map(|_| 1),
        stop: request.stop.clone(),
        extra_techniques: request.extra_techniques,
    }
}

/// The answer to a request the kind refuses (`reason`), for a caller that did not ask
/// [`Explain::refusal`](crate::puzzle::Explain::refusal) first.
pub fn refused(request: &ExplainRequest, reason: &str) -> Explained {
    Explained {
        status: ExplainStatus::Invalid,
        hinted: false,
        text: format!("{}: {reason}\n", request.label),
        json: json!({"label": request.label, "status": "invalid", "reason": reason}),
    }
}

/// The explanation (or the hint) as `explain` prints it.
pub fn explained(request: &ExplainRequest, explanation: &Explanation) -> Explained {
    let level = request.hint.and_then(HintLevel::from_number);
    Explained {
        status: explanation.status.into(),
        hinted: level.is_some() && !explanation.steps.is_empty(),
        text: text(&request.label, explanation, level),
        json: to_json(&request.label, explanation, level),
    }
}

/// The explanation as a terminal shows it: a summary line and the steps, or the hint.
fn text(label: &str, explanation: &Explanation, hint: Option<HintLevel>) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let status = explanation.status;
    let steps = explanation.steps.len();
    if let Some(level) = hint {
        let _ = match explanation.steps.first() {
            Some(step) => writeln!(out, "{label}: hint: {}", step.describe(level)),
            None => writeln!(
                out,
                "{label}: {}: {}",
                status.name(),
                explanation.reason.as_deref().unwrap_or("no step")
            ),
        };
        return out;
    }
    let rating = &explanation.rating;
    let _ = match status {
        Status::Solved => writeln!(
            out,
            "{label}: solved, {} ({}), {steps} steps",
            explanation.rating_text(),
            explanation.level
        ),
        // No rating: the puzzle needs a technique the explainer does not have, so the
        // hardest step so far says only what it needs at least.
        Status::Stuck if steps == 0 => writeln!(out, "{label}: stuck, unrated, 0 steps"),
        Status::Stuck => writeln!(
            out,
            "{label}: stuck, unrated (the steps so far reach {rating}), {steps} steps"
        ),
        Status::Stopped => writeln!(out, "{label}: stopped, unrated, {steps} steps"),
        Status::Multiple | Status::Invalid => Ok(()),
    };
    match status {
        Status::Solved | Status::Stuck | Status::Stopped => {
            for (i, step) in explanation.steps.iter().enumerate() {
                let _ = writeln!(out, "{}. {}", i + 1, step.describe(HintLevel::Full));
            }
            if let Some(reason) = &explanation.reason
                && status != Status::Solved
            {
                let _ = writeln!(out, "{}: {reason}", status.name());
            }
            if status == Status::Stuck {
                let cells: Vec<String> = explanation
                    .candidates
                    .iter()
                    .map(|c| {
                        let digits: Vec<String> = c.digits.iter().map(u8::to_string).collect();
                        format!("{}:{}", c.cell, digits.join(""))
                    })
                    .collect();
                let _ = writeln!(out, "candidates: {}", cells.join(" "));
                if let Some(guesses) = explanation.guesses {
                    let _ = writeln!(out, "search from here: {guesses} guesses");
                }
            }
        }
        Status::Multiple | Status::Invalid => {
            let _ = writeln!(
                out,
                "{label}: {}: {}",
                status.name(),
                explanation.reason.as_deref().unwrap_or("")
            );
            if !explanation.differing.is_empty() {
                let cells: Vec<String> = explanation
                    .differing
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let _ = writeln!(out, "differing cells: {}", cells.join(" "));
            }
        }
    }
    out
}

/// One JSON object per puzzle: the whole explanation, or the hint at its level.
fn to_json(label: &str, explanation: &Explanation, hint: Option<HintLevel>) -> Value {
    let mut value = serde_json::to_value(explanation).unwrap_or(Value::Null);
    let Value::Object(map) = &mut value else {
        return value;
    };
    map.insert("label".to_string(), json!(label));
    if let Some(Value::Array(steps)) = map.get_mut("steps") {
        for (i, (step, data)) in steps.iter_mut().zip(&explanation.steps).enumerate() {
            if let Value::Object(step) = step {
                step.insert("number".to_string(), json!(i + 1));
                step.insert("name".to_string(), json!(data.technique.name()));
            }
        }
    }
    if let Some(level) = hint {
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
        let step = map
            .remove("steps")
            .and_then(|s| s.as_array().and_then(|a| a.first().cloned()))
            .map(|mut step| {
                if let Value::Object(fields) = &mut step
                    && !keep.is_empty()
                {
                    fields.retain(|k, _| keep.contains(&k.as_str()));
                }
                step
            });
        map.insert("hint_level".to_string(), json!(level as u8));
        map.insert("hint".to_string(), step.unwrap_or(Value::Null));
        map.remove("rating");
        map.remove("rated_by");
        map.remove("level");
        if map.get("hint").is_some_and(|h| !h.is_null()) {
            // A hint stops after one step: the puzzle's own status is not known.
            map.remove("status");
        }
    }
    value
}

/// The page's explanation: every step with the cells it looks at, places and narrows
/// (0-based row, column), and the board to replay them on.
pub fn page_json(kind: &str, layout: &Layout, givens: &[u8], explanation: &Explanation) -> Value {
    let cell = |c: &Cell| json!([c.row, c.col]);
    let candidate = |c: &Candidate| json!([c.cell.row, c.cell.col, c.digit]);
    let steps: Vec<Value> = explanation
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            json!({
                "number": i + 1,
                "name": step.technique.name(),
                "difficulty": step.difficulty.value(),
                "text": step.describe(HintLevel::Full),
                "cells": step.cells.iter().map(cell).collect::<Vec<_>>(),
                "placed": step.placements.iter().map(candidate).collect::<Vec<_>>(),
                "removed": step.eliminations.iter().map(candidate).collect::<Vec<_>>(),
            })
        })
        .collect();
    let steps_count = explanation.steps.len();
    let mut summary = format!(
        "{}, {} ({}), {steps_count} steps",
        explanation.status.name(),
        explanation.rating,
        explanation.level
    );
    if let Some(reason) = &explanation.reason {
        summary.push_str(&format!(": {reason}"));
    }
    json!({
        "kind": kind,
        "status": explanation.status.name(),
        "summary": summary,
        "size": explanation.size,
        "givens": givens,
        "rating": explanation.rating.to_string(),
        "level": explanation.level,
        "reason": explanation.reason,
        "differing": explanation.differing.iter().map(cell).collect::<Vec<_>>(),
        "steps": steps,
        "board": board(layout, givens, explanation),
    })
}

/// The grid with its boxes (thick lines between cells of different blocks), and each
/// step's placements, eliminations and cells.
fn board(layout: &Layout, givens: &[u8], explanation: &Explanation) -> Board {
    let n = layout.size();
    let block = |cell: usize| layout.blocks[cell];
    let cells = givens
        .iter()
        .enumerate()
        .map(|(i, &digit)| {
            let (r, c) = (i / n, i % n);
            let mut class = vec![if digit > 0 { "given" } else { "found" }];
            if c + 1 < n && block(i) != block(i + 1) {
                class.push("box-right");
            }
            if r + 1 < n && block(i) != block(i + n) {
                class.push("box-below");
            }
            BoardCell {
                text: if digit > 0 {
                    digit.to_string()
                } else {
                    String::new()
                },
                class: class.join(" "),
                colour: None,
            }
        })
        .collect::<Vec<_>>();
    let steps = explanation
        .steps
        .iter()
        .map(|step| {
            let index = |c: &Cell| c.row * n + c.col;
            let mut marks: Vec<(usize, &'static str)> =
                step.cells.iter().map(|c| (index(c), "focus")).collect();
            marks.extend(
                step.eliminations
                    .iter()
                    .map(|e| (index(&e.cell), "removed")),
            );
            marks.extend(step.placements.iter().map(|p| (index(&p.cell), "placed")));
            let set = step
                .placements
                .iter()
                .map(|p| {
                    let i = index(&p.cell);
                    let mut cell = cells[i].clone();
                    cell.text = p.digit.to_string();
                    (i, cell)
                })
                .collect();
            BoardStep { set, marks }
        })
        .collect();
    Board {
        columns: n,
        cells,
        steps,
    }
}
