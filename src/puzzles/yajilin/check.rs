//! The independent checker: clue cells hold 0; every free cell is shaded or has exactly
//! two directions, each matched by its neighbour's opposite one (so no link leaves the grid
//! or enters a clue or shaded cell); shaded cells apart; each arrow's count of shaded cells
//! counted along its line; and the loop walked from one of its cells visits them all.
//! Shares nothing with the CNF, the loop layer or the connectivity.

use super::{Arrow, SHADED, Yajilin};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

/// Direction bits with their row and column steps and opposite bit.
const MOVES: [(u32, isize, isize, u32); 4] =
    [(1, 0, 1, 4), (2, -1, 0, 8), (4, 0, -1, 1), (8, 1, 0, 2)];

pub(super) fn verify(p: &Yajilin, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let fail = |m: String| Err(CheckError::from(m));
    let clues = p.clues();
    let next = |i: usize, dr: isize, dc: isize| {
        let (r, c) = ((i / w) as isize + dr, (i % w) as isize + dc);
        (r >= 0 && c >= 0 && r < h as isize && c < w as isize).then(|| r as usize * w + c as usize)
    };
    for (i, &v) in g.values.iter().enumerate() {
        if clues[i].is_some() {
            if v != 0 {
                return fail(format!(
                    "the clue cell {} is shaded or on the loop",
                    name(i)
                ));
            }
            continue;
        }
        if v == SHADED {
            continue;
        }
        if v > 15 || v.count_ones() != 2 {
            return fail(format!(
                "{} is neither shaded nor passed by the loop (value {v})",
                name(i)
            ));
        }
        for &(bit, dr, dc, back) in &MOVES {
            if v & bit == 0 {
                continue;
            }
            match next(i, dr, dc) {
                Some(j)
                    if clues[j].is_none() && g.values[j] != SHADED && g.values[j] & back != 0 => {}
                _ => return fail(format!("the loop leaves {} into nothing", name(i))),
            }
        }
    }
    for i in 0..w * h {
        for j in [next(i, 0, 1), next(i, 1, 0)].into_iter().flatten() {
            if g.values[i] == SHADED && g.values[j] == SHADED {
                return fail(format!("shaded cells touch at {} and {}", name(i), name(j)));
            }
        }
    }
    for (i, clue) in clues.iter().enumerate() {
        let Some(clue) = clue else { continue };
        let (Some(n), Some((dr, dc))) = (clue.number, step(clue.arrow)) else {
            continue;
        };
        let mut count = 0;
        let mut at = next(i, dr, dc);
        while let Some(j) = at {
            count += u32::from(g.values[j] == SHADED && clues[j].is_none());
            at = next(j, dr, dc);
        }
        if count != n {
            return fail(format!(
                "the clue at {} asks for {n} shaded cells, its line counts {count}",
                name(i)
            ));
        }
    }
    let on_loop: Vec<usize> = (0..w * h)
        .filter(|&i| clues[i].is_none() && g.values[i] != SHADED)
        .collect();
    let Some(&start) = on_loop.first() else {
        return Ok(());
    };
    // Walk: from `start` out by its lowest bit, then always on by the bit not came in by.
    let (mut at, mut came) = (start, 0u32);
    let mut steps = 0;
    loop {
        let v = g.values[at];
        let Some(&(_, dr, dc, back)) = MOVES.iter().find(|m| v & m.0 != 0 && m.0 != came) else {
            return fail(format!("the loop stops at {}", name(at)));
        };
        at = next(at, dr, dc).unwrap_or(start);
        came = back;
        steps += 1;
        if at == start || steps > on_loop.len() {
            break;
        }
    }
    if steps != on_loop.len() {
        return fail(format!(
            "the loop through {} passes {} of the {} cells neither clue nor shaded: more than one loop",
            name(start),
            steps.min(on_loop.len()),
            on_loop.len()
        ));
    }
    Ok(())
}

/// The arrow's step, computed here (not the puzzle's).
fn step(arrow: Arrow) -> Option<(isize, isize)> {
    match arrow {
        Arrow::None => None,
        Arrow::Up => Some((-1, 0)),
        Arrow::Down => Some((1, 0)),
        Arrow::Left => Some((0, -1)),
        Arrow::Right => Some((0, 1)),
    }
}
