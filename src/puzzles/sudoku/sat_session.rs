//! The `sat` backend over a collection: one incremental SAT solver per grid size and
//! thread, instead of a fresh solver per puzzle.
//!
//! Glossary:
//! - **session**: a CDCL solver ([`crate::sat::theory`], batsat) loaded once with the
//!   puzzle-independent clauses, families 1–8 of `encodings/sudoku.md` (the formula of
//!   the empty grid, all n³ variables x(cell, digit)).
//! - **givens as assumptions**: a puzzle is solved under the assumptions x(cell, given),
//!   so nothing puzzle-specific is added for the first solution.
//! - **activation literal** `a`: a fresh variable per puzzle, assumed after the givens.
//!   Each blocking clause (the negation of a solution's true literals on the open cells)
//!   is `¬a ∨ …`, so it binds this puzzle only. Later puzzles leave `a` free, and
//!   `a = false` satisfies the clause, so it never excludes a solution of another
//!   puzzle.
//! - **one call per puzzle**: the solutions are counted inside a single solver call
//!   (see [`Enumerate`]): each total assignment is recorded and, below the limit, blocked
//!   (the enumeration of [`crate::sat::theory`]), so the search for the next solution
//!   (for `--unique`, the proof that there is none) goes on from the backjump level
//!   instead of a second call that would restart from level 0, assign the givens again
//!   and refill the variable order.
//! - **decision variables**: the variables the solver may branch on (see
//!   [`decision_vars`]). The others are always set by unit propagation once the
//!   decision variables are, so a satisfiable call still ends with every x(cell, digit)
//!   assigned, while the solver's variable order (a heap it empties on every satisfiable
//!   call and refills after it) holds 520 of the 729 variables at 9×9. Activation
//!   literals are never decision variables: a retired one would otherwise cost a
//!   decision in every later search.
//! - **renewal**: learned clauses, blocking clauses and retired activation literals pile
//!   up over puzzles, and the variable activities spread (which deepens every heap
//!   operation), so the solver is rebuilt from the formula the thread keeps after
//!   [`RENEW_EVERY`] puzzles or [`RENEW_CONFLICTS`] conflicts, whichever comes first.
//!   Rebuilding costs about as much as seven 17-clue puzzles: such puzzles need a conflict
//!   or two each and renew by count; puzzles that need search renew by conflicts, before
//!   their learned clauses slow propagation down.
//!
//! Why batsat and not varisat (the engine of the other `sat` paths): varisat can neither
//! keep a variable out of its decision order nor hand a model back inside the search;
//! batsat's theory hook ([`Theory::complete`]) does the latter (measured:
//! `docs/sudoku.md`).
//!
//! Used only when nothing can interrupt the search: with a deadline or a cancel flag
//! the pipeline takes the ordinary path, a fresh solver with the stop hook. Every
//! solution still goes through the checker in the pipeline. `export` keeps writing the
//! textbook formula (`cnf::encode_with` with `Givens::Units`).

use std::cell::RefCell;
use std::collections::HashSet;

use super::{Filled, Sudoku, cnf};
use crate::puzzle::SessionAnswer;
use crate::sat::SatError;
use crate::sat::theory::{Context, Lit, Solutions, Solver, Theory, Var, Verdict};
use crate::util::keyed::get_or_make;

/// Puzzles solved by one solver before it is rebuilt.
pub const RENEW_EVERY: usize = 256;

/// Conflicts of one solver after which it is rebuilt before the next puzzle.
pub const RENEW_CONFLICTS: u64 = 500;

/// The clauses a session of one size loads, kept for the thread's later renewals.
///
/// A binary clause that occurs twice is loaded once: family 8 repeats every pair of
/// family 4 or 6 whose two cells share a box and a row or column (1,458 of 11,664 binary
/// clauses at 9×9). The formula is the same, and propagation visits each implication
/// once instead of twice.
struct Formula {
    /// The clauses' literals back to back; clause i ends at `ends[i]`.
    lits: Vec<crate::cnf::Lit>,
    ends: Vec<usize>,
    /// Per variable x(cell, digit): may the solver branch on it.
    decision: Vec<bool>,
}

impl Formula {
    fn new(box_side: usize) -> Formula {
        let formula = cnf::empty_grid_formula(box_side);
        let mut pairs = HashSet::new();
        let mut lits = Vec::with_capacity(formula.num_literals());
        let mut ends = Vec::with_capacity(formula.num_clauses());
        for clause in formula.clauses() {
            if let [a, b] = clause
                && !pairs.insert((a.code().min(b.code()), a.code().max(b.code())))
            {
                continue;
            }
            lits.extend_from_slice(clause);
            ends.push(lits.len());
        }
        let decision = decision_vars(box_side);
        debug_assert_eq!(decision.len(), formula.num_vars());
        Formula {
            lits,
            ends,
            decision,
        }
    }

    fn variables(&self) -> usize {
        self.decision.len()
    }

    /// A session's answer for one puzzle, with the size of this formula.
    fn answer(
        &self,
        solutions: Vec<Filled>,
        count: u64,
        complete: bool,
        solve_calls: u64,
    ) -> SessionAnswer<Filled> {
        SessionAnswer {
            solutions,
            count,
            complete,
            solve_calls,
            variables: self.variables(),
            clauses: self.ends.len(),
        }
    }

    fn clauses(&self) -> impl Iterator<Item = &[crate::cnf::Lit]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(s, &e)| &self.lits[s..e])
    }

    /// A fresh solver holding the formula, and its variables x(cell, digit) by index.
    fn solver(&self) -> (Solver, Vec<Var>) {
        let mut solver = Solver::new();
        let vars: Vec<Var> = self.decision.iter().map(|&d| solver.new_var(d)).collect();
        let mut clause = Vec::new();
        for lits in self.clauses() {
            clause.clear();
            clause.extend(
                lits.iter()
                    .map(|l| Lit::new(vars[l.var().index()], l.is_positive())),
            );
            solver.add_clause(&mut clause);
        }
        (solver, vars)
    }
}

/// The variables x(cell, digit) the solver may branch on (index cell·n + digit − 1).
///
/// Each of the 4n² constraints (a cell holds one digit; a row, a column, a box holds
/// each digit once) is an exactly-one over n variables, and once all but one of them
/// are assigned, unit propagation assigns the last: true by the at-least-one clause if
/// the others are false, false by an at-most-one clause if one is true. So a variable
/// can be left out of the decisions if one constraint (its *resolver*) forces it after
/// the others: go through the constraints, each in turn resolves one variable not in
/// any earlier resolver. Then the resolver of the i-th variable left out holds no later
/// one, and by induction, when all decision variables are assigned and propagation
/// stops without a conflict, every variable is assigned: the model is total and
/// satisfies every clause.
///
/// Which ones are left out changes the search: taking each constraint's first free
/// variable left all digits of some cells out and ran 1.3× slower on 17-clue puzzles
/// than spreading them, as here, over cells and digits (the free variable whose cell,
/// then digit, has the fewest left out so far). Box, column, row and cell constraints
/// by turns leave 209 of 729 variables out at 9×9.
fn decision_vars(box_side: usize) -> Vec<bool> {
    let [cells, rows, columns, boxes] = constraints(box_side);
    let n = box_side * box_side;
    let mut decision = vec![true; n * n * n];
    let mut in_resolver = vec![false; n * n * n];
    let (mut per_cell, mut per_digit) = (vec![0; n * n], vec![0; n]);
    for i in 0..n * n {
        for vars in [&boxes[i], &columns[i], &rows[i], &cells[i]] {
            let free = vars.iter().filter(|&&v| !in_resolver[v]);
            if let Some(&v) = free.min_by_key(|&&v| (per_cell[v / n], per_digit[v % n])) {
                decision[v] = false;
                per_cell[v / n] += 1;
                per_digit[v % n] += 1;
                for &u in vars {
                    in_resolver[u] = true;
                }
            }
        }
    }
    decision
}

/// The variables of each exactly-one constraint, by family: cells, then (row, digit),
/// (column, digit), (box, digit), each family n² constraints of n variables.
fn constraints(box_side: usize) -> [Vec<Vec<usize>>; 4] {
    let n = box_side * box_side;
    let x = |row: usize, col: usize, digit: usize| (row * n + col) * n + digit;
    let each = |f: &dyn Fn(usize, usize) -> usize| -> Vec<Vec<usize>> {
        (0..n * n)
            .map(|i| (0..n).map(|j| f(i, j)).collect())
            .collect()
    };
    [
        each(&|cell, d| cell * n + d),
        each(&|i, col| x(i / n, col, i % n)),
        each(&|i, row| x(row, i / n, i % n)),
        each(&|i, j| {
            let (b, d) = (i / n, i % n);
            let row = b / box_side * box_side + j / box_side;
            let col = b % box_side * box_side + j % box_side;
            x(row, col, d)
        }),
    ]
}

/// The solver's variable x(cell, digit) in `vars` (the variables of [`Formula::solver`]).
fn solver_var(vars: &[Var], n: usize, cell: usize, digit: u8) -> Var {
    vars[cnf::empty_grid_var(n, cell, usize::from(digit)).index()]
}

struct Session {
    formula: Formula,
    solver: Solver,
    /// The solver's variable x(cell, digit), at index cell·n + digit − 1.
    vars: Vec<Var>,
    puzzles: usize,
    /// Buffers reused from puzzle to puzzle.
    assumptions: Vec<Lit>,
    blocking: Vec<Lit>,
    grid: Filled,
}

impl Session {
    fn new(box_side: usize) -> Session {
        let formula = Formula::new(box_side);
        let (solver, vars) = formula.solver();
        Session {
            formula,
            solver,
            vars,
            puzzles: 0,
            assumptions: Vec::new(),
            blocking: Vec::new(),
            grid: Vec::new(),
        }
    }

    /// A fresh solver on the same formula: no learned clauses, no activation literals.
    fn renew(&mut self) {
        (self.solver, self.vars) = self.formula.solver();
        self.puzzles = 0;
    }
}

thread_local! {
    /// This thread's sessions, one per box side.
    static SESSIONS: RefCell<Vec<(usize, Session)>> = const { RefCell::new(Vec::new()) };
}

/// Counts the solutions of `puzzle` up to `max_solutions` and keeps the first `keep`.
pub fn solve(
    puzzle: &Sudoku,
    max_solutions: u64,
    keep: usize,
) -> Result<SessionAnswer<Filled>, SatError> {
    SESSIONS.with_borrow_mut(|sessions| {
        let b = puzzle.box_side();
        let session = get_or_make(sessions, b, || Session::new(b));
        if session.puzzles == RENEW_EVERY || session.solver.conflicts() >= RENEW_CONFLICTS {
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
    if max_solutions == 0 {
        return Ok(session.formula.answer(Vec::new(), 0, false, 0));
    }
    let Session {
        formula,
        solver,
        vars,
        assumptions,
        blocking,
        grid,
        ..
    } = session;
    assumptions.clear();
    assumptions.extend(
        (0..n * n)
            .filter(|&cell| givens[cell] != 0)
            .map(|cell| Lit::new(solver_var(vars, n, cell, givens[cell]), true)),
    );
    // Last, after the givens: their propagation comes first.
    let activation = Lit::new(solver.new_var(false), true);
    assumptions.push(activation);
    let mut enumerate = Enumerate {
        n,
        givens,
        vars,
        activation,
        found: Solutions::new(max_solutions, keep),
        grid,
        blocking,
    };
    let verdict = solver.solve(&mut enumerate, assumptions);
    // Unsat under the assumptions: no solution beyond those counted. Sat: the
    // `max_solutions`-th one was accepted. Anything else is no answer.
    let count = enumerate.found.count();
    let complete = match verdict {
        Verdict::Unsat if solver.is_ok() => true,
        Verdict::Sat if count == max_solutions => false,
        _ => return Err(SatError::Session("the solver gave no verdict".into())),
    };
    Ok(formula.answer(enumerate.found.take_kept(), count, complete, 1))
}

/// The puzzle's solutions, counted inside one solver call.
///
/// The solver hands every total assignment it reaches to [`Theory::complete`]. Below
/// `max_solutions`, the grid is recorded and blocked with `¬a ∨ ¬x(cell, digit)…` over
/// the open cells: the solver learns from it, backjumps and searches on for the next
/// solution from where it stands, keeping the givens' propagation and the assignments
/// below the backjump level. Every literal of the blocking clause is false when it is
/// raised (`a` is assumed, the grid's digits are true), as a conflict must be.
struct Enumerate<'a> {
    n: usize,
    givens: &'a [u8],
    /// The solver's variable x(cell, digit), at index cell·n + digit − 1.
    vars: &'a [Var],
    activation: Lit,
    found: Solutions<Filled>,
    grid: &'a mut Filled,
    blocking: &'a mut Vec<Lit>,
}

impl Theory for Enumerate<'_> {
    /// Nothing to undo: the enumeration keeps no state along the trail.
    type Mark = ();

    fn mark(&self) {}

    fn backtrack(&mut self, _: ()) {}

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        let (n, vars) = (self.n, self.vars);
        // A cell with no true digit stays 0 and the checker rejects the grid; of two
        // true digits the smaller is kept (the clauses allow neither).
        self.grid.clear();
        self.grid.extend((0..n * n).map(|cell| {
            (1..=n as u8)
                .find(|&d| ctx.value(Lit::new(solver_var(vars, n, cell, d), true)) == Some(true))
                .unwrap_or(0)
        }));
        if !self.found.record(self.grid) {
            return;
        }
        self.blocking.clear();
        self.blocking.push(!self.activation);
        self.blocking.extend(
            (0..n * n)
                .filter(|&cell| self.givens[cell] == 0 && self.grid[cell] != 0)
                .map(|cell| Lit::new(solver_var(vars, n, cell, self.grid[cell]), false)),
        );
        ctx.block(self.blocking);
    }

    fn explain(&mut self, _: Lit) -> &[Lit] {
        unreachable!("the enumeration propagates nothing")
    }
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
        assert_eq!(loaded.ends.len(), 11_988 - 81 * 18);
        assert_eq!(loaded.variables(), 729);
        let want: HashSet<Vec<usize>> = textbook
            .clauses()
            .map(|c| sorted(&mut c.iter().map(|l| l.code())))
            .collect();
        let mut got = HashSet::new();
        for clause in loaded.clauses() {
            let clause = sorted(&mut clause.iter().map(|l| l.code()));
            assert!(got.insert(clause), "a clause loaded twice");
        }
        assert_eq!(got, want);
    }

    /// Propagation alone assigns every variable left out of the decisions once the
    /// decision variables are assigned: some constraint always has exactly one of them
    /// unassigned (the argument of `decision_vars`), at both session sizes; and the
    /// constraints are the exactly-ones of the loaded formula.
    #[test]
    fn decision_vars_are_forced_by_the_others() {
        for (box_side, left_out) in [(2, 37), (3, 209)] {
            let decision = decision_vars(box_side);
            let mut assigned = decision.clone();
            assert_eq!(assigned.iter().filter(|&&d| !d).count(), left_out);
            let constraints: Vec<Vec<usize>> =
                constraints(box_side).into_iter().flatten().collect();
            let n = box_side * box_side;
            // Each variable is in one constraint of each family.
            assert_eq!(constraints.len(), 4 * n * n);
            let mut families = vec![0; n * n * n];
            for c in &constraints {
                assert_eq!(c.len(), n);
                for &v in c {
                    families[v] += 1;
                }
            }
            assert!(families.iter().all(|&k| k == 4));
            // The constraints are those of the formula the session loads: their variable
            // sets are exactly the at-least-one clauses (the all-positive ones), and every
            // pair within one is an at-most-one clause.
            let formula = Formula::new(box_side);
            let sorted = |vars: &mut dyn Iterator<Item = usize>| {
                let mut vars: Vec<usize> = vars.collect();
                vars.sort_unstable();
                vars
            };
            let at_least_one: HashSet<Vec<usize>> = formula
                .clauses()
                .filter(|c| c.iter().all(|l| l.is_positive()))
                .map(|c| sorted(&mut c.iter().map(|l| l.var().index())))
                .collect();
            let want: HashSet<Vec<usize>> = constraints
                .iter()
                .map(|c| sorted(&mut c.iter().copied()))
                .collect();
            assert_eq!(want.len(), constraints.len());
            assert_eq!(at_least_one, want, "box side {box_side}");
            let at_most_one: HashSet<(usize, usize)> = formula
                .clauses()
                .filter_map(|c| match c {
                    [a, b] if !a.is_positive() && !b.is_positive() => {
                        let (u, v) = (a.var().index(), b.var().index());
                        Some((u.min(v), u.max(v)))
                    }
                    _ => None,
                })
                .collect();
            for c in &constraints {
                for (i, &u) in c.iter().enumerate() {
                    for &v in &c[i + 1..] {
                        assert!(
                            at_most_one.contains(&(u.min(v), u.max(v))),
                            "box side {box_side}"
                        );
                    }
                }
            }
            while let Some(c) = constraints
                .iter()
                .find(|c| c.iter().filter(|&&v| !assigned[v]).count() == 1)
            {
                let v = *c.iter().find(|&&v| !assigned[v]).expect("one left");
                assigned[v] = true;
            }
            assert!(assigned.iter().all(|&a| a), "box side {box_side}");
        }
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
            // No open cell: the blocking clause is `¬a` alone.
            "1234341221434321",
            // No solution: two 1s in the first row.
            "11..............",
        ];
        for round in 0..RENEW_EVERY / lines.len() + 3 {
            for line in lines {
                let p = puzzle(&line.replace('.', "0"));
                let max = [2, 300, 1][round % 3];
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
