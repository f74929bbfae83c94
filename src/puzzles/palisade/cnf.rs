//! Palisade as CNF (see `encodings/palisade.md`).
//!
//! Variables: per pair of orthogonal neighbours that are not holes (across, row by row,
//! then down) a join `rRcC~rRcC`, true when the two cells are in one region: the
//! projection. Clause families:
//! - **P1 clue**: a clue cell's sides that may be joins, every pattern whose borders, with
//!   the sides fixed as borders (the grid's edge, a hole), miss the clue excluded;
//! - **P2 no loose border**: at each inner lattice point, not exactly one of its four
//!   sides a border (a border ending there would lie inside one region);
//! - **P3 deduced side** (native only, [`Local::fix`]): the sides deduction decided
//!   (`deduce.rs`), one unit clause each;
//! - **R1–R2** (`constraints::region_size`, local): with K = 1, no joins;
//! - **R3–R6** (`constraints::region_size`, eager only): every region exactly K cells.
//!
//! The local formula (P1, P2, R1–R2) is what the cut loop solves, with the region size
//! constraint checked on the side; the eager one adds R3–R6 and is the whole puzzle, for
//! external solvers and `export`.

use super::deduce::{Side, Sides};
use super::{Cell, Palisade};
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
use crate::constraints::region_size::{NodeSize, RegionSize};
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::{Blocking, Model};

/// The local formula, the region size constraint that completes it, and the map from
/// its nodes and edges back to the grid.
pub(crate) struct Local {
    pub cnf: Cnf,
    pub region: RegionSize,
    /// Per node, its cell.
    cells: Vec<usize>,
    width: usize,
    height: usize,
}

impl Local {
    /// The join variables, the projection.
    pub fn projection(&self) -> Vec<Var> {
        self.region.join.iter().map(|l| l.var()).collect()
    }

    /// P3: the sides deduction decided (`deduce.rs`), one unit clause each: the join,
    /// or its negation.
    pub fn fix(&mut self, sides: &Sides) {
        self.cnf.begin_family("P3 deduced side");
        for (e, &(u, v)) in self.region.graph.edges().iter().enumerate() {
            let join = self.region.join[e];
            match sides.side(self.cells[u], self.cells[v]) {
                Side::Join => self.cnf.add_clause(&[join]),
                Side::Border => self.cnf.add_clause(&[!join]),
                Side::Open => {}
            }
        }
        self.cnf.end_family();
    }

    /// The region labels of a model: regions numbered from 1 in the reading order of
    /// their first cells, holes 0.
    pub fn decode(&self, model: &Model) -> Result<Grid, DecodeError> {
        if self
            .region
            .join
            .iter()
            .any(|l| l.var().index() >= model.num_vars())
        {
            return Err(DecodeError::from(
                "the model is shorter than the join variables",
            ));
        }
        let graph = &self.region.graph;
        let mut node_label = vec![0u32; graph.nodes()];
        let mut next = 0;
        let mut stack = Vec::new();
        for start in 0..graph.nodes() {
            if node_label[start] != 0 {
                continue;
            }
            next += 1;
            node_label[start] = next;
            stack.push(start);
            while let Some(v) = stack.pop() {
                for &(u, e) in graph.adjacent(v) {
                    if node_label[u] == 0 && model.lit_true(self.region.join[e]) {
                        node_label[u] = next;
                        stack.push(u);
                    }
                }
            }
        }
        let mut values = vec![0u32; self.width * self.height];
        for (v, &cell) in self.cells.iter().enumerate() {
            values[cell] = node_label[v];
        }
        Ok(Grid::new(self.width, values))
    }
}

pub(crate) fn local(p: &Palisade) -> Local {
    let (w, h) = p.size();
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let open = |i: usize| p.cells[i] != Cell::Hole;
    let mut node_of = vec![usize::MAX; w * h];
    let mut cells = Vec::new();
    for i in (0..w * h).filter(|&i| open(i)) {
        node_of[i] = cells.len();
        cells.push(i);
    }
    // Cell pairs, across then down, as `Graph::grid` orders them.
    let mut pairs = Vec::new();
    for r in 0..h {
        for c in 0..w.saturating_sub(1) {
            pairs.push((r * w + c, r * w + c + 1));
        }
    }
    for r in 0..h.saturating_sub(1) {
        for c in 0..w {
            pairs.push((r * w + c, (r + 1) * w + c));
        }
    }
    pairs.retain(|&(a, b)| open(a) && open(b));
    let mut cnf = Cnf::new();
    let join: Vec<Lit> = pairs
        .iter()
        .map(|&(a, b)| {
            cnf.new_named_var(format!("{}~{}", name(a), name(b)))
                .positive()
        })
        .collect();
    // side[cell][d]: the join literal of its side d (up, right, down, left), `None` when
    // that side is always a border.
    let mut side: Vec<[Option<Lit>; 4]> = vec![[None; 4]; w * h];
    for (&(a, b), &j) in pairs.iter().zip(&join) {
        let (from_a, from_b) = if b == a + 1 { (1, 3) } else { (2, 0) };
        side[a][from_a] = Some(j);
        side[b][from_b] = Some(j);
    }
    clues(&mut cnf, p, &side);
    no_loose_border(&mut cnf, p, &side);
    let edges = pairs
        .iter()
        .map(|&(a, b)| (node_of[a], node_of[b]))
        .collect();
    let graph = Graph::new(cells.len(), edges);
    let size = vec![NodeSize::Fixed(p.region_size() as u32); cells.len()];
    let region = RegionSize::new(graph, join, size);
    region.local(&mut cnf);
    Local {
        cnf,
        region,
        cells,
        width: w,
        height: h,
    }
}

/// P1: each clue cell has as many borders as its number.
fn clues(cnf: &mut Cnf, p: &Palisade, side: &[[Option<Lit>; 4]]) {
    cnf.begin_family("P1 clue");
    for (i, cell) in p.cells.iter().enumerate() {
        let Cell::Clue(n) = *cell else { continue };
        let joins: Vec<Lit> = side[i].iter().flatten().copied().collect();
        let fixed = 4 - joins.len();
        // Every pattern of borders among the joins (bit set: a border) with the wrong count.
        for pattern in 0u32..1 << joins.len() {
            if fixed + pattern.count_ones() as usize == usize::from(n) {
                continue;
            }
            let clause: Vec<Lit> = joins
                .iter()
                .enumerate()
                .map(|(b, &j)| if pattern >> b & 1 == 1 { j } else { !j })
                .collect();
            cnf.add_clause(&clause);
        }
    }
    cnf.end_family();
}

/// P2: at an inner lattice point, the four sides that meet there (the right side of the
/// cell above-left, the left … ) are not exactly one border; a side fixed as a border
/// counts, a side between two holes is none.
fn no_loose_border(cnf: &mut Cnf, p: &Palisade, side: &[[Option<Lit>; 4]]) {
    let (w, h) = p.size();
    cnf.begin_family("P2 no loose border");
    for r in 1..h {
        for c in 1..w {
            let (nw, ne, sw) = ((r - 1) * w + c - 1, (r - 1) * w + c, r * w + c - 1);
            let hole = |i: usize| p.cells[i] == Cell::Hole;
            // The four sides round the point: (cell, side) for up, right, down, left arms.
            let arms = [(nw, 1), (ne, 2), (sw, 1), (nw, 2)];
            let mut joins = Vec::with_capacity(4);
            let mut fixed = 0;
            for (cell, d) in arms {
                let other = if d == 1 { cell + 1 } else { cell + w };
                match side[cell][d] {
                    Some(j) => joins.push(j),
                    None if hole(cell) && hole(other) => {}
                    None => fixed += 1,
                }
            }
            match fixed {
                // Not exactly one border among the joins: each one a border alone excluded.
                0 => {
                    for (b, &j) in joins.iter().enumerate() {
                        let mut clause: Vec<Lit> = joins.iter().map(|&x| !x).collect();
                        clause[b] = j;
                        cnf.add_clause(&clause);
                    }
                }
                // One border already: another among the joins.
                1 if !joins.is_empty() => {
                    let clause: Vec<Lit> = joins.iter().map(|&x| !x).collect();
                    cnf.add_clause(&clause);
                }
                _ => {}
            }
        }
    }
    cnf.end_family();
}

/// The whole puzzle as CNF: the local formula and the eager region sizes.
pub(crate) fn encode(p: &Palisade) -> CnfEncoding<'_, Grid> {
    let mut local = local(p);
    local.region.encode(&mut local.cnf);
    let projection = local.projection();
    let cnf = std::mem::take(&mut local.cnf);
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::Full,
        decode: Box::new(move |model| local.decode(model)),
    }
}
