//! The registry: every kind of [`crate::puzzles`], its reader's puzzles erased to
//! [`AnyPuzzle`] so that the services and the faces can hold a puzzle whose kind they learn
//! at run time. Kinds return their own types and know nothing of this table; it is built
//! from the one list in `puzzles/mod.rs` (`kinds!`), so a new kind adds no line here.

use crate::facade::AnyPuzzle;
use crate::puzzle::{Generate, Kind};
use crate::puzzles::{self, Example, ParseError, Place};

pub use crate::puzzles::KINDS;

/// One puzzle read, erased, or why it could not be.
pub type Read = (Place, Result<Box<dyn AnyPuzzle>, ParseError>);

/// How a kind is recognised and read, whatever its type.
pub struct Reader {
    /// The kind this reads.
    pub kind: Kind,
    /// What the kind is, in one line (`--kind`'s help).
    pub about: &'static str,
    /// File extensions (lower case, no dot) that name the kind.
    pub extensions: &'static [&'static str],
    /// Whether a file's content looks like this kind (see [`puzzles::Reader::looks_like`]).
    pub looks_like: fn(&[&str]) -> bool,
    /// Every puzzle of a file, each where it starts, or the reader's error.
    pub read: fn(source: &str, text: &str) -> Vec<Read>,
    /// Puzzles of the kind that ship with satcover (see [`puzzles::Reader::examples`]).
    pub examples: &'static [Example],
    /// The kind's generator (see [`puzzles::Reader::generator`]).
    pub generator: Option<&'static dyn Generate>,
}

/// A kind's puzzles behind the object-safe interface.
fn erase<P: AnyPuzzle + 'static>(read: Vec<puzzles::Read<P>>) -> Vec<Read> {
    read.into_iter()
        .map(|(place, puzzle)| (place, puzzle.map(|p| Box::new(p) as Box<dyn AnyPuzzle>)))
        .collect()
}

/// [`READERS`] from the modules `kinds!` lists.
macro_rules! readers {
    ($($module:ident),*) => {
        /// Every kind's reader, in the order of [`KINDS`] (content is matched in this order).
        pub const READERS: &[Reader] = &[$(Reader {
            kind: puzzles::$module::READER.kind,
            about: puzzles::$module::READER.about,
            extensions: puzzles::$module::READER.extensions,
            looks_like: puzzles::$module::READER.looks_like,
            read: |source, text| erase((puzzles::$module::READER.read)(source, text)),
            examples: puzzles::$module::READER.examples,
            generator: puzzles::$module::READER.generator,
        }),*];
    };
}

puzzles::each_kind!(readers);

/// The reader of `kind`, if it is one of [`KINDS`].
pub fn reader(kind: Kind) -> Option<&'static Reader> {
    READERS.iter().find(|r| r.kind == kind)
}

impl Reader {
    /// The first puzzle of the kind's showcase example, read.
    pub fn showcase(&self) -> Box<dyn AnyPuzzle> {
        let example = self.examples.first().expect("every kind ships an example");
        (self.read)(example.name, example.text)
            .into_iter()
            .find_map(|(_, puzzle)| puzzle.ok())
            .expect("a kind's showcase example reads")
    }
}

/// The kinds whose puzzles have a capability (`has`, asked of each kind's showcase), in
/// the order of [`KINDS`]: what messages name when a puzzle lacks it.
pub fn kinds_with(has: fn(&dyn AnyPuzzle) -> bool) -> Vec<Kind> {
    READERS
        .iter()
        .filter(|r| has(r.showcase().as_ref()))
        .map(|r| r.kind)
        .collect()
}

/// `kinds` for a sentence: `sudoku and nonogram`, `a, b and c`.
pub fn kind_list(kinds: &[Kind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    match names.split_last() {
        None => "no kind".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// `--kind NAME`: the names of [`KINDS`].
#[cfg(feature = "cli")]
impl clap::ValueEnum for Kind {
    fn value_variants<'a>() -> &'a [Kind] {
        KINDS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let about = reader(*self).map_or("", |r| r.about);
        Some(clap::builder::PossibleValue::new(self.name()).help(about))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_reader_per_kind_in_the_order_of_kinds() {
        assert_eq!(READERS.len(), KINDS.len());
        for (reader, &kind) in READERS.iter().zip(KINDS) {
            assert_eq!(reader.kind, kind);
            assert!(!reader.about.is_empty());
            assert_eq!(reader.showcase().kind(), kind);
        }
        assert!(super::reader(Kind::named("unknown")).is_none());
    }

    #[test]
    fn lists_of_kinds_for_messages() {
        let explaining = kinds_with(|p| p.explainer().is_some());
        assert_eq!(kind_list(&explaining), "nonogram, solo and sudoku");
        assert_eq!(kind_list(&KINDS[..1]), "cnf");
    }
}
