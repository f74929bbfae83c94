//! The independent checker: white cells hold 1..9, black cells 0, and every run — found
//! here by walking the board again — holds different digits making its clue.

use super::{Kakuro, Square};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Kakuro, g: &Grid) -> Result<(), CheckError> {
    let w = p.columns;
    let n = p.squares.len();
    if g.width != w || g.values.len() != n {
        return Err(CheckError::from("the grid does not fit the board"));
    }
    let at = |c: usize| format!("r{}c{}", c / w + 1, c % w + 1);
    for (c, s) in p.squares.iter().enumerate() {
        let v = g.values[c];
        let fine = match s {
            Square::White => (1..=9).contains(&v),
            Square::Black { .. } => v == 0,
        };
        if !fine {
            return Err(CheckError::from(format!("{} holds {v}", at(c))));
        }
    }
    for (c, s) in p.squares.iter().enumerate() {
        let Square::Black { down, across } = *s else {
            continue;
        };
        for (step, clue) in [(1usize, across), (w, down)] {
            let mut digits = Vec::new();
            let mut k = c;
            loop {
                let next = k + step;
                let inside = next < n && (step == w || next % w != 0);
                if !inside || p.squares[next] != Square::White {
                    break;
                }
                digits.push(g.values[next]);
                k = next;
            }
            let mut sorted = digits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != digits.len() {
                return Err(CheckError::from(format!(
                    "the run from {} repeats a digit",
                    at(c)
                )));
            }
            if let Some(sum) = clue
                && !digits.is_empty()
                && digits.iter().sum::<u32>() != sum
            {
                return Err(CheckError::from(format!(
                    "the run from {} adds up to {}, not {sum}",
                    at(c),
                    digits.iter().sum::<u32>()
                )));
            }
        }
    }
    Ok(())
}
