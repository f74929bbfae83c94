//! The independent checker: Solo's rules stated again from the puzzle's parts, sharing no
//! code with the constraint layer that solves it.

use super::Solo;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

fn place(n: usize, cell: usize) -> String {
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// Each of `cells` holds a different value of 1..=n (`what` names the unit).
fn once_each(g: &Grid, n: usize, cells: &[usize], what: &str) -> Result<(), CheckError> {
    let mut seen = vec![None; n + 1];
    for &c in cells {
        let v = g.values[c] as usize;
        if let Some(first) = seen[v] {
            return Err(CheckError::from(format!(
                "{what}: {v} at {} and at {}",
                place(n, first),
                place(n, c)
            )));
        }
        seen[v] = Some(c);
    }
    Ok(())
}

pub(super) fn verify(p: &Solo, g: &Grid) -> Result<(), CheckError> {
    let n = p.n;
    if g.width != n || g.values.len() != n * n {
        return Err(CheckError::from(format!("the grid is not {n}×{n}")));
    }
    if let Some(c) = g.values.iter().position(|&v| v == 0 || v as usize > n) {
        return Err(CheckError::from(format!(
            "{} holds {}, not a value 1..={n}",
            place(n, c),
            g.values[c]
        )));
    }
    for (c, given) in p.givens.iter().enumerate() {
        if let Some(v) = given
            && g.values[c] != *v
        {
            return Err(CheckError::from(format!(
                "{} holds {} but the given is {v}",
                place(n, c),
                g.values[c]
            )));
        }
    }
    for i in 0..n {
        let row: Vec<usize> = (0..n).map(|c| i * n + c).collect();
        once_each(g, n, &row, &format!("row {}", i + 1))?;
        let col: Vec<usize> = (0..n).map(|r| r * n + i).collect();
        once_each(g, n, &col, &format!("column {}", i + 1))?;
        let block: Vec<usize> = (0..n * n).filter(|&c| p.blocks[c] == i).collect();
        once_each(g, n, &block, &format!("block {}", i + 1))?;
    }
    if p.diagonals {
        let main: Vec<usize> = (0..n).map(|i| i * (n + 1)).collect();
        once_each(g, n, &main, "the main diagonal")?;
        let anti: Vec<usize> = (0..n).map(|i| (i + 1) * (n - 1)).collect();
        once_each(g, n, &anti, "the anti-diagonal")?;
    }
    for cage in &p.cages {
        let what = format!("the cage at {}", place(n, cage.cells[0]));
        once_each(g, n, &cage.cells, &what)?;
        let total: u32 = cage.cells.iter().map(|&c| g.values[c]).sum();
        if total != cage.sum {
            return Err(CheckError::from(format!(
                "{what} adds up to {total}, not {}",
                cage.sum
            )));
        }
    }
    Ok(())
}
