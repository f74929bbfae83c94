//! Reachability and strongly connected components on small directed graphs held as bit
//! sets: node `d`'s out-arcs are the bits of `adj[d]` (at most 64 nodes). The all-different
//! filter of the sudoku engines (Régin, "A filtering algorithm for constraints of
//! difference in CSPs", AAAI 1994) reads Hall sets off these components.

/// The nodes reachable from `from` along `adj`, inside `within`.
pub fn reach<const N: usize>(adj: &[u64; N], from: usize, within: u64) -> u64 {
    let mut seen = 1u64 << from;
    let mut todo = seen;
    while todo != 0 {
        let d = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = adj[d] & within & !seen;
        seen |= new;
        todo |= new;
    }
    seen
}

/// The nodes of `within` that reach `to` along `adj`, without the reversed arcs: each
/// sweep adds the nodes with an arc into the set so far (few sweeps on dense graphs,
/// cheaper than building the reversed graph).
pub fn reach_back<const N: usize>(adj: &[u64; N], to: usize, within: u64) -> u64 {
    let mut seen = 1u64 << to;
    loop {
        let before = seen;
        let mut rest = within & !seen;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if adj[x] & seen != 0 {
                seen |= 1u64 << x;
            }
        }
        if seen == before {
            return seen;
        }
    }
}

/// Per node of `nodes`, its strongly connected component along `adj` (0 for the other
/// nodes): the nodes forward reachable from a node that also reach it back. With the
/// reversed arcs `radj`, the backward part is a forward reach along them; without, it is
/// [`reach_back`] confined to the forward reachable nodes (a path back from one of them
/// stays among them).
pub fn components<const N: usize>(adj: &[u64; N], radj: Option<&[u64; N]>, nodes: u64) -> [u64; N] {
    let mut component = [0u64; N];
    let mut rest = nodes;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        let scc = match radj {
            Some(radj) => reach(adj, d, rest) & reach(radj, d, rest),
            None => reach_back(adj, d, reach(adj, d, rest)),
        };
        rest &= !scc;
        let mut s = scc;
        while s != 0 {
            component[s.trailing_zeros() as usize] = scc;
            s &= s - 1;
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn bits(mut m: u64) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                d
            })
        })
    }

    /// The components without reversed arcs are those of the forward-backward step, and
    /// each holds exactly the nodes that reach and are reached from its members.
    #[test]
    fn both_ways_agree_on_random_graphs() {
        let mut rng = SplitMix64::new(11);
        for round in 0..2000 {
            let n = 1 + round % 36;
            let full = (1u64 << n) - 1;
            let sparse = round % 3;
            let nodes = rng.next_u64() & full;
            let mut adj = [0u64; 36];
            for (d, a) in adj.iter_mut().enumerate().take(n) {
                let mut m = rng.next_u64() & full;
                for _ in 0..sparse {
                    m &= rng.next_u64();
                }
                *a = m & !(1u64 << d) & nodes;
            }
            let mut radj = [0u64; 36];
            for (d, a) in adj.iter().enumerate() {
                for e in bits(*a) {
                    radj[e] |= 1u64 << d;
                }
            }
            let with = components(&adj, Some(&radj), nodes);
            let without = components(&adj, None, nodes);
            for d in bits(nodes) {
                assert_eq!(with[d], without[d], "round {round}");
                for e in bits(nodes) {
                    let both = reach(&adj, d, nodes) & (1 << e) != 0
                        && reach(&adj, e, nodes) & (1 << d) != 0;
                    assert_eq!(with[d] & (1 << e) != 0, both, "round {round}");
                }
            }
        }
    }
}
