//! The layer's CNF: the direct encoding, one variable `x[cell]=v` per value of each cell's
//! initial domain, and one function per clause family (sizes in `encodings/constraints.md`):
//!
//! 1. `cell-exactly-one`: each cell takes one value of its domain (a given: one unit clause).
//! 2. `all-different`: per house and value, at most one cell; exactly one when the house is
//!    complete.
//! 3. `cage-sum`: one selector per combination of distinct values; exactly one selector;
//!    a selector allows only its values in the cage's cells and needs each of them once.
//! 4. `table`: one selector per tuple; at least one; a selector sets its values; each
//!    `x[cell]=v` needs a selector whose tuple gives it (support clauses).
//! 5. `less`: `x[a]=v` needs a larger value in `b`, `x[b]=v` a smaller one in `a`.
//! 6. `consecutive` / `not-consecutive`: `x[a]=v` needs (forbids) `v ± 1` in `b`.
//! 7. `visibility`: `m[i]≥v` (the tallest of the first i + 1 cells is at least v, order
//!    encoding), `seen[i]`, and a sequential counter that makes exactly `count` cells seen.
//! 8. `count`: a sequential counter over `x[cell]=value`.
//! 9. `no-three`: `x[a]=v ∧ x[b]=v → ¬x[c]=v`.
//! 10. `lines-differ`: per pair of lines, `d[i]` (they differ at place i), at least one.
//! 11. `at-most`: at most one: the AMO of `cnf`; at most k: Sinz's sequential counter
//!     (one direction).
//! 12. `at-least`: at least one: one clause; at least k of n: at most n − k of the
//!     negations.
//! 13. `matching`: an edge variable per anchor and candidate, exactly one per anchor, a
//!     candidate holding the value iff one of its edges is chosen (`matching::encode`).
//! 14. `exactly-one`: exactly one of the pairs' `x[cell]=v` (`Cnf::exactly_one`).
//!
//! The projection is the `x` variables (one-hot per cell); the decoder reads them through
//! the same [`VarMap`] the encoder filled.

use super::tuples::sum_combinations;
use super::{Constraint, Domain, Model, values};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{CnfEncoding, DecodeError, Purpose};
use crate::sat::{Blocking, Model as SatModel};

/// `x[cell]=v` → its variable, for the values of each cell's initial domain.
pub struct VarMap {
    vars: Vec<Option<Var>>,
    domains: Vec<Domain>,
}

impl VarMap {
    /// The literal `x[cell]=value`, if `value` is in the cell's initial domain.
    pub fn lit(&self, cell: usize, value: u32) -> Option<Lit> {
        if value >= 64 {
            return None;
        }
        self.vars[cell * 64 + value as usize].map(Var::positive)
    }

    /// Every `x` variable, cell by cell, values in increasing order (the projection).
    pub fn vars(&self) -> Vec<Var> {
        self.vars.iter().flatten().copied().collect()
    }

    /// The value of every cell in `model`, or why the model is not a solution's.
    pub fn decode(&self, model: &SatModel) -> Result<Vec<u32>, DecodeError> {
        (0..self.domains.len())
            .map(|cell| {
                let mut chosen = values(self.domains[cell])
                    .filter(|&v| self.lit(cell, v).is_some_and(|l| model.value(l.var())));
                match (chosen.next(), chosen.next()) {
                    (Some(v), None) => Ok(v),
                    (None, _) => Err(DecodeError::from(format!("cell {cell} has no value"))),
                    _ => Err(DecodeError::from(format!("cell {cell} has two values"))),
                }
            })
            .collect()
    }
}

/// The formula of `model` and its variable map; variables are named (`x[r1c2]=8`) for
/// [`Purpose::Export`].
pub fn encode(model: &Model, purpose: Purpose) -> (Cnf, VarMap) {
    let mut cnf = Cnf::new();
    let mut vars = vec![None; model.cells() * 64];
    for (cell, &domain) in model.domains.iter().enumerate() {
        for v in values(domain) {
            vars[cell * 64 + v as usize] = Some(match purpose {
                Purpose::Export => cnf.new_named_var(format!("x[{}]={v}", model.cell_name(cell))),
                Purpose::Solve => cnf.new_var(),
            });
        }
    }
    let map = VarMap {
        vars,
        domains: model.domains.clone(),
    };
    cells_exactly_one(&mut cnf, model, &map);
    for family in [
        "2 all-different",
        "3 cage-sum",
        "4 table",
        "5 less",
        "6 consecutive",
        "7 visibility",
        "8 count",
        "9 no-three",
        "10 lines-differ",
        "11 at-most",
        "12 at-least",
        "13 matching",
        "14 exactly-one",
    ] {
        let rules: Vec<&Constraint> = model
            .constraints
            .iter()
            .filter(|r| family_of(r) == family)
            .collect();
        if rules.is_empty() {
            continue;
        }
        cnf.begin_family(family);
        for rule in rules {
            match rule {
                Constraint::AllDifferent(cells) => all_different(&mut cnf, model, &map, cells),
                Constraint::SumDistinct { cells, sum } => {
                    cage_sum(&mut cnf, model, &map, cells, *sum)
                }
                Constraint::Table { cells, tuples } => table(&mut cnf, &map, cells, tuples),
                Constraint::Less { small, large } => less(&mut cnf, &map, *small, *large),
                Constraint::Consecutive { a, b, yes } => consecutive(&mut cnf, &map, *a, *b, *yes),
                Constraint::Visible { line, count } => {
                    visibility(&mut cnf, model, &map, line, *count)
                }
                Constraint::Count {
                    cells,
                    value,
                    count,
                } => {
                    let lits: Vec<Lit> = cells.iter().filter_map(|&c| map.lit(c, *value)).collect();
                    exactly_k(&mut cnf, &lits, *count);
                }
                Constraint::NotAllEqual(cells) => no_three(&mut cnf, model, &map, cells),
                Constraint::LinesDiffer(lines) => lines_differ(&mut cnf, model, &map, lines),
                Constraint::AtMost {
                    cells,
                    value,
                    count,
                } => {
                    let lits: Vec<Lit> = cells.iter().filter_map(|&c| map.lit(c, *value)).collect();
                    at_most_k(&mut cnf, &lits, *count);
                }
                Constraint::AtLeast {
                    cells,
                    value,
                    count,
                } => {
                    let lits: Vec<Lit> = cells.iter().filter_map(|&c| map.lit(c, *value)).collect();
                    at_least_k(&mut cnf, &lits, *count);
                }
                Constraint::Matching { anchors, value } => {
                    super::matching::encode(&mut cnf, anchors, |c| map.lit(c, *value));
                }
                Constraint::ExactlyOne(pairs) => {
                    let lits: Vec<Lit> = pairs.iter().filter_map(|&(c, v)| map.lit(c, v)).collect();
                    cnf.exactly_one(&lits);
                }
            }
        }
        cnf.end_family();
    }
    (cnf, map)
}

fn family_of(rule: &Constraint) -> &'static str {
    match rule {
        Constraint::AllDifferent(_) => "2 all-different",
        Constraint::SumDistinct { .. } => "3 cage-sum",
        Constraint::Table { .. } => "4 table",
        Constraint::Less { .. } => "5 less",
        Constraint::Consecutive { .. } => "6 consecutive",
        Constraint::Visible { .. } => "7 visibility",
        Constraint::Count { .. } => "8 count",
        Constraint::NotAllEqual(_) => "9 no-three",
        Constraint::LinesDiffer(_) => "10 lines-differ",
        Constraint::AtMost { .. } => "11 at-most",
        Constraint::AtLeast { .. } => "12 at-least",
        Constraint::Matching { .. } => "13 matching",
        Constraint::ExactlyOne(_) => "14 exactly-one",
    }
}

/// A [`CnfEncoding`] of `model` whose decoder hands the cell values to `solution`.
pub fn encoding<'p, S>(
    model: &Model,
    purpose: Purpose,
    solution: impl Fn(Vec<u32>) -> S + 'p,
) -> CnfEncoding<'p, S> {
    let (cnf, map) = encode(model, purpose);
    let projection = map.vars();
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::TrueLiterals,
        decode: Box::new(move |m| map.decode(m).map(&solution)),
    }
}

fn cells_exactly_one(cnf: &mut Cnf, model: &Model, map: &VarMap) {
    cnf.begin_family("1 cell-exactly-one");
    for (cell, &domain) in model.domains.iter().enumerate() {
        let lits: Vec<Lit> = values(domain).filter_map(|v| map.lit(cell, v)).collect();
        cnf.exactly_one(&lits);
    }
    cnf.end_family();
}

fn all_different(cnf: &mut Cnf, model: &Model, map: &VarMap, cells: &[usize]) {
    let complete = model.complete(cells);
    for v in values(model.union(cells)) {
        let lits: Vec<Lit> = cells.iter().filter_map(|&c| map.lit(c, v)).collect();
        if complete {
            cnf.exactly_one(&lits);
        } else if lits.len() > 1 {
            cnf.at_most_one(&lits);
        }
    }
}

fn cage_sum(cnf: &mut Cnf, model: &Model, map: &VarMap, cells: &[usize], sum: u32) {
    all_different(cnf, model, map, cells);
    let union = model.union(cells);
    let combinations = sum_combinations(union, cells.len(), sum);
    let selectors: Vec<Lit> = combinations
        .iter()
        .map(|_| cnf.new_var().positive())
        .collect();
    cnf.exactly_one(&selectors);
    let mut allowed = 0;
    for (&combo, &s) in combinations.iter().zip(&selectors) {
        allowed |= combo;
        for &c in cells {
            let mut clause = vec![!s];
            clause.extend(values(combo).filter_map(|v| map.lit(c, v)));
            cnf.add_clause(&clause);
        }
        for v in values(combo) {
            let mut clause = vec![!s];
            clause.extend(cells.iter().filter_map(|&c| map.lit(c, v)));
            cnf.add_clause(&clause);
        }
    }
    for &c in cells {
        for v in values(model.domains[c] & !allowed) {
            if let Some(l) = map.lit(c, v) {
                cnf.add_clause(&[!l]);
            }
        }
    }
}

fn table(cnf: &mut Cnf, map: &VarMap, cells: &[usize], tuples: &[Vec<u32>]) {
    let mut supports: Vec<Vec<Vec<Lit>>> = vec![vec![Vec::new(); 64]; cells.len()];
    let mut selectors = Vec::new();
    for t in tuples {
        let lits: Option<Vec<Lit>> = cells.iter().zip(t).map(|(&c, &v)| map.lit(c, v)).collect();
        let Some(lits) = lits else { continue };
        let s = cnf.new_var().positive();
        selectors.push(s);
        for (i, (&l, &v)) in lits.iter().zip(t).enumerate() {
            cnf.add_clause(&[!s, l]);
            supports[i][v as usize].push(s);
        }
    }
    cnf.at_least_one(&selectors);
    for (i, &c) in cells.iter().enumerate() {
        for v in 0..64u32 {
            if let Some(l) = map.lit(c, v) {
                let mut clause = vec![!l];
                clause.extend(&supports[i][v as usize]);
                cnf.add_clause(&clause);
            }
        }
    }
}

fn lits_where(map: &VarMap, cell: usize, keep: impl Fn(u32) -> bool) -> Vec<Lit> {
    values(map.domains[cell])
        .filter(|&v| keep(v))
        .filter_map(|v| map.lit(cell, v))
        .collect()
}

fn less(cnf: &mut Cnf, map: &VarMap, small: usize, large: usize) {
    for v in values(map.domains[small]) {
        let mut clause = vec![!map.lit(small, v).expect("in domain")];
        clause.extend(lits_where(map, large, |u| u > v));
        cnf.add_clause(&clause);
    }
    for u in values(map.domains[large]) {
        let mut clause = vec![!map.lit(large, u).expect("in domain")];
        clause.extend(lits_where(map, small, |v| v < u));
        cnf.add_clause(&clause);
    }
}

fn consecutive(cnf: &mut Cnf, map: &VarMap, a: usize, b: usize, yes: bool) {
    for (x, y) in [(a, b), (b, a)] {
        for v in values(map.domains[x]) {
            let l = map.lit(x, v).expect("in domain");
            let near = lits_where(map, y, |u| u + 1 == v || v + 1 == u);
            if yes {
                let mut clause = vec![!l];
                clause.extend(near);
                cnf.add_clause(&clause);
            } else if x == a {
                for n in near {
                    cnf.add_clause(&[!l, !n]);
                }
            }
        }
    }
}

fn visibility(cnf: &mut Cnf, model: &Model, map: &VarMap, line: &[usize], count: usize) {
    let top = 63 - model.union(line).leading_zeros();
    // m[i][v]: the tallest of cells 0..=i is at least v (v in 1..=top; m[i][0] is true).
    let mut previous: Vec<Option<Lit>> = Vec::new();
    let mut seen = Vec::new();
    for (i, &c) in line.iter().enumerate() {
        let m: Vec<Option<Lit>> = (0..=top)
            .map(|v| (v > 0).then(|| cnf.new_var().positive()))
            .collect();
        for v in 1..=top {
            let mv = m[v as usize].expect("v > 0");
            let at_least = lits_where(map, c, |u| u >= v);
            for &l in &at_least {
                cnf.add_clause(&[!l, mv]);
            }
            let mut back = vec![!mv];
            back.extend(at_least);
            if i > 0 {
                let pv = previous[v as usize].expect("v > 0");
                cnf.add_clause(&[!pv, mv]);
                back.push(pv);
            }
            cnf.add_clause(&back);
        }
        let s = cnf.new_var().positive();
        if i == 0 {
            cnf.add_clause(&[s]);
        } else {
            for v in values(map.domains[c]) {
                let l = map.lit(c, v).expect("in domain");
                // Seen exactly when every cell in front is shorter.
                match v {
                    0 => cnf.add_clause(&[!l, !s]),
                    _ => {
                        let pv = previous[v as usize].expect("v > 0");
                        cnf.add_clause(&[!l, pv, s]);
                        cnf.add_clause(&[!l, !pv, !s]);
                    }
                }
            }
        }
        seen.push(s);
        previous = m;
    }
    exactly_k(cnf, &seen, count);
}

/// Exactly `k` of `lits` (Sinz's sequential counter, both directions: `s[i][j]` says at
/// least j of the first i + 1 are true, for j = 1..=k + 1).
pub fn exactly_k(cnf: &mut Cnf, lits: &[Lit], k: usize) {
    if k > lits.len() {
        cnf.add_clause(&[]);
        return;
    }
    let mut previous: Vec<Lit> = Vec::new();
    for (i, &x) in lits.iter().enumerate() {
        let row: Vec<Lit> = (0..=k).map(|_| cnf.new_var().positive()).collect();
        for j in 0..=k {
            // row[j] means "at least j + 1".
            let s = row[j];
            // s ← prev[j] ; s ← prev[j-1] ∧ x (j = 0: x alone).
            if i > 0 {
                cnf.add_clause(&[!previous[j], s]);
            }
            if j == 0 {
                cnf.add_clause(&[!x, s]);
            } else if i > 0 {
                cnf.add_clause(&[!previous[j - 1], !x, s]);
            }
            // s → prev[j] ∨ (prev[j-1] ∧ x).
            let mut one = vec![!s];
            if i > 0 {
                one.push(previous[j]);
            }
            let mut two = one.clone();
            two.push(x);
            cnf.add_clause(&two);
            if j > 0 {
                if i > 0 {
                    one.push(previous[j - 1]);
                    cnf.add_clause(&one);
                } else {
                    cnf.add_clause(&[!s]);
                }
            }
        }
        previous = row;
    }
    match previous.len() {
        0 => {}
        _ => {
            if k > 0 {
                cnf.add_clause(&[previous[k - 1]]);
            }
            cnf.add_clause(&[!previous[k]]);
        }
    }
}

/// At most `k` of `lits`: one AMO when k = 1, else Sinz's sequential counter in the one
/// direction it needs (`s[i][j]`: at least j + 1 of the first i + 1 are true, j < k).
pub fn at_most_k(cnf: &mut Cnf, lits: &[Lit], k: usize) {
    let n = lits.len();
    if k >= n {
        return;
    }
    if k == 0 {
        for &x in lits {
            cnf.add_clause(&[!x]);
        }
        return;
    }
    if k == 1 {
        cnf.at_most_one(lits);
        return;
    }
    let mut previous: Vec<Lit> = Vec::new();
    for (i, &x) in lits.iter().enumerate() {
        if i > 0 {
            // The (i + 1)-th true literal would make k + 1.
            cnf.add_clause(&[!x, !previous[k - 1]]);
        }
        if i + 1 == n {
            break;
        }
        let row: Vec<Lit> = (0..k).map(|_| cnf.new_var().positive()).collect();
        cnf.add_clause(&[!x, row[0]]);
        if i > 0 {
            for j in 0..k {
                cnf.add_clause(&[!previous[j], row[j]]);
                if j > 0 {
                    cnf.add_clause(&[!x, !previous[j - 1], row[j]]);
                }
            }
        }
        previous = row;
    }
}

/// At least `k` of `lits`: one clause when k = 1, else at most n − k of their negations.
pub fn at_least_k(cnf: &mut Cnf, lits: &[Lit], k: usize) {
    match k {
        0 => {}
        1 => cnf.add_clause(lits),
        _ if k > lits.len() => cnf.add_clause(&[]),
        _ => {
            let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
            at_most_k(cnf, &negated, lits.len() - k);
        }
    }
}

fn no_three(cnf: &mut Cnf, model: &Model, map: &VarMap, cells: &[usize]) {
    for v in values(model.union(cells)) {
        let lits: Option<Vec<Lit>> = cells.iter().map(|&c| map.lit(c, v).map(|l| !l)).collect();
        if let Some(clause) = lits {
            cnf.add_clause(&clause);
        }
    }
}

fn lines_differ(cnf: &mut Cnf, model: &Model, map: &VarMap, lines: &[Vec<usize>]) {
    for (i, p) in lines.iter().enumerate() {
        for q in &lines[i + 1..] {
            let mut differ = Vec::new();
            for (&a, &b) in p.iter().zip(q) {
                let d = cnf.new_var().positive();
                differ.push(d);
                for v in values(model.domains[a] & model.domains[b]) {
                    if let (Some(x), Some(y)) = (map.lit(a, v), map.lit(b, v)) {
                        cnf.add_clause(&[!d, !x, !y]);
                    }
                }
            }
            cnf.add_clause(&differ);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{self, Blocking, SatBackend};
    use crate::stop::Stop;

    /// Models of at-most-k and at-least-k over n free literals, against the binomial sums.
    #[test]
    fn counters_count_like_binomials() {
        let choose = |n: u64, k: u64| (0..k).fold(1u64, |a, i| a * (n - i) / (i + 1));
        for n in 1..=6usize {
            for k in 0..=n + 1 {
                for most in [true, false] {
                    let mut cnf = Cnf::new();
                    let xs: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
                    let lits: Vec<Lit> = xs.iter().map(|v| v.positive()).collect();
                    if most {
                        at_most_k(&mut cnf, &lits, k);
                    } else {
                        at_least_k(&mut cnf, &lits, k);
                    }
                    let run = sat::enumerate_with(
                        &cnf,
                        &SatBackend::Varisat,
                        &xs,
                        Blocking::Full,
                        None,
                        &Stop::never(),
                        |_| {},
                    )
                    .unwrap();
                    let want: u64 = (0..=n as u64)
                        .filter(|&j| if most { j <= k as u64 } else { j >= k as u64 })
                        .map(|j| choose(n as u64, j))
                        .sum();
                    assert_eq!(run.count, want, "n {n} k {k} at most {most}");
                }
            }
        }
    }
}
