//! The native backend: line logic to a fixpoint, probing to a fixpoint at every node, then
//! depth-first search, counting solutions up to the limit.
//!
//! Glossary:
//! - **line logic**: run a line solver (every cell that all patterns of a line agree on)
//!   over a queue of lines until nothing changes.
//! - **probe**: try an unknown cell both ways and keep what follows (see `dfs/`).
//! - **stages**: searches for a few solutions (`--unique`, a small `--limit`) on lines of
//!   at most 127 cells run the depth-first search of `dfs/` for a budget of work
//!   (`DFS_BUDGET`: 5,000 nodes or 60 M line solves), then, if it has not finished, the learning search of [`learn`]
//!   (CDCL with the line solver as its theory) from root probing's domains, counting on
//!   from the solutions already found. The depth-first search is the faster one on every
//!   survey puzzle it decides; learning decides what it does not (webpbn #672).
//! - **engine** (`dfs/`): one engine for every width and palette. Lines are one mask per
//!   palette colour: a `u128` up to 127 cells (every puzzle of Wolter's survey), several
//!   64-bit words beyond ([`mask`](super::line::mask), up to `dfs::MAX_LEN` cells); the bit-parallel line
//!   solver [`bitline`](super::line::bitline); probes validated by the lines they read; black-and-white and
//!   colour alike.
//!
//! The tests below compare the engine with brute force, and its multi-word masks with the
//! `u128` ones on the same puzzles (the same search, node for node).

use super::dfs;
use super::learn;
use super::{Grid, Nonogram};
use crate::puzzle::Limits;

/// What the engines of this folder report: the solutions kept and the search's effort.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The first `keep` solutions found.
    pub solutions: Vec<Grid>,
    /// Solutions found (at most `max_solutions`).
    pub count: u64,
    /// Whether the search space was exhausted, so `count` is exact.
    pub complete: bool,
    /// Search-tree nodes.
    pub nodes: Option<u64>,
    /// Guesses (branchings).
    pub guesses: Option<u64>,
    /// Conflicts of the learning search, when one ran.
    pub conflicts: Option<u64>,
}

/// Counters of one run, for profiling and reports (the [`Answer`] carries nodes and
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
    /// The learning search's counters, when it ran (see [`solve_with_stats`]).
    pub learn: learn::LearnStats,
}

/// Why the native engine cannot take `puzzle`, if it cannot: a line longer than
/// `dfs::MAX_LEN` cells (the readers stop at 10,000 a side; the library API does not).
pub fn refusal(puzzle: &Nonogram) -> Option<String> {
    let longest = puzzle.width().max(puzzle.height());
    (longest > dfs::MAX_LEN).then(|| {
        format!(
            "native: lines over {} cells are not supported; use --backend sat",
            dfs::MAX_LEN
        )
    })
}

/// Solves `puzzle`, counting solutions up to `limits.max_solutions` (see [`refusal`]).
pub fn solve(puzzle: &Nonogram, limits: &Limits) -> Answer {
    solve_with_stats(puzzle, limits).0
}

/// The learning search takes over searches for at most this many solutions (`--unique`
/// asks for 2); counting many solutions one blocking clause at a time does not pay.
pub const LEARN_MAX: u64 = 64;

/// The work the depth-first search gets before the learning search takes over: search
/// nodes, and line solves (cache hits included), whichever runs out first (work counts,
/// unlike time, do not depend on the machine's load). Every survey puzzle the depth-first
/// search decides needs less; how the bounds were chosen: `docs/nonogram.md`.
const DFS_BUDGET: (u64, u64) = (5_000, 60_000_000);

/// [`solve`], with the work counters.
///
/// Two stages: the depth-first search of `dfs/` (line logic, probing, weighted
/// branching) for a budget, which decides most puzzles at once; then, when it has not
/// finished and few solutions are asked for, the learning search of [`learn`] from the
/// root's probed domains, counting on from the solutions the first stage found.
pub fn solve_with_stats(puzzle: &Nonogram, limits: &Limits) -> (Answer, Stats) {
    solve_in_stages(puzzle, limits, DFS_BUDGET)
}

/// [`solve_with_stats`] with a first stage of at most `dfs_nodes` search nodes (0: the
/// learning search starts right after root probing, when it takes the request).
pub fn solve_staged(puzzle: &Nonogram, limits: &Limits, dfs_nodes: u64) -> (Answer, Stats) {
    solve_in_stages(puzzle, limits, (dfs_nodes, DFS_BUDGET.1))
}

fn solve_in_stages(puzzle: &Nonogram, limits: &Limits, dfs_budget: (u64, u64)) -> (Answer, Stats) {
    let Some(max) = limits
        .max_solutions
        .filter(|&m| m <= LEARN_MAX && learn::fits(puzzle))
    else {
        return dfs::solve(puzzle, limits);
    };
    let first_stage = Limits {
        max_solutions: Some(max),
        // Every solution found is kept: the second stage blocks them.
        keep: max as usize,
        stop: limits.stop.clone(),
    };
    let (mut answer, mut stats) = dfs::solve_within(puzzle, &first_stage, dfs_budget);
    if answer.complete || answer.count >= max || limits.stop.should_stop() {
        answer.solutions.truncate(limits.keep);
        return (answer, stats);
    }
    let (nodes, guesses) = (answer.nodes, answer.guesses);
    // Probing's implications as binary clauses did not pay (`docs/nonogram.md`).
    let residue = match dfs::probe_residue(puzzle, &limits.stop, 0) {
        Some(residue) => residue,
        None => {
            answer.complete = true;
            answer.solutions.truncate(limits.keep);
            return (answer, stats);
        }
    };
    let (mut answer, learnt) = learn::solve(puzzle, limits, Some(&residue), &answer.solutions);
    stats.learn = learnt;
    let add = |a: Option<u64>, b: Option<u64>| Some(a.unwrap_or(0) + b.unwrap_or(0));
    answer.nodes = add(nodes, answer.nodes);
    answer.guesses = add(guesses, answer.guesses);
    (answer, stats)
}

/// What line logic alone (no probing, no search) decides: each cell's colour (palette
/// index) or undecided; `None` when line logic finds a contradiction.
pub fn line_logic(puzzle: &Nonogram) -> Option<Vec<Option<u8>>> {
    dfs::line_logic(puzzle)
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
/// A puzzle the engine refuses ([`refusal`]) comes back with every colour open.
pub fn probe_residue(
    puzzle: &Nonogram,
    stop: &crate::stop::Stop,
    max_implications: usize,
) -> Option<ProbeResidue> {
    if refusal(puzzle).is_some() {
        let all = (1u64 << puzzle.palette().len()) - 1;
        return Some(ProbeResidue {
            colours: vec![all; puzzle.width() * puzzle.height()],
            implications: Vec::new(),
        });
    }
    dfs::probe_residue(puzzle, stop, max_implications)
}

#[cfg(test)]
mod tests {
    use super::super::line::mask::Wide;
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

    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut random = crate::rng::SplitMix64::new(seed);
        move || random.next_u64()
    }

    /// A random picture of `w`×`h` cells in `ink` colours and the background (a cell is
    /// inked `inked.0` times in `inked.1`, in a uniform colour) and its puzzle. With
    /// `givens: Some(n)`, about one cell in `n` is given as in the picture and one in `n`
    /// a random colour, which may contradict it.
    fn random_colour_puzzle(
        next: &mut impl FnMut() -> u64,
        ink: u64,
        (w, h): (usize, usize),
        inked: (u64, u64),
        givens: Option<u64>,
    ) -> (Grid, Nonogram) {
        let grid = Grid {
            width: w,
            height: h,
            cells: (0..w * h)
                .map(|_| {
                    if next() % inked.1 < inked.0 {
                        (1 + next() % ink) as u8
                    } else {
                        0
                    }
                })
                .collect(),
        };
        let mut puzzle =
            Nonogram::from_grid_in(super::super::Palette::with_colours(ink as usize), &grid);
        if let Some(n) = givens {
            let givens = (0..w * h)
                .map(|i| match next() % n {
                    0 => Some(grid.cells[i]),
                    1 => Some((next() % (ink + 1)) as u8),
                    _ => None,
                })
                .collect();
            puzzle = puzzle.with_colour_givens(givens);
        }
        (grid, puzzle)
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
                cells: (0..w * h)
                    .map(|_| u8::from(next().is_multiple_of(2)))
                    .collect(),
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

    /// The work counters that do not depend on the cache's size (which depends on the
    /// mask type).
    fn search_counters(stats: &Stats) -> (u64, u64, u64, u64, u64) {
        (
            stats.nodes,
            stats.guesses,
            stats.probes,
            stats.merges,
            stats.line_solves,
        )
    }

    /// Multi-word masks search exactly as `u128` ones: on random pictures (black-and-white
    /// and 3 colours, with random givens taken from the picture or contradicting it), the
    /// same solutions, the same nodes, probes and line solves, the same line logic. (These
    /// lines are short, so the engine solves them on `u128` copies: this checks the state,
    /// probing and search on multi-word masks; the multi-word line solver is checked in
    /// `bitline` and on the long lines of `long_lines_on_every_mask_width`.)
    #[test]
    fn multi_word_masks_search_as_u128() {
        let mut next = rng(7);
        for round in 0..150 {
            let size = ((next() % 9 + 1) as usize, (next() % 9 + 1) as usize);
            let ink = if round % 5 == 4 { 2 } else { 1 };
            let givens = (round % 3 == 0).then_some(12);
            let (grid, puzzle) = random_colour_puzzle(&mut next, ink, size, (2, 5), givens);
            let lim = limits(Some(1000));
            let (a, sa) = dfs::solve(&puzzle, &lim);
            for s in &a.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
            let logic = dfs::line_logic(&puzzle);
            let wide: [(Answer, Stats); 4] = [
                dfs::solve_on::<Wide<3>>(&puzzle, &lim),
                dfs::solve_on::<Wide<4>>(&puzzle, &lim),
                dfs::solve_on::<Wide<16>>(&puzzle, &lim),
                dfs::solve_on::<Wide<157>>(&puzzle, &lim),
            ];
            for (b, sb) in &wide {
                assert_eq!((a.count, a.complete), (b.count, b.complete));
                assert_eq!(a.solutions, b.solutions, "{:?}", grid.row_strings());
                assert_eq!(search_counters(&sa), search_counters(sb));
            }
            assert_eq!(logic, dfs::line_logic_on::<Wide<4>>(&puzzle));
            assert_eq!(logic, dfs::line_logic_on::<Wide<64>>(&puzzle));
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
            let ink = 2 + next() % 2;
            let size = ((next() % 3 + 1) as usize, (next() % 3 + 1) as usize);
            let givens = (round % 4 == 0).then_some(6);
            let (grid, puzzle) = random_colour_puzzle(&mut next, ink, size, (ink, ink + 1), givens);
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

    /// Restarts after every node or two (instead of hundreds) still find each solution
    /// once: on random colour pictures, asked for up to 1, 2 or 5 solutions, the same
    /// count and completeness as one uninterrupted search, every solution checked and
    /// distinct, the picture among them when the count is below the limit.
    #[test]
    fn restarts_count_each_solution_once() {
        let mut next = rng(3149);
        let mut restarted = 0;
        for round in 0..200 {
            let ink = 1 + next() % 3;
            let size = ((next() % 7 + 2) as usize, (next() % 7 + 2) as usize);
            let (grid, puzzle) = random_colour_puzzle(&mut next, ink, size, (1, 2), None);
            let lim = limits(Some([1, 2, 5][round % 3]));
            let (plain, _) = dfs::solve_with_runs::<u128, 0>(&puzzle, &lim, u64::MAX, 1);
            let (runs, stats) = dfs::solve_with_runs::<u128, 0>(&puzzle, &lim, 1, 1);
            restarted += u64::from(stats.nodes > plain.nodes.unwrap_or(0));
            assert_eq!(
                (plain.count, plain.complete),
                (runs.count, runs.complete),
                "{:?}",
                grid.cells
            );
            let mut distinct = runs.solutions.clone();
            distinct.sort_by_key(|g| g.cells.clone());
            distinct.dedup();
            assert_eq!(distinct.len(), runs.solutions.len());
            for s in &runs.solutions {
                assert_eq!(puzzle.verify(s), Ok(()));
            }
            if runs.complete {
                assert!(runs.solutions.contains(&grid));
            }
        }
        // The pictures are hard enough that restarts happen.
        assert!(restarted > 20, "{restarted}");
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

    fn transpose(grid: &Grid) -> Grid {
        let mut t = Grid::new(grid.height, grid.width);
        for r in 0..grid.height {
            for c in 0..grid.width {
                t.set_colour(c, r, grid.colour(r, c));
            }
        }
        t
    }

    /// Lines over 127 cells, up to the widest masks, on random pictures (rows long, or
    /// transposed: columns long; black-and-white and colour): every solution checked and
    /// distinct, the picture among them when the count is complete, line logic deciding
    /// cells only as the picture has them, and the widest mask type searching exactly as
    /// the one chosen for the width (`tests/it/nonogram.rs` compares counts with `sat`).
    #[test]
    fn long_lines_on_every_mask_width() {
        let mut next = rng(128);
        // (long side, short side, palette size, ink in eighths). Beyond 600 cells the
        // pictures are one line thick: every probe re-solves its long lines, so probing
        // strips that long takes seconds; the line solver on such lines is checked against
        // a reference in `bitline`.
        let cases: [(usize, usize, u64, u64); 12] = [
            (128, 3, 2, 6),
            (129, 4, 2, 6),
            (200, 2, 3, 6),
            (255, 4, 2, 6),
            (256, 3, 2, 6),
            (511, 3, 2, 6),
            (600, 2, 3, 6),
            (1023, 1, 2, 6),
            (1500, 1, 2, 4),
            (2100, 1, 3, 4),
            (4200, 1, 2, 4),
            (10_000, 1, 3, 2),
        ];
        for (round, &(width, height, colours, ink)) in cases.iter().enumerate() {
            let mut grid = Grid {
                width,
                height,
                cells: (0..width * height)
                    .map(|_| (next() % (colours - 1) + 1) as u8 * u8::from(next() % 8 < ink))
                    .collect(),
            };
            if round % 2 == 1 {
                grid = transpose(&grid);
            }
            let palette = super::super::Palette::with_colours(colours as usize - 1);
            let puzzle = Nonogram::from_grid_in(palette, &grid);
            let lim = limits(Some(10));
            let (answer, stats) = dfs::solve(&puzzle, &lim);
            let shape = format!("{}x{}", grid.width, grid.height);
            assert!(answer.count >= 1, "{shape}");
            assert!(
                !answer.complete || answer.solutions.contains(&grid),
                "{shape}"
            );
            let mut distinct = answer.solutions.clone();
            distinct.sort_by_key(|g| g.cells.clone());
            distinct.dedup();
            assert_eq!(distinct.len(), answer.solutions.len(), "{shape}");
            for s in &answer.solutions {
                assert_eq!(puzzle.verify(s), Ok(()), "{shape}");
            }
            let logic = line_logic(&puzzle).expect("consistent");
            for (cell, decided) in logic.iter().enumerate() {
                assert!(decided.is_none_or(|c| c == grid.cells[cell]), "{shape}");
            }
            if width <= 1023 {
                let (widest, widest_stats) = dfs::solve_on::<Wide<157>>(&puzzle, &lim);
                assert_eq!(
                    (answer.count, answer.complete, &answer.solutions),
                    (widest.count, widest.complete, &widest.solutions),
                    "{shape}"
                );
                assert_eq!(search_counters(&stats), search_counters(&widest_stats));
            }
        }
        let too_long = Nonogram::new(vec![vec![]], vec![vec![]; dfs::MAX_LEN + 1]);
        assert!(refusal(&too_long).is_some());
        assert!(refusal(&Nonogram::new(vec![vec![]], vec![vec![]; dfs::MAX_LEN])).is_none());
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
