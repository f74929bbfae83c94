//! Nonograms (paint by numbers), black-and-white and multicolour: model, checker, output,
//! and the `Puzzle` impl.
//!
//! Glossary:
//! - **palette**: the background (index 0, printed `.`) and the colours `1..` a clue may
//!   use, each with a character, a name and an `#rrggbb` value. Black-and-white puzzles
//!   have one colour, black (`#`).
//! - **grid**: `height` rows × `width` columns of cells, each holding a palette index.
//! - **line**: a row or a column. Lines are numbered rows first (`0..height`), then columns
//!   (`height..height + width`); users see them as `R1..` and `C1..` (1-based).
//! - **block**: a maximal run of cells of one colour; a **clue** lists the line's blocks
//!   ([`Block`]: length and colour) from the left (rows) or the top (columns). Two blocks of
//!   the same colour need at least one background cell between them; blocks of different
//!   colours may touch. An empty clue is an all-background line.
//! - **pattern**: one arrangement of a line's blocks.
//! - **givens**: cells fixed by the puzzle itself (the GCHQ 2015 card has 22 black ones).
//! - **goal**: the intended picture, when the file carries one.
//!
//! Backends: [`native`] (a bit-parallel line solver to a fixpoint, probing, then search),
//! [`cnf`] (a per-line automaton over the palette, `encodings/nonogram.md`), [`cover`]
//! (exact cover with colours: one option per pattern). The checker [`Nonogram::verify`]
//! shares no code with any of them.
//!
//! Layout by layer: the model here, readers in [`formats`], the line solver every engine
//! shares in [`line`](mod@line), the depth-first engine in `dfs/`, the learning engine in [`learn`],
//! the two stages in [`native`], CNF in [`cnf`] and [`presolve`], exact cover in
//! [`cover`]. Design notes and measurements: `docs/nonogram.md`.

pub mod cnf;
pub mod cover;
mod dfs;
pub mod explain;
mod explained;
pub mod formats;
pub mod generate;
pub mod learn;
pub mod line;
pub mod native;
pub mod presolve;
mod split;

use std::fmt::Write as _;

use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CnfEncoding, CoverEncode, CoverEncoding,
    EncodeOptions, Engine, Kind, Limits, NativeAnswer, NativeSolve, Preference, Purpose, Puzzle,
    Sink, SolveError,
};
use crate::render::{Picture, Rgb, Text};

pub use formats::{parse, parse_all, parse_g, parse_non, parse_xml};

/// Most colours a palette may hold besides the background (the native engine keeps the
/// colours a cell may still take in one `u64`).
pub const MAX_COLOURS: usize = 63;

/// One palette entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colour {
    /// The character that prints it (and, in `.non` and `.g` files, names it in clues).
    pub ch: char,
    /// The colour's name in the file (`black`, `red`…), kept for XML export.
    pub name: String,
    /// How it is drawn.
    pub rgb: Rgb,
}

/// The background (index 0) and the colours clues use (`1..`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    colours: Vec<Colour>,
}

/// Characters for colours that have none of their own (after `#`, the first).
const SPARE_CHARS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%&*+=";

crate::puzzle::message_error!(
    /// Why [`Palette::new`] refused its colours.
    PaletteError
);

impl Palette {
    /// White background, black ink: `.` and `#`.
    pub fn black_and_white() -> Palette {
        Palette {
            colours: vec![
                Colour {
                    ch: '.',
                    name: "white".into(),
                    rgb: Rgb::WHITE,
                },
                Colour {
                    ch: '#',
                    name: "black".into(),
                    rgb: Rgb::BLACK,
                },
            ],
        }
    }

    /// A palette from its entries, background first. Output characters are made unique:
    /// the background always prints `.`, and a colour whose character is taken (or is `.`)
    /// gets a spare one. `Err` when there are more than [`MAX_COLOURS`] colours.
    pub fn new(mut colours: Vec<Colour>) -> Result<Palette, PaletteError> {
        if colours.is_empty() {
            return Err(PaletteError::from("a palette needs a background"));
        }
        if colours.len() > MAX_COLOURS + 1 {
            return Err(PaletteError::from(format!(
                "{} colours besides the background; at most {MAX_COLOURS} are supported",
                colours.len() - 1
            )));
        }
        colours[0].ch = '.';
        for i in 1..colours.len() {
            let taken = |c: char, colours: &[Colour]| colours[..i].iter().any(|x| x.ch == c);
            if taken(colours[i].ch, &colours) || colours[i].ch.is_whitespace() {
                let spare = SPARE_CHARS
                    .chars()
                    .find(|&c| !taken(c, &colours))
                    .unwrap_or('?');
                colours[i].ch = spare;
            }
        }
        Ok(Palette { colours })
    }

    /// A palette of `n` colours with default names and values, for generated pictures.
    pub fn with_colours(n: usize) -> Palette {
        if n <= 1 {
            return Palette::black_and_white();
        }
        let mut colours = Palette::black_and_white().colours;
        // Well-separated hues, then greys.
        const RGB: [(u8, u8, u8); 8] = [
            (220, 30, 30),
            (30, 160, 30),
            (40, 60, 230),
            (240, 200, 0),
            (160, 40, 200),
            (0, 180, 200),
            (240, 120, 0),
            (120, 70, 20),
        ];
        for k in 2..=n.min(MAX_COLOURS) {
            let (r, g, b) = RGB.get(k - 2).copied().unwrap_or_else(|| {
                let v = (k * 37 % 200) as u8 + 20;
                (v, v, v)
            });
            colours.push(Colour {
                ch: 'a',
                name: format!("colour{k}"),
                rgb: Rgb(r, g, b),
            });
        }
        Palette::new(colours).unwrap_or_else(|_| Palette::black_and_white())
    }

    /// Number of entries, background included.
    pub fn len(&self) -> usize {
        self.colours.len()
    }

    /// Whether the palette has no colour besides the background.
    pub fn is_empty(&self) -> bool {
        self.colours.len() <= 1
    }

    /// Entry `index` (0 is the background), if the palette has it.
    pub fn get(&self, index: u8) -> Option<&Colour> {
        self.colours.get(usize::from(index))
    }

    /// Every entry, the background first.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// The palette index printed as `ch`.
    pub fn index_of_char(&self, ch: char) -> Option<u8> {
        self.colours
            .iter()
            .position(|c| c.ch == ch)
            .map(|i| i as u8)
    }

    fn char_of(&self, index: u8) -> char {
        self.get(index).map_or('?', |c| c.ch)
    }

    /// `{"#": {"name": "black", "rgb": "#000000"}, ...}`, background included.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for c in &self.colours {
            map.insert(
                c.ch.to_string(),
                serde_json::json!({"name": c.name, "rgb": c.rgb.hex()}),
            );
        }
        serde_json::Value::Object(map)
    }
}

/// One block of a clue: `len` cells of palette colour `colour` (≥ 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Cells in the block, at least 1.
    pub len: usize,
    /// Palette index of the block's colour (1 is black in a black-and-white puzzle).
    pub colour: u8,
}

impl Block {
    /// A black block (colour 1).
    pub fn black(len: usize) -> Block {
        Block { len, colour: 1 }
    }
}

/// The block lengths of a clue.
pub fn lengths(clue: &[Block]) -> Vec<usize> {
    clue.iter().map(|b| b.len).collect()
}

/// Cells a clue needs at least: its blocks, and one gap between two of the same colour.
pub fn min_length(clue: &[Block]) -> usize {
    // One pass: the line solver asks this on every long line it solves.
    let mut least = 0;
    let mut previous = None;
    for block in clue {
        least += block.len + usize::from(previous == Some(block.colour));
        previous = Some(block.colour);
    }
    least
}

/// A solved (or goal) picture: `cells[row * width + col]` is a palette index (0 background).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Palette index of each cell, row after row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// An all-background grid.
    pub fn new(width: usize, height: usize) -> Grid {
        Grid {
            width,
            height,
            cells: vec![0; width * height],
        }
    }

    /// Whether cell (row, col) is filled (any colour but the background).
    pub fn get(&self, row: usize, col: usize) -> bool {
        self.cells[row * self.width + col] != 0
    }

    /// Palette index of cell (row, col).
    pub fn colour(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.width + col]
    }

    /// Black (colour 1) or background.
    pub fn set(&mut self, row: usize, col: usize, black: bool) {
        self.cells[row * self.width + col] = u8::from(black);
    }

    /// Paint cell (row, col) with palette index `colour`.
    pub fn set_colour(&mut self, row: usize, col: usize, colour: u8) {
        self.cells[row * self.width + col] = colour;
    }

    /// Parses rows of `#` (black) and `.` (white); for tests and fixtures.
    pub fn from_rows(rows: &[&str]) -> Option<Grid> {
        Grid::from_rows_in(&Palette::black_and_white(), rows)
    }

    /// Parses rows of the palette's characters.
    pub fn from_rows_in(palette: &Palette, rows: &[&str]) -> Option<Grid> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut cells = Vec::with_capacity(width * height);
        for row in rows {
            if row.chars().count() != width {
                return None;
            }
            for ch in row.chars() {
                cells.push(palette.index_of_char(ch)?);
            }
        }
        Some(Grid {
            width,
            height,
            cells,
        })
    }

    /// The rows as strings of `#` and `.` (colours after black print as `a`, `b`, ...; the
    /// puzzle's own characters come from [`Nonogram::row_strings`]).
    pub fn row_strings(&self) -> Vec<String> {
        self.rows_in(&Palette::with_colours(
            usize::from(self.cells.iter().copied().max().unwrap_or(0)).max(1),
        ))
    }

    fn rows_in(&self, palette: &Palette) -> Vec<String> {
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| palette.char_of(self.colour(r, c)))
                    .collect()
            })
            .collect()
    }

    /// The runs of one line, given by its cells in order.
    fn runs(cells: impl Iterator<Item = u8>) -> Vec<Block> {
        let mut out: Vec<Block> = Vec::new();
        let mut previous = 0;
        for colour in cells {
            if colour != 0 {
                match out.last_mut() {
                    Some(last) if previous == colour => last.len += 1,
                    _ => out.push(Block { len: 1, colour }),
                }
            }
            previous = colour;
        }
        out
    }
}

/// A nonogram, black-and-white or in colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    width: usize,
    height: usize,
    palette: Palette,
    rows: Vec<Vec<Block>>,
    columns: Vec<Vec<Block>>,
    /// Row-major; `None` when the puzzle gives nothing about the cell.
    givens: Vec<Option<u8>>,
    goal: Option<Grid>,
    title: Option<String>,
    author: Option<String>,
    catalogue: Option<String>,
    copyright: Option<String>,
    license: Option<String>,
}

/// Metadata a file may carry (all optional).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// The puzzle's name.
    pub title: Option<String>,
    /// Who made it.
    pub author: Option<String>,
    /// An identifier in a collection (the webpbn number…).
    pub catalogue: Option<String>,
    /// The copyright line, as written.
    pub copyright: Option<String>,
    /// The licence, as written.
    pub license: Option<String>,
}

impl Nonogram {
    /// A black-and-white puzzle from its clues (row clues top to bottom, column clues left
    /// to right). Zeros in a clue are dropped (`0` is how many files write an empty line).
    pub fn new(rows: Vec<Vec<usize>>, columns: Vec<Vec<usize>>) -> Nonogram {
        let black = |lines: Vec<Vec<usize>>| -> Vec<Vec<Block>> {
            lines
                .into_iter()
                .map(|l| l.into_iter().map(Block::black).collect())
                .collect()
        };
        Nonogram::with_palette(Palette::black_and_white(), black(rows), black(columns))
    }

    /// A puzzle in the colours of `palette`. Blocks of length 0 are dropped; every block's
    /// colour must be an index `1..palette.len()` (the readers check this with positions).
    pub fn with_palette(
        palette: Palette,
        rows: Vec<Vec<Block>>,
        columns: Vec<Vec<Block>>,
    ) -> Nonogram {
        let clean = |lines: Vec<Vec<Block>>| -> Vec<Vec<Block>> {
            lines
                .into_iter()
                .map(|l| l.into_iter().filter(|b| b.len > 0).collect())
                .collect()
        };
        let (height, width) = (rows.len(), columns.len());
        let rows = clean(rows);
        let columns = clean(columns);
        debug_assert!(
            rows.iter()
                .chain(&columns)
                .flatten()
                .all(|b| b.colour >= 1 && usize::from(b.colour) < palette.len())
        );
        Nonogram {
            width,
            height,
            palette,
            rows,
            columns,
            givens: vec![None; width * height],
            goal: None,
            title: None,
            author: None,
            catalogue: None,
            copyright: None,
            license: None,
        }
    }

    /// The puzzle whose clues are read off a picture (every grid is the solution of its own
    /// clues; used by property tests). The palette has as many colours as the grid uses.
    pub fn from_grid(grid: &Grid) -> Nonogram {
        let colours = usize::from(grid.cells.iter().copied().max().unwrap_or(0)).max(1);
        Nonogram::from_grid_in(Palette::with_colours(colours), grid)
    }

    /// [`Nonogram::from_grid`] with a given palette (it must hold every colour of the grid).
    pub fn from_grid_in(palette: Palette, grid: &Grid) -> Nonogram {
        let rows = (0..grid.height)
            .map(|r| Grid::runs((0..grid.width).map(|c| grid.colour(r, c))))
            .collect();
        let columns = (0..grid.width)
            .map(|c| Grid::runs((0..grid.height).map(|r| grid.colour(r, c))))
            .collect();
        Nonogram::with_palette(palette, rows, columns)
    }

    /// Sets black-and-white givens (row-major, `width * height` of them).
    pub fn with_givens(self, givens: Vec<Option<bool>>) -> Nonogram {
        let colours = givens.into_iter().map(|g| g.map(u8::from)).collect();
        self.with_colour_givens(colours)
    }

    /// Sets givens as palette indices (row-major, `width * height` of them).
    pub fn with_colour_givens(mut self, givens: Vec<Option<u8>>) -> Nonogram {
        debug_assert_eq!(givens.len(), self.width * self.height);
        if givens.len() == self.width * self.height {
            self.givens = givens;
        }
        self
    }

    /// The same puzzle with its intended picture, ignored unless its size matches.
    pub fn with_goal(mut self, goal: Option<Grid>) -> Nonogram {
        self.goal = goal.filter(|g| g.width == self.width && g.height == self.height);
        self
    }

    /// The same puzzle with this title, author, catalogue entry, copyright and licence.
    pub fn with_metadata(mut self, meta: Metadata) -> Nonogram {
        self.title = meta.title;
        self.author = meta.author;
        self.catalogue = meta.catalogue;
        self.copyright = meta.copyright;
        self.license = meta.license;
        self
    }

    /// The same puzzle with no given cells.
    pub fn without_givens(&self) -> Nonogram {
        let mut copy = self.clone();
        copy.givens = vec![None; self.width * self.height];
        copy
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }
    /// The colours clues and solutions use.
    pub fn palette(&self) -> &Palette {
        &self.palette
    }
    /// Number of colours besides the background (1 for black-and-white).
    pub fn num_colours(&self) -> usize {
        self.palette.len() - 1
    }
    /// Whether the only colour besides the background is black.
    pub fn is_black_and_white(&self) -> bool {
        self.palette.len() == 2
    }
    /// Clue of each row, top to bottom; an empty clue is an empty row.
    pub fn row_clues(&self) -> &[Vec<Block>] {
        &self.rows
    }
    /// Clue of each column, left to right.
    pub fn column_clues(&self) -> &[Vec<Block>] {
        &self.columns
    }
    /// Cells fixed by the file, row after row (`None`: free), as palette indices.
    pub fn givens(&self) -> &[Option<u8>] {
        &self.givens
    }
    /// Number of fixed cells.
    pub fn num_givens(&self) -> usize {
        self.givens.iter().filter(|g| g.is_some()).count()
    }
    /// The intended picture, when the file gives one (not used to solve).
    pub fn goal(&self) -> Option<&Grid> {
        self.goal.as_ref()
    }
    /// The puzzle's name, when the file gives one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }
    /// Title, author and the rest, as read.
    pub fn metadata(&self) -> Metadata {
        Metadata {
            title: self.title.clone(),
            author: self.author.clone(),
            catalogue: self.catalogue.clone(),
            copyright: self.copyright.clone(),
            license: self.license.clone(),
        }
    }

    /// The rows of `grid` in the palette's characters (`.` for the background).
    pub fn row_strings(&self, grid: &Grid) -> Vec<String> {
        grid.rows_in(&self.palette)
    }

    /// Number of lines (rows then columns).
    pub(crate) fn num_lines(&self) -> usize {
        self.height + self.width
    }

    /// The clue of line `l` (rows first, then columns).
    pub(crate) fn clue(&self, l: usize) -> &[Block] {
        if l < self.height {
            &self.rows[l]
        } else {
            &self.columns[l - self.height]
        }
    }

    /// Length of line `l`.
    pub(crate) fn line_len(&self, l: usize) -> usize {
        if l < self.height {
            self.width
        } else {
            self.height
        }
    }

    /// Grid index of position `i` along line `l`.
    pub(crate) fn cell_of(&self, l: usize, i: usize) -> usize {
        if l < self.height {
            l * self.width + i
        } else {
            i * self.width + (l - self.height)
        }
    }

    /// `R5` / `C12`: how users see line `l` (1-based).
    pub fn line_name(&self, l: usize) -> String {
        if l < self.height {
            format!("R{}", l + 1)
        } else {
            format!("C{}", l - self.height + 1)
        }
    }

    /// A clue as users write it: `3,1` in black-and-white, `3a,1b` in colour. A clue of
    /// more than 16 blocks shows its first 16 and the number of blocks, so that a message
    /// stays one readable line whatever the file holds.
    pub fn clue_text(&self, clue: &[Block]) -> String {
        const SHOWN: usize = 16;
        let mut parts: Vec<String> = clue
            .iter()
            .take(SHOWN)
            .map(|b| {
                if self.is_black_and_white() {
                    b.len.to_string()
                } else {
                    format!("{}{}", b.len, self.palette.char_of(b.colour))
                }
            })
            .collect();
        if clue.len() > SHOWN {
            parts.push(format!("… ({} blocks)", clue.len()));
        }
        format!("[{}]", parts.join(","))
    }

    /// The independent checker: every line's runs (length and colour) equal its clue, every
    /// given holds. It recomputes runs from scratch and shares nothing with the solvers.
    pub fn verify(&self, grid: &Grid) -> Result<(), CheckError> {
        if grid.width != self.width || grid.height != self.height {
            return Err(CheckError::from(format!(
                "grid is {}x{}, puzzle is {}x{}",
                grid.width, grid.height, self.width, self.height
            )));
        }
        if grid.cells.len() != self.width * self.height {
            return Err(CheckError::from("grid has the wrong number of cells"));
        }
        if let Some(i) = grid
            .cells
            .iter()
            .position(|&c| usize::from(c) >= self.palette.len())
        {
            return Err(CheckError::from(format!(
                "cell at row {}, column {} has colour {}, the palette has {}",
                i / self.width + 1,
                i % self.width + 1,
                grid.cells[i],
                self.palette.len()
            )));
        }
        // Maximal runs of equal non-background cells, as (length, colour).
        let runs = |cells: Vec<u8>| -> Vec<(usize, u8)> {
            cells
                .chunk_by(|a, b| a == b)
                .filter(|run| run[0] != 0)
                .map(|run| (run.len(), run[0]))
                .collect()
        };
        let want = |clue: &[Block]| -> Vec<(usize, u8)> {
            clue.iter().map(|b| (b.len, b.colour)).collect()
        };
        for r in 0..self.height {
            let got = runs((0..self.width).map(|c| grid.colour(r, c)).collect());
            if got != want(&self.rows[r]) {
                return Err(CheckError::from(format!(
                    "row {} has blocks {:?}, clue is {:?} (length, colour)",
                    r + 1,
                    got,
                    want(&self.rows[r])
                )));
            }
        }
        for c in 0..self.width {
            let got = runs((0..self.height).map(|r| grid.colour(r, c)).collect());
            if got != want(&self.columns[c]) {
                return Err(CheckError::from(format!(
                    "column {} has blocks {:?}, clue is {:?} (length, colour)",
                    c + 1,
                    got,
                    want(&self.columns[c])
                )));
            }
        }
        for (i, given) in self.givens.iter().enumerate() {
            if let Some(colour) = *given
                && grid.cells[i] != colour
            {
                return Err(CheckError::from(format!(
                    "given cell at row {}, column {} must be {}",
                    i / self.width + 1,
                    i % self.width + 1,
                    self.palette.get(colour).map_or("?", |c| c.name.as_str())
                )));
            }
        }
        Ok(())
    }

    /// Why the clues cannot fit, found without search: a line needing more cells than it
    /// has, or rows and columns that disagree on how many cells of a colour there are.
    pub fn impossibility(&self) -> Option<String> {
        for l in 0..self.num_lines() {
            let clue = self.clue(l);
            let need = min_length(clue);
            if need > self.line_len(l) {
                return Some(format!(
                    "line {} needs {} cells for clue {} but has {}",
                    self.line_name(l),
                    need,
                    self.clue_text(clue),
                    self.line_len(l)
                ));
            }
        }
        for colour in 1..self.palette.len() {
            let total = |lines: &[Vec<Block>]| -> usize {
                lines
                    .iter()
                    .flatten()
                    .filter(|b| usize::from(b.colour) == colour)
                    .map(|b| b.len)
                    .sum()
            };
            let (row_total, column_total) = (total(&self.rows), total(&self.columns));
            if row_total != column_total {
                let name = &self.palette.colours[colour].name;
                return Some(format!(
                    "row clues total {row_total} {name} cells, column clues total {column_total}"
                ));
            }
        }
        if let Some(i) = self
            .givens
            .iter()
            .position(|g| g.is_some_and(|c| usize::from(c) >= self.palette.len()))
        {
            return Some(format!(
                "given cell at row {}, column {} has a colour outside the palette",
                i / self.width + 1,
                i % self.width + 1
            ));
        }
        None
    }
}

/// The grid with the cells where `a` and `b` differ marked `?`, then their coordinates
/// (1-based row, column). Other cells print as in [`Grid::row_strings`].
pub fn describe_differences(a: &Grid, b: &Grid) -> String {
    let colours = a.cells.iter().chain(&b.cells).copied().max().unwrap_or(0);
    describe_differences_in(&Palette::with_colours(usize::from(colours).max(1)), a, b)
}

fn describe_differences_in(palette: &Palette, a: &Grid, b: &Grid) -> String {
    let mut out = String::new();
    let mut diff = Vec::new();
    for r in 0..a.height {
        for c in 0..a.width {
            let (x, y) = (a.colour(r, c), b.colour(r, c));
            out.push(if x != y {
                diff.push((r + 1, c + 1));
                '?'
            } else {
                palette.char_of(x)
            });
        }
        out.push('\n');
    }
    let _ = write!(out, "{} cells differ:", diff.len());
    for (r, c) in diff {
        let _ = write!(out, " (r{r},c{c})");
    }
    out
}

impl Puzzle for Nonogram {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::NONOGRAM
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        self.verify(solution)
    }

    fn contradiction(&self) -> Option<String> {
        self.impossibility()
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    fn as_explain(&self) -> Option<&dyn crate::puzzle::Explain> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Grid>> {
        Some(self)
    }

    fn as_split(&self) -> Option<&dyn crate::puzzle::Split<Nonogram>> {
        Some(self)
    }

    /// A few solutions: SAT on the residue of line logic and probing, native beside it;
    /// many: native first. No DLX: a line's patterns can number billions.
    fn preference(&self) -> Preference {
        use Engine::{External, Native, Sat};
        Preference {
            few: vec![Sat, Native, External],
            many: vec![Native, Sat, External],
            presolve: true,
        }
    }

    /// Native enumeration long before the SAT backbone: native proves in milliseconds what
    /// takes SAT seconds (a unique 50×50 picture: native 0.02 s, SAT backbone 2.7 s).
    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Shades { background: "." },
            enumeration_budget: std::time::Duration::from_secs(2),
            ..Cells::default()
        }
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        serde_json::Value::from(self.row_strings(solution))
    }

    fn json_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("palette", self.palette.to_json())]
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.row_strings(solution).join("\n")
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        describe_differences_in(&self.palette, a, b)
    }

    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        picture.grid_lines = solution.is_none() || self.width * self.height <= 40 * 40;
        let rgb = |colour: u8| self.palette.get(colour).map_or(Rgb::GREY, |c| c.rgb);
        for i in 0..self.width * self.height {
            picture.fills[i] = match (solution, self.givens[i]) {
                (Some(grid), _) => rgb(grid.cells[i]),
                // Unsolved: givens shown; black-and-white ones in greys, so that they do not
                // look solved; colour ones in their colour.
                (None, Some(1)) if self.is_black_and_white() => Rgb(80, 80, 80),
                (None, Some(0)) => Rgb::GREY,
                (None, Some(colour)) => rgb(colour),
                (None, None) => Rgb::WHITE,
            };
            if self.givens[i].is_some() {
                picture.labels[i] = "*".into();
            }
        }
        // Clues in the margins: each row's blocks right-aligned to its left, each column's
        // bottom-aligned above it; an empty line's clue is `0`. Colour blocks sit on a chip
        // of their colour (the ink contrasts with it).
        let colour = !self.is_black_and_white();
        let text = |row: i32, col: i32, block: Option<&Block>| match block {
            Some(b) if colour => Text::new(row, col, b.len.to_string()).on(rgb(b.colour)),
            Some(b) => Text::new(row, col, b.len.to_string()),
            None => Text::new(row, col, "0"),
        };
        for (r, clue) in self.rows.iter().enumerate() {
            let n = clue.len() as i32;
            if clue.is_empty() {
                picture.texts.push(text(r as i32, -1, None));
            }
            for (k, block) in clue.iter().enumerate() {
                picture
                    .texts
                    .push(text(r as i32, k as i32 - n, Some(block)));
            }
        }
        for (c, clue) in self.columns.iter().enumerate() {
            let n = clue.len() as i32;
            if clue.is_empty() {
                picture.texts.push(text(-1, c as i32, None));
            }
            for (k, block) in clue.iter().enumerate() {
                picture
                    .texts
                    .push(text(k as i32 - n, c as i32, Some(block)));
            }
        }
        picture
    }
}

impl NativeSolve<Grid> for Nonogram {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Grid>,
    ) -> Result<NativeAnswer, SolveError> {
        if let Some(reason) = native::refusal(self) {
            return Err(SolveError::TooLarge(reason));
        }
        let answer = native::solve(self, limits);
        for solution in answer.solutions {
            if found(solution).is_break() {
                break;
            }
        }
        Ok(NativeAnswer {
            count: answer.count,
            complete: answer.complete,
            nodes: answer.nodes,
            guesses: answer.guesses,
            conflicts: answer.conflicts,
        })
    }
}

impl CnfEncode<Grid> for Nonogram {
    /// The same formula for solving and export, under the user's choices.
    fn encode_cnf(
        &self,
        options: &EncodeOptions,
        _purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Grid>, SolveError> {
        cnf::encode_for(self, options)
    }

    fn encodings(&self) -> &'static [&'static str] {
        &["order", "automaton"]
    }

    fn presolves(&self) -> bool {
        true
    }
}

impl CoverEncode<Grid> for Nonogram {
    fn encode_cover(&self, _purpose: Purpose) -> Result<CoverEncoding<'_, Grid>, SolveError> {
        cover::encode(self, cover::PATTERN_LIMIT)
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const NONOGRAM: Kind = Kind::named("nonogram");
}

/// Nonogram files: `.non`, Olšák's `.g`, the XML formats; a file may hold several.
pub const READER: crate::puzzles::Reader<Nonogram> = crate::puzzles::Reader {
    kind: Kind::NONOGRAM,
    about: "A nonogram (black and white or coloured) in the `.non`, `.g` or XML format",
    extensions: &["non", "nonpack", "g", "xml", "pbn"],
    looks_like: |lines| {
        let word = |w| crate::puzzles::some_line_starts_with_word(lines, w);
        lines
            .iter()
            .any(|l| l.starts_with("<?xml") || l.starts_with("<puzzleset"))
            || word("width") && word("height")
            || word("rows") && word("columns")
    },
    read: |source, text| match parse_all(source, text) {
        Ok(puzzles) if puzzles.len() == 1 => {
            crate::puzzles::whole(Ok(puzzles.into_iter().next().expect("one puzzle")))
        }
        Ok(puzzles) => puzzles
            .into_iter()
            .enumerate()
            .map(|(i, p)| (crate::puzzles::Place::Nth(i + 1), Ok(p)))
            .collect(),
        Err(error) => vec![(crate::puzzles::Place::Whole, Err(error))],
    },
    generator: Some(&generate::NonogramGenerator),
    examples: &[
        crate::puzzles::example!("Nonogram: dancer", "nonogram/dancer.non"),
        crate::puzzles::example!("Nonogram: GCHQ 2015", "nonogram/gchq-2015.non"),
        crate::puzzles::example!(
            "Nonogram in colour: many onions (Olšák .g)",
            "nonogram/onions-220.g"
        ),
        crate::puzzles::example!("Nonogram with two solutions", "nonogram/two-solutions.non"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> (Nonogram, Grid) {
        let grid = Grid::from_rows(&["#.#", "###", ".#."]).expect("grid");
        (Nonogram::from_grid(&grid), grid)
    }

    #[test]
    fn clues_from_grid_and_checker_accepts_it() {
        let (puzzle, grid) = tiny();
        let rows: Vec<Vec<usize>> = puzzle.row_clues().iter().map(|c| lengths(c)).collect();
        let columns: Vec<Vec<usize>> = puzzle.column_clues().iter().map(|c| lengths(c)).collect();
        assert_eq!(rows, vec![vec![1, 1], vec![3], vec![1]]);
        assert_eq!(columns, vec![vec![2], vec![2], vec![2]]);
        assert_eq!(puzzle.verify(&grid), Ok(()));
    }

    #[test]
    fn checker_rejects_wrong_runs_and_broken_givens() {
        let (puzzle, grid) = tiny();
        let mut bad = grid.clone();
        bad.set(0, 1, true);
        assert!(puzzle.verify(&bad).unwrap_err().message.contains("row 1"));
        let mut givens = vec![None; 9];
        givens[0] = Some(false);
        let with = puzzle.with_givens(givens);
        assert!(
            with.verify(&grid)
                .unwrap_err()
                .message
                .contains("given cell at row 1, column 1")
        );
    }

    #[test]
    fn impossibility_reasons() {
        let columns = vec![vec![1], vec![1], vec![], vec![1], vec![1]];
        let long = Nonogram::new(vec![vec![2, 2]], columns);
        assert!(long.impossibility().is_none());
        let too_long = Nonogram::new(vec![vec![2, 2]], vec![vec![1]; 3]);
        assert!(
            too_long
                .impossibility()
                .unwrap()
                .contains("R1 needs 5 cells")
        );
        let totals = Nonogram::new(vec![vec![1], vec![1]], vec![vec![1], vec![]]);
        assert!(totals.impossibility().unwrap().contains("total"));
    }

    /// Colour: equal neighbours need a gap, different ones do not; the checker reads
    /// colours; contradictions name the colour.
    #[test]
    fn colour_clues_checker_and_contradictions() {
        let palette = Palette::with_colours(2);
        let grid = Grid::from_rows_in(&palette, &["#a.", "aa#"]).expect("grid");
        let puzzle = Nonogram::from_grid_in(palette.clone(), &grid);
        let b = |len, colour| Block { len, colour };
        assert_eq!(puzzle.row_clues()[0], vec![b(1, 1), b(1, 2)]);
        assert_eq!(puzzle.row_clues()[1], vec![b(2, 2), b(1, 1)]);
        assert_eq!(puzzle.column_clues()[1], vec![b(2, 2)]);
        assert_eq!(puzzle.verify(&grid), Ok(()));
        assert_eq!(puzzle.row_strings(&grid), vec!["#a.", "aa#"]);
        assert!(puzzle.impossibility().is_none());
        // Same shape, one cell in the wrong colour.
        let mut wrong = grid.clone();
        wrong.set_colour(0, 1, 1);
        assert!(puzzle.verify(&wrong).unwrap_err().message.contains("row 1"));
        // Colour 3 is outside a 3-entry palette.
        wrong.set_colour(0, 1, 3);
        assert!(
            puzzle
                .verify(&wrong)
                .unwrap_err()
                .message
                .contains("palette")
        );

        // [1a,1a] needs 3 cells, [1#,1a] only 2.
        assert_eq!(min_length(&[b(1, 2), b(1, 2)]), 3);
        assert_eq!(min_length(&[b(1, 1), b(1, 2)]), 2);
        let cramped = Nonogram::with_palette(
            palette.clone(),
            vec![vec![b(1, 2), b(1, 2)]],
            vec![vec![b(1, 2)], vec![b(1, 2)]],
        );
        assert!(
            cramped
                .impossibility()
                .unwrap()
                .contains("R1 needs 3 cells for clue [1a,1a]"),
            "{:?}",
            cramped.impossibility()
        );
        // Rows hold one cell of each colour, columns two of colour a.
        let totals = Nonogram::with_palette(
            palette,
            vec![vec![b(1, 1), b(1, 2)], vec![]],
            vec![vec![b(1, 2)], vec![b(1, 2)]],
        );
        let reason = totals.impossibility().unwrap();
        assert!(
            reason.contains("1 black cells, column clues total 0"),
            "{reason}"
        );
    }

    #[test]
    fn palette_characters_are_unique_and_background_is_dot() {
        let colour = |ch: char| Colour {
            ch,
            name: ch.to_string(),
            rgb: Rgb::BLACK,
        };
        let palette = Palette::new(vec![colour('w'), colour('.'), colour('a'), colour('a')])
            .expect("palette");
        let chars: Vec<char> = palette.colours().iter().map(|c| c.ch).collect();
        assert_eq!(chars, vec!['.', 'a', 'b', 'c']);
        let too_many = vec![colour('x'); MAX_COLOURS + 2];
        assert!(Palette::new(too_many).is_err());
        assert_eq!(Palette::with_colours(32).len(), 33);
    }

    #[test]
    fn differences_mark_cells() {
        let a = Grid::from_rows(&["#.", ".#"]).expect("a");
        let b = Grid::from_rows(&[".#", "#."]).expect("b");
        let text = describe_differences(&a, &b);
        assert_eq!(
            text,
            "??\n??\n4 cells differ: (r1,c1) (r1,c2) (r2,c1) (r2,c2)"
        );
    }
}
