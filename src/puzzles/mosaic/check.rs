//! The independent checker: every value 0 or 1, and each clue equal to the shaded cells of
//! the 3×3 block around it, counted here afresh from row and column offsets.

use super::{Mosaic, SHADED};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Mosaic, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    if let Some(i) = g.values.iter().position(|&v| v > 1) {
        return Err(CheckError::from(format!(
            "r{}c{} holds {}",
            i / w + 1,
            i % w + 1,
            g.values[i]
        )));
    }
    for r in 0..h {
        for c in 0..w {
            let Some(clue) = p.clue(r, c) else { continue };
            let mut shaded = 0;
            for y in r.saturating_sub(1)..=(r + 1).min(h - 1) {
                for x in c.saturating_sub(1)..=(c + 1).min(w - 1) {
                    if g.at(y, x) == SHADED {
                        shaded += 1;
                    }
                }
            }
            if shaded != clue {
                return Err(CheckError::from(format!(
                    "r{}c{} has clue {clue} but {shaded} shaded cells around it",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    Ok(())
}
