//! Sudoku cover.
