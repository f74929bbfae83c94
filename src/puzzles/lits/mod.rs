//! LITS (puzz.link / pzprjs `lits`): shade cells of a grid divided into rooms so that each
//! room holds exactly four shaded cells forming a tetromino, all shaded cells are
//! orthogonally connected, no 2×2 block is all shaded, and two tetrominoes of the same shape
//! (L, I, T, S; rotations and reflections the same shape) never share a side across a room
//! border.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, in one **room** (ids numbered in the order of
//!   their first cell);
//! - **shape**: L, I, T or S, a tetromino up to rotation and reflection (the square O
//!   is a tetromino too, but it is a shaded 2×2 block);
//! - **placement**: one tetromino of shape L, I, T or S lying inside one room (its four
//!   cells, [`placements`]);
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = unshaded.
//!
//! The rules: a 0/1 [`Model`] holding `AtLeast{2×2 window, 0, 1}`, the shaded cells
//! connected (`constraints::connected_cells`: lazily for native and the `sat` session,
//! eagerly for external solvers and `export`), and the genre's own clauses over placement
//! and shape variables (`cnf.rs`, families `T1`–`T4`: one placement a room, a cell shaded
//! iff its room's placement covers it, the room's shape, same shapes apart). Sizes and
//! references in `encodings/lits.md`. No dlx: connectivity is no exact cover.

mod check;
mod cnf;
mod reader;

pub use reader::{parse, parse_url, plain_text};

use crate::constraints::{self, Constraint, Grid, Model, adjacency};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::puzzles::region::{letters, renumber};
use crate::render::Picture;

/// The value of a shaded cell: these are connected.
const SHADED: u32 = 1;
/// The value of an unshaded cell.
const UNSHADED: u32 = 0;

/// A tetromino's shape, up to rotation and reflection (O excluded: see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Three in a line and one beside an end.
    L,
    /// Four in a line.
    I,
    /// Three in a line and one beside the middle.
    T,
    /// Two dominoes side by side, shifted by one.
    S,
}

impl Shape {
    /// Every shape, in the order L, I, T, S (its index is its position here).
    pub const ALL: [Shape; 4] = [Shape::L, Shape::I, Shape::T, Shape::S];

    /// The shape's letter.
    pub fn letter(self) -> char {
        match self {
            Shape::L => 'L',
            Shape::I => 'I',
            Shape::T => 'T',
            Shape::S => 'S',
        }
    }

    /// One fixed form of the shape, as `(row, col)` offsets.
    fn base(self) -> [(i32, i32); 4] {
        match self {
            Shape::L => [(0, 0), (1, 0), (2, 0), (2, 1)],
            Shape::I => [(0, 0), (1, 0), (2, 0), (3, 0)],
            Shape::T => [(0, 0), (0, 1), (0, 2), (1, 1)],
            Shape::S => [(0, 1), (0, 2), (1, 0), (1, 1)],
        }
    }

    /// Its distinct fixed forms under the 8 rotations and reflections, each normalised
    /// (smallest row and column 0, offsets sorted): L 8, I 2, T 4, S 4.
    pub fn orientations(self) -> Vec<[(i32, i32); 4]> {
        let mut out: Vec<[(i32, i32); 4]> = Vec::new();
        for turn in 0..8 {
            let mut form = self.base().map(|(r, c)| {
                let (r, c) = if turn >= 4 { (r, -c) } else { (r, c) };
                match turn % 4 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                }
            });
            let top = form.iter().map(|p| p.0).min().unwrap_or(0);
            let left = form.iter().map(|p| p.1).min().unwrap_or(0);
            for p in &mut form {
                *p = (p.0 - top, p.1 - left);
            }
            form.sort_unstable();
            if !out.contains(&form) {
                out.push(form);
            }
        }
        out
    }
}

/// A tetromino inside one room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The room.
    pub room: usize,
    /// Its shape.
    pub shape: Shape,
    /// Its cells, in reading order.
    pub cells: [usize; 4],
}

/// Every placement of an L, I, T or S tetromino lying inside one room of the
/// `width`-wide grid of `rooms`, by room, then top-left cell, then shape and form.
pub fn placements(width: usize, rooms: &[usize]) -> Vec<Placement> {
    let height = rooms.len() / width.max(1);
    let forms: Vec<(Shape, [(i32, i32); 4])> = Shape::ALL
        .iter()
        .flat_map(|&s| s.orientations().into_iter().map(move |f| (s, f)))
        .collect();
    let mut out = Vec::new();
    // Each placement once: at the top-left corner of its form's extent (not always one of
    // its cells), the forms' offsets being normalised to 0 and up.
    for corner in 0..rooms.len() {
        let (r0, c0) = (corner / width, corner % width);
        for &(shape, form) in &forms {
            let (r, c) = (
                form.map(|o| r0 + o.0 as usize),
                form.map(|o| c0 + o.1 as usize),
            );
            if r.iter().any(|&r| r >= height) || c.iter().any(|&c| c >= width) {
                continue;
            }
            let mut cells: [usize; 4] = std::array::from_fn(|k| r[k] * width + c[k]);
            if cells.iter().all(|&x| rooms[x] == rooms[cells[0]]) {
                cells.sort_unstable();
                out.push(Placement {
                    room: rooms[cells[0]],
                    shape,
                    cells,
                });
            }
        }
    }
    out.sort_by_key(|p| p.room);
    out
}

/// A LITS puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lits {
    width: usize,
    height: usize,
    rooms: Vec<usize>,
    placements: Vec<Placement>,
    model: Model,
}

impl Lits {
    /// The `width × height` grid of row-major `rooms` (any ids; renumbered in the order of
    /// their first cell).
    pub fn new(width: usize, height: usize, rooms: Vec<usize>) -> Lits {
        assert_eq!(rooms.len(), width * height, "one room per cell");
        let rooms = renumber(&rooms);
        let mut model = Model::new(width, height, constraints::range(0, 1));
        // "At most three shaded" stated as "at least one unshaded": one clause a window.
        for window in adjacency::blocks(width, height) {
            model.add(Constraint::AtLeast {
                cells: window.to_vec(),
                value: UNSHADED,
                count: 1,
            });
        }
        let placements = placements(width, &rooms);
        Lits {
            width,
            height,
            rooms,
            placements,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The room of each cell, numbered in the order of their first cell.
    pub fn rooms(&self) -> &[usize] {
        &self.rooms
    }

    /// How many rooms.
    pub fn room_count(&self) -> usize {
        self.rooms.iter().max().map_or(0, |&m| m + 1)
    }

    /// Every tetromino that fits in a room (see [`placements`]), by room.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The rooms as letters, a row a line, shaded cells `#` when `shading` is given.
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        letters(self.width, &self.rooms, |i| {
            shading.is_some_and(|g| g.values[i] == SHADED)
        })
    }
}

impl Puzzle for Lits {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::LITS
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    /// A room where no L, I, T or S fits (fewer than four cells, or too thin).
    fn contradiction(&self) -> Option<String> {
        let mut fits = vec![false; self.room_count()];
        for p in &self.placements {
            fits[p.room] = true;
        }
        let room = fits.iter().position(|&f| !f)?;
        let size = self.rooms.iter().filter(|&&k| k == room).count();
        let i = self.rooms.iter().position(|&k| k == room).unwrap_or(0);
        Some(format!(
            "the room of r{}c{} ({size} cell{}) holds no L, I, T or S tetromino",
            i / self.width + 1,
            i % self.width + 1,
            if size == 1 { "" } else { "s" }
        ))
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

    /// The rooms; shaded cells black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.regions = Some(self.rooms.clone());
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

impl constraints::OnModel for Lits {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::connected_cells::connected_engines!(Lits, SHADED, Lits::tetromino_clauses);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const LITS: Kind = Kind::named("lits");
}

/// puzz.link `lits` URLs one a line, or `lits` and rows of room letters (`encodings/lits.md`).
pub const READER: crate::puzzles::Reader<Lits> = crate::puzzles::Reader {
    kind: Kind::LITS,
    about: "LITS: a tetromino in each room, the shaded cells connected, no 2×2 shaded, same shapes apart (puzz.link `lits/` URLs, or `lits` and rows of rooms)",
    extensions: &["lits"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "LITS (the pzprjs and cspuz test URLs)",
        "lits/puzzlink.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_have_their_fixed_forms() {
        let counts: Vec<usize> = Shape::ALL.iter().map(|s| s.orientations().len()).collect();
        assert_eq!(counts, vec![8, 2, 4, 4]);
        // A 2×3 room holds 4 L, 2 T and 2 S placements (no I).
        let p = placements(3, &[0; 6]);
        let of = |s: Shape| p.iter().filter(|q| q.shape == s).count();
        assert_eq!(
            (of(Shape::L), of(Shape::I), of(Shape::T), of(Shape::S)),
            (4, 0, 2, 2)
        );
        // A 1×4 room holds one I; one of 1×3 nothing.
        assert_eq!(placements(4, &[0; 4]).len(), 1);
        assert!(placements(3, &[0; 3]).is_empty());
    }

    #[test]
    fn checker_and_drawing() {
        // aab
        // aab   room a: an L (r1c1 r2c1 r3c1 r3c2); room b: an I down column 3 — they
        // aab   touch, but L and I differ. (3×4 grid, the last row holding room b too.)
        // bbb
        let rooms = vec![0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1];
        let p = Lits::new(3, 4, rooms);
        let good = Grid::new(3, vec![1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.drawing(Some(&good)), "#a#\n#a#\n###\nbb#");
        // Five shaded in room b.
        let five = Grid::new(3, vec![1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1]);
        assert!(p.check(&five).unwrap_err().message.contains("5 shaded"));
        // A 2×2 block in room a (r1c1 r1c2 r2c1 r2c2), and b's I.
        let block = Grid::new(3, vec![1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 1]);
        assert!(p.check(&block).unwrap_err().message.contains("2×2"));
        assert!(Lits::new(3, 1, vec![0; 3]).contradiction().is_some());
        assert!(p.contradiction().is_none());
    }
}
