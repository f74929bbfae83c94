//! Solutions stream: `solve --all` prints each solution when found (text and JSON Lines),
//! a closed pipe stops the run quietly, a timeout leaves what was found printed with a last
//! line saying the listing is incomplete, and the library's sink sees every solution once.
//! `analyze` counts through the same path.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::ops::ControlFlow;
use std::process::{Command as Process, Stdio};

use serde_json::Value;

use satcover::analyze::{self, Options};
use satcover::pipeline::solve_into;
use satcover::puzzle::{Backend, Request, Status};
use satcover::puzzles::packing;
use satcover::stop::Stop;

use crate::common::satcover;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// 4×15 pentominoes: 1,472 tilings (368 up to symmetry).
const PENTOMINOES_4X15: &str = "packing/pentominoes-4x15.pack";

#[test]
fn json_lines_one_per_solution_then_the_summary() {
    let output = satcover()
        .args(["solve", "--all", "--format", "json"])
        .arg(fixture(PENTOMINOES_4X15))
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    let (summary, solutions) = lines.split_last().unwrap();
    assert_eq!(solutions.len(), 1472);
    let mut distinct = HashSet::new();
    for (i, line) in solutions.iter().enumerate() {
        assert_eq!(line["index"], i as u64 + 1);
        assert!(
            distinct.insert(line["solution"].to_string()),
            "a repeated solution"
        );
    }
    assert_eq!(summary["count"], 1472);
    assert_eq!(summary["complete"], true);
    assert_eq!(summary["listed"], 1472);
    assert!(summary.get("solutions").is_none());
}

#[test]
fn text_listing_numbers_every_solution() {
    let output = satcover()
        .args(["solve", "--all"])
        .arg(fixture(PENTOMINOES_4X15))
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let headers = text.lines().filter(|l| l.contains(": solution ")).count();
    assert_eq!(headers, 1472);
    assert!(text.lines().last().unwrap().ends_with(": 1472 solutions"));
}

#[test]
fn a_closed_pipe_stops_the_run_quietly() {
    // The 6×10 board has 9,356 tilings: far more than one line's worth of work.
    let mut child = Process::new(env!("CARGO_BIN_EXE_satcover"))
        .args(["solve", "--all"])
        .arg(fixture("packing/pentominoes-6x10.pack"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.ends_with(": solution 1\n"), "{first}");
    // The reader is dropped: the next write fails and the engines stop.
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

#[test]
fn a_timeout_leaves_the_solutions_found_and_says_so() {
    let output = satcover()
        .args(["solve", "--all", "--backend", "dlx", "--timeout", "0.3"])
        .arg(fixture("packing/pentominoes-6x10.pack"))
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let last = text.lines().last().unwrap();
    let headers = text.lines().filter(|l| l.contains(": solution ")).count();
    // On any machine 0.3 s finds some tilings and not all 9,356.
    assert!(last.contains("(timed out) at least"), "{last}");
    assert!(
        last.ends_with(&format!("at least {headers} solutions")),
        "{last}"
    );
}

#[test]
fn the_library_sink_sees_each_solution_once_and_can_stop() {
    let puzzle =
        packing::parse(&std::fs::read_to_string(fixture(PENTOMINOES_4X15)).unwrap()).unwrap();
    for backend in [Backend::Native, Backend::Dlx, Backend::Auto] {
        let mut seen = HashSet::new();
        let outcome = solve_into(
            &puzzle,
            backend,
            &Request::all(),
            &Stop::never(),
            &mut |s| {
                assert!(seen.insert(s), "{backend}: a repeated solution");
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!((outcome.count, outcome.complete), (1472, true), "{backend}");
        assert_eq!(seen.len(), 1472);
        assert!(outcome.solutions.is_empty());

        // A sink that has enough stops the search: no timeout, not complete.
        let mut taken = 0;
        let outcome = solve_into(
            &puzzle,
            backend,
            &Request::all(),
            &Stop::never(),
            &mut |_| {
                taken += 1;
                if taken == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        )
        .unwrap();
        assert_eq!(taken, 3, "{backend}");
        assert!(!outcome.complete && !outcome.timed_out, "{backend}");
        assert_eq!(outcome.status, Status::Solved);
    }
}

#[test]
fn analyze_counts_a_puzzle_with_many_solutions_exactly() {
    let puzzle =
        packing::parse(&std::fs::read_to_string(fixture(PENTOMINOES_4X15)).unwrap()).unwrap();
    let analysis = analyze::analyze(&puzzle, &Options::default()).unwrap();
    assert_eq!(analysis.solutions_counted, 1472);
    assert!(analysis.complete && analysis.forced_exact);
}
