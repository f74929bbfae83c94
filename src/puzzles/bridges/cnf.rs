//! Bridges as CNF (see `encodings/bridges.md`).
//!
//! Variables: per pair (islands in reading order, each with its pair to the right, then its
//! pair below), `max` order variables `rRcC-rRcC ≥k` (at least k bridges, k = 1..max); then
//! one variable `true`: the projection, in that order. Clause families:
//! 1. **B1 order**: `≥k+1 → ≥k`;
//! 2. **B2 no crossing**: a horizontal and a vertical pair whose bridges would cross in a
//!    water cell do not both have a bridge;
//! 3. **B3 island count**: the bridges of an island's pairs add up to its number `n`, in
//!    the order encoding of a linear sum (no auxiliary variables): for every way to give
//!    its pairs `a_i` bridges adding up to `n + 1`, not all `≥a_i` (at most `n`); for every
//!    way to give them `b_i` adding up to `n − 1`, some pair `≥b_i+1` (at least `n`);
//! 4. **B4 unknown island bridged**: an island of unknown number has a bridge (when there
//!    are other islands);
//! 5. **B5 no closed pair**: two islands of the same number k do not spend it all on each
//!    other (k bridges between them) when there are other islands — a consequence of the
//!    connectivity, stated locally;
//! 6. **B6 true**: the constant that chooses every island as a node of the connectivity;
//! 7. **C1–C4** (`constraints::connected`, eager only): the islands are connected through
//!    the pairs with a bridge (`≥1`); **A1–A3** (`constraints::acyclic`, eager only, Tatham's
//!    `L`): those pairs form no cycle.
//!
//! The local formula (1–6) is what the lazy searches solve; the eager one adds 7.

use super::Bridges;
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::acyclic::Acyclic;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::lazy::Global;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

/// Two islands that see each other: `from` left of or above `to`, the water between.
pub(crate) struct Pair {
    pub from: usize,
    pub to: usize,
    /// Whether `to` is on the same row.
    pub across: bool,
    /// `at_least[k − 1]`: at least k bridges.
    pub at_least: Vec<Var>,
}

/// A global rule of the lazy searches: connectivity, and for Tatham's `L` no cycle.
pub(crate) enum Rule {
    Connected(Connected),
    Acyclic(Acyclic),
}

impl Global for Rule {
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        match self {
            Rule::Connected(c) => c.cut(value),
            Rule::Acyclic(a) => a.cut(value),
        }
    }

    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        match self {
            Rule::Connected(c) => c.cuts(value),
            Rule::Acyclic(a) => a.cuts(value),
        }
    }
}

/// The local formula, the global rules that complete it, the pairs, and the projection
/// of the searches: every pair's order variables, then `true` (never empty, so blocking a
/// solution is never the empty clause, even without a pair).
pub(crate) struct Local {
    pub cnf: Cnf,
    pub globals: Vec<Rule>,
    pub pairs: Vec<Pair>,
    pub projection: Vec<Var>,
}

/// The pairs of islands that see each other, as `(from, to, across)` cells: per island in
/// reading order, the nearest island to its right, then the nearest below, with only water
/// between.
pub(crate) fn sight(p: &Bridges) -> Vec<(usize, usize, bool)> {
    let (w, h) = (p.width, p.height);
    let mut out = Vec::new();
    for i in (0..w * h).filter(|&i| p.cells[i].is_some()) {
        let (r, c) = (i / w, i % w);
        if let Some(j) = (c + 1..w)
            .map(|x| r * w + x)
            .find(|&j| p.cells[j].is_some())
        {
            out.push((i, j, true));
        }
        if let Some(j) = (r + 1..h)
            .map(|y| y * w + c)
            .find(|&j| p.cells[j].is_some())
        {
            out.push((i, j, false));
        }
    }
    out
}

fn order(cnf: &mut Cnf, pairs: &[Pair]) {
    cnf.begin_family("B1 order");
    for pair in pairs {
        for k in 1..pair.at_least.len() {
            cnf.add_clause(&[
                !pair.at_least[k].positive(),
                pair.at_least[k - 1].positive(),
            ]);
        }
    }
}

fn no_crossing(cnf: &mut Cnf, p: &Bridges, pairs: &[Pair]) {
    cnf.begin_family("B2 no crossing");
    let w = p.width;
    for a in pairs.iter().filter(|a| a.across) {
        let (row, c0, c1) = (a.from / w, a.from % w, a.to % w);
        for b in pairs.iter().filter(|b| !b.across) {
            let (col, r0, r1) = (b.from % w, b.from / w, b.to / w);
            if c0 < col && col < c1 && r0 < row && row < r1 {
                cnf.add_clause(&[!a.at_least[0].positive(), !b.at_least[0].positive()]);
            }
        }
    }
}

/// Per island cell, the order variables of its pairs (up to four pairs).
fn ends<'a>(p: &Bridges, pairs: &'a [Pair]) -> Vec<Vec<&'a [Var]>> {
    let mut out = vec![Vec::new(); p.cells.len()];
    for pair in pairs {
        out[pair.from].push(pair.at_least.as_slice());
        out[pair.to].push(pair.at_least.as_slice());
    }
    out
}

/// Calls `each` with every way to write `total` as `parts` numbers in `0..=max`.
fn compositions(parts: usize, total: u32, max: u32, each: &mut impl FnMut(&[u32])) {
    fn go(
        at: usize,
        left: u32,
        max: u32,
        chosen: &mut Vec<u32>,
        parts: usize,
        each: &mut impl FnMut(&[u32]),
    ) {
        if at + 1 == parts {
            if left <= max {
                chosen.push(left);
                each(chosen);
                chosen.pop();
            }
            return;
        }
        for a in 0..=left.min(max) {
            chosen.push(a);
            go(at + 1, left - a, max, chosen, parts, each);
            chosen.pop();
        }
    }
    if parts > 0 {
        go(0, total, max, &mut Vec::with_capacity(parts), parts, each);
    }
}

fn island_count(cnf: &mut Cnf, p: &Bridges, ends: &[Vec<&[Var]>]) {
    cnf.begin_family("B3 island count");
    let mut clause = Vec::new();
    for (i, cell) in p.cells.iter().enumerate() {
        let Some(Some(n)) = *cell else { continue };
        let arms = &ends[i];
        if n > arms.len() as u32 * p.max {
            cnf.add_clause(&[]);
            continue;
        }
        compositions(arms.len(), n + 1, p.max, &mut |a| {
            clause.clear();
            clause.extend(
                arms.iter()
                    .zip(a)
                    .filter(|(_, a)| **a > 0)
                    .map(|(arm, &a)| !arm[a as usize - 1].positive()),
            );
            cnf.add_clause(&clause);
        });
        if n > 0 {
            compositions(arms.len(), n - 1, p.max, &mut |b| {
                clause.clear();
                clause.extend(
                    arms.iter()
                        .zip(b)
                        .filter(|(_, b)| **b < p.max)
                        .map(|(arm, &b)| arm[b as usize].positive()),
                );
                cnf.add_clause(&clause);
            });
        }
    }
}

fn unknown_bridged(cnf: &mut Cnf, p: &Bridges, pairs: &[Pair], islands: usize) {
    cnf.begin_family("B4 unknown island bridged");
    if islands < 2 {
        return;
    }
    for (i, cell) in p.cells.iter().enumerate() {
        if *cell == Some(None) {
            let some: Vec<Lit> = pairs
                .iter()
                .filter(|q| q.from == i || q.to == i)
                .map(|q| q.at_least[0].positive())
                .collect();
            cnf.add_clause(&some);
        }
    }
}

fn no_closed_pair(cnf: &mut Cnf, p: &Bridges, pairs: &[Pair], islands: usize) {
    cnf.begin_family("B5 no closed pair");
    if islands < 3 {
        return;
    }
    for pair in pairs {
        if let (Some(Some(a)), Some(Some(b))) = (p.cells[pair.from], p.cells[pair.to])
            && a == b
            && (1..=pair.at_least.len() as u32).contains(&a)
        {
            cnf.add_clause(&[!pair.at_least[a as usize - 1].positive()]);
        }
    }
}

pub(crate) fn local(p: &Bridges) -> Local {
    let w = p.width;
    let mut cnf = Cnf::new();
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let pairs: Vec<Pair> = sight(p)
        .into_iter()
        .map(|(from, to, across)| Pair {
            from,
            to,
            across,
            at_least: (1..=p.max)
                .map(|k| cnf.new_named_var(format!("{}-{} >={k}", name(from), name(to))))
                .collect(),
        })
        .collect();
    let true_var = cnf.new_named_var("true");
    let truth = true_var.positive();
    let island: Vec<usize> = (0..p.cells.len())
        .filter(|&i| p.cells[i].is_some())
        .collect();
    order(&mut cnf, &pairs);
    no_crossing(&mut cnf, p, &pairs);
    island_count(&mut cnf, p, &ends(p, &pairs));
    unknown_bridged(&mut cnf, p, &pairs, island.len());
    no_closed_pair(&mut cnf, p, &pairs, island.len());
    cnf.begin_family("B6 true");
    cnf.add_clause(&[truth]);
    cnf.end_family();
    // The islands as nodes, numbered in reading order; a pair with a bridge as an edge.
    let mut node = vec![usize::MAX; p.cells.len()];
    for (k, &i) in island.iter().enumerate() {
        node[i] = k;
    }
    let graph = Graph::new(
        island.len(),
        pairs.iter().map(|q| (node[q.from], node[q.to])).collect(),
    );
    let bridged: Vec<Lit> = pairs.iter().map(|q| q.at_least[0].positive()).collect();
    let mut globals = vec![Rule::Connected(Connected::new(
        graph.clone(),
        vec![truth; island.len()],
        Some(bridged.clone()),
    ))];
    if !p.loops {
        globals.push(Rule::Acyclic(Acyclic::new(graph, bridged)));
    }
    let projection = pairs
        .iter()
        .flat_map(|q| q.at_least.iter().copied())
        .chain([true_var])
        .collect();
    Local {
        cnf,
        globals,
        pairs,
        projection,
    }
}

/// Reads the bridges off a model (through the pairs' order variables) as links per cell.
pub(crate) fn decode(p: &Bridges, pairs: &[Pair], model: &Model) -> Result<Grid, DecodeError> {
    let w = p.width;
    if pairs
        .iter()
        .flat_map(|q| &q.at_least)
        .any(|v| v.index() >= model.num_vars())
    {
        return Err(DecodeError::from(
            "the model is shorter than the pair variables",
        ));
    }
    let mut values = vec![0u32; p.cells.len()];
    for pair in pairs {
        let n = pair.at_least.iter().filter(|&&v| model.value(v)).count() as u32;
        let (step, unit) = if pair.across { (1, 1) } else { (w, 10) };
        let mut i = pair.from;
        while i < pair.to {
            values[i] += n * unit;
            i += step;
        }
    }
    Ok(Grid::new(w, values))
}

/// The whole puzzle as CNF: the local formula and the eager global rules.
pub(crate) fn encode(p: &Bridges) -> CnfEncoding<'_, Grid> {
    let Local {
        mut cnf,
        globals,
        pairs,
        projection,
    } = local(p);
    for rule in &globals {
        match rule {
            Rule::Connected(c) => {
                c.encode(&mut cnf);
            }
            Rule::Acyclic(a) => {
                a.encode(&mut cnf);
            }
        }
    }
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| decode(p, &pairs, model)),
    }
}
