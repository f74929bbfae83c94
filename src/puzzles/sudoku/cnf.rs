//! Sudoku as CNF: the extended encoding (Lynce & Ouaknine, "Sudoku as a SAT problem",
//! 2006), specified with exact clause counts in `encodings/sudoku.md`.
//!
//! Variables x(r, c, d): cell (r, c) holds digit d. Families (numbered as in the spec):
//! 1. each cell holds at least one digit; 2. at most one;
//! 3. each row holds each digit at least once; 4. at most once;
//! 5. the same for columns; 6. at most once;
//! 7. the same for boxes; 8. at most once;
//! 9. each given is a unit clause.
//!
//! With [`Givens::Simplified`] the givens are applied before encoding: cells with a given
//! and digits a given excludes from its peers get no variable, and groups a given already
//! satisfies get no clause. That is the same formula after unit propagation of family 9
//! and removal of satisfied clauses; it is 3–4× smaller and what the `sat` backend solves.
//! [`Givens::Units`] keeps the full formula, whose size the spec gives in closed form.
//!
//! `--presolve` ([`encode_presolved`]) goes further: native's candidate elimination (the
//! propagation every node of its search runs: singles, and from 16×16 on locked
//! candidates and all-different filtering) first, then the simplified formula over the
//! candidates it leaves, the cells it decides counted as givens. The same solutions, since
//! propagation removes only candidates no solution has.

use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

use super::native::Propagator;
use super::{Filled, Sudoku};

/// How the givens enter the formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Givens {
    /// All n³ variables and families 1–8, then one unit clause per given (family 9).
    Units,
    /// Givens applied first: variables only for the candidates the givens leave.
    Simplified,
}

/// The variable map shared by the encoder and the decoder: x(r, c, d) → Var, `None`
/// where the simplified encoding has no variable.
struct VarMap {
    n: usize,
    vars: Vec<Option<Var>>,
}

impl VarMap {
    fn index(&self, cell: usize, digit: usize) -> usize {
        cell * self.n + digit - 1
    }

    fn get(&self, cell: usize, digit: usize) -> Option<Var> {
        self.vars[self.index(cell, digit)]
    }

    fn lit(&self, cell: usize, digit: usize) -> Option<Lit> {
        self.get(cell, digit).map(Var::positive)
    }
}

/// Encode `puzzle`. Variables are named `x[r1,c2]=8` (1-based) when `names` is set, for
/// DIMACS export; the solving path leaves them unnamed.
pub fn encode_with(puzzle: &Sudoku, givens: Givens, names: bool) -> CnfEncoding<'_, Filled> {
    let (cnf, projection, map) = formula(puzzle, &candidates(puzzle, givens), givens, names);
    encoding(cnf, projection, move |model| decode(puzzle, &map, model))
}

/// `--presolve` (see the module docs): the simplified formula of the puzzle that native's
/// candidate elimination leaves, variables named as in [`encode_with`] when `names` is
/// set; when propagation refutes the givens, the simplified formula and an empty clause.
pub fn encode_presolved(puzzle: &Sudoku, names: bool) -> CnfEncoding<'static, Filled> {
    let n = puzzle.size();
    let mut decided = puzzle.clone();
    let (candidates, refuted) = match Propagator::new(puzzle.box_side()).root(puzzle.givens()) {
        Some(cand) => {
            for (cell, &set) in cand.iter().enumerate() {
                if set.count_ones() == 1 {
                    decided.givens[cell] = set.trailing_zeros() as u8 + 1;
                }
            }
            let open = (0..n * n * n)
                .map(|i| decided.givens[i / n] == 0 && cand[i / n] >> (i % n) & 1 == 1)
                .collect();
            (open, false)
        }
        None => (candidates(puzzle, Givens::Simplified), true),
    };
    let (mut cnf, projection, map) = formula(&decided, &candidates, Givens::Simplified, names);
    if refuted {
        // Propagation proved that no grid fits: the formula says so.
        cnf.begin_family("presolve: unsolvable");
        cnf.add_clause(&[]);
    }
    encoding(cnf, projection, move |model| decode(&decided, &map, model))
}

/// The formula with its decoder; every cell's variables are one-hot, so a model is blocked
/// by its true literals.
fn encoding<'p>(
    cnf: Cnf,
    projection: Vec<Var>,
    decode: impl Fn(&Model) -> Result<Filled, DecodeError> + 'p,
) -> CnfEncoding<'p, Filled> {
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::TrueLiterals,
        decode: Box::new(decode),
    }
}

/// Families 1–9 over the (cell, digit) pairs `candidates` keeps: the formula, its
/// projection (every variable, cell by cell) and the variable map.
fn formula(
    puzzle: &Sudoku,
    candidates: &[bool],
    givens: Givens,
    names: bool,
) -> (Cnf, Vec<Var>, VarMap) {
    let n = puzzle.size();
    let mut cnf = Cnf::new();
    let mut vars = vec![None; n * n * n];
    let mut projection = Vec::new();
    for cell in 0..n * n {
        for digit in 1..=n {
            if candidates[cell * n + digit - 1] {
                let var = if names {
                    cnf.new_named_var(format!("x[r{},c{}]={digit}", cell / n + 1, cell % n + 1))
                } else {
                    cnf.new_var()
                };
                vars[cell * n + digit - 1] = Some(var);
                projection.push(var);
            }
        }
    }
    let map = VarMap { n, vars };
    let units = puzzle.units();
    cell_constraints(&mut cnf, puzzle, &map, givens);
    unit_constraints(&mut cnf, puzzle, &map, givens, &units[..n], "row", 3);
    unit_constraints(
        &mut cnf,
        puzzle,
        &map,
        givens,
        &units[n..2 * n],
        "column",
        5,
    );
    unit_constraints(&mut cnf, puzzle, &map, givens, &units[2 * n..], "box", 7);
    if givens == Givens::Units {
        given_units(&mut cnf, puzzle, &map);
    }
    (cnf, projection, map)
}

/// Families 1–8 of the empty n×n grid (n = box_side²): the clauses every puzzle of that
/// size shares, for an incremental solver that takes the givens as assumptions. Every
/// variable occurs in family 1; x(cell, digit) is [`empty_grid_var`].
pub(super) fn empty_grid_formula(box_side: usize) -> Cnf {
    let n = box_side * box_side;
    let empty = Sudoku::new(box_side, vec![0; n * n]).expect("box side from a parsed sudoku");
    encode(&empty, Givens::Units).cnf
}

/// The variable of x(cell, digit) (digit 1..=n) in [`Givens::Units`] formulas: they are
/// allocated cell by cell, digit by digit, and all of them exist.
pub(super) fn empty_grid_var(n: usize, cell: usize, digit: usize) -> Var {
    Var::from_index(cell * n + digit - 1)
}

/// The encoding the `sat` backend solves: simplified, unnamed.
pub fn encode(puzzle: &Sudoku, givens: Givens) -> CnfEncoding<'_, Filled> {
    encode_with(puzzle, givens, false)
}

/// Which (cell, digit) pairs get a variable: all of them with `Givens::Units`; otherwise
/// the digits of empty cells that no given peer holds.
fn candidates(puzzle: &Sudoku, givens: Givens) -> Vec<bool> {
    let n = puzzle.size();
    if givens == Givens::Units {
        return vec![true; n * n * n];
    }
    let mut open = vec![true; n * n * n];
    for cell in 0..n * n {
        if puzzle.givens()[cell] != 0 {
            open[cell * n..(cell + 1) * n].fill(false);
        }
    }
    for unit in puzzle.units() {
        for &given_cell in &unit {
            let d = usize::from(puzzle.givens()[given_cell]);
            if d != 0 {
                for &peer in &unit {
                    open[peer * n + d - 1] = false;
                }
            }
        }
    }
    open
}

/// Families 1 and 2: each cell holds exactly one digit (cells with a given are done
/// already in the simplified encoding).
fn cell_constraints(cnf: &mut Cnf, puzzle: &Sudoku, map: &VarMap, givens: Givens) {
    let n = puzzle.size();
    let cells = (0..n * n).filter(|&cell| givens == Givens::Units || puzzle.givens()[cell] == 0);
    let groups: Vec<Vec<Lit>> = cells
        .map(|cell| (1..=n).filter_map(|d| map.lit(cell, d)).collect())
        .collect();
    cnf.begin_family("1 cell-at-least-one");
    for group in &groups {
        cnf.at_least_one(group);
    }
    cnf.begin_family("2 cell-at-most-one");
    for group in &groups {
        cnf.at_most_one(group);
    }
}

/// Families 3–8: each unit of one sort holds each digit exactly once (digits a given
/// already places in the unit are done in the simplified encoding).
fn unit_constraints(
    cnf: &mut Cnf,
    puzzle: &Sudoku,
    map: &VarMap,
    givens: Givens,
    units: &[Vec<usize>],
    sort: &str,
    first_family: usize,
) {
    let n = puzzle.size();
    let mut groups: Vec<Vec<Lit>> = Vec::with_capacity(units.len() * n);
    for unit in units {
        for digit in 1..=n {
            let placed = unit
                .iter()
                .any(|&cell| usize::from(puzzle.givens()[cell]) == digit);
            if placed && givens == Givens::Simplified {
                continue;
            }
            groups.push(unit.iter().filter_map(|&c| map.lit(c, digit)).collect());
        }
    }
    cnf.begin_family(format!("{first_family} {sort}-at-least-one"));
    for group in &groups {
        cnf.at_least_one(group);
    }
    cnf.begin_family(format!("{} {sort}-at-most-one", first_family + 1));
    for group in &groups {
        cnf.at_most_one(group);
    }
}

/// Family 9: one unit clause per given.
fn given_units(cnf: &mut Cnf, puzzle: &Sudoku, map: &VarMap) {
    if puzzle.givens().iter().all(|&d| d == 0) {
        return;
    }
    cnf.begin_family("9 givens");
    for (cell, &d) in puzzle.givens().iter().enumerate() {
        if let Some(lit) = (d != 0).then(|| map.lit(cell, usize::from(d))).flatten() {
            cnf.add_clause(&[lit]);
        }
    }
}

/// The grid a model describes: each cell's given, or the one digit whose variable is true.
fn decode(puzzle: &Sudoku, map: &VarMap, model: &Model) -> Result<Filled, DecodeError> {
    let n = puzzle.size();
    (0..n * n)
        .map(|cell| {
            let given = puzzle.givens()[cell];
            let true_digits: Vec<usize> = (1..=n)
                .filter(|&d| map.get(cell, d).is_some_and(|v| model.value(v)))
                .collect();
            match (given, true_digits.as_slice()) {
                (0, [d]) => Ok(*d as u8),
                (g, []) if g != 0 => Ok(g),
                (g, [d]) if usize::from(g) == *d => Ok(g),
                (_, digits) => Err(DecodeError::from(format!(
                    "cell r{}c{}: the model sets digits {digits:?}",
                    cell / n + 1,
                    cell % n + 1
                ))),
            }
        })
        .collect()
}
