//! The nonogram's explain capability: the line-by-line steps of [`explain`] as text, JSON
//! and the page's board. The rules and the class live in `explain/`; this file only says them.

use serde_json::{Value, json};

use super::Nonogram;
use super::explain::{self, Cell, Explanation, HintLevel, RULES, Rule};
use crate::puzzle::{Board, BoardCell, BoardStep, Explain, ExplainRequest, Explained};
use crate::stop::Stop;

impl Explain for Nonogram {
    fn techniques(&self) -> Vec<String> {
        // `contradiction` is a probing step, not a level of its own: `probe` allows both.
        RULES
            .iter()
            .filter(|&&r| r != Rule::Contradiction)
            .map(|r| r.key().to_string())
            .collect()
    }

    fn refusal(&self) -> Option<String> {
        explain::refusal(self)
    }

    fn explain(&self, request: &ExplainRequest) -> Explained {
        let max_rule = match request.max_technique.as_deref().and_then(Rule::from_key) {
            None | Some(Rule::Probe) => Rule::Contradiction,
            Some(rule) => rule,
        };
        let options = explain::Options {
            max_rule,
            max_steps: request.hint.map(|_| 1),
            stop: request.stop.clone(),
            ..explain::Options::default()
        };
        let explanation = explain::explain(self, &options);
        let level = request.hint.and_then(HintLevel::from_number);
        let label = &request.label;
        let text = match (level, explanation.steps.first()) {
            (Some(level), Some(step)) => {
                format!("{label}: hint: {}\n", explain::describe(self, step, level))
            }
            (Some(_), None) => format!(
                "{label}: {}: {}\n",
                explanation.status.name(),
                explanation.reason.as_deref().unwrap_or("no step")
            ),
            (None, _) => explain::text(self, label, &explanation),
        };
        Explained {
            status: explanation.status.into(),
            hinted: level.is_some() && !explanation.steps.is_empty(),
            text,
            json: explain::to_json(self, label, &explanation, level),
        }
    }

    fn explain_page(&self, stop: Stop) -> Value {
        let options = explain::Options {
            stop,
            ..explain::Options::default()
        };
        page_json(self, &explain::explain(self, &options))
    }
}

/// A nonogram's steps for the page to replay: each change is `[row, column, colour]`, the
/// palette index the cell is now known to be, or -1 when the step only narrowed it.
fn page_json(puzzle: &Nonogram, explanation: &Explanation) -> Value {
    let cell = |c: &Cell| json!([c.row, c.col]);
    let steps: Vec<Value> = explanation
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let line = step.line.map(|l| {
                if l < puzzle.height() {
                    json!({"row": l})
                } else {
                    json!({"column": l - puzzle.height()})
                }
            });
            json!({
                "number": i + 1,
                "pass": step.pass,
                "name": step.rule.name(),
                "text": explain::describe(puzzle, step, HintLevel::Full),
                "line": line,
                "probe": step.probe.map(|p| cell(&p.cell)),
                "changes": step.changes.iter().map(|c| {
                    json!([c.cell.row, c.cell.col, known(c.after)])
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let colours = colours(puzzle);
    let givens: Vec<i64> = puzzle
        .givens()
        .iter()
        .map(|g| g.map_or(-1, i64::from))
        .collect();
    let mut summary = format!(
        "{}, {} ({} probes), {} steps",
        explanation.status.name(),
        explanation.class.key(),
        explanation.probes,
        explanation.steps.len()
    );
    if let Some(reason) = &explanation.reason {
        summary.push_str(&format!(": {reason}"));
    }
    json!({
        "kind": super::Kind::NONOGRAM,
        "status": explanation.status.name(),
        "summary": summary,
        "class": explanation.class.key(),
        "width": puzzle.width(),
        "height": puzzle.height(),
        "colours": colours,
        "givens": givens,
        "probes": explanation.probes,
        "reason": explanation.reason,
        "differing": explanation.differing.iter().map(cell).collect::<Vec<_>>(),
        "steps": steps,
        "board": board(puzzle, explanation, &givens),
    })
}

/// The palette index a domain has come down to, or -1 while it has several.
fn known(domain: u64) -> i64 {
    if domain.count_ones() == 1 {
        i64::from(domain.trailing_zeros())
    } else {
        -1
    }
}

fn colours(puzzle: &Nonogram) -> Vec<String> {
    puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| c.rgb.hex())
        .collect()
}

/// A cell known to be palette colour `colour` (-1: unknown).
fn drawn(colour: i64, colours: &[String]) -> BoardCell {
    let (class, text, fill) = match colour {
        c if c < 0 => ("nono unknown", "", None),
        0 => ("nono empty", "·", None),
        c => (
            "nono filled",
            "",
            Some(
                colours
                    .get(c as usize)
                    .cloned()
                    .unwrap_or_else(|| "#000000".to_string()),
            ),
        ),
    };
    BoardCell {
        text: text.to_string(),
        class: class.to_string(),
        colour: fill,
    }
}

/// The grid with its givens, and each step's line or probe and the cells it decided.
fn board(puzzle: &Nonogram, explanation: &Explanation, givens: &[i64]) -> Board {
    let (w, h) = (puzzle.width(), puzzle.height());
    let colours = colours(puzzle);
    let cells = (0..w * h)
        .map(|i| drawn(givens.get(i).copied().unwrap_or(-1), &colours))
        .collect();
    let steps = explanation
        .steps
        .iter()
        .map(|step| {
            let mut marks: Vec<(usize, &'static str)> = Vec::new();
            match step.line {
                Some(l) if l < h => marks.extend((0..w).map(|c| (l * w + c, "focus"))),
                Some(l) => marks.extend((0..h).map(|r| (r * w + (l - h), "focus"))),
                None => {}
            }
            if let Some(p) = step.probe {
                marks.push((p.cell.row * w + p.cell.col, "probe"));
            }
            let mut set = Vec::new();
            for change in &step.changes {
                let i = change.cell.row * w + change.cell.col;
                let colour = known(change.after);
                marks.push((i, if colour >= 0 { "placed" } else { "removed" }));
                if colour >= 0 {
                    set.push((i, drawn(colour, &colours)));
                }
            }
            BoardStep { set, marks }
        })
        .collect();
    Board {
        columns: w,
        cells,
        steps,
    }
}
