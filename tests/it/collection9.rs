//! The 9×9 collection fast path of `solve` prints exactly what the general pipeline
//! prints. `--timeout` keeps a run on the general path (a deadline needs the pipeline's
//! stop handling) without changing any answer here, so each run is compared with the
//! same run under a timeout no puzzle comes near.

use crate::common::satcover;

/// Exit code, stdout and stderr of `solve ARGS`.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = satcover().arg("solve").args(args).output().expect("runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

fn same_as_general_path(file: &str, flags: &[&str]) -> (Option<i32>, String, String) {
    let mut fast = flags.to_vec();
    fast.push(file);
    let mut general = fast.clone();
    general.extend(["--timeout", "3600"]);
    let answer = run(&fast);
    assert_eq!(answer, run(&general), "solve {}", fast.join(" "));
    answer
}

const MIXED: &str = "tests/fixtures/collections/sudoku-mixed.txt";

#[test]
fn every_kind_of_line_prints_as_on_the_general_path() {
    let modes: [&[&str]; 8] = [
        &[],
        &["--unique"],
        &["--count"],
        &["--all"],
        &["--limit", "3"],
        &["--unique", "--count"],
        &["--unique", "--limit", "1"],
        &["--unique", "--all"],
    ];
    for mode in modes {
        for backend in [&[][..], &["--backend", "native"], &["--backend", "auto"]] {
            for shard in [&[][..], &["--shard", "2/3"]] {
                let flags = [mode, backend, shard].concat();
                let (code, stdout, stderr) = same_as_general_path(MIXED, &flags);
                // The bad-character and short lines are errors; the rest is answered.
                assert_eq!(code, Some(1), "{flags:?}");
                if shard.is_empty() {
                    assert_eq!(stderr.lines().count(), 2, "{flags:?}: {stderr}");
                    assert!(stdout.contains("sudoku-mixed.txt:9: unsolvable (digit 5"));
                    assert!(stdout.contains("sudoku-mixed.txt:10: unsolvable"));
                }
            }
        }
    }
}

#[test]
fn verdicts_counts_and_differences_on_the_fast_path() {
    let (_, stdout, _) = same_as_general_path(MIXED, &["--unique"]);
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&"tests/fixtures/collections/sudoku-mixed.txt:3: unique"));
    assert!(lines.contains(&"tests/fixtures/collections/sudoku-mixed.txt:6: not unique"));
    assert!(lines.contains(
        &"tests/fixtures/collections/sudoku-mixed.txt:6: 4 cells differ: \
          r1c2 6/8, r1c7 8/6, r2c2 8/6, r2c7 6/8"
    ));
    let (_, stdout, _) = same_as_general_path(MIXED, &["--count"]);
    for (line, count) in [
        (12, "4 solutions"),
        (13, "82 solutions"),
        (14, "5 solutions"),
    ] {
        let want = format!("tests/fixtures/collections/sudoku-mixed.txt:{line}: {count}");
        assert!(stdout.lines().any(|l| l == want), "{want}\n{stdout}");
    }
    let (_, stdout, _) = same_as_general_path(MIXED, &["--limit", "3"]);
    assert!(stdout.contains("sudoku-mixed.txt:13: at least 3 solutions"));
}

#[test]
fn a_larger_collection_and_crlf_lines() {
    let file = "tests/fixtures/sudoku_native/17_clue_200.txt";
    let (code, stdout, _) = same_as_general_path(file, &["--unique"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout.lines().filter(|l| l.ends_with(": unique")).count(),
        200
    );

    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap();
    let crlf = dir.path().join("crlf.txt");
    std::fs::write(&crlf, text.replace('\n', "\r\n")).unwrap();
    let crlf = crlf.display().to_string();
    let (code, stdout, _) = same_as_general_path(&crlf, &["--unique"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout.lines().filter(|l| l.ends_with(": unique")).count(),
        200
    );
}

/// `bench` counts the same on its fast path as through the pipeline.
#[test]
fn bench_counts_as_through_the_pipeline() {
    let counts = |extra: &[&str]| {
        let output = satcover()
            .args(["bench", MIXED, "--backend", "native,auto", "--unique"])
            .args(["--format", "json"])
            .args(extra)
            .output()
            .expect("runs");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        text.lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
                [
                    "backend",
                    "puzzles",
                    "solved",
                    "unsolvable",
                    "timed_out",
                    "errors",
                ]
                .map(|key| v[key].to_string())
            })
            .collect::<Vec<_>>()
    };
    let fast = counts(&[]);
    assert_eq!(fast, counts(&["--timeout", "3600"]));
    assert_eq!(fast.len(), 2);
    for line in &fast {
        // 14 puzzles: 10 solved (one 4×4), 2 unsolvable, 2 that do not parse.
        assert_eq!(
            line[1..],
            ["14", "10", "2", "0", "2"].map(String::from),
            "{line:?}"
        );
    }
}
