//! The written forms puzzle people exchange (`export --to tatham|url`): Simon Tatham's game
//! IDs (`PARAMS:DESCRIPTION`, as his programs take them on the command line or in "Game >
//! Specific") and puzz.link URLs (`https://puzz.link/p?KIND/W/H/BODY`). A kind that reads a
//! form writes it back, so a puzzle drawn as rows, generated, or read as the other form can
//! be handed to Tatham's programs or opened on puzz.link.
//!
//! Invariant (tested per kind): what a kind writes, its reader reads back as the same
//! puzzle. A kind writes `None` for a puzzle the form cannot hold (a killer sudoku has no
//! puzz.link URL; a 17×17 grid no one-letter Tatham size).

/// The forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Simon Tatham's game ID.
    Tatham,
    /// A puzz.link URL.
    Url,
}

impl Notation {
    /// The form's name in messages and `--to`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Tatham => "tatham",
            Notation::Url => "url",
        }
    }

    /// What the form is, for messages.
    pub fn about(self) -> &'static str {
        match self {
            Notation::Tatham => "a Tatham game ID",
            Notation::Url => "a puzz.link URL",
        }
    }
}

/// A kind's writer of the exchanged forms, declared as [`Puzzle::as_notate`](
/// crate::puzzle::Puzzle::as_notate).
pub trait Notate {
    /// The forms the kind writes at all (whatever the puzzle).
    fn notations(&self) -> &'static [Notation];

    /// The puzzle in `form`, or `None` when this puzzle has no such form (or the kind does
    /// not write it).
    fn notate(&self, form: Notation) -> Option<String>;
}
