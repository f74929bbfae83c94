//! Searches side by side on one core: the restarted search without learning and the
//! learning search's two flavours (`learn.rs`) take turns in a fixed cycle, each paused
//! where it stands while another runs, so none loses its state (a learning search stays
//! inside one CDCL `solve` call, with its restart schedule and learned-clause limit
//! intact: slicing it into calls with conflict budgets reset both, issue 25).
//!
//! Invariants: at most one side runs at any time (the others are blocked in
//! [`Baton::pass`] or have not started); the turn goes round the sides given to
//! [`Baton::new`], in that order; a side's slices grow geometrically (each twice its
//! last), so a search that would finish alone after work W finishes side by side after
//! about W plus the other sides' work up to then. Slices count each side's own steps
//! (nodes, learning steps), not CPU time, so that other work is at most about W per other
//! side only when a step of each costs the same; where they do not (36×36: a node costs
//! about five learning steps) the slower side's turns dominate (docs/cube.md). Once a side
//! finishes (an answer, an exhausted space, a fired stop, or a panic) the race is over and
//! the other sides' next pass returns false at once.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Which search holds the baton.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// The restarted search without learning (the caller's thread).
    Restarts,
    /// The learning search ruling digits out first (a scoped thread of its own).
    RulingOut,
    /// The learning search placing digits (a scoped thread of its own).
    Placing,
}

/// The turn and whether the race is over; see the module docs.
#[derive(Debug)]
pub(super) struct Baton {
    /// The sides taking part, in the order the turn goes round; the first runs first.
    sides: &'static [Side],
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct State {
    running: Side,
    over: bool,
}

impl Baton {
    /// A race of `sides` (distinct, at least one), the turn going round them in order,
    /// the first running first.
    pub(super) fn new(sides: &'static [Side]) -> Baton {
        Baton {
            sides,
            state: Mutex::new(State {
                running: sides[0],
                over: false,
            }),
            changed: Condvar::new(),
        }
    }

    /// The side after `side` in the cycle.
    fn next(&self, side: Side) -> Side {
        let at = self.sides.iter().position(|&s| s == side);
        let at = at.expect("a side of the race");
        self.sides[(at + 1) % self.sides.len()]
    }

    /// The state, also after a panic of the other side while it held the lock (the state
    /// is two plain fields, always consistent).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Blocks until it is `side`'s turn. False: the race is over.
    pub(super) fn wait(&self, side: Side) -> bool {
        let mut state = self.lock();
        while state.running != side && !state.over {
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        !state.over
    }

    /// `side` hands the turn to the next side and blocks until it comes back. False: the
    /// race is over (another side finished).
    pub(super) fn pass(&self, side: Side) -> bool {
        {
            let mut state = self.lock();
            if state.over {
                return false;
            }
            state.running = self.next(side);
        }
        self.changed.notify_all();
        self.wait(side)
    }

    /// Ends the race (a side finished) and wakes the other sides.
    pub(super) fn finish(&self) {
        self.lock().over = true;
        self.changed.notify_all();
    }
}

/// Ends the race when dropped: held by each side while it runs, so that a side that
/// returns early or panics never leaves the others blocked.
pub(super) struct Finish<'a>(pub(super) &'a Baton);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

/// The first two slices of each side (work units: nodes for [`Side::Restarts`], steps for
/// the learning searches); later slices double.
#[derive(Clone, Copy, Debug)]
pub(super) struct Schedule {
    /// [`Side::Restarts`]'s first two slices (it runs first).
    pub(super) restarts: (u64, u64),
    /// [`Side::RulingOut`]'s first two slices.
    pub(super) ruling_out: (u64, u64),
    /// [`Side::Placing`]'s first two slices.
    pub(super) placing: (u64, u64),
}

/// One side's slices: `go_on(work)` passes the baton once the work done (nodes,
/// decisions: any count that only grows) reaches the slice's end, and doubles the next
/// slice.
pub(super) struct Slices {
    baton: Arc<Baton>,
    side: Side,
    end: u64,
    slice: u64,
}

impl Slices {
    /// `side`'s slices on `baton`: the first ending at work `first`, the second `second`
    /// long, each later one twice the one before.
    pub(super) fn new(baton: Arc<Baton>, side: Side, (first, second): (u64, u64)) -> Slices {
        Slices {
            baton,
            side,
            end: first,
            slice: second / 2,
        }
    }

    /// Whether `work` reaches the end of the slice (the next [`Slices::go_on`] passes).
    #[inline]
    pub(super) fn due(&self, work: u64) -> bool {
        work >= self.end
    }

    /// Whether `side` may go on after `work`: true within its slice, and after its turn
    /// comes back; false once the race is over.
    #[inline]
    pub(super) fn go_on(&mut self, work: u64) -> bool {
        if work < self.end {
            return true;
        }
        if !self.baton.pass(self.side) {
            return false;
        }
        self.slice = self.slice.saturating_mul(2);
        self.end = work.saturating_add(self.slice);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Two counters on two threads never run at once, each gets its growing slices, and
    /// the side that finishes ends the other's turn.
    #[test]
    fn one_side_at_a_time_until_one_finishes() {
        let baton = Arc::new(Baton::new(&[Side::Restarts, Side::RulingOut]));
        let busy = AtomicBool::new(false);
        let (mut a_work, mut b_work) = (0u64, 0u64);
        std::thread::scope(|s| {
            let learner = s.spawn(|| {
                let _finish = Finish(&baton);
                if !baton.wait(Side::RulingOut) {
                    return 0;
                }
                let mut slices = Slices::new(baton.clone(), Side::RulingOut, (10, 20));
                while slices.go_on(b_work) {
                    assert!(!busy.swap(true, Ordering::SeqCst), "both sides run");
                    b_work += 1;
                    busy.store(false, Ordering::SeqCst);
                }
                b_work
            });
            {
                let _finish = Finish(&baton);
                let mut slices = Slices::new(baton.clone(), Side::Restarts, (10, 20));
                // This side finishes after 100 units of its own work.
                while a_work < 100 && slices.go_on(a_work) {
                    assert!(!busy.swap(true, Ordering::SeqCst), "both sides run");
                    a_work += 1;
                    busy.store(false, Ordering::SeqCst);
                }
            }
            let b_done = learner.join().expect("no panic");
            assert_eq!(a_work, 100);
            // Slices 10, 20, 40 for this side (70 units) let the other have 10, 20, 40.
            assert_eq!(b_done, 70);
        });
    }

    /// Three sides take their turns in the cycle's order, each turn one slice, until one
    /// finishes; the others then end at their next pass.
    #[test]
    fn three_sides_go_round_in_order() {
        const SIDES: &[Side] = &[Side::Restarts, Side::RulingOut, Side::Placing];
        let baton = Arc::new(Baton::new(SIDES));
        let turns = Mutex::new(Vec::new());
        let run = |side: Side, finish_after: u64| {
            let _finish = Finish(&baton);
            if !baton.wait(side) {
                return;
            }
            let mut slices = Slices::new(baton.clone(), side, (4, 4));
            let mut work = 0;
            let mut last = None;
            while work < finish_after && slices.go_on(work) {
                if last != Some(slices.end) {
                    last = Some(slices.end);
                    turns.lock().unwrap().push(side);
                }
                work += 1;
            }
        };
        std::thread::scope(|s| {
            s.spawn(|| run(Side::RulingOut, u64::MAX));
            s.spawn(|| run(Side::Placing, 10));
            run(Side::Restarts, u64::MAX);
        });
        // Slices 4, 4, 8: the placing side finishes in its third turn.
        let turns = turns.into_inner().unwrap();
        let cycle = [Side::Restarts, Side::RulingOut, Side::Placing];
        assert_eq!(turns, cycle.repeat(3));
    }

    /// A side that panics ends the race: the other is not left waiting.
    #[test]
    fn a_panic_ends_the_race() {
        let baton = Baton::new(&[Side::RulingOut, Side::Restarts]);
        std::thread::scope(|s| {
            let learner = s.spawn(|| {
                let _finish = Finish(&baton);
                panic!("the learner fails");
            });
            assert!(!baton.wait(Side::Restarts));
            assert!(learner.join().is_err());
        });
    }
}
