//! Cube-and-conquer (`src/cube/`, `satcover cube`, `solve --cube K/N`, `solve --cubes N`,
//! `merge`): cubes are disjoint and hold every solution, so their counts add up to the
//! puzzle's on every backend; the iCNF names its puzzle and encoding and is refused for
//! another; `merge` refuses gaps, repeats and answers of other puzzles; GNU parallel runs
//! the cubes as separate processes.

use std::path::{Path, PathBuf};
use std::time::Duration;

use satcover::facade::AnyPuzzle;
use satcover::puzzle::{Backend, EncodeOptions, Request, Status};
use satcover::stop::Stop;
use serde_json::Value;

use crate::common::satcover;

/// A blank 4×4 sudoku: 288 solutions.
const BLANK4: &str = "................\n";

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn load(name: &str, text: &str) -> Box<dyn AnyPuzzle> {
    let mut entries = satcover::input::load(name, text, None);
    assert_eq!(entries.len(), 1);
    entries.remove(0).puzzle.expect("the fixture reads")
}

fn two_solutions() -> Box<dyn AnyPuzzle> {
    let path = fixture("nonogram/two-solutions.non");
    load("two.non", &std::fs::read_to_string(path).unwrap())
}

#[test]
fn cube_counts_add_up_to_the_puzzle_count() {
    let cases: [(Box<dyn AnyPuzzle>, &[Backend]); 2] = [
        (
            load("blank.sudoku", BLANK4),
            &[Backend::Native, Backend::Sat, Backend::Dlx],
        ),
        (two_solutions(), &[Backend::Native, Backend::Sat]),
    ];
    for (puzzle, backends) in cases {
        let whole = puzzle
            .solve_any(Backend::Native, &Request::count())
            .unwrap()
            .outcome;
        assert!(whole.complete);
        for n in [1, 2, 3, 8, 32] {
            let cubes = puzzle.split_cubes(n, &Stop::never()).unwrap();
            assert!(!cubes.cubes.is_empty() && cubes.cubes.len() <= n);
            let again = puzzle.split_cubes(n, &Stop::never()).unwrap();
            assert_eq!(cubes.cubes, again.cubes, "the split is deterministic");
            for &backend in backends {
                let mut sum = 0;
                for k in 1..=n {
                    if let Some(cube) = puzzle.cube_puzzle(&cubes, k).unwrap() {
                        let outcome = cube.solve_any(backend, &Request::count()).unwrap().outcome;
                        assert!(outcome.complete);
                        sum += outcome.count;
                    }
                }
                assert_eq!(sum, whole.count, "{backend} on {n} cubes");
            }
        }
    }
}

#[test]
fn cubes_on_threads_answer_as_the_plain_solve() {
    let blank = load("blank.sudoku", BLANK4);
    let split_at_once = (8, 2, Duration::ZERO);
    let (report, spread) = blank
        .conquer(split_at_once, Backend::Native, &Request::count())
        .unwrap();
    assert_eq!((report.outcome.count, report.outcome.complete), (288, true));
    assert_eq!(spread.runs.len(), spread.cubes);
    let (report, _) = blank
        .conquer(split_at_once, Backend::Sat, &Request::unique())
        .unwrap();
    assert_eq!(report.outcome.unique(), Some(false));
    assert_eq!(report.outcome.solutions.len(), 2);
    assert!(report.differences.is_some());
    let (report, _) = two_solutions()
        .conquer(split_at_once, Backend::Native, &Request::unique())
        .unwrap();
    assert_eq!(report.outcome.count, 2);
    // An easy puzzle is answered by the plain solve and never split.
    let (report, spread) = blank
        .conquer(
            (8, 2, Duration::from_secs(60)),
            Backend::Native,
            &Request::first(),
        )
        .unwrap();
    assert_eq!(report.outcome.status, Status::Solved);
    assert!(spread.split.is_none());
}

#[test]
fn icnf_reads_back_and_refuses_what_does_not_fit() {
    let blank = load("blank.sudoku", BLANK4);
    let cubes = blank.split_cubes(6, &Stop::never()).unwrap();
    let options = EncodeOptions::default();
    let text = blank.cube_icnf(&cubes, &options).unwrap();
    assert!(text.lines().any(|l| l == "p inccnf"));
    assert_eq!(text.lines().filter(|l| l.starts_with("a ")).count(), 6);
    // Nothing but cubes after the first (CaDiCaL's reader refuses anything else there).
    let first = text.lines().position(|l| l.starts_with("a ")).unwrap();
    assert!(text.lines().skip(first).all(|l| l.starts_with("a ")));
    let read = blank.read_cubes(&text, &options).unwrap();
    assert_eq!((read.requested, &read.cubes), (6, &cubes.cubes));

    let other = load("other.sudoku", "1...............\n");
    let error = other.read_cubes(&text, &options).unwrap_err().to_string();
    assert!(error.contains("another puzzle"), "{error}");

    let lines: Vec<&str> = text.lines().collect();
    let last_a = lines.iter().rposition(|l| l.starts_with("a ")).unwrap();
    let out_of_range: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == last_a {
                "a 99999 0".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let error = blank
        .read_cubes(&out_of_range, &options)
        .unwrap_err()
        .to_string();
    assert!(error.contains(&format!("line {}", last_a + 1)), "{error}");
    assert!(error.contains("99999 is out of range"), "{error}");

    let nonogram = two_solutions();
    let cubes = nonogram.split_cubes(4, &Stop::never()).unwrap();
    let text = nonogram.cube_icnf(&cubes, &options).unwrap();
    let automaton = EncodeOptions {
        encoding: Some("automaton".into()),
        presolve: false,
    };
    let error = nonogram
        .read_cubes(&text, &automaton)
        .unwrap_err()
        .to_string();
    assert!(error.contains("automaton"), "{error}");
}

/// `solve --cube K/N --count --format json` for every K, as separate processes.
fn cube_answers(puzzle: &Path, n: usize) -> String {
    cube_answers_with(puzzle, n, &["--count"])
}

/// `solve --cube K/N MODE --format json` for every K (`MODE` `--count`, `--unique`, or
/// nothing for a first solution), as separate processes.
fn cube_answers_with(puzzle: &Path, n: usize, mode: &[&str]) -> String {
    (1..=n)
        .map(|k| {
            let out = satcover()
                .arg("solve")
                .args(mode)
                .args(["--format", "json", "--cube"])
                .arg(format!("{k}/{n}"))
                .arg(puzzle)
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        })
        .collect()
}

/// The answers of `solve --cube K/N --format json`, one block per cube: its solution lines
/// and then its answer line (docs/schemas/README.md).
fn blocks(answers: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut block = String::new();
    for line in answers.lines() {
        if !block.is_empty() {
            block.push('\n');
        }
        block.push_str(line);
        let value: Value = serde_json::from_str(line).unwrap();
        if value.get("index").is_none() {
            blocks.push(std::mem::take(&mut block));
        }
    }
    assert!(
        block.is_empty(),
        "solution lines without an answer: {block}"
    );
    blocks
}

/// A block's answer line with `change` made to it.
fn with_answer(block: &str, change: impl FnOnce(&mut Value)) -> String {
    let mut lines: Vec<String> = block.lines().map(str::to_string).collect();
    let mut answer: Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    change(&mut answer);
    *lines.last_mut().unwrap() = answer.to_string();
    lines.join("\n")
}

fn merged(dir: &Path, answers: &str) -> (Value, i32) {
    merged_with(dir, answers, &[])
}

fn merged_with(dir: &Path, answers: &str, flags: &[&str]) -> (Value, i32) {
    let path = dir.join("answers.jsonl");
    std::fs::write(&path, answers).unwrap();
    let out = satcover()
        .args(["merge", "--format", "json"])
        .args(flags)
        .arg(&path)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(text.trim()).unwrap_or(Value::Null);
    (value, out.status.code().unwrap_or(-1))
}

#[test]
fn cube_files_solve_and_answers_merge() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("blank.sudoku");
    std::fs::write(&puzzle, BLANK4).unwrap();
    let out = dir.path().join("cubes");
    satcover()
        .args(["cube", "--cubes", "4", "-o"])
        .arg(&out)
        .arg(&puzzle)
        .assert()
        .success();
    let icnf = std::fs::read_to_string(out.join("cubes.icnf")).unwrap();
    assert!(icnf.starts_with("c satcover cubes puzzle "));
    let mut total = 0;
    for k in 1..=4 {
        let file = out.join(format!("cube-{k}.sudoku"));
        let answer = satcover()
            .args(["solve", "--count", "--format", "json"])
            .arg(&file)
            .output()
            .unwrap();
        // The solution line it keeps, then the answer.
        let text = String::from_utf8(answer.stdout).unwrap();
        let value: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        total += value["count"].as_u64().unwrap();
    }
    assert_eq!(total, 288);

    let answers = cube_answers(&puzzle, 4);
    let (value, code) = merged(dir.path(), &answers);
    assert_eq!(
        (value["count"].as_u64(), value["complete"].as_bool()),
        (Some(288), Some(true))
    );
    assert_eq!(code, 0);

    // From the iCNF instead of a new split: the same answers.
    let from_file: String = (1..=4)
        .map(|k| {
            let out = satcover()
                .args(["solve", "--count", "--format", "json", "--cube-file"])
                .arg(out.join("cubes.icnf"))
                .arg("--cube")
                .arg(format!("{k}/4"))
                .arg(&puzzle)
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    assert_eq!(
        merged(dir.path(), &from_file).0["count"].as_u64(),
        Some(288)
    );
}

#[test]
fn merge_refuses_gaps_repeats_and_other_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("blank.sudoku");
    std::fs::write(&puzzle, BLANK4).unwrap();
    let other = dir.path().join("other.sudoku");
    std::fs::write(&other, "1...............\n").unwrap();
    let answers = cube_answers(&puzzle, 3);
    let blocks = blocks(&answers);
    let lines: Vec<&str> = blocks.iter().map(String::as_str).collect();
    let refusal = |text: String, expected: &str| {
        let path = dir.path().join("bad.jsonl");
        std::fs::write(&path, text).unwrap();
        let out = satcover().arg("merge").arg(&path).output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
        assert!(out.stdout.is_empty());
    };
    refusal(lines[..2].join("\n"), "missing 3 (of 3)");
    refusal(format!("{answers}{}\n", lines[0]), "1/3 appears twice");
    let foreign = cube_answers(&other, 3);
    let foreign = self::blocks(&foreign);
    let mixed = format!("{}\n{}\n{}\n", lines[0], lines[1], foreign[2]);
    refusal(mixed, "answers of different puzzles: ");
    refusal(
        format!("{}\n{}\n{}\n", lines[0], lines[1], foreign[2]),
        "other.sudoku",
    );
}

/// `merge --partial`: with cubes missing it concludes only what the answers prove — the
/// solutions, a count that is a lower bound, "not unique" once two solutions are in — and
/// never "unsolvable"; repeats stay errors.
#[test]
fn partial_merge_concludes_only_what_the_answers_prove() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("blank.sudoku");
    std::fs::write(&puzzle, BLANK4).unwrap();
    let answers = cube_answers_with(&puzzle, 4, &[]);
    let blocks = blocks(&answers);
    let lines: Vec<&str> = blocks.iter().map(String::as_str).collect();
    assert_eq!(lines.len(), 4);
    let two = format!("{}\n{}\n", lines[0], lines[2]);
    assert_eq!(merged(dir.path(), &two), (Value::Null, 1), "missing cube 2");

    let (value, code) = merged_with(dir.path(), &two, &["--partial"]);
    assert_eq!(code, 0);
    assert_eq!(value["status"], "solved");
    assert_eq!(value["count"].as_u64(), Some(2));
    assert_eq!(value["complete"].as_bool(), Some(false));
    assert_eq!(value["merged"].as_u64(), Some(2));
    assert_eq!(value["unique"].as_bool(), Some(false));
    assert_eq!(value["solved_in"], serde_json::json!(["1/4", "3/4"]));
    let differ = value["differences"].as_str().unwrap();
    assert!(differ.contains(" cells differ: "), "{differ}");

    let (value, code) = merged_with(dir.path(), &format!("{}\n", lines[1]), &["--partial"]);
    assert_eq!((code, value["count"].as_u64()), (0, Some(1)));
    assert!(value["unique"].is_null(), "one solution in hand: unknown");

    let repeated = format!("{}\n{}\n", lines[0], lines[0]);
    let out = satcover()
        .args(["merge", "--partial"])
        .write_stdin(repeated)
        .arg("-")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1/4 appears twice"));

    // An unsolvable puzzle: every cube is, but with one missing nothing is concluded.
    let none = dir.path().join("none.sudoku");
    std::fs::write(&none, "11..............\n").unwrap();
    let answers = cube_answers_with(&none, 2, &["--count"]);
    let first = &self::blocks(&answers)[0];
    let (value, code) = merged_with(dir.path(), &format!("{first}\n"), &["--partial"]);
    assert_eq!(value["status"], "unknown");
    assert_eq!(code, 30);
    assert_eq!(merged(dir.path(), &answers).0["status"], "unsolvable");

    // A cube whose solve failed (its solver killed at a time limit): an error for the
    // plain merge, a missing cube for `--partial`.
    let failed = r#"{"puzzle":"blank.sudoku cube 2/4","status":"error","error":"SAT solver `kissat` was killed by signal 24"}"#;
    let with_failure = format!("{}\n{failed}\n{}\n", lines[0], lines[2]);
    let path = dir.path().join("failed.jsonl");
    std::fs::write(&path, &with_failure).unwrap();
    let out = satcover().arg("merge").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The failed cube's line comes after cube 1's solution line and answer.
    let at = lines[0].lines().count() + 1;
    assert!(
        stderr.contains(&format!("failed.jsonl:{at}: the cube's solve failed")),
        "{stderr}"
    );
    assert!(stderr.contains("--partial"), "{stderr}");
    let out = satcover()
        .args(["merge", "--partial", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("merged as missing"));
    let value: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (value["merged"].as_u64(), value["unique"].as_bool()),
        (Some(2), Some(false))
    );
}

/// Every `--cube K/N` answer carries its CPU (`cpu`, the split's included), and `merge`
/// accounts for it: the sum, the slowest cube, and when N machines (one cube each) have
/// the answer and what they spend if they stop then — the slowest cube for "unsolvable",
/// the fastest solution for a first one, the second solution for "not unique" (cubes
/// missing count at most that each).
#[test]
fn merge_accounts_for_the_cubes_cpu() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("blank.sudoku");
    std::fs::write(&puzzle, BLANK4).unwrap();
    let with_cpu = |answers: &str, cpu: &[f64]| -> Vec<String> {
        blocks(answers)
            .iter()
            .zip(cpu)
            .map(|(block, &t)| {
                with_answer(block, |value| {
                    let measured = value["cpu"].as_f64().expect("a cube answer has its cpu");
                    assert!(measured >= 0.0 && measured.is_finite(), "{value}");
                    value["cpu"] = serde_json::json!(t);
                })
            })
            .collect()
    };
    let close = |value: &Value, expected: f64| {
        let got = value.as_f64().unwrap_or(f64::NAN);
        assert!((got - expected).abs() < 1e-9, "{got} for {expected}");
    };
    // First solutions: every cube of a blank 4×4 has one; the fastest decides.
    let first = with_cpu(&cube_answers_with(&puzzle, 4, &[]), &[3.0, 1.5, 2.0, 8.0]);
    let (value, code) = merged(dir.path(), &(first.join("\n") + "\n"));
    assert_eq!(code, 0);
    let cpu = &value["cpu"];
    close(&cpu["sum"], 14.5);
    assert_eq!(cpu["slowest"]["cube"], "4/4");
    close(&cpu["slowest"]["cpu"], 8.0);
    close(&cpu["answer_after"], 1.5);
    close(&cpu["at_answer"], 4.0 * 1.5);
    assert_eq!(cpu["at_answer_bound"], false);

    // Two cubes of four, merged partially: "not unique" once the second is in; the two
    // missing cubes count at most that long each.
    let two = format!("{}\n{}\n", first[0], first[2]);
    let (value, _) = merged_with(dir.path(), &two, &["--partial"]);
    assert_eq!(value["unique"].as_bool(), Some(false));
    close(&value["cpu"]["answer_after"], 3.0);
    close(&value["cpu"]["at_answer"], 3.0 + 2.0 + 2.0 * 3.0);
    assert_eq!(value["cpu"]["at_answer_bound"], true);
    let out = satcover()
        .args(["merge", "--partial"])
        .arg(dir.path().join("answers.jsonl"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("cube CPU 5.000 s in all, the slowest 3.000 s (cube 1/4)"),
        "{text}"
    );
    assert!(
        text.contains("the answer after 3.000 s and at most 11.000 s of CPU"),
        "{text}"
    );

    // --unique in each cube: a cube with two solutions decides alone.
    let unique = with_cpu(
        &cube_answers_with(&puzzle, 4, &["--unique"]),
        &[5.0, 4.0, 6.0, 7.0],
    );
    let (value, _) = merged(dir.path(), &(unique.join("\n") + "\n"));
    assert_eq!(value["unique"].as_bool(), Some(false));
    close(&value["cpu"]["answer_after"], 4.0);

    // Unsolvable: every cube must be refuted, so the slowest decides.
    let none = dir.path().join("none.sudoku");
    std::fs::write(&none, "11..............\n").unwrap();
    let refuted = with_cpu(&cube_answers_with(&none, 2, &["--count"]), &[0.5, 2.5]);
    let (value, code) = merged(dir.path(), &(refuted.join("\n") + "\n"));
    assert_eq!((code, value["status"].as_str()), (20, Some("unsolvable")));
    close(&value["cpu"]["answer_after"], 2.5);
    close(&value["cpu"]["at_answer"], 3.0);

    // An answer without `cpu` (an older satcover's): no account, the merge still stands.
    let bare = with_answer(&first[1], |value| {
        value.as_object_mut().unwrap().remove("cpu");
    });
    let lines = format!("{}\n{bare}\n{}\n{}\n", first[0], first[2], first[3]);
    let (value, code) = merged(dir.path(), &lines);
    assert_eq!((code, value["status"].as_str()), (0, Some("solved")));
    assert!(value.get("cpu").is_none(), "{value}");
}

#[test]
fn cube_values_out_of_range_are_errors() {
    for bad in ["5/4", "0/4", "1/0", "x/4"] {
        satcover()
            .args(["solve", "--cube", bad])
            .arg(fixture("sudoku/4x4.txt"))
            .assert()
            .code(1)
            .stderr(predicates::str::contains("is not a cube"));
    }
    satcover()
        .args(["cube", "--cubes", "0"])
        .arg(fixture("sudoku/4x4.txt"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains("at least 1"));
    let dir = tempfile::tempdir().unwrap();
    let alphametic = dir.path().join("money.alpha");
    std::fs::write(&alphametic, "SEND + MORE = MONEY\n").unwrap();
    satcover()
        .args(["cube", "--cubes", "4"])
        .arg(&alphametic)
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "alphametic puzzles cannot be split into cubes: nonogram and sudoku puzzles can",
        ));
}

/// The README's recipe on localhost: GNU parallel runs the N cubes as N processes, merge
/// combines them. `.ci/run` installs `parallel`; elsewhere, without it, the test says so and
/// skips (under `CI` it must run).
#[test]
fn gnu_parallel_runs_the_cubes_and_merge_combines_them() {
    let installed = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("parallel").is_file()));
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is not installed (.ci/run installs it)"
        );
        eprintln!("note: GNU parallel is not installed; skipping the cube recipe test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let puzzle = fixture("nonogram/two-solutions.non");
    let binary = assert_cmd::cargo::cargo_bin("satcover");
    let out = std::process::Command::new("parallel")
        .args(["--will-cite", "-j", "2"])
        .arg(format!(
            "{} solve {} --unique --format json --cube {{}}/4",
            binary.display(),
            puzzle.display()
        ))
        .args([":::", "1", "2", "3", "4"])
        .output()
        .expect("GNU parallel is installed (.ci/run installs it)");
    // Cubes without a solution exit 20, and parallel counts them as failed jobs.
    let answers = String::from_utf8(out.stdout).unwrap();
    assert_eq!(blocks(&answers).len(), 4);
    let (value, code) = merged(dir.path(), &answers);
    assert_eq!(code, 0);
    assert_eq!(value["count"].as_u64(), Some(2));
    assert_eq!(value["unique"].as_bool(), Some(false));
    assert!(
        value["differences"]
            .as_str()
            .unwrap()
            .starts_with("4 cells differ")
    );

    // The README's early stop: first solutions, parallel halts once two cubes have one
    // (exit 0), and `merge --partial` says "not unique" from the answers that came in.
    let puzzle = dir.path().join("blank.sudoku");
    std::fs::write(&puzzle, BLANK4).unwrap();
    let out = std::process::Command::new("parallel")
        .args(["--will-cite", "-j", "2", "--halt", "now,success=2"])
        .arg(format!(
            "{} solve {} --format json --cube {{}}/16",
            binary.display(),
            puzzle.display()
        ))
        .arg(":::")
        .args((1..=16).map(|k| k.to_string()))
        .output()
        .unwrap();
    let answers = String::from_utf8(out.stdout).unwrap();
    assert!((2..16).contains(&blocks(&answers).len()), "{answers}");
    let (value, code) = merged_with(dir.path(), &answers, &["--partial"]);
    assert_eq!(code, 0);
    assert!(value["count"].as_u64() >= Some(2));
    assert_eq!(value["complete"].as_bool(), Some(false));
    assert_eq!(value["unique"].as_bool(), Some(false));
    assert!(
        value["differences"]
            .as_str()
            .unwrap()
            .contains(" cells differ: ")
    );
}

/// The iCNF as a real cube-and-conquer front end reads it: `cadical FILE.icnf` solves the
/// cubes in turn (satisfiable: exit 10 on the first satisfiable cube; every cube refuted,
/// as the empty cubes of a puzzle propagation refutes: exit 20). CI installs cadical.
#[test]
fn cadical_solves_the_icnf_cube_by_cube() {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("cadical").is_file()));
    if !found {
        eprintln!("note: cadical is not installed; skipping this test");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (name, text, cubes, code) in [
        ("blank.sudoku", BLANK4, "6", 10),
        ("clash.sudoku", "11..............\n", "4", 20),
    ] {
        let puzzle = dir.path().join(name);
        std::fs::write(&puzzle, text).unwrap();
        let out = dir.path().join(format!("{name}.cubes"));
        satcover()
            .args(["cube", "--cubes", cubes, "-o"])
            .arg(&out)
            .arg(&puzzle)
            .assert()
            .success();
        let answer = std::process::Command::new("cadical")
            .arg(out.join("cubes.icnf"))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&answer.stdout);
        assert_eq!(answer.status.code(), Some(code), "{name}: {stdout}");
        assert!(
            stdout.contains(&format!("parsed {cubes} cubes")),
            "{name}: {stdout}"
        );
    }
}
