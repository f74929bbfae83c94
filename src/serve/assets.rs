//! The page's files, embedded in the binary (no build step, no external request), and the
//! shipped examples it offers (puzzle files of `tests/fixtures/`, embedded likewise).

use axum::Json;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Value, json};

/// The page.
pub(super) const INDEX: &str = include_str!("page/index.html");
/// Its script (a file of its own: the Content-Security-Policy forbids inline script).
pub(super) const SCRIPT: &str = include_str!("page/app.js");
/// Its style sheet.
pub(super) const STYLE: &str = include_str!("page/style.css");

/// The examples: a title, a file name (whose extension tells the kind) and the text.
const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "Sudoku 9×9, easy (Norvig)",
        "easy.txt",
        include_str!("../../tests/fixtures/sudoku/easy.txt"),
    ),
    (
        "Sudoku 9×9, among the hardest known",
        "hard.txt",
        include_str!("../../tests/fixtures/sudoku/hard.txt"),
    ),
    (
        "Sudoku 9×9, Norvig's boxed grid",
        "norvig-grid.txt",
        include_str!("../../tests/fixtures/sudoku/norvig-grid.txt"),
    ),
    (
        "Sudoku 16×16",
        "16x16.txt",
        include_str!("../../tests/fixtures/sudoku/16x16.txt"),
    ),
    (
        "Sudoku 25×25",
        "25x25.txt",
        include_str!("../../tests/fixtures/sudoku/25x25.txt"),
    ),
    (
        "Nonogram: dancer",
        "dancer.non",
        include_str!("../../tests/fixtures/nonogram/dancer.non"),
    ),
    (
        "Nonogram: GCHQ 2015",
        "gchq-2015.non",
        include_str!("../../tests/fixtures/nonogram/gchq-2015.non"),
    ),
    (
        "Nonogram in colour: many onions (Olšák .g)",
        "onions-220.g",
        include_str!("../../tests/fixtures/nonogram/onions-220.g"),
    ),
    (
        "Nonogram with two solutions",
        "two-solutions.non",
        include_str!("../../tests/fixtures/nonogram/two-solutions.non"),
    ),
    (
        "Packing: Golomb's 11×11 square",
        "golomb-11-a.pack",
        include_str!("../../tests/fixtures/packing/golomb-11-a.pack"),
    ),
    (
        "Alphametic: SEND + MORE = MONEY",
        "send-more-money.alpha",
        include_str!("../../tests/fixtures/alphametic/send-more-money.alpha"),
    ),
    (
        "Exact cover: Knuth's first example",
        "knuth_5.xc",
        include_str!("../../tests/fixtures/xc/knuth_5.xc"),
    ),
    (
        "CNF (DIMACS)",
        "named.cnf",
        include_str!("../../tests/fixtures/cnf/named.cnf"),
    ),
];

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

/// `GET /api/examples`: `[{title, name, text}]`.
pub(super) async fn examples() -> Json<Value> {
    Json(Value::Array(
        EXAMPLES
            .iter()
            .map(|(title, name, text)| json!({"title": title, "name": name, "text": text}))
            .collect(),
    ))
}
