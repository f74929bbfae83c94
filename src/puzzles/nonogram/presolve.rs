//! `--presolve`: the puzzle's own propagation first, the SAT solver gets the residue.
//!
//! Line logic ([`native::line_logic`]) decides every cell that all patterns of a line
//! agree on, to a fixpoint over all lines. Those cells become givens of the residue, so the
//! order encoding's block ranges (`cnf.rs`, [`super::cnf::feasible_starts`]) shrink to what
//! is still open. Every decided cell holds in every solution, so the residue has exactly the
//! solutions of the puzzle: counts stay exact.

use super::{Nonogram, native};

/// What propagation leaves to the SAT solver.
pub enum Residue {
    /// Propagation found that no grid fits the clues.
    Contradiction,
    /// The puzzle with every decided cell as a given, and binary clauses `a ∨ b` over cell
    /// literals `(cell, colour)` that propagation proved.
    Open {
        puzzle: Nonogram,
        implications: Vec<[(usize, u8); 2]>,
    },
}

/// Runs line logic on `puzzle` and returns what is left.
pub fn residue(puzzle: &Nonogram) -> Residue {
    let Some(cells) = native::line_logic(puzzle) else {
        return Residue::Contradiction;
    };
    Residue::Open {
        puzzle: puzzle.clone().with_colour_givens(cells),
        implications: Vec::new(),
    }
}
