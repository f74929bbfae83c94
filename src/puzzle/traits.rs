//! The trait every kind implements.

use std::fmt;

use super::encoding::{CnfEncoding, CoverAnswer, CoverEncoding, NativeAnswer, SessionAnswer};
use super::error::{CheckError, SolveError};
use super::kind::Kind;
use super::request::{EncodeOptions, Limits};
use crate::render::Picture;

/// One kind of puzzle. Implementors provide the checker, the encoders and the native
/// solver; the pipeline (`pipeline::solve`) does the rest.
pub trait Puzzle: Sync {
    /// `Send`: `auto` solves on several threads and hands the winner's solutions back.
    type Solution: Clone + PartialEq + fmt::Debug + Send;

    /// Which kind this is.
    fn kind(&self) -> Kind;

    /// The independent checker: shares no code with any encoder or solver.
    fn check(&self, solution: &Self::Solution) -> Result<(), CheckError>;

    /// What the reader tolerated in the file but a user should hear of (a DIMACS file
    /// with fewer clauses than its header declares), one line each.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// A reason the puzzle cannot have a solution, found without search (e.g. two equal
    /// givens in a unit); `None` when nothing is obvious.
    fn contradiction(&self) -> Option<String> {
        None
    }

    /// The kind's own solver (propagation and search), within `limits`;
    /// [`SolveError::Unsupported`] for kinds that have none.
    fn native(&self, limits: &Limits) -> Result<NativeAnswer<Self::Solution>, SolveError>;

    /// The CNF encoding the `sat` and `external` backends solve.
    fn cnf(&self) -> Result<CnfEncoding<'_, Self::Solution>, SolveError>;

    /// The CNF under the user's encoding choices (by default [`Puzzle::cnf`](super::Puzzle::cnf): most kinds
    /// have one encoding). It must be deterministic, since `decode` rebuilds it.
    fn cnf_with(
        &self,
        _options: &EncodeOptions,
    ) -> Result<CnfEncoding<'_, Self::Solution>, SolveError> {
        self.cnf()
    }

    /// A kind may answer the `sat` backend with an incremental SAT session of its own that
    /// it keeps across puzzles (the sudoku one runs on batsat; `None`: encode with
    /// [`Puzzle::cnf`](super::Puzzle::cnf) and solve afresh). Called only when nothing can stop the search,
    /// since a stopped search leaves the kept solver in no known state.
    fn sat_session(
        &self,
        _max_solutions: u64,
        _keep: usize,
    ) -> Option<Result<SessionAnswer<Self::Solution>, SolveError>> {
        None
    }

    /// The CNF that `export --to dimacs` writes and `decode` maps back: by default the one
    /// the `sat` backend solves; a kind may export a textbook form with named variables.
    /// It must be deterministic, since `decode` rebuilds it to read a model.
    fn cnf_for_export(&self) -> Result<CnfEncoding<'_, Self::Solution>, SolveError> {
        self.cnf()
    }

    /// [`Puzzle::cnf_for_export`](super::Puzzle::cnf_for_export) under the user's encoding choices (by default they are
    /// ignored).
    fn cnf_for_export_with(
        &self,
        _options: &EncodeOptions,
    ) -> Result<CnfEncoding<'_, Self::Solution>, SolveError> {
        self.cnf_for_export()
    }

    /// The exact-cover encoding the `dlx` backend solves.
    fn cover(&self) -> Result<CoverEncoding<'_, Self::Solution>, SolveError>;

    /// A kind may answer the `dlx` backend from a matrix it prepared once per shape,
    /// with the puzzle's own options forced ([`Prepared`](crate::dlx::Prepared)); it must search exactly
    /// the matrix [`Puzzle::cover`](super::Puzzle::cover) builds. `None`: encode with [`Puzzle::cover`](super::Puzzle::cover).
    fn cover_session(
        &self,
        _limits: &Limits,
    ) -> Option<Result<CoverAnswer<Self::Solution>, SolveError>> {
        None
    }

    /// The matrix `export --to xc` writes: by default the one the `dlx` backend solves; a
    /// kind may name its items only for export.
    fn cover_for_export(&self) -> Result<CoverEncoding<'_, Self::Solution>, SolveError> {
        self.cover()
    }

    /// The solution in the kind's natural JSON form.
    fn solution_json(&self, solution: &Self::Solution) -> serde_json::Value;

    /// Fields the JSON output adds about the puzzle (none by default).
    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }

    /// The solution as text for a terminal (no trailing newline).
    fn solution_text(&self, solution: &Self::Solution) -> String;

    /// Where two solutions differ, for `--unique` (no trailing newline).
    fn differences(&self, a: &Self::Solution, b: &Self::Solution) -> String;

    /// A picture of the puzzle (unsolved when `solution` is `None`), for `render`.
    fn picture(&self, solution: Option<&Self::Solution>) -> Picture;

    /// The givens of a 9×9 sudoku (row-major, 0 = empty), for the collection fast path of
    /// `bench` (`src/puzzles/sudoku/collection.rs`); `None` for every other puzzle.
    fn sudoku9_givens(&self) -> Option<[u8; 81]> {
        None
    }

    /// For `analyze`: whether each value a cell of [`Puzzle::solution_json`](super::Puzzle::solution_json) can take is
    /// implied by one literal of the `cnf()` projection (then the SAT backbone is exact
    /// for cells; see `analyze.rs`). False where a value means "no literal true" (an empty
    /// cell of a packing with slack); `analyze` then enumerates.
    fn cells_follow_literals(&self) -> bool {
        true
    }
}
