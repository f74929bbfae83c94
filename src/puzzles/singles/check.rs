//! The independent checker: no number twice unshaded in a row or column, no two shaded
//! cells side by side, the unshaded cells one region (a flood fill from the first) —
//! computed here afresh, sharing nothing with the model or the connectivity constraint.

use super::Singles;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Singles, g: &Grid) -> Result<(), CheckError> {
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
    let shaded = |r: usize, c: usize| g.at(r, c) == 1;
    for r in 0..h {
        for c in 0..w {
            if shaded(r, c) && ((c + 1 < w && shaded(r, c + 1)) || (r + 1 < h && shaded(r + 1, c)))
            {
                return Err(CheckError::from(format!(
                    "shaded cells touch at {}",
                    name(r * w + c)
                )));
            }
        }
    }
    // Per line, its unshaded numbered cells sorted by number then place: a clash is two
    // neighbours in that order with one number; the one named starts earliest in the line.
    let lines = (0..h)
        .map(|r| (0..w).map(|c| r * w + c).collect::<Vec<_>>())
        .chain((0..w).map(|c| (0..h).map(|r| r * w + c).collect::<Vec<_>>()));
    let mut shown: Vec<(u32, usize)> = Vec::new();
    for line in lines {
        shown.clear();
        shown.extend(
            line.iter()
                .filter(|&&i| g.values[i] == 0)
                .filter_map(|&i| p.numbers[i].map(|n| (n, i))),
        );
        shown.sort_unstable();
        let clash = shown
            .windows(2)
            .filter(|pair| pair[0].0 == pair[1].0)
            .min_by_key(|pair| pair[0].1);
        if let Some(pair) = clash {
            let ((n, a), (_, b)) = (pair[0], pair[1]);
            return Err(CheckError::from(format!(
                "{} and {} both show {n} unshaded",
                name(a),
                name(b)
            )));
        }
    }
    match crate::puzzles::region::cut_off(w, &g.values, 0) {
        Some((i, start)) => Err(CheckError::from(format!(
            "the unshaded cells are not connected: {} is cut off from {}",
            name(i),
            name(start)
        ))),
        None => Ok(()),
    }
}
