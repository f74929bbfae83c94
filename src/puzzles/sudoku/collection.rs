//! 9×9 collections without a puzzle object per line: the pieces `solve` and `bench`
//! use to answer a file of 81-character lines the way the pipeline (`src/pipeline.rs`, `src/driver.rs`)
//! would, but with the grids on the stack and the buffers reused from puzzle to puzzle.
//!
//! Glossary:
//! - **plain line**: exactly 81 bytes, each `1`–`9`, `.` or `0`. Anything else on a
//!   line (blanks, comments, errors, 4×4 lines) is for the general path, which names
//!   the problem.
//! - **answer**: what the search found for one grid, kept in an [`Answer9`] that the
//!   caller reuses.
//!
//! Every kept solution goes through [`checks`], a checker written from the rules alone
//! (as [`super::verify`], without its messages); a grid it rejects is handed back to
//! the general path, whose checker names the fault.

use super::native::solve9;
use crate::stop::Stop;

/// The givens of a plain line (0 = empty), or `None` when the line is not plain.
pub fn plain_line(line: &[u8]) -> Option<[u8; 81]> {
    let line: &[u8; 81] = line.try_into().ok()?;
    let mut givens = [0u8; 81];
    let mut bad = false;
    for (g, &byte) in givens.iter_mut().zip(line) {
        // `.` and `0` are empty; `1`–`9` are givens; anything else is not plain.
        let d = byte.wrapping_sub(b'0');
        bad |= d > 9 && byte != b'.';
        *g = if d <= 9 { d } else { 0 };
    }
    (!bad).then_some(givens)
}

/// The independent checker: every cell holds 1–9, every given is kept, and every row,
/// column and box holds each digit once.
pub fn checks(givens: &[u8; 81], solution: &[u8; 81]) -> bool {
    let mut kept = true;
    for (&given, &value) in givens.iter().zip(solution) {
        kept &= (1..=9).contains(&value) && (given == 0 || given == value);
    }
    if !kept {
        return false;
    }
    // Row by row, so that the column and box of each cell are constants once the
    // inner loop is unrolled (this runs for every printed answer).
    let all = 0b11_1111_1110;
    let (mut cols, mut boxes) = ([0u16; 9], [0u16; 9]);
    for (r, row) in solution.chunks_exact(9).enumerate() {
        let mut seen = 0u16;
        for (c, &value) in row.iter().enumerate() {
            let bit = 1u16 << value;
            seen |= bit;
            cols[c] |= bit;
            boxes[r / 3 * 3 + c / 3] |= bit;
        }
        if seen != all {
            return false;
        }
    }
    cols.iter().chain(&boxes).all(|&s| s == all)
}

/// What the search found for one grid; reused from puzzle to puzzle.
#[derive(Clone, Debug, Default)]
pub struct Answer9 {
    /// Solutions found (stops at the maximum asked for).
    pub count: u64,
    /// Whether `count` is exact: the search space was exhausted.
    pub complete: bool,
    /// The stop fired before the question was answered.
    pub timed_out: bool,
    /// The first `keep` solutions, row-major digits 1–9.
    pub solutions: Vec<[u8; 81]>,
}

impl Answer9 {
    /// Whether every kept solution passes [`checks`].
    pub fn checked(&self, givens: &[u8; 81]) -> bool {
        self.solutions.iter().all(|s| checks(givens, s))
    }
}

/// Searches `givens` for up to `max` solutions, keeping the first `keep` in `answer`.
/// Clashing givens are found by the search (no solution) without saying where.
pub fn solve(givens: &[u8; 81], max: u64, keep: usize, stop: &Stop, answer: &mut Answer9) {
    answer.solutions.clear();
    let solutions = &mut answer.solutions;
    let out = solve9(givens, max, keep, stop, &mut |g| solutions.push(*g));
    answer.count = out.count;
    answer.complete = out.complete;
    answer.timed_out = out.timed_out;
}

/// A grid as its line of digits, newline included.
pub fn line_bytes(grid: &[u8; 81]) -> [u8; 82] {
    let mut line = [b'\n'; 82];
    for (byte, &d) in line.iter_mut().zip(grid) {
        *byte = b'0' + d;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::sudoku::{Sudoku, verify};

    const PUZZLE: &[u8] =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn plain_lines_only() {
        let givens = plain_line(PUZZLE).unwrap();
        assert_eq!(&givens[..9], &[4, 0, 0, 0, 0, 0, 8, 0, 5]);
        let zeros: Vec<u8> = PUZZLE
            .iter()
            .map(|&b| if b == b'.' { b'0' } else { b })
            .collect();
        assert_eq!(plain_line(&zeros), Some(givens));
        assert_eq!(plain_line(&PUZZLE[..80]), None);
        for bad in [b'x', b' ', b'/', b':'] {
            let mut line = PUZZLE.to_vec();
            line[40] = bad;
            assert_eq!(plain_line(&line), None, "{}", bad as char);
        }
    }

    #[test]
    fn checker_agrees_with_the_general_one() {
        let givens = plain_line(PUZZLE).unwrap();
        let mut answer = Answer9::default();
        solve(&givens, 2, 2, &Stop::never(), &mut answer);
        assert_eq!((answer.count, answer.complete), (1, true));
        let good = answer.solutions[0];
        let puzzle = Sudoku::new(3, givens.to_vec()).unwrap();
        let agree = |s: &[u8; 81]| {
            assert_eq!(checks(&givens, s), verify(&puzzle, s).is_ok(), "{s:?}");
        };
        agree(&good);
        let mut swapped = good;
        swapped.swap(1, 2);
        agree(&swapped);
        let mut zero = good;
        zero[80] = 0;
        agree(&zero);
        // A valid grid that drops a given: relabel two digits everywhere.
        let relabelled = good.map(|d| match d {
            4 => 5,
            5 => 4,
            d => d,
        });
        agree(&relabelled);
        assert!(!checks(&givens, &relabelled));
        assert_eq!(&line_bytes(&good)[..9], b"417369825");
    }
}
