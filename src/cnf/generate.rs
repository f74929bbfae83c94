//! Standard benchmark formula families, for tests and benchmarks.
//!
//! - **uniform random k-SAT**: `m` clauses of `k` distinct vars, each negated with probability ½
//!   (Mitchell, Selman & Levesque 1992); for k = 3 the satisfiability threshold is near m/n ≈ 4.26.
//! - **pigeonhole PHP(p, h)**: p pigeons into h holes, each pigeon in some hole, no hole holds two;
//!   unsatisfiable for p > h and exponentially hard for resolution (Haken 1985), hence for CDCL.
//!
//! The generator is the crate's SplitMix64 (`src/rng.rs`): seeded, portable, no dependency.

use super::{AmoEncoding, Cnf, Lit, Var};

pub use crate::rng::SplitMix64;

/// Uniform random k-SAT over `vars` vars with `clauses` clauses; `k` distinct vars per clause
/// (`k` is clamped to `vars`).
pub fn random_k_sat(vars: usize, clauses: usize, k: usize, seed: u64) -> Cnf {
    let mut rng = SplitMix64::new(seed);
    let mut cnf = Cnf::new();
    cnf.new_vars(vars);
    let k = k.min(vars);
    cnf.reserve(clauses, clauses * k);
    let mut clause: Vec<Lit> = Vec::with_capacity(k);
    for _ in 0..clauses {
        clause.clear();
        while clause.len() < k {
            let v = Var::from_index(rng.below(vars));
            if clause.iter().all(|l| l.var() != v) {
                clause.push(Lit::new(v, rng.next_u64() & 1 == 0));
            }
        }
        cnf.add_clause(&clause);
    }
    cnf
}

/// PHP(pigeons, holes): var `p * holes + h` = "pigeon p sits in hole h" (named `p{p}h{h}`).
/// Families `1 pigeon-somewhere` (one clause per pigeon) and `2 hole-at-most-one` (an AMO per hole,
/// encoded with `enc`).
pub fn pigeonhole(pigeons: usize, holes: usize, enc: AmoEncoding) -> Cnf {
    let mut cnf = Cnf::new();
    for p in 0..pigeons {
        for h in 0..holes {
            cnf.new_named_var(format!("p{p}h{h}"));
        }
    }
    let x = |p: usize, h: usize| Var::from_index(p * holes + h).positive();
    cnf.begin_family("1 pigeon-somewhere");
    let mut lits = Vec::with_capacity(pigeons.max(holes));
    for p in 0..pigeons {
        lits.clear();
        lits.extend((0..holes).map(|h| x(p, h)));
        cnf.at_least_one(&lits);
    }
    cnf.begin_family("2 hole-at-most-one");
    for h in 0..holes {
        lits.clear();
        lits.extend((0..pigeons).map(|p| x(p, h)));
        cnf.at_most_one_with(&lits, enc);
    }
    cnf
}
