//! Palisade (Tatham's Palisade; Nikoli's Five Cells, puzz.link `fivecells` and `fourcells`):
//! divide a W×H grid into orthogonally connected regions of K cells each; a number in a
//! cell says how many of its four sides are region borders, the grid's edge counting as
//! border.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; its [`Cell`] is empty, a clue 0–4, a clue
//!   not given (puzz.link's `.`, the plain form's `?`), or a **hole** (pzprjs's cell
//!   outside the grid: in no region, a side towards it is a border);
//! - **side**: one of a cell's four edges; **border** a side between two regions, or
//!   towards the grid's edge or a hole; **join** a side between two cells of one region;
//! - **region label** (the solution's [`Grid`]): per cell, its region's number, regions
//!   numbered 1, 2, … in the reading order of their first cells; 0 for a hole.
//!
//! The rules are the layer's region size constraint (`constraints::region_size`, every
//! node of size K) over the graph of the cells that are not holes, and one clause family
//! for the clues (`cnf.rs`, `encodings/palisade.md`). The engines:
//! - **native**: deduction first (`deduce.rs`: pairs, clue, overflow, vertex, grow,
//!   enclosure — the rules of `encodings/palisade.md`, "Deduction", over sides that are
//!   borders, joins or open and the groups the joins make). When it decides every side,
//!   that division (confirmed by the checker) is the only solution, every step having been
//!   forced; when it finds a contradiction, there is none. Otherwise the cut loop
//!   (`constraints::lazy::solve_incremental`) searches from what it deduced (the decided
//!   sides as unit clauses, P3): varisat on the local clauses; a model whose joined group
//!   of cells is larger or smaller than K, or that has a border inside a group, gets that
//!   group's cut, and the search goes on; a model that breaks nothing is a solution,
//!   blocked on the joins. Every deduction holds in every solution, so the search counts
//!   (`--count`, `--all`) the same solutions as from scratch;
//! - **sat**: CDCL on batsat with the region sizes as a theory (`lazy::solve_theory`),
//!   checked and propagated at every unit-propagation fixpoint, on the same local clauses
//!   without deduction (5–17× slower than the cut loop alone on Tatham's files,
//!   `docs/peers.md`); asked for it (`Request::eager`), the eager CNF on varisat;
//! - **external**, and `export`: the eager CNF, the whole puzzle.

mod check;
mod cnf;
pub mod deduce;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{Grid, grid, lazy};
use crate::puzzle::{
    CheckError, CnfEncode, CnfEncoding, EncodeOptions, Engine, Kind, Limits, NativeAnswer,
    NativeSolve, Preference, Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No clue.
    Empty,
    /// A clue whose number is not given (puzz.link `.`): no constraint.
    Unknown,
    /// Not part of the grid (pzprjs's `7`): in no region.
    Hole,
    /// How many of its four sides are borders (0–4).
    Clue(u8),
}

impl Cell {
    /// The plain form's character.
    fn symbol(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Unknown => '?',
            Cell::Hole => '#',
            Cell::Clue(n) => char::from(b'0' + n),
        }
    }
}

/// A palisade puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palisade {
    width: usize,
    height: usize,
    /// Cells per region (K ≥ 1).
    region: usize,
    /// Row-major cells.
    cells: Vec<Cell>,
}

impl Palisade {
    /// A `width × height` grid of row-major cells, divided into regions of `region` cells.
    pub fn new(width: usize, height: usize, region: usize, cells: Vec<Cell>) -> Palisade {
        assert_eq!(cells.len(), width * height, "one cell per grid square");
        assert!(region >= 1, "a region has at least one cell");
        Palisade {
            width,
            height,
            region,
            cells,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Cells per region (K).
    pub fn region_size(&self) -> usize {
        self.region
    }

    /// The cell at `(row, col)`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    /// The cells as the plain form's rows (`.` empty, `?` unknown, `#` hole, `0`–`4`).
    pub fn rows_text(&self) -> String {
        self.cells
            .chunks(self.width)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A solution drawn: each cell its clue (`.` none, `#` a hole), `|` between two cells
    /// of different regions across, a line of `-` below a row where they differ down, `+`
    /// where border lines cross or turn.
    pub fn drawing(&self, g: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let cut = |a: usize, b: usize| g.values[a] != g.values[b];
        let mut out = Vec::with_capacity(2 * h);
        for r in 0..h {
            let mut line = String::with_capacity(2 * w);
            let mut under = String::with_capacity(2 * w);
            for c in 0..w {
                let i = r * w + c;
                line.push(self.cells[i].symbol());
                let down = r + 1 < h && cut(i, i + w);
                under.push(if down { '-' } else { ' ' });
                if c + 1 < w {
                    line.push(if cut(i, i + 1) { '|' } else { ' ' });
                    if r + 1 < h {
                        let vertical = cut(i, i + 1) || cut(i + w, i + w + 1);
                        let horizontal = down || cut(i + 1, i + w + 1);
                        under.push(match (vertical, horizontal) {
                            (true, true) => '+',
                            (true, false) => '|',
                            (false, true) => '-',
                            (false, false) => ' ',
                        });
                    }
                }
            }
            out.push(line);
            if r + 1 < h {
                out.push(under.trim_end().to_string());
            }
        }
        out.join("\n")
    }

    /// The cells that are not holes.
    fn open_cells(&self) -> usize {
        self.cells.iter().filter(|&&c| c != Cell::Hole).count()
    }
}

impl Puzzle for Palisade {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::PALISADE
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let open = self.open_cells();
        if !open.is_multiple_of(self.region) {
            return Some(format!(
                "the grid's {open} cells do not split into regions of {}",
                self.region
            ));
        }
        let (i, n) = self.cells.iter().enumerate().find_map(|(i, c)| match c {
            Cell::Clue(n) if *n > 4 => Some((i, *n)),
            _ => None,
        })?;
        Some(format!(
            "r{}c{} has {n} borders of 4 sides",
            i / self.width + 1,
            i % self.width + 1
        ))
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    /// The grid with the borders between regions drawn ([`Palisade::drawing`]).
    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The clues black on grey, holes black, thick borders between regions.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let givens: Vec<Option<u32>> = self
            .cells
            .iter()
            .map(|c| match c {
                Cell::Clue(n) => Some(u32::from(*n)),
                _ => None,
            })
            .collect();
        let mut picture = grid::picture(self.width, &givens, None, |v| Some(v.to_string()));
        for (i, cell) in self.cells.iter().enumerate() {
            match cell {
                Cell::Unknown => {
                    picture.labels[i] = "?".to_string();
                    picture.fills[i] = Rgb(225, 225, 225);
                }
                Cell::Hole => picture.fills[i] = Rgb::BLACK,
                _ => {}
            }
        }
        picture.regions = solution.map(|s| s.values.iter().map(|&v| v as usize).collect());
        picture
    }

    /// For a few solutions `auto` runs native only (and external when named): the batsat
    /// theory is 5–17× slower than the cut loop alone, let alone deduction, and would only
    /// share its cores.
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

impl NativeSolve<Grid> for Palisade {
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
                deduce::Deduction::Contradiction => {
                    return Ok(NativeAnswer::deduced(0, max));
                }
                deduce::Deduction::Sides(sides) => match sides.grid() {
                    // Every side forced: the only solution.
                    Some(grid) if check::verify(self, &grid).is_ok() => {
                        let _ = found(grid);
                        return Ok(NativeAnswer::deduced(1, max));
                    }
                    Some(_) => debug_assert!(false, "deduction decided a grid its checker refuses"),
                    None => open = Some(sides),
                },
            }
        }
        let mut local = cnf::local(self);
        if let Some(sides) = &open {
            local.fix(sides);
        }
        let run = lazy::solve_incremental(
            &local.cnf,
            std::slice::from_ref(&local.region),
            &local.projection(),
            max,
            limits.keep,
            &limits.stop,
        )
        .map_err(SolveError::from)?;
        let grids = run.decoded(&|m| local.decode(m), crate::puzzle::Backend::Native)?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Palisade {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The lazy form on batsat: the same local formula, the region sizes checked and
    /// propagated at every unit-propagation fixpoint (module docs).
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self);
        let run = lazy::solve_theory(
            true,
            &local.cnf,
            std::slice::from_ref(&local.region),
            &local.projection(),
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        );
        Some(
            run.decoded(&|m| local.decode(m), crate::puzzle::Backend::Sat)
                .map(|grids| run.session(grids, &local.cnf)),
        )
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const PALISADE: Kind = Kind::named("palisade");
}

/// Tatham Palisade IDs (`5x5n5:…`) and puzz.link `fivecells`/`fourcells` URLs one a line,
/// or `palisade K` and rows (`encodings/palisade.md`).
pub const READER: crate::puzzles::Reader<Palisade> = crate::puzzles::Reader {
    kind: Kind::PALISADE,
    about: "Palisade (Five Cells): divide the grid into regions of K cells, each number the borders round its cell (Tatham `WxHnK:` IDs, puzz.link `fivecells/` and `fourcells/` URLs, or `palisade K` and rows)",
    extensions: &["palisade"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Palisade 10×8, regions of 8 (Tatham's)",
        "palisade/palisade-10x8n8.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 2×2 into dominoes, two across: each cell has 3 borders.
        let p = Palisade::new(
            2,
            2,
            2,
            vec![Cell::Clue(3), Cell::Empty, Cell::Empty, Cell::Clue(3)],
        );
        let across = Grid::new(2, vec![1, 1, 2, 2]);
        assert_eq!(p.check(&across), Ok(()));
        assert_eq!(p.solution_text(&across), "3 .\n---\n. 3");
        let lonely = Grid::new(2, vec![1, 2, 3, 3]);
        assert!(
            p.check(&lonely)
                .unwrap_err()
                .message
                .contains("r1c1 has 4 borders")
        );
        let open = Palisade::new(2, 2, 2, vec![Cell::Empty; 4]);
        assert!(
            open.check(&lonely)
                .unwrap_err()
                .message
                .contains("has 1 cell, not 2")
        );
        assert_eq!(open.check(&Grid::new(2, vec![1, 2, 1, 2])), Ok(()));
        let split = Grid::new(2, vec![1, 2, 2, 1]);
        assert!(p.check(&split).is_err());
        assert_eq!(p.rows_text(), "3.\n.3");
        let odd = Palisade::new(3, 1, 2, vec![Cell::Empty; 3]);
        assert!(odd.contradiction().unwrap().contains("do not split"));
    }
}
