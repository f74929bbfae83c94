//! Packing on every backend: known counts (Golomb's squares, pentomino boxes), the same
//! tilings from native, dlx and sat, every tiling passing the checker, bad input located.
//!
//! The big pentomino counts run in release only: `cargo test --release -- --ignored`.

use std::time::Duration;

use satcover::pipeline;
use satcover::puzzle::{Backend, Outcome, Puzzle, Request, Status};
use satcover::puzzles::packing::{self, Packing, Tiling};

fn text(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/packing/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn fixture(name: &str) -> Packing {
    packing::parse(&text(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn solve(p: &Packing, backend: Backend, request: &Request) -> Outcome<Tiling> {
    pipeline::solve(p, backend, request).unwrap_or_else(|e| panic!("{backend} failed: {e}"))
}

/// Every tiling, sorted, after checking each one.
fn every_tiling(p: &Packing, backend: Backend) -> Vec<Tiling> {
    let outcome = solve(p, backend, &Request::all());
    assert!(outcome.complete, "{backend} did not finish");
    assert_eq!(outcome.count as usize, outcome.solutions.len());
    let mut tilings = outcome.solutions;
    for t in &tilings {
        assert_eq!(p.check(t), Ok(()), "{backend} tiling checks");
    }
    tilings.sort();
    tilings.dedup();
    assert_eq!(tilings.len() as u64, outcome.count, "{backend}: duplicates");
    tilings
}

#[test]
fn backends_agree_tiling_by_tiling() {
    for (name, count) in [
        ("ring.pack", 48),
        ("slack.pack", 0),
        ("golomb-11-a.pack", 8),
        ("golomb-11-b.pack", 8),
    ] {
        let p = fixture(name);
        let native = every_tiling(&p, Backend::Native);
        if count > 0 {
            assert_eq!(native.len(), count, "{name}");
        }
        for backend in [Backend::Dlx, Backend::Sat] {
            assert_eq!(
                every_tiling(&p, backend),
                native,
                "{name}: {backend} vs native"
            );
        }
    }
}

#[test]
fn slack_leaves_cells_empty_on_every_backend() {
    let p = fixture("slack.pack");
    assert_eq!(p.slack(), 6);
    let tilings = every_tiling(&p, Backend::Native);
    // T: 4 orientations; in a 4×3 box two of them fit 2×2 = 4 ways, two fit 3×1... the
    // count is whatever the three backends agree on, and not trivial.
    assert!(tilings.len() > 10, "{}", tilings.len());
    let empty = tilings[0]
        .rows
        .iter()
        .flatten()
        .filter(|c| c.is_none())
        .count();
    assert_eq!(empty, 6);
}

#[test]
fn pentominoes_3x20_native_and_dlx() {
    let p = fixture("pentominoes-3x20.pack");
    let native = every_tiling(&p, Backend::Native);
    assert_eq!(native.len(), 8);
    assert_eq!(every_tiling(&p, Backend::Dlx), native);
    let distinct = p.count_distinct(None).unwrap();
    assert_eq!((distinct.distinct, distinct.total), (2, 8));
    // The pieces in the JSON are numbered F I L N P T U V W X Y Z = 0..11.
    let json = p.solution_json(&native[0]);
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let mut seen: Vec<u64> = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..12).collect::<Vec<u64>>());
}

#[test]
fn golomb_squares_tile_in_8_ways_one_up_to_symmetry() {
    for name in [
        "golomb-11-a.pack",
        "golomb-11-b.pack",
        "golomb-13-a.pack",
        "golomb-13-b.pack",
    ] {
        let p = fixture(name);
        for backend in [Backend::Native, Backend::Dlx] {
            let outcome = solve(&p, backend, &Request::count());
            assert_eq!(
                (outcome.count, outcome.complete),
                (8, true),
                "{name} {backend}"
            );
        }
        assert_eq!(p.count_distinct(None).unwrap().distinct, 1, "{name}");
    }
    let none = fixture("golomb-11-none.pack");
    for backend in [Backend::Native, Backend::Dlx, Backend::Sat] {
        let outcome = solve(&none, backend, &Request::first());
        assert_eq!(outcome.status, Status::Unsolvable, "{backend}");
        assert!(outcome.complete);
    }
}

#[test]
fn too_much_area_is_unsolvable_at_once() {
    let p = fixture("issue-example.pack");
    assert_eq!(p.pieces().len(), 17);
    for backend in [Backend::Native, Backend::Dlx, Backend::Sat] {
        let outcome = solve(&p, backend, &Request::first());
        assert_eq!(outcome.status, Status::Unsolvable);
        let reason = outcome.reason.expect("a reason");
        assert!(reason.contains("144") && reason.contains("121"), "{reason}");
        // Answered before any search: no nodes, and (with headroom for a loaded machine)
        // no measurable solve time.
        assert_eq!(outcome.stats.nodes, None);
        assert!(outcome.stats.solve < Duration::from_secs(2));
    }
}

#[test]
fn bad_input_says_what_and_where() {
    let e = packing::parse(&text("bad-keyword.pack")).unwrap_err();
    assert_eq!((e.line, e.column), (3, Some(1)));
    assert!(e.message.contains("unknown keyword `block`"), "{e}");
    let e = packing::parse(&text("bad-drawing.pack")).unwrap_err();
    assert_eq!((e.line, e.column), (4, Some(2)));
    assert_eq!(
        e.to_string(),
        "line 4, column 2: unexpected `x` in the drawing of piece Q (only `#` and `.`)"
    );
    for garbage in ["", "\u{0}", "region 9999999x9999999\npiece 1x1", "piece\n"] {
        assert!(packing::parse(garbage).is_err(), "{garbage:?}");
    }
}

#[test]
fn timeout_gives_unknown() {
    let p = fixture("pentominoes-6x10.pack");
    let outcome = solve(
        &p,
        Backend::Native,
        &Request::count().with_timeout(Some(Duration::from_millis(20))),
    );
    assert!(!outcome.complete);
    assert!(outcome.count < 9356);
}

#[test]
fn text_output_uses_piece_letters() {
    let p = fixture("pentominoes-3x20.pack");
    let outcome = solve(&p, Backend::Native, &Request::first());
    let text = p.solution_text(&outcome.solutions[0]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.len() == 20));
    for letter in "FILNPTUVWXYZ".chars() {
        assert_eq!(text.matches(letter).count(), 5, "{letter}");
    }
}

fn release_count(name: &str, all: u64, distinct: u64) {
    let p = fixture(name);
    for backend in [Backend::Dlx, Backend::Native] {
        let outcome = solve(&p, backend, &Request::count());
        assert_eq!(
            (outcome.count, outcome.complete),
            (all, true),
            "{name} {backend}"
        );
    }
    let d = p.count_distinct(None).unwrap();
    assert_eq!((d.total, d.distinct), (all, distinct), "{name}");
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn pentominoes_4x15() {
    release_count("pentominoes-4x15.pack", 1472, 368);
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn pentominoes_5x12() {
    release_count("pentominoes-5x12.pack", 4040, 1010);
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn pentominoes_6x10() {
    release_count("pentominoes-6x10.pack", 9356, 2339);
}

#[test]
#[ignore = "seconds in release, minutes in debug: cargo test --release -- --ignored"]
fn pentominoes_8x8_minus_centre() {
    release_count("pentominoes-8x8-hole.pack", 520, 65);
}
