//! TEMPORARY stub of the SAT API (replaced by the real module on merge).
#![allow(dead_code, unused_variables)]
use crate::cnf::{Cnf, Lit, Var};
use std::time::Instant;
#[derive(Clone, Debug)]
pub struct Model {}
impl Model {
    pub fn value(&self, v: Var) -> bool {
        todo!()
    }
    pub fn lit_true(&self, l: Lit) -> bool {
        todo!()
    }
}
#[derive(Clone, Debug)]
pub enum SatBackend {
    Varisat,
    External { program: String, args: Vec<String> },
}
#[derive(Clone, Debug, Default)]
pub struct SatStats {
    pub solve_calls: u64,
    pub vars: usize,
    pub clauses: usize,
    pub literals: usize,
    pub conflicts: Option<u64>,
    pub decisions: Option<u64>,
    pub propagations: Option<u64>,
    pub solve_time: std::time::Duration,
}
pub struct Enumeration {
    pub count: u64,
    pub complete: bool,
    pub timed_out: bool,
    pub stats: SatStats,
}
#[derive(Debug, thiserror::Error)]
#[error("sat error")]
pub struct SatError;
pub fn enumerate(
    cnf: &Cnf,
    backend: &SatBackend,
    projection: &[Var],
    max_models: Option<u64>,
    deadline: Option<Instant>,
    on_model: impl FnMut(&Model),
) -> Result<Enumeration, SatError> {
    todo!()
}
impl Model {
    pub fn satisfies(&self, cnf: &Cnf) -> bool {
        todo!()
    }
    pub fn num_vars(&self) -> usize {
        todo!()
    }
}
pub enum SatVerdict {
    Sat(Model),
    Unsat,
    Unknown,
}
#[derive(Debug, thiserror::Error)]
#[error("solver output")]
pub struct SolverOutputError;
pub fn parse_solver_output(text: &str, num_vars: usize) -> Result<SatVerdict, SolverOutputError> {
    todo!()
}
