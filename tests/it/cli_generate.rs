//! `satcover generate KIND` on the real binary: the kinds that generate come from the
//! registry, the options every kind shares, a kind's own parameters and its help, and the
//! errors (what and where, exit 1, one line); a stopped run exits 30.

use predicates::prelude::*;
use satcover::registry::{READERS, kind_list};

use crate::common::satcover;

/// The kinds whose reader declares a generator, as messages name them.
fn generating() -> String {
    let kinds: Vec<_> = READERS
        .iter()
        .filter(|r| r.generator.is_some())
        .map(|r| r.kind)
        .collect();
    kind_list(&kinds)
}

/// Runs `args`, expecting exit 1 and one line on standard error, which it returns.
fn refused(args: &[&str]) -> String {
    let out = satcover().args(args).output().expect("runs");
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"));
    stderr
}

#[test]
fn unknown_and_non_generating_kinds_name_the_kinds_that_generate() {
    let list = generating();
    assert!(list.contains("sudoku") && list.contains("towers"), "{list}");
    let e = refused(&["generate", "bogus"]);
    assert_eq!(
        e,
        format!("satcover: error: `bogus` is not a kind; the kinds that generate: {list}\n")
    );
    let e = refused(&["generate", "alphametic", "--count", "2"]);
    assert_eq!(
        e,
        format!(
            "satcover: error: alphametic does not generate puzzles; the kinds that generate: {list}\n"
        )
    );
    // Without a kind: the usage, and the kinds, on standard error.
    satcover()
        .arg("generate")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "KIND is one of the kinds that generate: {list}."
        )));
}

#[test]
fn bad_parameters_say_which_and_why() {
    let e = refused(&["generate", "towers", "--size", "12"]);
    assert!(e.contains("--size 12: a Towers side is 3 to 9"), "{e}");
    let e = refused(&["generate", "towers", "2"]);
    assert!(e.contains("size 2: a Towers side is 3 to 9"), "{e}");
    let e = refused(&["generate", "towers", "5", "--size", "5"]);
    assert!(e.contains("given twice"), "{e}");
    let e = refused(&["generate", "towers", "--minimal"]);
    assert!(
        e.contains("`--minimal`: generate towers takes --size N"),
        "{e}"
    );
    let e = refused(&["generate", "sudoku", "--checker", "fast"]);
    assert!(
        e.contains("--checker fast: the checker is auto, native or sat"),
        "{e}"
    );
    let e = refused(&["generate", "sudoku", "--size"]);
    assert!(e.contains("--size needs a value"), "{e}");
    let e = refused(&["generate", "sudoku", "--size", "nine"]);
    assert!(e.contains("--size nine: not a number"), "{e}");
    let e = refused(&["generate", "--count", "2", "sudoku", "--count", "3"]);
    assert!(e.contains("--count is given twice"), "{e}");
    let e = refused(&["generate", "towers", "--count", "0"]);
    assert!(e.contains("--count 0"), "{e}");
    let e = refused(&["generate", "towers", "--timeout", "-1"]);
    assert!(e.contains("--timeout -1"), "{e}");
    let e = refused(&["generate", "nonogram", "--size", "0x4"]);
    assert!(e.contains("--size 0x4: a random picture is WxH"), "{e}");
    let e = refused(&["generate", "nonogram", "--colour"]);
    assert!(
        e.contains("--colour: random pictures are black and white"),
        "{e}"
    );
    let e = refused(&[
        "generate",
        "nonogram",
        "--from",
        "tests/fixtures/nonogram/dancer.non",
        "--count",
        "2",
    ]);
    assert!(e.contains("--count 2: a picture makes one nonogram"), "{e}");
    let e = refused(&["generate", "nonogram", "--from", "no/such/picture.txt"]);
    assert!(e.contains("no/such/picture.txt: cannot read"), "{e}");
    // A refused run leaves no output file.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out.txt");
    refused(&[
        "generate",
        "towers",
        "--size",
        "12",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!out.exists());
}

#[test]
fn every_generating_kind_has_help_with_its_parameters() {
    for reader in READERS {
        let Some(generator) = reader.generator else {
            continue;
        };
        let kind = reader.kind.name();
        let out = satcover()
            .args(["generate", kind, "--help"])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0), "{kind}");
        let help = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(help.starts_with(generator.about()), "{kind}: {help}");
        assert!(help.contains(&format!("Usage: satcover generate {kind} ")));
        for param in generator
            .params()
            .iter()
            .map(|p| p.usage)
            .chain(["--count K", "--seed S"])
        {
            assert!(help.contains(param), "{kind}: {param} in\n{help}");
        }
    }
}

#[test]
fn towers_ids_are_seeded_read_back_and_unique() {
    let run = |args: &[&str]| {
        let out = satcover().args(args).output().expect("runs");
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let text = run(&["generate", "towers", "5", "--count", "3", "--seed", "11"]);
    // The shared options before the kind or after it, the size bare or named: the same.
    assert_eq!(
        text,
        run(&[
            "generate", "--seed", "11", "towers", "--count", "3", "--size", "5"
        ])
    );
    assert_ne!(
        text,
        run(&["generate", "towers", "5", "--count", "3", "--seed", "12"])
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.starts_with("5:")), "{text}");
    satcover()
        .args(["solve", "--unique", "--kind", "towers", "-"])
        .write_stdin(text)
        .assert()
        .success()
        .stdout(predicate::str::contains(": unique").count(3));
}

#[test]
fn stats_and_a_stopped_run() {
    satcover()
        .args(["generate", "towers", "4", "--count", "2", "--stats"])
        .assert()
        .success()
        .stderr(predicate::str::is_match(r"^2 puzzles 4x4 in [0-9.]+ s: ").unwrap());
    // 9×9 towers take seconds: a millisecond stops it, before the first puzzle.
    satcover()
        .args([
            "generate",
            "towers",
            "9",
            "--count",
            "5",
            "--timeout",
            "0.001",
        ])
        .assert()
        .code(30)
        .stdout("")
        .stderr("satcover: generate towers: stopped after 0 of 5 puzzles (--timeout)\n");
}
