//! The independent checker: a Latin square whose lines show the clued counts, counted
//! here afresh.

use super::{Side, Towers};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Towers, g: &Grid) -> Result<(), CheckError> {
    let n = p.n;
    if g.width != n || g.values.len() != n * n {
        return Err(CheckError::from(format!("the grid is not {n}×{n}")));
    }
    for r in 0..n {
        for c in 0..n {
            let v = g.at(r, c);
            if v == 0 || v as usize > n {
                return Err(CheckError::from(format!("r{}c{} holds {v}", r + 1, c + 1)));
            }
            if let Some(given) = p.givens[r * n + c]
                && given != v
            {
                return Err(CheckError::from(format!(
                    "r{}c{} holds {v}, the given is {given}",
                    r + 1,
                    c + 1
                )));
            }
            for k in 0..c {
                if g.at(r, k) == v {
                    return Err(CheckError::from(format!("row {}: {v} twice", r + 1)));
                }
            }
            for k in 0..r {
                if g.at(k, c) == v {
                    return Err(CheckError::from(format!("column {}: {v} twice", c + 1)));
                }
            }
        }
    }
    for (side, list) in Side::ALL.iter().zip(&p.clues) {
        for (i, clue) in list.iter().enumerate() {
            let Some(clue) = clue else { continue };
            let heights: Vec<u32> = (0..n)
                .map(|k| match side {
                    Side::Top => g.at(k, i),
                    Side::Bottom => g.at(n - 1 - k, i),
                    Side::Left => g.at(i, k),
                    Side::Right => g.at(i, n - 1 - k),
                })
                .collect();
            let mut tallest = 0;
            let mut seen = 0;
            for h in heights {
                if h > tallest {
                    tallest = h;
                    seen += 1;
                }
            }
            if seen != *clue {
                return Err(CheckError::from(format!(
                    "{side:?} clue of line {}: {seen} seen, not {clue}",
                    i + 1
                )));
            }
        }
    }
    Ok(())
}
