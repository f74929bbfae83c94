//! Cube-and-conquer (Heule, Kullmann, Wieringa, Biere, "Cube and Conquer", HVC 2011): a
//! lookahead splits one puzzle into cubes — partial assignments, pairwise disjoint, that
//! together hold every solution — and each cube is solved on its own, by any engine, on
//! any machine; the verdicts combine (`satcover merge`).
//!
//! Glossary:
//! - **cube**: a set of [`Assign`]s (cells fixed to values), so always the puzzle with more
//!   givens ([`Split::restrict`]); cube K of N is 1-based.
//! - **split**: best-first: the open cube whose propagation leaves the most open values is
//!   branched on the cell its kind's lookahead picks ([`Split::look_ahead`]), one child per
//!   value still possible, until N cubes; a cube that propagation refutes is dropped (it
//!   holds no solution), one it decides is kept whole and not branched further. An open
//!   cube holds what its lookahead kept of each branch ([`Split::look_ahead_kept`], a
//!   kind's propagated state) until it is branched; each child's lookahead starts from it.
//! - **empty cube**: when the split ends with M < N cubes (propagation decided or refuted
//!   the rest), cubes M+1..N hold nothing; they answer "unsolvable" at once, so N jobs
//!   always merge.
//!
//! Invariants: the split is deterministic for a given puzzle and N (no clock, unless a
//! caller's stop cuts it short, which only [`conquer`] does), so `solve --cube K/N` on any
//! machine rebuilds the same cube K; cubes are disjoint because siblings differ in the
//! value of one cell, and cover every solution because each branching lists every value
//! propagation leaves. Measurements: `docs/cube.md`.

mod conquer;
mod icnf;

use std::collections::BinaryHeap;
use std::time::{Duration, Instant};

use crate::puzzle::{Assign, Kept, Lookahead, Split};
use crate::stop::Stop;

pub use conquer::{CubeRun, EASY_BUDGET, Spread, conquer};
pub use icnf::{read_icnf, write_icnf};

/// The cubes of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cubes {
    /// N, the number asked for.
    pub requested: usize,
    /// The non-empty cubes, in a fixed order (at most N); cubes beyond them are empty.
    pub cubes: Vec<Vec<Assign>>,
    /// The lookaheads the split ran.
    pub lookaheads: u64,
    /// The split's wall time.
    pub time: Duration,
}

impl Cubes {
    /// Cube `k` of N (1-based): its cells, or `None` for an empty cube.
    pub fn cube(&self, k: usize) -> Option<&[Assign]> {
        self.cubes.get(k.checked_sub(1)?).map(Vec::as_slice)
    }
}

/// An open cube waiting in the best-first queue (largest `size` first, then the earliest),
/// with what its lookahead kept of each branch (`kept[i]` for `values[i]`, or nothing).
struct Open {
    size: u64,
    order: u64,
    cube: Vec<Assign>,
    cell: usize,
    values: Vec<u32>,
    kept: Vec<Option<Kept>>,
}

impl Open {
    /// The queue's order: `order` is unique, so no two open cubes tie.
    fn rank(&self) -> (u64, std::cmp::Reverse<u64>) {
        (self.size, std::cmp::Reverse(self.order))
    }
}

impl PartialEq for Open {
    fn eq(&self, other: &Open) -> bool {
        self.rank() == other.rank()
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Open) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    fn cmp(&self, other: &Open) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// Splits a puzzle into at most `n` cubes (see the module docs); `stop` may end the split
/// early, with fewer, larger cubes (then it is no longer deterministic). A child's
/// lookahead starts from what its parent's kept of its branch
/// ([`Split::look_ahead_kept`]); the open cubes hold those until they are branched.
pub fn split<P>(splitter: &dyn Split<P>, n: usize, stop: &Stop) -> Cubes {
    let start = Instant::now();
    let mut done = Vec::new();
    let mut open = BinaryHeap::new();
    let mut lookaheads = 0u64;
    let mut count = 0usize;
    let mut place = |cube: Vec<Assign>,
                     from: Option<Kept>,
                     done: &mut Vec<Vec<Assign>>,
                     open: &mut BinaryHeap<Open>,
                     count: &mut usize| {
        lookaheads += 1;
        match splitter.look_ahead_kept(&cube, from, stop) {
            (Lookahead::Refuted, _) => {}
            (Lookahead::Decided, _) => {
                done.push(cube);
                *count += 1;
            }
            (Lookahead::Open { size, cell, values }, mut kept) => {
                kept.resize_with(values.len(), || None);
                open.push(Open {
                    size,
                    order: lookaheads,
                    cube,
                    cell,
                    values,
                    kept,
                });
                *count += 1;
            }
        }
    };
    if n > 0 {
        place(Vec::new(), None, &mut done, &mut open, &mut count);
    }
    while let Some(leaf) = open.pop() {
        if count - 1 + leaf.values.len() > n || stop.should_stop() {
            done.push(leaf.cube);
            continue;
        }
        count -= 1;
        for (&value, from) in leaf.values.iter().zip(leaf.kept) {
            let mut child = leaf.cube.clone();
            child.push((leaf.cell, value));
            place(child, from, &mut done, &mut open, &mut count);
        }
    }
    done.sort_unstable();
    Cubes {
        requested: n,
        cubes: done,
        lookaheads,
        time: start.elapsed(),
    }
}

/// The CNF choices as the iCNF header records them (`default`, `automaton+presolve`).
pub fn encoding_label(options: &crate::puzzle::EncodeOptions) -> String {
    format!(
        "{}{}",
        options.encoding.as_deref().unwrap_or("default"),
        if options.presolve { "+presolve" } else { "" }
    )
}

/// A puzzle's fingerprint: FNV-1a (64 bits, hex) of its file as [`Split::cube_file`]
/// writes it with no cube, so two runs on the same puzzle agree whatever its file looked
/// like, and `merge` can tell answers of different puzzles apart.
pub fn fingerprint<P>(splitter: &dyn Split<P>) -> String {
    let (_, text) = splitter.cube_file(&[]);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::Sudoku;

    #[test]
    fn cubes_are_disjoint_and_at_most_n() {
        let puzzle = Sudoku::new(2, vec![0; 16]).unwrap();
        for n in [1, 2, 3, 7, 16] {
            let cubes = split(&puzzle, n, &Stop::never());
            assert!(!cubes.cubes.is_empty() && cubes.cubes.len() <= n, "n = {n}");
            for (i, a) in cubes.cubes.iter().enumerate() {
                for b in &cubes.cubes[i + 1..] {
                    let clash = a
                        .iter()
                        .any(|&(c, v)| b.iter().any(|&(d, w)| c == d && v != w));
                    assert!(clash, "cubes {a:?} and {b:?} overlap");
                }
            }
        }
    }
}
