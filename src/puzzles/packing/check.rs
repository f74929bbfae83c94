//! The independent checker: a tiling is accepted when every piece is placed exactly once,
//! on open cells, in one of its own orientations. It shares no code with the placement
//! generator (`shapes.rs`) the three solvers use.

use super::{Packing, Tiling};
use crate::puzzle::CheckError;

/// Whether `found` (cells of one piece in a tiling) is `drawn` moved by a translation and,
/// unless `fixed`, one of the 8 symmetries of the square. Written apart from
/// [`orientations`] on purpose: the checker must not share the solvers' geometry.
pub(super) fn same_shape(found: &[(usize, usize)], drawn: &[(usize, usize)], fixed: bool) -> bool {
    if found.len() != drawn.len() {
        return false;
    }
    let mut target: Vec<(i64, i64)> = drawn.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
    target.sort_unstable();
    let shift = |cells: &mut Vec<(i64, i64)>| {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for cell in cells.iter_mut() {
            *cell = (cell.0 - r0, cell.1 - c0);
        }
        cells.sort_unstable();
    };
    shift(&mut target);
    // The 8 linear maps of the dihedral group as matrices [[a, b], [c, d]].
    const MAPS: [(i64, i64, i64, i64); 8] = [
        (1, 0, 0, 1),
        (0, -1, 1, 0),
        (-1, 0, 0, -1),
        (0, 1, -1, 0),
        (-1, 0, 0, 1),
        (1, 0, 0, -1),
        (0, 1, 1, 0),
        (0, -1, -1, 0),
    ];
    let maps = if fixed { &MAPS[..1] } else { &MAPS[..] };
    maps.iter().any(|&(a, b, c, d)| {
        let mut moved: Vec<(i64, i64)> = found
            .iter()
            .map(|&(r, col)| {
                let (r, col) = (r as i64, col as i64);
                (a * r + b * col, c * r + d * col)
            })
            .collect();
        shift(&mut moved);
        moved == target
    })
}

pub(super) fn check_tiling(p: &Packing, t: &Tiling) -> Result<(), CheckError> {
    if t.rows.len() != p.height {
        return Err(CheckError::from(format!(
            "the tiling has {} rows, the region {}",
            t.rows.len(),
            p.height
        )));
    }
    let mut found: Vec<Vec<(usize, usize)>> = vec![Vec::new(); p.pieces.len()];
    for (r, row) in t.rows.iter().enumerate() {
        if row.len() != p.width {
            return Err(CheckError::from(format!(
                "row {} has {} cells, the region {}",
                r + 1,
                row.len(),
                p.width
            )));
        }
        for (c, cell) in row.iter().enumerate() {
            let Some(piece) = *cell else { continue };
            if piece >= p.pieces.len() {
                return Err(CheckError::from(format!(
                    "row {}, column {}: no piece number {piece}",
                    r + 1,
                    c + 1
                )));
            }
            if !p.open[r * p.width + c] {
                return Err(CheckError::from(format!(
                    "row {}, column {}: a hole covered by piece {}",
                    r + 1,
                    c + 1,
                    p.labels[piece]
                )));
            }
            found[piece].push((r, c));
        }
    }
    for (i, piece) in p.pieces.iter().enumerate() {
        if found[i].is_empty() {
            return Err(CheckError::from(format!(
                "piece {} ({}) is not placed",
                p.labels[i], piece.name
            )));
        }
        if !same_shape(&found[i], &piece.cells, piece.fixed) {
            return Err(CheckError::from(format!(
                "the cells of piece {} ({}) do not form its shape",
                p.labels[i], piece.name
            )));
        }
    }
    Ok(())
}
