//! TEMPORARY stub of the CNF API (replaced by the real module on merge).
#![allow(dead_code, unused_variables)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);
impl Var {
    pub fn from_index(i: usize) -> Var {
        Var(i as u32)
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn positive(self) -> Lit {
        Lit(self.0 * 2)
    }
    pub fn negative(self) -> Lit {
        Lit(self.0 * 2 + 1)
    }
}
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);
#[derive(Clone, Debug, Default)]
pub struct Cnf {}
impl Cnf {
    pub fn new() -> Self {
        Cnf {}
    }
    pub fn new_var(&mut self) -> Var {
        todo!()
    }
    pub fn new_named_var(&mut self, name: impl Into<String>) -> Var {
        todo!()
    }
    pub fn begin_family(&mut self, name: impl Into<String>) {
        todo!()
    }
    pub fn add_clause(&mut self, lits: &[Lit]) {
        todo!()
    }
    pub fn at_least_one(&mut self, lits: &[Lit]) {
        todo!()
    }
    pub fn at_most_one(&mut self, lits: &[Lit]) {
        todo!()
    }
    pub fn exactly_one(&mut self, lits: &[Lit]) {
        todo!()
    }
    pub fn num_vars(&self) -> usize {
        todo!()
    }
    pub fn num_clauses(&self) -> usize {
        todo!()
    }
    pub fn num_literals(&self) -> usize {
        todo!()
    }
    pub fn families(&self) -> &[(String, usize)] {
        todo!()
    }
}
impl Var {
    pub fn to_dimacs(self) -> i64 {
        todo!()
    }
}
impl Lit {
    pub fn new(var: Var, positive: bool) -> Lit {
        todo!()
    }
    pub fn var(self) -> Var {
        todo!()
    }
    pub fn is_positive(self) -> bool {
        todo!()
    }
    pub fn to_dimacs(self) -> i64 {
        todo!()
    }
}
impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        todo!()
    }
}
impl Cnf {
    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> {
        std::iter::empty()
    }
    pub fn var_name(&self, v: Var) -> Option<&str> {
        todo!()
    }
}
#[derive(Debug, thiserror::Error)]
#[error("dimacs")]
pub struct DimacsError;
pub fn parse_dimacs(text: &str) -> Result<Cnf, DimacsError> {
    todo!()
}
pub fn write_dimacs(
    cnf: &Cnf,
    comments: &[String],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    todo!()
}
