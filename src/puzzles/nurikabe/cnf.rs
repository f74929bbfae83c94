//! Nurikabe as CNF (see `encodings/nurikabe.md`).
//!
//! Variables: `s r c` (the cell is shaded), one per cell in row-major order: variable `i`
//! is cell `i`, the projection. Then per clue `k` (in cell order) its **candidates**, the
//! cells its island may reach — within Manhattan distance `n − 1` of a clue of size `n`
//! (every cell for a `?` clue), never another clue's cell nor a cell beside one — each
//! with a label `l r c #k` (the cell belongs to island `k`). Clause families:
//! - **N1 clue**: a clue's cell is unshaded and carries its own label;
//! - **N2 label**: an unshaded cell carries exactly one label, a shaded one none (a cell
//!   that no clue reaches is shaded);
//! - **N3 same island**: two neighbours both unshaded carry the same label;
//! - **N4 no pool**: no 2×2 block is all shaded;
//! - **N5 size**: island `k` has exactly `n` labelled cells (Sinz's sequential counter,
//!   `constraints::cnf::exactly_k`, on the labels or their negations, whichever count is
//!   smaller); none for `?`;
//! - **N6 island reach**: a numbered island of size `n ≤ 48` is connected: `d r c #k t` says the
//!   cell is on island `k` within `t` steps of its clue, through cells of the island
//!   (`d → l`, `d_t → d_{t−1} ∨ some neighbour's d_{t−1}`), and every labelled cell is
//!   reached within `n − 1` steps (no island of `n` cells is wider);
//! - **C1–C4** (`constraints::connected`, eager only): the shaded cells are connected
//!   (over the grid), and the labelled cells of each island N6 leaves out (`?`, or more
//!   than 48 cells) over its candidates.
//!
//! The local formula (N1–N6) is what the lazy searches solve (native's with N5 as
//! [`ComponentSize`] propagators, [`Sizes::Propagator`]); the eager one adds C1–C4 for
//! every connectivity constraint and is the whole puzzle, for external solvers and
//! `export`.

use super::Nurikabe;
use crate::cnf::Lit as CnfLit;
use crate::cnf::{Cnf, Lit, Var};
use crate::constraints::Grid;
use crate::constraints::cnf::exactly_k;
use crate::constraints::component_size::ComponentSize;
use crate::constraints::connected::{Connected, Graph};
use crate::constraints::lazy::Global;
use crate::puzzle::{CnfEncoding, DecodeError};
use crate::sat::{Blocking, Model};

/// The local formula, the connectivity constraints that complete it, and the shading
/// variables (cell `i` is `shade[i]`).
// Before N6, each numbered island was a lazy `Connected` too: the eager form then took
// cadical 26 s on a 10×10 (`encodings/nurikabe.md`).
pub(crate) struct Local {
    pub cnf: Cnf,
    /// The shaded cells first, then one per island.
    pub connected: Vec<Connected>,
    /// With [`Sizes::Propagator`], each numbered island's size (N5's stand-in).
    pub sizes: Vec<ComponentSize>,
    pub shade: Vec<Var>,
}

/// How the local formula states N5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sizes {
    /// Counter clauses (the eager CNF, the varisat session).
    Clauses,
    /// A [`ComponentSize`] per numbered island, for the batsat theory.
    Propagator,
}

/// A global rule of the batsat search: connectivity, or an island's size.
pub(crate) enum Rule {
    Connected(Connected),
    Size(ComponentSize),
}

impl Local {
    /// The global rules of the batsat theory: every connectivity, then every size.
    pub(crate) fn rules(&self) -> Vec<Rule> {
        self.connected
            .iter()
            .cloned()
            .map(Rule::Connected)
            .chain(self.sizes.iter().cloned().map(Rule::Size))
            .collect()
    }
}

type Value<'a> = &'a dyn Fn(CnfLit) -> Option<bool>;

impl Global for Rule {
    fn cut(&self, value: Value<'_>) -> Option<Vec<CnfLit>> {
        match self {
            Rule::Connected(c) => c.cut(value),
            Rule::Size(z) => z.cut(value),
        }
    }

    fn cuts(&self, value: Value<'_>) -> Vec<Vec<CnfLit>> {
        match self {
            Rule::Connected(c) => c.cuts(value),
            Rule::Size(z) => Global::cuts(z, value),
        }
    }

    fn implied(&self, value: Value<'_>) -> Vec<(CnfLit, Vec<CnfLit>)> {
        match self {
            Rule::Connected(c) => Global::implied(c, value),
            Rule::Size(z) => z.implied(value),
        }
    }

    fn watched(&self) -> Option<Vec<Var>> {
        match self {
            Rule::Connected(c) => c.watched(),
            Rule::Size(z) => z.watched(),
        }
    }

    fn assign(&self, index: usize, value: bool) {
        if let Rule::Size(z) = self {
            z.assign(index, value);
        }
    }

    fn unassign(&self, index: usize, value: bool) {
        if let Rule::Size(z) = self {
            z.unassign(index, value);
        }
    }
}

/// The grid's edges between an island's candidates `cells` (in cell order), as a graph
/// on their indices.
fn island_graph(cells: &[usize], w: usize, n: usize) -> Graph {
    let mut index = vec![usize::MAX; n];
    for (j, &c) in cells.iter().enumerate() {
        index[c] = j;
    }
    let mut edges = Vec::new();
    for (j, &c) in cells.iter().enumerate() {
        if c % w + 1 < w && index[c + 1] != usize::MAX {
            edges.push((j, index[c + 1]));
        }
        if c + w < n && index[c + w] != usize::MAX {
            edges.push((j, index[c + w]));
        }
    }
    Graph::new(cells.len(), edges)
}

/// The cells each clue's island may cover, per clue (in cell order): `(clue cell, size or
/// None for "?", candidates in cell order)`.
pub(crate) fn candidates(p: &Nurikabe) -> Vec<(usize, Option<u32>, Vec<usize>)> {
    let (w, h) = (p.width, p.height);
    let clues: Vec<usize> = (0..w * h).filter(|&i| p.clues[i].is_some()).collect();
    let distance = |a: usize, b: usize| (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w);
    clues
        .iter()
        .map(|&q| {
            let size = p.clues[q].flatten();
            let reach = size.map_or(usize::MAX, |n| (n as usize).saturating_sub(1));
            let cells = (0..w * h)
                .filter(|&c| {
                    c == q
                        || (distance(c, q) <= reach
                            && clues.iter().all(|&o| o == q || distance(c, o) > 1))
                })
                .collect();
            (q, size, cells)
        })
        .collect()
}

/// Islands larger than this are kept connected by `Connected` instead of N6, whose
/// layers grow as candidates × size.
const MAX_LAYERS: u32 = 48;

/// Whether N6 states the connectivity of an island of `size` with `candidates` cells.
fn reach_layers(size: u32, candidates: usize) -> bool {
    size <= MAX_LAYERS && size as usize <= candidates
}

pub(crate) fn local(p: &Nurikabe, sizes: Sizes) -> Local {
    let (w, h) = (p.width, p.height);
    let n = w * h;
    let mut cnf = Cnf::new();
    let shade: Vec<Var> = (0..n)
        .map(|i| cnf.new_named_var(format!("s r{}c{}", i / w + 1, i % w + 1)))
        .collect();
    let s = |i: usize| shade[i].positive();
    let islands = candidates(p);
    // labels[cell]: (island, literal) for every island the cell is a candidate of.
    let mut labels: Vec<Vec<(usize, Lit)>> = vec![Vec::new(); n];
    let mut island_lits: Vec<Vec<Lit>> = Vec::with_capacity(islands.len());
    for (k, (_, _, cells)) in islands.iter().enumerate() {
        let mut lits = Vec::with_capacity(cells.len());
        for &c in cells {
            let l = cnf
                .new_named_var(format!("l r{}c{} #{}", c / w + 1, c % w + 1, k + 1))
                .positive();
            labels[c].push((k, l));
            lits.push(l);
        }
        island_lits.push(lits);
    }
    let label = |c: usize, k: usize| labels[c].iter().find(|&&(j, _)| j == k).map(|&(_, l)| l);
    cnf.begin_family("N1 clue");
    for (k, (q, _, _)) in islands.iter().enumerate() {
        cnf.add_clause(&[!s(*q)]);
        if let Some(l) = label(*q, k) {
            cnf.add_clause(&[l]);
        }
    }
    cnf.begin_family("N2 label");
    for (c, own) in labels.iter().enumerate() {
        let lits: Vec<Lit> = own.iter().map(|&(_, l)| l).collect();
        let mut clause = vec![s(c)];
        clause.extend(&lits);
        cnf.add_clause(&clause);
        for &l in &lits {
            cnf.add_clause(&[!l, !s(c)]);
        }
        cnf.at_most_one(&lits);
    }
    cnf.begin_family("N3 same island");
    let graph = Graph::grid(w, h);
    for &(a, b) in graph.edges() {
        for (x, y) in [(a, b), (b, a)] {
            for &(k, l) in &labels[x] {
                let mut clause = vec![!l, s(y)];
                clause.extend(label(y, k));
                cnf.add_clause(&clause);
            }
        }
    }
    cnf.begin_family("N4 no pool");
    for r in 0..h.saturating_sub(1) {
        for c in 0..w.saturating_sub(1) {
            let i = r * w + c;
            cnf.add_clause(&[!s(i), !s(i + 1), !s(i + w), !s(i + w + 1)]);
        }
    }
    cnf.begin_family("N5 size");
    let mut counted = Vec::new();
    for ((q, size, cells), lits) in islands.iter().zip(&island_lits) {
        let Some(size) = size else { continue };
        let size = *size as usize;
        if size > lits.len() {
            cnf.add_clause(&[]);
        } else if sizes == Sizes::Propagator {
            let root = cells
                .iter()
                .position(|c| c == q)
                .expect("a clue is its candidate");
            counted.push(ComponentSize::new(
                island_graph(cells, w, n),
                lits.clone(),
                root,
                size,
            ));
        } else if 2 * size > lits.len() {
            let negated: Vec<Lit> = lits.iter().map(|&l| !l).collect();
            exactly_k(&mut cnf, &negated, lits.len() - size);
        } else {
            exactly_k(&mut cnf, lits, size);
        }
    }
    cnf.begin_family("N6 island reach");
    let distance = |a: usize, b: usize| (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w);
    for (k, (q, size, cells)) in islands.iter().enumerate() {
        let Some(size) = size.filter(|&n| reach_layers(n, cells.len())) else {
            // `?`, an island too large for layers (left to `Connected`), or more cells
            // than the island can reach (N5 has refused it).
            continue;
        };
        // reach[t][j]: candidate j is on the island within t steps of the clue, inside it.
        let mut reach: Vec<Vec<Option<Lit>>> = Vec::with_capacity(size as usize);
        reach.push(
            cells
                .iter()
                .map(|&c| (c == *q).then(|| label(c, k)).flatten())
                .collect(),
        );
        let mut index = vec![usize::MAX; n];
        for (j, &c) in cells.iter().enumerate() {
            index[c] = j;
        }
        for t in 1..size as usize {
            let mut layer = Vec::with_capacity(cells.len());
            for (j, &c) in cells.iter().enumerate() {
                if c == *q || distance(c, *q) > t {
                    layer.push(reach[t - 1][j]);
                    continue;
                }
                let d = cnf
                    .new_named_var(format!("d r{}c{} #{} {t}", c / w + 1, c % w + 1, k + 1))
                    .positive();
                cnf.add_clause(&[!d, island_lits[k][j]]);
                let mut clause = vec![!d];
                clause.extend(reach[t - 1][j]);
                for &(o, _) in graph.adjacent(c) {
                    if index[o] != usize::MAX {
                        clause.extend(reach[t - 1][index[o]]);
                    }
                }
                cnf.add_clause(&clause);
                layer.push(Some(d));
            }
            reach.push(layer);
        }
        let last = reach.last().map_or(&[][..], Vec::as_slice);
        for (j, &l) in island_lits[k].iter().enumerate() {
            let mut clause = vec![!l];
            clause.extend(last.get(j).copied().flatten());
            cnf.add_clause(&clause);
        }
    }
    cnf.end_family();
    let mut connected = Vec::with_capacity(islands.len() + 1);
    connected.push(Connected::new(
        graph,
        shade.iter().map(|v| v.positive()).collect(),
        None,
    ));
    for ((_, size, cells), lits) in islands.iter().zip(island_lits) {
        if size.is_some_and(|n| reach_layers(n, cells.len())) {
            // N6 already keeps a numbered island connected.
            continue;
        }
        connected.push(Connected::new(island_graph(cells, w, n), lits, None));
    }
    Local {
        cnf,
        connected,
        sizes: counted,
        shade,
    }
}

/// Reads the shading off a model.
pub(crate) fn decode(p: &Nurikabe, shade: &[Var], model: &Model) -> Result<Grid, DecodeError> {
    if shade.iter().any(|v| v.index() >= model.num_vars()) {
        return Err(DecodeError::from(
            "the model is shorter than the shading variables",
        ));
    }
    Ok(Grid::new(
        p.width,
        shade.iter().map(|&v| u32::from(model.value(v))).collect(),
    ))
}

/// The whole puzzle as CNF: the local formula and every connectivity constraint eagerly.
pub(crate) fn encode(p: &Nurikabe) -> CnfEncoding<'_, Grid> {
    let Local {
        mut cnf,
        connected,
        shade,
        ..
    } = local(p, Sizes::Clauses);
    for c in &connected {
        c.encode(&mut cnf);
    }
    let projection = shade.clone();
    CnfEncoding {
        cnf,
        projection,
        blocking: Blocking::Full,
        decode: Box::new(move |model| decode(p, &shade, model)),
    }
}
