//! The independent checker: balanced lines, no three equal in a row, distinct lines when
//! asked, the givens kept — counted here afresh.

use super::Unruly;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Unruly, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the grid is not {w}×{h}")));
    }
    if let Some(c) = g.values.iter().position(|&v| v > 1) {
        return Err(CheckError::from(format!("cell {c} holds {}", g.values[c])));
    }
    for (c, given) in p.givens.iter().enumerate() {
        if given.is_some_and(|v| v != g.values[c]) {
            return Err(CheckError::from(format!(
                "r{}c{} does not keep its given",
                c / w + 1,
                c % w + 1
            )));
        }
    }
    let rows: Vec<Vec<u32>> = (0..h)
        .map(|r| (0..w).map(|c| g.at(r, c)).collect())
        .collect();
    let cols: Vec<Vec<u32>> = (0..w)
        .map(|c| (0..h).map(|r| g.at(r, c)).collect())
        .collect();
    for (what, lines) in [("row", &rows), ("column", &cols)] {
        for (i, line) in lines.iter().enumerate() {
            let ones = line.iter().filter(|&&v| v == 1).count();
            if 2 * ones != line.len() {
                return Err(CheckError::from(format!(
                    "{what} {} has {ones} ones of {}",
                    i + 1,
                    line.len()
                )));
            }
            if line.windows(3).any(|t| t[0] == t[1] && t[1] == t[2]) {
                return Err(CheckError::from(format!(
                    "{what} {}: three in a row",
                    i + 1
                )));
            }
            if p.unique
                && let Some(j) = lines[..i].iter().position(|other| other == line)
            {
                return Err(CheckError::from(format!(
                    "{what}s {} and {} are equal",
                    j + 1,
                    i + 1
                )));
            }
        }
    }
    Ok(())
}
