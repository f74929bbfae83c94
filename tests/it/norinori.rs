//! Norinori: the test URLs of pzprjs and cspuz and instances made unique by a throwaway
//! search (planted dominoes, regions mutated until one solution is left; 10×10 and 15×15)
//! solved, proved unique, the same shading on native and sat, on cadical's eager CNF (when
//! installed) for a few of each file, accepted by the checker; the URL and the rows read
//! alike; bad input located; regions that cannot hold two shaded cells in dominoes are
//! "no solution", exit 20.

use crate::common;

use crate::genres::{
    all, eager_agrees, error_at, fixtures, no_solution_anywhere, unique_everywhere,
};
use predicates::prelude::*;
use satcover::puzzle::{Backend, Puzzle};
use satcover::puzzles::norinori;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];
/// Puzzles of each file also solved by cadical on the whole CNF.
const EAGER_PER_FILE: usize = 3;

#[test]
fn every_url_is_unique_on_every_backend() {
    let cadical = common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures("norinori") {
        let puzzles = all(&name, norinori::parse(&text));
        if name.starts_with("norinori-") {
            assert_eq!(puzzles.len(), 20, "{name}");
        }
        for (k, (line, p)) in puzzles.into_iter().enumerate() {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            if cadical && k < EAGER_PER_FILE {
                eager_agrees(&label, &p, Backend::External, &solution);
            }
            solved += 1;
        }
    }
    assert_eq!(solved, SOLVED);
}

/// Puzzles in the fixtures.
const SOLVED: usize = 22;

#[test]
fn the_test_urls_have_the_suites_answers() {
    let (_, p) = norinori::parse("https://puzz.link/p?norinori/6/6/mac2a4c11spr")
        .remove(0)
        .unwrap();
    let s = unique_everywhere("cspuz", &p, &BACKENDS);
    assert_eq!(
        p.solution_text(&s),
        ".##...\n...##.\n.##..#\n.....#\n#.#.#.\n#.#.#."
    );
    let (_, rows) = norinori::parse(&norinori::plain_text(&p))
        .remove(0)
        .unwrap();
    assert_eq!(rows, p);
    // pzprjs's accepted answer: `# # + + + /+ + # # + /# # + + # /+ + . . # /# # + . .`.
    let (_, q) = norinori::parse("https://puzz.link/p?norinori/5/5/cag4ocjo")
        .remove(0)
        .unwrap();
    let s = unique_everywhere("pzprjs", &q, &BACKENDS);
    assert_eq!(q.solution_text(&s), "##...\n..##.\n##..#\n....#\n##...");
}

#[test]
fn bad_input_is_located() {
    error_at(
        norinori::parse("https://puzz.link/p?norinori/2/2/w0"),
        1,
        Some(34),
        "unexpected `w`",
    );
    error_at(
        norinori::parse("https://puzz.link/p?norinori/6/6/mac"),
        1,
        Some(37),
        "of the grid's 30 borders",
    );
    error_at(
        norinori::parse("https://puzz.link/p?norinori/2/2/000"),
        1,
        Some(36),
        "more than the grid's borders",
    );
    error_at(
        norinori::parse("https://puzz.link/p?norinori/0/2/"),
        1,
        Some(30),
        "expected the width",
    );
    error_at(norinori::parse("norinori\naa\na\n"), 3, None, "1 cells");
    error_at(norinori::parse("norinori\n"), 1, None, "no rows");
}

#[test]
fn regions_that_cannot_hold_dominoes_are_no_solution() {
    no_solution_anywhere(
        &[
            // A region of one cell.
            "norinori\nab\nbb\n",
            // Two regions of two side by side: both dominoes shaded make a row of four.
            "norinori\naabb\n",
            "https://puzz.link/p?norinori/4/1/8",
        ],
        norinori::parse,
        &BACKENDS,
    );
}

#[test]
fn the_binary_solves_exports_and_renders() {
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/norinori/puzzlink.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains(":3: unique").and(predicate::str::contains("#")));
    common::satcover()
        .args(["solve", "--kind", "norinori", "-"])
        .write_stdin("norinori\nab\nbb\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "norinori", "-"])
        .write_stdin("https://puzz.link/p?norinori/2/2/w0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:34"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("https://puzz.link/p?norinori/6/6/mac2a4c11spr\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("table")));
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("https://pzv.jp/p.html?norinori/6/6/mac2a4c11spr\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?norinori/6/6/mac2a4c11spr",
        ));
}
