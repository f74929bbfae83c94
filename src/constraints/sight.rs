//! Lines of sight on a rectangular grid with walls: a cell sees along its row and column
//! until a wall (light up's black cells; kurodoko's shaded cells). A **segment** is a
//! maximal run of open cells in one row or column; an open cell lies in exactly one row
//! segment and one column segment, and sees exactly their union.
//!
//! [`illuminate`] states light up's two sight rules on a [`Model`] with 0/1 domains: at
//! most one cell of each segment holds `value` (no two lights see each other), and every
//! open cell sees at least one that does (every white cell lit). Sizes in
//! `encodings/constraints.md` (families 11 and 12).
//!
//! Invariant: segments list open cells only, in reading order, and cover every open cell
//! once per direction.

use super::{Constraint, Model};

/// The segments of a `width × height` grid whose cells are open where `open` says so: the
/// row segments (top to bottom, left to right), then the column segments; each segment's
/// cells in reading order. Single cells are segments too.
pub fn segments(width: usize, height: usize, open: &[bool]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut run = Vec::new();
    let flush = |run: &mut Vec<usize>, out: &mut Vec<Vec<usize>>| {
        if !run.is_empty() {
            out.push(std::mem::take(run));
        }
    };
    for r in 0..height {
        for c in 0..width {
            let cell = r * width + c;
            if open[cell] {
                run.push(cell);
            } else {
                flush(&mut run, &mut out);
            }
        }
        flush(&mut run, &mut out);
    }
    for c in 0..width {
        for r in 0..height {
            let cell = r * width + c;
            if open[cell] {
                run.push(cell);
            } else {
                flush(&mut run, &mut out);
            }
        }
        flush(&mut run, &mut out);
    }
    out
}

/// Per open cell, the cells it sees (itself included, in no particular order); empty for
/// walls.
pub fn seen(width: usize, height: usize, open: &[bool]) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); width * height];
    for segment in segments(width, height, open) {
        for &cell in &segment {
            out[cell].extend_from_slice(&segment);
        }
    }
    for cells in &mut out {
        cells.sort_unstable();
        cells.dedup();
    }
    out
}

/// At most one cell of each segment (of two cells or more) holds `value`, and every open
/// cell sees one that does.
pub fn illuminate(model: &mut Model, open: &[bool], value: u32) {
    let (w, h) = (model.width, model.cells() / model.width);
    for segment in segments(w, h, open) {
        if segment.len() > 1 {
            model.add(Constraint::AtMost {
                cells: segment,
                value,
                count: 1,
            });
        }
    }
    for cells in seen(w, h, open) {
        if !cells.is_empty() {
            model.add(Constraint::AtLeast {
                cells,
                value,
                count: 1,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_stop_at_walls() {
        // . # .
        // . . .
        let open = [true, false, true, true, true, true];
        assert_eq!(
            segments(3, 2, &open),
            vec![
                vec![0],
                vec![2],
                vec![3, 4, 5],
                vec![0, 3],
                vec![4],
                vec![2, 5]
            ]
        );
        let s = seen(3, 2, &open);
        assert_eq!(s[0], vec![0, 3]);
        assert_eq!(s[4], vec![3, 4, 5]);
        assert!(s[1].is_empty());
    }
}
