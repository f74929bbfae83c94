//! The core trait every kind implements, and one trait per capability (rustsat's habit:
//! narrow traits, a type implements what it can do). A kind declares each capability it
//! has by returning itself from the matching accessor (`as_native`, `as_cnf`, `as_cover`,
//! `as_split`, `as_explain`);
//! the compiler checks that it implements the trait behind it, and nothing returns
//! "unsupported" from a trait method: the driver and the facade ask the accessor.

use std::fmt;
use std::ops::ControlFlow;
use std::time::Duration;

use super::encoding::{CnfEncoding, CoverAnswer, CoverEncoding, NativeAnswer, SessionAnswer};
use super::error::{CheckError, SolveError};
use super::extras::Explain;
use super::kind::{Engine, Kind};
use super::request::{EncodeOptions, Limits};
use crate::render::Picture;
use crate::stop::Stop;

/// Where an engine hands each solution it keeps, as soon as it has it; `Break` ends the
/// search (enough solutions, or nobody is listening any more).
pub type Sink<'s, S> = &'s mut dyn FnMut(S) -> ControlFlow<()>;

/// One kind of puzzle: the checker, the forms of a solution, and what the kind can do.
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

    /// The kind's own solver, if it has one (`Some(self)`).
    fn as_native(&self) -> Option<&dyn NativeSolve<Self::Solution>> {
        None
    }

    /// The kind's CNF encoding, if it has one (`Some(self)`): the `sat` and `external`
    /// engines, `export --to dimacs`, `decode`, proofs and the SAT backbone use it.
    fn as_cnf(&self) -> Option<&dyn CnfEncode<Self::Solution>> {
        None
    }

    /// The kind's exact-cover encoding, if it has one (`Some(self)`): the `dlx` engine and
    /// `export --to xc` use it.
    fn as_cover(&self) -> Option<&dyn CoverEncode<Self::Solution>> {
        None
    }

    /// The kind's lookahead for cube-and-conquer, if it has one (`Some(self)`): `cube`,
    /// `solve --cube K/N` and `solve --cubes N` use it (`src/cube/`).
    fn as_split(&self) -> Option<&dyn Split<Self>>
    where
        Self: Sized,
    {
        None
    }

    /// The kind's step-by-step explanation, if it has one (`Some(self)`): `explain` and
    /// the page's explain use it.
    fn as_explain(&self) -> Option<&dyn Explain> {
        None
    }

    /// The kind's writer of Tatham game IDs and puzz.link URLs, if it has one (`Some(self)`):
    /// `export --to tatham|url` uses it.
    fn as_notate(&self) -> Option<&dyn super::Notate> {
        None
    }

    /// What `auto` runs for this kind; by default every engine the kind has: native, sat,
    /// dlx, and an external solver when the request names one.
    fn preference(&self) -> Preference {
        let mut engines = Vec::new();
        if self.as_native().is_some() {
            engines.push(Engine::Native);
        }
        if self.as_cnf().is_some() {
            engines.push(Engine::Sat);
        }
        if self.as_cover().is_some() {
            engines.push(Engine::Dlx);
        }
        if self.as_cnf().is_some() {
            engines.push(Engine::External);
        }
        Preference {
            few: engines.clone(),
            many: engines,
            presolve: false,
        }
    }

    /// How `analyze` reads and draws this kind's cells.
    fn cells(&self) -> Cells {
        Cells::default()
    }

    /// A kind's shortcut for large collections (`bench` on `native` or `auto`): the
    /// number of solutions found within `limits` (at most `limits.max_solutions`), each
    /// checked by the kind, and whether the search was complete; `None` sends the puzzle
    /// through the pipeline (no shortcut, out of budget, or a solution the checker refused).
    fn quick_native(&self, _limits: &Limits) -> Option<(u64, bool)> {
        None
    }
}

/// A kind's own solver: propagation and search, within `limits`.
pub trait NativeSolve<S> {
    /// Hands the first `limits.keep` solutions to `found` as they are found (not yet
    /// checked: the driver checks them) and counts up to `limits.max_solutions`.
    fn solve_native(&self, limits: &Limits, found: Sink<'_, S>)
    -> Result<NativeAnswer, SolveError>;
}

/// What a CNF is built for: the engines solve what [`Purpose::Solve`] builds; `export` and
/// `decode` use [`Purpose::Export`], which a kind may give named variables and the
/// textbook clause families. Both must be deterministic: `decode` rebuilds the export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// For the `sat` and `external` engines.
    Solve,
    /// For `export` and `decode`.
    Export,
}

/// A kind's CNF encoding.
pub trait CnfEncode<S> {
    /// The formula and its decoder for `purpose`, under the user's choices (the driver
    /// has checked them against [`CnfEncode::encodings`] and [`CnfEncode::presolves`]).
    fn encode_cnf(
        &self,
        options: &EncodeOptions,
        purpose: Purpose,
    ) -> Result<CnfEncoding<'_, S>, SolveError>;

    /// The encodings `--encoding` may name, the default first; empty: one, unnamed.
    fn encodings(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether `--presolve` applies (the kind's propagation can run before encoding).
    fn presolves(&self) -> bool {
        false
    }

    /// A kind may answer the `sat` engine with an incremental SAT session of its own: one
    /// it keeps across puzzles (the sudoku one), or one it builds for this puzzle (the
    /// lazy forms of the connectivity genres); `None`: encode and solve afresh. The session
    /// honours `limits.stop` (a race's loser is stopped) or, when it is kept across puzzles
    /// and a stopped search would leave it in no known state, declines when the stop can
    /// fire. It hands its solutions over whole, after the search.
    fn sat_session(&self, _limits: &Limits) -> Option<Result<SessionAnswer<S>, SolveError>> {
        None
    }
}

/// A kind's exact-cover encoding.
pub trait CoverEncode<S> {
    /// The matrix and its decoder for `purpose` (a kind may name its items only for export).
    fn encode_cover(&self, purpose: Purpose) -> Result<CoverEncoding<'_, S>, SolveError>;

    /// A kind may answer the `dlx` engine from a matrix it prepared once per shape, with
    /// the puzzle's own options forced ([`Prepared`](crate::dlx::Prepared)); it must
    /// search exactly the matrix [`CoverEncode::encode_cover`] builds. `None`: encode.
    fn cover_session(&self, _limits: &Limits) -> Option<Result<CoverAnswer<S>, SolveError>> {
        None
    }
}

/// One cell fixed to one value, in the kind's own terms: `(cell, value)` with the cell
/// row-major and the value the kind's (a sudoku digit 1..=n, a nonogram palette index).
pub type Assign = (usize, u32);

/// What the kind's propagation says about the puzzle with some cells fixed (a cube).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookahead {
    /// Propagation refutes it: no solution has these cells.
    Refuted,
    /// Propagation decides every cell.
    Decided,
    /// Still open: `size` measures what is left (values beyond one per cell), and the
    /// lookahead's choice of branching: `cell`, and the values it may still take, each a
    /// branch (usually two or more; one when the lookahead refuted the others); every
    /// solution of the cube takes one of them.
    Open {
        /// Values still possible beyond one per cell.
        size: u64,
        /// The cell to branch on.
        cell: usize,
        /// Its values still possible.
        values: Vec<u32>,
    },
}

/// What a kind's lookahead keeps of one branch for the lookahead of the cube that branch
/// becomes (the kind's propagated state, say); only the kind that made it reads it.
pub type Kept = Box<dyn std::any::Any>;

/// A kind's lookahead for cube-and-conquer (Heule, Kullmann, Wieringa, Biere 2011): the
/// generic splitter in `src/cube/` asks it where to branch and what a cube becomes.
/// Cubes are sets of [`Assign`]s, so a cube is always the puzzle with more givens.
pub trait Split<P> {
    /// Propagates the puzzle with the cells of `cube` fixed and picks the branching cell
    /// whose branches shrink the puzzle most; `stop` may cut the choice short (any
    /// branching is still sound).
    fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead;

    /// [`Split::look_ahead`], starting from what the lookahead of the cube's parent kept of
    /// this branch (`from`, if anything), and with what to keep of each branch of an `Open`
    /// answer (one per value, in order; an empty list keeps nothing). The answer is the
    /// one [`Split::look_ahead`] gives: keeping only saves work. By default nothing is kept.
    fn look_ahead_kept(
        &self,
        cube: &[Assign],
        from: Option<Kept>,
        stop: &Stop,
    ) -> (Lookahead, Vec<Option<Kept>>) {
        let _ = from;
        (self.look_ahead(cube, stop), Vec::new())
    }

    /// The puzzle with the cells of `cube` as givens: a puzzle of the same kind whose
    /// solutions are exactly those of this one that agree with `cube`.
    fn restrict(&self, cube: &[Assign]) -> P;

    /// [`Split::restrict`] as a file of the kind's own format: (extension, text).
    fn cube_file(&self, cube: &[Assign]) -> (&'static str, String);

    /// The variable of the kind's exported CNF (`export --to dimacs`, by its name) whose
    /// literal says `assign`, and that literal's sign (false: the negation).
    fn literal_name(&self, assign: Assign) -> (String, bool);

    /// `assign` as people read it (`r3c5=7`).
    fn describe(&self, assign: Assign) -> String;
}

/// What `auto` runs for a kind, in order of preference: for a few solutions (the first,
/// `--unique`, a small `--limit`) and for many (counting, listing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preference {
    /// Engines for a few solutions.
    pub few: Vec<Engine>,
    /// Engines for many.
    pub many: Vec<Engine>,
    /// The SAT contenders encode the residue of the kind's own propagation (`--presolve`).
    pub presolve: bool,
}

/// How `analyze` reads a kind's cells (the leaves of its JSON solution) and draws them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells {
    /// `None`: the kind has no cells to analyse; the message says why.
    pub refusal: Option<&'static str>,
    /// How the pictures of forced cells and marginals show a cell.
    pub style: CellStyle,
    /// Whether each value a cell can take is implied by one literal of the CNF's
    /// projection (then the SAT backbone is exact for cells); false where a value means
    /// "no literal true" (an empty cell of a packing with slack): `analyze` enumerates.
    pub cells_follow_literals: bool,
    /// Whether the literals true in one model decide every cell (one one-hot group per
    /// cell: sudoku digits, alphametic letters), so the backbone tests only those.
    pub one_hot_cells: bool,
    /// How long `analyze`'s default enumerates before it turns to the SAT backbone.
    pub enumeration_budget: Duration,
}

impl Default for Cells {
    fn default() -> Cells {
        Cells {
            refusal: None,
            style: CellStyle::Labels,
            cells_follow_literals: true,
            one_hot_cells: false,
            enumeration_budget: Duration::from_millis(20),
        }
    }
}

/// How a cell is drawn in `analyze`'s pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellStyle {
    /// Its value as a label (digits); `?` where it varies.
    Labels,
    /// A filled square: black, or white for `background`; grey where it varies; the
    /// marginal picture shades it by P(not background).
    Shades {
        /// The value (JSON text) that means background.
        background: &'static str,
    },
    /// A piece's colour (values index the palette); `?` on white where it varies.
    Pieces,
    /// Not cells of the picture: the picture's labels are named by the JSON object's keys
    /// (alphametic letters); no marginal picture.
    NamedLabels,
}
