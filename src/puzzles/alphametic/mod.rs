//! Alphametic puzzles (in progress).
