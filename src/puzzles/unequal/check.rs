//! The independent checker: a Latin square that keeps the givens and every sign or bar
//! (and, in the adjacent mode, no unbarred neighbours one apart), checked afresh.

use super::Unequal;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Unequal, g: &Grid) -> Result<(), CheckError> {
    let n = p.n;
    let at = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
    if g.width != n || g.values.len() != n * n {
        return Err(CheckError::from(format!("the grid is not {n}×{n}")));
    }
    for c in 0..n * n {
        let v = g.values[c];
        if v == 0 || v as usize > n {
            return Err(CheckError::from(format!("{} holds {v}", at(c))));
        }
        if p.givens[c].is_some_and(|given| given != v) {
            return Err(CheckError::from(format!(
                "{} does not keep its given",
                at(c)
            )));
        }
    }
    for i in 0..n {
        let mut row = vec![false; n + 1];
        let mut col = vec![false; n + 1];
        for k in 0..n {
            let (a, b) = (g.values[i * n + k] as usize, g.values[k * n + i] as usize);
            if std::mem::replace(&mut row[a], true) {
                return Err(CheckError::from(format!("row {}: {a} twice", i + 1)));
            }
            if std::mem::replace(&mut col[b], true) {
                return Err(CheckError::from(format!("column {}: {b} twice", i + 1)));
            }
        }
    }
    if p.adjacent {
        for c in 0..n * n {
            for d in [c + 1, c + n] {
                if (d == c + 1 && c % n == n - 1) || d >= n * n {
                    continue;
                }
                let apart = g.values[c].abs_diff(g.values[d]) == 1;
                let barred = p.marks.contains(&(c, d));
                if apart != barred {
                    return Err(CheckError::from(format!(
                        "{} and {}: {} and {} {}",
                        at(c),
                        at(d),
                        g.values[c],
                        g.values[d],
                        if barred {
                            "are barred but not one apart"
                        } else {
                            "are one apart without a bar"
                        }
                    )));
                }
            }
        }
    } else {
        for &(large, small) in &p.marks {
            if g.values[large] <= g.values[small] {
                return Err(CheckError::from(format!(
                    "{} must be greater than {}",
                    at(large),
                    at(small)
                )));
            }
        }
    }
    Ok(())
}
