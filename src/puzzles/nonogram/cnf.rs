//! The SAT backend's encoding: one deterministic automaton per line (a regular constraint)
//! over the palette's alphabet; black-and-white is the two-letter case.
//!
//! Glossary (the spec with size formulas is `encodings/nonogram.md`):
//! - **symbol**: a palette colour, 0 the background.
//! - **x[r,c]=v**: cell (r, c) has colour v. In black-and-white one variable per cell,
//!   `x[r,c]` (true = black; `x=0` is its negation); in colour one variable per cell and
//!   colour, exactly one true. These are the decision (projection) variables.
//! - **automaton** of a clue b₁..b_k: states `0..S` with `S = Σb + k + 1`. State 0 is the
//!   leading gap; block j occupies states `base_j + 1 ..= base_j + b_j`, and `base_{j+1} =
//!   base_j + b_j + 1` is the gap after it. Gap states loop on the background and start the
//!   next block on its colour; block states advance on their colour until the block is
//!   complete, which must be followed by the background, or directly by the next block
//!   when that block has another colour. Accepting: the end of the last block (`S − 2`)
//!   and the gap after it (`S − 1`); an empty clue has the one state 0, looping on the
//!   background.
//! - **s[l,i,q]**: after the first `i` cells of line `l`, the automaton is in state `q`.
//!   Only *feasible* pairs get a variable: `q` is reachable in `i` steps and acceptance is
//!   reachable in the `n − i` cells left.
//!
//! Clause families (numbered as in the spec):
//! 1. start: `s[l,0,0]`.
//! 2. accept: some accepting state at `i = n`.
//! 3. forward: `s[i,q] ∧ cell=v → s[i+1, δ(q, v)]`, or `¬(s[i,q] ∧ cell=v)` when there is
//!    no feasible successor (one clause per state variable before the end and symbol).
//! 4. entry symbol: `s[i+1,q'] → cell_i = sym(q')` (every state is entered on one symbol).
//! 5. support: `s[i+1,q'] → ⋁ s[i,p]` over its feasible predecessors.
//! 6. givens: unit clauses on `x`; optionally also the cells line logic fixes (7).
//! 8. (colour only) one colour per cell: exactly one `x[r,c]=v`.
//!
//! With 3–5, unit propagation on one line is as strong as a complete line solver
//! (Bacchus, "GAC via unit propagation", CP 2007; Quimper & Walsh, "Decompositions of
//! grammar constraints"): a cell value is refuted exactly when no pattern has it.

use super::native;
use super::{Block, Grid, Nonogram};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{CnfEncoding, DecodeError};

/// Encoding options, measured in `encodings/nonogram.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Add the cells line logic fixes as unit clauses (family 7).
    pub line_logic_units: bool,
}

/// One line's automaton over the symbols `0..symbols`.
pub(crate) struct Automaton {
    /// Number of states, `S`.
    pub states: usize,
    symbols: usize,
    /// `next[q * symbols + v]`: the state after reading `v` in state `q`.
    next: Vec<Option<usize>>,
    /// The symbol every transition into a state reads.
    entry: Vec<u8>,
    /// Fewest cells to reach a state from the start, and from it to acceptance.
    reach: Vec<usize>,
    distance: Vec<usize>,
}

impl Automaton {
    pub fn new(clue: &[Block], symbols: usize) -> Automaton {
        let states = clue.iter().map(|b| b.len).sum::<usize>() + clue.len() + 1;
        let mut next = vec![None; states * symbols];
        let mut entry = vec![0u8; states];
        let mut base = 0;
        next[0] = Some(0);
        for (j, block) in clue.iter().enumerate() {
            debug_assert!(block.len > 0 && usize::from(block.colour) < symbols);
            let c = usize::from(block.colour);
            // The gap before block j starts it; so does the end of block j − 1 when the
            // colours differ (no background needed between them).
            next[base * symbols + c] = Some(base + 1);
            if j > 0 && clue[j - 1].colour != block.colour {
                next[(base - 1) * symbols + c] = Some(base + 1);
            }
            for t in 1..=block.len {
                let s = base + t;
                entry[s] = block.colour;
                if t < block.len {
                    next[s * symbols + c] = Some(s + 1);
                } else {
                    next[s * symbols] = Some(s + 1);
                }
            }
            base += block.len + 1;
            next[base * symbols] = Some(base);
        }
        debug_assert_eq!(base + 1, states);
        let mut reach = vec![usize::MAX; states];
        reach[0] = 0;
        for q in 0..states {
            for v in 0..symbols {
                if let Some(t) = next[q * symbols + v]
                    && t != q
                {
                    reach[t] = reach[t].min(reach[q] + 1);
                }
            }
        }
        let mut distance = vec![usize::MAX; states];
        distance[states - 1] = 0;
        if states > 1 {
            distance[states - 2] = 0;
        }
        for q in (0..states).rev() {
            for v in 0..symbols {
                if let Some(t) = next[q * symbols + v]
                    && t != q
                {
                    distance[q] = distance[q].min(distance[t].saturating_add(1));
                }
            }
        }
        Automaton {
            states,
            symbols,
            next,
            entry,
            reach,
            distance,
        }
    }

    fn next(&self, q: usize, v: usize) -> Option<usize> {
        self.next[q * self.symbols + v]
    }

    /// Whether state `q` can hold after `i` of `n` cells on some accepted word.
    pub fn feasible(&self, n: usize, i: usize, q: usize) -> bool {
        q < self.states && self.reach[q] <= i && n - i >= self.distance[q]
    }

    /// The states with a transition into `q`.
    fn predecessors(&self, q: usize) -> impl Iterator<Item = usize> + '_ {
        let from = q.saturating_sub(2);
        (from..=q).filter(move |&p| (0..self.symbols).any(|v| self.next(p, v) == Some(q)))
    }
}

/// The variable map shared by the encoder and the decoder.
struct VarMap {
    width: usize,
    /// Black-and-white: one variable per cell; colour: `symbols` per cell.
    symbols: usize,
    cells: Vec<Var>,
}

impl VarMap {
    /// The literal "cell `cell` has colour `v`".
    fn lit(&self, cell: usize, v: usize) -> Lit {
        if self.symbols == 2 {
            let x = self.cells[cell];
            if v == 1 { x.positive() } else { x.negative() }
        } else {
            self.cells[cell * self.symbols + v].positive()
        }
    }
}

/// Builds the CNF with default options.
pub fn encode(puzzle: &Nonogram) -> CnfEncoding<'_, Grid> {
    encode_with(puzzle, CnfOptions::default())
}

/// Builds the CNF and its decoder.
pub fn encode_with(puzzle: &Nonogram, options: CnfOptions) -> CnfEncoding<'_, Grid> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let symbols = puzzle.palette().len();
    let mut cnf = Cnf::new();
    let cells: Vec<Var> = if symbols == 2 {
        (0..width * height)
            .map(|i| cnf.new_named_var(format!("x[r{},c{}]", i / width + 1, i % width + 1)))
            .collect()
    } else {
        let palette = puzzle.palette();
        (0..width * height * symbols)
            .map(|k| {
                let (i, v) = (k / symbols, k % symbols);
                let ch = palette.colours()[v].ch;
                cnf.new_named_var(format!("x[r{},c{}]={ch}", i / width + 1, i % width + 1))
            })
            .collect()
    };
    let map = VarMap {
        width,
        symbols,
        cells,
    };

    let mut states: Vec<Option<Var>> = Vec::new();
    let mut line_cells: Vec<usize> = Vec::new();
    for l in 0..puzzle.num_lines() {
        let n = puzzle.line_len(l);
        line_cells.clear();
        line_cells.extend((0..n).map(|i| puzzle.cell_of(l, i)));
        encode_line(&mut cnf, puzzle.clue(l), &map, &line_cells, &mut states);
    }

    cnf.begin_family("6 givens");
    for (i, given) in puzzle.givens().iter().enumerate() {
        if let Some(v) = *given {
            cnf.add_clause(&[map.lit(i, usize::from(v))]);
        }
    }
    if options.line_logic_units
        && let Some(fixed) = native::line_logic(puzzle)
    {
        cnf.begin_family("7 line-logic units");
        for (i, cell) in fixed.iter().enumerate() {
            if let Some(v) = *cell
                && puzzle.givens()[i].is_none()
            {
                cnf.add_clause(&[map.lit(i, usize::from(v))]);
            }
        }
    }
    if symbols > 2 {
        cnf.begin_family("8 one colour per cell");
        let mut group = Vec::with_capacity(symbols);
        for i in 0..width * height {
            group.clear();
            group.extend((0..symbols).map(|v| map.lit(i, v)));
            cnf.add_clause(&group);
            for a in 0..symbols {
                for b in a + 1..symbols {
                    cnf.add_clause(&[!group[a], !group[b]]);
                }
            }
        }
    }

    let projection = map.cells.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: if symbols == 2 {
            crate::sat::Blocking::Full
        } else {
            crate::sat::Blocking::TrueLiterals
        },
        decode: Box::new(move |model| {
            let mut grid = Grid::new(width, height);
            for i in 0..width * height {
                let (r, c) = (i / map.width, i % map.width);
                let colours: Vec<usize> = (0..map.symbols)
                    .filter(|&v| model.value(map.lit(i, v).var()) == map.lit(i, v).is_positive())
                    .collect();
                match colours.as_slice() {
                    [v] => grid.set_colour(r, c, *v as u8),
                    _ => {
                        return Err(DecodeError::from(format!(
                            "cell (r{},c{}) has {} colours",
                            r + 1,
                            c + 1,
                            colours.len()
                        )));
                    }
                }
            }
            Ok(grid)
        }),
    }
}

/// The clauses of one line (families 1–5); `cells[i]` is the grid index of position i.
fn encode_line(
    cnf: &mut Cnf,
    clue: &[Block],
    map: &VarMap,
    cells: &[usize],
    states: &mut Vec<Option<Var>>,
) {
    let n = cells.len();
    let automaton = Automaton::new(clue, map.symbols);
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
    let is = |i: usize, v: usize| map.lit(cells[i], v);

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
    // Black-and-white keeps the order of its two clauses: black, then white.
    let order: Vec<usize> = (1..map.symbols).chain([0]).collect();
    for i in 0..n {
        for q in 0..s_count {
            let Some(from) = state(i, q) else { continue };
            for &v in &order {
                let not_cell = !is(i, v);
                match automaton.next(q, v).and_then(|t| state(i + 1, t)) {
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
            cnf.add_clause(&[to.negative(), is(i, usize::from(automaton.entry[q]))]);
        }
    }

    cnf.begin_family("5 support");
    let mut clause = Vec::with_capacity(3);
    for i in 0..n {
        for q in 0..s_count {
            let Some(to) = state(i + 1, q) else { continue };
            clause.clear();
            clause.push(to.negative());
            for p in automaton.predecessors(q) {
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
    let blocks: Vec<Block> = clue.iter().map(|&len| Block::black(len)).collect();
    let a = Automaton::new(&blocks, 2);
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

    /// Runs the automaton on a word of symbols.
    fn accepts(a: &Automaton, word: &[usize]) -> bool {
        let mut q = 0;
        for &v in word {
            match a.next(q, v) {
                Some(t) => q = t,
                None => return false,
            }
        }
        a.distance[q] == 0
    }

    /// Maximal runs of equal non-background symbols.
    fn runs(word: &[usize]) -> Vec<Block> {
        word.chunk_by(|a, b| a == b)
            .filter(|r| r[0] != 0)
            .map(|r| Block {
                len: r.len(),
                colour: r[0] as u8,
            })
            .collect()
    }

    /// Accepts exactly the words whose runs equal the clue, over two and three symbols;
    /// every state on an accepted run is feasible.
    #[test]
    fn automaton_accepts_exactly_the_clue() {
        let b = |len, colour| Block { len, colour };
        let clues = [
            (vec![], 2),
            (vec![b(1, 1)], 2),
            (vec![b(2, 1), b(1, 1)], 2),
            (vec![b(1, 1), b(1, 1), b(1, 1)], 2),
            (vec![b(3, 1)], 2),
            (vec![b(1, 1), b(1, 2)], 3),
            (vec![b(2, 2), b(1, 2), b(1, 1)], 3),
            (vec![], 3),
        ];
        for (clue, symbols) in clues {
            let a = Automaton::new(&clue, symbols);
            for n in 1..=6usize {
                for code in 0..symbols.pow(n as u32) {
                    let word: Vec<usize> = (0..n)
                        .map(|i| code / symbols.pow(i as u32) % symbols)
                        .collect();
                    let fits = runs(&word) == clue;
                    assert_eq!(accepts(&a, &word), fits, "{clue:?} {word:?}");
                    if fits {
                        let mut q = 0;
                        for (i, &v) in word.iter().enumerate() {
                            assert!(a.feasible(n, i, q), "{clue:?} {word:?} {i} {q}");
                            q = a.next(q, v).unwrap_or(0);
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
