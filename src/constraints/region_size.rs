//! **region size**: the nodes of a graph split into regions — the components of the edges
//! chosen to **join** their ends — and every region has exactly the size its nodes name
//! (fillomino: the number in each cell; palisade: one size k for all). An edge not joined
//! is a **border**, and a border never lies inside a region (both its ends in one
//! component). See `encodings/constraints.md` ("region size").
//!
//! Glossary:
//! - **join literal** of an edge: true when its two ends are in one region;
//! - **size** of a node: fixed ([`NodeSize::Fixed`]) or one of several, each chosen by a
//!   literal of which exactly one is true ([`NodeSize::OneOf`], the genre states the
//!   exactly-one); a node's size is **decided** when fixed or when one literal is true;
//! - **joined component**: nodes linked by edges whose join literal is true; **open
//!   component**: nodes linked by edges whose join literal is not false (the most a region
//!   can still grow to).
//!
//! Forms over the same [`RegionSize`]:
//! - **local** ([`RegionSize::local`]): clauses both forms need: `R1 size agrees` (a joined
//!   edge's ends have the same size) and `R2 one alone` (a node of size 1 joins nothing);
//! - **eager** ([`RegionSize::encode`], with the local clauses the whole rule): each region
//!   a tree of parent arcs along joined edges, each node's subtree size in unary (the sum
//!   of its children's, plus one, so sizes strictly grow towards the root and arcs cannot
//!   cycle), the root's subtree size equal to its size, and a binary region id that the
//!   root sets to its own index and joined edges carry, so one region holds one root and a
//!   border joins two ids that differ;
//! - **lazy** ([`RegionSize::cut`], the `lazy::Global` trait): under a partial assignment
//!   a node of decided size k whose joined component has more than k nodes (cut: not its
//!   size, or not one of the k joined edges of a tree of k + 1 nodes round it), whose open
//!   component has fewer than k (cut: not its size, or one of the borders round the open
//!   component joined), or a border inside a joined component (cut: the border joined, or
//!   not every edge of the joined path between its ends).
//!
//! Invariant: a total assignment that passes the lazy checks is a division into regions of
//! the named sizes with borders exactly between regions (each joined component has at most
//! and at least k nodes for every node's k, and no border inside one).

use crate::cnf::{Cnf, Lit};

use super::connected::{Graph, Size};

/// The size a node's region must have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeSize {
    /// Always this size.
    Fixed(u32),
    /// One of these sizes, the one whose literal is true.
    OneOf(Vec<(u32, Lit)>),
}

/// Regions of the joined edges, each of its nodes' size.
#[derive(Clone, Debug)]
pub struct RegionSize {
    /// The graph.
    pub graph: Graph,
    /// Per edge, the literal that joins its ends (its negation: a border).
    pub join: Vec<Lit>,
    /// Per node, its size.
    pub size: Vec<NodeSize>,
    /// Whether neighbours of equal size are one region (fillomino: two groups of one
    /// number never touch).
    pub distinct_neighbours: bool,
}

/// Components of a graph as flat arrays: per node its component and the edge it was
/// reached by (its tree edge; `usize::MAX` for each component's first node), and the
/// nodes grouped by component.
struct Parts {
    of: Vec<usize>,
    nodes: Vec<usize>,
    starts: Vec<usize>,
    via: Vec<usize>,
}

impl Parts {
    fn count(&self) -> usize {
        self.starts.len() - 1
    }

    fn nodes(&self, c: usize) -> &[usize] {
        &self.nodes[self.starts[c]..self.starts[c + 1]]
    }

    fn len(&self, c: usize) -> usize {
        self.starts[c + 1] - self.starts[c]
    }

    /// The edges of component `c`'s spanning tree.
    fn tree(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        self.nodes(c)
            .iter()
            .map(|&v| self.via[v])
            .filter(|&e| e != usize::MAX)
    }
}

/// An assignment: a literal's value, `None` while unassigned.
type Value<'a> = &'a dyn Fn(Lit) -> Option<bool>;

impl RegionSize {
    /// The constraint over `graph` with join literals `join` (one per edge) and sizes
    /// `size` (one per node).
    pub fn new(graph: Graph, join: Vec<Lit>, size: Vec<NodeSize>) -> RegionSize {
        assert_eq!(join.len(), graph.edges().len(), "one join literal per edge");
        assert_eq!(size.len(), graph.nodes(), "one size per node");
        RegionSize {
            graph,
            join,
            size,
            distinct_neighbours: false,
        }
    }

    /// The constraint with fillomino's rule too: neighbours of equal size are one region.
    pub fn with_distinct_neighbours(mut self) -> RegionSize {
        self.distinct_neighbours = true;
        self
    }

    /// Node `v`'s literal for size `k`: `Some(None)` when its size is fixed at `k`,
    /// `Some(Some(lit))` when a literal chooses it, `None` when it cannot be `k`.
    fn size_lit(&self, v: usize, k: u32) -> Option<Option<Lit>> {
        match &self.size[v] {
            NodeSize::Fixed(m) => (*m == k).then_some(None),
            NodeSize::OneOf(list) => list.iter().find(|p| p.0 == k).map(|p| Some(p.1)),
        }
    }

    /// The largest size any node may have.
    pub fn max_size(&self) -> u32 {
        self.size
            .iter()
            .map(|s| match s {
                NodeSize::Fixed(k) => *k,
                NodeSize::OneOf(list) => list.iter().map(|p| p.0).max().unwrap_or(0),
            })
            .max()
            .unwrap_or(0)
    }

    /// The clauses both forms need (module docs): `R0 equal sizes join` (with
    /// [`RegionSize::distinct_neighbours`]), `R1 size agrees`, `R2 one alone`.
    pub fn local(&self, cnf: &mut Cnf) {
        if self.distinct_neighbours {
            cnf.begin_family("R0 region equal sizes join");
            for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
                let sizes: Vec<(u32, Option<Lit>)> = match &self.size[u] {
                    NodeSize::Fixed(k) => vec![(*k, None)],
                    NodeSize::OneOf(list) => list.iter().map(|&(k, l)| (k, Some(l))).collect(),
                };
                for (k, x) in sizes {
                    if let Some(y) = self.size_lit(w, k) {
                        let mut clause = vec![self.join[e]];
                        clause.extend(x.map(|l| !l));
                        clause.extend(y.map(|l| !l));
                        cnf.add_clause(&clause);
                    }
                }
            }
        }
        cnf.begin_family("R1 region size agrees");
        for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
            let j = self.join[e];
            for (a, b) in [(u, w), (w, u)] {
                let NodeSize::OneOf(list) = &self.size[a] else {
                    continue;
                };
                for &(k, lit) in list {
                    let mut clause = vec![!j, !lit];
                    match &self.size[b] {
                        NodeSize::Fixed(m) if *m == k => continue,
                        NodeSize::Fixed(_) => {}
                        NodeSize::OneOf(other) => {
                            clause.extend(other.iter().filter(|p| p.0 == k).map(|p| p.1))
                        }
                    }
                    cnf.add_clause(&clause);
                }
            }
        }
        cnf.begin_family("R2 region of one alone");
        for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
            for a in [u, w] {
                match &self.size[a] {
                    NodeSize::Fixed(1) => cnf.add_clause(&[!self.join[e]]),
                    NodeSize::Fixed(_) => {}
                    NodeSize::OneOf(list) => {
                        for &(_, lit) in list.iter().filter(|p| p.0 == 1) {
                            cnf.add_clause(&[!self.join[e], !lit]);
                        }
                    }
                }
            }
        }
        cnf.end_family();
    }

    /// The eager encoding (module docs), without the local clauses: families `R3 region
    /// tree` … `R6 region id`, as `encodings/constraints.md` numbers them.
    pub fn encode(&self, cnf: &mut Cnf) -> Size {
        let (vars0, clauses0) = (cnf.num_vars(), cnf.num_clauses());
        let n = self.graph.nodes();
        let m = self.max_size().max(1) as usize;
        // R3: parent arcs along joined edges, at most one a node; a root has none.
        cnf.begin_family("R3 region tree");
        // children[v]: (arc literal, child).
        let mut children: Vec<Vec<(Lit, usize)>> = vec![Vec::new(); n];
        let mut roots = Vec::with_capacity(n);
        for v in 0..n {
            let mut parents = Vec::new();
            for &(u, e) in self.graph.adjacent(v) {
                let arc = cnf.new_var().positive();
                cnf.add_clause(&[!arc, self.join[e]]);
                children[u].push((arc, v));
                parents.push(arc);
            }
            cnf.at_most_one(&parents);
            let root = cnf.new_var().positive();
            let mut clause = vec![root];
            clause.extend(&parents);
            cnf.add_clause(&clause);
            for &p in &parents {
                cnf.add_clause(&[!root, !p]);
            }
            roots.push(root);
        }
        // R4: below[v][t-1] says the subtree under v, v excluded, has at least t nodes
        // (t = 1..m−1): the unary sum of the children's subtrees, each gated by its arc.
        cnf.begin_family("R4 region subtree size");
        let below: Vec<Vec<Lit>> = (0..n)
            .map(|_| (1..m).map(|_| cnf.new_var().positive()).collect())
            .collect();
        for v in 0..n {
            let mut sum: Vec<Lit> = Vec::new();
            for &(arc, c) in &children[v] {
                // The child's subtree has 1 + below[c] nodes: at least t when t = 1 or
                // below[c] ≥ t − 1; gated by the arc.
                let mut gated = Vec::with_capacity(m);
                gated.push(arc);
                for &b in &below[c] {
                    let g = cnf.new_var().positive();
                    cnf.add_clause(&[!g, arc]);
                    cnf.add_clause(&[!g, b]);
                    cnf.add_clause(&[g, !arc, !b]);
                    gated.push(g);
                }
                sum = unary_add(cnf, &sum, &gated, m);
            }
            // sum has up to m digits; below[v] is its first m − 1, and m is too many.
            for (t, &b) in below[v].iter().enumerate() {
                match sum.get(t) {
                    Some(&s) => {
                        cnf.add_clause(&[!s, b]);
                        cnf.add_clause(&[s, !b]);
                    }
                    None => cnf.add_clause(&[!b]),
                }
            }
            if let Some(&over) = sum.get(m - 1) {
                cnf.add_clause(&[!over]);
            }
        }
        // R5: a root's subtree is its region: 1 + below = its size.
        cnf.begin_family("R5 region root size");
        for v in 0..n {
            let sizes: Vec<(u32, Option<Lit>)> = match &self.size[v] {
                NodeSize::Fixed(k) => vec![(*k, None)],
                NodeSize::OneOf(list) => list.iter().map(|&(k, l)| (k, Some(l))).collect(),
            };
            for (k, lit) in sizes {
                let k = k as usize;
                let mut clause = vec![!roots[v]];
                clause.extend(lit.map(|l| !l));
                if k == 0 || k > m {
                    cnf.add_clause(&clause);
                    continue;
                }
                // At least k − 1 below, and not k.
                if k >= 2 {
                    let mut at_least = clause.clone();
                    at_least.push(below[v][k - 2]);
                    cnf.add_clause(&at_least);
                }
                if k < m {
                    clause.push(!below[v][k - 1]);
                    cnf.add_clause(&clause);
                }
            }
        }
        // R6: binary ids, a root's its own index, equal across a joined edge, different
        // across a border.
        cnf.begin_family("R6 region id");
        let bits = (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1) as usize;
        let id: Vec<Vec<Lit>> = (0..n)
            .map(|_| (0..bits).map(|_| cnf.new_var().positive()).collect())
            .collect();
        for v in 0..n {
            for (b, &x) in id[v].iter().enumerate() {
                cnf.add_clause(&[!roots[v], if v >> b & 1 == 1 { x } else { !x }]);
            }
        }
        for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
            let j = self.join[e];
            let mut differ = vec![j];
            for (&x, &y) in id[u].iter().zip(&id[w]) {
                cnf.add_clause(&[!j, !x, y]);
                cnf.add_clause(&[!j, x, !y]);
                let d = cnf.new_var().positive();
                cnf.add_clause(&[!d, x, y]);
                cnf.add_clause(&[!d, !x, !y]);
                differ.push(d);
            }
            cnf.add_clause(&differ);
        }
        cnf.end_family();
        Size {
            variables: cnf.num_vars() - vars0,
            clauses: cnf.num_clauses() - clauses0,
        }
    }

    /// The decided size of `node` under `value`, with the literal that chose it.
    fn decided(&self, node: usize, value: Value<'_>) -> Option<(usize, Option<Lit>)> {
        match &self.size[node] {
            NodeSize::Fixed(k) => Some((*k as usize, None)),
            NodeSize::OneOf(list) => list
                .iter()
                .find(|p| value(p.1) == Some(true))
                .map(|&(k, l)| (k as usize, Some(l))),
        }
    }

    /// The components of the edges whose join literal is true (`open`: not false), as
    /// flat arrays (one allocation each, not one per component).
    fn parts(&self, value: Value<'_>, open: bool) -> Parts {
        let n = self.graph.nodes();
        let mut parts = Parts {
            of: vec![usize::MAX; n],
            nodes: Vec::with_capacity(n),
            starts: vec![0],
            via: vec![usize::MAX; n],
        };
        for start in 0..n {
            if parts.of[start] != usize::MAX {
                continue;
            }
            let id = parts.starts.len() - 1;
            parts.of[start] = id;
            let first = parts.nodes.len();
            parts.nodes.push(start);
            let mut next = first;
            while next < parts.nodes.len() {
                let v = parts.nodes[next];
                next += 1;
                for &(u, e) in self.graph.adjacent(v) {
                    let j = value(self.join[e]);
                    let passes = if open {
                        j != Some(false)
                    } else {
                        j == Some(true)
                    };
                    if passes && parts.of[u] == usize::MAX {
                        parts.of[u] = id;
                        parts.via[u] = e;
                        parts.nodes.push(u);
                    }
                }
            }
            parts.starts.push(parts.nodes.len());
        }
        parts
    }

    /// Breadth first from `from` over joined edges: the edges of a tree of up to `limit`
    /// nodes, and the path of edges to `to` when reached (`to` = `usize::MAX`: none).
    fn joined_tree(
        &self,
        from: usize,
        limit: usize,
        to: usize,
        value: Value<'_>,
    ) -> (Vec<usize>, Option<Vec<usize>>) {
        let n = self.graph.nodes();
        let mut via = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        seen[from] = true;
        let mut queue = std::collections::VecDeque::from([from]);
        let mut tree = Vec::new();
        let mut count = 1;
        while let Some(v) = queue.pop_front() {
            if v == to {
                let mut path = Vec::new();
                let mut at = to;
                while at != from {
                    let e = via[at];
                    path.push(e);
                    let (a, b) = self.graph.edges()[e];
                    at = if a == at { b } else { a };
                }
                return (tree, Some(path));
            }
            for &(u, e) in self.graph.adjacent(v) {
                if count >= limit && to == usize::MAX {
                    return (tree, None);
                }
                if !seen[u] && value(self.join[e]) == Some(true) {
                    seen[u] = true;
                    via[u] = e;
                    tree.push(e);
                    count += 1;
                    queue.push_back(u);
                }
            }
        }
        (tree, None)
    }

    /// Every violated clause (module docs), at most `most`.
    fn violations(&self, value: Value<'_>, most: usize) -> Vec<Vec<Lit>> {
        let mut out = Vec::new();
        let joined = self.parts(value, false);
        // Too large: the node of smallest decided size in a joined component larger than it.
        for c in 0..joined.count() {
            let nodes = joined.nodes(c);
            let smallest = nodes
                .iter()
                .filter_map(|&v| self.decided(v, value).map(|(k, l)| (k, l, v)))
                .filter(|&(k, _, _)| k < nodes.len())
                .min_by_key(|&(k, _, _)| k);
            if let Some((k, lit, v)) = smallest {
                let (tree, _) = self.joined_tree(v, k + 1, usize::MAX, value);
                let mut clause: Vec<Lit> = tree.iter().map(|&e| !self.join[e]).collect();
                clause.extend(lit.map(|l| !l));
                out.push(clause);
                if out.len() >= most {
                    return out;
                }
            }
        }
        // A border inside a joined component.
        for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
            if joined.of[u] == joined.of[w] && value(self.join[e]) == Some(false) {
                let (_, path) = self.joined_tree(u, usize::MAX, w, value);
                let mut clause = vec![self.join[e]];
                clause.extend(path.unwrap_or_default().iter().map(|&p| !self.join[p]));
                out.push(clause);
                if out.len() >= most {
                    return out;
                }
            }
        }
        // Too small: the node of largest decided size in an open component smaller than it.
        let open = self.parts(value, true);
        for c in 0..open.count() {
            let nodes = open.nodes(c);
            let largest = nodes
                .iter()
                .filter_map(|&v| self.decided(v, value))
                .filter(|&(k, _)| k > nodes.len())
                .max_by_key(|&(k, _)| k);
            if let Some((_, lit)) = largest {
                let mut clause: Vec<Lit> = lit.map(|l| !l).into_iter().collect();
                for &v in nodes {
                    for &(u, e) in self.graph.adjacent(v) {
                        if open.of[u] != c {
                            clause.push(self.join[e]);
                        }
                    }
                }
                clause.sort_unstable();
                clause.dedup();
                out.push(clause);
                if out.len() >= most {
                    return out;
                }
            }
        }
        out
    }

    /// What the constraint forces under a partial assignment, with reasons (true
    /// literals):
    /// - **too large, across an edge**: an open edge between two joined components whose
    ///   nodes together outnumber a size decided in either is a border;
    /// - **too large, at a node** (with [`RegionSize::distinct_neighbours`]): a node cannot
    ///   take size k when its joined component, with the neighbouring components of decided
    ///   size k it would join, would outnumber k;
    /// - **too small**: a node cannot take size k when the nodes that may still take k,
    ///   linked by edges not yet borders, are fewer than k round it.
    pub fn implied(&self, value: Value<'_>) -> Vec<(Lit, Vec<Lit>)> {
        let mut out = Vec::new();
        let joined = self.parts(value, false);
        // The smallest decided size of each component, with its literal.
        let decided: Vec<Option<(usize, Option<Lit>)>> = (0..joined.count())
            .map(|c| {
                joined
                    .nodes(c)
                    .iter()
                    .filter_map(|&v| self.decided(v, value))
                    .min_by_key(|d| d.0)
            })
            .collect();
        let reason_of = |c: usize, with_size: bool, reason: &mut Vec<Lit>| {
            reason.extend(joined.tree(c).map(|e| self.join[e]));
            if with_size && let Some((_, Some(l))) = decided[c] {
                reason.push(l);
            }
        };
        for (e, &(u, w)) in self.graph.edges().iter().enumerate() {
            let (cu, cw) = (joined.of[u], joined.of[w]);
            if cu == cw || value(self.join[e]).is_some() {
                continue;
            }
            let total = joined.len(cu) + joined.len(cw);
            let (ku, kw) = (
                decided[cu].map_or(usize::MAX, |d| d.0),
                decided[cw].map_or(usize::MAX, |d| d.0),
            );
            if total > ku.min(kw) {
                let mut reason = Vec::new();
                let by = if ku <= kw { cu } else { cw };
                reason_of(cu, by == cu, &mut reason);
                reason_of(cw, by == cw, &mut reason);
                out.push((!self.join[e], reason));
            }
        }
        if self.distinct_neighbours {
            self.too_large_at_nodes(value, &joined, &decided, &mut out);
        }
        self.too_small(value, &mut out);
        out
    }

    /// The "too large, at a node" deductions of [`RegionSize::implied`].
    fn too_large_at_nodes(
        &self,
        value: Value<'_>,
        joined: &Parts,
        decided: &[Option<(usize, Option<Lit>)>],
        out: &mut Vec<(Lit, Vec<Lit>)>,
    ) {
        let mut near: Vec<usize> = Vec::with_capacity(4);
        for v in 0..self.graph.nodes() {
            let NodeSize::OneOf(list) = &self.size[v] else {
                continue;
            };
            let own = joined.of[v];
            for &(k, lit) in list {
                if value(lit).is_some() {
                    continue;
                }
                near.clear();
                let mut total = joined.len(own);
                for &(u, _) in self.graph.adjacent(v) {
                    let c = joined.of[u];
                    if c != own
                        && !near.contains(&c)
                        && decided[c].is_some_and(|d| d.0 == k as usize)
                    {
                        near.push(c);
                        total += joined.len(c);
                    }
                }
                if total > k as usize {
                    let mut reason: Vec<Lit> = joined.tree(own).map(|e| self.join[e]).collect();
                    for &c in &near {
                        reason.extend(joined.tree(c).map(|e| self.join[e]));
                        if let Some((_, Some(l))) = decided[c] {
                            reason.push(l);
                        }
                    }
                    out.push((!lit, reason));
                }
            }
        }
    }

    /// The "too small" deductions of [`RegionSize::implied`], per size.
    fn too_small(&self, value: Value<'_>, out: &mut Vec<(Lit, Vec<Lit>)>) {
        let n = self.graph.nodes();
        let mut sizes: Vec<u32> = self
            .size
            .iter()
            .filter_map(|s| match s {
                NodeSize::OneOf(list) => Some(list.iter().map(|p| p.0)),
                NodeSize::Fixed(_) => None,
            })
            .flatten()
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        // mark[v]: the stamp of v's component for the size at hand; stamps grow, so v is
        // seen for size k when its stamp is at least k's first.
        let mut mark = vec![0usize; n];
        let mut stamp = 0usize;
        let mut nodes = Vec::new();
        for k in sizes {
            let may = |v: usize| {
                self.size_lit(v, k)
                    .is_some_and(|l| l.is_none_or(|l| value(l) != Some(false)))
            };
            let first = stamp + 1;
            for start in 0..n {
                if mark[start] >= first || !may(start) {
                    continue;
                }
                stamp += 1;
                mark[start] = stamp;
                nodes.clear();
                nodes.push(start);
                let mut next = 0;
                while next < nodes.len() {
                    let v = nodes[next];
                    next += 1;
                    for &(u, e) in self.graph.adjacent(v) {
                        if mark[u] < first && value(self.join[e]) != Some(false) && may(u) {
                            mark[u] = stamp;
                            nodes.push(u);
                        }
                    }
                }
                if nodes.len() >= k as usize {
                    continue;
                }
                let mut reason = Vec::new();
                for &v in &nodes {
                    for &(u, e) in self.graph.adjacent(v) {
                        if mark[u] == stamp {
                            continue;
                        }
                        if value(self.join[e]) == Some(false) {
                            reason.push(!self.join[e]);
                        } else if let Some(Some(l)) = self.size_lit(u, k) {
                            reason.push(!l);
                        }
                    }
                }
                reason.sort_unstable();
                reason.dedup();
                for &v in &nodes {
                    if let Some(Some(l)) = self.size_lit(v, k)
                        && value(l).is_none()
                    {
                        out.push((!l, reason.clone()));
                    }
                }
            }
        }
    }

    /// One violated clause under a partial or total `value` (every literal false under
    /// it), or `None` when nothing is broken yet.
    pub fn cut(&self, value: Value<'_>) -> Option<Vec<Lit>> {
        self.violations(value, 1).pop()
    }

    /// Every violated clause found in one pass (one per component at fault).
    pub fn cuts(&self, value: Value<'_>) -> Vec<Vec<Lit>> {
        self.violations(value, usize::MAX)
    }
}

impl super::lazy::Global for RegionSize {
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        RegionSize::cut(self, value)
    }

    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        RegionSize::cuts(self, value)
    }

    fn implied(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<(Lit, Vec<Lit>)> {
        RegionSize::implied(self, value)
    }
}

/// `a + b` in unary (sorted digits: `x[t-1]` says "at least t"), both ways exact, with at
/// most `cap` digits (the last then says "at least cap").
fn unary_add(cnf: &mut Cnf, a: &[Lit], b: &[Lit], cap: usize) -> Vec<Lit> {
    if a.is_empty() {
        return b[..b.len().min(cap)].to_vec();
    }
    if b.is_empty() {
        return a[..a.len().min(cap)].to_vec();
    }
    let len = (a.len() + b.len()).min(cap);
    let c: Vec<Lit> = (0..len).map(|_| cnf.new_var().positive()).collect();
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            // a ≥ i ∧ b ≥ j → c ≥ i + j.
            if i + j >= 1 {
                let mut clause = vec![c[(i + j).min(len) - 1]];
                if i > 0 {
                    clause.push(!a[i - 1]);
                }
                if j > 0 {
                    clause.push(!b[j - 1]);
                }
                cnf.add_clause(&clause);
            }
            // a < i + 1 ∧ b < j + 1 → c < i + j + 1.
            if i + j < len {
                let mut clause = vec![!c[i + j]];
                clause.extend(a.get(i).copied());
                clause.extend(b.get(j).copied());
                cnf.add_clause(&clause);
            }
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{self, Blocking, SatBackend};
    use crate::stop::Stop;

    /// Divisions of a small grid into regions of size k, counted by brute force, by the
    /// eager CNF and by the lazy loop.
    #[test]
    fn eager_and_lazy_count_divisions_of_small_grids() {
        // 3×3 into trominoes: 10 ways.
        for (w, h, k) in [(2, 2, 2), (3, 2, 2), (3, 3, 3), (4, 2, 4), (4, 2, 2)] {
            let graph = Graph::grid(w, h);
            let edges = graph.edges().len();
            let mut cnf = Cnf::new();
            let joins: Vec<_> = (0..edges).map(|_| cnf.new_var()).collect();
            let c = RegionSize::new(
                graph,
                joins.iter().map(|v| v.positive()).collect(),
                vec![NodeSize::Fixed(k); w * h],
            );
            c.local(&mut cnf);
            let brute = (0..1u32 << edges)
                .filter(|&mask| {
                    c.cut(&|l| Some((mask >> l.var().index() & 1 == 1) == l.is_positive()))
                        .is_none()
                })
                .count() as u64;
            let lazy = super::super::lazy::solve_incremental(
                &cnf,
                std::slice::from_ref(&c),
                &joins,
                1000,
                0,
                &Stop::never(),
            )
            .unwrap();
            assert_eq!(
                (lazy.count, lazy.complete),
                (brute, true),
                "{w}x{h} k={k} lazy"
            );
            let theory = super::super::lazy::solve_theory(
                true,
                &cnf,
                std::slice::from_ref(&c),
                &joins,
                1000,
                0,
                &Stop::never(),
            );
            assert_eq!(theory.count, brute, "{w}x{h} k={k} theory");
            c.encode(&mut cnf);
            let run = sat::enumerate_with(
                &cnf,
                &SatBackend::Varisat,
                &joins,
                Blocking::Full,
                None,
                &Stop::never(),
                |_| {},
            )
            .unwrap();
            assert_eq!(run.count, brute, "{w}x{h} k={k} eager");
            if (w, h, k) == (3, 3, 3) {
                assert_eq!(brute, 10);
            }
        }
    }

    /// Sizes chosen per node (1..=3 on a 1×3 strip): each of the four divisions with the
    /// one choice of sizes that fits it (that equal neighbours share a region is the
    /// genre's rule, not this one's: three regions of 1 are a division).
    #[test]
    fn chosen_sizes_match_their_regions() {
        let graph = Graph::grid(3, 1);
        let mut cnf = Cnf::new();
        let joins: Vec<Lit> = (0..2).map(|_| cnf.new_var().positive()).collect();
        let mut sizes = Vec::new();
        let mut vars = Vec::new();
        for _ in 0..3 {
            let lits: Vec<Lit> = (0..3).map(|_| cnf.new_var().positive()).collect();
            cnf.exactly_one(&lits);
            vars.extend(lits.iter().map(|l| l.var()));
            sizes.push(NodeSize::OneOf(
                lits.iter()
                    .enumerate()
                    .map(|(k, &l)| (k as u32 + 1, l))
                    .collect(),
            ));
        }
        let c = RegionSize::new(graph, joins.clone(), sizes);
        c.local(&mut cnf);
        let mut projection: Vec<_> = joins.iter().map(|l| l.var()).collect();
        projection.extend(vars);
        let lazy = super::super::lazy::solve_incremental(
            &cnf,
            std::slice::from_ref(&c),
            &projection,
            100,
            0,
            &Stop::never(),
        )
        .unwrap();
        c.encode(&mut cnf);
        let eager = sat::enumerate_with(
            &cnf,
            &SatBackend::Varisat,
            &projection,
            Blocking::Full,
            None,
            &Stop::never(),
            |_| {},
        )
        .unwrap();
        // Joins (a, b) and sizes: 1|1|1, 1|2 2, 2 2|1, 3 3 3: four.
        assert_eq!(lazy.count, 4);
        assert_eq!(eager.count, 4);
    }
}
