//! The independent checker: a Latin square whose cages make their targets, computed here.

use super::Keen;
use crate::constraints::{Grid, Operation};
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Keen, g: &Grid) -> Result<(), CheckError> {
    let n = p.n;
    if g.width != n || g.values.len() != n * n {
        return Err(CheckError::from(format!("the grid is not {n}×{n}")));
    }
    for i in 0..n {
        let mut row = vec![false; n + 1];
        let mut col = vec![false; n + 1];
        for k in 0..n {
            for (seen, v, what) in [
                (&mut row, g.values[i * n + k], "row"),
                (&mut col, g.values[k * n + i], "column"),
            ] {
                if v == 0 || v as usize > n || std::mem::replace(&mut seen[v as usize], true) {
                    return Err(CheckError::from(format!("{what} {}: {v} misplaced", i + 1)));
                }
            }
        }
    }
    for cage in &p.cages {
        let v: Vec<u64> = cage.cells.iter().map(|&c| u64::from(g.values[c])).collect();
        let made = match cage.operation {
            Operation::Add => Some(v.iter().sum()),
            Operation::Multiply => Some(v.iter().product()),
            Operation::Subtract if v.len() == 2 => Some(v[0].abs_diff(v[1])),
            Operation::Divide if v.len() == 2 => {
                let (hi, lo) = (v[0].max(v[1]), v[0].min(v[1]));
                (hi % lo == 0).then(|| hi / lo)
            }
            _ => None,
        };
        if made != Some(cage.target) {
            let c = cage.cells[0];
            return Err(CheckError::from(format!(
                "the cage at r{}c{} does not make {}",
                c / n + 1,
                c % n + 1,
                cage.target
            )));
        }
    }
    Ok(())
}
