//! Nurikabe (puzz.link `nurikabe`): shade cells so that the shaded cells are orthogonally
//! connected, no 2×2 block is all shaded, and each unshaded region (an **island**) holds
//! exactly one number, equal to its size; numbered cells stay unshaded.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; a **clue** is a cell's number (`Some(n)`), or
//!   a number of unknown size (`None`: puzz.link's `.`, the plain form's `?`);
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = unshaded;
//! - **island `k`**: the cells labelled with the `k`-th clue (in cell order); its
//!   **candidates** are the cells it may reach (`cnf.rs`).
//!
//! The rules are local clauses (`cnf.rs`: labels, same island, no pool, sizes) and
//! connectivity constraints of the layer (`constraints::connected`): the shaded cells over
//! the grid, each island over its candidates. The engines:
//! - **native**: CDCL on batsat with every connectivity as a theory (`constraints::lazy`),
//!   checked at unit-propagation fixpoints, so a wall or island sealed off is a conflict
//!   explained by its separator cut; each numbered island's size (N5) is a propagator of
//!   the theory (`constraints::component_size`), not clauses;
//! - **sat**: varisat on the local clauses, adding cuts whenever a model splits a region
//!   (an incremental session, [`CnfEncode::sat_session`]); the **external** engine and
//!   `export` get the whole eager CNF, which the `sat` engine also solves when asked
//!   (`Request::eager`).

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_url};

use crate::constraints::{Grid, lazy};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CnfEncoding, EncodeOptions, Engine, Kind, Limits,
    NativeAnswer, NativeSolve, Preference, Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// The value of a shaded cell.
const SHADED: u32 = 1;

/// Boards of at most this many cells (20×20) are `auto`'s for native alone (measured:
/// `docs/peers.md`, "Nurikabe and Light Up at scale").
const NATIVE_ALONE_CELLS: usize = 400;

/// A nurikabe puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nurikabe {
    width: usize,
    height: usize,
    /// Row-major: `None` no number, `Some(None)` a number of unknown size, `Some(Some(n))`.
    clues: Vec<Option<Option<u32>>>,
}

impl Nurikabe {
    /// A `width × height` grid of row-major clues.
    pub fn new(width: usize, height: usize, clues: Vec<Option<Option<u32>>>) -> Nurikabe {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        Nurikabe {
            width,
            height,
            clues,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of cell `(row, col)`: `Some(None)` a number of unknown size.
    pub fn clue(&self, row: usize, col: usize) -> Option<Option<u32>> {
        self.clues[row * self.width + col]
    }

    /// The grid as text: numbers (`?` unknown, `.` none), shaded cells `#` when `shading`
    /// is given; one character a cell when every number is one digit, else columns split
    /// by blanks (the plain form reads it back).
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        let texts: Vec<String> = (0..self.clues.len())
            .map(|i| {
                if shading.is_some_and(|g| g.values[i] == SHADED) {
                    "#".to_string()
                } else {
                    match self.clues[i] {
                        None => ".".to_string(),
                        Some(None) => "?".to_string(),
                        Some(Some(n)) => n.to_string(),
                    }
                }
            })
            .collect();
        let wide = self.clues.iter().flatten().flatten().any(|&n| n > 9);
        texts
            .chunks(self.width)
            .map(|row| {
                if wide {
                    row.iter()
                        .map(|t| format!("{t:>2}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    row.concat()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn answer(
        &self,
        found: lazy::LazyAnswer,
        shade: &[crate::cnf::Var],
        backend: crate::puzzle::Backend,
    ) -> Result<(Vec<Grid>, lazy::LazyAnswer), SolveError> {
        let mut grids = Vec::with_capacity(found.models.len());
        for model in &found.models {
            grids.push(
                cnf::decode(self, shade, model)
                    .map_err(|reason| SolveError::Decode { backend, reason })?,
            );
        }
        Ok((grids, found))
    }
}

impl Puzzle for Nurikabe {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::NURIKABE
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(Some(solution))
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The numbers, shaded cells black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, clue) in self.clues.iter().enumerate() {
            match clue {
                Some(Some(n)) => picture.labels[i] = n.to_string(),
                Some(None) => picture.labels[i] = "?".to_string(),
                None => {}
            }
            if solution.is_some_and(|s| s.values[i] == SHADED) {
                picture.fills[i] = Rgb(40, 40, 40);
            }
        }
        picture
    }

    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Shades { background: "0" },
            one_hot_cells: true,
            ..Cells::default()
        }
    }

    /// Up to `NATIVE_ALONE_CELLS` (400) cells, native alone for a few solutions (no race:
    /// on two cores the sat contender only doubles the CPU there); larger boards race
    /// native and the lazy sat session, which wins on large non-unique boards
    /// (`docs/peers.md`, "Nurikabe and Light Up at scale").
    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        let few = if self.width * self.height <= NATIVE_ALONE_CELLS {
            vec![Native, External]
        } else {
            vec![Native, Sat, External]
        };
        Preference {
            few,
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

impl NativeSolve<Grid> for Nurikabe {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let local = cnf::local(self, cnf::Sizes::Propagator);
        let run = lazy::solve_theory(
            true,
            &local.cnf,
            &local.rules(),
            &local.shade,
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        );
        let (grids, run) = self.answer(run, &local.shade, crate::puzzle::Backend::Native)?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Nurikabe {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form: varisat on the local clauses, cuts added as models split a region.
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self, cnf::Sizes::Clauses);
        let run = match lazy::solve_incremental(
            &local.cnf,
            &local.connected,
            &local.shade,
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        ) {
            Ok(run) => run,
            Err(e) => return Some(Err(e.into())),
        };
        Some(
            self.answer(run, &local.shade, crate::puzzle::Backend::Sat)
                .map(|(solutions, run)| run.session(solutions, &local.cnf)),
        )
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const NURIKABE: Kind = Kind::named("nurikabe");
}

/// puzz.link URLs one a line, or `nurikabe` and rows (`encodings/nurikabe.md`).
pub const READER: crate::puzzles::Reader<Nurikabe> = crate::puzzles::Reader {
    kind: Kind::NURIKABE,
    about: "Nurikabe: shaded cells connected, no 2×2 pool, each island one number its size (puzz.link `nurikabe/` URLs, or `nurikabe` and rows)",
    extensions: &["nurikabe"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Nurikabe 10×9 (Wikipedia's example)",
        "nurikabe/wikipedia-10x9.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_accepts_a_solution_and_names_each_broken_rule() {
        // 2 .      2 #
        // . .  →   . #  : the 2's island is r1c1 r2c1, the walls r1c2 r2c2.
        let p = Nurikabe::new(2, 2, vec![Some(Some(2)), None, None, None]);
        assert_eq!(p.check(&Grid::new(2, vec![0, 1, 0, 1])), Ok(()));
        assert_eq!(p.solution_text(&Grid::new(2, vec![0, 1, 0, 1])), "2#\n.#");
        let size = p.check(&Grid::new(2, vec![0, 1, 1, 1])).unwrap_err();
        assert!(size.message.contains("not 2"), "{size}");
        let numbered = p.check(&Grid::new(2, vec![1, 0, 0, 0])).unwrap_err();
        assert!(numbered.message.contains("shaded"), "{numbered}");
        // Walls r1c2 and r2c1 apart.
        let q = Nurikabe::new(2, 2, vec![Some(Some(2)), None, None, Some(None)]);
        let apart = q.check(&Grid::new(2, vec![0, 1, 1, 0])).unwrap_err();
        assert!(apart.message.contains("not connected"), "{apart}");
        // A pool.
        let r = Nurikabe::new(
            3,
            3,
            vec![
                Some(Some(1)),
                None,
                None,
                None,
                None,
                None,
                None,
                None,
                None,
            ],
        );
        let pool = r
            .check(&Grid::new(3, vec![0, 1, 1, 1, 1, 1, 1, 1, 1]))
            .unwrap_err();
        assert!(pool.message.contains("2×2"), "{pool}");
    }

    #[test]
    fn the_batsat_theory_and_the_cut_loop_agree() {
        let p = parse_url("https://puzz.link/p?nurikabe/6/6/m8n8i9u", 1, 0).unwrap();
        let local = cnf::local(&p, cnf::Sizes::Clauses);
        let stop = crate::stop::Stop::never();
        let cut =
            lazy::solve_incremental(&local.cnf, &local.connected, &local.shade, 50, 50, &stop)
                .unwrap();
        let theory = lazy::solve_theory(
            true,
            &local.cnf,
            &local.connected,
            &local.shade,
            50,
            50,
            &stop,
        );
        assert_eq!((cut.count, cut.complete), (theory.count, theory.complete));
        assert!(cut.count > 1, "cspuz answers not unique");
    }
}
