//! Nonogram puzzles (in progress).
