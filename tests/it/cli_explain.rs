//! `satcover explain` on the real binary: text, JSON, hints, statuses and exit codes.

use predicates::prelude::*;

use crate::common::satcover;

const GRID: &str = "tests/fixtures/sudoku/norvig-grid.txt";

#[test]
fn text_numbers_the_steps_with_their_difficulty() {
    satcover()
        .args(["explain", GRID])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "tests/fixtures/sudoku/norvig-grid.txt:1: solved, ER=2.6/1.2/1.2 (ER: pointing, step 4; EP: hidden single, step 1; ED: hidden single, step 1) (hard), 69 steps\n\
             1. [1.2] hidden single in box 4: r6c2=4\n",
        ))
        .stdout(predicate::str::contains("] pointing on "));
}

#[test]
fn json_names_every_field() {
    let output = satcover()
        .args(["explain", GRID, "--format", "json"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(json["status"], "solved");
    assert_eq!(json["size"], 9);
    assert_eq!(json["rating"]["er"], 2.6);
    assert_eq!(json["level"], "hard");
    let first = &json["steps"][0];
    assert_eq!(first["number"], 1);
    assert_eq!(first["technique"], "hidden-single-box");
    assert_eq!(first["name"], "hidden single");
    assert_eq!(first["difficulty"], 1.2);
    assert_eq!(first["placements"][0]["cell"], "r6c2");
    assert_eq!(first["placements"][0]["digit"], 4);
    assert_eq!(first["houses"][0]["kind"], "box");
    assert_eq!(first["houses"][0]["number"], 4);
}

#[test]
fn hints_at_three_levels() {
    let hint = |level: &str| {
        let output = satcover()
            .args(["explain", GRID, "--hint", level])
            .output()
            .expect("runs");
        assert!(output.status.success());
        String::from_utf8(output.stdout).expect("text")
    };
    let label = "tests/fixtures/sudoku/norvig-grid.txt:1: hint: ";
    assert_eq!(hint("1"), format!("{label}[1.2] hidden single\n"));
    assert_eq!(hint("2"), format!("{label}[1.2] hidden single in box 4\n"));
    assert_eq!(
        hint("3"),
        format!("{label}[1.2] hidden single in box 4: r6c2=4\n")
    );
    satcover()
        .args(["explain", GRID, "--hint", "4"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--hint"));
}

#[test]
fn a_json_hint_shows_only_its_level() {
    let output = satcover()
        .args(["explain", GRID, "--hint", "2", "--format", "json"])
        .output()
        .expect("runs");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["hint_level"], 2);
    assert_eq!(json["hint"]["houses"][0]["number"], 4);
    assert!(json["hint"].get("placements").is_none());
}

#[test]
fn bad_input_gets_the_messages_of_solve() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("bad.txt");
    std::fs::write(&path, "12343412214343x1\n").expect("writes");
    let path = path.to_str().expect("UTF-8 path");
    let solve = satcover().args(["solve", path]).output().expect("runs");
    satcover()
        .args(["explain", path])
        .assert()
        .code(1)
        .stderr(String::from_utf8(solve.stderr).expect("text"));
}

#[test]
fn statuses_and_exit_codes() {
    satcover()
        .args(["explain", "tests/fixtures/sudoku/contradictory.txt"])
        .assert()
        .code(20)
        .stdout(predicate::str::contains("invalid: digit 5 is given twice"));
    satcover()
        .args(["explain", "tests/fixtures/sudoku/two-solutions.txt"])
        .assert()
        .code(30)
        .stdout(predicate::str::contains("multiple:"))
        .stdout(predicate::str::contains("differing cells: r"));
    satcover()
        .args(["explain", GRID, "--max-technique", "hidden-single-line"])
        .assert()
        .code(30)
        .stdout(predicate::str::contains(
            "stuck: no technique up to hidden single applies",
        ))
        .stdout(predicate::str::contains("candidates: r"))
        .stdout(predicate::str::contains("guesses"));
}

#[test]
fn unknown_techniques_and_kinds_are_refused() {
    satcover()
        .args(["explain", GRID, "--max-technique", "magic"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "--max-technique: unknown technique 'magic' for sudoku puzzles: they take",
        ));
    satcover()
        .args(["explain", "tests/fixtures/cnf/named.cnf"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "explain knows nonogram, solo and sudoku puzzles, not cnf",
        ));
}
