//! The tool as a newcomer meets it (issue #22, items 6 and 7): flags that do not apply are
//! errors naming what they apply to, `compare` takes `--format` like the other commands,
//! one word for "no solution", and errors that say what is wrong where it is.

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common::satcover;

const GRID: &str = "tests/fixtures/sudoku/norvig-grid.txt";
const DANCER: &str = "tests/fixtures/nonogram/dancer.non";
const XC: &str = "tests/fixtures/xc/knuth_5.xc";
const ALPHA: &str = "tests/fixtures/alphametic/send-more-money.alpha";

/// One error line on standard error that holds every one of `parts`, nothing on standard
/// output, exit 1.
fn refused(cmd: &mut Command, parts: &[&str]) {
    let output = cmd.output().expect("ran");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "stdout: {:?}", output.stdout);
    assert_eq!(stderr.lines().count(), 1, "stderr: {stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
}

#[test]
fn solver_is_refused_where_no_backend_runs_it() {
    for backend in ["native", "sat", "dlx"] {
        refused(
            satcover().args(["solve", GRID, "--backend", backend, "--solver", "cadical"]),
            &[
                "--solver applies to --backend external and to auto",
                backend,
            ],
        );
    }
    refused(
        satcover().args([
            "bench",
            GRID,
            "--backend",
            "native,dlx",
            "--solver",
            "cadical",
        ]),
        &["--solver applies to", "native,dlx"],
    );
    refused(
        satcover()
            .args(["compare", GRID, "--backends", "native,sat"])
            .args(["--solver", "cadical"]),
        &["--solver applies to", "native,sat"],
    );
    // auto races an external solver only where the kind's plan has one.
    refused(
        satcover().args(["solve", XC, "--solver", "cadical"]),
        &[
            "auto does not race an external solver on xc puzzles",
            "--backend external",
        ],
    );
}

#[test]
fn encoding_choices_are_refused_on_kinds_and_backends_without_them() {
    // A kind with one CNF (sudoku), and a kind whose propagation does not run before
    // encoding (alphametics).
    for (flags, file, kinds) in [
        (&["--encoding", "automaton"][..], GRID, "have one"),
        (&["--presolve"], ALPHA, "cannot"),
    ] {
        let flag = flags[0];
        let kind = if file == GRID { "sudoku" } else { "alphametic" };
        for command in [
            vec!["solve", file],
            vec!["solve", file, "--backend", "sat"],
            vec!["bench", file],
            vec!["export", file, "--to", "dimacs"],
        ] {
            refused(
                satcover().args(&command).args(flags),
                &[
                    &format!("{flag} applies only to kinds"),
                    &format!("{file}: {flag} applies only to kinds"),
                    &format!("; {kind} puzzles {kinds}"),
                ],
            );
        }
        // A backend that solves no CNF.
        for backend in ["native", "dlx"] {
            refused(
                satcover()
                    .args(["solve", DANCER, "--backend", backend])
                    .args(flags),
                &[
                    &format!("{flag} applies to the backends that solve a CNF"),
                    backend,
                ],
            );
        }
        refused(
            satcover()
                .args(["export", DANCER, "--to", "xc"])
                .args(flags),
            &[&format!("{flag} applies to export --to dimacs")],
        );
    }
    // `--eager` asks the sat engine for the whole CNF: other backends refuse it.
    for (backend, says) in [
        ("native", "without a CNF"),
        ("dlx", "without a CNF"),
        ("external", "the whole CNF"),
    ] {
        let solver: &[&str] = if backend == "external" {
            &["--solver", "cadical"]
        } else {
            &[]
        };
        refused(
            satcover()
                .args(["solve", DANCER, "--eager", "--backend", backend])
                .args(solver),
            &[
                "--eager applies to the sat backend and to auto",
                backend,
                says,
            ],
        );
    }
    satcover()
        .args(["solve", DANCER, "--eager", "--backend", "sat", "--unique"])
        .assert()
        .success()
        .stdout(predicate::str::contains("dancer.non: unique"));
    // An unknown name is refused even when the engine that would read it never runs.
    refused(
        satcover().args(["solve", DANCER, "--encoding", "bogus"]),
        &["unknown encoding 'bogus' for nonogram puzzles: choose order or automaton"],
    );
    // Where they apply, they still work.
    satcover()
        .args([
            "solve",
            DANCER,
            "--backend",
            "sat",
            "--encoding",
            "automaton",
        ])
        .args(["--presolve", "--unique"])
        .assert()
        .success()
        .stdout(predicate::str::contains("dancer.non: unique"));
}

#[test]
fn proof_with_count_all_or_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.drat");
    for how_many in [&["--count"][..], &["--all"], &["--limit", "3"]] {
        refused(
            satcover()
                .args(["solve", GRID, "--backend", "sat", "--proof"])
                .arg(&proof)
                .args(how_many),
            &["--proof backs \"unsolvable\"", "proves no count"],
        );
        assert!(!proof.exists());
    }
}

#[test]
fn compare_takes_format_json_and_its_table_fits_its_rows() {
    let output = satcover()
        .args(["compare", "--runs", "1", "--format", "json"])
        .arg("tests/fixtures/alphametic/send-more-money.alpha")
        .output()
        .unwrap();
    assert!(output.status.success());
    let line: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(line["agree"], true);
    assert_eq!(line["backends"][2]["status"], "unsupported");
    satcover()
        .args(["compare", "--json", GRID])
        .assert()
        .code(1);

    let output = satcover()
        .args(["compare", "--runs", "1"])
        .arg("tests/fixtures/alphametic/send-more-money.alpha")
        .output()
        .unwrap();
    let table = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = table.lines().collect();
    let header = lines[1];
    assert!(!header.contains("parse"), "{table}");
    // Every row's second cell starts where the header's `status` does, the unsupported
    // row's message where the header's `count` does.
    let status_at = header.find("status").unwrap();
    let count_at = header.find("count").unwrap();
    for row in &lines[2..] {
        let chars: Vec<char> = row.chars().collect();
        let cell_at = |at: usize| chars[at - 1] == ' ' && chars[at] != ' ';
        assert!(cell_at(status_at), "{table}");
        assert!(cell_at(count_at), "{table}");
    }
    assert!(
        table.contains("unsupported  the dlx backend does not support"),
        "{table}"
    );
}

#[test]
fn unsolvable_is_the_one_word() {
    satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/sudoku/contradictory.txt",
        ])
        .assert()
        .code(20)
        .stdout(predicate::str::contains(
            "contradictory.txt:2: unsolvable (digit 5",
        ))
        .stdout(predicate::str::contains("unsolvable, so not unique"))
        .stdout(predicate::str::contains("no solution").not());
}

#[test]
fn a_non_with_fewer_clue_lines_than_its_size_says_so() {
    let dancer = std::fs::read_to_string(DANCER).unwrap();
    let dir = tempfile::tempdir().unwrap();
    // Width 6, five column clues, `goal` right after them.
    let wide = dancer
        .replace("width 5", "width 6")
        .replace("2,1\n\ngoal", "2,1\ngoal");
    // Height 12, ten row clues, a blank line, then `columns`.
    let tall = dancer.replace("height 10", "height 12");
    for (name, text, message) in [
        (
            "wide.non",
            wide,
            "wide.non:27: `columns` at line 21 has 5 clue lines, but `width` at line 6 is 6",
        ),
        (
            "tall.non",
            tall,
            "tall.non:21: `rows` at line 9 has 10 clue lines, but `height` at line 7 is 12",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        refused(satcover().arg("solve").arg(&path), &[message]);
    }
}

#[test]
fn bench_says_a_parse_error_once_and_merge_says_what_it_reads() {
    let output = satcover()
        .args(["bench", "--backend", "native,sat,dlx"])
        .arg("tests/fixtures/nonogram/bad-clue.non")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr
            .matches("bad-clue.non:5:3: expected a clue number")
            .count(),
        1,
        "{stderr}"
    );
    // Nothing answered: no time to show, not 0.0 µs.
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(!table.contains("µs"), "{table}");
    for row in table.lines().skip(1) {
        assert!(row.ends_with("  -"), "{table}");
    }
    refused(
        satcover().args(["bench", "--merge", "README.md"]),
        &[
            "README.md: line 1: not a shard result (not JSON)",
            "`bench --format json --shard K/N`",
        ],
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wrong.json");
    std::fs::write(&path, "{\"backend\":\"native\"}\n[1]\n").unwrap();
    refused(
        satcover().args(["bench", "--merge"]).arg(&path),
        &["wrong.json: line 1: not a shard result (missing field `puzzles`)"],
    );
    std::fs::write(&path, "\n[1]\n").unwrap();
    let output = satcover()
        .args(["bench", "--merge"])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("line 2: not a shard result (not a JSON object)"),
        "{stderr}"
    );
    assert!(!stderr.contains("ShardLine"), "{stderr}");
}

#[test]
fn help_names_every_option_and_no_source_file() {
    let commands: [&[&str]; 9] = [
        &["solve"],
        &["export"],
        &["decode"],
        &["compare"],
        &["bench"],
        &["render"],
        &["analyze"],
        &["generate", "sudoku"],
        &["generate", "nonogram"],
    ];
    for command in commands {
        let output = satcover().args(command).arg("--help").output().unwrap();
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(!help.contains(".rs"), "{command:?}: {help}");
        assert!(!help.contains("src/"), "{command:?}: {help}");
        // Every option line (`--name`) has a description: beside it, or on the next line.
        let lines: Vec<&str> = help.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let option = line.trim_start();
            let beside = option
                .split_once("  ")
                .is_some_and(|(_, d)| !d.trim().is_empty());
            if (option.starts_with("--") || option.starts_with("-o,")) && !beside {
                let next = lines.get(i + 1).map_or("", |l| l.trim());
                assert!(
                    !next.is_empty() && !next.starts_with('-') && !next.starts_with("Possible"),
                    "{command:?}: {option} has no description:\n{help}"
                );
            }
        }
    }
}

#[test]
fn options_of_another_mode_are_refused() {
    // bench --merge reads results: nothing about solving applies.
    for flag in [
        &["--backend", "sat"][..],
        &["--unique"],
        &["--timeout", "1"],
        &["--presolve"],
    ] {
        satcover()
            .args(["bench", "--merge", "README.md"])
            .args(flag)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(format!(
                "'--merge' cannot be used with '{}",
                flag[0]
            )));
    }
    // render --unsolved solves nothing.
    satcover()
        .args([
            "render",
            GRID,
            "--unsolved",
            "--backend",
            "sat",
            "--svg",
            "-",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "'--unsolved' cannot be used with '--backend",
        ));
}
