//! The independent checker: every given kept, and every orthogonally connected group of
//! equal numbers exactly that many cells — a flood fill computed here afresh, sharing
//! nothing with the encoding or the region size constraint.

use super::Fillomino;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Fillomino, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    for (i, (&v, clue)) in g.values.iter().zip(&p.clues).enumerate() {
        if v == 0 {
            return Err(CheckError::from(format!("{} holds no number", name(i))));
        }
        if let Some(Some(n)) = clue
            && *n != v
        {
            return Err(CheckError::from(format!(
                "{} is given {n} but holds {v}",
                name(i)
            )));
        }
    }
    let mut seen = vec![false; w * h];
    for start in 0..w * h {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let v = g.values[start];
        let mut stack = vec![start];
        let mut size = 0usize;
        while let Some(i) = stack.pop() {
            size += 1;
            let (r, c) = (i / w, i % w);
            let up = (r > 0).then(|| i - w);
            let down = (r + 1 < h).then_some(i + w);
            let left = (c > 0).then(|| i - 1);
            let right = (c + 1 < w).then_some(i + 1);
            for j in [up, down, left, right].into_iter().flatten() {
                if !seen[j] && g.values[j] == v {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size != v as usize {
            return Err(CheckError::from(format!(
                "the group of {v}s at {} has {size} cells",
                name(start)
            )));
        }
    }
    Ok(())
}
