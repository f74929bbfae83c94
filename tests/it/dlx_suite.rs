//! The exact-cover benchmark suite (`satcover::dlx::suite`, `docs/dlx.md`):
//! every problem's known count, and the search's cost equal to what Knuth's
//! DLX1 (DLX2 with colours) reports on the same file — same tree, same nodes,
//! updates and cleansings — as recorded from his programs (`docs/dlx.md` says
//! how they were built and run). The dancing-cells engine (`dlx::cells`)
//! likewise against Knuth's SSXCC.

use std::time::{Duration, Instant};

use satcover::dlx::{DlxStats, Matrix, Search, cells, count, parse_xc, suite, write_xc};
use satcover::puzzles::sudoku::{self, cover};
use satcover::stop::Stop;

/// DLX1's `nodes` and `updates` on `xc_suite write`'s file of each problem.
const DLX1: [(&str, u64, u64); 7] = [
    ("queens_12", 211_716, 3_594_752),
    ("pentomino_8x8_centre", 293_045, 102_179_915),
    ("pentomino_6x10_x", 909_153, 310_816_489),
    ("langford_11", 439_747, 5_974_979),
    ("queens_13", 1_046_319, 17_463_157),
    ("pentomino_6x10", 3_637_261, 1_242_377_480),
    ("langford_12", 2_831_065, 38_673_459),
];

/// SSXCC's `nodes` and `updates` on the same files.
const SSXCC: [(&str, u64, u64); 7] = [
    ("queens_12", 172_166, 3_356_705),
    ("pentomino_8x8_centre", 94_342, 83_363_472),
    ("pentomino_6x10_x", 302_444, 256_710_086),
    ("langford_11", 345_410, 5_532_652),
    ("queens_13", 859_365, 16_337_485),
    ("pentomino_6x10", 1_210_954, 1_040_447_865),
    ("langford_12", 2_217_430, 35_779_859),
];

/// Counts `m` with both engines (after a round trip through Knuth's format,
/// as his programs read it): DLX's stats, then dancing cells'.
fn count_as_knuth(m: &Matrix) -> (DlxStats, DlxStats) {
    let m = parse_xc(&write_xc(m)).expect("write_xc output parses");
    let out = count(&m, &Search::default());
    assert!(out.complete && !out.timed_out);
    let by_cells = cells::count(&m, &Search::default());
    assert!(by_cells.complete && !by_cells.timed_out);
    (out.stats, by_cells.stats)
}

fn check(name: &str) {
    let problem = suite::problems()
        .into_iter()
        .find(|p| p.name == name)
        .expect("a suite problem");
    let &(_, nodes, updates) = DLX1.iter().find(|d| d.0 == name).expect("DLX1's figures");
    let &(_, cell_nodes, cell_updates) = SSXCC.iter().find(|d| d.0 == name).expect("SSXCC's");
    let (stats, by_cells) = count_as_knuth(&(problem.build)());
    assert_eq!(stats.solutions, problem.count, "{name}: count");
    assert_eq!(
        (stats.nodes, stats.updates, stats.cleansings),
        (nodes, updates, 0),
        "{name}: DLX1's nodes and updates"
    );
    assert_eq!(by_cells.solutions, problem.count, "{name}: count by cells");
    assert_eq!(
        (by_cells.nodes, by_cells.updates),
        (cell_nodes, cell_updates),
        "{name}: SSXCC's nodes and updates"
    );
}

#[test]
fn every_problem_has_dlx1_figures() {
    let names: Vec<_> = suite::problems().iter().map(|p| p.name).collect();
    let recorded: Vec<_> = DLX1.iter().map(|d| d.0).collect();
    assert_eq!(names, recorded);
    let recorded: Vec<_> = SSXCC.iter().map(|d| d.0).collect();
    assert_eq!(names, recorded);
}

#[test]
fn queens_12_and_13() {
    check("queens_12");
    check("queens_13");
}

#[test]
fn langford_11() {
    check("langford_11");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs --release")]
fn langford_12() {
    check("langford_12");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs --release")]
fn scott_pentominoes_8x8_less_centre() {
    check("pentomino_8x8_centre");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs --release")]
fn pentominoes_6x10_x_restricted() {
    check("pentomino_6x10_x");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug; CI runs --release")]
fn pentominoes_6x10() {
    check("pentomino_6x10");
}

/// Smaller members of the families, with their known counts (OEIS A000170,
/// A014552 doubled, TAOCP 7.2.2.1).
#[test]
fn smaller_members_of_the_families() {
    let queens: Vec<u64> = (4..=10)
        .map(|n| count(&suite::queens(n), &Search::default()).count)
        .collect();
    assert_eq!(queens, [2, 10, 4, 40, 92, 352, 724]);
    // Langford pairs exist for n ≡ 0, 3 (mod 4): 1, 1, 26, 150 up to reversal.
    let langford: Vec<u64> = (3..=8)
        .map(|n| count(&suite::langford(n), &Search::default()).count)
        .collect();
    assert_eq!(langford, [2, 2, 0, 0, 52, 300]);
    let m = suite::pentominoes(3, 20, &[], false);
    assert_eq!(count(&m, &Search::default()).count, 8);
}

/// Sudoku exports (`satcover export --to xc`) of five 17-clue puzzles: one
/// solution each, DLX1's figures.
#[test]
fn sudoku_exports() {
    let text = include_str!("../fixtures/sudoku_native/17_clue_200.txt");
    let puzzles = sudoku::parse(text);
    let dlx1 = [
        (33, 65, 1_180),
        (62, 149, 2_902),
        (105, 65, 1_174),
        (130, 276, 5_420),
        (191, 65, 1_198),
    ];
    for (line, nodes, updates) in dlx1 {
        let (_, puzzle) = puzzles[line - 1].as_ref().expect("fixture parses");
        let (stats, by_cells) = count_as_knuth(&cover::encode_with(puzzle, true).matrix);
        assert_eq!(by_cells.solutions, 1);
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (1, nodes, updates),
            "17_clue_200 line {line}"
        );
    }
}

/// A colour (XCC) case: `satcover export --to xc` of nonogram-db's webpbn
/// 26167 (10×10), with DLX2's figures and SSXCC's.
#[test]
fn nonogram_xcc_export() {
    let m = parse_xc(include_str!("../fixtures/xc/nonogram_26167.xc")).expect("fixture parses");
    assert_eq!((m.num_primary(), m.num_secondary()), (20, 100));
    let out = count(&m, &Search::default());
    assert_eq!(out.count, 1);
    assert_eq!(
        (out.stats.nodes, out.stats.updates, out.stats.cleansings),
        (275, 49_983, 9_516),
        "DLX2's nodes, updates and cleansings"
    );
    let out = cells::count(&m, &Search::default());
    assert_eq!(out.count, 1);
    assert_eq!(
        (out.stats.nodes, out.stats.updates),
        (193, 47_175),
        "SSXCC's"
    );
}

/// TAOCP 7.2.2.1 (49) with colours, and the degenerate matrices, by cells.
#[test]
fn cells_small_cases() {
    let m = parse_xc(include_str!("../fixtures/xc/knuth_49.xc")).expect("fixture parses");
    let mut found = Vec::new();
    let out = cells::solve(&m, &Search::default(), |s| {
        let mut s = s.to_vec();
        s.sort_unstable();
        found.push(s);
    });
    assert_eq!(found, [vec![1, 3]]);
    assert_eq!((out.stats.nodes, out.stats.updates), (3, 20), "SSXCC's");
    // No primary item: one solution, the empty one.
    let mut m = Matrix::new();
    m.add_secondary("x");
    assert_eq!(cells::count(&m, &Search::default()).count, 1);
    assert_eq!(cells::count(&Matrix::new(), &Search::default()).count, 1);
    // A primary item without options: none.
    let mut m = Matrix::new();
    let a = m.add_primary("a");
    m.add_primary("b");
    m.add_option(&[a]).unwrap();
    let out = cells::count(&m, &Search::default());
    assert!(out.complete && out.count == 0);
    // A limit of zero finds nothing and is not complete.
    let zero = Search {
        max_solutions: Some(0),
        ..Search::default()
    };
    assert!(!cells::count(&m, &zero).complete);
}

/// Dancing cells keeps a deadline, at the start and during a long search.
#[test]
fn cells_deadline() {
    let past = Search {
        stop: Stop::at(Some(Instant::now() - Duration::from_millis(1))),
        ..Search::default()
    };
    let out = cells::count(&suite::queens(10), &past);
    assert!(out.timed_out && !out.complete && out.count == 0);
    let start = Instant::now();
    let soon = Search {
        stop: Stop::at(Some(start + Duration::from_millis(50))),
        ..Search::default()
    };
    let out = cells::count(&suite::queens(16), &soon);
    assert!(out.timed_out && !out.complete);
    assert!(start.elapsed() < Duration::from_secs(5));
}
