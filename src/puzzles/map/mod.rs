//! Map (four-colouring; Tatham's Map): colour every region of a map with one of four colours
//! so that regions sharing a border differ, some regions' colours given.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, in one **region**; regions are numbered in
//!   the order of their first cell, as Tatham's IDs number them;
//! - **border**: a side between two cells of different regions; regions sharing one are
//!   **adjacent** (cells touching only at a corner are not);
//! - **colour**: 0–3 (Tatham's order of his four colours); the solution's [`Grid`] holds a
//!   colour per cell.
//!
//! Invariants: every region is orthogonally connected and regions are numbered by their
//! first cell (the readers make them so); `givens` has one slot per region.
//!
//! The rules are a constraint [`Model`] with a cell per region (`r1cK` for region K−1 in
//! names): domains 0–3, a given colour fixed, each pair of adjacent regions different
//! (`encodings/map.md`); the layer's engines solve it (native propagation and search, the
//! CNF for sat, external and `export`); no exact cover.

mod check;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// The number of colours.
pub const COLOURS: u32 = 4;

/// The colours drawn, by colour number.
const PAINT: [Rgb; 4] = [
    Rgb(230, 120, 110),
    Rgb(240, 210, 90),
    Rgb(130, 190, 110),
    Rgb(110, 160, 220),
];

/// A Map (four-colouring) puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    width: usize,
    height: usize,
    /// Per cell, its region.
    regions: Vec<usize>,
    /// Per region, its given colour.
    givens: Vec<Option<u32>>,
    model: Model,
}

impl Map {
    /// A `width × height` map of row-major `regions` (each connected, numbered by first
    /// cell) with per-region `givens` (colours below 4).
    pub fn new(width: usize, height: usize, regions: Vec<usize>, givens: Vec<Option<u32>>) -> Map {
        assert_eq!(regions.len(), width * height, "one region per cell");
        assert_eq!(
            givens.len(),
            regions.iter().max().map_or(0, |m| m + 1),
            "one given slot per region"
        );
        let mut model = Model::new(givens.len(), 1, constraints::range(0, COLOURS - 1));
        for (region, g) in givens.iter().enumerate() {
            if let Some(colour) = *g {
                model.give(region, colour);
            }
        }
        for (a, b) in adjacent(width, &regions) {
            model.add(Constraint::AllDifferent(vec![a, b]));
        }
        Map {
            width,
            height,
            regions,
            givens,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The region of each cell, row-major.
    pub fn regions(&self) -> &[usize] {
        &self.regions
    }

    /// The given colour of each region.
    pub fn givens(&self) -> &[Option<u32>] {
        &self.givens
    }
}

/// The pairs of adjacent regions `(a, b)`, `a < b`, each once, in order.
fn adjacent(width: usize, regions: &[usize]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (i, &a) in regions.iter().enumerate() {
        let right = (i % width + 1 < width).then(|| regions[i + 1]);
        let below = regions.get(i + width).copied();
        for b in [right, below].into_iter().flatten() {
            if a != b {
                pairs.push((a.min(b), a.max(b)));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

impl Puzzle for Map {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::MAP
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("regions", self.givens.len().into())]
    }

    fn cells(&self) -> Cells {
        // The model's cells are regions, the solution's are cells: analyze enumerates.
        Cells {
            style: CellStyle::Pieces,
            cells_follow_literals: false,
            ..Cells::default()
        }
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.text()
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The regions with thick borders, filled with their colours (a given region's from
    /// the start, its cells marked `•`).
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.regions = Some(self.regions.clone());
        for (i, &region) in self.regions.iter().enumerate() {
            let given = self.givens[region];
            if let Some(colour) = solution.map(|s| s.values[i]).or(given) {
                picture.fills[i] = PAINT[colour as usize % PAINT.len()];
            }
            if given.is_some() {
                picture.labels[i] = "•".to_string();
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

impl constraints::OnModel for Map {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(
            self.width,
            self.regions.iter().map(|&r| values[r]).collect(),
        )
    }
}

constraints::engines!(Map);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const MAP: Kind = Kind::named("map");
}

/// Tatham IDs (`20x15n30:EDGES,COLOURS`) one a line, or `map` and rows of region letters
/// (`encodings/map.md`).
pub const READER: crate::puzzles::Reader<Map> = crate::puzzles::Reader {
    kind: Kind::MAP,
    about: "Map (four-colouring): colour the regions with four colours, neighbours different (Tatham `WxHnN:` IDs, or `map` and rows of region letters)",
    extensions: &["map"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Map 20×15, hard (Tatham's Map)",
        "map/map-20x15-hard.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_and_checker() {
        // aab
        // cdb   a–b, a–c, a–d, b–d, c–d adjacent; b and c touch at no side.
        let regions = vec![0, 0, 1, 2, 3, 1];
        assert_eq!(
            adjacent(3, &regions),
            vec![(0, 1), (0, 2), (0, 3), (1, 3), (2, 3)]
        );
        let p = Map::new(3, 2, regions, vec![Some(0), None, None, None]);
        let good = Grid::new(3, vec![0, 0, 1, 1, 2, 1]);
        assert_eq!(p.check(&good), Ok(()));
        assert!(p.check(&Grid::new(3, vec![0, 0, 1, 1, 1, 1])).is_err());
        assert!(p.check(&Grid::new(3, vec![3, 3, 1, 1, 2, 1])).is_err());
    }
}
