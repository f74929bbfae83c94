//! Small inputs of every kind through the whole pipeline on every backend that takes them:
//! every answer passes the puzzle's checker (the pipeline checks each one and reports a
//! failure as `CheckFailed`), and backends that finish agree on "none, one, or two and more".
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use satcover::input::{detect_kind, load};
use satcover::puzzle::{Backend, Kind, Request, SolveError};

const KINDS: [Kind; 6] = [
    Kind::Sudoku,
    Kind::Nonogram,
    Kind::Packing,
    Kind::Alphametic,
    Kind::Cnf,
    Kind::Xc,
];

fuzz_target!(|data: (u8, &str)| {
    let (selector, text) = data;
    if text.len() > 400 {
        return;
    }
    let kind = match KINDS.get(usize::from(selector) % 7) {
        Some(&kind) => kind,
        None => detect_kind("fuzz", text),
    };
    let request = Request::unique().with_timeout(Some(Duration::from_millis(100)));
    for entry in load("fuzz", text, Some(kind)) {
        let Ok(puzzle) = entry.puzzle else { continue };
        let mut counts = Vec::new();
        for backend in [Backend::Native, Backend::Sat, Backend::Dlx] {
            match puzzle.solve_any(backend, &request) {
                Ok(report) => {
                    if !report.outcome.timed_out {
                        counts.push((backend, report.outcome.count));
                    }
                }
                Err(e @ (SolveError::CheckFailed { .. }
                | SolveError::Decode { .. }
                | SolveError::BadModel(_))) => panic!("{kind} on {backend}: {e}\n{text}"),
                Err(_) => {}
            }
        }
        if let Some(&(first, count)) = counts.first() {
            for &(backend, other) in &counts[1..] {
                assert_eq!(count, other, "{kind}: {first} vs {backend}\n{text}");
            }
        }
    }
});
