//! Dancing Links engine benchmarks: counting all solutions (no solution is
//! materialised) of classic exact-cover problems with known counts.
//!
//! - `dlx/queens_count/10`: 10-queens, rows/columns primary, diagonals
//!   secondary; 724 solutions.
//! - `dlx/pentomino_3x20`: the 12 pentominoes in a 3×20 box; 8 tilings.
//! - `dlx/pentomino_6x10_x_restricted`: 6×10 box with X in one quadrant
//!   (Knuth's symmetry breaking); 2,339 tilings. Knuth's DLX1 needs 311 M
//!   updates and ~2.5 s here.
//!
//! - `dlx/sudoku_17clue_x200/{encoded,prepared}`: 200 17-clue sudokus
//!   (`tests/fixtures/sudoku_native/17_clue_200.txt`), proving uniqueness:
//!   `encoded` builds each puzzle's matrix and searches it; `prepared` forces
//!   the givens on the empty grid's matrix prepared once ([`Prepared`]), the
//!   path the `dlx` backend takes. Same search, same nodes and updates.
//!
//! The pentomino problems are read from `tests/fixtures/xc/` (written by the
//! tests from the piece shapes), so Knuth's programs can run the same files.
//! Building the matrix is outside the timed part, except in `encoded`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satcover::dlx::{ItemId, Matrix, Prepared, Search, count, parse_xc};
use satcover::puzzles::sudoku::{self, cover};

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
                .expect("queens options are well formed");
        }
    }
    m
}

fn fixture(text: &str) -> Matrix {
    parse_xc(text).expect("fixture parses")
}

fn bench_dlx(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx");

    let m = queens(10);
    group.bench_function("queens_count/10", |b| {
        b.iter(|| {
            let out = count(black_box(&m), &Search::default());
            assert_eq!(out.count, 724);
        })
    });

    let m = fixture(include_str!("../tests/fixtures/xc/pentomino_3x20.xc"));
    group.sample_size(30);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("pentomino_3x20", |b| {
        b.iter(|| {
            let out = count(black_box(&m), &Search::default());
            assert_eq!(out.count, 8);
        })
    });

    let m = fixture(include_str!("../tests/fixtures/xc/pentomino_6x10_x.xc"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("pentomino_6x10_x_restricted", |b| {
        b.iter(|| {
            let out = count(black_box(&m), &Search::default());
            assert_eq!(out.count, 2339);
        })
    });

    group.finish();
}

/// The empty 9×9 grid: items cell, row#digit, column#digit, box#digit; option
/// `cell · 9 + digit − 1`, in the order of `cover::encode`.
fn empty_grid() -> Matrix {
    let mut m = Matrix::new();
    let mut items = || -> Vec<ItemId> { (0..81).map(|i| m.add_primary(format!("i{i}"))).collect() };
    let (cells, rows, cols, boxes) = (items(), items(), items(), items());
    for (cell, &cell_item) in cells.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        for d in 0..9 {
            let b = (r / 3) * 3 + c / 3;
            m.add_option(&[
                cell_item,
                rows[r * 9 + d],
                cols[c * 9 + d],
                boxes[b * 9 + d],
            ])
            .expect("four distinct items");
        }
    }
    m
}

fn bench_sudoku(c: &mut Criterion) {
    let text = include_str!("../tests/fixtures/sudoku_native/17_clue_200.txt");
    let puzzles: Vec<_> = sudoku::parse(text)
        .into_iter()
        .map(|p| p.expect("fixture parses").1)
        .collect();
    let mut group = c.benchmark_group("dlx/sudoku_17clue_x200");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    let search = Search {
        max_solutions: Some(2),
        ..Search::default()
    };
    group.bench_function("encoded", |b| {
        b.iter(|| {
            for p in &puzzles {
                let m = cover::encode(black_box(p)).matrix;
                assert_eq!(count(&m, &search).count, 1);
            }
        })
    });
    let mut prepared = Prepared::new(&empty_grid()).expect("no colours");
    let forced: Vec<Vec<usize>> = puzzles
        .iter()
        .map(|p| {
            let givens = p.givens().iter().enumerate().filter(|&(_, &d)| d != 0);
            givens
                .map(|(cell, &d)| cell * 9 + usize::from(d) - 1)
                .collect()
        })
        .collect();
    group.bench_function("prepared", |b| {
        b.iter(|| {
            for f in &forced {
                let (out, _) = prepared
                    .solve(black_box(f), &search, |_| {})
                    .expect("givens do not clash");
                assert_eq!(out.count, 1);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_dlx, bench_sudoku);
criterion_main!(benches);
