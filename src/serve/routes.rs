//! The API's plain JSON handlers: read a puzzle, analyse it, explain it, export it. (The
//! solve, whose answer is a stream, is `solve.rs`.) Analyses and explanations run within
//! the stop [`limits::on_a_core`] hands them: the time limit, or the client leaving.

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::AppState;
use super::error::{ApiError, from_json};
use super::limits::{self, MAX_EXPLAIN_SIDE};
use super::pictures;
use super::puzzle::PuzzleText;
use crate::analyze::{self, Analysis};
use crate::explain::{Cell, HintLevel};
use crate::input::InputError;
use crate::puzzle::{EncodeOptions, Engine, Kind, Status};
use crate::puzzles::nonogram::{self, Nonogram, explain as nexplain};
use crate::puzzles::sudoku::{self, explain};
use crate::stop::Stop;

/// Runs `work` on a blocking thread without a permit (reading a puzzle is quick).
async fn quick<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
}

/// `POST /api/puzzle`: the puzzle read and drawn unsolved, or where its text is wrong.
pub(super) async fn puzzle(body: Bytes) -> Result<Json<Value>, ApiError> {
    let text: PuzzleText = from_json(&body)?;
    quick(move || {
        let loaded = text.load()?;
        let puzzle = loaded.puzzle.as_ref();
        Ok(Json(json!({
            "kind": puzzle.kind(),
            "label": loaded.label,
            "puzzles": loaded.puzzles,
            "warnings": puzzle.warnings(),
            "svg": pictures::svg(&puzzle.picture_unsolved(), &[]),
            "explains": explains(puzzle.kind()),
            // What the page may offer: the engines to race, the files to download.
            "engines": puzzle.engines(),
            "exports": exports(&puzzle.engines()),
        })))
    })
    .await
}

/// The exports a puzzle with `engines` has: DIMACS with SAT, exact cover with DLX.
fn exports(engines: &[Engine]) -> Vec<&'static str> {
    let mut files = Vec::new();
    if engines.contains(&Engine::Sat) {
        files.push("dimacs");
    }
    if engines.contains(&Engine::Dlx) {
        files.push("xc");
    }
    files
}

/// Whether the page can explain puzzles of `kind`.
fn explains(kind: Kind) -> bool {
    [Kind::SUDOKU, Kind::NONOGRAM].contains(&kind)
}

/// What `analyze` asks beyond the puzzle.
#[derive(Debug, Deserialize)]
struct AnalyzeBody {
    #[serde(flatten)]
    puzzle: PuzzleText,
    /// Exact marginals (enumerate up to `limit` solutions), not only forced cells.
    #[serde(default)]
    marginals: bool,
    /// The most solutions enumerated.
    #[serde(default = "default_limit")]
    limit: u64,
}

fn default_limit() -> u64 {
    analyze::Options::default().limit
}

/// `POST /api/analyze`: forced cells, and the marginals heat map when asked.
pub(super) async fn analyze(
    State(state): State<Arc<AppState>>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let body: AnalyzeBody = from_json(&body)?;
    let time_limit = state.config.time_limit;
    limits::on_a_core(&state.permits, time_limit, move |stop| {
        let loaded = body.puzzle.load()?;
        let options = analyze::Options {
            limit: body.limit.max(1),
            marginals: body.marginals,
            stop,
            ..analyze::Options::default()
        };
        let analysis = loaded
            .puzzle
            .analyze(&options)
            .map_err(|e| ApiError::bad(format!("{}: {e}", loaded.label)))?;
        Ok(Json(analysis_json(&analysis, time_limit)))
    })
    .await
}

fn analysis_json(analysis: &Analysis, time_limit: Duration) -> Value {
    let svg = |p: &Option<crate::render::Picture>| p.as_ref().map(|p| pictures::svg(p, &[]));
    json!({
        "kind": analysis.kind,
        "status": analysis.status.name(),
        "reason": analysis.reason,
        "method": analysis.method,
        "cells": analysis.varying.len(),
        "varying": analysis.num_varying(),
        "forced_exact": analysis.forced_exact,
        "solutions_counted": analysis.solutions_counted,
        "complete": analysis.complete,
        "forced_text": if analysis.status == Status::Solved { analysis.forced_text() } else { String::new() },
        "time": analysis.time.as_secs_f64(),
        "time_limit": time_limit.as_secs_f64(),
        "picture": svg(&analysis.picture),
        "marginals": svg(&analysis.marginal_picture),
    })
}

/// `POST /api/explain`: a sudoku's or a nonogram's steps, each with the cells it looks at
/// and what it decides (0-based row, column), to page through.
pub(super) async fn explain(
    State(state): State<Arc<AppState>>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let text: PuzzleText = from_json(&body)?;
    limits::on_a_core(&state.permits, state.config.time_limit, move |stop| {
        let loaded = text.load()?;
        match loaded.puzzle.kind() {
            Kind::SUDOKU => explain_sudoku(&text, stop),
            Kind::NONOGRAM => explain_nonogram(&text, stop),
            kind => Err(ApiError::bad(format!(
                "explain knows sudoku and nonograms, not {kind}"
            ))),
        }
    })
    .await
}

fn explain_sudoku(text: &PuzzleText, stop: Stop) -> Result<Json<Value>, ApiError> {
    // The same reader as `load` (input::load reads sudoku this way), for the grid itself.
    let grid = match sudoku::parse(&text.text).into_iter().next() {
        Some(Ok((_, grid))) => grid,
        Some(Err(e)) => return Err(ApiError::input(InputError::parse(text.source(), e))),
        None => return Err(ApiError::bad("no sudoku found in the text")),
    };
    if grid.size() > MAX_EXPLAIN_SIDE {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "explain takes sudoku up to {MAX_EXPLAIN_SIDE}×{MAX_EXPLAIN_SIDE}, not {0}×{0}",
                grid.size()
            ),
        ));
    }
    let options = explain::Options {
        stop,
        ..explain::Options::default()
    };
    let explanation = explain::explain(&grid, &options);
    Ok(Json(sudoku_json(&grid, &explanation)))
}

fn sudoku_json(grid: &sudoku::Sudoku, explanation: &explain::Explanation) -> Value {
    let cell = |c: &explain::Cell| json!([c.row, c.col]);
    let candidate = |c: &explain::Candidate| json!([c.cell.row, c.cell.col, c.digit]);
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
    json!({
        "kind": Kind::SUDOKU,
        "status": explanation.status.name(),
        "size": explanation.size,
        "box": grid.box_side(),
        "givens": grid.givens(),
        "rating": explanation.rating.to_string(),
        "level": explanation.level,
        "reason": explanation.reason,
        "differing": explanation.differing.iter().map(cell).collect::<Vec<_>>(),
        "steps": steps,
    })
}

fn explain_nonogram(text: &PuzzleText, stop: Stop) -> Result<Json<Value>, ApiError> {
    // The same reader as `load` (and `satcover explain`), for the nonogram itself.
    let puzzle = match nonogram::parse_all(text.source(), &text.text) {
        Ok(puzzles) => puzzles.into_iter().next(),
        Err(e) => return Err(ApiError::input(InputError::parse(text.source(), e))),
    };
    let Some(puzzle) = puzzle else {
        return Err(ApiError::bad("no nonogram found in the text"));
    };
    if let Some(reason) = nexplain::refusal(&puzzle) {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, reason));
    }
    let options = nexplain::Options {
        stop,
        ..nexplain::Options::default()
    };
    let explanation = nexplain::explain(&puzzle, &options);
    Ok(Json(nonogram_json(&puzzle, &explanation)))
}

/// A nonogram's steps for the page to replay: each change is `[row, column, colour]`, the
/// palette index the cell is now known to be, or -1 when the step only narrowed it.
fn nonogram_json(puzzle: &Nonogram, explanation: &nexplain::Explanation) -> Value {
    let cell = |c: &Cell| json!([c.row, c.col]);
    let known = |domain: u64| {
        if domain.count_ones() == 1 {
            i64::from(domain.trailing_zeros())
        } else {
            -1
        }
    };
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
                "text": nexplain::describe(puzzle, step, HintLevel::Full),
                "line": line,
                "probe": step.probe.map(|p| cell(&p.cell)),
                "changes": step.changes.iter().map(|c| {
                    json!([c.cell.row, c.cell.col, known(c.after)])
                }).collect::<Vec<_>>(),
            })
        })
        .collect();
    let colours: Vec<String> = puzzle
        .palette()
        .colours()
        .iter()
        .map(|c| c.rgb.hex())
        .collect();
    let givens: Vec<i64> = puzzle
        .givens()
        .iter()
        .map(|g| g.map_or(-1, i64::from))
        .collect();
    json!({
        "kind": Kind::NONOGRAM,
        "status": explanation.status.name(),
        "class": explanation.class.key(),
        "width": puzzle.width(),
        "height": puzzle.height(),
        "colours": colours,
        "givens": givens,
        "probes": explanation.probes,
        "reason": explanation.reason,
        "differing": explanation.differing.iter().map(cell).collect::<Vec<_>>(),
        "steps": steps,
    })
}

/// What `export` asks beyond the puzzle.
#[derive(Debug, Deserialize)]
struct ExportBody {
    #[serde(flatten)]
    puzzle: PuzzleText,
    /// `dimacs` or `xc`.
    to: String,
}

/// `POST /api/export`: the puzzle as a DIMACS or exact-cover file, to download.
pub(super) async fn export(
    State(state): State<Arc<AppState>>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let body: ExportBody = from_json(&body)?;
    let to = body.to.clone();
    if to != "dimacs" && to != "xc" {
        return Err(ApiError::bad(format!(
            "unknown export '{to}': dimacs or xc"
        )));
    }
    let text = limits::on_a_core(&state.permits, state.config.time_limit, move |_stop| {
        let loaded = body.puzzle.load()?;
        let puzzle = loaded.puzzle.as_ref();
        let exported = if body.to == "dimacs" {
            let comments = vec![format!(
                "satcover serve: {} {}",
                puzzle.kind(),
                loaded.label
            )];
            puzzle.export_dimacs(&comments, &EncodeOptions::default())
        } else {
            puzzle.export_xc()
        };
        exported.map_err(|e| ApiError::bad(format!("{}: {e}", loaded.label)))
    })
    .await?;
    let file = if to == "dimacs" {
        "puzzle.cnf"
    } else {
        "puzzle.xc"
    };
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
        ],
        text,
    )
        .into_response())
}
