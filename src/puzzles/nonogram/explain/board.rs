//! The explainer's grid: each cell's possible colours, and lines solved on it by the exact
//! line solver every engine shares ([`bitline::solve_colour`]), one at a time (the steps)
//! or to a fixpoint without a trace (inside a probe).
//!
//! Invariant: a cell's domain only loses colours, and only by the exact line solver or by
//! a probe's proof, so every state holds every solution.

use std::collections::VecDeque;

use super::super::Nonogram;
use super::super::line::bitline::{self, Tables};

/// Each cell's possible colours (bit `c`: palette colour `c`), row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub(super) domains: Vec<u64>,
}

/// The exact line solver with its scratch space, counting its calls.
pub(super) struct LineLogic<'p> {
    pub(super) puzzle: &'p Nonogram,
    tables: Tables<u128>,
    can: Vec<u128>,
    may: Vec<u128>,
    /// Line solves so far.
    pub(super) solves: u64,
}

impl Board {
    /// Every colour in every cell, but what the givens rule out.
    pub(super) fn new(puzzle: &Nonogram) -> Board {
        let all = (1u64 << puzzle.palette().len()) - 1;
        Board {
            domains: puzzle
                .givens()
                .iter()
                .map(|g| g.map_or(all, |c| 1 << c))
                .collect(),
        }
    }

    /// Cells with more than one colour left.
    pub(super) fn unknown(&self) -> usize {
        self.domains.iter().filter(|d| d.count_ones() > 1).count()
    }

    /// The domains of line `l`'s cells, in order.
    pub(super) fn line(&self, puzzle: &Nonogram, l: usize) -> Vec<u64> {
        (0..puzzle.line_len(l))
            .map(|i| self.domains[puzzle.cell_of(l, i)])
            .collect()
    }
}

impl<'p> LineLogic<'p> {
    pub(super) fn new(puzzle: &'p Nonogram) -> LineLogic<'p> {
        let blocks = (0..puzzle.num_lines())
            .map(|l| puzzle.clue(l).len())
            .max()
            .unwrap_or(0);
        let p = puzzle.palette().len();
        LineLogic {
            puzzle,
            tables: Tables::with_blocks(blocks),
            can: vec![0; p],
            may: vec![0; p],
            solves: 0,
        }
    }

    /// What the exact line solver leaves in each cell of line `l` (`None`: no
    /// arrangement fits). Lines are at most [`bitline::MAX_LEN`] cells (see
    /// `super::refusal`).
    pub(super) fn solve(&mut self, board: &Board, l: usize) -> Option<Vec<u64>> {
        self.solves += 1;
        let puzzle = self.puzzle;
        let n = puzzle.line_len(l);
        self.can.fill(0);
        for i in 0..n {
            let mut d = board.domains[puzzle.cell_of(l, i)];
            while d != 0 {
                self.can[d.trailing_zeros() as usize] |= 1 << i;
                d &= d - 1;
            }
        }
        let ok = bitline::solve_colour(
            &mut self.tables,
            puzzle.clue(l),
            n,
            &self.can,
            &mut self.may,
        );
        ok.then(|| {
            (0..n)
                .map(|i| {
                    self.may
                        .iter()
                        .enumerate()
                        .fold(0, |d, (c, m)| d | u64::from(m >> i & 1 == 1) << c)
                })
                .collect()
        })
    }

    /// The lines through grid cell `cell`: its row and its column.
    pub(super) fn lines_of(&self, cell: usize) -> [usize; 2] {
        let width = self.puzzle.width();
        [cell / width, self.puzzle.height() + cell % width]
    }

    /// Writes `domains` onto line `l`; the other lines through each changed cell go to
    /// `touched`.
    pub(super) fn write(
        &self,
        board: &mut Board,
        l: usize,
        domains: &[u64],
        mut touched: impl FnMut(usize),
    ) {
        for (i, &d) in domains.iter().enumerate() {
            let cell = self.puzzle.cell_of(l, i);
            if board.domains[cell] != d {
                board.domains[cell] = d;
                let [row, col] = self.lines_of(cell);
                touched(if row == l { col } else { row });
            }
        }
    }

    /// Line logic to a fixpoint from the lines `start`, without a trace. `Err(l)`: line
    /// `l` has no arrangement.
    pub(super) fn propagate(&mut self, board: &mut Board, start: &[usize]) -> Result<(), usize> {
        let lines = self.puzzle.num_lines();
        let mut queued = vec![false; lines];
        let mut queue: VecDeque<usize> = VecDeque::new();
        for &l in start {
            if !queued[l] {
                queued[l] = true;
                queue.push_back(l);
            }
        }
        while let Some(l) = queue.pop_front() {
            queued[l] = false;
            let Some(domains) = self.solve(board, l) else {
                return Err(l);
            };
            self.write(board, l, &domains, |other| {
                if !queued[other] {
                    queued[other] = true;
                    queue.push_back(other);
                }
            });
        }
        Ok(())
    }
}
