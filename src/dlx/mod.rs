//! TEMPORARY stub of the DLX API (replaced by the real module on merge).
#![allow(dead_code, unused_variables)]
pub type ItemId = usize;
pub type OptionId = usize;
pub type Colour = u32;
#[derive(Clone, Debug, Default)]
pub struct Matrix {}
#[derive(Debug, thiserror::Error)]
#[error("matrix error")]
pub struct MatrixError;
impl Matrix {
    pub fn new() -> Self {
        Matrix {}
    }
    pub fn add_primary(&mut self, name: impl Into<String>) -> ItemId {
        todo!()
    }
    pub fn add_secondary(&mut self, name: impl Into<String>) -> ItemId {
        todo!()
    }
    pub fn add_option(&mut self, items: &[ItemId]) -> Result<OptionId, MatrixError> {
        todo!()
    }
    pub fn num_items(&self) -> usize {
        todo!()
    }
    pub fn num_options(&self) -> usize {
        todo!()
    }
    pub fn num_nonzeros(&self) -> usize {
        todo!()
    }
}
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub max_solutions: Option<u64>,
    pub deadline: Option<std::time::Instant>,
}
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DlxStats {
    pub nodes: u64,
    pub updates: u64,
    pub solutions: u64,
}
#[derive(Clone, Debug)]
pub struct DlxOutcome {
    pub count: u64,
    pub complete: bool,
    pub timed_out: bool,
    pub stats: DlxStats,
}
pub fn solve(matrix: &Matrix, search: &Search, on_solution: impl FnMut(&[OptionId])) -> DlxOutcome {
    todo!()
}
impl Matrix {
    pub fn colour(&mut self, name: &str) -> Colour {
        todo!()
    }
    pub fn add_coloured_option(
        &mut self,
        items: &[(ItemId, Option<Colour>)],
    ) -> Result<OptionId, MatrixError> {
        todo!()
    }
    pub fn num_primary(&self) -> usize {
        todo!()
    }
    pub fn num_secondary(&self) -> usize {
        todo!()
    }
    pub fn item_name(&self, item: ItemId) -> &str {
        todo!()
    }
    pub fn is_primary(&self, item: ItemId) -> bool {
        todo!()
    }
    pub fn option_items(&self, option: OptionId) -> &[(ItemId, Option<Colour>)] {
        todo!()
    }
    pub fn colour_name(&self, c: Colour) -> &str {
        todo!()
    }
}
#[derive(Debug, thiserror::Error)]
#[error("xc")]
pub struct XcError;
pub fn parse_xc(text: &str) -> Result<Matrix, XcError> {
    todo!()
}
pub fn write_xc(matrix: &Matrix) -> String {
    todo!()
}
