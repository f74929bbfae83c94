//! Every reader on arbitrary bytes and on mutated fixtures: a puzzle or an error with a
//! position, never a panic. The cargo-fuzz targets in `fuzz/` search much longer; these
//! properties keep a short version of that in the ordinary test suite (a few seconds in all).
//! Small mutated puzzles also go through every backend: each answer passes the checker and
//! backends that finish agree.

use std::path::Path;
use std::time::Duration;

use proptest::prelude::*;
use satcover::input::load;
use satcover::puzzle::{Backend, Kind, Request, SolveError};

/// Fixtures per kind (small ones: the mutations must reach every part of the file).
fn fixtures(kind: Kind) -> Vec<(String, String)> {
    let names: &[&str] = match kind {
        Kind::CNF => &[
            "cnf/quirks.cnf",
            "cnf/named.cnf",
            "cnf/satlib_end.cnf",
            "cnf/no_final_zero.cnf",
        ],
        Kind::XC => &["xc/knuth_5.xc", "xc/knuth_49.xc"],
        Kind::SUDOKU => &[
            "sudoku/4x4.txt",
            "sudoku/easy.txt",
            "sudoku/norvig-grid.txt",
            "sudoku/16x16.txt",
        ],
        Kind::NONOGRAM => &[
            "nonogram/dancer.non",
            "nonogram/tiny.xml",
            "nonogram/colour.g",
            "nonogram/two-solutions.non",
        ],
        Kind::PACKING => &[
            "packing/issue-example.pack",
            "packing/golomb-11-a.pack",
            "packing/pentominoes-3x20.pack",
        ],
        Kind::ALPHAMETIC => &["alphametic/classics.txt", "alphametic/mixed.txt"],
        // Any other registered kind: the examples it ships.
        other => {
            let reader = satcover::registry::reader(other).expect("a registered kind");
            return reader
                .examples
                .iter()
                .map(|e| (e.name.to_string(), e.text.to_string()))
                .collect();
        }
    };
    names
        .iter()
        .map(|name| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name.to_string(), text)
        })
        .collect()
}

/// One edit of a text: overwrite, insert or delete a byte, or duplicate or drop a line.
#[derive(Clone, Debug)]
enum Mutation {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    DuplicateLine(usize),
    DropLine(usize),
}

/// Bytes that matter to the formats, and a few that do not.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        proptest::sample::select(b"0123456789 \n\t-+*=|:#.xXpcr%<>/\"A".to_vec()),
        any::<u8>(),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::DropLine),
    ]
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for m in mutations {
        let n = bytes.len().max(1);
        match *m {
            Mutation::Set(i, b) if !bytes.is_empty() => bytes[i % n] = b,
            Mutation::Insert(i, b) => bytes.insert(i % (bytes.len() + 1), b),
            Mutation::Delete(i) if !bytes.is_empty() => {
                bytes.remove(i % n);
            }
            Mutation::DuplicateLine(i) | Mutation::DropLine(i) => {
                let mut lines: Vec<Vec<u8>> =
                    bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
                let at = i % lines.len();
                if matches!(m, Mutation::DuplicateLine(_)) {
                    let line = lines[at].clone();
                    lines.insert(at, line);
                } else if lines.len() > 1 {
                    lines.remove(at);
                }
                bytes = lines.join(&b'\n');
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// File names that steer format detection inside a kind (nonogram: `.non`, `.g`, `.xml`).
fn names(kind: Kind) -> Vec<String> {
    match kind {
        Kind::NONOGRAM => vec!["f.non".into(), "f.g".into(), "f.xml".into()],
        Kind::SUDOKU => vec!["f.txt".into()],
        // Any other kind: a file under each extension its reader names, and none.
        other => {
            let reader = satcover::registry::reader(other).expect("a registered kind");
            std::iter::once("f".to_string())
                .chain(reader.extensions.iter().map(|e| format!("f.{e}")))
                .collect()
        }
    }
}

/// Read `text` as `kind`: every entry is a puzzle or an error naming a position or the file.
fn read(kind: Kind, name: &str, text: &str) {
    for entry in load(name, text, Some(kind)) {
        if let Err(e) = entry.puzzle {
            let message = e.to_string();
            assert!(
                message.starts_with(name),
                "{kind} error without the file name: {message}"
            );
        }
    }
}

/// Every kind registered (a new one needs fixtures above).
fn kind() -> impl Strategy<Value = Kind> {
    proptest::sample::select(satcover::puzzles::KINDS.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes(kind in kind(), bytes in proptest::collection::vec(any::<u8>(), 0..300), pick in any::<usize>()) {
        let names = names(kind);
        read(kind, &names[pick % names.len()], &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_fixtures(
        kind in kind(),
        pick in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        let fixtures = fixtures(kind);
        let (name, text) = &fixtures[pick % fixtures.len()];
        let names = names(kind);
        let file = names
            .iter()
            .find(|n| n.len() > 1 && name.ends_with(n.trim_start_matches('f')))
            .unwrap_or(&names[0]);
        read(kind, file, &apply(text, &mutations));
    }
}

/// Small puzzles whose mutations still read, through every backend with a short budget.
fn small_fixtures() -> Vec<(Kind, &'static str, &'static str)> {
    vec![
        (Kind::SUDOKU, "f.txt", "1.3.\n..1.\n.1..\n..4.\n"),
        (Kind::SUDOKU, "f.txt", "12..34......2..1"),
        (
            Kind::NONOGRAM,
            "f.non",
            "width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n",
        ),
        (Kind::PACKING, "f.pack", "region 3x2\npiece 1x2 x3\n"),
        (
            Kind::PACKING,
            "f.pack",
            "region 4x4\npiece L\n#.\n##\npiece 2x2 x3\n",
        ),
        (Kind::ALPHAMETIC, "f.alpha", "AB + C = DE\nAB * C = DE\n"),
        (
            Kind::CNF,
            "f.cnf",
            "p cnf 4 4\n1 2 0\n-1 3 0\n-3 -2 4 0\n-4 0\n",
        ),
        (Kind::XC, "f.xc", "a b c | x\na b\nc x:1\nb c\na\nc x:2\n"),
        (
            Kind::NURIKABE,
            "f.nurikabe",
            "nurikabe\n2..1.\n.....\n...3.\n....5\n.....\n",
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mutated_small_puzzles_solve_consistently(
        pick in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 0..3),
    ) {
        let fixtures = small_fixtures();
        let (kind, name, text) = fixtures[pick % fixtures.len()];
        let text = apply(text, &mutations);
        let request = Request::unique().with_timeout(Some(Duration::from_secs(2)));
        for entry in load(name, &text, Some(kind)) {
            let Ok(puzzle) = entry.puzzle else { continue };
            let mut counts = Vec::new();
            for backend in [Backend::Native, Backend::Sat, Backend::Dlx] {
                match puzzle.solve_any(backend, &request) {
                    Ok(report) if !report.outcome.timed_out => {
                        counts.push((backend, report.outcome.count));
                    }
                    Ok(_) => {}
                    Err(e @ (SolveError::CheckFailed { .. }
                    | SolveError::Decode { .. }
                    | SolveError::BadModel(_))) => {
                        panic!("{kind} on {backend}: {e}\n{text}")
                    }
                    Err(_) => {}
                }
            }
            if std::env::var_os("NO_PANIC_TRACE").is_some() {
                eprintln!("{kind} {counts:?}");
            }
            for pair in counts.windows(2) {
                prop_assert_eq!(pair[0].1, pair[1].1, "{} {:?}\n{}", kind, pair, text);
            }
        }
    }
}
