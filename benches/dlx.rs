//! Dancing Links engine benchmarks: counting all solutions (no solution is
//! materialised) of the exact-cover suite (`satcover::dlx::suite`, the
//! problems and their DLX1 comparison in `docs/dlx.md`), with both engines:
//!
//! - `dlx/suite/{dlx,cells}/NAME`: Algorithm C (`dlx::count`, DLX1's tree and
//!   counters) and dancing cells (`dlx::cells::count`, SSXCC's) on queens 12
//!   and 13, Langford pairs 11 and 12, Scott's 8×8 pentominoes, 6×10
//!   pentominoes with X restricted and without. Building the matrix is
//!   outside the timed part; the engine's own structure is inside.
//! - `dlx/nonogram_26167/{dlx,cells}`: a colour (XCC) case, the nonogram
//!   exact cover `satcover export --to xc` writes (`tests/fixtures/xc/`).
//! - `dlx/sudoku_17clue_x200/{encoded,prepared}`: 200 17-clue sudokus
//!   (`tests/fixtures/sudoku_native/17_clue_200.txt`), proving uniqueness:
//!   `encoded` builds each puzzle's matrix and searches it; `prepared` forces
//!   the givens on the empty grid's matrix prepared once ([`Prepared`]), the
//!   path the `dlx` backend takes. Same search, same nodes and updates.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satcover::dlx::{ItemId, Matrix, Prepared, Search, cells, count, parse_xc, suite};
use satcover::puzzles::sudoku::{self, cover};

fn bench_suite(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx/suite");
    for problem in suite::problems() {
        let m = (problem.build)();
        // Ten samples of the slowest take about a minute per engine.
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(20));
        for (engine, run) in [
            ("dlx", count as fn(&Matrix, &Search) -> _),
            ("cells", cells::count),
        ] {
            group.bench_function(format!("{engine}/{}", problem.name), |b| {
                b.iter(|| {
                    let out = run(black_box(&m), &Search::default());
                    assert_eq!(out.count, problem.count);
                })
            });
        }
    }
    group.finish();

    let m = parse_xc(include_str!("../tests/fixtures/xc/nonogram_26167.xc")).expect("parses");
    let mut group = c.benchmark_group("dlx/nonogram_26167");
    group.bench_function("dlx", |b| {
        b.iter(|| assert_eq!(count(black_box(&m), &Search::default()).count, 1))
    });
    group.bench_function("cells", |b| {
        b.iter(|| assert_eq!(cells::count(black_box(&m), &Search::default()).count, 1))
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

criterion_group!(benches, bench_suite, bench_sudoku);
criterion_main!(benches);
