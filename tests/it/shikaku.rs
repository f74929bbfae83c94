//! Shikaku: the test URLs of pzprjs and cspuz and random unique instances (10×10 to 40×40,
//! kept when unique) solved, proved unique, the same rectangles on native, sat and dlx, on
//! cadical's eager CNF (when installed) for a few of each file, accepted by the checker;
//! the URL and the rows read alike; bad input located; clues that cannot tile the grid are
//! "no solution", exit 20.

use crate::common;

use crate::genres::{
    all, eager_agrees, error_at, fixtures, no_solution_anywhere, unique_everywhere,
};
use predicates::prelude::*;
use satcover::puzzle::{Backend, Puzzle};
use satcover::puzzles::shikaku;

const BACKENDS: [Backend; 3] = [Backend::Native, Backend::Sat, Backend::Dlx];
/// Puzzles of each file also solved by cadical on the whole CNF.
const EAGER_PER_FILE: usize = 3;

#[test]
fn every_url_is_unique_on_every_backend() {
    let cadical = common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures("shikaku") {
        let puzzles = all(&name, shikaku::parse(&text));
        if name.starts_with("shikaku-") {
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
    assert_eq!(solved, 82);
}

#[test]
fn the_cspuz_test_has_cspuz_answer() {
    let (_, p) = shikaku::parse("https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g")
        .remove(0)
        .unwrap();
    let s = unique_everywhere("cspuz", &p, &BACKENDS);
    // cspuz's expected borders: columns split after 2 and 4, the 6s and the 4s stacked.
    assert_eq!(
        p.solution_text(&s),
        ". .|. .|. .\n   |   |\n. .|. .|. .\n   |   |\n. 6|6 .|. .\n---+---+\n. 4|? .|8 .\n   |   +---\n. .|. .|. .\n---+---+\n. 4 . .|4 ."
    );
    let (_, rows) = shikaku::parse("shikaku\n......\n......\n.66...\n.4?.8.\n......\n.4..4.\n")
        .remove(0)
        .unwrap();
    assert_eq!(rows, p);
}

#[test]
fn bad_input_is_located() {
    error_at(
        shikaku::parse("https://puzz.link/p?shikaku/2/2/1!h"),
        1,
        Some(34),
        "unexpected `!`",
    );
    error_at(
        shikaku::parse("https://puzz.link/p?shikaku/2/2/1h"),
        1,
        Some(35),
        "3 of 4 cells",
    );
    error_at(
        shikaku::parse("https://puzz.link/p?shikaku/2/2/4g44g"),
        1,
        Some(37),
        "more than the grid's 4 cells",
    );
    error_at(
        shikaku::parse("https://puzz.link/p?shikaku/2/2/0i"),
        1,
        None,
        "0 is not an area",
    );
    error_at(
        shikaku::parse("https://puzz.link/p?shikaku/0/2/g"),
        1,
        Some(29),
        "expected the width",
    );
    error_at(
        shikaku::parse("https://puzz.link/p?nurikabe/2/2/4i"),
        1,
        Some(21),
        "not a shikaku URL",
    );
    error_at(
        shikaku::parse("shikaku\n1 2 3\n2 x 1\n"),
        3,
        Some(3),
        "`x` is not a number",
    );
    error_at(shikaku::parse("shikaku\n1.\n1\n"), 3, None, "1 cells");
    error_at(shikaku::parse("shikaku\n"), 1, None, "no rows");
    error_at(
        shikaku::parse("x\n"),
        1,
        Some(1),
        "not a puzz.link shikaku URL",
    );
    let mut rows = vec![".".repeat(100); 100];
    rows[50] = format!("{}?{}", ".".repeat(50), ".".repeat(49));
    let open = format!("shikaku\n{}\n", rows.join("\n"));
    error_at(
        shikaku::parse(&open),
        2,
        None,
        "more than 1048576 rectangles",
    );
}

#[test]
fn clues_that_cannot_tile_are_no_solution() {
    no_solution_anywhere(
        &[
            "shikaku\n3.\n..\n",
            "shikaku\n2.\n.1\n",
            "shikaku\n..\n..\n",
            "https://puzz.link/p?shikaku/3/1/5h",
            "shikaku\n21\n..\n",
        ],
        shikaku::parse,
        &BACKENDS,
    );
}

#[test]
fn the_binary_solves_exports_and_renders() {
    common::satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/shikaku/shikaku-15x15.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(":21: unique").and(predicate::str::contains("+")));
    common::satcover()
        .args(["solve", "--backend", "dlx", "-"])
        .write_stdin("shikaku\n3.\n..\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "shikaku", "-"])
        .write_stdin("https://puzz.link/p?shikaku/2/2/1!h\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:34"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("exactly-one")));
    common::satcover()
        .args(["export", "--to", "xc", "-"])
        .write_stdin("https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g\n")
        .assert()
        .success();
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("shikaku\n......\n......\n.66...\n.4?.8.\n......\n.4..4.\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g",
        ));
}
