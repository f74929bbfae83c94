//! **Copying search over two-way guesses**, for genres whose native solver is a
//! deduction to a fixpoint on marks that are cheap to copy (Light Up, star battle): settle
//! the marks, guess a cell one way on a copy and the other way on the original, and the
//! same again on each side.
//!
//! Glossary:
//! - **marks**: a genre's state ([`Split`]): what the clues and the guesses above it
//!   decided, and what its deductions forced from them;
//! - **guess**: the cell [`Split::guess`] picks, tried first as [`Split::decide`]'s `yes`,
//!   then as its other value: the two sides share no solution, so counting them counts
//!   each solution once;
//! - **node**: one settling of marks (the root is the first).
//!
//! Invariant: the solutions under a node are exactly the solutions that agree with its
//! marks; settled marks with nothing to guess are one solution (each genre's deductions
//! say so: `puzzles/lightup/deduce.rs`, `puzzles/starbattle/deduce.rs`). With no guess at
//! the root, deduction alone decided the puzzle ([`Root::Decided`]).
//!
//! Reference: the split is the classic backtracking of Knuth, "Dancing links" (2000),
//! choosing the most constrained item.

use std::ops::ControlFlow;

use crate::constraints::probe::Contradiction;
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Effort;

/// A genre's marks, copied at each guess, on a board `B`: what settling reads and may use
/// as scratch (the clues, the rules, buffers).
pub trait Split<B>: Clone {
    /// Runs the deductions to their fixpoint; a contradiction means no solution agrees
    /// with the marks.
    fn settle(&mut self, board: &mut B) -> Result<(), Contradiction>;
    /// The undecided cell to guess, `None` when every cell is decided.
    fn guess(&self, board: &B) -> Option<usize>;
    /// Decides `cell` as the guess's first way (`yes`) or its other.
    fn decide(&mut self, board: &B, cell: usize, yes: bool) -> Result<(), Contradiction>;
    /// The values of decided marks, a cell each.
    fn values(&self) -> Vec<u32>;
}

/// How the root ended.
pub enum Root {
    /// The clues contradict: no solution.
    Contradiction,
    /// Deduction decided every cell: the values.
    Decided(Vec<u32>),
    /// A guess was needed: the search's answer.
    Searched(NativeAnswer),
}

/// Settles `marks` and, when that leaves a guess, searches: hands the first `limits.keep`
/// solutions to `found` and counts up to `limits.max_solutions`. Asked for none, it does
/// nothing: an incomplete search of no node.
pub fn solve<B, M: Split<B>>(
    board: &mut B,
    mut marks: M,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Root {
    if limits.max_or_all() == 0 {
        return Root::Searched(NativeAnswer {
            count: 0,
            complete: false,
            nodes: Some(0),
            guesses: Some(0),
            conflicts: None,
        });
    }
    if marks.settle(board).is_err() {
        return Root::Contradiction;
    }
    let Some(cell) = marks.guess(board) else {
        return Root::Decided(marks.values());
    };
    let mut search = Search {
        board,
        limits,
        max: limits.max_or_all(),
        found,
        handed: 0,
        count: 0,
        nodes: 1,
        guesses: 0,
        stopped: false,
    };
    search.split(marks, cell);
    Root::Searched(NativeAnswer {
        count: search.count,
        complete: !search.stopped,
        nodes: Some(search.nodes),
        guesses: Some(search.guesses),
        conflicts: None,
    })
}

/// A search's counters and what it hands out.
struct Search<'a, 'f, B> {
    board: &'a mut B,
    limits: &'a Limits,
    max: u64,
    found: &'f mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    handed: usize,
    count: u64,
    nodes: u64,
    guesses: u64,
    stopped: bool,
}

impl<B> Search<'_, '_, B> {
    fn node<M: Split<B>>(&mut self, mut marks: M) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.limits.stop.poll(Effort::Nodes, self.nodes) {
            self.stopped = true;
        }
        if self.stopped || marks.settle(self.board).is_err() {
            return;
        }
        match marks.guess(self.board) {
            Some(cell) => self.split(marks, cell),
            None => self.solution(&marks),
        }
    }

    /// `cell` the guess's first way, then its other.
    fn split<M: Split<B>>(&mut self, mut marks: M, cell: usize) {
        self.guesses += 1;
        let mut with = marks.clone();
        if with.decide(self.board, cell, true).is_ok() {
            self.node(with);
        }
        if self.stopped {
            return;
        }
        if marks.decide(self.board, cell, false).is_ok() {
            self.node(marks);
        }
    }

    fn solution<M: Split<B>>(&mut self, marks: &M) {
        self.count += 1;
        if self.handed < self.limits.keep {
            self.handed += 1;
            if (self.found)(&marks.values()).is_break() {
                self.handed = self.limits.keep;
            }
        }
        if self.count >= self.max {
            self.stopped = true;
        }
    }
}
