//! `POST /api/solve`: one solve, its progress and its answer as server-sent events
//! ([`events`](super::events)).
//!
//! The solve runs on a thread of its own holding a permit ([`limits`](super::limits)),
//! within a [`Stop`] whose deadline is the time limit. The event stream owns a guard that
//! cancels the stop when the stream is dropped: when the client disconnects (or aborts, the
//! page's cancel), hyper fails the next write — a `progress` event every
//! [`TICK`](super::events::TICK) — drops the stream, and every engine stops.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::AppState;
use super::error::{ApiError, from_json};
use super::events::{Message, Running, TICK};
use super::limits::CancelOnDrop;
use super::pictures;
use super::puzzle::{Loaded, PuzzleText};
use crate::facade::Report;
use crate::portfolio::{self, RaceEvent};
use crate::puzzle::{Engine, Render, Request};
use crate::render::Picture;
use crate::sat::SatBackend;
use crate::stop::{Meter, Stop};

/// What a solve asks.
#[derive(Debug, Deserialize)]
struct SolveBody {
    #[serde(flatten)]
    puzzle: PuzzleText,
    /// `["auto"]` (or none) for the portfolio, else the engines to race at once.
    #[serde(default)]
    backends: Vec<String>,
    /// The first solution, "exactly one?", or how many.
    #[serde(default)]
    mode: Mode,
    /// Seconds, at most the server's time limit.
    #[serde(default)]
    timeout: Option<f64>,
}

/// How many solutions a solve looks for.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Mode {
    /// The first one.
    First,
    /// Two, to say whether there is exactly one.
    #[default]
    Unique,
    /// All of them, counted (the first kept).
    Count,
}

impl Mode {
    fn request(self) -> Request {
        let mut request = match self {
            Mode::First => Request::first(),
            Mode::Unique => Request::unique(),
            Mode::Count => Request::count(),
        };
        request.render = Render::Text;
        request
    }
}

/// The engines the page offers: every one, `external` only when the server was started
/// with `--solver`.
pub(super) fn offered(solver: Option<&SatBackend>) -> Vec<Engine> {
    Engine::ALL
        .into_iter()
        .filter(|&e| e != Engine::External || solver.is_some())
        .collect()
}

/// `GET /api/backends`: the engines the page offers, and the external solver, if any.
pub(super) async fn backends(State(state): State<Arc<AppState>>) -> Json<Value> {
    let solver = state.config.solver.as_ref();
    let names: Vec<&str> = offered(solver).iter().map(|e| e.name()).collect();
    Json(json!({"engines": names, "external": solver.map(ToString::to_string)}))
}

/// The engines a solve races (none: `auto`); 400 for a name the page does not run.
fn engines(names: &[String], solver: Option<&SatBackend>) -> Result<Vec<Engine>, ApiError> {
    if names.is_empty() || names == ["auto"] {
        return Ok(Vec::new());
    }
    let offered = offered(solver);
    let mut engines = Vec::new();
    for name in names {
        let Some(&engine) = offered.iter().find(|e| e.name() == name) else {
            return Err(ApiError::bad(format!(
                "unknown backend '{name}': `auto` alone, or some of {} (`external` needs the \
                 server started with `satcover serve --solver CMD`)",
                offered
                    .iter()
                    .map(|e| e.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        if !engines.contains(&engine) {
            engines.push(engine);
        }
    }
    Ok(engines)
}

/// The solve's time limit: the request's, at most the server's.
fn time_limit(asked: Option<f64>, most: Duration) -> Result<Duration, ApiError> {
    match asked {
        None => Ok(most),
        Some(s) if s.is_finite() && s > 0.0 => Ok(Duration::from_secs_f64(s.min(1e9)).min(most)),
        Some(s) => Err(ApiError::bad(format!(
            "the timeout must be a positive number of seconds, not {s}"
        ))),
    }
}

/// The handler: read the request (400 before any event), wait for a permit (429 beyond
/// the queue's bounds; a client that leaves meanwhile drops this future and its place),
/// read the puzzle (400/422), start the solve and answer with its events.
pub(super) async fn solve(
    State(state): State<Arc<AppState>>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let body: SolveBody = from_json(&body)?;
    let solver = state.config.solver.clone();
    let engines = engines(&body.backends, solver.as_ref())?;
    let time_limit = time_limit(body.timeout, state.config.time_limit)?;
    let permit = state.permits.take().await?;
    let puzzle = body.puzzle;
    let loaded = tokio::task::spawn_blocking(move || puzzle.load())
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    let (tx, rx) = unbounded_channel();
    let stop = Stop::cancellable(Some(Instant::now() + time_limit));
    let worker_stop = stop.clone();
    let mut request = body.mode.request();
    request.external = solver;
    std::thread::Builder::new()
        .name("satcover-solve".to_string())
        .spawn(move || {
            let _permit = permit;
            run(&loaded, &engines, &request, time_limit, &worker_stop, &tx);
        })
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    Ok(Sse::new(watch(rx, stop)).into_response())
}

/// The solve itself, on its own thread: every event goes to `tx` (and is lost, harmlessly,
/// once the client is gone).
fn run(
    loaded: &Loaded,
    engines: &[Engine],
    request: &Request,
    time_limit: Duration,
    stop: &Stop,
    tx: &UnboundedSender<Message>,
) {
    let puzzle = loaded.puzzle.as_ref();
    let names = if engines.is_empty() {
        vec!["auto".to_string()]
    } else {
        engines.iter().map(|e| e.name().to_string()).collect()
    };
    let _ = tx.send(Message::Start {
        kind: puzzle.kind(),
        label: loaded.label.clone(),
        engines: names,
        time_limit,
    });
    let observe = |event: RaceEvent| {
        let _ = tx.send(Message::Contender(event));
    };
    let message = match puzzle.solve_observed(engines, request, stop, &observe) {
        Ok((report, pictures)) => {
            if report.outcome.timed_out && stop.deadline_passed() && !stop.is_cancelled() {
                let _ = tx.send(Message::Timeout { time_limit });
            }
            Message::Result(result_json(loaded, &report, &pictures))
        }
        Err(error) => Message::Error(error.to_string()),
    };
    let _ = tx.send(message);
}

/// The `result` event's data: the verdict, the solutions as text and pictures (cells where
/// the first two differ outlined), the statistics and every contender.
fn result_json(loaded: &Loaded, report: &Report, pictures: &[Picture]) -> Value {
    let outcome = &report.outcome;
    let differing = match pictures {
        [a, b, ..] => pictures::differing(a, b),
        _ => Vec::new(),
    };
    let solutions: Vec<Value> = outcome
        .solutions
        .iter()
        .zip(pictures)
        .map(|(solution, picture)| {
            json!({"text": solution.text, "svg": pictures::svg(picture, &differing)})
        })
        .collect();
    let status = outcome.status.name();
    json!({
        "label": loaded.label,
        "puzzles": loaded.puzzles,
        "kind": report.kind,
        "status": status,
        "count": outcome.count,
        "complete": outcome.complete,
        "unique": outcome.unique(),
        "timed_out": outcome.timed_out,
        "reason": outcome.reason,
        "solutions": solutions,
        "differing": differing.iter().map(|&(r, c)| [r, c]).collect::<Vec<_>>(),
        "differences": report.differences,
        "summary": portfolio::summary(status, &outcome.stats),
        "stats": outcome.stats,
    })
}

/// What the event stream keeps between events.
struct Watch {
    rx: UnboundedReceiver<Message>,
    _cancel: CancelOnDrop,
    start: Instant,
    running: Vec<(Engine, Instant, Meter)>,
    ticker: tokio::time::Interval,
    /// The `timeout` event went out: the search is over, no more `progress` (the answer
    /// may take a moment to draw).
    timed_out: bool,
    done: bool,
}

/// The solve's events as they come, a `progress` event every tick in between, until the
/// last one.
fn watch(
    rx: UnboundedReceiver<Message>,
    stop: Stop,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let start = Instant::now();
    let mut ticker = tokio::time::interval_at(tokio::time::Instant::now() + TICK, TICK);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let watch = Watch {
        rx,
        _cancel: CancelOnDrop(stop),
        start,
        running: Vec::new(),
        ticker,
        timed_out: false,
        done: false,
    };
    futures_util::stream::unfold(watch, |mut w| async move {
        if w.done {
            return None;
        }
        let message = tokio::select! {
            biased;
            message = w.rx.recv() => message.unwrap_or_else(|| {
                Message::Error("the solve ended without an answer".to_string())
            }),
            _ = w.ticker.tick(), if !w.timed_out => Message::Progress {
                elapsed: w.start.elapsed(),
                running: w.running.iter().map(|(engine, at, meter)| Running {
                    engine: *engine,
                    time: at.elapsed(),
                    effort: meter.read(),
                }).collect(),
            },
        };
        match &message {
            Message::Contender(RaceEvent::Started(engine, meter)) => {
                w.running.push((*engine, Instant::now(), meter.clone()));
            }
            Message::Contender(RaceEvent::Ended(contender)) => {
                w.running.retain(|(e, _, _)| *e != contender.backend);
            }
            Message::Timeout { .. } => w.timed_out = true,
            _ => {}
        }
        w.done = message.is_last();
        Some((Ok(message.to_event()), w))
    })
}
