//! Nurikabe: the puzz.link URLs of others' test suites (pzprjs, cspuz, penpa-edit) and
//! Wikipedia's example, each solved, proved unique (or not, as cspuz says) with the same
//! answer on native, sat and external (cadical, when installed), accepted by the checker;
//! pzprjs's own answer reproduced; the URL and the plain form read alike; bad input located;
//! a puzzle with no solution is "no solution", exit 20.

use crate::common;
use crate::genres;

use crate::genres::{
    Lcg, all, eager, eager_agrees, error_at, fixtures, same_solutions, unique_everywhere,
    unsolvable_everywhere,
};
use predicates::prelude::*;
use satcover::constraints::Grid;
use satcover::pipeline;
use satcover::portfolio::Plan;
use satcover::puzzle::{Backend, Engine, Puzzle, Request, Status};
use satcover::puzzles::nurikabe;
use satcover::sat::SatBackend;

const BACKENDS: [Backend; 2] = [Backend::Native, Backend::Sat];

#[test]
fn every_url_and_text_puzzle_is_unique_on_every_backend() {
    let cadical = common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures("nurikabe") {
        if name.starts_with("not-unique") || name.starts_with("large") {
            continue;
        }
        for (line, p) in all(&name, nurikabe::parse(&text)) {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, &BACKENDS);
            if cadical {
                eager_agrees(&label, &p, Backend::External, &solution);
            }
            solved += 1;
        }
    }
    assert_eq!(solved, 14);
}

#[test]
fn cspuz_not_unique_url_has_two_solutions_everywhere() {
    let text = genres::fixture("nurikabe", "not-unique.txt");
    let (_, p) = all("not-unique.txt", nurikabe::parse(&text)).remove(0);
    let mut backends = BACKENDS.to_vec();
    if common::have("cadical") {
        backends.push(Backend::External);
    }
    for backend in backends {
        let mut request = Request::unique();
        request.external = SatBackend::external_from_command("cadical -q");
        let outcome = pipeline::solve(&p, backend, &request).expect("solves");
        assert_eq!(
            (outcome.status, outcome.count),
            (Status::Solved, 2),
            "{backend}"
        );
        for s in &outcome.solutions {
            assert_eq!(p.check(s), Ok(()), "{backend}");
        }
    }
}

/// Generated 20×20 and 30×30 puzzles, unique on native and sat (the eager CNF the external
/// engine gets takes cadical seconds at 30×30, so it is left out here).
#[test]
fn generated_large_puzzles_are_unique_on_native_and_sat() {
    let text = genres::fixture("nurikabe", "large.txt");
    let puzzles = all("large.txt", nurikabe::parse(&text));
    assert_eq!(puzzles.len(), 2);
    for (line, p) in puzzles {
        let solution = unique_everywhere(&format!("large.txt:{line}"), &p, &BACKENDS);
        assert_eq!(p.check(&solution), Ok(()));
    }
}

/// A generated 20×20 (a random solution, clues placed at random) with two solutions: both
/// engines find two and prove no more is needed, each checked.
#[test]
fn a_generated_20x20_is_not_unique_on_native_and_sat() {
    let text = genres::fixture("nurikabe", "not-unique-20x20.txt");
    let (_, p) = all("not-unique-20x20.txt", nurikabe::parse(&text)).remove(0);
    assert_eq!(p.size(), (20, 20));
    for backend in BACKENDS {
        let outcome = pipeline::solve(&p, backend, &Request::unique()).expect("solves");
        assert_eq!(
            (outcome.status, outcome.count),
            (Status::Solved, 2),
            "{backend}"
        );
        assert_ne!(outcome.solutions[0], outcome.solutions[1], "{backend}");
        for s in &outcome.solutions {
            assert_eq!(p.check(s), Ok(()), "{backend}");
        }
    }
}

/// A random valid solution of a `w × h` board and its clues: 2–5 islands of 1–4 cells
/// grown from random cells (never beside another island), kept when the checker accepts
/// the shading (walls connected, no pool); each island's clue at a random cell of it.
fn random_board(w: usize, h: usize, rng: &mut Lcg) -> (nurikabe::Nurikabe, Vec<Vec<usize>>) {
    let near = |c: usize| {
        let (r, col) = (c / w, c % w);
        [
            (r > 0).then(|| c - w),
            (r + 1 < h).then(|| c + w),
            (col > 0).then(|| c - 1),
            (col + 1 < w).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
    };
    loop {
        let mut island = vec![usize::MAX; w * h];
        let mut islands: Vec<Vec<usize>> = Vec::new();
        for _ in 0..2 + rng.below(4) {
            let c = rng.below(w * h);
            if island[c] != usize::MAX || near(c).iter().any(|&u| island[u] != usize::MAX) {
                continue;
            }
            let k = islands.len();
            island[c] = k;
            let mut cells = vec![c];
            let want = 1 + rng.below(4);
            while cells.len() < want {
                let frontier: Vec<usize> = cells
                    .iter()
                    .flat_map(|&v| near(v))
                    .filter(|&u| {
                        island[u] == usize::MAX
                            && near(u)
                                .iter()
                                .all(|&x| island[x] == usize::MAX || island[x] == k)
                    })
                    .collect();
                if frontier.is_empty() {
                    break;
                }
                let u = frontier[rng.below(frontier.len())];
                island[u] = k;
                cells.push(u);
            }
            islands.push(cells);
        }
        let mut clues = vec![None; w * h];
        for cells in &islands {
            clues[cells[rng.below(cells.len())]] = Some(Some(cells.len() as u32));
        }
        let p = nurikabe::Nurikabe::new(w, h, clues);
        let shading = island.iter().map(|&k| u32::from(k == usize::MAX)).collect();
        if p.check(&Grid::new(w, shading)).is_ok() {
            return (p, islands);
        }
    }
}

/// Random boards, 4×4 to 6×5, from a random solution (a third with one clue one too
/// large): native (the batsat theory) and sat (the varisat cut loop) list the same
/// solutions, also on boards with none or several.
#[test]
fn native_and_sat_list_the_same_solutions_on_random_boards() {
    let mut rng = Lcg(40);
    let (mut none, mut one, mut several) = (0, 0, 0);
    for (w, h) in [(4, 4), (5, 4), (5, 5), (6, 5)] {
        for round in 0..15 {
            let (mut p, islands) = random_board(w, h, &mut rng);
            if rng.below(3) == 0 {
                let cells = &islands[rng.below(islands.len())];
                let at = cells
                    .iter()
                    .find_map(|&c| p.clue(c / w, c % w).flatten().map(|n| (c, n)));
                if let Some((c, n)) = at {
                    let mut clues: Vec<_> = (0..w * h).map(|i| p.clue(i / w, i % w)).collect();
                    clues[c] = Some(Some(n + 1));
                    p = nurikabe::Nurikabe::new(w, h, clues);
                }
            }
            let label = format!("{w}x{h}, round {round}:\n{}", p.drawing(None));
            match same_solutions(&label, &p, Backend::Native, Backend::Sat) {
                0 => none += 1,
                1 => one += 1,
                _ => several += 1,
            }
        }
    }
    assert!(
        none > 0 && one > 0 && several > 0,
        "{none} without, {one} unique, {several} with several"
    );
}

/// `auto` runs native alone (no sat contender, no budgeted first run) for a few solutions
/// on boards up to 20×20, and races native and sat on larger ones; every nurikabe fixture
/// gets the same answer from `auto` as from native.
#[test]
fn auto_runs_native_alone_up_to_20x20() {
    let small = nurikabe::Nurikabe::new(20, 20, vec![None; 400]);
    let plan = Plan::new(&small.preference(), &Request::unique());
    assert_eq!((plan.alone, plan.race), (None, vec![Engine::Native]));
    let large = nurikabe::Nurikabe::new(21, 20, vec![None; 420]);
    let plan = Plan::new(&large.preference(), &Request::unique());
    assert_eq!(plan.alone.map(|(e, _)| e), Some(Engine::Native));
    assert_eq!(plan.race, vec![Engine::Native, Engine::Sat]);
    for (name, text) in fixtures("nurikabe") {
        for (line, p) in all(&name, nurikabe::parse(&text)) {
            let auto = pipeline::solve(&p, Backend::Auto, &Request::unique()).unwrap();
            let native = pipeline::solve(&p, Backend::Native, &Request::unique()).unwrap();
            let label = format!("{name}:{line}");
            assert_eq!(
                (auto.status, auto.count, &auto.solutions),
                (native.status, native.count, &native.solutions),
                "{label}"
            );
        }
    }
}

#[test]
fn pzprjs_answer_and_rows_read_alike() {
    let (_, url) = nurikabe::parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
        .remove(0)
        .unwrap();
    let rows = format!("nurikabe\n{}\n", url.drawing(None));
    let (_, plain) = nurikabe::parse(&rows).remove(0).unwrap();
    assert_eq!(plain, url);
    let solution = unique_everywhere("pzprjs", &url, &BACKENDS);
    // pzprjs's test_nurikabe.js, its last (correct) board: `#` shaded.
    assert_eq!(
        url.solution_text(&solution),
        ".5###\n.#2.#\n.####\n.#1#.\n###3."
    );
    // Numbers above 9, split by blanks, read back from the drawing.
    let (_, wide) = nurikabe::parse("nurikabe\n. . . .\n. 12 . .\n. . . .\n")
        .remove(0)
        .unwrap();
    let (_, again) = nurikabe::parse(&format!("nurikabe\n{}\n", wide.drawing(None)))
        .remove(0)
        .unwrap();
    assert_eq!(again, wide);
}

#[test]
fn bad_input_is_located() {
    error_at(
        nurikabe::parse("https://puzz.link/p?nurikabe/2/2/g!"),
        1,
        Some(35),
        "unexpected `!`",
    );
    error_at(
        nurikabe::parse("https://puzz.link/p?nurikabe/2/2/zz"),
        1,
        Some(34),
        "goes past",
    );
    error_at(
        nurikabe::parse("https://puzz.link/p?nurikabe/1/1/11"),
        1,
        Some(35),
        "more than",
    );
    error_at(
        nurikabe::parse("https://puzz.link/p?nurikabe/0/2/1"),
        1,
        Some(30),
        "width",
    );
    error_at(
        nurikabe::parse("https://puzz.link/p?nurikabe/v:/6/6/4j4p6h4p6j6"),
        1,
        Some(30),
        "variant",
    );
    error_at(
        nurikabe::parse("nurikabe\n.1.\n.x.\n"),
        3,
        Some(2),
        "unexpected `x`",
    );
    error_at(nurikabe::parse("nurikabe\n...\n..\n"), 3, None, "2 cells");
    error_at(nurikabe::parse("nurikabe\n"), 1, None, "no rows");
}

#[test]
fn impossible_puzzles_are_no_solution() {
    for text in [
        // An island larger than the grid.
        "nurikabe\n5.\n..\n",
        "https://puzz.link/p?nurikabe/3/3/-20h",
        // Two clues side by side would share an island.
        "nurikabe\n22..\n....\n",
        // No number: everything shaded, a pool.
        "https://puzz.link/p?nurikabe/2/2/j",
    ] {
        let (_, p) = nurikabe::parse(text).remove(0).unwrap();
        unsolvable_everywhere(text, &p, &BACKENDS);
        if common::have("cadical") {
            assert_eq!(
                eager(&p, Backend::External).0,
                Status::Unsolvable,
                "{text} on external"
            );
        }
    }
}

#[test]
fn the_binary_solves_exports_and_refuses() {
    common::satcover()
        .args(["solve", "--unique", "tests/fixtures/nurikabe/puzzlink.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains(":3: unique").and(predicate::str::contains("#")));
    common::satcover()
        .args(["solve", "-"])
        .write_stdin("nurikabe\n5.\n..\n")
        .assert()
        .code(20);
    common::satcover()
        .args(["solve", "--kind", "nurikabe", "-"])
        .write_stdin("https://puzz.link/p?nurikabe/2/2/g!\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(":1:35"));
    common::satcover()
        .args([
            "export",
            "--to",
            "dimacs",
            "tests/fixtures/nurikabe/small.txt",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("p cnf")
                .and(predicate::str::contains("N4 no pool"))
                .and(predicate::str::contains("N6 island reach"))
                .and(predicate::str::contains("C4 connected")),
        );
}

/// Every clause `ComponentSize` raises, and every implication it propagates read as a
/// clause, holds in every assignment whose chosen nodes are connected, hold the root and
/// number `size` (all of them, by brute force on a 4×3 grid); a raised clause is false
/// under the assignment, a reason true; and on total assignments with connected chosen
/// nodes the cut fires exactly when the component is not such a one.
#[test]
fn component_size_explanations_hold_in_every_component() {
    use satcover::cnf::{Lit, Var};
    use satcover::constraints::component_size::ComponentSize;
    use satcover::constraints::connected::Graph;
    use satcover::constraints::lazy::Global;

    let (w, h) = (4, 3);
    let n = w * h;
    let graph = Graph::grid(w, h);
    let node: Vec<Lit> = (0..n).map(|i| Var::from_index(i).positive()).collect();
    let connected = |set: u32| {
        let Some(start) = (0..n).find(|&i| set >> i & 1 == 1) else {
            return true;
        };
        let mut seen = 1u32 << start;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &(u, _) in graph.adjacent(v) {
                if set >> u & 1 == 1 && seen >> u & 1 == 0 {
                    seen |= 1 << u;
                    stack.push(u);
                }
            }
        }
        seen == set
    };
    let mut rng = Lcg(42);
    let (mut raised, mut forced) = (0, 0);
    for (root, size) in [(0, 1), (5, 3), (1, 4), (6, 6)] {
        let z = ComponentSize::new(graph.clone(), node.clone(), root, size);
        let good: Vec<u32> = (0..1u32 << n)
            .filter(|&s| s >> root & 1 == 1 && s.count_ones() as usize == size && connected(s))
            .collect();
        let holds = |clause: &[Lit]| {
            good.iter().all(|&s| {
                clause
                    .iter()
                    .any(|l| (s >> l.var().index() & 1 == 1) == l.is_positive())
            })
        };
        for total in 0..1u32 << n {
            if !connected(total) {
                continue;
            }
            let value = |l: Lit| Some((total >> l.var().index() & 1 == 1) == l.is_positive());
            let ok = total >> root & 1 == 1 && total.count_ones() as usize == size;
            assert_eq!(
                z.cut(&value).is_none(),
                ok,
                "{total:b}, root {root}, size {size}"
            );
        }
        for _ in 0..400 {
            // A partial assignment, noted as the batsat theory notes it.
            let z = ComponentSize::new(graph.clone(), node.clone(), root, size);
            let values: Vec<Option<bool>> = (0..n)
                .map(|_| match rng.below(3) {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                })
                .collect();
            for (i, v) in values.iter().enumerate() {
                if let Some(b) = v {
                    z.assign(i, *b);
                }
            }
            let value = |l: Lit| values[l.var().index()].map(|b| b == l.is_positive());
            if let Some(clause) = z.cut(&value) {
                assert!(clause.iter().all(|&l| value(l) == Some(false)));
                assert!(holds(&clause), "{clause:?} under {values:?}");
                raised += 1;
            }
            for (lit, reason) in z.implied(&value) {
                assert!(reason.iter().all(|&l| value(l) == Some(true)), "{values:?}");
                let mut clause: Vec<Lit> = reason.iter().map(|&l| !l).collect();
                clause.push(lit);
                assert!(holds(&clause), "{clause:?} under {values:?}");
                forced += 1;
            }
        }
    }
    assert!(raised > 0 && forced > 0, "{raised} raised, {forced} forced");
}
