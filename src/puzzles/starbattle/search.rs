//! The native star battle solver: the deductions of `deduce.rs` to a fixpoint, then a guess,
//! and the same again on each side of it.
//!
//! Glossary (with `deduce.rs`'s):
//! - **guess**: the first open cell of the unit with the fewest open cells beyond its need
//!   (the tightest); the search tries it as a star, then as empty: the two sides share no
//!   solution, so counting them counts each solution once;
//! - **node**: one call of [`Search::node`] (a set of marks settled and, unless decided or
//!   contradictory, split by a guess).
//!
//! Invariant: the marks of a node are the clues plus the guesses above it plus what
//! deduction forced from them, so the solutions under a node are exactly the solutions
//! that agree with its guesses; a node whose marks decide every cell is one solution (the
//! counts and the touch rule hold: every unit has no open cell and at most K, at least K
//! stars). With no guess at the root, deduction alone decided the puzzle: it is unique.
//!
//! Reference: the rules are the ones a person uses (`encodings/starbattle.md`); the split
//! is the classic backtracking of Knuth, "Dancing links" (2000), section "Exact cover",
//! choosing the most constrained item.

use std::ops::ControlFlow;

use super::deduce::{self, Board, Marks, OPEN, Rules, STAR, Scratch};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Effort;

/// A search's counters and what it hands out.
pub(super) struct Search<'a, 'f> {
    board: &'a Board,
    rules: Rules,
    limits: &'a Limits,
    max: u64,
    found: &'f mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    scratch: Scratch,
    handed: usize,
    count: u64,
    nodes: u64,
    guesses: u64,
    stopped: bool,
}

/// Solves `board` from no marks: hands the first `limits.keep` solutions (1 a star, 0 not,
/// a cell each) to `found` and counts up to `limits.max_solutions`.
pub(super) fn solve(
    board: &Board,
    rules: Rules,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> NativeAnswer {
    let max = limits.max_or_all();
    let mut search = Search {
        board,
        rules,
        limits,
        max,
        found,
        scratch: Scratch::new(board),
        handed: 0,
        count: 0,
        nodes: 0,
        guesses: 0,
        stopped: max == 0,
    };
    if !search.stopped {
        search.node(Marks::new(board));
    }
    NativeAnswer {
        count: search.count,
        complete: !search.stopped,
        nodes: Some(search.nodes),
        guesses: Some(search.guesses),
        conflicts: None,
    }
}

impl Search<'_, '_> {
    fn node(&mut self, mut marks: Marks) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.limits.stop.poll(Effort::Nodes, self.nodes) {
            self.stopped = true;
        }
        if self.stopped
            || deduce::settle(self.board, &mut marks, self.rules, &mut self.scratch).is_err()
        {
            return;
        }
        let Some(cell) = self.guess(&marks) else {
            self.solution(&marks);
            return;
        };
        self.guesses += 1;
        let mut with = marks.clone();
        if with.star(self.board, cell).is_ok() {
            self.node(with);
        }
        if self.stopped {
            return;
        }
        if marks.empty(self.board, cell).is_ok() {
            self.node(marks);
        }
    }

    /// The cell to guess: the first open cell of the tightest unit; `None` when every
    /// cell is decided.
    fn guess(&self, marks: &Marks) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for u in 0..self.board.units.len() {
            let open = marks.open[u];
            if open == 0 {
                continue;
            }
            let slack = open - marks.need(self.board, u);
            if best.is_none_or(|(s, _)| slack < s) {
                best = Some((slack, u));
                if slack <= 1 {
                    break;
                }
            }
        }
        let (_, unit) = best?;
        self.board.units[unit]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| marks.cell[c] == OPEN)
    }

    fn solution(&mut self, marks: &Marks) {
        self.count += 1;
        if self.handed < self.limits.keep {
            self.handed += 1;
            let values: Vec<u32> = marks.cell.iter().map(|&m| u32::from(m == STAR)).collect();
            if (self.found)(&values).is_break() {
                self.handed = self.limits.keep;
            }
        }
        if self.count >= self.max {
            self.stopped = true;
        }
    }
}
