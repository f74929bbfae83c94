//! Small inputs read by every registered reader (or the one `SATCOVER_FUZZ_KIND` names),
//! each puzzle solved on every in-process engine that applies with a short budget: every
//! answer passes the kind's checker (the pipeline checks each one and reports a failure as
//! `CheckFailed`), and the engines that finish agree on "none, one, or two and more".
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use satcover::facade::AnyPuzzle;
use satcover::puzzle::{Backend, Request, SolveError};
use satcover_fuzz::{targets, text};

/// Longer inputs are skipped: the point is many small puzzles, not a few slow ones.
const MAX_LEN: usize = 400;

/// Each engine's budget per puzzle.
const BUDGET: Duration = Duration::from_millis(50);

fuzz_target!(
    init: {
        targets();
    },
    |data: &[u8]| {
        if data.len() > MAX_LEN {
            return;
        }
        let text = text(data);
        let request = Request::unique().with_timeout(Some(BUDGET));
        for target in targets() {
            for name in &target.names {
                for (_, read) in (target.reader.read)(name, &text) {
                    if let Ok(puzzle) = read {
                        solve_everywhere(puzzle.as_ref(), &request, &text);
                    }
                }
            }
        }
    }
);

fn solve_everywhere(puzzle: &dyn AnyPuzzle, request: &Request, text: &str) {
    let kind = puzzle.kind();
    let mut counts = Vec::new();
    for engine in puzzle.engines() {
        let backend = Backend::from(engine);
        match puzzle.solve_any(backend, request) {
            Ok(report) => {
                if !report.outcome.timed_out {
                    counts.push((backend, report.outcome.count));
                }
            }
            Err(
                e @ (SolveError::CheckFailed { .. }
                | SolveError::Decode { .. }
                | SolveError::BadModel(_)),
            ) => panic!("{kind} on {backend}: {e}\n{text}"),
            Err(_) => {}
        }
    }
    if let Some(&(first, count)) = counts.first() {
        for &(backend, other) in &counts[1..] {
            assert_eq!(count, other, "{kind}: {first} vs {backend}\n{text}");
        }
    }
}
