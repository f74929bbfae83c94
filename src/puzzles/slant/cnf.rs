//! Slant as CNF (see `encodings/slant.md`).
//!
//! Variables: one per cell, `r c \` true for `\`, false for `/`, row-major, so cell `i` is
//! variable `i`. The graph on the `(W+1)×(H+1)` points has two edges per cell, its `\`
//! (edge `2i`, literal `x_i`) and its `/` (edge `2i+1`, literal `¬x_i`). Clause families:
//! 1. **G1 clue**: a clue point's up to four touching diagonals, every pattern with the
//!    wrong count excluded;
//! 2. **G2 no small loop**: not all four diagonals of the diamond round a point, nor all
//!    six of the hexagon round two points diagonally apart (implied by 3; they propagate);
//! 3. **A1–A3** (`constraints::acyclic`, eager only): the chosen diagonals form a forest.
//!
//! The local formula (1–2) is what the lazy searches solve; the eager one adds 3.

use super::{BACKSLASH, SLASH, Slant};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::acyclic::Acyclic;
use crate::constraints::connected::Graph;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::Model;

/// The local formula, the forest constraint that completes it, and the cell variables.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub acyclic: Acyclic,
    pub cells: Vec<Var>,
}

/// The points' graph: per cell, its `\` then its `/`.
pub(crate) fn diagonals(p: &Slant) -> Graph {
    let (w, h) = (p.width, p.height);
    let point = |r: usize, c: usize| r * (w + 1) + c;
    let mut edges = Vec::with_capacity(2 * w * h);
    for r in 0..h {
        for c in 0..w {
            edges.push((point(r, c), point(r + 1, c + 1)));
            edges.push((point(r, c + 1), point(r + 1, c)));
        }
    }
    Graph::new((w + 1) * (h + 1), edges)
}

pub(crate) fn local(p: &Slant) -> Local {
    let (w, h) = (p.width, p.height);
    let mut cnf = Cnf::new();
    let cells: Vec<Var> = (0..w * h)
        .map(|i| cnf.new_named_var(format!("r{}c{} \\", i / w, i % w)))
        .collect();
    let back = |r: usize, c: usize| cells[r * w + c].positive();
    cnf.begin_family("G1 clue");
    let mut touching = Vec::with_capacity(4);
    for r in 0..=h {
        for c in 0..=w {
            let Some(clue) = p.clue(r, c) else { continue };
            touching.clear();
            if r > 0 && c > 0 {
                touching.push(back(r - 1, c - 1));
            }
            if r > 0 && c < w {
                touching.push(!back(r - 1, c));
            }
            if r < h && c > 0 {
                touching.push(!back(r, c - 1));
            }
            if r < h && c < w {
                touching.push(back(r, c));
            }
            for pattern in 0u32..1 << touching.len() {
                if pattern.count_ones() != u32::from(clue) {
                    let clause: Vec<Lit> = touching
                        .iter()
                        .enumerate()
                        .map(|(i, &l)| if pattern >> i & 1 == 1 { !l } else { l })
                        .collect();
                    cnf.add_clause(&clause);
                }
            }
        }
    }
    // The smallest loops as clauses: the diamond round one point, and the hexagon round two
    // points diagonally apart (either way). Implied by the forest, they let unit
    // propagation do what Tatham's solver does first: refuse the diagonal that closes a
    // small loop, before any search or cut.
    cnf.begin_family("G2 no small loop");
    let (wi, hi) = (w as isize, h as isize);
    for r in 0..=hi {
        for c in 0..=wi {
            let loops: [&[(isize, isize)]; 3] = [
                &[(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)],
                &[
                    (r - 1, c),
                    (r, c + 1),
                    (r + 1, c + 2),
                    (r + 2, c + 1),
                    (r + 1, c),
                    (r, c - 1),
                ],
                &[
                    (r - 1, c),
                    (r, c + 1),
                    (r + 1, c),
                    (r + 2, c - 1),
                    (r + 1, c - 2),
                    (r, c - 1),
                ],
            ];
            for points in loops {
                if points
                    .iter()
                    .any(|&(pr, pc)| pr < 0 || pc < 0 || pr > hi || pc > wi)
                {
                    continue;
                }
                let clause: Vec<Lit> = (0..points.len())
                    .map(|k| {
                        let ((r1, c1), (r2, c2)) = (points[k], points[(k + 1) % points.len()]);
                        let cell = back(r1.min(r2) as usize, c1.min(c2) as usize);
                        // `\` joins points whose row and column grow together.
                        if (r2 - r1) * (c2 - c1) > 0 {
                            !cell
                        } else {
                            cell
                        }
                    })
                    .collect();
                cnf.add_clause(&clause);
            }
        }
    }
    cnf.end_family();
    let lits: Vec<Lit> = cells
        .iter()
        .flat_map(|v| [v.positive(), v.negative()])
        .collect();
    let acyclic = Acyclic::new(diagonals(p), lits);
    Local {
        cnf,
        acyclic,
        cells,
    }
}

/// Reads the diagonals off a model.
pub(crate) fn decode(p: &Slant, cells: &[Var], model: &Model) -> Result<Grid, DecodeError> {
    if cells.iter().any(|v| v.index() >= model.num_vars()) {
        return Err(DecodeError::from(
            "the model is shorter than the cell variables",
        ));
    }
    let values = cells
        .iter()
        .map(|&v| if model.value(v) { BACKSLASH } else { SLASH })
        .collect();
    Ok(Grid::new(p.width, values))
}

/// The whole puzzle as CNF: the clue clauses and the eager forest.
pub(crate) fn encode(p: &Slant) -> CnfEncoding<'_, Grid> {
    let Local {
        mut cnf,
        acyclic,
        cells,
    } = local(p);
    acyclic.encode(&mut cnf);
    let projection = cells.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::Full,
        decode: Box::new(move |model| decode(p, &cells, model)),
    }
}
