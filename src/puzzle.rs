//! The Puzzle trait and the pipeline.
