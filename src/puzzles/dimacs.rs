//! A raw DIMACS CNF formula as a puzzle: satcover as a SAT front end.
//!
//! Glossary:
//! - **formula**: the clauses of the file, over variables 1..=V (DIMACS numbering).
//! - **assignment**: a truth value for each of the V variables; the solution.
//! - **model**: an assignment that satisfies every clause.
//!
//! Solved by `sat` (varisat) or `external`; printed the way SAT solvers print
//! (`s SATISFIABLE`, `v ... 0` lines), with their exit codes 10 and 20.

use crate::cnf::{Cnf, Var};
use crate::puzzle::{
    Backend, CheckError, CnfEncoding, CoverEncoding, Kind, Limits, NativeAnswer, Puzzle, SolveError,
};
use crate::render::{Picture, Rgb};

/// A formula read from a DIMACS file.
#[derive(Clone, Debug)]
pub struct Formula {
    cnf: Cnf,
}

/// Truth values of variables 1..=V, at index v − 1.
pub type Assignment = Vec<bool>;

impl Formula {
    pub fn new(cnf: Cnf) -> Formula {
        Formula { cnf }
    }

    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }
}

/// `v` lines as SAT solvers print them: literals up to about 78 columns, ending in `0`.
pub fn v_lines(assignment: &[bool]) -> String {
    let mut out = String::new();
    let mut line = String::from("v");
    let literals = assignment
        .iter()
        .enumerate()
        .map(|(i, &value)| {
            if value {
                (i + 1) as i64
            } else {
                -((i + 1) as i64)
            }
        })
        .chain(std::iter::once(0));
    for literal in literals {
        let word = literal.to_string();
        if line.len() + 1 + word.len() > 78 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("v");
        }
        line.push(' ');
        line.push_str(&word);
    }
    out.push_str(&line);
    out
}

impl Puzzle for Formula {
    type Solution = Assignment;

    fn kind(&self) -> Kind {
        Kind::Cnf
    }

    /// Every clause has a true literal (evaluated here, not by any solver code).
    fn check(&self, assignment: &Assignment) -> Result<(), CheckError> {
        if assignment.len() != self.cnf.num_vars() {
            return Err(CheckError::from(format!(
                "{} values for {} variables",
                assignment.len(),
                self.cnf.num_vars()
            )));
        }
        for (number, clause) in self.cnf.clauses().enumerate() {
            let satisfied = clause.iter().any(|lit| {
                let value = assignment[lit.var().index()];
                value == lit.is_positive()
            });
            if !satisfied {
                return Err(CheckError::from(format!("clause {} is false", number + 1)));
            }
        }
        Ok(())
    }

    fn native(&self, _: &Limits) -> Result<NativeAnswer<Assignment>, SolveError> {
        Err(SolveError::Unsupported {
            kind: Kind::Cnf,
            backend: Backend::Native,
            hint: "--backend sat or --backend external",
        })
    }

    fn cnf(&self) -> Result<CnfEncoding<'_, Assignment>, SolveError> {
        let vars = self.cnf.num_vars();
        Ok(CnfEncoding {
            cnf: self.cnf.clone(),
            projection: (0..vars).map(Var::from_index).collect(),
            blocking: crate::sat::Blocking::Full,
            decode: Box::new(move |model| {
                Ok((0..vars).map(|i| model.value(Var::from_index(i))).collect())
            }),
        })
    }

    fn cover(&self) -> Result<CoverEncoding<'_, Assignment>, SolveError> {
        Err(SolveError::Unsupported {
            kind: Kind::Cnf,
            backend: Backend::Dlx,
            hint: "--backend sat or --backend external",
        })
    }

    fn solution_json(&self, assignment: &Assignment) -> serde_json::Value {
        let literals: Vec<i64> = assignment
            .iter()
            .enumerate()
            .map(|(i, &v)| if v { (i + 1) as i64 } else { -((i + 1) as i64) })
            .collect();
        serde_json::Value::from(literals)
    }

    fn solution_text(&self, assignment: &Assignment) -> String {
        v_lines(assignment)
    }

    fn differences(&self, a: &Assignment, b: &Assignment) -> String {
        let vars: Vec<String> = (0..a.len())
            .filter(|&i| a[i] != b[i])
            .map(|i| (i + 1).to_string())
            .collect();
        format!("{} variables differ: {}", vars.len(), vars.join(" "))
    }

    /// Variables as a square of cells, black for true.
    fn picture(&self, assignment: Option<&Assignment>) -> Picture {
        let vars = self.cnf.num_vars().max(1);
        let width = (vars as f64).sqrt().ceil() as usize;
        let height = vars.div_ceil(width);
        let mut picture = Picture::new(width, height);
        for i in 0..width * height {
            picture.fills[i] = match assignment.map(|a| a.get(i).copied()) {
                _ if i >= self.cnf.num_vars() => Rgb::GREY,
                Some(Some(true)) => Rgb::BLACK,
                _ => Rgb::WHITE,
            };
        }
        picture
    }
}
