//! The API's errors: a status and a JSON body `{"error": message, "line", "column"}` (the
//! position when the fault is at a place in the puzzle text).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::input::InputError;

/// An error answer.
#[derive(Debug)]
pub(super) struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ApiError {
    /// `status` with `message` and no position.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            line: None,
            column: None,
        }
    }

    /// 400: the request cannot be read.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 400 with the reader's message and position.
    pub fn input(error: InputError) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: error.to_string(),
            line: error.line,
            column: error.column,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.message, "line": self.line, "column": self.column});
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body, refused with 400 when malformed (the message says where in the
/// body; `line` and `column` stay for places in the puzzle text).
pub(super) fn from_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("malformed JSON request: {e}")))
}
