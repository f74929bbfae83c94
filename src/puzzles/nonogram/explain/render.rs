//! Steps as people read them (`3. [overlap] row 5 (clue 3 4): fills c4-c6`) and as JSON
//! (the schema is in `docs/explain.md`). Rows and columns are 1-based; colours are named
//! as the palette names them in text, and by their palette character (as the nonogram's
//! JSON solutions print them) with their name in JSON.

use serde_json::{Map, Value, json};

use super::super::Nonogram;
use super::{Cell, Change, Explanation, HintLevel, Rule, Step};

/// `row 5` / `column 12` (1-based).
fn line_words(puzzle: &Nonogram, l: usize) -> String {
    if l < puzzle.height() {
        format!("row {}", l + 1)
    } else {
        format!("column {}", l - puzzle.height() + 1)
    }
}

/// A clue as `3 4` (black-and-white) or `3a 4b` (colour: the palette's characters).
fn clue_words(puzzle: &Nonogram, l: usize) -> String {
    let clue = puzzle.clue(l);
    if clue.is_empty() {
        return "0".to_string();
    }
    let colour = |c: u8| {
        if puzzle.is_black_and_white() {
            String::new()
        } else {
            puzzle
                .palette()
                .get(c)
                .map_or("?".to_string(), |c| c.ch.to_string())
        }
    };
    clue.iter()
        .map(|b| format!("{}{}", b.len, colour(b.colour)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn colour_name(puzzle: &Nonogram, c: u8) -> &str {
    puzzle.palette().get(c).map_or("?", |c| c.name.as_str())
}

/// Positions as runs: `c4-c6, c9` along a row (`prefix` `c`), `r2-r3` along a column;
/// absolute cells (`prefix` empty) as `r3c4-c6, r5c1`.
fn runs(cells: &[Cell], along_row: Option<bool>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let start = cells[i];
        let mut j = i;
        let next_to = |a: Cell, b: Cell| match along_row {
            Some(false) => a.col == b.col && b.row == a.row + 1,
            _ => a.row == b.row && b.col == a.col + 1,
        };
        while j + 1 < cells.len() && next_to(cells[j], cells[j + 1]) {
            j += 1;
        }
        let end = cells[j];
        parts.push(match along_row {
            Some(true) if i == j => format!("c{}", start.col + 1),
            Some(true) => format!("c{}-c{}", start.col + 1, end.col + 1),
            Some(false) if i == j => format!("r{}", start.row + 1),
            Some(false) => format!("r{}-r{}", start.row + 1, end.row + 1),
            None if i == j => start.to_string(),
            None => format!("{start}-c{}", end.col + 1),
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// What the changes fill, empty and rule out: `fills c4-c6; empties c1` (colour:
/// `fills c4, c9 with red; fills c5 with blue; rules out red at c1-c2`).
fn effect(puzzle: &Nonogram, changes: &[Change], along_row: Option<bool>) -> String {
    let decided = |ch: &&Change| ch.after.count_ones() == 1;
    let mut parts = Vec::new();
    let mut fills = Vec::new();
    for colour in 1..puzzle.palette().len() as u8 {
        let cells: Vec<Cell> = changes
            .iter()
            .filter(decided)
            .filter(|ch| ch.after == 1 << colour)
            .map(|ch| ch.cell)
            .collect();
        if !cells.is_empty() {
            let with = if puzzle.is_black_and_white() {
                String::new()
            } else {
                format!(" with {}", colour_name(puzzle, colour))
            };
            fills.push(format!("fills {}{with}", runs(&cells, along_row)));
        }
    }
    parts.extend(fills);
    let empties: Vec<Cell> = changes
        .iter()
        .filter(decided)
        .filter(|ch| ch.after == 1)
        .map(|ch| ch.cell)
        .collect();
    if !empties.is_empty() {
        parts.push(format!("empties {}", runs(&empties, along_row)));
    }
    for colour in 0..puzzle.palette().len() as u8 {
        let cells: Vec<Cell> = changes
            .iter()
            .filter(|ch| ch.after.count_ones() > 1 && (ch.before & !ch.after) >> colour & 1 == 1)
            .map(|ch| ch.cell)
            .collect();
        if !cells.is_empty() {
            parts.push(format!(
                "rules out {} at {}",
                colour_name(puzzle, colour),
                runs(&cells, along_row)
            ));
        }
    }
    parts.join("; ")
}

/// The colours of a domain, by name: `black or white`.
fn domain_words(puzzle: &Nonogram, domain: u64) -> String {
    (0..64u8)
        .filter(|c| domain >> c & 1 == 1)
        .map(|c| colour_name(puzzle, c).to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// A step at a hint level: the rule; the rule and where; or the whole step.
pub fn describe(puzzle: &Nonogram, step: &Step, level: HintLevel) -> String {
    let rule = step.rule;
    let probe = step.probe;
    let line = step.line;
    let place = match (probe, line) {
        (Some(p), _) => format!("at {}", p.cell),
        (None, Some(l)) => format!(
            "in {} (clue {})",
            line_words(puzzle, l),
            clue_words(puzzle, l)
        ),
        (None, None) => String::new(),
    };
    match level {
        HintLevel::Technique => return rule.name().to_string(),
        HintLevel::Where => return format!("{} {place}", rule.name()),
        HintLevel::Full => {}
    }
    match (rule, probe, line) {
        (Rule::Contradiction, Some(p), Some(l)) => format!(
            "[contradiction] {} {}: {} (clue {}) has no arrangement, so {}",
            p.cell,
            colour_name(puzzle, p.colour.unwrap_or(0)),
            line_words(puzzle, l),
            clue_words(puzzle, l),
            effect(puzzle, &step.changes, None)
        ),
        (Rule::Probe, Some(p), _) => {
            let before = step
                .changes
                .iter()
                .find(|c| c.cell == p.cell)
                .map(|c| c.before);
            let tried =
                before.map_or_else(|| "each colour".to_string(), |d| domain_words(puzzle, d));
            format!(
                "[probe] {} {tried}: every branch {}",
                p.cell,
                effect(puzzle, &step.changes, None)
            )
        }
        (_, _, Some(l)) => format!(
            "[{}] {} (clue {}): {}",
            rule.key(),
            line_words(puzzle, l),
            clue_words(puzzle, l),
            effect(puzzle, &step.changes, Some(l < puzzle.height()))
        ),
        _ => format!("[{}] {}", rule.key(), effect(puzzle, &step.changes, None)),
    }
}

/// The whole explanation as text: a summary line, then the passes and their steps, then
/// what is left (a grid with `?` for unknown cells) or why it stopped.
pub fn text(puzzle: &Nonogram, label: &str, explanation: &Explanation) -> String {
    use std::fmt::Write as _;
    let e = explanation;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{label}: {}, class {}, {} steps, {} passes, {} probes{}",
        e.status.name(),
        e.class.key(),
        e.steps.len(),
        e.passes.len(),
        e.probes,
        e.guesses
            .filter(|_| e.status == super::Status::Stuck)
            .map_or(String::new(), |g| format!(", {g} guesses"))
    );
    let mut unknown = e.unknown.0;
    let mut pass = 0;
    for (i, step) in e.steps.iter().enumerate() {
        if step.rule.is_line_rule() && step.pass != pass {
            pass = step.pass;
            let _ = writeln!(out, "pass {pass}: {unknown} unknown");
        } else if !step.rule.is_line_rule() {
            pass = 0;
            let _ = writeln!(out, "probing: {unknown} unknown");
        }
        let _ = writeln!(
            out,
            "{}. {}",
            i + 1,
            describe(puzzle, step, HintLevel::Full)
        );
        unknown -= step
            .changes
            .iter()
            .filter(|c| c.before.count_ones() > 1 && c.after.count_ones() == 1)
            .count();
    }
    if !e.steps.is_empty() {
        let _ = writeln!(out, "end: {} unknown", e.unknown.1);
    }
    if let Some(reason) = &e.reason {
        let _ = writeln!(out, "{}: {reason}", e.status.name());
    }
    if !e.differing.is_empty() {
        let cells: Vec<String> = e.differing.iter().map(Cell::to_string).collect();
        let _ = writeln!(out, "differing cells: {}", cells.join(" "));
    }
    if e.status == super::Status::Stuck && !e.domains.is_empty() {
        for row in grid_rows(puzzle, &e.domains) {
            let _ = writeln!(out, "{row}");
        }
    }
    out
}

/// The grid with known cells in the palette's characters and `?` for unknown ones.
fn grid_rows(puzzle: &Nonogram, domains: &[u64]) -> Vec<String> {
    domains
        .chunks(puzzle.width())
        .map(|row| {
            row.iter()
                .map(|&d| {
                    if d.count_ones() == 1 {
                        puzzle
                            .palette()
                            .get(d.trailing_zeros() as u8)
                            .map_or('?', |c| c.ch)
                    } else {
                        '?'
                    }
                })
                .collect()
        })
        .collect()
}

fn colour_json(puzzle: &Nonogram, c: u8) -> Value {
    let colour = puzzle.palette().get(c);
    json!({
        "char": colour.map_or('?', |c| c.ch).to_string(),
        "name": colour.map_or("?", |c| c.name.as_str()),
    })
}

/// One step as JSON, with the fields of its hint level (all of them at `Full`).
fn step_json(puzzle: &Nonogram, number: usize, step: &Step, level: HintLevel) -> Value {
    let mut map = Map::new();
    map.insert("number".into(), json!(number));
    map.insert("pass".into(), json!(step.pass));
    map.insert("rule".into(), json!(step.rule.key()));
    map.insert("name".into(), json!(step.rule.name()));
    if level >= HintLevel::Where {
        if let Some(l) = step.line {
            let row = l < puzzle.height();
            let number = if row { l + 1 } else { l - puzzle.height() + 1 };
            let clue: Vec<Value> = puzzle
                .clue(l)
                .iter()
                .map(|b| json!({"len": b.len, "colour": colour_json(puzzle, b.colour)["char"]}))
                .collect();
            map.insert(
                "line".into(),
                json!({"kind": if row { "row" } else { "column" }, "number": number, "clue": clue}),
            );
        }
        if let Some(p) = step.probe {
            let mut probe = Map::new();
            probe.insert("cell".into(), json!(p.cell.to_string()));
            if let Some(c) = p.colour {
                probe.insert("colour".into(), colour_json(puzzle, c));
            }
            map.insert("probe".into(), Value::Object(probe));
        }
    }
    if level == HintLevel::Full {
        let decided = |c: &&Change| c.after.count_ones() == 1;
        let fills: Vec<Value> = step
            .changes
            .iter()
            .filter(decided)
            .filter(|c| c.after != 1)
            .map(|c| {
                let mut v = colour_json(puzzle, c.after.trailing_zeros() as u8);
                v["cell"] = json!(c.cell.to_string());
                v
            })
            .collect();
        let empties: Vec<Value> = step
            .changes
            .iter()
            .filter(decided)
            .filter(|c| c.after == 1)
            .map(|c| json!(c.cell.to_string()))
            .collect();
        let excludes: Vec<Value> = step
            .changes
            .iter()
            .filter(|c| c.after.count_ones() > 1)
            .map(|c| {
                let gone: Vec<Value> = (0..64u8)
                    .filter(|k| (c.before & !c.after) >> k & 1 == 1)
                    .map(|k| colour_json(puzzle, k)["char"].clone())
                    .collect();
                json!({"cell": c.cell.to_string(), "colours": gone})
            })
            .collect();
        map.insert("fills".into(), json!(fills));
        map.insert("empties".into(), json!(empties));
        map.insert("excludes".into(), json!(excludes));
        map.insert(
            "text".into(),
            json!(describe(puzzle, step, HintLevel::Full)),
        );
    }
    Value::Object(map)
}

/// The explanation as one JSON object (schema: `docs/explain.md`); with `hint`, only the
/// first step, at that level, and no status or class (a hint stops after one step).
pub fn to_json(
    puzzle: &Nonogram,
    label: &str,
    explanation: &Explanation,
    hint: Option<HintLevel>,
) -> Value {
    let e = explanation;
    let mut map = Map::new();
    map.insert("label".into(), json!(label));
    map.insert("kind".into(), json!("nonogram"));
    let stopped_by_hint = hint.is_some() && !e.steps.is_empty();
    if !stopped_by_hint {
        map.insert("status".into(), json!(e.status.name()));
        map.insert("class".into(), json!(e.class.key()));
    }
    if let Some(level) = hint {
        map.insert("hint_level".into(), json!(level as u8));
        map.insert(
            "hint".into(),
            e.steps
                .first()
                .map_or(Value::Null, |s| step_json(puzzle, 1, s, level)),
        );
    } else {
        map.insert(
            "counts".into(),
            json!({
                "steps": e.steps.len(),
                "passes": e.passes.len(),
                "probes": e.probes,
                "guesses": e.guesses,
            }),
        );
        map.insert(
            "unknown".into(),
            json!({"start": e.unknown.0, "end": e.unknown.1}),
        );
        map.insert("search_complete".into(), json!(e.search_complete));
        map.insert("checked".into(), json!(e.checked));
        let passes: Vec<Value> = e
            .passes
            .iter()
            .map(|p| json!({"pass": p.number, "unknown": p.unknown}))
            .collect();
        map.insert("passes".into(), json!(passes));
        let steps: Vec<Value> = e
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| step_json(puzzle, i + 1, s, HintLevel::Full))
            .collect();
        map.insert("steps".into(), json!(steps));
        if e.status == super::Status::Stuck && !e.domains.is_empty() {
            map.insert("grid".into(), json!(grid_rows(puzzle, &e.domains)));
        }
    }
    if let Some(reason) = &e.reason {
        map.insert("reason".into(), json!(reason));
    }
    if !e.differing.is_empty() {
        let cells: Vec<String> = e.differing.iter().map(Cell::to_string).collect();
        map.insert("differing".into(), json!(cells));
    }
    map.insert("palette".into(), puzzle.palette().to_json());
    Value::Object(map)
}
