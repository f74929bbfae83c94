//! A one-to-one matching of anchors and the cells that hold a value (tents: each tree has
//! its own tent beside it, each tent its own tree): [`Constraint::Matching`] says that the
//! cells of the anchors' candidate lists holding `value` can be paired with the anchors, each
//! anchor with one of its candidates and each such cell with one anchor. Which pairing is
//! not part of the solution (two pairings of the same cells are one solution).
//!
//! - CNF (`encode`, family 13 `matching`): an edge variable `m` per anchor and candidate
//!   that may hold the value; exactly one edge per anchor; a candidate holds the value iff
//!   exactly one of its edges is chosen (`m → x`, `x → ⋁ m`, at most one `m`).
//! - Native (`revise`): an anchor with no candidate left is a wipe-out, with one left
//!   places it; the anchors must be matchable into the cells that may hold the value, and
//!   the cells that must hold it into the anchors (two augmenting-path matchings; by the
//!   Mendelsohn–Dulmage theorem both together mean one matching covers the anchors and every
//!   such cell); when as many cells must hold the value as there are anchors, no other
//!   candidate may. At a full assignment this is exactly the rule.
//!
//! Invariant: anchors index `anchors`; candidate lists hold model cells, each once per list.

use super::{Constraint, Domain};
use crate::cnf::{Cnf, Lit};

/// The deductions of [`revise`]: `(cell, true)` the cell must hold the value, `(cell, false)`
/// it must not; `None`: no solution below.
pub(crate) type Deductions = Option<Vec<(usize, bool)>>;

/// Maximum bipartite matching by augmenting paths: `edges[l]` lists the right vertices of
/// left vertex `l` (right vertices `0..right`); returns the matching's size.
fn max_matching(edges: &[Vec<usize>], right: usize) -> usize {
    fn augment(l: usize, edges: &[Vec<usize>], owner: &mut [usize], seen: &mut [bool]) -> bool {
        for &r in &edges[l] {
            if !seen[r] {
                seen[r] = true;
                if owner[r] == usize::MAX || augment(owner[r], edges, owner, seen) {
                    owner[r] = l;
                    return true;
                }
            }
        }
        false
    }
    let mut owner = vec![usize::MAX; right];
    let mut seen = vec![false; right];
    let mut size = 0;
    for l in 0..edges.len() {
        seen.iter_mut().for_each(|s| *s = false);
        if augment(l, edges, &mut owner, &mut seen) {
            size += 1;
        }
    }
    size
}

/// What the matching rule over `anchors` deduces from the domains `dom`.
pub(crate) fn revise(anchors: &[Vec<usize>], value: u32, dom: &[Domain]) -> Deductions {
    let bit = 1u64 << value;
    let mut cells: Vec<usize> = anchors.iter().flatten().copied().collect();
    cells.sort_unstable();
    cells.dedup();
    let index = |c: usize| cells.binary_search(&c).expect("a candidate");
    let mut out = Vec::new();
    let live: Vec<Vec<usize>> = anchors
        .iter()
        .map(|list| {
            list.iter()
                .filter(|&&c| dom[c] & bit != 0)
                .map(|&c| index(c))
                .collect()
        })
        .collect();
    for list in &live {
        match list[..] {
            [] => return None,
            [only] if dom[cells[only]] != bit => out.push((cells[only], true)),
            _ => {}
        }
    }
    if max_matching(&live, cells.len()) < anchors.len() {
        return None;
    }
    let fixed: Vec<usize> = (0..cells.len()).filter(|&k| dom[cells[k]] == bit).collect();
    let mut anchors_of: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (a, list) in live.iter().enumerate() {
        for &k in list {
            anchors_of[k].push(a);
        }
    }
    let fixed_edges: Vec<Vec<usize>> = fixed.iter().map(|&k| anchors_of[k].clone()).collect();
    if max_matching(&fixed_edges, anchors.len()) < fixed.len() {
        return None;
    }
    if fixed.len() == anchors.len() {
        for (k, &c) in cells.iter().enumerate() {
            if dom[c] & bit != 0 && dom[c] != bit && !fixed.contains(&k) {
                out.push((c, false));
            }
        }
    }
    Some(out)
}

/// Family 13: the matching over `anchors`, `lit(cell)` the literal "cell holds the value"
/// (`None`: it cannot).
pub(crate) fn encode(cnf: &mut Cnf, anchors: &[Vec<usize>], lit: impl Fn(usize) -> Option<Lit>) {
    let mut edges_of: Vec<(usize, Vec<Lit>)> = Vec::new();
    for list in anchors {
        let mut mine = Vec::with_capacity(list.len());
        for &c in list {
            let Some(x) = lit(c) else { continue };
            let m = cnf.new_var().positive();
            cnf.add_clause(&[!m, x]);
            mine.push(m);
            match edges_of.iter_mut().find(|(cell, _)| *cell == c) {
                Some((_, ms)) => ms.push(m),
                None => edges_of.push((c, vec![m])),
            }
        }
        cnf.exactly_one(&mine);
    }
    for (c, ms) in &edges_of {
        let x = lit(*c).expect("an edge's cell may hold the value");
        let mut clause = vec![!x];
        clause.extend_from_slice(ms);
        cnf.add_clause(&clause);
        cnf.at_most_one(ms);
    }
}

/// A matching rule between `anchors` and the cells holding `value`.
pub fn matching(anchors: Vec<Vec<usize>>, value: u32) -> Constraint {
    Constraint::Matching { anchors, value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matchings_decide_and_refuse() {
        // Two anchors sharing cell 1; anchor 0 may also take 0, anchor 1 also 2.
        let anchors = vec![vec![0, 1], vec![1, 2]];
        let open = [0b11u64; 3];
        assert_eq!(revise(&anchors, 1, &open), Some(vec![]));
        // Cell 1 is out: both others are needed.
        let d = revise(&anchors, 1, &[0b11, 0b01, 0b11]).unwrap();
        assert_eq!(d, vec![(0, true), (2, true)]);
        // Cells 0 and 1 hold the value: the two anchors are used up, cell 2 may not.
        assert_eq!(
            revise(&anchors, 1, &[0b10, 0b10, 0b11]),
            Some(vec![(2, false)])
        );
        // All three hold it: three cells, two anchors.
        assert_eq!(revise(&anchors, 1, &[0b10, 0b10, 0b10]), None);
        // One anchor, two cells that must hold the value.
        assert_eq!(revise(&[vec![0, 1]], 1, &[0b10, 0b10]), None);
        assert_eq!(max_matching(&[vec![0], vec![0]], 1), 1);
    }
}
