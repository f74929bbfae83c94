//! `--proof FILE` and `--check-proof`: DRAT proofs behind "unsolvable" and "unique" that the
//! independent checker accepts, and that it rejects once a lemma is dropped or altered;
//! clear errors for an unwritable path and for backends that cannot prove.

use std::path::Path;

use predicates::prelude::*;
use satcover::cnf::parse_dimacs;
use satcover::proof::check_refutation;

use crate::common::satcover;

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
        dir.join("proof.drat.cnf").is_file(),
        "{puzzle}: formula written"
    );
    for partial in ["proof.drat.partial", "proof.drat.cnf.partial"] {
        assert!(!dir.join(partial).exists(), "no partial file left");
    }
    proof
}

/// The formula written beside a proof (`FILE.cnf`).
fn refuted(proof: &Path) -> Vec<Vec<i64>> {
    let text = std::fs::read_to_string(satcover::sat::formula_path(proof)).unwrap();
    let cnf = parse_dimacs(&text).unwrap();
    cnf.clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

fn check(formula: &[Vec<i64>], proof: &[u8]) -> bool {
    check_refutation(formula.iter().map(Vec::as_slice), proof).is_ok()
}

/// The steps of a binary DRAT proof, each with its bytes (`a` or `d`, literals, `0`).
fn binary_steps(proof: &[u8]) -> Vec<Vec<u8>> {
    assert!(
        matches!(proof.first(), None | Some(b'a' | b'd')),
        "binary DRAT"
    );
    let mut steps = Vec::new();
    let mut i = 0;
    while i < proof.len() {
        let start = i;
        i += 1;
        loop {
            let mut value = 0u64;
            let mut shift = 0;
            loop {
                let byte = proof[i];
                i += 1;
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if value == 0 {
                break;
            }
        }
        steps.push(proof[start..i].to_vec());
    }
    steps
}

/// The proof checks against the formula written beside it; with lemmas dropped or altered some
/// variants fail, and an empty proof fails.
fn assert_proof_is_tight(puzzle: &str, proof: &Path) {
    let formula = refuted(proof);
    let bytes = std::fs::read(proof).unwrap();
    assert!(check(&formula, &bytes), "{puzzle}: the proof checks");
    if check(&formula, b"") {
        // Unit propagation alone refutes the formula: every proof of it checks.
        return;
    }
    let steps = binary_steps(&bytes);
    let lemmas: Vec<usize> = (0..steps.len()).filter(|&i| steps[i][0] == b'a').collect();
    let mut rejected = 0;
    for &i in lemmas.iter().step_by((lemmas.len() / 40).max(1)) {
        let mut dropped = steps.clone();
        dropped.remove(i);
        let mut altered = steps.clone();
        if altered[i].len() > 2 {
            altered[i][1] ^= 1; // the sign bit of the first literal
        }
        for variant in [dropped.concat(), altered.concat()] {
            if !check(&formula, &variant) {
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
        std::fs::remove_file(&proof).unwrap();
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
        assert!(check(&refuted(&proof), &std::fs::read(&proof).unwrap()));
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

/// Measurement, not a check: proof cost against solve time, the runs interleaved so both see
/// the same load. `SATCOVER_PROOF_PUZZLES=a.txt,b.txt cargo test --release --test it
/// proofs::measure -- --ignored --nocapture` (each file's first puzzle; `--unique` is always
/// asked).
#[test]
#[ignore]
fn measure_proof_cost() {
    use satcover::input::load;
    use satcover::puzzle::{Backend, Request};
    let dir = tempfile::tempdir().unwrap();
    let files = std::env::var("SATCOVER_PROOF_PUZZLES").unwrap_or_else(|_| {
        "tests/fixtures/sudoku/norvig-grid.txt,tests/fixtures/packing/golomb-11-none.pack".into()
    });
    for file in files.split(',') {
        let text = std::fs::read_to_string(file).unwrap();
        let entry = load(file, &text, None).into_iter().next().unwrap();
        let puzzle = entry.puzzle.unwrap();
        let plain = Request::unique();
        let mut proved = Request::unique();
        proved.proof = Some(satcover::sat::ProofTarget {
            path: dir.path().join("m.drat"),
            check: true,
        });
        let (mut off, mut on, mut proof) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..21 {
            let r = puzzle.solve_any(Backend::Sat, &plain).unwrap();
            off.push(r.outcome.stats.encode + r.outcome.stats.solve);
            let r = puzzle.solve_any(Backend::Sat, &proved).unwrap();
            on.push(r.outcome.stats.encode + r.outcome.stats.solve);
            proof.push(r.outcome.stats.proof);
            assert!(r.outcome.proof.is_some(), "{file}: a proof");
        }
        for v in [&mut off, &mut on, &mut proof] {
            v.sort();
        }
        let (off, on, proof) = (off[10], on[10], proof[10]);
        eprintln!(
            "{file}: median solve {off:?} (proof off) / {on:?} (on, search part); proof written \
             and checked {proof:?}; ratio {:.2}",
            proof.as_secs_f64() / off.as_secs_f64()
        );
    }
}

/// A DIMACS file whose header declares far more variables than its clauses use is solved over
/// the variables that occur, renumbered (`src/puzzles/dimacs.rs`): the proof refutes that
/// formula, which is what `FILE.cnf` holds, and the proof checks against it. A dense file is
/// handed over unchanged, so its proof checks against the input itself.
#[test]
fn a_sparse_dimacs_file_is_proved_over_the_variables_it_uses() {
    let dir = tempfile::tempdir().unwrap();
    // x1000000 ∨ x3, ¬x1000000 ∨ x3, ¬x3, plus 999,997 variables in no clause.
    let sparse = write(
        dir.path(),
        "sparse.cnf",
        "p cnf 1000000 3\n1000000 3 0\n-1000000 3 0\n-3 0\n",
    );
    let proof = proved(&sparse, &[], dir.path(), "s UNSATISFIABLE");
    let written = std::fs::read_to_string(satcover::sat::formula_path(&proof)).unwrap();
    let formula = parse_dimacs(&written).unwrap();
    // The two variables used and 64 of the unused ones (`dimacs::FREE_KEPT`).
    assert_eq!(formula.num_vars(), 2 + 64, "{written}");
    assert_eq!(formula.num_clauses(), 3);
    assert!(check(&refuted(&proof), &std::fs::read(&proof).unwrap()));

    let dense_text = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";
    let dense = write(dir.path(), "dense.cnf", dense_text);
    let proof = proved(&dense, &[], dir.path(), "s UNSATISFIABLE");
    let input: Vec<Vec<i64>> = parse_dimacs(dense_text)
        .unwrap()
        .clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect();
    assert_eq!(refuted(&proof), input);
    assert!(check(&input, &std::fs::read(&proof).unwrap()));
}
