//! The independent checker: every cell off the track (0) or a piece of exactly two
//! directions; each direction met by the opposite one in the neighbour it points to, or
//! leaving the board only at the entrance (left of the entrance row's first cell) and the
//! exit (below the exit column's last cell), both of which the track must use; given pieces
//! kept; the counts of every row and column tallied; then a walk from the entrance along
//! the pieces must reach the exit having visited every track cell (so no loop beside it).

use super::{DOWN, LEFT, RIGHT, Tracks, UP};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Tracks, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |cell: usize| format!("r{}c{}", cell / w + 1, cell % w + 1);
    let (entrance, exit) = p.end_cells();
    // Per direction: the neighbour it points to (None: off the board) and the opposite bit.
    let step = |cell: usize, bit: u32| -> Option<usize> {
        let (r, c) = (cell / w, cell % w);
        match bit {
            RIGHT => (c + 1 < w).then(|| cell + 1),
            UP => (r > 0).then(|| cell - w),
            LEFT => (c > 0).then(|| cell - 1),
            _ => (r + 1 < h).then(|| cell + w),
        }
    };
    let opposite = |bit: u32| match bit {
        RIGHT => LEFT,
        LEFT => RIGHT,
        UP => DOWN,
        _ => UP,
    };
    for (cell, &v) in g.values.iter().enumerate() {
        if v > 15 || (v != 0 && v.count_ones() != 2) {
            return Err(CheckError::from(format!(
                "{} holds {v}, no piece of track",
                name(cell)
            )));
        }
        let given = p.piece(cell);
        if given != 0 && given != v {
            return Err(CheckError::from(format!(
                "{} holds {v}, not its given piece {given}",
                name(cell)
            )));
        }
        for bit in [RIGHT, UP, LEFT, DOWN] {
            if v & bit == 0 {
                continue;
            }
            match step(cell, bit) {
                Some(n) if g.values[n] & opposite(bit) == 0 => {
                    return Err(CheckError::from(format!(
                        "the track at {} leads to {}, which does not lead back",
                        name(cell),
                        name(n)
                    )));
                }
                Some(_) => {}
                None if (cell == entrance && bit == LEFT) || (cell == exit && bit == DOWN) => {}
                None => {
                    return Err(CheckError::from(format!(
                        "the track at {} leaves the board",
                        name(cell)
                    )));
                }
            }
        }
    }
    if g.values[entrance] & LEFT == 0 || g.values[exit] & DOWN == 0 {
        return Err(CheckError::from(
            "the track does not come in at the entrance and go out at the exit",
        ));
    }
    let (columns, rows) = p.counts();
    for (r, &k) in rows.iter().enumerate() {
        let n = (0..w).filter(|&c| g.values[r * w + c] != 0).count();
        if n != k {
            return Err(CheckError::from(format!(
                "row {} has {n} track cells, not {k}",
                r + 1
            )));
        }
    }
    for (c, &k) in columns.iter().enumerate() {
        let n = (0..h).filter(|&r| g.values[r * w + c] != 0).count();
        if n != k {
            return Err(CheckError::from(format!(
                "column {} has {n} track cells, not {k}",
                c + 1
            )));
        }
    }
    // The walk: in by the left edge of the entrance cell, out by the side not come in by.
    let track = g.values.iter().filter(|&&v| v != 0).count();
    let (mut cell, mut came) = (entrance, LEFT);
    let mut visited = 1;
    loop {
        let out = g.values[cell] & !came;
        if cell == exit && out == DOWN {
            break;
        }
        match step(cell, out) {
            Some(n) if visited < track => {
                cell = n;
                came = opposite(out);
                visited += 1;
            }
            _ => {
                return Err(CheckError::from(
                    "the track from the entrance does not reach the exit",
                ));
            }
        }
    }
    if visited != track {
        return Err(CheckError::from(format!(
            "{} track cells lie off the path from the entrance to the exit",
            track - visited
        )));
    }
    Ok(())
}
