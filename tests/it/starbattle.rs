//! Star battle: the test URLs of pzprjs and cspuz, six published two-star puzzles, and
//! instances made unique by a throwaway search (planted stars, regions mutated until one
//! solution is left; 20 at 10×10 and 9 at 15×15, one star a unit) solved, proved unique, the
//! same stars on native (the genre's own deductions and search), sat, auto and — one star a
//! unit — dlx, on cadical's eager CNF (when installed) for a few of each file, accepted by
//! the checker; the URL and the rows read alike; bad input located; a puzzle with two
//! solutions shows both on every engine; regions that cannot hold their stars are "no
//! solution", exit 20, on every engine.

use crate::common;

use crate::genres::{
    Lcg, all, eager_agrees, error_at, fixtures, no_solution_anywhere, random_regions,
    same_solutions, unique_everywhere,
};
use predicates::prelude::*;
use satcover::pipeline;
use satcover::puzzle::{Backend, Puzzle, Request, Status};
use satcover::puzzles::starbattle;

/// Puzzles of each file also solved by cadical on the whole CNF.
const EAGER_PER_FILE: usize = 3;

#[test]
fn every_url_is_unique_on_every_backend() {
    let cadical = common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures("starbattle") {
        let puzzles = all(&name, starbattle::parse(&text));
        if name.starts_with("starbattle-10x10") {
            assert_eq!(puzzles.len(), 20, "{name}");
        }
        for (k, (line, p)) in puzzles.into_iter().enumerate() {
            let label = format!("{name}:{line}");
            let mut backends = vec![Backend::Native, Backend::Sat, Backend::Auto];
            if p.stars() == 1 {
                assert!(p.as_cover().is_some(), "{label}");
                backends.push(Backend::Dlx);
            }
            let solution = unique_everywhere(&label, &p, &backends);
            if cadical && k < EAGER_PER_FILE {
                eager_agrees(&label, &p, Backend::External, &solution);
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 37);
}

#[test]
fn the_cspuz_test_has_cspuz_answer() {
    let (_, p) = starbattle::parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk")
        .remove(0)
        .unwrap();
    let s = unique_everywhere("cspuz", &p, &[Backend::Native, Backend::Sat, Backend::Dlx]);
    assert_eq!(
        p.solution_text(&s),
        ".*....\n....*.\n..*...\n*.....\n.....*\n...*.."
    );
    let (_, rows) = starbattle::parse(&starbattle::plain_text(&p))
        .remove(0)
        .unwrap();
    assert_eq!(rows, p);
}

#[test]
fn bad_input_is_located() {
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/2/2/1/w0"),
        1,
        Some(38),
        "unexpected `w`",
    );
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/6/6/1/2u9"),
        1,
        Some(41),
        "of the grid's 30 borders",
    );
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/2/2/1/000"),
        1,
        Some(40),
        "more than the grid's borders",
    );
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/2/2/0/00"),
        1,
        Some(36),
        "not a number of stars",
    );
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/2/2"),
        1,
        Some(35),
        "expected the number of stars",
    );
    error_at(
        starbattle::parse("https://puzz.link/p?starbattle/0/2/1/"),
        1,
        Some(32),
        "expected the width",
    );
    error_at(
        starbattle::parse("starbattle\nstars x\naa\n"),
        2,
        Some(7),
        "`x` is not a number of stars",
    );
    error_at(starbattle::parse("starbattle\naa\na\n"), 3, None, "1 cells");
    error_at(starbattle::parse("starbattle\n"), 1, None, "no rows");
}

#[test]
fn regions_that_cannot_hold_their_stars_are_no_solution() {
    no_solution_anywhere(
        &[
            // 3×3, one star: no three stars keep apart.
            "starbattle\naab\nabb\nccb\n",
            // Not square.
            "starbattle\naab\nccb\n",
            // Two regions on a 3×3.
            "starbattle\naab\naab\naab\n",
            "https://puzz.link/p?starbattle/4/4/2/000000",
        ],
        starbattle::parse,
        &[Backend::Native, Backend::Sat, Backend::Auto],
    );
}

#[test]
fn two_solutions_show_on_every_engine() {
    // Each row its own region, one star: the two ways to keep four stars apart on 4×4
    // (columns 1, 3, 0, 2 and 2, 0, 3, 1 down the rows).
    let (_, p) = starbattle::parse("starbattle\naaaa\nbbbb\ncccc\ndddd\n")
        .remove(0)
        .unwrap();
    for backend in [Backend::Native, Backend::Sat, Backend::Dlx, Backend::Auto] {
        let unique = pipeline::solve(&p, backend, &Request::unique()).unwrap();
        assert_eq!(unique.status, Status::Solved, "{backend}");
        assert_eq!(unique.count, 2, "{backend}: --unique stops at two");
        let all = pipeline::solve(&p, backend, &Request::all()).unwrap();
        assert!(all.complete, "{backend}");
        assert_eq!(all.count, 2, "{backend}");
        let mut texts: Vec<String> = all.solutions.iter().map(|s| p.solution_text(s)).collect();
        texts.sort();
        assert_eq!(
            texts,
            [".*..\n...*\n*...\n..*.", "..*.\n*...\n...*\n.*.."],
            "{backend}"
        );
        for s in &all.solutions {
            assert_eq!(p.check(s), Ok(()), "{backend}");
        }
    }
    common::satcover()
        .args(["solve", "--unique", "--backend", "native", "-"])
        .write_stdin("starbattle\naaaa\nbbbb\ncccc\ndddd\n")
        .assert()
        .stdout(predicate::str::contains("not unique").or(predicate::str::contains("2 solutions")));
}

#[test]
fn the_binary_solves_exports_and_renders() {
    common::satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/starbattle/starbattle-10x10-1.txt",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(":21: unique").and(predicate::str::contains("*")));
    for backend in ["dlx", "native", "sat", "auto"] {
        common::satcover()
            .args(["solve", "--backend", backend, "-"])
            .write_stdin("starbattle\naab\nabb\nccb\n")
            .assert()
            .code(20);
    }
    common::satcover()
        .args(["solve", "--kind", "starbattle", "-"])
        .write_stdin("https://puzz.link/p?starbattle/2/2/1/w0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:38"));
    common::satcover()
        .args(["export", "--to", "xc", "-"])
        .write_stdin("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("| s"));
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("https://pzv.jp/p.html?starbattle/6/6/1/2u9gn9c9jpmk\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk",
        ));
}

#[test]
fn native_counts_as_the_other_engines_on_random_regions() {
    // The deductions must neither lose nor invent solutions, also on puzzles with none or
    // many: every solution counted on random regions, one and two stars.
    let mut rng = Lcg(40);
    let mut with_solutions = 0;
    for (n, stars, rounds) in [(5, 1, 30), (6, 1, 30), (8, 2, 15), (9, 2, 10)] {
        for round in 0..rounds {
            let regions = random_regions(n, &mut rng);
            let p = starbattle::StarBattle::new(n, n, stars, regions);
            let label = format!("{n}x{n} {stars} star, round {round}:\n{}", p.drawing(None));
            let reference = if stars == 1 {
                Backend::Dlx
            } else {
                Backend::Sat
            };
            with_solutions +=
                usize::from(same_solutions(&label, &p, Backend::Native, reference) > 0);
        }
    }
    assert!(with_solutions > 0);
}
