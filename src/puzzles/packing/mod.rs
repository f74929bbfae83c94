//! Packing puzzles (in progress).
