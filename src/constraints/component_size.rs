//! **component size**: the chosen nodes of a graph are one connected component holding a
//! given **root** node and exactly `size` nodes (a nurikabe island: its labels over its
//! candidate cells, the clue's cell the root). Nodes are chosen by literals.
//!
//! Lazy only ([`ComponentSize::cut`], the `lazy::Global` trait), a cardinality propagator
//! in place of a counter's clauses; the connectivity it presumes is stated elsewhere (the
//! genre's clauses or a [`super::connected::Connected`]), and the eager form of the same
//! rule is a counter (`constraints::cnf::exactly_k`) next to that connectivity. Under a
//! partial assignment:
//! - **too many**: more than `size` nodes true; cut: not all of `size + 1` of them;
//! - **no root**: the root false; cut: the root;
//! - **too few**: the **reach** `R` — the nodes not false joined to the root through nodes
//!   not false — holds fewer than `size` nodes; cut: the root not chosen, or some false
//!   node on `R`'s boundary chosen (every connected choice holding the root and none of
//!   that boundary lies inside `R`), the separator cut of `connected.rs` read as a count;
//!   the same cut, with that node not chosen, when a true node lies outside `R` (with the
//!   root unassigned, each forces the root false);
//! - **forced** ([`ComponentSize::implied`]): with exactly `size` nodes true, every other
//!   node false (reason: those `size`); with `|R| = size`, every node of `R` true and every
//!   node outside it false (reason: the root and `R`'s false boundary).
//!
//! Invariant: every clause raised (and every implication, read as a clause) holds in every
//! assignment whose chosen nodes are connected, hold the root and number `size`; a total
//! assignment with connected chosen nodes that passes the checks is such an assignment.

use std::cell::Cell;

use crate::cnf::{Lit, Var};

use super::connected::Graph;

type Value<'a> = &'a dyn Fn(Lit) -> Option<bool>;

/// A rooted component of exactly `size` chosen nodes.
#[derive(Clone, Debug)]
pub struct ComponentSize {
    /// The graph.
    pub graph: Graph,
    /// Per node, the literal that chooses it.
    pub node: Vec<Lit>,
    /// The node the component holds.
    pub root: usize,
    /// How many nodes the component holds.
    pub size: usize,
    /// Nodes true and nodes false, as the batsat theory notes them
    /// ([`Global::assign`](super::lazy::Global::assign)): they only gate
    /// [`ComponentSize::implied`]'s passes, whose findings are read off the assignment
    /// itself.
    counts: Cell<(usize, usize)>,
}

impl ComponentSize {
    /// The component of `size` chosen `node`s holding `root`, over `graph`.
    pub fn new(graph: Graph, node: Vec<Lit>, root: usize, size: usize) -> ComponentSize {
        assert_eq!(node.len(), graph.nodes(), "one literal per node");
        assert!(root < node.len(), "the root is a node");
        ComponentSize {
            graph,
            node,
            root,
            size,
            counts: Cell::new((0, 0)),
        }
    }

    /// The true nodes' literals.
    fn chosen(&self, value: Value<'_>) -> Vec<Lit> {
        self.node
            .iter()
            .copied()
            .filter(|&l| value(l) == Some(true))
            .collect()
    }

    /// The reach from the root (module docs) as marks, with its size and its false
    /// boundary nodes' literals; `None` when the root is false.
    fn reach(&self, value: Value<'_>) -> Option<(Vec<bool>, usize, Vec<Lit>)> {
        if value(self.node[self.root]) == Some(false) {
            return None;
        }
        let mut inside = vec![false; self.node.len()];
        inside[self.root] = true;
        let mut stack = vec![self.root];
        let mut reach = 1;
        let mut boundary = Vec::new();
        while let Some(v) = stack.pop() {
            for &(u, _) in self.graph.adjacent(v) {
                if inside[u] {
                    continue;
                }
                inside[u] = true;
                if value(self.node[u]) == Some(false) {
                    boundary.push(self.node[u]);
                } else {
                    reach += 1;
                    stack.push(u);
                }
            }
        }
        Some((inside, reach, boundary))
    }

    /// A clause the too-few rule raises when the root is false, the reach is smaller than
    /// `size` or a true node lies outside it (every literal false but perhaps `¬root`),
    /// else the reach, its size and its boundary.
    #[allow(clippy::type_complexity)]
    fn too_few(&self, value: Value<'_>) -> Result<(Vec<bool>, usize, Vec<Lit>), Vec<Lit>> {
        let Some((inside, reach, boundary)) = self.reach(value) else {
            return Err(vec![self.node[self.root]]);
        };
        let stray = chosen_outside(&self.node, &inside, value);
        if reach < self.size || stray.is_some() {
            let mut clause = boundary;
            clause.push(!self.node[self.root]);
            clause.extend(stray.map(|l| !l));
            return Err(clause);
        }
        Ok((inside, reach, boundary))
    }

    /// One violated clause (module docs), or `None` when the assignment breaks no count.
    /// It reads the assignment alone (no counts), for total and partial ones alike.
    pub fn cut(&self, value: Value<'_>) -> Option<Vec<Lit>> {
        let chosen = self.chosen(value);
        if chosen.len() > self.size {
            return Some(chosen[..=self.size].iter().map(|&l| !l).collect());
        }
        self.too_few(value)
            .err()
            .filter(|clause| clause.iter().all(|&l| value(l) == Some(false)))
    }

    /// The literals forced (module docs), each with its reason (true literals that imply
    /// it); a violated clause comes as its first literal, false, forced by the negations
    /// of the others. The counts kept by the theory's notes
    /// ([`Global::assign`](super::lazy::Global::assign)) say when to look: with `size`
    /// nodes true and some open, or at most `size` nodes not false.
    pub fn implied(&self, value: Value<'_>) -> Vec<(Lit, Vec<Lit>)> {
        let n = self.node.len();
        let (trues, falses) = self.counts.get();
        // A clause false but for at most one literal: that literal forced by the others.
        let as_forced = |mut clause: Vec<Lit>| -> Vec<(Lit, Vec<Lit>)> {
            if let Some(open) = clause.iter().position(|&l| value(l) != Some(false)) {
                clause.swap(0, open);
            }
            match clause.split_first() {
                Some((&first, rest)) => vec![(first, rest.iter().map(|&l| !l).collect())],
                None => Vec::new(),
            }
        };
        if trues > self.size {
            return self.cut(value).map(as_forced).unwrap_or_default();
        }
        if trues == self.size && trues + falses < n {
            // The counts only say when to look; the reason is read off the assignment.
            let chosen = self.chosen(value);
            if chosen.len() != self.size {
                debug_assert!(false, "the counts disagree with the assignment");
                return Vec::new();
            }
            return self
                .node
                .iter()
                .filter(|&&l| value(l).is_none())
                .map(|&l| (!l, chosen.clone()))
                .collect();
        }
        if n - falses > self.size {
            return Vec::new();
        }
        let (inside, _, boundary) = match self.too_few(value) {
            Err(clause) => return as_forced(clause),
            Ok(reach) => reach,
        };
        if value(self.node[self.root]) != Some(true) {
            return Vec::new();
        }
        // The reach holds `size` nodes: it is the component, the rest is out. `inside`
        // also marks the reach's false boundary, false already.
        let mut reason: Vec<Lit> = boundary.iter().map(|&l| !l).collect();
        reason.push(self.node[self.root]);
        (0..n)
            .filter(|&u| value(self.node[u]).is_none())
            .map(|u| {
                let l = self.node[u];
                (if inside[u] { l } else { !l }, reason.clone())
            })
            .collect()
    }
}

/// A true node outside the reach (marked by `inside`; its false boundary is false), if any:
/// the component cannot hold it.
fn chosen_outside(node: &[Lit], inside: &[bool], value: Value<'_>) -> Option<Lit> {
    node.iter()
        .zip(inside)
        .find(|&(&l, &i)| !i && value(l) == Some(true))
        .map(|(&l, _)| l)
}

impl super::lazy::Global for ComponentSize {
    fn cut(&self, value: Value<'_>) -> Option<Vec<Lit>> {
        ComponentSize::cut(self, value)
    }

    fn cuts(&self, value: Value<'_>) -> Vec<Vec<Lit>> {
        ComponentSize::cut(self, value).into_iter().collect()
    }

    fn implied(&self, value: Value<'_>) -> Vec<(Lit, Vec<Lit>)> {
        ComponentSize::implied(self, value)
    }

    /// It stands in for a counter's clauses, which unit propagation reads at once.
    fn watched(&self) -> Option<Vec<Var>> {
        Some(self.node.iter().map(|l| l.var()).collect())
    }

    fn assign(&self, index: usize, value: bool) {
        let (trues, falses) = self.counts.get();
        self.counts.set(if value == self.node[index].is_positive() {
            (trues + 1, falses)
        } else {
            (trues, falses + 1)
        });
    }

    fn unassign(&self, index: usize, value: bool) {
        let (trues, falses) = self.counts.get();
        self.counts.set(if value == self.node[index].is_positive() {
            (trues - 1, falses)
        } else {
            (trues, falses - 1)
        });
    }
}
