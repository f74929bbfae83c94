//! The CNF builder: variables, literals, clauses and clause families.
//!
//! Glossary
//! - **var** ([`Var`]): a Boolean variable, numbered from 0 inside the crate and from 1 in DIMACS.
//! - **lit** ([`Lit`]): a var or its negation, stored as the code `2 * var + negated` (the same
//!   layout as MiniSat and varisat, so conversion to the embedded solver is a copy).
//! - **clause**: a disjunction of lits; the formula ([`Cnf`]) is their conjunction. The empty
//!   clause is allowed and makes the formula unsatisfiable.
//! - **family**: a named group of clauses (`"1 cell-at-least-one"`), numbered like the encoding
//!   spec of the puzzle that builds them; the builder counts clauses per family so tests can
//!   assert the totals the spec gives.
//! - **aux var**: a variable introduced by an encoding (sequential counter, commander...), never a
//!   decision variable of the puzzle; such vars are left unnamed.
//! - **AMO / EO**: at-most-one / exactly-one of a group of lits; see [`AmoEncoding`].
//!
//! Storage is flat: every literal of every clause in one `Vec<Lit>`, plus one end offset per clause,
//! so a formula of millions of clauses is three allocations, not millions.

mod amo;
mod dimacs;
pub mod generate;

pub use amo::{AmoEncoding, PAIRWISE_MAX_GROUP};
pub use dimacs::{
    DimacsError, DimacsErrorKind, DimacsParsed, MAX_UNBACKED_VARS, parse_dimacs,
    parse_dimacs_detailed, write_dimacs,
};

use std::fmt;

/// A Boolean variable, 0-based. DIMACS numbers it `index + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);

/// Largest variable index a [`Var`] can hold: the lit code `2 * index + 1` must fit in a `u32`.
pub const MAX_VAR_INDEX: usize = (u32::MAX as usize - 1) / 2;

impl Var {
    /// The variable with 0-based index `i`.
    ///
    /// Indices above [`MAX_VAR_INDEX`] are a programming error (no formula gets near 2³¹ vars);
    /// callers holding untrusted numbers (the DIMACS parser) check the range first.
    pub fn from_index(i: usize) -> Var {
        debug_assert!(i <= MAX_VAR_INDEX, "variable index {i} out of range");
        Var(i as u32)
    }

    /// The 0-based index.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The DIMACS number, `index + 1`.
    pub fn to_dimacs(self) -> i64 {
        i64::from(self.0) + 1
    }

    /// The literal that is true when this var is true.
    pub fn positive(self) -> Lit {
        Lit::new(self, true)
    }

    /// The literal that is true when this var is false.
    pub fn negative(self) -> Lit {
        Lit::new(self, false)
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// A literal: code `2 * var + negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// `var` when `positive`, `¬var` otherwise.
    pub fn new(var: Var, positive: bool) -> Lit {
        Lit((var.0 << 1) | u32::from(!positive))
    }

    /// The variable of this literal.
    pub fn var(self) -> Var {
        Var(self.0 >> 1)
    }

    /// Whether this literal is the un-negated variable.
    pub fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// The literal of a non-zero DIMACS number (`-3` is `¬x₂`, 0-based).
    ///
    /// `x` must be non-zero and `|x| - 1 <= MAX_VAR_INDEX` (checked by `debug_assert!`); the DIMACS
    /// parser validates untrusted input before calling this.
    pub fn from_dimacs(x: i64) -> Lit {
        debug_assert!(x != 0, "0 is not a DIMACS literal");
        let index = x.unsigned_abs().saturating_sub(1) as usize;
        Lit::new(Var::from_index(index), x > 0)
    }

    /// The DIMACS number of this literal.
    pub fn to_dimacs(self) -> i64 {
        let v = self.var().to_dimacs();
        if self.is_positive() { v } else { -v }
    }

    /// The raw code `2 * var + negated` (the layout varisat and MiniSat use).
    pub fn code(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_dimacs())
    }
}

/// A formula in conjunctive normal form, with optional variable names and per-family clause counts.
#[derive(Clone, Debug, Default)]
pub struct Cnf {
    num_vars: usize,
    /// All literals of all clauses, clause after clause.
    lits: Vec<Lit>,
    /// `ends[i]` is one past the last literal of clause `i` in `lits`.
    ends: Vec<usize>,
    /// Names by var index; shorter than `num_vars` when trailing vars are unnamed.
    names: Vec<Option<Box<str>>>,
    /// Families in order of first use, with their clause counts.
    families: Vec<(String, usize)>,
    /// Index into `families` of the family that new clauses count toward.
    current_family: Option<usize>,
    /// Encoding override for [`Cnf::at_most_one`]; `None` = [`AmoEncoding::default_for`].
    amo_override: Option<AmoEncoding>,
}

impl Cnf {
    /// An empty formula (no vars, no clauses; satisfiable).
    pub fn new() -> Self {
        Self::default()
    }

    /// A fresh unnamed variable (encodings use these for auxiliary vars).
    pub fn new_var(&mut self) -> Var {
        let v = Var::from_index(self.num_vars);
        self.num_vars += 1;
        v
    }

    /// A fresh variable with a name; DIMACS export writes it as `c var 17 x[r1,c2]=8`.
    ///
    /// Names should be single-line: line breaks are written as spaces.
    pub fn new_named_var(&mut self, name: impl Into<String>) -> Var {
        let v = self.new_var();
        self.set_var_name(v, name);
        v
    }

    /// Name (or rename) an existing variable; vars beyond [`Cnf::num_vars`] are allocated first.
    pub fn set_var_name(&mut self, v: Var, name: impl Into<String>) {
        self.ensure_vars(v.index() + 1);
        if self.names.len() <= v.index() {
            self.names.resize(v.index() + 1, None);
        }
        self.names[v.index()] = Some(name.into().into_boxed_str());
    }

    /// Allocate `n` unnamed vars at once; returns their index range (`Var::from_index(i)` for each
    /// `i` in it). Encoders that lay out a block of decision vars (`x[r][c][d]`) use the range start
    /// as the base of their own index arithmetic.
    pub fn new_vars(&mut self, n: usize) -> std::ops::Range<usize> {
        let start = self.num_vars;
        self.num_vars += n;
        debug_assert!(self.num_vars == 0 || self.num_vars - 1 <= MAX_VAR_INDEX);
        start..self.num_vars
    }

    /// The name given to `v`, if any.
    pub fn var_name(&self, v: Var) -> Option<&str> {
        self.names.get(v.index()).and_then(|n| n.as_deref())
    }

    /// Subsequent clauses count toward this family. Re-opening a family already used keeps
    /// counting into it (families keep the order of their first `begin_family`).
    pub fn begin_family(&mut self, name: impl Into<String>) {
        let name = name.into();
        let idx = match self.families.iter().position(|(n, _)| *n == name) {
            Some(i) => i,
            None => {
                self.families.push((name, 0));
                self.families.len() - 1
            }
        };
        self.current_family = Some(idx);
    }

    /// Stop counting clauses toward any family (later clauses count toward none).
    pub fn end_family(&mut self) {
        self.current_family = None;
    }

    /// Add one clause. Vars it mentions beyond [`Cnf::num_vars`] are allocated implicitly, so the
    /// formula is always well formed. Literals are stored as given (no sorting, no deduplication):
    /// the clause count is exactly what the encoder wrote, which the family totals rely on.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(max) = lits.iter().map(|l| l.var().index()).max() {
            self.ensure_vars(max + 1);
        }
        self.lits.extend_from_slice(lits);
        self.ends.push(self.lits.len());
        if let Some(f) = self.current_family {
            self.families[f].1 += 1;
        }
    }

    /// At least one of `lits` is true: a single clause (the empty clause when `lits` is empty).
    pub fn at_least_one(&mut self, lits: &[Lit]) {
        self.add_clause(lits);
    }

    /// At most one of `lits` is true, with the encoding set by [`Cnf::set_amo_encoding`] or else
    /// [`AmoEncoding::default_for`]`(lits.len())`.
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        let enc = self
            .amo_override
            .unwrap_or_else(|| AmoEncoding::default_for(lits.len()));
        self.at_most_one_with(lits, enc);
    }

    /// At most one of `lits` is true, with the given encoding (see [`AmoEncoding`] for sizes).
    pub fn at_most_one_with(&mut self, lits: &[Lit], enc: AmoEncoding) {
        amo::encode(self, lits, enc);
    }

    /// Exactly one of `lits` is true: [`Cnf::at_least_one`] plus [`Cnf::at_most_one`].
    pub fn exactly_one(&mut self, lits: &[Lit]) {
        self.at_least_one(lits);
        self.at_most_one(lits);
    }

    /// Fix the encoding used by [`Cnf::at_most_one`]; `None` restores [`AmoEncoding::default_for`].
    pub fn set_amo_encoding(&mut self, enc: Option<AmoEncoding>) {
        self.amo_override = enc;
    }

    /// The encoding override, if any.
    pub fn amo_encoding(&self) -> Option<AmoEncoding> {
        self.amo_override
    }

    /// Number of variables (decision and auxiliary).
    pub fn num_vars(&self) -> usize {
        self.num_vars
    }

    /// Number of clauses.
    pub fn num_clauses(&self) -> usize {
        self.ends.len()
    }

    /// Total number of literal occurrences over all clauses.
    pub fn num_literals(&self) -> usize {
        self.lits.len()
    }

    /// Clause `i` (0-based), if it exists.
    pub fn clause(&self, i: usize) -> Option<&[Lit]> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        Some(&self.lits[start..end])
    }

    /// The clauses in the order they were added.
    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let c = &self.lits[start..end];
            start = end;
            c
        })
    }

    /// Families in order of first use, with their clause counts. Clauses added outside any family
    /// are counted only in [`Cnf::num_clauses`].
    pub fn families(&self) -> &[(String, usize)] {
        &self.families
    }

    /// Make sure at least `n` vars exist (DIMACS headers may declare vars no clause uses).
    pub fn ensure_vars(&mut self, n: usize) {
        if n > self.num_vars {
            debug_assert!(n - 1 <= MAX_VAR_INDEX);
            self.num_vars = n;
        }
    }

    /// Named vars in index order.
    pub fn named_vars(&self) -> impl Iterator<Item = (Var, &str)> {
        self.names
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_deref().map(|n| (Var::from_index(i), n)))
    }

    /// Reserve room for `clauses` more clauses with `lits` more literals in total.
    pub fn reserve(&mut self, clauses: usize, lits: usize) {
        self.ends.reserve(clauses);
        self.lits.reserve(lits);
    }
}
