//! Explaining a sudoku: the layer's techniques ([`crate::constraints::techniques`]) on the
//! square grid, its uniqueness proved and its stuck grids measured by sudoku's own native
//! search.

use crate::constraints::techniques::{self, Layout, Search};
pub use crate::constraints::techniques::{
    Candidate, Cell, CellCandidates, Difficulty, Explanation, HintLevel, House, HouseKind, Literal,
    Options, RatedBy, Rating, RatingStep, Status, Step, TECHNIQUES, Technique, level_word,
};
use crate::puzzles::sudoku::Sudoku;
use crate::puzzles::sudoku::native::{self, NativeSearch};
use crate::stop::Stop;

/// Sudoku's native search, for the explainer.
struct Native {
    box_side: usize,
}

impl Search for Native {
    fn solutions(&self, givens: &[u8], stop: &Stop) -> (Vec<Vec<u8>>, bool) {
        let search = NativeSearch {
            stop: stop.clone(),
            ..NativeSearch::unique()
        };
        let outcome = native::solve(self.box_side, givens, &search);
        let mut solutions = outcome.solutions;
        solutions.truncate(outcome.count.min(2) as usize);
        (solutions, outcome.timed_out)
    }

    fn guesses(&self, values: &[u8]) -> Option<u64> {
        let outcome = native::solve(self.box_side, values, &NativeSearch::first());
        (outcome.count > 0).then_some(outcome.guesses)
    }
}

/// Explain `puzzle` from its givens.
pub fn explain(puzzle: &Sudoku, options: &Options) -> Explanation {
    let b = puzzle.box_side();
    techniques::explain(
        &Layout::square(b),
        puzzle.givens(),
        &Native { box_side: b },
        options,
    )
}

#[cfg(test)]
mod tests;
