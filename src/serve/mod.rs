//! `satcover serve`: the local web page — paste a puzzle, race the backends live, see the
//! answer drawn, analyse, explain, share, download.
//!
//! Glossary:
//! - **page**: three embedded files (`page/`: HTML, CSS, JS; `assets.rs`), no external
//!   request, no inline script, so the Content-Security-Policy can forbid both.
//! - **API**: JSON in, JSON out under `/api/`; a solve answers with a stream of
//!   server-sent events (`events.rs`) until its `result`.
//! - **guard**: what every request passes before a handler (`guards.rs`): a `Host` naming
//!   this machine (DNS rebinding), a same-origin `Origin` / `Sec-Fetch-Site` on writes,
//!   a body of at most [`MAX_BODY`].
//! - **permit**: one per core (`limits.rs`); each solve, analysis, explanation or export
//!   holds one on its thread until it ends. A request that finds none waits in a queue
//!   (at most `queue` requests, each for at most `queue_wait`) and gets 429 with
//!   `Retry-After` only beyond those bounds; a client that leaves while waiting leaves it.
//!
//! Invariants: the puzzle code is called through the library ([`crate::facade`]), never a
//! subprocess; every solve runs within a [`Stop`](crate::stop::Stop) that its deadline and its
//! client's disconnect both fire; user text reaches the page as JSON strings only.
//! Design and measurements: `docs/serve.md`.

mod assets;
mod error;
mod events;
mod guards;
mod limits;
mod pictures;
mod puzzle;
mod routes;
mod solve;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};

pub use limits::{DEFAULT_QUEUE, DEFAULT_QUEUE_WAIT, MAX_BODY, MAX_PAGE_CELLS};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address it listens on (its port already chosen).
    pub addr: SocketAddr,
    /// The longest a solve or an analysis may run.
    pub time_limit: Duration,
    /// How many solves (analyses, explanations, exports) may run at once.
    pub max_solves: usize,
    /// How many requests may wait for one of those at once ([`DEFAULT_QUEUE`]).
    pub queue: usize,
    /// How long a request may wait ([`DEFAULT_QUEUE_WAIT`]).
    pub queue_wait: Duration,
    /// The SAT solver the `external` backend runs (`--solver`); without one the page does
    /// not offer `external`.
    pub solver: Option<crate::sat::SatBackend>,
}

/// What every handler shares.
struct AppState {
    config: Config,
    permits: limits::Permits,
    hosts: guards::Hosts,
}

/// The router: the page, the API, and the guards and headers around both.
pub fn router(config: Config) -> Router {
    let state = Arc::new(AppState {
        permits: limits::Permits::new(config.max_solves, config.queue, config.queue_wait),
        hosts: guards::Hosts::new(config.addr),
        config,
    });
    let api = Router::new()
        .route("/api/examples", get(assets::examples))
        .route("/api/kinds", get(assets::kinds))
        .route("/api/backends", get(solve::backends))
        .route("/api/puzzle", post(routes::puzzle))
        .route("/api/solve", post(solve::solve))
        .route("/api/analyze", post(routes::analyze))
        .route("/api/explain", post(routes::explain))
        .route("/api/export", post(routes::export));
    let page = Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style));
    guards::wrap(page.merge(api), state)
}

/// Serve on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config)).await
}
