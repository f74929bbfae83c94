//! The contract: the `Puzzle` trait, requests, outcomes, statistics and errors.
//!
//! Glossary:
//! - **puzzle**: one instance of a kind (one sudoku grid, one nonogram...), already parsed.
//! - **solution**: the puzzle's natural answer (a filled grid, a picture, a digit per letter).
//! - **backend**: how a solution is searched for: `native` (the puzzle's own solver), `sat`
//!   (CNF for the embedded varisat), `external` (the same CNF for a SAT binary), `dlx`
//!   (exact cover for our Dancing Links engine), `auto` (the portfolio in `src/portfolio.rs`:
//!   native first, then the others racing).
//! - **encoding**: what a puzzle hands an engine (a `Cnf` or a `Matrix`) together with the
//!   decoder that maps the engine's answer back; the numbering lives in the encoder only.
//! - **check**: the puzzle's independent checker; no solution leaves the pipeline unchecked.
//!
//! The pipeline built on it is `pipeline::solve(puzzle, backend, request) -> Outcome`:
//! encode → engine → decode → check (the driver runs one engine, the portfolio races them).
//! Engines know nothing of puzzles; puzzles know nothing of how engines work inside.
//!
//! This is the contract at the bottom of the crate: it imports nothing from the driver, the
//! portfolio, the analysis, the command line or any kind; they all build on it.

mod encoding;
mod error;
mod extras;
mod generate;
mod kind;
mod notation;
mod outcome;
mod request;
mod traits;

pub use encoding::{
    CnfEncoding, CoverAnswer, CoverEncoding, ModelDecoder, NativeAnswer, OptionDecoder,
    SessionAnswer,
};
pub(crate) use error::message_error;
pub use error::{CheckError, DecodeError, SolveError};
pub use extras::{Board, BoardCell, BoardStep, Explain, ExplainRequest, ExplainStatus, Explained};
pub use generate::{Generate, GenerateError, GenerateRequest, Made, Param, Params, Summary};
pub use kind::{Backend, Engine, Kind};
pub use notation::{Notate, Notation};
pub(crate) use outcome::seconds;
pub use outcome::{Contender, ContenderResult, Outcome, Stats, Status};
pub use request::{EncodeOptions, Limits, Loan, Render, Request, Threads};
pub use traits::{
    Assign, CellStyle, Cells, CnfEncode, CoverEncode, Kept, Lookahead, NativeSolve, Preference,
    Purpose, Puzzle, Sink, Split,
};
