//! Sudoku benches (criterion). One group per backend: `sudoku/native`, `sudoku/sat` and
//! `sudoku/dlx`, the last two with encoding and solving measured apart, and
//! `sudoku/native9`: the 9×9 hot loop over tdoku's benchmark collections.
//!
//! Inputs are the fixtures in `tests/fixtures/sudoku_native/` (see the
//! README there): 200 17-clue puzzles, 200 of the hardest forum puzzles,
//! minimal 16×16 puzzles and a 25×25 with about half its cells given; and, for
//! `sudoku/native9`, the collections in `../shared/data/sudoku/` when that folder is
//! there (skipped otherwise): the first 5,000 of 17_clue, all 1,465 of
//! magictour_top1465, the first 1,000 of forum_hardest_1905_11plus. Every solve proves
//! uniqueness (counts to two), as the published comparisons do. The 9×9 engine picks its
//! instruction set at run time; `SATCOVER_SIMD=scalar cargo bench --bench sudoku --
//! native9` measures the portable path.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satcover::puzzles::sudoku::native::{NativeSearch, solve, solve_generic};
use satcover::puzzles::sudoku::{self, Sudoku, cnf, cover};
use satcover::sat::{self, SatBackend};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sudoku_native")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// 81-character lines, `.` or `0` for an empty cell.
fn lines81(name: &str) -> Vec<Vec<u8>> {
    fixture(name)
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| {
            l.bytes()
                .take(81)
                .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                .collect()
        })
        .collect()
}

/// Whitespace-separated numbers, one puzzle per line.
fn numbers(name: &str) -> Vec<Vec<u8>> {
    fixture(name)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect()
}

/// Counts to two over every puzzle of a set; the total is checked so a
/// broken solver cannot look fast.
fn prove_unique(b: usize, puzzles: &[Vec<u8>], generic: bool) -> u64 {
    let search = NativeSearch {
        max_solutions: 2,
        keep: 0,
        stop: satcover::stop::Stop::never(),
    };
    let total: u64 = puzzles
        .iter()
        .map(|p| {
            if generic {
                solve_generic(b, black_box(p), &search).count
            } else {
                solve(b, black_box(p), &search).count
            }
        })
        .sum();
    assert_eq!(total, puzzles.len() as u64);
    total
}

fn native(c: &mut Criterion) {
    let mut g = c.benchmark_group("sudoku/native");
    g.measurement_time(Duration::from_secs(5));
    for (label, name) in [
        ("9x9 17-clue x200", "17_clue_200.txt"),
        ("9x9 hardest x200", "forum_hardest_11plus_200.txt"),
    ] {
        let puzzles = lines81(name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function(label, |bch| bch.iter(|| prove_unique(3, &puzzles, false)));
    }
    let puzzles = lines81("17_clue_200.txt");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.bench_function("9x9 17-clue x200 (generic path)", |bch| {
        bch.iter(|| prove_unique(3, &puzzles, true))
    });
    g.sample_size(10);
    for (label, b, name) in [
        ("16x16 minimal x5", 4, "16x16.txt"),
        ("25x25 half given", 5, "25x25_hard.txt"),
    ] {
        let puzzles = numbers(name);
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function(label, |bch| bch.iter(|| prove_unique(b, &puzzles, false)));
    }
    g.finish();
}

/// The 9×9 engine alone over whole collections: the search and nothing else (givens
/// parsed beforehand, no solution kept), one iteration a pass over the collection.
fn native9(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sudoku");
    let mut g = c.benchmark_group("sudoku/native9");
    g.measurement_time(Duration::from_secs(5));
    g.sample_size(20);
    for (name, first) in [
        ("17_clue", 5000),
        ("magictour_top1465", 1465),
        ("forum_hardest_1905_11plus", 1000),
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{name}.txt"))) else {
            eprintln!("sudoku/native9: {} not found, skipped", dir.display());
            return;
        };
        let puzzles: Vec<Vec<u8>> = text
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .take(first)
            .map(|l| {
                l.bytes()
                    .take(81)
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect()
            })
            .collect();
        g.throughput(Throughput::Elements(puzzles.len() as u64));
        g.bench_function(format!("{name} x{}", puzzles.len()), |bch| {
            bch.iter(|| prove_unique(3, &puzzles, false))
        });
    }
    g.finish();
}

/// The 17-clue fixture as `Sudoku` puzzles, for the encoders.
fn puzzles_17_clue() -> Vec<Sudoku> {
    sudoku::parse(&fixture("17_clue_200.txt"))
        .into_iter()
        .filter_map(Result::ok)
        .map(|(_, s)| s)
        .collect()
}

/// CNF: building the simplified extended encoding, and varisat proving uniqueness on
/// formulas built beforehand (encode and solve measured apart).
fn sat(c: &mut Criterion) {
    let puzzles = puzzles_17_clue();
    let mut g = c.benchmark_group("sudoku/sat");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.measurement_time(Duration::from_secs(10));
    g.sample_size(10);
    g.bench_function("encode 17-clue x200", |bch| {
        bch.iter(|| {
            puzzles
                .iter()
                .map(|p| {
                    cnf::encode(black_box(p), cnf::Givens::Simplified)
                        .cnf
                        .num_clauses()
                })
                .sum::<usize>()
        })
    });
    let encodings: Vec<_> = puzzles
        .iter()
        .map(|p| cnf::encode(p, cnf::Givens::Simplified))
        .collect();
    g.bench_function("solve 17-clue x200 (count to 2)", |bch| {
        bch.iter(|| {
            let total: u64 = encodings
                .iter()
                .map(|e| {
                    sat::enumerate_with(
                        &e.cnf,
                        &SatBackend::Varisat,
                        &e.projection,
                        e.blocking,
                        Some(2),
                        &satcover::stop::Stop::never(),
                        |_| {},
                    )
                    .expect("varisat")
                    .count
                })
                .sum();
            assert_eq!(total, encodings.len() as u64);
        })
    });
    // The pipeline as `solve --backend sat --unique` runs it over a collection: the
    // incremental session (givens as assumptions), encode included, answers checked.
    let request = satcover::puzzle::Request::unique();
    g.bench_function("pipeline 17-clue x200 (session, count to 2)", |bch| {
        bch.iter(|| {
            let total: u64 = puzzles
                .iter()
                .map(|p| {
                    satcover::pipeline::solve(
                        black_box(p),
                        satcover::puzzle::Backend::Sat,
                        &request,
                    )
                    .expect("sat")
                    .count
                })
                .sum();
            assert_eq!(total, puzzles.len() as u64);
        })
    });
    g.finish();
}

/// Exact cover: building the matrix, and Algorithm C proving uniqueness on matrices built
/// beforehand.
fn dlx(c: &mut Criterion) {
    let puzzles = puzzles_17_clue();
    let mut g = c.benchmark_group("sudoku/dlx");
    g.throughput(Throughput::Elements(puzzles.len() as u64));
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("encode 17-clue x200", |bch| {
        bch.iter(|| {
            puzzles
                .iter()
                .map(|p| cover::encode(black_box(p)).matrix.num_options())
                .sum::<usize>()
        })
    });
    let matrices: Vec<_> = puzzles.iter().map(|p| cover::encode(p).matrix).collect();
    let search = satcover::dlx::Search {
        max_solutions: Some(2),
        stop: satcover::stop::Stop::never(),
    };
    g.bench_function("solve 17-clue x200 (count to 2)", |bch| {
        bch.iter(|| {
            let total: u64 = matrices
                .iter()
                .map(|m| satcover::dlx::count(black_box(m), &search).count)
                .sum();
            assert_eq!(total, matrices.len() as u64);
        })
    });
    g.finish();
}

criterion_group!(benches, native, native9, sat, dlx);
criterion_main!(benches);
