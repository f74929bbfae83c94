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
//! The pentomino problems are read from `tests/fixtures/xc/` (written by the
//! tests from the piece shapes), so Knuth's programs can run the same files.
//! Building the matrix is outside the timed part.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satcover::dlx::{ItemId, Matrix, Search, count, parse_xc};

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

criterion_group!(benches, bench_dlx);
criterion_main!(benches);
