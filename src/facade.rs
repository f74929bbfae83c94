//! One object-safe interface over every kind, for the command line (and any caller that
//! holds a puzzle whose kind it learns at run time): solve, render, export, decode,
//! analyze, with solutions rendered to text and JSON.

use std::time::Instant;

use crate::pipeline::solve;
use crate::puzzle::{
    Backend, EncodeOptions, Kind, Outcome, Puzzle, Render, Request, SolveError, Stats, Status,
};
use crate::render::Picture;
use crate::sat;

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
