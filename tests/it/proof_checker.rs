//! The DRAT checker (`satcover::proof`) on proofs varisat writes: refutations of pigeonhole
//! and random 3-SAT formulas check, in text and binary DRAT; a proof cut short, a lemma
//! dropped or altered, or a formula missing a clause is rejected.

use satcover::cnf::generate::{pigeonhole, random_k_sat};
use satcover::cnf::{AmoEncoding, Cnf};
use satcover::proof::{ProofError, check_refutation};
use varisat::ExtendFormula;

fn clauses(cnf: &Cnf) -> Vec<Vec<i64>> {
    cnf.clauses()
        .map(|c| c.iter().map(|l| l.to_dimacs()).collect())
        .collect()
}

/// varisat's verdict and proof for `formula`.
fn varisat_proof(formula: &[Vec<i64>], format: varisat::ProofFormat) -> (bool, Vec<u8>) {
    let mut proof = Vec::new();
    let sat = {
        let mut solver = varisat::Solver::new();
        solver.write_proof(&mut proof, format);
        for c in formula {
            let lits: Vec<varisat::Lit> = c
                .iter()
                .map(|&x| varisat::Lit::from_dimacs(x as isize))
                .collect();
            solver.add_clause(&lits);
        }
        let sat = solver.solve().expect("solves");
        solver.close_proof().expect("proof closes");
        sat
    };
    (sat, proof)
}

fn check(formula: &[Vec<i64>], proof: &[u8]) -> Result<(), ProofError> {
    check_refutation(formula.iter().map(Vec::as_slice), proof).map(|_| ())
}

fn unsat_formulas() -> Vec<(String, Vec<Vec<i64>>)> {
    let mut out = vec![
        (
            "php 6/5".to_string(),
            clauses(&pigeonhole(6, 5, AmoEncoding::Pairwise)),
        ),
        (
            "php 7/6 sequential".to_string(),
            clauses(&pigeonhole(7, 6, AmoEncoding::Sequential)),
        ),
    ];
    // Random 3-SAT at ratio 5 is unsatisfiable with high probability; keep the unsat ones.
    for seed in 0..12 {
        let f = clauses(&random_k_sat(60, 300, 3, seed));
        if !varisat_proof(&f, varisat::ProofFormat::Drat).0 {
            out.push((format!("3-SAT n=60 seed {seed}"), f));
        }
    }
    assert!(out.len() > 6, "enough unsatisfiable formulas");
    out
}

#[test]
fn varisat_refutations_check_in_text_and_binary() {
    for (name, formula) in unsat_formulas() {
        for format in [varisat::ProofFormat::Drat, varisat::ProofFormat::BinaryDrat] {
            let (sat, proof) = varisat_proof(&formula, format);
            assert!(!sat, "{name}");
            check(&formula, &proof).unwrap_or_else(|e| panic!("{name} {format:?}: {e}"));
        }
    }
}

/// Text DRAT steps, one per line, deletions included.
fn lines(proof: &[u8]) -> Vec<String> {
    String::from_utf8(proof.to_vec())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn damaged_proofs_are_rejected() {
    let mut removals = (0, 0);
    let mut alterations = (0, 0);
    for (name, formula) in unsat_formulas() {
        let (_, proof) = varisat_proof(&formula, varisat::ProofFormat::Drat);
        let steps = lines(&proof);
        let lemmas: Vec<usize> = (0..steps.len())
            .filter(|&i| !steps[i].starts_with('d'))
            .collect();
        // Propagation alone does not refute these formulas: an empty proof fails...
        assert!(check(&formula, b"").is_err(), "{name}");
        // ... and so does the proof cut in half.
        let half: Vec<String> = steps[..lemmas[lemmas.len() / 2]].to_vec();
        assert!(
            check(&formula, half.join("\n").as_bytes()).is_err(),
            "{name}: half a proof"
        );
        // The same proof against the formula with a clause missing: some lemma or the final
        // conflict no longer follows for at least one dropped clause.
        let missing = (0..formula.len()).any(|i| {
            let mut f = formula.clone();
            f.remove(i);
            check(&f, &proof).is_err()
        });
        assert!(missing, "{name}: the proof uses the formula");
        // Lemmas dropped, first literals negated (twenty spread over the proof): count the
        // rejections.
        for &i in lemmas.iter().step_by((lemmas.len() / 20).max(1)) {
            let mut dropped = steps.clone();
            dropped.remove(i);
            removals.1 += 1;
            if check(&formula, dropped.join("\n").as_bytes()).is_err() {
                removals.0 += 1;
            }
            let mut altered = steps.clone();
            let mut tokens: Vec<String> =
                altered[i].split_whitespace().map(str::to_string).collect();
            if tokens.len() > 1 {
                tokens[0] = (-tokens[0].parse::<i64>().unwrap()).to_string();
                altered[i] = tokens.join(" ");
                alterations.1 += 1;
                if check(&formula, altered.join("\n").as_bytes()).is_err() {
                    alterations.0 += 1;
                }
            }
        }
    }
    eprintln!(
        "rejected: {} of {} proofs with a lemma dropped, {} of {} with a literal negated",
        removals.0, removals.1, alterations.0, alterations.1
    );
    assert!(removals.0 > 0 && alterations.0 > 0);
}
