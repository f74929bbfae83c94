//! Magnets (Tatham's Magnets): a board tiled by dominoes and single blank cells; every
//! domino is either blank or a magnet with one `+` end and one `−` end; no two cells that
//! share a side hold the same sign; a row or column with a count holds that many `+`
//! (counts on the top and left) or `−` (bottom and right).
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`;
//! - **layout**: per cell the letter of Tatham's ID: `L`/`R` the left/right half of a
//!   horizontal domino, `T`/`B` the top/bottom half of a vertical one, `*` a single cell
//!   (always blank); the reader guarantees every half has its partner beside it;
//! - **count**: the `+` (or `−`) cells a row or column must hold (`None`: not given);
//! - **value** (the solution's [`Grid`]): 0 blank, 1 `+` ([`PLUS`]), 2 `−` ([`MINUS`]).
//!
//! The rules are layer constraints on a {0, 1, 2} [`Model`]: a `Table` per domino (both
//! blank, or `+−`, or `−+`), `adjacency::no_two_touching` for each sign, `Count` per given
//! count and, where a line has both, the blank cells it then holds (a redundant count that
//! propagates as Tatham's "neutral" totals do). Engines: the layer's native search, sat and
//! external on its CNF (`encodings/magnets.md`). No dlx: the sign rules are no exact cover.

mod check;
mod reader;

pub use reader::{parse, parse_id};

use crate::constraints::{self, Constraint, Grid, Model, adjacency};
use crate::puzzle::{CellStyle, Cells, CheckError, CnfEncode, Kind, NativeSolve, Puzzle};
use crate::render::{Picture, Rgb, Text};

/// The value of a blank cell.
pub const BLANK: u32 = 0;
/// The value of a `+` cell.
pub const PLUS: u32 = 1;
/// The value of a `−` cell.
pub const MINUS: u32 = 2;

/// The counts of one sign: per column (left to right) and per row (top to bottom).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Per column.
    pub columns: Vec<Option<usize>>,
    /// Per row.
    pub rows: Vec<Option<usize>>,
}

/// A Magnets puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Magnets {
    width: usize,
    height: usize,
    layout: Vec<u8>,
    plus: Counts,
    minus: Counts,
    model: Model,
}

/// The cell a layout letter at `cell` pairs with (itself for `*`).
fn partner_of(letter: u8, cell: usize, width: usize) -> usize {
    match letter {
        b'L' => cell + 1,
        b'R' => cell - 1,
        b'T' => cell + width,
        b'B' => cell - width,
        _ => cell,
    }
}

impl Magnets {
    /// A `width × height` board: the row-major `layout` letters (`L`, `R`, `T`, `B`, `*`,
    /// each half with its partner beside it), and the counts of `+` and of `−`.
    pub fn new(
        width: usize,
        height: usize,
        layout: Vec<u8>,
        plus: Counts,
        minus: Counts,
    ) -> Magnets {
        assert_eq!(layout.len(), width * height, "one letter per cell");
        for counts in [&plus, &minus] {
            assert_eq!(
                (counts.columns.len(), counts.rows.len()),
                (width, height),
                "a count per line"
            );
        }
        let mut model = Model::new(width, height, constraints::range(BLANK, MINUS));
        for (cell, &letter) in layout.iter().enumerate() {
            let other = partner_of(letter, cell, width);
            if other == cell {
                model.give(cell, BLANK);
            } else if other > cell {
                assert_eq!(partner_of(layout[other], other, width), cell, "a domino");
                model.add(Constraint::Table {
                    cells: vec![cell, other],
                    tuples: vec![vec![BLANK, BLANK], vec![PLUS, MINUS], vec![MINUS, PLUS]],
                });
            }
        }
        adjacency::no_two_touching(&mut model, PLUS);
        adjacency::no_two_touching(&mut model, MINUS);
        let lines = (0..width)
            .map(|c| {
                let cells: Vec<usize> = (0..height).map(|r| r * width + c).collect();
                (cells, plus.columns[c], minus.columns[c])
            })
            .chain((0..height).map(|r| {
                let cells: Vec<usize> = (0..width).map(|c| r * width + c).collect();
                (cells, plus.rows[r], minus.rows[r])
            }));
        for (cells, p, m) in lines {
            for (value, count) in [(PLUS, p), (MINUS, m)] {
                if let Some(count) = count {
                    model.add(Constraint::Count {
                        cells: cells.clone(),
                        value,
                        count,
                    });
                }
            }
            if let (Some(p), Some(m)) = (p, m)
                && p + m <= cells.len()
            {
                let count = cells.len() - p - m;
                model.add(Constraint::Count {
                    cells,
                    value: BLANK,
                    count,
                });
            }
        }
        Magnets {
            width,
            height,
            layout,
            plus,
            minus,
            model,
        }
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The layout letters, row-major.
    pub fn layout(&self) -> &[u8] {
        &self.layout
    }

    /// The cell that `cell` shares its domino with (itself for a single cell).
    pub fn partner(&self, cell: usize) -> usize {
        partner_of(self.layout[cell], cell, self.width)
    }

    /// The counts of `+` (top and left).
    pub fn plus(&self) -> &Counts {
        &self.plus
    }

    /// The counts of `−` (bottom and right).
    pub fn minus(&self) -> &Counts {
        &self.minus
    }

    /// The board in the plain text form, without its header: the `+` column counts after a
    /// `+`, a row a line (its `+` count, its layout letters, its `−` count), the `−` column
    /// counts after a `-`; `.` for a count not given.
    pub fn drawing(&self) -> String {
        let count = |k: &Option<usize>| k.map_or(".".to_string(), |k| k.to_string());
        let columns = |sign: &str, counts: &[Option<usize>]| {
            let mut line = sign.to_string();
            for k in counts {
                line.push(' ');
                line.push_str(&count(k));
            }
            line
        };
        let mut out = vec![columns("+", &self.plus.columns)];
        for r in 0..self.height {
            let letters = &self.layout[r * self.width..(r + 1) * self.width];
            out.push(format!(
                "{} {} {}",
                count(&self.plus.rows[r]),
                String::from_utf8_lossy(letters),
                count(&self.minus.rows[r])
            ));
        }
        out.push(columns("-", &self.minus.columns));
        out.join("\n")
    }

    /// A solution as Tatham's text form draws it: the `+` column counts above a frame, each
    /// row between its `+` count and its `−` count, the `−` column counts below; `|` and `-`
    /// between cells of different dominoes; `+`, `-`, `.` (blank) and `*` (a single cell).
    fn framed(&self, signs: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let count = |k: &Option<usize>| k.map_or(".".to_string(), |k| k.to_string());
        let wide = self
            .plus
            .columns
            .iter()
            .chain(&self.plus.rows)
            .chain(&self.minus.columns)
            .chain(&self.minus.rows)
            .map(|k| count(k).len())
            .max()
            .unwrap_or(1);
        let pad = |s: String| format!("{s:>wide$}");
        let blank = " ".repeat(wide);
        let rule = format!("{blank}+{}+", "-".repeat(w * (wide + 1) - 1));
        let mut out = vec![format!(
            "{blank} {}",
            self.plus
                .columns
                .iter()
                .map(|k| pad(count(k)))
                .collect::<Vec<_>>()
                .join(" ")
        )];
        out.push(rule.clone());
        for r in 0..h {
            let mut line = format!("{}|", pad(count(&self.plus.rows[r])));
            for c in 0..w {
                let cell = r * w + c;
                let sign = match signs.values[cell] {
                    _ if self.partner(cell) == cell => "*",
                    PLUS => "+",
                    MINUS => "-",
                    _ => ".",
                };
                line.push_str(&pad(sign.to_string()));
                if c + 1 < w {
                    line.push(if self.partner(cell) == cell + 1 {
                        ' '
                    } else {
                        '|'
                    });
                }
            }
            line.push('|');
            line.push_str(&count(&self.minus.rows[r]));
            out.push(line);
            if r + 1 < h {
                let mut line = format!("{blank}|");
                for c in 0..w {
                    let cell = r * w + c;
                    let open = self.partner(cell) == cell + w;
                    line.push_str(&(if open { " " } else { "-" }).repeat(wide));
                    if c + 1 < w {
                        line.push('+');
                    }
                }
                line.push('|');
                out.push(line);
            }
        }
        out.push(rule);
        out.push(format!(
            "{blank} {}",
            self.minus
                .columns
                .iter()
                .map(|k| pad(count(k)))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        out.join("\n")
    }
}

/// A cell's sign as text: `+`, `-`, `.` (blank).
fn sign(value: u32) -> String {
    match value {
        PLUS => "+",
        MINUS => "-",
        _ => ".",
    }
    .to_string()
}

impl Puzzle for Magnets {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::MAGNETS
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    /// A line whose `+` and `−` counts together exceed its cells (other impossible counts
    /// are found by search).
    fn contradiction(&self) -> Option<String> {
        let lines = (0..self.width)
            .map(|c| {
                (
                    "column",
                    c,
                    self.height,
                    &self.plus.columns,
                    &self.minus.columns,
                )
            })
            .chain(
                (0..self.height).map(|r| ("row", r, self.width, &self.plus.rows, &self.minus.rows)),
            );
        for (what, i, n, plus, minus) in lines {
            let (p, m) = (plus[i].unwrap_or(0), minus[i].unwrap_or(0));
            if p + m > n {
                return Some(format!(
                    "{what} {} counts {p} + and {m} − in {n} cells",
                    i + 1
                ));
            }
        }
        None
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        serde_json::json!(solution.text_with(sign).lines().collect::<Vec<_>>())
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.framed(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The dominoes outlined (each a region), single cells grey, `+` red and `−` blue cells,
    /// the `+` counts above and left, the `−` counts below and right.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        let mut regions = Vec::with_capacity(self.layout.len());
        for cell in 0..self.layout.len() {
            let other = self.partner(cell);
            regions.push(cell.min(other));
            if other == cell {
                picture.fills[cell] = Rgb::GREY;
            } else if let Some(s) = solution {
                match s.values[cell] {
                    PLUS => {
                        picture.fills[cell] = Rgb(240, 170, 160);
                        picture.labels[cell] = "+".to_string();
                    }
                    MINUS => {
                        picture.fills[cell] = Rgb(170, 195, 240);
                        picture.labels[cell] = "-".to_string();
                    }
                    _ => {}
                }
            }
        }
        picture.regions = Some(regions);
        let (w, h) = (self.width as i32, self.height as i32);
        let mut text = |row: i32, col: i32, k: &Option<usize>| {
            if let Some(k) = k {
                picture.texts.push(Text::new(row, col, k.to_string()));
            }
        };
        for (c, k) in self.plus.columns.iter().enumerate() {
            text(-1, c as i32, k);
        }
        for (r, k) in self.plus.rows.iter().enumerate() {
            text(r as i32, -1, k);
        }
        for (c, k) in self.minus.columns.iter().enumerate() {
            text(h, c as i32, k);
        }
        for (r, k) in self.minus.rows.iter().enumerate() {
            text(r as i32, w, k);
        }
        picture.texts.push(Text::new(-1, -1, "+"));
        picture.texts.push(Text::new(h, w, "-"));
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
}

impl constraints::OnModel for Magnets {
    fn model(&self) -> &Model {
        &self.model
    }

    fn solution(&self, values: Vec<u32>) -> Grid {
        Grid::new(self.width, values)
    }
}

constraints::engines!(Magnets);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const MAGNETS: Kind = Kind::named("magnets");
}

/// Tatham IDs (`6x5:.2.1.1,..2.2,.20..3,2.2..,TTLR…`) one a line, or `magnets` and rows
/// (`encodings/magnets.md`).
pub const READER: crate::puzzles::Reader<Magnets> = crate::puzzles::Reader {
    kind: Kind::MAGNETS,
    about: "Magnets: dominoes blank or + and −, like signs never side by side, + and − counts per row and column (Tatham `WxH:` IDs, or `magnets` and rows)",
    extensions: &["magnets"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Magnets 6×5, tricky (Tatham's Magnets)",
        "magnets/magnets-6x5dt.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// `T L R` / `B * *`: one vertical domino, one horizontal, two single cells.
    fn small() -> Magnets {
        Magnets::new(
            3,
            2,
            b"TLRB**".to_vec(),
            Counts {
                columns: vec![Some(1), Some(0), Some(1)],
                rows: vec![Some(1), Some(0)],
            },
            Counts {
                columns: vec![Some(1), Some(1), None],
                rows: vec![Some(1), Some(1)],
            },
        )
    }

    #[test]
    fn checker_and_drawings() {
        let p = small();
        // + - +   a vertical domino (+ over −), a horizontal one (− +), two single cells.
        // - * *
        let good = Grid::new(3, vec![PLUS, MINUS, PLUS, MINUS, BLANK, BLANK]);
        assert!(p.check(&good).is_err(), "row 1 has two +");
        let q = Magnets::new(
            3,
            2,
            b"TLRB**".to_vec(),
            Counts {
                columns: vec![Some(1), Some(0), Some(1)],
                rows: vec![Some(2), Some(0)],
            },
            Counts {
                columns: vec![Some(1), Some(1), None],
                rows: vec![Some(1), Some(1)],
            },
        );
        assert_eq!(q.check(&good), Ok(()));
        assert_eq!(
            q.solution_text(&good),
            "  1 0 1\n +-----+\n2|+|- +|1\n | +-+-|\n0|-|*|*|1\n +-----+\n  1 1 ."
        );
        assert_eq!(q.drawing(), "+ 1 0 1\n2 TLR 1\n0 B** 1\n- 1 1 .");
        // The domino's ends must differ, and like signs may not touch.
        assert!(
            q.check(&Grid::new(3, vec![PLUS, MINUS, MINUS, PLUS, 0, 0]))
                .is_err()
        );
        assert!(p.contradiction().is_none());
    }
}
