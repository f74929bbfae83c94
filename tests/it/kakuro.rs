//! Kakuro: the pzprjs and cspuz test URLs, the drawn board and a 30×30 (`kakuro-30x30.txt`),
//! unique on native and sat with the same solution; errors located; a run sum no digits make is "no solution".

use crate::common;
use crate::genres;

use crate::genres::{all, error_at, fixtures, unique_everywhere, unsolvable_everywhere};
use predicates::prelude::*;
use satcover::puzzle::Backend;
use satcover::puzzles::kakuro;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];

#[test]
fn every_fixture_is_unique_on_every_backend() {
    let mut solved = 0;
    for (name, text) in fixtures("kakuro") {
        for (line, p) in all(&name, kakuro::parse(&text)) {
            unique_everywhere(&format!("{name}:{line}"), &p, &BACKENDS);
            solved += 1;
        }
    }
    assert!(solved >= 3, "{solved}");
}

#[test]
fn url_and_drawn_board_agree() {
    let (_, url) = kakuro::parse("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")
        .remove(0)
        .unwrap();
    let text = genres::fixture("kakuro", "pzprjs.kakuro");
    let (_, drawn) = kakuro::parse(&text).remove(0).unwrap();
    assert_eq!(
        unique_everywhere("url", &url, &BACKENDS),
        unique_everywhere("drawn", &drawn, &BACKENDS)
    );
}

#[test]
fn bad_input_is_located() {
    error_at(kakuro::parse("kakuro\n# x\n"), 2, Some(3), "expected");
    error_at(kakuro::parse("kakuro\n# 3\\\n. .\n"), 3, None, "frame");
    error_at(
        kakuro::parse("https://puzz.link/p?kakuro/2/2/k*"),
        1,
        Some(33),
        "unexpected",
    );
    error_at(
        kakuro::parse("https://puzz.link/p?kakuro/2/2/l"),
        1,
        Some(33),
        "2 of 4",
    );
}

#[test]
fn comments_may_come_before_the_header() {
    let plain = "kakuro\n# 4\\ 3\\\n\\3 . .\n\\4 . .\n";
    let (line, a) = kakuro::parse(&format!("# a note\n\n{plain}"))
        .remove(0)
        .unwrap();
    let (_, b) = kakuro::parse(plain).remove(0).unwrap();
    assert_eq!((line, a), (3, b));
}

#[test]
fn an_impossible_sum_is_no_solution() {
    let (_, p) = kakuro::parse("kakuro\n# 4\\ 3\\\n\\30 . .\n\\4 . .\n")
        .remove(0)
        .unwrap();
    unsolvable_everywhere("30 in two cells", &p, &BACKENDS);
}

#[test]
fn the_binary_answers() {
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/kakuro/tests.kakuro"])
        .assert()
        .success()
        .stdout(predicate::str::contains(":4: unique"));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("kakuro\n# 4\\ 3\\\n\\30 . .\n\\4 . .\n")
        .assert()
        .code(20);
}
