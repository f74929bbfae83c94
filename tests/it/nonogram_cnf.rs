//! The two nonogram CNF encodings and `--presolve`: exact sizes, agreement with native on
//! every fixture, and export → solve → decode with the same (and with other) choices.

use std::path::Path;

use satcover::pipeline::solve;
use satcover::puzzle::{Backend, EncodeOptions, Request};
use satcover::puzzles::nonogram::{self, Nonogram, cnf::Encoding};

use crate::common::satcover;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/nonogram");

fn load(name: &str) -> Nonogram {
    let path = Path::new(DIR).join(name);
    let text = std::fs::read_to_string(&path).expect("fixture");
    nonogram::parse(&path.display().to_string(), &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn options(encoding: Encoding, presolve: bool) -> EncodeOptions {
    EncodeOptions {
        encoding: Some(encoding.name().to_string()),
        presolve,
    }
}

const CHOICES: [(Encoding, bool); 4] = [
    (Encoding::Order, false),
    (Encoding::Order, true),
    (Encoding::Automaton, false),
    (Encoding::Automaton, true),
];

/// encodings/nonogram.md: GCHQ 2015 in the order encoding, and its residue after presolve
/// (line logic decides every cell: only the cell variables and the givens' clauses stay).
#[test]
fn gchq_order_sizes_match_the_spec() {
    let puzzle = load("gchq-2015.non");
    let order = nonogram::cnf::encode_for(&puzzle, &options(Encoding::Order, false)).unwrap();
    assert_eq!(order.cnf.num_vars(), 2_251);
    assert_eq!(order.cnf.num_clauses(), 7_239);
    assert_eq!(order.projection.len(), 625);
    let family = |name: &str| -> usize {
        order
            .cnf
            .families()
            .iter()
            .filter(|(f, _)| f == name)
            .map(|(_, n)| n)
            .sum()
    };
    assert_eq!(
        [
            family("O1 order"),
            family("O2 holes"),
            family("O3 precedence"),
            family("O4 covered cell"),
            family("O5 filled cell"),
            family("6 givens"),
        ],
        [1_349, 44, 1_322, 2_304, 2_198, 22]
    );
    let presolved = nonogram::cnf::encode_for(&puzzle, &options(Encoding::Order, true)).unwrap();
    assert_eq!(presolved.cnf.num_vars(), 625);
    assert_eq!(presolved.cnf.num_clauses(), 1_875);
    // The default is the order encoding.
    assert_eq!(
        satcover::driver::cnf(&puzzle)
            .expect("encodes")
            .cnf
            .num_clauses(),
        7_239
    );
}

/// Every fixture (black-and-white and colour, unique and not): sat under every choice
/// finds the same count and the same solutions as native, up to 3.
#[test]
fn every_choice_agrees_with_native_on_the_fixtures() {
    let names = [
        "dancer.non",
        "gchq-2015.non",
        "two-solutions.non",
        "probing.non",
        "light.non",
        "petro.non",
        "forever.non",
        "map-47.non",
        "onions-220.g",
        "tiny.xml",
    ];
    for name in names {
        let puzzle = load(name);
        let request = Request::limit(3);
        let native = solve(&puzzle, Backend::Native, &request).expect("native");
        for (encoding, presolve) in CHOICES {
            let mut request = request.clone();
            request.encode = options(encoding, presolve);
            let sat = solve(&puzzle, Backend::Sat, &request).expect("sat");
            let label = format!("{name} {} presolve={presolve}", encoding.name());
            assert_eq!(sat.count, native.count, "{label}");
            let (mut a, mut b) = (sat.solutions.clone(), native.solutions.clone());
            a.sort_by_key(|g| g.cells.clone());
            b.sort_by_key(|g| g.cells.clone());
            assert_eq!(a, b, "{label}");
        }
    }
}

fn args(encoding: Encoding, presolve: bool) -> Vec<&'static str> {
    let mut v = vec!["--encoding", encoding.name()];
    if presolve {
        v.push("--presolve");
    }
    v
}

/// `export --to dimacs` records its choices; the embedded solver's answer to that file
/// decodes to the grid `solve` prints under the same choices, and under other choices
/// decode refuses with one error line that names them.
#[test]
fn export_solve_decode_round_trip_under_each_choice() {
    let dir = tempfile::tempdir().expect("tempdir");
    for puzzle in [
        "tests/fixtures/nonogram/dancer.non",
        "tests/fixtures/nonogram/map-47.non",
    ] {
        let expected = satcover()
            .args(["solve", "--backend", "sat", puzzle])
            .output()
            .expect("runs");
        let expected = String::from_utf8(expected.stdout).expect("utf-8");
        for (k, (encoding, presolve)) in CHOICES.into_iter().enumerate() {
            let cnf = dir.path().join(format!("f{k}.cnf"));
            let model = dir.path().join(format!("f{k}.sol"));
            satcover()
                .args(["export", puzzle, "--to", "dimacs", "-o"])
                .arg(&cnf)
                .args(args(encoding, presolve))
                .assert()
                .success();
            let text = std::fs::read_to_string(&cnf).expect("exported");
            let header = format!(
                "c encoding --encoding {}{}\n",
                encoding.name(),
                if presolve { " --presolve" } else { "" }
            );
            assert!(text.contains(&header), "{header} in\n{}", &text[..300]);
            let answer = satcover()
                .args(["solve", "--backend", "sat"])
                .arg(&cnf)
                .output()
                .expect("runs");
            std::fs::write(&model, answer.stdout).expect("model written");
            let decoded = satcover()
                .args(["decode", puzzle, "--model"])
                .arg(&model)
                .args(args(encoding, presolve))
                .output()
                .expect("runs");
            assert!(decoded.status.success(), "{puzzle} {k}");
            let decoded = String::from_utf8(decoded.stdout).expect("utf-8");
            // The grid lines (decode has no uniqueness verdict to print).
            let grid = |s: &str| -> Vec<String> {
                s.lines()
                    .filter(|l| !l.contains(':'))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(grid(&decoded), grid(&expected), "{puzzle} {k}");
            // The other encoding's formula does not fit this model.
            let other = match encoding {
                Encoding::Order => Encoding::Automaton,
                Encoding::Automaton => Encoding::Order,
            };
            let wrong = satcover()
                .args(["decode", puzzle, "--model"])
                .arg(&model)
                .args(args(other, presolve))
                .output()
                .expect("runs");
            assert_eq!(wrong.status.code(), Some(1), "{puzzle} {k}");
            let message = String::from_utf8(wrong.stderr).expect("utf-8");
            assert_eq!(message.lines().count(), 1, "{message}");
            assert!(
                message.contains(&format!("decoded for --encoding {}", other.name())),
                "{message}"
            );
        }
    }
}
