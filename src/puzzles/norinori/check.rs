//! The independent checker: values 0/1, two shaded cells in every region (counted here),
//! and every shaded cell with exactly one shaded orthogonal neighbour (looked at here) —
//! sharing nothing with the model's counts and tables.

use super::Norinori;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Norinori, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    if let Some(i) = g.values.iter().position(|&v| v > 1) {
        return Err(CheckError::from(format!(
            "{} holds {}",
            name(i),
            g.values[i]
        )));
    }
    let regions = p.regions();
    let mut per_region = vec![0usize; regions.iter().max().map_or(0, |&m| m + 1)];
    for (i, &v) in g.values.iter().enumerate() {
        per_region[regions[i]] += v as usize;
    }
    if let Some(q) = per_region.iter().position(|&n| n != 2) {
        let first = regions.iter().position(|&x| x == q).unwrap_or(0);
        return Err(CheckError::from(format!(
            "the region of {} has {} shaded cells, not 2",
            name(first),
            per_region[q]
        )));
    }
    let shaded = |r: usize, c: usize| g.values[r * w + c] == 1;
    for r in 0..h {
        for c in 0..w {
            if !shaded(r, c) {
                continue;
            }
            let n = usize::from(r > 0 && shaded(r - 1, c))
                + usize::from(r + 1 < h && shaded(r + 1, c))
                + usize::from(c > 0 && shaded(r, c - 1))
                + usize::from(c + 1 < w && shaded(r, c + 1));
            if n != 1 {
                return Err(CheckError::from(format!(
                    "the shaded {} has {n} shaded neighbours, not 1",
                    name(r * w + c)
                )));
            }
        }
    }
    Ok(())
}
