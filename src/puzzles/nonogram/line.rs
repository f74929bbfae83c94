//! The line solver: every cell a clue forces, given what is already known of the line.
//!
//! Glossary:
//! - **cell state**: a 2-bit mask of what a cell may still be: [`WHITE`] (bit 0),
//!   [`BLACK`] (bit 1), [`UNKNOWN`] (both). An empty mask is a contradiction.
//! - **prefix table** `F[i][j]`: the first `i` cells can hold exactly the first `j` blocks
//!   (ending either in a white cell or with block `j` ending at cell `i − 1`).
//!
//! Algorithm: dynamic programming in O(length × blocks) per line, the "leftmost/rightmost
//! settlement by DP" of Batenburg & Kosters ("Solving Nonograms by combining relaxations",
//! Pattern Recognition 42(8), 2009) and Yu, Lee & Chen (2011). One table is built from the
//! left, one from the right (the same code on the reversed line and clue); a cell may be
//! white when a prefix with `j` blocks and a suffix with the other `k − j` meet at it; a cell
//! may be black when some placement of some block covering it fits between a feasible
//! prefix and a feasible suffix. Placements are summed with a difference array so the cost
//! stays O(n·k), never O(patterns): 60-wide lines with 10 blocks have millions of patterns.
//!
//! All buffers live in [`LineSolver`] and are reused: no allocation per call once warm.

/// The cell may be white.
pub const WHITE: u8 = 1;
/// The cell may be black.
pub const BLACK: u8 = 2;
/// Nothing known.
pub const UNKNOWN: u8 = WHITE | BLACK;

/// Reusable scratch space for [`LineSolver::solve`].
#[derive(Clone, Debug, Default)]
pub struct LineSolver {
    fwd: Vec<bool>,
    bwd: Vec<bool>,
    no_black: Vec<u32>,
    rev_no_black: Vec<u32>,
    rev_line: Vec<u8>,
    rev_clue: Vec<usize>,
    cover: Vec<i32>,
}

/// Fills `table` ((n+1) × (k+1), row-major by `i`) with the prefix feasibility `F[i][j]`;
/// `no_black[i]` counts the cells among the first `i` that cannot be black.
fn prefix_table(clue: &[usize], line: &[u8], table: &mut Vec<bool>, no_black: &mut Vec<u32>) {
    let (n, k) = (line.len(), clue.len());
    let width = k + 1;
    no_black.clear();
    no_black.push(0);
    let mut count = 0;
    for &cell in line {
        if cell & BLACK == 0 {
            count += 1;
        }
        no_black.push(count);
    }
    table.clear();
    table.resize((n + 1) * width, false);
    table[0] = true;
    for i in 1..=n {
        let white = line[i - 1] & WHITE != 0;
        for j in 0..=k {
            // Ends with a white cell.
            let mut ok = white && table[(i - 1) * width + j];
            // Ends with block j-1 occupying cells s..i.
            if !ok && j > 0 {
                let len = clue[j - 1];
                if i >= len {
                    let s = i - len;
                    if no_black[i] == no_black[s] {
                        ok = if s == 0 {
                            j == 1
                        } else {
                            line[s - 1] & WHITE != 0 && table[(s - 1) * width + j - 1]
                        };
                    }
                }
            }
            table[i * width + j] = ok;
        }
    }
}

impl LineSolver {
    pub fn new() -> LineSolver {
        LineSolver::default()
    }

    /// Narrows `line` to what `clue` forces. Returns `None` when no pattern fits (the line
    /// is then left unchanged), otherwise whether any cell changed.
    pub fn solve(&mut self, clue: &[usize], line: &mut [u8]) -> Option<bool> {
        let (n, k) = (line.len(), clue.len());
        let width = k + 1;
        prefix_table(clue, line, &mut self.fwd, &mut self.no_black);
        if !self.fwd[n * width + k] {
            return None;
        }
        self.rev_line.clear();
        self.rev_line.extend(line.iter().rev());
        self.rev_clue.clear();
        self.rev_clue.extend(clue.iter().rev());
        prefix_table(
            &self.rev_clue,
            &self.rev_line,
            &mut self.bwd,
            &mut self.rev_no_black,
        );

        // `bwd[m][t]`: the last m cells can hold the last t blocks.
        let fwd = |i: usize, j: usize| self.fwd[i * width + j];
        let bwd = |m: usize, t: usize| self.bwd[m * width + t];

        self.cover.clear();
        self.cover.resize(n + 1, 0);
        for (j, &len) in clue.iter().enumerate() {
            if len > n {
                continue;
            }
            for s in 0..=n - len {
                let e = s + len;
                if self.no_black[e] != self.no_black[s] {
                    continue;
                }
                let left = if s == 0 {
                    j == 0
                } else {
                    line[s - 1] & WHITE != 0 && fwd(s - 1, j)
                };
                if !left {
                    continue;
                }
                let right = if e == n {
                    j + 1 == k
                } else {
                    line[e] & WHITE != 0 && bwd(n - e - 1, k - j - 1)
                };
                if right {
                    self.cover[s] += 1;
                    self.cover[e] -= 1;
                }
            }
        }

        let mut changed = false;
        let mut covered = 0i32;
        for (i, (cell, &delta)) in line.iter_mut().zip(&self.cover).enumerate() {
            covered += delta;
            let may_black = covered > 0;
            let may_white =
                *cell & WHITE != 0 && (0..=k).any(|j| fwd(i, j) && bwd(n - i - 1, k - j));
            let new = (may_white as u8) | ((may_black as u8) << 1);
            debug_assert!(new & !*cell == 0, "the line solver only narrows");
            debug_assert!(new != 0, "a feasible line leaves every cell some value");
            if new != *cell {
                *cell = new;
                changed = true;
            }
        }
        Some(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Vec<u8> {
        s.chars()
            .map(|c| match c {
                '#' => BLACK,
                '.' => WHITE,
                _ => UNKNOWN,
            })
            .collect()
    }

    fn show(line: &[u8]) -> String {
        line.iter()
            .map(|&c| match c {
                BLACK => '#',
                WHITE => '.',
                UNKNOWN => '?',
                _ => '!',
            })
            .collect()
    }

    /// Brute force over all 2^n lines: the reference the DP must equal.
    fn brute(clue: &[usize], line: &[u8]) -> Option<Vec<u8>> {
        let n = line.len();
        let mut acc = vec![0u8; n];
        let mut any = false;
        for bits in 0u32..(1 << n) {
            let cells: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            if cells
                .iter()
                .zip(line)
                .any(|(&b, &m)| m & if b { BLACK } else { WHITE } == 0)
            {
                continue;
            }
            let runs: Vec<usize> = cells
                .split(|&b| !b)
                .filter(|r| !r.is_empty())
                .map(<[bool]>::len)
                .collect();
            if runs == clue {
                any = true;
                for i in 0..n {
                    acc[i] |= if cells[i] { BLACK } else { WHITE };
                }
            }
        }
        any.then_some(acc)
    }

    #[test]
    fn overlap_and_known_cells() {
        let mut solver = LineSolver::new();
        let mut line = parse("??????????");
        assert_eq!(solver.solve(&[8], &mut line), Some(true));
        assert_eq!(show(&line), "??######??");
        let mut line = parse("?#????????");
        solver.solve(&[3, 1], &mut line);
        assert_eq!(show(&line), "?##???????");
        let mut line = parse("?????");
        assert_eq!(solver.solve(&[], &mut line), Some(true));
        assert_eq!(show(&line), ".....");
        let mut line = parse("??#??");
        assert_eq!(solver.solve(&[], &mut line), None);
        let mut line = parse("?????");
        assert_eq!(solver.solve(&[2, 2], &mut line), Some(true));
        assert_eq!(show(&line), "##.##");
        let mut line = parse("??????");
        solver.solve(&[2, 2], &mut line);
        assert_eq!(show(&line), "?#??#?");
    }

    #[test]
    fn equals_brute_force_on_every_small_case() {
        let mut solver = LineSolver::new();
        let mut seed = 12345u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..4000 {
            let n = (next() % 10 + 1) as usize;
            let k = (next() % 4) as usize;
            let clue: Vec<usize> = (0..k).map(|_| (next() % 3 + 1) as usize).collect();
            let line: Vec<u8> = (0..n)
                .map(|_| match next() % 6 {
                    0 => BLACK,
                    1 => WHITE,
                    _ => UNKNOWN,
                })
                .collect();
            let expected = brute(&clue, &line);
            let mut got = line.clone();
            let result = solver.solve(&clue, &mut got);
            match expected {
                None => assert_eq!(result, None, "{clue:?} {}", show(&line)),
                Some(e) => {
                    assert!(result.is_some(), "{clue:?} {}", show(&line));
                    assert_eq!(show(&got), show(&e), "{clue:?} {}", show(&line));
                }
            }
        }
    }
}
