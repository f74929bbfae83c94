//! What the number-placement genre tests share: their fixtures, and the check that every
//! puzzle has exactly one solution, the same on every backend that applies.

#![allow(dead_code)]

use satcover::constraints::Grid;
use satcover::pipeline;
use satcover::puzzle::{Backend, Puzzle, Request, Status};
use satcover::puzzles::ParseError;

/// The text of `tests/fixtures/GENRE/NAME`.
pub fn fixture(genre: &str, name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/{genre}/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every fixture of `genre` (file name, text), sorted by name.
pub fn fixtures(genre: &str) -> Vec<(String, String)> {
    let dir = format!("{}/tests/fixtures/{genre}", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let text = fixture(genre, &n);
            (n, text)
        })
        .collect()
}

/// Every puzzle of a parsed file, panicking on a parse error.
pub fn all<P>(name: &str, parsed: Vec<Result<(usize, P), ParseError>>) -> Vec<(usize, P)> {
    parsed
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// Solves `p` with `--unique` on each backend: exactly one solution, passing the checker,
/// the same on all of them. Returns it.
pub fn unique_everywhere<P: Puzzle<Solution = Grid>>(
    label: &str,
    p: &P,
    backends: &[Backend],
) -> Grid {
    let mut first: Option<Grid> = None;
    for &backend in backends {
        let outcome = pipeline::solve(p, backend, &Request::unique())
            .unwrap_or_else(|e| panic!("{label} on {backend}: {e}"));
        assert_eq!(outcome.status, Status::Solved, "{label} on {backend}");
        assert!(outcome.complete, "{label} on {backend}: search incomplete");
        assert_eq!(outcome.count, 1, "{label} on {backend}: not unique");
        let solution = outcome.solutions[0].clone();
        assert_eq!(p.check(&solution), Ok(()), "{label} on {backend}");
        match &first {
            None => first = Some(solution),
            Some(f) => assert_eq!(f, &solution, "{label}: {backend} differs"),
        }
    }
    first.expect("a backend")
}

/// `--unique` on the whole eager CNF: the `sat` engine asked for it (`Request::eager`: the
/// whole CNF rather than the kind's lazy session) or, for `External`, cadical. Returns the
/// status, the count and the first solution.
pub fn eager<P: Puzzle<Solution = Grid>>(p: &P, backend: Backend) -> (Status, u64, Option<Grid>) {
    let mut request = Request::unique().with_timeout(Some(std::time::Duration::from_secs(120)));
    request.eager = true;
    if backend == Backend::External {
        request.external = satcover::sat::SatBackend::external_from_command("cadical -q");
    }
    let outcome = pipeline::solve(p, backend, &request).expect("the eager CNF solves");
    assert!(outcome.complete);
    (
        outcome.status,
        outcome.count,
        outcome.solutions.into_iter().next(),
    )
}

/// `p` is unique on the eager CNF of `backend` (see [`eager`]), with `solution`.
pub fn eager_agrees<P: Puzzle<Solution = Grid>>(
    label: &str,
    p: &P,
    backend: Backend,
    solution: &Grid,
) {
    let (status, count, first) = eager(p, backend);
    assert_eq!(
        (status, count),
        (Status::Solved, 1),
        "{label} eager on {backend}"
    );
    assert_eq!(
        first.as_ref(),
        Some(solution),
        "{label}: eager {backend} differs"
    );
}

/// The eager engines a genre test adds to its lazy ones: `sat` on the whole CNF, and cadical
/// when installed.
pub fn eager_engines() -> Vec<Backend> {
    let mut engines = vec![Backend::Sat];
    if crate::common::have("cadical") {
        engines.push(Backend::External);
    }
    engines
}

/// `p` has no solution on any of `backends`.
pub fn unsolvable_everywhere<P: Puzzle<Solution = Grid>>(label: &str, p: &P, backends: &[Backend]) {
    for &backend in backends {
        let outcome = pipeline::solve(p, backend, &Request::unique())
            .unwrap_or_else(|e| panic!("{label} on {backend}: {e}"));
        assert_eq!(outcome.status, Status::Unsolvable, "{label} on {backend}");
    }
}

/// Parses `text` expecting an error at `(line, column)` whose message contains `words`.
pub fn error_at<P>(
    parsed: Vec<Result<(usize, P), ParseError>>,
    line: usize,
    column: Option<usize>,
    words: &str,
) {
    let error = parsed
        .into_iter()
        .find_map(Result::err)
        .expect("a parse error");
    assert_eq!((error.line, error.column), (line, column), "{error}");
    assert!(error.message.contains(words), "{error}");
}

/// The rules of `model` that `pick` selects never rule out a value of `solution`: each
/// run alone, then all together to their fixpoint, at the model's own domains and at
/// partial assignments of `solution` (a few cells fixed to it, the cells chosen by a
/// fixed-seed generator). Returns how many times a picked rule ran.
pub fn rules_keep_the_solution(
    label: &str,
    model: &satcover::constraints::Model,
    solution: &Grid,
    pick: impl Fn(&satcover::constraints::Constraint) -> bool,
) -> usize {
    use satcover::constraints::native::Propagator;
    let propagator = Propagator::new(model);
    let picked: Vec<usize> = (0..model.constraints.len())
        .filter(|&r| pick(&model.constraints[r]))
        .collect();
    let keeps = |dom: &[u64]| {
        dom.iter()
            .zip(&solution.values)
            .all(|(&x, &v)| x >> v & 1 == 1)
    };
    let mut seed = 0x39u64;
    let mut runs = 0;
    for round in 0..12 {
        let mut dom = model.domains.clone();
        if round > 0 {
            for (cell, x) in dom.iter_mut().enumerate() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 33) % 12 < round {
                    *x &= 1 << solution.values[cell];
                }
            }
        }
        for &r in &picked {
            let mut alone = dom.clone();
            assert!(
                propagator.propagate_rule(r, &mut alone),
                "{label}: rule {r} wiped out"
            );
            assert!(
                keeps(&alone),
                "{label}: rule {r} ruled out the solution (round {round})"
            );
            runs += 1;
        }
        assert!(
            propagator.propagate_all(&mut dom),
            "{label}: fixpoint wiped out"
        );
        assert!(
            keeps(&dom),
            "{label}: the fixpoint ruled out the solution (round {round})"
        );
    }
    runs
}

/// A genre's reader: every puzzle of a file, each with its line.
pub type Parse<P> = fn(&str) -> Vec<Result<(usize, P), ParseError>>;

/// Every fixture of `genre`, read by `parse`, 20 puzzles a file: each unique on `backends`
/// (see [`unique_everywhere`]) and, when cadical is installed, on its eager CNF with the
/// same solution. Returns how many puzzles were solved.
pub fn every_fixture_unique<P: Puzzle<Solution = Grid>>(
    genre: &str,
    parse: Parse<P>,
    backends: &[Backend],
) -> usize {
    let cadical = crate::common::have("cadical");
    let mut solved = 0;
    for (name, text) in fixtures(genre) {
        let puzzles = all(&name, parse(&text));
        assert_eq!(puzzles.len(), 20, "{name}");
        for (line, p) in puzzles {
            let label = format!("{name}:{line}");
            let solution = unique_everywhere(&label, &p, backends);
            if cadical {
                eager_agrees(&label, &p, Backend::External, &solution);
            }
            solved += 1;
        }
    }
    solved
}

/// The first puzzle of each of `texts`, read by `parse`, has no solution on `backends`, nor
/// on cadical's eager CNF when it is installed.
pub fn no_solution_anywhere<P: Puzzle<Solution = Grid>>(
    texts: &[&str],
    parse: Parse<P>,
    backends: &[Backend],
) {
    for text in texts {
        let (_, p) = parse(text).remove(0).expect("the puzzle reads");
        unsolvable_everywhere(text, &p, backends);
        if crate::common::have("cadical") {
            assert_eq!(
                eager(&p, Backend::External).0,
                Status::Unsolvable,
                "{text} on external"
            );
        }
    }
}

/// A small deterministic generator for random puzzles.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// `n` connected random regions on an `n × n` grid: `n` seeds, then a random unassigned
/// cell beside an assigned one joins that neighbour's region, until none is left.
pub fn random_regions(n: usize, rng: &mut Lcg) -> Vec<usize> {
    let mut region = vec![usize::MAX; n * n];
    let mut k = 0;
    while k < n {
        let c = rng.below(n * n);
        if region[c] == usize::MAX {
            region[c] = k;
            k += 1;
        }
    }
    loop {
        let mut frontier = Vec::new();
        for c in 0..n * n {
            if region[c] != usize::MAX {
                continue;
            }
            let (r, col) = (c / n, c % n);
            let near = [
                (r > 0).then(|| c - n),
                (r + 1 < n).then(|| c + n),
                (col > 0).then(|| c - 1),
                (col + 1 < n).then(|| c + 1),
            ];
            for d in near.into_iter().flatten() {
                if region[d] != usize::MAX {
                    frontier.push((c, region[d]));
                }
            }
        }
        if frontier.is_empty() {
            return region;
        }
        let (c, k) = frontier[rng.below(frontier.len())];
        region[c] = k;
    }
}

/// All solutions of `p` on `a` and on `b`: both searches complete, the same count, the
/// same grids. Returns the count.
pub fn same_solutions<P: Puzzle<Solution = Grid>>(
    label: &str,
    p: &P,
    a: Backend,
    b: Backend,
) -> u64 {
    let x = pipeline::solve(p, a, &Request::all()).unwrap();
    let y = pipeline::solve(p, b, &Request::all()).unwrap();
    assert!(x.complete && y.complete, "{label}");
    assert_eq!(x.count, y.count, "{label}");
    let mut xs = x.solutions;
    let mut ys = y.solutions;
    xs.sort_by_key(|s| p.solution_text(s));
    ys.sort_by_key(|s| p.solution_text(s));
    assert_eq!(xs, ys, "{label}");
    x.count
}
