//! The independent checker: the regions are the orthogonally connected groups of equal
//! labels (a flood fill computed here afresh, sharing nothing with the encoding or the
//! region size constraint); each has K cells, holes are labelled 0 and nothing else is,
//! and every clue counts the sides of its cell that face another label, a hole or the
//! grid's edge.

use super::{Cell, Palisade};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Palisade, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    let k = p.region_size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let neighbours = |i: usize| {
        let (r, c) = (i / w, i % w);
        [
            (r > 0).then(|| i - w),
            (r + 1 < h).then_some(i + w),
            (c > 0).then(|| i - 1),
            (c + 1 < w).then_some(i + 1),
        ]
    };
    for (i, (&label, &cell)) in g.values.iter().zip(&p.cells).enumerate() {
        if (cell == Cell::Hole) != (label == 0) {
            return Err(CheckError::from(format!(
                "{} is {} but labelled {label}",
                name(i),
                if cell == Cell::Hole {
                    "a hole"
                } else {
                    "in the grid"
                }
            )));
        }
        if let Cell::Clue(n) = cell {
            let borders = neighbours(i)
                .iter()
                .filter(|j| j.is_none_or(|j| g.values[j] != label))
                .count();
            if borders != usize::from(n) {
                return Err(CheckError::from(format!(
                    "{} has {borders} borders round it, its clue says {n}",
                    name(i)
                )));
            }
        }
    }
    let mut seen = vec![false; w * h];
    for start in 0..w * h {
        if seen[start] || g.values[start] == 0 {
            continue;
        }
        seen[start] = true;
        let label = g.values[start];
        let mut stack = vec![start];
        let mut size = 0usize;
        while let Some(i) = stack.pop() {
            size += 1;
            for j in neighbours(i).into_iter().flatten() {
                if !seen[j] && g.values[j] == label {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if size != k {
            let cells = if size == 1 { "cell" } else { "cells" };
            return Err(CheckError::from(format!(
                "the region at {} has {size} {cells}, not {k}",
                name(start)
            )));
        }
    }
    Ok(())
}
