//! Heyawake: the test URLs of pzprjs and cspuz and 20 generated 6×6 URLs solved and proved
//! unique (the suites' URLs with the answers the suites accept), the same shading on native
//! and sat (lazy), sat on the eager CNF and cadical (when installed), accepted by the
//! checker; the URL and the rows read alike and the URL is written back; bad input located;
//! numbers that cannot be met are "no solution", exit 20.

use crate::common;

use crate::genres::{
    Lcg, all, eager_agrees, eager_engines, error_at, fixtures, no_solution_anywhere,
    random_regions, same_solutions, unique_everywhere,
};
use predicates::prelude::*;
use satcover::puzzle::{Backend, Notation, Puzzle};
use satcover::puzzles::heyawake;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];

#[test]
fn every_url_is_unique_on_every_backend() {
    let mut solved = 0;
    for (name, text) in fixtures("heyawake") {
        let puzzles = all(&name, heyawake::parse(&text));
        if name.starts_with("heyawake-") {
            assert_eq!(puzzles.len(), 20, "{name}");
        }
        for (line, p) in puzzles {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            for backend in eager_engines() {
                eager_agrees(&label, &p, backend, &solution);
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 22, "{solved} puzzles");
}

#[test]
fn the_test_urls_have_the_suites_answers() {
    // cspuz's test: the expected shading, and the URL written back as it was read.
    let url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
    let (_, p) = heyawake::parse(url).remove(0).unwrap();
    let s = unique_everywhere("cspuz", &p, &BACKENDS);
    assert_eq!(
        p.solution_text(&s),
        "#.#..#\n...#..\n.#..#.\n#.#...\n...#.#\n.#...."
    );
    assert_eq!(
        p.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some(url)
    );
    let (_, rows) = heyawake::parse(&heyawake::plain_text(&p))
        .remove(0)
        .unwrap();
    assert_eq!(rows, p);
    // pzprjs's accepted answer: `# + # + + # /+ + + # + + /# + # + # + /+ + + + + + /
    // . # . # . # /. . # . . .`, on rooms 0 1 1 2 2 3 … with 2 in each of the first four.
    let url = "https://puzz.link/p?heyawake/6/6/lll155007rs12222j";
    let (_, q) = heyawake::parse(url).remove(0).unwrap();
    assert_eq!(&q.rooms()[..12], &[0, 1, 1, 2, 2, 3, 0, 1, 1, 2, 2, 3]);
    assert_eq!(
        q.numbers(),
        &[Some(2), Some(2), Some(2), Some(2), None, None, None, None]
    );
    let s = unique_everywhere("pzprjs", &q, &BACKENDS);
    assert_eq!(
        q.solution_text(&s),
        "#.#..#\n...#..\n#.#.#.\n......\n.#.#.#\n..#..."
    );
    assert_eq!(
        q.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some(url)
    );
}

#[test]
fn bad_input_is_located() {
    let base = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3";
    error_at(
        heyawake::parse("https://puzz.link/p?heyawake/2/2/w0"),
        1,
        Some(34),
        "unexpected `w`",
    );
    error_at(
        heyawake::parse("https://puzz.link/p?heyawake/6/6/aa6"),
        1,
        Some(37),
        "of the grid's 30 borders",
    );
    error_at(
        heyawake::parse(base),
        1,
        Some(50),
        "6 of 11 rooms' numbers described",
    );
    error_at(
        heyawake::parse(&format!("{base}l")),
        1,
        Some(50),
        "goes past the last room",
    );
    error_at(
        heyawake::parse(&format!("{base}k0")),
        1,
        Some(51),
        "more than the grid's borders and room numbers",
    );
    error_at(
        heyawake::parse(&format!("{base}=")),
        1,
        Some(50),
        "unexpected `=`",
    );
    error_at(
        heyawake::parse(&format!("  {base}k/x")),
        1,
        Some(53),
        "more than",
    );
    error_at(
        heyawake::parse("https://puzz.link/p?heyawake/0/2/"),
        1,
        Some(30),
        "expected the width",
    );
    error_at(
        heyawake::parse("https://puzz.link/p?ayeheya/2/2/"),
        1,
        Some(21),
        "not a heyawake URL",
    );
    error_at(heyawake::parse("heyawake\naa\na\n"), 3, None, "1 cells");
    error_at(heyawake::parse("heyawake\n"), 1, None, "no rows");
    error_at(
        heyawake::parse("heyawake\nab\nb=1 x=2\n"),
        3,
        Some(5),
        "no room `x`",
    );
    error_at(
        heyawake::parse("heyawake\nab\nb=1 a=-1\n"),
        3,
        Some(7),
        "not a number",
    );
    error_at(
        heyawake::parse("heyawake\nab\nb=1\nab\n"),
        4,
        Some(1),
        "not a room number",
    );
}

#[test]
fn numbers_that_cannot_be_met_are_no_solution() {
    no_solution_anywhere(
        &[
            // A number larger than its room (found without search).
            "heyawake\nab\na=3\n",
            "https://puzz.link/p?heyawake/2/1/g2g",
            // Two shaded cells in a room of two side by side.
            "heyawake\naab\na=2\n",
            // Rooms by column, none to shade in the middle: the rows cross two borders
            // unless an end cell is shaded, and the ends may hold none.
            "heyawake\nabc\nabc\na=0 b=0 c=0\n",
        ],
        heyawake::parse,
        &BACKENDS,
    );
}

#[test]
fn the_binary_counts_solves_exports_and_renders() {
    // Rooms by column, the middle one empty: r1c1 and r2c3, or r1c3 and r2c1.
    common::satcover()
        .args(["solve", "--count", "--kind", "heyawake", "-"])
        .write_stdin("heyawake\nabc\nabc\nb=0\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("2 solutions"));
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/heyawake/puzzlink.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains(":4: unique").and(predicate::str::contains("#.#..#")));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("heyawake\nab\na=3\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "heyawake", "-"])
        .write_stdin("https://puzz.link/p?heyawake/2/2/w0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:34"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("at-least")));
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("https://pzv.jp/p.html?heyawake/6/6/aa66aapv0fu0g2i3k\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k",
        ));
}

#[test]
fn native_finds_the_solutions_sat_finds_on_random_rooms() {
    // Deduction (connectivity and probing) must neither lose nor invent solutions, also on
    // rooms with none or many: every solution on random rooms and numbers, 3×3 to 5×5.
    let mut rng = Lcg(42);
    let (mut none, mut several) = (0, 0);
    for n in 3..=5 {
        for round in 0..20 {
            let rooms = random_regions(n, &mut rng);
            let mut size = vec![0; n];
            for &k in &rooms {
                size[k] += 1;
            }
            let numbers = size
                .iter()
                .map(|&s| (rng.below(4) > 0).then(|| rng.below(s / 2 + 2) as u32))
                .collect();
            let p = heyawake::Heyawake::new(n, n, rooms, numbers);
            let label = format!("{n}x{n}, round {round}: {p:?}");
            match same_solutions(&label, &p, Backend::Native, Backend::Sat) {
                0 => none += 1,
                1 => {}
                _ => several += 1,
            }
        }
    }
    assert!(
        none > 0 && several > 0,
        "{none} without, {several} with several"
    );
}
