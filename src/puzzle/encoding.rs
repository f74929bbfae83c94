//! What a kind hands an engine (a formula or a matrix, with its decoder) and what its own
//! solvers and sessions report back.

use super::error::DecodeError;
use crate::cnf::{Cnf, Var};
use crate::dlx::{self, Matrix, OptionId};
use crate::sat::{self, Model};

/// Maps a SAT model back to a solution (through the encoder's private variable map).
pub type ModelDecoder<'p, S> = Box<dyn Fn(&Model) -> Result<S, DecodeError> + 'p>;

/// Maps the options an exact cover chose back to a solution.
pub type OptionDecoder<'p, S> = Box<dyn Fn(&[OptionId]) -> Result<S, DecodeError> + 'p>;

/// A CNF encoding with its decoder. `projection` holds the puzzle's decision variables:
/// two models that agree on them decode to the same solution, so enumeration blocks on them.
pub struct CnfEncoding<'p, S> {
    /// The formula.
    pub cnf: Cnf,
    /// The decision variables that tell solutions apart.
    pub projection: Vec<Var>,
    /// How enumeration excludes a model: `TrueLiterals` only where the projection is made
    /// of one-hot groups (see [`sat::Blocking`]).
    pub blocking: sat::Blocking,
    /// Reads a solution off a model of `cnf`.
    pub decode: ModelDecoder<'p, S>,
}

/// An exact-cover encoding with its decoder (chosen option ids → solution).
pub struct CoverEncoding<'p, S> {
    /// The items and options.
    pub matrix: Matrix,
    /// Reads a solution off the options of one exact cover.
    pub decode: OptionDecoder<'p, S>,
}

/// What a kind's prepared exact-cover matrix found (see [`CoverEncode::cover_session`](super::CoverEncode::cover_session)).
pub struct CoverAnswer<S> {
    /// Up to `keep` solutions, decoded.
    pub solutions: Vec<S>,
    /// Solutions found.
    pub count: u64,
    /// The whole search space was explored: `count` is the exact total.
    pub complete: bool,
    /// Nodes and updates of the search (forcing excluded), as [`dlx::solve`] counts.
    pub stats: dlx::DlxStats,
    /// The matrix searched, once the puzzle's forced options were taken.
    pub reduced: dlx::Reduced,
}

/// What a native solver reports (its solutions went to the sink as it found them).
#[derive(Clone, Debug, Default)]
pub struct NativeAnswer {
    /// Solutions found (at most [`Limits::max_solutions`](super::Limits::max_solutions)).
    pub count: u64,
    /// Whether the search space was exhausted, so `count` is exact.
    pub complete: bool,
    /// Search-tree nodes, if the solver counts them.
    pub nodes: Option<u64>,
    /// Guesses (branchings), if the solver counts them.
    pub guesses: Option<u64>,
    /// Conflicts of a search with learning, when one ran (the native sudoku and nonogram
    /// solvers hand their hard searches over to one).
    pub conflicts: Option<u64>,
}

impl NativeAnswer {
    /// Deduction alone decided the puzzle, without a guess: `count` is 0 (a contradiction:
    /// no solution, proved) or 1 (the grid every step forced, confirmed by the checker:
    /// the only one, the search for a second complete unless `max` stopped it at one, as
    /// every engine reports a search stopped at its limit).
    pub fn deduced(count: u64, max: u64) -> NativeAnswer {
        NativeAnswer {
            count,
            complete: count < max,
            nodes: None,
            guesses: Some(0),
            conflicts: None,
        }
    }
}

/// What a kind's own incremental SAT session found (see [`CnfEncode::sat_session`](super::CnfEncode::sat_session)).
pub struct SessionAnswer<S> {
    /// The solutions kept, not yet checked.
    pub solutions: Vec<S>,
    /// Solutions found.
    pub count: u64,
    /// Whether the session proved there are no more.
    pub complete: bool,
    /// Calls to the solver for this puzzle.
    pub solve_calls: u64,
    /// Size of the formula the session holds: variables.
    pub variables: usize,
    /// Size of the formula the session holds: clauses.
    pub clauses: usize,
}
