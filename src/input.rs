//! Reading puzzle files: kind detection and one entry per puzzle.
//!
//! Glossary:
//! - **source**: a file name as given on the command line (`-` is standard input).
//! - **entry**: one puzzle of a source, or the error that stopped it being read; one bad
//!   puzzle in a collection does not stop the others.
//! - **label**: where an entry comes from, `file:line`, used in every message about it.

use std::fmt;
use std::path::Path;

use crate::facade::AnyPuzzle;
use crate::puzzle::Kind;
use crate::puzzles::{ParseError, Place};
use crate::registry::{self, READERS};

/// An input problem with its place: `file:line:column: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct InputError {
    /// The file as the user named it (`<stdin>` for `-`).
    pub source_name: String,
    /// Line, 1-based; `None` for an error about the whole file (unreadable, unknown kind).
    pub line: Option<usize>,
    /// Column, 1-based in characters, when the error is at a token.
    pub column: Option<usize>,
    /// What is wrong, without the position.
    pub message: String,
}

impl InputError {
    /// An error about the whole file (unreadable, unknown kind), without a position.
    pub fn whole_file(source_name: &str, message: impl Into<String>) -> InputError {
        InputError {
            source_name: source_name.to_string(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// A reader's [`ParseError`] placed in the file it came from.
    pub fn parse(source_name: &str, error: ParseError) -> InputError {
        InputError {
            source_name: source_name.to_string(),
            line: Some(error.line),
            column: error.column,
            message: error.message,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source_name)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(column) = self.column {
            write!(f, ":{column}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// One puzzle of a source.
pub struct Entry {
    /// `file:line` (or `file` for a one-puzzle file): how answers and errors name it.
    pub label: String,
    /// The puzzle, or why it could not be read.
    pub puzzle: Result<Box<dyn AnyPuzzle>, InputError>,
}

/// The name messages use for a source (`<stdin>` for `-`).
pub fn display_name(source: &str) -> String {
    if source == "-" {
        "<stdin>".to_string()
    } else {
        source.to_string()
    }
}

/// The kind of a source, from its extension first and its content second (the readers
/// of [`READERS`], in order).
pub fn detect_kind(source_name: &str, text: &str) -> Kind {
    let extension = Path::new(source_name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if let Some(extension) = extension
        && let Some(reader) = READERS
            .iter()
            .find(|r| r.extensions.contains(&extension.as_str()))
    {
        return reader.kind;
    }
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    READERS
        .iter()
        .find(|r| (r.looks_like)(&lines))
        .map_or(Kind::SUDOKU, |r| r.kind)
}

/// Every puzzle in `text`, read as `kind` (detected when `None`).
pub fn load(source: &str, text: &str, kind: Option<Kind>) -> Vec<Entry> {
    let name = display_name(source);
    let kind = kind.unwrap_or_else(|| detect_kind(source, text));
    let Some(reader) = registry::reader(kind) else {
        return vec![Entry {
            label: name.clone(),
            puzzle: Err(InputError::whole_file(
                &name,
                format!("no reader for the kind `{kind}`"),
            )),
        }];
    };
    (reader.read)(source, text)
        .into_iter()
        .map(|(place, puzzle)| Entry {
            label: match place {
                Place::Whole => name.clone(),
                Place::Line(line) => format!("{name}:{line}"),
                Place::Nth(n) => format!("{name}#{n}"),
            },
            puzzle: puzzle.map_err(|e| InputError::parse(&name, e)),
        })
        .collect()
}

/// Read a source (`-` for standard input) into a string, with a clear message on failure.
pub fn read_source(source: &str) -> Result<String, InputError> {
    let name = display_name(source);
    let bytes = if source == "-" {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buffer)
            .map_err(|e| InputError::whole_file(&name, format!("cannot read: {e}")))?;
        buffer
    } else {
        std::fs::read(source)
            .map_err(|e| InputError::whole_file(&name, format!("cannot read: {e}")))?
    };
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(&e.as_bytes()[..offset]);
        let line = text.matches('\n').count() + 1;
        let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InputError {
            source_name: name.clone(),
            line: Some(line),
            column: Some(column),
            message: "not UTF-8 text".to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_extension_and_content() {
        assert_eq!(detect_kind("a.non", ""), Kind::NONOGRAM);
        assert_eq!(detect_kind("a.pack", ""), Kind::PACKING);
        assert_eq!(detect_kind("x", "c hi\np cnf 3 2\n1 2 0\n"), Kind::CNF);
        assert_eq!(detect_kind("x", "SEND + MORE = MONEY\n"), Kind::ALPHAMETIC);
        assert_eq!(
            detect_kind("x", "width 5\nheight 5\nrows\n"),
            Kind::NONOGRAM
        );
        assert_eq!(
            detect_kind("x", "region 6x10\npentominoes\n"),
            Kind::PACKING
        );
        assert_eq!(detect_kind("x.txt", "..3.2.6..9..3.5..1\n"), Kind::SUDOKU);
    }

    #[test]
    fn bad_puzzles_are_entries_of_their_own() {
        let text = "1234341221434321\n12343412214343x1\n";
        let entries = load("f.txt", text, None);
        assert_eq!(entries.len(), 2);
        assert!(entries[0].puzzle.is_ok());
        let error = entries[1].puzzle.as_ref().err().unwrap();
        assert_eq!(error.to_string().split(": ").next(), Some("f.txt:2:15"));
    }

    #[test]
    fn a_kind_without_a_reader_is_an_error_not_a_panic() {
        let entries = load("f.txt", "1234", Some(Kind::named("no-such-kind")));
        let error = entries[0].puzzle.as_ref().err().unwrap();
        assert_eq!(
            error.to_string(),
            "f.txt: no reader for the kind `no-such-kind`"
        );
    }
}
