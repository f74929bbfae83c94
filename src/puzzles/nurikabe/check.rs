//! The independent checker: numbered cells unshaded, no 2×2 block all shaded, the shaded
//! cells one region, and each unshaded region holding exactly one number equal to its size
//! (a `?` any size) — flood fills computed here afresh, sharing nothing with the encoding
//! or the connectivity constraint.

use super::Nurikabe;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Nurikabe, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
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
    let shaded = |i: usize| g.values[i] == 1;
    if let Some(i) = (0..w * h).find(|&i| shaded(i) && p.clues[i].is_some()) {
        return Err(CheckError::from(format!(
            "numbered cell {} is shaded",
            name(i)
        )));
    }
    for r in 0..h.saturating_sub(1) {
        for c in 0..w.saturating_sub(1) {
            let i = r * w + c;
            if [i, i + 1, i + w, i + w + 1].iter().all(|&j| shaded(j)) {
                return Err(CheckError::from(format!(
                    "a 2×2 block of shaded cells at {}",
                    name(i)
                )));
            }
        }
    }
    // Regions of equal shading, by flood fill.
    let mut region = vec![usize::MAX; w * h];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for start in 0..w * h {
        if region[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        region[start] = id;
        let mut cells = Vec::new();
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            cells.push(i);
            let (r, c) = (i / w, i % w);
            let mut next = Vec::with_capacity(4);
            if r > 0 {
                next.push(i - w);
            }
            if r + 1 < h {
                next.push(i + w);
            }
            if c > 0 {
                next.push(i - 1);
            }
            if c + 1 < w {
                next.push(i + 1);
            }
            for j in next {
                if region[j] == usize::MAX && shaded(j) == shaded(start) {
                    region[j] = id;
                    stack.push(j);
                }
            }
        }
        regions.push(cells);
    }
    let walls: Vec<&Vec<usize>> = regions.iter().filter(|cells| shaded(cells[0])).collect();
    if walls.len() > 1 {
        return Err(CheckError::from(format!(
            "the shaded cells are not connected: {} is cut off from {}",
            name(walls[1][0]),
            name(walls[0][0])
        )));
    }
    for cells in regions.iter().filter(|cells| !shaded(cells[0])) {
        let numbered: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&i| p.clues[i].is_some())
            .collect();
        match numbered.as_slice() {
            [] => {
                return Err(CheckError::from(format!(
                    "the island of {} has no number",
                    name(cells[0])
                )));
            }
            [one] => {
                if let Some(Some(n)) = p.clues[*one]
                    && n as usize != cells.len()
                {
                    return Err(CheckError::from(format!(
                        "the island of {} has {} cells, not {n}",
                        name(*one),
                        cells.len()
                    )));
                }
            }
            [a, b, ..] => {
                return Err(CheckError::from(format!(
                    "{} and {} are on the same island",
                    name(*a),
                    name(*b)
                )));
            }
        }
    }
    Ok(())
}
