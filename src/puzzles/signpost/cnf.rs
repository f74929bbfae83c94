//! Signpost as CNF (see `encodings/signpost.md`): one-hot positions.
//!
//! Variables `rRcC=K`, per cell and position the native search's root fixpoint leaves it
//! (`native::root`; what that rules out no solution has, so the formula stays the whole
//! puzzle): the cell holds K. They are the projection, one-hot per cell. Clause families:
//! - **S1 cell**: each cell exactly one position;
//! - **S2 position**: each position exactly one cell;
//! - **S3 successor**: a cell at K < N has a successor at K + 1;
//! - **S4 predecessor**: a cell at K > 1 has a predecessor at K − 1 (implied by S1–S3
//!   with counting, not by unit propagation: it prunes what the search would meet later).

use super::Signpost;
use crate::cnf::{Cnf, Lit};
use crate::constraints::Grid;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Blocking;

pub(super) fn encode(p: &Signpost) -> CnfEncoding<'_, Grid> {
    let n = p.cells();
    let (w, _) = p.size();
    let (succ, pred) = p.links();
    let mut cnf = Cnf::new();
    // x[cell][k]: the variable of position k, where the root leaves it.
    let mut x: Vec<Vec<Option<Lit>>> = vec![vec![None; n + 1]; n];
    let root = super::native::root(p);
    if let Some(dom) = &root {
        for (c, row) in x.iter_mut().enumerate() {
            for k in dom.positions(c) {
                let name = format!("r{}c{}={k}", c / w + 1, c % w + 1);
                row[k] = Some(cnf.new_named_var(name).positive());
            }
        }
    }
    cnf.begin_family("S1 cell");
    for row in &x {
        let lits: Vec<Lit> = row.iter().flatten().copied().collect();
        cnf.exactly_one(&lits);
    }
    cnf.end_family();
    cnf.begin_family("S2 position");
    for k in 1..=n {
        let lits: Vec<Lit> = x.iter().filter_map(|row| row[k]).collect();
        cnf.exactly_one(&lits);
    }
    cnf.end_family();
    cnf.begin_family("S3 successor");
    for c in 0..n {
        for k in 1..n {
            let Some(lit) = x[c][k] else { continue };
            let mut clause = vec![!lit];
            clause.extend(succ[c].iter().filter_map(|&s| x[s][k + 1]));
            cnf.add_clause(&clause);
        }
    }
    cnf.end_family();
    cnf.begin_family("S4 predecessor");
    for c in 0..n {
        for k in 2..=n {
            let Some(lit) = x[c][k] else { continue };
            let mut clause = vec![!lit];
            clause.extend(pred[c].iter().filter_map(|&q| x[q][k - 1]));
            cnf.add_clause(&clause);
        }
    }
    cnf.end_family();
    let projection = x.iter().flatten().flatten().map(|l| l.var()).collect();
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::TrueLiterals,
        decode: Box::new(move |model| {
            let mut values = Vec::with_capacity(n);
            for (c, row) in x.iter().enumerate() {
                if row
                    .iter()
                    .flatten()
                    .any(|l| l.var().index() >= model.num_vars())
                {
                    return Err(DecodeError::from(
                        "the model is shorter than the position variables",
                    ));
                }
                let mut on = (1..=n).filter(|&k| row[k].is_some_and(|l| model.lit_true(l)));
                match (on.next(), on.next()) {
                    (Some(k), None) => values.push(k as u32),
                    _ => {
                        return Err(DecodeError::from(format!(
                            "r{}c{} holds not exactly one position",
                            c / w + 1,
                            c % w + 1
                        )));
                    }
                }
            }
            Ok(Grid::new(w, values))
        }),
    }
}
