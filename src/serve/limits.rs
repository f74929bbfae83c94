//! What one client may ask: the body size, the grid size the page draws, and one permit
//! per core for the work that takes a core (solve, analyze, explain, export).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;
use crate::render::Picture;
use crate::stop::Stop;

/// The largest request body, in bytes (413 beyond).
pub const MAX_BODY: usize = 1 << 20;

/// The most cells a grid the page takes may have (422 beyond): the readers take up to
/// 4,000,000, but a picture of more than this is megabytes of SVG no page shows usefully.
pub const MAX_PAGE_CELLS: usize = 250_000;

/// The permits for work that takes a core.
pub(super) struct Permits {
    semaphore: Arc<Semaphore>,
    max: usize,
}

impl Permits {
    /// `max` permits.
    pub fn new(max: usize) -> Permits {
        Permits {
            semaphore: Arc::new(Semaphore::new(max)),
            max,
        }
    }

    /// A permit, or 429 when every one is taken.
    pub fn take(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.semaphore.clone().try_acquire_owned().map_err(|_| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "{} solves are running, the most this server runs at once (one per core); \
                     try again when one ends",
                    self.max
                ),
            )
        })
    }
}

/// 422 when `picture`'s grid has more than [`MAX_PAGE_CELLS`] cells.
pub(super) fn check_grid(picture: &Picture) -> Result<(), ApiError> {
    let cells = picture.width.saturating_mul(picture.height);
    if cells > MAX_PAGE_CELLS {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the grid is {}x{} = {cells} cells; the page takes at most {MAX_PAGE_CELLS} \
                 (the command line takes larger ones)",
                picture.width, picture.height
            ),
        ));
    }
    Ok(())
}

/// Cancels its stop when dropped: whoever holds it (a request's future, an event stream)
/// is gone, and so is the client.
pub(super) struct CancelOnDrop(pub Stop);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// `work` on a blocking thread that holds a permit until it ends (429 when there is none),
/// within a stop that fires at `time_limit` or when the client leaves: hyper drops the
/// request's future when its connection closes, and with it the guard that cancels the stop.
pub(super) async fn on_a_core<T: Send + 'static>(
    permits: &Permits,
    time_limit: Duration,
    work: impl FnOnce(Stop) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = permits.take()?;
    let stop = Stop::cancellable(Some(Instant::now() + time_limit));
    let _cancel = CancelOnDrop(stop.clone());
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(stop)
    })
    .await
    .map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the work failed: {e}"),
        )
    })?
}
