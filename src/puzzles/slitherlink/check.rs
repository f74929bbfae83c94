//! The independent checker: clue counts, degree 0 or 2 at every dot, and one walk around
//! the loop meets every chosen edge. Shares no code with the encoders or the solvers.

use super::{Loop, Slitherlink};
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Slitherlink, s: &Loop) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if s.horizontal.len() != h + 1
        || s.horizontal.iter().any(|row| row.len() != w)
        || s.vertical.len() != h
        || s.vertical.iter().any(|row| row.len() != w + 1)
    {
        return Err(CheckError::from(format!(
            "the solution's edges do not fit a {w}×{h} grid"
        )));
    }
    for r in 0..h {
        for c in 0..w {
            if let Some(clue) = p.clues[r * w + c] {
                let sides = [
                    s.horizontal[r][c],
                    s.horizontal[r + 1][c],
                    s.vertical[r][c],
                    s.vertical[r][c + 1],
                ]
                .iter()
                .filter(|&&b| b)
                .count();
                if sides != clue as usize {
                    return Err(CheckError::from(format!(
                        "cell r{}c{} has clue {clue} but {sides} sides on the loop",
                        r + 1,
                        c + 1
                    )));
                }
            }
        }
    }
    // Edges at dot (r, c), as (dot it leads to).
    let at = |r: usize, c: usize| {
        let mut out = Vec::with_capacity(4);
        if c > 0 && s.horizontal[r][c - 1] {
            out.push((r, c - 1));
        }
        if c < w && s.horizontal[r][c] {
            out.push((r, c + 1));
        }
        if r > 0 && s.vertical[r - 1][c] {
            out.push((r - 1, c));
        }
        if r < h && s.vertical[r][c] {
            out.push((r + 1, c));
        }
        out
    };
    let mut start = None;
    for r in 0..=h {
        for c in 0..=w {
            let degree = at(r, c).len();
            if degree != 0 && degree != 2 {
                return Err(CheckError::from(format!(
                    "the dot at row {r}, column {c} (from 0) has {degree} loop edges"
                )));
            }
            if degree == 2 && start.is_none() {
                start = Some((r, c));
            }
        }
    }
    let total = s
        .horizontal
        .iter()
        .chain(&s.vertical)
        .flatten()
        .filter(|&&b| b)
        .count();
    let Some(start) = start else {
        return Err(CheckError::from("there is no loop"));
    };
    let (mut previous, mut here, mut walked) = (start, at(start.0, start.1)[0], 1);
    while here != start {
        let next = at(here.0, here.1);
        let step = if next[0] == previous {
            next[1]
        } else {
            next[0]
        };
        previous = here;
        here = step;
        walked += 1;
    }
    if walked != total {
        return Err(CheckError::from(format!(
            "the loop through dot ({}, {}) has {walked} edges, but {total} are drawn: more than one loop",
            start.0, start.1
        )));
    }
    Ok(())
}
