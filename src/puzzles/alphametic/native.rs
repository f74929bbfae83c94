//! The native alphametic solver: letters assigned column by column from the units, each
//! column tested as soon as its letters are known (the schoolbook addition with carries,
//! generalised).
//!
//! Glossary:
//! - **order**: letters sorted by the lowest column they appear in (ties: first
//!   appearance), so that the letters of columns 0..=k are all assigned before any letter
//!   first seen in column k + 1.
//! - **column test** at column k: both sides are equal modulo 10^(k+1). For sums and
//!   differences this is exactly "column k sums to 0 with the carry"; for products it holds
//!   because a product modulo 10^(k+1) depends only on its factors modulo 10^(k+1). Passing
//!   the test at column k implies it at every lower column, so only the highest column that
//!   becomes testable at a depth is tested. Columns above 18 are left to the final test
//!   (10^19 squared would overflow u128).
//! - **final test**: the exact equation, once every letter has a digit.
//!
//! - **solved letter**: in a puzzle without products, the last letter of a column to be
//!   assigned need not be guessed when its net coefficient c in that column is prime to 10
//!   (c = ±1, ±3, …): the column test fixes c·d mod 10, so d is computed, not tried.
//!
//! This is Norvig's permutation search (the seed) with the pruning the seed leaves out:
//! NUM + BER = PLAY takes a few thousand nodes instead of 10!/0! permutations.

use crate::stop::Stop;

use super::{Alphametic, Assignment};
use crate::puzzle::{Limits, NativeAnswer, Sink};

/// Highest column (0-based) tested modulo 10^(k+1) during the search.
const MAX_TESTED_COLUMN: usize = 17;
const CLOCK_EVERY: u64 = 1024;

/// A word as letter indices, least significant first.
type Digits = Vec<usize>;

struct Search<'a, F> {
    /// Letters in assignment order.
    order: Vec<usize>,
    /// `test_at[d]`: the column to test once `d` letters are assigned (modulus 10^(col+1)).
    test_at: Vec<Option<u128>>,
    /// `solve_at[d]`: the letter at depth `d` is computed, not tried: (inverse of its
    /// column coefficient mod 10, 10^col).
    solve_at: Vec<Option<(u8, u128)>>,
    /// Terms as (negative, factors), right side negated so that the total must be zero.
    terms: Vec<(bool, Vec<Digits>)>,
    leading: &'a [bool],
    digit: [u8; 10],
    used: u16,
    count: u64,
    nodes: u64,
    max: u64,
    stop: Stop,
    stopped: bool,
    on_solution: F,
}

/// Solve for the pipeline.
pub(crate) fn solve(a: &Alphametic, limits: &Limits, found: Sink<'_, Assignment>) -> NativeAnswer {
    let mut handed = 0;
    let keep = limits.keep;
    let letters = a.letters.clone();
    let (count, complete, nodes) = search(a, limits, |digits: &[u8]| {
        if handed < keep {
            handed += 1;
            let assignment = letters.iter().zip(digits).map(|(&c, &d)| (c, d)).collect();
            if found(assignment).is_break() {
                handed = keep;
            }
        }
    });
    NativeAnswer {
        count,
        complete,
        nodes: Some(nodes),
        guesses: None,
        conflicts: None,
    }
}

/// Enumerate solutions, calling `on_solution` with the digit of each letter (in the
/// puzzle's letter order). Returns (count, complete, nodes).
pub(crate) fn search(
    a: &Alphametic,
    limits: &Limits,
    on_solution: impl FnMut(&[u8]),
) -> (u64, bool, u64) {
    let terms: Vec<(bool, Vec<Digits>)> = a
        .signed_terms()
        .map(|(negative, t)| {
            let factors = t
                .factors
                .iter()
                .map(|w| w.iter().rev().copied().collect())
                .collect();
            (negative, factors)
        })
        .collect();
    let n = a.letters.len();
    // Lowest column of each letter.
    let mut low = vec![usize::MAX; n];
    for (_, factors) in &terms {
        for word in factors {
            for (col, &l) in word.iter().enumerate() {
                low[l] = low[l].min(col);
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&l| (low[l], l));
    // Column k is testable once every letter with low ≤ k is assigned; test the highest.
    let max_col = terms
        .iter()
        .flat_map(|(_, f)| f.iter().map(Vec::len))
        .max()
        .unwrap_or(0);
    let mut test_at: Vec<Option<u128>> = vec![None; n + 1];
    for col in 0..max_col.min(MAX_TESTED_COLUMN + 1) {
        let depth = order.iter().take_while(|&&l| low[l] <= col).count();
        test_at[depth] = Some(10u128.pow(col as u32 + 1));
    }
    // A letter is solved for when it is the last one before a column test, its lowest
    // column is the tested column, and its net coefficient there is invertible mod 10.
    let mut solve_at: Vec<Option<(u8, u128)>> = vec![None; n];
    if !a.has_products() {
        for depth in 1..=n {
            let Some(modulus) = test_at[depth] else {
                continue;
            };
            let letter = order[depth - 1];
            let col = low[letter];
            if 10u128.pow(col as u32 + 1) != modulus {
                continue;
            }
            let mut coef: i64 = 0;
            for (negative, factors) in &terms {
                if factors[0].get(col) == Some(&letter) {
                    coef += if *negative { -1 } else { 1 };
                }
            }
            let c = coef.rem_euclid(10) as u8;
            if let Some(inverse) = (1..10u8).find(|&x| c * x % 10 == 1) {
                solve_at[depth - 1] = Some((inverse, modulus / 10));
            }
        }
    }
    let mut s = Search {
        order,
        test_at,
        solve_at,
        terms,
        leading: &a.leading,
        digit: [0; 10],
        used: 0,
        count: 0,
        nodes: 0,
        max: limits.max_or_all(),
        stop: limits.stop.clone(),
        stopped: limits.max_or_all() == 0,
        on_solution,
    };
    if !s.stopped {
        s.descend(0);
    }
    (s.count, !s.stopped, s.nodes)
}

impl<F: FnMut(&[u8])> Search<'_, F> {
    fn descend(&mut self, depth: usize) {
        if let Some(modulus) = self.test_at[depth]
            && !self.balances_modulo(modulus)
        {
            return;
        }
        if depth == self.order.len() {
            if self.balances_exactly() {
                self.count += 1;
                let n = self.order.len();
                (self.on_solution)(&self.digit[..n]);
                if self.count >= self.max {
                    self.stopped = true;
                }
            }
            return;
        }
        let letter = self.order[depth];
        let first = u8::from(self.leading[letter]);
        let (from, to) = match self.solve_at[depth] {
            Some((inverse, weight)) => {
                // The column balances iff residue + c·d·10^col ≡ 0 (mod 10^(col+1)), and
                // the residue is a multiple of 10^col (lower columns already balance).
                self.digit[letter] = 0;
                let t = (self.residue(weight * 10) / weight) as u8;
                let d = (10 - t) % 10 * inverse % 10;
                (d, d + 1)
            }
            None => (0, 10),
        };
        for d in from.max(first)..to {
            if self.used & (1 << d) != 0 {
                continue;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(CLOCK_EVERY)
                && self.stop.poll(crate::stop::Effort::Nodes, self.nodes)
            {
                self.stopped = true;
                return;
            }
            self.digit[letter] = d;
            self.used |= 1 << d;
            self.descend(depth + 1);
            self.used &= !(1 << d);
            if self.stopped {
                return;
            }
        }
    }

    /// Σ ±terms ≡ 0 (mod `modulus`), using only the digits of columns below log10(modulus),
    /// which are all assigned when this is called.
    fn balances_modulo(&self, modulus: u128) -> bool {
        self.residue(modulus) == 0
    }

    /// Σ ±terms mod `modulus`.
    fn residue(&self, modulus: u128) -> u128 {
        if modulus <= 1_000_000_000 {
            return u128::from(self.residue_small(modulus as u64));
        }
        let mut total: u128 = 0;
        for (negative, factors) in &self.terms {
            let mut product: u128 = 1;
            for word in factors {
                let mut value: u128 = 0;
                let mut weight: u128 = 1;
                for &l in word {
                    if weight >= modulus {
                        break;
                    }
                    value += u128::from(self.digit[l]) * weight;
                    weight *= 10;
                }
                product = product * (value % modulus) % modulus;
            }
            total = if *negative {
                (total + modulus - product) % modulus
            } else {
                (total + product) % modulus
            };
        }
        total
    }

    /// [`Self::residue`] for moduli up to 10^9: products of two residues fit a u64 and a
    /// signed sum of at most `MAX_TERMS` of them an i64, so one division at the end does
    /// (u128 division is what the search would otherwise spend its time on).
    fn residue_small(&self, modulus: u64) -> u64 {
        let mut total: i64 = 0;
        for (negative, factors) in &self.terms {
            let mut product: u64 = 1;
            for (i, word) in factors.iter().enumerate() {
                let mut value: u64 = 0;
                let mut weight: u64 = 1;
                for &l in word {
                    if weight >= modulus {
                        break;
                    }
                    value += u64::from(self.digit[l]) * weight;
                    weight *= 10;
                }
                product = if i == 0 {
                    value
                } else {
                    product * value % modulus
                };
            }
            let product = product as i64;
            total += if *negative { -product } else { product };
        }
        total.rem_euclid(modulus as i64) as u64
    }

    fn balances_exactly(&self) -> bool {
        let mut total: i128 = 0;
        for (negative, factors) in &self.terms {
            let mut product: i128 = 1;
            for word in factors {
                let value = word
                    .iter()
                    .rev()
                    .fold(0i128, |v, &l| v * 10 + i128::from(self.digit[l]));
                product = match product.checked_mul(value) {
                    Some(p) => p,
                    None => return false,
                };
            }
            total = match if *negative {
                total.checked_sub(product)
            } else {
                total.checked_add(product)
            } {
                Some(t) => t,
                None => return false,
            };
        }
        total == 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse_equation;
    use super::*;
    use crate::pipeline::solve as pipeline;
    use crate::puzzle::{Backend, Puzzle, Request, Status};

    fn count(text: &str) -> u64 {
        let a = parse_equation(text, 1).unwrap();
        let outcome = pipeline(&a, Backend::Native, &Request::all()).unwrap();
        assert!(outcome.complete);
        assert_eq!(outcome.solutions.len() as u64, outcome.count);
        outcome.count
    }

    #[test]
    fn known_counts() {
        assert_eq!(count("NUM + BER = PLAY"), 96);
        assert_eq!(count("SEND + MORE = MONEY"), 1);
        // Subtraction is addition read backwards: the same solutions.
        assert_eq!(count("MONEY - MORE = SEND"), 1);
        // Moving terms across the `=` keeps the solution.
        assert_eq!(count("MONEY - SEND - MORE = MONEY - MONEY"), 1);
        assert_eq!(count("A + A = B"), 4);
        assert_eq!(count("A = A"), 10);
        assert_eq!(count("A = B"), 0);
    }

    #[test]
    fn send_more_money() {
        let a = parse_equation("SEND + MORE = MONEY", 1).unwrap();
        let outcome = pipeline(&a, Backend::Native, &Request::all()).unwrap();
        assert_eq!(
            a.solution_text(&outcome.solutions[0]),
            "9567 + 1085 = 10652"
        );
    }

    #[test]
    fn products() {
        // Brute force agrees: count by trying every assignment.
        for text in ["AB * C = DE", "AB * AB = CAB", "A * B - C = DE"] {
            let a = parse_equation(text, 1).unwrap();
            let n = a.letters().len();
            let mut brute = 0;
            let mut digits = vec![0u8; n];
            // Odometer over 10^n assignments, keeping the distinct ones.
            loop {
                let distinct = (0..n).all(|i| (0..i).all(|j| digits[i] != digits[j]));
                if distinct {
                    let s: Assignment = a
                        .letters()
                        .iter()
                        .copied()
                        .zip(digits.iter().copied())
                        .collect();
                    if a.check(&s).is_ok() {
                        brute += 1;
                    }
                }
                let mut i = 0;
                while i < n && digits[i] == 9 {
                    digits[i] = 0;
                    i += 1;
                }
                if i == n {
                    break;
                }
                digits[i] += 1;
            }
            assert_eq!(count(text), brute, "{text}");
        }
    }

    #[test]
    fn limits() {
        let a = parse_equation("NUM + BER = PLAY", 1).unwrap();
        let outcome = pipeline(&a, Backend::Native, &Request::limit(5)).unwrap();
        assert_eq!((outcome.count, outcome.complete), (5, false));
        let outcome = pipeline(&a, Backend::Native, &Request::count()).unwrap();
        assert_eq!((outcome.count, outcome.solutions.len()), (96, 1));
        let none = parse_equation("A + B = CDE", 1).unwrap();
        let outcome = pipeline(&none, Backend::Native, &Request::first()).unwrap();
        assert_eq!(outcome.status, Status::Unsolvable);
    }
}
