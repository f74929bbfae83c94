//! The independent checker: the cells hold 1..=N once each, the given numbers where they
//! are, and each cell below N sees the cell holding the next number along its arrow.
//! Shares nothing with the encoder or the native search.

use super::Signpost;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Signpost, s: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    let n = w * h;
    if s.width != w || s.values.len() != n {
        return Err(CheckError::from(format!(
            "the solution is not a {w}×{h} grid of numbers"
        )));
    }
    let name = |c: usize| format!("r{}c{}", c / w + 1, c % w + 1);
    let mut at = vec![None; n + 1];
    for (c, &v) in s.values.iter().enumerate() {
        if v == 0 || v as usize > n {
            return Err(CheckError::from(format!(
                "{} holds {v}, not one of 1..={n}",
                name(c)
            )));
        }
        if let Some(other) = at[v as usize] {
            return Err(CheckError::from(format!(
                "{} and {} both hold {v}",
                name(other),
                name(c)
            )));
        }
        at[v as usize] = Some(c);
        if let Some(k) = p.number(c)
            && k != v
        {
            return Err(CheckError::from(format!(
                "{} holds {v}, its given number is {k}",
                name(c)
            )));
        }
    }
    for v in 1..n {
        let (from, to) = (
            at[v].expect("a permutation"),
            at[v + 1].expect("a permutation"),
        );
        // `to` lies along `from`'s arrow: the step between them is a positive multiple of it.
        let steps = [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ];
        let (dx, dy) = (
            (to % w) as i64 - (from % w) as i64,
            (to / w) as i64 - (from / w) as i64,
        );
        let along = p.arrow(from).is_some_and(|a| {
            let (sx, sy) = steps[usize::from(a)];
            let k = dx.abs().max(dy.abs());
            k > 0 && dx == sx * k && dy == sy * k
        });
        if !along {
            return Err(CheckError::from(format!(
                "{} holds {v} but {} (holding {}) is not along its arrow",
                name(from),
                name(to),
                v + 1
            )));
        }
    }
    Ok(())
}
