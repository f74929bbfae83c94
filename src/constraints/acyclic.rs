//! **no cycle**: the chosen edges of a graph form a forest (gokigen/slant: the diagonals
//! never close a loop). Edges are chosen by literals; nodes are not chosen.
//!
//! Two forms over the same [`Acyclic`] (sizes in `encodings/slant.md`):
//! - **eager** ([`Acyclic::encode`]): every chosen edge gives one of its ends a parent, the
//!   other end (`A1 edge orients`: `e → a(u→v) ∨ a(v→u)`, `a → e`); a node has at most one
//!   parent (`A2 one parent`); binary depths strictly decrease along parent arcs (`A3 depth
//!   decreases`, the comparator of `connected.rs`). A cycle of k chosen edges through k
//!   nodes would give each of its nodes its one parent on the cycle, a parent chain that
//!   comes back to its start, which decreasing depths forbid; a forest is oriented towards
//!   a root per tree, depth its distance. Sizes for `n` nodes, `m` edges, `B = ⌈log₂ n⌉`
//!   bits: `nB + 2m + 2mB` variables, about `5m + 6mB + Σ C(deg, 2)` clauses (pairwise
//!   at-most-one; the grid's degrees are at most 4).
//! - **lazy** ([`Acyclic::cut`]): under a partial or total assignment, the edges true so
//!   far are joined one by one in a union-find; an edge whose ends are already joined
//!   closes a cycle, found as the path between them in the forest so far; the cut clause
//!   is "not all of these edges" — every literal false under the assignment, and true in
//!   every forest. A check is linear in the edges, so it runs at every propagation fixpoint.

use crate::cnf::{Cnf, Lit};
use crate::util::dsf::Dsf;

use super::connected::{Graph, Size, less_than};
use super::lazy::Global;

/// The chosen edges of a graph form a forest.
#[derive(Clone, Debug)]
pub struct Acyclic {
    /// The graph.
    pub graph: Graph,
    /// Per edge, the literal that chooses it.
    pub edge: Vec<Lit>,
}

impl Acyclic {
    /// The constraint over `graph` with edge literals `edge`.
    pub fn new(graph: Graph, edge: Vec<Lit>) -> Acyclic {
        assert_eq!(edge.len(), graph.edges().len(), "one literal per edge");
        Acyclic { graph, edge }
    }

    /// The eager encoding (module docs): families `A1 edge orients`, `A2 one parent`,
    /// `A3 depth decreases`.
    pub fn encode(&self, cnf: &mut Cnf) -> Size {
        let (vars0, clauses0) = (cnf.num_vars(), cnf.num_clauses());
        let n = self.graph.nodes();
        let bits = (usize::BITS - n.saturating_sub(1).leading_zeros()) as usize;
        let depth: Vec<Vec<Lit>> = (0..n)
            .map(|_| (0..bits).map(|_| cnf.new_var().positive()).collect())
            .collect();
        cnf.begin_family("A1 acyclic edge orients");
        // Per node, the arcs to its parent; per arc, (child, parent).
        let mut up: Vec<Vec<Lit>> = vec![Vec::new(); n];
        let mut arcs = Vec::with_capacity(2 * self.graph.edges().len());
        for (e, &(u, v)) in self.graph.edges().iter().enumerate() {
            let uv = cnf.new_var().positive();
            let vu = cnf.new_var().positive();
            let x = self.edge[e];
            cnf.add_clause(&[!x, uv, vu]);
            cnf.add_clause(&[!uv, x]);
            cnf.add_clause(&[!vu, x]);
            up[u].push(uv);
            up[v].push(vu);
            arcs.push((uv, u, v));
            arcs.push((vu, v, u));
        }
        cnf.begin_family("A2 acyclic one parent");
        for parents in &up {
            for i in 0..parents.len() {
                for j in i + 1..parents.len() {
                    cnf.add_clause(&[!parents[i], !parents[j]]);
                }
            }
        }
        cnf.begin_family("A3 acyclic depth decreases");
        for (arc, child, parent) in arcs {
            match less_than(cnf, &depth[parent], &depth[child]) {
                Some(top) => cnf.add_clause(&[!arc, top]),
                // At most one node: only a self-loop, itself a cycle.
                None => cnf.add_clause(&[!arc]),
            }
        }
        cnf.end_family();
        Size {
            variables: cnf.num_vars() - vars0,
            clauses: cnf.num_clauses() - clauses0,
        }
    }

    /// The cycles closed by the edges true under `value`, one per edge that closes one
    /// (at most `limit`), each as its edge indices.
    fn cycles(&self, value: &dyn Fn(Lit) -> Option<bool>, limit: usize) -> Vec<Vec<usize>> {
        let n = self.graph.nodes();
        let mut sets = Dsf::new(n);
        // The forest so far, as adjacency (node → (neighbour, edge)).
        let mut forest: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        let mut out = Vec::new();
        for (e, &(u, v)) in self.graph.edges().iter().enumerate() {
            if value(self.edge[e]) != Some(true) {
                continue;
            }
            if sets.union(u, v).is_some() {
                forest[u].push((v, e));
                forest[v].push((u, e));
                continue;
            }
            // The path from u to v in the forest, by a search from u.
            let mut came: Vec<Option<(usize, usize)>> = vec![None; n];
            let mut stack = vec![u];
            let mut seen = vec![false; n];
            seen[u] = true;
            while let Some(x) = stack.pop() {
                if x == v {
                    break;
                }
                for &(y, f) in &forest[x] {
                    if !seen[y] {
                        seen[y] = true;
                        came[y] = Some((x, f));
                        stack.push(y);
                    }
                }
            }
            let mut cycle = vec![e];
            let mut x = v;
            while let Some((y, f)) = came[x] {
                cycle.push(f);
                x = y;
            }
            out.push(cycle);
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    fn clause(&self, cycle: &[usize]) -> Vec<Lit> {
        cycle.iter().map(|&e| !self.edge[e]).collect()
    }

    /// Whether the edges true in a total assignment form a forest (the genres' checkers
    /// have their own; this is for the constraint's tests).
    pub fn holds(&self, value: &dyn Fn(Lit) -> bool) -> bool {
        self.cycles(&|l| Some(value(l)), 1).is_empty()
    }
}

impl Global for Acyclic {
    /// The first cycle closed by the edges true so far: "not all of its edges".
    fn cut(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Option<Vec<Lit>> {
        self.cycles(value, 1).first().map(|c| self.clause(c))
    }

    /// One clause per edge that closes a cycle.
    fn cuts(&self, value: &dyn Fn(Lit) -> Option<bool>) -> Vec<Vec<Lit>> {
        self.cycles(value, usize::MAX)
            .iter()
            .map(|c| self.clause(c))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::lazy;
    use crate::sat::{self, Blocking, SatBackend};
    use crate::stop::Stop;

    /// Forests of small grids, counted by brute force, by the eager CNF, by the cut loop and
    /// by the theory: 2×2 grid (a 4-cycle): 15 of the 16 edge sets; 3×2: 2⁷ minus the sets
    /// that hold a square.
    #[test]
    fn forests_of_small_graphs_agree() {
        for (w, h) in [(2, 2), (3, 2), (3, 3)] {
            let graph = Graph::grid(w, h);
            let m = graph.edges().len();
            let mut cnf = Cnf::new();
            let vars: Vec<_> = (0..m).map(|_| cnf.new_var()).collect();
            let lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
            let c = Acyclic::new(graph, lits);
            let brute = (0..1u32 << m)
                .filter(|&mask| c.holds(&|l| (mask >> l.var().index() & 1 == 1) == l.is_positive()))
                .count() as u64;
            if (w, h) == (2, 2) {
                assert_eq!(brute, 15);
            }
            let local = cnf.clone();
            c.encode(&mut cnf);
            let eager = sat::enumerate_with(
                &cnf,
                &SatBackend::Varisat,
                &vars,
                Blocking::Full,
                None,
                &Stop::never(),
                |_| {},
            )
            .unwrap();
            assert_eq!(eager.count, brute, "eager {w}x{h}");
            let constraints = [c];
            let inc =
                lazy::solve_incremental(&local, &constraints, &vars, u64::MAX, 0, &Stop::never())
                    .unwrap();
            assert_eq!((inc.count, inc.complete), (brute, true), "cuts {w}x{h}");
            for partial in [true, false] {
                let th = lazy::solve_theory(
                    partial,
                    &local,
                    &constraints,
                    &vars,
                    u64::MAX,
                    0,
                    &Stop::never(),
                );
                assert_eq!((th.count, th.complete), (brute, true), "theory {w}x{h}");
            }
        }
    }
}
