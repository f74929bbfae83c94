//! The external backend through `tests/fake-sat-solver`, a stand-in that is always present:
//! these tests run whether or not cadical and minisat are installed (the real solvers are
//! exercised in `cli_engines.rs` and `cnf_sat.rs` when they are). The stand-in answers with
//! satcover's embedded backend, so what is tested is the external plumbing: DIMACS out,
//! program run, answer parsed and decoded, timeouts and kills, garbage refused.

use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common;

const FAKE: &str = "tests/fake-sat-solver";
const EASY: &str = "tests/fixtures/sudoku/easy.txt";
const SOLVED_EASY: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn satcover() -> Command {
    let mut cmd = common::satcover();
    cmd.env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"));
    cmd.env_remove("FAKE_SAT_HANG");
    cmd.env_remove("FAKE_SAT_GARBAGE");
    cmd
}

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("runs").stdout).expect("utf-8")
}

fn external(args: &[&str]) -> Command {
    let mut cmd = satcover();
    cmd.args(["solve", "--backend", "external", "--solver", FAKE]);
    cmd.args(args);
    cmd
}

#[test]
fn the_stand_in_answers_like_a_sat_solver() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("f.cnf");
    std::fs::write(&cnf, "p cnf 2 2\n1 2 0\n-1 0\n").unwrap();
    let out = std::process::Command::new(FAKE)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
        .arg("-q")
        .arg(&cnf)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(10));
    assert!(String::from_utf8_lossy(&out.stdout).contains("s SATISFIABLE\nv -1 2 0\n"));
}

#[test]
fn external_agrees_with_the_embedded_backends() {
    external(&["--unique", EASY])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(format!("{SOLVED_EASY}\n")))
        .stdout(predicate::str::contains("easy.txt:2: unique"));
    external(&["--count", "-"])
        .write_stdin("................\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("288"));
    external(&["tests/fixtures/sudoku/contradictory.txt"])
        .assert()
        .code(20);
    for puzzle in [
        "tests/fixtures/nonogram/gchq-2015.non",
        "tests/fixtures/packing/golomb-11-none.pack",
        "tests/fixtures/alphametic/send-more-money.alpha",
    ] {
        let embedded = stdout_of(satcover().args(["solve", "--backend", "sat", "--count", puzzle]));
        let outside = stdout_of(&mut external(&["--count", puzzle]));
        assert_eq!(outside, embedded, "{puzzle}");
    }
}

#[test]
fn export_run_decode_gives_the_same_grid() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("easy.cnf");
    satcover()
        .args(["export", EASY, "--index", "1", "--to", "dimacs", "-o"])
        .arg(&cnf)
        .assert()
        .success();
    let model = dir.path().join("model.txt");
    let status = std::process::Command::new(FAKE)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
        .arg(&cnf)
        .arg(&model)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(10));
    satcover()
        .args(["decode", EASY, "--index", "1", "--model"])
        .arg(&model)
        .assert()
        .success()
        .stdout(format!("{SOLVED_EASY}\n"));
}

#[test]
fn a_solver_that_never_answers_is_killed_at_the_timeout() {
    let start = Instant::now();
    external(&["--timeout", "1", "--kind", "cnf", "-"])
        .env("FAKE_SAT_HANG", "1")
        .write_stdin("p cnf 2 1\n1 2 0\n")
        .assert()
        .stdout(predicate::str::contains("s UNKNOWN"));
    // The budget is 1 s; 30 s of headroom for a loaded machine (the stand-in sleeps 600 s).
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn garbage_from_the_solver_is_an_error() {
    external(&[EASY])
        .env("FAKE_SAT_GARBAGE", "1")
        .assert()
        .code(1)
        .stderr(predicate::str::is_empty().not());
}
