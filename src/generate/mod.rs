//! Puzzles with exactly one solution: sudoku of every size, nonograms from pictures.
//! Each generator proves uniqueness with the same engines `solve` uses.

pub mod sudoku;

/// Why a generator could not finish.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// The request cannot be met (a size out of range, a picture with no unique clues...).
    #[error("{0}")]
    Spec(String),
    /// The SAT engine failed while proving uniqueness.
    #[error("SAT engine: {0}")]
    Sat(#[from] crate::sat::SatError),
}
pub mod nonogram;
