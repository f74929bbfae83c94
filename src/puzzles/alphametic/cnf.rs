//! Alphametics as CNF (see `encodings/alphametic.md`): one-hot digits, all-different, and a
//! decimal adder per column with one-hot partial sums and carries (a "support" encoding:
//! unit propagation computes every partial sum as soon as the digits are known).
//!
//! Clause families, numbered like the spec:
//! 1. **letter-exactly-one**: each letter takes exactly one digit (`L=d`).
//! 2. **digit-at-most-one**: no two letters share a digit.
//! 3. **leading-nonzero**: `¬L=0` for the first letter of a word of two letters or more.
//! 4. **column-step**: partial sums of a column, `s ∧ L=d → s'` with `s' = s + coef·d`,
//!    starting from the column's carry.
//! 5. **column-carry**: the carry into column 0 is 0; a column's final sum must be a
//!    multiple of 10, `s=10c → carry=c`; the carry out of the top column is 0.
//!
//! Partial sums and carries get no at-most-one clauses: the values the digits imply are
//! forced true by the implications, and any other value set true only adds obligations, so
//! the formula is satisfiable exactly for the solutions; models are told apart on the digit
//! variables only (the projection). Measured: the same speed with and without them
//! (NUM + BER = PLAY: 3,944 clauses with, 1,990 without).
//!
//! Products would need a multiplier circuit: they are refused with a clear error naming the
//! native backend.

use std::collections::BTreeMap;

use super::{Alphametic, Assignment};
use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{Backend, CnfEncoding, Kind, SolveError};

/// A one-hot integer: value → variable.
type OneHot = BTreeMap<i64, Var>;

pub(crate) fn encode(a: &Alphametic) -> Result<CnfEncoding<'_, Assignment>, SolveError> {
    if a.has_products() {
        return Err(SolveError::Unsupported {
            kind: Kind::Alphametic,
            backend: Backend::Sat,
            hint: "--backend native (sat encodes sums and differences only, no products)",
        });
    }
    let n = a.letters.len();
    let mut cnf = Cnf::new();
    let digit: Vec<[Var; 10]> = a
        .letters
        .iter()
        .map(|c| std::array::from_fn(|d| cnf.new_named_var(format!("{c}={d}"))))
        .collect();

    cnf.begin_family("1 letter-exactly-one");
    for vars in &digit {
        let lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
        cnf.exactly_one(&lits);
    }
    cnf.begin_family("2 digit-at-most-one");
    for d in 0..10 {
        let lits: Vec<Lit> = digit.iter().map(|vars| vars[d].positive()).collect();
        if lits.len() > 1 {
            cnf.at_most_one(&lits);
        }
    }
    cnf.begin_family("3 leading-nonzero");
    for (l, vars) in digit.iter().enumerate() {
        if a.leading[l] {
            cnf.add_clause(&[vars[0].negative()]);
        }
    }

    // Net coefficient of each letter in each column, right side negated.
    let mut columns: Vec<Vec<i64>> = Vec::new();
    for (negative, term) in a.signed_terms() {
        let word = &term.factors[0];
        debug_assert_eq!(term.factors.len(), 1);
        let sign = if negative { -1 } else { 1 };
        for (col, &l) in word.iter().rev().enumerate() {
            if columns.len() <= col {
                columns.push(vec![0; n]);
            }
            columns[col][l] += sign;
        }
    }

    // The carry into column 0 is the constant 0 (its unit clause is counted in family 5).
    let zero = cnf.new_named_var("carry0=0");
    let mut carry: OneHot = BTreeMap::from([(0, zero)]);
    let mut zero_unit = Some(zero);
    for (col, coefs) in columns.iter().enumerate() {
        let mut sum = carry;
        for (l, &coef) in coefs.iter().enumerate() {
            if coef == 0 {
                continue;
            }
            cnf.begin_family("4 column-step");
            let mut next: OneHot = BTreeMap::new();
            for (&s, &s_var) in &sum {
                for (d, &d_var) in digit[l].iter().enumerate() {
                    let value = s + coef * d as i64;
                    let next_var = *next.entry(value).or_insert_with(|| {
                        cnf.new_named_var(format!("sum{col}.{}={value}", a.letters[l]))
                    });
                    cnf.add_clause(&[s_var.negative(), d_var.negative(), next_var.positive()]);
                }
            }
            sum = next;
        }
        cnf.begin_family("5 column-carry");
        if let Some(zero) = zero_unit.take() {
            cnf.add_clause(&[zero.positive()]);
        }
        let last = col + 1 == columns.len();
        let mut out: OneHot = BTreeMap::new();
        for (&s, &s_var) in &sum {
            if s % 10 != 0 || (last && s != 0) {
                cnf.add_clause(&[s_var.negative()]);
            } else if !last {
                let c = s / 10;
                let c_var = *out
                    .entry(c)
                    .or_insert_with(|| cnf.new_named_var(format!("carry{}={c}", col + 1)));
                cnf.add_clause(&[s_var.negative(), c_var.positive()]);
            }
        }
        carry = out;
    }

    let projection: Vec<Var> = digit.iter().flatten().copied().collect();
    let decode = move |model: &crate::sat::Model| -> Result<Assignment, String> {
        a.letters
            .iter()
            .zip(&digit)
            .map(|(&c, vars)| {
                let mut on = (0..10u8).filter(|&d| model.value(vars[usize::from(d)]));
                match (on.next(), on.next()) {
                    (Some(d), None) => Ok((c, d)),
                    _ => Err(format!("letter {c} has no single digit in the model")),
                }
            })
            .collect()
    };
    Ok(CnfEncoding {
        cnf,
        projection,
        blocking: crate::sat::Blocking::TrueLiterals,
        decode: Box::new(decode),
    })
}
