//! Counts over neighbourhoods and adjacency rules on a rectangular grid of cells (row-major,
//! `row * width + col`), stated as [`Constraint`]s of a [`Model`] with 0/1 domains:
//! - [`orthogonal`]: the up to four cells sharing a side with a cell;
//! - [`count_around`]: exactly k of a cell's neighbours (those a filter keeps) hold a value
//!   (light up's numbered black cells);
//! - [`square`], [`count_in_square`]: the up to nine cells of the 3×3 block centred on a
//!   cell, itself included, and exactly k of them holding a value (mosaic's clues); any two
//!   cells that touch, even diagonally, share a 2×2 [`blocks`] window (tents apart);
//! - [`no_two_touching`]: no two orthogonal neighbours both hold a value (hitori's shaded
//!   cells, tents), one `AtMost{[a, b], v, 1}` per pair of cells sharing a side;
//! - [`dominoes`]: the cells holding a value come in dominoes, each with exactly one
//!   neighbour holding it (norinori), one `Table` per cell.
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

/// The cells of the 3×3 block centred on `cell` that lie in a `width × height` grid, `cell`
/// itself included, in reading order.
pub fn square(width: usize, height: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / width, cell % width);
    let rows = r.saturating_sub(1)..(r + 2).min(height);
    rows.flat_map(|y| (c.saturating_sub(1)..(c + 2).min(width)).map(move |x| y * width + x))
        .collect()
}

/// Exactly `count` cells of the 3×3 block centred on `cell` hold `value` (a count larger
/// than the block is kept as stated: no solution).
pub fn count_in_square(model: &mut Model, cell: usize, value: u32, count: usize) {
    let (w, h) = (model.width, model.cells() / model.width);
    model.add(Constraint::Count {
        cells: square(w, h, cell),
        value,
        count,
    });
}

/// The 2×2 windows of a `width × height` grid (each in reading order; none when the grid
/// is one cell wide or high): two cells touch, by a side or a corner, exactly when some
/// window holds both.
pub fn blocks(width: usize, height: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for r in 0..height.saturating_sub(1) {
        for c in 0..width.saturating_sub(1) {
            let a = r * width + c;
            out.push([a, a + 1, a + width, a + width + 1]);
        }
    }
    out
}

/// No two cells sharing a side both hold `value`.
pub fn no_two_touching(model: &mut Model, value: u32) {
    let (w, h) = (model.width, model.cells() / model.width);
    model.constraints.reserve(2 * w * h);
    for cell in 0..w * h {
        let right = (cell % w + 1 < w).then_some(cell + 1);
        let down = (cell / w + 1 < h).then_some(cell + w);
        for n in [right, down].into_iter().flatten() {
            model.add(Constraint::AtMost {
                cells: vec![cell, n],
                value,
                count: 1,
            });
        }
    }
}

/// The cells holding `value` come in dominoes: each has exactly one orthogonal neighbour
/// holding it (norinori). One `Table` per cell over the cell and its neighbours: the cell
/// holds another value of its domain with any neighbours, or `value` with exactly one
/// neighbour holding `value` (the others `other`, the 0/1 model's other value).
pub fn dominoes(model: &mut Model, value: u32, other: u32) {
    let (w, h) = (model.width, model.cells() / model.width);
    for cell in 0..w * h {
        let around = orthogonal(w, h, cell);
        let k = around.len();
        let mut tuples = Vec::with_capacity((1 << k) + k);
        for mask in 0..1u32 << k {
            let mut t = vec![other];
            t.extend((0..k).map(|b| if mask >> b & 1 == 1 { value } else { other }));
            tuples.push(t);
        }
        for one in 0..k {
            let mut t = vec![value];
            t.extend((0..k).map(|b| if b == one { value } else { other }));
            tuples.push(t);
        }
        let mut cells = vec![cell];
        cells.extend(around);
        model.add(Constraint::Table { cells, tuples });
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
        assert_eq!(square(3, 2, 0), vec![0, 1, 3, 4]);
        assert_eq!(square(3, 3, 4), (0..9).collect::<Vec<_>>());
        assert_eq!(blocks(3, 2), vec![[0, 1, 3, 4], [1, 2, 4, 5]]);
        assert!(blocks(1, 5).is_empty());
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
