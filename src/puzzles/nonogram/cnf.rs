//! The SAT backend's encoding: one deterministic automaton per line (a regular constraint).
//!
//! Glossary (the spec with size formulas is `encodings/nonogram.md`):
//! - **x[r,c]**: the cell variable, true = black; the decision (projection) variables.
//! - **automaton** of a clue b₁..b_k: states `0..S` with `S = Σb + k + 1`. State 0 is the
//!   leading gap; block j occupies states `base_j + 1 ..= base_j + b_j`, and `base_{j+1} =
//!   base_j + b_j + 1` is the gap after it. Gap states loop on white and start the next block
//!   on black; block states advance on black until the block is complete, which must be
//!   followed by white. Accepting: the end of the last block (`S − 2`) and the gap after it
//!   (`S − 1`); an empty clue has the one state 0, looping on white.
//! - **s[l,i,q]**: after the first `i` cells of line `l`, the automaton is in state `q`.
//!   Only *feasible* pairs get a variable: `q` is reachable in `i` steps (`q ≤ i`, every state
//!   `q` is first reachable after exactly `q` cells) and acceptance is reachable in the
//!   `n − i` cells left (`n − i ≥ S − 2 − q`, or `q = S − 1`).
//!
//! Clause families (numbered as in the spec):
//! 1. start: `s[l,0,0]`.
//! 2. accept: some accepting state at `i = n`.
//! 3. forward: `s[i,q] ∧ cell → s[i+1, δ(q, cell)]`, or `¬(s[i,q] ∧ cell)` when there is no
//!    feasible successor (two clauses per state variable before the end).
//! 4. entry symbol: `s[i+1,q'] → cell_i = sym(q')` (every state is entered on one symbol).
//! 5. support: `s[i+1,q'] → ⋁ s[i,p]` over its feasible predecessors.
//! 6. givens: unit clauses on `x`; optionally also the cells line logic fixes (7).
//!
//! With 3–5, unit propagation on one line is as strong as a complete line solver
//! (Bacchus, "GAC via unit propagation", CP 2007; Quimper & Walsh, "Decompositions of
//! grammar constraints"): a cell value is refuted exactly when no pattern has it.

use super::native;
use super::{Grid, Nonogram};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::CnfEncoding;

/// Encoding options, measured in `encodings/nonogram.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Add the cells line logic fixes as unit clauses (family 7).
    pub line_logic_units: bool,
}

/// One line's automaton.
pub(crate) struct Automaton {
    /// Number of states, `S`.
    pub states: usize,
    next_white: Vec<Option<usize>>,
    next_black: Vec<Option<usize>>,
    /// Whether a state is entered on black (block states) or white (gaps).
    entered_black: Vec<bool>,
}

impl Automaton {
    pub fn new(clue: &[usize]) -> Automaton {
        let states = clue.iter().sum::<usize>() + clue.len() + 1;
        let mut next_white = vec![None; states];
        let mut next_black = vec![None; states];
        let mut entered_black = vec![false; states];
        let mut base = 0;
        next_white[0] = Some(0);
        for &len in clue {
            debug_assert!(len > 0);
            // Gap `base` starts block j on black.
            next_black[base] = Some(base + 1);
            for t in 1..=len {
                let s = base + t;
                entered_black[s] = true;
                if t < len {
                    next_black[s] = Some(s + 1);
                } else {
                    next_white[s] = Some(s + 1);
                }
            }
            base += len + 1;
            next_white[base] = Some(base);
        }
        debug_assert_eq!(base + 1, states);
        Automaton {
            states,
            next_white,
            next_black,
            entered_black,
        }
    }

    /// Cells still needed from state `q` to reach acceptance.
    fn distance(&self, q: usize) -> usize {
        if self.states == 1 || q + 1 == self.states {
            0
        } else {
            self.states - 2 - q
        }
    }

    /// Whether state `q` can hold after `i` of `n` cells on some accepted word.
    pub fn feasible(&self, n: usize, i: usize, q: usize) -> bool {
        q < self.states && q <= i && n - i >= self.distance(q)
    }

    fn predecessors(&self, q: usize) -> [Option<usize>; 2] {
        if q == 0 {
            [Some(0), None]
        } else if self.entered_black[q] {
            [Some(q - 1), None]
        } else {
            [Some(q - 1), Some(q)]
        }
    }
}

/// The variable map shared by the encoder and the decoder.
struct VarMap {
    width: usize,
    cells: Vec<Var>,
}

impl VarMap {
    fn cell(&self, row: usize, col: usize) -> Var {
        self.cells[row * self.width + col]
    }
}

/// Builds the CNF with default options.
pub fn encode(puzzle: &Nonogram) -> CnfEncoding<'_, Grid> {
    encode_with(puzzle, CnfOptions::default())
}

/// Builds the CNF and its decoder.
pub fn encode_with(puzzle: &Nonogram, options: CnfOptions) -> CnfEncoding<'_, Grid> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let mut cnf = Cnf::new();
    let cells: Vec<Var> = (0..width * height)
        .map(|i| cnf.new_named_var(format!("x[r{},c{}]", i / width + 1, i % width + 1)))
        .collect();
    let map = VarMap { width, cells };

    let mut states: Vec<Option<Var>> = Vec::new();
    let mut line_vars: Vec<Var> = Vec::new();
    for l in 0..puzzle.num_lines() {
        let n = puzzle.line_len(l);
        line_vars.clear();
        line_vars.extend((0..n).map(|i| map.cells[puzzle.cell_of(l, i)]));
        encode_line(&mut cnf, puzzle.clue(l), &line_vars, &mut states);
    }

    cnf.begin_family("6 givens");
    for (i, given) in puzzle.givens().iter().enumerate() {
        if let Some(black) = *given {
            cnf.add_clause(&[lit(map.cells[i], black)]);
        }
    }
    if options.line_logic_units
        && let Some(fixed) = native::line_logic(puzzle)
    {
        cnf.begin_family("7 line-logic units");
        for (i, cell) in fixed.iter().enumerate() {
            if let Some(black) = *cell
                && puzzle.givens()[i].is_none()
            {
                cnf.add_clause(&[lit(map.cells[i], black)]);
            }
        }
    }

    let projection = map.cells.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| {
            let mut grid = Grid::new(width, height);
            for r in 0..height {
                for c in 0..width {
                    grid.set(r, c, model.value(map.cell(r, c)));
                }
            }
            Ok(grid)
        }),
    }
}

fn lit(v: Var, positive: bool) -> Lit {
    if positive { v.positive() } else { v.negative() }
}

/// The clauses of one line (families 1–5). `cells[i]` is true when cell i is black.
fn encode_line(cnf: &mut Cnf, clue: &[usize], cells: &[Var], states: &mut Vec<Option<Var>>) {
    let n = cells.len();
    let automaton = Automaton::new(clue);
    let s_count = automaton.states;
    states.clear();
    states.resize((n + 1) * s_count, None);
    for i in 0..=n {
        for q in 0..s_count {
            if automaton.feasible(n, i, q) {
                states[i * s_count + q] = Some(cnf.new_var());
            }
        }
    }
    let state = |i: usize, q: usize| -> Option<Var> { states[i * s_count + q] };
    let black = |i: usize| cells[i].positive();
    let white = |i: usize| cells[i].negative();

    cnf.begin_family("1 start");
    if let Some(start) = state(0, 0) {
        cnf.add_clause(&[start.positive()]);
    } else {
        // n = 0 cannot happen (sizes are ≥ 1); an unfeasible start means no pattern.
        cnf.add_clause(&[]);
    }

    cnf.begin_family("2 accept");
    let accept: Vec<Lit> = (0..s_count)
        .filter_map(|q| state(n, q))
        .map(Var::positive)
        .collect();
    cnf.add_clause(&accept);

    cnf.begin_family("3 forward");
    for i in 0..n {
        for q in 0..s_count {
            let Some(from) = state(i, q) else { continue };
            // (the literal that refutes the cell value, the successor on that value)
            for (not_cell, next) in [
                (white(i), automaton.next_black[q]),
                (black(i), automaton.next_white[q]),
            ] {
                match next.and_then(|t| state(i + 1, t)) {
                    Some(to) => cnf.add_clause(&[from.negative(), not_cell, to.positive()]),
                    None => cnf.add_clause(&[from.negative(), not_cell]),
                }
            }
        }
    }

    cnf.begin_family("4 entry symbol");
    for i in 0..n {
        for q in 0..s_count {
            let Some(to) = state(i + 1, q) else { continue };
            let cell = if automaton.entered_black[q] {
                black(i)
            } else {
                white(i)
            };
            cnf.add_clause(&[to.negative(), cell]);
        }
    }

    cnf.begin_family("5 support");
    let mut clause = Vec::with_capacity(3);
    for i in 0..n {
        for q in 0..s_count {
            let Some(to) = state(i + 1, q) else { continue };
            clause.clear();
            clause.push(to.negative());
            for p in automaton.predecessors(q).into_iter().flatten() {
                if let Some(from) = state(i, p) {
                    clause.push(from.positive());
                }
            }
            cnf.add_clause(&clause);
        }
    }
}

/// Size of one line's encoding: (state variables, clauses), from the formulas in the spec.
pub fn line_size(clue: &[usize], n: usize) -> (usize, usize) {
    let a = Automaton::new(clue);
    let count = |i: usize| (0..a.states).filter(|&q| a.feasible(n, i, q)).count();
    let vars: usize = (0..=n).map(count).sum();
    let before_end: usize = (0..n).map(count).sum();
    let after_start: usize = (1..=n).map(count).sum();
    // start + accept + 2 forward per state before the end + entry + support per state after.
    (vars, 2 + 2 * before_end + 2 * after_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the automaton on a word; accepts exactly the lines whose runs equal the clue.
    fn accepts(a: &Automaton, word: &[bool]) -> bool {
        let mut q = 0;
        for &b in word {
            match if b { a.next_black[q] } else { a.next_white[q] } {
                Some(t) => q = t,
                None => return false,
            }
        }
        a.distance(q) == 0
    }

    #[test]
    fn automaton_accepts_exactly_the_clue() {
        for clue in [vec![], vec![1], vec![2, 1], vec![1, 1, 1], vec![3]] {
            let a = Automaton::new(&clue);
            for n in 1..=7usize {
                for bits in 0u32..(1 << n) {
                    let word: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                    let runs: Vec<usize> = word
                        .split(|&b| !b)
                        .filter(|r| !r.is_empty())
                        .map(<[bool]>::len)
                        .collect();
                    assert_eq!(accepts(&a, &word), runs == clue, "{clue:?} {word:?}");
                    // Every state on an accepted run is feasible.
                    if runs == clue {
                        let mut q = 0;
                        for (i, &b) in word.iter().enumerate() {
                            assert!(a.feasible(n, i, q));
                            q = if b { a.next_black[q] } else { a.next_white[q] }.unwrap_or(0);
                        }
                        assert!(a.feasible(n, n, q));
                    }
                }
            }
        }
    }

    #[test]
    fn line_size_formula() {
        // Clue [2,1] on 5 cells: S = 6 states, slack 1; feasible states per position
        // {0} {0,1} {1,2} {2,3} {3,4} {4,5}.
        let (vars, clauses) = line_size(&[2, 1], 5);
        assert_eq!(vars, 11);
        assert_eq!(clauses, 2 + 2 * 9 + 2 * 10);
    }
}
