//! Norinori (puzz.link `norinori`): shade cells so that every region holds exactly two
//! shaded cells and the shaded cells come in dominoes: each shaded cell has exactly one
//! shaded orthogonal neighbour.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, in one **region** (ids numbered in the order
//!   of their first cell);
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = not.
//!
//! The rules are layer constraints on a 0/1 [`Model`]: `Count{region, 1, 2}` and
//! `adjacency::dominoes` (a `Table` per cell: unshaded, or shaded with exactly one shaded
//! neighbour). Engines: native, sat, external, auto (`encodings/norinori.md`); no dlx: a
//! shaded cell's partner may lie in another region, so the rules are no exact cover of
//! the layer's kind.

mod check;
mod reader;

pub use reader::{parse, parse_url, plain_text};

use crate::constraints::{self, Constraint, Grid, Model, adjacency};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::puzzles::region::{letters, renumber};
use crate::render::Picture;

/// The value of a shaded cell.
const SHADED: u32 = 1;

/// A norinori puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Norinori {
    width: usize,
    height: usize,
    regions: Vec<usize>,
    model: Model,
}

impl Norinori {
    /// The `width × height` grid of row-major `regions` (any ids; renumbered in the order
    /// of their first cell).
    pub fn new(width: usize, height: usize, regions: Vec<usize>) -> Norinori {
        assert_eq!(regions.len(), width * height, "one region per cell");
        let regions = renumber(&regions);
        let mut model = Model::new(width, height, constraints::range(0, 1));
        let n = regions.iter().max().map_or(0, |&m| m + 1);
        let mut members = vec![Vec::new(); n];
        for (cell, &k) in regions.iter().enumerate() {
            members[k].push(cell);
        }
        for cells in members {
            model.add(Constraint::Count {
                cells,
                value: SHADED,
                count: 2,
            });
        }
        adjacency::dominoes(&mut model, SHADED, 0);
        Norinori {
            width,
            height,
            regions,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The region of each cell, numbered in the order of their first cell.
    pub fn regions(&self) -> &[usize] {
        &self.regions
    }

    /// The regions as letters, a row a line, shaded cells `#` when `shading` is given.
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        letters(self.width, &self.regions, |i| {
            shading.is_some_and(|g| g.values[i] == SHADED)
        })
    }
}

impl Puzzle for Norinori {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::NORINORI
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        let mut size = vec![0usize; self.regions.iter().max().map_or(0, |&m| m + 1)];
        for &k in &self.regions {
            size[k] += 1;
        }
        size.iter().position(|&s| s < 2).map(|k| {
            let i = self.regions.iter().position(|&x| x == k).unwrap_or(0);
            format!(
                "the region of r{}c{} has one cell: it cannot hold two shaded cells",
                i / self.width + 1,
                i % self.width + 1
            )
        })
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        solution.marks(SHADED, '#')
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The regions; shaded cells black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.regions = Some(self.regions.clone());
        if let Some(s) = solution {
            s.shade(&mut picture, SHADED);
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

impl constraints::OnModel for Norinori {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Norinori);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const NORINORI: Kind = Kind::named("norinori");
}

/// puzz.link `norinori` URLs one a line, or `norinori` and rows of region letters
/// (`encodings/norinori.md`).
pub const READER: crate::puzzles::Reader<Norinori> = crate::puzzles::Reader {
    kind: Kind::NORINORI,
    about: "Norinori: two shaded cells a region, the shaded cells in dominoes (puzz.link `norinori/` URLs, or `norinori` and rows of regions)",
    extensions: &["norinori"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Norinori (the pzprjs and cspuz test URLs)",
        "norinori/puzzlink.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // aab
        // abb   shading r1c1 r1c2 (region a) and r2c3 r3c3 (region b): dominoes apart.
        // abb
        let p = Norinori::new(3, 3, vec![0, 0, 1, 0, 1, 1, 0, 1, 1]);
        let good = Grid::new(3, vec![1, 1, 0, 0, 0, 1, 0, 0, 1]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.drawing(Some(&good)), "##b\nab#\nab#");
        // Three in a row: a cell with two shaded neighbours.
        assert!(
            p.check(&Grid::new(3, vec![1, 1, 1, 0, 0, 0, 0, 0, 0]))
                .is_err()
        );
        // Lone shaded cells r1c1 and r3c1 (two in region a, as the count wants).
        let lone = p
            .check(&Grid::new(3, vec![1, 0, 0, 0, 0, 1, 1, 0, 1]))
            .unwrap_err();
        assert!(lone.to_string().contains("0 shaded neighbours"), "{lone}");
        assert!(Norinori::new(2, 1, vec![0, 1]).contradiction().is_some());
    }
}
