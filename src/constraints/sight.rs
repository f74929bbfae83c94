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
//! [`count_seen`] states kurodoko's clue in CNF: a cell sees exactly `count` open cells,
//! itself included, where which cells are open is decided by the solver (literals).
//!
//! Invariant: segments list open cells only, in reading order, and cover every open cell
//! once per direction.

use super::{Constraint, Model};
use crate::cnf::{Cnf, Lit};

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

/// The cells from `cell` outwards in each of the four directions (up, left, right, down),
/// to the grid's edge.
pub fn arms(width: usize, height: usize, cell: usize) -> [Vec<usize>; 4] {
    let (r, c) = (cell / width, cell % width);
    [
        (0..r).rev().map(|rr| rr * width + c).collect(),
        (0..c).rev().map(|cc| r * width + cc).collect(),
        (c + 1..width).map(|cc| r * width + cc).collect(),
        (r + 1..height).map(|rr| rr * width + c).collect(),
    ]
}

/// Exactly `count` cells are seen from the open `cell`, itself included, where `open(c)` is
/// the literal "cell c is open" (kurodoko's clue). Each direction's view is a unary number:
/// reach literals `s[k]` = "the first k cells that way are open" (`s[1]` is `open` itself,
/// `s[k] ↔ s[k−1] ∧ open(k)`), only up to k = count − 1, and the cell after them is closed
/// when `s[count−1]` holds. Up and down are added by a totalizer (`unary_sum`), left and
/// right too, and the two sums must make `count − 1`: `V ≥ j ↔ H ≤ count − 1 − j`. A count
/// of 0 has no solution.
pub fn count_seen(
    cnf: &mut Cnf,
    width: usize,
    height: usize,
    cell: usize,
    open: &dyn Fn(usize) -> Lit,
    count: usize,
) {
    let Some(need) = count.checked_sub(1) else {
        cnf.add_clause(&[]);
        return;
    };
    let mut views: Vec<Vec<Lit>> = Vec::with_capacity(4);
    for arm in arms(width, height, cell) {
        let mut reach: Vec<Lit> = Vec::new();
        for (k, &c) in arm.iter().enumerate() {
            let o = open(c);
            if k == need {
                // The (need + 1)-th cell this way: closed if all before it are open.
                match reach.last() {
                    Some(&s) => cnf.add_clause(&[!s, !o]),
                    None => cnf.add_clause(&[!o]),
                }
                break;
            }
            let s = match reach.last() {
                None => o,
                Some(&prev) => {
                    let s = cnf.new_var().positive();
                    cnf.add_clause(&[!s, prev]);
                    cnf.add_clause(&[!s, o]);
                    cnf.add_clause(&[s, !prev, !o]);
                    s
                }
            };
            reach.push(s);
        }
        views.push(reach);
    }
    // arms(): up, left, right, down.
    let vertical = unary_sum(cnf, &views[0], &views[3]);
    let horizontal = unary_sum(cnf, &views[1], &views[2]);
    unary_sum_is(cnf, &vertical, &horizontal, need);
}

/// `a ≥ i` for a unary number (`a[i − 1]`): true for i = 0, false beyond its length.
fn at_least(a: &[Lit], i: usize) -> Option<Option<Lit>> {
    match i {
        0 => None,
        _ => Some(a.get(i - 1).copied()),
    }
}

/// The totalizer of two unary numbers (`x[i − 1]` ⇔ "x ≥ i"): `s = a + b`, both directions.
fn unary_sum(cnf: &mut Cnf, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    if a.is_empty() {
        return b.to_vec();
    }
    if b.is_empty() {
        return a.to_vec();
    }
    let s: Vec<Lit> = (0..a.len() + b.len())
        .map(|_| cnf.new_var().positive())
        .collect();
    for i in 0..=a.len() {
        for k in 0..=b.len() {
            // a ≥ i ∧ b ≥ k → s ≥ i + k.
            if i + k > 0 {
                let mut clause = vec![s[i + k - 1]];
                clause.extend(i.checked_sub(1).map(|x| !a[x]));
                clause.extend(k.checked_sub(1).map(|x| !b[x]));
                cnf.add_clause(&clause);
            }
            // a < i + 1 ∧ b < k + 1 → s < i + k + 1.
            if i + k < a.len() + b.len() {
                let mut clause = vec![!s[i + k]];
                clause.extend(a.get(i).copied());
                clause.extend(b.get(k).copied());
                cnf.add_clause(&clause);
            }
        }
    }
    s
}

/// Two unary numbers add up to exactly `total`: for each j, `v ≥ j → h ≤ total − j` and
/// `v < j + 1 → h ≥ total − j`.
fn unary_sum_is(cnf: &mut Cnf, v: &[Lit], h: &[Lit], total: usize) {
    for j in 0..=v.len() {
        // v ≥ j → ¬(h ≥ total − j + 1); and v ≥ j is impossible beyond total.
        let premise = at_least(v, j).flatten().map(|l| !l);
        let mut clause: Vec<Lit> = premise.into_iter().collect();
        match total.checked_sub(j) {
            None => cnf.add_clause(&clause),
            Some(rest) => {
                if let Some(Some(l)) = at_least(h, rest + 1) {
                    clause.push(!l);
                    cnf.add_clause(&clause);
                }
            }
        }
        // v < j + 1 → h ≥ total − j.
        let mut clause: Vec<Lit> = v.get(j).copied().into_iter().collect();
        if let Some(rest) = total.checked_sub(j).filter(|&r| r > 0) {
            // Where h cannot reach, the clause is v ≥ j + 1 alone.
            if let Some(Some(l)) = at_least(h, rest) {
                clause.push(l);
            }
            cnf.add_clause(&clause);
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
