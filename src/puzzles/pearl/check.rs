//! The independent checker: every cell's directions agree with its neighbours' and stay in
//! the grid, every cell has 0 or 2 of them, the cells on the loop are one cycle (walked here
//! from the first), every pearl is on it, black pearls turn and go straight on through both
//! neighbours, white pearls go straight and turn in a neighbour — computed afresh, sharing
//! nothing with the CNF or the connectivity constraint.

use super::{Clue, Pearl};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

/// (bit, row step, column step, opposite bit), in the order right, up, left, down.
const DIRECTIONS: [(u32, isize, isize, u32); 4] =
    [(1, 0, 1, 4), (2, -1, 0, 8), (4, 0, -1, 1), (8, 1, 0, 2)];

pub(super) fn verify(p: &Pearl, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let next = |i: usize, dr: isize, dc: isize| {
        let (r, c) = ((i / w) as isize + dr, (i % w) as isize + dc);
        (r >= 0 && c >= 0 && (r as usize) < h && (c as usize) < w)
            .then(|| r as usize * w + c as usize)
    };
    let mut on_loop = 0;
    for i in 0..w * h {
        let v = g.values[i];
        if v > 15 {
            return Err(CheckError::from(format!(
                "{} holds {v}, not a set of directions",
                name(i)
            )));
        }
        let degree = v.count_ones();
        if degree != 0 && degree != 2 {
            return Err(CheckError::from(format!(
                "the loop meets {} {degree} times",
                name(i)
            )));
        }
        if degree == 2 {
            on_loop += 1;
        }
        for (bit, dr, dc, back) in DIRECTIONS {
            if v & bit != 0 {
                match next(i, dr, dc) {
                    None => {
                        return Err(CheckError::from(format!(
                            "the loop leaves the grid at {}",
                            name(i)
                        )));
                    }
                    Some(j) if g.values[j] & back == 0 => {
                        return Err(CheckError::from(format!(
                            "{} and {} disagree on their link",
                            name(i),
                            name(j)
                        )));
                    }
                    _ => {}
                }
            }
        }
    }
    let Some(start) = g.values.iter().position(|&v| v != 0) else {
        return Err(CheckError::from("there is no loop"));
    };
    // Walk the loop from `start`: it must come back having seen every loop cell.
    let (mut at, mut from, mut steps) = (start, usize::MAX, 0);
    loop {
        let v = g.values[at];
        let (bit, dr, dc, _) = DIRECTIONS
            .into_iter()
            .find(|&(bit, dr, dc, _)| v & bit != 0 && next(at, dr, dc) != Some(from))
            .unwrap_or(DIRECTIONS[0]);
        debug_assert!(v & bit != 0);
        let to = next(at, dr, dc).expect("checked above: links stay in the grid");
        from = at;
        at = to;
        steps += 1;
        if at == start {
            break;
        }
        if steps > w * h {
            return Err(CheckError::from("the loop does not close"));
        }
    }
    if steps != on_loop {
        return Err(CheckError::from(format!(
            "more than one loop: the one through {} has {steps} of the {on_loop} cells on a loop",
            name(start)
        )));
    }
    let straight_at = |j: Option<usize>, axis: u32| j.is_some_and(|j| g.values[j] == axis);
    for (i, &clue) in p.clues.iter().enumerate() {
        let v = g.values[i];
        let horizontal = 1 | 4;
        let vertical = 2 | 8;
        match clue {
            Clue::Empty => {}
            _ if v == 0 => {
                return Err(CheckError::from(format!(
                    "the pearl at {} is off the loop",
                    name(i)
                )));
            }
            Clue::Black => {
                if v == horizontal || v == vertical {
                    return Err(CheckError::from(format!(
                        "the loop goes straight through the black pearl at {}",
                        name(i)
                    )));
                }
                for (bit, dr, dc, _) in DIRECTIONS {
                    let goes_on = next(i, dr, dc).is_some_and(|j| g.values[j] & bit != 0);
                    if v & bit != 0 && !goes_on {
                        return Err(CheckError::from(format!(
                            "the loop does not go straight on past the black pearl at {}",
                            name(i)
                        )));
                    }
                }
            }
            Clue::White => {
                let beside = if v == horizontal {
                    (next(i, 0, -1), next(i, 0, 1))
                } else if v == vertical {
                    (next(i, -1, 0), next(i, 1, 0))
                } else {
                    return Err(CheckError::from(format!(
                        "the loop turns on the white pearl at {}",
                        name(i)
                    )));
                };
                if straight_at(beside.0, v) && straight_at(beside.1, v) {
                    return Err(CheckError::from(format!(
                        "the loop turns on neither side of the white pearl at {}",
                        name(i)
                    )));
                }
            }
        }
    }
    Ok(())
}
