//! Signpost: Tatham's generated IDs (every preset: 4x4 to 7x7, with and without the ends
//! in corners) solved and proved unique, the same numbering on native (position sets with
//! support and permutation pruning) and sat, on cadical's eager CNF when installed, accepted
//! by the checker; the ID is written back; the rows read as the ID; bad input located;
//! arrows that cannot make a chain are "no solution", exit 20.

use crate::common;

use crate::genres::{
    all, eager_agrees, error_at, fixtures, no_solution_anywhere, unique_everywhere,
};
use predicates::prelude::*;
use satcover::puzzle::{Backend, Notation, Puzzle};
use satcover::puzzles::signpost;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];

#[test]
fn every_id_is_unique_on_every_backend() {
    let cadical = common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures("signpost") {
        let puzzles = all(&name, signpost::parse(&text));
        assert_eq!(puzzles.len(), 20, "{name}");
        for (line, p) in puzzles {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            if cadical {
                eager_agrees(&label, &p, Backend::External, &solution);
            }
            let id = p.as_notate().unwrap().notate(Notation::Tatham).unwrap();
            assert_eq!(text.lines().nth(line - 1), Some(id.as_str()), "{label}");
            solved += 1;
        }
    }
    assert_eq!(solved, 160, "{solved} puzzles");
}

#[test]
fn the_rows_read_as_the_id() {
    let (_, p) = signpost::parse("4x4:1ceeeccefabge13bga16a")
        .remove(0)
        .unwrap();
    let s = unique_everywhere("4x4", &p, &BACKENDS);
    assert_eq!(p.solution_text(&s).lines().count(), 4);
    // The same puzzle as rows: `[number]arrow` tokens, arrows by compass name.
    let names = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
    let mut plain = String::from("signpost\n");
    for r in 0..4 {
        let row: Vec<String> = (0..4)
            .map(|c| {
                let cell = r * 4 + c;
                let number = p.number(cell).map_or(String::new(), |n| n.to_string());
                format!("{number}{}", names[usize::from(p.arrow(cell).unwrap())])
            })
            .collect();
        plain.push_str(&row.join(" "));
        plain.push('\n');
    }
    let (_, rows) = signpost::parse(&plain).remove(0).unwrap();
    assert_eq!(rows, p, "{plain}");
}

#[test]
fn bad_input_is_located() {
    error_at(
        signpost::parse("2x2:1cegcaa"),
        1,
        Some(10),
        "past the grid's 4 cells",
    );
    error_at(
        signpost::parse("# c\n  2x2:1ce9gca\n"),
        2,
        Some(10),
        "more than the grid's 4",
    );
    error_at(signpost::parse("2x2:1cei"), 1, Some(8), "unexpected `i`");
    error_at(signpost::parse("2x2:1ceg"), 1, Some(9), "3 of the grid's 4");
    error_at(signpost::parse("7x7#12"), 1, Some(4), "random-seed ID");
    error_at(signpost::parse("2x2x:1ce4a3g"), 1, Some(4), "`x`");
    error_at(
        signpost::parse("99999x99999:a"),
        1,
        Some(1),
        "more than 4096 cells",
    );
    error_at(signpost::parse("signpost\n"), 1, None, "no rows");
    error_at(signpost::parse("signpost\n1e s\ne\n"), 3, None, "1 cells");
    error_at(
        signpost::parse("signpost\n1e up\n"),
        2,
        Some(4),
        "not an arrow",
    );
    error_at(
        signpost::parse("signpost\n1e 0s\n"),
        2,
        Some(4),
        "not a position",
    );
    error_at(
        signpost::parse("signpost\n1e 9s\n"),
        2,
        None,
        "more than the grid's 2",
    );
}

#[test]
fn arrows_that_make_no_chain_are_no_solution() {
    no_solution_anywhere(
        &[
            // Two cells holding 1 (found without search).
            "signpost\n1e 1w\n",
            // Both arrows point off the grid: no cell can follow the first.
            "signpost\nw e\n",
            // Two cells without arrows: both would have to be the last.
            "signpost\n* *\n",
            // 1 points away from 2.
            "signpost\n1w 2e 3n\n",
        ],
        signpost::parse,
        &BACKENDS,
    );
}

#[test]
fn the_binary_counts_solves_exports_and_renders() {
    // No numbers: 1 → 2 → 3 east along the strip, or nothing else.
    common::satcover()
        .args(["solve", "--count", "-"])
        .write_stdin("signpost\ne e *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("1 solution"));
    // Arrows east then west: the middle cell may come first or last.
    common::satcover()
        .args(["solve", "--count", "-"])
        .write_stdin("signpost\ne w e\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("0 solutions").not());
    common::satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/signpost/signpost-7x7c.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(":21: unique"));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("signpost\nw e\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "signpost", "-"])
        .write_stdin("2x2:1cei\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:8"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("4x4:1ceeeccefabge13bga16a\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("successor")));
    common::satcover()
        .args(["export", "--to", "tatham", "-"])
        .write_stdin("signpost\ne e *\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("3x1:cc3a"));
}
