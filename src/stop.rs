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
//! - **meter**: an optional [`Meter`] a watcher (the web page's live progress) hands to one
//!   engine's stop; the engine stores its effort so far into it at the polls it already
//!   makes ([`Stop::poll`]: one relaxed store, or a `None` test when no one watches).
//!
//! A `Stop` is cheap to clone (a deadline and an `Arc`). [`Stop::never`] has neither deadline
//! nor flag: engines may then skip their stop machinery altogether (varisat installs no proof
//! writer, see `src/sat/embedded.rs`), so single-backend runs without `--timeout` pay nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
    /// Where the engine running under this stop reports its effort, when someone watches.
    meter: Option<Meter>,
}

/// What an engine counts as its effort, as it reports it to a [`Meter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Search-tree nodes (native, dlx), as in the outcome's `nodes`.
    Nodes,
    /// Line-solver calls (the nonogram native search's `line_solves`; its outcome reports
    /// nodes and guesses).
    LineSolves,
}

impl Effort {
    /// Every counter, in the order a [`Meter`] keeps them.
    pub const ALL: [Effort; 2] = [Effort::Nodes, Effort::LineSolves];

    /// The counter's name in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Effort::Nodes => "nodes",
            Effort::LineSolves => "line_solves",
        }
    }
}

/// One running engine's effort so far, shared by the engine (which stores its counters at
/// its polls, relaxed: a watcher may read a value a poll old) and whoever watches it.
#[derive(Clone, Debug, Default)]
pub struct Meter(Arc<[AtomicU64; Effort::ALL.len()]>);

impl Meter {
    /// A meter with every counter at zero.
    pub fn new() -> Meter {
        Meter::default()
    }

    /// Store `done` as the engine's `effort` so far.
    #[inline]
    pub fn note(&self, effort: Effort, done: u64) {
        self.0[effort as usize].store(done, Ordering::Relaxed);
    }

    /// The counters reported so far (those still at zero left out).
    pub fn read(&self) -> Vec<(Effort, u64)> {
        Effort::ALL
            .into_iter()
            .map(|e| (e, self.0[e as usize].load(Ordering::Relaxed)))
            .filter(|&(_, n)| n > 0)
            .collect()
    }
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
            meter: None,
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
            meter: self.meter.clone(),
        }
    }

    /// A stop sharing this one's flag (and so its cancellation) whose deadline is the earlier
    /// of this one's and `deadline`: a budget inside a budget.
    pub fn child(&self, deadline: Instant) -> Stop {
        Stop {
            deadline: Some(self.deadline.map_or(deadline, |d| d.min(deadline))),
            flag: self.flag.clone(),
            outer: self.outer.clone(),
            meter: self.meter.clone(),
        }
    }

    /// [`Stop::child`] when there is a deadline, else this stop itself.
    pub fn until(&self, deadline: Option<Instant>) -> Stop {
        deadline.map_or_else(|| self.clone(), |d| self.child(d))
    }

    /// This stop, whose engine reports its effort to `meter` ([`Stop::poll`]). A metered stop
    /// always has a cancel flag (a new one nobody else holds, if this stop had none), so that
    /// polls of stops without one test nothing more than [`Stop::should_stop`] does.
    pub fn metered(&self, meter: Meter) -> Stop {
        Stop {
            flag: Some(self.flag.clone().unwrap_or_default()),
            meter: Some(meter),
            ..self.clone()
        }
    }

    /// [`Stop::should_stop`] for an engine that has spent `done` of `effort` so far, which it
    /// stores into the stop's meter, if any: call it at the existing poll points.
    #[inline]
    pub fn poll(&self, effort: Effort, done: u64) -> bool {
        if let Some(flag) = self.flag.as_deref() {
            if let Some(meter) = &self.meter {
                meter.note(effort, done);
            }
            if flag.load(Ordering::Relaxed) {
                return true;
            }
        }
        self.outer.iter().any(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
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
    fn polls_fill_the_meter_of_their_stop_and_its_links() {
        let meter = Meter::new();
        let top = Stop::cancellable(None).metered(meter.clone());
        let driver = top
            .linked()
            .child(Instant::now() + Duration::from_secs(600));
        assert!(meter.read().is_empty());
        assert!(!driver.poll(Effort::Nodes, 1024));
        assert!(!top.poll(Effort::LineSolves, 7));
        assert_eq!(
            meter.read(),
            [(Effort::Nodes, 1024), (Effort::LineSolves, 7)]
        );
        // Without a meter a poll is a plain `should_stop`.
        assert!(!Stop::never().poll(Effort::Nodes, 5));
        assert!(Stop::at(Some(Instant::now())).poll(Effort::Nodes, 5));
        // A meter on a stop without a flag still hears the polls; the deadline still stops.
        let meter = Meter::new();
        let budget = Stop::at(Some(Instant::now())).metered(meter.clone());
        assert!(budget.poll(Effort::Nodes, 9));
        assert_eq!(meter.read(), [(Effort::Nodes, 9)]);
        top.cancel();
        assert!(driver.poll(Effort::Nodes, 2048));
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
