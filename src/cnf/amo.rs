//! At-most-one (AMO) encodings of a group of `n` literals.
//!
//! Glossary: **group** = the literals of one AMO constraint; **aux var** = a var an encoding adds;
//! **commander** = an aux var that stands for "some literal of this subgroup is true".
//!
//! Sizes (clauses / aux vars), `n >= 2` (for `n <= 1` every encoding adds nothing):
//!
//! | encoding | clauses | aux vars | reference |
//! |---|---|---|---|
//! | [`AmoEncoding::Pairwise`] | n(n−1)/2 | 0 | folklore ("binomial") |
//! | [`AmoEncoding::Sequential`] | 3n − 4 | n − 1 | Sinz, *Towards an optimal CNF encoding of Boolean cardinality constraints*, CP 2005 |
//! | [`AmoEncoding::Commander`] | ≈ 3.5n (groups of 3, recursive) | ≈ n/2 | Klieber & Kwon, *Efficient CNF encoding for selecting 1 from N objects*, CFV 2007 |
//! | [`AmoEncoding::Bitwise`] | n·⌈log₂ n⌉ | ⌈log₂ n⌉ | Frisch et al., *Solving non-Boolean satisfiability problems with stochastic local search*, 2005; Prestwich 2007 |
//!
//! [`AmoEncoding::sizes`] computes the exact figures for any `n`; tests compare them with what the
//! builder really adds. Pairwise, sequential and commander are propagation-complete for AMO (unit
//! propagation sets every other literal false once one is true); bitwise is not.
//!
//! Clause count predicts solving speed poorly (measured with varisat, pairwise beats the
//! sequential counter on sudoku up to 36×36 though 6× larger; `encodings/sudoku.md`), hence one choice point:
//! [`AmoEncoding::default_for`], a parameter so it can be measured.

use super::{Cnf, Lit};

/// Groups up to this size use [`AmoEncoding::Pairwise`] by default. 36 is the largest group size
/// (sudoku 36×36) at which pairwise was measured fastest with varisat (5.0 s vs 17.5 s
/// for the sequential counter); beyond that nothing was measured, and the quadratic clause count
/// (630 clauses at 36, 1,176 at 49) starts to dominate formula size.
pub const PAIRWISE_MAX_GROUP: usize = 36;

/// Subgroup size of the commander encoding; Klieber & Kwon recommend 3.
const COMMANDER_GROUP: usize = 3;

/// Groups up to this size are encoded pairwise inside the commander recursion: with groups of 3
/// a commander level only pays off from about this size on.
const COMMANDER_BASE: usize = 6;

/// How at-most-one / exactly-one groups are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AmoEncoding {
    /// `¬xᵢ ∨ ¬xⱼ` for every pair: n(n−1)/2 clauses, no aux vars.
    Pairwise,
    /// Sinz's sequential counter: aux `sᵢ` = "some of x₁..xᵢ is true"; 3n − 4 clauses, n − 1 aux.
    Sequential,
    /// Klieber & Kwon's commander encoding, groups of 3, applied recursively to the commanders.
    Commander,
    /// Binary / bitwise encoding: each `xᵢ` forces the ⌈log₂ n⌉ aux bits to spell `i`.
    Bitwise,
}

impl AmoEncoding {
    /// Every encoding, for tests and measurements.
    pub const ALL: [AmoEncoding; 4] = [
        AmoEncoding::Pairwise,
        AmoEncoding::Sequential,
        AmoEncoding::Commander,
        AmoEncoding::Bitwise,
    ];

    /// The encoding used for a group of `n` literals unless overridden: pairwise up to
    /// [`PAIRWISE_MAX_GROUP`], the sequential counter beyond.
    pub fn default_for(n: usize) -> AmoEncoding {
        if n <= PAIRWISE_MAX_GROUP {
            AmoEncoding::Pairwise
        } else {
            AmoEncoding::Sequential
        }
    }

    /// Short lowercase name (`pairwise`, `sequential`, `commander`, `bitwise`).
    pub fn name(self) -> &'static str {
        match self {
            AmoEncoding::Pairwise => "pairwise",
            AmoEncoding::Sequential => "sequential",
            AmoEncoding::Commander => "commander",
            AmoEncoding::Bitwise => "bitwise",
        }
    }

    /// Parse a [`AmoEncoding::name`].
    pub fn from_name(s: &str) -> Option<AmoEncoding> {
        AmoEncoding::ALL.into_iter().find(|e| e.name() == s)
    }

    /// Exact `(clauses, aux vars)` this encoding adds for a group of `n` literals.
    pub fn sizes(self, n: usize) -> (usize, usize) {
        if n <= 1 {
            return (0, 0);
        }
        match self {
            AmoEncoding::Pairwise => (n * (n - 1) / 2, 0),
            AmoEncoding::Sequential => (3 * n - 4, n - 1),
            AmoEncoding::Bitwise => {
                let bits = bits_for(n);
                (n * bits, bits)
            }
            AmoEncoding::Commander => {
                if n <= COMMANDER_BASE {
                    return AmoEncoding::Pairwise.sizes(n);
                }
                let (mut clauses, mut aux, mut commanders) = (0, 0, 0);
                let mut left = n;
                while left > 0 {
                    let g = left.min(COMMANDER_GROUP);
                    left -= g;
                    commanders += 1;
                    if g > 1 {
                        // pairwise inside, xᵢ → c for each member, c → some member
                        clauses += g * (g - 1) / 2 + g + 1;
                        aux += 1;
                    }
                }
                let (c, a) = AmoEncoding::Commander.sizes(commanders);
                (clauses + c, aux + a)
            }
        }
    }
}

impl std::fmt::Display for AmoEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// ⌈log₂ n⌉ for n ≥ 2.
fn bits_for(n: usize) -> usize {
    debug_assert!(n >= 2);
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

/// Add the clauses of AMO(`lits`) to `cnf`.
pub(super) fn encode(cnf: &mut Cnf, lits: &[Lit], enc: AmoEncoding) {
    let n = lits.len();
    if n <= 1 {
        return;
    }
    let before = (cnf.num_clauses(), cnf.num_vars());
    let (clauses, _) = enc.sizes(n);
    // Every clause but commander's "c → some member" has two literals.
    cnf.reserve(clauses, 2 * clauses + n);
    match enc {
        AmoEncoding::Pairwise => pairwise(cnf, lits),
        AmoEncoding::Sequential => sequential(cnf, lits),
        AmoEncoding::Commander => commander(cnf, lits),
        AmoEncoding::Bitwise => bitwise(cnf, lits),
    }
    debug_assert_eq!(
        (cnf.num_clauses() - before.0, cnf.num_vars() - before.1),
        enc.sizes(n),
        "{enc} encoding size disagrees with AmoEncoding::sizes"
    );
}

fn pairwise(cnf: &mut Cnf, lits: &[Lit]) {
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            cnf.add_clause(&[!a, !b]);
        }
    }
}

/// Sinz 2005, the k = 1 case: sᵢ means "one of x₁..xᵢ is true".
/// x₁ → s₁; for 1 < i < n: xᵢ → sᵢ, sᵢ₋₁ → sᵢ, ¬(xᵢ ∧ sᵢ₋₁); finally ¬(xₙ ∧ sₙ₋₁).
fn sequential(cnf: &mut Cnf, lits: &[Lit]) {
    let n = lits.len();
    let first = cnf.new_vars(n - 1).start;
    let s = |i: usize| super::Var::from_index(first + i).positive();
    cnf.add_clause(&[!lits[0], s(0)]);
    for (i, &x) in lits.iter().enumerate().take(n - 1).skip(1) {
        cnf.add_clause(&[!x, s(i)]);
        cnf.add_clause(&[!s(i - 1), s(i)]);
        cnf.add_clause(&[!x, !s(i - 1)]);
    }
    cnf.add_clause(&[!lits[n - 1], !s(n - 2)]);
}

/// Klieber & Kwon 2007: split into groups of 3; inside a group AMO pairwise; commander c ↔ "some
/// member is true" (xᵢ → c and c → ∨ members); then AMO over the commanders, recursively. A group of
/// one literal is its own commander. The c → ∨ members clause is not needed for AMO but makes every
/// commander a function of the group, so counting models over all vars still counts distinct
/// assignments of the group once.
fn commander(cnf: &mut Cnf, lits: &[Lit]) {
    if lits.len() <= COMMANDER_BASE {
        pairwise(cnf, lits);
        return;
    }
    let mut commanders = Vec::with_capacity(lits.len().div_ceil(COMMANDER_GROUP));
    let mut clause = Vec::with_capacity(COMMANDER_GROUP + 1);
    for group in lits.chunks(COMMANDER_GROUP) {
        if let [only] = group {
            commanders.push(*only);
            continue;
        }
        let c = cnf.new_var().positive();
        pairwise(cnf, group);
        for &x in group {
            cnf.add_clause(&[!x, c]);
        }
        clause.clear();
        clause.push(!c);
        clause.extend_from_slice(group);
        cnf.add_clause(&clause);
        commanders.push(c);
    }
    commander(cnf, &commanders);
}

/// Bitwise: aux bits b₀..b_{m−1}; xᵢ → (bⱼ ↔ bit j of i) for every j. Two true literals would
/// need the bits to spell two different numbers.
fn bitwise(cnf: &mut Cnf, lits: &[Lit]) {
    let bits = bits_for(lits.len());
    let first = cnf.new_vars(bits).start;
    for (i, &x) in lits.iter().enumerate() {
        for j in 0..bits {
            let b = super::Var::from_index(first + j);
            cnf.add_clause(&[!x, super::Lit::new(b, (i >> j) & 1 == 1)]);
        }
    }
}
