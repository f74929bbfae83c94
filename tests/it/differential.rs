//! The engines agree, per kind: small random puzzles, and every kind's shipped examples, are
//! solved on every engine that applies (`AnyPuzzle::engines()`, plus `external` when
//! `cadical` is on `PATH`), and each must give the same solution set, every solution passing
//! the kind's checker (the pipeline checks each one it keeps: a failure is an error here), a
//! status that says the count, and a `Request::count()` equal to the number enumerated.
//!
//! Generators below make random puzzle texts for the kinds that have one (a new kind may add
//! its own); every registered kind, with a generator or not, goes through the same check on
//! its registry `examples`, so a genre is covered the day it is registered.
//!
//! The machine may be loaded: an engine that runs out of its budget makes that puzzle
//! "unknown" and it is skipped (and counted in the closing note), never failed.

use std::time::Duration;

use proptest::prelude::*;
use satcover::facade::{AnyPuzzle, Report};
use satcover::puzzle::{Backend, Kind, Render, Request, SolveError, Status};
use satcover::registry::{self, READERS};
use satcover::sat::SatBackend;

/// Above this many solutions only the capped counts are compared, not the sets.
const CAP: u64 = 300;

/// Each engine's budget per request; a puzzle that needs more is skipped.
const BUDGET: Duration = Duration::from_secs(5);

/// How many solutions `external` enumerates at most (one solver process per solution).
const EXTERNAL_CAP: u64 = 12;

/// What one puzzle's check came to.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Every engine finished and they agree on this many solutions (capped at [`CAP`]).
    Agreed(u64),
    /// Some engine ran out of its budget.
    TimedOut,
    /// Every engine declined it as too large.
    Declined,
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// `cadical` for the external backend, when installed.
fn external_solver() -> Option<SatBackend> {
    on_path("cadical").then(|| SatBackend::external_from_command("cadical -q"))?
}

fn request(max_solutions: Option<u64>, keep: usize, external: Option<SatBackend>) -> Request {
    Request {
        max_solutions,
        keep,
        timeout: Some(BUDGET),
        external,
        render: Render::Text,
        ..Request::count()
    }
}

/// A single engine's answer: `Ok(None)` when it ran out of time, `Err` when it declines
/// the puzzle as too large for its encoding (`TooLarge`: a 500 000-pattern nonogram line on
/// dlx). Every other error fails: the engines asked are those the puzzle says apply, so an
/// error is a checker's refusal, a decoding failure or a bug.
fn answer(
    puzzle: &dyn AnyPuzzle,
    backend: Backend,
    request: &Request,
    what: &str,
) -> Result<Option<Report>, String> {
    match puzzle.solve_any(backend, request) {
        Ok(report) if report.outcome.timed_out => Ok(None),
        Ok(report) => Ok(Some(report)),
        Err(SolveError::TooLarge(why)) => Err(why),
        Err(e @ SolveError::CheckFailed { .. }) => {
            panic!("{what}: {backend}'s answer fails the checker: {e}")
        }
        Err(e) => panic!("{what}: {backend}: {e}"),
    }
}

/// Every engine that applies on `puzzle` (less those that decline it as too large): same
/// capped count, and below the cap the same solutions (as a multiset: two equal options of
/// an exact cover are two solutions that print alike), the count equal to the number
/// enumerated, each solution checked.
fn agree(puzzle: &dyn AnyPuzzle, what: &str) -> Verdict {
    let external = external_solver();
    let mut backends: Vec<Backend> = Vec::new();
    let mut capped = None;
    for backend in puzzle.engines().into_iter().map(Backend::from) {
        let report = match answer(puzzle, backend, &request(Some(CAP), 0, None), what) {
            Ok(Some(report)) => report,
            Ok(None) => return Verdict::TimedOut,
            Err(_) => continue,
        };
        backends.push(backend);
        let count = report.outcome.count;
        let status = report.outcome.status;
        assert_eq!(
            status,
            Status::of(count, true),
            "{what}: {backend} says {status:?} with {count} solutions"
        );
        match capped {
            None => capped = Some((backend, count)),
            Some((first, n)) => {
                assert_eq!(n, count, "{what}: {first} counts {n}, {backend} {count}")
            }
        }
    }
    let Some((_, count)) = capped else {
        return Verdict::Declined;
    };
    if count >= CAP {
        return Verdict::Agreed(count);
    }

    if external.is_some() && backends.contains(&Backend::Sat) && count <= EXTERNAL_CAP {
        backends.push(Backend::External);
    }
    let mut lists: Vec<(Backend, Vec<String>)> = Vec::new();
    for &backend in &backends {
        let extra = (backend == Backend::External)
            .then(|| external.clone())
            .flatten();
        if backend != Backend::External {
            let Ok(Some(counted)) = answer(puzzle, backend, &request(None, 1, None), what) else {
                return Verdict::TimedOut;
            };
            assert!(
                counted.outcome.complete,
                "{what}: {backend}'s count is not complete"
            );
            assert_eq!(
                counted.outcome.count, count,
                "{what}: {backend}: Request::count() vs the capped count"
            );
        }
        let Ok(Some(all)) = answer(puzzle, backend, &request(None, usize::MAX, extra), what) else {
            return Verdict::TimedOut;
        };
        let mut solutions: Vec<String> = all
            .outcome
            .solutions
            .iter()
            .map(|s| s.text.clone())
            .collect();
        assert_eq!(
            solutions.len() as u64,
            count,
            "{what}: {backend} enumerates {} solutions, counts {count}",
            solutions.len()
        );
        solutions.sort();
        if let Some((first, first_list)) = lists.first() {
            assert_eq!(
                first_list, &solutions,
                "{what}: {first} and {backend} give different solutions"
            );
        }
        lists.push((backend, solutions));
    }
    Verdict::Agreed(count)
}

/// `text` read as `kind` (under `name`): exactly one puzzle, or the generator is wrong.
fn read_one(kind: Kind, name: &str, text: &str) -> Box<dyn AnyPuzzle> {
    let reader = registry::reader(kind).unwrap_or_else(|| panic!("{kind} is not registered"));
    let mut read = (reader.read)(name, text);
    assert_eq!(
        read.len(),
        1,
        "{kind}: a generated text is one puzzle\n{text}"
    );
    match read.pop() {
        Some((_, Ok(puzzle))) => puzzle,
        Some((_, Err(e))) => panic!("{kind}: a generated text must read: {e}\n{text}"),
        None => unreachable!(),
    }
}

fn check_generated(kind: Kind, name: &str, text: &str) {
    let puzzle = read_one(kind, name, text);
    if std::env::var_os("DIFFERENTIAL_TRACE").is_some() {
        eprintln!(
            "{kind}: {:?}\n{text}",
            agree(puzzle.as_ref(), &format!("{kind}\n{text}"))
        );
    } else {
        agree(puzzle.as_ref(), &format!("{kind}\n{text}"));
    }
}

// ------------------------------------------------------------------ generators, per kind

/// A 4×4 sudoku: the givens of a random grid (digits permuted, maybe transposed), and
/// sometimes one cell overwritten, which may leave it unsolvable.
fn sudoku_4x4() -> impl Strategy<Value = String> {
    (
        Just(vec![1u8, 2, 3, 4]).prop_shuffle(),
        any::<bool>(),
        proptest::collection::vec(0u8..10, 16),
        proptest::option::weighted(0.2, (0usize..16, 1u8..=4)),
    )
        .prop_map(|(digits, transpose, mask, overwrite)| {
            let mut cells = [b'.'; 16];
            for r in 0..4 {
                for c in 0..4 {
                    let (r2, c2) = if transpose { (c, r) } else { (r, c) };
                    let value = ((r2 % 2) * 2 + r2 / 2 + c2) % 4;
                    if mask[r * 4 + c] < 4 {
                        cells[r * 4 + c] = b'0' + digits[value];
                    }
                }
            }
            if let Some((at, digit)) = overwrite {
                cells[at] = b'0' + digit;
            }
            format!("{}\n", String::from_utf8_lossy(&cells))
        })
}

/// Runs of filled cells, `0` for none.
fn clue(line: impl Iterator<Item = bool>) -> String {
    let mut runs = Vec::new();
    let mut run = 0;
    for filled in line.chain([false]) {
        if filled {
            run += 1;
        } else if run > 0 {
            runs.push(run.to_string());
            run = 0;
        }
    }
    if runs.is_empty() {
        "0".to_string()
    } else {
        runs.join(",")
    }
}

/// A black-and-white nonogram up to 5×5, the clues of a random picture.
fn nonogram() -> impl Strategy<Value = String> {
    (
        1usize..=5,
        1usize..=5,
        proptest::collection::vec(any::<bool>(), 25),
    )
        .prop_map(|(w, h, cells)| {
            let at = |r: usize, c: usize| cells[r * w + c];
            let rows: Vec<String> = (0..h).map(|r| clue((0..w).map(|c| at(r, c)))).collect();
            let columns: Vec<String> = (0..w).map(|c| clue((0..h).map(|r| at(r, c)))).collect();
            format!(
                "width {w}\nheight {h}\n\nrows\n{}\n\ncolumns\n{}\n",
                rows.join("\n"),
                columns.join("\n")
            )
        })
}

/// A region up to 4×4 and up to four pieces: rectangles up to 2×3 and the L tromino.
fn packing() -> impl Strategy<Value = String> {
    (
        1usize..=4,
        1usize..=4,
        proptest::collection::vec((0usize..=6, 1usize..=2, 1usize..=3), 1..=3),
    )
        .prop_map(|(w, h, pieces)| {
            let mut text = format!("region {w}x{h}\n");
            let mut placed = 0;
            for (shape, copies, long) in pieces {
                let copies = copies.min(4 - placed);
                if copies == 0 {
                    break;
                }
                placed += copies;
                let times = if copies > 1 {
                    format!(" x{copies}")
                } else {
                    String::new()
                };
                if shape == 0 {
                    text.push_str(&format!("piece L{times}\n#.\n##\n"));
                } else {
                    text.push_str(&format!("piece {}x{long}{times}\n", shape.div_ceil(3)));
                }
            }
            text
        })
}

/// `A + B = C` or `A * B = C` from real numbers, the digits replaced by letters; sometimes
/// a letter of the result changed, which may leave it unsolvable.
fn alphametic() -> impl Strategy<Value = String> {
    (
        1u32..999,
        1u32..99,
        any::<bool>(),
        Just(b"ABCDEFGHIJ".to_vec()).prop_shuffle(),
        proptest::option::weighted(0.25, (any::<usize>(), 0u8..10)),
    )
        .prop_map(|(a, b, product, letters, change)| {
            let (op, c) = if product { ('*', a * b) } else { ('+', a + b) };
            let word = |n: u32| -> String {
                n.to_string()
                    .bytes()
                    .map(|d| letters[usize::from(d - b'0')] as char)
                    .collect()
            };
            let mut result = word(c).into_bytes();
            if let Some((at, letter)) = change {
                let at = at % result.len();
                result[at] = letters[usize::from(letter)];
            }
            format!(
                "{} {op} {} = {}\n",
                word(a),
                word(b),
                String::from_utf8_lossy(&result)
            )
        })
}

/// A random CNF over up to 6 variables, up to 12 clauses of 1 to 3 literals.
fn cnf() -> impl Strategy<Value = String> {
    (1i32..=6).prop_flat_map(|n| {
        proptest::collection::vec(
            proptest::collection::vec((1..=n, any::<bool>()), 1..=3),
            0..=12,
        )
        .prop_map(move |clauses| {
            let mut text = format!("p cnf {n} {}\n", clauses.len());
            for clause in clauses {
                for (var, negative) in clause {
                    text.push_str(&format!("{} ", if negative { -var } else { var }));
                }
                text.push_str("0\n");
            }
            text
        })
    })
}

/// Exact cover: up to 6 primary items, up to 2 secondary ones (sometimes coloured), up to
/// 9 options, each with at least one primary item.
fn xc() -> impl Strategy<Value = String> {
    (1usize..=6, 0usize..=2).prop_flat_map(|(primary, secondary)| {
        proptest::collection::vec(
            (
                1u32..(1 << primary),
                proptest::collection::vec(0u8..3, secondary),
            ),
            1..=9,
        )
        .prop_map(move |options| {
            let name = |i: usize| (b'a' + i as u8) as char;
            let mut text: String = (0..primary).map(|i| format!("{} ", name(i))).collect();
            if secondary > 0 {
                text.push('|');
                for s in 0..secondary {
                    text.push_str(&format!(" {}", name(20 + s)));
                }
            }
            text.push('\n');
            for (mask, colours) in options {
                let mut items: Vec<String> = (0..primary)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| name(i).to_string())
                    .collect();
                for (s, &colour) in colours.iter().enumerate() {
                    match colour {
                        0 => {}
                        1 => items.push(name(20 + s).to_string()),
                        _ => items.push(format!("{}:{}", name(20 + s), 1 + (mask % 2))),
                    }
                }
                text.push_str(&items.join(" "));
                text.push('\n');
            }
            text
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn sudoku_engines_agree(text in sudoku_4x4()) {
        check_generated(Kind::named("sudoku"), "gen.txt", &text);
    }

    #[test]
    fn nonogram_engines_agree(text in nonogram()) {
        check_generated(Kind::named("nonogram"), "gen.non", &text);
    }

    #[test]
    fn packing_engines_agree(text in packing()) {
        check_generated(Kind::named("packing"), "gen.pack", &text);
    }

    #[test]
    fn alphametic_engines_agree(text in alphametic()) {
        check_generated(Kind::named("alphametic"), "gen.alpha", &text);
    }

    #[test]
    fn cnf_engines_agree(text in cnf()) {
        check_generated(Kind::named("cnf"), "gen.cnf", &text);
    }

    #[test]
    fn xc_engines_agree(text in xc()) {
        check_generated(Kind::named("xc"), "gen.xc", &text);
    }
}

// ------------------------------------------------------------------ every kind's examples

/// Puzzles of one example file checked at most (collections hold hundreds).
const PER_EXAMPLE: usize = 2;

/// Every registered kind's shipped examples, first puzzles of each, on every engine.
#[test]
fn every_kinds_examples_agree_across_engines() {
    let mut agreed = 0;
    let mut timed_out = Vec::new();
    for reader in READERS {
        for example in reader.examples {
            let puzzles = (reader.read)(example.name, example.text)
                .into_iter()
                .filter_map(|(_, read)| read.ok())
                .take(PER_EXAMPLE);
            for (n, puzzle) in puzzles.enumerate() {
                let what = format!("{} example {} #{}", reader.kind, example.name, n + 1);
                match agree(puzzle.as_ref(), &what) {
                    Verdict::Agreed(_) => agreed += 1,
                    Verdict::TimedOut | Verdict::Declined => timed_out.push(what),
                }
            }
        }
    }
    eprintln!(
        "examples: {agreed} agreed on every engine; {} skipped (out of time or too large): {timed_out:?}",
        timed_out.len()
    );
    assert!(agreed > 0, "no example finished on every engine");
}

/// The generators cover the kinds they name (a renamed kind would silently skip them).
#[test]
fn generated_kinds_are_registered() {
    for name in ["sudoku", "nonogram", "packing", "alphametic", "cnf", "xc"] {
        assert!(registry::reader(Kind::named(name)).is_some(), "{name}");
    }
}
