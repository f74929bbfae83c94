//! The independent checker: every cell blank, `+` or `−`; single cells blank; each domino
//! blank at both ends or `+` at one and `−` at the other; no two cells sharing a side with
//! the same sign (every right and lower neighbour looked at afresh); every given count of
//! `+` and of `−` per row and column tallied from the grid.

use super::{BLANK, MINUS, Magnets, PLUS};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Magnets, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |cell: usize| format!("r{}c{}", cell / w + 1, cell % w + 1);
    for (cell, &v) in g.values.iter().enumerate() {
        if v > MINUS {
            return Err(CheckError::from(format!("{} holds {v}", name(cell))));
        }
        let other = p.partner(cell);
        if other == cell && v != BLANK {
            return Err(CheckError::from(format!(
                "{} is a single cell and holds a sign",
                name(cell)
            )));
        }
        let u = g.values[other];
        let magnet = (v == PLUS && u == MINUS) || (v == MINUS && u == PLUS);
        if other != cell && !magnet && (v, u) != (BLANK, BLANK) {
            return Err(CheckError::from(format!(
                "the domino {}–{} is neither blank nor a magnet",
                name(cell),
                name(other)
            )));
        }
        let right = (cell % w + 1 < w).then_some(cell + 1);
        let below = (cell + w < w * h).then_some(cell + w);
        for n in [right, below].into_iter().flatten() {
            if v != BLANK && g.values[n] == v {
                return Err(CheckError::from(format!(
                    "{} and {} beside it hold the same sign",
                    name(cell),
                    name(n)
                )));
            }
        }
    }
    let lines = (0..w)
        .map(|c| ("column", c, (0..h).map(|r| r * w + c).collect::<Vec<_>>()))
        .chain((0..h).map(|r| ("row", r, (0..w).map(|c| r * w + c).collect())));
    for (what, i, cells) in lines {
        for (value, mark, counts) in [(PLUS, "+", p.plus()), (MINUS, "−", p.minus())] {
            let given = if what == "row" {
                counts.rows[i]
            } else {
                counts.columns[i]
            };
            let n = cells.iter().filter(|&&c| g.values[c] == value).count();
            if let Some(k) = given
                && k != n
            {
                return Err(CheckError::from(format!(
                    "{what} {} has {n} {mark}, not {k}",
                    i + 1
                )));
            }
        }
    }
    Ok(())
}
