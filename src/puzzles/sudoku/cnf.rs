//! Sudoku cnf.
