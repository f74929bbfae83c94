//! The API's errors: a status and a JSON body `{"error": message, "line", "column"}` (the
//! position when the fault is at a place in the puzzle text), and `Retry-After` on a 429.

use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
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
    /// Seconds for a `Retry-After` header (429: when a permit may be free).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// `status` with `message` and no position.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            line: None,
            column: None,
            retry_after: None,
        }
    }

    /// With a `Retry-After` header of `after`, in whole seconds (at least one).
    pub fn retry_after(mut self, after: Duration) -> ApiError {
        self.retry_after = Some(after.as_secs_f64().ceil().max(1.0) as u64);
        self
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
            retry_after: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.message, "line": self.line, "column": self.column});
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// A JSON request body, refused with 400 when malformed (the message says where in the
/// body; `line` and `column` stay for places in the puzzle text).
pub(super) fn from_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("malformed JSON request: {e}")))
}
