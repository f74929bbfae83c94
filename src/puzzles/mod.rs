//! The puzzle kinds, and what they share: parse errors with positions, and each kind's
//! [`Reader`], which returns the kind's own type. A new kind registers here with one line in
//! `kinds!` (see `docs/adding-a-kind.md`); the registry (a service, `src/registry.rs`) erases the
//! types, so nothing here names the services that run the puzzles.

use std::fmt;

use crate::puzzle::{ExplainStatus, Generate, Kind};

/// How a kind is recognised and read: `P` is the kind's own puzzle type.
pub struct Reader<P> {
    /// The kind this reads.
    pub kind: Kind,
    /// What the kind is, in one line (`--kind`'s help).
    pub about: &'static str,
    /// File extensions (lower case, no dot) that name the kind.
    pub extensions: &'static [&'static str],
    /// Whether a file's content looks like this kind: asked in [`KINDS`] order with the
    /// file's non-blank lines, trimmed, when its extension names no kind.
    pub looks_like: fn(&[&str]) -> bool,
    /// Every puzzle of a file (`source` as the user named it, for formats that depend on
    /// the name), each where it starts, or the reader's error.
    pub read: fn(source: &str, text: &str) -> Vec<Read<P>>,
    /// Puzzles of the kind that ship with satcover (files of `tests/fixtures/`, embedded):
    /// the page offers them, and the agreement test runs each through every command and
    /// engine the kind declares. The first is the kind's showcase; at least one.
    pub examples: &'static [Example],
    /// The kind's generator (`satcover generate KIND`), or `None`: the kind makes no
    /// puzzles.
    pub generator: Option<&'static dyn Generate>,
}

/// A puzzle that ships with satcover.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// What it is, for people (`Sudoku 9×9, easy (Norvig)`).
    pub title: &'static str,
    /// Its file name (whose extension, if any, names the kind).
    pub name: &'static str,
    /// The file.
    pub text: &'static str,
}

/// An [`Example`] from `tests/fixtures/DIR/NAME`, embedded: `example!("title", "dir/name")`.
macro_rules! example {
    ($title:expr, $path:literal) => {
        $crate::puzzles::Example {
            title: $title,
            name: $crate::puzzles::file_name($path),
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/",
                $path
            )),
        }
    };
}
pub(crate) use example;

/// The part of `path` after its last `/`, at compile time.
pub(crate) const fn file_name(path: &'static str) -> &'static str {
    let bytes = path.as_bytes();
    let mut i = bytes.len();
    while i > 0 && bytes[i - 1] != b'/' {
        i -= 1;
    }
    let (_, name) = path.split_at(i);
    name
}

/// Where in its file a puzzle was read, for its label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The file is the puzzle (`FILE`).
    Whole,
    /// The puzzle starts on this line, 1-based (`FILE:LINE`).
    Line(usize),
    /// The file holds several puzzles; this is the N-th, 1-based (`FILE#N`).
    Nth(usize),
}

/// One puzzle read, or why it could not be.
pub type Read<P> = (Place, Result<P, ParseError>);

/// Declares each kind's module (which defines its `Kind` constant and its `READER`), lists
/// their kinds, in the order given, in [`KINDS`], and defines `each_kind!(callback)`, which
/// calls `callback!(module, ...)` with the modules in that order: the registry builds its
/// type-erased table with it.
macro_rules! kinds {
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every kind. Content is matched in this order, so the most particular come first;
        /// sudoku, which takes any digits and dots, is the fallback and comes last.
        pub const KINDS: &[Kind] = &[$($module::READER.kind),*];

        /// Calls `$callback!(module, ...)` with every kind's module, in the order of
        /// [`KINDS`].
        macro_rules! each_kind {
            ($callback:ident) => { $callback!($($module),*); };
        }
        pub(crate) use each_kind;
    };
}

pub(crate) mod lines;
pub(crate) mod region;

// The registration: one line per kind.
kinds! {
    dimacs,
    nonogram,
    packing,
    alphametic,
    exact_cover,
    pearl,
    bridges,
    map,
    slant,
    fillomino,
    palisade,
    mosaic,
    lightup,
    singles,
    towers,
    unequal,
    keen,
    unruly,
    kakuro,
    galaxies,
    signpost,
    magnets,
    tracks,
    solo,
    slitherlink,
    nurikabe,
    dominosa,
    tents,
    range,
    shikaku,
    starbattle,
    norinori,
    heyawake,
    lits,
    yajilin,
    sudoku,
}

/// The explainers' status, as the explain capability says it.
impl From<crate::explain::Status> for ExplainStatus {
    fn from(status: crate::explain::Status) -> ExplainStatus {
        use crate::explain::Status;
        match status {
            Status::Solved => ExplainStatus::Solved,
            Status::Stuck => ExplainStatus::Stuck,
            Status::Multiple => ExplainStatus::Multiple,
            Status::Invalid => ExplainStatus::Invalid,
            Status::Stopped => ExplainStatus::Stopped,
        }
    }
}

/// Whether some line starts with `word` followed by a blank or the line's end (`lines`
/// are trimmed; no scan of whole lines: collections have many long ones).
pub(crate) fn some_line_starts_with_word(lines: &[&str], word: &str) -> bool {
    lines.iter().any(|l| {
        l.strip_prefix(word)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace))
    })
}

/// Puzzles read one per line ([`Place::Line`]).
pub(crate) fn by_line<P>(parsed: Vec<Result<(usize, P), ParseError>>) -> Vec<Read<P>> {
    parsed
        .into_iter()
        .map(|result| match result {
            Ok((line, puzzle)) => (Place::Line(line), Ok(puzzle)),
            Err(error) => (Place::Line(error.line), Err(error)),
        })
        .collect()
}

/// A file that is one puzzle ([`Place::Whole`]).
pub(crate) fn whole<P>(parsed: Result<P, ParseError>) -> Vec<Read<P>> {
    vec![(Place::Whole, parsed)]
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind's name is its own, and sudoku, whose content test takes any digits and
    /// dots, comes last (the fallback of detection). The list itself is `kinds!`'s: a new
    /// kind adds its line there and nowhere else.
    #[test]
    fn kinds_have_distinct_names() {
        let names: std::collections::HashSet<&str> = KINDS.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), KINDS.len());
        assert_eq!(KINDS.last(), Some(&Kind::SUDOKU));
        assert!(KINDS.len() >= 16, "{KINDS:?}");
    }
}
