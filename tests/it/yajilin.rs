//! Yajilin: the test URLs of pzprjs and cspuz and generated URLs (a throwaway generator,
//! `encodings/yajilin.md`) solved and proved unique (the suites' with the answers the suites
//! accept), the same loop and shading on native (CDCL with connectivity as a theory),
//! sat (lazy cuts) and auto, on sat's eager CNF and cadical's (when installed), accepted by
//! the checker; the URL and the rows read alike and the URL is written back; bad input
//! located; counts that cannot be met are "no solution", exit 20. Native's deduction
//! (`deduce.rs`) keeps every solution sat finds, rule by rule, on the fixtures and on
//! random small boards, and native lists exactly sat's solutions there.

use crate::common;
use crate::genres;

use crate::genres::{
    Lcg, all, eager_agrees, eager_engines, error_at, fixtures, same_solutions, unique_everywhere,
};
use predicates::prelude::*;
use satcover::constraints::Grid;
use satcover::pipeline;
use satcover::puzzle::{Backend, Notation, Puzzle, Request, Status};
use satcover::puzzles::yajilin::{self, Arrow, Clue, Yajilin, deduce};

const BACKENDS: [Backend; 3] = [Backend::Native, Backend::Sat, Backend::Auto];

/// The shaded cells of a solution, as `(row, col)`, 0-based.
fn shaded(s: &Grid) -> Vec<(usize, usize)> {
    (0..s.values.len())
        .filter(|&i| s.values[i] == yajilin::SHADED)
        .map(|i| (i / s.width, i % s.width))
        .collect()
}

#[test]
fn every_url_is_unique_on_every_backend() {
    let mut solved = 0;
    for (name, text) in fixtures("yajilin") {
        let puzzles = all(&name, yajilin::parse(&text));
        if name.starts_with("yajilin-") {
            assert_eq!(puzzles.len(), 20, "{name}");
        }
        for (k, (line, p)) in puzzles.into_iter().enumerate() {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            if k < 5 {
                for backend in eager_engines() {
                    eager_agrees(&label, &p, backend, &solution);
                }
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 2 + 20 * fixtures("yajilin").len().saturating_sub(1));
    assert!(solved >= 42, "{solved} puzzles");
}

#[test]
fn the_test_urls_have_the_suites_answers() {
    // pzprjs's accepted answer: shaded r3c1, r3c3 and r5c4.
    let url = "https://puzz.link/p?yajilin/5/5/m32j10";
    let (_, p) = yajilin::parse(url).remove(0).unwrap();
    let s = unique_everywhere("pzprjs", &p, &BACKENDS);
    assert_eq!(shaded(&s), vec![(2, 0), (2, 2), (4, 3)]);
    assert_eq!(
        p.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some(url)
    );
    let (_, rows) = yajilin::parse(&yajilin::plain_text(&p)).remove(0).unwrap();
    assert_eq!(rows, p);
    // cspuz's first test (puzsq 8218) and its expected shading.
    let url = "https://pzprxs.vercel.app/p?yajilin/10/10/w32a41b21a21l22e30m21a12b11r20d30g";
    let (_, q) = yajilin::parse(url).remove(0).unwrap();
    let s = unique_everywhere("cspuz", &q, &BACKENDS);
    assert_eq!(
        shaded(&s),
        vec![
            (0, 6),
            (1, 8),
            (2, 0),
            (2, 2),
            (2, 7),
            (3, 5),
            (5, 3),
            (5, 5),
            (6, 0),
            (7, 5),
            (7, 8),
            (9, 3),
            (9, 9)
        ]
    );
    assert_eq!(
        q.as_notate().unwrap().notate(Notation::Url).as_deref(),
        Some("https://puzz.link/p?yajilin/10/10/w32a41b21a21l22e30m21a12b11r20d30g")
    );
}

#[test]
fn the_checker_refuses_broken_answers() {
    let (_, p) = yajilin::parse("https://puzz.link/p?yajilin/5/5/m32j10")
        .remove(0)
        .unwrap();
    let good = unique_everywhere("pzprjs", &p, &[Backend::Sat]);
    assert_eq!(p.check(&good), Ok(()));
    // Shade a loop cell: the loop runs into it.
    let mut broken = good.clone();
    let loop_cell = (0..25)
        .find(|&i| p.clues()[i].is_none() && good.values[i] != yajilin::SHADED)
        .unwrap();
    broken.values[loop_cell] = yajilin::SHADED;
    assert!(p.check(&broken).is_err());
    // Unshade r3c1 and leave it empty: neither shaded nor on the loop.
    let mut empty = good.clone();
    empty.values[10] = 0;
    let e = p.check(&empty).unwrap_err();
    assert!(e.message.contains("neither shaded nor passed"), "{e}");
    // A clue cell on the loop.
    let mut on_clue = good.clone();
    on_clue.values[13] = 5;
    assert!(p.check(&on_clue).unwrap_err().message.contains("clue cell"));
}

#[test]
fn bad_input_is_located() {
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/x"),
        1,
        Some(33),
        "goes past the grid",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/3g"),
        1,
        Some(33),
        "one hex digit",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/-5123c"),
        1,
        Some(33),
        "arrow 0–4",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/A"),
        1,
        Some(33),
        "unexpected `A`",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/b"),
        1,
        Some(34),
        "2 of 4 cells described",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/2/2/d10"),
        1,
        Some(34),
        "more than the grid's 4 cells",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/b/2/2/d10"),
        1,
        Some(36),
        "more than the grid's 4 cells",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/o/2/2/d"),
        1,
        Some(29),
        "`o/`",
    );
    error_at(
        yajilin::parse("https://puzz.link/p?yajilin/100000/100000/"),
        1,
        Some(36),
        "more than 65536 cells",
    );
    error_at(
        yajilin::parse("yajilin\n. 2x .\n"),
        2,
        Some(3),
        "`2x` is no cell",
    );
    error_at(
        yajilin::parse("yajilin\n. . .\n. .\n"),
        3,
        None,
        "2 cells in this row, 3 in the first",
    );
    error_at(yajilin::parse("yajilin\n"), 1, None, "no rows");
}

#[test]
fn counts_that_cannot_be_met_are_no_solution() {
    for text in [
        // An arrow asking for more than its line can hold apart (found without search).
        "yajilin\n. . . 2<\n. . . .\n",
        "https://puzz.link/p?yajilin/2/1/42a",
        // The clue forbids shading its row's two free cells, and two cells hold no loop.
        "yajilin\n. . 0<\n",
    ] {
        let (_, p) = yajilin::parse(text).remove(0).unwrap();
        for backend in BACKENDS {
            let outcome = pipeline::solve(&p, backend, &Request::unique()).unwrap();
            assert_eq!(outcome.status, Status::Unsolvable, "{text} on {backend}");
        }
        for backend in eager_engines() {
            assert_eq!(genres::eager(&p, backend).0, Status::Unsolvable, "{text}");
        }
    }
}

#[test]
fn counts_agree_across_backends() {
    // A 3×3 ring of free cells around a clue that asks for nothing above it: every engine
    // counts the same solutions (the ring is one).
    let (_, p) = yajilin::parse("yajilin\n. . .\n. 0^ .\n. . .\n")
        .remove(0)
        .unwrap();
    let mut counts = Vec::new();
    for backend in BACKENDS {
        let outcome = pipeline::solve(&p, backend, &Request::count()).unwrap();
        assert!(outcome.complete);
        counts.push(outcome.count);
    }
    assert!(
        counts.iter().all(|&c| c == counts[0] && c >= 1),
        "{counts:?}"
    );
}

#[test]
fn the_binary_solves_exports_and_renders() {
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/yajilin/puzzlink.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains(": unique").and(predicate::str::contains("#")));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("yajilin\n. . . 2<\n. . . .\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "yajilin", "-"])
        .write_stdin("https://puzz.link/p?yajilin/2/2/3g\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:33"));
    common::satcover()
        .args(["export", "--to", "dimacs", "-"])
        .write_stdin("https://puzz.link/p?yajilin/5/5/m32j10\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("p cnf").and(predicate::str::contains("Y4 arrow count")));
    common::satcover()
        .args(["export", "--to", "url", "-"])
        .write_stdin("https://pzv.jp/p.html?yajirin/5/5/m32j10\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "https://puzz.link/p?yajilin/5/5/m32j10",
        ));
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("yajilin.svg");
    common::satcover()
        .args(["render", "--svg", svg.to_str().unwrap(), "-"])
        .write_stdin("https://puzz.link/p?yajilin/5/5/m32j10\n")
        .assert()
        .success();
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.starts_with("<svg") && drawn.contains("2&lt;"),
        "{drawn}"
    );
}

/// Whether `facts` hold in `solution`: each decided cell shaded or not as there, each
/// decided link on or off as there.
fn facts_hold(facts: &deduce::Facts, solution: &Grid) -> bool {
    (0..solution.values.len()).all(|cell| {
        let v = solution.values[cell];
        let shaded = v == yajilin::SHADED;
        let bits = if shaded { 0 } else { v };
        let (on, off) = facts.directions(cell);
        facts.cells[cell].is_none_or(|s| s == shaded) && bits & on == on && bits & off == 0
    })
}

#[test]
fn deduction_keeps_every_fixture_answer_rule_by_rule_and_decides_all() {
    let (mut decided, mut total) = (0, 0);
    for (name, text) in fixtures("yajilin") {
        for (line, p) in all(&name, yajilin::parse(&text)) {
            let label = format!("{name}:{line}");
            let sat = unique_everywhere(&label, &p, &[Backend::Sat]);
            // Each rule alone (and none) keeps sat's answer.
            for rule in deduce::Rule::ALL {
                let deduce::Deduction::Facts(facts) = deduce::deduce(&p, &[rule]) else {
                    panic!("{label}: {rule:?} alone found a contradiction");
                };
                assert!(
                    facts_hold(&facts, &sat),
                    "{label}: {rule:?} differs from sat"
                );
            }
            let deduce::Deduction::Facts(facts) = deduce::deduce(&p, &deduce::Rule::ALL) else {
                panic!("{label}: contradiction");
            };
            assert!(
                facts_hold(&facts, &sat),
                "{label}: a deduction differs from sat"
            );
            if let Some(grid) = deduce::grid(&facts) {
                assert_eq!(grid, sat, "{label}: deduction decided another grid");
                decided += 1;
            }
            total += 1;
        }
    }
    eprintln!("deduction decides {decided} of {total}");
    assert_eq!(total, 42);
    assert_eq!(decided, DECIDED);
}

/// How many of the 42 fixture puzzles deduction decides alone.
const DECIDED: usize = 42;

/// A random board: `w × h`, each cell a clue with chance 1 in `odds` (a random arrow, or
/// none; a number 0–2, or `?` one time in six).
fn random_board(w: usize, h: usize, odds: usize, rng: &mut Lcg) -> Yajilin {
    let clues = (0..w * h)
        .map(|_| {
            (rng.below(odds) == 0).then(|| Clue {
                arrow: Arrow::from_code(rng.below(5) as u32).unwrap(),
                number: (rng.below(6) != 0).then(|| rng.below(3) as u32),
            })
        })
        .collect();
    Yajilin::new(w, h, clues)
}

#[test]
fn random_small_boards_have_the_same_solutions_on_native_and_sat() {
    // Boards of 2×2 to 5×4 with random clues: many have no solution, many several.
    // Deduction (each rule alone, none, and all) keeps every solution sat finds, and
    // native (deduction, then search from its facts) lists exactly sat's.
    let mut rng = Lcg(0x7a71_2026);
    let (mut several, mut none, mut one, mut open) = (0, 0, 0, 0);
    let mut subsets: Vec<Vec<deduce::Rule>> = deduce::Rule::ALL.iter().map(|&r| vec![r]).collect();
    subsets.push(deduce::Rule::ALL.to_vec());
    subsets.push(Vec::new());
    for i in 0..150 {
        let (w, h) = (2 + rng.below(4), 2 + rng.below(3));
        let p = random_board(w, h, 3 + rng.below(4), &mut rng);
        let label = format!("#{i} {}", yajilin::plain_text(&p).replace('\n', "/"));
        let count = same_solutions(&label, &p, Backend::Native, Backend::Sat);
        let sat = pipeline::solve(&p, Backend::Sat, &Request::all()).unwrap();
        match count {
            0 => none += 1,
            1 => one += 1,
            _ => several += 1,
        }
        for rules in &subsets {
            match deduce::deduce(&p, rules) {
                deduce::Deduction::Contradiction => {
                    assert_eq!(count, 0, "{label}: {rules:?} refuted a solvable board");
                }
                deduce::Deduction::Facts(facts) => {
                    if rules.len() == deduce::Rule::ALL.len() {
                        open += usize::from(facts.open() > 0);
                    }
                    for s in &sat.solutions {
                        assert!(facts_hold(&facts, s), "{label}: {rules:?} lost a solution");
                        if let Some(g) = deduce::grid(&facts) {
                            assert_eq!(&g, s, "{label}: {rules:?} decided another grid");
                        }
                    }
                }
            }
        }
    }
    eprintln!("none {none}, one {one}, several {several}, left open {open}");
    assert!(
        several >= 5 && none >= 20 && one >= 10 && open >= 5,
        "{none} {one} {several} {open}"
    );
}
