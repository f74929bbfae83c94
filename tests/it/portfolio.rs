//! `auto`: the same answers as the single backends, a winner named in the stats, losers that
//! stop, contenders that fail without sinking the race, and deadlines that hold.
//!
//! Bounds on time are generous (a loaded 2-core machine): they catch a loser that keeps
//! running for good, not a slow one.

use std::path::Path;
use std::time::{Duration, Instant};

use satcover::compare::agreement;
use satcover::facade::Report;
use satcover::input;
use satcover::pipeline::solve;
use satcover::portfolio::Plan;
use satcover::puzzle::{Backend, Kind, Request, Status};
use satcover::puzzle::{ContenderResult, Engine, Threads};
use satcover::puzzles::sudoku::Sudoku;
use satcover::sat::SatBackend;

fn load(path: &str) -> Vec<input::Entry> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path);
    let source = full.display().to_string();
    let text = input::read_source(&source).unwrap();
    input::load(&source, &text, None)
}

fn with_threads(mut request: Request, spare: usize) -> Request {
    request.timeout = Some(Duration::from_secs(120));
    request.threads = Threads::spare(spare);
    request
}

/// Fixtures every single backend named answers quickly, with the one to compare against.
const FIXTURES: [(&str, Backend); 17] = [
    ("sudoku/easy.txt", Backend::Native),
    ("sudoku/hard.txt", Backend::Native),
    ("sudoku/4x4.txt", Backend::Native),
    ("sudoku/16x16.txt", Backend::Native),
    ("sudoku/25x25.txt", Backend::Native),
    ("sudoku/two-solutions.txt", Backend::Native),
    ("sudoku/contradictory.txt", Backend::Native),
    ("sudoku/no-candidate.txt", Backend::Native),
    ("nonogram/gchq-2015.non", Backend::Native),
    ("nonogram/two-solutions.non", Backend::Native),
    ("nonogram/tiny.xml", Backend::Native),
    ("packing/golomb-11-a.pack", Backend::Native),
    ("packing/golomb-11-none.pack", Backend::Native),
    ("alphametic/classics.txt", Backend::Native),
    ("alphametic/send-more-money.alpha", Backend::Sat),
    ("cnf/named.cnf", Backend::Sat),
    ("xc/knuth_5.xc", Backend::Dlx),
];

#[test]
fn auto_agrees_with_the_single_backends() {
    for (path, single) in FIXTURES {
        for request in [Request::first(), Request::unique(), Request::limit(3)] {
            let request = with_threads(request, 1);
            for entry in load(path) {
                let puzzle = entry.puzzle.as_ref().unwrap();
                let auto = puzzle.solve_any(Backend::Auto, &request).unwrap();
                let alone = puzzle.solve_any(single, &request).unwrap();
                let pair: [(Backend, &Report); 2] = [(Backend::Auto, &auto), (single, &alone)];
                agreement(&pair).unwrap_or_else(|why| panic!("{}: {why}", entry.label));
                let (a, b) = (&auto.outcome, &alone.outcome);
                assert_eq!(
                    (a.status, a.count, a.complete, a.timed_out),
                    (b.status, b.count, b.complete, b.timed_out),
                    "{}",
                    entry.label
                );
                assert_eq!(a.unique(), b.unique(), "{}", entry.label);
                assert_eq!(a.stats.backend, "auto");
                if a.reason.is_none() {
                    assert!(a.stats.winner.is_some(), "{}: no winner named", entry.label);
                }
            }
        }
    }
}

#[test]
fn exact_counts_stay_exact() {
    for (path, count) in [
        ("sudoku/two-solutions.txt", 2),
        ("packing/pentominoes-3x20.pack", 8),
        ("alphametic/classics.txt", 96),
    ] {
        let entry = &load(path)[0];
        let puzzle = entry.puzzle.as_ref().unwrap();
        let auto = puzzle
            .solve_any(Backend::Auto, &with_threads(Request::count(), 1))
            .unwrap()
            .outcome;
        assert_eq!((auto.count, auto.complete), (count, true), "{path}");
    }
}

#[test]
fn a_tail_puzzle_goes_to_the_engine_that_answers_and_the_losers_stop() {
    let entry = &load("portfolio/25x25_blank.txt")[0];
    let puzzle = entry.puzzle.as_ref().unwrap();
    let report = puzzle
        .solve_any(Backend::Auto, &with_threads(Request::first(), 1))
        .unwrap();
    let outcome = &report.outcome;
    assert_eq!(outcome.status, Status::Solved);
    assert!(!outcome.timed_out);
    let contenders = &outcome.stats.contenders;
    let winner = contenders
        .iter()
        .find(|c| c.result == ContenderResult::Won)
        .expect("a winner");
    assert_eq!(Some(winner.backend), outcome.stats.winner);
    for c in contenders {
        if c.result == ContenderResult::Cancelled {
            assert!(
                c.time < winner.time + Duration::from_secs(2),
                "{} went on for {:?} after the winner's {:?}",
                c.backend,
                c.time,
                winner.time
            );
        }
    }
}

#[test]
fn a_failing_contender_does_not_sink_the_others() {
    let entry = &load("cnf/named.cnf")[0];
    let puzzle = entry.puzzle.as_ref().unwrap();
    let mut request = with_threads(Request::first(), 2);
    request.external = Some(SatBackend::External {
        program: "no-such-sat-solver-xyz".into(),
        args: Vec::new(),
    });
    assert_eq!(
        Plan::new(&puzzle.preference(), &request).race,
        [Engine::Sat, Engine::External]
    );
    let outcome = puzzle.solve_any(Backend::Auto, &request).unwrap().outcome;
    assert_eq!(outcome.status, Status::Solved);
    assert_eq!(outcome.stats.winner, Some(Engine::Sat));
    let external = external_contender(&outcome);
    // The external run fails before or after the winner (its error is then kept), or is
    // cancelled before it even starts the program when sat is that quick.
    match external.result {
        ContenderResult::Error => assert!(
            external
                .error
                .as_deref()
                .is_some_and(|e| e.contains("no-such-sat-solver-xyz"))
        ),
        other => assert_eq!(other, ContenderResult::Cancelled),
    }
}

#[test]
fn the_deadline_stops_every_contender() {
    let empty = Sudoku::new(5, vec![0; 625]).unwrap();
    let mut request = with_threads(Request::count(), 2);
    request.timeout = Some(Duration::from_millis(500));
    let start = Instant::now();
    let outcome = solve(&empty, Backend::Auto, &request).unwrap();
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(outcome.timed_out && !outcome.complete);
    assert_ne!(outcome.status, Status::Unsolvable);
    assert_eq!(outcome.stats.winner, None);
    assert!(outcome.stats.contenders.len() >= 2);
    assert!(
        outcome
            .stats
            .contenders
            .iter()
            .all(|c| c.result == ContenderResult::GaveUp),
        "{:?}",
        outcome.stats.contenders
    );
}

#[test]
fn plans_follow_the_request() {
    let sudoku = &load("sudoku/easy.txt")[0];
    let sudoku = sudoku.puzzle.as_ref().unwrap();
    let plan = Plan::new(&sudoku.preference(), &Request::unique());
    assert_eq!(plan.alone.map(|(b, _)| b), Some(Engine::Native));
    assert_eq!(plan.race[0], Engine::Sat);
    let plan = Plan::new(&sudoku.preference(), &Request::count());
    assert!(plan.race.contains(&Engine::Dlx));
    let xc = &load("xc/knuth_5.xc")[0];
    let plan = Plan::new(&xc.puzzle.as_ref().unwrap().preference(), &Request::count());
    assert_eq!((plan.alone, plan.race), (None, vec![Engine::Dlx]));
}

/// Pigeonhole PHP(holes + 1, holes) in DIMACS: unsatisfiable, and hard for resolution, so
/// varisat needs far longer than a failed program start.
fn pigeonhole_dimacs(holes: usize) -> String {
    let pigeons = holes + 1;
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        clauses.push(
            (0..holes)
                .map(|h| var(p, h).to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{}", var(p, h), var(q, h)));
            }
        }
    }
    let mut text = format!("p cnf {} {}\n", pigeons * holes, clauses.len());
    for clause in clauses {
        text.push_str(&clause);
        text.push_str(" 0\n");
    }
    text
}

/// The same, where the race cannot end before the external program has failed: its error is
/// kept in the stats and sat's answer stands.
#[test]
fn a_failing_contender_reports_its_error_when_the_race_is_long() {
    let entries = input::load("php-9-8.cnf", &pigeonhole_dimacs(8), Some(Kind::CNF));
    let puzzle = entries[0].puzzle.as_ref().unwrap();
    let mut request = with_threads(Request::first(), 2);
    request.external = Some(SatBackend::External {
        program: "no-such-sat-solver-xyz".into(),
        args: Vec::new(),
    });
    let outcome = puzzle.solve_any(Backend::Auto, &request).unwrap().outcome;
    assert_eq!(outcome.status, Status::Unsolvable);
    assert_eq!(outcome.stats.winner, Some(Engine::Sat));
    let external = external_contender(&outcome);
    assert_eq!(external.result, ContenderResult::Error);
    assert!(
        external
            .error
            .as_deref()
            .is_some_and(|e| e.contains("no-such-sat-solver-xyz"))
    );
}

/// The external solver's entry in a race's stats.
fn external_contender<S>(outcome: &satcover::puzzle::Outcome<S>) -> &satcover::puzzle::Contender {
    outcome
        .stats
        .contenders
        .iter()
        .find(|c| c.backend == Engine::External)
        .expect("the external contender is reported")
}

/// A first solution that no contender finds before the deadline: `unknown`, every contender
/// gave up at the deadline, and each reports the effort it spent. The fixture is a shuffled
/// pattern grid with half its cells blanked (the `pattern` class of
/// `examples/sudoku_classes.rs`), far beyond a fraction of a second for native and sat.
#[test]
fn an_undecided_puzzle_is_unknown_with_every_contenders_effort() {
    let entry = &load("portfolio/36x36_pattern.txt")[0];
    let puzzle = entry.puzzle.as_ref().unwrap();
    let mut request = with_threads(Request::first(), 2);
    request.timeout = Some(Duration::from_millis(300));
    let start = Instant::now();
    let outcome = puzzle.solve_any(Backend::Auto, &request).unwrap().outcome;
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(outcome.status, Status::Unknown);
    assert!(outcome.timed_out && !outcome.complete);
    assert_eq!(outcome.stats.winner, None);
    let contenders = &outcome.stats.contenders;
    for backend in [Engine::Native, Engine::Sat] {
        assert!(
            contenders.iter().any(|c| c.backend == backend),
            "{contenders:?}"
        );
    }
    for c in contenders {
        assert_eq!(c.result, ContenderResult::GaveUp, "{c:?}");
        let effort = [c.nodes, c.updates, c.solve_calls, c.decisions];
        assert!(effort.iter().any(|e| e.is_some()), "{c:?}");
        assert!(c.time < Duration::from_secs(20), "{c:?}");
    }
}
