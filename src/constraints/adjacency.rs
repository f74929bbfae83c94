//! Counts over neighbourhoods and adjacency rules on a rectangular grid of cells (row-major,
//! `row * width + col`), stated as [`Constraint`]s of a [`Model`] with 0/1 domains:
//! - [`orthogonal`]: the up to four cells sharing a side with a cell;
//! - [`count_around`]: exactly k of a cell's neighbours (those a filter keeps) hold a value
//!   (light up's numbered black cells, mosaic, tents);
//! - [`no_two_touching`]: no two orthogonal neighbours both hold a value (hitori's shaded
//!   cells, tents), one `AtMost{[a, b], v, 1}` per pair of cells sharing a side.
//!
//! Invariant: every constraint added names cells of the model only (indices below
//! `width * height`), each pair once.

use super::{Constraint, Model};

/// The cells sharing a side with `cell` in a `width × height` grid: up, left, right, down.
pub fn orthogonal(width: usize, height: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / width, cell % width);
    let mut out = Vec::with_capacity(4);
    if r > 0 {
        out.push(cell - width);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < width {
        out.push(cell + 1);
    }
    if r + 1 < height {
        out.push(cell + width);
    }
    out
}

/// Exactly `count` of the neighbours of `cell` that `keep` accepts hold `value`. A count
/// larger than those neighbours is kept as stated: the model then has no solution.
pub fn count_around(
    model: &mut Model,
    cell: usize,
    keep: impl Fn(usize) -> bool,
    value: u32,
    count: usize,
) {
    let (w, h) = (model.width, model.cells() / model.width);
    let cells: Vec<usize> = orthogonal(w, h, cell)
        .into_iter()
        .filter(|&n| keep(n))
        .collect();
    model.add(Constraint::Count {
        cells,
        value,
        count,
    });
}

/// No two cells sharing a side both hold `value`.
pub fn no_two_touching(model: &mut Model, value: u32) {
    let (w, h) = (model.width, model.cells() / model.width);
    for cell in 0..w * h {
        for n in orthogonal(w, h, cell) {
            if n > cell {
                model.add(Constraint::AtMost {
                    cells: vec![cell, n],
                    value,
                    count: 1,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_pairs() {
        assert_eq!(orthogonal(3, 2, 0), vec![1, 3]);
        assert_eq!(orthogonal(3, 2, 4), vec![1, 3, 5]);
        let mut m = Model::new(3, 2, crate::constraints::range(0, 1));
        no_two_touching(&mut m, 1);
        // 2 rows × 2 horizontal pairs + 3 vertical pairs.
        assert_eq!(m.constraints.len(), 7);
        count_around(&mut m, 4, |n| n != 3, 1, 2);
        assert_eq!(
            m.constraints.last(),
            Some(&Constraint::Count {
                cells: vec![1, 5],
                value: 1,
                count: 2
            })
        );
    }
}
