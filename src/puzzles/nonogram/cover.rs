//! The DLX backend's encoding: exact cover with colours (Knuth's Algorithm C).
//!
//! Glossary (spec: `encodings/nonogram.md`):
//! - **line item** (primary, `R1`..`Rh`, `C1`..`Cw`): covered exactly once, by one pattern.
//! - **cell item** (secondary, `r1c1`..): never chosen for branching; each option that
//!   touches it gives it a colour, `#` (black) or `.` (white). Algorithm C lets any number of
//!   options share a secondary item as long as they agree on its colour, so the row pattern
//!   and the column pattern through a cell must agree on it.
//! - **option**: one pattern of one line: the line item plus every cell of the line,
//!   coloured. Patterns that contradict a given cell are left out.
//!
//! Size: one option per pattern, and a line of length n with clue b₁..b_k has
//! C(n − Σb + 1, k) patterns: 21 for GCHQ's row 1, but millions on a 60-wide line with ten
//! blocks. Patterns are counted first (dynamic programming, no enumeration); a line with
//! more than [`PATTERN_LIMIT`] is refused with a message naming the backends that cope.

use super::{Grid, Nonogram};
use crate::dlx::{Matrix, OptionId};
use crate::puzzle::{CoverEncoding, SolveError};

/// The most patterns one line may have before `cover()` refuses the puzzle. Above this the
/// matrix reaches hundreds of thousands of options and millions of nodes, and Algorithm C,
/// which cannot use a partial line the way a line solver does, is hopeless anyway.
pub const PATTERN_LIMIT: u64 = 100_000;

/// Ways to complete a line: `ways[i][j]` = patterns for blocks `j..` within cells `i..`,
/// respecting the known cells (`known[i]`: `Some(black)`). Saturates at `u64::MAX`.
struct Ways {
    k: usize,
    table: Vec<u64>,
}

impl Ways {
    fn new(clue: &[usize], known: &[Option<bool>]) -> Ways {
        let (n, k) = (known.len(), clue.len());
        let mut table = vec![0u64; (n + 2) * (k + 1)];
        let may_white = |i: usize| known[i] != Some(true);
        // no_black_from[i]: cells i.. may all be white.
        let mut all_white = vec![true; n + 1];
        for i in (0..n).rev() {
            all_white[i] = all_white[i + 1] && may_white(i);
        }
        // black_run[i]: how many cells from i on may be black.
        let mut black_run = vec![0usize; n + 1];
        for i in (0..n).rev() {
            black_run[i] = if known[i] == Some(false) {
                0
            } else {
                black_run[i + 1] + 1
            };
        }
        let idx = |i: usize, j: usize| i * (k + 1) + j;
        for i in (0..=n).rev() {
            for j in (0..=k).rev() {
                let value = if j == k {
                    u64::from(all_white[i])
                } else if i == n {
                    0
                } else {
                    let mut v = 0u64;
                    if may_white(i) {
                        v = table[idx(i + 1, j)];
                    }
                    let len = clue[j];
                    if black_run[i] >= len {
                        let e = i + len;
                        let rest = if e == n {
                            u64::from(j + 1 == k)
                        } else if may_white(e) {
                            table[idx(e + 1, j + 1)]
                        } else {
                            0
                        };
                        v = v.saturating_add(rest);
                    }
                    v
                };
                table[idx(i, j)] = value;
            }
        }
        Ways { k, table }
    }

    fn get(&self, i: usize, j: usize) -> u64 {
        self.table[i * (self.k + 1) + j]
    }

    fn total(&self) -> u64 {
        self.get(0, 0)
    }
}

/// Number of patterns of a line given its known cells.
pub fn count_patterns(clue: &[usize], known: &[Option<bool>]) -> u64 {
    Ways::new(clue, known).total()
}

/// Appends every pattern (n cells each, `true` = black) to `out`.
fn enumerate(clue: &[usize], known: &[Option<bool>], out: &mut Vec<bool>) {
    let n = known.len();
    let ways = Ways::new(clue, known);
    let mut current = vec![false; n];
    // Explicit stack of (cell, block) positions still to expand.
    fn walk(
        i: usize,
        j: usize,
        clue: &[usize],
        known: &[Option<bool>],
        ways: &Ways,
        current: &mut Vec<bool>,
        out: &mut Vec<bool>,
    ) {
        let n = known.len();
        if ways.get(i, j) == 0 {
            return;
        }
        if j == clue.len() {
            for cell in current.iter_mut().skip(i) {
                *cell = false;
            }
            out.extend_from_slice(current);
            return;
        }
        if i == n {
            return;
        }
        if known[i] != Some(true) && ways.get(i + 1, j) > 0 {
            current[i] = false;
            walk(i + 1, j, clue, known, ways, current, out);
        }
        let len = clue[j];
        let e = i + len;
        if e <= n && (i..e).all(|c| known[c] != Some(false)) {
            for cell in current.iter_mut().take(e).skip(i) {
                *cell = true;
            }
            if e == n {
                if j + 1 == clue.len() {
                    out.extend_from_slice(current);
                }
            } else if known[e] != Some(true) {
                current[e] = false;
                walk(e + 1, j + 1, clue, known, ways, current, out);
            }
        }
    }
    walk(0, 0, clue, known, &ways, &mut current, out);
}

/// Builds the matrix, or refuses when a line has more than `limit` patterns.
pub fn encode(puzzle: &Nonogram, limit: u64) -> Result<CoverEncoding<'_, Grid>, SolveError> {
    let (width, height) = (puzzle.width(), puzzle.height());
    let lines = puzzle.num_lines();
    let mut known_of_line = Vec::with_capacity(lines);
    for l in 0..lines {
        let known: Vec<Option<bool>> = (0..puzzle.line_len(l))
            .map(|i| puzzle.givens()[puzzle.cell_of(l, i)])
            .collect();
        let count = count_patterns(puzzle.clue(l), &known);
        if count > limit {
            return Err(SolveError::TooLarge(format!(
                "exact cover: line {} has {} patterns (limit {limit}); use --backend native or sat",
                puzzle.line_name(l),
                if count == u64::MAX {
                    "more than 18446744073709551614".to_string()
                } else {
                    count.to_string()
                }
            )));
        }
        known_of_line.push(known);
    }

    let mut matrix = Matrix::new();
    let line_items: Vec<usize> = (0..lines)
        .map(|l| matrix.add_primary(puzzle.line_name(l)))
        .collect();
    let cell_items: Vec<usize> = (0..width * height)
        .map(|i| matrix.add_secondary(format!("r{}c{}", i / width + 1, i % width + 1)))
        .collect();
    let black = matrix.colour("B");
    let white = matrix.colour("W");

    // Row patterns are kept for the decoder: option id → (row, pattern).
    let mut row_of_option: Vec<Option<usize>> = Vec::new();
    let mut row_patterns: Vec<(usize, Vec<bool>)> = Vec::new();
    let mut patterns = Vec::new();
    let mut option = Vec::new();
    for (l, known) in known_of_line.iter().enumerate() {
        let n = puzzle.line_len(l);
        patterns.clear();
        enumerate(puzzle.clue(l), known, &mut patterns);
        for pattern in patterns.chunks_exact(n) {
            option.clear();
            option.push((line_items[l], None));
            for (i, &b) in pattern.iter().enumerate() {
                let cell = cell_items[puzzle.cell_of(l, i)];
                option.push((cell, Some(if b { black } else { white })));
            }
            let id: OptionId = matrix.add_coloured_option(&option).map_err(|e| {
                SolveError::TooLarge(format!(
                    "exact cover matrix for {}: {e}",
                    puzzle.line_name(l)
                ))
            })?;
            debug_assert_eq!(id, row_of_option.len());
            if l < height {
                row_of_option.push(Some(row_patterns.len()));
                row_patterns.push((l, pattern.to_vec()));
            } else {
                row_of_option.push(None);
            }
        }
    }

    Ok(CoverEncoding {
        matrix,
        decode: Box::new(move |chosen: &[OptionId]| {
            let mut grid = Grid::new(width, height);
            let mut seen = vec![false; height];
            for &id in chosen {
                let Some(slot) = row_of_option.get(id) else {
                    return Err(format!("option {id} does not exist"));
                };
                if let Some(p) = *slot {
                    let (row, pattern) = &row_patterns[p];
                    let row = *row;
                    if seen[row] {
                        return Err(format!("row {} covered twice", row + 1));
                    }
                    seen[row] = true;
                    for (c, &b) in pattern.iter().enumerate() {
                        grid.set(row, c, b);
                    }
                }
            }
            if let Some(row) = seen.iter().position(|s| !s) {
                return Err(format!("row {} not covered", row + 1));
            }
            Ok(grid)
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn counts_match_the_binomial_and_enumeration() {
        for (clue, n) in [
            (vec![7, 3, 1, 1, 7], 25usize),
            (vec![2, 1], 6),
            (vec![], 4),
            (vec![4], 4),
        ] {
            let known = vec![None; n];
            let sum: usize = clue.iter().sum();
            let expected = binomial((n - sum + 1) as u64, clue.len() as u64);
            assert_eq!(count_patterns(&clue, &known), expected, "{clue:?}");
            let mut out = Vec::new();
            enumerate(&clue, &known, &mut out);
            assert_eq!(out.len() as u64, expected * n as u64);
        }
        // The yangs seed: [7,3,1,1,7] in 25 cells has 21 patterns, 10 with both ends black.
        let mut known = vec![None; 25];
        known[0] = Some(true);
        known[24] = Some(true);
        assert_eq!(count_patterns(&[7, 3, 1, 1, 7], &known), 10);
    }
}
