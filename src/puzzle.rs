//! The `Puzzle` trait, outcomes and statistics, and the one generic pipeline.
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
//! The pipeline is `solve(puzzle, backend, request) -> Outcome`: encode → engine → decode →
//! check. Engines know nothing of puzzles; puzzles know nothing of how engines work inside.

use std::fmt;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::cnf::{Cnf, Var};
use crate::dlx::{self, Matrix, OptionId};
use crate::portfolio::{self, Contender, Threads};
use crate::render::Picture;
use crate::sat::{self, Model, SatBackend};
use crate::stop::Stop;

/// The kinds of input satcover reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A Latin-square sudoku, 4×4 to 36×36, one puzzle per line or one grid per file.
    Sudoku,
    /// A nonogram (black and white or coloured) in the `.non`, `.g` or XML format.
    Nonogram,
    /// Rectangles or polyominoes to place in a region (`.pack`).
    Packing,
    /// A cryptarithm: letters for distinct digits (`SEND + MORE = MONEY`).
    Alphametic,
    /// A raw DIMACS CNF formula.
    Cnf,
    /// A raw exact-cover problem in Knuth's format.
    Xc,
}

impl Kind {
    /// The lower-case name `--kind` and the JSON output use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Sudoku => "sudoku",
            Kind::Nonogram => "nonogram",
            Kind::Packing => "packing",
            Kind::Alphametic => "alphametic",
            Kind::Cnf => "cnf",
            Kind::Xc => "xc",
        }
    }
}

impl Kind {
    /// The backend used when none is named: `auto`, whose plan per kind (see
    /// `src/portfolio.rs`) runs varisat for raw CNF and our DLX engine for raw exact cover.
    pub fn default_backend(self) -> Backend {
        Backend::Auto
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a solution is searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// The puzzle's own propagation solver.
    Native,
    /// CNF solved in-process by varisat.
    Sat,
    /// Exact cover solved by our Dancing Links engine (Knuth's Algorithm C).
    Dlx,
    /// CNF written as DIMACS and solved by a SAT binary (`--solver`).
    External,
    /// The portfolio: native alone for a short budget, then the other engines that fit race;
    /// the first checked answer wins (`src/portfolio.rs`).
    Auto,
}

impl Backend {
    /// The single engines (not `auto`, which runs them).
    pub const ALL: [Backend; 4] = [
        Backend::Native,
        Backend::Sat,
        Backend::Dlx,
        Backend::External,
    ];

    /// The lower-case name `--backend` and the JSON output use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Native => "native",
            Backend::Sat => "sat",
            Backend::Dlx => "dlx",
            Backend::External => "external",
            Backend::Auto => "auto",
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the user asks of one puzzle.
#[derive(Clone, Debug)]
pub struct Request {
    /// Stop after this many solutions; `None` counts them all.
    pub max_solutions: Option<u64>,
    /// How many of the solutions found are decoded, checked and kept for printing.
    pub keep: usize,
    /// Per-puzzle time budget; the puzzle is "unknown" when it runs out.
    pub timeout: Option<Duration>,
    /// The SAT binary for the `external` backend (program and arguments).
    pub external: Option<SatBackend>,
    /// Which forms of the kept solutions `AnyPuzzle::solve_any` renders.
    pub render: Render,
    /// The threads `auto` may start for a race, shared by every solve using this request.
    pub threads: Threads,
    /// Write a DRAT proof behind "unsolvable" and "unique" (sat backend only).
    pub proof: Option<sat::ProofTarget>,
    /// How the sat and external backends encode the puzzle, where its kind has a choice.
    pub encode: EncodeOptions,
}

/// Choices a kind may offer about its CNF (`--encoding`, `--presolve`); kinds ignore those
/// that do not concern them. `export` and `decode` must be given the same ones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The nonogram CNF (`encodings/nonogram.md`).
    pub nonogram: crate::puzzles::nonogram::cnf::Encoding,
    /// Run the puzzle's own propagation first and encode only what it leaves undecided
    /// (nonograms: line logic and probing, `src/puzzles/nonogram/presolve.rs`).
    pub presolve: bool,
}

/// Which forms of a solution to render: building both for every puzzle of a large
/// collection costs more than solving it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Render {
    /// Neither (a bench run, a count).
    None,
    /// [`Puzzle::solution_text`] only.
    Text,
    /// [`Puzzle::solution_json`] only.
    Json,
    /// Both forms.
    Both,
}

impl Request {
    /// The first solution only.
    pub fn first() -> Request {
        Request::limit(1)
    }

    /// Up to `n` solutions, all kept.
    pub fn limit(n: u64) -> Request {
        Request {
            max_solutions: Some(n),
            keep: usize::try_from(n).unwrap_or(usize::MAX),
            timeout: None,
            external: None,
            render: Render::Both,
            threads: Threads::machine(),
            proof: None,
            encode: EncodeOptions::default(),
        }
    }

    /// "Exactly one?": search for a second solution, keep both.
    pub fn unique() -> Request {
        Request::limit(2)
    }

    /// Count every solution, keep the first.
    pub fn count() -> Request {
        Request {
            max_solutions: None,
            keep: 1,
            timeout: None,
            external: None,
            render: Render::Both,
            threads: Threads::machine(),
            proof: None,
            encode: EncodeOptions::default(),
        }
    }

    /// Every solution, all kept.
    pub fn all() -> Request {
        Request {
            max_solutions: None,
            keep: usize::MAX,
            timeout: None,
            external: None,
            render: Render::Both,
            threads: Threads::machine(),
            proof: None,
            encode: EncodeOptions::default(),
        }
    }

    /// The same request with a per-puzzle time budget (`None`: no budget).
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Request {
        self.timeout = timeout;
        self
    }
}

/// The limits an engine works within, derived from a `Request` when the clock starts.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many solutions; `None`: all of them.
    pub max_solutions: Option<u64>,
    /// How many of the solutions found to return (the rest are only counted).
    pub keep: usize,
    /// When to give up: the deadline and the cancel flag every engine polls.
    pub stop: Stop,
}

impl Limits {
    /// `max_solutions` for engines that take a plain number (`u64::MAX` = all).
    pub(crate) fn max_or_all(&self) -> u64 {
        self.max_solutions.unwrap_or(u64::MAX)
    }
}

/// The verdict on one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// At least one solution was found.
    Solved,
    /// The search space was exhausted without a solution.
    Unsolvable,
    /// Neither: the time budget ran out first.
    Unknown,
}

impl Status {
    /// `solved`, `unsolvable` or `unknown`, as printed.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolvable => "unsolvable",
            Status::Unknown => "unknown",
        }
    }
}

/// What a run cost, per backend. Fields an engine cannot tell stay `None` ("n/a"):
/// varisat has no statistics API, so its conflicts and decisions are never invented.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// The backend that ran ([`Backend::name`]).
    pub backend: String,
    /// Reading the puzzle (JSON: seconds, like every duration here).
    #[serde(serialize_with = "seconds")]
    pub parse: Duration,
    /// Building the CNF or the exact-cover matrix.
    #[serde(serialize_with = "seconds")]
    pub encode: Duration,
    /// The engine's search, decoding excluded.
    #[serde(serialize_with = "seconds")]
    pub solve: Duration,
    /// Mapping models or chosen options back to solutions.
    #[serde(serialize_with = "seconds")]
    pub decode: Duration,
    /// The independent checker over the solutions kept.
    #[serde(serialize_with = "seconds")]
    pub check: Duration,
    /// Writing (and checking) a DRAT proof, when asked; not part of [`Stats::total`].
    #[serde(serialize_with = "seconds")]
    pub proof: Duration,
    /// CNF size: variables.
    pub variables: Option<usize>,
    /// CNF size: clauses.
    pub clauses: Option<usize>,
    /// CNF size: literal occurrences.
    pub literals: Option<usize>,
    /// Exact-cover matrix size: items (primary and secondary).
    pub items: Option<usize>,
    /// Exact-cover matrix size: options.
    pub options: Option<usize>,
    /// Exact-cover matrix size: item occurrences over all options.
    pub nonzeros: Option<usize>,
    /// SAT search effort (where the engine reports it): solver calls.
    pub solve_calls: Option<u64>,
    /// SAT decisions.
    pub decisions: Option<u64>,
    /// SAT conflicts.
    pub conflicts: Option<u64>,
    /// SAT propagations.
    pub propagations: Option<u64>,
    /// DLX and native search effort: nodes of the search tree.
    pub nodes: Option<u64>,
    /// DLX link updates (Knuth's cost measure).
    pub updates: Option<u64>,
    /// Native guesses (branching points where propagation alone did not decide).
    pub guesses: Option<u64>,
    /// `auto` only: the backend whose answer this is (`None`: nobody decided).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Backend>,
    /// `auto` only: every engine that ran, with its time, effort or error.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub contenders: Vec<Contender>,
}

fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

impl Stats {
    /// Wall time of the whole run, parse to check.
    pub fn total(&self) -> Duration {
        self.parse + self.encode + self.solve + self.decode + self.check
    }
}

/// The answer to one puzzle.
#[derive(Clone, Debug)]
pub struct Outcome<S> {
    /// Solved, unsolvable or unknown.
    pub status: Status,
    /// The solutions kept (at most `Request::keep`), each one checked.
    pub solutions: Vec<S>,
    /// Solutions found (stops at `Request::max_solutions`).
    pub count: u64,
    /// Whether `count` is exact: the search space was exhausted.
    pub complete: bool,
    /// Whether the time budget ran out before the question was answered (the count is
    /// then a lower bound, or the status `unknown`).
    pub timed_out: bool,
    /// Why the puzzle is unsolvable, when that is known without search.
    pub reason: Option<String>,
    /// The DRAT proof behind "unsolvable" or "unique", when one was asked for and written.
    pub proof: Option<sat::ProofStatus>,
    /// What the run cost.
    pub stats: Stats,
}

impl<S> Outcome<S> {
    /// `Some(true)` when exactly one solution exists, `Some(false)` when not, `None` when
    /// the search stopped too early to tell.
    pub fn unique(&self) -> Option<bool> {
        match (self.count, self.complete) {
            (1, true) => Some(true),
            (0, true) => Some(false),
            (c, _) if c >= 2 => Some(false),
            _ => None,
        }
    }
}

/// An error that is a message and nothing more: `Display` prints it unchanged (the CLI
/// tests compare stderr), and `From<String>`/`From<&str>` let `?` and `.into()` build it.
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        #[error("{message}")]
        pub struct $name {
            /// The whole message, as printed.
            pub message: String,
        }

        impl From<String> for $name {
            fn from(message: String) -> Self {
                $name { message }
            }
        }

        impl From<&str> for $name {
            fn from(message: &str) -> Self {
                $name::from(message.to_string())
            }
        }
    };
}
pub(crate) use message_error;

message_error!(
    /// The independent checker's finding: what is wrong with a solution, with positions.
    CheckError
);

message_error!(
    /// A decoder could not map a solver's answer back to a solution (a bug in the encoder).
    DecodeError
);

/// Why a puzzle could not be answered. "No solution" is an `Outcome`, never an error.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The backend has no encoding for this kind (DIMACS on dlx, alphametics on dlx...).
    #[error("the {backend} backend does not support {kind} puzzles; use {hint}")]
    Unsupported {
        /// The puzzle's kind.
        kind: Kind,
        /// The backend asked for.
        backend: Backend,
        /// The backends that do fit, for the message.
        hint: &'static str,
    },
    /// The encoding would exceed a size limit (placements, nodes); the message names it.
    #[error("{0}")]
    TooLarge(String),
    /// `--backend external` without `--solver`.
    #[error("the external backend needs a solver: pass --solver CMD (e.g. --solver cadical)")]
    NoExternalSolver,
    /// The SAT backend failed (solver missing, crashed, unreadable answer...).
    #[error("SAT engine: {0}")]
    Sat(#[from] sat::SatError),
    /// A model given to `decode` does not fit the exported formula.
    #[error("the solver's answer cannot be used: {0}")]
    BadModel(String),
    /// The exported file could not be produced (message of the writer).
    #[error("writing the export failed: {0}")]
    Export(String),
    /// A model or a set of options did not map back to a solution.
    #[error("decoding the {backend} answer failed (a bug in the encoder): {reason}")]
    Decode {
        /// The backend whose answer it was.
        backend: Backend,
        /// The decoder's message.
        reason: DecodeError,
    },
    /// A solution failed the puzzle's independent checker.
    #[error("the {backend} backend produced a solution that fails the checker (a bug): {reason}")]
    CheckFailed {
        /// The backend that produced it.
        backend: Backend,
        /// The checker's message.
        reason: CheckError,
    },
    /// `--proof` with a backend that cannot write DRAT (native, dlx, most external solvers).
    #[error(
        "the {backend} backend cannot write proofs; use --backend sat for --proof and --check-proof"
    )]
    ProofUnsupported {
        /// The backend asked for.
        backend: Backend,
    },
    /// Writing or checking the proof failed.
    #[error("proof: {0}")]
    Proof(#[from] sat::ProofError),
}

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

/// What a kind's prepared exact-cover matrix found (see [`Puzzle::cover_session`]).
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

/// What a native solver reports.
#[derive(Clone, Debug)]
pub struct NativeAnswer<S> {
    /// The solutions kept (at most [`Limits::keep`]), not yet checked.
    pub solutions: Vec<S>,
    /// Solutions found (at most [`Limits::max_solutions`]).
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

/// What a kind's own incremental SAT session found (see [`Puzzle::sat_session`]).
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

/// One kind of puzzle. Implementors provide the checker, the encoders and the native
/// solver; the pipeline in [`solve`] does the rest.
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

    /// The CNF under the user's encoding choices (by default [`Puzzle::cnf`]: most kinds
    /// have one encoding). It must be deterministic, since `decode` rebuilds it.
    fn cnf_with(
        &self,
        _options: &EncodeOptions,
    ) -> Result<CnfEncoding<'_, Self::Solution>, SolveError> {
        self.cnf()
    }

    /// A kind may answer the `sat` backend with an incremental SAT session of its own that
    /// it keeps across puzzles (the sudoku one runs on batsat; `None`: encode with
    /// [`Puzzle::cnf`] and solve afresh). Called only when nothing can stop the search,
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

    /// [`Puzzle::cnf_for_export`] under the user's encoding choices (by default they are
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
    /// with the puzzle's own options forced ([`dlx::Prepared`]); it must search exactly
    /// the matrix [`Puzzle::cover`] builds. `None`: encode with [`Puzzle::cover`].
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

    /// For `analyze`: whether each value a cell of [`Puzzle::solution_json`] can take is
    /// implied by one literal of the `cnf()` projection (then the SAT backbone is exact
    /// for cells; see `analyze.rs`). False where a value means "no literal true" (an empty
    /// cell of a packing with slack); `analyze` then enumerates.
    fn cells_follow_literals(&self) -> bool {
        true
    }
}

/// Solve one puzzle with one backend: encode → engine → decode → check.
pub fn solve<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
) -> Result<Outcome<P::Solution>, SolveError> {
    solve_until(puzzle, backend, request, &Stop::after(request.timeout))
}

/// [`solve`] stopped by `stop` instead of `request.timeout` (the `auto` backend races
/// engines on one shared `Stop`). With `request.proof`, an "unsolvable" or "unique" answer
/// from the sat backend is backed by a DRAT proof (`src/sat/proof.rs`).
pub fn solve_until<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    let Some(target) = &request.proof else {
        return search(puzzle, backend, request, stop);
    };
    let prover = match (backend, &request.external) {
        // `auto`'s claim, whoever made it, is proved by varisat.
        (Backend::Sat | Backend::Auto, _) => SatBackend::Varisat,
        (Backend::External, Some(solver)) if sat::can_prove(solver) => solver.clone(),
        _ => return Err(SolveError::ProofUnsupported { backend }),
    };
    let mut outcome = search(puzzle, backend, request, stop)?;
    let proof_start = Instant::now();
    outcome.proof = prove(puzzle, &outcome, request, &prover, stop, target)?;
    outcome.stats.proof = proof_start.elapsed();
    Ok(outcome)
}

/// The DRAT proof behind `outcome`, when it claims "unsolvable" or "unique" (a second
/// solution was asked for and none exists); `None` for claims a solution already backs.
fn prove<P: Puzzle + ?Sized>(
    puzzle: &P,
    outcome: &Outcome<P::Solution>,
    request: &Request,
    prover: &SatBackend,
    stop: &Stop,
    target: &sat::ProofTarget,
) -> Result<Option<sat::ProofStatus>, SolveError> {
    let asked_for_two = request.max_solutions.is_none_or(|m| m >= 2);
    let encoding = puzzle.cnf_with(&request.encode)?;
    let extra = match (outcome.status, outcome.count, outcome.complete) {
        (Status::Unsolvable, _, true) => Vec::new(),
        (Status::Solved, 1, true) if asked_for_two => {
            // The blocking clause of the one solution, from a model of the same formula:
            // every model projects onto that solution, so any model will do.
            let mut session = sat::VarisatSession::new(&encoding.cnf, stop);
            match session.solve()? {
                sat::SatVerdict::Sat(model) => vec![sat::blocking_clause_with(
                    &model,
                    &encoding.projection,
                    encoding.blocking,
                )],
                sat::SatVerdict::Unknown => return Err(sat::ProofError::Stopped.into()),
                sat::SatVerdict::Unsat => return Err(sat::ProofError::Inconsistent.into()),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(sat::prove_unsat(
        &encoding.cnf,
        &extra,
        prover,
        stop,
        target,
    )?))
}

/// Encode → engine → decode → check, without proofs (`auto`: the portfolio, whose
/// contenders each come back here).
pub(crate) fn search<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    request: &Request,
    stop: &Stop,
) -> Result<Outcome<P::Solution>, SolveError> {
    if backend == Backend::Auto {
        return portfolio::solve(puzzle, request, stop);
    }
    let start = Instant::now();
    let limits = Limits {
        max_solutions: request.max_solutions,
        keep: request.keep,
        stop: stop.clone(),
    };
    let mut stats = Stats {
        backend: backend.name().to_string(),
        ..Stats::default()
    };

    if let Some(reason) = puzzle.contradiction() {
        stats.solve = start.elapsed();
        return Ok(Outcome {
            status: Status::Unsolvable,
            solutions: Vec::new(),
            count: 0,
            complete: true,
            timed_out: false,
            reason: Some(reason),
            proof: None,
            stats,
        });
    }

    let (solutions, count, complete) = match backend {
        Backend::Native => run_native(puzzle, &limits, &mut stats)?,
        Backend::Sat => run_sat(
            puzzle,
            &SatBackend::Varisat,
            backend,
            &limits,
            &request.encode,
            &mut stats,
        )?,
        Backend::External => {
            let solver = request
                .external
                .as_ref()
                .ok_or(SolveError::NoExternalSolver)?;
            run_sat(
                puzzle,
                solver,
                backend,
                &limits,
                &request.encode,
                &mut stats,
            )?
        }
        Backend::Dlx => run_dlx(puzzle, &limits, &mut stats)?,
        Backend::Auto => unreachable!("auto is answered by the portfolio above"),
    };

    let check_start = Instant::now();
    for solution in &solutions {
        puzzle
            .check(solution)
            .map_err(|reason| SolveError::CheckFailed { backend, reason })?;
    }
    stats.check = check_start.elapsed();

    let status = if count > 0 {
        Status::Solved
    } else if complete {
        Status::Unsolvable
    } else {
        Status::Unknown
    };
    // An incomplete search that did not reach the solution limit was stopped by the clock.
    let timed_out = !complete && limits.max_solutions.is_none_or(|max| count < max);
    Ok(Outcome {
        status,
        solutions,
        count,
        complete,
        timed_out,
        reason: None,
        proof: None,
        stats,
    })
}

type Found<S> = (Vec<S>, u64, bool);

fn run_native<P: Puzzle + ?Sized>(
    puzzle: &P,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    let solve_start = Instant::now();
    let answer = puzzle.native(limits)?;
    stats.solve = solve_start.elapsed();
    stats.nodes = answer.nodes;
    stats.guesses = answer.guesses;
    stats.conflicts = answer.conflicts;
    Ok((answer.solutions, answer.count, answer.complete))
}

fn run_sat<P: Puzzle + ?Sized>(
    puzzle: &P,
    solver: &SatBackend,
    backend: Backend,
    limits: &Limits,
    encode: &EncodeOptions,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    if matches!(solver, SatBackend::Varisat) && !limits.stop.can_stop() {
        let solve_start = Instant::now();
        if let Some(answer) = puzzle.sat_session(limits.max_or_all(), limits.keep) {
            let answer = answer?;
            stats.solve = solve_start.elapsed();
            stats.variables = Some(answer.variables);
            stats.clauses = Some(answer.clauses);
            stats.solve_calls = Some(answer.solve_calls);
            return Ok((answer.solutions, answer.count, answer.complete));
        }
    }
    let encode_start = Instant::now();
    let encoding = puzzle.cnf_with(encode)?;
    stats.encode = encode_start.elapsed();
    stats.variables = Some(encoding.cnf.num_vars());
    stats.clauses = Some(encoding.cnf.num_clauses());
    stats.literals = Some(encoding.cnf.num_literals());

    let mut solutions = Vec::new();
    let mut decode_error = None;
    let mut decode_time = Duration::ZERO;
    let solve_start = Instant::now();
    let enumeration = sat::enumerate_with(
        &encoding.cnf,
        solver,
        &encoding.projection,
        encoding.blocking,
        limits.max_solutions,
        &limits.stop,
        |model| {
            if solutions.len() < limits.keep && decode_error.is_none() {
                let decode_start = Instant::now();
                match (encoding.decode)(model) {
                    Ok(solution) => solutions.push(solution),
                    Err(reason) => decode_error = Some(reason),
                }
                decode_time += decode_start.elapsed();
            }
        },
    )?;
    stats.solve = solve_start.elapsed().saturating_sub(decode_time);
    stats.decode = decode_time;
    stats.solve_calls = Some(enumeration.stats.solve_calls);
    stats.decisions = enumeration.stats.decisions;
    stats.conflicts = enumeration.stats.conflicts;
    stats.propagations = enumeration.stats.propagations;
    if let Some(reason) = decode_error {
        return Err(SolveError::Decode { backend, reason });
    }
    Ok((solutions, enumeration.count, enumeration.complete))
}

fn run_dlx<P: Puzzle + ?Sized>(
    puzzle: &P,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<Found<P::Solution>, SolveError> {
    let solve_start = Instant::now();
    if let Some(answer) = puzzle.cover_session(limits) {
        let answer = answer?;
        stats.solve = solve_start.elapsed();
        stats.items = Some(answer.reduced.items);
        stats.options = Some(answer.reduced.options);
        stats.nonzeros = Some(answer.reduced.nonzeros);
        stats.nodes = Some(answer.stats.nodes);
        stats.updates = Some(answer.stats.updates);
        return Ok((answer.solutions, answer.count, answer.complete));
    }
    let encode_start = Instant::now();
    let encoding = puzzle.cover()?;
    stats.encode = encode_start.elapsed();
    stats.items = Some(encoding.matrix.num_items());
    stats.options = Some(encoding.matrix.num_options());
    stats.nonzeros = Some(encoding.matrix.num_nonzeros());

    let mut solutions = Vec::new();
    let mut decode_error = None;
    let mut decode_time = Duration::ZERO;
    let search = dlx::Search {
        max_solutions: limits.max_solutions,
        stop: limits.stop.clone(),
    };
    let solve_start = Instant::now();
    let outcome = dlx::solve(&encoding.matrix, &search, |options| {
        if solutions.len() < limits.keep && decode_error.is_none() {
            let decode_start = Instant::now();
            match (encoding.decode)(options) {
                Ok(solution) => solutions.push(solution),
                Err(reason) => decode_error = Some(reason),
            }
            decode_time += decode_start.elapsed();
        }
    });
    stats.solve = solve_start.elapsed().saturating_sub(decode_time);
    stats.decode = decode_time;
    stats.nodes = Some(outcome.stats.nodes);
    stats.updates = Some(outcome.stats.updates);
    if let Some(reason) = decode_error {
        return Err(SolveError::Decode {
            backend: Backend::Dlx,
            reason,
        });
    }
    Ok((solutions, outcome.count, outcome.complete))
}

/// A solution as the command line shows it: text for terminals, JSON for machines (each
/// empty or `null` when the request did not ask for it).
#[derive(Clone, Debug, PartialEq)]
pub struct Rendered {
    /// [`Puzzle::solution_text`], or empty.
    pub text: String,
    /// [`Puzzle::solution_json`], or `null`.
    pub json: serde_json::Value,
}

/// An outcome whose solutions have been rendered, so that the command line can handle
/// every kind alike.
#[derive(Clone, Debug)]
pub struct Report {
    /// The puzzle's kind.
    pub kind: Kind,
    /// The outcome, with rendered solutions.
    pub outcome: Outcome<Rendered>,
    /// Where the first two solutions differ, when two were found.
    pub differences: Option<String>,
    /// Fields the JSON output adds about the puzzle itself (a nonogram's `palette`).
    pub json_fields: Vec<(&'static str, serde_json::Value)>,
}

/// A puzzle of any kind, behind one object-safe interface for the command line.
pub trait AnyPuzzle: Send + Sync {
    /// Which kind this is.
    fn kind(&self) -> Kind;
    /// See [`Puzzle::warnings`].
    fn warnings(&self) -> Vec<String>;
    /// [`solve`], with the solutions rendered as `request.render` asks.
    fn solve_any(&self, backend: Backend, request: &Request) -> Result<Report, SolveError>;
    /// The puzzle drawn unsolved.
    fn picture_unsolved(&self) -> Picture;
    /// The puzzle as a DIMACS file (`cnf_for_export_with`), with `comments` at the top.
    fn export_dimacs(
        &self,
        comments: &[String],
        options: &EncodeOptions,
    ) -> Result<String, SolveError>;
    /// The puzzle as an exact-cover file in Knuth's format.
    fn export_xc(&self) -> Result<String, SolveError>;
    /// A SAT solver's answer for the CNF exported with `options`, mapped back and checked.
    fn decode_answer(
        &self,
        solver_output: &str,
        options: &EncodeOptions,
    ) -> Result<Report, SolveError>;
    /// Forced cells and marginals (`satcover analyze`).
    fn analyze(
        &self,
        options: &crate::analyze::Options,
    ) -> Result<crate::analyze::Analysis, SolveError>;
    /// See [`Puzzle::sudoku9_givens`].
    fn sudoku9_givens(&self) -> Option<[u8; 81]>;
    /// The first solution drawn, or `None` when there is none.
    fn picture_solved(
        &self,
        backend: Backend,
        request: &Request,
    ) -> Result<Option<Picture>, SolveError>;
}

impl<P: Puzzle + Send + Sync> AnyPuzzle for P {
    fn kind(&self) -> Kind {
        Puzzle::kind(self)
    }

    fn warnings(&self) -> Vec<String> {
        Puzzle::warnings(self)
    }

    fn solve_any(&self, backend: Backend, request: &Request) -> Result<Report, SolveError> {
        let outcome = solve(self, backend, request)?;
        let differences = match outcome.solutions.as_slice() {
            [a, b, ..] => Some(self.differences(a, b)),
            _ => None,
        };
        let (text, json) = match request.render {
            Render::None => (false, false),
            Render::Text => (true, false),
            Render::Json => (false, true),
            Render::Both => (true, true),
        };
        let solutions = outcome
            .solutions
            .iter()
            .map(|s| Rendered {
                text: if text {
                    self.solution_text(s)
                } else {
                    String::new()
                },
                json: if json {
                    self.solution_json(s)
                } else {
                    serde_json::Value::Null
                },
            })
            .collect();
        Ok(Report {
            kind: Puzzle::kind(self),
            outcome: Outcome {
                status: outcome.status,
                solutions,
                count: outcome.count,
                complete: outcome.complete,
                timed_out: outcome.timed_out,
                reason: outcome.reason,
                proof: outcome.proof,
                stats: outcome.stats,
            },
            differences,
            json_fields: self.json_fields(),
        })
    }

    fn picture_unsolved(&self) -> Picture {
        self.picture(None)
    }

    fn sudoku9_givens(&self) -> Option<[u8; 81]> {
        Puzzle::sudoku9_givens(self)
    }

    fn analyze(
        &self,
        options: &crate::analyze::Options,
    ) -> Result<crate::analyze::Analysis, SolveError> {
        crate::analyze::analyze(self, options)
    }

    fn export_dimacs(
        &self,
        comments: &[String],
        options: &EncodeOptions,
    ) -> Result<String, SolveError> {
        let encoding = self.cnf_for_export_with(options)?;
        let mut bytes = Vec::new();
        crate::cnf::write_dimacs(&encoding.cnf, comments, &mut bytes)
            .map_err(|e| SolveError::Export(e.to_string()))?;
        String::from_utf8(bytes).map_err(|e| SolveError::Export(e.to_string()))
    }

    fn export_xc(&self) -> Result<String, SolveError> {
        Ok(crate::dlx::write_xc(&self.cover_for_export()?.matrix))
    }

    fn decode_answer(
        &self,
        solver_output: &str,
        options: &EncodeOptions,
    ) -> Result<Report, SolveError> {
        let start = Instant::now();
        let encoding = self.cnf_for_export_with(options)?;
        let mut stats = Stats {
            backend: "decode".to_string(),
            encode: start.elapsed(),
            variables: Some(encoding.cnf.num_vars()),
            clauses: Some(encoding.cnf.num_clauses()),
            literals: Some(encoding.cnf.num_literals()),
            ..Stats::default()
        };
        let verdict = sat::parse_solver_output(solver_output, encoding.cnf.num_vars())
            .map_err(|e| SolveError::BadModel(e.to_string()))?;
        let (status, solutions, count, complete) = match verdict {
            sat::SatVerdict::Unsat => (Status::Unsolvable, Vec::new(), 0, true),
            sat::SatVerdict::Unknown => (Status::Unknown, Vec::new(), 0, false),
            sat::SatVerdict::Sat(model) => {
                if let Some(clause) = model.first_falsified(&encoding.cnf) {
                    return Err(SolveError::BadModel(format!(
                        "the model falsifies clause {} of the formula",
                        clause + 1
                    )));
                }
                let decode_start = Instant::now();
                let solution = (encoding.decode)(&model).map_err(|reason| SolveError::Decode {
                    backend: Backend::External,
                    reason,
                })?;
                stats.decode = decode_start.elapsed();
                let check_start = Instant::now();
                self.check(&solution)
                    .map_err(|reason| SolveError::CheckFailed {
                        backend: Backend::External,
                        reason,
                    })?;
                stats.check = check_start.elapsed();
                (Status::Solved, vec![solution], 1, false)
            }
        };
        let differences = None;
        Ok(Report {
            kind: Puzzle::kind(self),
            outcome: Outcome {
                status,
                solutions: solutions
                    .iter()
                    .map(|s| Rendered {
                        text: self.solution_text(s),
                        json: self.solution_json(s),
                    })
                    .collect(),
                count,
                complete,
                timed_out: status == Status::Unknown,
                reason: None,
                proof: None,
                stats,
            },
            differences,
            json_fields: self.json_fields(),
        })
    }

    fn picture_solved(
        &self,
        backend: Backend,
        request: &Request,
    ) -> Result<Option<Picture>, SolveError> {
        let outcome = solve(self, backend, request)?;
        Ok(outcome.solutions.first().map(|s| self.picture(Some(s))))
    }
}
