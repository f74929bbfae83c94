//! Galaxies (Tatham's Galaxies; Nikoli's Tentaisho, "spiral galaxies"): divide a W×H grid
//! into regions, each holding exactly one dot and symmetric under the half turn about it;
//! a dot lies at a cell's centre, on the middle of a side between two cells, or on a
//! point where four cells meet, and its region holds every cell it touches.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`;
//! - **lattice position** `(x, y)`: the doubled lattice of the grid's inside, `0 ≤ x ≤
//!   2W−2`, `0 ≤ y ≤ 2H−2`; cell `(col, row)`'s centre is `(2·col, 2·row)`, the side between
//!   two cells the odd coordinate between theirs, a meeting point of four cells both odd;
//! - **dot**: a lattice position; its **cells** are the one, two or four cells it touches;
//!   dots are numbered 0, 1, … in reading order of their positions;
//! - **mirror** of cell `(col, row)` about dot `(x, y)`: the cell `(x − col, y − row)` (its
//!   centre is the half turn of the cell's centre), when it lies in the grid;
//! - **region label** (the solution's [`Grid`]): per cell, its dot's number plus one.
//!
//! The rules (`cnf.rs`, `encodings/galaxies.md`): each cell picks one dot whose mirror of it
//! lies in the grid; a cell and its mirror pick the dot together; a dot's cells pick it;
//! and each dot's region is connected (the layer's `constraints::connected`, one per dot).
//! The engines:
//! - **native**: CDCL on batsat with the regions' connectivity as a theory
//!   (`lazy::solve_theory`), checked at every unit-propagation fixpoint, so a region sealed
//!   off from its dot is refuted as soon as it is;
//! - **sat**: the cut loop (`lazy::solve_incremental`): varisat on the local clauses, each
//!   model whose regions fall apart cut and solved again; with `--eager`, the eager CNF;
//! - **external**, and `export`: the eager CNF (one eager connectivity per dot), the whole
//!   puzzle.

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{Grid, lazy};
use crate::puzzle::{
    Backend, CheckError, CnfEncode, CnfEncoding, EncodeOptions, Kind, Limits, NativeAnswer,
    NativeSolve, Purpose, Puzzle, SessionAnswer, Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// A dot on the doubled lattice (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot {
    /// Lattice column, `0..2W−1`.
    pub x: usize,
    /// Lattice row, `0..2H−1`.
    pub y: usize,
    /// Drawn black (Tatham's picture mode); the rules do not tell black from white.
    pub black: bool,
}

impl Dot {
    /// The character the plain form and the drawing use: `o` white, `*` black.
    fn symbol(self) -> char {
        if self.black { '*' } else { 'o' }
    }
}

/// A galaxies puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Galaxies {
    width: usize,
    height: usize,
    /// The dots in reading order of their lattice positions.
    dots: Vec<Dot>,
}

impl Galaxies {
    /// A `width × height` grid with `dots`, each on the doubled lattice; sorted here into
    /// reading order.
    pub fn new(width: usize, height: usize, mut dots: Vec<Dot>) -> Galaxies {
        assert!(width >= 1 && height >= 1, "a grid has cells");
        assert!(
            dots.iter()
                .all(|d| d.x < 2 * width - 1 && d.y < 2 * height - 1),
            "dots lie on the grid's lattice"
        );
        dots.sort_by_key(|d| (d.y, d.x));
        Galaxies {
            width,
            height,
            dots,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The dots, in reading order.
    pub fn dots(&self) -> &[Dot] {
        &self.dots
    }

    /// The cells dot `d` touches (one, two or four), in reading order.
    pub fn dot_cells(&self, d: usize) -> Vec<usize> {
        let Dot { x, y, .. } = self.dots[d];
        let half = |v: usize| {
            if v.is_multiple_of(2) {
                v / 2..v / 2 + 1
            } else {
                v / 2..v / 2 + 2
            }
        };
        half(y)
            .flat_map(|r| half(x).map(move |c| r * self.width + c))
            .collect()
    }

    /// The mirror of `cell` about dot `d`, when it lies in the grid.
    pub fn mirror(&self, cell: usize, d: usize) -> Option<usize> {
        let (row, col) = (cell / self.width, cell % self.width);
        let Dot { x, y, .. } = self.dots[d];
        let (c, r) = (x.checked_sub(col)?, y.checked_sub(row)?);
        (c < self.width && r < self.height).then(|| r * self.width + c)
    }

    /// The dot at lattice position `(x, y)`, if any.
    fn dot_at(&self, x: usize, y: usize) -> Option<Dot> {
        self.dots
            .binary_search_by_key(&(y, x), |d| (d.y, d.x))
            .ok()
            .map(|i| self.dots[i])
    }

    /// The lattice as the plain form's rows: `.` no dot, `o` a dot, `*` a black dot.
    pub fn rows_text(&self) -> String {
        (0..2 * self.height - 1)
            .map(|y| {
                (0..2 * self.width - 1)
                    .map(|x| self.dot_at(x, y).map_or('.', Dot::symbol))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A solution drawn on the lattice: cells `.` (or their dot), `|` and `-` on sides
    /// between two regions, `+` where borders meet or turn, a dot where it lies; the grid's
    /// own edge is not drawn.
    pub fn drawing(&self, g: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let cut = |a: usize, b: usize| g.values[a] != g.values[b];
        let mut out = Vec::with_capacity(2 * h - 1);
        for y in 0..2 * h - 1 {
            let mut line = String::with_capacity(2 * w - 1);
            for x in 0..2 * w - 1 {
                let (r, c) = (y / 2, x / 2);
                let i = r * w + c;
                let ch = if let Some(dot) = self.dot_at(x, y) {
                    dot.symbol()
                } else {
                    match (y % 2, x % 2) {
                        (0, 0) => '.',
                        (0, _) => {
                            if cut(i, i + 1) {
                                '|'
                            } else {
                                ' '
                            }
                        }
                        (_, 0) => {
                            if cut(i, i + w) {
                                '-'
                            } else {
                                ' '
                            }
                        }
                        _ => {
                            let vertical = cut(i, i + 1) || cut(i + w, i + w + 1);
                            let horizontal = cut(i, i + w) || cut(i + 1, i + w + 1);
                            match (vertical, horizontal) {
                                (true, true) => '+',
                                (true, false) => '|',
                                (false, true) => '-',
                                (false, false) => ' ',
                            }
                        }
                    }
                };
                line.push(ch);
            }
            out.push(line.trim_end().to_string());
        }
        out.join("\n")
    }
}

impl Puzzle for Galaxies {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::GALAXIES
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        if self.dots.is_empty() {
            return Some("no dot: the cells have no region to join".to_string());
        }
        let mut owner = vec![usize::MAX; self.width * self.height];
        for d in 0..self.dots.len() {
            for cell in self.dot_cells(d) {
                if owner[cell] != usize::MAX {
                    let name = |d: usize| {
                        let dot = self.dots[d];
                        format!("the dot at ({}, {})", dot.x + 1, dot.y + 1)
                    };
                    return Some(format!(
                        "{} and {} both touch r{}c{}",
                        name(owner[cell]),
                        name(d),
                        cell / self.width + 1,
                        cell % self.width + 1
                    ));
                }
                owner[cell] = d;
            }
        }
        None
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    /// The lattice with the borders between regions drawn ([`Galaxies::drawing`]).
    fn solution_text(&self, solution: &Grid) -> String {
        self.drawing(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// Drawn on the doubled lattice, as slitherlink is: cells white (a solution's regions
    /// in pale colours), sides and points black where they are borders (the lattice's points
    /// grey when unsolved), dots as `O` or `*` (black) where they lie.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let (w, h) = (self.width, self.height);
        let (pw, ph) = (2 * w + 1, 2 * h + 1);
        let mut picture = Picture::new(pw, ph);
        picture.grid_lines = false;
        let pale = |label: u32| {
            let Rgb(r, g, b) = Rgb::palette(label as usize);
            let mix = |v: u8| ((u16::from(v) + 3 * 255) / 4) as u8;
            Rgb(mix(r), mix(g), mix(b))
        };
        for py in 0..ph {
            for px in 0..pw {
                let i = py * pw + px;
                let inside = px > 0 && py > 0 && px < pw - 1 && py < ph - 1;
                // Lattice position of this picture cell, inside the grid.
                let (x, y) = (px.wrapping_sub(1), py.wrapping_sub(1));
                let cell = |xx: usize, yy: usize| (yy / 2) * w + xx / 2;
                picture.fills[i] = match (py % 2, px % 2) {
                    (0, 0) if !inside => Rgb::BLACK,
                    (0, 0) => {
                        let around = [
                            cell(x - 1, y - 1),
                            cell(x + 1, y - 1),
                            cell(x - 1, y + 1),
                            cell(x + 1, y + 1),
                        ];
                        match solution {
                            Some(s)
                                if around.iter().all(|&a| s.values[a] == s.values[around[0]]) =>
                            {
                                pale(s.values[around[0]])
                            }
                            Some(_) => Rgb::BLACK,
                            None => Rgb::GREY,
                        }
                    }
                    (1, 1) => solution.map_or(Rgb::WHITE, |s| pale(s.values[cell(x, y)])),
                    _ if !inside => Rgb::BLACK,
                    (1, 0) => {
                        let (a, b) = (cell(x - 1, y), cell(x + 1, y));
                        match solution {
                            Some(s) if s.values[a] != s.values[b] => Rgb::BLACK,
                            Some(s) => pale(s.values[a]),
                            None => Rgb::WHITE,
                        }
                    }
                    _ => {
                        let (a, b) = (cell(x, y - 1), cell(x, y + 1));
                        match solution {
                            Some(s) if s.values[a] != s.values[b] => Rgb::BLACK,
                            Some(s) => pale(s.values[a]),
                            None => Rgb::WHITE,
                        }
                    }
                };
                if inside && let Some(dot) = self.dot_at(x, y) {
                    picture.labels[i] = if dot.black { "*" } else { "O" }.to_string();
                    picture.inks[i] = Some(Rgb::BLACK);
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

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl NativeSolve<Grid> for Galaxies {
    /// CDCL with the regions' connectivity as a theory (module docs).
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        let local = cnf::local(self);
        let run = lazy::solve_theory(
            true,
            &local.cnf,
            &local.regions,
            &local.projection(),
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        );
        let grids = run.decoded(&|m| local.decode(m), Backend::Native)?;
        Ok(run.native(grids, found))
    }
}

impl CnfEncode<Grid> for Galaxies {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        Ok(cnf::encode(self))
    }

    /// The cut loop on varisat: the local clauses, each region that falls apart cut.
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Grid>, SolveError>> {
        let local = cnf::local(self);
        let run = match lazy::solve_incremental(
            &local.cnf,
            &local.regions,
            &local.projection(),
            limits.max_or_all(),
            limits.keep,
            &limits.stop,
        ) {
            Ok(run) => run,
            Err(e) => return Some(Err(SolveError::from(e))),
        };
        Some(
            run.decoded(&|m| local.decode(m), Backend::Sat)
                .map(|grids| run.session(grids, &local.cnf)),
        )
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const GALAXIES: Kind = Kind::named("galaxies");
}

/// Tatham Galaxies IDs (`7x7:…`) one a line, or `galaxies` and the lattice's rows
/// (`encodings/galaxies.md`).
pub const READER: crate::puzzles::Reader<Galaxies> = crate::puzzles::Reader {
    kind: Kind::GALAXIES,
    about: "Galaxies (Tentaisho): divide the grid into regions symmetric about their one dot each (Tatham `WxH:` IDs, or `galaxies` and the doubled lattice's rows)",
    extensions: &["galaxies"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Galaxies 10×10 (Tatham's)",
        "galaxies/galaxies-10x10dn.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2×2 grid: a dot on the middle of the top side and one on the bottom's.
    fn two_dominoes() -> Galaxies {
        let dot = |x, y| Dot { x, y, black: false };
        Galaxies::new(2, 2, vec![dot(1, 2), dot(1, 0)])
    }

    #[test]
    fn dots_cells_mirrors_and_drawing() {
        let g = two_dominoes();
        assert_eq!(
            g.dots()[0],
            Dot {
                x: 1,
                y: 0,
                black: false
            }
        );
        assert_eq!(g.dot_cells(0), vec![0, 1]);
        assert_eq!(g.dot_cells(1), vec![2, 3]);
        assert_eq!(g.mirror(0, 0), Some(1));
        assert_eq!(g.mirror(2, 0), None);
        let centre = Galaxies::new(
            3,
            3,
            vec![Dot {
                x: 2,
                y: 2,
                black: true,
            }],
        );
        assert_eq!(centre.dot_cells(0), vec![4]);
        assert_eq!(centre.mirror(0, 0), Some(8));
        assert_eq!(
            Galaxies::new(
                2,
                2,
                vec![Dot {
                    x: 1,
                    y: 1,
                    black: false
                }]
            )
            .dot_cells(0),
            vec![0, 1, 2, 3]
        );
        let across = Grid::new(2, vec![1, 1, 2, 2]);
        assert_eq!(g.check(&across), Ok(()));
        assert_eq!(g.drawing(&across), ".o.\n---\n.o.");
        assert_eq!(g.rows_text(), ".o.\n...\n.o.");
        assert!(g.check(&Grid::new(2, vec![1, 2, 1, 2])).is_err());
        assert_eq!(g.contradiction(), None);
        let clash = Galaxies::new(
            2,
            1,
            vec![
                Dot {
                    x: 0,
                    y: 0,
                    black: false,
                },
                Dot {
                    x: 1,
                    y: 0,
                    black: false,
                },
            ],
        );
        assert!(clash.contradiction().unwrap().contains("both touch r1c1"));
    }
}
