//! The native Light Up solver: the deductions of `deduce.rs` to a fixpoint, then a guess,
//! and the same again on each side of it.
//!
//! Glossary (with `deduce.rs`'s):
//! - **slack**: of a clue, its open neighbours beyond its need; of an unlit cell, its
//!   candidates beyond the one light it needs;
//! - **guess**: the first open cell among the neighbours of the clue, or the candidates
//!   of the unlit cell, with the least slack (the tightest, reading clues first); the
//!   search tries it as a light, then as empty: the two sides share no solution, so
//!   counting them counts each solution once;
//! - **node**: one call of [`Search::node`].
//!
//! Invariant: the marks of a node are the clues plus the guesses above it plus what
//! deduction forced from them, so the solutions under a node are exactly the solutions
//! that agree with its guesses; a settled node with nothing to guess is one solution
//! (`deduce.rs`: no open cell, no unlit cell, every clue met). With no guess at the root,
//! deduction alone decided the puzzle.
//!
//! Reference: the split is the classic backtracking of Knuth, "Dancing links" (2000),
//! choosing the most constrained item.

use std::ops::ControlFlow;

use super::deduce::{self, Board, LIGHT, Marks, OPEN};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Effort;

/// How the root ended, before any guess.
pub(super) enum Root {
    /// The clues contradict: no solution.
    Contradiction,
    /// Deduction decided every cell: the lights, a cell each (1 a light).
    Decided(Vec<u32>),
    /// A guess is needed: the search's answer.
    Searched(NativeAnswer),
}

/// A search's counters and what it hands out.
struct Search<'a, 'f> {
    board: &'a Board,
    limits: &'a Limits,
    max: u64,
    found: &'f mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    handed: usize,
    count: u64,
    nodes: u64,
    guesses: u64,
    stopped: bool,
}

/// Solves `board` from no marks: settles the root, and when that leaves a guess, hands the
/// first `limits.keep` solutions (1 a light, 0 not, a cell each) to `found` and counts up
/// to `limits.max_solutions` (at least 1).
pub(super) fn solve(
    board: &Board,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Root {
    let mut marks = Marks::new(board);
    if deduce::settle_clean(board, &mut marks).is_err() {
        return Root::Contradiction;
    }
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
    let Some(cell) = search.guess(&marks) else {
        return Root::Decided(values(&marks));
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

fn values(marks: &Marks) -> Vec<u32> {
    marks.cell.iter().map(|&m| u32::from(m == LIGHT)).collect()
}

impl Search<'_, '_> {
    fn node(&mut self, mut marks: Marks) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.limits.stop.poll(Effort::Nodes, self.nodes) {
            self.stopped = true;
        }
        if self.stopped || deduce::settle_clean(self.board, &mut marks).is_err() {
            return;
        }
        match self.guess(&marks) {
            Some(cell) => self.split(marks, cell),
            None => self.solution(&marks),
        }
    }

    /// A light on `cell`, then no light there.
    fn split(&mut self, mut marks: Marks, cell: usize) {
        self.guesses += 1;
        let mut with = marks.clone();
        if with.light(self.board, cell).is_ok() {
            self.node(with);
        }
        if self.stopped {
            return;
        }
        if marks.empty(self.board, cell).is_ok() {
            self.node(marks);
        }
    }

    /// The cell to guess (module docs); `None` when nothing is left open.
    fn guess(&self, marks: &Marks) -> Option<usize> {
        let b = self.board;
        // (slack, the clue or the cell, whether a clue)
        let mut best: Option<(u32, usize, bool)> = None;
        for (k, clue) in b.clues.iter().enumerate() {
            let open = marks.around[k];
            if open == 0 {
                continue;
            }
            let slack = open - (clue.number - marks.lights[k]);
            if best.is_none_or(|(s, _, _)| slack < s) {
                best = Some((slack, k, true));
                if slack <= 1 {
                    break;
                }
            }
        }
        if best.is_none_or(|(s, _, _)| s > 1) {
            for cell in 0..b.cells() {
                if marks.cell[cell] == LIGHT || b.segment_of[cell][0] == u32::MAX {
                    continue;
                }
                if marks.is_lit(b, cell) {
                    continue;
                }
                // Settled: an unlit cell has two candidates or more.
                debug_assert!(marks.candidates(b, cell) >= 2);
                let slack = marks.candidates(b, cell) - 1;
                if best.is_none_or(|(s, _, _)| slack < s) {
                    best = Some((slack, cell, false));
                    if slack <= 1 {
                        break;
                    }
                }
            }
        }
        let (_, at, clue) = best?;
        if clue {
            b.clues[at]
                .around
                .iter()
                .map(|&c| c as usize)
                .find(|&c| marks.cell[c] == OPEN)
        } else {
            b.segment_of[at]
                .iter()
                .flat_map(|&s| &b.segments[s as usize])
                .map(|&c| c as usize)
                .find(|&c| marks.cell[c] == OPEN)
        }
    }

    fn solution(&mut self, marks: &Marks) {
        self.count += 1;
        if self.handed < self.limits.keep {
            self.handed += 1;
            if (self.found)(&values(marks)).is_break() {
                self.handed = self.limits.keep;
            }
        }
        if self.count >= self.max {
            self.stopped = true;
        }
    }
}
