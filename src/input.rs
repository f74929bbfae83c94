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
use crate::puzzles::{ParseError, alphametic, dimacs, exact_cover, nonogram, packing, sudoku};

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

/// The kind of a source, from its extension first and its content second.
pub fn detect_kind(source_name: &str, text: &str) -> Kind {
    let extension = Path::new(source_name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("non" | "nonpack" | "g" | "xml" | "pbn") => return Kind::Nonogram,
        Some("pack") => return Kind::Packing,
        Some("cnf" | "dimacs") => return Kind::Cnf,
        Some("dlx" | "xc") => return Kind::Xc,
        Some("alpha" | "alphametic") => return Kind::Alphametic,
        Some("sudoku" | "sdk") => return Kind::Sudoku,
        _ => {}
    }
    detect_from_content(text)
}

fn detect_from_content(text: &str) -> Kind {
    let content: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // `l` is trimmed, so its first word is `word` when `word` is followed by a
    // blank or the end (no scan of the whole line: collections have many long lines).
    let first_words = |word: &str| {
        content.iter().any(|l| {
            l.strip_prefix(word)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
        })
    };
    if content
        .iter()
        .any(|l| l.starts_with("p cnf") || l.starts_with("p  cnf"))
    {
        return Kind::Cnf;
    }
    if content
        .iter()
        .any(|l| l.starts_with("<?xml") || l.starts_with("<puzzleset"))
    {
        return Kind::Nonogram;
    }
    if first_words("width") && first_words("height")
        || first_words("rows") && first_words("columns")
    {
        return Kind::Nonogram;
    }
    if first_words("region") || first_words("piece") || first_words("pentominoes") {
        return Kind::Packing;
    }
    let is_equation = |l: &&str| {
        l.contains('=')
            && l.chars().any(|c| c.is_ascii_uppercase())
            && l.chars()
                .all(|c| c.is_ascii_uppercase() || " +-*=".contains(c))
    };
    if content
        .iter()
        .filter(|l| !l.starts_with('#'))
        .all(is_equation)
        && !content.is_empty()
    {
        return Kind::Alphametic;
    }
    Kind::Sudoku
}

/// Every puzzle in `text`, read as `kind` (detected when `None`).
pub fn load(source: &str, text: &str, kind: Option<Kind>) -> Vec<Entry> {
    let name = display_name(source);
    let kind = kind.unwrap_or_else(|| detect_kind(source, text));
    match kind {
        Kind::Sudoku => line_entries(&name, sudoku::parse(text)),
        Kind::Cnf => vec![whole_file_entry(
            &name,
            crate::cnf::parse_dimacs_detailed(text)
                .map(|parsed| Box::new(dimacs::Formula::read(parsed)) as Box<dyn AnyPuzzle>)
                .map_err(|e| InputError {
                    source_name: name.clone(),
                    line: Some(e.line),
                    column: e.column,
                    message: e.reason.to_string(),
                }),
        )],
        Kind::Xc => vec![whole_file_entry(
            &name,
            crate::dlx::parse_xc(text)
                .map(|m| Box::new(exact_cover::ExactCover::new(m)) as Box<dyn AnyPuzzle>)
                .map_err(|e| InputError {
                    source_name: name.clone(),
                    line: Some(e.line()),
                    column: Some(e.column()),
                    message: e.reason(),
                }),
        )],
        Kind::Nonogram => match nonogram::parse_all(source, text) {
            Ok(puzzles) if puzzles.len() == 1 => puzzles
                .into_iter()
                .map(|p| whole_file_entry(&name, Ok(Box::new(p) as Box<dyn AnyPuzzle>)))
                .collect(),
            Ok(puzzles) => puzzles
                .into_iter()
                .enumerate()
                .map(|(i, p)| Entry {
                    label: format!("{name}#{}", i + 1),
                    puzzle: Ok(Box::new(p) as Box<dyn AnyPuzzle>),
                })
                .collect(),
            Err(error) => vec![whole_file_entry(
                &name,
                Err(InputError::parse(&name, error)),
            )],
        },
        Kind::Packing => vec![whole_file_entry(
            &name,
            packing::parse(text)
                .map(|p| Box::new(p) as Box<dyn AnyPuzzle>)
                .map_err(|e| InputError::parse(&name, e)),
        )],
        Kind::Alphametic => line_entries(&name, alphametic::parse(text)),
    }
}

/// Entries of a file with many puzzles, each labelled with the line it starts on.
fn line_entries<P: AnyPuzzle + 'static>(
    name: &str,
    parsed: Vec<Result<(usize, P), ParseError>>,
) -> Vec<Entry> {
    parsed
        .into_iter()
        .map(|result| match result {
            Ok((line, puzzle)) => Entry {
                label: format!("{name}:{line}"),
                puzzle: Ok(Box::new(puzzle) as Box<dyn AnyPuzzle>),
            },
            Err(error) => Entry {
                label: format!("{name}:{}", error.line),
                puzzle: Err(InputError::parse(name, error)),
            },
        })
        .collect()
}

/// The entry of a file that holds one puzzle, labelled with the file's name.
fn whole_file_entry(name: &str, puzzle: Result<Box<dyn AnyPuzzle>, InputError>) -> Entry {
    Entry {
        label: name.to_string(),
        puzzle,
    }
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
        assert_eq!(detect_kind("a.non", ""), Kind::Nonogram);
        assert_eq!(detect_kind("a.pack", ""), Kind::Packing);
        assert_eq!(detect_kind("x", "c hi\np cnf 3 2\n1 2 0\n"), Kind::Cnf);
        assert_eq!(detect_kind("x", "SEND + MORE = MONEY\n"), Kind::Alphametic);
        assert_eq!(
            detect_kind("x", "width 5\nheight 5\nrows\n"),
            Kind::Nonogram
        );
        assert_eq!(
            detect_kind("x", "region 6x10\npentominoes\n"),
            Kind::Packing
        );
        assert_eq!(detect_kind("x.txt", "..3.2.6..9..3.5..1\n"), Kind::Sudoku);
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
}
