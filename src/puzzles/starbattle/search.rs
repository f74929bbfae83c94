//! The native star battle solver: the deductions of `deduce.rs` to a fixpoint, then a guess,
//! and the same again on each side of it (`constraints::split`).
//!
//! Glossary (with `deduce.rs`'s):
//! - **guess**: the first open cell of the unit with the fewest open cells beyond its need
//!   (the tightest), tried as a star, then as empty.
//!
//! Invariant: marks that decide every cell are one solution (the counts and the touch
//! rule hold: every unit has no open cell and at most K, at least K stars).
//!
//! Reference: the rules are the ones a person uses (`encodings/starbattle.md`).

use std::ops::ControlFlow;

use super::deduce::{self, Board, Marks, OPEN, Rules, STAR, Scratch};
use crate::constraints::probe::Contradiction;
use crate::constraints::split::{self, Root, Split};
use crate::puzzle::{Limits, NativeAnswer};

/// What settling reads: the board, the rules, and their scratch.
struct On<'a> {
    board: &'a Board,
    rules: Rules,
    scratch: Scratch,
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
    let mut on = On {
        board,
        rules,
        scratch: Scratch::new(board),
    };
    let settled = |count: u64| NativeAnswer {
        count,
        complete: count < max,
        nodes: Some(1),
        guesses: Some(0),
        conflicts: None,
    };
    match split::solve(&mut on, Marks::new(board), limits, found) {
        Root::Contradiction => settled(0),
        Root::Decided(values) => {
            if limits.keep > 0 {
                let _ = found(&values);
            }
            settled(1)
        }
        Root::Searched(answer) => answer,
    }
}

impl Split<On<'_>> for Marks {
    fn settle(&mut self, on: &mut On<'_>) -> Result<(), Contradiction> {
        deduce::settle(on.board, self, on.rules, &mut on.scratch)
    }

    /// The cell to guess: the first open cell of the tightest unit; `None` when every
    /// cell is decided.
    fn guess(&self, on: &On<'_>) -> Option<usize> {
        let (marks, board) = (self, on.board);
        let mut best: Option<(u32, usize)> = None;
        for u in 0..board.units.len() {
            let open = marks.open[u];
            if open == 0 {
                continue;
            }
            let slack = open - marks.need(board, u);
            if best.is_none_or(|(s, _)| slack < s) {
                best = Some((slack, u));
                if slack <= 1 {
                    break;
                }
            }
        }
        let (_, unit) = best?;
        board.units[unit]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| marks.cell[c] == OPEN)
    }

    fn decide(&mut self, on: &On<'_>, cell: usize, yes: bool) -> Result<(), Contradiction> {
        if yes {
            self.star(on.board, cell)
        } else {
            self.empty(on.board, cell)
        }
    }

    fn values(&self) -> Vec<u32> {
        self.cell.iter().map(|&m| u32::from(m == STAR)).collect()
    }
}
