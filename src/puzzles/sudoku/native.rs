//! Sudoku native.
