//! Solo's explain capability: rectangular-box, jigsaw and X sudoku explained by the layer's
//! sudoku techniques (`constraints::techniques`) on the puzzle's houses, proved unique by
//! the layer's native search. Killer cages are not houses the techniques know: a killer
//! puzzle is refused with that reason.

use serde_json::Value;

use super::Solo;
use crate::constraints::techniques::{self, Explanation, Layout, ModelSearch, Options, said};
use crate::puzzle::{Explain, ExplainRequest, Explained};
use crate::stop::Stop;

impl Solo {
    /// The puzzle's houses as the techniques see them.
    fn layout(&self) -> Option<Layout> {
        Layout::new(self.n, &self.blocks, self.jigsaw, self.diagonals)
    }

    /// The givens as digits (0: empty).
    fn given_digits(&self) -> Vec<u8> {
        self.givens
            .iter()
            .map(|g| g.map_or(0, |v| v as u8))
            .collect()
    }

    fn explanation(&self, options: &Options) -> Option<(Layout, Explanation)> {
        let layout = self.layout()?;
        let search = ModelSearch { model: &self.model };
        let explanation = techniques::explain(&layout, &self.given_digits(), &search, options);
        Some((layout, explanation))
    }
}

impl Explain for Solo {
    fn techniques(&self) -> Vec<String> {
        said::technique_keys()
    }

    fn refusal(&self) -> Option<String> {
        if !self.cages.is_empty() {
            return Some(format!(
                "explain takes Solo's sudoku with boxes, jigsaw regions or diagonals, not this {}: the sudoku techniques do not read cages",
                self.variant()
            ));
        }
        if self.layout().is_none() {
            return Some(format!(
                "the blocks of this {} are not n cells each",
                self.variant()
            ));
        }
        said::refusal("sudoku", self.n)
    }

    fn explain(&self, request: &ExplainRequest) -> Explained {
        match (self.refusal(), self.explanation(&said::options(request))) {
            (None, Some((_, explanation))) => said::explained(request, &explanation),
            (reason, _) => said::refused(request, &reason.unwrap_or_default()),
        }
    }

    fn explain_page(&self, stop: Stop) -> Value {
        let options = Options {
            stop,
            ..Options::default()
        };
        match self
            .explanation(&options)
            .filter(|_| self.refusal().is_none())
        {
            Some((layout, explanation)) => said::page_json(
                super::Kind::SOLO.name(),
                &layout,
                &self.given_digits(),
                &explanation,
            ),
            None => Value::Null,
        }
    }
}
