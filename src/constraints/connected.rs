//! **connected**: the chosen nodes of a graph form one connected component (the empty set
//! and a single node count as connected). Nodes are chosen by literals; edges may be gated
//! by literals too (a path may only use a chosen edge), which is how a single loop is one
//! component of chosen lattice edges (`loop_.rs`).
//!
//! Two forms over the same [`Connected`] (see `encodings/connectivity.md`):
//! - **eager** ([`Connected::encode`]): a root (the first chosen node in index order, by a
//!   prefix-or chain), one parent arc per chosen non-root node towards a chosen neighbour,
//!   and binary depths that strictly decrease along parent arcs (a lexicographic comparator
//!   per arc), so parent chains cannot cycle and all end at the one root. Sizes for `n`
//!   nodes, `a` arcs (twice the edges), `B = ⌈log₂ n⌉` bits: `2n + nB + a(B + 1)` variables,
//!   about `4n + a(3B + 3)` clauses.
//! - **lazy** ([`Connected::cut`]): under a partial or total assignment, the nodes not false
//!   joined by the edges not false split into components; when two true nodes `a`, `w` lie
//!   in different ones, the component `K` of `a` is cut off from `w` by its boundary, every
//!   edge leaving `K` being false (a gated edge's literal, or the far node's), and the cut
//!   clause `¬a ∨ ¬w ∨ boundary` holds in every connected solution. It is the separator
//!   cut of the Steiner-tree and cspuz-style connectivity propagators.

use std::cell::RefCell;

use crate::cnf::{Cnf, Lit};

/// An undirected graph on nodes `0..nodes`.
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: usize,
    edges: Vec<(usize, usize)>,
    /// Per node: (neighbour, edge index).
    adjacent: Vec<Vec<(usize, usize)>>,
}

impl Graph {
    /// A graph with these edges (each once; node indices below `nodes`).
    pub fn new(nodes: usize, edges: Vec<(usize, usize)>) -> Graph {
        let mut adjacent = vec![Vec::new(); nodes];
        for (i, &(a, b)) in edges.iter().enumerate() {
            adjacent[a].push((b, i));
            adjacent[b].push((a, i));
        }
        Graph {
            nodes,
            edges,
            adjacent,
        }
    }

    /// The cells of a `width × height` grid, row-major, joined orthogonally: right
    /// neighbours first (row by row), then down neighbours.
    pub fn grid(width: usize, height: usize) -> Graph {
        let mut edges = Vec::new();
        for r in 0..height {
            for c in 0..width.saturating_sub(1) {
                edges.push((r * width + c, r * width + c + 1));
            }
        }
        for r in 0..height.saturating_sub(1) {
            for c in 0..width {
                edges.push((r * width + c, (r + 1) * width + c));
            }
        }
        Graph::new(width * height, edges)
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The edges, as node pairs.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The neighbours of `node`, each with the index of the edge that joins them.
    pub fn adjacent(&self, node: usize) -> &[(usize, usize)] {
        &self.adjacent[node]
    }
}

/// A literal that implies `a < b` for two binary numbers of equal width (least significant
/// bit first): `lt_i` says bits `0..=i` of `a` are below those of `b`; the top one is
/// returned (`None` for zero bits). The depth comparator of [`Connected::encode`] and of
/// `acyclic::Acyclic::encode`.
pub(crate) fn less_than(cnf: &mut Cnf, a: &[Lit], b: &[Lit]) -> Option<Lit> {
    let mut below: Option<Lit> = None;
    for i in 0..a.len().min(b.len()) {
        let lt = cnf.new_var().positive();
        match below {
            None => {
                cnf.add_clause(&[!lt, !a[i]]);
                cnf.add_clause(&[!lt, b[i]]);
            }
            Some(prev) => {
                cnf.add_clause(&[!lt, !a[i], b[i]]);
                cnf.add_clause(&[!lt, !a[i], prev]);
                cnf.add_clause(&[!lt, b[i], prev]);
            }
        }
        below = Some(lt);
    }
    below
}

/// The chosen nodes (through the chosen edges, when `edge` gates them) form one component.
#[derive(Clone, Debug)]
pub struct Connected {
    /// The graph.
    pub graph: Graph,
    /// Per node, the literal that chooses it.
    pub node: Vec<Lit>,
    /// Per edge, the literal that lets a path use it; `None`: every edge between chosen
    /// nodes may be used (cells joined orthogonally).
    pub edge: Option<Vec<Lit>>,
    /// The lazy form's buffers, kept between checks (a search checks thousands of times).
    scratch: RefCell<Scratch>,
}

/// The components of one check ([`Connected::cut`]): the nodes of component `i` are
/// `order[parts[i - 1].0..parts[i].0]`, and `parts[i].1` is a true node of it.
#[derive(Clone, Debug, Default)]
struct Scratch {
    /// Per node: reached (in [`Connected::components`]), or inside the component being
    /// cut (in [`Connected::cut_of`]); all down between uses.
    mark: Vec<bool>,
    stack: Vec<usize>,
    order: Vec<usize>,
    parts: Vec<(usize, usize)>,
}

impl Scratch {
    /// The nodes of component `i`.
    fn nodes(&self, i: usize) -> &[usize] {
        let start = if i == 0 { 0 } else { self.parts[i - 1].0 };
        &self.order[start..self.parts[i].0]
    }
}

/// How many clauses and variables [`Connected::encode`] added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Variables added.
    pub variables: usize,
    /// Clauses added.
    pub clauses: usize,
}

impl Connected {
    /// The constraint over `graph` with node literals `node` and optional edge gates.
    pub fn new(graph: Graph, node: Vec<Lit>, edge: Option<Vec<Lit>>) -> Connected {
        assert_eq!(node.len(), graph.nodes(), "one literal per node");
        if let Some(edge) = &edge {
            assert_eq!(edge.len(), graph.edges().len(), "one literal per edge");
        }
        let scratch = RefCell::new(Scratch {
            mark: vec![false; graph.nodes()],
            ..Scratch::default()
        });
        Connected {
            graph,
            node,
            edge,
            scratch,
        }
    }

    /// The eager encoding (module docs): root chain, parent arcs, decreasing depths.
    /// Families `C1 root` … `C4 depth`, as `encodings/connectivity.md` numbers them.
    pub fn encode(&self, cnf: &mut Cnf) -> Size {
        let (vars0, clauses0) = (cnf.num_vars(), cnf.num_clauses());
        let n = self.graph.nodes();
        if n <= 1 {
            return Size {
                variables: 0,
                clauses: 0,
            };
        }
        let bits = usize::BITS as usize - (n - 1).leading_zeros() as usize;
        // C1: root_v ↔ x_v ∧ ¬pre_v, pre_{v+1} ↔ pre_v ∨ x_v (pre_0 false): the first chosen
        // node is the root, and there is at most one.
        cnf.begin_family("C1 connected root");
        let mut roots = Vec::with_capacity(n);
        let mut pre: Option<Lit> = None;
        for v in 0..n {
            let x = self.node[v];
            let root = cnf.new_var().positive();
            cnf.add_clause(&[!root, x]);
            match pre {
                None => cnf.add_clause(&[!x, root]),
                Some(p) => {
                    cnf.add_clause(&[!root, !p]);
                    cnf.add_clause(&[!x, p, root]);
                }
            }
            roots.push(root);
            if v + 1 < n {
                let next = cnf.new_var().positive();
                cnf.add_clause(&[!x, next]);
                match pre {
                    None => cnf.add_clause(&[!next, x]),
                    Some(p) => {
                        cnf.add_clause(&[!p, next]);
                        cnf.add_clause(&[!next, p, x]);
                    }
                }
                pre = Some(next);
            }
        }
        // Depths, `bits` bits per node, least significant first.
        let depth: Vec<Vec<Lit>> = (0..n)
            .map(|_| (0..bits).map(|_| cnf.new_var().positive()).collect())
            .collect();
        // C2: a parent arc v → u needs u chosen and, if gated, the edge.
        cnf.begin_family("C2 connected parent arc");
        let mut parents: Vec<Vec<Lit>> = vec![Vec::new(); n];
        let mut arcs = Vec::new();
        for (v, parents_v) in parents.iter_mut().enumerate() {
            for &(u, e) in self.graph.adjacent(v) {
                let arc = cnf.new_var().positive();
                cnf.add_clause(&[!arc, self.node[u]]);
                if let Some(edge) = &self.edge {
                    cnf.add_clause(&[!arc, edge[e]]);
                }
                parents_v.push(arc);
                arcs.push((arc, u, v));
            }
        }
        // C3: a chosen node is the root or has a parent.
        cnf.begin_family("C3 connected has parent");
        let mut clause = Vec::new();
        for v in 0..n {
            clause.clear();
            clause.push(!self.node[v]);
            clause.push(roots[v]);
            clause.extend(&parents[v]);
            cnf.add_clause(&clause);
        }
        // C4: along an arc v → u, depth(u) < depth(v): lt_i says bits 0..=i of u are below
        // those of v; the arc implies lt at the top bit.
        cnf.begin_family("C4 connected depth decreases");
        for (arc, u, v) in arcs {
            if let Some(top) = less_than(cnf, &depth[u], &depth[v]) {
                cnf.add_clause(&[!arc, top]);
            }
        }
        cnf.end_family();
        Size {
            variables: cnf.num_vars() - vars0,
            clauses: cnf.num_clauses() - clauses0,
        }
    }

    /// Whether a path may leave through `edge` towards `to`: `None` when it may, else the
    /// literal (false under `value`) that forbids it.
    fn blocked(&self, edge: usize, to: usize, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Lit> {
        if let Some(gates) = &self.edge
            && value(gates[edge]) == Some(false)
        {
            return Some(gates[edge]);
        }
        let x = self.node[to];
        (value(x) == Some(false)).then_some(x)
    }

    /// The components of the nodes not false under `value` (joined by edges not false)
    /// that hold a true node, into `s` ([`Scratch`]).
    fn components(&self, value: &dyn Fn(Lit) -> Option<bool>, s: &mut Scratch) {
        s.order.clear();
        s.parts.clear();
        for start in 0..self.graph.nodes() {
            if s.mark[start] || value(self.node[start]) != Some(true) {
                continue;
            }
            s.mark[start] = true;
            s.stack.push(start);
            while let Some(v) = s.stack.pop() {
                s.order.push(v);
                for &(u, e) in self.graph.adjacent(v) {
                    if !s.mark[u] && self.blocked(e, u, value).is_none() {
                        s.mark[u] = true;
                        s.stack.push(u);
                    }
                }
            }
            s.parts.push((s.order.len(), start));
        }
        for &v in &s.order {
            s.mark[v] = false;
        }
    }

    /// The cut clause of component `i` of `s` towards a true node `w` outside it.
    fn cut_of(
        &self,
        s: &mut Scratch,
        i: usize,
        w: usize,
        value: &dyn Fn(Lit) -> Option<bool>,
    ) -> Vec<Lit> {
        let Scratch {
            mark, order, parts, ..
        } = s;
        let start = if i == 0 { 0 } else { parts[i - 1].0 };
        let nodes = &order[start..parts[i].0];
        for &v in nodes {
            mark[v] = true;
        }
        let mut clause = vec![!self.node[parts[i].1], !self.node[w]];
        for &v in nodes {
            for &(u, e) in self.graph.adjacent(v) {
                if !mark[u]
                    && let Some(lit) = self.blocked(e, u, value)
                {
                    clause.push(lit);
                }
            }
        }
        for &v in nodes {
            mark[v] = false;
        }
        clause.sort_unstable();
        clause.dedup();
        clause
    }

    /// One cut clause when two true nodes cannot be joined under `value` (partial or total;
    /// every literal of the clause is false under it), `None` when every true node can still
    /// reach every other. The component cut off is the smallest.
    pub fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        let s = &mut *self.scratch.borrow_mut();
        self.components(value, s);
        if s.parts.len() < 2 {
            return None;
        }
        let smallest = (0..s.parts.len()).min_by_key(|&i| s.nodes(i).len())?;
        let other = s.parts[usize::from(smallest == 0)].1;
        Some(self.cut_of(s, smallest, other, value))
    }

    /// Every component's cut towards a true node of another (none when connected): the
    /// incremental SAT loop adds them all at once.
    pub fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        let s = &mut *self.scratch.borrow_mut();
        self.components(value, s);
        let count = s.parts.len();
        if count < 2 {
            return Vec::new();
        }
        let largest = (0..count).max_by_key(|&i| s.nodes(i).len()).unwrap_or(0);
        (0..count)
            .map(|i| {
                let w = if i == largest {
                    s.parts[usize::from(largest == 0)].1
                } else {
                    s.parts[largest].1
                };
                self.cut_of(s, i, w, value)
            })
            .collect()
    }

    /// The nodes a true node cannot reach, forced false: under a partial `value` where the
    /// true nodes are connected (no [`Connected::cut`]), every unassigned node outside the
    /// component `K` of the first true node, each with its reason — that node true and every
    /// way out of `K` false (the separator cut `¬a ∨ boundary ∨ ¬u`, read as an
    /// implication). Empty when no node is true.
    pub fn unreachable(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<(Lit, Vec<Lit>)> {
        let n = self.graph.nodes();
        let Some(a) = (0..n).find(|&v| value(self.node[v]) == Some(true)) else {
            return Vec::new();
        };
        let mut inside = vec![false; n];
        inside[a] = true;
        let mut stack = vec![a];
        let mut boundary = Vec::new();
        while let Some(v) = stack.pop() {
            for &(u, e) in self.graph.adjacent(v) {
                if inside[u] {
                    continue;
                }
                match self.blocked(e, u, value) {
                    Some(lit) => boundary.push(!lit),
                    None => {
                        inside[u] = true;
                        stack.push(u);
                    }
                }
            }
        }
        let open: Vec<usize> = (0..n)
            .filter(|&u| !inside[u] && value(self.node[u]).is_none())
            .collect();
        if open.is_empty() {
            return Vec::new();
        }
        boundary.push(self.node[a]);
        boundary.sort_unstable();
        boundary.dedup();
        open.into_iter()
            .map(|u| (!self.node[u], boundary.clone()))
            .collect()
    }

    /// Whether the nodes true in a total assignment are connected (the checkers of the
    /// genres have their own; this is for the constraint's tests).
    pub fn holds(&self, value: &dyn Fn(Lit) -> bool) -> bool {
        self.cut(&|l| Some(value(l))).is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{self, Blocking, SatBackend};
    use crate::stop::Stop;

    /// On a path 0 - 1 - 2 - 3 with 0 true and 1 false, 2 and 3 cannot be reached: both
    /// forced false by "0 true and 1 false"; with 1 open, nothing is forced.
    #[test]
    fn unreachable_nodes_are_forced_false_with_the_boundary_as_reason() {
        let mut cnf = Cnf::new();
        let x: Vec<Lit> = (0..4).map(|_| cnf.new_var().positive()).collect();
        let c = Connected::new(Graph::new(4, vec![(0, 1), (1, 2), (2, 3)]), x.clone(), None);
        let vars: Vec<_> = x.iter().map(|l| l.var()).collect();
        let at = |fixed: Vec<(usize, bool)>| {
            let vars = vars.clone();
            move |l: Lit| {
                fixed
                    .iter()
                    .find(|(i, _)| vars[*i] == l.var())
                    .map(|&(_, b)| b == l.is_positive())
            }
        };
        let forced = c.unreachable(&at(vec![(0, true), (1, false)]));
        let reason = vec![x[0], !x[1]];
        assert_eq!(forced, vec![(!x[2], reason.clone()), (!x[3], reason)]);
        assert!(c.unreachable(&at(vec![(0, true)])).is_empty());
        assert!(c.unreachable(&at(vec![(1, false)])).is_empty());
    }

    /// Connected subsets of a 3×3 grid, counted by the eager CNF, by brute force.
    #[test]
    fn eager_counts_connected_subsets_of_a_small_grid() {
        for (w, h) in [(2, 2), (3, 2), (3, 3)] {
            let graph = Graph::grid(w, h);
            let n = w * h;
            let mut cnf = Cnf::new();
            let xs: Vec<_> = (0..n).map(|_| cnf.new_var()).collect();
            let c = Connected::new(graph, xs.iter().map(|v| v.positive()).collect(), None);
            c.encode(&mut cnf);
            let brute = (0..1u32 << n)
                .filter(|&mask| c.holds(&|l| (mask >> l.var().index() & 1 == 1) == l.is_positive()))
                .count() as u64;
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
            assert_eq!(run.count, brute, "{w}x{h}");
            if (w, h) == (3, 3) {
                // 218 non-empty connected subsets of the 3×3 grid (OEIS A059525), and the
                // empty set.
                assert_eq!(brute, 219);
            }
        }
    }
}
