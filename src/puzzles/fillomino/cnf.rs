//! Fillomino as CNF (see `encodings/fillomino.md`).
//!
//! Variables: per cell, one `rRcC=k` per number k it may hold (a given: its number; else
//! 1 up to [`Fillomino::max_number`]), cells in row-major order: the projection. Then per
//! pair of orthogonal neighbours (`Graph::grid`'s edge order: across, row by row, then
//! down) a join `rRcC~rRcC`: true when the two cells are in one region. Clause families:
//! - **F1 one number**: each cell holds exactly one number;
//! - **R0–R2** (`constraints::region_size`, local, neighbours of equal size one region):
//!   two neighbours holding the same number are joined, a join's two cells hold the same
//!   number (so a region is a group of equal numbers), and a 1 joins nothing;
//! - **R3–R6** (`constraints::region_size`, eager only): every region exactly as large as
//!   the number its cells hold.
//!
//! The native engine adds **F2 deduced number** (a unit clause per number the deduction
//! of `deduce.rs` ruled out of a cell) when deduction leaves cells open.
//!
//! The local formula (F1, R0–R2) is what the lazy searches solve, with the region
//! size constraint checked on the side; the eager one adds R3–R6 and is the whole puzzle,
//! for external solvers and `export`.

use super::Fillomino;
use super::deduce::Cells;
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
use crate::constraints::region_size::{NodeSize, RegionSize};
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::{Blocking, Model};

/// The local formula, the region size constraint that completes it, and the number
/// literals per cell.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub region: RegionSize,
    pub numbers: Vec<Vec<(u32, Lit)>>,
}

impl Local {
    /// The number variables, the projection.
    pub fn projection(&self) -> Vec<Var> {
        self.numbers
            .iter()
            .flatten()
            .map(|&(_, l)| l.var())
            .collect()
    }
}

pub(crate) fn local(p: &Fillomino) -> Local {
    let (w, h) = p.size();
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let mut cnf = Cnf::new();
    let max = p.max_number();
    let numbers: Vec<Vec<(u32, Lit)>> = (0..w * h)
        .map(|i| {
            let domain: Vec<u32> = match p.clues[i] {
                Some(Some(n)) => vec![n],
                _ => (1..=max).collect(),
            };
            domain
                .into_iter()
                .map(|k| (k, cnf.new_named_var(format!("{}={k}", name(i))).positive()))
                .collect()
        })
        .collect();
    let graph = Graph::grid(w, h);
    let join: Vec<Lit> = graph
        .edges()
        .iter()
        .map(|&(a, b)| {
            cnf.new_named_var(format!("{}~{}", name(a), name(b)))
                .positive()
        })
        .collect();
    one_number(&mut cnf, &numbers);
    let size = numbers
        .iter()
        .map(|list| NodeSize::OneOf(list.clone()))
        .collect();
    let region = RegionSize::new(graph, join, size).with_distinct_neighbours();
    region.local(&mut cnf);
    Local {
        cnf,
        region,
        numbers,
    }
}

/// F2 deduced number: a number deduction ruled out of a cell (`deduce.rs`) is false there.
pub(crate) fn fix(local: &mut Local, cells: &Cells) {
    local.cnf.begin_family("F2 deduced number");
    for (i, list) in local.numbers.iter().enumerate() {
        for &(k, lit) in list {
            if !cells.may_hold(i, k) {
                local.cnf.add_clause(&[!lit]);
            }
        }
    }
    local.cnf.end_family();
}

/// F1: each cell holds exactly one number.
fn one_number(cnf: &mut Cnf, numbers: &[Vec<(u32, Lit)>]) {
    cnf.begin_family("F1 one number");
    for list in numbers {
        let lits: Vec<Lit> = list.iter().map(|p| p.1).collect();
        cnf.exactly_one(&lits);
    }
    cnf.end_family();
}

/// Reads the numbers off a model.
pub(crate) fn decode(
    p: &Fillomino,
    numbers: &[Vec<(u32, Lit)>],
    model: &Model,
) -> Result<Grid, DecodeError> {
    let mut values = Vec::with_capacity(numbers.len());
    for (i, list) in numbers.iter().enumerate() {
        if list
            .iter()
            .any(|&(_, l)| l.var().index() >= model.num_vars())
        {
            return Err(DecodeError::from(
                "the model is shorter than the number variables",
            ));
        }
        let k = list
            .iter()
            .find(|&&(_, l)| model.lit_true(l))
            .map(|p| p.0)
            .ok_or_else(|| DecodeError::from(format!("cell {i} holds no number")))?;
        values.push(k);
    }
    Ok(Grid::new(p.size().0, values))
}

/// The whole puzzle as CNF: the local formula and the eager region sizes.
pub(crate) fn encode(p: &Fillomino) -> CnfEncoding<'_, Grid> {
    let Local {
        mut cnf,
        region,
        numbers,
    } = local(p);
    region.encode(&mut cnf);
    let projection = numbers.iter().flatten().map(|&(_, l)| l.var()).collect();
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::Full,
        decode: Box::new(move |model| decode(p, &numbers, model)),
    }
}
