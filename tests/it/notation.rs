//! `export --to tatham|url`: every form a kind writes, for every puzzle of its examples,
//! reads back with the kind's own reader as the same puzzle (the same picture, the same
//! forms written again); the command prints it, and refuses a kind or puzzle without the
//! form by name.

use crate::common::satcover;
use predicates::prelude::*;
use satcover::registry::READERS;

#[test]
fn every_written_form_reads_back_as_the_same_puzzle() {
    let mut written = 0;
    for reader in READERS {
        for example in reader.examples {
            for (place, puzzle) in (reader.read)(example.name, example.text) {
                let label = format!("{} ({}) {place:?}", example.name, reader.kind);
                let puzzle = puzzle.unwrap_or_else(|e| panic!("{label}: {e}"));
                for &form in puzzle.notations() {
                    let Some(text) = puzzle.notate(form) else {
                        continue;
                    };
                    let mut again = (reader.read)("notation", &text);
                    assert_eq!(again.len(), 1, "{label}: {text}");
                    let back = again
                        .remove(0)
                        .1
                        .unwrap_or_else(|e| panic!("{label}: {text}: {e}"));
                    assert_eq!(
                        format!("{:?}", back.picture_unsolved()),
                        format!("{:?}", puzzle.picture_unsolved()),
                        "{label}: {text} reads back as another puzzle"
                    );
                    for &other in puzzle.notations() {
                        assert_eq!(
                            back.notate(other),
                            puzzle.notate(other),
                            "{label}: {text}, {}",
                            other.name()
                        );
                    }
                    written += 1;
                }
            }
        }
    }
    assert!(written > 0);
}

#[test]
fn export_prints_the_form_and_refuses_a_kind_without_it() {
    satcover()
        .args([
            "export",
            "--to",
            "url",
            "tests/fixtures/lightup/puzzlink.txt",
            "--index",
            "1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("https://puzz.link/p?akari/"));
    satcover()
        .args([
            "export",
            "--to",
            "tatham",
            "tests/fixtures/nonogram/gchq-2015.non",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "nonogram puzzles are not written as a Tatham game ID",
        ));
}

/// The IDs Tatham's generators wrote (the fixtures), written back by satcover: the same
/// text, so his programs read ours as they read their own.
#[test]
fn tatham_ids_are_written_as_tatham_writes_them() {
    let mut compared = 0;
    for reader in READERS {
        let dir = format!(
            "{}/tests/fixtures/{}",
            env!("CARGO_MANIFEST_DIR"),
            reader.kind
        );
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("entry").path();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            for line in text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
            {
                let mut read = (reader.read)(&path.to_string_lossy(), line);
                if read.len() != 1 || line.contains("://") {
                    continue;
                }
                let Ok(puzzle) = read.remove(0).1 else {
                    continue;
                };
                if !puzzle
                    .notations()
                    .contains(&satcover::puzzle::Notation::Tatham)
                {
                    continue;
                }
                if let Some(written) = puzzle.notate(satcover::puzzle::Notation::Tatham) {
                    assert_eq!(written, line, "{}", path.display());
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100, "{compared} IDs compared");
}
