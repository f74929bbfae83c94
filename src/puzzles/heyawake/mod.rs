//! Heyawake (puz.link / pzprjs `heyawake`): shade cells of a grid divided into rooms so
//! that no two shaded cells share a side, the unshaded cells are orthogonally connected,
//! a room with a number holds exactly that many shaded cells, and no straight run of
//! unshaded cells crosses two room borders (for rectangular rooms: spans three rooms).
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, in one **room** (ids numbered in the order of
//!   their first cell), whose **number** (if any) sits on that first cell;
//! - **border**: the side between two cells of different rooms;
//! - **wall segment**: the cells of a row or column from the cell before one border to the
//!   cell after the next border along that line; one of them must be shaded;
//! - **value** (the solution's [`Grid`]): 1 = shaded, 0 = unshaded.
//!
//! The rules are layer constraints on a 0/1 [`Model`]: `Count{room, 1, n}` per numbered
//! room, `adjacency::no_two_touching`, `AtLeast{segment, 1, 1}` per wall segment (a
//! clause), and the unshaded cells connected (`constraints::connected_cells`: lazily —
//! deduction and then a batsat theory for native, separator cuts on varisat for the `sat`
//! session — and eagerly
//! for external solvers and `export`), as Singles states hitori (`encodings/heyawake.md`). No dlx: the rules are no exact cover.

mod check;
mod reader;

pub use reader::{parse, parse_url, plain_text};

use crate::constraints::{self, Constraint, Grid, Model, adjacency};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::puzzles::region::{region_char, renumber};
use crate::render::Picture;

/// The value of a shaded cell.
const SHADED: u32 = 1;
/// The value of an unshaded cell: these are connected.
const UNSHADED: u32 = 0;

/// A heyawake puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heyawake {
    width: usize,
    height: usize,
    rooms: Vec<usize>,
    numbers: Vec<Option<u32>>,
    model: Model,
}

impl Heyawake {
    /// The `width × height` grid of row-major `rooms` (ids `0..numbers.len()`, any order;
    /// renumbered in the order of their first cell) and each room's number.
    pub fn new(
        width: usize,
        height: usize,
        rooms: Vec<usize>,
        numbers: Vec<Option<u32>>,
    ) -> Heyawake {
        assert_eq!(rooms.len(), width * height, "one room per cell");
        assert!(
            rooms.iter().all(|&k| k < numbers.len()),
            "a number slot per room"
        );
        let renumbered = renumber(&rooms);
        let count = renumbered.iter().max().map_or(0, |&m| m + 1);
        let mut by_room = vec![None; count];
        for (cell, &k) in renumbered.iter().enumerate() {
            by_room[k] = numbers[rooms[cell]];
        }
        let (rooms, numbers) = (renumbered, by_room);
        let mut model = Model::new(width, height, constraints::range(0, 1));
        let mut members = vec![Vec::new(); count];
        for (cell, &k) in rooms.iter().enumerate() {
            members[k].push(cell);
        }
        for (cells, n) in members.into_iter().zip(&numbers) {
            if let Some(n) = *n {
                model.add(Constraint::Count {
                    cells,
                    value: SHADED,
                    count: n as usize,
                });
            }
        }
        adjacency::no_two_touching(&mut model, SHADED);
        for cells in wall_segments(width, height, &rooms) {
            model.add(Constraint::AtLeast {
                cells,
                value: SHADED,
                count: 1,
            });
        }
        Heyawake {
            width,
            height,
            rooms,
            numbers,
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

    /// Each room's number (`None`: any count).
    pub fn numbers(&self) -> &[Option<u32>] {
        &self.numbers
    }

    /// The rooms as letters, a row a line, shaded cells `#` when `shading` is given.
    pub fn drawing(&self, shading: Option<&Grid>) -> String {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        if shading.is_some_and(|g| g.at(r, c) == SHADED) {
                            '#'
                        } else {
                            region_char(self.rooms[r * self.width + c])
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The wall segments of a grid of `rooms`: along every row and column, for each two
/// consecutive borders, the cells from the one before the first border to the one after
/// the second. Any straight run crossing two borders holds one of them, so these suffice.
fn wall_segments(width: usize, height: usize, rooms: &[usize]) -> Vec<Vec<usize>> {
    let rows = (0..height).map(|r| (0..width).map(|c| r * width + c).collect::<Vec<_>>());
    let cols = (0..width).map(|c| (0..height).map(|r| r * width + c).collect::<Vec<_>>());
    let mut out = Vec::new();
    for line in rows.chain(cols) {
        // Positions k whose cell differs in room from the next one along the line.
        let borders: Vec<usize> = (0..line.len().saturating_sub(1))
            .filter(|&k| rooms[line[k]] != rooms[line[k + 1]])
            .collect();
        for pair in borders.windows(2) {
            out.push(line[pair[0]..=pair[1] + 1].to_vec());
        }
    }
    out
}

impl Puzzle for Heyawake {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::HEYAWAKE
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    /// A number larger than its room cannot be met (one larger than the cells the room
    /// can shade apart is left to the search).
    fn contradiction(&self) -> Option<String> {
        let mut size = vec![0usize; self.numbers.len()];
        for &k in &self.rooms {
            size[k] += 1;
        }
        self.numbers.iter().enumerate().find_map(|(k, n)| {
            let n = (*n)? as usize;
            (n > size[k]).then(|| {
                let i = self.rooms.iter().position(|&x| x == k).unwrap_or(0);
                format!(
                    "the room of r{}c{} has {} cell{}: it cannot hold {n} shaded cells",
                    i / self.width + 1,
                    i % self.width + 1,
                    size[k],
                    if size[k] == 1 { "" } else { "s" }
                )
            })
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

    /// The rooms, each number on its room's first cell; shaded cells black.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.regions = Some(self.rooms.clone());
        for (k, n) in self.numbers.iter().enumerate() {
            if let (Some(n), Some(i)) = (n, self.rooms.iter().position(|&x| x == k)) {
                picture.labels[i] = n.to_string();
            }
        }
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

impl constraints::OnModel for Heyawake {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::connected_cells::connected_engines!(
    Heyawake,
    UNSHADED,
    |_, _, _| {},
    constraints::connected_cells::solve_deduced_with
);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const HEYAWAKE: Kind = Kind::named("heyawake");
}

/// puzz.link `heyawake` URLs one a line, or `heyawake`, rows of room letters and the rooms'
/// numbers (`encodings/heyawake.md`).
pub const READER: crate::puzzles::Reader<Heyawake> = crate::puzzles::Reader {
    kind: Kind::HEYAWAKE,
    about: "Heyawake: shaded cells apart, the rest connected, room counts, no unshaded run across two room borders (puzz.link `heyawake/` URLs, or `heyawake`, rows of rooms and `a=2` numbers)",
    extensions: &["heyawake"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Heyawake (the pzprjs and cspuz test URLs)",
        "heyawake/puzzlink.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_segments_run_from_before_one_border_to_after_the_next() {
        // Rooms a b b c in one row: borders after cells 0 and 2, one segment 0..=3.
        assert_eq!(wall_segments(4, 1, &[0, 1, 1, 2]), vec![vec![0, 1, 2, 3]]);
        // a b c d: three borders, two segments.
        assert_eq!(
            wall_segments(4, 1, &[0, 1, 2, 3]),
            vec![vec![0, 1, 2], vec![1, 2, 3]]
        );
        // A column of a a b: one border, no segment.
        assert!(wall_segments(1, 3, &[0, 0, 1]).is_empty());
    }

    #[test]
    fn checker_and_drawing() {
        // abc   one row of three rooms, room b holding one: its cell shaded cuts the row.
        let p = Heyawake::new(3, 1, vec![0, 1, 2], vec![None, Some(1), None]);
        let cut = p.check(&Grid::new(3, vec![0, 1, 0])).unwrap_err();
        assert!(cut.message.contains("not connected"), "{cut}");
        // abc
        // abc   rooms by column, b empty: each row needs a shaded cell, r1c1 and r2c3.
        let q = Heyawake::new(3, 2, vec![0, 1, 2, 0, 1, 2], vec![None, Some(0), None]);
        let good = Grid::new(3, vec![1, 0, 0, 0, 0, 1]);
        assert_eq!(q.check(&good), Ok(()));
        assert_eq!(q.drawing(Some(&good)), "#bc\nab#");
        // The bottom row unshaded across both borders.
        let across = q.check(&Grid::new(3, vec![1, 0, 0, 0, 0, 0])).unwrap_err();
        assert!(
            across.message.contains("crosses 2 room borders"),
            "{across}"
        );
        // Shaded cells touching.
        let touch = q.check(&Grid::new(3, vec![1, 0, 0, 1, 0, 0])).unwrap_err();
        assert!(touch.message.contains("touch"), "{touch}");
        // Room b shaded against its 0.
        let count = q.check(&Grid::new(3, vec![0, 1, 0, 0, 0, 0])).unwrap_err();
        assert!(count.message.contains("not 0"), "{count}");
        assert!(
            Heyawake::new(2, 1, vec![0, 1], vec![Some(2), None])
                .contradiction()
                .is_some()
        );
        assert!(q.contradiction().is_none());
    }
}
