//! Tracks as CNF (see `encodings/tracks.md`).
//!
//! Variables: one per link of the cell graph (`Graph::grid(W, H)`: horizontal links `h r c`
//! from cell `(r, c)` to `(r, c+1)` row by row, then vertical ones `v r c` from `(r, c)` to
//! `(r+1, c)`), then `entrance` and `exit`, the links from the outside node (node `W·H`) to
//! the entrance and the exit cells; link `i` is variable `i`. Clause families:
//! 1. **L1–L3** (`constraints::loop_`): degree 0 or 2 at every node, `used` nodes;
//! 2. **T1 ends**: the entrance and the exit links are on the track;
//! 3. **T2 pieces**: a given piece's two links are on, its cell's other links off;
//! 4. **T3 counts**: exactly k `used` cells in each row and column (Sinz's counter,
//!    `constraints::cnf::exactly_k`);
//! 5. **T4 no square** (redundant): not all four links inside a 2×2 block, a loop of four
//!    cells that cannot hold the outside;
//! 6. **C1–C4** (`constraints::connected`, eager only): the used nodes are connected
//!    through the chosen links.
//!
//! The local formula (1–5) is what the lazy searches solve; the eager one adds 6. With the
//! outside node of degree 2 on its two forced links, one cycle through it is exactly one
//! path from the entrance to the exit with no other track.

use super::deduce::Facts;
use super::{DOWN, LEFT, RIGHT, Tracks, UP};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::cnf::exactly_k;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::loop_::single_loop;
use crate::constraints::loop_board::grid_link;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

/// The local formula, the connectivity that completes it, and the link variables.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub connected: Connected,
    pub links: Vec<Var>,
}

/// The two links to the outside, after the grid's: (cell, direction, link) for the
/// entrance (leaving left) and the exit (leaving down).
pub(super) fn outside_links(p: &Tracks) -> [(usize, u32, usize); 2] {
    let (w, h) = p.size();
    let outside = h * (w - 1) + (h - 1) * w;
    let (entrance, exit) = p.end_cells();
    [(entrance, LEFT, outside), (exit, DOWN, outside + 1)]
}

/// The link leaving `cell` in direction `bit`, as an index of [`graph`]'s edges; `None`
/// when it leaves the board elsewhere than by the entrance or the exit.
pub(super) fn link(p: &Tracks, cell: usize, bit: u32) -> Option<usize> {
    grid_link(p.size(), cell, bit).or_else(|| {
        let mut outside = outside_links(p).into_iter();
        outside
            .find(|&(c, b, _)| (c, b) == (cell, bit))
            .map(|(_, _, link)| link)
    })
}

/// The cells joined orthogonally, and the outside node (`W·H`) joined to the entrance and
/// the exit cells (two links, even when they are one cell).
pub(super) fn graph(p: &Tracks) -> Graph {
    let (w, h) = p.size();
    let mut edges = Graph::grid(w, h).edges().to_vec();
    let (entrance, exit) = p.end_cells();
    edges.push((w * h, entrance));
    edges.push((w * h, exit));
    Graph::new(w * h + 1, edges)
}

pub(crate) fn local(p: &Tracks) -> Local {
    let (w, h) = p.size();
    let graph = graph(p);
    let mut cnf = Cnf::new();
    let horizontal = h * (w - 1);
    let inner = horizontal + (h - 1) * w;
    let links: Vec<Var> = (0..graph.edges().len())
        .map(|i| {
            cnf.new_named_var(if i < horizontal {
                format!("h r{}c{}", i / (w - 1), i % (w - 1))
            } else if i < inner {
                let j = i - horizontal;
                format!("v r{}c{}", j / w, j % w)
            } else if i == inner {
                "entrance".to_string()
            } else {
                "exit".to_string()
            })
        })
        .collect();
    let lits: Vec<Lit> = links.iter().map(|v| v.positive()).collect();
    let name = |i: usize| match i {
        _ if i == w * h => "outside".to_string(),
        _ => format!("track r{}c{}", i / w, i % w),
    };
    let connected = single_loop(&mut cnf, &graph, &lits, Some(&name));
    cnf.begin_family("T1 ends");
    cnf.add_clause(&[lits[inner]]);
    cnf.add_clause(&[lits[inner + 1]]);
    cnf.begin_family("T2 pieces");
    for cell in 0..w * h {
        let piece = p.piece(cell);
        if piece == 0 {
            continue;
        }
        for bit in [RIGHT, UP, LEFT, DOWN] {
            match (link(p, cell, bit), piece & bit != 0) {
                (Some(l), on) => cnf.add_clause(&[if on { lits[l] } else { !lits[l] }]),
                (None, true) => cnf.add_clause(&[]),
                (None, false) => {}
            }
        }
    }
    cnf.begin_family("T3 counts");
    let used = &connected.node;
    let (columns, rows) = p.counts();
    for (r, &k) in rows.iter().enumerate() {
        let line: Vec<Lit> = (0..w).map(|c| used[r * w + c]).collect();
        exactly_k(&mut cnf, &line, k);
    }
    for (c, &k) in columns.iter().enumerate() {
        let line: Vec<Lit> = (0..h).map(|r| used[r * w + c]).collect();
        exactly_k(&mut cnf, &line, k);
    }
    cnf.begin_family("T4 no square");
    for r in 0..h.saturating_sub(1) {
        for c in 0..w.saturating_sub(1) {
            let top = r * (w - 1) + c;
            let bottom = top + (w - 1);
            let left = horizontal + r * w + c;
            cnf.add_clause(&[!lits[top], !lits[bottom], !lits[left], !lits[left + 1]]);
        }
    }
    cnf.end_family();
    Local {
        cnf,
        connected,
        links,
    }
}

/// T5: what deduction decided (`deduce.rs`), as unit clauses: each decided link, and each
/// decided cell's `used` literal.
pub(crate) fn fix(local: &mut Local, facts: &Facts) {
    local.cnf.begin_family("T5 deduced");
    for (&var, value) in local.links.iter().zip(&facts.links) {
        if let &Some(on) = value {
            local
                .cnf
                .add_clause(&[if on { var.positive() } else { var.negative() }]);
        }
    }
    for (&used, value) in local.connected.node.iter().zip(&facts.cells) {
        if let &Some(track) = value {
            local.cnf.add_clause(&[if track { used } else { !used }]);
        }
    }
    local.cnf.end_family();
}

/// Reads the track off a model (through the link variables) as direction bits per cell.
pub(crate) fn decode(p: &Tracks, links: &[Var], model: &Model) -> Result<Grid, DecodeError> {
    let (w, h) = p.size();
    if links.iter().any(|v| v.index() >= model.num_vars()) {
        return Err(DecodeError::from(
            "the model is shorter than the link variables",
        ));
    }
    let mut values = vec![0u32; w * h];
    for (cell, value) in values.iter_mut().enumerate() {
        for bit in [RIGHT, UP, LEFT, DOWN] {
            if link(p, cell, bit).is_some_and(|l| model.value(links[l])) {
                *value |= bit;
            }
        }
    }
    Ok(Grid::new(w, values))
}

/// The whole puzzle as CNF: the local formula and the eager connectivity.
pub(crate) fn encode(p: &Tracks) -> CnfEncoding<'_, Grid> {
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
