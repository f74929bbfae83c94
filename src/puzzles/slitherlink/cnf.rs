//! Slitherlink as CNF (see `encodings/slitherlink.md`).
//!
//! Variables: one per edge of the lattice of `(W+1)×(H+1)` dots, horizontal edges first
//! (`h r c`, row by row), then vertical ones (`v r c`): the lattice graph's own edge order
//! (`Graph::grid`), so edge `i` is variable `i`. Clause families:
//! 1. **S1 clue**: a clue cell's four sides, every pattern with the wrong count excluded;
//! 2. **L1–L3** (`constraints::loop_`): degree 0 or 2 at every dot, `used` dots;
//! 3. **S2 some edge**: the loop is not empty;
//! 4. **C1–C4** (`constraints::connected`, eager only): the used dots are connected through
//!    the chosen edges.
//!
//! The local formula (1–3) is what the lazy searches solve; the eager one adds 4 and is the
//! whole puzzle, for the engines and for `export`.

use super::{Loop, Slitherlink};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::loop_::single_loop;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

/// The local formula, the connectivity that completes it, and the edge variables.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub connected: Connected,
    pub edges: Vec<Var>,
}

/// The lattice of dots, `(W+1)×(H+1)`, row-major.
pub(crate) fn lattice(p: &Slitherlink) -> Graph {
    Graph::grid(p.width + 1, p.height + 1)
}

pub(crate) fn local(p: &Slitherlink) -> Local {
    let (w, h) = (p.width, p.height);
    let graph = lattice(p);
    let mut cnf = Cnf::new();
    let horizontal = (h + 1) * w;
    let edges: Vec<Var> = (0..graph.edges().len())
        .map(|i| {
            if i < horizontal {
                cnf.new_named_var(format!("h r{}c{}", i / w, i % w))
            } else {
                let j = i - horizontal;
                cnf.new_named_var(format!("v r{}c{}", j / (w + 1), j % (w + 1)))
            }
        })
        .collect();
    let hor = |r: usize, c: usize| edges[r * w + c].positive();
    let ver = |r: usize, c: usize| edges[horizontal + r * (w + 1) + c].positive();
    cnf.begin_family("S1 clue");
    for r in 0..h {
        for c in 0..w {
            let Some(clue) = p.clues[r * w + c] else {
                continue;
            };
            let sides = [hor(r, c), hor(r + 1, c), ver(r, c), ver(r, c + 1)];
            for pattern in 0u32..16 {
                if pattern.count_ones() != u32::from(clue) {
                    let clause: Vec<Lit> = sides
                        .iter()
                        .enumerate()
                        .map(|(i, &l)| if pattern >> i & 1 == 1 { !l } else { l })
                        .collect();
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    let lits: Vec<Lit> = edges.iter().map(|v| v.positive()).collect();
    let dot = |i: usize| format!("dot r{}c{}", i / (w + 1), i % (w + 1));
    let connected = single_loop(&mut cnf, &graph, &lits, Some(&dot));
    cnf.begin_family("S2 some edge");
    cnf.add_clause(&lits);
    cnf.end_family();
    Local {
        cnf,
        connected,
        edges,
    }
}

/// Adds the decided edges of `edges` (lattice order) as unit clauses.
pub(crate) fn fix(local: &mut Local, edges: &[Option<bool>]) {
    local.cnf.begin_family("S3 deduced edge");
    for (&v, &value) in local.edges.iter().zip(edges) {
        if let Some(on) = value {
            local.cnf.add_clause(&[Lit::new(v, on)]);
        }
    }
    local.cnf.end_family();
}

/// Reads the loop off a model (through the edge variables).
pub(crate) fn decode(p: &Slitherlink, edges: &[Var], model: &Model) -> Result<Loop, DecodeError> {
    let (w, h) = (p.width, p.height);
    if edges.iter().any(|v| v.index() >= model.num_vars()) {
        return Err(DecodeError::from(
            "the model is shorter than the edge variables",
        ));
    }
    let horizontal = (h + 1) * w;
    Ok(Loop {
        horizontal: (0..=h)
            .map(|r| (0..w).map(|c| model.value(edges[r * w + c])).collect())
            .collect(),
        vertical: (0..h)
            .map(|r| {
                (0..=w)
                    .map(|c| model.value(edges[horizontal + r * (w + 1) + c]))
                    .collect()
            })
            .collect(),
    })
}

/// The whole puzzle as CNF: the local formula and the eager connectivity.
pub(crate) fn encode(p: &Slitherlink) -> CnfEncoding<'_, Loop> {
    let Local {
        mut cnf,
        connected,
        edges,
    } = local(p);
    connected.encode(&mut cnf);
    let projection = edges.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| decode(p, &edges, model)),
    }
}
