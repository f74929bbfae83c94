//! Slant (gokigen; Tatham's Slant, puzz.link `gokigen`): draw a diagonal in every cell so
//! that each numbered grid point has that many diagonals touching it and the diagonals
//! form no loop.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; its **value** (the solution's [`Grid`]) is 1
//!   for `\` (joining points `(r, c)` and `(r+1, c+1)`), 0 for `/` (joining `(r, c+1)` and
//!   `(r+1, c)`), as cspuz numbers them;
//! - **point**: a grid corner, `(H+1)×(W+1)` of them, row-major; a **clue** is a point's
//!   number 0–4;
//! - **diagonal**: an edge of the graph on the points, two per cell (its `\` and its `/`),
//!   one of them chosen.
//!
//! The rules: the clues as clauses over the up to four cells around a point, and no cycle
//! among the chosen diagonals (`constraints::acyclic`: eager for `export` and external
//! solvers, lazily for the in-process engines; `encodings/slant.md`). The engines:
//! - **native**: CDCL on batsat with the forest as a theory checked at every propagation
//!   fixpoint (a union-find over the diagonals chosen so far): a loop is a conflict as
//!   soon as its diagonals are set, explained by "not all of them";
//! - **sat**: varisat on the clue clauses, a cut per loop of each model (an incremental
//!   session); the **external** engine and `export` get the eager CNF.

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{Grid, lazy};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Engine, Kind, Limits, NativeAnswer,
    NativeSolve, Preference, Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// The value of a cell holding `\`.
pub const BACKSLASH: u32 = 1;
/// The value of a cell holding `/`.
pub const SLASH: u32 = 0;

/// A Slant (gokigen) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slant {
    width: usize,
    height: usize,
    /// Row-major over the `(W+1)×(H+1)` points, `None` where a point has no clue.
    clues: Vec<Option<u8>>,
}

impl Slant {
    /// A grid of `width × height` cells with row-major point `clues` (`(W+1)(H+1)` of them).
    pub fn new(width: usize, height: usize, clues: Vec<Option<u8>>) -> Slant {
        assert_eq!(
            clues.len(),
            (width + 1) * (height + 1),
            "one clue slot per point"
        );
        Slant {
            width,
            height,
            clues,
        }
    }

    /// Columns and rows of cells.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of point `(row, col)`, `row ≤ H`, `col ≤ W`.
    pub fn clue(&self, row: usize, col: usize) -> Option<u8> {
        self.clues[row * (self.width + 1) + col]
    }

    /// The points as rows of `0`–`4` and `.` (the plain form without its header).
    pub fn rows_text(&self) -> String {
        self.clues
            .chunks(self.width + 1)
            .map(|row| {
                row.iter()
                    .map(|c| c.map_or('.', |d| char::from(b'0' + d)))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn answer(
        &self,
        found: lazy::LazyAnswer,
        cells: &[crate::cnf::Var],
    ) -> Result<(Vec<Grid>, lazy::LazyAnswer), SolveError> {
        let mut grids = Vec::with_capacity(found.models.len());
        for model in &found.models {
            grids.push(
                cnf::decode(self, cells, model).map_err(|reason| SolveError::Decode {
                    backend: crate::puzzle::Backend::Native,
                    reason,
                })?,
            );
        }
        Ok((grids, found))
    }
}

impl Puzzle for Slant {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::SLANT
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    /// One row a line, `\` and `/`.
    fn solution_text(&self, solution: &Grid) -> String {
        solution.text_with(|v| {
            if v == BACKSLASH {
                "\\".to_string()
            } else {
                "/".to_string()
            }
        })
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// Points and cells on one grid of `(2H+1)×(2W+1)` squares: clues on the points, the
    /// diagonals as `╲` and `╱` in the cells.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let (pw, ph) = (2 * w + 1, 2 * h + 1);
        let mut picture = Picture::new(pw, ph);
        picture.grid_lines = false;
        for y in 0..ph {
            for x in 0..pw {
                let i = y * pw + x;
                match (y % 2, x % 2) {
                    (0, 0) => {
                        picture.fills[i] = Rgb::GREY;
                        if let Some(d) = self.clue(y / 2, x / 2) {
                            picture.labels[i] = d.to_string();
                        }
                    }
                    (1, 1) => {
                        if let Some(s) = solution {
                            picture.labels[i] = if s.at(y / 2, x / 2) == BACKSLASH {
                                "╲"
                            } else {
                                "╱"
                            }
                            .to_string();
                        }
                    }
                    _ => {}
                }
            }
        }
        picture
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    /// The in-process SAT search first: on Tatham's 8×8 and 12×10 files it takes 0.3–0.55
    /// of native's time (docs/peers.md).
    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        Preference {
            few: vec![Sat, Native, External],
            many: vec![Sat, Native, External],
            presolve: false,
        }
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl NativeSolve<Grid> for Slant {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let local = cnf::local(self);
        let run = lazy::solve_theory(
            true,
            &local.cnf,
            std::slice::from_ref(&local.acyclic),
            &local.cells,
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        );
        let (grids, run) = self.answer(run, &local.cells)?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Slant {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form: varisat on the clue clauses, a cut per loop as models close them.
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self);
        let run = match lazy::solve_incremental(
            &local.cnf,
            std::slice::from_ref(&local.acyclic),
            &local.cells,
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        ) {
            Ok(run) => run,
            Err(e) => return Some(Err(e.into())),
        };
        Some(
            self.answer(run, &local.cells)
                .map(|(solutions, run)| run.session(solutions, &local.cnf)),
        )
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SLANT: Kind = Kind::named("slant");
}

/// Tatham IDs (`8x8:e1d3…`) and puzz.link `gokigen` URLs one a line, or `slant` (or
/// `gokigen`) and rows of points (`encodings/slant.md`).
pub const READER: crate::puzzles::Reader<Slant> = crate::puzzles::Reader {
    kind: Kind::SLANT,
    about: "Slant (gokigen): a diagonal in every cell, each number the diagonals at its point, no loop (Tatham `WxH:` IDs, puzz.link `gokigen/` URLs, or `slant` and rows of points)",
    extensions: &["slant", "gokigen"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Slant 8×8, hard (Tatham's Slant)",
        "slant/slant-8x8-hard.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 2×2 cells: `/\` over `\/` is a diamond round the centre point: a loop.
        let p = Slant::new(2, 2, vec![None; 9]);
        let diamond = Grid::new(2, vec![SLASH, BACKSLASH, BACKSLASH, SLASH]);
        assert!(p.check(&diamond).unwrap_err().message.contains("loop"));
        let fine = Grid::new(2, vec![BACKSLASH, BACKSLASH, BACKSLASH, SLASH]);
        assert_eq!(p.check(&fine), Ok(()));
        assert_eq!(p.solution_text(&fine), "\\\\\n\\/");
        // The centre point: touched by r1c1's `\` only in `fine`; by three diagonals below.
        let q = Slant::new(
            2,
            2,
            vec![None, None, None, None, Some(1), None, None, None, None],
        );
        assert_eq!(q.check(&fine), Ok(()));
        assert!(
            q.check(&Grid::new(2, vec![BACKSLASH, SLASH, SLASH, SLASH]))
                .unwrap_err()
                .message
                .contains("touch")
        );
    }
}
