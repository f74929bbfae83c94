//! The puzzle kinds, and what they share: parse errors with positions.

pub mod alphametic;
pub mod dimacs;
pub mod exact_cover;
pub mod nonogram;
pub mod packing;
pub mod sudoku;

use std::fmt;

/// A parse error with its position in the input (1-based line and column).
/// The file name is added by the caller, which knows it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// Line of the input, 1-based.
    pub line: usize,
    /// Column, 1-based in characters; `None` when the whole line is at fault.
    pub column: Option<usize>,
    /// What is wrong, without the position.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(
        line: usize,
        column: Option<usize>,
        message: impl Into<String>,
    ) -> ParseError {
        ParseError {
            line,
            column,
            message: message.into(),
        }
    }

    pub(crate) fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(line, None, message)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(column) => write!(f, "line {}, column {}: {}", self.line, column, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}
