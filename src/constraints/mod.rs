//! The constraint layer: the shared vocabulary of number-placement grids, written once,
//! which the genres (`src/puzzles/solo`, `towers`, `unequal`, `keen`, `unruly`, `kakuro`)
//! compose. A genre states its rules as a [`Model`]; the layer gives it a native solver
//! ([`native`]), a CNF encoding ([`cnf`]) and, where the rules are an exact cover, a cover
//! matrix ([`cover`]). Nothing here knows a genre. The global constraints of shading and
//! loop genres ([`connected`], [`loop_`], and [`acyclic`]: no cycle, slant's diagonals) have
//! an eager CNF, a lazy form ([`lazy`]: cuts for an incremental SAT loop, a theory for CDCL
//! on batsat) and speak graphs, not cells. The loop genres' deductions share the paths of
//! their decided links ([`paths`]) and, for Train Tracks and Yajilin, the whole board of
//! decided cells and links with its undo trail ([`loop_board`]), which probing
//! ([`probe`]) tries values on.
//!
//! The shading genres (`lightup`, `singles`) use the same model with 0/1 domains: counts
//! over neighbourhoods ([`adjacency`]), lines of sight ([`sight`]), and, for connected
//! shading, a model whose cells of one value are connected ([`connected_cells`]); a
//! one-to-one pairing of anchors with cells holding a value ([`matching`]: tents). Genres
//! with a deduction of their own on marks cheap to copy (Light Up, star battle) search by
//! copying at two-way guesses ([`split`]).
//!
//! Glossary:
//! - **cell**: an index `0..width*height`, row-major (`row * width + col`).
//! - **value**: a small number `0..=63` a cell takes (sudoku digits 1..=n, binairo 0/1,
//!   kakuro's black cells 0); a **domain** is a set of values as a bit set (`u64`, bit v).
//! - **house**: cells whose values are all different (row, column, box, jigsaw region,
//!   diagonal, cage); **complete** when it has as many cells as values its cells can take,
//!   so each of those values appears exactly once.
//! - **cage**: cells with an arithmetic clue (sum with distinct digits: killer, kakuro;
//!   sum, difference, product, quotient: KenKen), stated as the combinations or tuples of
//!   values the clue allows (see [`tuples`]).
//! - **line**: cells in viewing order (a row seen from the left, a column from the bottom).
//!
//! Sizes of each encoding are in `encodings/constraints.md`.

pub mod acyclic;
pub mod adjacency;
pub mod cnf;
pub mod component_size;
pub mod connected;
pub mod connected_cells;
pub mod connected_deduce;
pub mod cover;
pub mod generate;
pub mod grid;
pub mod lazy;
pub mod loop_;
pub mod loop_board;
pub mod loop_deduce;
pub mod loop_search;
pub mod matching;
pub mod native;
pub mod paths;
pub mod probe;
pub mod puzzlink;
pub mod region_size;
pub mod sight;
pub mod split;
pub mod sudoku_url;
pub mod tatham;
pub mod techniques;
pub mod tuples;

pub use grid::Grid;

/// A set of values: bit `v` is value `v`.
pub type Domain = u64;

/// The largest value a cell may take (domains are 64-bit sets).
pub const MAX_VALUE: u32 = 63;

/// The domain `{lo, ..., hi}`.
pub fn range(lo: u32, hi: u32) -> Domain {
    debug_assert!(lo <= hi && hi <= MAX_VALUE);
    let upper = if hi == 63 {
        u64::MAX
    } else {
        (1u64 << (hi + 1)) - 1
    };
    upper & !((1u64 << lo) - 1)
}

/// The values of `domain`, smallest first.
pub fn values(domain: Domain) -> impl Iterator<Item = u32> {
    let mut rest = domain;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let v = rest.trailing_zeros();
            rest &= rest - 1;
            v
        })
    })
}

/// KenKen's arithmetic operations on a cage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operation {
    /// The values add up to the target.
    Add,
    /// Two cells: the larger minus the smaller is the target.
    Subtract,
    /// The values multiply to the target.
    Multiply,
    /// Two cells: the larger divided by the smaller is the target.
    Divide,
}

/// One rule over some cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The cells hold different values (a house).
    AllDifferent(Vec<usize>),
    /// The cells hold different values that add up to `sum` (killer cages, kakuro runs).
    SumDistinct {
        /// The cage.
        cells: Vec<usize>,
        /// Its total.
        sum: u32,
    },
    /// The cells, in order, take one of `tuples` (an extensional constraint: KenKen cages).
    Table {
        /// The scope.
        cells: Vec<usize>,
        /// The allowed value tuples, each `cells.len()` long.
        tuples: Vec<Vec<u32>>,
    },
    /// `value(small) < value(large)` (futoshiki signs).
    Less {
        /// The smaller cell.
        small: usize,
        /// The larger cell.
        large: usize,
    },
    /// `|value(a) − value(b)| = 1` when `yes`, `≠ 1` otherwise (Unequal's adjacent mode).
    Consecutive {
        /// One cell.
        a: usize,
        /// The other.
        b: usize,
        /// Whether the two must differ by one (or must not).
        yes: bool,
    },
    /// Seen from before `line[0]`, exactly `count` cells of the line are taller than every
    /// cell in front of them (skyscrapers). The line must also be a house.
    Visible {
        /// The cells from the viewer outwards.
        line: Vec<usize>,
        /// How many are seen.
        count: usize,
    },
    /// Exactly `count` of the cells hold `value` (binairo's equal counts).
    Count {
        /// The cells.
        cells: Vec<usize>,
        /// The value counted.
        value: u32,
        /// How many times.
        count: usize,
    },
    /// The cells do not all hold the same value (binairo: no three in a row).
    NotAllEqual(Vec<usize>),
    /// No two of these lines (equally long) hold the same sequence of values.
    LinesDiffer(Vec<Vec<usize>>),
    /// At most `count` of the cells hold `value` (light up: one light per line of sight;
    /// hitori: no two shaded cells touch, one unshaded copy of a number per line).
    AtMost {
        /// The cells.
        cells: Vec<usize>,
        /// The value counted.
        value: u32,
        /// The most.
        count: usize,
    },
    /// At least `count` of the cells hold `value` (light up: a light sees every white cell).
    AtLeast {
        /// The cells.
        cells: Vec<usize>,
        /// The value counted.
        value: u32,
        /// The least.
        count: usize,
    },
    /// Exactly one of the pairs `(cell, value)` holds: its cell takes its value (an exact-cover
    /// item: each cell of a dominosa grid covered once, each domino placed once).
    ExactlyOne(Vec<(usize, u32)>),
    /// The cells of the candidate lists that hold `value` pair one-to-one with the anchors,
    /// each anchor with one of its candidates (tents and their trees; [`matching`]).
    Matching {
        /// Per anchor, its candidate cells.
        anchors: Vec<Vec<usize>>,
        /// The value of a matched cell.
        value: u32,
    },
}

/// A puzzle as cells, their initial domains, and rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// Cells per row (for names: `r{row}c{col}`).
    pub width: usize,
    /// Each cell's initial domain, givens as single values.
    pub domains: Vec<Domain>,
    /// The rules.
    pub constraints: Vec<Constraint>,
}

impl Model {
    /// A `width × height` model, every cell's domain `domain`, no rules yet.
    pub fn new(width: usize, height: usize, domain: Domain) -> Model {
        Model {
            width,
            domains: vec![domain; width * height],
            constraints: Vec::new(),
        }
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.domains.len()
    }

    /// `r{row}c{col}`, 1-based, as variable and item names say.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.width + 1, cell % self.width + 1)
    }

    /// Fix `cell` to `value` (a given).
    pub fn give(&mut self, cell: usize, value: u32) {
        self.domains[cell] &= 1 << value;
    }

    /// The union of the initial domains of `cells`.
    pub fn union(&self, cells: &[usize]) -> Domain {
        cells.iter().fold(0, |u, &c| u | self.domains[c])
    }

    /// Whether the house `cells` must hold each of its values exactly once.
    pub fn complete(&self, cells: &[usize]) -> bool {
        self.union(cells).count_ones() as usize == cells.len()
    }

    /// Add a rule.
    pub fn add(&mut self, constraint: Constraint) {
        self.constraints.push(constraint);
    }

    /// The rows, then the columns, as houses (a Latin square's rules).
    pub fn add_latin_lines(&mut self) {
        let (w, h) = (self.width, self.cells() / self.width);
        for r in 0..h {
            self.add(Constraint::AllDifferent(
                (0..w).map(|c| r * w + c).collect(),
            ));
        }
        for c in 0..w {
            self.add(Constraint::AllDifferent(
                (0..h).map(|r| r * w + c).collect(),
            ));
        }
    }
}

/// A genre whose rules are a [`Model`]: how its solutions come from cell values.
pub trait OnModel {
    /// The rules.
    fn model(&self) -> &Model;
    /// The solution whose cells hold `values` (one per model cell).
    fn solution(&self, values: Vec<u32>) -> Grid;
}

/// Implements the native, CNF and cover capabilities of a genre that is [`OnModel`] with
/// the layer's engines (the genre's `Puzzle::as_cover` decides whether the cover is offered:
/// [`cover::applies`]).
macro_rules! engines {
    ($genre:ty) => {
        impl $crate::puzzle::NativeSolve<$crate::constraints::Grid> for $genre {
            fn solve_native(
                &self,
                limits: &$crate::puzzle::Limits,
                found: $crate::puzzle::Sink<'_, $crate::constraints::Grid>,
            ) -> Result<$crate::puzzle::NativeAnswer, $crate::puzzle::SolveError> {
                use $crate::constraints::OnModel;
                $crate::constraints::native::solve(self.model(), limits, &mut |values| {
                    found(self.solution(values.to_vec()))
                })
            }
        }

        $crate::constraints::encodings!($genre);
    };
}
pub(crate) use engines;

/// The CNF and cover capabilities of [`engines!`] alone, for a genre [`OnModel`] with a
/// native solver of its own.
macro_rules! encodings {
    ($genre:ty) => {
        impl $crate::puzzle::CnfEncode<$crate::constraints::Grid> for $genre {
            fn encode_cnf(
                &self,
                _options: &$crate::puzzle::EncodeOptions,
                purpose: $crate::puzzle::Purpose,
            ) -> Result<
                $crate::puzzle::CnfEncoding<'_, $crate::constraints::Grid>,
                $crate::puzzle::SolveError,
            > {
                use $crate::constraints::OnModel;
                Ok($crate::constraints::cnf::encoding(
                    self.model(),
                    purpose,
                    |v| self.solution(v),
                ))
            }
        }

        impl $crate::puzzle::CoverEncode<$crate::constraints::Grid> for $genre {
            fn encode_cover(
                &self,
                _purpose: $crate::puzzle::Purpose,
            ) -> Result<
                $crate::puzzle::CoverEncoding<'_, $crate::constraints::Grid>,
                $crate::puzzle::SolveError,
            > {
                use $crate::constraints::OnModel;
                $crate::constraints::cover::encoding(self.model(), |v| self.solution(v))
            }
        }
    };
}
pub(crate) use encodings;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn domains_as_bit_sets() {
        assert_eq!(range(1, 3), 0b1110);
        assert_eq!(values(range(2, 4)).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(range(0, 63), u64::MAX);
    }
}
