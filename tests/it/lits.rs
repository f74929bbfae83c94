//! LITS: the test URLs of pzprjs and cspuz and generated URLs (a throwaway hill climb over
//! random rooms, `encodings/lits.md`) solved and proved unique (the suites' URLs with the
//! answers the suites accept), the same shading on native, sat (lazy) and auto, on sat's
//! eager CNF and cadical's (when installed), accepted by the checker; the URL and the rows
//! read alike and the URL is written back; bad input located; rooms that hold no tetromino,
//! and forced tetrominoes that break the rules, are "no solution", exit 20.

use crate::common;
use crate::genres;

use crate::genres::{
    all, eager_agrees, eager_engines, error_at, fixtures, no_solution_anywhere, unique_everywhere,
};
use predicates::prelude::*;
use satcover::pipeline;
use satcover::puzzle::{Backend, Notation, Puzzle, Request, Status};
use satcover::puzzles::lits;

const BACKENDS: [Backend; 3] = [Backend::Native, Backend::Sat, Backend::Auto];
/// Puzzles of each generated file also solved on the eager CNF (sat and cadical).
const EAGER_PER_FILE: usize = 5;

#[test]
fn every_url_is_unique_on_every_backend() {
    let mut solved = 0;
    for (name, text) in fixtures("lits") {
        let puzzles = all(&name, lits::parse(&text));
        if name.starts_with("lits-") {
            assert_eq!(puzzles.len(), 20, "{name}");
        }
        for (k, (line, p)) in puzzles.into_iter().enumerate() {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            if k < EAGER_PER_FILE {
                for backend in eager_engines() {
                    eager_agrees(&label, &p, backend, &solution);
                }
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 2 + 20 * fixtures("lits").len().saturating_sub(1));
    assert!(solved >= 22, "{solved} puzzles");
}

#[test]
fn the_test_urls_have_the_suites_answers() {
    // pzprjs's test: its accepted answer `# + # # /# # # + /# + # + /# # # # /`.
    let url = "https://puzz.link/p?lits/4/4/9q02jg";
    let (_, p) = lits::parse(url).remove(0).unwrap();
    let s = unique_everywhere("pzprjs", &p, &BACKENDS);
    assert_eq!(p.solution_text(&s), "#.##\n###.\n#.#.\n####");
    assert_eq!(
        p.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some(url)
    );
    // cspuz's test (its rooms as rows of digits, and its expected shading).
    let url = "https://puzz.link/p?lits/10/10/08p0i3jbhmjg5j5ik048rgtr8q1e5gkf9hnu";
    let (_, q) = lits::parse(url).remove(0).unwrap();
    let rows = "lits\n0000000222\n0010002222\n1113332222\n5563444288\n5663422228\n\
                5663223338\n5633333338\n6673339aaa\n6773999aab\n77bbbbbbbb\n";
    let (_, from_rows) = lits::parse(rows).remove(0).unwrap();
    assert_eq!(from_rows, q);
    let s = unique_everywhere("cspuz", &q, &BACKENDS);
    assert_eq!(
        q.solution_text(&s),
        "....#..#..\n..######..\n###...#...\n#.#.###..#\n###.#....#\n\
         #.##.....#\n#..#.....#\n...#..####\n.######.#.\n##....####"
    );
    assert_eq!(
        q.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some(url)
    );
}

#[test]
fn the_checker_refuses_what_pzprjs_refuses() {
    // pzprjs's failing answers on its test puzzle, each with the rule it breaks.
    let (_, p) = lits::parse("https://puzz.link/p?lits/4/4/9q02jg")
        .remove(0)
        .unwrap();
    let grid = |rows: &str| satcover::constraints::Grid {
        width: 4,
        values: rows
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| u32::from(c == '#'))
            .collect(),
    };
    for (rows, words) in [
        ("##.. ##.. .... ....", "2×2"),
        ("..## ..#. .##. ....", "5 shaded"),
        ("..## .... .### ....", "not one tetromino"),
        ("#### #.#. #.#. ....", "two L tetrominoes touch"),
        ("#.## #.#. #.#. ....", "not connected"),
        ("#.## ###. #.#. ....", "0 shaded"),
        ("#.## ###. #.#. ..##", "2 shaded"),
    ] {
        let e = p.check(&grid(rows)).unwrap_err();
        assert!(e.message.contains(words), "{rows}: {e}");
    }
    assert_eq!(p.check(&grid("#.## ###. #.#. ####")), Ok(()));
}

#[test]
fn bad_input_is_located() {
    error_at(
        lits::parse("https://puzz.link/p?lits/2/2/w0"),
        1,
        Some(30),
        "unexpected `w`",
    );
    error_at(
        lits::parse("https://puzz.link/p?lits/4/4/9q0"),
        1,
        Some(33),
        "of the grid's 12 borders",
    );
    error_at(
        lits::parse("https://puzz.link/p?lits/4/4/9q02jgk"),
        1,
        Some(36),
        "more than the grid's borders",
    );
    error_at(
        lits::parse("  https://puzz.link/p?lits/4/4/9q02jg/x"),
        1,
        Some(38),
        "more than",
    );
    error_at(
        lits::parse("https://puzz.link/p?lits/d/4/4/9q02jg"),
        1,
        Some(26),
        "`d/`",
    );
    error_at(
        lits::parse("https://puzz.link/p?lits/100000/100000/"),
        1,
        Some(33),
        "more than 65536 cells",
    );
    error_at(
        lits::parse("https://puzz.link/p?lits/0/2/"),
        1,
        Some(26),
        "expected the width",
    );
    error_at(
        lits::parse("https://puzz.link/p?lit/2/2/"),
        1,
        Some(21),
        "not a lits URL",
    );
    error_at(lits::parse("lits\naa\na\n"), 3, None, "1 cells");
    error_at(lits::parse("lits\n"), 1, None, "no rows");
}

#[test]
fn rooms_that_cannot_be_filled_are_no_solution() {
    no_solution_anywhere(
        &[
            // Rooms of one cell, and a 2×2 room (found without search).
            "lits\nabc\n",
            "lits\naa\naa\n",
            "https://puzz.link/p?lits/2/2/00",
            // Two I's side by side.
            "lits\naaaa\nbbbb\n",
        ],
        lits::parse,
        &BACKENDS,
    );
    let (_, p) = lits::parse("lits\naaaa\nbbbb\n").remove(0).unwrap();
    for backend in eager_engines() {
        assert_eq!(genres::eager(&p, backend).0, Status::Unsolvable);
    }
}

#[test]
fn counts_agree_across_backends() {
    // An L and an I in a 3×4 grid: seven ways.
    let (_, p) = lits::parse("lits\naab\naab\naab\nbbb\n").remove(0).unwrap();
    for backend in [Backend::Native, Backend::Sat, Backend::Auto] {
        let outcome = pipeline::solve(&p, backend, &Request::count()).unwrap();
        assert_eq!((outcome.count, outcome.complete), (7, true), "{backend}");
    }
}

#[test]
fn the_binary_counts_solves_exports_and_renders() {
    common::satcover()
        .args(["solve", "--count", "--kind", "lits", "-"])
        .write_stdin("lits\naab\naab\naab\nbbb\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("7 solutions"));
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/lits/puzzlink.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains(":3: unique").and(predicate::str::contains("###.")));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("lits\naaaa\nbbbb\n")
        .assert()
        .code(20)
        .stdout(predicate::str::contains("no solution").or(predicate::str::contains("unsolvable")));
    common::satcover()
        .args(["solve", "--kind", "lits", "-"])
        .write_stdin("https://puzz.link/p?lits/2/2/w0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:30"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("https://puzz.link/p?lits/4/4/9q02jg\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("p cnf").and(predicate::str::contains("same shapes apart")),
        );
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("https://pzv.jp/p.html?lits/4/4/9q02jg\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?lits/4/4/9q02jg",
        ));
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("lits.svg");
    common::satcover()
        .args(["render", "--svg", svg.to_str().unwrap(), "-"])
        .write_stdin("https://puzz.link/p?lits/4/4/9q02jg\n")
        .assert()
        .success();
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg"), "{drawn}");
}
