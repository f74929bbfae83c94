//! What one client may ask: the body size, the grid size the page draws, and one permit
//! per core for the work that takes a core (solve, analyze, explain, export), with a
//! bounded queue in front of the permits: a request waits its turn, in a queue of at most
//! `--queue` requests for at most `--queue-wait`, and gets 429 (`Retry-After`) beyond.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// How many requests may wait for a permit at once, by default (429 beyond).
pub const DEFAULT_QUEUE: usize = 128;

/// How long a request may wait for a permit, by default (429 beyond).
pub const DEFAULT_QUEUE_WAIT: Duration = Duration::from_secs(10);

/// The permits for work that takes a core, and the queue in front of them: a request that
/// finds every permit taken waits its turn (first come, first served: tokio's semaphore is
/// fair) while fewer than `queue` others wait, for at most `wait`.
pub(super) struct Permits {
    semaphore: Arc<Semaphore>,
    max: usize,
    queue: usize,
    wait: Duration,
    waiting: Arc<AtomicUsize>,
}

/// One place in the queue, given back when dropped: when the request got its permit, gave
/// up, or its future was dropped because its client left.
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Permits {
    /// `max` permits, at most `queue` requests waiting for one, each for at most `wait`.
    pub fn new(max: usize, queue: usize, wait: Duration) -> Permits {
        Permits {
            semaphore: Arc::new(Semaphore::new(max)),
            max,
            queue,
            wait,
            waiting: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// A permit at once, or after waiting in the queue; 429 with `Retry-After` when the
    /// queue is full or the wait runs out. Dropping the future leaves the queue.
    pub async fn take(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(permit) = self.semaphore.clone().try_acquire_owned() {
            return Ok(permit);
        }
        let place = self.enter()?;
        let acquired = tokio::time::timeout(self.wait, self.semaphore.clone().acquire_owned());
        let permit = acquired.await;
        drop(place);
        match permit {
            Ok(Ok(permit)) => Ok(permit),
            // The semaphore is never closed.
            Ok(Err(closed)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                closed.to_string(),
            )),
            Err(_) => Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "waited {} s for one of the {} solves this server runs at once (one per \
                     core) to end; try again later",
                    self.wait.as_secs_f64(),
                    self.max
                ),
            )
            .retry_after(self.wait)),
        }
    }

    /// A place in the queue, or 429 when `queue` requests already wait.
    fn enter(&self) -> Result<Place, ApiError> {
        let entered = self
            .waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.queue).then_some(n + 1)
            });
        match entered {
            Ok(_) => Ok(Place(self.waiting.clone())),
            Err(_) => {
                let queue = match self.queue {
                    0 => "it queues none".to_string(),
                    n => format!("{n} requests wait for them, the most it queues"),
                };
                Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "{} solves are running, the most this server runs at once (one per \
                         core), and {queue}; try again in a moment",
                        self.max
                    ),
                )
                .retry_after(Duration::from_secs(1)))
            }
        }
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

/// `work` on a blocking thread that holds a permit until it ends (after waiting in the
/// queue for one; 429 beyond its bounds),
/// within a stop that fires at `time_limit` or when the client leaves: hyper drops the
/// request's future when its connection closes, and with it the guard that cancels the stop.
pub(super) async fn on_a_core<T: Send + 'static>(
    permits: &Permits,
    time_limit: Duration,
    work: impl FnOnce(Stop) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = permits.take().await?;
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
