//! Out and back (export, decode, external solvers, raw CNF and XC inputs), compare, bench
//! and timeouts, on the built binary.

use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common;
use crate::common::satcover;

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("runs").stdout).expect("utf-8")
}

const EASY: &str = "tests/fixtures/sudoku/easy.txt";
const SOLVED_EASY: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn exported_dimacs_has_the_documented_size_and_names() {
    let text = stdout_of(satcover().args(["export", EASY, "--index", "1", "--to", "dimacs"]));
    // encodings/sudoku.md: 729 variables, 11,988 clauses + one unit clause per given (32).
    assert!(text.contains("\np cnf 729 12020\n"), "{}", &text[..400]);
    assert!(text.contains("c family 2 cell-at-most-one 2916\n"));
    assert!(text.contains("c family 9 givens 32\n"));
    assert!(text.contains("c var 729 x[r9,c9]=9\n"));
}

#[test]
fn a_collection_needs_an_index_to_export() {
    satcover()
        .args(["export", EASY, "--to", "dimacs"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "holds 2 puzzles; choose one with --index N",
        ));
}

#[test]
fn export_then_cadical_and_minisat_then_decode_gives_the_same_grid() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("easy.cnf");
    satcover()
        .args(["export", EASY, "--index", "1", "--to", "dimacs", "-o"])
        .arg(&cnf)
        .assert()
        .success();
    let embedded = stdout_of(satcover().args(["solve", "--backend", "sat", EASY]));
    assert_eq!(embedded.lines().next(), Some(SOLVED_EASY));
    if common::have("cadical") {
        let answer = std::process::Command::new("cadical")
            .arg("-q")
            .arg(&cnf)
            .output()
            .unwrap();
        assert_eq!(answer.status.code(), Some(10));
        let model = dir.path().join("cadical.out");
        std::fs::write(&model, &answer.stdout).unwrap();
        satcover()
            .args(["decode", EASY, "--index", "1", "--model"])
            .arg(&model)
            .assert()
            .success()
            .stdout(format!("{SOLVED_EASY}\n"));
    }
    if common::have("minisat") {
        let model = dir.path().join("minisat.out");
        let status = std::process::Command::new("minisat")
            .arg(&cnf)
            .arg(&model)
            .output()
            .unwrap()
            .status;
        assert_eq!(status.code(), Some(10));
        satcover()
            .args(["decode", EASY, "--index", "1", "--model"])
            .arg(&model)
            .assert()
            .success()
            .stdout(format!("{SOLVED_EASY}\n"));
    }
}

#[test]
fn external_backend_agrees_with_the_embedded_ones() {
    for solver in ["cadical", "minisat"] {
        if !common::have(solver) {
            continue;
        }
        satcover()
            .args([
                "solve",
                "--backend",
                "external",
                "--solver",
                solver,
                "--unique",
                EASY,
            ])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!("{SOLVED_EASY}\n")))
            .stdout(predicate::str::contains("easy.txt:2: unique"));
        satcover()
            .args([
                "solve",
                "--backend",
                "external",
                "--solver",
                solver,
                "--count",
                "-",
            ])
            .write_stdin("................\n")
            .assert()
            .success()
            .stdout("<stdin>:1: 288 solutions\n");
    }
}

#[test]
fn a_model_that_does_not_fit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let all_false = dir.path().join("false.out");
    std::fs::write(&all_false, "s SATISFIABLE\nv 0\n").unwrap();
    satcover()
        .args(["decode", EASY, "--index", "1", "--model"])
        .arg(&all_false)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("falsifies clause"));
    let out_of_range = dir.path().join("range.out");
    std::fs::write(&out_of_range, "s SATISFIABLE\nv 1 -2 730 0\n").unwrap();
    satcover()
        .args(["decode", EASY, "--index", "1", "--model"])
        .arg(&out_of_range)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("730"));
    let unsat = dir.path().join("unsat.out");
    std::fs::write(&unsat, "s UNSATISFIABLE\n").unwrap();
    satcover()
        .args(["decode", EASY, "--index", "1", "--model"])
        .arg(&unsat)
        .assert()
        .code(20)
        .stdout(predicate::str::contains("unsolvable"));
}

#[test]
fn raw_dimacs_answers_like_a_sat_solver() {
    satcover()
        .args(["solve", "-", "--kind", "cnf"])
        .write_stdin("c two clauses\np cnf 2 2\n1 2 0\n-1 0\n")
        .assert()
        .code(10)
        .stdout("c <stdin>\ns SATISFIABLE\nv -1 2 0\n");
    satcover()
        .args(["solve", "-", "--kind", "cnf"])
        .write_stdin("p cnf 1 2\n1 0\n-1 0\n")
        .assert()
        .code(20)
        .stdout(predicate::str::contains("s UNSATISFIABLE"));
    satcover()
        .args(["solve", "-", "--kind", "cnf", "--count"])
        .write_stdin("p cnf 3 1\n1 2 3 0\n")
        .assert()
        .code(10)
        .stdout(predicate::str::contains("c 7 models"));
    satcover()
        .args(["solve", "-", "--kind", "cnf"])
        .write_stdin("p cnf 2 1\n1 x 0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:2:3: `x` is not an integer literal",
        ));
}

#[test]
fn exported_exact_cover_solves_to_the_same_counts() {
    let dir = tempfile::tempdir().unwrap();
    let xc = dir.path().join("two.xc");
    satcover()
        .args([
            "export",
            "tests/fixtures/sudoku/two-solutions.txt",
            "--to",
            "xc",
            "-o",
        ])
        .arg(&xc)
        .assert()
        .success();
    for backend in ["dlx", "sat"] {
        satcover()
            .args(["solve", "--count", "--backend", backend])
            .arg(&xc)
            .assert()
            .success()
            .stdout(predicate::str::ends_with(": 2 solutions\n"));
    }
    let chosen = stdout_of(satcover().arg("solve").arg(&xc));
    assert_eq!(chosen.lines().count(), 4, "one option line per empty cell");
    assert!(chosen.lines().all(|l| l.split(' ').count() == 4));
}

#[test]
fn knuths_colour_example_from_a_file() {
    let text =
        "| Knuth, TAOCP 7.2.2.1 (49)\np q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    for backend in ["dlx", "sat"] {
        satcover()
            .args([
                "solve",
                "--kind",
                "xc",
                "--unique",
                "--backend",
                backend,
                "-",
            ])
            .write_stdin(text)
            .assert()
            .success()
            .stdout(predicate::str::contains("q x:A\n"))
            .stdout(predicate::str::contains("p r x:A y\n"))
            .stdout(predicate::str::contains(": unique"));
    }
}

#[test]
fn compare_prints_a_table_and_agrees() {
    satcover()
        .args([
            "compare",
            "--runs",
            "3",
            EASY,
            "tests/fixtures/sudoku/two-solutions.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "easy.txt:2 (sudoku): backends agree",
        ))
        .stdout(predicate::str::contains(
            "two-solutions.txt:3 (sudoku): backends agree",
        ))
        .stdout(predicate::str::is_match(r"(?m)^  native +solved +1 ").unwrap())
        .stdout(predicate::str::is_match(r"(?m)^  dlx +solved +2\+ ").unwrap())
        .stdout(predicate::str::contains("1.00×"));
}

#[test]
fn bench_over_a_folder_reports_every_backend() {
    let out = stdout_of(satcover().args([
        "bench",
        "tests/fixtures/sudoku",
        "--backend",
        "native,sat,dlx",
        "--unique",
        "--format",
        "csv",
    ]));
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4, "{out}");
    for row in &rows[1..] {
        let cells: Vec<&str> = row.split(',').collect();
        // 5 + 2 + 1 + 1 + 1 + 2 + 2 + 1 + 1 = 16 puzzles; 2 unsolvable; none timed out.
        assert_eq!(&cells[1..7], &["16", "14", "2", "0", "0", "0"], "{row}");
    }
}

#[test]
fn bench_reports_bad_files_and_empty_folders() {
    let dir = tempfile::tempdir().unwrap();
    satcover()
        .arg("bench")
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no puzzle files"));
    std::fs::write(dir.path().join("good.txt"), format!("{SOLVED_EASY}\n")).unwrap();
    std::fs::write(dir.path().join("bad.txt"), "12x\n").unwrap();
    satcover()
        .arg("bench")
        .arg(dir.path())
        .args(["--format", "markdown"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.txt:1"))
        .stdout(predicate::str::contains("| auto | 2 | 1 | 0 | 0 | 0 | 1 |"));
}

fn assert_stops_within(args: &[&str], stdin: &str, budget: Duration) {
    let start = Instant::now();
    satcover()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(30)
        .stdout(predicate::str::contains("(timed out) at least"));
    assert!(
        start.elapsed() < budget,
        "{args:?} took {:?}",
        start.elapsed()
    );
}

#[test]
fn timeout_stops_every_backend() {
    let empty = format!("{}\n", ".".repeat(81));
    for backend in ["native", "sat", "dlx"] {
        assert_stops_within(
            &[
                "solve",
                "--count",
                "--timeout",
                "1",
                "--backend",
                backend,
                "-",
            ],
            &empty,
            Duration::from_secs(30),
        );
    }
    // The lazy sessions of the loop genres (a cut loop, the subtour theory's sibling) poll
    // the same stop: an empty grid has more loops than a second counts.
    for (kind, empty) in [
        ("pearl", format!("12x12:{}n\n", "z".repeat(5))),
        ("slitherlink", format!("20x20t0:{}j\n", "z".repeat(15))),
    ] {
        assert_stops_within(
            &[
                "solve",
                "--count",
                "--timeout",
                "1",
                "--backend",
                "sat",
                "--kind",
                kind,
                "-",
            ],
            &empty,
            Duration::from_secs(30),
        );
    }
    if common::have("cadical") {
        assert_stops_within(
            &[
                "solve",
                "--count",
                "--timeout",
                "1",
                "--backend",
                "external",
                "--solver",
                "cadical",
                "-",
            ],
            &empty,
            Duration::from_secs(30),
        );
    }
}

#[test]
fn encodings_examples_are_regenerated_byte_for_byte() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (puzzle, to, expected) in [
        (
            "encodings/examples/sudoku-4x4.txt",
            "dimacs",
            "encodings/examples/sudoku-4x4.cnf",
        ),
        (
            "encodings/examples/sudoku-4x4.txt",
            "xc",
            "encodings/examples/sudoku-4x4.xc",
        ),
        (
            "encodings/examples/nonogram-dancer.non",
            "dimacs",
            "encodings/examples/nonogram-dancer.cnf",
        ),
        (
            "encodings/examples/nonogram-dancer.non",
            "xc",
            "encodings/examples/nonogram-dancer.xc",
        ),
    ] {
        let produced = stdout_of(satcover().args(["export", puzzle, "--to", to]));
        let shipped = std::fs::read_to_string(root.join(expected)).expect("example shipped");
        assert_eq!(
            produced, shipped,
            "{expected} is stale: regenerate it with satcover export"
        );
    }
}

/// The pigeonhole formula PHP(holes + 1, holes): unsatisfiable and exponentially hard for
/// resolution, so CDCL solvers take long for a dozen holes.
fn pigeonhole(holes: usize) -> String {
    let pigeons = holes + 1;
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        let lits: Vec<String> = (0..holes).map(|h| var(p, h).to_string()).collect();
        clauses.push(format!("{} 0", lits.join(" ")));
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{} 0", var(p, h), var(q, h)));
            }
        }
    }
    format!(
        "p cnf {} {}\n{}\n",
        pigeons * holes,
        clauses.len(),
        clauses.join("\n")
    )
}

#[test]
fn timeout_stops_a_hard_formula_on_sat_and_external() {
    let formula = pigeonhole(12);
    let mut runs = vec![vec!["solve", "--kind", "cnf", "--timeout", "1", "-"]];
    if common::have("cadical") {
        runs.push(vec![
            "solve",
            "--kind",
            "cnf",
            "--timeout",
            "1",
            "--backend",
            "external",
            "--solver",
            "cadical",
            "-",
        ]);
    }
    for args in runs {
        let start = Instant::now();
        satcover()
            .args(&args)
            .write_stdin(formula.clone())
            .assert()
            .code(0)
            .stdout(predicate::str::contains("s UNKNOWN"));
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{args:?}: {:?}",
            start.elapsed()
        );
    }
}

/// Every kind: export → cadical → decode prints what the embedded sat backend prints, and
/// the exported exact cover counts what the puzzle counts.
#[test]
fn every_kind_goes_out_and_back() {
    // (puzzle, unique, has an exact-cover encoding); the Golomb square has 8 tilings, so
    // there the decoded answers need only pass the checker (decode runs it).
    let cases = [
        ("tests/fixtures/sudoku/norvig-grid.txt", true, true),
        ("tests/fixtures/nonogram/gchq-2015.non", true, true),
        ("tests/fixtures/packing/golomb-11-a.pack", false, true),
        (
            "tests/fixtures/alphametic/send-more-money.alpha",
            true,
            false,
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, unique, has_cover) in cases {
        let embedded = stdout_of(satcover().args(["solve", "--backend", "sat", puzzle]));
        let same = |other: &str, what: &str| {
            if unique {
                assert_eq!(other, embedded, "{puzzle}: {what}");
            } else {
                assert_eq!(
                    other.lines().count(),
                    embedded.lines().count(),
                    "{puzzle}: {what}"
                );
            }
        };
        if common::have("cadical") {
            let cnf = dir.path().join("out.cnf");
            satcover()
                .args(["export", puzzle, "--to", "dimacs", "-o"])
                .arg(&cnf)
                .assert()
                .success();
            let answer = std::process::Command::new("cadical")
                .arg("-q")
                .arg(&cnf)
                .output()
                .unwrap();
            assert_eq!(answer.status.code(), Some(10), "{puzzle}");
            let model = dir.path().join("answer.txt");
            std::fs::write(&model, &answer.stdout).unwrap();
            let decoded = stdout_of(satcover().args(["decode", puzzle, "--model"]).arg(&model));
            same(&decoded, "decoded cadical answer");
            let external = stdout_of(satcover().args([
                "solve",
                "--backend",
                "external",
                "--solver",
                "cadical",
                puzzle,
            ]));
            same(&external, "external backend");
        }
        if has_cover {
            let xc = dir.path().join("out.xc");
            satcover()
                .args(["export", puzzle, "--to", "xc", "-o"])
                .arg(&xc)
                .assert()
                .success();
            let direct =
                stdout_of(satcover().args(["solve", "--count", "--backend", "dlx", puzzle]));
            let exported = stdout_of(satcover().args(["solve", "--count"]).arg(&xc));
            let count = |s: &str| s.rsplit(": ").next().unwrap_or("").to_string();
            assert_eq!(
                count(&exported),
                count(&direct),
                "{puzzle}: exported XC counts"
            );
        }
    }
}

/// `export --presolve` writes the formula over what native's candidate elimination leaves
/// (none at all where it solves the grid) and records it; the embedded solver's answer to
/// it decodes, with `--presolve` again, to a grid (decode checks it: easy.txt's is the one
/// solution), and without it is refused with the reason.
#[test]
fn presolved_export_decodes_to_a_checked_grid() {
    let dir = tempfile::tempdir().unwrap();
    for puzzle in [
        EASY,
        "tests/fixtures/sudoku/two-solutions.txt",
        "tests/fixtures/sudoku/16x16.txt",
    ] {
        let export = |presolve: bool| {
            let cnf = dir.path().join(format!("presolve-{presolve}.cnf"));
            let mut cmd = satcover();
            cmd.args(["export", puzzle, "--index", "1", "--to", "dimacs", "-o"])
                .arg(&cnf);
            if presolve {
                cmd.arg("--presolve");
            }
            cmd.assert().success();
            (std::fs::read_to_string(&cnf).unwrap(), cnf)
        };
        let (plain, _) = export(false);
        assert!(plain.contains("c encoding default\n"), "{puzzle}");
        let (text, cnf) = export(true);
        assert!(text.contains("c encoding --presolve\n"), "{puzzle}");
        assert!(
            text.contains("satcover decode FILE --model ANSWER --presolve"),
            "{puzzle}"
        );
        let answer = satcover()
            .args(["solve", "--backend", "sat"])
            .arg(&cnf)
            .output()
            .unwrap();
        assert_eq!(answer.status.code(), Some(10), "{puzzle}");
        let model = dir.path().join("presolved.sol");
        std::fs::write(&model, &answer.stdout).unwrap();
        let decoded = satcover()
            .args(["decode", puzzle, "--index", "1", "--presolve", "--model"])
            .arg(&model)
            .output()
            .unwrap();
        assert!(decoded.status.success(), "{puzzle}");
        let decoded = String::from_utf8(decoded.stdout).unwrap();
        assert!(decoded.lines().count() >= 1, "{puzzle}");
        if puzzle == EASY {
            assert!(
                text.contains("p cnf 0 0"),
                "propagation solves easy.txt's first grid"
            );
            assert_eq!(decoded, format!("{SOLVED_EASY}\n"));
        } else {
            assert!(!text.contains("p cnf 0 0"), "{puzzle}");
            satcover()
                .args(["decode", puzzle, "--index", "1", "--model"])
                .arg(&model)
                .assert()
                .code(1)
                .stderr(predicate::str::contains("decoded for the default formula"));
        }
    }
}
