//! What the explainer asks of a search, and the layer's own answer to it.

use std::ops::ControlFlow;

use crate::constraints::{Model, native};
use crate::puzzle::{Limits, NativeAnswer};
use crate::stop::Stop;

/// What the explainer needs of the kind's own search: whether the puzzle has one solution,
/// and how hard the rest is when the techniques run out.
pub trait Search {
    /// Up to two solutions of the grid with `givens` (0: empty), a digit per cell; the
    /// bool is true when `stop` fired before the search finished.
    fn solutions(&self, givens: &[u8], stop: &Stop) -> (Vec<Vec<u8>>, bool);

    /// The guesses the search needs to solve the grid from `values` (its placed digits as
    /// givens), if it reports them.
    fn guesses(&self, values: &[u8]) -> Option<u64>;
}

/// The layer's own [`Search`]: the native solver ([`crate::constraints::native`]) on a
/// genre's [`Model`] whose cells hold the grid's digits.
pub struct ModelSearch<'m> {
    /// The genre's rules, its givens included.
    pub model: &'m Model,
}

impl ModelSearch<'_> {
    fn solve(&self, givens: &[u8], keep: usize, stop: &Stop) -> (Vec<Vec<u8>>, NativeAnswer) {
        let mut model = self.model.clone();
        for (c, &d) in givens.iter().enumerate() {
            if d != 0 {
                model.give(c, u32::from(d));
            }
        }
        let limits = Limits {
            max_solutions: Some(keep as u64),
            keep,
            stop: stop.clone(),
        };
        let mut solutions = Vec::new();
        let answer = native::solve(&model, &limits, &mut |values| {
            solutions.push(values.iter().map(|&v| v as u8).collect());
            ControlFlow::Continue(())
        });
        let answer = answer.unwrap_or(NativeAnswer {
            count: 0,
            complete: false,
            nodes: None,
            guesses: None,
            conflicts: None,
        });
        (solutions, answer)
    }
}

impl Search for ModelSearch<'_> {
    fn solutions(&self, givens: &[u8], stop: &Stop) -> (Vec<Vec<u8>>, bool) {
        let (solutions, answer) = self.solve(givens, 2, stop);
        let stopped = !answer.complete && (answer.count as usize) < 2;
        (solutions, stopped)
    }

    fn guesses(&self, values: &[u8]) -> Option<u64> {
        let (_, answer) = self.solve(values, 1, &Stop::never());
        answer.guesses.filter(|_| answer.count > 0)
    }
}
