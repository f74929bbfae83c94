//! Sudoku of every size n×n with n = b², box side b from 2 to 6 (4×4 to 36×36).
//!
//! Glossary (after Norvig's essay, the seed):
//! - **b**, **n**: the box side and the grid side, n = b².
//! - **row**, **col**: 0-based indices 0..n; printed 1-based (`r3c5`).
//! - **digit**: 1..=n; 0 in a grid means an empty cell.
//! - **cell**: one square, indexed row-major `row * n + col`.
//! - **box**: one of the n b×b blocks, indexed row-major: `(row / b) * b + col / b`.
//! - **unit**: a row, a column or a box — n cells that hold each digit once.
//! - **peers**: the cells sharing a unit with a cell (20 at 9×9).
//! - **given**: a digit printed in the puzzle; a solution must keep every given.
//!
//! Inputs (see [`parse`]): a collection, one puzzle per line (16 or 81 characters, as the
//! tdoku datasets are, or a puzz.link `sudoku/N/N/…` URL), or puzzles drawn as grids (Norvig's boxed grid, or n lines of n
//! whitespace-separated numbers for any size), separated by blank lines.

pub mod cnf;
pub mod collection;
pub mod cover;
pub mod explain;
mod explained;
pub mod generate;
pub mod native;
mod native_9x9;
mod sat_session;
mod split;
mod url;

use std::fmt::Write as _;

use crate::puzzle::{
    Cells, CheckError, CnfEncode, CnfEncoding, CoverAnswer, CoverEncode, CoverEncoding,
    EncodeOptions, Engine, Kind, Limits, NativeAnswer, NativeSolve, Preference, Purpose, Puzzle,
    SessionAnswer, Sink, SolveError,
};
use crate::puzzles::ParseError;
use crate::render::{Picture, Rgb};

/// The box sides satcover accepts: 4×4 up to 36×36 (36 digits fit a 64-bit mask).
pub const BOX_SIDES: std::ops::RangeInclusive<usize> = 2..=6;

/// How a puzzle was written, so that answers come back in the same form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One puzzle per line (16 or 81 characters).
    Line,
    /// A drawn grid, one row per line.
    Grid,
}

/// One sudoku puzzle: its size and its givens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    box_side: usize,
    givens: Vec<u8>,
    layout: Layout,
}

/// A filled grid: row-major digits 1..=n.
pub type Filled = Vec<u8>;

crate::puzzle::message_error!(
    /// Why [`Sudoku::new`] refused its arguments.
    SudokuError
);

impl Sudoku {
    /// A puzzle from its box side and row-major givens (0 = empty).
    pub fn new(box_side: usize, givens: Vec<u8>) -> Result<Sudoku, SudokuError> {
        if !BOX_SIDES.contains(&box_side) {
            return Err(SudokuError::from(format!(
                "box side {box_side} is not supported (2 to 6: 4×4 to 36×36)"
            )));
        }
        let n = box_side * box_side;
        if givens.len() != n * n {
            return Err(SudokuError::from(format!(
                "a {n}×{n} sudoku has {} cells, not {}",
                n * n,
                givens.len()
            )));
        }
        if let Some(&bad) = givens.iter().find(|&&d| usize::from(d) > n) {
            return Err(SudokuError::from(format!(
                "digit {bad} is out of range 1..{n}"
            )));
        }
        let layout = if n <= 9 { Layout::Line } else { Layout::Grid };
        Ok(Sudoku {
            box_side,
            givens,
            layout,
        })
    }

    /// The same puzzle, printed as a drawn grid.
    pub fn with_layout(mut self, layout: Layout) -> Sudoku {
        self.layout = layout;
        self
    }

    /// The side of a box: 3 for a 9×9 (the grid side is its square).
    pub fn box_side(&self) -> usize {
        self.box_side
    }

    /// The grid side n.
    pub fn size(&self) -> usize {
        self.box_side * self.box_side
    }

    /// Row-major givens, 0 for an empty cell.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// How the grid is printed: one line, or a drawn grid.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The box holding (row, col).
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        (row / self.box_side) * self.box_side + col / self.box_side
    }

    /// The cells of every unit: n rows, then n columns, then n boxes.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let (n, b) = (self.size(), self.box_side);
        let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
        let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
        let boxes = (0..n).map(|bx| {
            let (r0, c0) = ((bx / b) * b, (bx % b) * b);
            (0..n).map(|i| (r0 + i / b) * n + c0 + i % b).collect()
        });
        rows.chain(cols).chain(boxes).collect()
    }

    /// The digits each cell may still hold after naked and hidden singles to a fixpoint
    /// (bit `d - 1` of a cell's mask: digit `d`); a given holds its digit alone. `None`
    /// when the singles reach a contradiction (a cell with no digit left, or a digit with
    /// no place left in a unit).
    pub fn candidates(&self) -> Option<Vec<u64>> {
        let n = self.size();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let units = self.units();
        let mut peers = vec![Vec::new(); n * n];
        for unit in &units {
            for &a in unit {
                peers[a].extend(unit.iter().copied().filter(|&b| b != a));
            }
        }
        let mut mask: Vec<u64> = self
            .givens
            .iter()
            .map(|&g| if g == 0 { all } else { 1 << (g - 1) })
            .collect();
        let mut placed = vec![false; n * n];
        loop {
            let mut changed = false;
            // Naked single: a cell with one digit takes it from its peers.
            for cell in 0..n * n {
                if placed[cell] || mask[cell].count_ones() != 1 {
                    continue;
                }
                placed[cell] = true;
                for &peer in &peers[cell] {
                    if mask[peer] & mask[cell] != 0 {
                        mask[peer] &= !mask[cell];
                        if mask[peer] == 0 {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
            // Hidden single: a digit with one place in a unit goes there.
            for unit in &units {
                for d in 0..n {
                    let bit = 1u64 << d;
                    let mut places = unit.iter().filter(|&&c| mask[c] & bit != 0);
                    match (places.next(), places.next()) {
                        (None, _) => return None,
                        (Some(&c), None) if mask[c] != bit => {
                            mask[c] = bit;
                            changed = true;
                        }
                        _ => {}
                    }
                }
            }
            if !changed {
                return Some(mask);
            }
        }
    }

    /// The puzzle's picture with pencil marks: each empty cell shows its
    /// [`candidates`](Sudoku::candidates) as small digits, digit `d` in slot `d - 1` of a
    /// box-side × box-side sub-grid. `None` when the singles reach a contradiction.
    pub fn candidates_picture(&self) -> Option<Picture> {
        let masks = self.candidates()?;
        let mut picture = self.picture(None);
        let n = self.size();
        for (cell, &mask) in masks.iter().enumerate() {
            if self.givens[cell] == 0 {
                picture.marks[cell] = (0..n)
                    .map(|d| {
                        if mask >> d & 1 == 1 {
                            (d + 1).to_string()
                        } else {
                            String::new()
                        }
                    })
                    .collect();
            }
        }
        Some(picture)
    }

    /// The puzzle (0 shown as `.`) as text in its own layout.
    pub fn puzzle_text(&self) -> String {
        self.grid_text(&self.givens)
    }

    fn grid_text(&self, cells: &[u8]) -> String {
        match self.layout {
            Layout::Line => line_text(cells),
            Layout::Grid => boxed_text(self.box_side, cells),
        }
    }
}

/// A grid as one line: `.` for empty, digits 1..9 (sizes up to 9×9).
pub fn line_text(cells: &[u8]) -> String {
    let bytes = cells
        .iter()
        .map(|&d| if d == 0 { b'.' } else { b'0' + d })
        .collect();
    String::from_utf8(bytes).unwrap_or_default()
}

/// A grid drawn with boxes, Norvig's way (`|` between boxes, `-+-` between bands).
pub fn boxed_text(box_side: usize, cells: &[u8]) -> String {
    let n = box_side * box_side;
    let width = if n > 9 { 2 } else { 1 };
    let mut out = String::new();
    for row in 0..n {
        if row > 0 && row % box_side == 0 {
            let segment = "-".repeat(box_side * (width + 1) - 1);
            out.push_str(&vec![segment; box_side].join("-+-"));
            out.push('\n');
        }
        for col in 0..n {
            if col > 0 && col % box_side == 0 {
                out.push_str("| ");
            }
            let d = cells[row * n + col];
            if d == 0 {
                let _ = write!(out, "{:>width$} ", ".");
            } else {
                let _ = write!(out, "{d:>width$} ");
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out
}

/// Parse every puzzle in `text`. Each puzzle comes with the 1-based line it starts on;
/// a bad puzzle is an error of its own and does not stop the others.
///
/// The file is a **collection** when its first puzzle line is at least 16 characters with
/// no blanks and no `|`: then every line is one puzzle of 16 (4×4) or 81 (9×9) characters,
/// `1`–`9` for givens and `.` or `0` for empty cells, or a puzz.link sudoku URL. Otherwise it holds **grids**,
/// separated by blank lines: separator lines made of `-`, `+`, `|`, `=` are skipped, `|`
/// and `+` are ignored, and each row is either n whitespace-separated numbers (`0` or `.`
/// empty) or n single characters. Lines starting with `#` are comments in both forms.
pub fn parse(text: &str) -> Vec<Result<(usize, Sudoku), ParseError>> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .collect();
    let first = lines.iter().find(|(_, l)| !l.trim().is_empty());
    let Some((_, first)) = first else {
        return vec![Err(ParseError::at_line(1, "no sudoku puzzle found"))];
    };
    let first = first.trim();
    let is_collection =
        first.len() >= 16 && !first.contains(char::is_whitespace) && !first.contains('|');
    if is_collection {
        lines
            .iter()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|&(number, line)| parse_line(number, line).map(|s| (number, s)))
            .collect()
    } else {
        let mut puzzles = Vec::new();
        let mut block: Vec<(usize, &str)> = Vec::new();
        for &(number, line) in lines.iter().chain(std::iter::once(&(0, ""))) {
            if line.trim().is_empty() {
                if !block.is_empty() {
                    let start = block[0].0;
                    puzzles.push(parse_grid(&block).map(|s| (start, s)));
                    block.clear();
                }
            } else if !is_separator(line) {
                block.push((number, line));
            }
        }
        puzzles
    }
}

/// Whether [`parse`] reads `text` as a collection (one puzzle per line): its first line
/// that is neither blank nor a comment has at least 16 characters, no blanks and no `|`.
pub fn is_collection(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|first| {
            first.len() >= 16 && !first.contains(char::is_whitespace) && !first.contains('|')
        })
}

/// One line of a collection, line `number` of its file, as [`parse`] reads it.
pub fn parse_collection_line(number: usize, line: &str) -> Result<Sudoku, ParseError> {
    parse_line(number, line.trim_end())
}

/// A collection line: 16 or 81 characters.
fn parse_line(number: usize, line: &str) -> Result<Sudoku, ParseError> {
    let indent = line.len() - line.trim_start().len();
    let body = line.trim();
    // A grid line starts with a digit or `.`; a URL never does (one byte on the hot path).
    if !body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && crate::constraints::puzzlink::split(body).is_some()
    {
        return url::parse(body, number, indent);
    }
    // Collections are ASCII: count bytes then (a non-ASCII line is counted in
    // characters so the error names the right length).
    let length = if body.is_ascii() {
        body.len()
    } else {
        body.chars().count()
    };
    let box_side = match length {
        16 => 2,
        81 => 3,
        other => {
            return Err(ParseError::at_line(
                number,
                format!("a puzzle line has 81 characters (9×9) or 16 (4×4), this one has {other}"),
            ));
        }
    };
    let n = box_side * box_side;
    let mut givens = Vec::with_capacity(n * n);
    for (i, &byte) in body.as_bytes().iter().enumerate() {
        let d = match byte {
            b'.' | b'0' => 0,
            b'1'..=b'9' if usize::from(byte - b'0') <= n => byte - b'0',
            _ => {
                // Not a plain cell: the slow path names the character and column.
                let (i, ch) = body
                    .chars()
                    .enumerate()
                    .nth(givens.len())
                    .unwrap_or((i, '?'));
                let column = indent + i + 1;
                let message = cell_char(ch, n)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                return Err(ParseError::new(number, Some(column), message));
            }
        };
        givens.push(d);
    }
    Sudoku::new(box_side, givens).map_err(|m| ParseError::at_line(number, m.message))
}

/// Why one cell of a sudoku's text cannot be read (`n` the size).
#[derive(Debug, thiserror::Error)]
enum CellError {
    #[error("digit {digit} is out of range 1..{n} for a {n}×{n} sudoku")]
    DigitOutOfRange { digit: u8, n: usize },
    #[error("'{0}' is not a digit (use 1-9 for givens, '.' or '0' for empty cells)")]
    NotADigit(char),
    #[error("value {value} is out of range 1..{n} for a {n}×{n} sudoku")]
    ValueOutOfRange { value: usize, n: usize },
    #[error("'{token}' is not a number (use 1-{n} for givens, '.' or '0' for empty cells)")]
    NotANumber { token: String, n: usize },
}

fn cell_char(ch: char, n: usize) -> Result<u8, CellError> {
    match ch {
        '.' | '0' => Ok(0),
        '1'..='9' => {
            let digit = ch as u8 - b'0';
            if usize::from(digit) > n {
                Err(CellError::DigitOutOfRange { digit, n })
            } else {
                Ok(digit)
            }
        }
        other => Err(CellError::NotADigit(other)),
    }
}

fn is_separator(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '-' | '+' | '|' | '=') || c.is_whitespace())
}

/// One drawn grid: n rows of n cells.
fn parse_grid(block: &[(usize, &str)]) -> Result<Sudoku, ParseError> {
    let n = block.len();
    let start = block[0].0;
    let Some(box_side) = BOX_SIDES.clone().find(|b| b * b == n) else {
        return Err(ParseError::at_line(
            start,
            format!("this grid has {n} rows; a sudoku has 4, 9, 16, 25 or 36"),
        ));
    };
    let mut givens = Vec::with_capacity(n * n);
    for &(number, line) in block {
        givens.extend(parse_row(number, line, n)?);
    }
    Sudoku::new(box_side, givens)
        .map(|s| s.with_layout(Layout::Grid))
        .map_err(|m| ParseError::at_line(start, m.message))
}

/// A grid row: n tokens separated by blanks (numbers, `.`), or n single characters
/// (Norvig's `4 . . |. . . |8 . 5` and `400|000|805` both work).
fn parse_row(number: usize, line: &str, n: usize) -> Result<Vec<u8>, ParseError> {
    // Tokens with their 1-based columns; `|` and `+` only separate.
    let mut tokens: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (i, ch) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let separates = ch.is_whitespace() || ch == '|' || ch == '+';
        match (separates, start) {
            (true, Some(s)) => {
                tokens.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let column_of = |byte: usize| line[..byte].chars().count() + 1;
    if tokens.len() == n {
        return tokens
            .iter()
            .map(|&(at, token)| {
                cell_token(token, n)
                    .map_err(|e| ParseError::new(number, Some(column_of(at)), e.to_string()))
            })
            .collect();
    }
    let chars: Vec<(usize, char)> = tokens
        .iter()
        .flat_map(|&(at, token)| token.char_indices().map(move |(i, c)| (at + i, c)))
        .collect();
    if chars.len() == n {
        return chars
            .iter()
            .map(|&(at, ch)| {
                cell_char(ch, n)
                    .map_err(|e| ParseError::new(number, Some(column_of(at)), e.to_string()))
            })
            .collect();
    }
    Err(ParseError::at_line(
        number,
        format!(
            "a row of this {n}×{n} grid needs {n} cells, found {} values",
            tokens.len()
        ),
    ))
}

fn cell_token(token: &str, n: usize) -> Result<u8, CellError> {
    if token == "." {
        return Ok(0);
    }
    match token.parse::<usize>() {
        Ok(d) if d <= n => Ok(d as u8),
        Ok(value) => Err(CellError::ValueOutOfRange { value, n }),
        Err(_) => Err(CellError::NotANumber {
            token: token.to_string(),
            n,
        }),
    }
}

/// The independent checker: every row, column and box holds 1..=n once, every given is
/// kept. Written from the rules alone; it shares nothing with the solvers or encoders.
pub fn verify(puzzle: &Sudoku, solution: &[u8]) -> Result<(), CheckError> {
    let (n, b) = (puzzle.size(), puzzle.box_side());
    if solution.len() != n * n {
        return Err(CheckError::from(format!(
            "{} cells instead of {}",
            solution.len(),
            n * n
        )));
    }
    let at = |i: usize| (i / n + 1, i % n + 1);
    for (i, (&given, &value)) in puzzle.givens().iter().zip(solution).enumerate() {
        if value == 0 || usize::from(value) > n {
            let (row, col) = at(i);
            return Err(CheckError::from(format!(
                "r{row}c{col} holds {value}, not a digit 1..{n}"
            )));
        }
        if given != 0 && given != value {
            let (row, col) = at(i);
            return Err(CheckError::from(format!(
                "r{row}c{col} was given {given} but holds {value}"
            )));
        }
    }
    // The digits seen in every row, column and box, in one pass without
    // divisions (this runs once per answer, so it shows in collection runs).
    let mut rows = [0u64; 36];
    let mut cols = [0u64; 36];
    let mut boxes = [0u64; 36];
    for row in 0..n {
        let band = (row / b) * b;
        for (col, &value) in solution[row * n..(row + 1) * n].iter().enumerate() {
            let bit = 1u64 << value;
            rows[row] |= bit;
            cols[col] |= bit;
            boxes[band + col / b] |= bit;
        }
    }
    let all = ((1u64 << n) - 1) << 1;
    let lacking = |seen: &[u64]| {
        seen[..n]
            .iter()
            .position(|&s| s != all)
            .map(|u| (u + 1, (all & !seen[u]).trailing_zeros()))
    };
    for (name, seen) in [("row", &rows), ("column", &cols), ("box", &boxes)] {
        if let Some((unit, d)) = lacking(seen) {
            return Err(CheckError::from(format!("{name} {unit} lacks digit {d}")));
        }
    }
    Ok(())
}

/// Two equal givens in one unit, named with their positions.
fn clashing_givens(puzzle: &Sudoku) -> Option<String> {
    let n = puzzle.size();
    // One bit per digit for each row, column and box: a second set is a clash, which the
    // layer names (this scan runs before every solve, so it allocates nothing).
    let mut seen = [0u64; 3 * 36];
    for row in 0..n {
        let band = (row / puzzle.box_side) * puzzle.box_side;
        for (col, &d) in puzzle.givens[row * n..(row + 1) * n].iter().enumerate() {
            if d == 0 {
                continue;
            }
            for unit in [row, n + col, 2 * n + band + col / puzzle.box_side] {
                if seen[unit] & 1 << d != 0 {
                    return crate::constraints::techniques::Layout::square(puzzle.box_side)
                        .clash(&puzzle.givens);
                }
                seen[unit] |= 1 << d;
            }
        }
    }
    None
}

impl Puzzle for Sudoku {
    type Solution = Filled;

    fn kind(&self) -> Kind {
        Kind::SUDOKU
    }

    fn check(&self, solution: &Filled) -> Result<(), CheckError> {
        verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        clashing_givens(self)
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Filled>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Filled>> {
        Some(self)
    }

    fn as_explain(&self) -> Option<&dyn crate::puzzle::Explain> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Filled>> {
        Some(self)
    }

    fn as_split(&self) -> Option<&dyn crate::puzzle::Split<Sudoku>> {
        Some(self)
    }

    /// A few solutions: SAT first, native beside it; many: native, then DLX (`auto`'s
    /// measurements in `docs/portfolio.md`).
    fn preference(&self) -> Preference {
        use Engine::{Dlx, External, Native, Sat};
        Preference {
            few: vec![Sat, Native, External],
            many: vec![Native, Dlx, Sat, External],
            presolve: false,
        }
    }

    fn cells(&self) -> Cells {
        Cells {
            one_hot_cells: true,
            ..Cells::default()
        }
    }

    /// 9×9 collections: the search and checker of [`collection`], with one answer buffer
    /// per thread, without the pipeline's reports.
    fn quick_native(&self, limits: &Limits) -> Option<(u64, bool)> {
        let givens: &[u8; 81] = self.givens.as_slice().try_into().ok()?;
        thread_local! {
            static ANSWER: std::cell::RefCell<collection::Answer9> = Default::default();
        }
        ANSWER.with_borrow_mut(|answer| {
            let max = limits.max_or_all();
            collection::solve(givens, max, limits.keep, &limits.stop, answer);
            let answered = answer.count > 0 && !answer.timed_out && answer.checked(givens);
            answered.then_some((answer.count, answer.complete))
        })
    }

    fn solution_json(&self, solution: &Filled) -> serde_json::Value {
        let n = self.size();
        serde_json::Value::from(
            solution
                .chunks(n)
                .map(|row| row.to_vec())
                .collect::<Vec<Vec<u8>>>(),
        )
    }

    fn solution_text(&self, solution: &Filled) -> String {
        self.grid_text(solution)
    }

    fn differences(&self, a: &Filled, b: &Filled) -> String {
        let n = self.size();
        let cells: Vec<String> = (0..n * n)
            .filter(|&i| a[i] != b[i])
            .map(|i| format!("r{}c{} {}/{}", i / n + 1, i % n + 1, a[i], b[i]))
            .collect();
        format!("{} cells differ: {}", cells.len(), cells.join(", "))
    }

    fn picture(&self, solution: Option<&Filled>) -> Picture {
        let n = self.size();
        let mut picture = Picture::new(n, n);
        picture.regions = Some(
            (0..n * n)
                .map(|cell| self.box_of(cell / n, cell % n))
                .collect(),
        );
        for cell in 0..n * n {
            let given = self.givens[cell];
            let value = solution.map_or(given, |s| s[cell]);
            if value != 0 {
                picture.labels[cell] = value.to_string();
            }
            // Givens: black on grey; digits the solver found: blue on white.
            if given != 0 {
                picture.fills[cell] = Rgb(225, 225, 225);
                picture.inks[cell] = Some(Rgb::BLACK);
            } else if value != 0 {
                picture.inks[cell] = Some(Rgb::BLUE);
            }
        }
        picture
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl NativeSolve<Filled> for Sudoku {
    fn solve_native(
        &self,
        limits: &Limits,
        found: Sink<'_, Filled>,
    ) -> Result<NativeAnswer, SolveError> {
        let search = native::NativeSearch {
            max_solutions: limits.max_or_all(),
            keep: limits.keep,
            stop: limits.stop.clone(),
        };
        let result = native::solve(self.box_side, &self.givens, &search);
        for solution in result.solutions {
            if found(solution).is_break() {
                break;
            }
        }
        Ok(NativeAnswer {
            count: result.count,
            complete: result.complete,
            nodes: Some(result.nodes),
            guesses: Some(result.guesses),
            conflicts: result.conflicts,
        })
    }
}

impl CnfEncode<Filled> for Sudoku {
    /// Solving: the formula simplified by the givens. Export: the textbook formula, all n³
    /// variables named, givens as unit clauses (family 9). `--presolve`, both: the formula
    /// simplified by native's candidate elimination (named for export).
    fn encode_cnf(
        &self,
        options: &EncodeOptions,
        purpose: Purpose,
    ) -> Result<CnfEncoding<'_, Filled>, SolveError> {
        Ok(match (purpose, options.presolve) {
            (Purpose::Solve, false) => cnf::encode(self, cnf::Givens::Simplified),
            (Purpose::Export, false) => cnf::encode_with(self, cnf::Givens::Units, true),
            (purpose, true) => cnf::encode_presolved(self, purpose == Purpose::Export),
        })
    }

    fn presolves(&self) -> bool {
        true
    }

    /// Collections: one incremental solver per size, givens as assumptions. Only up to
    /// 9×9: the session holds the empty grid's formula, which grows as n⁴ (3.27 M clauses
    /// at 36×36, against 40–100 k for a blanked puzzle's simplified formula), and loading
    /// it costs more than it saves (`docs/sudoku.md`).
    fn sat_session(&self, limits: &Limits) -> Option<Result<SessionAnswer<Filled>, SolveError>> {
        // The session is kept across puzzles: a stopped search would leave it in no known
        // state, so it runs only when nothing can stop it.
        if self.box_side() > 3 || limits.stop.can_stop() {
            return None;
        }
        Some(sat_session::solve(self, limits.max_or_all(), limits.keep).map_err(SolveError::from))
    }
}

impl CoverEncode<Filled> for Sudoku {
    /// The same matrix either way; export names the items Knuth's way.
    fn encode_cover(&self, purpose: Purpose) -> Result<CoverEncoding<'_, Filled>, SolveError> {
        Ok(cover::encode_with(self, purpose == Purpose::Export))
    }

    /// Collections: the empty grid's matrix prepared once per size, givens forced.
    fn cover_session(&self, limits: &Limits) -> Option<Result<CoverAnswer<Filled>, SolveError>> {
        cover::solve_prepared(self, limits)
    }
}

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SUDOKU: Kind = Kind::named("sudoku");
}

/// Sudoku files: one puzzle per line (16, 81, 256… characters) or drawn grids; the
/// fallback of content detection, since it takes any digits and dots.
pub const READER: super::Reader<Sudoku> = super::Reader {
    kind: Kind::SUDOKU,
    about: "A Latin-square sudoku, 4×4 to 36×36, one puzzle per line or one grid per file",
    extensions: &["sudoku", "sdk"],
    looks_like: |_| true,
    read: |_, text| super::by_line(parse(text)),
    generator: Some(&generate::SudokuGenerator),
    examples: &[
        crate::puzzles::example!("Sudoku 9×9, easy (Norvig)", "sudoku/easy.txt"),
        crate::puzzles::example!("Sudoku 9×9, among the hardest known", "sudoku/hard.txt"),
        crate::puzzles::example!("Sudoku 9×9, Norvig's boxed grid", "sudoku/norvig-grid.txt"),
        crate::puzzles::example!("Sudoku 16×16", "sudoku/16x16.txt"),
        crate::puzzles::example!("Sudoku 25×25", "sudoku/25x25.txt"),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    const NORVIG_GRID: &str = "\
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
";

    #[test]
    fn units_and_peers_have_norvigs_sizes() {
        let s = Sudoku::new(3, vec![0; 81]).unwrap();
        let units = s.units();
        assert_eq!(units.len(), 27);
        for cell in 0..81 {
            let containing: Vec<&Vec<usize>> = units.iter().filter(|u| u.contains(&cell)).collect();
            assert_eq!(containing.len(), 3);
            let mut peers: Vec<usize> = containing.into_iter().flatten().copied().collect();
            peers.sort_unstable();
            peers.dedup();
            peers.retain(|&p| p != cell);
            assert_eq!(peers.len(), 20);
        }
    }

    #[test]
    fn boxed_grid_and_line_parse_to_the_same_givens() {
        let grid = parse(NORVIG_GRID);
        assert_eq!(grid.len(), 1);
        let (line, from_grid) = grid[0].clone().unwrap();
        assert_eq!(line, 1);
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let (_, from_line) = parse(text)[0].clone().unwrap();
        assert_eq!(from_grid.givens(), from_line.givens());
        assert_eq!(from_grid.layout(), Layout::Grid);
        assert_eq!(from_line.layout(), Layout::Line);
    }

    #[test]
    fn compact_grid_rows_parse() {
        let text = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";
        let (_, s) = parse(text)[0].clone().unwrap();
        assert_eq!(&s.givens()[..9], &[0, 0, 3, 0, 2, 0, 6, 0, 0]);
    }

    #[test]
    fn numbered_grids_of_any_size_separated_by_blank_lines() {
        let text = "1 . . 4\n. . . .\n. . . .\n4 . . 1\n\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
        let puzzles = parse(text);
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[1].as_ref().unwrap().0, 6);
        let sixteen: String = (0..16)
            .map(|r| {
                (0..16)
                    .map(|c| {
                        if r == c {
                            (r + 1).to_string()
                        } else {
                            "0".into()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        let (_, s) = parse(&sixteen)[0].clone().unwrap();
        assert_eq!(s.size(), 16);
        assert_eq!(s.givens()[15 * 16 + 15], 16);
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = "# header\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n4.....8.5.3....x.....7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n4.....8.5.3..\n";
        let results = parse(text);
        assert_eq!(results.len(), 3);
        assert!(results[0].is_ok());
        let e = results[1].clone().unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(16)));
        assert!(e.message.contains("'x' is not a digit"), "{e}");
        let e = results[2].clone().unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("has 13"), "{e}");
    }

    #[test]
    fn collection_errors_count_characters_not_bytes() {
        // 80 plain cells and one two-byte character: still 81 characters.
        let line = format!("{}é{}", ".".repeat(20), ".".repeat(60));
        let e = parse(&line)[0].clone().unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(21)));
        assert!(e.message.contains("'é' is not a digit"), "{e}");
        let e = parse("1..7............\n")[0].clone().unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(4)));
        assert!(e.message.contains("digit 7 is out of range 1..4"), "{e}");
    }

    #[test]
    fn out_of_range_and_bad_sizes_are_errors() {
        let e = parse("1 . . 5\n. . . .\n. . . .\n. . . .\n")[0]
            .clone()
            .unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(7)));
        assert!(e.message.contains("out of range"), "{e}");
        let e = parse("1 2 3\n. . .\n. . .\n")[0].clone().unwrap_err();
        assert!(e.message.contains("3 rows"), "{e}");
        let e = parse("1 2 3 4\n. . .\n. . . .\n. . . .\n")[0]
            .clone()
            .unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn clashing_givens_are_found_with_positions() {
        let mut givens = vec![0; 81];
        givens[2 * 9 + 1] = 5;
        givens[2 * 9 + 6] = 5;
        let s = Sudoku::new(3, givens).unwrap();
        let reason = s.contradiction().unwrap();
        assert_eq!(reason, "digit 5 is given twice in row 3 (at r3c2 and r3c7)");
    }

    #[test]
    fn checker_rejects_broken_grids() {
        let s = Sudoku::new(2, vec![0; 16]).unwrap();
        let good = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(verify(&s, &good), Ok(()));
        let mut bad = good.clone();
        bad.swap(0, 1);
        assert!(verify(&s, &bad).is_err());
        let with_given = Sudoku::new(2, [vec![2], vec![0; 15]].concat()).unwrap();
        assert!(
            verify(&with_given, &good)
                .unwrap_err()
                .message
                .contains("given 2")
        );
    }

    #[test]
    fn boxed_text_draws_norvigs_grid() {
        let (_, s) = parse(NORVIG_GRID)[0].clone().unwrap();
        let text = s.puzzle_text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "4 . . | . . . | 8 . 5");
        assert_eq!(lines[3], "------+-------+------");
        assert_eq!(lines.len(), 11);
    }
}
