//! Dominosa (Tatham's Dominosa): a (N+2)×(N+1) grid of numbers 0..=N is tiled by the full
//! set of dominoes, each pair {a, b} with 0 ≤ a ≤ b ≤ N exactly once.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, holding its **number**;
//! - **placement**: two cells sharing a side, named by its first cell (left or top);
//! - **value** (the solution's [`Grid`]): [`RIGHT`] the cell's domino goes right,
//!   [`DOWN`] it goes down, [`SECOND`] the cell is a domino's second half.
//!
//! The rules are `ExactlyOne` constraints of the layer over `(cell, value)` pairs: per cell,
//! exactly one placement covers it; per domino, exactly one of its placements is chosen.
//! That is an exact cover (items: cells and dominoes), so the layer's cover form applies and
//! dlx runs beside native, sat and external (`encodings/dominosa.md`). A tiling and an
//! assignment of values determine each other, so the solutions counted are tilings.

mod check;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{self, Constraint, Grid, Model};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CoverEncode, Kind, NativeSolve, Puzzle,
};
use crate::render::Picture;

/// A cell whose domino is completed by the cell to its left or above.
pub const SECOND: u32 = 0;
/// A cell whose domino goes to the right.
pub const RIGHT: u32 = 1;
/// A cell whose domino goes down.
pub const DOWN: u32 = 2;

/// A Dominosa puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominosa {
    max: u32,
    width: usize,
    height: usize,
    numbers: Vec<u32>,
    model: Model,
}

/// The index of the domino {a, b} among those of 0..=max, ordered by smaller then larger
/// number.
pub(crate) fn domino(max: u32, a: u32, b: u32) -> usize {
    let (a, b) = (a.min(b) as usize, a.max(b) as usize);
    a * (max as usize + 1) - a * a.saturating_sub(1) / 2 + (b - a)
}

impl Dominosa {
    /// The puzzle of the dominoes of 0..=`max` on the `(max + 2) × (max + 1)` grid of
    /// row-major `numbers` (each at most `max`).
    pub fn new(max: u32, numbers: Vec<u32>) -> Dominosa {
        let (width, height) = (max as usize + 2, max as usize + 1);
        assert_eq!(numbers.len(), width * height, "one number per cell");
        let mut model = Model::new(width, height, 0);
        let right = |c: usize| c % width + 1 < width;
        let down = |c: usize| c + width < width * height;
        for c in 0..width * height {
            model.domains[c] =
                1 << SECOND | u64::from(right(c)) << RIGHT | u64::from(down(c)) << DOWN;
        }
        // Each cell covered once: by its own placement or by its left or upper neighbour's.
        for c in 0..width * height {
            let mut covers = Vec::with_capacity(4);
            if right(c) {
                covers.push((c, RIGHT));
            }
            if down(c) {
                covers.push((c, DOWN));
            }
            if c % width > 0 {
                covers.push((c - 1, RIGHT));
            }
            if c >= width {
                covers.push((c - width, DOWN));
            }
            model.add(Constraint::ExactlyOne(covers));
        }
        // Each domino placed once.
        let count = domino(max, max, max) + 1;
        let mut places: Vec<Vec<(usize, u32)>> = vec![Vec::new(); count];
        for c in 0..width * height {
            if right(c) {
                places[domino(max, numbers[c], numbers[c + 1])].push((c, RIGHT));
            }
            if down(c) {
                places[domino(max, numbers[c], numbers[c + width])].push((c, DOWN));
            }
        }
        for p in places {
            model.add(Constraint::ExactlyOne(p));
        }
        Dominosa {
            max,
            width,
            height,
            numbers,
            model,
        }
    }

    /// The largest number N (the grid is (N+2)×(N+1)).
    pub fn max(&self) -> u32 {
        self.max
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The number at `(row, col)`.
    pub fn number(&self, row: usize, col: usize) -> u32 {
        self.numbers[row * self.width + col]
    }

    /// The numbers, a row a line, blanks between them; with a solution, `-` joins the two
    /// halves of a domino across and a line of `|` below a row joins them down.
    pub fn drawing(&self, tiling: Option<&Grid>) -> String {
        let wide = if self.max >= 10 { 2 } else { 1 };
        let mut out = Vec::new();
        for r in 0..self.height {
            let mut line = String::new();
            let mut under = String::new();
            for c in 0..self.width {
                let v = tiling.map(|g| g.at(r, c));
                line.push_str(&format!("{:>wide$}", self.number(r, c)));
                under.push_str(&" ".repeat(wide - 1));
                under.push(if v == Some(DOWN) { '|' } else { ' ' });
                if c + 1 < self.width {
                    line.push(if v == Some(RIGHT) { '-' } else { ' ' });
                    under.push(' ');
                }
            }
            out.push(line);
            if tiling.is_some() && r + 1 < self.height {
                out.push(under.trim_end().to_string());
            }
        }
        out.join("\n")
    }
}

impl Puzzle for Dominosa {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::DOMINOSA
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

    /// The numbers; with a solution, each domino a region (thick lines between dominoes).
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, n) in self.numbers.iter().enumerate() {
            picture.labels[i] = n.to_string();
        }
        if let Some(g) = solution {
            let mut region: Vec<usize> = (0..self.numbers.len()).collect();
            for (c, &v) in g.values.iter().enumerate() {
                match v {
                    RIGHT if c + 1 < region.len() => region[c + 1] = c,
                    DOWN if c + self.width < region.len() => region[c + self.width] = c,
                    _ => {}
                }
            }
            picture.regions = Some(region);
        }
        picture
    }

    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Labels,
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

    fn as_cover(&self) -> Option<&dyn CoverEncode<Grid>> {
        Some(self)
    }
}

impl constraints::OnModel for Dominosa {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Dominosa);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const DOMINOSA: Kind = Kind::named("dominosa");
}

/// Tatham IDs (`6:544600…`) one a line, or `dominosa` and rows (`encodings/dominosa.md`).
pub const READER: crate::puzzles::Reader<Dominosa> = crate::puzzles::Reader {
    kind: Kind::DOMINOSA,
    about: "Dominosa: tile a grid of numbers 0..N with the full set of dominoes, each once (Tatham `N:` IDs, or `dominosa` and rows)",
    extensions: &["dominosa"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Dominosa 0–6, hard (Tatham's Dominosa)",
        "dominosa/dominosa-6dh.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_are_numbered_once() {
        let mut seen = Vec::new();
        for a in 0..=3 {
            for b in a..=3 {
                seen.push(domino(3, b, a));
            }
        }
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
    }

    #[test]
    fn checker_and_drawing() {
        // 0 0 1     the set {00, 01, 11}: 00 across, 1 over 1 down… no: 01 down at the
        // 1 1 0     right, 00 and 11 across at the left.
        let p = Dominosa::new(1, vec![0, 0, 1, 1, 1, 0]);
        let good = Grid::new(3, vec![RIGHT, SECOND, DOWN, RIGHT, SECOND, SECOND]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), "0-0 1\n    |\n1-1 0");
        let twice = Grid::new(3, vec![DOWN, DOWN, DOWN, SECOND, SECOND, SECOND]);
        assert!(p.check(&twice).is_err());
    }
}
