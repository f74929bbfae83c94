//! The DLX backend's encoding: exact cover with colours (Knuth's Algorithm C).
//!
//! Glossary (spec: `encodings/nonogram.md`):
//! - **line item** (primary, `R1`..`Rh`, `C1`..`Cw`): covered exactly once, by one pattern.
//! - **cell item** (secondary, `r1c1`..): never chosen for branching; each option that
//!   touches it gives it a colour: `B` (black) or `W` (white) in black-and-white, the
//!   palette index (`0` the background) in colour puzzles. Algorithm C lets any number of
//!   options share a secondary item as long as they agree on its colour, so the row pattern
//!   and the column pattern through a cell must agree on it.
//! - **option**: one pattern of one line: the line item plus every cell of the line,
//!   coloured. Patterns that contradict a given cell are left out.
//!
//! Size: one option per pattern, and a black-and-white line of length n with clue b₁..b_k
//! has C(n − Σb + 1, k) patterns: 21 for GCHQ's row 1, but millions on a 60-wide line with ten
//! blocks. Patterns are counted first (dynamic programming, no enumeration); a line with
//! more than [`PATTERN_LIMIT`] is refused with a message naming the backends that cope.

use super::{Block, Grid, Nonogram};
use crate::dlx::{Matrix, OptionId};
use crate::puzzle::{CoverEncoding, DecodeError, SolveError};

/// The most patterns one line may have before `cover()` refuses the puzzle. Above this the
/// matrix reaches hundreds of thousands of options and millions of nodes, and Algorithm C,
/// which cannot use a partial line the way a line solver does, is hopeless anyway.
pub const PATTERN_LIMIT: u64 = 100_000;

/// Ways to complete a line: `ways[i][j]` = patterns for blocks `j..` within cells `i..`,
/// respecting the known cells (`known[i]`: `Some(colour)`). Saturates at `u64::MAX`.
struct Ways {
    k: usize,
    table: Vec<u64>,
}

/// Whether cell `i` may take `colour` given what is known of it.
fn allows(known: &[Option<u8>], i: usize, colour: u8) -> bool {
    known[i].is_none_or(|k| k == colour)
}

impl Ways {
    fn new(clue: &[Block], known: &[Option<u8>]) -> Ways {
        let (n, k) = (known.len(), clue.len());
        let mut table = vec![0u64; (n + 2) * (k + 1)];
        // all_bg[i]: cells i.. may all be background.
        let mut all_bg = vec![true; n + 1];
        for i in (0..n).rev() {
            all_bg[i] = all_bg[i + 1] && allows(known, i, 0);
        }
        // run[j][i]: how many cells from i on may take block j's colour.
        let mut run = vec![vec![0usize; n + 1]; k];
        for (j, block) in clue.iter().enumerate() {
            for i in (0..n).rev() {
                run[j][i] = if allows(known, i, block.colour) {
                    run[j][i + 1] + 1
                } else {
                    0
                };
            }
        }
        let idx = |i: usize, j: usize| i * (k + 1) + j;
        for i in (0..=n).rev() {
            for j in (0..=k).rev() {
                let value = if j == k {
                    u64::from(all_bg[i])
                } else if i == n {
                    0
                } else {
                    let mut v = 0u64;
                    if allows(known, i, 0) {
                        v = table[idx(i + 1, j)];
                    }
                    let len = clue[j].len;
                    if run[j][i] >= len {
                        let e = i + len;
                        // The next block may touch this one only in another colour.
                        let touching = j + 1 == k || clue[j + 1].colour != clue[j].colour;
                        let rest = if touching {
                            table[idx(e, j + 1)]
                        } else if e < n && allows(known, e, 0) {
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
pub fn count_patterns(clue: &[Block], known: &[Option<u8>]) -> u64 {
    Ways::new(clue, known).total()
}

/// Appends every pattern (n cells each, palette indices) to `out`.
fn enumerate(clue: &[Block], known: &[Option<u8>], out: &mut Vec<u8>) {
    let n = known.len();
    let ways = Ways::new(clue, known);
    let mut current = vec![0u8; n];
    fn walk(
        i: usize,
        j: usize,
        clue: &[Block],
        known: &[Option<u8>],
        ways: &Ways,
        current: &mut Vec<u8>,
        out: &mut Vec<u8>,
    ) {
        let n = known.len();
        if ways.get(i, j) == 0 {
            return;
        }
        if j == clue.len() {
            for cell in current.iter_mut().skip(i) {
                *cell = 0;
            }
            out.extend_from_slice(current);
            return;
        }
        if i == n {
            return;
        }
        if allows(known, i, 0) && ways.get(i + 1, j) > 0 {
            current[i] = 0;
            walk(i + 1, j, clue, known, ways, current, out);
        }
        let Block { len, colour } = clue[j];
        let e = i + len;
        if e <= n && (i..e).all(|c| allows(known, c, colour)) {
            for cell in current.iter_mut().take(e).skip(i) {
                *cell = colour;
            }
            let touching = j + 1 == clue.len() || clue[j + 1].colour != colour;
            if touching {
                walk(e, j + 1, clue, known, ways, current, out);
            } else if e < n && allows(known, e, 0) {
                current[e] = 0;
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
        let known: Vec<Option<u8>> = (0..puzzle.line_len(l))
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
    // Black-and-white keeps its names B and W; colour puzzles name colours by palette index.
    let colours: Vec<_> = if puzzle.is_black_and_white() {
        let black = matrix.colour("B");
        vec![matrix.colour("W"), black]
    } else {
        (0..puzzle.palette().len())
            .map(|v| matrix.colour(&v.to_string()))
            .collect()
    };

    // Row patterns are kept for the decoder: option id → (row, pattern).
    let mut row_of_option: Vec<Option<usize>> = Vec::new();
    let mut row_patterns: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut patterns = Vec::new();
    let mut option = Vec::new();
    for (l, known) in known_of_line.iter().enumerate() {
        let n = puzzle.line_len(l);
        patterns.clear();
        enumerate(puzzle.clue(l), known, &mut patterns);
        for pattern in patterns.chunks_exact(n) {
            option.clear();
            option.push((line_items[l], None));
            for (i, &v) in pattern.iter().enumerate() {
                let cell = cell_items[puzzle.cell_of(l, i)];
                option.push((cell, Some(colours[usize::from(v)])));
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
                    return Err(DecodeError::from(format!("option {id} does not exist")));
                };
                if let Some(p) = *slot {
                    let (row, pattern) = &row_patterns[p];
                    let row = *row;
                    if seen[row] {
                        return Err(DecodeError::from(format!("row {} covered twice", row + 1)));
                    }
                    seen[row] = true;
                    for (c, &v) in pattern.iter().enumerate() {
                        grid.set_colour(row, c, v);
                    }
                }
            }
            if let Some(row) = seen.iter().position(|s| !s) {
                return Err(DecodeError::from(format!("row {} not covered", row + 1)));
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

    fn black(lengths: &[usize]) -> Vec<Block> {
        lengths.iter().map(|&len| Block::black(len)).collect()
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
            assert_eq!(count_patterns(&black(&clue), &known), expected, "{clue:?}");
            let mut out = Vec::new();
            enumerate(&black(&clue), &known, &mut out);
            assert_eq!(out.len() as u64, expected * n as u64);
        }
        // The yangs seed: [7,3,1,1,7] in 25 cells has 21 patterns, 10 with both ends black.
        let mut known = vec![None; 25];
        known[0] = Some(1);
        known[24] = Some(1);
        assert_eq!(count_patterns(&black(&[7, 3, 1, 1, 7]), &known), 10);
    }

    /// Colour patterns: different colours may touch, equal ones need a gap; counts equal
    /// enumeration and brute force over all words.
    #[test]
    fn colour_counts_equal_brute_force() {
        let b = |len, colour| Block { len, colour };
        for clue in [
            vec![b(1, 1), b(1, 2)],
            vec![b(2, 1), b(1, 1), b(1, 2)],
            vec![b(1, 2), b(2, 1), b(1, 2)],
            vec![],
        ] {
            for n in 1..=6usize {
                let known = vec![None; n];
                let mut brute = 0;
                for code in 0..3usize.pow(n as u32) {
                    let word: Vec<u8> = (0..n)
                        .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
                        .collect();
                    let runs: Vec<Block> = word
                        .chunk_by(|a, b| a == b)
                        .filter(|r| r[0] != 0)
                        .map(|r| b(r.len(), r[0]))
                        .collect();
                    brute += u64::from(runs == clue);
                }
                assert_eq!(count_patterns(&clue, &known), brute, "{clue:?} {n}");
                let mut out = Vec::new();
                enumerate(&clue, &known, &mut out);
                assert_eq!(out.len() as u64, brute * n as u64, "{clue:?} {n}");
            }
        }
    }
}
