//! The independent checker: tents only on open ground, the counts of every counted row and
//! column, no two tents touching (the eight cells around each tent walked afresh), and a
//! pairing of trees with tents found here by its own augmenting paths (Kuhn's algorithm)
//! over tree–tent pairs that share a side.

use super::{TENT, Tents};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Tents, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
    let tent = |r: usize, c: usize| g.at(r, c) == TENT;
    for r in 0..h {
        for c in 0..w {
            match g.at(r, c) {
                v if v > 1 => return Err(CheckError::from(format!("{} holds {v}", name(r, c)))),
                TENT if p.tree(r, c) => {
                    return Err(CheckError::from(format!(
                        "a tent on the tree at {}",
                        name(r, c)
                    )));
                }
                _ => {}
            }
        }
    }
    let (columns, rows) = p.counts();
    for (r, k) in rows.iter().enumerate() {
        let n = (0..w).filter(|&c| tent(r, c)).count();
        if k.is_some_and(|k| k != n) {
            return Err(CheckError::from(format!(
                "row {} has {n} tents, not {}",
                r + 1,
                k.unwrap_or(0)
            )));
        }
    }
    for (c, k) in columns.iter().enumerate() {
        let n = (0..h).filter(|&r| tent(r, c)).count();
        if k.is_some_and(|k| k != n) {
            return Err(CheckError::from(format!(
                "column {} has {n} tents, not {}",
                c + 1,
                k.unwrap_or(0)
            )));
        }
    }
    let mut tents = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if !tent(r, c) {
                continue;
            }
            for y in r.saturating_sub(1)..=(r + 1).min(h - 1) {
                for x in c.saturating_sub(1)..=(c + 1).min(w - 1) {
                    if (y, x) != (r, c) && tent(y, x) {
                        return Err(CheckError::from(format!(
                            "the tents at {} and {} touch",
                            name(r, c),
                            name(y, x)
                        )));
                    }
                }
            }
            tents.push((r, c));
        }
    }
    let trees: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| p.tree(r, c))
        .collect();
    if trees.len() != tents.len() {
        return Err(CheckError::from(format!(
            "{} trees and {} tents",
            trees.len(),
            tents.len()
        )));
    }
    let beside =
        |(r, c): (usize, usize), (y, x): (usize, usize)| r.abs_diff(y) + c.abs_diff(x) == 1;
    // owner[t]: the tree paired with tent t.
    let mut owner = vec![usize::MAX; tents.len()];
    for tree in 0..trees.len() {
        let mut seen = vec![false; tents.len()];
        let mut path = vec![(tree, 0usize)];
        let mut paired = false;
        // An iterative depth-first search for an augmenting path from `tree`.
        while let Some(&mut (t, ref mut next)) = path.last_mut() {
            let Some(k) = (*next..tents.len()).find(|&k| !seen[k] && beside(trees[t], tents[k]))
            else {
                path.pop();
                continue;
            };
            *next = k + 1;
            seen[k] = true;
            if owner[k] == usize::MAX {
                // Flip the path: each tree on it takes the tent it reached.
                let mut tent_k = k;
                while let Some((t, _)) = path.pop() {
                    let before = owner.iter().position(|&o| o == t);
                    owner[tent_k] = t;
                    match before {
                        Some(b) if b != tent_k => tent_k = b,
                        _ => break,
                    }
                }
                paired = true;
                break;
            }
            path.push((owner[k], 0));
        }
        if !paired {
            let (r, c) = trees[tree];
            return Err(CheckError::from(format!(
                "no pairing of trees and tents gives the tree at {} its own tent",
                name(r, c)
            )));
        }
    }
    Ok(())
}
