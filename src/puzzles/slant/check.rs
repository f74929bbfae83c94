//! The independent checker: every cell `\` or `/`, each clue the number of diagonals that
//! touch its point (counted here from the four cells around it), and no loop: the
//! diagonals joined one by one, none may join two points already connected (a union-find
//! of its own) — sharing nothing with the CNF or the `acyclic` constraint.

use super::{BACKSLASH, SLASH, Slant};
use crate::constraints::Grid;
use crate::puzzle::CheckError;
use crate::util::dsf::Dsf;

pub(super) fn verify(p: &Slant, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    if let Some(i) = g.values.iter().position(|&v| v != BACKSLASH && v != SLASH) {
        return Err(CheckError::from(format!(
            "r{}c{} holds {}, not a diagonal",
            i / w + 1,
            i % w + 1,
            g.values[i]
        )));
    }
    let at = |r: usize, c: usize| g.values[r * w + c];
    for r in 0..=h {
        for c in 0..=w {
            let Some(clue) = p.clue(r, c) else { continue };
            let mut n = 0;
            n += u8::from(r > 0 && c > 0 && at(r - 1, c - 1) == BACKSLASH);
            n += u8::from(r > 0 && c < w && at(r - 1, c) == SLASH);
            n += u8::from(r < h && c > 0 && at(r, c - 1) == SLASH);
            n += u8::from(r < h && c < w && at(r, c) == BACKSLASH);
            if n != clue {
                return Err(CheckError::from(format!(
                    "{n} diagonals touch the {clue} at point r{}c{} (corners counted from 1)",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    let mut points = Dsf::new((w + 1) * (h + 1));
    for r in 0..h {
        for c in 0..w {
            let point = |r: usize, c: usize| r * (w + 1) + c;
            let (a, b) = if at(r, c) == BACKSLASH {
                (point(r, c), point(r + 1, c + 1))
            } else {
                (point(r, c + 1), point(r + 1, c))
            };
            if points.union(a, b).is_none() {
                return Err(CheckError::from(format!(
                    "the diagonal in r{}c{} closes a loop",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    Ok(())
}
