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
use super::limits;
use super::pictures;
use super::puzzle::PuzzleText;
use crate::analyze::{self, Analysis};
use crate::puzzle::{EncodeOptions, Engine, Status};
use crate::registry;

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
            "explains": puzzle.explainer().is_some(),
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

/// `POST /api/explain`: the puzzle's steps, as its kind says them ([`Explain::explain_page`]:
/// each with its text, and a board to replay them on), to page through.
pub(super) async fn explain(
    State(state): State<Arc<AppState>>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    let text: PuzzleText = from_json(&body)?;
    limits::on_a_core(&state.permits, state.config.time_limit, move |stop| {
        let loaded = text.load()?;
        let puzzle = loaded.puzzle.as_ref();
        let Some(explainer) = puzzle.explainer() else {
            let explaining = registry::kinds_with(|p| p.explainer().is_some());
            return Err(ApiError::bad(format!(
                "explain knows {} puzzles, not {}",
                registry::kind_list(&explaining),
                puzzle.kind()
            )));
        };
        if let Some(reason) = explainer.refusal() {
            return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, reason));
        }
        Ok(Json(explainer.explain_page(stop)))
    })
    .await
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
