//! Dancing Links: exact cover with colours (XCC), Knuth's Algorithm C
//! (TAOCP Vol. 4B, 7.2.2.1; programs DLX1 and DLX2).
//!
//! The engine knows nothing about puzzles. Its words:
//! - **item**: something to be covered. **Primary** items exactly once,
//!   **secondary** items at most once — unless every option that covers one
//!   gives it the same **colour**, which then lets several of them share it.
//! - **option**: a set of items (a secondary item possibly with a colour);
//!   a **solution** is a set of options satisfying the rules above.
//! - **cover**, **hide**, **purify**: the list surgery of Algorithm C, see
//!   `engine.rs`; matrices with colours are searched by `scan.rs` (the same
//!   tree, the secondary items' lists scanned instead of danced).
//!
//! Encoders build a [`Matrix`], call [`solve`] (or [`count`]) and map the
//! chosen [`OptionId`]s back themselves. [`parse_xc`] and [`write_xc`] speak
//! Knuth's text format, so the same problem runs in DLX1/DLX2/SSXCC.

pub mod cells;
mod engine;
mod matrix;
mod scan;
mod steps;
pub mod suite;
mod xc;

pub use engine::{
    DEADLINE_CHECK_INTERVAL, DlxOutcome, DlxStats, PrepareError, Prepared, Reduced, Search, count,
    solve,
};
pub use matrix::{Colour, ItemId, Matrix, MatrixError, OptionId};
pub use xc::{XcError, parse_xc, write_xc};
