//! Classic exact-cover benchmarks with known counts, built as [`Matrix`]es:
//! the yardstick against Knuth's DLX1 (`examples/xc_suite.rs` writes them in
//! his format; measurements in `docs/dlx.md`). Generators, kept apart from
//! the solver as in Knuth's programs; they share nothing with the engine.
//!
//! - **Pentominoes** (TAOCP 7.2.2.1): the 12 pieces (Conway's letters) in a
//!   box, perhaps with cells left out; items are the pieces, then the cells
//!   `rRcC` row by row; options are a piece's placements, orientation by
//!   orientation, position by position.
//! - **N queens** as Knuth's `queens-dlx` writes it: rows and columns primary,
//!   in "organ pipe" order (centre first), the diagonals secondary, leaving
//!   out the two corner diagonals of length 1.
//! - **Langford pairs**: items the values `1..=n` then the slots `s1..s2n`;
//!   value `v` in slots `j` and `j + v + 1`. No symmetry is broken, so each
//!   arrangement and its reversal are both counted.

use std::collections::BTreeSet;

use super::matrix::{ItemId, Matrix};

/// One benchmark: a name (also the file stem), its known count of exact
/// covers, and how to build it.
#[derive(Clone, Copy, Debug)]
pub struct Problem {
    /// File stem, e.g. `pentomino_6x10`.
    pub name: &'static str,
    /// The number of exact covers (every solution, no symmetry broken unless
    /// the name says so).
    pub count: u64,
    /// Builds the matrix.
    pub build: fn() -> Matrix,
    /// Where the count comes from.
    pub source: &'static str,
}

/// The suite's problems, from the quickest to the slowest (about 1 s to a
/// few tens of seconds for DLX1 here).
pub fn problems() -> Vec<Problem> {
    vec![
        Problem {
            name: "queens_12",
            count: 14_200,
            build: || queens(12),
            source: "OEIS A000170",
        },
        Problem {
            name: "pentomino_8x8_centre",
            count: 520,
            build: || pentominoes(8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)], false),
            source: "Scott 1958: 65 up to the square's 8 symmetries, none symmetric",
        },
        Problem {
            name: "pentomino_6x10_x",
            count: 2_339,
            build: || pentominoes(6, 10, &[], true),
            source: "TAOCP 7.2.2.1: 9,356 / 4, X in one quadrant",
        },
        Problem {
            name: "langford_11",
            count: 35_584,
            build: || langford(11),
            source: "OEIS A014552: 17,792 up to reversal",
        },
        Problem {
            name: "queens_13",
            count: 73_712,
            build: || queens(13),
            source: "OEIS A000170",
        },
        Problem {
            name: "pentomino_6x10",
            count: 9_356,
            build: || pentominoes(6, 10, &[], false),
            source: "TAOCP 7.2.2.1 (Haselgrove 1960: 2,339 up to symmetry)",
        },
        Problem {
            name: "langford_12",
            count: 216_288,
            build: || langford(12),
            source: "OEIS A014552: 108,144 up to reversal",
        },
    ]
}

/// Piece shapes, `#` a cell, in Conway's order F I L N P T U V W X Y Z.
pub const PENTOMINOES: [(&str, &[&str]); 12] = [
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["##..", ".###"]),
    ("P", &["##", "##", "#."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &[".#..", "####"]),
    ("Z", &["##.", ".#.", ".##"]),
];

/// A shape as `(row, col)` cells.
type Shape = Vec<(i32, i32)>;

/// The distinct orientations (rotations and reflections) of a piece drawn as
/// rows of `#` and `.`, each moved to touch row 0 and column 0, cells sorted.
pub fn orientations(rows: &[&str]) -> Vec<Vec<(i32, i32)>> {
    let base: Shape = rows
        .iter()
        .enumerate()
        .flat_map(|(r, line)| {
            line.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'#')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    let mut out: BTreeSet<Shape> = BTreeSet::new();
    for t in 0..8 {
        let mut s: Shape = base
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (r, -c) } else { (r, c) };
                match t & 3 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                }
            })
            .collect();
        let mr = s.iter().map(|p| p.0).min().unwrap_or(0);
        let mc = s.iter().map(|p| p.1).min().unwrap_or(0);
        for p in &mut s {
            *p = (p.0 - mr, p.1 - mc);
        }
        s.sort_unstable();
        out.insert(s);
    }
    out.into_iter().collect()
}

/// The 12 pentominoes in a `rows`×`cols` box less the cells `holes`: piece
/// items, then one item `rRcC` per cell left (row by row), all primary.
/// With `x_quadrant`, X's centre must lie in the upper-left quadrant (rows
/// below `rows / 2`, columns below `cols / 2`): Knuth's way to count a
/// rectangle's tilings up to its 4 symmetries.
pub fn pentominoes(rows: i32, cols: i32, holes: &[(i32, i32)], x_quadrant: bool) -> Matrix {
    let mut m = Matrix::new();
    let pieces: Vec<ItemId> = PENTOMINOES
        .iter()
        .map(|(name, _)| m.add_primary(*name))
        .collect();
    let mut cells: Vec<Option<ItemId>> = vec![None; (rows * cols) as usize];
    for r in 0..rows {
        for c in 0..cols {
            if !holes.contains(&(r, c)) {
                cells[(r * cols + c) as usize] = Some(m.add_primary(format!("r{r}c{c}")));
            }
        }
    }
    for (k, (name, shape)) in PENTOMINOES.iter().enumerate() {
        for o in orientations(shape) {
            let h = o.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let w = o.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            for r in 0..=rows - h {
                for c in 0..=cols - w {
                    // X's centre is at (r + 1, c + 1).
                    if x_quadrant && *name == "X" && (2 * r + 3 > rows || 2 * c + 3 > cols) {
                        continue;
                    }
                    let placed: Option<Vec<ItemId>> = o
                        .iter()
                        .map(|&(dr, dc)| cells[((r + dr) * cols + c + dc) as usize])
                        .collect();
                    if let Some(placed) = placed {
                        let option = [&[pieces[k]][..], &placed].concat();
                        m.add_option(&option).expect("distinct items");
                    }
                }
            }
        }
    }
    m
}

/// `n` queens, as Knuth's `queens-dlx` writes them (see the module docs):
/// option `r·n + c` puts a queen on row `r`, column `c`.
pub fn queens(n: usize) -> Matrix {
    let mut m = Matrix::new();
    let (mut rows, mut cols) = (vec![0; n], vec![0; n]);
    for j in 0..n {
        // Organ-pipe order: the middle row and column first, then outwards.
        let t = (if j % 2 == 1 { n - 1 - j } else { n + j }) / 2;
        rows[t] = m.add_primary(format!("r{t}"));
        cols[t] = m.add_primary(format!("c{t}"));
    }
    let last = 2 * n - 2;
    let mut sums = vec![None; last + 1];
    let mut diffs = vec![None; last + 1];
    for t in 1..last {
        sums[t] = Some(m.add_secondary(format!("a{t}")));
        diffs[t] = Some(m.add_secondary(format!("b{t}")));
    }
    for r in 0..n {
        for c in 0..n {
            let mut option = vec![rows[r], cols[c]];
            option.extend(sums[r + c]);
            option.extend(diffs[n - 1 - r + c]);
            m.add_option(&option).expect("distinct items");
        }
    }
    m
}

/// Langford pairs of order `n` (see the module docs).
pub fn langford(n: usize) -> Matrix {
    let mut m = Matrix::new();
    let values: Vec<ItemId> = (1..=n).map(|v| m.add_primary(format!("{v}"))).collect();
    let slots: Vec<ItemId> = (1..=2 * n)
        .map(|s| m.add_primary(format!("s{s}")))
        .collect();
    for v in 1..=n {
        for j in 0..2 * n - v - 1 {
            m.add_option(&[values[v - 1], slots[j], slots[j + v + 1]])
                .expect("distinct items");
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let counts: Vec<usize> = PENTOMINOES
            .iter()
            .map(|(_, s)| orientations(s).len())
            .collect();
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        let m = pentominoes(6, 10, &[], false);
        assert_eq!((m.num_primary(), m.num_options()), (72, 2056));
        let m = pentominoes(8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)], false);
        assert_eq!(m.num_primary(), 72);
        let m = queens(8);
        assert_eq!((m.num_primary(), m.num_secondary()), (16, 26));
        assert_eq!(m.num_options(), 64);
        let m = langford(3);
        assert_eq!((m.num_primary(), m.num_options()), (9, 4 + 3 + 2));
    }
}
