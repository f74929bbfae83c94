//! Packing puzzles: pieces (rectangles, polyominoes) placed into a region without overlap.
//!
//! Glossary:
//! - **region**: the board, `width × height` cells; a **hole** is a cell of the board that
//!   must stay empty, an **open** cell is one a piece may cover.
//! - **cell**: `(row, col)`, 0-based, row-major index `row * width + col`.
//! - **piece**: a set of cells as drawn in the input (a `WxH` rectangle or a `#`/`.`
//!   drawing). Each copy of a piece (`xN`) is its own piece with its own number; pieces are
//!   numbered 0.. in input order (the 12 pentominoes in the order F I L N P T U V W X Y Z).
//! - **orientation**: a piece after one of the 8 symmetries of the square (4 rotations, each
//!   optionally reflected), deduplicated; a `fixed` piece has only its drawn orientation.
//! - **placement**: one orientation of one piece at one offset, covering open cells only.
//! - **tiling** (the solution): which piece covers each cell (`None`: a hole, or an open cell
//!   left empty because the pieces cover less than the region). Every piece is placed
//!   exactly once; copies are told apart, so swapping two identical copies is another tiling.
//! - **slack**: open cells minus the pieces' total area, i.e. how many open cells stay empty.
//!
//! The format (`.pack`, read by `reader.rs`): `;` comments, `region WxH` or `region` plus
//! a map, `piece WxH`, `piece NAME` plus a drawing, `xN` copies, `fixed`, `pentominoes`.
//!
//! The checker ([`Packing::check`] through the `Puzzle` trait) compares each piece's cells in
//! a tiling with the drawn shape under its own transformations; it shares no code with the
//! placement generator used by the three solvers.

mod check;
pub mod cnf;
pub mod cover;
pub mod native;
mod reader;
mod shapes;
mod text;

use check::check_tiling;
pub use reader::parse;
pub use shapes::PENTOMINOES;
use shapes::normalise;
pub(crate) use shapes::orientations;
use text::{assign_labels, tiling_differences, tiling_text};

use std::collections::BTreeSet;
use std::time::Instant;

use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CnfEncoding, CoverEncode, CoverEncoding,
    EncodeOptions, Engine, Kind, Limits, NativeAnswer, NativeSolve, Preference, Purpose, Puzzle,
    Sink, SolveError,
};
use crate::render::{Picture, Rgb};

/// Regions larger than this are refused by the parser (the encodings grow with the area).
const MAX_CELLS: usize = 1 << 20;
/// Pieces (copies counted) beyond this are refused by the parser.
const MAX_PIECES: usize = 10_000;
/// The cells of all pieces together (copies counted) beyond this are refused by the parser,
/// before they are allocated: `piece 1000x1000 x10000` is 20 bytes of text.
const MAX_PIECE_CELLS: usize = MAX_CELLS;
/// The solvers refuse to generate more placements than this: a guard against matrices and
/// formulas that would not fit in memory.
pub(crate) const MAX_PLACEMENTS: usize = 4_000_000;

/// One piece (one copy) as declared in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The name in the input (`1x6`, `L`, or a pentomino letter).
    pub name: String,
    /// The drawn cells `(row, col)`, shifted so the smallest row and column are 0, sorted.
    pub cells: Vec<(usize, usize)>,
    /// Only the drawn orientation is allowed.
    pub fixed: bool,
    /// The input line that declared it (copies share it).
    pub line: usize,
    /// Copies of one declaration share a group number (used by `count_distinct`).
    pub group: usize,
}

/// A packing puzzle: a region and the pieces to place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packing {
    width: usize,
    height: usize,
    /// Row-major; `true` for an open cell, `false` for a hole.
    open: Vec<bool>,
    pieces: Vec<Piece>,
    /// A short label per piece for text output (unique).
    labels: Vec<String>,
}

/// A solution: which piece covers each cell, row by row (`None`: hole or empty cell).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tiling {
    /// `rows[r][c]`: index into [`Packing::pieces`] of the piece covering cell (r, c).
    pub rows: Vec<Vec<Option<usize>>>,
}

/// One placement: a piece at one orientation and offset, as sorted row-major cell indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    pub piece: usize,
    pub cells: Vec<usize>,
}

/// The answer of [`Packing::count_distinct`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistinctCount {
    /// Tilings up to the symmetries of the region (and relabelling of identical copies).
    pub distinct: u64,
    /// All tilings found.
    pub total: u64,
    /// How many symmetries of the square map the region (holes included) onto itself and
    /// respect every fixed piece; the identity counts.
    pub symmetries: usize,
    /// Whether the search finished (false: the deadline passed first).
    pub complete: bool,
}

crate::puzzle::message_error!(
    /// Why [`Packing::new`] refused its region or pieces.
    PackingError
);

impl Packing {
    /// Build a puzzle from a region map (`true` = open cell) and pieces.
    pub fn new(
        width: usize,
        height: usize,
        open: Vec<bool>,
        pieces: Vec<Piece>,
    ) -> Result<Packing, PackingError> {
        if width == 0 || height == 0 {
            return Err(PackingError::from("the region is empty"));
        }
        if open.len() != width * height {
            return Err(PackingError::from(format!(
                "the region map has {} cells, expected {width}×{height}",
                open.len()
            )));
        }
        if pieces.iter().any(|p| p.cells.is_empty()) {
            return Err(PackingError::from("a piece has no cell"));
        }
        let labels = assign_labels(&pieces);
        Ok(Packing {
            width,
            height,
            open,
            pieces,
            labels,
        })
    }

    /// Columns of the region's bounding box.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the region's bounding box.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pieces, one entry per copy, in the order of the file.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Whether `(row, col)` is an open cell (not a hole).
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        row < self.height && col < self.width && self.open[row * self.width + col]
    }

    /// Open cells in the region.
    pub fn open_cells(&self) -> usize {
        self.open.iter().filter(|&&o| o).count()
    }

    /// Cells covered by all pieces together.
    pub fn piece_area(&self) -> usize {
        self.pieces.iter().map(|p| p.cells.len()).sum()
    }

    /// Open cells that stay empty in every tiling (0: the pieces must fill the region).
    pub fn slack(&self) -> usize {
        self.open_cells().saturating_sub(self.piece_area())
    }

    /// The label printed for piece `index`.
    pub fn label(&self, index: usize) -> &str {
        &self.labels[index]
    }

    /// Every placement of every piece, pieces in input order, then orientations, then
    /// offsets row-major. Refused beyond [`MAX_PLACEMENTS`].
    pub(crate) fn placements(&self) -> Result<Vec<Placement>, SolveError> {
        let mut out = Vec::new();
        for (index, piece) in self.pieces.iter().enumerate() {
            for shape in orientations(&piece.cells, piece.fixed) {
                let rows = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let cols = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                if rows > self.height || cols > self.width {
                    continue;
                }
                for dr in 0..=self.height - rows {
                    for dc in 0..=self.width - cols {
                        if shape
                            .iter()
                            .all(|&(r, c)| self.open[(r + dr) * self.width + c + dc])
                        {
                            let mut cells: Vec<usize> = shape
                                .iter()
                                .map(|&(r, c)| (r + dr) * self.width + c + dc)
                                .collect();
                            cells.sort_unstable();
                            out.push(Placement {
                                piece: index,
                                cells,
                            });
                            if out.len() > MAX_PLACEMENTS {
                                return Err(SolveError::TooLarge(format!(
                                    "more than {MAX_PLACEMENTS} placements: the puzzle is too large to encode"
                                )));
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Count the tilings up to the symmetries of the region (rotations and reflections that
    /// map the region, holes included, onto itself), treating copies of one piece as
    /// interchangeable. Uses the native solver to enumerate every tiling, then keeps one
    /// canonical form per orbit (the smallest image under the symmetry group).
    pub fn count_distinct(&self, deadline: Option<Instant>) -> Result<DistinctCount, SolveError> {
        let symmetries = self.symmetries();
        let mut seen: BTreeSet<Vec<u32>> = BTreeSet::new();
        let limits = Limits {
            max_solutions: None,
            keep: 0,
            stop: crate::stop::Stop::at(deadline),
        };
        let mut image = vec![0u32; self.width * self.height];
        let mut best = vec![0u32; self.width * self.height];
        let mut relabel = vec![u32::MAX; self.pieces.len() + 1];
        let run = native::search(self, &limits, |cells: &[Option<usize>]| {
            let mut first = true;
            for sym in &symmetries {
                // image[i] = cells[sym[i]]: read the tiling through the symmetry.
                for (i, &from) in sym.iter().enumerate() {
                    image[i] = cells[from].map_or(u32::MAX, |p| p as u32);
                }
                self.relabel_copies(&mut image, &mut relabel);
                if first || image < best {
                    best.copy_from_slice(&image);
                    first = false;
                }
            }
            if !seen.contains(&best) {
                seen.insert(best.clone());
            }
        })?;
        Ok(DistinctCount {
            distinct: seen.len() as u64,
            total: run.count,
            symmetries: symmetries.len(),
            complete: run.complete,
        })
    }

    /// Renumber copies of one declaration in order of first appearance (row-major), so that
    /// tilings differing only by a swap of identical copies compare equal.
    fn relabel_copies(&self, image: &mut [u32], relabel: &mut [u32]) {
        relabel.iter_mut().for_each(|r| *r = u32::MAX);
        let mut next_in_group: Vec<usize> = Vec::new();
        for v in image.iter_mut() {
            if *v == u32::MAX {
                continue;
            }
            let p = *v as usize;
            if relabel[p] == u32::MAX {
                let group = self.pieces[p].group;
                // The first piece of the group has the smallest index of its copies.
                let base = self
                    .pieces
                    .iter()
                    .position(|q| q.group == group)
                    .unwrap_or(p);
                if next_in_group.len() <= group {
                    next_in_group.resize(group + 1, 0);
                }
                relabel[p] = (base + next_in_group[group]) as u32;
                next_in_group[group] += 1;
            }
            *v = relabel[p];
        }
    }

    /// The symmetries of the square that map the region onto itself, as cell permutations:
    /// `sym[i]` is the cell whose content lands on cell `i`. A symmetry that would turn a
    /// fixed piece into another shape is left out (it does not map tilings to tilings).
    fn symmetries(&self) -> Vec<Vec<usize>> {
        let (w, h) = (self.width, self.height);
        let mut out = Vec::new();
        for t in 0..8 {
            // Transformation t maps (r, c) of the source to a target; only the ones keeping
            // the bounding box shape apply.
            let (tw, th) = if t & 4 == 0 { (w, h) } else { (h, w) };
            if tw != w || th != h {
                continue;
            }
            let map = |r: usize, c: usize| -> (usize, usize) {
                let (r, c) = if t & 4 == 0 { (r, c) } else { (c, r) };
                let (rows, cols) = (th, tw);
                let r = if t & 1 == 0 { r } else { rows - 1 - r };
                let c = if t & 2 == 0 { c } else { cols - 1 - c };
                (r, c)
            };
            let mut sym = vec![0; w * h];
            let mut keeps_region = true;
            for r in 0..h {
                for c in 0..w {
                    let (tr, tc) = map(r, c);
                    sym[tr * w + tc] = r * w + c;
                    if self.open[tr * w + tc] != self.open[r * w + c] {
                        keeps_region = false;
                    }
                }
            }
            let respects_fixed = self.pieces.iter().filter(|p| p.fixed).all(|p| {
                let moved: Vec<(usize, usize)> = p.cells.iter().map(|&(r, c)| map(r, c)).collect();
                normalise(&moved) == p.cells
            });
            if keeps_region && respects_fixed {
                out.push(sym);
            }
        }
        out
    }

    /// A tiling from a row-major cell → piece vector.
    pub(crate) fn tiling_from_cells(&self, cells: &[Option<usize>]) -> Tiling {
        Tiling {
            rows: cells.chunks(self.width).map(<[_]>::to_vec).collect(),
        }
    }
}

impl Puzzle for Packing {
    type Solution = Tiling;

    fn kind(&self) -> Kind {
        Kind::PACKING
    }

    fn check(&self, solution: &Tiling) -> Result<(), CheckError> {
        check_tiling(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let (area, open) = (self.piece_area(), self.open_cells());
        if area > open {
            return Some(format!(
                "the pieces cover {area} cells but the region has only {open}"
            ));
        }
        for (i, piece) in self.pieces.iter().enumerate() {
            let fits = orientations(&piece.cells, piece.fixed).iter().any(|shape| {
                let rows = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let cols = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                rows <= self.height
                    && cols <= self.width
                    && (0..=self.height - rows).any(|dr| {
                        (0..=self.width - cols).any(|dc| {
                            shape
                                .iter()
                                .all(|&(r, c)| self.open[(r + dr) * self.width + c + dc])
                        })
                    })
            });
            if !fits {
                return Some(format!(
                    "piece {} ({}, line {}) fits nowhere in the region",
                    self.labels[i], piece.name, piece.line
                ));
            }
        }
        None
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Tiling>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Tiling>> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Tiling>> {
        Some(self)
    }

    /// DLX first either way: packing is exact cover by nature.
    fn preference(&self) -> Preference {
        use Engine::{Dlx, External, Native, Sat};
        Preference {
            few: vec![Dlx, Sat, Native, External],
            many: vec![Dlx, Native, Sat, External],
            presolve: false,
        }
    }

    /// An empty cell means "no placement covering it": no single literal implies it.
    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Pieces,
            cells_follow_literals: self.slack() == 0,
            ..Cells::default()
        }
    }

    fn solution_json(&self, solution: &Tiling) -> serde_json::Value {
        serde_json::json!(solution.rows)
    }

    fn solution_text(&self, solution: &Tiling) -> String {
        tiling_text(self, solution)
    }

    fn differences(&self, a: &Tiling, b: &Tiling) -> String {
        tiling_differences(self, a, b)
    }

    fn picture(&self, solution: Option<&Tiling>) -> Picture {
        let (w, h) = (self.width, self.height);
        let mut picture = Picture::new(w, h);
        let n = self.pieces.len();
        let mut regions = vec![0; w * h];
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                let piece = solution
                    .and_then(|s| s.rows.get(r).and_then(|row| row.get(c)).copied().flatten());
                // Region ids: pieces 0..n, holes n, empty open cells n + 1, so borders are
                // drawn around every piece and around the holes.
                match (self.open[i], piece) {
                    (false, _) => {
                        picture.fills[i] = Rgb::GREY;
                        regions[i] = n;
                    }
                    (true, Some(p)) if p < n => {
                        picture.fills[i] = Rgb::palette(p);
                        picture.labels[i] = self.labels[p].clone();
                        regions[i] = p;
                    }
                    (true, _) => regions[i] = n + 1,
                }
            }
        }
        picture.regions = Some(regions);
        picture
    }
}

impl NativeSolve<Tiling> for Packing {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Tiling>,
    ) -> Result<NativeAnswer, SolveError> {
        native::solve(self, limits, found)
    }
}

impl CnfEncode<Tiling> for Packing {
    fn encode_cnf(
        &self,
        _options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Tiling>, SolveError> {
        cnf::encode(self)
    }
}

impl CoverEncode<Tiling> for Packing {
    fn encode_cover(&self, _purpose: Purpose) -> Result<CoverEncoding<'_, Tiling>, SolveError> {
        cover::encode(self)
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const PACKING: Kind = Kind::named("packing");
}

/// Packing files (`.pack`): a region and pieces.
pub const READER: crate::puzzles::Reader<Packing> = crate::puzzles::Reader {
    kind: Kind::PACKING,
    about: "Rectangles or polyominoes to place in a region (`.pack`)",
    extensions: &["pack"],
    looks_like: |lines| {
        ["region", "piece", "pentominoes"]
            .iter()
            .any(|w| crate::puzzles::some_line_starts_with_word(lines, w))
    },
    read: |_, text| crate::puzzles::whole(parse(text)),
    generator: None,
    examples: &[crate::puzzles::example!(
        "Packing: Golomb's 11×11 square",
        "packing/golomb-11-a.pack"
    )],
};

#[cfg(test)]
mod tests {
    use super::check::same_shape;
    use super::shapes::drawing_cells;
    use super::*;

    const GOLOMB: &str = "; Golomb: five rectangles into a square\nregion 11x11\npiece 1x6\npiece 2x10\npiece 3x9 x2\npiece L\n#..\n###\n\npentominoes\n";

    #[test]
    fn parses_the_issue_example() {
        let p = parse(GOLOMB).unwrap();
        assert_eq!((p.width(), p.height()), (11, 11));
        // 1x6, 2x10, two 3x9, L, 12 pentominoes.
        assert_eq!(p.pieces().len(), 17);
        assert_eq!(p.pieces()[0].cells.len(), 6);
        assert_eq!(p.pieces()[0].cells[5], (5, 0));
        assert_eq!(p.pieces()[1].cells.len(), 20);
        assert_eq!(p.pieces()[2], p.pieces()[3].clone());
        assert_eq!(p.pieces()[4].name, "L");
        assert_eq!(p.pieces()[4].cells, vec![(0, 0), (1, 0), (1, 1), (1, 2)]);
        assert_eq!(p.pieces()[5].name, "F");
        assert_eq!(p.pieces()[16].name, "Z");
        assert_eq!(p.piece_area(), 6 + 20 + 54 + 4 + 60);
        // 144 cells of pieces on 121: unsolvable at once.
        assert!(p.contradiction().unwrap().contains("144"));
    }

    #[test]
    fn pentomino_orientations_total_63() {
        let total: usize = PENTOMINOES
            .iter()
            .map(|(_, d)| orientations(&drawing_cells(d), false).len())
            .collect::<Vec<_>>()
            .iter()
            .sum();
        assert_eq!(total, 63);
        let counts: Vec<usize> = PENTOMINOES
            .iter()
            .map(|(_, d)| orientations(&drawing_cells(d), false).len())
            .collect();
        assert_eq!(counts, vec![8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        for (_, d) in PENTOMINOES {
            assert_eq!(drawing_cells(d).len(), 5);
        }
    }

    #[test]
    fn placements_of_pentominoes_on_6x10() {
        let p = parse("region 6x10\npentominoes\n").unwrap();
        // Knuth (TAOCP 7.2.2.1): 2,056 options for the 6×10 pentomino problem... computed
        // here independently: sum over orientations of the fitting offsets.
        let n = p.placements().unwrap().len();
        let mut expected = 0;
        for (_, d) in PENTOMINOES {
            for shape in orientations(&drawing_cells(d), false) {
                let rows = shape.iter().map(|c| c.0).max().unwrap() + 1;
                let cols = shape.iter().map(|c| c.1).max().unwrap() + 1;
                if rows <= 10 && cols <= 6 {
                    expected += (10 - rows + 1) * (6 - cols + 1);
                }
            }
        }
        assert_eq!(n, expected);
        assert_eq!(n, 2056);
    }

    #[test]
    fn region_map_with_holes() {
        let p = parse("region\n....\n.##.\n...\n\npiece 1x2 x4\npiece 1x1 fixed\n").unwrap();
        assert_eq!((p.width(), p.height()), (4, 3));
        assert!(p.is_open(0, 0));
        assert!(!p.is_open(1, 1));
        // The short last row is padded with a hole.
        assert!(!p.is_open(2, 3));
        assert_eq!(p.open_cells(), 9);
        assert_eq!(p.piece_area(), 9);
        assert!(p.pieces()[4].fixed);
        assert!(p.contradiction().is_none());
    }

    #[test]
    fn parse_errors_say_where() {
        let cases: [(&str, usize, Option<usize>, &str); 12] = [
            ("piece 2x3\n", 1, None, "no region"),
            ("region 3x3\n", 1, None, "no pieces"),
            ("region 3x\npiece 1x1\n", 1, Some(8), "not a size"),
            ("region 0x3\n", 1, Some(8), "at least one"),
            ("region 3x3\nregion 2x2\n", 2, Some(1), "second region"),
            ("region 3x3\nblock 1x1\n", 2, Some(1), "unknown keyword"),
            ("region 3x3\npiece 1x1 x0\n", 2, Some(11), "x0"),
            (
                "region 3x3\npiece 1x1 sideways\n",
                2,
                Some(11),
                "unexpected",
            ),
            ("region 3x3\npiece Q\n\n", 2, Some(7), "no `#`"),
            ("region 3x3\npiece Q\n#.x\n", 3, Some(3), "unexpected `x`"),
            (
                "region\n..\n.o\n\npiece 1x1\n",
                3,
                Some(2),
                "unexpected `o`",
            ),
            ("region\n##\n\npiece 1x1\n", 1, None, "no cell to fill"),
        ];
        for (text, line, column, message) in cases {
            let e = parse(text).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
    }

    #[test]
    fn labels_are_unique() {
        let p = parse("region 9x9\npiece A\n#\n\npiece 1x2 x2\npiece A\n##\n").unwrap();
        let labels: Vec<&str> = (0..4).map(|i| p.label(i)).collect();
        assert_eq!(labels, vec!["A", "B", "C", "D"]);
    }

    #[test]
    fn checker_accepts_a_tiling_and_rejects_broken_ones() {
        let p = parse("region 3x2\npiece 1x2\npiece L\n#.\n##\n\npiece 1x1\n").unwrap();
        // Area 2 + 3 + 1 = 6: fills the 3×2 box.
        let good = Tiling {
            rows: vec![
                vec![Some(0), Some(1), Some(1)],
                vec![Some(0), Some(2), Some(1)],
            ],
        };
        assert_eq!(p.check(&good), Ok(()));
        let wrong_shape = Tiling {
            rows: vec![
                vec![Some(1), Some(1), Some(1)],
                vec![Some(0), Some(0), Some(2)],
            ],
        };
        assert!(p.check(&wrong_shape).unwrap_err().message.contains("shape"));
        let missing = Tiling {
            rows: vec![
                vec![Some(0), Some(1), Some(1)],
                vec![Some(0), None, Some(1)],
            ],
        };
        assert!(
            p.check(&missing)
                .unwrap_err()
                .message
                .contains("not placed")
        );
        let fixed = parse("region 3x2\npiece L fixed\n#.\n##\n\n").unwrap();
        let rotated = Tiling {
            rows: vec![vec![Some(0), Some(0), None], vec![Some(0), None, None]],
        };
        assert!(fixed.check(&rotated).is_err());
        let upright = Tiling {
            rows: vec![vec![Some(0), None, None], vec![Some(0), Some(0), None]],
        };
        assert_eq!(fixed.check(&upright), Ok(()));
    }

    #[test]
    fn text_json_and_picture() {
        let p = parse("region\n..#\n...\n\npiece 1x2\npiece 1x3\n").unwrap();
        let t = Tiling {
            rows: vec![
                vec![Some(0), Some(0), None],
                vec![Some(1), Some(1), Some(1)],
            ],
        };
        assert_eq!(p.check(&t), Ok(()));
        assert_eq!(p.solution_text(&t), "AA#\nBBB");
        assert_eq!(
            p.solution_json(&t),
            serde_json::json!([[0, 0, null], [1, 1, 1]])
        );
        let pic = p.picture(Some(&t));
        assert_eq!(pic.fills[2], Rgb::GREY);
        assert_eq!(pic.fills[0], Rgb::palette(0));
        assert_eq!(pic.regions.as_ref().unwrap()[3], 1);
        let u = Tiling {
            rows: vec![
                vec![Some(0), Some(0), None],
                vec![Some(1), Some(1), Some(1)],
            ],
        };
        assert!(p.differences(&t, &u).starts_with("0 cells differ"));
    }

    #[test]
    fn contradiction_when_a_piece_fits_nowhere() {
        let p = parse("region 3x3\npiece 1x4\n").unwrap();
        assert!(p.contradiction().unwrap().contains("fits nowhere"));
    }

    #[test]
    fn same_shape_handles_all_symmetries() {
        let l = vec![(0, 0), (1, 0), (2, 0), (2, 1)];
        for shape in orientations(&l, false) {
            assert!(same_shape(&shape, &l, false));
        }
        assert!(!same_shape(&[(0, 0), (0, 1), (0, 2), (1, 1)], &l, false));
    }
}
