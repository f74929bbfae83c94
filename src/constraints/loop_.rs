//! **one loop**: the chosen edges of a graph (a lattice: grid points joined by unit
//! segments) form a single cycle, or nothing. Two parts:
//! - local clauses ([`single_loop`]): every node has degree 0 or 2 among the chosen edges
//!   (families `L1 no dead end`, `L2 no branch`), and a node literal `used_v ↔ some edge at
//!   v` (`L3 used`);
//! - connectivity of the used nodes through the chosen edges: the [`Connected`] returned,
//!   which the caller encodes eagerly ([`Connected::encode`]) or checks lazily
//!   (`lazy.rs`). Degree 2 everywhere plus one component is exactly one cycle.

use crate::cnf::{Cnf, Lit};

use super::connected::{Connected, Graph};

/// Adds the local clauses of "the chosen edges `edge` (one literal per edge of `graph`)
/// form one cycle or nothing" and returns the connectivity constraint that completes it.
/// `names` names each node's `used` variable (for DIMACS comments), or `None`.
pub fn single_loop(
    cnf: &mut Cnf,
    graph: &Graph,
    edge: &[Lit],
    names: Option<&dyn Fn(usize) -> String>,
) -> Connected {
    assert_eq!(edge.len(), graph.edges().len(), "one literal per edge");
    let mut used = Vec::with_capacity(graph.nodes());
    for v in 0..graph.nodes() {
        used.push(
            match names {
                Some(name) => cnf.new_named_var(name(v)),
                None => cnf.new_var(),
            }
            .positive(),
        );
    }
    let mut clause = Vec::new();
    cnf.begin_family("L1 loop no dead end");
    for v in 0..graph.nodes() {
        let at: Vec<Lit> = graph.adjacent(v).iter().map(|&(_, e)| edge[e]).collect();
        for (i, &e) in at.iter().enumerate() {
            clause.clear();
            clause.push(!e);
            clause.extend(
                at.iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &l)| l),
            );
            cnf.add_clause(&clause);
        }
    }
    cnf.begin_family("L2 loop no branch");
    for v in 0..graph.nodes() {
        let at: Vec<Lit> = graph.adjacent(v).iter().map(|&(_, e)| edge[e]).collect();
        for i in 0..at.len() {
            for j in i + 1..at.len() {
                for k in j + 1..at.len() {
                    cnf.add_clause(&[!at[i], !at[j], !at[k]]);
                }
            }
        }
    }
    cnf.begin_family("L3 loop used node");
    for (v, &used_v) in used.iter().enumerate() {
        clause.clear();
        clause.push(!used_v);
        for &(_, e) in graph.adjacent(v) {
            clause.push(edge[e]);
            cnf.add_clause(&[!edge[e], used_v]);
        }
        cnf.add_clause(&clause);
    }
    cnf.end_family();
    Connected::new(graph.clone(), used, Some(edge.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::lazy;
    use crate::sat::{self, Blocking, SatBackend};
    use crate::stop::Stop;

    /// The lattice of a `w × h` grid of cells: `(w + 1)(h + 1)` points.
    fn lattice(w: usize, h: usize) -> Graph {
        Graph::grid(w + 1, h + 1)
    }

    /// Simple cycles (and the empty set) on small lattices, counted three ways: eager CNF,
    /// incremental cuts, theory. 2×2 cells: 13 cycles (OEIS A140517: 1, 13, 213, …).
    #[test]
    fn cycles_on_small_lattices_agree() {
        for (w, h, cycles) in [(1, 1, 1u64), (2, 2, 13), (3, 3, 213)] {
            let graph = lattice(w, h);
            let mut cnf = Cnf::new();
            let edges: Vec<_> = (0..graph.edges().len()).map(|_| cnf.new_var()).collect();
            let lits: Vec<Lit> = edges.iter().map(|v| v.positive()).collect();
            let conn = single_loop(&mut cnf, &graph, &lits, None);
            let local = cnf.clone();
            conn.encode(&mut cnf);
            let eager = sat::enumerate_with(
                &cnf,
                &SatBackend::Varisat,
                &edges,
                Blocking::Full,
                None,
                &Stop::never(),
                |_| {},
            )
            .unwrap();
            assert_eq!(eager.count, cycles + 1, "eager {w}x{h}");
            let constraints = [conn];
            let inc =
                lazy::solve_incremental(&local, &constraints, &edges, u64::MAX, 0, &Stop::never())
                    .unwrap();
            assert_eq!(
                (inc.count, inc.complete),
                (cycles + 1, true),
                "cuts {w}x{h}"
            );
            for partial in [true, false] {
                let th = lazy::solve_theory(
                    partial,
                    &local,
                    &constraints,
                    &edges,
                    u64::MAX,
                    2,
                    &Stop::never(),
                );
                assert_eq!(
                    (th.count, th.complete),
                    (cycles + 1, true),
                    "theory {w}x{h}"
                );
                assert_eq!(th.models.len(), 2);
            }
        }
    }
}
