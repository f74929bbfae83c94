//! The learning search of the native nonogram engine (`nonogram::learn`, CDCL with the line
//! solver as the theory) against the SAT backend: on the fixtures and on random
//! black-and-white and colour pictures, the same verdict, the same count and the same
//! solutions; through the staged native solver (depth-first search first, then
//! learning), the same answers again. Needs nothing outside `tests/fixtures`.

use satcover::pipeline::solve;
use satcover::puzzle::{Backend, Limits, Request};
use satcover::puzzles::nonogram::{self, Grid, Nonogram, Palette, native};
use satcover::rng::SplitMix64;
use satcover::stop::Stop;

fn load(name: &str) -> Nonogram {
    let path = format!(
        "{}/tests/fixtures/nonogram/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    nonogram::parse(name, &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn limits(max: u64) -> Limits {
    Limits {
        max_solutions: Some(max),
        keep: max as usize,
        stop: Stop::never(),
    }
}

/// Count, completeness and the sorted solutions (each checked).
fn summary(
    puzzle: &Nonogram,
    count: u64,
    complete: bool,
    mut grids: Vec<Grid>,
) -> (u64, bool, Vec<Grid>) {
    for g in &grids {
        assert_eq!(puzzle.verify(g), Ok(()));
    }
    grids.sort_by_key(|g| g.cells.clone());
    (count, complete, grids)
}

fn by_sat(puzzle: &Nonogram, max: u64) -> (u64, bool, Vec<Grid>) {
    let outcome = solve(puzzle, Backend::Sat, &Request::limit(max)).expect("sat");
    summary(puzzle, outcome.count, outcome.complete, outcome.solutions)
}

/// The learning search alone: from the givens, and from root probing's residue.
fn by_learning(puzzle: &Nonogram, max: u64) -> [(u64, bool, Vec<Grid>); 3] {
    let (plain, _) = nonogram::learn::solve(puzzle, &limits(max), None, &[]);
    let residue = native::probe_residue(puzzle, &Stop::never(), 1000);
    let (probed, _) = match &residue {
        Some(r) => nonogram::learn::solve(puzzle, &limits(max), Some(r), &[]),
        // Root probing proved there is none.
        None => (plain.clone(), Default::default()),
    };
    let (staged, _) = native::solve_staged(puzzle, &limits(max), 0);
    [plain, probed, staged].map(|a| summary(puzzle, a.count, a.complete, a.solutions))
}

#[test]
fn learning_agrees_with_sat_on_the_fixtures() {
    for name in [
        "two-solutions.non",
        "probing.non",
        "dancer.non",
        "tiny.xml",
        "map-47.g",
        "onions-220.g",
        "forever.non",
        "petro.non",
        "light.non",
        "gchq-2015.non",
    ] {
        let puzzle = load(name);
        for max in [2, 10] {
            let sat = by_sat(&puzzle, max);
            for (k, mine) in by_learning(&puzzle, max).into_iter().enumerate() {
                assert_eq!((mine.0, mine.1), (sat.0, sat.1), "{name}, run {k}");
                if mine.1 {
                    assert_eq!(mine.2, sat.2, "{name}, run {k}");
                }
            }
        }
    }
}

#[test]
fn learning_agrees_with_sat_on_random_pictures() {
    let mut random = SplitMix64::new(672);
    for round in 0..60 {
        let ink = [1u64, 1, 2, 3][round % 4];
        let (w, h) = (
            4 + (random.next_u64() % 9) as usize,
            4 + (random.next_u64() % 9) as usize,
        );
        let cells = (0..w * h)
            .map(|_| {
                if random.next_u64().is_multiple_of(2) {
                    (1 + random.next_u64() % ink) as u8
                } else {
                    0
                }
            })
            .collect();
        let grid = Grid {
            width: w,
            height: h,
            cells,
        };
        let puzzle = Nonogram::from_grid_in(Palette::with_colours(ink as usize), &grid);
        let sat = by_sat(&puzzle, 4);
        for (k, mine) in by_learning(&puzzle, 4).into_iter().enumerate() {
            assert_eq!((mine.0, mine.1), (sat.0, sat.1), "round {round}, run {k}");
            if mine.1 {
                assert_eq!(mine.2, sat.2, "round {round}, run {k}");
                assert!(mine.2.contains(&grid));
            }
        }
    }
}

/// A few depth-first nodes, then learning: the solutions of the first stage are counted
/// once, and `--unique` reports what sat reports (verdict and, when two solutions are
/// found, cells that differ between two real solutions).
#[test]
fn the_stages_hand_over_their_solutions() {
    // Four independent 2×2 diagonals: 16 solutions.
    let rows = vec![vec![1, 1, 1, 1]; 2];
    let columns = (0..12)
        .map(|c| if c % 3 == 2 { vec![] } else { vec![1] })
        .collect();
    let puzzle = Nonogram::new(rows, columns);
    for nodes in [0, 1, 2, 3, 5, 8] {
        let (all, _) = native::solve_staged(&puzzle, &limits(64), nodes);
        let (count, complete, grids) = summary(&puzzle, all.count, all.complete, all.solutions);
        assert_eq!((count, complete, grids.len()), (16, true, 16), "{nodes}");
        let mut distinct = grids.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), 16);
        let (two, _) = native::solve_staged(&puzzle, &limits(2), nodes);
        assert_eq!((two.count, two.complete), (2, false));
        assert_ne!(two.solutions[0], two.solutions[1]);
    }
}

/// No grid fits: complete with no solution, on every path.
#[test]
fn an_unsolvable_puzzle_has_no_solution() {
    let rows = vec![vec![1, 1], vec![1, 1], vec![], vec![1, 1]];
    let columns = vec![vec![2], vec![], vec![1, 1], vec![1]];
    let puzzle = Nonogram::new(rows, columns);
    let sat = by_sat(&puzzle, 2);
    assert_eq!((sat.0, sat.1), (0, true));
    for mine in by_learning(&puzzle, 2) {
        assert_eq!((mine.0, mine.1), (0, true));
    }
}

/// A deadline already past, or a cancel, stops the staged search (in its first stage)
/// and the learning search called directly: no verdict.
#[test]
fn the_stop_signal_stops_the_staged_search() {
    let puzzle = load("knotty.non");
    let stopped = Limits {
        max_solutions: Some(2),
        keep: 2,
        stop: Stop::at(Some(std::time::Instant::now())),
    };
    let (answer, _) = native::solve_staged(&puzzle, &stopped, 0);
    assert!(!answer.complete);
    let cancelled = Stop::cancellable(None);
    cancelled.cancel();
    let limits = Limits {
        stop: cancelled,
        ..stopped
    };
    let (answer, _) = nonogram::learn::solve(&puzzle, &limits, None, &[]);
    assert!(!answer.complete && answer.count < 2);
}

/// A deadline that falls while the learning stage runs stops it through the staged
/// entry: no verdict, and the learning search did run (knotty is not decided in
/// seconds, and its root work takes milliseconds: the deadline leaves it a wide margin).
#[test]
fn a_deadline_stops_the_learning_stage() {
    let puzzle = load("knotty.non");
    let limits = Limits {
        max_solutions: Some(2),
        keep: 2,
        stop: Stop::at(Some(
            std::time::Instant::now() + std::time::Duration::from_secs(3),
        )),
    };
    let (answer, stats) = native::solve_staged(&puzzle, &limits, 0);
    assert!(!answer.complete && answer.count < 2);
    assert!(stats.learn.decisions > 0, "the learning stage did not run");
    assert_eq!(answer.conflicts, Some(stats.learn.conflicts));
}

/// Palettes beyond `learn::MAX_PALETTE` stay with the depth-first search alone, and the
/// staged solver still answers as sat does.
#[test]
fn big_palettes_stay_with_the_depth_first_search() {
    let colours = nonogram::learn::MAX_PALETTE; // plus the background: one too many
    let grid = Grid {
        width: 6,
        height: 5,
        cells: (0..30).map(|i| ((i * 7) % (colours + 1)) as u8).collect(),
    };
    let puzzle = Nonogram::from_grid_in(Palette::with_colours(colours), &grid);
    assert!(!nonogram::learn::fits(&puzzle));
    let (staged, stats) = native::solve_staged(&puzzle, &limits(2), 0);
    assert_eq!(stats.learn, Default::default());
    let sat = by_sat(&puzzle, 2);
    let mine = summary(&puzzle, staged.count, staged.complete, staged.solutions);
    assert_eq!(mine, sat);
}
