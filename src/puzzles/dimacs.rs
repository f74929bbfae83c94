//! A raw DIMACS CNF formula as a puzzle: satcover as a SAT front end.
//!
//! Glossary:
//! - **formula**: the clauses of the file, over variables 1..=V (DIMACS numbering).
//! - **assignment**: a truth value for each of the V variables; the solution.
//! - **model**: an assignment that satisfies every clause.
//!
//! Solved by `sat` (varisat) or `external`; printed the way SAT solvers print
//! (`s SATISFIABLE`, `v ... 0` lines), with their exit codes 10 and 20.

use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Purpose, Puzzle, SolveError,
};
use crate::render::{Picture, Rgb};

/// A formula read from a DIMACS file.
#[derive(Clone, Debug)]
pub struct Formula {
    cnf: Cnf,
    /// What the reader tolerated (see [`Puzzle::warnings`]).
    warnings: Vec<String>,
}

/// Truth values of variables 1..=V, at index v − 1.
pub type Assignment = Vec<bool>;

/// Declared variables that occur in no clause kept in the solved formula (see
/// [`Formula::encode_cnf`](CnfEncode::encode_cnf)). Each doubles the number of models, so with more of them
/// than this a satisfiable formula has over 2⁶⁴ models: more than any count can reach, so
/// keeping only these still gives distinct models, and an enumeration can never run out of
/// them and wrongly claim to be complete. The unused variables left out take the value of
/// the first one kept: every decoded assignment is still a model, and each of them varies
/// when that one does (`analyze` sees them as free, not forced).
pub const FREE_KEPT: usize = 64;

impl Formula {
    /// The formula `cnf`, with its declared variable count (`cnf.num_vars()`).
    pub fn new(cnf: Cnf) -> Formula {
        Formula {
            cnf,
            warnings: Vec::new(),
        }
    }

    /// A formula read from a file, with the reader's warnings (`parse_dimacs_detailed`).
    pub fn read(parsed: crate::cnf::DimacsParsed) -> Formula {
        Formula {
            cnf: parsed.cnf,
            warnings: parsed.warnings,
        }
    }

    /// The clauses as read, in the file's numbering.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// Every declared variable, numbered as in the file.
    fn identity_encoding(&self) -> CnfEncoding<'_, Assignment> {
        let vars = self.cnf.num_vars();
        CnfEncoding {
            cnf: self.cnf.clone(),
            projection: (0..vars).map(Var::from_index).collect(),
            blocking: crate::sat::Blocking::Full,
            decode: Box::new(move |model| {
                Ok((0..vars).map(|i| model.value(Var::from_index(i))).collect())
            }),
        }
    }

    /// The variables that occur, and the first [`FREE_KEPT`] that do not, numbered
    /// 0, 1, 2… in the file's order; the rest mirror the first of those kept.
    fn dense_encoding(&self) -> CnfEncoding<'_, Assignment> {
        let vars = self.cnf.num_vars();
        let mut occurs = vec![false; vars];
        for clause in self.cnf.clauses() {
            for lit in clause {
                occurs[lit.var().index()] = true;
            }
        }
        let free = occurs.iter().filter(|&&o| !o).count();
        if free <= FREE_KEPT {
            return self.identity_encoding();
        }
        // `kept[j]` is the file's index of dense variable j; `dense[i]` the reverse.
        let mut kept = Vec::with_capacity(vars - free + FREE_KEPT);
        let mut dense = vec![u32::MAX; vars];
        let mut free_kept = 0;
        let mut mirror = 0;
        for (i, &occurs) in occurs.iter().enumerate() {
            if occurs || free_kept < FREE_KEPT {
                if !occurs && free_kept == 0 {
                    mirror = kept.len();
                }
                free_kept += usize::from(!occurs);
                dense[i] = kept.len() as u32;
                kept.push(i as u32);
            }
        }
        drop(occurs);
        let mut cnf = Cnf::new();
        cnf.reserve(self.cnf.num_clauses(), self.cnf.num_literals());
        cnf.ensure_vars(kept.len());
        let mut buf = Vec::new();
        for clause in self.cnf.clauses() {
            buf.clear();
            buf.extend(clause.iter().map(|lit| {
                let var = Var::from_index(dense[lit.var().index()] as usize);
                Lit::new(var, lit.is_positive())
            }));
            cnf.add_clause(&buf);
        }
        drop(dense);
        CnfEncoding {
            cnf,
            projection: (0..kept.len()).map(Var::from_index).collect(),
            blocking: crate::sat::Blocking::Full,
            decode: Box::new(move |model| {
                let mut assignment = vec![model.value(Var::from_index(mirror)); vars];
                for (j, &i) in kept.iter().enumerate() {
                    assignment[i as usize] = model.value(Var::from_index(j));
                }
                Ok(assignment)
            }),
        }
    }
}

/// `v` lines as SAT solvers print them: literals up to about 78 columns, ending in `0`.
pub(crate) fn v_lines(assignment: &[bool]) -> String {
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
        Kind::CNF
    }

    fn warnings(&self) -> Vec<String> {
        self.warnings.clone()
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

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Assignment>> {
        Some(self)
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

    /// The number of variables that differ and the first 20 of them: with a million
    /// declared variables the full list would be megabytes long.
    fn differences(&self, a: &Assignment, b: &Assignment) -> String {
        const SHOWN: usize = 20;
        let mut differ = (0..a.len().min(b.len())).filter(|&i| a[i] != b[i]);
        let shown: Vec<String> = differ
            .by_ref()
            .take(SHOWN)
            .map(|i| (i + 1).to_string())
            .collect();
        let total = shown.len() + differ.count();
        let more = if total > SHOWN { " …" } else { "" };
        format!("{total} variables differ: {}{more}", shown.join(" "))
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

impl CnfEncode<Assignment> for Formula {
    /// Solving: the clauses over the variables that occur in them, renumbered densely (in
    /// their order), plus at most [`FREE_KEPT`] of the declared variables no clause
    /// mentions: what a solver allocates follows the clauses, not the header (`p cnf
    /// 1000000 1` with one short clause). A formula with nothing to drop is handed over
    /// unchanged, so its proof file (`--proof`) matches the input line for line.
    ///
    /// Export: the file's own numbering, so that `export` writes the formula as read and
    /// `decode` reads a model in the file's numbering.
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Assignment>, SolveError> {
        Ok(match purpose {
            Purpose::Solve => self.dense_encoding(),
            Purpose::Export => self.identity_encoding(),
        })
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const CNF: Kind = Kind::named("cnf");
}

/// DIMACS CNF files.
pub const READER: super::Reader<Formula> = super::Reader {
    kind: Kind::CNF,
    about: "A raw DIMACS CNF formula",
    extensions: &["cnf", "dimacs"],
    looks_like: |lines| {
        lines
            .iter()
            .any(|l| l.starts_with("p cnf") || l.starts_with("p  cnf"))
    },
    read: |_, text| {
        super::whole(
            crate::cnf::parse_dimacs_detailed(text)
                .map(Formula::read)
                .map_err(|e| super::ParseError::new(e.line, e.column, e.reason.to_string())),
        )
    },
    generator: None,
    examples: &[crate::puzzles::example!("CNF (DIMACS)", "cnf/named.cnf")],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::solve;
    use crate::puzzle::{Backend, Request, Status};

    fn formula(text: &str) -> Formula {
        Formula::new(crate::cnf::parse_dimacs(text).unwrap())
    }

    #[test]
    fn a_formula_using_nearly_every_declared_variable_is_solved_as_written() {
        // 3 models of x1 ∨ ¬x2, times 2⁸ for the eight unused variables.
        let f = formula("p cnf 10 1\n1 -2 0\n");
        let encoding = crate::driver::cnf(&f).unwrap();
        assert_eq!(encoding.cnf.num_vars(), 10);
        let outcome = solve(&f, Backend::Sat, &Request::count()).unwrap();
        assert_eq!((outcome.count, outcome.complete), (3 << 8, true));
    }

    #[test]
    fn unused_variables_beyond_the_kept_ones_are_dropped_and_read_false() {
        let f = formula("p cnf 1000 2\n1000 -500 0\n500 0\n");
        let encoding = crate::driver::cnf(&f).unwrap();
        assert_eq!(encoding.cnf.num_vars(), 2 + FREE_KEPT);
        assert_eq!(encoding.projection.len(), 2 + FREE_KEPT);
        let outcome = solve(&f, Backend::Sat, &Request::limit(3)).unwrap();
        assert_eq!((outcome.status, outcome.count), (Status::Solved, 3));
        for assignment in &outcome.solutions {
            assert_eq!(assignment.len(), 1000);
            assert!(assignment[999] && assignment[499]);
            // The unused variables beyond the first 64 (1..=64) follow variable 1.
            assert!(assignment[64..499].iter().all(|&v| v == assignment[0]));
            assert!(assignment[500..999].iter().all(|&v| v == assignment[0]));
            assert!(f.check(assignment).is_ok());
        }
        // A model with variable 1 (dense 0) true: every unused variable left out is true too,
        // so they are seen to vary.
        let mut values = vec![false; encoding.cnf.num_vars()];
        values[0] = true;
        values[FREE_KEPT..].fill(true); // x500 and x1000
        let assignment = (encoding.decode)(&crate::sat::Model::from_values(values)).unwrap();
        assert!(assignment[0] && assignment[64..].iter().all(|&v| v));
        assert!(assignment[1..64].iter().all(|&v| !v));
        assert!(f.check(&assignment).is_ok());
        // Export keeps the file's numbering.
        let export = f.encode_cnf(&Default::default(), Purpose::Export).unwrap();
        assert_eq!(export.cnf.num_vars(), 1000);
        assert_eq!(export.cnf.clause(0).unwrap()[0].to_dimacs(), 1000);
    }
}
