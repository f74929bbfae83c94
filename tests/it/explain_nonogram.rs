//! `satcover explain` on nonograms (issue 23, item 4): every step sound on the shipped
//! puzzles (black-and-white and colour, every format, givens included), the classes where
//! they belong (GCHQ `line`, a stalled puzzle `lookahead`, Forever `search`), hint levels,
//! the JSON schema, and bad input refused as `solve` refuses it.

use serde_json::Value;

use satcover::puzzle::Limits;
use satcover::puzzles::nonogram::explain::{Class, Explanation, Options, Rule, Status, explain};
use satcover::puzzles::nonogram::{Grid, Nonogram, Palette, native, parse_all};
use satcover::rng::SplitMix64;
use satcover::stop::Stop;

use crate::common::satcover;

const DIR: &str = "tests/fixtures/nonogram";

fn load(name: &str) -> Vec<Nonogram> {
    let path = format!("{}/{DIR}/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("fixture");
    parse_all(name, &text).expect("parses")
}

/// Default options, with time enough for the search on a loaded machine (it takes
/// milliseconds on every puzzle tested here).
fn patient() -> Options {
    Options {
        search_time: std::time::Duration::from_secs(60),
        ..Options::default()
    }
}

fn unique_solution(puzzle: &Nonogram) -> Option<Grid> {
    let limits = Limits {
        max_solutions: Some(2),
        keep: 2,
        stop: Stop::never(),
    };
    let answer = native::solve(puzzle, &limits);
    (answer.complete && answer.count == 1).then(|| answer.solutions[0].clone())
}

/// Replays the steps on a grid of domains: each change starts from the replayed domain,
/// only narrows it, and keeps the solution's colour; the end is the reported end, and a
/// solved explanation ends on the solution.
fn assert_sound(puzzle: &Nonogram, explanation: &Explanation, solution: &Grid) {
    let all = (1u64 << puzzle.palette().len()) - 1;
    let mut domains: Vec<u64> = puzzle
        .givens()
        .iter()
        .map(|g| g.map_or(all, |c| 1 << c))
        .collect();
    for (i, step) in explanation.steps.iter().enumerate() {
        assert!(!step.changes.is_empty(), "step {} changes nothing", i + 1);
        let (w, h) = (puzzle.width(), puzzle.height());
        let line: Option<Vec<usize>> = step.line.filter(|_| step.rule <= Rule::Line).map(|l| {
            if l < h {
                (0..w).map(|k| l * w + k).collect()
            } else {
                (0..h).map(|k| k * w + l - h).collect()
            }
        });
        for change in &step.changes {
            let index = change.cell.row * puzzle.width() + change.cell.col;
            assert_eq!(domains[index], change.before, "step {}", i + 1);
            assert!(change.after & !change.before == 0 && change.after != 0);
            let colour = solution.colour(change.cell.row, change.cell.col);
            assert!(change.after >> colour & 1 == 1, "step {} is unsound", i + 1);
            domains[index] = change.after;
            assert!(
                line.as_ref().is_none_or(|cells| cells.contains(&index)),
                "step {} leaves its line",
                i + 1
            );
        }
    }
    assert_eq!(domains, explanation.domains);
    if explanation.status == Status::Solved {
        let cells: Vec<u8> = domains.iter().map(|d| d.trailing_zeros() as u8).collect();
        assert_eq!(cells, solution.cells);
    }
}

/// Every unique shipped puzzle (`.non`, `.g`, XML; black-and-white and colour; GCHQ with
/// its givens) is explained with sound steps, and its class fits how it ended.
#[test]
fn every_shipped_puzzle_is_explained_soundly() {
    let names = [
        ("gchq-2015.non", Class::Line),
        ("dancer.non", Class::Line),
        ("probing.non", Class::Lookahead),
        ("petro.non", Class::Lookahead),
        ("light.non", Class::Lookahead),
        ("forever.non", Class::Search),
        ("map-47.non", Class::Line),
        ("map-47.g", Class::Line),
        ("onions-220.g", Class::Line),
        ("tiny.xml", Class::Trivial),
    ];
    for (name, class) in names {
        for puzzle in load(name) {
            let solution = unique_solution(&puzzle).expect("unique");
            let explanation = explain(&puzzle, &patient());
            assert_eq!(explanation.class, class, "{name}: {:?}", explanation.reason);
            assert!(explanation.checked, "{name}");
            assert_sound(&puzzle, &explanation, &solution);
            if class == Class::Search {
                assert_eq!(explanation.status, Status::Stuck);
                assert!(explanation.guesses.is_some_and(|g| g > 0));
            } else {
                assert_eq!(explanation.status, Status::Solved, "{name}");
            }
        }
    }
}

#[test]
fn library_multiple_and_invalid() {
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

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = satcover().args(args).output().expect("ran");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn gchq_is_line_with_passes_counted_like_the_seed() {
    let (code, out, _) = run(&["explain", &format!("{DIR}/gchq-2015.non")]);
    assert_eq!(code, Some(0), "{out}");
    let first = out.lines().next().unwrap_or_default();
    assert!(first.contains("solved, class line"), "{first}");
    assert!(out.contains(
        "\npass 1: 603 unknown\n1. [overlap] row 1 (clue 7 3 1 1 7): fills c3-c7, c11, c19-c23\n"
    ));
    assert!(
        out.contains("pass 2: ") && out.ends_with("end: 0 unknown\n"),
        "{out}"
    );
}

#[test]
fn probing_steps_and_max_technique() {
    let file = format!("{DIR}/probing.non");
    let (code, out, _) = run(&["explain", &file]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with(&format!("{file}: solved, class lookahead")),
        "{out}"
    );
    assert!(out.contains("probing: 15 unknown\n"), "{out}");
    assert!(out.contains(
        "[contradiction] r1c3 white: row 2 (clue 1 1 1) has no arrangement, so fills r1c3"
    ));
    // `line` stops before probing: stuck, with the grid left.
    let (code, out, _) = run(&["explain", &file, "--max-technique", "line"]);
    assert_eq!(code, Some(30), "{out}");
    assert!(
        out.contains("stuck, class search") && !out.contains("probing:"),
        "{out}"
    );
    assert!(
        out.contains("stuck: rules up to line leave 15 cells unknown"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.contains('?')));
    // `overlap` only: every step an overlap (or complete).
    let (_, out, _) = run(&[
        "explain",
        &file,
        "--max-technique",
        "overlap",
        "--format",
        "json",
    ]);
    let value: Value = serde_json::from_str(out.trim()).expect("json");
    let steps = value["steps"].as_array().expect("steps");
    assert!(!steps.is_empty());
    assert!(
        steps
            .iter()
            .all(|s| ["complete", "overlap"].contains(&s["rule"].as_str().unwrap_or("")))
    );
    // A sudoku technique is not a nonogram rule.
    let (code, out, err) = run(&["explain", &file, "--max-technique", "xy-wing"]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert!(
        err.contains(
            "for nonogram puzzles: they take complete, overlap, spaces, edge, line or probe"
        ),
        "{err}"
    );
}

#[test]
fn forever_needs_search_and_says_how_many_guesses() {
    let (code, out, _) = run(&["explain", &format!("{DIR}/forever.non")]);
    assert_eq!(code, Some(30), "{out}");
    let first = out.lines().next().unwrap_or_default();
    assert!(
        first.contains("stuck, class search") && first.ends_with(" guesses"),
        "{first}"
    );
    assert!(out.contains("the native search needs "), "{out}");
}

#[test]
fn hint_levels() {
    let file = format!("{DIR}/dancer.non");
    let expect = [
        "hint: overlap (simple boxes)\n",
        "hint: overlap (simple boxes) in row 2 (clue 2 1)\n",
        "hint: [overlap] row 2 (clue 2 1): fills c2\n",
    ];
    for (level, tail) in expect.iter().enumerate() {
        let (code, out, _) = run(&["explain", &file, "--hint", &(level + 1).to_string()]);
        assert_eq!(code, Some(0));
        assert_eq!(out, format!("{file}: {tail}"));
    }
    let keys = |level: &str| -> Vec<String> {
        let (_, out, _) = run(&["explain", &file, "--hint", level, "--format", "json"]);
        let value: Value = serde_json::from_str(out.trim()).expect("json");
        assert!(value["status"] == "hint" && value["hint_level"] == level.parse::<u8>().unwrap());
        let mut keys: Vec<String> = value["hint"]
            .as_object()
            .expect("hint")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    assert_eq!(keys("1"), ["name", "number", "pass", "rule"]);
    assert_eq!(keys("2"), ["line", "name", "number", "pass", "rule"]);
    assert_eq!(
        keys("3"),
        [
            "empties", "excludes", "fills", "line", "name", "number", "pass", "rule", "text"
        ]
    );
}

/// Every field the schema in `docs/explain.md` names, on a colour puzzle and on a puzzle
/// with probing.
#[test]
fn json_schema() {
    let (code, out, _) = run(&[
        "explain",
        "--format",
        "json",
        &format!("{DIR}/map-47.non"),
        &format!("{DIR}/probing.non"),
    ]);
    assert_eq!(code, Some(0));
    let values: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(values.len(), 2);
    for value in &values {
        assert_eq!(value["schema"], "satcover/explain/1");
        for key in [
            "puzzle",
            "kind",
            "status",
            "class",
            "counts",
            "unknown",
            "search_complete",
            "checked",
            "passes",
            "steps",
            "palette",
        ] {
            assert!(value.get(key).is_some(), "{key} missing");
        }
        for key in ["steps", "passes", "probes", "guesses"] {
            assert!(value["counts"].get(key).is_some(), "counts.{key}");
        }
        assert_eq!(value["unknown"]["end"], 0);
        let passes = value["passes"].as_array().expect("passes");
        assert_eq!(passes[0]["pass"], 1);
        for step in value["steps"].as_array().expect("steps") {
            for key in [
                "number", "pass", "rule", "name", "fills", "empties", "excludes", "text",
            ] {
                assert!(step.get(key).is_some(), "step.{key}");
            }
            assert!(step.get("line").is_some() || step.get("probe").is_some());
        }
    }
    // Colour: fills name their colour by palette character and name.
    let fill = values[0]["steps"]
        .as_array()
        .and_then(|s| {
            s.iter()
                .find_map(|s| s["fills"].as_array().and_then(|f| f.first()).cloned())
        })
        .expect("a fill");
    let ch = fill["char"].as_str().expect("char");
    assert!(values[0]["palette"].get(ch).is_some() && fill["name"].is_string());
    assert!(
        fill["cell"]
            .as_str()
            .is_some_and(|c| c.starts_with('r') && c.contains('c'))
    );
    // Probing: a contradiction step names its cell, colour and line.
    let probe = values[1]["steps"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["rule"] == "contradiction").cloned())
        .expect("a contradiction");
    assert_eq!(probe["probe"]["cell"], "r1c3");
    assert_eq!(probe["probe"]["colour"]["name"], "white");
    assert_eq!(probe["line"]["kind"], "row");
}

#[test]
fn multiple_and_invalid() {
    let (code, out, _) = run(&["explain", &format!("{DIR}/two-solutions.non")]);
    assert_eq!(code, Some(30));
    assert!(out.contains("multiple, class multiple") && out.contains("differing cells: r1c5"));
    let (code, out, _) = run(&[
        "explain",
        "--format",
        "json",
        &format!("{DIR}/two-solutions.non"),
    ]);
    assert_eq!(code, Some(30));
    let value: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(value["class"], "multiple");
    assert_eq!(value["differing"].as_array().map(Vec::len), Some(4));
    // Rows and columns of different totals; then givens no grid fits.
    let dir = tempfile::tempdir().expect("dir");
    let totals = dir.path().join("totals.non");
    std::fs::write(&totals, "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n0\n").expect("write");
    let (code, out, _) = run(&["explain", totals.to_str().expect("path")]);
    assert_eq!(code, Some(20));
    assert!(
        out.contains("invalid, class contradiction") && out.contains("total"),
        "{out}"
    );
    let clash = dir.path().join("clash.non");
    std::fs::write(
        &clash,
        "width 2\nheight 2\nrows\n1\n0\ncolumns\n1\n0\ngivens \"0...\"\n",
    )
    .expect("write");
    let (code, out, _) = run(&["explain", clash.to_str().expect("path")]);
    assert_eq!(code, Some(20));
    assert!(out.contains("no arrangement after step"), "{out}");
    let puzzle = load("two-solutions.non").remove(0);
    let explanation = explain(
        &puzzle,
        &Options {
            max_rule: Rule::Line,
            ..Options::default()
        },
    );
    assert_eq!(explanation.class, Class::Multiple);
}

/// Bad input: the message `solve` gives, nothing on standard output, exit 1.
#[test]
fn bad_input_as_solve_says_it() {
    for name in ["bad-clue.non", "colour.g"] {
        let file = format!("{DIR}/{name}");
        let (_, _, solve_err) = run(&["solve", &file]);
        let (code, out, err) = run(&["explain", &file]);
        assert_eq!((code, out.as_str()), (Some(1), ""), "{name}: {err}");
        assert_eq!(err, solve_err, "{name}");
    }
}

/// A stop fired by the caller (a web page whose client left) ends the explanation as
/// `stopped`, with no step and no claim about the puzzle.
#[test]
fn a_fired_stop_ends_the_explanation_stopped() {
    let puzzle = &load("gchq-2015.non")[0];
    let stop = Stop::cancellable(None);
    stop.cancel();
    let explanation = explain(puzzle, &Options { stop, ..patient() });
    assert_eq!(explanation.status, Status::Stopped);
    assert!(explanation.steps.is_empty());
    assert!(
        explanation
            .reason
            .as_deref()
            .is_some_and(|r| r.starts_with("stopped"))
    );
}
