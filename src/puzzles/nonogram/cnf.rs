//! The SAT backend's encoding: one deterministic automaton per line (a regular constraint)
//! over the palette's alphabet; black-and-white is the two-letter case.
//!
//! Glossary (the spec with size formulas is `encodings/nonogram.md`):
//! - **symbol**: a palette colour, 0 the background.
//! - **x\[r,c\]=v**: cell (r, c) has colour v. In black-and-white one variable per cell,
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
//! - **s\[l,i,q\]**: after the first `i` cells of line `l`, the automaton is in state `q`.
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

use super::presolve::{self, CellLit, Residue};
use super::{Block, Grid, Nonogram, native};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{CnfEncoding, DecodeError, EncodeOptions, SolveError};

/// Which CNF the `sat` backend builds (`--encoding`; measured in `encodings/nonogram.md`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Block starts in the order encoding ("start ≤ a" literals), ranges cut by the line DP.
    #[default]
    Order,
    /// One automaton per line (a regular constraint).
    Automaton,
}

impl Encoding {
    /// Every encoding, the default first.
    pub const ALL: [Encoding; 2] = [Encoding::Order, Encoding::Automaton];

    /// The encoding `--encoding NAME` names.
    pub fn named(name: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The name `--encoding` takes.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Order => "order",
            Encoding::Automaton => "automaton",
        }
    }
}

/// Encoding options, measured in `encodings/nonogram.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CnfOptions {
    /// Which encoding of the lines.
    pub encoding: Encoding,
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
pub fn encode(puzzle: &Nonogram) -> CnfEncoding<'static, Grid> {
    encode_with(puzzle, CnfOptions::default())
}

/// The CNF the user's choices ask for: the encoding, and with `presolve` the residue of
/// the puzzle's own propagation (its decided cells as givens, probing's implications as
/// binary clauses; [`presolve`]).
pub fn encode_for(
    puzzle: &Nonogram,
    options: &EncodeOptions,
) -> Result<CnfEncoding<'static, Grid>, SolveError> {
    let encoding = match options.encoding.as_deref() {
        None => Encoding::default(),
        Some(name) => Encoding::named(name).ok_or_else(|| {
            SolveError::BadOption(format!(
                "unknown encoding '{name}': nonograms offer {}",
                Encoding::ALL.map(Encoding::name).join(", ")
            ))
        })?,
    };
    Ok(encode_options(puzzle, encoding, options.presolve))
}

fn encode_options(
    puzzle: &Nonogram,
    encoding: Encoding,
    presolve: bool,
) -> CnfEncoding<'static, Grid> {
    let cnf_options = CnfOptions {
        encoding,
        line_logic_units: false,
    };
    if !presolve {
        return encode_with(puzzle, cnf_options);
    }
    match presolve::residue(puzzle) {
        Residue::Contradiction => {
            // Propagation proved that no grid fits: the formula says so.
            let mut encoding = encode_with(puzzle, cnf_options);
            encoding.cnf.begin_family("presolve: unsolvable");
            encoding.cnf.add_clause(&[]);
            encoding
        }
        Residue::Open {
            puzzle: residue,
            clauses,
        } => encode_residue(&residue, cnf_options, &clauses),
    }
}

/// Builds the CNF and its decoder.
pub fn encode_with(puzzle: &Nonogram, options: CnfOptions) -> CnfEncoding<'static, Grid> {
    encode_residue(puzzle, options, &[])
}

/// [`encode_with`], plus `extra` clauses over cell literals.
fn encode_residue(
    puzzle: &Nonogram,
    options: CnfOptions,
    extra: &[Vec<CellLit>],
) -> CnfEncoding<'static, Grid> {
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
        match options.encoding {
            Encoding::Automaton => {
                encode_line(&mut cnf, puzzle.clue(l), &map, &line_cells, &mut states)
            }
            Encoding::Order => {
                let givens: Vec<Option<u8>> =
                    line_cells.iter().map(|&c| puzzle.givens()[c]).collect();
                encode_line_order(&mut cnf, puzzle.clue(l), &map, &line_cells, &givens);
            }
        }
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
    if !extra.is_empty() {
        cnf.begin_family("9 presolve: probing's implications");
        let mut clause = Vec::new();
        for lits in extra {
            clause.clear();
            clause.extend(lits.iter().map(|&(cell, v, positive)| {
                let lit = map.lit(cell, usize::from(v));
                if positive { lit } else { !lit }
            }));
            cnf.add_clause(&clause);
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

/// The starts each block of `clue` can take on a line whose cells hold `givens` (`None`:
/// unknown): `starts[j][s]` is true iff some pattern consistent with the givens puts block
/// j at cell s. `None` when no pattern fits. Two passes of O(n·k) dynamic programming, one
/// from each end, as in `line.rs`.
pub(crate) fn feasible_starts(clue: &[Block], givens: &[Option<u8>]) -> Option<Vec<Vec<bool>>> {
    let n = givens.len();
    let forward = prefix_starts(clue, givens)?;
    let reversed_clue: Vec<Block> = clue.iter().rev().copied().collect();
    let reversed_givens: Vec<Option<u8>> = givens.iter().rev().copied().collect();
    let backward = prefix_starts(&reversed_clue, &reversed_givens)?;
    let k = clue.len();
    let mut starts = vec![vec![false; n]; k];
    for (j, block) in clue.iter().enumerate() {
        for s in 0..=n.saturating_sub(block.len) {
            // Block j at s seen from the right is block k − 1 − j at n − s − len.
            starts[j][s] = forward[j][s] && backward[k - 1 - j][n - s - block.len];
        }
        if !starts[j].contains(&true) {
            return None;
        }
    }
    Some(starts)
}

/// `f[j][s]`: blocks 0..=j fit on the cells before `s + len_j` with block j at `s` (the
/// cells before block 0 and between blocks may be background). `None` when the whole line
/// cannot be completed from the left (no end state reached), so the caller stops early.
fn prefix_starts(clue: &[Block], givens: &[Option<u8>]) -> Option<Vec<Vec<bool>>> {
    let n = givens.len();
    let may = |i: usize, colour: u8| givens[i].is_none_or(|g| g == colour);
    // reach[t]: the blocks so far can end at or before t with background on to t.
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for t in 1..=n {
        reach[t] = reach[t - 1] && may(t - 1, 0);
    }
    let mut out = Vec::with_capacity(clue.len());
    let mut run = vec![0usize; n + 1];
    for (j, block) in clue.iter().enumerate() {
        // run[i]: cells from i on that may take the block's colour.
        run[n] = 0;
        for i in (0..n).rev() {
            run[i] = if may(i, block.colour) {
                run[i + 1] + 1
            } else {
                0
            };
        }
        let gap = usize::from(j > 0 && clue[j - 1].colour == block.colour);
        let mut f = vec![false; n];
        let mut ends = vec![false; n + 1];
        for s in 0..n {
            let before = if gap == 0 {
                reach[s]
            } else {
                s >= 1 && reach[s - 1] && may(s - 1, 0)
            };
            if before && run[s] >= block.len {
                f[s] = true;
                ends[s + block.len] = true;
            }
        }
        reach[0] = ends[0];
        for t in 1..=n {
            reach[t] = ends[t] || (reach[t - 1] && may(t - 1, 0));
        }
        out.push(f);
    }
    reach[n].then_some(out)
}

/// A literal or a constant, for clauses built from order-encoding bounds.
#[derive(Clone, Copy)]
enum Term {
    Const(bool),
    Lit(Lit),
}

impl std::ops::Not for Term {
    type Output = Term;
    fn not(self) -> Term {
        match self {
            Term::Const(b) => Term::Const(!b),
            Term::Lit(l) => Term::Lit(!l),
        }
    }
}

/// Adds the clause `terms` unless a constant satisfies it, without its false constants.
fn add_terms(cnf: &mut Cnf, terms: &[Term]) {
    let mut lits = Vec::with_capacity(terms.len());
    for &t in terms {
        match t {
            Term::Const(true) => return,
            Term::Const(false) => {}
            Term::Lit(l) => lits.push(l),
        }
    }
    cnf.add_clause(&lits);
}

/// One block's start in the order encoding: `le(a)` is "start ≤ a" over `lo..=hi`.
struct Start {
    lo: usize,
    hi: usize,
    /// `vars[a − lo]` is "start ≤ a" for `lo ≤ a < hi` (`start ≤ hi` is always true).
    vars: Vec<Var>,
}

impl Start {
    fn le(&self, a: isize) -> Term {
        if a < self.lo as isize {
            Term::Const(false)
        } else if a >= self.hi as isize {
            Term::Const(true)
        } else {
            Term::Lit(self.vars[a as usize - self.lo].positive())
        }
    }
}

/// The clauses of one line in the order encoding (families O1–O5 of the spec).
fn encode_line_order(
    cnf: &mut Cnf,
    clue: &[Block],
    map: &VarMap,
    cells: &[usize],
    givens: &[Option<u8>],
) {
    let n = cells.len();
    let is = |i: usize, v: u8| Term::Lit(map.lit(cells[i], usize::from(v)));
    let Some(feasible) = feasible_starts(clue, givens) else {
        cnf.begin_family("O0 line cannot fit");
        cnf.add_clause(&[]);
        return;
    };
    let starts: Vec<Start> = feasible
        .iter()
        .map(|f| {
            let lo = f.iter().position(|&b| b).unwrap_or(0);
            let hi = f.iter().rposition(|&b| b).unwrap_or(0);
            Start {
                lo,
                hi,
                vars: (lo..hi).map(|_| cnf.new_var()).collect(),
            }
        })
        .collect();

    cnf.begin_family("O1 order");
    for start in &starts {
        for a in start.lo..start.hi.saturating_sub(1) {
            let a = a as isize;
            add_terms(cnf, &[!start.le(a), start.le(a + 1)]);
        }
    }
    cnf.begin_family("O2 holes");
    for (start, f) in starts.iter().zip(&feasible) {
        for (v, &open) in f.iter().enumerate().take(start.hi).skip(start.lo + 1) {
            if !open {
                let v = v as isize;
                add_terms(cnf, &[!start.le(v), start.le(v - 1)]);
            }
        }
    }
    cnf.begin_family("O3 precedence");
    for j in 0..clue.len().saturating_sub(1) {
        // start[j+1] ≥ start[j] + len_j (+ 1 between blocks of one colour).
        let d = clue[j].len + usize::from(clue[j].colour == clue[j + 1].colour);
        let (this, next) = (&starts[j], &starts[j + 1]);
        for a in next.lo..next.hi {
            let a = a as isize;
            add_terms(cnf, &[!next.le(a), this.le(a - d as isize)]);
        }
    }
    cnf.begin_family("O4 covered cell");
    for (start, block) in starts.iter().zip(clue) {
        for i in start.lo..start.hi + block.len {
            let i = i as isize;
            let len = block.len as isize;
            add_terms(
                cnf,
                &[
                    !start.le(i),
                    start.le(i - len),
                    is(i as usize, block.colour),
                ],
            );
        }
    }
    cnf.begin_family("O5 filled cell");
    for i in 0..n {
        // A filled cell lies in the last block started at or before it.
        let first = starts
            .first()
            .map_or(Term::Const(false), |s| s.le(i as isize));
        add_terms(cnf, &[is(i, 0), first]);
    }
    for (j, (start, block)) in starts.iter().zip(clue).enumerate() {
        let from = start.lo + block.len;
        let to = starts.get(j + 1).map_or(n, |next| next.hi.min(n));
        for i in from..to {
            let i = i as isize;
            let next = starts.get(j + 1).map_or(Term::Const(false), |s| s.le(i));
            add_terms(
                cnf,
                &[is(i as usize, 0), !start.le(i - block.len as isize), next],
            );
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

    /// Every (cell, colour) the models of `encoding` allow, as sorted grids (all models).
    fn all_grids(encoding: &CnfEncoding<'static, Grid>) -> Vec<Grid> {
        let mut grids = Vec::new();
        crate::sat::enumerate_with(
            &encoding.cnf,
            &crate::sat::SatBackend::Varisat,
            &encoding.projection,
            encoding.blocking,
            None,
            &crate::stop::Stop::never(),
            |model| grids.push((encoding.decode)(model).expect("decodes")),
        )
        .expect("enumerates");
        grids.sort_by_key(Grid::row_strings);
        grids
    }

    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut random = crate::rng::SplitMix64::new(seed);
        move || random.next_u64()
    }

    /// Both encodings, with and without presolve, have exactly the solutions native finds,
    /// on random black-and-white and colour pictures with givens that agree with the
    /// picture or contradict it.
    #[test]
    fn encodings_agree_with_native_on_random_puzzles() {
        use crate::puzzle::Limits;
        use crate::stop::Stop;
        let mut next = rng(2024);
        for round in 0..160 {
            let colours = [1, 1, 2, 3][round % 4];
            let (w, h) = ((next() % 6 + 1) as usize, (next() % 6 + 1) as usize);
            let cells: Vec<u8> = (0..w * h)
                .map(|_| match next() % 5 {
                    0 | 1 => 0,
                    k => ((k as usize - 2) % colours) as u8 + 1,
                })
                .collect();
            let grid = Grid {
                width: w,
                height: h,
                cells,
            };
            let palette = super::super::Palette::with_colours(colours);
            let mut puzzle = Nonogram::from_grid_in(palette, &grid);
            if round % 3 == 0 {
                let givens = (0..w * h)
                    .map(|i| match next() % 10 {
                        0 => Some(grid.cells[i]),
                        1 => Some((next() % (colours as u64 + 1)) as u8),
                        _ => None,
                    })
                    .collect();
                puzzle = puzzle.with_colour_givens(givens);
            }
            let limits = Limits {
                max_solutions: None,
                keep: usize::MAX,
                stop: Stop::never(),
            };
            let mut expected = native::solve(&puzzle, &limits).solutions;
            expected.sort_by_key(Grid::row_strings);
            for encoding in [Encoding::Order, Encoding::Automaton] {
                for presolve in [false, true] {
                    let options = EncodeOptions {
                        encoding: Some(encoding.name().to_string()),
                        presolve,
                    };
                    let got = all_grids(&encode_for(&puzzle, &options).unwrap());
                    assert_eq!(
                        got,
                        expected,
                        "{options:?} {:?} givens {:?}",
                        grid.row_strings(),
                        puzzle.givens()
                    );
                }
            }
        }
    }

    /// The starts the DP leaves equal those of the patterns that fit, by brute force.
    #[test]
    fn feasible_starts_equal_brute_force() {
        let b = |len, colour| Block { len, colour };
        let mut next = rng(5);
        let clues = [
            vec![],
            vec![b(1, 1)],
            vec![b(2, 1), b(1, 1)],
            vec![b(1, 1), b(1, 2), b(1, 2)],
            vec![b(2, 2), b(1, 1)],
        ];
        for clue in &clues {
            for n in 1..=7usize {
                for _ in 0..20 {
                    let givens: Vec<Option<u8>> = (0..n)
                        .map(|_| next().is_multiple_of(4).then(|| (next() % 3) as u8))
                        .collect();
                    let mut want = vec![vec![false; n]; clue.len()];
                    let mut any = false;
                    for code in 0..3usize.pow(n as u32) {
                        let word: Vec<usize> =
                            (0..n).map(|i| code / 3usize.pow(i as u32) % 3).collect();
                        let fits_givens = word
                            .iter()
                            .zip(&givens)
                            .all(|(&v, g)| g.is_none_or(|g| usize::from(g) == v));
                        if !fits_givens || runs(&word) != *clue {
                            continue;
                        }
                        any = true;
                        // The starts of the runs, in order.
                        let mut j = 0;
                        for i in 0..n {
                            if word[i] != 0 && (i == 0 || word[i - 1] != word[i]) {
                                want[j][i] = true;
                                j += 1;
                            }
                        }
                    }
                    let got = feasible_starts(clue, &givens);
                    if any {
                        assert_eq!(got.as_ref(), Some(&want), "{clue:?} {givens:?}");
                    } else {
                        assert!(got.is_none(), "{clue:?} {givens:?}");
                    }
                }
            }
        }
    }

    /// The spec's example: clue [2,1] on 5 cells, block 1 starts in {0,1}, block 2 in
    /// {3,4}: two start variables and ten clauses (one precedence, five covered-cell,
    /// four filled-cell).
    #[test]
    fn order_line_size_of_the_spec_example() {
        let mut cnf = Cnf::new();
        let cells: Vec<Var> = (0..5).map(|_| cnf.new_var()).collect();
        let map = VarMap {
            width: 5,
            symbols: 2,
            cells,
        };
        let clue = [Block::black(2), Block::black(1)];
        encode_line_order(&mut cnf, &clue, &map, &[0, 1, 2, 3, 4], &[None; 5]);
        assert_eq!(cnf.num_vars(), 5 + 2);
        let families: Vec<(String, usize)> = cnf.families().to_vec();
        let count = |name: &str| {
            families
                .iter()
                .filter(|(f, _)| f == name)
                .map(|(_, n)| n)
                .sum::<usize>()
        };
        assert_eq!(count("O1 order"), 0);
        assert_eq!(count("O2 holes"), 0);
        assert_eq!(count("O3 precedence"), 1);
        assert_eq!(count("O4 covered cell"), 5);
        assert_eq!(count("O5 filled cell"), 4);
        assert_eq!(cnf.num_clauses(), 10);
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
