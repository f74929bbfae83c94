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
//! - **renewal**: learned clauses and retired activation literals pile up over puzzles
//!   (each retired literal costs a decision in every later search, and VSIDS activities
//!   spread, which deepens every heap operation), so the solver is rebuilt every
//!   [`RENEW_EVERY`] puzzles from the formula the thread keeps. Loading it is about
//!   10 % of the time on 17_clue; 16 and 64 were both slower than 32 there.
//!
//! Used only when nothing can interrupt the search (varisat has no interrupt; stopping
//! it makes the solver unusable, see `src/sat/embedded.rs`): with a deadline or a cancel
//! flag the pipeline takes the ordinary path, a fresh solver with the stop hook.
//! Every solution still goes through the checker in the pipeline. `export` keeps writing
//! the textbook formula (`cnf::encode_with` with `Givens::Units`).

use std::cell::RefCell;
use std::collections::HashSet;

use varisat::ExtendFormula;

use super::{Filled, Sudoku, cnf};
use crate::cnf::Var;
use crate::puzzle::SessionAnswer;
use crate::sat::SatError;

/// Puzzles solved by one session before it is rebuilt.
pub const RENEW_EVERY: usize = 32;

/// The clauses a session of one size loads, kept for the thread's later renewals.
///
/// A binary clause that occurs twice is loaded once: family 8 repeats every pair of
/// family 4 or 6 whose two cells share a box and a row or column (1,458 of 11,664 binary
/// clauses at 9×9). The formula is the same, and propagation visits each implication
/// once instead of twice.
struct Formula {
    clauses: varisat::CnfFormula,
    variables: usize,
}

impl Formula {
    fn new(box_side: usize) -> Formula {
        let formula = cnf::empty_grid_formula(box_side);
        let mut pairs = HashSet::new();
        let mut clauses = varisat::CnfFormula::new();
        let mut lits = Vec::new();
        for clause in formula.clauses() {
            if let [a, b] = clause {
                if !pairs.insert((a.code().min(b.code()), a.code().max(b.code()))) {
                    continue;
                }
            }
            lits.clear();
            lits.extend(clause.iter().map(|l| varisat::Lit::from_code(l.code())));
            clauses.add_clause(&lits);
        }
        Formula {
            clauses,
            variables: formula.num_vars(),
        }
    }

    fn solver(&self) -> varisat::Solver<'static> {
        let mut solver = varisat::Solver::new();
        solver.add_formula(&self.clauses);
        solver
    }
}

struct Session {
    box_side: usize,
    formula: Formula,
    solver: varisat::Solver<'static>,
    puzzles: usize,
    /// Buffers reused from puzzle to puzzle.
    assumptions: Vec<varisat::Lit>,
    blocking: Vec<varisat::Lit>,
    grid: Filled,
}

impl Session {
    fn new(box_side: usize) -> Session {
        let formula = Formula::new(box_side);
        let solver = formula.solver();
        Session {
            box_side,
            formula,
            solver,
            puzzles: 0,
            assumptions: Vec::new(),
            blocking: Vec::new(),
            grid: Vec::new(),
        }
    }

    /// A fresh solver on the same formula: no learned clauses, no activation literals.
    fn renew(&mut self) {
        self.solver = self.formula.solver();
        self.puzzles = 0;
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
        let session = match sessions.iter().position(|s| s.box_side == b) {
            Some(i) => &mut sessions[i],
            None => {
                sessions.push(Session::new(b));
                sessions.last_mut().expect("just pushed")
            }
        };
        if session.puzzles == RENEW_EVERY {
            session.renew();
        }
        session.puzzles += 1;
        let answer = solve_in(session, puzzle, max_solutions, keep);
        if answer.is_err() {
            // Whatever state the solver is in, do not reuse it.
            session.renew();
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
    let Session {
        formula,
        solver,
        assumptions,
        blocking,
        grid,
        ..
    } = session;
    assumptions.clear();
    assumptions.extend(
        (0..n * n)
            .filter(|&cell| givens[cell] != 0)
            .map(|cell| lit(x(cell, usize::from(givens[cell])), true)),
    );
    let mut answer = SessionAnswer {
        solutions: Vec::new(),
        count: 0,
        complete: false,
        solve_calls: 0,
        variables: formula.variables,
        clauses: formula.clauses.len(),
    };
    let mut activation: Option<varisat::Var> = None;
    while answer.count < max_solutions {
        solver.assume(assumptions);
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
        // x(cell, digit) has index cell·n + digit − 1 (`cnf::empty_grid_var`). A cell
        // with no true digit stays 0 and the checker rejects the grid; of two true
        // digits the smaller is kept (the clauses allow neither).
        grid.clear();
        grid.resize(n * n, 0);
        for l in model {
            if l.is_positive() && l.index() < formula.variables {
                let cell = &mut grid[l.index() / n];
                if *cell == 0 {
                    *cell = (l.index() % n + 1) as u8;
                }
            }
        }
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
        solver.add_clause(blocking);
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

    /// The session loads every clause of the textbook formula once: 1,458 repeated
    /// box pairs fewer, the same set of clauses.
    #[test]
    fn session_formula_is_the_textbook_set() {
        let sorted = |lits: &mut dyn Iterator<Item = usize>| {
            let mut codes: Vec<usize> = lits.collect();
            codes.sort_unstable();
            codes
        };
        let textbook = cnf::empty_grid_formula(3);
        let loaded = Formula::new(3);
        assert_eq!(textbook.num_clauses(), 11_988);
        assert_eq!(loaded.clauses.len(), 11_988 - 81 * 18);
        assert_eq!(loaded.variables, 729);
        let want: HashSet<Vec<usize>> = textbook
            .clauses()
            .map(|c| sorted(&mut c.iter().map(|l| l.code())))
            .collect();
        let mut got = HashSet::new();
        for clause in loaded.clauses.iter() {
            let clause = sorted(&mut clause.iter().map(|l| l.code()));
            assert!(got.insert(clause), "a clause loaded twice");
        }
        assert_eq!(got, want);
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
