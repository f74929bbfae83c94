//! The independent checker: clue cells unshaded, no two shaded cells side by side, each
//! number the unshaded cells it sees (walked here cell by cell), the unshaded cells one
//! region (a flood fill from the first) — computed afresh, sharing nothing with the model,
//! the sight encoding or the connectivity constraint.

use super::{Clue, Range};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Range, g: &Grid) -> Result<(), CheckError> {
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
    let white = |r: usize, c: usize| g.values[r * w + c] == 0;
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            if !white(r, c) {
                if p.clues[i] != Clue::Empty {
                    return Err(CheckError::from(format!(
                        "the clue at {} is shaded",
                        name(i)
                    )));
                }
                if (c + 1 < w && !white(r, c + 1)) || (r + 1 < h && !white(r + 1, c)) {
                    return Err(CheckError::from(format!(
                        "shaded cells touch at {}",
                        name(i)
                    )));
                }
            }
        }
    }
    for (i, clue) in p.clues.iter().enumerate() {
        let Clue::Count(n) = *clue else { continue };
        let (r, c) = (i / w, i % w);
        let mut seen = 1usize;
        for (dr, dc) in [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)] {
            let (mut rr, mut cc) = (r as isize + dr, c as isize + dc);
            while rr >= 0
                && cc >= 0
                && (rr as usize) < h
                && (cc as usize) < w
                && white(rr as usize, cc as usize)
            {
                seen += 1;
                rr += dr;
                cc += dc;
            }
        }
        if seen != n as usize {
            return Err(CheckError::from(format!(
                "the {n} at {} sees {seen} unshaded cells",
                name(i)
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
