//! The page's files, embedded in the binary (no build step, no external request), and the
//! shipped examples and kinds it offers (from the registry: each kind's examples are files
//! of `tests/fixtures/`, embedded).

use axum::Json;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Value, json};

use crate::registry::READERS;

/// The page.
pub(super) const INDEX: &str = include_str!("page/index.html");
/// Its script (a file of its own: the Content-Security-Policy forbids inline script).
pub(super) const SCRIPT: &str = include_str!("page/app.js");
/// Its style sheet.
pub(super) const STYLE: &str = include_str!("page/style.css");

/// `GET /`.
pub(super) async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
}

/// `GET /app.js`.
pub(super) async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SCRIPT,
    )
}

/// `GET /style.css`.
pub(super) async fn style() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        STYLE,
    )
}

/// `GET /api/examples`: `[{title, name, text, kind}]`, every kind's shipped examples in
/// the registry's order.
pub(super) async fn examples() -> Json<Value> {
    Json(Value::Array(
        READERS
            .iter()
            .flat_map(|r| r.examples.iter().map(move |e| (r.kind, e)))
            .map(
                |(kind, e)| json!({"title": e.title, "name": e.name, "text": e.text, "kind": kind}),
            )
            .collect(),
    ))
}

/// `GET /api/kinds`: `[{name, about}]`, every kind the registry reads, for the page's
/// kind list.
pub(super) async fn kinds() -> Json<Value> {
    Json(Value::Array(
        READERS
            .iter()
            .map(|r| json!({"name": r.kind, "about": r.about}))
            .collect(),
    ))
}
