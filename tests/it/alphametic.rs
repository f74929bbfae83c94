//! Alphametics on native and sat: known counts, the same assignments from both (products
//! included), dlx refused with a hint, bad lines located while the good ones still parse.

use proptest::prelude::*;
use satcover::facade::AnyPuzzle;
use satcover::pipeline;
use satcover::puzzle::{Backend, Outcome, Puzzle, Request, Status};
use satcover::puzzles::alphametic::{self, Alphametic, Assignment};

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/alphametic/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn equation(text: &str) -> Alphametic {
    alphametic::parse_equation(text, 1).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn solve(a: &Alphametic, backend: Backend) -> Outcome<Assignment> {
    pipeline::solve(a, backend, &Request::all()).unwrap_or_else(|e| panic!("{backend}: {e}"))
}

fn every_assignment(a: &Alphametic, backend: Backend) -> Vec<Assignment> {
    let outcome = solve(a, backend);
    assert!(outcome.complete, "{backend} finished");
    let mut all = outcome.solutions;
    for s in &all {
        assert_eq!(a.check(s), Ok(()), "{backend} answer checks");
    }
    all.sort();
    all
}

#[test]
fn classics_native_and_sat_agree() {
    let results = alphametic::parse(&fixture("classics.txt"));
    let expected = [(2, 96), (3, 1), (4, 1)];
    assert_eq!(results.len(), expected.len());
    for (result, (line, count)) in results.into_iter().zip(expected) {
        let (at, a) = result.expect("parses");
        assert_eq!(at, line);
        let native = every_assignment(&a, Backend::Native);
        assert_eq!(native.len(), count, "{a}");
        assert_eq!(
            every_assignment(&a, Backend::Sat),
            native,
            "{a}: sat vs native"
        );
    }
}

#[test]
fn send_more_money_is_9567_1085_10652() {
    let a = equation("SEND + MORE = MONEY");
    for backend in [Backend::Native, Backend::Sat] {
        let outcome = solve(&a, backend);
        assert_eq!(outcome.count, 1);
        assert_eq!(
            a.solution_text(&outcome.solutions[0]),
            "9567 + 1085 = 10652"
        );
        let json = a.solution_json(&outcome.solutions[0]);
        assert_eq!(
            json,
            serde_json::json!({"D": 7, "E": 5, "M": 1, "N": 6, "O": 0, "R": 8, "S": 9, "Y": 2})
        );
    }
}

#[test]
fn products_native_and_sat_agree() {
    let mut texts: Vec<String> = fixture("product.txt").lines().map(str::to_string).collect();
    texts.extend(
        [
            "AB * C = DE",
            "A * B = C",
            "AB * AB = CAB",
            "ABC * DE = FGHC",
            "TWO * TWO = SQUARE",
            "A * B * C = DE",
            "AB * C + D = EF",
            "AB * C - D = EF",
            "AB * CD = EF",
            "-A * B + CD = E",
        ]
        .map(String::from),
    );
    for text in &texts {
        let a = equation(text);
        let native = every_assignment(&a, Backend::Native);
        assert_eq!(
            every_assignment(&a, Backend::Sat),
            native,
            "{a}: sat vs native"
        );
    }
    assert!(!every_assignment(&equation("TWO * TWO = SQUARE"), Backend::Sat).is_empty());
    let dimacs = equation("AB * C = DE")
        .export_dimacs(&[], &Default::default())
        .expect("exports");
    assert!(dimacs.contains("c family 8 partial-product"), "{dimacs}");
}

#[test]
fn dlx_refuses_alphametics_with_a_hint() {
    for text in ["A + B = C", "AB * C = DE"] {
        match pipeline::solve(&equation(text), Backend::Dlx, &Request::first()) {
            Err(e) => assert_eq!(
                e.to_string(),
                "the dlx backend does not support alphametic puzzles; use --backend native or sat"
            ),
            Ok(_) => panic!("dlx accepted an alphametic"),
        }
    }
}

#[test]
fn a_bad_line_does_not_stop_the_others() {
    let results = alphametic::parse(&fixture("mixed.txt"));
    assert_eq!(results.len(), 4);
    assert_eq!(results[0].as_ref().map(|r| r.0), Ok(1));
    let e = results[1].as_ref().unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("11 distinct letters"), "{e}");
    let e = results[2].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (3, Some(6)));
    assert!(e.message.contains("no `=`"));
    assert_eq!(results[3].as_ref().map(|r| r.0), Ok(4));
}

#[test]
fn no_solution_is_an_outcome() {
    let a = equation("AB + CD = EFGH");
    for backend in [Backend::Native, Backend::Sat] {
        let outcome = solve(&a, backend);
        assert_eq!(
            (outcome.status, outcome.complete),
            (Status::Unsolvable, true)
        );
    }
}

/// Small random sums and differences over five letters: sat and native find the same
/// assignments, and every one passes the checker.
fn word() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        proptest::sample::select(vec!['A', 'B', 'C', 'D', 'E']),
        1..4,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn sat_agrees_with_native(a in word(), b in word(), c in word(), minus in any::<bool>()) {
        let op = if minus { "-" } else { "+" };
        let puzzle = equation(&format!("{a} {op} {b} = {c}"));
        let native = every_assignment(&puzzle, Backend::Native);
        let sat = every_assignment(&puzzle, Backend::Sat);
        prop_assert_eq!(native, sat);
    }
}

/// Random products (and a product plus a word) over five letters: sat and native agree.
fn equation_with_product() -> impl Strategy<Value = String> {
    (word(), word(), word(), word(), 0..3u8).prop_map(|(a, b, c, d, shape)| match shape {
        0 => format!("{a} * {b} = {c}"),
        1 => format!("{a} * {b} + {c} = {d}"),
        _ => format!("{a} * {b} * {c} = {d}"),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn sat_agrees_with_native_on_products(text in equation_with_product()) {
        let puzzle = equation(&text);
        let native = every_assignment(&puzzle, Backend::Native);
        let sat = every_assignment(&puzzle, Backend::Sat);
        prop_assert_eq!(native, sat, "{}", text);
    }
}
