//! Galaxies as CNF (see `encodings/galaxies.md`).
//!
//! Variables: per cell and **candidate** dot (its mirror of the cell lies in the grid and is
//! a candidate too, the cell is no other dot's, the dot's cells reach it through
//! candidates: [`candidates`], to a fixpoint), `rRcC:dK`, true when the cell is in dot K's
//! region (dots numbered from 1 in reading order): the projection. Clause families:
//! - **G1 one dot**: each cell in exactly one candidate's region (at least one; at most one
//!   with the layer's at-most-one encoding);
//! - **G2 half turn**: a cell in dot K's region puts its mirror about K there too (the
//!   mirror is an involution, so the implications both ways are the same clauses);
//! - **G3 dot cells**: the cells a dot touches are in its region (units);
//! - **G4 not alone**: a cell in a region it does not start (not one of the dot's cells)
//!   has a neighbour in it (implied by G5; the local formula's cheap half of it);
//! - **C1–C4** (`constraints::connected`, eager only): each dot's region connected, over
//!   the graph of the cells that have the dot as a candidate.
//!
//! The local formula (G1–G4) is what the lazy searches solve, with one connectivity
//! constraint per dot checked on the side; the eager one adds C1–C4 per dot and is the
//! whole puzzle, for external solvers and `export`.

use super::Galaxies;
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::lazy::Global;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::{Blocking, Model};

/// The local formula, one connectivity constraint per dot, and the map back to the grid.
pub(crate) struct Local {
    pub cnf: Cnf,
    /// Per dot, its region's connectivity over the cells that have it as a candidate.
    pub regions: Vec<Region>,
    /// Per cell, its candidates: (dot, literal).
    choices: Vec<Vec<(usize, Lit)>>,
    width: usize,
}

impl Local {
    /// Every cell's candidate literals, the projection.
    pub fn projection(&self) -> Vec<Var> {
        self.choices
            .iter()
            .flat_map(|c| c.iter().map(|(_, l)| l.var()))
            .collect()
    }

    /// The region labels of a model: each cell its dot's number plus one.
    pub fn decode(&self, model: &Model) -> Result<Grid, DecodeError> {
        let mut values = Vec::with_capacity(self.choices.len());
        for (cell, choices) in self.choices.iter().enumerate() {
            if choices
                .iter()
                .any(|(_, l)| l.var().index() >= model.num_vars())
            {
                return Err(DecodeError::from(
                    "the model is shorter than the region variables",
                ));
            }
            let mut chosen = choices.iter().filter(|(_, l)| model.lit_true(*l));
            match (chosen.next(), chosen.next()) {
                (Some(&(d, _)), None) => values.push(d as u32 + 1),
                _ => {
                    return Err(DecodeError::from(format!(
                        "r{}c{} is not in exactly one region",
                        cell / self.width + 1,
                        cell % self.width + 1
                    )));
                }
            }
        }
        Ok(Grid::new(self.width, values))
    }
}

/// A dot's region as a lazy constraint: one piece, and (under CDCL) every cell its dot
/// can no longer reach out of it ([`Connected::unreachable`]), which is most of what a
/// galaxy's solver deduces.
pub(crate) struct Region(Connected);

impl Global for Region {
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        self.0.cut(value)
    }

    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        self.0.cuts(value)
    }

    fn implied(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<(Lit, Vec<Lit>)> {
        self.0.unreachable(value)
    }
}

pub(crate) fn local(p: &Galaxies) -> Local {
    let (w, h) = p.size();
    let dots = p.dots().len();
    let mut cnf = Cnf::new();
    // x[cell][dot]: the variable, for the cell's candidates.
    let allowed = candidates(p);
    let mut x: Vec<Vec<Option<Lit>>> = vec![vec![None; dots]; w * h];
    let mut choices = vec![Vec::new(); w * h];
    for cell in 0..w * h {
        for d in 0..dots {
            if allowed[cell][d] {
                let name = format!("r{}c{}:d{}", cell / w + 1, cell % w + 1, d + 1);
                let lit = cnf.new_named_var(name).positive();
                x[cell][d] = Some(lit);
                choices[cell].push((d, lit));
            }
        }
    }
    one_dot(&mut cnf, &choices);
    half_turn(&mut cnf, p, &x);
    let starts = dot_cells(&mut cnf, p, &x);
    not_alone(&mut cnf, p, &x, &starts);
    let regions = (0..dots)
        .map(|d| {
            // The dot's candidate cells as nodes, joined where orthogonal neighbours.
            let cells: Vec<usize> = (0..w * h).filter(|&c| x[c][d].is_some()).collect();
            let mut node_of = vec![usize::MAX; w * h];
            for (n, &c) in cells.iter().enumerate() {
                node_of[c] = n;
            }
            let mut edges = Vec::new();
            for &c in &cells {
                if c % w + 1 < w && node_of[c + 1] != usize::MAX {
                    edges.push((node_of[c], node_of[c + 1]));
                }
                if c + w < w * h && node_of[c + w] != usize::MAX {
                    edges.push((node_of[c], node_of[c + w]));
                }
            }
            let lits = cells
                .iter()
                .map(|&c| x[c][d].expect("a candidate"))
                .collect();
            Region(Connected::new(Graph::new(cells.len(), edges), lits, None))
        })
        .collect();
    Local {
        cnf,
        regions,
        choices,
        width: w,
    }
}

/// Per cell and dot, whether the cell may be in the dot's region: its mirror about the dot
/// lies in the grid and may be there too, it is no other dot's cell, and the dot's cells
/// reach it through cells that may be there (to a fixpoint). What this rules out no
/// solution has, so the formula stays the whole puzzle; it only leaves out variables the
/// solver would set false before its first decision.
#[allow(clippy::needless_range_loop)] // `d` indexes each cell's row, not `allowed`
fn candidates(p: &Galaxies) -> Vec<Vec<bool>> {
    let (w, h) = p.size();
    let dots = p.dots().len();
    let mut allowed: Vec<Vec<bool>> = (0..w * h)
        .map(|cell| (0..dots).map(|d| p.mirror(cell, d).is_some()).collect())
        .collect();
    let mut owner = vec![None; w * h];
    for d in 0..dots {
        for cell in p.dot_cells(d) {
            owner[cell] = Some(d);
        }
    }
    for (cell, row) in allowed.iter_mut().enumerate() {
        if let Some(d) = owner[cell] {
            for (e, a) in row.iter_mut().enumerate() {
                *a &= e == d;
            }
        }
    }
    let mut seen = vec![false; w * h];
    let mut stack = Vec::new();
    for d in 0..dots {
        loop {
            seen.fill(false);
            for cell in p.dot_cells(d) {
                if allowed[cell][d] && !seen[cell] {
                    seen[cell] = true;
                    stack.push(cell);
                }
            }
            while let Some(cell) = stack.pop() {
                let (r, c) = (cell / w, cell % w);
                let near = [
                    (r > 0).then(|| cell - w),
                    (r + 1 < h).then(|| cell + w),
                    (c > 0).then(|| cell - 1),
                    (c + 1 < w).then(|| cell + 1),
                ];
                for n in near.into_iter().flatten() {
                    if allowed[n][d] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            let mut changed = false;
            for cell in 0..w * h {
                let keep = seen[cell] && p.mirror(cell, d).is_some_and(|m| seen[m]);
                if allowed[cell][d] && !keep {
                    allowed[cell][d] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    allowed
}

/// G1: each cell in exactly one of its candidates' regions.
fn one_dot(cnf: &mut Cnf, choices: &[Vec<(usize, Lit)>]) {
    cnf.begin_family("G1 one dot");
    for c in choices {
        let lits: Vec<Lit> = c.iter().map(|&(_, l)| l).collect();
        cnf.exactly_one(&lits);
    }
    cnf.end_family();
}

/// G2: x(cell, d) → x(mirror, d); over every cell, both directions of each pair.
fn half_turn(cnf: &mut Cnf, p: &Galaxies, x: &[Vec<Option<Lit>>]) {
    cnf.begin_family("G2 half turn");
    for (cell, row) in x.iter().enumerate() {
        for (d, lit) in row.iter().enumerate() {
            let (Some(lit), Some(m)) = (*lit, p.mirror(cell, d)) else {
                continue;
            };
            if m != cell {
                let image = x[m][d].expect("the mirror's mirror is the cell");
                cnf.add_clause(&[!lit, image]);
            }
        }
    }
    cnf.end_family();
}

/// G3: a dot's cells are in its region. Returns, per cell, whether it is a dot's cell.
#[allow(clippy::needless_range_loop)] // `d` indexes each cell's row, not `x`
fn dot_cells(cnf: &mut Cnf, p: &Galaxies, x: &[Vec<Option<Lit>>]) -> Vec<bool> {
    cnf.begin_family("G3 dot cells");
    let mut start = vec![false; x.len()];
    for d in 0..p.dots().len() {
        for cell in p.dot_cells(d) {
            // A dot's cell mirrors onto a cell of the dot, inside the grid; it is no
            // candidate only when it is another dot's cell too, and then no solution.
            match x[cell][d] {
                Some(lit) => cnf.add_clause(&[lit]),
                None => cnf.add_clause(&[]),
            }
            start[cell] = true;
        }
    }
    cnf.end_family();
    start
}

/// G4: a cell in a region, not one of its dot's cells, has a neighbour in that region.
fn not_alone(cnf: &mut Cnf, p: &Galaxies, x: &[Vec<Option<Lit>>], start: &[bool]) {
    let (w, h) = p.size();
    cnf.begin_family("G4 not alone");
    for (cell, row) in x.iter().enumerate() {
        if start[cell] {
            continue;
        }
        let (r, c) = (cell / w, cell % w);
        let near = [
            (r > 0).then(|| cell - w),
            (r + 1 < h).then(|| cell + w),
            (c > 0).then(|| cell - 1),
            (c + 1 < w).then(|| cell + 1),
        ];
        for (d, lit) in row.iter().enumerate() {
            let Some(lit) = *lit else { continue };
            let mut clause = vec![!lit];
            clause.extend(near.iter().flatten().filter_map(|&n| x[n][d]));
            cnf.add_clause(&clause);
        }
    }
    cnf.end_family();
}

/// The whole puzzle as CNF: the local formula and each region's eager connectivity.
pub(crate) fn encode(p: &Galaxies) -> CnfEncoding<'_, Grid> {
    let mut local = local(p);
    for region in &local.regions {
        region.0.encode(&mut local.cnf);
    }
    let projection = local.projection();
    let cnf = std::mem::take(&mut local.cnf);
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::TrueLiterals,
        decode: Box::new(move |model| local.decode(model)),
    }
}
