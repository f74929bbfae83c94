//! Galaxies: Tatham's generated IDs (7x7 normal and unreasonable, 10x10, 15x15) solved and
//! proved unique, the same regions on native (CDCL with connectivity as a theory) and sat
//! (the cut loop), on the eager CNF with varisat and cadical (when installed), accepted by
//! the checker; the ID and the lattice's rows read alike and the ID is written back; bad
//! input located; dots that cannot make regions are "no solution", exit 20.

use crate::common;

use crate::genres::{
    all, eager_agrees, eager_engines, error_at, fixtures, no_solution_anywhere, unique_everywhere,
};
use predicates::prelude::*;
use satcover::puzzle::{Backend, Notation, Puzzle};
use satcover::puzzles::galaxies;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];

#[test]
fn every_id_is_unique_on_every_backend() {
    let mut solved = 0;
    for (name, text) in fixtures("galaxies") {
        let puzzles = all(&name, galaxies::parse(&text));
        let expected = if name.contains("15x15") { 5 } else { 20 };
        assert_eq!(puzzles.len(), expected, "{name}");
        for (line, p) in puzzles {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            for backend in eager_engines() {
                eager_agrees(&label, &p, backend, &solution);
            }
            // The ID written back is the line read.
            let id = p.as_notate().unwrap().notate(Notation::Tatham).unwrap();
            assert_eq!(text.lines().nth(line - 1), Some(id.as_str()), "{label}");
            solved += 1;
        }
    }
    assert_eq!(solved, 65, "{solved} puzzles");
}

#[test]
fn the_rows_read_as_the_id_and_the_drawing_shows_the_regions() {
    let id = "5x4:bpdzcl";
    let (_, p) = galaxies::parse(id).remove(0).unwrap();
    let (_, rows) = galaxies::parse(&format!("galaxies\n{}\n", p.rows_text()))
        .remove(0)
        .unwrap();
    assert_eq!(rows, p);
    let s = unique_everywhere("5x4", &p, &BACKENDS);
    // Every line of the drawing is a lattice row, dots where the ID put them.
    let drawing = p.solution_text(&s);
    assert_eq!(drawing.lines().count(), 7);
    for (row, (drawn, plain)) in drawing.lines().zip(p.rows_text().lines()).enumerate() {
        for (col, ch) in plain.char_indices().filter(|&(_, c)| c != '.') {
            assert_eq!(drawn.chars().nth(col), Some(ch), "dot at row {row}");
        }
    }
}

#[test]
fn bad_input_is_located() {
    error_at(galaxies::parse("7x7:zzzzzzzz"), 1, Some(11), "runs past");
    error_at(
        galaxies::parse("# c\n  2x2:aaj\n"),
        2,
        Some(9),
        "past the lattice's 9",
    );
    error_at(galaxies::parse("2x2:a-"), 1, Some(6), "unexpected `-`");
    error_at(galaxies::parse("7x7#12"), 1, Some(4), "random-seed ID");
    error_at(galaxies::parse("7x7dn:a"), 1, Some(4), "`dn`");
    error_at(galaxies::parse("0x7:a"), 1, Some(1), "at least one");
    error_at(
        galaxies::parse("99999x99999:a"),
        1,
        Some(1),
        "more than 65536 cells",
    );
    error_at(galaxies::parse("galaxies\n"), 1, None, "no rows");
    error_at(galaxies::parse("galaxies\n...\n..\n"), 3, None, "2 cells");
    error_at(galaxies::parse("galaxies\n..\n..\n"), 2, None, "odd counts");
    error_at(
        galaxies::parse("galaxies\n...\n.O.\n...\n"),
        3,
        Some(2),
        "`O`",
    );
}

#[test]
fn dots_that_cannot_make_regions_are_no_solution() {
    no_solution_anywhere(
        &[
            // No dot at all (found without search).
            "galaxies\n...\n...\n...\n",
            // Two dots touching one cell (found without search).
            "galaxies\noo.\n",
            // r1c2 has no mirror in the grid about the only dot.
            "galaxies\no..\n",
            // Corner dots: r1c2 and r2c1 mirror outside the grid about both.
            "galaxies\no..\n...\n..o\n",
        ],
        galaxies::parse,
        &BACKENDS,
    );
}

#[test]
fn the_binary_counts_solves_exports_and_renders() {
    // One dot in the middle of a 3×1 strip's middle cell, one at each end: a unique split.
    common::satcover()
        .args(["solve", "--count", "-"])
        .write_stdin("galaxies\no.o.o\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("1 solution"));
    common::satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/galaxies/galaxies-7x7dn.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(":21: unique"));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("galaxies\no..\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "galaxies", "-"])
        .write_stdin("2x2:a-\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:6"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("7x7:mhtzeddlwjjjhc\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("half turn")));
    common::satcover()
        .args(["export", "--to", "tatham", "-"])
        .write_stdin("galaxies\no.o.o\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("3x1:abb"));
}
