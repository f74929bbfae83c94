//! The independent checker: every cell in exactly one domino (its own going right or down
//! inside the grid, or its left or upper neighbour's reaching it), and each pair of numbers
//! {a, b} with a ≤ b ≤ N on exactly one domino, counted in a table of its own.

use super::{DOWN, Dominosa, RIGHT, SECOND};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Dominosa, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
    let mut covered = vec![0u8; w * h];
    let m = p.max() as usize + 1;
    let mut used = vec![0u32; m * m];
    for r in 0..h {
        for c in 0..w {
            let other = match g.at(r, c) {
                SECOND => continue,
                RIGHT if c + 1 < w => (r, c + 1),
                DOWN if r + 1 < h => (r + 1, c),
                v => return Err(CheckError::from(format!("{} holds {v}", name(r, c)))),
            };
            covered[r * w + c] += 1;
            covered[other.0 * w + other.1] += 1;
            let (a, b) = (p.number(r, c) as usize, p.number(other.0, other.1) as usize);
            let (a, b) = (a.min(b), a.max(b));
            used[a * m + b] += 1;
            if used[a * m + b] > 1 {
                return Err(CheckError::from(format!(
                    "the domino {a}-{b} is placed twice (again at {})",
                    name(r, c)
                )));
            }
        }
    }
    if let Some(i) = covered.iter().position(|&k| k != 1) {
        return Err(CheckError::from(format!(
            "{} is in {} dominoes",
            name(i / w, i % w),
            covered[i]
        )));
    }
    Ok(())
}
