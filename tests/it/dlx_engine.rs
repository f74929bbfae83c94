//! The Dancing Links engine against known answers: Knuth's examples, N-queens,
//! pentominoes, a brute-force count over random small matrices, and Knuth's
//! text format (round trips and errors with positions).
//!
//! Glossary for the puzzles built here: a **cell** is `(row, col)` of a board;
//! a **piece** is one of the 12 pentominoes (Conway's letters F I L N P T U V W
//! X Y Z); a **placement** is a piece in one orientation at one position,
//! i.e. one option: the piece's item plus its five cells.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use satcover::dlx::suite::orientations;
use satcover::dlx::{
    Colour, ItemId, Matrix, MatrixError, OptionId, Prepared, Reduced, Search, XcError, cells,
    count, parse_xc, solve, write_xc,
};
use satcover::stop::Stop;

fn all_solutions(m: &Matrix) -> BTreeSet<Vec<OptionId>> {
    let mut found = BTreeSet::new();
    let out = solve(m, &Search::default(), |s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        assert!(found.insert(s), "a solution was reported twice");
    });
    assert!(out.complete && !out.timed_out);
    assert_eq!(out.count as usize, found.len());
    assert_eq!(out.stats.solutions, out.count);
    found
}

// ---------------------------------------------------------------- Knuth's examples

/// TAOCP 7.2.2.1 (5): items a..g, six options, the unique solution is
/// {a d f, b g, c e} — options 3, 4 and 0.
#[test]
fn knuth_seven_item_example() {
    let m = parse_xc("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n").unwrap();
    assert_eq!(
        (m.num_primary(), m.num_options(), m.num_nonzeros()),
        (7, 6, 16)
    );
    let sols = all_solutions(&m);
    assert_eq!(sols, BTreeSet::from([vec![0, 3, 4]]));
    let names = |k: OptionId| -> Vec<&str> {
        m.option_items(k)
            .iter()
            .map(|&(i, _)| m.item_name(i))
            .collect()
    };
    assert_eq!(names(3), ["a", "d", "f"]);
    assert_eq!(names(4), ["b", "g"]);
    assert_eq!(names(0), ["c", "e"]);
    let out = count(&m, &Search::default());
    assert_eq!(out.count, 1);
    assert!(out.stats.nodes > 0 && out.stats.updates > 0);
}

/// TAOCP 7.2.2.1 (49): colours let two options share x with colour A; the
/// unique solution is {q x:A, p r x:A y} — options 3 and 1.
#[test]
fn knuth_colour_example() {
    let text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let m = parse_xc(text).unwrap();
    assert_eq!(
        (m.num_primary(), m.num_secondary(), m.num_colours()),
        (3, 2, 2)
    );
    assert_eq!(all_solutions(&m), BTreeSet::from([vec![1, 3]]));

    // The same problem built through the API, items in mixed order.
    let mut m = Matrix::new();
    let x = m.add_secondary("x");
    let p = m.add_primary("p");
    let q = m.add_primary("q");
    let y = m.add_secondary("y");
    let r = m.add_primary("r");
    let a = m.colour("A");
    let b = m.colour("B");
    m.add_coloured_option(&[(p, None), (q, None), (x, None), (y, Some(a))])
        .unwrap();
    m.add_coloured_option(&[(p, None), (r, None), (x, Some(a)), (y, None)])
        .unwrap();
    m.add_coloured_option(&[(p, None), (x, Some(b))]).unwrap();
    m.add_coloured_option(&[(q, None), (x, Some(a))]).unwrap();
    m.add_coloured_option(&[(r, None), (y, Some(b))]).unwrap();
    assert_eq!(all_solutions(&m), BTreeSet::from([vec![1, 3]]));
}

#[test]
fn degenerate_matrices() {
    // No primary item: exactly one solution, the empty one.
    let mut m = Matrix::new();
    m.add_secondary("x");
    assert_eq!(all_solutions(&m), BTreeSet::from([vec![]]));
    assert_eq!(all_solutions(&Matrix::new()), BTreeSet::from([vec![]]));

    // A primary item without options: nothing, found at once.
    let mut m = Matrix::new();
    let a = m.add_primary("a");
    let b = m.add_primary("b");
    for _ in 0..100 {
        m.add_option(&[a]).unwrap();
    }
    let out = count(&m, &Search::default());
    assert_eq!(out.count, 0);
    assert!(out.complete);
    assert_eq!(out.stats.nodes, 1, "MRV picks b (LEN 0) at the root");
    let _ = b;
}

// ---------------------------------------------------------------- N-queens

/// Rows and columns primary, the 2n−1 diagonals each way secondary; option
/// `r*n + c` places a queen on (r, c).
fn queens(n: usize) -> Matrix {
    let mut m = Matrix::new();
    let rows: Vec<ItemId> = (0..n).map(|r| m.add_primary(format!("r{r}"))).collect();
    let cols: Vec<ItemId> = (0..n).map(|c| m.add_primary(format!("c{c}"))).collect();
    let sums: Vec<ItemId> = (0..2 * n - 1)
        .map(|d| m.add_secondary(format!("a{d}")))
        .collect();
    let diffs: Vec<ItemId> = (0..2 * n - 1)
        .map(|d| m.add_secondary(format!("b{d}")))
        .collect();
    for r in 0..n {
        for c in 0..n {
            m.add_option(&[rows[r], cols[c], sums[r + c], diffs[r + n - 1 - c]])
                .unwrap();
        }
    }
    m
}

#[test]
fn queens_counts_1_to_10() {
    let expected = [1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &want) in (1..=10).zip(&expected) {
        let out = count(&queens(n), &Search::default());
        assert_eq!(out.count, want, "{n}-queens");
        assert!(out.complete);
    }
}

#[test]
fn queens_8_every_solution_is_valid() {
    let n = 8;
    let sols = all_solutions(&queens(n));
    assert_eq!(sols.len(), 92);
    for s in &sols {
        assert_eq!(s.len(), n);
        let q: Vec<(i64, i64)> = s
            .iter()
            .map(|&o| ((o / n) as i64, (o % n) as i64))
            .collect();
        for (i, &(r1, c1)) in q.iter().enumerate() {
            for &(r2, c2) in &q[i + 1..] {
                assert!(r1 != r2 && c1 != c2, "{s:?}");
                assert_ne!((r1 - r2).abs(), (c1 - c2).abs(), "{s:?}");
            }
        }
    }
}

// ---------------------------------------------------------------- limits

#[test]
fn max_solutions_stops_early() {
    let m = queens(8);
    let mut seen = 0;
    let search = Search {
        max_solutions: Some(10),
        ..Search::default()
    };
    let out = solve(&m, &search, |s| {
        assert_eq!(s.len(), 8);
        seen += 1;
    });
    assert_eq!((out.count, seen), (10, 10));
    assert!(!out.complete && !out.timed_out);

    let out = count(
        &m,
        &Search {
            max_solutions: Some(0),
            ..Search::default()
        },
    );
    assert_eq!(out.count, 0);
    assert!(!out.complete);

    let out = count(
        &m,
        &Search {
            max_solutions: Some(1000),
            ..Search::default()
        },
    );
    assert_eq!(out.count, 92);
    assert!(out.complete);
}

#[test]
fn deadline_in_the_past_times_out() {
    let search = Search {
        stop: Stop::at(Some(Instant::now() - Duration::from_millis(1))),
        ..Search::default()
    };
    let out = count(&queens(10), &search);
    assert!(out.timed_out && !out.complete);
    assert_eq!(out.count, 0);

    // A generous deadline changes nothing.
    let search = Search {
        stop: Stop::at(Some(Instant::now() + Duration::from_secs(600))),
        ..Search::default()
    };
    let out = count(&queens(6), &search);
    assert_eq!(out.count, 4);
    assert!(out.complete && !out.timed_out);
}

#[test]
fn deadline_stops_a_long_search() {
    // 14-queens takes far longer than 50 ms even in release.
    let start = Instant::now();
    let search = Search {
        stop: Stop::at(Some(start + Duration::from_millis(50))),
        ..Search::default()
    };
    let out = count(&queens(14), &search);
    assert!(out.timed_out && !out.complete);
    assert!(out.count < 365_596);
    assert!(start.elapsed() < Duration::from_secs(5));
}

// ---------------------------------------------------------------- random matrices vs brute force

/// A small random problem: `p` primaries then `s` secondaries, colours A B C.
#[derive(Clone, Debug)]
struct Small {
    p: usize,
    s: usize,
    /// Per option: primary mask (non-zero), secondary mask, colour per secondary (0 = none).
    options: Vec<(u8, u8, [u8; 3])>,
}

fn small() -> impl Strategy<Value = Small> {
    (1usize..=4, 0usize..=3).prop_flat_map(|(p, s)| {
        let option = (1u8..(1 << p), 0u8..(1 << s), [0u8..=3, 0u8..=3, 0u8..=3]);
        proptest::collection::vec(option, 1..=11).prop_map(move |options| Small { p, s, options })
    })
}

fn build(small: &Small) -> Matrix {
    let mut m = Matrix::new();
    for i in 0..small.p {
        m.add_primary(format!("p{i}"));
    }
    for i in 0..small.s {
        m.add_secondary(format!("s{i}"));
    }
    let colours: Vec<Colour> = ["A", "B", "C"].iter().map(|c| m.colour(c)).collect();
    for &(pm, sm, cs) in &small.options {
        let mut entries = Vec::new();
        for i in 0..small.p {
            if pm >> i & 1 == 1 {
                entries.push((i, None));
            }
        }
        for i in 0..small.s {
            if sm >> i & 1 == 1 {
                let c = (cs[i] > 0).then(|| colours[cs[i] as usize - 1]);
                entries.push((small.p + i, c));
            }
        }
        m.add_coloured_option(&entries).unwrap();
    }
    m
}

/// Every subset of options, checked against the definition of XCC directly:
/// primaries exactly once; a secondary item by at most one option, or by
/// several that all give it the same colour.
fn brute_force(m: &Matrix) -> BTreeSet<Vec<OptionId>> {
    let k = m.num_options();
    let mut out = BTreeSet::new();
    for subset in 0u32..(1 << k) {
        let chosen: Vec<OptionId> = (0..k).filter(|&o| subset >> o & 1 == 1).collect();
        let ok = (0..m.num_items()).all(|item| {
            let uses: Vec<Option<Colour>> = chosen
                .iter()
                .flat_map(|&o| m.option_items(o))
                .filter(|&&(i, _)| i == item)
                .map(|&(_, c)| c)
                .collect();
            if m.is_primary(item) {
                uses.len() == 1
            } else {
                uses.len() <= 1 || (uses[0].is_some() && uses.iter().all(|&c| c == uses[0]))
            }
        });
        if ok {
            out.insert(chosen);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engine_agrees_with_brute_force(small in small()) {
        let m = build(&small);
        let want = brute_force(&m);
        prop_assert_eq!(all_solutions(&m), want.clone());
        let out = count(&m, &Search::default());
        prop_assert_eq!(out.count as usize, want.len());
        // A limit never over-reports.
        let limited = count(&m, &Search { max_solutions: Some(1), ..Search::default() });
        prop_assert_eq!(limited.count, want.len().min(1) as u64);
        // The dancing-cells engine finds the same covers, each once.
        let mut found = BTreeSet::new();
        let out = cells::solve(&m, &Search::default(), |s| {
            let mut s = s.to_vec();
            s.sort_unstable();
            assert!(found.insert(s), "a solution was reported twice");
        });
        prop_assert!(out.complete);
        prop_assert_eq!(out.count as usize, want.len());
        prop_assert_eq!(found, want.clone());
        let limited = cells::count(&m, &Search { max_solutions: Some(1), ..Search::default() });
        prop_assert_eq!(limited.count, want.len().min(1) as u64);
    }

    /// A prepared matrix with some options forced finds the covers that contain
    /// them, and searches exactly like the smaller matrix left once they are
    /// taken (same nodes, updates and size), search after search.
    #[test]
    fn prepared_forcing_is_the_reduced_matrix(small in small(), forced_mask in 0u16..2048) {
        let mut small = small;
        for option in &mut small.options {
            option.2 = [0; 3];
        }
        let m = build(&small);
        let forced: Vec<OptionId> =
            (0..m.num_options()).filter(|&o| forced_mask >> o & 1 == 1).collect();
        let want: BTreeSet<Vec<OptionId>> = brute_force(&m)
            .into_iter()
            .filter(|s| forced.iter().all(|o| s.contains(o)))
            .collect();
        let mut prepared = Prepared::new(&m).unwrap();
        for _ in 0..2 {
            let mut found = BTreeSet::new();
            let answer = prepared.solve(&forced, &Search::default(), |s| {
                let mut s = [s, &forced].concat();
                s.sort_unstable();
                found.insert(s);
            });
            let used: BTreeSet<ItemId> =
                forced.iter().flat_map(|&o| m.option_items(o).iter().map(|&(i, _)| i)).collect();
            let entries: usize = forced.iter().map(|&o| m.option_items(o).len()).sum();
            let Some((out, reduced)) = answer else {
                // Two forced options share an item: no cover, nothing searched.
                prop_assert!(used.len() < entries && want.is_empty() && found.is_empty());
                continue;
            };
            prop_assert!(used.len() == entries);
            prop_assert!(out.complete);
            prop_assert_eq!(out.count as usize, found.len());
            prop_assert_eq!(&found, &want);
            // The smaller matrix, built on its own.
            let mut r = Matrix::new();
            let mut id = vec![None; m.num_items()];
            for item in (0..m.num_items()).filter(|i| !used.contains(i)) {
                id[item] = Some(match m.is_primary(item) {
                    true => r.add_primary(m.item_name(item)),
                    false => r.add_secondary(m.item_name(item)),
                });
            }
            for o in 0..m.num_options() {
                let items: Option<Vec<ItemId>> =
                    m.option_items(o).iter().map(|&(i, _)| id[i]).collect();
                if let Some(items) = items {
                    r.add_option(&items).unwrap();
                }
            }
            prop_assert_eq!(out.stats, count(&r, &Search::default()).stats);
            prop_assert_eq!(
                reduced,
                Reduced { items: r.num_items(), options: r.num_options(), nonzeros: r.num_nonzeros() }
            );
        }
    }

    #[test]
    fn xc_round_trip(small in small()) {
        let m = build(&small);
        let back = parse_xc(&write_xc(&m)).unwrap();
        assert_same(&m, &back);
        prop_assert_eq!(all_solutions(&m), all_solutions(&back));
    }
}

/// Same items (names, kinds, ids) and options (entries, colour names).
fn assert_same(a: &Matrix, b: &Matrix) {
    assert_eq!(a.num_items(), b.num_items());
    for i in 0..a.num_items() {
        assert_eq!(a.item_name(i), b.item_name(i));
        assert_eq!(a.is_primary(i), b.is_primary(i));
    }
    assert_eq!(a.num_options(), b.num_options());
    for k in 0..a.num_options() {
        let (ea, eb) = (a.option_items(k), b.option_items(k));
        assert_eq!(ea.len(), eb.len());
        for (&(ia, ca), &(ib, cb)) in ea.iter().zip(eb) {
            assert_eq!(ia, ib);
            assert_eq!(ca.map(|c| a.colour_name(c)), cb.map(|c| b.colour_name(c)));
        }
    }
}

// ---------------------------------------------------------------- Knuth's format

#[test]
fn write_xc_is_knuths_format() {
    let m = parse_xc(
        "| a comment\np q r | x y\n\np q x y:A\n  | another\np r x:A y\np x:B\nq x:A\nr y:B\n",
    )
    .unwrap();
    assert_eq!(
        write_xc(&m),
        "| satcover exact cover: 3 primary, 2 secondary items, 5 options\n\
         p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"
    );
}

#[test]
fn write_xc_renames_what_knuth_would_refuse() {
    let mut m = Matrix::new();
    let long = m.add_primary("a very long name");
    let dup = m.add_primary("p");
    let dup2 = m.add_primary("p");
    let x = m.add_secondary("x:y");
    let red = m.colour("red");
    let one = m.colour("1");
    m.add_coloured_option(&[(long, None), (x, Some(red))])
        .unwrap();
    m.add_coloured_option(&[(dup, None), (dup2, None), (x, Some(one))])
        .unwrap();
    let text = write_xc(&m);
    let back = parse_xc(&text).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('|')) {
        for token in line.split_whitespace().filter(|&t| t != "|") {
            let (name, colour) = token.split_once(':').unwrap_or((token, ""));
            assert!((1..=8).contains(&name.len()), "{name}");
            assert!(colour.len() <= 1, "{colour}");
        }
    }
    assert_eq!(back.item_name(1), "p");
    assert_ne!(back.item_name(2), "p");
    assert_eq!(back.num_options(), 2);
    assert_eq!(back.colour_name(back.option_items(1)[2].1.unwrap()), "1");
    assert_eq!(all_solutions(&back), all_solutions(&m));
}

fn err(text: &str) -> XcError {
    match parse_xc(text) {
        Ok(_) => panic!("parse_xc accepted {text:?}"),
        Err(e) => e,
    }
}

#[test]
fn parse_errors_carry_positions() {
    let e = err("a b\na c\n");
    assert!(matches!(&e, XcError::UnknownItem { name, .. } if name == "c"));
    assert_eq!((e.line(), e.column()), (2, 3));
    assert_eq!(e.to_string(), "line 2, column 3: unknown item `c`");
    assert_eq!(
        (e.line(), e.column(), e.reason().as_str()),
        (2, 3, "unknown item `c`")
    );

    let e = err("a b\n\na b a\n");
    assert!(matches!(
        e,
        XcError::RepeatedItem {
            first_column: 1,
            ..
        }
    ));
    assert_eq!((e.line(), e.column()), (3, 5));

    let e = err("a | x\nx a:A\n");
    assert!(matches!(e, XcError::ColourOnPrimary { .. }));
    assert_eq!((e.line(), e.column()), (2, 3));

    let e = err("| only a comment\n\n   | and another\n");
    assert!(matches!(e, XcError::MissingItems { .. }));
    assert_eq!((e.line(), e.column()), (4, 1));

    let e = err("a b:c\n");
    assert!(matches!(e, XcError::BadName { .. }));
    assert_eq!((e.line(), e.column()), (1, 3));

    let e = err("a b\na b|\n");
    assert!(matches!(e, XcError::BadName { .. }));
    assert_eq!((e.line(), e.column()), (2, 3));

    let e = err("a | x\na x:\n");
    assert!(matches!(&e, XcError::BadName { name, .. } if name.is_empty()));
    assert_eq!((e.line(), e.column()), (2, 5));

    // Knuth's programs drop such an option with a warning; we refuse it.
    let e = err("a | x y\na x\n  x y:B\n");
    assert!(matches!(e, XcError::NoPrimaryItem { .. }));
    assert_eq!((e.line(), e.column()), (3, 3));

    let e = err("");
    assert!(matches!(e, XcError::Empty { .. }));
    assert_eq!((e.line(), e.column()), (1, 1));
    assert!(matches!(err(" \n\t\n"), XcError::Empty { .. }));

    let e = err("a b c b\n");
    assert!(matches!(
        e,
        XcError::DuplicateItem {
            first_column: 3,
            ..
        }
    ));
    assert_eq!((e.line(), e.column()), (1, 7));

    let e = err("a | b | c\n");
    assert!(matches!(e, XcError::SecondSeparator { .. }));
    assert_eq!((e.line(), e.column()), (1, 7));
}

#[test]
fn matrix_errors() {
    let mut m = Matrix::new();
    let a = m.add_primary("a");
    assert_eq!(m.add_option(&[]), Err(MatrixError::EmptyOption));
    assert!(matches!(
        m.add_option(&[a, a]),
        Err(MatrixError::RepeatedItem {
            position: 1,
            first: 0,
            ..
        })
    ));
    assert!(matches!(
        m.add_option(&[3]),
        Err(MatrixError::UnknownItem { item: 3, .. })
    ));
    assert_eq!(m.num_options(), 0);
}

// ---------------------------------------------------------------- pentominoes

/// Conway's names; each shape drawn on a small grid.
const PENTOMINOES: [(&str, &[&str]); 12] = [
    ("F", &[".##", "##.", ".#."]),
    ("I", &["#####"]),
    ("L", &["####", "#..."]),
    ("N", &["##..", ".###"]),
    ("P", &["##", "##", "#."]),
    ("T", &["###", ".#.", ".#."]),
    ("U", &["#.#", "###"]),
    ("V", &["#..", "#..", "###"]),
    ("W", &["#..", "##.", ".##"]),
    ("X", &[".#.", "###", ".#."]),
    ("Y", &[".#..", "####"]),
    ("Z", &["##.", ".#.", ".##"]),
];

type Shape = Vec<(i32, i32)>;

/// Placements of the 12 pentominoes in a `rows`×`cols` box: piece items
/// (primary, or secondary if `pieces_optional`) then cell items `r{r}c{c}`.
/// With `x_quadrant`, X's centre must lie in the upper-left quadrant, which
/// divides the count by the box's 4 symmetries when no X placement is
/// symmetric (Knuth's trick, TAOCP 7.2.2.1).
fn pentomino_box(rows: i32, cols: i32, x_quadrant: bool, pieces_optional: bool) -> Matrix {
    let mut m = Matrix::new();
    let pieces: Vec<ItemId> = PENTOMINOES
        .iter()
        .map(|(name, _)| {
            if pieces_optional {
                m.add_secondary(*name)
            } else {
                m.add_primary(*name)
            }
        })
        .collect();
    let mut cells = vec![0; (rows * cols) as usize];
    for r in 0..rows {
        for c in 0..cols {
            cells[(r * cols + c) as usize] = m.add_primary(format!("r{r}c{c}"));
        }
    }
    for (k, (name, shape)) in PENTOMINOES.iter().enumerate() {
        for o in orientations(shape) {
            let (h, w) = (
                o.iter().map(|p| p.0).max().unwrap_or(0) + 1,
                o.iter().map(|p| p.1).max().unwrap_or(0) + 1,
            );
            for r in 0..=rows - h {
                for c in 0..=cols - w {
                    if x_quadrant && *name == "X" {
                        // X's centre is at (r + 1, c + 1).
                        if 2 * (r + 1) + 1 > rows || 2 * (c + 1) + 1 > cols {
                            continue;
                        }
                    }
                    let mut option = vec![pieces[k]];
                    option.extend(
                        o.iter()
                            .map(|&(dr, dc)| cells[((r + dr) * cols + c + dc) as usize]),
                    );
                    m.add_option(&option).unwrap();
                }
            }
        }
    }
    m
}

#[test]
fn pentomino_orientations() {
    let counts: Vec<usize> = PENTOMINOES
        .iter()
        .map(|(_, s)| orientations(s).len())
        .collect();
    assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert_eq!(counts.iter().sum::<usize>(), 63);
}

/// Checks a solution of `pentomino_box` as a tiling, sharing nothing with the
/// engine: every cell covered once, no piece twice.
fn check_tiling(m: &Matrix, solution: &[OptionId], cells: usize) {
    let mut covered = vec![0; m.num_items()];
    for &o in solution {
        for &(i, _) in m.option_items(o) {
            covered[i] += 1;
        }
    }
    assert!(covered[..12].iter().all(|&n| n <= 1), "a piece used twice");
    assert!(
        covered[12..12 + cells].iter().all(|&n| n == 1),
        "a cell not covered once"
    );
}

/// An independent counter: fill the first empty cell in column-major order
/// (boxes here are wider than tall) with every unused piece orientation that
/// fits — the classic cell-first backtracker.
fn tilings_by_backtracking(rows: i32, cols: i32) -> u64 {
    struct Board {
        rows: i32,
        cols: i32,
        filled: Vec<bool>,
        used: [bool; 12],
        /// Per piece, per orientation: cells relative to the orientation's
        /// first cell in column-major order.
        shapes: Vec<Vec<Shape>>,
    }
    impl Board {
        fn free(&self, r: i32, c: i32) -> bool {
            (0..self.rows).contains(&r)
                && (0..self.cols).contains(&c)
                && !self.filled[(c * self.rows + r) as usize]
        }
        fn set(&mut self, cells: &[(i32, i32)], value: bool) {
            for &(r, c) in cells {
                self.filled[(c * self.rows + r) as usize] = value;
            }
        }
        fn count(&mut self) -> u64 {
            let Some(first) = self.filled.iter().position(|&b| !b) else {
                return 1;
            };
            let (r0, c0) = (first as i32 % self.rows, first as i32 / self.rows);
            let mut total = 0;
            for k in 0..12 {
                if self.used[k] {
                    continue;
                }
                for o in 0..self.shapes[k].len() {
                    let cells: Vec<(i32, i32)> = self.shapes[k][o]
                        .iter()
                        .map(|&(r, c)| (r0 + r, c0 + c))
                        .collect();
                    if cells.iter().all(|&(r, c)| self.free(r, c)) {
                        self.set(&cells, true);
                        self.used[k] = true;
                        total += self.count();
                        self.used[k] = false;
                        self.set(&cells, false);
                    }
                }
            }
            total
        }
    }
    let shapes = PENTOMINOES
        .iter()
        .map(|(_, s)| {
            orientations(s)
                .into_iter()
                .map(|o| {
                    let &(ar, ac) = o.iter().min_by_key(|&&(r, c)| (c, r)).unwrap_or(&(0, 0));
                    o.iter().map(|&(r, c)| (r - ar, c - ac)).collect()
                })
                .collect()
        })
        .collect();
    let mut board = Board {
        rows,
        cols,
        filled: vec![false; (rows * cols) as usize],
        used: [false; 12],
        shapes,
    };
    board.count()
}

#[test]
fn pentomino_3x20_has_8_tilings() {
    let m = pentomino_box(3, 20, false, false);
    assert_eq!((m.num_items(), m.num_primary()), (72, 72));
    let sols = all_solutions(&m);
    assert_eq!(sols.len(), 8);
    for s in &sols {
        assert_eq!(s.len(), 12);
        check_tiling(&m, s, 60);
    }
    assert_eq!(tilings_by_backtracking(3, 20), 8);
    fixture("pentomino_3x20.xc", &m);
}

/// A 5×6 box holds 6 of the 12 pieces: pieces secondary (at most once each).
#[test]
fn pentomino_5x6_with_optional_pieces_agrees_with_backtracking() {
    let m = pentomino_box(5, 6, false, true);
    assert_eq!((m.num_primary(), m.num_secondary()), (30, 12));
    let sols = all_solutions(&m);
    for s in &sols {
        assert_eq!(s.len(), 6);
        check_tiling(&m, s, 30);
    }
    assert_eq!(sols.len() as u64, tilings_by_backtracking(5, 6));
    // No tiling of a 5×6 box by distinct pieces is symmetric.
    assert!(
        !sols.is_empty() && sols.len().is_multiple_of(4),
        "{}",
        sols.len()
    );
}

#[test]
#[ignore = "slow in debug; run with --release -- --ignored --nocapture"]
fn pentomino_6x10_x_restricted_has_2339_tilings() {
    let m = pentomino_box(6, 10, true, false);
    fixture("pentomino_6x10_x.xc", &m);
    let start = Instant::now();
    let out = count(&m, &Search::default());
    eprintln!(
        "6x10 X-restricted: {} solutions, {:.2} s, {} nodes, {} updates ({} options)",
        out.count,
        start.elapsed().as_secs_f64(),
        out.stats.nodes,
        out.stats.updates,
        m.num_options()
    );
    assert_eq!(out.count, 2339);
}

#[test]
#[ignore = "slow in debug; run with --release -- --ignored --nocapture"]
fn pentomino_6x10_has_9356_tilings() {
    let m = pentomino_box(6, 10, false, false);
    fixture("pentomino_6x10.xc", &m);
    let start = Instant::now();
    let out = count(&m, &Search::default());
    eprintln!(
        "6x10 all: {} solutions, {:.2} s, {} nodes, {} updates ({} options)",
        out.count,
        start.elapsed().as_secs_f64(),
        out.stats.nodes,
        out.stats.updates,
        m.num_options()
    );
    assert_eq!(out.count, 9356);
}

/// The fixture files are `write_xc` of the matrices built here, so the
/// benchmark (and Knuth's own programs) read exactly the same problem.
/// `SATCOVER_BLESS=1` rewrites them.
fn fixture(name: &str, m: &Matrix) {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", "xc", name]
        .iter()
        .collect();
    let text = write_xc(m);
    if std::env::var_os("SATCOVER_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let stored = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with SATCOVER_BLESS=1)", path.display()));
    assert!(
        stored == text,
        "{} is stale (run with SATCOVER_BLESS=1)",
        path.display()
    );
    assert_same(m, &parse_xc(&stored).unwrap());
}

#[test]
fn fixtures_parse_and_solve() {
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "fixtures", "xc"]
        .iter()
        .collect();
    let read = |n: &str| parse_xc(&std::fs::read_to_string(dir.join(n)).unwrap()).unwrap();
    assert_eq!(
        all_solutions(&read("knuth_5.xc")),
        BTreeSet::from([vec![0, 3, 4]])
    );
    assert_eq!(
        all_solutions(&read("knuth_49.xc")),
        BTreeSet::from([vec![1, 3]])
    );
    assert_eq!(
        count(&read("pentomino_3x20.xc"), &Search::default()).count,
        8
    );
}
