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
