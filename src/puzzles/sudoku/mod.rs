//! Sudoku.
pub mod cnf;
pub mod cover;
pub mod native;
