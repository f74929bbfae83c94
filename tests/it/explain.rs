//! The sudoku explainer on generated puzzles of every size: every placement is the
//! solution's digit, every elimination removes a digit the solution does not have.

use satcover::explain::Status;
use satcover::puzzle::GenerateError;
use satcover::puzzles::sudoku::Sudoku;
use satcover::puzzles::sudoku::explain::{Options, explain};
use satcover::puzzles::sudoku::generate::{Checker, SudokuSpec, generate};

#[test]
fn generated_puzzles_of_every_size_are_explained_soundly() {
    // The native search recurses once per guess; unoptimised frames of the larger grids
    // need more than a test thread's default 2 MiB.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(generated_puzzles)
        .expect("a thread")
        .join()
        .expect("no panic");
}

fn generated_puzzles() {
    for (b, count, minimal) in [(2, 10, true), (3, 6, true), (4, 2, false), (5, 1, false)] {
        let spec = SudokuSpec {
            box_side: b,
            minimal,
            symmetric: false,
            checker: Checker::Native,
        };
        let mut seen = 0;
        generate::<GenerateError>(spec, count, 23, |g| {
            let n = b * b;
            let puzzle = Sudoku::new(b, g.puzzle.clone()).expect("a puzzle");
            let explanation = explain(&puzzle, &Options::default());
            assert!(matches!(explanation.status, Status::Solved | Status::Stuck));
            let mut filled = g.puzzle.clone();
            for step in &explanation.steps {
                for p in &step.placements {
                    let c = p.cell.row * n + p.cell.col;
                    assert_eq!(g.solution[c], p.digit);
                    filled[c] = p.digit;
                }
                for e in &step.eliminations {
                    assert_ne!(g.solution[e.cell.row * n + e.cell.col], e.digit);
                }
            }
            if explanation.status == Status::Solved {
                assert_eq!(filled, g.solution);
            }
            seen += 1;
            Ok(())
        })
        .expect("generates");
        assert_eq!(seen, count);
    }
}
