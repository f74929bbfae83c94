//! The learning search behind native's first solutions and uniqueness proofs from 16×16 on,
//! through the public native entry: a 25×25 grid on which the search without learning
//! does not settle before the hand-over (the tail of `examples/sudoku_classes.rs blank 5`:
//! a random solved grid, about half its cells blanked, many solutions).

use satcover::puzzles::sudoku::native::{LEARN_AFTER, NativeResult, NativeSearch, solve};
use satcover::puzzles::sudoku::{Sudoku, parse, verify};
use satcover::stop::Stop;
use std::path::Path;

fn tail() -> Sudoku {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sudoku_learn/25x25_blank_tail.txt");
    let text = std::fs::read_to_string(&path).expect("fixture");
    let mut puzzles = parse(&text);
    assert_eq!(puzzles.len(), 1);
    puzzles.remove(0).expect("a 25×25 grid").1
}

/// The learning search ran: the search without learning gives up once it has used
/// `LEARN_AFTER` nodes (read every 16 nodes) and the learning search adds its own, while one
/// that settles alone stays within its budget. Should a retuned budget let the search
/// without learning settle this grid, the fixture needs a harder grid.
/// Its conflicts are reported apart (`--stats` shows them as `conflicts`).
fn assert_handed_over(r: &NativeResult) {
    assert!(
        r.nodes > LEARN_AFTER,
        "settled in {} nodes without the learning search",
        r.nodes
    );
    let conflicts = r
        .conflicts
        .expect("the learning search reports its conflicts");
    assert!(conflicts < r.nodes);
}

#[test]
fn first_solution_is_checked() {
    let p = tail();
    let r = solve(p.box_side(), p.givens(), &NativeSearch::first());
    assert_eq!((r.count, r.timed_out), (1, false));
    assert_handed_over(&r);
    assert_eq!(verify(&p, &r.solutions[0]), Ok(()));
}

/// Two different solutions, both checked.
#[test]
fn not_unique_with_two_checked_solutions() {
    let p = tail();
    let r = solve(p.box_side(), p.givens(), &NativeSearch::unique());
    assert_eq!((r.count, r.complete, r.timed_out), (2, false, false));
    assert_handed_over(&r);
    assert_ne!(r.solutions[0], r.solutions[1]);
    for s in &r.solutions {
        assert_eq!(verify(&p, s), Ok(()));
    }
}

/// A cancel stops both searches: undecided, nothing claimed.
#[test]
fn a_cancelled_search_is_undecided() {
    let p = tail();
    let stop = Stop::cancellable(None);
    stop.cancel();
    let search = NativeSearch {
        max_solutions: 1,
        keep: 1,
        stop,
    };
    let r = solve(p.box_side(), p.givens(), &search);
    assert!(r.timed_out && !r.complete && r.count == 0);
}
