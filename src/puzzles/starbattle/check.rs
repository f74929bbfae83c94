//! The independent checker: values 0/1, K stars in every row, column and region (counted
//! here), and no two stars side by side or corner to corner (each star's eight neighbours
//! looked at) — sharing nothing with the model's counts and windows.

use super::StarBattle;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &StarBattle, g: &Grid) -> Result<(), CheckError> {
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
    let k = p.stars();
    let star = |r: usize, c: usize| g.values[r * w + c] == 1;
    for r in 0..h {
        let n = (0..w).filter(|&c| star(r, c)).count();
        if n != k {
            return Err(CheckError::from(format!(
                "row {} has {n} stars, not {k}",
                r + 1
            )));
        }
    }
    for c in 0..w {
        let n = (0..h).filter(|&r| star(r, c)).count();
        if n != k {
            return Err(CheckError::from(format!(
                "column {} has {n} stars, not {k}",
                c + 1
            )));
        }
    }
    let regions = p.regions();
    let mut per_region = vec![0usize; regions.iter().max().map_or(0, |&m| m + 1)];
    for (i, &v) in g.values.iter().enumerate() {
        per_region[regions[i]] += v as usize;
    }
    if let Some(q) = per_region.iter().position(|&n| n != k) {
        let first = regions.iter().position(|&x| x == q).unwrap_or(0);
        return Err(CheckError::from(format!(
            "the region of {} has {} stars, not {k}",
            name(first),
            per_region[q]
        )));
    }
    for r in 0..h {
        for c in 0..w {
            if !star(r, c) {
                continue;
            }
            for (dr, dc) in [(0isize, 1isize), (1, -1), (1, 0), (1, 1)] {
                let (rr, cc) = (r as isize + dr, c as isize + dc);
                if rr >= 0
                    && cc >= 0
                    && (rr as usize) < h
                    && (cc as usize) < w
                    && star(rr as usize, cc as usize)
                {
                    return Err(CheckError::from(format!(
                        "stars touch at {} and {}",
                        name(r * w + c),
                        name(rr as usize * w + cc as usize)
                    )));
                }
            }
        }
    }
    Ok(())
}
