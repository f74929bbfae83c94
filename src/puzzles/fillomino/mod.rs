//! Fillomino (Tatham's Filling, puzz.link `fillomino`): write a number in every cell so
//! that each orthogonally connected group of equal numbers has exactly that many cells;
//! some numbers are given.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; its **clue** a Number16 slot (`None` no
//!   number, `Some(None)` a number not given — puzz.link's `.`, the plain form's `?` —,
//!   `Some(Some(n))` a given `n`);
//! - **region**: an orthogonally connected group of equal numbers; its **size**, its cells;
//! - **value** (the solution's [`Grid`]): per cell, its number.
//!
//! Invariant: no region is larger than [`Fillomino::max_number`] — the largest clue, or 9
//! (the most a Tatham Filling cell holds), whichever is more, and at most the grid's
//! cells: a region without a clue larger than that is not looked for.
//!
//! The rules are the layer's region size constraint (`constraints::region_size`) over the
//! cell graph, the sizes chosen by the numbers, neighbours of equal number one region,
//! and one local clause family (`cnf.rs`, `encodings/fillomino.md`). The engines:
//! - **native**: deduction first (`deduce.rs`: merge, wall, grow, room, reach — the rules
//!   of `encodings/fillomino.md`). When it decides every cell, that grid (confirmed by the
//!   checker) is the only solution, every step having been forced; when it finds a
//!   contradiction, there is none. Otherwise the cut loop
//!   (`constraints::lazy::solve_incremental`) searches from what it deduced (the numbers
//!   it ruled out as unit clauses, F2): varisat on the local clauses; a model whose group
//!   of equal numbers is larger or smaller than its number gets that group's cut (its
//!   joins, or the borders round it), and the search goes on; a model that breaks nothing
//!   is a solution, blocked on the numbers. Every deduction holds in every solution, so the
//!   search counts (`--count`, `--all`) the same solutions as from scratch;
//! - **sat** (varisat) and **external**, and `export`: the eager CNF, the whole puzzle.
//!
//! The layer's batsat theory (the region sizes checked and propagated at every
//! unit-propagation fixpoint) solves the same local formula but is 6–15× slower on
//! Tatham's files (`docs/peers.md`), so no engine here uses it.

mod check;
mod cnf;
pub mod deduce;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{Grid, grid, lazy, puzzlink::Slot};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Engine, Kind, Limits, NativeAnswer,
    NativeSolve, Preference, Purpose, Puzzle, Sink, SolveError,
};
use crate::render::Picture;

/// The most a Tatham Filling cell holds (its keys are the digits).
const TATHAM_MAX: u32 = 9;

/// A fillomino puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fillomino {
    width: usize,
    height: usize,
    /// Row-major clues.
    clues: Vec<Slot>,
}

impl Fillomino {
    /// A `width × height` grid of row-major clues.
    pub fn new(width: usize, height: usize, clues: Vec<Slot>) -> Fillomino {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        Fillomino {
            width,
            height,
            clues,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of cell `(row, col)`.
    pub fn clue(&self, row: usize, col: usize) -> Slot {
        self.clues[row * self.width + col]
    }

    /// The largest number a cell may hold (module docs).
    pub fn max_number(&self) -> u32 {
        let cells = u32::try_from(self.clues.len()).unwrap_or(u32::MAX);
        let largest = self
            .clues
            .iter()
            .flatten()
            .flatten()
            .copied()
            .max()
            .unwrap_or(0);
        largest.max(TATHAM_MAX.min(cells))
    }

    /// The clues as the plain form's rows (`.` none, `?` not given).
    pub fn rows_text(&self) -> String {
        let texts: Vec<String> = self
            .clues
            .iter()
            .map(|c| match c {
                None => ".".to_string(),
                Some(None) => "?".to_string(),
                Some(Some(n)) => n.to_string(),
            })
            .collect();
        let wide = texts.iter().any(|t| t.len() > 1);
        texts
            .chunks(self.width)
            .map(|row| if wide { row.join(" ") } else { row.concat() })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for Fillomino {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::FILLOMINO
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let cells = self.clues.len();
        let (i, n) = self
            .clues
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.flatten().filter(|&n| n as usize > cells).map(|n| (i, n)))?;
        Some(format!(
            "the {n} at r{}c{} is more than the grid's {cells} cells",
            i / self.width + 1,
            i % self.width + 1
        ))
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    /// One row a line, the numbers.
    fn solution_text(&self, solution: &Grid) -> String {
        solution.text()
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The givens black on grey, the numbers found blue, thick borders between regions.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let givens: Vec<Option<u32>> = self.clues.iter().map(|c| c.flatten()).collect();
        let mut picture = grid::picture(self.width, &givens, solution, |v| Some(v.to_string()));
        for (i, clue) in self.clues.iter().enumerate() {
            if *clue == Some(None) && solution.is_none() {
                picture.labels[i] = "?".to_string();
            }
        }
        // Neighbours with different numbers are in different regions, equal ones in one.
        picture.regions = solution.map(|s| s.values.iter().map(|&v| v as usize).collect());
        picture
    }

    /// For a few solutions `auto` runs native only (and external when named): the eager
    /// CNF on varisat is 10–30× slower than the cut loop and would only share its cores.
    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        Preference {
            few: vec![Native, External],
            many: vec![Native, Sat, External],
            presolve: false,
        }
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl NativeSolve<Grid> for Fillomino {
    /// Deduction, then the cut loop from what it left open (module docs), within the
    /// limits' stop.
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let max = limits.max_or_all();
        let mut open = None;
        if max > 0 {
            match deduce::deduce(self, &deduce::Rule::ALL) {
                Some(deduce::Deduction::Contradiction) => {
                    return Ok(NativeAnswer::deduced(0, max));
                }
                Some(deduce::Deduction::Cells(cells)) => match cells.grid() {
                    // Every cell forced: the only solution.
                    Some(grid) if check::verify(self, &grid).is_ok() => {
                        let _ = found(grid);
                        return Ok(NativeAnswer::deduced(1, max));
                    }
                    Some(_) => debug_assert!(false, "deduction decided a grid its checker refuses"),
                    None => open = Some(cells),
                },
                None => {}
            }
        }
        let mut local = cnf::local(self);
        if let Some(cells) = &open {
            cnf::fix(&mut local, cells);
        }
        let run = lazy::solve_incremental(
            &local.cnf,
            std::slice::from_ref(&local.region),
            &local.projection(),
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        )
        .map_err(SolveError::from)?;
        let grids = run.decoded(
            &|m| cnf::decode(self, &local.numbers, m),
            crate::puzzle::Backend::Native,
        )?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Fillomino {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const FILLOMINO: Kind = Kind::named("fillomino");
}

/// Tatham Filling IDs (`9x7:4b8…`) and puzz.link `fillomino` URLs one a line, or
/// `fillomino` and rows (`encodings/fillomino.md`).
pub const READER: crate::puzzles::Reader<Fillomino> = crate::puzzles::Reader {
    kind: Kind::FILLOMINO,
    about: "Fillomino (Filling): a number in every cell, each group of equal numbers that many cells (Tatham `WxH:` IDs, puzz.link `fillomino/` URLs, or `fillomino` and rows)",
    extensions: &["fillomino", "filling"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Fillomino 13×9 (Tatham's Filling)",
        "fillomino/filling-13x9.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 22 over 11: the two 1s touch, a group of two 1s.
        let p = Fillomino::new(2, 2, vec![Some(Some(2)), None, None, None]);
        assert!(
            p.check(&Grid::new(2, vec![2, 2, 1, 1]))
                .unwrap_err()
                .message
                .contains("1s")
        );
        let q = Fillomino::new(3, 1, vec![Some(Some(2)), None, None]);
        assert_eq!(q.check(&Grid::new(3, vec![2, 2, 1])), Ok(()));
        assert!(
            q.check(&Grid::new(3, vec![1, 2, 2]))
                .unwrap_err()
                .message
                .contains("given 2")
        );
        assert_eq!(q.solution_text(&Grid::new(3, vec![2, 2, 1])), "221");
        assert_eq!(q.rows_text(), "2..");
        assert_eq!(q.max_number(), 3);
    }
}
