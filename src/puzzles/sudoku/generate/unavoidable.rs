//! Unavoidable sets: cells of a grid whose digits can be rearranged into another valid
//! grid, the rest unchanged. A puzzle cut from the grid is unique only if it keeps a clue
//! in every unavoidable set, so a clue that is the last one left in some set cannot be
//! removed, and no search is needed to say so (the idea behind McGuire, Tugemann and
//! Civario's search for 17-clue sudoku, 2012).
//!
//! Two families are collected, both without search:
//! - two-digit sets: take the cells holding digit a or b; in every unit the a-cell and the
//!   b-cell are linked (swapping a and b in one forces the swap in the other). Each
//!   connected component of these links can swap a and b on its own and still leave every
//!   unit with one a and one b.
//! - two-line sets: two rows of one band (or two columns of one stack) map each digit of
//!   the first to the digit below it, a permutation. The columns of one cycle of it can
//!   swap their two digits between the rows: each row keeps its digits, each column and
//!   each box (the band's) only reorders its own.

use crate::util::dsf::Dsf;

/// Unavoidable sets of one grid, with how many of their cells are still clues.
pub(crate) struct Unavoidable {
    sets: Vec<Vec<usize>>,
    /// Indices into `sets` of the sets holding each cell.
    of_cell: Vec<Vec<usize>>,
    clues_left: Vec<usize>,
}

impl Unavoidable {
    /// The two-digit and two-line unavoidable sets of `grid` (digits 1..=n, `units` its
    /// rows, columns and boxes, in that order), every cell a clue.
    pub(crate) fn of_grid(grid: &[u8], n: usize, units: &[Vec<usize>]) -> Unavoidable {
        // where_[u * n + d - 1]: the cell of unit u holding digit d.
        let mut where_ = vec![0; units.len() * n];
        for (u, unit) in units.iter().enumerate() {
            for &c in unit {
                where_[u * n + usize::from(grid[c]) - 1] = c;
            }
        }
        let mut sets = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let mut joined = Dsf::new(grid.len());
                for u in 0..units.len() {
                    joined.union(where_[u * n + a], where_[u * n + b]);
                }
                let cells: Vec<usize> = (0..grid.len())
                    .filter(|&c| usize::from(grid[c]) - 1 == a || usize::from(grid[c]) - 1 == b)
                    .collect();
                let mut components: Vec<(usize, Vec<usize>)> = Vec::new();
                for &c in &cells {
                    let r = joined.find(c);
                    match components.iter_mut().find(|(root, _)| *root == r) {
                        Some((_, set)) => set.push(c),
                        None => components.push((r, vec![c])),
                    }
                }
                sets.extend(components.into_iter().map(|(_, set)| set));
            }
        }
        let b = (1..=n).find(|b| b * b == n).unwrap_or(1);
        for first in 0..2 * n {
            // Rows are units 0..n, columns n..2n; lines of one band or stack pair up.
            for second in first + 1..(first / b + 1) * b {
                let (x, y) = (&units[first], &units[second]);
                let mut below = vec![0u8; n + 1];
                for i in 0..n {
                    below[usize::from(grid[x[i]])] = grid[y[i]];
                }
                let mut seen = vec![false; n + 1];
                for i in 0..n {
                    let start = grid[x[i]];
                    if seen[usize::from(start)] {
                        continue;
                    }
                    let mut cycle = Vec::new();
                    let mut d = start;
                    while !seen[usize::from(d)] {
                        seen[usize::from(d)] = true;
                        cycle.push(d);
                        d = below[usize::from(d)];
                    }
                    // Length two is a rectangle, already a two-digit set.
                    if cycle.len() > 2 {
                        let set = (0..n)
                            .filter(|&j| cycle.contains(&grid[x[j]]))
                            .flat_map(|j| [x[j], y[j]])
                            .collect();
                        sets.push(set);
                    }
                }
            }
        }
        let mut of_cell = vec![Vec::new(); grid.len()];
        for (i, set) in sets.iter().enumerate() {
            for &c in set {
                of_cell[c].push(i);
            }
        }
        let clues_left = sets.iter().map(Vec::len).collect();
        Unavoidable {
            sets,
            of_cell,
            clues_left,
        }
    }

    /// Whether removing `cells` (clues now) would leave some set without a clue.
    pub(crate) fn needed(&self, cells: &[usize]) -> bool {
        cells.iter().any(|&c| {
            self.of_cell[c].iter().any(|&s| {
                let inside = cells.iter().filter(|&&r| self.sets[s].contains(&r)).count();
                self.clues_left[s] == inside
            })
        })
    }

    /// `cells` stop being clues.
    pub(crate) fn remove(&mut self, cells: &[usize]) {
        for &c in cells {
            for &s in &self.of_cell[c] {
                self.clues_left[s] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::Sudoku;

    /// Every set, its digits swapped, gives another valid grid.
    #[test]
    fn each_set_swaps_into_another_grid() {
        let grid: Vec<u8> =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .bytes()
                .map(|b| b - b'0')
                .collect();
        let sudoku = Sudoku::new(3, vec![0; 81]).expect("empty");
        let units = sudoku.units();
        let sets = Unavoidable::of_grid(&grid, 9, &units);
        assert!(sets.sets.len() >= 36);
        let mut two_line = 0;
        for set in &sets.sets {
            let mut digits: Vec<u8> = set.iter().map(|&c| grid[c]).collect();
            digits.sort_unstable();
            digits.dedup();
            let mut other = grid.clone();
            if digits.len() == 2 {
                for &c in set {
                    other[c] = if grid[c] == digits[0] {
                        digits[1]
                    } else {
                        digits[0]
                    };
                }
            } else {
                // Two lines: cells come in pairs (first line, second line); swap each.
                two_line += 1;
                for pair in set.chunks(2) {
                    other.swap(pair[0], pair[1]);
                }
            }
            assert_ne!(other, grid);
            for unit in &units {
                let mut d: Vec<u8> = unit.iter().map(|&c| other[c]).collect();
                d.sort_unstable();
                assert_eq!(d, (1..=9).collect::<Vec<u8>>(), "{set:?}");
            }
        }
        assert!(two_line > 0);
    }
}
