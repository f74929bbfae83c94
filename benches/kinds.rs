//! Benches for the other puzzle kinds (criterion): one group per kind, each backend that
//! fits, encoding and solving measured apart. Inputs are the fixtures shipped in `tests/`.
//! `registry/<kind>` benches every registered kind's showcase on every engine it declares.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satcover::dlx;
use satcover::puzzle::Limits;
use satcover::puzzles::{alphametic, nonogram, packing};
use satcover::sat::{self, SatBackend};

fn fixture(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Count solutions (up to `max`) of a prebuilt CNF encoding with varisat.
fn sat_count<S>(encoding: &satcover::puzzle::CnfEncoding<'_, S>, max: Option<u64>) -> u64 {
    sat::enumerate_with(
        &encoding.cnf,
        &SatBackend::Varisat,
        &encoding.projection,
        encoding.blocking,
        max,
        &satcover::stop::Stop::never(),
        |_| {},
    )
    .expect("varisat")
    .count
}

fn limits(max: Option<u64>) -> Limits {
    Limits {
        max_solutions: max,
        keep: 0,
        stop: satcover::stop::Stop::never(),
    }
}

/// The GCHQ 2015 puzzle, proving uniqueness.
fn nonograms(c: &mut Criterion) {
    let puzzle = nonogram::parse("gchq-2015.non", &fixture("nonogram/gchq-2015.non")).unwrap();
    let mut g = c.benchmark_group("nonogram/gchq");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("native solve", |b| {
        b.iter(|| {
            assert_eq!(
                satcover::driver::native(black_box(&puzzle), &limits(Some(2)))
                    .unwrap()
                    .1
                    .count,
                1
            )
        })
    });
    g.bench_function("sat encode", |b| {
        b.iter(|| {
            satcover::driver::cnf(black_box(&puzzle))
                .unwrap()
                .cnf
                .num_clauses()
        })
    });
    let encoding = satcover::driver::cnf(&puzzle).unwrap();
    g.bench_function("sat solve", |b| {
        b.iter(|| assert_eq!(sat_count(&encoding, Some(2)), 1))
    });
    g.bench_function("dlx encode", |b| {
        b.iter(|| {
            satcover::driver::cover(black_box(&puzzle))
                .unwrap()
                .matrix
                .num_options()
        })
    });
    let cover = satcover::driver::cover(&puzzle).unwrap();
    let search = dlx::Search {
        max_solutions: Some(2),
        stop: satcover::stop::Stop::never(),
    };
    g.bench_function("dlx solve", |b| {
        b.iter(|| assert_eq!(dlx::count(&cover.matrix, &search).count, 1))
    });
    g.finish();
}

/// Pentominoes in a 3×20 box (all 8 tilings) and a Golomb square (8 tilings).
fn packings(c: &mut Criterion) {
    let pentominoes = packing::parse(&fixture("packing/pentominoes-3x20.pack")).unwrap();
    let golomb = packing::parse(&fixture("packing/golomb-11-a.pack")).unwrap();
    let mut g = c.benchmark_group("packing");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("pentominoes 3x20 native count", |b| {
        b.iter(|| {
            assert_eq!(
                satcover::driver::native(&pentominoes, &limits(None))
                    .unwrap()
                    .1
                    .count,
                8
            )
        })
    });
    g.bench_function("pentominoes 3x20 dlx encode", |b| {
        b.iter(|| {
            satcover::driver::cover(black_box(&pentominoes))
                .unwrap()
                .matrix
                .num_options()
        })
    });
    let cover = satcover::driver::cover(&pentominoes).unwrap();
    g.bench_function("pentominoes 3x20 dlx count", |b| {
        b.iter(|| assert_eq!(dlx::count(&cover.matrix, &dlx::Search::default()).count, 8))
    });
    g.bench_function("golomb 11x11 native count", |b| {
        b.iter(|| {
            assert_eq!(
                satcover::driver::native(&golomb, &limits(None))
                    .unwrap()
                    .1
                    .count,
                8
            )
        })
    });
    g.bench_function("golomb 11x11 sat encode", |b| {
        b.iter(|| {
            satcover::driver::cnf(black_box(&golomb))
                .unwrap()
                .cnf
                .num_clauses()
        })
    });
    let encoding = satcover::driver::cnf(&golomb).unwrap();
    g.bench_function("golomb 11x11 sat count", |b| {
        b.iter(|| assert_eq!(sat_count(&encoding, None), 8))
    });
    g.finish();
}

/// NUM + BER = PLAY, all 96 solutions.
fn alphametics(c: &mut Criterion) {
    let (_, puzzle) = alphametic::parse("NUM + BER = PLAY").remove(0).unwrap();
    let mut g = c.benchmark_group("alphametic/num-ber-play");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("native count", |b| {
        b.iter(|| {
            assert_eq!(
                satcover::driver::native(black_box(&puzzle), &limits(None))
                    .unwrap()
                    .1
                    .count,
                96
            )
        })
    });
    g.bench_function("sat encode", |b| {
        b.iter(|| {
            satcover::driver::cnf(black_box(&puzzle))
                .unwrap()
                .cnf
                .num_clauses()
        })
    });
    let encoding = satcover::driver::cnf(&puzzle).unwrap();
    g.bench_function("sat count", |b| {
        b.iter(|| assert_eq!(sat_count(&encoding, None), 96))
    });
    g.finish();
}

/// Every registered kind's showcase example (`registry::READERS`), `--unique` on each
/// engine the kind declares (external left out): a kind is benched the day it registers.
fn registered(c: &mut Criterion) {
    use satcover::puzzle::{Backend, Engine, Request};
    for reader in satcover::registry::READERS {
        let puzzle = reader.showcase();
        let mut g = c.benchmark_group(format!("registry/{}", reader.kind));
        g.sample_size(10);
        g.measurement_time(Duration::from_secs(2));
        for engine in puzzle.engines() {
            if engine == Engine::External {
                continue;
            }
            let request = Request::unique().with_timeout(Some(Duration::from_secs(10)));
            // An engine whose guard refuses the showcase is not benched.
            if puzzle.solve_any(Backend::from(engine), &request).is_err() {
                continue;
            }
            g.bench_function(format!("{engine} unique"), |b| {
                b.iter(|| {
                    black_box(
                        puzzle
                            .solve_any(Backend::from(engine), &request)
                            .expect("solves"),
                    )
                })
            });
        }
        g.finish();
    }
}

criterion_group!(benches, nonograms, packings, alphametics, registered);
criterion_main!(benches);
