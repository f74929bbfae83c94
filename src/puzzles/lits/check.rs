//! The independent checker: values 0/1, no 2×2 block all shaded, four shaded cells in every
//! room joined inside it, each room's shape named from its cells' neighbour counts and
//! extent (not from the encoder's placements), no two rooms of the same shape with shaded
//! cells side by side, and all shaded cells one region — computed here afresh, sharing
//! nothing with the model, its placements or its connectivity. Rules are tried in the order
//! pzprjs's checker tries them in, so a wrong answer is refused for the rule
//! pzprjs names.

use super::Lits;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Lits, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    if let Some(i) = g.values.iter().position(|&v| v > 1) {
        return Err(CheckError::from(format!(
            "{} holds {}",
            name(i),
            g.values[i]
        )));
    }
    let shaded = |i: usize| g.values[i] == 1;
    for r in 0..h.saturating_sub(1) {
        for c in 0..w.saturating_sub(1) {
            let i = r * w + c;
            if [i, i + 1, i + w, i + w + 1].iter().all(|&j| shaded(j)) {
                return Err(CheckError::from(format!(
                    "the 2×2 block from {} is all shaded",
                    name(i)
                )));
            }
        }
    }
    let rooms = p.rooms();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); p.room_count()];
    for (i, &k) in rooms.iter().enumerate() {
        if shaded(i) {
            members[k].push(i);
        }
    }
    let first = |k: usize| name(rooms.iter().position(|&x| x == k).unwrap_or(0));
    let count = |k: usize| {
        CheckError::from(format!(
            "the room of {} has {} shaded cells, not 4",
            first(k),
            members[k].len()
        ))
    };
    // pzprjs's order: too many in a room, a room's cells split, same shapes touching, the
    // whole not connected, then too few.
    if let Some(k) = members.iter().position(|m| m.len() > 4) {
        return Err(count(k));
    }
    if let Some(k) = members.iter().position(|m| !m.is_empty() && !joined(w, m)) {
        return Err(CheckError::from(format!(
            "the shaded cells of the room of {} are not one tetromino",
            first(k)
        )));
    }
    let shapes: Vec<Option<char>> = members
        .iter()
        .map(|m| (m.len() == 4).then(|| shape(w, m)))
        .collect();
    for a in 0..w * h {
        let right = (a % w + 1 < w).then_some(a + 1);
        let down = (a / w + 1 < h).then_some(a + w);
        for b in [right, down].into_iter().flatten() {
            let (ra, rb) = (rooms[a], rooms[b]);
            if let Some(t) = shapes[ra]
                && shaded(a)
                && shaded(b)
                && ra != rb
                && shapes[rb] == Some(t)
            {
                return Err(CheckError::from(format!(
                    "two {t} tetrominoes touch at {} and {}",
                    name(a),
                    name(b)
                )));
            }
        }
    }
    if let Some((i, start)) = crate::puzzles::region::cut_off(w, &g.values, 1) {
        return Err(CheckError::from(format!(
            "the shaded cells are not connected: {} is cut off from {}",
            name(i),
            name(start)
        )));
    }
    match members.iter().position(|m| m.len() < 4) {
        Some(k) => Err(count(k)),
        None => Ok(()),
    }
}

/// Whether `cells` (of a grid `w` wide) are orthogonally connected.
fn joined(w: usize, cells: &[usize]) -> bool {
    let touch = |a: usize, b: usize| {
        let (lo, hi) = (a.min(b), a.max(b));
        (hi - lo == 1 && hi % w != 0) || hi - lo == w
    };
    let mut reached = vec![cells[0]];
    let mut grew = true;
    while grew {
        grew = false;
        for &c in cells {
            if !reached.contains(&c) && reached.iter().any(|&r| touch(r, c)) {
                reached.push(c);
                grew = true;
            }
        }
    }
    reached.len() == cells.len()
}

/// The letter of the connected tetromino `cells`: I spans four rows or columns; T has a
/// cell with three neighbours; O has every cell with two; of the rest (a 3×2 extent), L
/// has three cells in one row or column, S does not.
fn shape(w: usize, cells: &[usize]) -> char {
    let rows: Vec<usize> = cells.iter().map(|&c| c / w).collect();
    let cols: Vec<usize> = cells.iter().map(|&c| c % w).collect();
    let extent = |v: &[usize]| v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0) + 1;
    if extent(&rows) == 4 || extent(&cols) == 4 {
        return 'I';
    }
    let degree = |a: usize| {
        cells
            .iter()
            .filter(|&&b| {
                let (ra, ca, rb, cb) = (a / w, a % w, b / w, b % w);
                ra.abs_diff(rb) + ca.abs_diff(cb) == 1
            })
            .count()
    };
    let degrees: Vec<usize> = cells.iter().map(|&c| degree(c)).collect();
    if degrees.contains(&3) {
        return 'T';
    }
    if degrees.iter().all(|&d| d == 2) {
        return 'O';
    }
    let three_in_line = |v: &[usize]| v.iter().any(|x| v.iter().filter(|&y| y == x).count() == 3);
    if three_in_line(&rows) || three_in_line(&cols) {
        'L'
    } else {
        'S'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_named_by_their_cells() {
        // On a grid 5 wide.
        assert_eq!(shape(5, &[0, 1, 2, 3]), 'I');
        assert_eq!(shape(5, &[0, 5, 10, 15]), 'I');
        assert_eq!(shape(5, &[0, 1, 2, 6]), 'T');
        assert_eq!(shape(5, &[0, 1, 5, 6]), 'O');
        assert_eq!(shape(5, &[0, 5, 10, 11]), 'L');
        assert_eq!(shape(5, &[2, 5, 6, 7]), 'L');
        assert_eq!(shape(5, &[1, 2, 5, 6]), 'S');
        assert_eq!(shape(5, &[0, 5, 6, 11]), 'S');
        assert!(joined(5, &[4, 9, 14, 13]));
        // r1c5 and r2c1 are consecutive indices, not neighbours.
        assert!(!joined(5, &[3, 4, 5, 6]));
    }
}
