//! Packing as CNF: one variable per placement (see `encodings/packing.md`).
//!
//! Clause families, numbered like the spec:
//! 1. **piece-exactly-one**: each piece takes exactly one of its placements.
//! 2. **cell-exactly-one** (no slack) or **cell-at-most-one** (slack): the placements
//!    covering an open cell exclude each other; without slack one of them must be taken.
//!
//! The at-most-one encodings are chosen by `Cnf` in one place (pairwise for small groups,
//! a sequential counter beyond); the projection is the placement variables.

use super::{Packing, Tiling};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{CnfEncoding, DecodeError, SolveError};

pub(crate) fn encode(p: &Packing) -> Result<CnfEncoding<'_, Tiling>, SolveError> {
    let placements = p.placements()?;
    let mut cnf = Cnf::new();
    let vars: Vec<Var> = placements
        .iter()
        .enumerate()
        .map(|(i, pl)| {
            let cells: Vec<String> = pl
                .cells
                .iter()
                .map(|&c| format!("r{}c{}", c / p.width, c % p.width))
                .collect();
            cnf.new_named_var(format!("p{}#{i}@{}", pl.piece, cells.join(",")))
        })
        .collect();
    let mut by_piece: Vec<Vec<Lit>> = vec![Vec::new(); p.pieces.len()];
    let mut by_cell: Vec<Vec<Lit>> = vec![Vec::new(); p.width * p.height];
    for (pl, &var) in placements.iter().zip(&vars) {
        by_piece[pl.piece].push(var.positive());
        for &cell in &pl.cells {
            by_cell[cell].push(var.positive());
        }
    }
    cnf.begin_family("1 piece-exactly-one");
    for lits in &by_piece {
        cnf.exactly_one(lits);
    }
    let exact = p.slack() == 0;
    if exact {
        cnf.begin_family("2 cell-exactly-one");
    } else {
        cnf.begin_family("2 cell-at-most-one");
    }
    for (cell, lits) in by_cell.iter().enumerate() {
        if !p.open[cell] {
            continue;
        }
        if exact {
            cnf.exactly_one(lits);
        } else if lits.len() > 1 {
            cnf.at_most_one(lits);
        }
    }
    let projection = vars.clone();
    let decode = move |model: &crate::sat::Model| -> Result<Tiling, DecodeError> {
        let mut cells = vec![None; p.width * p.height];
        for (pl, &var) in placements.iter().zip(&vars) {
            if model.value(var) {
                for &cell in &pl.cells {
                    if cells[cell].is_some() {
                        return Err(DecodeError::from(format!("cell {cell} covered twice")));
                    }
                    cells[cell] = Some(pl.piece);
                }
            }
        }
        Ok(p.tiling_from_cells(&cells))
    };
    Ok(CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::TrueLiterals,
        decode: Box::new(decode),
    })
}
