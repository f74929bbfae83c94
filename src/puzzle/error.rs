//! Why a puzzle could not be answered, and the message errors kinds build.

use super::kind::{Backend, Kind};
use crate::sat;

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
        hint: String,
    },
    /// The encoding would exceed a size limit (placements, nodes); the message names it.
    #[error("{0}")]
    TooLarge(String),
    /// An encoding choice the kind does not offer; the message names those it does.
    #[error("{0}")]
    BadOption(String),
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
