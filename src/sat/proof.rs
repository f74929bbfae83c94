//! DRAT proofs behind "unsolvable" and behind the "no second solution" step of "unique".
//!
//! A DRAT proof certifies that one formula has no model, so each claim gets its own formula
//! and a fresh solver (varisat requires the proof target before the first clause and allows
//! one target per solver):
//! - **unsolvable**: the puzzle's formula F, givens included;
//! - **unique**: F ∧ ¬s, where ¬s is the blocking clause of the one solution s found (the
//!   same clause enumeration adds): no model of F differs from s on the puzzle's variables.
//!
//! The proof goes through a [`StopWriter`], so the caller's `Stop` still ends the search,
//! into `<file>.partial` next to the requested path; only a finished proof (and, with
//! `check`, a checked one) is renamed to the requested name, so an interrupted or failed run
//! never leaves a file that looks complete. The check replays the file with
//! [`crate::proof::check_refutation`], which shares no code with this solving path.
//!
//! With an external solver the same formula goes to the program with a proof path: cadical
//! (`cadical FILE.cnf PROOF`, binary DRAT by default) or any program whose arguments hold
//! [`PROOF_PLACEHOLDER`]. Both DRAT forms are checked alike.
//!
//! The refuted formula is written beside the proof as `FILE.cnf` ([`formula_path`]).
//!
//! What a checked proof certifies: the CNF has no model. That the CNF says what the puzzle
//! says rests on the encoders and their tests (`encodings/`, `tests/`).

#![warn(missing_docs)]

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use varisat::ExtendFormula;

use super::{SatBackend, SatVerdict, StopWriter};
use crate::cnf::{Cnf, Lit};
use crate::stop::Stop;

/// Replaced by the proof file's path in an external solver's arguments.
pub const PROOF_PLACEHOLDER: &str = "{proof}";

/// Whether `backend` can write a DRAT proof: varisat, cadical, or a program given
/// [`PROOF_PLACEHOLDER`].
pub(crate) fn can_prove(backend: &SatBackend) -> bool {
    match backend {
        SatBackend::Varisat => true,
        SatBackend::External { program, args } => {
            is_cadical(program) || args.iter().any(|a| a.contains(PROOF_PLACEHOLDER))
        }
    }
}

fn is_cadical(program: &str) -> bool {
    Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("cadical"))
}

/// Where to write a proof, and whether to check it before saying so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofTarget {
    /// The proof file; the refuted formula goes beside it ([`formula_path`]).
    pub path: PathBuf,
    /// Replay the proof with [`crate::proof::check_refutation`] before reporting it.
    pub check: bool,
}

/// What became of a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProofStatus {
    /// Written to the file, not checked.
    Written,
    /// Written and replayed by the independent checker.
    Checked,
}

impl ProofStatus {
    /// `written` or `checked`.
    pub fn name(self) -> &'static str {
        match self {
            ProofStatus::Written => "written",
            ProofStatus::Checked => "checked",
        }
    }
}

/// Why no proof came out.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// The proof or the formula file cannot be written.
    #[error("cannot write the proof to {path}: {source}")]
    Io {
        /// The file that could not be written.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The `Stop` fired during the proof run.
    #[error("the proof run was stopped (timeout) before it finished; no proof written")]
    Stopped,
    /// The solver has no proof output.
    #[error("the solver cannot write proofs (use varisat, cadical, or a `{{proof}}` argument)")]
    Unsupported,
    /// The external solver failed (message of its [`super::SatError`]).
    #[error("the external solver failed on the proof run: {0}")]
    External(String),
    /// The formula to refute has a model: the claim was wrong (a bug).
    #[error("the formula to refute has a model (a bug: the claim it should certify is false)")]
    Satisfiable,
    /// A solution was reported but the formula has no model (a bug).
    #[error("the formula has no model although a solution was found (a bug)")]
    Inconsistent,
    /// The independent checker rejected the proof (a bug in the solver or the checker).
    #[error("the proof written to {path} fails the check (a bug): {reason}")]
    CheckFailed {
        /// The proof's requested path (nothing is left there).
        path: PathBuf,
        /// The checker's message.
        reason: String,
    },
}

/// Refute `cnf` plus `extra` clauses with a fresh solver writing DRAT to `target`: varisat
/// (binary DRAT: its text DRAT costs 4.6× a plain solve on a hard 9×9, binary 1.3×) or an
/// external program that can prove ([`can_prove`]).
pub(crate) fn prove_unsat(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    backend: &SatBackend,
    stop: &Stop,
    target: &ProofTarget,
) -> Result<ProofStatus, ProofError> {
    if !can_prove(backend) {
        return Err(ProofError::Unsupported);
    }
    let partial = partial_path(&target.path);
    let result = match backend {
        SatBackend::Varisat => write_with_varisat(cnf, extra, stop, target, &partial),
        SatBackend::External { program, args } => {
            write_with_external(cnf, extra, program, args, stop, target, &partial)
        }
    }
    .and_then(|()| check(cnf, extra, target, &partial));
    let formula_path = formula_path(&target.path);
    let formula_partial = partial_path(&formula_path);
    let result = result.and_then(|status| {
        write_formula(cnf, extra, &formula_partial).map_err(|source| ProofError::Io {
            path: formula_path.clone(),
            source,
        })?;
        for (from, to) in [(&formula_partial, &formula_path), (&partial, &target.path)] {
            std::fs::rename(from, to).map_err(|source| ProofError::Io {
                path: to.clone(),
                source,
            })?;
        }
        Ok(status)
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
        let _ = std::fs::remove_file(&formula_partial);
    }
    result
}

/// Where the refuted formula goes: `FILE.cnf` next to the proof `FILE`, so that
/// `drat-trim FILE.cnf FILE` can check the proof outside satcover. (The formula is not always
/// the one `satcover export` writes: sudoku's solving encoding leaves out what the givens
/// settle, and "unique" adds the clause that excludes the solution.)
pub fn formula_path(proof: &Path) -> PathBuf {
    let mut name = proof.as_os_str().to_owned();
    name.push(".cnf");
    PathBuf::from(name)
}

fn write_formula(cnf: &Cnf, extra: &[Vec<Lit>], path: &Path) -> std::io::Result<()> {
    let mut formula = cnf.clone();
    for clause in extra {
        formula.add_clause(clause);
    }
    let comments = ["the formula refuted by the DRAT proof beside this file".to_string()];
    let mut file = File::create(path)?;
    crate::cnf::write_dimacs(&formula, &comments, &mut file)
}

fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Run the external program on the formula with the proof path, expecting "unsatisfiable".
fn write_with_external(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    program: &str,
    args: &[String],
    stop: &Stop,
    target: &ProofTarget,
    partial: &Path,
) -> Result<(), ProofError> {
    let partial_str = partial.to_string_lossy();
    let mut args: Vec<String> = args
        .iter()
        .map(|a| a.replace(PROOF_PLACEHOLDER, &partial_str))
        .collect();
    if !args.iter().any(|a| a.contains(super::CNF_PLACEHOLDER)) && is_cadical(program) {
        // cadical reads `INPUT PROOF` as its two positional arguments.
        args.push(super::CNF_PLACEHOLDER.to_string());
        args.push(partial_str.into_owned());
    }
    // The program must be able to create the file: fail early, as for varisat.
    File::create(partial).map_err(|source| ProofError::Io {
        path: target.path.clone(),
        source,
    })?;
    let mut formula = cnf.clone();
    for clause in extra {
        formula.add_clause(clause);
    }
    let run = super::external::run(&formula, program, &args, stop)
        .map_err(|e| ProofError::External(e.to_string()))?;
    match run.verdict {
        SatVerdict::Unsat => Ok(()),
        SatVerdict::Sat(_) => Err(ProofError::Satisfiable),
        SatVerdict::Unknown => Err(ProofError::Stopped),
    }
}

/// Replay the finished proof when asked.
fn check(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    target: &ProofTarget,
    partial: &Path,
) -> Result<ProofStatus, ProofError> {
    if !target.check {
        return Ok(ProofStatus::Written);
    }
    let bytes = std::fs::read(partial).map_err(|source| ProofError::Io {
        path: target.path.clone(),
        source,
    })?;
    let formula: Vec<Vec<i64>> = cnf
        .clauses()
        .chain(extra.iter().map(Vec::as_slice))
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    crate::proof::check_refutation(formula.iter().map(Vec::as_slice), &bytes)
        .map(|_| ProofStatus::Checked)
        .map_err(|e| ProofError::CheckFailed {
            path: target.path.clone(),
            reason: e.to_string(),
        })
}

fn write_with_varisat(
    cnf: &Cnf,
    extra: &[Vec<Lit>],
    stop: &Stop,
    target: &ProofTarget,
    partial: &Path,
) -> Result<(), ProofError> {
    let io = |source| ProofError::Io {
        path: target.path.clone(),
        source,
    };
    let file = File::create(partial).map_err(io)?;
    let sat = {
        let mut solver = varisat::Solver::new();
        solver.write_proof(
            StopWriter::new(stop.clone(), BufWriter::with_capacity(1 << 16, file)),
            varisat::ProofFormat::BinaryDrat,
        );
        let mut buf: Vec<varisat::Lit> = Vec::new();
        for clause in cnf.clauses().chain(extra.iter().map(Vec::as_slice)) {
            buf.clear();
            buf.extend(clause.iter().map(|l| varisat::Lit::from_code(l.code())));
            solver.add_clause(&buf);
        }
        let verdict = solver.solve();
        let closed = solver.close_proof();
        match (verdict, closed) {
            (Ok(sat), Ok(())) => sat,
            _ if stop.should_stop() => return Err(ProofError::Stopped),
            (Err(e), _) => return Err(io(std::io::Error::other(e.to_string()))),
            (_, Err(e)) => return Err(io(std::io::Error::other(e.to_string()))),
        }
    };
    // `close_proof` flushed the writer chain down to the file.
    if sat {
        return Err(ProofError::Satisfiable);
    }
    Ok(())
}
