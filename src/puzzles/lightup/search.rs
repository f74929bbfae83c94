//! The native Light Up solver: the deductions of `deduce.rs` to a fixpoint, then a guess,
//! and the same again on each side of it (`constraints::split`).
//!
//! Glossary (with `deduce.rs`'s):
//! - **slack**: of a clue, its open neighbours beyond its need; of an unlit cell, its
//!   candidates beyond the one light it needs;
//! - **guess**: the first open cell among the neighbours of the clue, or the candidates
//!   of the unlit cell, with the least slack (the tightest, reading clues first), tried as
//!   a light, then as empty.
//!
//! Invariant: settled marks with nothing to guess are one solution (`deduce.rs`: no open
//! cell, no unlit cell, every clue met).

use std::ops::ControlFlow;

use super::deduce::{self, Board, LIGHT, Marks, OPEN};
use crate::constraints::probe::Contradiction;
use crate::constraints::split::{self, Root, Split};
use crate::puzzle::Limits;

/// Solves `board` from no marks: settles the root, and when that leaves a guess, hands the
/// first `limits.keep` solutions (1 a light, 0 not, a cell each) to `found` and counts up
/// to `limits.max_solutions` (at least 1).
pub(super) fn solve(
    board: &mut Board,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Root {
    let marks = Marks::new(board);
    split::solve(board, marks, limits, found)
}

impl Split<Board> for Marks {
    fn settle(&mut self, board: &mut Board) -> Result<(), Contradiction> {
        deduce::settle_clean(board, self)
    }

    /// The cell to guess (module docs); `None` when nothing is left open.
    fn guess(&self, b: &Board) -> Option<usize> {
        let marks = self;
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

    fn decide(&mut self, board: &Board, cell: usize, yes: bool) -> Result<(), Contradiction> {
        if yes {
            self.light(board, cell)
        } else {
            self.empty(board, cell)
        }
    }

    fn values(&self) -> Vec<u32> {
        self.cell.iter().map(|&m| u32::from(m == LIGHT)).collect()
    }
}
