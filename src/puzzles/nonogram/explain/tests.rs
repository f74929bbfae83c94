//! Every step sound on random pictures (black-and-white and colour, with givens), and
//! the classes of puzzles with two solutions or none (`tests/explain_nonogram.rs` runs
//! the shipped puzzles and the command line).

use super::*;
use crate::puzzles::nonogram::Palette;
use crate::rng::SplitMix64;

/// The solution, by the native engine (unique).
fn unique_solution(puzzle: &Nonogram) -> Option<Grid> {
    let answer = native::solve(
        puzzle,
        &Limits {
            max_solutions: Some(2),
            keep: 2,
            stop: Stop::never(),
        },
    );
    (answer.complete && answer.count == 1).then(|| answer.solutions[0].clone())
}

/// Replays the steps: each narrows only cells still open in the replay, never drops the
/// solution's colour, and line steps touch one line only; the end state is the one
/// reported, and a solved explanation ends on the solution.
fn assert_sound(puzzle: &Nonogram, explanation: &Explanation, solution: &Grid) {
    let mut domains = Board::new(puzzle).domains;
    for (i, step) in explanation.steps.iter().enumerate() {
        assert!(!step.changes.is_empty(), "step {} changes nothing", i + 1);
        for change in &step.changes {
            let index = change.cell.row * puzzle.width() + change.cell.col;
            assert_eq!(domains[index], change.before, "step {}", i + 1);
            assert!(change.after & !change.before == 0 && change.after != change.before);
            let colour = solution.colour(change.cell.row, change.cell.col);
            assert!(change.after >> colour & 1 == 1, "step {} unsound", i + 1);
            domains[index] = change.after;
            if let (true, Some(l)) = (step.rule.is_line_rule(), step.line) {
                let on_line = (0..puzzle.line_len(l)).any(|k| puzzle.cell_of(l, k) == index);
                assert!(on_line, "step {} leaves its line", i + 1);
            }
        }
    }
    assert_eq!(domains, explanation.domains);
    if explanation.status == Status::Solved {
        let cells: Vec<u8> = domains.iter().map(|d| d.trailing_zeros() as u8).collect();
        assert_eq!(cells, solution.cells);
    }
}

/// Default options, with time enough for the search on a loaded machine.
fn patient() -> Options {
    Options {
        search_time: std::time::Duration::from_secs(60),
        ..Options::default()
    }
}

#[test]
fn two_solutions_are_multiple_and_contradictions_invalid() {
    let multiple = explain(
        &Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]),
        &patient(),
    );
    assert_eq!(
        (multiple.status, multiple.class),
        (Status::Multiple, Class::Multiple)
    );
    assert!(!multiple.differing.is_empty() && multiple.steps.is_empty());
    let clash = Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).with_givens(vec![
        Some(false),
        None,
        None,
        None,
    ]);
    let invalid = explain(&clash, &patient());
    assert_eq!(
        (invalid.status, invalid.class),
        (Status::Invalid, Class::Contradiction)
    );
    let reason = invalid.reason.unwrap_or_default();
    assert!(reason.contains("no arrangement"), "{reason}");
    let totals = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![]]);
    let invalid = explain(&totals, &patient());
    assert!(
        invalid
            .reason
            .as_deref()
            .is_some_and(|r| r.contains("total"))
    );
}

/// Random pictures, black-and-white and in two or three colours, some with givens: every
/// unique one explained soundly, its class consistent with its steps.
#[test]
fn random_pictures_are_explained_soundly() {
    let mut rng = SplitMix64::new(2315);
    let mut classes = [0usize; 6];
    for round in 0..300 {
        let ink = [1u64, 1, 2, 3][round % 4];
        let (w, h) = (
            2 + (rng.next_u64() % 9) as usize,
            2 + (rng.next_u64() % 9) as usize,
        );
        let grid = Grid {
            width: w,
            height: h,
            cells: (0..w * h)
                .map(|_| {
                    if rng.next_u64() % 5 < 3 {
                        (1 + rng.next_u64() % ink) as u8
                    } else {
                        0
                    }
                })
                .collect(),
        };
        let mut puzzle = Nonogram::from_grid_in(Palette::with_colours(ink as usize), &grid);
        if round % 3 == 0 {
            let givens = grid
                .cells
                .iter()
                .map(|&c| rng.next_u64().is_multiple_of(8).then_some(c))
                .collect();
            puzzle = puzzle.with_colour_givens(givens);
        }
        let explanation = explain(&puzzle, &patient());
        classes[explanation.class as usize] += 1;
        let Some(solution) = unique_solution(&puzzle) else {
            assert_eq!(explanation.class, Class::Multiple);
            continue;
        };
        assert!(
            explanation.checked
                && explanation
                    .reason
                    .as_deref()
                    .is_none_or(|r| !r.contains("internal"))
        );
        assert_sound(&puzzle, &explanation, &solution);
        match explanation.class {
            Class::Search => assert!(explanation.unknown.1 > 0),
            Class::Lookahead => assert!(explanation.probes > 0 && explanation.unknown.1 == 0),
            Class::Line | Class::Trivial => assert_eq!(explanation.probes, 0),
            other => panic!("unique puzzle classed {other:?}"),
        }
        // A hint is the first step of the whole explanation.
        let hint = explain(
            &puzzle,
            &Options {
                max_steps: Some(1),
                ..patient()
            },
        );
        assert_eq!(hint.steps.first(), explanation.steps.first());
    }
    // Small pictures reach every class but search (tested on the command line, knotty).
    let reached = [
        Class::Trivial,
        Class::Line,
        Class::Lookahead,
        Class::Multiple,
    ];
    assert!(
        reached.iter().all(|&c| classes[c as usize] > 0),
        "{classes:?}"
    );
}
