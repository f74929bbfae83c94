//! Resource bombs: memory follows what a file contains, not what its header or counts claim.
//! A claim above a documented limit is refused with a clear message.
//!
//! Allocation is measured by a counting global allocator: the peak of live bytes allocated by the
//! current thread while the closure runs (per thread, so tests running in parallel do not mix).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use satcover::input::load;
use satcover::puzzle::{Backend, Kind, Render, Request, Status};

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    // `try_with`: the thread-local may already be gone while a thread shuts down.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now);
            }
        });
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        track(layout.size() as isize);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        track(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak bytes allocated (above what was live at the start) while `f` runs, and its result.
fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(start));
    let out = f();
    let peak = PEAK.with(Cell::get) - start;
    (peak.max(0) as usize, out)
}

const MB: usize = 1 << 20;

/// Load `text` as `kind`; the peak allocation and the error messages of the entries.
fn load_errors(text: &str, kind: Kind) -> (usize, Vec<String>) {
    let (peak, entries) = peak_of(|| {
        let entries = load("bomb", text, Some(kind));
        entries
            .into_iter()
            .filter_map(|e| e.puzzle.err().map(|e| e.to_string()))
            .collect::<Vec<_>>()
    });
    (peak, entries)
}

fn assert_refused(text: &str, kind: Kind, max_bytes: usize, expected: &str) {
    let (peak, errors) = load_errors(text, kind);
    let shown: Vec<String> = errors
        .iter()
        .map(|e| e.chars().take(160).collect())
        .collect();
    eprintln!("{kind:?} refused after {peak} bytes: {shown:?}");
    assert!(
        errors.iter().any(|e| e.contains(expected)),
        "{text:?}: expected an error containing {expected:?}, got {errors:?}"
    );
    assert!(
        peak <= max_bytes,
        "{text:?}: allocated {peak} bytes before refusing (limit {max_bytes})"
    );
}

fn assert_accepted_within(text: &str, kind: Kind, max_bytes: usize) {
    let (peak, errors) = load_errors(text, kind);
    eprintln!(
        "{kind:?} accepted, {} bytes of text, {peak} bytes allocated",
        text.len()
    );
    assert!(errors.is_empty(), "{text:?}: {errors:?}");
    assert!(
        peak <= max_bytes,
        "{text:?}: allocated {peak} bytes (limit {max_bytes})"
    );
}

#[test]
fn the_allocator_counts() {
    let (peak, v) = peak_of(|| vec![0u8; 3 * MB]);
    assert!(peak >= 3 * MB, "{peak}");
    drop(v);
}

#[test]
fn dimacs_header_claiming_two_billion_vars() {
    for text in [
        "p cnf 2000000000 1\n1 -2 0\n",
        "p cnf 2000000000 1\n1 -2000000000 0\n",
    ] {
        assert_refused(text, Kind::CNF, 2 * MB, "variables");
    }
}

#[test]
fn dimacs_header_claiming_billions_of_clauses() {
    // Accepted (fewer clauses than declared is tolerated), but the reservation follows the text.
    assert_accepted_within("p cnf 3 4000000000\n1 -2 0\n", Kind::CNF, MB);
}

#[test]
fn dimacs_var_claims_up_to_the_limit_are_solved_in_proportion() {
    // A million declared vars is always allowed: the answer has a million values (1 MB),
    // but the solver sees only the vars the clauses use: varisat allocates ~190 bytes per
    // var index it is given, so the header's million would cost ~190 MB.
    for (text, request) in [
        ("p cnf 1000000 1\n1 -2 0\n", Request::first()),
        ("p cnf 1000000 1\n1 -1000000 0\n", Request::first()),
        ("p cnf 1000000 1\n1 -1000000 0\n", Request::unique()),
        (
            "p cnf 1000000 2\n1000000 0\n-1000000 0\n",
            Request::unique(),
        ),
    ] {
        // Solving only: the rendered answer (`v` lines, a JSON array) is as long as the
        // header asks, which is the point of a million declared variables.
        let request = Request {
            render: Render::None,
            ..request
        };
        let (peak, outcome) = peak_of(|| {
            let entries = load("f.cnf", text, Some(Kind::CNF));
            let puzzle = entries.into_iter().next().unwrap().puzzle.unwrap();
            puzzle
                .solve_any(Backend::Sat, &request)
                .map(|r| r.outcome.status)
        });
        eprintln!("{text:?}: {peak} bytes allocated on this thread");
        let expected = if text.contains("\n-1000000 0") {
            Status::Unsolvable
        } else {
            Status::Solved
        };
        assert_eq!(outcome.unwrap(), expected);
        assert!(peak <= 16 * MB, "{text:?}: solving allocated {peak} bytes");
    }
}

#[test]
fn exact_cover_memory_follows_the_items_written() {
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(&format!("i{i} "));
    }
    text.push_str("\ni0 i1\n");
    let len = text.len();
    assert_accepted_within(&text, Kind::XC, 64 * len);
}

#[test]
fn packing_piece_copies_beyond_the_limit_are_refused() {
    assert_refused(
        "region 1000x1000\npiece 1000x1000 x10000\n",
        Kind::PACKING,
        4 * MB,
        "cells",
    );
    assert_refused(
        "region 10x10\npiece 1000x1000 x2\npiece 1x1\n",
        Kind::PACKING,
        4 * MB,
        "cells",
    );
    assert_refused(
        "region 100000x100000\npiece 1x1\n",
        Kind::PACKING,
        MB,
        "cells",
    );
}

#[test]
fn alphametic_lengths_are_bounded() {
    let long = "A".repeat(100_000);
    assert_refused(
        &format!("{long} + B = C\n"),
        Kind::ALPHAMETIC,
        4 * MB,
        "letters",
    );
    let many = vec!["AB"; 10_000].join(" + ");
    assert_refused(&format!("{many} = CD\n"), Kind::ALPHAMETIC, 4 * MB, "terms");
}

#[test]
fn sudoku_sizes_are_bounded() {
    // 49 rows of 49 numbers: a 49×49 grid is beyond the supported 36×36.
    let row = vec!["0"; 49].join(" ");
    let grid = vec![row.as_str(); 49].join("\n");
    assert_refused(&grid, Kind::SUDOKU, 4 * MB, "36");
    // A million-character line is not a collection line.
    assert_refused(&"1".repeat(1_000_000), Kind::SUDOKU, 8 * MB, "81");
}
