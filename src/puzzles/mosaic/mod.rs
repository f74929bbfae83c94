//! Mosaic (fill-a-pix; Tatham's Mosaic): shade cells so that each clue counts the shaded
//! cells of the 3×3 block centred on it, its own cell included.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, with an optional **clue** 0–9;
//! - **block** (`constraints::adjacency::square`): the up to nine cells around a clue;
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = not.
//!
//! The rules are one layer constraint per clue on a 0/1 [`Model`]: `Count{block, 1, k}`
//! (`adjacency::count_in_square`). Engines: the layer's native search, sat and external on
//! its CNF (`encodings/mosaic.md`). No dlx: a count of k among nine cells is no cover.

mod check;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{self, Grid, Model, adjacency};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb};

/// The value of a shaded cell.
pub const SHADED: u32 = 1;

/// A Mosaic puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mosaic {
    width: usize,
    height: usize,
    clues: Vec<Option<u8>>,
    model: Model,
}

impl Mosaic {
    /// A `width × height` board of row-major `clues`.
    pub fn new(width: usize, height: usize, clues: Vec<Option<u8>>) -> Mosaic {
        assert_eq!(clues.len(), width * height, "one clue or none per cell");
        let mut model = Model::new(width, height, constraints::range(0, 1));
        for (i, &clue) in clues.iter().enumerate() {
            if let Some(k) = clue {
                adjacency::count_in_square(&mut model, i, SHADED, usize::from(k));
            }
        }
        Mosaic {
            width,
            height,
            clues,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue at `(row, col)`, if any.
    pub fn clue(&self, row: usize, col: usize) -> Option<u8> {
        self.clues[row * self.width + col]
    }

    /// The board in the plain text form, without its header: `.` no clue, `0`–`9` a clue;
    /// with a solution, `#` for each shaded cell without a clue and `.` for an unshaded one
    /// — a clue stays a digit, shaded or not (the JSON form and the picture say which).
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        self.clues
            .chunks(self.width)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, clue)| match clue {
                        Some(k) => char::from(b'0' + k),
                        None if shading.is_some_and(|g| g.at(r, c) == SHADED) => '#',
                        None => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The solution as rows of `#` (shaded) and `.`.
    pub fn shading(&self, solution: &Grid) -> String {
        solution
            .values
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .map(|&v| if v == SHADED { '#' } else { '.' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Puzzle for Mosaic {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::MOSAIC
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.shading(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The clues, shaded cells dark.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, clue) in self.clues.iter().enumerate() {
            if let Some(k) = clue {
                picture.labels[i] = k.to_string();
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

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }
}

impl constraints::OnModel for Mosaic {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Mosaic);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const MOSAIC: Kind = Kind::named("mosaic");
}

/// Tatham IDs (`10x10:a3b11l6…`) one a line, or `mosaic` and rows (`encodings/mosaic.md`).
pub const READER: crate::puzzles::Reader<Mosaic> = crate::puzzles::Reader {
    kind: Kind::MOSAIC,
    about: "Mosaic (fill-a-pix): shade cells so each clue counts the shaded cells of its 3×3 block (Tatham `WxH:` IDs, or `mosaic` and rows)",
    extensions: &["mosaic", "fillapix"],
    looks_like: reader::looks_like,
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Mosaic 10×10 (Tatham's Mosaic)",
        "mosaic/mosaic-10x10.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // 4 .
        // . .   a 4 in a 2×2 grid: every cell shaded.
        let p = Mosaic::new(2, 2, vec![Some(4), None, None, None]);
        let all = Grid::new(2, vec![1, 1, 1, 1]);
        assert_eq!(p.check(&all), Ok(()));
        assert_eq!(p.solution_text(&all), "##\n##");
        assert_eq!(p.drawing(Some(&all)), "4#\n##");
        assert!(p.check(&Grid::new(2, vec![1, 1, 1, 0])).is_err());
        assert!(p.check(&Grid::new(2, vec![1, 1, 1, 2])).is_err());
    }
}
