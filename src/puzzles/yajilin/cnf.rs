//! Yajilin as CNF (see `encodings/yajilin.md`).
//!
//! Variables: one per link of the cell graph (`Graph::grid(W, H)`), so link `i` is variable
//! `i`; then `s` per free cell (shaded); then the loop's `used` per cell and the counters'
//! auxiliaries. Clause families:
//! 1. **L1–L3** (`constraints::loop_`): degree 0 or 2 at every cell, `used` cells;
//! 2. **Y1 clue off the loop**: every link at a clue cell is false;
//! 3. **Y2 shaded or on the loop**: a free cell has a link or is shaded, not both;
//! 4. **Y3 shaded apart**: no two free cells side by side both shaded;
//! 5. **Y4 arrow count**: exactly n of the free cells the arrow points at are shaded
//!    (`constraints::cnf::exactly_k`, Sinz's counter);
//! 6. **C1–C4** (`constraints::connected`, eager only): the used cells are connected
//!    through the chosen links;
//! 7. **Y5 deduced** (native only, [`fix`]): what `deduce.rs` decided, as unit clauses.
//!
//! The local formula (1–5) is what the lazy searches solve; the eager one adds 6. The
//! projection is the links and the `s` variables, which decide every cell's value.

use super::deduce::Facts;
use super::{SHADED, Yajilin};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::cnf::exactly_k;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::loop_::single_loop;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::puzzles::pearl::{DOWN, LEFT, RIGHT, UP};
use crate::sat::Model;

/// The local formula, the connectivity that completes it, and the decision variables.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub connected: Connected,
    /// One per link of the cell graph.
    pub links: Vec<Var>,
    /// One per cell: `s` for a free cell, `None` for a clue.
    pub shaded: Vec<Option<Var>>,
}

impl Local {
    /// The links, then the `s` variables: what a solution is made of.
    pub fn projection(&self) -> Vec<Var> {
        let mut vars = self.links.clone();
        vars.extend(self.shaded.iter().flatten());
        vars
    }
}

pub(crate) fn local(p: &Yajilin) -> Local {
    let (w, h) = p.size();
    let graph = Graph::grid(w, h);
    let mut cnf = Cnf::new();
    let horizontal = h * (w - 1);
    let links: Vec<Var> = (0..graph.edges().len())
        .map(|i| {
            if i < horizontal {
                cnf.new_named_var(format!("h r{}c{}", i / (w - 1) + 1, i % (w - 1) + 1))
            } else {
                let j = i - horizontal;
                cnf.new_named_var(format!("v r{}c{}", j / w + 1, j % w + 1))
            }
        })
        .collect();
    let shaded: Vec<Option<Var>> = p
        .clues()
        .iter()
        .enumerate()
        .map(|(i, clue)| {
            clue.is_none()
                .then(|| cnf.new_named_var(format!("s r{}c{}", i / w + 1, i % w + 1)))
        })
        .collect();
    let lits: Vec<Lit> = links.iter().map(|v| v.positive()).collect();
    let cell = |i: usize| format!("used r{}c{}", i / w + 1, i % w + 1);
    let connected = single_loop(&mut cnf, &graph, &lits, Some(&cell));
    let at = |i: usize| graph.adjacent(i).iter().map(|&(_, e)| lits[e]);

    cnf.begin_family("Y1 clue off the loop");
    for (i, clue) in p.clues().iter().enumerate() {
        if clue.is_some() {
            for l in at(i) {
                cnf.add_clause(&[!l]);
            }
        }
    }
    cnf.begin_family("Y2 shaded or on the loop");
    for (i, s) in shaded.iter().enumerate() {
        if let Some(s) = s {
            let mut some: Vec<Lit> = vec![s.positive()];
            for l in at(i) {
                some.push(l);
                cnf.add_clause(&[!l, s.negative()]);
            }
            cnf.add_clause(&some);
        }
    }
    cnf.begin_family("Y3 shaded apart");
    for &(a, b) in graph.edges() {
        if let (Some(x), Some(y)) = (shaded[a], shaded[b]) {
            cnf.add_clause(&[x.negative(), y.negative()]);
        }
    }
    cnf.begin_family("Y4 arrow count");
    for (i, clue) in p.clues().iter().enumerate() {
        if let Some(n) = clue.and_then(|c| c.number) {
            if p.pointed(i).is_empty() {
                // No arrow: the number counts nothing (a bare number, or an arrow at the
                // edge pointing out, asks for 0 there).
                if clue.is_some_and(|c| c.arrow != super::Arrow::None) && n > 0 {
                    cnf.add_clause(&[]);
                }
                continue;
            }
            let seen: Vec<Lit> = p
                .pointed(i)
                .iter()
                .filter_map(|&j| shaded[j].map(Var::positive))
                .collect();
            exactly_k(&mut cnf, &seen, n as usize);
        }
    }
    cnf.end_family();
    Local {
        cnf,
        connected,
        links,
        shaded,
    }
}

/// Y5: what deduction decided (`deduce.rs`), as unit clauses: each decided link, and each
/// decided free cell's `s`.
pub(crate) fn fix(local: &mut Local, facts: &Facts) {
    local.cnf.begin_family("Y5 deduced");
    for (&var, value) in local.links.iter().zip(&facts.links) {
        if let &Some(on) = value {
            local
                .cnf
                .add_clause(&[if on { var.positive() } else { var.negative() }]);
        }
    }
    for (s, value) in local.shaded.iter().zip(&facts.cells) {
        if let (Some(s), &Some(shaded)) = (s, value) {
            local
                .cnf
                .add_clause(&[if shaded { s.positive() } else { s.negative() }]);
        }
    }
    local.cnf.end_family();
}

/// Reads the loop and the shading off a model: direction bits per loop cell, [`SHADED`]
/// per shaded cell, 0 for a clue.
pub(crate) fn decode(
    p: &Yajilin,
    links: &[Var],
    shaded: &[Option<Var>],
    model: &Model,
) -> Result<Grid, DecodeError> {
    let (w, h) = p.size();
    if links
        .iter()
        .chain(shaded.iter().flatten())
        .any(|v| v.index() >= model.num_vars())
    {
        return Err(DecodeError::from(
            "the model is shorter than the link and shading variables",
        ));
    }
    let graph = Graph::grid(w, h);
    let mut values = vec![0u32; w * h];
    let horizontal = h * (w - 1);
    for (e, &(a, b)) in graph.edges().iter().enumerate() {
        if model.value(links[e]) {
            // The horizontal links first (`b` right of `a`), then the vertical (`b` below).
            let (out, back) = if e < horizontal {
                (RIGHT, LEFT)
            } else {
                (DOWN, UP)
            };
            values[a] |= out;
            values[b] |= back;
        }
    }
    for (i, s) in shaded.iter().enumerate() {
        if s.is_some_and(|s| model.value(s)) {
            if values[i] != 0 {
                return Err(DecodeError::from(format!(
                    "r{}c{} is shaded and on the loop",
                    i / w + 1,
                    i % w + 1
                )));
            }
            values[i] = SHADED;
        }
    }
    Ok(Grid::new(w, values))
}

/// The whole puzzle as CNF: the local formula and the eager connectivity.
pub(crate) fn encode(p: &Yajilin) -> CnfEncoding<'_, Grid> {
    let local = local(p);
    let projection = local.projection();
    let Local {
        mut cnf,
        connected,
        links,
        shaded,
    } = local;
    connected.encode(&mut cnf);
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| decode(p, &links, &shaded, model)),
    }
}
