//! SAT layer benchmarks: encoding and solving measured apart.
//!
//! - `sat/encode/*`: building a `Cnf` (AMO-heavy: pigeonhole, one big AMO per encoding);
//! - `sat/varisat/*`: varisat on a prebuilt formula, no deadline (no proof writer);
//! - `sat/varisat_deadline/*`: the same with a far deadline, i.e. with the deadline proof writer
//!   installed — the difference is the cost of being interruptible;
//! - `sat/dimacs/{write,parse}`: DIMACS export and import of a ~100k-clause formula;
//! - `sat/external/cadical/*`: the same formulas through a cadical process, when installed;
//! - `sat/sudoku_session/17clue_x200`: 200 17-clue sudokus (`tests/fixtures/sudoku_native/
//!   17_clue_200.txt`) through the incremental sudoku session, proving uniqueness.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use satcover::cnf::generate::{pigeonhole, random_k_sat};
use satcover::cnf::{AmoEncoding, Cnf, Lit, Var, parse_dimacs, write_dimacs};
use satcover::puzzle::{CnfEncode, Limits, Puzzle};
use satcover::puzzles::sudoku;
use satcover::sat::{SatBackend, SatVerdict, solve_once};
use satcover::stop::Stop;

fn random3(n: usize, seed: u64) -> Cnf {
    random_k_sat(n, (n as f64 * 4.26).round() as usize, 3, seed)
}

fn encode(c: &mut Criterion) {
    let mut g = c.benchmark_group("sat/encode");
    g.bench_function("php_8_7", |b| {
        b.iter(|| pigeonhole(black_box(8), 7, AmoEncoding::Pairwise))
    });
    for enc in AmoEncoding::ALL {
        g.bench_function(format!("amo_1000_{enc}"), |b| {
            b.iter(|| {
                let mut cnf = Cnf::new();
                let lits: Vec<Lit> = cnf
                    .new_vars(black_box(1000))
                    .map(|i| Var::from_index(i).positive())
                    .collect();
                cnf.at_most_one_with(&lits, enc);
                cnf
            })
        });
    }
    g.finish();
}

fn formulas() -> Vec<(&'static str, Cnf, &'static str)> {
    vec![
        ("php_8_7", pigeonhole(8, 7, AmoEncoding::Pairwise), "unsat"),
        ("random3sat_100", random3(100, 7), ""),
        ("random3sat_200", random3(200, 7), ""),
    ]
}

fn varisat(c: &mut Criterion) {
    let far = || Some(Instant::now() + Duration::from_secs(3600));
    for (group, deadline) in [("sat/varisat", false), ("sat/varisat_deadline", true)] {
        let mut g = c.benchmark_group(group);
        g.sample_size(20).measurement_time(Duration::from_secs(4));
        for (name, cnf, expect) in formulas() {
            g.bench_function(name, |b| {
                b.iter(|| {
                    let d = if deadline { far() } else { None };
                    let (v, _) =
                        solve_once(&cnf, &SatBackend::Varisat, &Stop::at(d)).expect("varisat");
                    assert!(expect.is_empty() || v.name() == expect);
                    assert!(!matches!(v, SatVerdict::Unknown));
                    v
                })
            });
        }
        g.finish();
    }
}

fn dimacs(c: &mut Criterion) {
    let cnf = random3(25_000, 1); // 106,500 clauses
    let mut text = Vec::new();
    write_dimacs(&cnf, &[], &mut text).expect("write");
    let text = String::from_utf8(text).expect("utf8");
    let mut g = c.benchmark_group("sat/dimacs");
    g.sample_size(20);
    g.bench_function("write", |b| {
        let mut out = Vec::with_capacity(text.len());
        b.iter(|| {
            out.clear();
            write_dimacs(black_box(&cnf), &[], &mut out).expect("write");
            out.len()
        })
    });
    g.bench_function("parse", |b| {
        b.iter(|| parse_dimacs(black_box(&text)).expect("parse").num_clauses())
    });
    g.finish();
}

fn external(c: &mut Criterion) {
    let installed = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join("cadical").is_file()));
    if !installed {
        eprintln!("note: cadical not installed; skipping sat/external/cadical");
        return;
    }
    let cadical = SatBackend::External {
        program: "cadical".into(),
        args: vec!["-q".into()],
    };
    let mut g = c.benchmark_group("sat/external/cadical");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    for (name, cnf, _) in formulas() {
        g.bench_function(name, |b| {
            b.iter(|| {
                solve_once(&cnf, &cadical, &Stop::never())
                    .expect("cadical")
                    .0
            })
        });
    }
    g.finish();
}

fn sudoku_session(c: &mut Criterion) {
    let text = include_str!("../tests/fixtures/sudoku_native/17_clue_200.txt");
    let puzzles: Vec<_> = sudoku::parse(text)
        .into_iter()
        .map(|p| p.expect("fixture parses").1)
        .collect();
    let mut g = c.benchmark_group("sat/sudoku_session");
    g.sample_size(20);
    g.throughput(criterion::Throughput::Elements(puzzles.len() as u64));
    let limits = Limits {
        max_solutions: Some(2),
        keep: 1,
        stop: Stop::never(),
    };
    g.bench_function("17clue_x200", |b| {
        b.iter(|| {
            for p in &puzzles {
                let answer = black_box(p)
                    .sat_session(&limits)
                    .expect("9×9 has a session")
                    .expect("the session solves");
                assert_eq!((answer.count, answer.complete), (1, true));
                assert_eq!(p.check(&answer.solutions[0]), Ok(()));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, encode, varisat, dimacs, external, sudoku_session);
criterion_main!(benches);
