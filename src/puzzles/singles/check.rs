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
    let lines = (0..h)
        .map(|r| (0..w).map(|c| r * w + c).collect::<Vec<_>>())
        .chain((0..w).map(|c| (0..h).map(|r| r * w + c).collect::<Vec<_>>()));
    for line in lines {
        for (k, &a) in line.iter().enumerate() {
            for &b in &line[k + 1..] {
                if g.values[a] == 0
                    && g.values[b] == 0
                    && p.numbers[a].is_some()
                    && p.numbers[a] == p.numbers[b]
                {
                    return Err(CheckError::from(format!(
                        "{} and {} both show {} unshaded",
                        name(a),
                        name(b),
                        p.numbers[a].unwrap_or(0)
                    )));
                }
            }
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
