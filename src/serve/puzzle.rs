//! The puzzle of a request: its text read by the same readers as the command line
//! (`satcover::input`), the first puzzle of the text taken, its grid within the page's limit.

use serde::Deserialize;

use super::error::ApiError;
use super::limits;
use crate::facade::AnyPuzzle;
use crate::input;
use crate::puzzle::Kind;
use crate::registry::READERS;

/// The fields every puzzle request has.
#[derive(Debug, Deserialize)]
pub(super) struct PuzzleText {
    /// The puzzle file's content.
    pub text: String,
    /// The file's name, when uploaded: its extension helps detect the kind.
    #[serde(default)]
    pub name: Option<String>,
    /// The kind by name; absent or empty: detected.
    #[serde(default)]
    pub kind: Option<String>,
}

/// A puzzle read from a request.
pub(super) struct Loaded {
    /// The puzzle (the first of the text).
    pub puzzle: Box<dyn AnyPuzzle>,
    /// Where it comes from (`puzzle:3` for line 3 of a collection).
    pub label: String,
    /// How many puzzles the text holds.
    pub puzzles: usize,
}

impl PuzzleText {
    /// The kind asked for, if any.
    fn kind(&self) -> Result<Option<Kind>, ApiError> {
        let Some(name) = self.kind.as_deref().filter(|k| !k.is_empty()) else {
            return Ok(None);
        };
        let kinds = READERS.iter().map(|r| r.kind);
        match kinds.clone().find(|k| k.name() == name) {
            Some(kind) => Ok(Some(kind)),
            None => Err(ApiError::bad(format!(
                "unknown kind '{name}': one of {}",
                kinds.map(Kind::name).collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    /// The name errors and labels use (`puzzle` when none was given).
    pub fn source(&self) -> &str {
        self.name
            .as_deref()
            .filter(|n| !n.is_empty() && *n != "-")
            .unwrap_or("puzzle")
    }

    /// The first puzzle of the text: 400 with the reader's message and position when it
    /// cannot be read, 422 when its grid is beyond the page's limit.
    pub fn load(&self) -> Result<Loaded, ApiError> {
        let entries = input::load(self.source(), &self.text, self.kind()?);
        let puzzles = entries.len();
        let Some(first) = entries.into_iter().next() else {
            return Err(ApiError::bad(format!(
                "{}: no puzzle found in the text",
                self.source()
            )));
        };
        let puzzle = first.puzzle.map_err(ApiError::input)?;
        limits::check_grid(&puzzle.picture_unsolved())?;
        Ok(Loaded {
            puzzle,
            label: first.label,
            puzzles,
        })
    }
}
