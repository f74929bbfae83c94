//! Sudoku's explain capability: the steps of [`explain`] as text, JSON and the page's
//! board. The techniques and the rating live in the layer (`constraints::techniques`), as
//! does the way they are said (`said`).

use serde_json::Value;

use super::Sudoku;
use super::explain;
use crate::constraints::techniques::{Layout, said};
use crate::puzzle::{Explain, ExplainRequest, Explained};
use crate::stop::Stop;

impl Explain for Sudoku {
    fn techniques(&self) -> Vec<String> {
        said::technique_keys()
    }

    fn refusal(&self) -> Option<String> {
        said::refusal("sudoku", self.size())
    }

    fn explain(&self, request: &ExplainRequest) -> Explained {
        said::explained(request, &explain::explain(self, &said::options(request)))
    }

    fn explain_page(&self, stop: Stop) -> Value {
        let options = explain::Options {
            stop,
            ..explain::Options::default()
        };
        let explanation = explain::explain(self, &options);
        said::page_json(
            super::Kind::SUDOKU.name(),
            &Layout::square(self.box_side()),
            self.givens(),
            &explanation,
        )
    }
}
