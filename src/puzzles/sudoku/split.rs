//! The sudoku lookahead for cube-and-conquer (`src/cube/`): native's candidate elimination
//! (singles, and from 16×16 on locked candidates and all-different filtering) run on each
//! value of the cells with the fewest candidates; the cell whose branches all remove the
//! most candidates ([`march_score`]) is the one to branch on. A value whose propagation
//! fails is removed and the puzzle propagated again (a failed literal), so a branch that
//! propagation decides is never offered.
//!
//! A cube is a set of (cell, digit): the puzzle with more givens. Each thread keeps one
//! [`Propagator`] per box side for all its lookaheads (its geometry, the units and peers,
//! is the same for every cube; building it anew was 64 % of a split's instructions at
//! 36×36). Measurements: `docs/cube.md`.

use std::cell::RefCell;

use super::native::Propagator;
use super::{Sudoku, boxed_text, line_text};
use crate::puzzle::{Assign, Lookahead, Split};
use crate::stop::Stop;
use crate::util::keyed::get_or_make;
use crate::util::march::march_score;

/// Cells whose values the lookahead propagates, at most, per choice (those with the
/// fewest candidates, spread over the grid).
const PROBED_CELLS: usize = 24;

thread_local! {
    /// The propagators of this thread's lookaheads, one per box side.
    static PROPAGATORS: RefCell<Vec<(usize, Propagator)>> = const { RefCell::new(Vec::new()) };
}

impl Split<Sudoku> for Sudoku {
    fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead {
        PROPAGATORS.with_borrow_mut(|propagators| {
            let propagator = get_or_make(propagators, self.box_side, || {
                Propagator::new(self.box_side)
            });
            look_ahead(self, propagator, cube, stop)
        })
    }

    fn restrict(&self, cube: &[Assign]) -> Sudoku {
        let mut restricted = self.clone();
        for &(cell, digit) in cube {
            restricted.givens[cell] = u8::try_from(digit).unwrap_or(0);
        }
        restricted
    }

    fn cube_file(&self, cube: &[Assign]) -> (&'static str, String) {
        let givens = &self.restrict(cube).givens;
        let text = match self.layout {
            super::Layout::Line => line_text(givens),
            super::Layout::Grid => boxed_text(self.box_side, givens),
        };
        ("sudoku", text + "\n")
    }

    fn literal_name(&self, (cell, digit): Assign) -> (String, bool) {
        let n = self.size();
        (
            format!("x[r{},c{}]={digit}", cell / n + 1, cell % n + 1),
            true,
        )
    }

    fn describe(&self, (cell, digit): Assign) -> String {
        let n = self.size();
        format!("r{}c{}={digit}", cell / n + 1, cell % n + 1)
    }
}

/// The lookahead of [`Split::look_ahead`] on `puzzle` with `cube`'s cells as givens.
fn look_ahead(
    puzzle: &Sudoku,
    propagator: &mut Propagator,
    cube: &[Assign],
    stop: &Stop,
) -> Lookahead {
    let Some(mut cand) = propagator.root(&puzzle.restrict(cube).givens) else {
        return Lookahead::Refuted;
    };
    'again: loop {
        let size = open_size(&cand);
        if size == 0 {
            return Lookahead::Decided;
        }
        let fewest = cand
            .iter()
            .map(|m| m.count_ones())
            .filter(|&k| k > 1)
            .min()
            .unwrap_or(2);
        let cells: Vec<usize> = (0..cand.len())
            .filter(|&c| cand[c].count_ones() == fewest)
            .collect();
        let step = cells.len().div_ceil(PROBED_CELLS).max(1);
        let mut best: Option<(f64, usize)> = None;
        let mut branch = cand.clone();
        for &cell in cells.iter().step_by(step) {
            let mut reductions = Vec::with_capacity(fewest as usize);
            let mut values = cand[cell];
            while values != 0 {
                let bit = values & values.wrapping_neg();
                values ^= bit;
                branch.copy_from_slice(&cand);
                if !propagator.restrict(&mut branch, cell, bit) {
                    // A failed literal: the digit goes, and the choice starts again.
                    if !propagator.restrict(&mut cand, cell, !bit) {
                        return Lookahead::Refuted;
                    }
                    continue 'again;
                }
                reductions.push(size - open_size(&branch));
            }
            let score = march_score(reductions);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, cell));
            }
            if stop.should_stop() {
                break;
            }
        }
        let Some((_, cell)) = best else {
            return Lookahead::Decided;
        };
        let values = (0..64)
            .filter(|d| cand[cell] >> d & 1 == 1)
            .map(|d| d + 1)
            .collect();
        return Lookahead::Open { size, cell, values };
    }
}

/// Candidates beyond one per cell.
fn open_size(cand: &[u64]) -> u64 {
    cand.iter().map(|m| u64::from(m.count_ones()) - 1).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_of_an_open_grid_are_its_fewest_candidates() {
        let puzzle = Sudoku::new(2, vec![0; 16]).unwrap();
        match puzzle.look_ahead(&[], &Stop::never()) {
            Lookahead::Open { size, cell, values } => {
                assert_eq!(size, 16 * 3);
                assert_eq!(values, vec![1, 2, 3, 4]);
                assert!(cell < 16);
            }
            other => panic!("expected an open grid, got {other:?}"),
        }
        let clash = puzzle.restrict(&[(0, 1), (1, 1)]);
        assert_eq!(clash.look_ahead(&[], &Stop::never()), Lookahead::Refuted);
    }

    #[test]
    fn a_reused_propagator_splits_as_a_fresh_one() {
        // A fresh thread builds its propagator for the first split; later splits on this
        // thread reuse it, after splits of another size in between.
        let mut givens = vec![0; 256];
        givens[..16].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
        let puzzle = Sudoku::new(4, givens).unwrap();
        let first = {
            let puzzle = puzzle.clone();
            std::thread::spawn(move || crate::cube::split(&puzzle, 32, &Stop::never()))
                .join()
                .unwrap()
        };
        assert!(first.cubes.len() > 1, "{first:?}");
        for _ in 0..2 {
            let small = Sudoku::new(3, vec![0; 81]).unwrap();
            assert!(crate::cube::split(&small, 16, &Stop::never()).cubes.len() > 1);
            let again = crate::cube::split(&puzzle, 32, &Stop::never());
            assert_eq!(again.cubes, first.cubes);
            assert_eq!(again.lookaheads, first.lookaheads);
        }
    }
}
