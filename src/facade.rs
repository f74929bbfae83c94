//! One object-safe interface over every kind, for the command line (and any caller that
//! holds a puzzle whose kind it learns at run time): solve, render, export, decode,
//! analyze, with solutions rendered to text and JSON.

use std::time::Instant;

use crate::cube::{self, Cubes, Spread};
use crate::driver::{cnf_encoding, cover_capability};
use crate::pipeline::{solve, solve_into};
use crate::portfolio::{self, Observer};
use crate::puzzle::{
    Assign, Backend, EncodeOptions, Engine, Explain, Kind, Limits, Notation, Outcome, Preference,
    Purpose, Puzzle, Render, Request, Sink, SolveError, Split, Stats, Status,
};
use crate::render::Picture;
use crate::sat;
use crate::stop::Stop;

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
    /// See [`driver::engines`](crate::driver::engines).
    fn engines(&self) -> Vec<Engine>;
    /// [`solve`], with the solutions rendered as `request.render` asks.
    fn solve_any(&self, backend: Backend, request: &Request) -> Result<Report, SolveError>;
    /// [`solve_into`] within `stop`: each solution rendered and handed to `sink` as soon as
    /// it is found and checked; the report's `solutions` stay empty (its `differences` are
    /// still those of the first two solutions).
    fn solve_stream(
        &self,
        backend: Backend,
        request: &Request,
        stop: &Stop,
        sink: Sink<'_, Rendered>,
    ) -> Result<Report, SolveError>;
    /// The web page's solve, within `stop`: `engines` race at once ([`portfolio::race`];
    /// none: `auto`'s plan), `observe` hears each contender start and end, and the
    /// solutions kept come back rendered and drawn (pictures in the same order).
    fn solve_observed(
        &self,
        engines: &[Engine],
        request: &Request,
        stop: &Stop,
        observe: Observer<'_>,
    ) -> Result<(Report, Vec<Picture>), SolveError>;
    /// See [`Puzzle::preference`].
    fn preference(&self) -> Preference;
    /// The CNF encodings `--encoding` may name (the default first), and whether
    /// `--presolve` applies; `None`: the kind has no CNF.
    fn cnf_choices(&self) -> Option<(&'static [&'static str], bool)>;
    /// The puzzle drawn unsolved.
    fn picture_unsolved(&self) -> Picture;
    /// The puzzle as a DIMACS file (its CNF for export), with `comments` at the top.
    fn export_dimacs(
        &self,
        comments: &[String],
        options: &EncodeOptions,
    ) -> Result<String, SolveError>;
    /// The puzzle as an exact-cover file in Knuth's format.
    fn export_xc(&self) -> Result<String, SolveError>;
    /// The forms of [`Puzzle::as_notate`] the kind writes (none: no writer).
    fn notations(&self) -> &'static [Notation];
    /// The puzzle as a Tatham game ID or a puzz.link URL; `None`: this puzzle has no such form.
    fn notate(&self, form: Notation) -> Option<String>;
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
    /// See [`Puzzle::quick_native`].
    fn quick_native(&self, limits: &Limits) -> Option<(u64, bool)>;
    /// The kind's explanation, if it has one ([`Puzzle::as_explain`]).
    fn explainer(&self) -> Option<&dyn Explain>;
    /// Whether the kind has a lookahead to split it into cubes ([`Puzzle::as_split`]).
    fn splits(&self) -> bool;
    /// The first solution drawn, or `None` when there is none.
    fn picture_solved(
        &self,
        backend: Backend,
        request: &Request,
    ) -> Result<Option<Picture>, SolveError>;
    /// The puzzle split into at most `n` cubes by its kind's lookahead ([`cube::split`]).
    fn split_cubes(&self, n: usize, stop: &Stop) -> Result<Cubes, SolveError>;
    /// Cube `k` (1-based) of `cubes` as a puzzle of its own (the puzzle with the cube's
    /// cells as givens); `None` for an empty cube.
    fn cube_puzzle(
        &self,
        cubes: &Cubes,
        k: usize,
    ) -> Result<Option<Box<dyn AnyPuzzle>>, SolveError>;
    /// Cube `k`'s puzzle as a file of the kind's format: (extension, text).
    fn cube_file(&self, cube: &[Assign]) -> Result<(&'static str, String), SolveError>;
    /// The puzzle's fingerprint ([`cube::fingerprint`]).
    fn fingerprint(&self) -> Result<String, SolveError>;
    /// `cubes` as iCNF over the CNF `export` writes with `options` ([`cube::write_icnf`]).
    fn cube_icnf(&self, cubes: &Cubes, options: &EncodeOptions) -> Result<String, SolveError>;
    /// The cubes of an iCNF that `cube` wrote for this puzzle and `options`
    /// ([`cube::read_icnf`]); the error says why the file does not fit.
    fn read_cubes(&self, text: &str, options: &EncodeOptions) -> Result<Cubes, SolveError>;
    /// Solved by `n` cubes on `jobs` threads after a plain solve of `easy`, given as
    /// `(n, jobs, easy)` ([`cube::conquer`]).
    fn conquer(
        &self,
        spread: (usize, usize, std::time::Duration),
        backend: Backend,
        request: &Request,
    ) -> Result<(Report, Spread), SolveError>;
}

/// The kind's lookahead, or the error naming the kinds that have one.
fn splitter<P: Puzzle>(puzzle: &P) -> Result<&dyn Split<P>, SolveError> {
    puzzle.as_split().ok_or_else(|| {
        SolveError::BadOption(format!(
            "{} puzzles cannot be split into cubes: they have no lookahead",
            puzzle.kind()
        ))
    })
}

impl<P: Puzzle + Send + Sync + 'static> AnyPuzzle for P {
    fn kind(&self) -> Kind {
        Puzzle::kind(self)
    }

    fn warnings(&self) -> Vec<String> {
        Puzzle::warnings(self)
    }

    fn engines(&self) -> Vec<Engine> {
        crate::driver::engines(self)
    }

    fn solve_any(&self, backend: Backend, request: &Request) -> Result<Report, SolveError> {
        Ok(kept_report(
            self,
            solve(self, backend, request)?,
            request.render,
        ))
    }

    fn solve_stream(
        &self,
        backend: Backend,
        request: &Request,
        stop: &Stop,
        sink: Sink<'_, Rendered>,
    ) -> Result<Report, SolveError> {
        // The first two solutions are kept for `differences`, nothing more.
        let mut first_two = Vec::new();
        let outcome = solve_into(self, backend, request, stop, &mut |s| {
            let shown = rendered(self, &s, request.render);
            if first_two.len() < 2 {
                first_two.push(s);
            }
            sink(shown)
        })?;
        let differences = match first_two.as_slice() {
            [a, b] => Some(self.differences(a, b)),
            _ => None,
        };
        Ok(report(self, outcome, Vec::new(), differences))
    }

    fn solve_observed(
        &self,
        engines: &[Engine],
        request: &Request,
        stop: &Stop,
        observe: Observer<'_>,
    ) -> Result<(Report, Vec<Picture>), SolveError> {
        let outcome = if engines.is_empty() {
            portfolio::solve_observed(self, request, stop, observe)?
        } else {
            portfolio::race(self, engines, request, stop, observe)?
        };
        let pictures = outcome
            .solutions
            .iter()
            .map(|s| self.picture(Some(s)))
            .collect();
        Ok((kept_report(self, outcome, request.render), pictures))
    }

    fn preference(&self) -> Preference {
        Puzzle::preference(self)
    }

    fn cnf_choices(&self) -> Option<(&'static [&'static str], bool)> {
        self.as_cnf().map(|c| (c.encodings(), c.presolves()))
    }

    fn picture_unsolved(&self) -> Picture {
        self.picture(None)
    }

    fn quick_native(&self, limits: &Limits) -> Option<(u64, bool)> {
        Puzzle::quick_native(self, limits)
    }

    fn explainer(&self) -> Option<&dyn Explain> {
        self.as_explain()
    }

    fn splits(&self) -> bool {
        self.as_split().is_some()
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
        let encoding = cnf_encoding(self, options, Purpose::Export)?;
        let mut bytes = Vec::new();
        crate::cnf::write_dimacs(&encoding.cnf, comments, &mut bytes)
            .map_err(|e| SolveError::Export(e.to_string()))?;
        String::from_utf8(bytes).map_err(|e| SolveError::Export(e.to_string()))
    }

    fn notations(&self) -> &'static [Notation] {
        self.as_notate().map_or(&[], |n| n.notations())
    }

    fn notate(&self, form: Notation) -> Option<String> {
        self.as_notate().and_then(|n| n.notate(form))
    }

    fn export_xc(&self) -> Result<String, SolveError> {
        let cover = cover_capability(self, Backend::Dlx)?;
        Ok(crate::dlx::write_xc(
            &cover.encode_cover(Purpose::Export)?.matrix,
        ))
    }

    fn decode_answer(
        &self,
        solver_output: &str,
        options: &EncodeOptions,
    ) -> Result<Report, SolveError> {
        let start = Instant::now();
        let encoding = cnf_encoding(self, options, Purpose::Export)?;
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

    fn split_cubes(&self, n: usize, stop: &Stop) -> Result<Cubes, SolveError> {
        Ok(cube::split(splitter(self)?, n, stop))
    }

    fn cube_puzzle(
        &self,
        cubes: &Cubes,
        k: usize,
    ) -> Result<Option<Box<dyn AnyPuzzle>>, SolveError> {
        let split = splitter(self)?;
        Ok(cubes
            .cube(k)
            .map(|cube| Box::new(split.restrict(cube)) as Box<dyn AnyPuzzle>))
    }

    fn cube_file(&self, cube: &[Assign]) -> Result<(&'static str, String), SolveError> {
        Ok(splitter(self)?.cube_file(cube))
    }

    fn fingerprint(&self) -> Result<String, SolveError> {
        Ok(cube::fingerprint(splitter(self)?))
    }

    fn cube_icnf(&self, cubes: &Cubes, options: &EncodeOptions) -> Result<String, SolveError> {
        let split = splitter(self)?;
        let encoding = cnf_encoding(self, options, Purpose::Export)?;
        cube::write_icnf(split, &encoding.cnf, &cube::encoding_label(options), cubes)
    }

    fn read_cubes(&self, text: &str, options: &EncodeOptions) -> Result<Cubes, SolveError> {
        let split = splitter(self)?;
        let encoding = cnf_encoding(self, options, Purpose::Export)?;
        cube::read_icnf(split, &encoding.cnf, &cube::encoding_label(options), text)
            .map_err(|why| SolveError::BadOption(format!("the cube file does not fit: {why}")))
    }

    fn conquer(
        &self,
        (n, jobs, easy): (usize, usize, std::time::Duration),
        backend: Backend,
        request: &Request,
    ) -> Result<(Report, Spread), SolveError> {
        let split = splitter(self)?;
        let (outcome, spread) = cube::conquer(self, split, (n, jobs, easy), backend, request)?;
        Ok((kept_report(self, outcome, request.render), spread))
    }
}

/// `solution` in the forms `render` asks for.
fn rendered<P: Puzzle + ?Sized>(puzzle: &P, solution: &P::Solution, render: Render) -> Rendered {
    let (text, json) = match render {
        Render::None => (false, false),
        Render::Text => (true, false),
        Render::Json => (false, true),
        Render::Both => (true, true),
    };
    Rendered {
        text: if text {
            puzzle.solution_text(solution)
        } else {
            String::new()
        },
        json: if json {
            puzzle.solution_json(solution)
        } else {
            serde_json::Value::Null
        },
    }
}

/// `outcome` as a report, its kept solutions rendered as `render` asks and the
/// differences of the first two said.
fn kept_report<P: Puzzle + ?Sized>(
    puzzle: &P,
    outcome: Outcome<P::Solution>,
    render: Render,
) -> Report {
    let differences = match outcome.solutions.as_slice() {
        [a, b, ..] => Some(puzzle.differences(a, b)),
        _ => None,
    };
    let solutions = outcome
        .solutions
        .iter()
        .map(|s| rendered(puzzle, s, render))
        .collect();
    report(puzzle, outcome, solutions, differences)
}

/// `outcome` as a report, with its solutions already rendered.
fn report<P: Puzzle + ?Sized>(
    puzzle: &P,
    outcome: Outcome<P::Solution>,
    solutions: Vec<Rendered>,
    differences: Option<String>,
) -> Report {
    Report {
        kind: puzzle.kind(),
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
        json_fields: puzzle.json_fields(),
    }
}
