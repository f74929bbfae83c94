//! `Stop`: the one signal that ends a search, polled by every engine.
//!
//! Glossary:
//! - **deadline**: an instant after which the search gives up (the user's `--timeout`, or the
//!   short budget `auto` gives native before the others join).
//! - **cancel flag**: shared by every clone of a `Stop`; `cancel()` on any clone stops them all.
//!   The `auto` backend races engines on one flag and cancels the losers when one answers.
//! - **poll**: an engine asks [`Stop::should_stop`] every so often (every N nodes, every proof
//!   write, every few ms of a child process); the flag is a relaxed atomic load, the clock is
//!   read only when the flag is clear and a deadline exists.
//!
//! A `Stop` is cheap to clone (a deadline and an `Arc`). [`Stop::never`] has neither deadline
//! nor flag: engines may then skip their stop machinery altogether (varisat installs no proof
//! writer, see `src/sat/embedded.rs`), so single-backend runs without `--timeout` pay nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A deadline and a shared cancel flag. See the module docs.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    flag: Option<Arc<AtomicBool>>,
    /// The flags of the stops this one was made from by [`Stop::linked`], at every level (a
    /// driver's stop linked to a race's, linked to a web page's): cancelling any of them stops
    /// this one too, not the other way round.
    outer: Arc<[Arc<AtomicBool>]>,
}

impl Stop {
    /// Never stops: no deadline, and nothing can cancel it.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Stops at `deadline` (if any); cannot be cancelled.
    pub fn at(deadline: Option<Instant>) -> Stop {
        Stop {
            deadline,
            ..Stop::default()
        }
    }

    /// Stops `timeout` from now (if any); cannot be cancelled.
    pub fn after(timeout: Option<Duration>) -> Stop {
        Stop::at(timeout.map(|t| Instant::now() + t))
    }

    /// Stops at `deadline` (if any) or when any clone is cancelled.
    pub fn cancellable(deadline: Option<Instant>) -> Stop {
        Stop {
            deadline,
            flag: Some(Arc::new(AtomicBool::new(false))),
            outer: Arc::default(),
        }
    }

    /// A stop with the same deadline and a flag of its own, that also stops when this one is
    /// cancelled: a race inside a search someone else may cancel. Cancelling the new stop
    /// leaves this one running.
    pub fn linked(&self) -> Stop {
        Stop {
            deadline: self.deadline,
            flag: Some(Arc::new(AtomicBool::new(false))),
            outer: self.flag.iter().chain(self.outer.iter()).cloned().collect(),
        }
    }

    /// A stop sharing this one's flag (and so its cancellation) whose deadline is the earlier
    /// of this one's and `deadline`: a budget inside a budget.
    pub fn child(&self, deadline: Instant) -> Stop {
        Stop {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            flag: self.flag.clone(),
            outer: self.outer.clone(),
        }
    }

    /// Stop every clone. Has no effect on a `Stop` made without a flag ([`Stop::never`],
    /// [`Stop::at`], [`Stop::after`]): only [`Stop::cancellable`] can be cancelled.
    pub fn cancel(&self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether some clone (or the stop this one is linked to) was cancelled; no clock read.
    pub fn is_cancelled(&self) -> bool {
        let set = |f: &AtomicBool| f.load(Ordering::Relaxed);
        self.flag.as_deref().is_some_and(set) || self.outer.iter().any(|f| set(f))
    }

    /// Whether the search should stop now: cancelled, or past the deadline. Reads the clock
    /// only when not cancelled and a deadline exists; hot loops call it every N steps.
    pub fn should_stop(&self) -> bool {
        self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the deadline (not a cancel) has passed.
    pub fn deadline_passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether this `Stop` can ever fire; engines with costly stop hooks skip them otherwise.
    pub fn can_stop(&self) -> bool {
        self.deadline.is_some() || self.flag.is_some()
    }

    /// When the time budget ends, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Time left before the deadline (`None` without one; zero once past).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_never_stops() {
        let s = Stop::never();
        s.cancel();
        assert!(!s.should_stop() && !s.can_stop());
    }

    #[test]
    fn deadlines_stop() {
        assert!(Stop::at(Some(Instant::now())).should_stop());
        let far = Stop::after(Some(Duration::from_secs(600)));
        assert!(!far.should_stop() && far.can_stop());
        assert!(far.remaining().unwrap() > Duration::from_secs(500));
    }

    #[test]
    fn cancel_reaches_every_clone_and_child() {
        let s = Stop::cancellable(None);
        let clone = s.clone();
        let child = s.child(Instant::now() + Duration::from_secs(600));
        assert!(!clone.should_stop() && !child.should_stop());
        clone.cancel();
        assert!(s.should_stop() && child.should_stop() && s.is_cancelled());
    }

    #[test]
    fn a_linked_stop_follows_its_outer_one_only() {
        let outer = Stop::cancellable(None);
        let race = outer.linked();
        race.cancel();
        assert!(race.should_stop() && !outer.should_stop());
        let race = outer.linked();
        outer.cancel();
        assert!(race.should_stop());
        // Two links down (a driver's stop inside a race inside a cancellable solve).
        let top = Stop::cancellable(None);
        let driver = top.linked().linked();
        top.cancel();
        assert!(driver.should_stop());
    }

    #[test]
    fn a_child_deadline_does_not_stop_the_parent() {
        let s = Stop::cancellable(Some(Instant::now() + Duration::from_secs(600)));
        let child = s.child(Instant::now());
        assert!(child.should_stop() && !child.is_cancelled());
        assert!(!s.should_stop());
        // The parent's earlier deadline wins over a later child budget.
        let early = Instant::now();
        assert_eq!(
            Stop::at(Some(early))
                .child(early + Duration::from_secs(1))
                .deadline(),
            Some(early)
        );
    }
}
