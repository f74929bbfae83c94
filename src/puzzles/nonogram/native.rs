//! The native backend: line logic to a fixpoint, probing to a fixpoint at every node, then
//! depth-first search, counting solutions up to the limit.
//!
//! Glossary:
//! - **line logic**: run a line solver (every cell that all patterns of a line agree on)
//!   over a queue of lines until nothing changes.
//! - **probe**: try an unknown cell both ways and keep what follows (see `native/masks.rs`).
//! - **engine**: two implementations of the same search.
//!   - `masks` (used whenever every line has at most 511 cells): lines as one mask per
//!     palette colour (a `u128` up to 127 cells, as in every puzzle of Wolter's survey;
//!     4 or 8 64-bit words beyond, [`words`]), the bit-parallel line solver [`bitline`],
//!     probes validated by the lines they read; black-and-white and colour alike.
//!   - `wide`: byte-per-cell states and the DP line solver, for black-and-white puzzles
//!     with lines over 511 cells (its per-cell probe bookkeeping stays small where the
//!     masks engine's line sets would not). Colour puzzles that wide are refused (use
//!     `sat`).
//!
//! Both engines answer the same question the same way; the tests below compare them with
//! each other and with brute force.

pub mod bitline;
mod masks;
mod wide;
pub mod words;

use super::{Grid, Nonogram};
use crate::puzzle::{Limits, NativeAnswer};

/// Counters of one run, for profiling and reports (the [`NativeAnswer`] carries nodes and
/// guesses; these add the work inside the nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search nodes (each probed to a fixpoint).
    pub nodes: u64,
    /// Nodes that branched.
    pub guesses: u64,
    /// Cells probed (each probe propagates twice).
    pub probes: u64,
    /// Probes whose two branches agreed on some cell.
    pub merges: u64,
    /// Line-solver calls, cache hits included.
    pub line_solves: u64,
    /// Line-solver calls answered by the cache.
    pub cache_hits: u64,
}

/// Whether the bit-parallel engine takes `puzzle`.
fn fits_masks(puzzle: &Nonogram) -> bool {
    puzzle.width() <= masks::MAX_LEN && puzzle.height() <= masks::MAX_LEN
}

/// Why the native engines cannot take `puzzle`, if they cannot.
pub fn refusal(puzzle: &Nonogram) -> Option<String> {
    (!fits_masks(puzzle) && !puzzle.is_black_and_white()).then(|| {
        format!(
            "native: colour nonograms with lines over {} cells are not supported; use --backend sat",
            masks::MAX_LEN
        )
    })
}

/// Solves `puzzle`, counting solutions up to `limits.max_solutions` (see [`refusal`]).
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> NativeAnswer<Grid> {
    solve_with_stats(puzzle, limits).0
}

/// [`solve`], with the work counters. The wide engine (lines over 511 cells) reports only
/// nodes and guesses.
pub fn solve_with_stats(puzzle: &Nonogram, limits: &Limits) -> (NativeAnswer<Grid>, Stats) {
    if fits_masks(puzzle) {
        masks::solve(puzzle, limits)
    } else {
        let answer = wide::solve(puzzle, limits);
        let stats = Stats {
            nodes: answer.nodes.unwrap_or(0),
            guesses: answer.guesses.unwrap_or(0),
            ..Stats::default()
        };
        (answer, stats)
    }
}

/// What line logic alone (no probing, no search) decides: each cell's colour (palette
/// index) or undecided; `None` when line logic finds a contradiction.
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    if fits_masks(puzzle) {
        masks::line_logic(puzzle)
    } else {
        wide::line_logic(puzzle)
    }
}

/// What probing at the root leaves open (for `--presolve`, `presolve.rs`).
pub struct ProbeResidue {
    /// Each cell's colours still possible, bit `c` = palette index `c`.
    pub colours: Vec<u64>,
    /// `[(a, u), (b, v)]`: setting cell a to colour u makes propagation set cell b to v.
    pub implications: Vec<[(usize, u8); 2]>,
}

/// Line logic and probing to a fixpoint at the root, no search; then each open (cell,
/// colour) propagated once more for the implications it yields (up to
/// `max_implications`; `stop` cuts probing short, soundly). `None`: no grid fits.
/// Lines over 511 cells: line logic only.
pub fn probe_residue(
    puzzle: &Nonogram,
    stop: &crate::stop::Stop,
    max_implications: usize,
) -> Option<ProbeResidue> {
    if fits_masks(puzzle) {
        masks::probe_residue(puzzle, stop, max_implications)
    } else {
        let cells = wide::line_logic(puzzle)?;
        Some(ProbeResidue {
            colours: cells.iter().map(|c| c.map_or(0b11, |v| 1 << v)).collect(),
            implications: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stop::Stop;

    fn limits(max: Option<u64>) -> Limits {
        Limits {
            max_solutions: max,
            keep: 1000,
            stop: Stop::never(),
        }
    }

    /// All 2^(w·h) grids, for tiny puzzles.
    fn brute_count(puzzle: &Nonogram) -> u64 {
        let (w, h) = (puzzle.width(), puzzle.height());
        let mut count = 0;
        for bits in 0u64..(1 << (w * h)) {
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|i| (bits >> i & 1) as u8).collect(),
            };
            if puzzle.verify(&grid).is_ok() {
                count += 1;
            }
        }
        count
    }

    fn rng(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn unique_picture_by_line_logic() {
        let goal = Grid::from_rows(&[".##.", "#..#", "#..#", ".##."]).expect("grid");
        let puzzle = Nonogram::from_grid(&goal);
        let answer = solve(&puzzle, &limits(None));
        assert!(answer.complete);
        assert!(answer.solutions.contains(&goal));
        assert_eq!(answer.count, brute_count(&puzzle));
    }

    #[test]
    fn counts_equal_brute_force_on_random_small_puzzles() {
        let mut next = rng(99);
        for _ in 0..120 {
            let (w, h) = ((next() % 4 + 1) as usize, (next() % 4 + 1) as usize);
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|_| u8::from(next() % 2 == 0)).collect(),
            };
            let puzzle = Nonogram::from_grid(&grid);
            let answer = solve(&puzzle, &limits(None));
            assert!(answer.complete);
            assert_eq!(
                answer.count,
                brute_count(&puzzle),
                "{:?}",
                grid.row_strings()
            );
            assert!(answer.solutions.contains(&grid));
            for s in &answer.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
        }
    }

    /// Both engines find the same solution sets (all of them, up to 1000) on random
    /// pictures, with random givens taken from the picture or contradicting it.
    #[test]
    fn engines_agree_on_random_puzzles() {
        let mut next = rng(7);
        for round in 0..150 {
            let (w, h) = ((next() % 9 + 1) as usize, (next() % 9 + 1) as usize);
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|_| u8::from(next() % 5 < 2)).collect(),
            };
            let mut puzzle = Nonogram::from_grid(&grid);
            if round % 3 == 0 {
                let givens = (0..w * h)
                    .map(|i| match next() % 12 {
                        0 => Some(grid.cells[i]),
                        1 => Some(u8::from(next() % 2 == 0)),
                        _ => None,
                    })
                    .collect();
                puzzle = puzzle.with_colour_givens(givens);
            }
            let lim = limits(Some(1000));
            let (mut a, _) = masks::solve(&puzzle, &lim);
            let mut b = wide::solve(&puzzle, &lim);
            assert_eq!((a.count, a.complete), (b.count, b.complete));
            a.solutions.sort_by_key(Grid::row_strings);
            b.solutions.sort_by_key(Grid::row_strings);
            assert_eq!(a.solutions, b.solutions, "{:?}", grid.row_strings());
            for s in &a.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
            assert_eq!(masks::line_logic(&puzzle), wide::line_logic(&puzzle));
        }
    }

    /// All `colours^(w·h)` grids, for tiny colour puzzles.
    fn brute_count_colour(puzzle: &Nonogram) -> u64 {
        let (w, h) = (puzzle.width(), puzzle.height());
        let p = puzzle.palette().len() as u64;
        let mut count = 0;
        for code in 0..p.pow((w * h) as u32) {
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h)
                    .map(|i| (code / p.pow(i as u32) % p) as u8)
                    .collect(),
            };
            count += u64::from(puzzle.verify(&grid).is_ok());
        }
        count
    }

    /// Colour pictures (2 or 3 colours, with givens now and then): the engine finds every
    /// solution brute force finds.
    #[test]
    fn colour_counts_equal_brute_force() {
        let mut next = rng(47);
        for round in 0..150 {
            let colours = 2 + next() % 2;
            let (w, h) = ((next() % 3 + 1) as usize, (next() % 3 + 1) as usize);
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|_| (next() % (colours + 1)) as u8).collect(),
            };
            let mut puzzle = Nonogram::from_grid_in(
                super::super::Palette::with_colours(colours as usize),
                &grid,
            );
            if round % 4 == 0 {
                let givens = (0..w * h)
                    .map(|i| match next() % 6 {
                        0 => Some(grid.cells[i]),
                        1 => Some((next() % (colours + 1)) as u8),
                        _ => None,
                    })
                    .collect();
                puzzle = puzzle.with_colour_givens(givens);
            }
            let answer = solve(&puzzle, &limits(None));
            assert!(answer.complete);
            assert_eq!(
                answer.count,
                brute_count_colour(&puzzle),
                "{:?}",
                grid.cells
            );
            for s in &answer.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
            let mut distinct = answer.solutions.clone();
            distinct.sort_by_key(|g| g.cells.clone());
            distinct.dedup();
            assert_eq!(distinct.len(), answer.solutions.len());
        }
    }

    #[test]
    fn diagonal_has_two_solutions_and_line_logic_stops() {
        let puzzle = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]);
        assert_eq!(line_logic(&puzzle), Some(vec![None; 4]));
        let answer = solve(&puzzle, &limits(None));
        assert_eq!((answer.count, answer.complete), (2, true));
        let first = solve(&puzzle, &limits(Some(1)));
        assert_eq!((first.count, first.complete), (1, false));
        let none = solve(&puzzle, &limits(Some(0)));
        assert_eq!((none.count, none.complete), (0, false));
    }

    #[test]
    fn keep_bounds_the_stored_solutions_not_the_count() {
        // Four independent 2x2 diagonals side by side: 16 solutions.
        let rows = vec![vec![1, 1, 1, 1]; 2];
        let columns = vec![vec![1]; 12]
            .into_iter()
            .enumerate()
            .map(|(c, v)| if c % 3 == 2 { vec![] } else { v })
            .collect();
        let puzzle = Nonogram::new(rows, columns);
        let answer = solve(
            &puzzle,
            &Limits {
                max_solutions: None,
                keep: 3,
                stop: Stop::never(),
            },
        );
        assert_eq!((answer.count, answer.complete), (16, true));
        assert_eq!(answer.solutions.len(), 3);
        assert_eq!(answer.count, wide::solve(&puzzle, &limits(None)).count);
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        let puzzle = Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).with_givens(vec![
            Some(false),
            None,
            None,
            None,
        ]);
        let answer = solve(&puzzle, &limits(None));
        assert_eq!((answer.count, answer.complete), (0, true));
    }

    /// Lines over 127 cells take the multi-word masks (4 and 8 words): the same answers
    /// as the byte-per-cell engine on random strips up to 511 cells, black-and-white,
    /// and colour strips agree with brute force on their rows.
    #[test]
    fn long_lines_on_multi_word_masks_agree_with_the_wide_engine() {
        let mut columns = vec![vec![1]; 130];
        columns[0] = vec![];
        columns[129] = vec![];
        let puzzle = Nonogram::new(vec![vec![128]], columns);
        assert!(fits_masks(&puzzle));
        let answer = solve(&puzzle, &limits(None));
        assert_eq!((answer.count, answer.complete), (1, true));
        assert_eq!(puzzle.verify(&answer.solutions[0]), Ok(()));

        let mut next = rng(128);
        for round in 0..24 {
            let w = [128, 200, 255, 256, 300, 511][round % 6];
            let h = (next() % 4 + 1) as usize;
            let grid = Grid {
                width: w,
                height: h,
                cells: (0..w * h).map(|_| u8::from(next() % 3 != 0)).collect(),
            };
            let puzzle = Nonogram::from_grid(&grid);
            let lim = limits(Some(50));
            let (mut a, _) = masks::solve(&puzzle, &lim);
            let mut b = wide::solve(&puzzle, &lim);
            assert_eq!((a.count, a.complete), (b.count, b.complete), "{w}x{h}");
            a.solutions.sort_by_key(Grid::row_strings);
            b.solutions.sort_by_key(Grid::row_strings);
            if a.complete {
                assert_eq!(a.solutions, b.solutions, "{w}x{h}");
            }
            assert_eq!(
                masks::line_logic(&puzzle),
                wide::line_logic(&puzzle),
                "{w}x{h}"
            );
        }
        // Colour, 300 wide: a 2-row picture is found again and checked.
        let grid = Grid {
            width: 300,
            height: 2,
            cells: (0..600).map(|_| (next() % 4) as u8).collect(),
        };
        let puzzle = Nonogram::from_grid(&grid);
        let answer = solve(&puzzle, &limits(Some(20)));
        assert!(answer.count >= 1);
        for s in &answer.solutions {
            assert_eq!(puzzle.verify(s), Ok(()));
        }
        assert!(!answer.complete || answer.solutions.contains(&grid));
    }

    #[test]
    fn a_zero_deadline_stops_at_once() {
        let puzzle = Nonogram::new(vec![vec![1]; 6], vec![vec![1]; 6]);
        let answer = solve(
            &puzzle,
            &Limits {
                max_solutions: None,
                keep: 0,
                stop: Stop::at(Some(std::time::Instant::now())),
            },
        );
        assert!(!answer.complete);
        // The 6x6 permutation puzzle has 720 solutions.
        assert_eq!(solve(&puzzle, &limits(None)).count, 720);
    }
}
