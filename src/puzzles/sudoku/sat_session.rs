//! The `sat` backend over a collection: one incremental varisat solver per grid size
//! and thread, instead of a fresh solver per puzzle.
//!
//! Glossary:
//! - **session**: a varisat solver loaded once with the puzzle-independent clauses,
//!   families 1–8 of `encodings/sudoku.md` (the formula of the empty grid, all n³
//!   variables x(cell, digit)).
//! - **givens as assumptions**: a puzzle is solved under the assumptions x(cell, given),
//!   so nothing puzzle-specific is added for the first solution.
//! - **activation literal** `a`: a fresh variable per puzzle. Each blocking clause
//!   (the negation of a solution's true literals on the open cells) is added as
//!   `¬a ∨ …` and `a` is assumed, so the clause binds this puzzle only. Later puzzles
//!   leave `a` free, and `a = false` satisfies the clause, so it never excludes a
//!   solution of another puzzle. (Retiring it with the unit clause `¬a` is correct too,
//!   but each new level-0 unit makes varisat simplify its binary clauses: measured
//!   1.24× slower on 17_clue.)
//! - **renewal**: learned clauses pile up over puzzles and slow the solver down on hard
//!   collections, so the session is thrown away and rebuilt (≈0.6 ms) every
//!   [`RENEW_EVERY`] puzzles. Measured on 17_clue and magictour_top1465 with 16, 64
//!   and 256; no value wins both, 16–64 are within noise of each other.
//!
//! Used only when nothing can interrupt the search (varisat has no interrupt; stopping
//! it makes the solver unusable, see `src/sat/embedded.rs`): with a deadline or a cancel
//! flag the pipeline takes the ordinary path, a fresh solver with the stop hook.
//! Every solution still goes through the checker in the pipeline. `export` keeps writing
//! the textbook formula (`cnf::encode_with` with `Givens::Units`).

use std::cell::RefCell;

use varisat::ExtendFormula;

use super::{Filled, Sudoku, cnf};
use crate::cnf::Var;
use crate::puzzle::SessionAnswer;
use crate::sat::SatError;

/// Puzzles solved by one session before it is rebuilt.
pub const RENEW_EVERY: usize = 32;

struct Session {
    box_side: usize,
    solver: varisat::Solver<'static>,
    variables: usize,
    clauses: usize,
    puzzles: usize,
}

impl Session {
    fn new(box_side: usize) -> Session {
        let formula = cnf::empty_grid_formula(box_side);
        let mut solver = varisat::Solver::new();
        let mut lits = Vec::new();
        for i in 0..formula.num_clauses() {
            lits.clear();
            lits.extend(
                formula
                    .clause(i)
                    .unwrap_or_default()
                    .iter()
                    .map(|l| varisat::Lit::from_code(l.code())),
            );
            solver.add_clause(&lits);
        }
        Session {
            box_side,
            solver,
            variables: formula.num_vars(),
            clauses: formula.num_clauses(),
            puzzles: 0,
        }
    }
}

thread_local! {
    static SESSIONS: RefCell<Vec<Session>> = const { RefCell::new(Vec::new()) };
}

fn lit(var: Var, positive: bool) -> varisat::Lit {
    varisat::Lit::from_code(crate::cnf::Lit::new(var, positive).code())
}

/// Counts the solutions of `puzzle` up to `max_solutions` and keeps the first `keep`.
pub fn solve(
    puzzle: &Sudoku,
    max_solutions: u64,
    keep: usize,
) -> Result<SessionAnswer<Filled>, SatError> {
    SESSIONS.with(|sessions| {
        let mut sessions = sessions.borrow_mut();
        let b = puzzle.box_side();
        let at = match sessions.iter().position(|s| s.box_side == b) {
            Some(i) if sessions[i].puzzles < RENEW_EVERY => i,
            Some(i) => {
                sessions[i] = Session::new(b);
                i
            }
            None => {
                sessions.push(Session::new(b));
                sessions.len() - 1
            }
        };
        let session = &mut sessions[at];
        session.puzzles += 1;
        let answer = solve_in(session, puzzle, max_solutions, keep);
        if answer.is_err() {
            // Whatever state the solver is in, do not reuse it.
            sessions.remove(at);
        }
        answer
    })
}

fn solve_in(
    session: &mut Session,
    puzzle: &Sudoku,
    max_solutions: u64,
    keep: usize,
) -> Result<SessionAnswer<Filled>, SatError> {
    let n = puzzle.size();
    let givens = puzzle.givens();
    let x = |cell: usize, digit: usize| cnf::empty_grid_var(n, cell, digit);
    let mut assumptions: Vec<varisat::Lit> = (0..n * n)
        .filter(|&cell| givens[cell] != 0)
        .map(|cell| lit(x(cell, usize::from(givens[cell])), true))
        .collect();
    let solver = &mut session.solver;
    let mut answer = SessionAnswer {
        solutions: Vec::new(),
        count: 0,
        complete: false,
        solve_calls: 0,
        variables: session.variables,
        clauses: session.clauses,
    };
    let mut activation: Option<varisat::Var> = None;
    let mut blocking = Vec::with_capacity(n * n + 1);
    while answer.count < max_solutions {
        solver.assume(&assumptions);
        answer.solve_calls += 1;
        let sat = solver
            .solve()
            .map_err(|e| SatError::Varisat(e.to_string()))?;
        if !sat {
            answer.complete = true;
            break;
        }
        let model = solver
            .model()
            .ok_or_else(|| SatError::Varisat("no model after a satisfiable solve".into()))?;
        let mut value = vec![false; session.variables];
        for l in model {
            if l.is_positive() && l.index() < value.len() {
                value[l.index()] = true;
            }
        }
        // A cell with no true digit stays 0 and the checker rejects the grid.
        let grid: Filled = (0..n * n)
            .map(|cell| {
                (1..=n)
                    .find(|&d| value[x(cell, d).index()])
                    .map_or(0, |d| d as u8)
            })
            .collect();
        answer.count += 1;
        if answer.solutions.len() < keep {
            answer.solutions.push(grid.clone());
        }
        if answer.count >= max_solutions {
            break;
        }
        let a = *activation.get_or_insert_with(|| {
            let a = solver.new_var();
            assumptions.push(a.positive());
            a
        });
        blocking.clear();
        blocking.push(a.negative());
        blocking.extend(
            (0..n * n)
                .filter(|&cell| givens[cell] == 0 && grid[cell] != 0)
                .map(|cell| lit(x(cell, usize::from(grid[cell])), false)),
        );
        solver.add_clause(&blocking);
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::native::{self, NativeSearch};

    fn puzzle(line: &str) -> Sudoku {
        let b = if line.len() == 16 { 2 } else { 3 };
        Sudoku::new(b, line.bytes().map(|c| c - b'0').collect()).unwrap()
    }

    /// The same puzzles, again and again across renewals and between sizes: the
    /// blocking clauses of one puzzle never change another's count.
    #[test]
    fn counts_match_native_across_puzzles_and_renewals() {
        let lines = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            // Not unique: two solutions differ in a rectangle.
            "................",
            "1...............",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        for round in 0..RENEW_EVERY + 3 {
            for line in lines {
                let p = puzzle(&line.replace('.', "0"));
                let max = if round % 2 == 0 { 2 } else { 300 };
                let ours = solve(&p, max, 2).unwrap();
                let search = NativeSearch {
                    max_solutions: max,
                    keep: 0,
                    stop: crate::stop::Stop::never(),
                };
                let theirs = native::solve(p.box_side(), p.givens(), &search);
                assert_eq!(ours.count, theirs.count, "{line} round {round}");
                assert_eq!(ours.complete, theirs.complete, "{line} round {round}");
                for s in &ours.solutions {
                    assert_eq!(crate::puzzles::sudoku::verify(&p, s), Ok(()));
                }
                if ours.solutions.len() == 2 {
                    assert_ne!(ours.solutions[0], ours.solutions[1]);
                }
            }
        }
    }
}
