//! TEMPORARY stub (replaced by the real module on merge).
#![allow(dead_code, unused_variables)]
#[derive(Clone, Debug)]
pub struct NativeSearch {
    pub max_solutions: u64,
    pub keep: usize,
    pub deadline: Option<std::time::Instant>,
}
#[derive(Clone, Debug, Default)]
pub struct NativeResult {
    pub solutions: Vec<Vec<u8>>,
    pub count: u64,
    pub complete: bool,
    pub timed_out: bool,
    pub guesses: u64,
    pub nodes: u64,
}
pub fn solve(box_side: usize, givens: &[u8], search: &NativeSearch) -> NativeResult {
    todo!()
}
