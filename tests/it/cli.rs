//! The built binary: stdout, stderr and exit codes.

use predicates::prelude::*;

use crate::common::satcover;

const EASY: &str = "tests/fixtures/sudoku/easy.txt";
const SOLVED_EASY: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

#[test]
fn solve_prints_one_line_per_puzzle_and_exits_0() {
    for backend in ["native", "sat", "dlx"] {
        let out = satcover()
            .args(["solve", "--backend", backend, EASY])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{backend}: {text}");
        assert_eq!(lines[0], SOLVED_EASY);
    }
}

#[test]
fn drawn_grids_come_back_drawn() {
    satcover()
        .args(["solve", "tests/fixtures/sudoku/norvig-grid.txt"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("4 1 7 | 3 6 9 | 8 2 5\n"))
        .stdout(predicate::str::contains("------+-------+------"));
}

#[test]
fn standard_input_works() {
    satcover()
        .args(["solve", "-"])
        .write_stdin(format!("{}.\n", &SOLVED_EASY[..80]))
        .assert()
        .success()
        .stdout(format!("{SOLVED_EASY}\n"));
}

#[test]
fn contradictory_givens_are_no_solution_with_exit_20() {
    satcover()
        .args(["solve", "tests/fixtures/sudoku/contradictory.txt"])
        .assert()
        .code(20)
        .stdout(predicate::str::contains(
            "contradictory.txt:2: unsolvable (digit 5 is given twice in row 1",
        ));
    for backend in ["native", "sat", "dlx"] {
        satcover()
            .args([
                "solve",
                "--backend",
                backend,
                "tests/fixtures/sudoku/no-candidate.txt",
            ])
            .assert()
            .code(20)
            .stdout(predicate::str::contains("unsolvable"));
    }
}

#[test]
fn bad_input_names_file_line_and_column_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    let bad_line = format!("{}x{}", &SOLVED_EASY[..10], &SOLVED_EASY[11..]);
    std::fs::write(
        &path,
        format!("{SOLVED_EASY}\n{bad_line}\n{}\n", &SOLVED_EASY[..40]),
    )
    .unwrap();
    let assert = satcover()
        .args(["solve", path.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.txt:2:11: 'x' is not a digit"))
        .stderr(predicate::str::contains(
            "bad.txt:3: a puzzle line has 81 characters",
        ));
    // The good puzzle is still answered; the bad ones print nothing on stdout.
    let stdout = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout, format!("{SOLVED_EASY}\n"));
    assert!(!String::from_utf8_lossy(&assert.get_output().stderr).contains("panicked"));
}

#[test]
fn bad_sizes_and_values_are_errors() {
    satcover()
        .args(["solve", "-"])
        .write_stdin("1 2 3\n. . .\n. . .\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:1: this grid has 3 rows"));
    satcover()
        .args(["solve", "-"])
        .write_stdin("1 . . 7\n. . . .\n. . . .\n. . . .\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:1:7: value 7 is out of range 1..4",
        ));
}

#[test]
fn missing_file_is_a_clear_error() {
    satcover()
        .args(["solve", "no/such/file.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no/such/file.txt: cannot read"));
}

#[test]
fn count_empty_4x4() {
    for backend in ["native", "sat", "dlx"] {
        satcover()
            .args(["solve", "--count", "--backend", backend, "-"])
            .write_stdin("................\n")
            .assert()
            .success()
            .stdout("<stdin>:1: 288 solutions\n");
    }
}

#[test]
fn unique_reports_two_solutions_and_where_they_differ() {
    satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/sudoku/two-solutions.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("two-solutions.txt:3: not unique"))
        .stdout(
            predicate::str::is_match(
                r"4 cells differ: r1c2 [68]/[68], r1c7 [68]/[68], r2c2 [68]/[68], r2c7 [68]/[68]\n",
            )
            .unwrap(),
        );
    satcover()
        .args(["solve", "--unique", EASY])
        .assert()
        .success()
        .stdout(predicate::str::contains("easy.txt:2: unique"));
}

#[test]
fn json_lines_carry_status_solutions_count_and_stats() {
    for backend in ["native", "sat", "dlx"] {
        let out = satcover()
            .args([
                "solve",
                "--format",
                "json",
                "--unique",
                "--backend",
                backend,
                EASY,
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // Each puzzle: its solution line, then its answer (docs/schemas/README.md).
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["index"], 1);
        assert_eq!(
            lines[0]["solution"][0],
            serde_json::json!([4, 8, 3, 9, 2, 1, 6, 5, 7])
        );
        let first = &lines[1];
        assert_eq!(first["schema"], "satcover/solve/1");
        assert_eq!(first["status"], "solved");
        assert_eq!(first["listed"], 1);
        assert_eq!(first["count"], 1);
        assert_eq!(first["complete"], true);
        assert_eq!(first["unique"], true);
        assert_eq!(first["stats"]["backend"], backend);
        assert!(first["stats"]["solve"].is_number());
    }
    let out = satcover()
        .args([
            "solve",
            "--format",
            "json",
            "tests/fixtures/sudoku/contradictory.txt",
        ])
        .assert()
        .code(20)
        .get_output()
        .stdout
        .clone();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["status"], "unsolvable");
    assert_eq!(value["listed"], 0);
}

#[test]
fn stats_line_names_sizes_and_effort() {
    satcover()
        .args(["solve", "--stats", "--backend", "dlx", EASY])
        .assert()
        .success()
        .stdout(predicate::str::contains("backend=dlx"))
        .stdout(predicate::str::contains("items=196"))
        .stdout(predicate::str::contains("updates="));
    satcover()
        .args(["solve", "--stats", "--backend", "sat", EASY])
        .assert()
        .success()
        .stdout(predicate::str::contains("conflicts=n/a"))
        .stdout(predicate::str::contains("clauses="));
}

#[test]
fn external_without_solver_is_an_error() {
    satcover()
        .args(["solve", "--backend", "external", EASY])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--solver"));
}

#[test]
fn render_writes_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("s.svg");
    let png = dir.path().join("s.png");
    satcover()
        .args([
            "render",
            EASY,
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png.to_str().unwrap(),
        ])
        .assert()
        .success();
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.starts_with("<svg"));
    assert_eq!(svg_text.matches("</text>").count(), 81);
    assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");
}
