//! What the user asks of one puzzle ([`Request`]), what an engine works within
//! ([`Limits`]), and the thread budget a race may borrow from ([`Threads`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread;
use std::time::Duration;

use crate::sat::{self, SatBackend};
use crate::stop::Stop;

/// What the user asks of one puzzle.
#[derive(Clone, Debug)]
pub struct Request {
    /// Stop after this many solutions; `None` counts them all.
    pub max_solutions: Option<u64>,
    /// How many of the solutions found are decoded, checked and kept for printing.
    pub keep: usize,
    /// Per-puzzle time budget; the puzzle is "unknown" when it runs out.
    pub timeout: Option<Duration>,
    /// The SAT binary for the `external` backend (program and arguments).
    pub external: Option<SatBackend>,
    /// Which forms of the kept solutions `AnyPuzzle::solve_any` renders.
    pub render: Render,
    /// The threads `auto` may start for a race, shared by every solve using this request.
    pub threads: Threads,
    /// Write a DRAT proof behind "unsolvable" and "unique" (sat backend only).
    pub proof: Option<sat::ProofTarget>,
    /// How the sat and external backends encode the puzzle, where its kind has a choice.
    pub encode: EncodeOptions,
    /// The sat engine solves the whole CNF that `export` writes even where the kind has a
    /// session of its own (the connectivity genres' lazy cuts, sudoku's kept solver).
    pub eager: bool,
}

/// Choices a kind may offer about its CNF (`--encoding`, `--presolve`). A kind that offers
/// none refuses them ([`SolveError::BadOption`](super::SolveError::BadOption)). `export`
/// and `decode` must be given the same ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The CNF by name, among those the kind offers; `None`: the kind's default.
    pub encoding: Option<String>,
    /// Run the puzzle's own propagation first and encode only what it leaves undecided.
    pub presolve: bool,
}

/// Which forms of a solution to render: building both for every puzzle of a large
/// collection costs more than solving it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Render {
    /// Neither (a bench run, a count).
    None,
    /// [`Puzzle::solution_text`](super::Puzzle::solution_text) only.
    Text,
    /// [`Puzzle::solution_json`](super::Puzzle::solution_json) only.
    Json,
    /// Both forms.
    Both,
}

impl Request {
    /// The first solution only.
    pub fn first() -> Request {
        Request::limit(1)
    }

    /// Up to `n` solutions, all kept.
    pub fn limit(n: u64) -> Request {
        Request {
            max_solutions: Some(n),
            keep: usize::try_from(n).unwrap_or(usize::MAX),
            timeout: None,
            external: None,
            render: Render::Both,
            threads: Threads::machine(),
            proof: None,
            encode: EncodeOptions::default(),
            eager: false,
        }
    }

    /// "Exactly one?": search for a second solution, keep both.
    pub fn unique() -> Request {
        Request::limit(2)
    }

    /// Count every solution, keep the first.
    pub fn count() -> Request {
        Request {
            max_solutions: None,
            keep: 1,
            ..Request::limit(1)
        }
    }

    /// Every solution, all kept.
    pub fn all() -> Request {
        Request {
            max_solutions: None,
            keep: usize::MAX,
            ..Request::limit(1)
        }
    }

    /// The same request with a per-puzzle time budget (`None`: no budget).
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Request {
        self.timeout = timeout;
        self
    }
}

/// The limits an engine works within, derived from a `Request` when the clock starts.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many solutions; `None`: all of them.
    pub max_solutions: Option<u64>,
    /// How many of the solutions found to return (the rest are only counted).
    pub keep: usize,
    /// When to give up: the deadline and the cancel flag every engine polls.
    pub stop: Stop,
}

impl Limits {
    /// `max_solutions` for engines that take a plain number (`u64::MAX` = all).
    pub(crate) fn max_or_all(&self) -> u64 {
        self.max_solutions.unwrap_or(u64::MAX)
    }
}

/// Threads a race may start beyond its caller's, shared by every solve that clones the same
/// `Threads` (one per `solve` run, one per `bench` run).
#[derive(Clone, Debug)]
pub struct Threads(Arc<AtomicUsize>);

/// The count of a [`Threads::machine`] no race has borrowed from yet: the machine's cores
/// are read at the first loan (reading them costs a few system calls and file reads that
/// a run of puzzles solved alone never needs).
const UNREAD: usize = usize::MAX;

impl Threads {
    /// `spare` threads to lend.
    pub fn spare(spare: usize) -> Threads {
        Threads(Arc::new(AtomicUsize::new(spare)))
    }

    /// One caller on this machine: the cores beyond the caller's own.
    pub fn machine() -> Threads {
        Threads(Arc::new(AtomicUsize::new(UNREAD)))
    }

    /// Borrow up to `want` threads; they return when the loan is dropped.
    pub fn borrow(&self, want: usize) -> Loan<'_> {
        if want == 0 {
            return Loan { from: self, n: 0 };
        }
        let mut have = self.0.load(Ordering::Relaxed);
        loop {
            if have == UNREAD {
                static CORES: OnceLock<usize> = OnceLock::new();
                let cores =
                    *CORES.get_or_init(|| thread::available_parallelism().map_or(1, |n| n.get()));
                // Another loan may have read them first: take its count then.
                have = match self.0.compare_exchange(
                    UNREAD,
                    cores - 1,
                    Ordering::AcqRel,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => cores - 1,
                    Err(now) => now,
                };
                continue;
            }
            let take = have.min(want);
            match self.0.compare_exchange_weak(
                have,
                have - take,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    return Loan {
                        from: self,
                        n: take,
                    };
                }
                Err(now) => have = now,
            }
        }
    }
}

/// Threads borrowed from a [`Threads`]; they go back when this is dropped.
pub struct Loan<'t> {
    from: &'t Threads,
    /// How many were lent (at most what was asked).
    pub n: usize,
}

impl Drop for Loan<'_> {
    fn drop(&mut self) {
        self.from.0.fetch_add(self.n, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loans_come_back_and_the_machine_lends_its_spare_cores() {
        let spare = Threads::spare(2);
        {
            let a = spare.borrow(3);
            assert_eq!(a.n, 2);
            assert_eq!(spare.borrow(1).n, 0);
        }
        assert_eq!(spare.borrow(1).n, 1);
        let machine = Threads::machine();
        assert_eq!(machine.borrow(0).n, 0);
        let cores = thread::available_parallelism().map_or(1, |n| n.get());
        let loan = machine.borrow(usize::MAX - 1);
        assert_eq!(loan.n, cores - 1);
        drop(loan);
        assert_eq!(machine.clone().borrow(usize::MAX - 1).n, cores - 1);
    }
}
