//! `--shard K/N` and `bench --merge`: N shards answer every puzzle exactly once, and
//! their merged report has the counts of the unsharded run.

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

use crate::common::satcover;

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("runs").stdout).expect("UTF-8")
}

/// A collection with solved, unsolvable (two 1s in row 1) and not-unique puzzles.
fn collection(dir: &Path) -> String {
    let mut text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sudoku_native/17_clue_200.txt"),
    )
    .unwrap();
    text.push_str(&format!("11{}\n", ".".repeat(79)));
    text.push_str(&format!("{}\n", ".".repeat(81)));
    let path = dir.join("collection.txt");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const COUNTS: [&str; 6] = [
    "puzzles",
    "solved",
    "unsolvable",
    "timed_out",
    "unsupported",
    "errors",
];

#[test]
fn shards_merge_into_the_unsharded_counts() {
    let dir = tempfile::tempdir().unwrap();
    let file = collection(dir.path());
    let bench = ["bench", &file, "--backend", "native,dlx", "--unique"];
    let whole: Vec<Value> = stdout(satcover().args(bench).args(["--format", "json"]))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(whole.len(), 2);
    assert_eq!(whole[0]["puzzles"], 202);
    assert_eq!(whole[0]["unsolvable"], 1);
    for n in [1, 3, 7] {
        let mut shard_files = Vec::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let out = stdout(
                satcover()
                    .args(bench)
                    .args(["--format", "json", "--shard", &shard]),
            );
            let path = dir.path().join(format!("shard-{k}-of-{n}.json"));
            std::fs::write(&path, out).unwrap();
            shard_files.push(path.display().to_string());
        }
        let merged: Vec<Value> = stdout(
            satcover()
                .args(["bench", "--merge", "--format", "json"])
                .args(&shard_files),
        )
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
        assert_eq!(merged.len(), 2, "n = {n}");
        for (m, w) in merged.iter().zip(&whole) {
            assert_eq!(m["backend"], w["backend"]);
            assert_eq!(m["unique"], true);
            for key in COUNTS {
                assert_eq!(m[key], w[key], "n = {n}, {key}");
            }
        }
        // A shard left out is an error, not a smaller report.
        if n > 1 {
            satcover()
                .args(["bench", "--merge"])
                .args(&shard_files[1..])
                .assert()
                .code(1)
                .stderr(predicates::str::contains("missing shards 1"));
        }
    }
}

#[test]
fn solve_shards_answer_every_puzzle_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = collection(dir.path());
    let files = [file.as_str(), "tests/fixtures/sudoku/easy.txt"];
    let answers = |shard: Option<&str>| -> Vec<String> {
        let mut cmd = satcover();
        cmd.args(["solve", "--unique", "--format", "json"])
            .args(files);
        if let Some(shard) = shard {
            cmd.args(["--shard", shard]);
        }
        // The answer lines (each puzzle's solution lines come before its answer).
        stdout(&mut cmd)
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|v| v.get("index").is_none())
            .map(|mut v| {
                v["stats"] = Value::Null;
                v.to_string()
            })
            .collect()
    };
    let mut whole = answers(None);
    assert_eq!(whole.len(), 204);
    let mut parts: Vec<String> = (1..=4)
        .flat_map(|k| answers(Some(&format!("{k}/4"))))
        .collect();
    whole.sort();
    parts.sort();
    assert_eq!(parts, whole);
    satcover()
        .args(["solve", "--shard", "0/4", "tests/fixtures/sudoku/easy.txt"])
        .assert()
        .code(1)
        .stderr(predicates::str::contains("is not a shard"));
}
