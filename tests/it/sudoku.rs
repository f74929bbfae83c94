//! Sudoku on every backend: the same fixtures, answers that pass the checker and agree.

use satcover::pipeline;
use satcover::puzzle::{Backend, Outcome, Request, Status};
use satcover::puzzles::sudoku::{self, Sudoku, cnf, verify};

const BACKENDS: [Backend; 3] = [Backend::Native, Backend::Sat, Backend::Dlx];

fn fixture(name: &str) -> Vec<Sudoku> {
    let path = format!(
        "{}/tests/fixtures/sudoku/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    sudoku::parse(&text)
        .into_iter()
        .map(|r| r.expect("fixture parses").1)
        .collect()
}

fn solve(puzzle: &Sudoku, backend: Backend, request: &Request) -> Outcome<Vec<u8>> {
    pipeline::solve(puzzle, backend, request).unwrap_or_else(|e| panic!("{backend} failed: {e}"))
}

/// Every backend proves the same verdict, and unique puzzles get the same grid.
fn assert_backends_agree(puzzle: &Sudoku) -> Outcome<Vec<u8>> {
    let outcomes: Vec<_> = BACKENDS
        .iter()
        .map(|&b| (b, solve(puzzle, b, &Request::unique())))
        .collect();
    let (_, reference) = &outcomes[0];
    for (backend, outcome) in &outcomes {
        assert!(
            outcome.complete || outcome.count == 2,
            "{backend} incomplete"
        );
        assert_eq!(outcome.status, reference.status, "{backend} status");
        assert_eq!(outcome.unique(), reference.unique(), "{backend} uniqueness");
        for solution in &outcome.solutions {
            assert_eq!(verify(puzzle, solution), Ok(()), "{backend} answer checks");
        }
        if reference.unique() == Some(true) {
            assert_eq!(outcome.solutions, reference.solutions, "{backend} grid");
        }
    }
    reference.clone()
}

#[test]
fn easy_and_hard_puzzles_are_unique_on_every_backend() {
    for name in ["easy.txt", "hard.txt", "norvig-grid.txt"] {
        for puzzle in fixture(name) {
            let outcome = assert_backends_agree(&puzzle);
            assert_eq!(outcome.unique(), Some(true), "{name}");
        }
    }
}

#[test]
fn norvigs_first_grid_has_its_known_solution() {
    let outcome = assert_backends_agree(&fixture("easy.txt")[0]);
    let expected =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    assert_eq!(sudoku::line_text(&outcome.solutions[0]), expected);
}

#[test]
fn two_solution_puzzle_has_exactly_two_everywhere() {
    let puzzle = &fixture("two-solutions.txt")[0];
    for backend in BACKENDS {
        let outcome = solve(puzzle, backend, &Request::count());
        assert_eq!((outcome.count, outcome.complete), (2, true), "{backend}");
        let both = solve(puzzle, backend, &Request::all());
        assert_eq!(both.solutions.len(), 2);
        assert_ne!(both.solutions[0], both.solutions[1]);
    }
    assert_backends_agree(puzzle);
}

#[test]
fn contradictions_are_unsolvable_on_every_backend() {
    for name in ["contradictory.txt", "no-candidate.txt"] {
        let puzzle = &fixture(name)[0];
        for backend in BACKENDS {
            let outcome = solve(puzzle, backend, &Request::unique());
            assert_eq!(outcome.status, Status::Unsolvable, "{name} on {backend}");
            assert!(outcome.complete);
        }
    }
    let reason = solve(
        &fixture("contradictory.txt")[0],
        Backend::Sat,
        &Request::first(),
    )
    .reason;
    assert!(reason.unwrap().contains("digit 5 is given twice in row 1"));
}

/// The formula has no model, by the embedded solver to the end.
fn assert_no_model(encoding: &satcover::puzzle::CnfEncoding<'_, Vec<u8>>, name: &str) {
    let found = satcover::sat::enumerate(
        &encoding.cnf,
        &satcover::sat::SatBackend::Varisat,
        &encoding.projection,
        Some(1),
        &satcover::stop::Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!((found.count, found.complete), (0, true), "{name}");
}

/// The engines themselves, without the pipeline's shortcut for clashing givens.
#[test]
fn engines_find_no_solution_for_clashing_givens() {
    let puzzle = &fixture("contradictory.txt")[0];
    let encoding = satcover::driver::cnf(puzzle).unwrap();
    assert_no_model(&encoding, "contradictory.txt");
    let cover = satcover::driver::cover(puzzle).unwrap();
    let outcome = satcover::dlx::solve(&cover.matrix, &Default::default(), |_| {});
    assert_eq!((outcome.count, outcome.complete), (0, true));
}

#[test]
fn empty_4x4_has_288_solutions_on_every_backend() {
    let empty = Sudoku::new(2, vec![0; 16]).unwrap();
    for backend in BACKENDS {
        let outcome = solve(&empty, backend, &Request::count());
        assert_eq!((outcome.count, outcome.complete), (288, true), "{backend}");
    }
}

#[test]
fn four_by_four_grids_agree() {
    for puzzle in fixture("4x4.txt") {
        assert_backends_agree(&puzzle);
    }
}

#[test]
fn big_grids_agree() {
    for name in ["16x16.txt", "25x25.txt"] {
        for puzzle in fixture(name) {
            let outcome = assert_backends_agree(&puzzle);
            assert_eq!(outcome.status, Status::Solved, "{name}");
        }
    }
}

#[test]
fn extended_encoding_has_the_documented_size() {
    // encodings/sudoku.md: n³ variables, 4n² + 2n³(n−1) clauses, 4n³ + 4n³(n−1) literals.
    for (box_side, vars, clauses, literals) in [(2, 64, 448, 1024), (3, 729, 11_988, 26_244)] {
        let n: usize = box_side * box_side;
        let empty = Sudoku::new(box_side, vec![0; n * n]).unwrap();
        let encoding = cnf::encode(&empty, cnf::Givens::Units);
        assert_eq!(encoding.cnf.num_vars(), vars);
        assert_eq!(encoding.cnf.num_clauses(), clauses);
        assert_eq!(encoding.cnf.num_literals(), literals);
        let families = encoding.cnf.families();
        assert_eq!(families.len(), 8, "no givens, no family 9");
        for (name, count) in families {
            let expected = if name.contains("least") {
                n * n
            } else {
                n * n * n * (n - 1) / 2
            };
            assert_eq!(*count, expected, "{name}");
        }
    }
    let puzzle = &fixture("easy.txt")[0];
    let full = cnf::encode(puzzle, cnf::Givens::Units);
    assert_eq!(
        full.cnf.num_clauses(),
        11_988 + 32,
        "family 9: one unit clause per given"
    );
    let simplified = cnf::encode(puzzle, cnf::Givens::Simplified);
    assert!(simplified.cnf.num_vars() < 729 / 2);
}

#[test]
fn exact_cover_has_the_items_and_options_givens_leave() {
    let empty = Sudoku::new(3, vec![0; 81]).unwrap();
    let cover = satcover::driver::cover(&empty).unwrap();
    assert_eq!(cover.matrix.num_items(), 4 * 81);
    assert_eq!(cover.matrix.num_options(), 729);
    assert_eq!(cover.matrix.num_nonzeros(), 4 * 729);
    let mut givens = vec![0; 81];
    givens[0] = 1;
    let one_given = Sudoku::new(3, givens).unwrap();
    let cover = satcover::driver::cover(&one_given).unwrap();
    // The given covers 4 items; r1c1 loses its 9 options, its 20 peers lose digit 1.
    assert_eq!(cover.matrix.num_items(), 4 * 81 - 4);
    assert_eq!(cover.matrix.num_options(), 729 - 9 - 20);
}

/// `--presolve`: the formula over what native's candidate elimination leaves has the same
/// solutions as the plain one and is no larger; when propagation refutes the givens it
/// holds an empty clause.
#[test]
fn presolved_formula_keeps_every_solution() {
    let presolved = |limit: u64| {
        let mut request = Request::limit(limit);
        request.encode.presolve = true;
        request
    };
    for name in ["4x4.txt", "two-solutions.txt", "hard.txt", "16x16.txt"] {
        for (k, puzzle) in fixture(name).iter().enumerate() {
            let plain = solve(puzzle, Backend::Sat, &Request::limit(3));
            let pre = solve(puzzle, Backend::Sat, &presolved(3));
            let label = format!("{name} puzzle {k}");
            assert_eq!(
                (pre.count, pre.complete),
                (plain.count, plain.complete),
                "{label}"
            );
            assert!(pre.count >= 1, "{label}");
            if pre.complete {
                // All of them: the same set (beyond the limit each finds its own three).
                let (mut a, mut b) = (pre.solutions.clone(), plain.solutions.clone());
                a.sort();
                b.sort();
                assert_eq!(a, b, "{label}");
            }
            for solution in &pre.solutions {
                assert_eq!(verify(puzzle, solution), Ok(()), "{label}");
            }
            let small = cnf::encode_presolved(puzzle, false);
            let simplified = cnf::encode(puzzle, cnf::Givens::Simplified);
            assert!(small.cnf.num_vars() <= simplified.cnf.num_vars(), "{label}");
        }
    }
    // Propagation decides a hard 9×9 entirely or nearly: far fewer variables.
    let hard = &fixture("hard.txt")[0];
    assert!(
        cnf::encode_presolved(hard, false).cnf.num_vars()
            < cnf::encode(hard, cnf::Givens::Simplified).cnf.num_vars()
    );
    let empty = Sudoku::new(2, vec![0; 16]).unwrap();
    let mut count = Request::count();
    count.encode.presolve = true;
    let outcome = solve(&empty, Backend::Sat, &count);
    assert_eq!((outcome.count, outcome.complete), (288, true));
    for name in ["contradictory.txt", "no-candidate.txt"] {
        let encoding = cnf::encode_presolved(&fixture(name)[0], false);
        assert!(
            encoding
                .cnf
                .families()
                .iter()
                .any(|(f, _)| f.contains("unsolvable")),
            "{name}"
        );
        assert_no_model(&encoding, name);
    }
}
