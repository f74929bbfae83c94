//! Shikaku (puzz.link `shikaku`): cut the grid into rectangles, each holding exactly one
//! number, which is its area (a `?` clue: any area).
//!
//! Glossary:
//! - **cell**: row-major `row * width + col`, a [`Clue`]: none, an area, or `?`;
//! - **clue k**: the k-th clue cell in reading order;
//! - **candidate**: a rectangle inside the grid holding clue k and no other clue, of clue
//!   k's area;
//! - **value** (the solution's [`Grid`]): per cell, the index k of the clue whose rectangle
//!   covers it.
//!
//! The rules are `ExactlyOne` constraints of the layer over (variable, candidate) pairs:
//! a variable per clue whose values are its candidates (a clue with more than 63 splits
//! them over several variables, each with a value 0 = "none", and one more `ExactlyOne`
//! picks one of them all); per grid cell, exactly one chosen candidate covers it. That is
//! an exact cover (items: clues and cells; options: candidates), so dlx runs beside
//! native, sat and external (`encodings/shikaku.md`).

mod check;
mod reader;

pub use reader::{parse, parse_url};

use crate::constraints::{self, Constraint, Grid, MAX_VALUE, Model};
use crate::puzzle::{
    CellStyle, Cells, CheckError, CnfEncode, CoverEncode, Kind, NativeSolve, Puzzle,
};
use crate::render::{Picture, Rgb};

/// What a cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clue {
    /// No number.
    Empty,
    /// The area of the rectangle holding it.
    Area(u32),
    /// puzz.link's `?`: a rectangle of any area holds it.
    Unknown,
}

/// A rectangle of cells: top row, left column, rows, columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Its first row.
    pub top: usize,
    /// Its first column.
    pub left: usize,
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
}

impl Rect {
    fn cells(self, grid_width: usize) -> impl Iterator<Item = usize> {
        (self.top..self.top + self.height)
            .flat_map(move |r| (self.left..self.left + self.width).map(move |c| r * grid_width + c))
    }
}

/// A Shikaku puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shikaku {
    width: usize,
    height: usize,
    clues: Vec<Clue>,
    /// Per clue (reading order), its cell.
    clue_cells: Vec<usize>,
    /// Per clue, its candidates.
    candidates: Vec<Vec<Rect>>,
    /// Per model variable: its clue and the index of its first candidate.
    vars: Vec<(usize, usize)>,
    model: Model,
}

/// The candidates of every clue, or `None` when there would be more than `cap` in all.
pub(crate) fn candidates(
    width: usize,
    height: usize,
    clues: &[Clue],
    cap: usize,
) -> Option<Vec<Vec<Rect>>> {
    // Clue cells per prefix rectangle, to test "no other clue" in O(1).
    let mut sum = vec![0usize; (width + 1) * (height + 1)];
    for r in 0..height {
        for c in 0..width {
            let here = usize::from(clues[r * width + c] != Clue::Empty);
            sum[(r + 1) * (width + 1) + c + 1] =
                here + sum[r * (width + 1) + c + 1] + sum[(r + 1) * (width + 1) + c]
                    - sum[r * (width + 1) + c];
        }
    }
    let count = |t: usize, l: usize, h: usize, w: usize| {
        let at = |r: usize, c: usize| sum[r * (width + 1) + c];
        at(t + h, l + w) + at(t, l) - at(t, l + w) - at(t + h, l)
    };
    let mut total = 0usize;
    let mut out = Vec::new();
    for (cell, clue) in clues.iter().enumerate() {
        let area = match *clue {
            Clue::Empty => continue,
            Clue::Area(n) => Some(n as usize),
            Clue::Unknown => None,
        };
        let (r, c) = (cell / width, cell % width);
        let mut list = Vec::new();
        for h in 1..=height {
            for w in 1..=width {
                if area.is_some_and(|a| h * w != a) {
                    continue;
                }
                for top in (r + 1).saturating_sub(h)..=r.min(height - h) {
                    for left in (c + 1).saturating_sub(w)..=c.min(width - w) {
                        if count(top, left, h, w) == 1 {
                            list.push(Rect {
                                top,
                                left,
                                height: h,
                                width: w,
                            });
                            total += 1;
                            if total > cap {
                                return None;
                            }
                        }
                    }
                }
            }
        }
        out.push(list);
    }
    Some(out)
}

impl Shikaku {
    /// A `width × height` grid of row-major `clues` whose candidates are `candidates` (from
    /// [`candidates`], which the reader bounds).
    pub(crate) fn with_candidates(
        width: usize,
        height: usize,
        clues: Vec<Clue>,
        candidates: Vec<Vec<Rect>>,
    ) -> Shikaku {
        assert_eq!(clues.len(), width * height, "one clue slot per cell");
        let clue_cells: Vec<usize> = (0..clues.len())
            .filter(|&i| clues[i] != Clue::Empty)
            .collect();
        assert_eq!(clue_cells.len(), candidates.len(), "candidates per clue");
        let chunk = MAX_VALUE as usize;
        let mut vars = Vec::new();
        let mut domains = Vec::new();
        for (k, list) in candidates.iter().enumerate() {
            let split = list.len() > chunk;
            for first in (0..list.len().max(1)).step_by(chunk) {
                let len = (list.len() - first).min(chunk);
                vars.push((k, first));
                let real = if len == 0 {
                    0
                } else {
                    constraints::range(1, len as u32)
                };
                domains.push(real | u64::from(split));
            }
        }
        let mut model = Model::new(1, vars.len(), 0);
        model.domains = domains;
        let mut covers: Vec<Vec<(usize, u32)>> = vec![Vec::new(); width * height];
        let mut per_clue: Vec<Vec<(usize, u32)>> = vec![Vec::new(); candidates.len()];
        for (v, &(k, first)) in vars.iter().enumerate() {
            for value in constraints::values(model.domains[v]).filter(|&x| x > 0) {
                let rect = candidates[k][first + value as usize - 1];
                for cell in rect.cells(width) {
                    covers[cell].push((v, value));
                }
                per_clue[k].push((v, value));
            }
        }
        for (k, pairs) in per_clue.into_iter().enumerate() {
            if candidates[k].len() > chunk {
                model.add(Constraint::ExactlyOne(pairs));
            }
        }
        for pairs in covers {
            model.add(Constraint::ExactlyOne(pairs));
        }
        Shikaku {
            width,
            height,
            clues,
            clue_cells,
            candidates,
            vars,
            model,
        }
    }

    /// A `width × height` grid of row-major `clues` (every candidate listed: small grids).
    pub fn new(width: usize, height: usize, clues: Vec<Clue>) -> Shikaku {
        let list = candidates(width, height, &clues, usize::MAX).expect("no cap");
        Shikaku::with_candidates(width, height, clues, list)
    }

    /// Columns and rows.
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The clue of cell `(row, col)`.
    pub fn clue(&self, row: usize, col: usize) -> Clue {
        self.clues[row * self.width + col]
    }

    /// The clue cells in reading order.
    pub fn clue_cells(&self) -> &[usize] {
        &self.clue_cells
    }

    /// How many candidate rectangles the clues have in all.
    pub fn candidate_count(&self) -> usize {
        self.candidates.iter().map(Vec::len).sum()
    }

    /// The clues, a row a line: `.` empty, `?`, numbers; one character a cell when every
    /// number is one digit, else columns split by blanks.
    pub fn drawing(&self) -> String {
        let wide = self
            .clues
            .iter()
            .any(|c| matches!(c, Clue::Area(n) if *n > 9));
        self.clues
            .chunks(self.width)
            .map(|row| {
                let texts: Vec<String> = row
                    .iter()
                    .map(|clue| match clue {
                        Clue::Empty => ".".to_string(),
                        Clue::Unknown => "?".to_string(),
                        Clue::Area(n) => n.to_string(),
                    })
                    .collect();
                if wide {
                    texts
                        .iter()
                        .map(|t| format!("{t:>2}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    texts.concat()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A solution drawn with its rectangles: cells split by `|` where two rectangles meet
    /// across and by a line of `-` below a row where they meet down; a clue cell shows its
    /// number, other cells `.`.
    pub fn rectangles(&self, g: &Grid) -> String {
        let (w, h) = (self.width, self.height);
        let wide = self
            .clues
            .iter()
            .any(|c| matches!(c, Clue::Area(n) if *n > 9));
        let cw = if wide { 2 } else { 1 };
        let mut out = Vec::new();
        for r in 0..h {
            let mut line = String::new();
            let mut under = String::new();
            for c in 0..w {
                let text = match self.clue(r, c) {
                    Clue::Empty => ".".to_string(),
                    Clue::Unknown => "?".to_string(),
                    Clue::Area(n) => n.to_string(),
                };
                line.push_str(&format!("{text:>cw$}"));
                let cut = r + 1 < h && g.at(r, c) != g.at(r + 1, c);
                under.push_str(&(if cut { "-" } else { " " }).repeat(cw));
                if c + 1 < w {
                    line.push(if g.at(r, c) != g.at(r, c + 1) {
                        '|'
                    } else {
                        ' '
                    });
                    if r + 1 < h {
                        let down =
                            g.at(r, c) != g.at(r, c + 1) || g.at(r + 1, c) != g.at(r + 1, c + 1);
                        let across = cut || g.at(r, c + 1) != g.at(r + 1, c + 1);
                        under.push(match (down, across) {
                            (true, true) => '+',
                            (true, false) => '|',
                            (false, true) => '-',
                            (false, false) => ' ',
                        });
                    }
                }
            }
            out.push(line);
            if r + 1 < h {
                out.push(under.trim_end().to_string());
            }
        }
        out.join("\n")
    }
}

impl Puzzle for Shikaku {
    type Solution = Grid;

    fn kind(&self) -> Kind {
        Kind::SHIKAKU
    }

    fn check(&self, solution: &Grid) -> Result<(), CheckError> {
        check::verify(self, solution)
    }

    fn contradiction(&self) -> Option<String> {
        if self.clue_cells.is_empty() {
            return Some("the grid has no number".into());
        }
        if let Some(k) = self.candidates.iter().position(Vec::is_empty) {
            let i = self.clue_cells[k];
            return Some(format!(
                "no rectangle fits the clue at r{}c{}",
                i / self.width + 1,
                i % self.width + 1
            ));
        }
        None
    }

    fn solution_json(&self, solution: &Grid) -> serde_json::Value {
        solution.json()
    }

    fn solution_text(&self, solution: &Grid) -> String {
        self.rectangles(solution)
    }

    fn differences(&self, a: &Grid, b: &Grid) -> String {
        a.differences(b)
    }

    /// The numbers; with a solution, each rectangle a region, tinted.
    fn picture(&self, solution: Option<&Grid>) -> Picture {
        let mut picture = Picture::new(self.width, self.height);
        for (i, clue) in self.clues.iter().enumerate() {
            match clue {
                Clue::Area(n) => picture.labels[i] = n.to_string(),
                Clue::Unknown => picture.labels[i] = "?".to_string(),
                Clue::Empty => {}
            }
        }
        if let Some(g) = solution {
            const TINTS: [Rgb; 4] = [
                Rgb(255, 236, 200),
                Rgb(210, 232, 255),
                Rgb(215, 245, 210),
                Rgb(245, 215, 240),
            ];
            for (i, &v) in g.values.iter().enumerate() {
                picture.fills[i] = TINTS[v as usize % TINTS.len()];
            }
            picture.regions = Some(g.values.iter().map(|&v| v as usize).collect());
        }
        picture
    }

    fn cells(&self) -> Cells {
        Cells {
            style: CellStyle::Pieces,
            cells_follow_literals: false,
            ..Cells::default()
        }
    }

    fn as_native(&self) -> Option<&dyn NativeSolve<Grid>> {
        Some(self)
    }

    fn as_cnf(&self) -> Option<&dyn CnfEncode<Grid>> {
        Some(self)
    }

    fn as_cover(&self) -> Option<&dyn CoverEncode<Grid>> {
        Some(self)
    }

    fn as_notate(&self) -> Option<&dyn crate::puzzle::Notate> {
        Some(self)
    }
}

impl constraints::OnModel for Shikaku {
    fn model(&self) -> &Model {
        &self.model
    }

    /// The chosen candidates painted with their clue's index (cells no candidate covers,
    /// which a model solution never leaves, keep `u32::MAX` for the checker to refuse).
    fn solution(&self, values: Vec<u32>) -> Grid {
        let mut cells = vec![u32::MAX; self.width * self.height];
        for (v, &value) in values.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let (k, first) = self.vars[v];
            for cell in self.candidates[k][first + value as usize - 1].cells(self.width) {
                cells[cell] = k as u32;
            }
        }
        Grid::new(self.width, cells)
    }
}

constraints::engines!(Shikaku);

impl Kind {
    /// This kind; what it is: [`READER`]'s `about`.
    pub const SHIKAKU: Kind = Kind::named("shikaku");
}

/// puzz.link `shikaku` URLs one a line, or `shikaku` and rows (`encodings/shikaku.md`).
pub const READER: crate::puzzles::Reader<Shikaku> = crate::puzzles::Reader {
    kind: Kind::SHIKAKU,
    about: "Shikaku: cut the grid into rectangles, one number each, its area (puzz.link `shikaku/` URLs, or `shikaku` and rows)",
    extensions: &["shikaku"],
    looks_like: |lines| lines.iter().any(|l| reader::looks_like(l)),
    read: |_, text| crate::puzzles::by_line(parse(text)),
    examples: &[crate::puzzles::example!(
        "Shikaku 10×10",
        "shikaku/shikaku-10x10.txt"
    )],
    generator: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_checker_and_drawing() {
        // 2 .
        // . 2   two dominoes, across or down: two solutions.
        let p = Shikaku::new(
            2,
            2,
            vec![Clue::Area(2), Clue::Empty, Clue::Empty, Clue::Area(2)],
        );
        assert_eq!(p.candidate_count(), 4);
        let across = Grid::new(2, vec![0, 0, 1, 1]);
        assert_eq!(p.check(&across), Ok(()));
        assert_eq!(p.solution_text(&across), "2 .\n---\n. 2");
        assert!(p.check(&Grid::new(2, vec![0, 1, 1, 1])).is_err());
        assert!(p.check(&Grid::new(2, vec![0, 0, 0, 0])).is_err());
        // A `?` takes any rectangle holding no other clue.
        let q = Shikaku::new(3, 1, vec![Clue::Unknown, Clue::Empty, Clue::Area(1)]);
        assert_eq!(q.candidate_count(), 3);
        // 70 candidates split over two variables with a "none" value.
        let big = Shikaku::new(12, 12, {
            let mut c = vec![Clue::Empty; 144];
            c[6 * 12 + 6] = Clue::Unknown;
            c
        });
        assert!(big.candidate_count() > 63 && big.vars.len() > 1);
    }
}
