//! The independent checker: every cell in some region (cells holding the same clue index),
//! each region a filled rectangle (its cells fill their bounding box) holding exactly one
//! clue cell — the one its index names — of the region's area (any area for `?`) —
//! computed afresh, sharing nothing with the candidates or the model.

use super::{Clue, Shikaku};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Shikaku, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let clue_cells: Vec<usize> = (0..w * h)
        .filter(|&i| p.clue(i / w, i % w) != Clue::Empty)
        .collect();
    // Per region: cells, bounding box (top, left, bottom, right), clue cells inside.
    let mut count = vec![0usize; clue_cells.len()];
    let mut bbox = vec![(usize::MAX, usize::MAX, 0usize, 0usize); clue_cells.len()];
    let mut clues_in = vec![0usize; clue_cells.len()];
    for (i, &v) in g.values.iter().enumerate() {
        let k = v as usize;
        if k >= clue_cells.len() {
            return Err(CheckError::from(format!(
                "{} is in no rectangle (it holds {v})",
                name(i)
            )));
        }
        let (r, c) = (i / w, i % w);
        count[k] += 1;
        let b = &mut bbox[k];
        *b = (b.0.min(r), b.1.min(c), b.2.max(r), b.3.max(c));
        if p.clue(r, c) != Clue::Empty {
            clues_in[k] += 1;
        }
    }
    for (k, &cell) in clue_cells.iter().enumerate() {
        if g.values[cell] as usize != k {
            return Err(CheckError::from(format!(
                "the clue at {} is not in its own rectangle",
                name(cell)
            )));
        }
        if clues_in[k] != 1 {
            return Err(CheckError::from(format!(
                "the rectangle of {} holds {} numbers",
                name(cell),
                clues_in[k]
            )));
        }
        let (t, l, b, r) = bbox[k];
        if (b - t + 1) * (r - l + 1) != count[k] {
            return Err(CheckError::from(format!(
                "the region of {} is not a rectangle",
                name(cell)
            )));
        }
        if let Clue::Area(n) = p.clue(cell / w, cell % w)
            && n as usize != count[k]
        {
            return Err(CheckError::from(format!(
                "the {n} at {} has a rectangle of {} cells",
                name(cell),
                count[k]
            )));
        }
    }
    Ok(())
}
