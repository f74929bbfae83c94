//! CNF builder, DIMACS and SAT backends: round trips, encodings checked by brute force, verdicts
//! checked against brute force and against cadical, enumeration counts, solver-output parsing,
//! external solvers (real ones when installed, and misbehaving scripts).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use satcover::cnf::generate::{pigeonhole, random_k_sat};
use satcover::cnf::{
    AmoEncoding, Cnf, DimacsErrorKind, Lit, Var, parse_dimacs, parse_dimacs_detailed, write_dimacs,
};
use satcover::sat::{
    Model, SatBackend, SatError, SatVerdict, SolverOutputErrorKind, VarisatSession, enumerate,
    parse_solver_output, solve_once,
};
use satcover::stop::Stop;

fn fixture(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/cnf")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn clauses_of(cnf: &Cnf) -> Vec<Vec<i64>> {
    cnf.clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

// ---------------------------------------------------------------- vars and lits

#[test]
fn var_and_lit_numbering() {
    let v = Var::from_index(16);
    assert_eq!(v.index(), 16);
    assert_eq!(v.to_dimacs(), 17);
    assert_eq!(v.positive().to_dimacs(), 17);
    assert_eq!(v.negative().to_dimacs(), -17);
    assert_eq!(!v.positive(), v.negative());
    assert_eq!(Lit::from_dimacs(-17), v.negative());
    assert_eq!(Lit::from_dimacs(17).var(), v);
    assert!(Lit::new(v, true).is_positive());
    assert!(!Lit::new(v, false).is_positive());
    assert_eq!(v.positive().code(), 32);
    assert_eq!(v.negative().code(), 33);
}

#[test]
fn builder_counts_families_and_names() {
    let mut cnf = Cnf::new();
    let a = cnf.new_named_var("a");
    let b = cnf.new_named_var("b");
    let c = cnf.new_var();
    let r = cnf.new_vars(3);
    assert_eq!(r, 3..6);
    assert_eq!(cnf.num_vars(), 6);
    assert_eq!(cnf.var_name(a), Some("a"));
    assert_eq!(cnf.var_name(c), None);
    cnf.add_clause(&[a.positive()]); // outside any family
    cnf.begin_family("1 alo");
    cnf.at_least_one(&[a.positive(), b.positive(), c.positive()]);
    cnf.begin_family("2 amo");
    cnf.at_most_one_with(
        &[a.positive(), b.positive(), c.positive()],
        AmoEncoding::Pairwise,
    );
    cnf.begin_family("1 alo");
    cnf.add_clause(&[b.negative(), c.negative()]);
    assert_eq!(
        cnf.families(),
        &[("1 alo".to_string(), 2), ("2 amo".to_string(), 3)]
    );
    assert_eq!(cnf.num_clauses(), 6);
    assert_eq!(cnf.num_literals(), 1 + 3 + 6 + 2);
    // a clause over an unallocated var allocates it
    cnf.add_clause(&[Var::from_index(9).positive()]);
    assert_eq!(cnf.num_vars(), 10);
    cnf.ensure_vars(4);
    assert_eq!(cnf.num_vars(), 10);
    cnf.ensure_vars(12);
    assert_eq!(cnf.num_vars(), 12);
}

// ---------------------------------------------------------------- DIMACS

#[test]
fn dimacs_round_trip_keeps_clauses_and_names() {
    let mut cnf = pigeonhole(4, 3, AmoEncoding::Sequential);
    cnf.ensure_vars(cnf.num_vars() + 2); // unused trailing vars survive via the header
    cnf.end_family();
    cnf.add_clause(&[]);
    let mut out = Vec::new();
    write_dimacs(
        &cnf,
        &["made by a test".into(), "two\nlines".into()],
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("c made by a test\nc two\nc lines\n"));
    assert!(text.contains("c family 1 pigeon-somewhere 4\n"));
    assert!(text.contains("c family 2 hole-at-most-one 24\n")); // 3 holes × (3·4 − 4)
    assert!(text.contains("c var 1 p0h0\n"));
    assert!(text.contains(&format!("p cnf {} {}\n", cnf.num_vars(), cnf.num_clauses())));

    let back = parse_dimacs(&text).unwrap();
    assert_eq!(back.num_vars(), cnf.num_vars());
    assert_eq!(clauses_of(&back), clauses_of(&cnf));
    for i in 0..cnf.num_vars() {
        let v = Var::from_index(i);
        assert_eq!(back.var_name(v), cnf.var_name(v), "name of var {i}");
    }
    assert_eq!(back.var_name(Var::from_index(5)), Some("p1h2"));
}

#[test]
fn dimacs_accepts_quirks() {
    let cnf = parse_dimacs(&fixture("quirks.cnf")).unwrap();
    assert_eq!(cnf.num_vars(), 5);
    assert_eq!(
        clauses_of(&cnf),
        vec![
            vec![1, -2],
            vec![2, 3],
            vec![-1, -3, 4],
            vec![5, -4],
            vec![-5, 1],
            vec![]
        ]
    );

    let satlib = parse_dimacs_detailed(&fixture("satlib_end.cnf")).unwrap();
    assert_eq!(clauses_of(&satlib.cnf), vec![vec![1, -2, 3], vec![-1, 2]]);
    assert!(satlib.warnings.is_empty(), "{:?}", satlib.warnings);

    let open_end = parse_dimacs_detailed(&fixture("no_final_zero.cnf")).unwrap();
    assert_eq!(clauses_of(&open_end.cnf), vec![vec![1, 2], vec![-3, -1]]);
    assert_eq!(open_end.warnings.len(), 1);
    assert!(open_end.warnings[0].starts_with("line 3"));

    let fewer = parse_dimacs_detailed(&fixture("fewer_clauses.cnf")).unwrap();
    assert_eq!(fewer.declared_clauses, 5);
    assert_eq!(fewer.cnf.num_clauses(), 2);
    assert_eq!(fewer.warnings.len(), 1);

    let named = parse_dimacs(&fixture("named.cnf")).unwrap();
    assert_eq!(named.var_name(Var::from_index(0)), Some("x[1]"));
    assert_eq!(named.var_name(Var::from_index(1)), None);
    assert_eq!(named.var_name(Var::from_index(2)), Some("y z"));
}

#[test]
fn dimacs_rejects_malformed_with_line_numbers() {
    type Case = (
        &'static str,
        usize,
        Option<usize>,
        fn(&DimacsErrorKind) -> bool,
    );
    let cases: [Case; 6] = [
        ("bad_no_header.cnf", 2, Some(1), |k| {
            matches!(k, DimacsErrorKind::ClauseBeforeHeader)
        }),
        ("bad_duplicate_header.cnf", 3, None, |k| {
            matches!(k, DimacsErrorKind::DuplicateHeader { first: 1 })
        }),
        ("bad_garbled_header.cnf", 2, None, |k| {
            matches!(k, DimacsErrorKind::BadHeader { .. })
        }),
        ("bad_lit_range.cnf", 4, Some(4), |k| {
            matches!(k, DimacsErrorKind::LitOutOfRange { lit: 4, vars: 3 })
        }),
        (
            "bad_token.cnf",
            3,
            Some(4),
            |k| matches!(k, DimacsErrorKind::NotAnInteger { token } if token == "x3"),
        ),
        ("bad_too_many.cnf", 5, Some(1), |k| {
            matches!(k, DimacsErrorKind::TooManyClauses { declared: 2 })
        }),
    ];
    for (name, line, column, kind) in cases {
        let err = parse_dimacs(&fixture(name)).expect_err(name);
        assert_eq!(err.line, line, "{name}: {err}");
        assert_eq!(err.column, column, "{name}: {err}");
        assert!(kind(&err.reason), "{name}: {err}");
    }
    let empty = parse_dimacs("c only a comment\n").unwrap_err();
    assert_eq!(empty.reason, DimacsErrorKind::MissingHeader);
    assert_eq!(
        parse_dimacs("p cnf 2 1\nc var 3 ghost\n1 0\n")
            .unwrap_err()
            .line,
        2
    );
    let msg = parse_dimacs(&fixture("bad_token.cnf"))
        .unwrap_err()
        .to_string();
    assert_eq!(msg, "line 3, column 4: `x3` is not an integer literal");
}

// ---------------------------------------------------------------- AMO encodings

/// For every assignment of `n` group literals (mixed polarities), the encoding must be
/// satisfiable (existentially over aux vars: varisat with the assignment as assumptions) exactly
/// when the intended count constraint holds.
fn check_group_constraint(enc: AmoEncoding, n: usize, exactly: bool) {
    let mut cnf = Cnf::new();
    let vars: Vec<Var> = (0..n).map(|i| cnf.new_named_var(format!("x{i}"))).collect();
    // odd positions negated, so the encoding is exercised on negative literals too
    let group: Vec<Lit> = vars
        .iter()
        .enumerate()
        .map(|(i, &v)| Lit::new(v, i % 2 == 0))
        .collect();
    if exactly {
        cnf.at_least_one(&group);
    }
    cnf.at_most_one_with(&group, enc);
    let (clauses, aux) = enc.sizes(n);
    assert_eq!(cnf.num_vars(), n + aux, "{enc} n={n} aux vars");
    assert_eq!(
        cnf.num_clauses(),
        clauses + usize::from(exactly),
        "{enc} n={n}"
    );
    let mut session = VarisatSession::new(&cnf, &Stop::never());
    for mask in 0u32..(1 << n) {
        let assumptions: Vec<Lit> = vars
            .iter()
            .enumerate()
            .map(|(i, &v)| Lit::new(v, mask >> i & 1 == 1))
            .collect();
        let true_lits = group
            .iter()
            .zip(&assumptions)
            .filter(|(g, a)| **g == **a)
            .count();
        let allowed = if exactly {
            true_lits == 1
        } else {
            true_lits <= 1
        };
        let verdict = session.solve_under(&assumptions).unwrap();
        assert_eq!(
            matches!(verdict, SatVerdict::Sat(_)),
            allowed,
            "{enc} n={n} exactly={exactly} mask={mask:b}"
        );
    }
}

#[test]
fn amo_encodings_allow_exactly_the_intended_assignments() {
    for enc in AmoEncoding::ALL {
        for n in 0..=6 {
            check_group_constraint(enc, n, false);
            check_group_constraint(enc, n, true);
        }
    }
}

#[test]
fn amo_encoding_sizes_match_the_formulas() {
    for n in 2..200 {
        assert_eq!(AmoEncoding::Pairwise.sizes(n), (n * (n - 1) / 2, 0));
        assert_eq!(AmoEncoding::Sequential.sizes(n), (3 * n - 4, n - 1));
        let bits = (n as f64).log2().ceil() as usize;
        assert_eq!(AmoEncoding::Bitwise.sizes(n), (n * bits, bits));
        for enc in AmoEncoding::ALL {
            let mut cnf = Cnf::new();
            let g: Vec<Lit> = cnf
                .new_vars(n)
                .map(|i| Var::from_index(i).positive())
                .collect();
            cnf.at_most_one_with(&g, enc);
            assert_eq!(
                (cnf.num_clauses(), cnf.num_vars() - n),
                enc.sizes(n),
                "{enc} n={n}"
            );
        }
    }
    // The sequential counter's 3n − 4 clauses (Sinz, CP 2005):
    // 23 / 71 / 296 / 2,996 for n = 9 / 25 / 100 / 1000.
    for (n, c) in [(9, 23), (25, 71), (100, 296), (1000, 2996)] {
        assert_eq!(AmoEncoding::Sequential.sizes(n).0, c);
    }
    assert_eq!(AmoEncoding::Pairwise.sizes(100).0, 4950);
    assert_eq!(AmoEncoding::default_for(36), AmoEncoding::Pairwise);
    assert_eq!(AmoEncoding::default_for(37), AmoEncoding::Sequential);
    for enc in AmoEncoding::ALL {
        assert_eq!(AmoEncoding::from_name(enc.name()), Some(enc));
    }
}

#[test]
fn at_most_one_uses_default_or_override() {
    let mut cnf = Cnf::new();
    let g: Vec<Lit> = cnf
        .new_vars(40)
        .map(|i| Var::from_index(i).positive())
        .collect();
    cnf.at_most_one(&g[..9]);
    assert_eq!(cnf.num_clauses(), 36); // pairwise
    cnf.at_most_one(&g);
    assert_eq!(cnf.num_clauses(), 36 + 3 * 40 - 4); // sequential beyond 36
    cnf.set_amo_encoding(Some(AmoEncoding::Sequential));
    let before = cnf.num_clauses();
    cnf.exactly_one(&g[..9]);
    assert_eq!(cnf.num_clauses() - before, 1 + 23);
}

// ---------------------------------------------------------------- verdicts vs brute force

/// Brute force over all assignments (n ≤ 20): the number of satisfying assignments.
fn brute_force_count(cnf: &Cnf, stop_at_first: bool) -> u64 {
    let n = cnf.num_vars();
    assert!(n <= 20);
    let masks: Vec<(u32, u32)> = cnf
        .clauses()
        .map(|c| {
            c.iter().fold((0, 0), |(p, q), l| {
                let bit = 1u32 << l.var().index();
                if l.is_positive() {
                    (p | bit, q)
                } else {
                    (p, q | bit)
                }
            })
        })
        .collect();
    let mut count = 0;
    for a in 0u32..(1 << n) {
        if masks.iter().all(|&(p, q)| a & p != 0 || !a & q != 0) {
            count += 1;
            if stop_at_first {
                break;
            }
        }
    }
    count
}

#[test]
fn varisat_agrees_with_brute_force_on_random_3sat() {
    let (mut sat, mut unsat) = (0, 0);
    for (n, seeds) in [(12usize, 0..30u64), (16, 30..40), (20, 40..46)] {
        for seed in seeds {
            let m = (n as f64 * 4.26).round() as usize;
            let cnf = random_k_sat(n, m, 3, seed);
            let (verdict, stats) = solve_once(&cnf, &SatBackend::Varisat, &Stop::never()).unwrap();
            assert_eq!(stats.solve_calls, 1);
            assert_eq!((stats.vars, stats.clauses), (n, m));
            assert_eq!(
                stats.conflicts, None,
                "varisat has no statistics: never invent"
            );
            let expected = brute_force_count(&cnf, true) > 0;
            match verdict {
                SatVerdict::Sat(model) => {
                    assert!(
                        expected,
                        "n={n} seed={seed}: varisat sat, brute force unsat"
                    );
                    assert!(model.satisfies(&cnf));
                    assert_eq!(model.num_vars(), n);
                    sat += 1;
                }
                SatVerdict::Unsat => {
                    assert!(
                        !expected,
                        "n={n} seed={seed}: varisat unsat, brute force sat"
                    );
                    unsat += 1;
                }
                SatVerdict::Unknown => panic!("no deadline, no unknown"),
            }
        }
    }
    assert!(
        sat > 5 && unsat > 5,
        "both outcomes exercised: {sat} sat, {unsat} unsat"
    );
}

#[test]
fn enumerate_counts_match_brute_force() {
    for seed in 0..10 {
        let cnf = random_k_sat(12, 40, 3, 100 + seed);
        let all: Vec<Var> = (0..12).map(Var::from_index).collect();
        let mut seen = std::collections::HashSet::new();
        let e = enumerate(
            &cnf,
            &SatBackend::Varisat,
            &all,
            None,
            &Stop::never(),
            |m| {
                assert!(m.satisfies(&cnf));
                assert!(seen.insert(m.values().to_vec()), "model repeated");
            },
        )
        .unwrap();
        assert!(e.complete && !e.timed_out);
        assert_eq!(e.count, brute_force_count(&cnf, false), "seed {seed}");
        assert_eq!(e.stats.solve_calls, e.count + 1);
    }
}

// ---------------------------------------------------------------- enumerate

#[test]
fn enumerate_exactly_one_projected_models() {
    for enc in AmoEncoding::ALL {
        let mut cnf = Cnf::new();
        let xs: Vec<Var> = (0..5).map(|i| cnf.new_named_var(format!("x{i}"))).collect();
        cnf.set_amo_encoding(Some(enc));
        cnf.exactly_one(&xs.iter().map(|v| v.positive()).collect::<Vec<_>>());
        let mut models = Vec::new();
        let e = enumerate(&cnf, &SatBackend::Varisat, &xs, None, &Stop::never(), |m| {
            models.push(xs.iter().position(|&v| m.value(v)).unwrap())
        })
        .unwrap();
        assert_eq!(
            (e.count, e.complete, e.timed_out),
            (5, true, false),
            "{enc}"
        );
        models.sort();
        assert_eq!(models, vec![0, 1, 2, 3, 4]);

        // projection onto x0, x1: (1,0), (0,1), (0,0)
        let e = enumerate(
            &cnf,
            &SatBackend::Varisat,
            &xs[..2],
            None,
            &Stop::never(),
            |_| {},
        )
        .unwrap();
        assert_eq!((e.count, e.complete), (3, true), "{enc}");
    }

    // a free variable outside the projection does not multiply the count
    let mut cnf = Cnf::new();
    let v = cnf.new_vars(3);
    let (a, b) = (Var::from_index(v.start), Var::from_index(v.start + 1));
    cnf.add_clause(&[a.positive(), b.positive()]);
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &[a, b],
        None,
        &Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!(e.count, 3);
    let all: Vec<Var> = v.map(Var::from_index).collect();
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &all,
        None,
        &Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!(e.count, 6);
    // empty projection: one model, then nothing left to distinguish
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &[],
        None,
        &Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!((e.count, e.complete), (1, true));
}

#[test]
fn enumerate_stops_at_max_models() {
    let mut cnf = Cnf::new();
    let xs: Vec<Var> = (0..5).map(|_| cnf.new_var()).collect();
    cnf.exactly_one(&xs.iter().map(|v| v.positive()).collect::<Vec<_>>());
    let mut calls = 0;
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &xs,
        Some(2),
        &Stop::never(),
        |_| calls += 1,
    )
    .unwrap();
    assert_eq!(
        (e.count, e.complete, e.timed_out, calls),
        (2, false, false, 2)
    );
    assert_eq!(e.stats.solve_calls, 2);
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &xs,
        Some(0),
        &Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!((e.count, e.complete), (0, false));
    let unsat = pigeonhole(3, 2, AmoEncoding::Pairwise);
    let e = enumerate(
        &unsat,
        &SatBackend::Varisat,
        &[],
        None,
        &Stop::never(),
        |_| {},
    )
    .unwrap();
    assert_eq!((e.count, e.complete), (0, true));
}

#[test]
fn session_is_incremental_and_verifies_models() {
    for deadline in [None, Some(Instant::now() + Duration::from_secs(600))] {
        let mut cnf = Cnf::new();
        let xs: Vec<Var> = (0..4).map(|_| cnf.new_var()).collect();
        let group: Vec<Lit> = xs.iter().map(|v| v.positive()).collect();
        cnf.exactly_one(&group);
        let mut s = VarisatSession::new(&cnf, &Stop::at(deadline));
        // assumptions hold for one call only
        let v = s.solve_under(&[xs[2].positive()]).unwrap();
        assert!(v.model().is_some_and(|m| m.value(xs[2])));
        assert!(matches!(
            s.solve_under(&[xs[0].positive(), xs[1].positive()])
                .unwrap(),
            SatVerdict::Unsat
        ));
        assert!(s.solve().unwrap().model().is_some());
        // clauses added between solves (the incremental path varisat's DRAT output rejects)
        s.add_clause(&[xs[0].negative()]);
        s.add_clause(&[xs[1].negative()]);
        s.add_clause(&[xs[2].negative()]);
        let m = s
            .solve()
            .unwrap()
            .model()
            .cloned()
            .expect("x3 alone is left");
        assert!(m.value(xs[3]) && m.satisfies(&cnf));
        // a fresh var beyond the formula, used in an added clause
        let y = s.new_var();
        assert_eq!(y.index(), 4);
        s.add_clause(&[y.positive(), xs[3].negative()]);
        assert!(s.solve().unwrap().model().is_some_and(|m| m.value(y)));
        s.add_clause(&[xs[3].negative()]);
        assert!(matches!(s.solve().unwrap(), SatVerdict::Unsat));
        assert_eq!(s.stats().solve_calls, 6);
        assert!(!s.is_stopped());
    }
}

#[test]
fn enumerate_with_deadline_is_incremental_too() {
    let mut cnf = Cnf::new();
    let xs: Vec<Var> = (0..6).map(|_| cnf.new_var()).collect();
    cnf.exactly_one(&xs.iter().map(|v| v.positive()).collect::<Vec<_>>());
    let far = Some(Instant::now() + Duration::from_secs(600));
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &xs,
        None,
        &Stop::at(far),
        |_| {},
    )
    .unwrap();
    assert_eq!((e.count, e.complete, e.timed_out), (6, true, false));
}

// ---------------------------------------------------------------- deadlines (varisat)

#[test]
fn varisat_deadline_answers_unknown_on_time() {
    let cnf = pigeonhole(11, 10, AmoEncoding::Pairwise);
    let start = Instant::now();
    let deadline = start + Duration::from_millis(1000);
    let (verdict, stats) =
        solve_once(&cnf, &SatBackend::Varisat, &Stop::at(Some(deadline))).unwrap();
    let took = start.elapsed();
    assert!(matches!(verdict, SatVerdict::Unknown), "PHP(11,10) in 1 s?");
    // Wall clock on a loaded 2-core machine: only a gross overrun fails (typical latency is
    // a few ms past the deadline; `measure_deadline_overhead` reports it).
    assert!(took < Duration::from_secs(11), "took {took:?}");
    assert_eq!(stats.solve_calls, 1);

    // a deadline already past: unknown at once; enumerate reports timed_out
    let past = Instant::now();
    let (verdict, _) = solve_once(&cnf, &SatBackend::Varisat, &Stop::at(Some(past))).unwrap();
    assert!(matches!(verdict, SatVerdict::Unknown));
    let e = enumerate(
        &cnf,
        &SatBackend::Varisat,
        &[],
        None,
        &Stop::at(Some(past)),
        |_| {},
    )
    .unwrap();
    assert!(e.timed_out && !e.complete);

    // a generous deadline changes nothing on an easy formula
    let easy = pigeonhole(5, 5, AmoEncoding::Pairwise);
    let far = Instant::now() + Duration::from_secs(60);
    let (verdict, _) = solve_once(&easy, &SatBackend::Varisat, &Stop::at(Some(far))).unwrap();
    assert!(verdict.model().is_some_and(|m| m.satisfies(&easy)));
    let (verdict, _) = solve_once(
        &pigeonhole(6, 5, AmoEncoding::Pairwise),
        &SatBackend::Varisat,
        &Stop::at(Some(far)),
    )
    .unwrap();
    assert!(matches!(verdict, SatVerdict::Unsat));
}

// ---------------------------------------------------------------- solver output

#[test]
fn parses_competition_output() {
    let out = "c cadical\ns SATISFIABLE\nv 1 -2\nv 3 0\nc done\n";
    let SatVerdict::Sat(m) = parse_solver_output(out, 3).unwrap() else {
        panic!("sat expected")
    };
    assert_eq!(m.values(), &[true, false, true]);
    assert!(matches!(
        parse_solver_output("c x\ns UNSATISFIABLE\n", 3).unwrap(),
        SatVerdict::Unsat
    ));
    assert!(matches!(
        parse_solver_output("s UNKNOWN\n", 3).unwrap(),
        SatVerdict::Unknown
    ));
    // omitted vars read false; `v 0` on its own line (picosat) is fine
    let SatVerdict::Sat(m) = parse_solver_output("s SATISFIABLE\nv 2\nv 0\n", 4).unwrap() else {
        panic!()
    };
    assert_eq!(m.values(), &[false, true, false, false]);
}

#[test]
fn parses_minisat_result_file() {
    let SatVerdict::Sat(m) = parse_solver_output("SAT\n-1 2 -3 0\n", 3).unwrap() else {
        panic!()
    };
    assert_eq!(m.values(), &[false, true, false]);
    assert!(matches!(
        parse_solver_output("UNSAT\n", 3).unwrap(),
        SatVerdict::Unsat
    ));
    assert!(matches!(
        parse_solver_output("INDET\n", 3).unwrap(),
        SatVerdict::Unknown
    ));
}

#[test]
fn rejects_bad_solver_output_with_line() {
    let cases: [(&str, usize, SolverOutputErrorKind); 10] = [
        ("", 1, SolverOutputErrorKind::NoStatus),
        (
            "c only comments\nc more\n",
            2,
            SolverOutputErrorKind::NoStatus,
        ),
        (
            "hello world\n",
            1,
            SolverOutputErrorKind::Garbage {
                text: "hello world".into(),
            },
        ),
        (
            "s SATISFIABLE\nv 1 4 0\n",
            2,
            SolverOutputErrorKind::LitOutOfRange { lit: 4, vars: 3 },
        ),
        (
            "s SATISFIABLE\nv 1 -1 0\n",
            2,
            SolverOutputErrorKind::Contradictory { var: 1 },
        ),
        (
            "s SATISFIABLE\nv 1 2\n",
            2,
            SolverOutputErrorKind::ModelNotTerminated,
        ),
        ("s SATISFIABLE\n", 1, SolverOutputErrorKind::MissingModel),
        (
            "v 1 0\ns SATISFIABLE\n",
            1,
            SolverOutputErrorKind::ValuesWithoutSat,
        ),
        (
            "s SATISFIABLE\ns UNSATISFIABLE\n",
            2,
            SolverOutputErrorKind::DuplicateStatus { first: 1 },
        ),
        (
            "SAT\n1 two 0\n",
            2,
            SolverOutputErrorKind::NotAnInteger {
                token: "two".into(),
            },
        ),
    ];
    for (text, line, reason) in cases {
        let err = parse_solver_output(text, 3).expect_err(text);
        assert_eq!((err.line, &err.reason), (line, &reason), "{text:?}");
    }
    let err = parse_solver_output("SAT\n1 -2 5 0\n", 3).unwrap_err();
    assert_eq!(err.line, 2);
    assert!(matches!(
        parse_solver_output("s MAYBE\n", 3).unwrap_err().reason,
        SolverOutputErrorKind::UnknownStatus { .. }
    ));
}

// ---------------------------------------------------------------- external solvers

fn installed(program: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()));
    if !found {
        eprintln!("note: `{program}` not installed; skipping its checks");
    }
    found
}

fn external(program: &str, args: &[&str]) -> SatBackend {
    SatBackend::External {
        program: program.into(),
        args: args.iter().map(|s| s.to_string()).collect(),
    }
}

/// Running a script we just wrote can fail with ETXTBSY when another test thread forks while our
/// write handle is open (a known fork/exec race); retry a few times.
fn solve_retrying(
    cnf: &Cnf,
    backend: &SatBackend,
    deadline: Option<Instant>,
) -> Result<(SatVerdict, satcover::sat::SatStats), SatError> {
    for _ in 0..20 {
        match solve_once(cnf, backend, &Stop::at(deadline)) {
            Err(SatError::Spawn { source, .. }) if source.raw_os_error() == Some(26) => {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
    solve_once(cnf, backend, &Stop::at(deadline))
}

#[test]
fn real_solvers_answer_sat_and_unsat() {
    let sat = pigeonhole(6, 6, AmoEncoding::Sequential);
    let unsat = pigeonhole(5, 4, AmoEncoding::Pairwise);
    for backend in [
        external("cadical", &["-q"]),
        external("minisat", &["-verb=0"]),
        external("picosat", &[]),
        external("minisat", &["-verb=0", "{cnf}", "{model}"]),
    ] {
        let SatBackend::External { program, .. } = &backend else {
            unreachable!()
        };
        if !installed(program) {
            continue;
        }
        let (v, stats) = solve_once(&sat, &backend, &Stop::never()).unwrap();
        assert!(v.model().is_some_and(|m| m.satisfies(&sat)), "{backend:?}");
        assert_eq!(stats.solve_calls, 1);
        let (v, _) = solve_once(&unsat, &backend, &Stop::never()).unwrap();
        assert!(matches!(v, SatVerdict::Unsat), "{backend:?}");
        // enumeration by rewriting the file: exactly-one over 4 has 4 models
        let mut cnf = Cnf::new();
        let xs: Vec<Var> = (0..4).map(|_| cnf.new_var()).collect();
        cnf.exactly_one(&xs.iter().map(|v| v.positive()).collect::<Vec<_>>());
        let e = enumerate(&cnf, &backend, &xs, None, &Stop::never(), |m| {
            assert!(m.satisfies(&cnf))
        })
        .unwrap();
        assert_eq!(
            (e.count, e.complete, e.stats.solve_calls),
            (4, true, 5),
            "{backend:?}"
        );
    }
}

#[test]
fn cadical_statistics_are_scraped_not_invented() {
    if !installed("cadical") {
        return;
    }
    let cnf = pigeonhole(7, 6, AmoEncoding::Pairwise);
    let (v, stats) = solve_once(&cnf, &external("cadical", &[]), &Stop::never()).unwrap();
    assert!(matches!(v, SatVerdict::Unsat));
    assert!(stats.conflicts.is_some_and(|c| c > 0), "{stats:?}");
    assert!(stats.decisions.is_some());
}

#[test]
fn cadical_agrees_with_varisat_on_random_3sat() {
    if !installed("cadical") {
        return;
    }
    let cadical = external("cadical", &["-q"]);
    let (mut sat, mut unsat) = (0, 0);
    for seed in 0..16 {
        let n = 30 + (seed as usize % 3) * 5;
        let cnf = random_k_sat(n, (n as f64 * 4.26).round() as usize, 3, 1000 + seed);
        let (a, _) = solve_once(&cnf, &SatBackend::Varisat, &Stop::never()).unwrap();
        let (b, _) = solve_once(&cnf, &cadical, &Stop::never()).unwrap();
        assert_eq!(a.name(), b.name(), "seed {seed}");
        if let Some(m) = b.model() {
            assert!(m.satisfies(&cnf));
            sat += 1;
        } else {
            unsat += 1;
        }
    }
    assert!(sat > 0 && unsat > 0, "{sat} sat, {unsat} unsat");
}

#[test]
fn missing_binary_is_a_named_error() {
    let cnf = pigeonhole(2, 2, AmoEncoding::Pairwise);
    let err = solve_once(
        &cnf,
        &external("no-such-sat-solver-xyz", &[]),
        &Stop::never(),
    )
    .unwrap_err();
    assert!(matches!(&err, SatError::NotFound { program } if program == "no-such-sat-solver-xyz"));
    assert!(err.to_string().contains("no-such-sat-solver-xyz"));
}

/// Write an executable script into `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn script_backend(p: &Path) -> SatBackend {
    external(p.to_str().unwrap(), &[])
}

#[test]
fn misbehaving_solvers_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = pigeonhole(2, 2, AmoEncoding::Pairwise); // satisfiable, 4 vars

    let garbage = script(
        dir.path(),
        "garbage",
        "echo 'hello, I am not a SAT solver'\nexit 10",
    );
    let err = solve_retrying(&cnf, &script_backend(&garbage), None).unwrap_err();
    assert!(matches!(err, SatError::Output { .. }), "{err}");

    let fails = script(dir.path(), "fails", "echo oops >&2\nexit 3");
    let err = solve_retrying(&cnf, &script_backend(&fails), None).unwrap_err();
    assert!(
        matches!(&err, SatError::BadExit { stderr, .. } if stderr.contains("oops")),
        "{err}"
    );

    let crash = script(dir.path(), "crash", "kill -SEGV $$");
    let err = solve_retrying(&cnf, &script_backend(&crash), None).unwrap_err();
    assert!(
        matches!(err, SatError::Signaled { signal: 11, .. }),
        "{err}"
    );

    // all vars false falsifies "pigeon 0 somewhere": the model must be caught
    let liar = script(
        dir.path(),
        "liar",
        "echo 's SATISFIABLE'\necho 'v -1 -2 -3 -4 0'\nexit 10",
    );
    let err = solve_retrying(&cnf, &script_backend(&liar), None).unwrap_err();
    assert!(
        matches!(err, SatError::WrongModel { clause: 0, .. }),
        "{err}"
    );

    let wrong_code = script(dir.path(), "wrong_code", "echo 's UNSATISFIABLE'\nexit 10");
    let err = solve_retrying(&cnf, &script_backend(&wrong_code), None).unwrap_err();
    assert!(
        matches!(err, SatError::Inconsistent { code: 10, .. }),
        "{err}"
    );

    // a correct answer from a script, with the input path as its argument
    let honest = script(
        dir.path(),
        "honest",
        "test -f \"$1\" || exit 1\necho 'c checked' \"$1\"\necho 's SATISFIABLE'\necho 'v 1 -2 -3 4 0'\nexit 10",
    );
    let (v, _) = solve_retrying(&cnf, &script_backend(&honest), None).unwrap();
    assert_eq!(
        v.model().map(Model::values),
        Some(&[true, false, false, true][..])
    );
}

#[test]
fn external_deadline_kills_the_solver() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = pigeonhole(2, 2, AmoEncoding::Pairwise);
    let sleeper = script(dir.path(), "sleeper", "sleep 10\necho 's UNSATISFIABLE'");
    let start = Instant::now();
    let deadline = start + Duration::from_millis(500);
    let (v, _) = solve_retrying(&cnf, &script_backend(&sleeper), Some(deadline)).unwrap();
    let took = start.elapsed();
    assert!(matches!(v, SatVerdict::Unknown));
    // The sleeper would take 10 s; the kill must come well before (headroom for load).
    assert!(took < Duration::from_secs(8), "took {took:?}");

    if installed("cadical") {
        let hard = pigeonhole(11, 10, AmoEncoding::Pairwise);
        let start = Instant::now();
        let (v, _) = solve_once(
            &hard,
            &external("cadical", &["-q"]),
            &Stop::at(Some(start + Duration::from_millis(300))),
        )
        .unwrap();
        assert!(matches!(v, SatVerdict::Unknown));
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}

/// Measurement, not a check: cost of the deadline proof writer, the two runs interleaved so both
/// see the same machine load.
/// `cargo test --release --test it cnf_sat::measure -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_deadline_overhead() {
    let cases = [
        ("php_8_7", pigeonhole(8, 7, AmoEncoding::Pairwise)),
        ("php_9_8", pigeonhole(9, 8, AmoEncoding::Pairwise)),
        ("random3sat_200", random_k_sat(200, 852, 3, 7)),
        ("random3sat_150", random_k_sat(150, 639, 3, 3)),
    ];
    for (name, cnf) in &cases {
        let (mut plain, mut with) = (Vec::new(), Vec::new());
        for _ in 0..9 {
            for deadline in [false, true] {
                let d = deadline.then(|| Instant::now() + Duration::from_secs(3600));
                let t = Instant::now();
                let (v, _) = solve_once(cnf, &SatBackend::Varisat, &Stop::at(d)).unwrap();
                assert!(!matches!(v, SatVerdict::Unknown));
                if deadline { &mut with } else { &mut plain }.push(t.elapsed());
            }
        }
        plain.sort();
        with.sort();
        let (p, w) = (plain[4], with[4]);
        eprintln!(
            "{name}: median without deadline {p:?}, with {w:?} ({:+.1}%)",
            (w.as_secs_f64() / p.as_secs_f64() - 1.0) * 100.0
        );
    }
    for ms in [250u64, 1000] {
        let hard = pigeonhole(11, 10, AmoEncoding::Pairwise);
        let start = Instant::now();
        let (v, _) = solve_once(
            &hard,
            &SatBackend::Varisat,
            &Stop::at(Some(start + Duration::from_millis(ms))),
        )
        .unwrap();
        eprintln!(
            "php_11_10 deadline {ms} ms: {} after {:?}",
            v.name(),
            start.elapsed()
        );
    }
}

/// Measurement probe for `valgrind --tool=callgrind` (repeatable instruction counts): one solve
/// of random 3-SAT n=150 (or `SATCOVER_PROBE_CNF=php_8_7`), mode from `SATCOVER_PROBE` = `plain` (no deadline), `drat` (one-shot
/// deadline writer, binary DRAT) or `varisat` (incremental session, varisat's proof format).
#[test]
#[ignore]
fn probe_deadline_cost() {
    let cnf = match std::env::var("SATCOVER_PROBE_CNF").as_deref() {
        Ok("php_8_7") => pigeonhole(8, 7, AmoEncoding::Pairwise),
        _ => random_k_sat(150, 639, 3, 3),
    };
    let far = Some(Instant::now() + Duration::from_secs(3600));
    let mode = std::env::var("SATCOVER_PROBE").unwrap_or_default();
    let verdict = match mode.as_str() {
        "drat" => {
            solve_once(&cnf, &SatBackend::Varisat, &Stop::at(far))
                .unwrap()
                .0
        }
        "varisat" => VarisatSession::new(&cnf, &Stop::at(far)).solve().unwrap(),
        _ => {
            solve_once(&cnf, &SatBackend::Varisat, &Stop::never())
                .unwrap()
                .0
        }
    };
    assert!(!matches!(verdict, SatVerdict::Unknown));
}
