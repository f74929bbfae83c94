//! What every explainer shares, whatever the puzzle kind: the outcome of an explanation
//! ([`Status`]), difficulties on a tenths scale ([`Difficulty`]), the puzzle's rating
//! ([`Rating`]), hint levels ([`HintLevel`]) and grid cells as people name them
//! ([`Cell`], `r3c4`).
//!
//! Invariant: these types know no puzzle; the techniques, steps and their text live with
//! each kind (the sudoku techniques on any grid of houses in `constraints::techniques`). Design notes and measurements: `docs/explain.md`.

use serde::{Serialize, Serializer};

/// A cell of a grid, 0-based inside, shown 1-based as `r3c4` (in text and JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// How an explanation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every cell was decided by the techniques, one step at a time.
    Solved,
    /// The techniques ran out before the end: the puzzle needs something harder.
    Stuck,
    /// The puzzle has more than one solution, so no chain of deductions can finish it.
    Multiple,
    /// The puzzle has no solution (clashing givens, or a dead end found by search).
    Invalid,
    /// The caller's [`Stop`](crate::stop::Stop) fired (cancelled, or out of time) before
    /// the end: the steps so far are sound, the rest was not looked at.
    Stopped,
}

impl Status {
    /// The word used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::Multiple => "multiple",
            Status::Invalid => "invalid",
            Status::Stopped => "stopped",
        }
    }
}

/// A difficulty in tenths (the Sudoku Explainer scale is written with one decimal:
/// 1.2, 7.3…), kept as an integer so that comparisons and maxima are exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The difficulty as a number with one decimal (`12` tenths is `1.2`).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Serialize for Difficulty {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

/// The rating triple people quote with a puzzle: ER, the hardest step; EP, the hardest
/// step up to the first placement; ED, the first step's difficulty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// The hardest step of the whole explanation.
    pub er: Difficulty,
    /// The hardest step up to and including the first one that places a digit.
    pub ep: Difficulty,
    /// The difficulty of the first step.
    pub ed: Difficulty,
}

impl Rating {
    /// The rating of a sequence of steps, given each step's difficulty and whether it
    /// placed something.
    pub fn of(steps: impl IntoIterator<Item = (Difficulty, bool)>) -> Rating {
        let mut rating = Rating::default();
        let mut placed = false;
        for (i, (difficulty, places)) in steps.into_iter().enumerate() {
            if i == 0 {
                rating.ed = difficulty;
            }
            rating.er = rating.er.max(difficulty);
            if !placed {
                rating.ep = rating.ep.max(difficulty);
                placed = places;
            }
        }
        rating
    }
}

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ER={}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// How much of a step a hint shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintLevel {
    /// The technique only.
    Technique = 1,
    /// The technique and where: its houses and cells.
    Where = 2,
    /// The whole step: what it places and removes, and why.
    Full = 3,
}

impl HintLevel {
    /// The level from its number 1, 2 or 3.
    pub fn from_number(number: u8) -> Option<HintLevel> {
        match number {
            1 => Some(HintLevel::Technique),
            2 => Some(HintLevel::Where),
            3 => Some(HintLevel::Full),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_triple() {
        let d = Difficulty;
        let rating = Rating::of([(d(23), false), (d(15), true), (d(72), false)]);
        assert_eq!((rating.er, rating.ep, rating.ed), (d(72), d(23), d(23)));
        assert_eq!(rating.to_string(), "ER=7.2/2.3/2.3");
    }
}
