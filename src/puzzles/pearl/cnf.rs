//! Pearl as CNF (see `encodings/pearl.md`).
//!
//! Variables: one per link of the cell graph (`Graph::grid(W, H)`: horizontal links `h r c`
//! from cell `(r, c)` to `(r, c+1)` row by row, then vertical ones `v r c` from `(r, c)` to
//! `(r+1, c)`), so link `i` is variable `i`. Clause families:
//! 1. **L1–L3** (`constraints::loop_`): degree 0 or 2 at every cell, `used` cells;
//! 2. **P1 pearl on the loop**: a pearl's cell is used (L3 then gives it a link; the
//!    subtour theory of the native engine counts it from the start);
//! 3. **P2 black turns**: not both horizontal links, not both vertical ones;
//! 4. **P3 black goes on**: a link out of a black pearl continues straight through the next
//!    cell (a link towards the edge or to a cell at the edge is false);
//! 5. **P4 white straight**: left ↔ right, up ↔ down (a missing link: the other false);
//! 6. **P5 white turns beside**: not straight on through both neighbours;
//! 7. **P6 some link**: the loop is not empty;
//! 8. **C1–C4** (`constraints::connected`, eager only): the used cells are connected
//!    through the chosen links.
//!
//! The local formula (1–7) is what the lazy searches solve; the eager one adds 8.

use super::{Clue, LEFT, Pearl, RIGHT, UP};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::loop_::single_loop;
use crate::constraints::loop_board::{DIRECTIONS, grid_link};
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

/// The local formula, the connectivity that completes it, and the link variables.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub connected: Connected,
    pub links: Vec<Var>,
}

/// The cell next to `cell` in direction `bit`, when `grid_link` says there is a link to
/// it.
fn beyond(w: usize, cell: usize, bit: u32) -> usize {
    match bit {
        RIGHT => cell + 1,
        UP => cell - w,
        LEFT => cell - 1,
        _ => cell + w,
    }
}

pub(crate) fn local(p: &Pearl) -> Local {
    let (w, h) = (p.width, p.height);
    let graph = Graph::grid(w, h);
    let mut cnf = Cnf::new();
    let horizontal = h * (w - 1);
    let links: Vec<Var> = (0..graph.edges().len())
        .map(|i| {
            if i < horizontal {
                cnf.new_named_var(format!("h r{}c{}", i / (w - 1), i % (w - 1)))
            } else {
                let j = i - horizontal;
                cnf.new_named_var(format!("v r{}c{}", j / w, j % w))
            }
        })
        .collect();
    let lits: Vec<Lit> = links.iter().map(|v| v.positive()).collect();
    let cell = |i: usize| format!("cell r{}c{}", i / w, i % w);
    let connected = single_loop(&mut cnf, &graph, &lits, Some(&cell));
    let lit = |l: Option<usize>| l.map(|i| lits[i]);
    let pearls: Vec<(usize, Clue)> = p
        .clues
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, c)| c != Clue::Empty)
        .collect();
    // Per direction (right, up, left, down): the link out of the cell, and the one after
    // it, straight on.
    let arms = |i: usize| {
        DIRECTIONS.map(|bit| {
            let out = grid_link((w, h), i, bit);
            let on = out.and_then(|_| grid_link((w, h), beyond(w, i, bit), bit));
            (lit(out), lit(on))
        })
    };
    cnf.begin_family("P1 pearl on the loop");
    for &(i, _) in &pearls {
        cnf.add_clause(&[connected.node[i]]);
    }
    cnf.begin_family("P2 black turns");
    for &(i, clue) in &pearls {
        if clue == Clue::Black {
            let a = arms(i);
            for (x, y) in [(0, 2), (1, 3)] {
                if let (Some(x), Some(y)) = (a[x].0, a[y].0) {
                    cnf.add_clause(&[!x, !y]);
                }
            }
        }
    }
    cnf.begin_family("P3 black goes on");
    for &(i, clue) in &pearls {
        if clue == Clue::Black {
            for (out, on) in arms(i) {
                match (out, on) {
                    (Some(out), Some(on)) => cnf.add_clause(&[!out, on]),
                    (Some(out), None) => cnf.add_clause(&[!out]),
                    _ => {}
                }
            }
        }
    }
    cnf.begin_family("P4 white straight");
    for &(i, clue) in &pearls {
        if clue == Clue::White {
            let a = arms(i);
            for (x, y) in [(0, 2), (1, 3)] {
                match (a[x].0, a[y].0) {
                    (Some(x), Some(y)) => {
                        cnf.add_clause(&[!x, y]);
                        cnf.add_clause(&[x, !y]);
                    }
                    (Some(x), None) | (None, Some(x)) => cnf.add_clause(&[!x]),
                    (None, None) => {}
                }
            }
        }
    }
    cnf.begin_family("P5 white turns beside");
    for &(i, clue) in &pearls {
        if clue == Clue::White {
            let a = arms(i);
            for (x, y) in [(0, 2), (1, 3)] {
                if let (Some(out), Some(on_x), Some(on_y)) = (a[x].0, a[x].1, a[y].1) {
                    cnf.add_clause(&[!out, !on_x, !on_y]);
                }
            }
        }
    }
    cnf.begin_family("P6 some link");
    cnf.add_clause(&lits);
    cnf.end_family();
    Local {
        cnf,
        connected,
        links,
    }
}

/// Reads the loop off a model (through the link variables) as direction bits per cell.
pub(crate) fn decode(p: &Pearl, links: &[Var], model: &Model) -> Result<Grid, DecodeError> {
    let (w, h) = (p.width, p.height);
    if links.iter().any(|v| v.index() >= model.num_vars()) {
        return Err(DecodeError::from(
            "the model is shorter than the link variables",
        ));
    }
    let mut values = vec![0u32; w * h];
    for (i, value) in values.iter_mut().enumerate() {
        for bit in DIRECTIONS {
            if grid_link((w, h), i, bit).is_some_and(|l| model.value(links[l])) {
                *value |= bit;
            }
        }
    }
    Ok(Grid::new(w, values))
}

/// The whole puzzle as CNF: the local formula and the eager connectivity.
pub(crate) fn encode(p: &Pearl) -> CnfEncoding<'_, Grid> {
    let Local {
        mut cnf,
        connected,
        links,
    } = local(p);
    connected.encode(&mut cnf);
    let projection = links.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| decode(p, &links, model)),
    }
}
