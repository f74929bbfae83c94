//! Reading a SAT solver's answer.
//!
//! Two formats:
//! - **SAT competition**: `c` comment lines anywhere, one status line `s SATISFIABLE` /
//!   `s UNSATISFIABLE` / `s UNKNOWN`, then `v` lines with the literals of the model, ended by `0`
//!   (cadical, kissat, picosat, glucose, cryptominisat...).
//! - **MiniSat result file** (`minisat in.cnf out.txt`): `SAT` then the literals ended by `0`,
//!   or `UNSAT`, or `INDET`.
//!
//! Strict on purpose: anything else (a stray line, a non-integer, a literal beyond the formula's
//! vars, `x` and `-x` both, a model without its final `0`) is an error with its line, because a
//! half-read model is worse than none. Vars the model omits read as false; the caller verifies
//! the model against the formula anyway.

use thiserror::Error;

use super::{Model, SatVerdict};

/// What is wrong with a solver's output.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolverOutputErrorKind {
    /// Neither an `s` line nor a MiniSat status word.
    #[error("no status line (`s SATISFIABLE`, `s UNSATISFIABLE`, `s UNKNOWN`, or `SAT`/`UNSAT`)")]
    NoStatus,
    #[error("unexpected line `{text}`")]
    /// A line that is neither a comment, a status nor values.
    Garbage {
        /// The line, trimmed.
        text: String,
    },
    #[error("second status line (the first is on line {first})")]
    /// A second status line.
    DuplicateStatus {
        /// Line of the first one (1-based).
        first: usize,
    },
    #[error("unknown status `{text}`")]
    /// An `s` line with a word other than SATISFIABLE, UNSATISFIABLE or UNKNOWN.
    UnknownStatus {
        /// The status word.
        text: String,
    },
    #[error("model values without a preceding SATISFIABLE status")]
    /// `v` lines (or literals) before or without a satisfiable status.
    ValuesWithoutSat,
    #[error("`{token}` is not an integer literal")]
    /// A `v` token that is not an integer.
    NotAnInteger {
        /// The token.
        token: String,
    },
    #[error("literal {lit} out of range: the formula has {vars} variables")]
    /// A literal whose variable is beyond the formula's.
    LitOutOfRange {
        /// The literal, DIMACS-numbered.
        lit: i64,
        /// Variables in the formula given to the solver.
        vars: usize,
    },
    #[error("variable {var} given both values")]
    /// A variable listed both true and false.
    Contradictory {
        /// The variable, DIMACS-numbered.
        var: i64,
    },
    #[error("satisfiable but no model given")]
    /// A satisfiable status with no values at all.
    MissingModel,
    #[error("model not terminated by 0 (output truncated?)")]
    /// The values stop without the closing `0` (a truncated answer).
    ModelNotTerminated,
    #[error("values after the terminating 0")]
    /// Values after the closing `0`.
    ValuesAfterEnd,
}

/// A solver-output error with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct SolverOutputError {
    /// Line of the solver's output (or result file), 1-based.
    pub line: usize,
    /// What is wrong there.
    pub reason: SolverOutputErrorKind,
}

/// Parse a solver's answer (either format, detected from the first non-comment line) for a
/// formula of `num_vars` vars.
pub fn parse_solver_output(text: &str, num_vars: usize) -> Result<SatVerdict, SolverOutputError> {
    let first = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty() && !l.starts_with('c'));
    match first {
        Some((_, "SAT" | "UNSAT" | "INDET")) => parse_minisat(text, num_vars),
        _ => parse_competition(text, num_vars),
    }
}

/// Collects `v`-style values into a model, enforcing range, consistency and the final 0.
struct Values {
    assigned: Vec<Option<bool>>,
    terminated: bool,
    seen_any: bool,
}

impl Values {
    fn new(num_vars: usize) -> Self {
        Values {
            assigned: vec![None; num_vars],
            terminated: false,
            seen_any: false,
        }
    }

    fn push_tokens<'t>(
        &mut self,
        line: usize,
        tokens: impl Iterator<Item = &'t str>,
    ) -> Result<(), SolverOutputError> {
        let err = |reason| SolverOutputError { line, reason };
        for token in tokens {
            let x: i64 = token.parse().map_err(|_| {
                err(SolverOutputErrorKind::NotAnInteger {
                    token: token.to_string(),
                })
            })?;
            if self.terminated {
                return Err(err(SolverOutputErrorKind::ValuesAfterEnd));
            }
            self.seen_any = true;
            if x == 0 {
                self.terminated = true;
                continue;
            }
            let vars = self.assigned.len();
            if x.unsigned_abs() > vars as u64 {
                return Err(err(SolverOutputErrorKind::LitOutOfRange { lit: x, vars }));
            }
            let slot = &mut self.assigned[x.unsigned_abs() as usize - 1];
            match *slot {
                Some(b) if b != (x > 0) => {
                    return Err(err(SolverOutputErrorKind::Contradictory { var: x.abs() }));
                }
                _ => *slot = Some(x > 0),
            }
        }
        Ok(())
    }

    fn finish(self, last_line: usize) -> Result<Model, SolverOutputError> {
        let err = |reason| SolverOutputError {
            line: last_line,
            reason,
        };
        if !self.seen_any {
            return Err(err(SolverOutputErrorKind::MissingModel));
        }
        if !self.terminated {
            return Err(err(SolverOutputErrorKind::ModelNotTerminated));
        }
        Ok(Model::from_values(
            self.assigned
                .into_iter()
                .map(|v| v.unwrap_or(false))
                .collect(),
        ))
    }
}

fn parse_competition(text: &str, num_vars: usize) -> Result<SatVerdict, SolverOutputError> {
    #[derive(PartialEq)]
    enum Status {
        Sat,
        Unsat,
        Unknown,
    }
    let mut status: Option<(usize, Status)> = None;
    let mut values = Values::new(num_vars);
    let mut last_line = 1;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let l = raw.trim();
        let err = |reason| SolverOutputError { line, reason };
        if l.is_empty() || l.starts_with('c') {
            continue;
        }
        let mut tokens = l.split_whitespace();
        match tokens.next() {
            Some("s") => {
                if let Some((first, _)) = status {
                    return Err(err(SolverOutputErrorKind::DuplicateStatus { first }));
                }
                let rest: Vec<&str> = tokens.collect();
                let s = match rest.as_slice() {
                    ["SATISFIABLE"] => Status::Sat,
                    ["UNSATISFIABLE"] => Status::Unsat,
                    ["UNKNOWN"] | ["INDETERMINATE"] => Status::Unknown,
                    _ => {
                        return Err(err(SolverOutputErrorKind::UnknownStatus {
                            text: rest.join(" "),
                        }));
                    }
                };
                status = Some((line, s));
            }
            Some("v") => {
                if !matches!(status, Some((_, Status::Sat))) {
                    return Err(err(SolverOutputErrorKind::ValuesWithoutSat));
                }
                values.push_tokens(line, tokens)?;
            }
            _ => {
                return Err(err(SolverOutputErrorKind::Garbage {
                    text: truncate(l, 80),
                }));
            }
        }
    }
    match status {
        None => Err(SolverOutputError {
            line: last_line,
            reason: SolverOutputErrorKind::NoStatus,
        }),
        Some((_, Status::Unsat)) => Ok(SatVerdict::Unsat),
        Some((_, Status::Unknown)) => Ok(SatVerdict::Unknown),
        Some((_, Status::Sat)) => Ok(SatVerdict::Sat(values.finish(last_line)?)),
    }
}

fn parse_minisat(text: &str, num_vars: usize) -> Result<SatVerdict, SolverOutputError> {
    let mut status: Option<(usize, &str)> = None;
    let mut values = Values::new(num_vars);
    let mut last_line = 1;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('c') {
            continue;
        }
        match status {
            None => status = Some((line, l)),
            Some((first, s)) => {
                if matches!(l, "SAT" | "UNSAT" | "INDET") {
                    return Err(SolverOutputError {
                        line,
                        reason: SolverOutputErrorKind::DuplicateStatus { first },
                    });
                }
                if s != "SAT" {
                    return Err(SolverOutputError {
                        line,
                        reason: SolverOutputErrorKind::ValuesWithoutSat,
                    });
                }
                values.push_tokens(line, l.split_whitespace())?;
            }
        }
    }
    match status {
        Some((_, "SAT")) => Ok(SatVerdict::Sat(values.finish(last_line)?)),
        Some((_, "UNSAT")) => Ok(SatVerdict::Unsat),
        Some((_, "INDET")) => Ok(SatVerdict::Unknown),
        _ => Err(SolverOutputError {
            line: last_line,
            reason: SolverOutputErrorKind::NoStatus,
        }),
    }
}

fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// Search effort a solver reports in its own words: `c conflicts: 123` (cadical, kissat) or
/// `conflicts : 123` (minisat's stdout). The first number after the colon is taken; `None` when
/// absent. Never invented: a solver that does not print a figure gets `None`.
pub(crate) fn scrape_effort(text: &str) -> (Option<u64>, Option<u64>, Option<u64>) {
    let mut found = [None; 3];
    const KEYS: [&str; 3] = ["conflicts", "decisions", "propagations"];
    for raw in text.lines() {
        let l = raw.trim_start();
        let l = match l.strip_prefix('c') {
            Some(rest) if rest.starts_with(char::is_whitespace) => rest.trim_start(),
            _ => l,
        };
        for (k, key) in KEYS.iter().enumerate() {
            if found[k].is_some() {
                continue;
            }
            if let Some(rest) = l.strip_prefix(key)
                && let Some(rest) = rest.trim_start().strip_prefix(':')
                && let Some(num) = rest.split_whitespace().next()
                && let Ok(n) = num.parse::<u64>()
            {
                found[k] = Some(n);
            }
        }
    }
    (found[0], found[1], found[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrapes_cadical_and_minisat_effort() {
        let cadical = "c conflicts:                    17        1.00    per second\nc decisions:  40   x\nc propagations: 1234  y\n";
        assert_eq!(scrape_effort(cadical), (Some(17), Some(40), Some(1234)));
        let minisat =
            "conflicts             : 11             (550 /sec)\ndecisions             : 25\n";
        assert_eq!(scrape_effort(minisat), (Some(11), Some(25), None));
        assert_eq!(scrape_effort("s SATISFIABLE\n"), (None, None, None));
    }
}
