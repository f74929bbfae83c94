//! `--proof FILE` and `--check-proof`: DRAT proofs behind "unsolvable" and "unique" that the
//! independent checker accepts, and that it rejects once a lemma is dropped or altered;
//! clear errors for an unwritable path and for backends that cannot prove.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;
use satcover::cnf::parse_dimacs;
use satcover::proof::check_refutation;

fn satcover() -> Command {
    let mut cmd = Command::cargo_bin("satcover").expect("binary built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// Sudokus with no solution: two equal givens in a row, and givens without a clash that
/// leave r1c9 no digit.
const CONTRADICTORY_SUDOKUS: [&str; 2] = [
    "tests/fixtures/sudoku/contradictory.txt",
    "tests/fixtures/sudoku/no-candidate.txt",
];
/// Ten Golomb rectangles (1×2 … 10×1 area 190) cannot fill an 11×11 square.
const IMPOSSIBLE_PACKING: &str = "tests/fixtures/packing/golomb-11-none.pack";
/// Row 1 is full, row 2 empty, but column 1 asks for two cells.
const CLASHING_NONOGRAM: &str = "width 2\nheight 2\nrows\n2\n0\ncolumns\n2\n0\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Solve `puzzle` with a checked proof into `dir`; returns the proof's path.
fn proved(puzzle: &str, extra: &[&str], dir: &Path, expect: &str) -> std::path::PathBuf {
    let proof = dir.join("proof.drat");
    satcover()
        .args(["solve", "--backend", "sat", "--check-proof", "--proof"])
        .arg(&proof)
        .args(extra)
        .arg(puzzle)
        .assert()
        .stdout(predicate::str::contains(expect));
    assert!(proof.is_file(), "{puzzle}: proof written");
    assert!(
        !dir.join("proof.drat.partial").exists(),
        "no partial file left"
    );
    proof
}

/// The puzzle's CNF as exported (the formula an "unsolvable" proof refutes).
fn exported(puzzle: &str) -> Vec<Vec<i64>> {
    let out = satcover()
        .args(["export", puzzle, "--to", "dimacs"])
        .output()
        .unwrap();
    let cnf = parse_dimacs(&String::from_utf8(out.stdout).unwrap()).unwrap();
    cnf.clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

fn check(formula: &[Vec<i64>], proof: &[u8]) -> bool {
    check_refutation(formula.iter().map(Vec::as_slice), proof).is_ok()
}

/// The proof checks against the exported formula; with lemmas dropped or altered some
/// variants fail, and the proof cut before its conflict fails.
fn assert_proof_is_tight(puzzle: &str, proof: &Path) {
    let formula = exported(puzzle);
    let bytes = std::fs::read(proof).unwrap();
    assert!(check(&formula, &bytes), "{puzzle}: the proof checks");
    let text = String::from_utf8(bytes).unwrap();
    let steps: Vec<&str> = text.lines().collect();
    let lemmas: Vec<usize> = (0..steps.len())
        .filter(|&i| !steps[i].starts_with('d'))
        .collect();
    if check(&formula, b"") {
        // Unit propagation alone refutes the formula: every proof of it checks.
        return;
    }
    assert!(!check(&formula, &[]), "{puzzle}: an empty proof fails");
    let mut rejected = 0;
    for &i in lemmas.iter().step_by((lemmas.len() / 40).max(1)) {
        let mut dropped = steps.clone();
        dropped.remove(i);
        let mut altered: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
        let tokens: Vec<&str> = steps[i].split_whitespace().collect();
        if let Some(first) = tokens.first().and_then(|t| t.parse::<i64>().ok())
            && first != 0
        {
            altered[i] = format!("{} {}", -first, tokens[1..].join(" "));
        }
        for variant in [dropped.join("\n"), altered.join("\n")] {
            if !check(&formula, variant.as_bytes()) {
                rejected += 1;
            }
        }
    }
    assert!(rejected > 0, "{puzzle}: some damaged proof is rejected");
}

#[test]
fn contradictory_sudoku_impossible_packing_and_clashing_nonogram_prove_unsolvable() {
    let dir = tempfile::tempdir().unwrap();
    let nonogram = write(dir.path(), "n.non", CLASHING_NONOGRAM);
    let [two_fives, no_candidate] = CONTRADICTORY_SUDOKUS;
    for puzzle in [
        two_fives,
        no_candidate,
        IMPOSSIBLE_PACKING,
        nonogram.as_str(),
    ] {
        let proof = proved(puzzle, &[], dir.path(), ": unsolvable (proof checked)");
        assert_proof_is_tight(puzzle, &proof);
        std::fs::remove_file(proof).unwrap();
    }
}

#[test]
fn unique_is_proved_by_refuting_a_second_solution() {
    let dir = tempfile::tempdir().unwrap();
    proved(
        "tests/fixtures/sudoku/norvig-grid.txt",
        &["--unique"],
        dir.path(),
        ": unique (proof checked)",
    );
    // Two solutions: nothing to prove, no proof written.
    let proof = dir.path().join("none.drat");
    satcover()
        .args([
            "solve",
            "--backend",
            "sat",
            "--unique",
            "--check-proof",
            "--proof",
        ])
        .arg(&proof)
        .arg("tests/fixtures/nonogram/two-solutions.non")
        .assert()
        .success()
        .stdout(predicate::str::contains(": not unique"));
    assert!(!proof.exists());
}

#[test]
fn json_says_checked_or_written_and_raw_cnf_gets_a_comment() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.drat");
    for (check, expected) in [
        (true, "\"proof\":\"checked\""),
        (false, "\"proof\":\"written\""),
    ] {
        let mut cmd = satcover();
        cmd.args(["solve", "--backend", "sat", "--format", "json", "--proof"])
            .arg(&proof)
            .arg(IMPOSSIBLE_PACKING);
        if check {
            cmd.arg("--check-proof");
        }
        cmd.assert()
            .code(20)
            .stdout(predicate::str::contains(expected));
    }
    satcover()
        .args(["solve", "--kind", "cnf", "--check-proof", "--proof"])
        .arg(&proof)
        .arg("-")
        .write_stdin("p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n")
        .assert()
        .code(20)
        .stdout(predicate::str::contains(
            "s UNSATISFIABLE\nc proof checked\n",
        ));
}

/// External solvers: the stand-in (always present) through a `{proof}` argument, and cadical
/// (binary DRAT) when installed.
#[test]
fn external_solvers_write_proofs_that_check() {
    let dir = tempfile::tempdir().unwrap();
    let mut solvers = vec!["tests/fake-sat-solver --proof={proof}"];
    let cadical = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("cadical").is_file()));
    if cadical {
        solvers.push("cadical");
    } else {
        eprintln!("note: cadical is not installed; checking the stand-in only");
    }
    for solver in solvers {
        let proof = dir.path().join("ext.drat");
        satcover()
            .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
            .args(["solve", "--backend", "external", "--solver", solver])
            .args(["--check-proof", "--proof"])
            .arg(&proof)
            .arg(IMPOSSIBLE_PACKING)
            .assert()
            .code(20)
            .stdout(predicate::str::contains(": unsolvable (proof checked)"));
        assert!(check(
            &exported(IMPOSSIBLE_PACKING),
            &std::fs::read(&proof).unwrap()
        ));
        satcover()
            .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
            .args([
                "solve",
                "--backend",
                "external",
                "--solver",
                solver,
                "--unique",
            ])
            .args(["--check-proof", "--proof"])
            .arg(&proof)
            .arg("tests/fixtures/sudoku/norvig-grid.txt")
            .assert()
            .success()
            .stdout(predicate::str::contains(": unique (proof checked)"));
    }
}

#[test]
fn an_unwritable_path_is_a_clear_error_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("missing-dir").join("p.drat");
    satcover()
        .args(["solve", "--backend", "sat", "--proof"])
        .arg(&proof)
        .arg(IMPOSSIBLE_PACKING)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot write the proof to"));
    assert!(!proof.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn backends_that_cannot_prove_say_so_and_name_sat() {
    for backend in ["native", "dlx"] {
        satcover()
            .args(["solve", "--backend", backend, "--check-proof", "--proof"])
            .arg("/tmp/never-written.drat")
            .arg(IMPOSSIBLE_PACKING)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(format!(
                "the {backend} backend cannot write proofs; use --backend sat"
            )));
    }
    // An external solver with no way to write a proof.
    satcover()
        .args([
            "solve",
            "--backend",
            "external",
            "--solver",
            "minisat",
            "--proof",
        ])
        .arg("/tmp/never-written.drat")
        .arg(IMPOSSIBLE_PACKING)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the external backend cannot write proofs; use --backend sat",
        ));
    satcover()
        .args([
            "solve",
            "--backend",
            "sat",
            "--check-proof",
            IMPOSSIBLE_PACKING,
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--proof"));
}
