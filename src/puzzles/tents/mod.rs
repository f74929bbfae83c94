//! Tents (Tatham's Tents, puzz.link `tents`): place tents beside trees so that the tents
//! and the trees pair one-to-one, each tent orthogonally next to its own tree; no two tents
//! touch, not even diagonally; a row or column with a count holds that many tents.
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`; a **tree** or open ground;
//! - **count**: the tents a row or column must hold (`None`: not given, puzz.link only);
//! - **value** (the solution's [`Grid`]): 1 = a tent, 0 = none (always 0 on trees and on
//!   cells with no tree beside them).
//!
//! The rules are layer constraints on a 0/1 [`Model`]: `Count` per counted line,
//! `AtMost{window, 1, 1}` per 2×2 window (`adjacency::blocks`: touching cells share one),
//! and one `Matching` of the trees with the tents beside them (`constraints::matching`).
//! Engines: the layer's native search, sat and external on its CNF (`encodings/tents.md`).
//! No dlx: a tree's tent is one of its neighbours, but a neighbour may serve another tree.

mod check;
mod reader;

pub use reader::{parse, parse_id, parse_url};

use crate::constraints::{self, Constraint, Grid, Model, adjacency, matching};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb, Text};

/// The value of a tent.
pub const TENT: u32 = 1;

/// A Tents puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tents {
    width: usize,
    height: usize,
    trees: Vec<bool>,
    columns: Vec<Option<usize>>,
    rows: Vec<Option<usize>>,
    /// Cells given as a tent (`true`) or as no tent, as the ID marked them.
    given: Vec<(usize, bool)>,
    model: Model,
}

impl Tents {
    /// A `width × height` board: row-major `trees`, the tent counts of the `columns` (left
    /// to right) and `rows` (top to bottom), and cells `given` as a tent (`Some(true)`) or
    /// as no tent (`Some(false)`).
    pub fn new(
        width: usize,
        height: usize,
        trees: Vec<bool>,
        columns: Vec<Option<usize>>,
        rows: Vec<Option<usize>>,
        given: &[(usize, bool)],
    ) -> Tents {
        assert_eq!(trees.len(), width * height, "one cell per place");
        assert_eq!(
            (columns.len(), rows.len()),
            (width, height),
            "a count per line"
        );
        let mut model = Model::new(width, height, constraints::range(0, 1));
        let beside = |cell: usize| adjacency::orthogonal(width, height, cell);
        for cell in 0..width * height {
            if trees[cell] || !beside(cell).iter().any(|&n| trees[n]) {
                model.give(cell, 0);
            }
        }
        for &(cell, tent) in given {
            model.give(cell, u32::from(tent));
        }
        for (c, count) in columns.iter().enumerate() {
            if let Some(k) = *count {
                let cells = (0..height).map(|r| r * width + c).collect();
                model.add(Constraint::Count {
                    cells,
                    value: TENT,
                    count: k,
                });
            }
        }
        for (r, count) in rows.iter().enumerate() {
            if let Some(k) = *count {
                let cells = (0..width).map(|c| r * width + c).collect();
                model.add(Constraint::Count {
                    cells,
                    value: TENT,
                    count: k,
                });
            }
        }
        for window in adjacency::blocks(width, height) {
            let open: Vec<usize> = window
                .into_iter()
                .filter(|&c| model.domains[c] >> TENT & 1 == 1)
                .collect();
            if open.len() > 1 {
                model.add(Constraint::AtMost {
                    cells: open,
                    value: TENT,
                    count: 1,
                });
            }
        }
        let anchors = (0..width * height)
            .filter(|&c| trees[c])
            .map(|c| beside(c).into_iter().filter(|&n| !trees[n]).collect())
            .collect();
        model.add(matching::matching(anchors, TENT));
        Tents {
            width,
            height,
            trees,
            given: given.to_vec(),
            columns,
            rows,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Whether `(row, col)` holds a tree.
    pub fn tree(&self, row: usize, col: usize) -> bool {
        self.trees[row * self.width + col]
    }

    /// The tent counts of the columns (left to right) and of the rows (top to bottom).
    pub fn counts(&self) -> (&[Option<usize>], &[Option<usize>]) {
        (&self.columns, &self.rows)
    }

    /// The board in the plain text form, without its header: a row a line, `T` a tree, `.`
    /// open ground (`A` a tent of `tents`), then the row's count (`?` none); a last line of
    /// the column counts.
    pub fn drawing(&self, tents: Option<&Grid>) -> String {
        let count = |k: &Option<usize>| k.map_or("?".to_string(), |k| k.to_string());
        let mut out: Vec<String> = (0..self.height)
            .map(|r| {
                let cells: String = (0..self.width)
                    .map(|c| match self.tree(r, c) {
                        true => 'T',
                        false if tents.is_some_and(|g| g.at(r, c) == TENT) => 'A',
                        false => '.',
                    })
                    .collect();
                format!("{cells} {}", count(&self.rows[r]))
            })
            .collect();
        out.push(self.columns.iter().map(count).collect::<Vec<_>>().join(" "));
        out.join("\n")
    }
}

impl Puzzle for Tents {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::TENTS
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

    /// Trees green with `T`, tents orange with `A`, the counts outside (right and below).
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, &tree) in self.trees.iter().enumerate() {
            if tree {
                picture.fills[i] = Rgb(120, 190, 90);
                picture.labels[i] = "T".to_string();
            } else if solution.is_some_and(|s| s.values[i] == TENT) {
                picture.fills[i] = Rgb(240, 160, 60);
                picture.labels[i] = "A".to_string();
            }
        }
        for (r, k) in self.rows.iter().enumerate() {
            if let Some(k) = k {
                picture
                    .texts
                    .push(Text::new(r as i32, self.width as i32, k.to_string()));
            }
        }
        for (c, k) in self.columns.iter().enumerate() {
            if let Some(k) = k {
                picture
                    .texts
                    .push(Text::new(self.height as i32, c as i32, k.to_string()));
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

impl constraints::OnModel for Tents {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Tents);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const TENTS: Kind = Kind::named("tents");
}

/// Tatham IDs (`10x10:abbbgb_a…,4,0,…`) and puzz.link `tents` URLs one a line, or `tents`
/// and rows (`encodings/tents.md`).
pub const READER: crate::puzzles::Reader<Tents> = crate::puzzles::Reader {
    kind: Kind::TENTS,
    about: "Tents: a tent beside each tree, paired one-to-one, tents apart, counts per row and column (Tatham `WxH:` IDs, puzz.link `tents/` URLs, or `tents` and rows)",
    extensions: &["tents"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Tents 10×10, easy (Tatham's Tents)",
        "tents/tents-10x10de.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_and_drawing() {
        // T .     one tree, one tent: the tent must be beside it and counted.
        // . .
        let p = Tents::new(
            2,
            2,
            vec![true, false, false, false],
            vec![Some(0), Some(1)],
            vec![Some(1), Some(0)],
            &[],
        );
        let good = Grid::new(2, vec![0, 1, 0, 0]);
        assert_eq!(p.check(&good), Ok(()));
        assert_eq!(p.solution_text(&good), "TA 1\n.. 0\n0 1");
        assert!(p.check(&Grid::new(2, vec![0, 0, 0, 1])).is_err());
        assert!(p.check(&Grid::new(2, vec![0, 0, 1, 0])).is_err());
    }
}
