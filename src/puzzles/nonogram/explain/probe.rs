//! Probing, when line logic stalls: a cell is given each of its colours in turn and line
//! logic runs to a fixpoint; a colour that ends in a line with no arrangement is ruled
//! out (a **contradiction**), and what every surviving branch agrees on holds (a
//! **probe**). The native engine's root probing (`native::probe_residue`, failed
//! literals with merge to a fixpoint, the same power) says first which cells it settles,
//! so those are tried first, and a stall it proves is not searched cell by cell.
//!
//! Invariant: a finding only removes colours no solution has in that cell.

use super::super::{Nonogram, native};
use super::board::{Board, LineLogic};
use crate::stop::Stop;

/// What one probe proved.
pub(super) enum Finding {
    /// Giving `cell` colour `colour` empties line `line`.
    Contradiction {
        cell: usize,
        colour: u8,
        line: usize,
        /// The board with the colour removed.
        board: Board,
    },
    /// Every colour of `cell` that survives leads to `board`'s narrowing.
    Agreement { cell: usize, board: Board },
}

/// The probing order between stalls: the cells root probing settled (still worth
/// trying while they stay unknown), then the rest.
#[derive(Default)]
pub(super) struct Prober {
    order: Vec<usize>,
    /// How many of `order` root probing settled.
    settled: usize,
    cursor: usize,
    /// The root probing behind `order` was done on the board as it is now.
    fresh: bool,
}

impl Prober {
    /// The first finding of the probes in order; `None` when no probe narrows anything,
    /// or once `budget` line solves are spent (`exhausted` then set).
    pub(super) fn find(
        &mut self,
        logic: &mut LineLogic<'_>,
        board: &Board,
        budget: u64,
        exhausted: &mut bool,
    ) -> Option<Finding> {
        let open = |c: &usize| board.domains[*c].count_ones() > 1;
        let still = self.order[..self.settled].iter().any(open);
        if !still {
            self.plan(logic.puzzle, board)?;
        }
        let cells = self.order.len();
        for k in 0..cells {
            if logic.solves >= budget {
                *exhausted = true;
                return None;
            }
            let cell = self.order[(self.cursor + k) % cells];
            if !open(&cell) {
                continue;
            }
            if let Some(finding) = probe(logic, board, cell) {
                self.cursor = (self.cursor + k + 1) % cells;
                self.fresh = false;
                return Some(finding);
            }
        }
        if self.fresh {
            return None;
        }
        // The settled cells were all tried on an older board: plan again once.
        self.plan(logic.puzzle, board)?;
        self.find(logic, board, budget, exhausted)
    }

    /// Root probing on the board (its decided cells as givens): the cells it settles
    /// first, then the other unknown cells. `None`: black-and-white and it settles
    /// nothing, so no probe can (in black-and-white the givens are the whole board).
    fn plan(&mut self, puzzle: &Nonogram, board: &Board) -> Option<()> {
        let unknown = |d: u64| d.count_ones() > 1;
        let givens: Vec<Option<u8>> = board
            .domains
            .iter()
            .map(|&d| (!unknown(d)).then(|| d.trailing_zeros() as u8))
            .collect();
        let known = puzzle.clone().with_colour_givens(givens);
        let settled: Vec<bool> = match native::probe_residue(&known, &Stop::never(), 0) {
            Some(residue) => residue
                .colours
                .iter()
                .zip(&board.domains)
                .map(|(&r, &d)| r & d != d)
                .collect(),
            // Root probing finds no grid: some probe here shows it.
            None => vec![true; board.domains.len()],
        };
        if puzzle.is_black_and_white() && !settled.contains(&true) {
            return None;
        }
        let open = (0..board.domains.len()).filter(|&c| unknown(board.domains[c]));
        let (mut order, rest): (Vec<usize>, Vec<usize>) = open.partition(|&c| settled[c]);
        self.settled = order.len();
        order.extend(rest);
        self.order = order;
        self.cursor = 0;
        self.fresh = true;
        Some(())
    }
}

/// Probes `cell` with each of its colours, background last.
fn probe(logic: &mut LineLogic<'_>, board: &Board, cell: usize) -> Option<Finding> {
    let domain = board.domains[cell];
    let colours = (1..64)
        .filter(|c| domain >> c & 1 == 1)
        .chain((domain & 1 == 1).then_some(0));
    let mut union: Option<Vec<u64>> = None;
    for colour in colours {
        let mut branch = board.clone();
        branch.domains[cell] = 1 << colour;
        let lines = logic.lines_of(cell);
        match logic.propagate(&mut branch, &lines) {
            Err(line) => {
                let mut narrowed = board.clone();
                narrowed.domains[cell] &= !(1 << colour);
                return Some(Finding::Contradiction {
                    cell,
                    colour: colour as u8,
                    line,
                    board: narrowed,
                });
            }
            Ok(()) => match &mut union {
                None => union = Some(branch.domains),
                Some(u) => u.iter_mut().zip(&branch.domains).for_each(|(a, b)| *a |= b),
            },
        }
    }
    let union = union?;
    (union != board.domains).then_some(Finding::Agreement {
        cell,
        board: Board { domains: union },
    })
}
