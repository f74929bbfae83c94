//! `--presolve`: the puzzle's own propagation first, the SAT solver gets the residue.
//!
//! [`native::probe_residue`] runs line logic and failed-literal probing (with merge) to a
//! fixpoint at the root, as the native engine does at every node (`dfs/mod.rs`). Then:
//! - every decided cell becomes a given of the residue, so the order encoding's block
//!   ranges (`cnf::feasible_starts`) shrink to what is still open;
//! - a colour a cell can no longer take becomes a unit clause;
//! - each open (cell, colour) is propagated once more, and every cell that propagation
//!   decides gives a binary clause `¬(a = u) ∨ (b = v)`: the implications a CDCL solver
//!   would otherwise have to rediscover by conflicts ("CDCL after probing").
//!
//! Everything here holds in every solution (propagation is sound), so the residue has
//! exactly the puzzle's solutions: counts stay exact. The result is deterministic (no
//! clock), since `decode` rebuilds the formula `export --presolve` wrote.

use super::{Nonogram, native};
use crate::stop::Stop;

/// Implications kept at most: beyond, the formula grows faster than it helps.
pub const MAX_IMPLICATIONS: usize = 2_000_000;

/// A literal on a cell: `(cell, colour, true)` is "cell has colour", `false` its negation.
pub type CellLit = (usize, u8, bool);

/// What propagation leaves to the SAT solver.
pub enum Residue {
    /// Propagation found that no grid fits the clues.
    Contradiction,
    /// The puzzle with every decided cell as a given, and clauses over cell literals that
    /// propagation proved.
    Open {
        /// The puzzle, with every cell propagation decided as a given.
        puzzle: Box<Nonogram>,
        /// Unit and binary clauses over cell literals (never empty clauses).
        clauses: Vec<Vec<CellLit>>,
    },
}

/// Propagates `puzzle` at the root and returns what is left.
pub fn residue(puzzle: &Nonogram) -> Residue {
    let Some(probed) = native::probe_residue(puzzle, &Stop::never(), MAX_IMPLICATIONS) else {
        return Residue::Contradiction;
    };
    let symbols = puzzle.palette().len();
    let all = (1u64 << symbols) - 1;
    let mut clauses = Vec::new();
    let givens = probed
        .colours
        .iter()
        .enumerate()
        .map(|(cell, &set)| {
            if set.count_ones() == 1 {
                return Some(set.trailing_zeros() as u8);
            }
            for v in (0..symbols).filter(|&v| (all & !set) >> v & 1 == 1) {
                clauses.push(vec![(cell, v as u8, false)]);
            }
            None
        })
        .collect();
    clauses.extend(
        probed
            .implications
            .iter()
            .map(|&[(a, u), (b, v)]| vec![(a, u, false), (b, v, true)]),
    );
    Residue::Open {
        puzzle: Box::new(puzzle.clone().with_colour_givens(givens)),
        clauses,
    }
}
