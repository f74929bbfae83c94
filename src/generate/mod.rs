//! Puzzles with exactly one solution: sudoku of every size, nonograms from pictures.
//! Each generator proves uniqueness with the same engines `solve` uses.

mod second;
pub mod sudoku;
mod unavoidable;

/// Why a generator could not finish.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("{0}")]
    Spec(String),
    #[error("SAT engine: {0}")]
    Sat(#[from] crate::sat::SatError),
}
pub mod nonogram;
