//! The independent checker: every cell holds a colour 0–3, the cells of a region one
//! colour, its given one where there is a given, and two cells side by side in different
//! regions different colours — read off the cells here, sharing nothing with the model.

use super::{COLOURS, Map};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Map, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let mut colour: Vec<Option<u32>> = p.givens.clone();
    for (i, &v) in g.values.iter().enumerate() {
        if v >= COLOURS {
            return Err(CheckError::from(format!(
                "{} holds {v}, not a colour 0-3",
                name(i)
            )));
        }
        let region = p.regions[i];
        match colour[region] {
            Some(c) if c != v => {
                return Err(CheckError::from(format!(
                    "{} is coloured {v}, its region {c}",
                    name(i)
                )));
            }
            _ => colour[region] = Some(v),
        }
    }
    for i in 0..w * h {
        let right = (i % w + 1 < w).then_some(i + 1);
        let below = (i + w < w * h).then_some(i + w);
        for j in [right, below].into_iter().flatten() {
            if p.regions[i] != p.regions[j] && g.values[i] == g.values[j] {
                return Err(CheckError::from(format!(
                    "the regions of {} and {} share a border and the colour {}",
                    name(i),
                    name(j),
                    g.values[i]
                )));
            }
        }
    }
    Ok(())
}
