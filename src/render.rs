//! Pictures of grids: SVG and PNG.
//!
//! Glossary:
//! - **picture**: a rectangle of cells, each with a fill colour and an optional label
//!   (a digit, a piece letter), plus thick lines where regions meet (sudoku boxes, piece
//!   borders). Puzzles describe themselves as a picture; this module only draws.
//! - **cell size**: pixels per cell side in the output.
//! - **text**: a label in a cell-sized box placed anywhere on the cell lattice, inside the
//!   grid or outside it (negative rows and columns: above and left of it; rows past the
//!   last: below it), optionally on a filled **chip**. Margins follow from the texts: the
//!   picture grows to hold them.
//! - **marks**: small labels in a sub-grid of a cell (pencil marks), slot `k` of a cell with
//!   `s²` slots at sub-row `k / s`, sub-column `k % s`.
//!
//! Ink that a picture leaves unset is black or white, whichever contrasts with what lies
//! under it (by luma).
//!
//! PNG output draws labels with a small hand-made bitmap font (5×7 glyphs: digits, `?`,
//! capital letters, `+ - = * .`), scaled to the cell, so no font file or text-shaping
//! dependency is needed; SVG carries labels as text.

use std::fmt::Write as _;

/// An RGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// White.
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    /// Black.
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    /// Mid grey (uncovered and unknown cells).
    pub const GREY: Rgb = Rgb(200, 200, 200);
    /// Ink for digits a solver found, apart from the black of the givens.
    pub const BLUE: Rgb = Rgb(0, 80, 210);

    /// `#rrggbb`, as SVG, XML and JSON write a colour.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// A palette of distinguishable colours for numbered regions (pieces), cycling.
    pub fn palette(index: usize) -> Rgb {
        const COLOURS: [Rgb; 12] = [
            Rgb(230, 25, 75),
            Rgb(60, 180, 75),
            Rgb(255, 225, 25),
            Rgb(0, 130, 200),
            Rgb(245, 130, 48),
            Rgb(145, 30, 180),
            Rgb(70, 240, 240),
            Rgb(240, 50, 230),
            Rgb(210, 245, 60),
            Rgb(250, 190, 212),
            Rgb(0, 128, 128),
            Rgb(170, 110, 40),
        ];
        COLOURS[index % COLOURS.len()]
    }
}

/// A label outside (or over) the grid, on the cell lattice: clues in a margin, a legend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// Row of its cell-sized box (negative: above the grid).
    pub row: i32,
    /// Column of its box (negative: left of the grid).
    pub col: i32,
    /// What it says (may be empty: a chip alone).
    pub label: String,
    /// A square filled behind the label; `None`: the page's white.
    pub chip: Option<Rgb>,
    /// The label's colour; `None`: black or white, whichever shows on the chip.
    pub ink: Option<Rgb>,
}

impl Text {
    /// Black text on white at (row, col).
    pub fn new(row: i32, col: i32, label: impl Into<String>) -> Text {
        Text {
            row,
            col,
            label: label.into(),
            chip: None,
            ink: None,
        }
    }

    /// The same text on a chip of `colour` (ink chosen for contrast unless set).
    pub fn on(mut self, colour: Rgb) -> Text {
        self.chip = Some(colour);
        self
    }
}

/// A grid to draw. `regions`, when given, assigns each cell a region id; a thick line is
/// drawn between cells of different regions and around the picture.
#[derive(Clone, Debug)]
pub struct Picture {
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Row-major fill colours, `width * height` of them.
    pub fills: Vec<Rgb>,
    /// Row-major labels (empty string: none).
    pub labels: Vec<String>,
    /// Row-major label colours; `None`: black or white, whichever shows on the fill.
    pub inks: Vec<Option<Rgb>>,
    /// Row-major region ids, when regions are drawn.
    pub regions: Option<Vec<usize>>,
    /// Draw thin lines between all cells.
    pub grid_lines: bool,
    /// Labels on the cell lattice, most often outside the grid (see [`Text`]).
    pub texts: Vec<Text>,
    /// Row-major small labels in a sub-grid of each cell: empty (none), or `s²` slots
    /// (`""` for an empty slot) drawn `s` to a row.
    pub marks: Vec<Vec<String>>,
    /// Colour of the thick lines (regions, border): black, unless the fills may be black
    /// themselves (probability pictures), where a black line would vanish.
    pub line_ink: Rgb,
    /// Row-major cage ids, when cages are drawn as killer sudoku draws them: a dashed
    /// outline just inside each cage's border ([`Picture::cage_outline`]), apart from the
    /// thick region lines.
    pub cages: Option<Vec<usize>>,
}

impl Picture {
    /// A picture of `width × height` white cells with thin grid lines.
    pub fn new(width: usize, height: usize) -> Picture {
        Picture {
            width,
            height,
            fills: vec![Rgb::WHITE; width * height],
            labels: vec![String::new(); width * height],
            inks: vec![None; width * height],
            regions: None,
            grid_lines: true,
            texts: Vec::new(),
            marks: vec![Vec::new(); width * height],
            line_ink: Rgb::BLACK,
            cages: None,
        }
    }

    /// The dashed cage outline as segments `(x0, y0, x1, y1)` in pixels from the grid's
    /// corner, for cells of `cell` pixels: each cell side on a cage border runs `inset`
    /// pixels inside the cell; it reaches the cell's edge where the cage goes on beside it,
    /// and past it by `inset` at a concave corner, so the segments of a cage join into one
    /// closed outline. Horizontal segments first, then vertical ones.
    pub fn cage_outline(&self, cell: usize) -> Vec<(i64, i64, i64, i64)> {
        let Some(cages) = &self.cages else {
            return Vec::new();
        };
        let (w, h) = (self.width as i64, self.height as i64);
        let at = |r: i64, c: i64| {
            (r >= 0 && c >= 0 && r < h && c < w).then(|| cages[(r * w + c) as usize])
        };
        let (size, d) = (cell as i64, (cell as i64 / 8).max(2));
        let mut segments = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let me = at(r, c);
                let (x, y) = (c * size, r * size);
                // Where a side's segment ends towards neighbour (dr, dc) along it, seen
                // from the side's outer neighbour (or, dc): inset, edge, or past the edge.
                let end = |dr: i64, dc: i64, or: i64, oc: i64| {
                    if at(r + dr, c + dc) != me {
                        d
                    } else if at(r + dr + or, c + dc + oc) == me {
                        -d
                    } else {
                        0
                    }
                };
                for (or, oc) in [(-1, 0), (1, 0)] {
                    if at(r + or, c + oc) != me {
                        let yy = if or < 0 { y + d } else { y + size - d };
                        segments.push((
                            x + end(0, -1, or, oc),
                            yy,
                            x + size - end(0, 1, or, oc),
                            yy,
                        ));
                    }
                }
                for (or, oc) in [(0, -1), (0, 1)] {
                    if at(r + or, c + oc) != me {
                        let xx = if oc < 0 { x + d } else { x + size - d };
                        segments.push((
                            xx,
                            y + end(-1, 0, or, oc),
                            xx,
                            y + size - end(1, 0, or, oc),
                        ));
                    }
                }
            }
        }
        segments.sort_by_key(|&(x0, y0, x1, _)| (x0 == x1, y0, x0));
        segments
    }

    /// Cells of margin left of and above the grid that the texts need.
    pub fn origin(&self) -> (usize, usize) {
        let left = self.texts.iter().map(|t| -t.col).max().unwrap_or(0).max(0);
        let top = self.texts.iter().map(|t| -t.row).max().unwrap_or(0).max(0);
        (left as usize, top as usize)
    }

    /// Columns and rows of cells the whole drawing spans: the grid and every text.
    pub fn extent(&self) -> (usize, usize) {
        let (left, top) = self.origin();
        let right = self
            .texts
            .iter()
            .map(|t| t.col + 1)
            .max()
            .unwrap_or(0)
            .max(0) as usize;
        let bottom = self
            .texts
            .iter()
            .map(|t| t.row + 1)
            .max()
            .unwrap_or(0)
            .max(0) as usize;
        (left + right.max(self.width), top + bottom.max(self.height))
    }

    fn region(&self, row: usize, col: usize) -> Option<usize> {
        self.regions.as_ref().map(|r| r[row * self.width + col])
    }

    /// Whether a thick line separates (row, col) from its right neighbour.
    fn thick_right(&self, row: usize, col: usize) -> bool {
        col + 1 == self.width || self.region(row, col) != self.region(row, col + 1)
    }

    /// Whether a thick line separates (row, col) from the cell below.
    fn thick_below(&self, row: usize, col: usize) -> bool {
        row + 1 == self.height || self.region(row, col) != self.region(row + 1, col)
    }
}

/// The picture as an SVG document.
pub fn to_svg(picture: &Picture, cell: usize) -> String {
    let (w, h) = (picture.width * cell, picture.height * cell);
    let (cols, rows) = picture.extent();
    let (left, top) = picture.origin();
    let margin = 2;
    let (full_w, full_h) = (cols * cell + 2 * margin, rows * cell + 2 * margin);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{full_w}" height="{full_h}" viewBox="-{} -{} {full_w} {full_h}">"#,
        margin + left * cell,
        margin + top * cell,
    );
    if left + top > 0 || cols > picture.width || rows > picture.height {
        let _ = writeln!(
            svg,
            r#"<rect x="-{}" y="-{}" width="{full_w}" height="{full_h}" fill="white"/>"#,
            margin + left * cell,
            margin + top * cell,
        );
    }
    for text in &picture.texts {
        let (x, y) = (text.col * cell as i32, text.row * cell as i32);
        if let Some(chip) = text.chip {
            let _ = writeln!(
                svg,
                r#"<rect x="{}" y="{}" width="{}" height="{}" rx="2" fill="{}"/>"#,
                x + 1,
                y + 1,
                cell.saturating_sub(2),
                cell.saturating_sub(2),
                chip.hex()
            );
        }
        if !text.label.is_empty() {
            let ink = text
                .ink
                .unwrap_or_else(|| ink_for(text.chip.unwrap_or(Rgb::WHITE)));
            svg_text(
                &mut svg,
                &text.label,
                x as f64,
                y as f64,
                cell as f64,
                1.0,
                ink,
            );
        }
    }
    for row in 0..picture.height {
        for col in 0..picture.width {
            let i = row * picture.width + col;
            let (x, y) = (col * cell, row * cell);
            let stroke = if picture.grid_lines {
                r##" stroke="#999" stroke-width="0.5""##
            } else {
                ""
            };
            let _ = writeln!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}"{stroke}/>"#,
                picture.fills[i].hex()
            );
            if !picture.labels[i].is_empty() {
                let ink = picture.inks[i].unwrap_or_else(|| ink_for(picture.fills[i]));
                svg_text(
                    &mut svg,
                    &picture.labels[i],
                    x as f64,
                    y as f64,
                    cell as f64,
                    1.0,
                    ink,
                );
            }
            let marks = &picture.marks[i];
            let side = marks_side(marks.len());
            let slot = cell as f64 / side as f64;
            for (k, mark) in marks.iter().enumerate().filter(|(_, m)| !m.is_empty()) {
                let (sx, sy) = (
                    x as f64 + (k % side) as f64 * slot,
                    y as f64 + (k / side) as f64 * slot,
                );
                svg_text(&mut svg, mark, sx, sy, slot, 1.4, MARK_INK);
            }
        }
    }
    for (x0, y0, x1, y1) in picture.cage_outline(cell) {
        let _ = writeln!(
            svg,
            r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="{}" stroke-width="1" stroke-dasharray="{CAGE_DASH} {CAGE_DASH}"/>"#,
            CAGE_INK.hex()
        );
    }
    let thick = (cell / 10).max(2);
    let line = picture.line_ink.hex();
    for row in 0..picture.height {
        for col in 0..picture.width {
            let (x, y) = (col * cell, row * cell);
            if picture.thick_right(row, col) {
                let _ = writeln!(
                    svg,
                    r#"<line x1="{0}" y1="{y}" x2="{0}" y2="{1}" stroke="{line}" stroke-width="{thick}"/>"#,
                    x + cell,
                    y + cell
                );
            }
            if picture.thick_below(row, col) {
                let _ = writeln!(
                    svg,
                    r#"<line x1="{x}" y1="{0}" x2="{1}" y2="{0}" stroke="{line}" stroke-width="{thick}"/>"#,
                    y + cell,
                    x + cell
                );
            }
        }
    }
    let _ = writeln!(
        svg,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="none" stroke="{line}" stroke-width="{thick}"/>"#
    );
    svg.push_str("</svg>\n");
    svg
}

/// Ink of pencil marks: dark grey, apart from the digits of the cells.
const MARK_INK: Rgb = Rgb(70, 70, 70);

/// Ink of cage outlines, and the length of their dashes and gaps in pixels.
const CAGE_INK: Rgb = Rgb(60, 60, 60);
const CAGE_DASH: i64 = 3;

/// Slots a row of a cell's marks: the least `s` with `s² ≥ count`.
fn marks_side(count: usize) -> usize {
    (1..).find(|s| s * s >= count).unwrap_or(1)
}

/// An SVG text centred in the box of side `size` at (x, y), sized as the PNG's labels
/// (about 60% of the box high, at most 80% wide; `boost` scales both for small boxes).
fn svg_text(svg: &mut String, label: &str, x: f64, y: f64, size: f64, boost: f64, ink: Rgb) {
    let chars = label.chars().count().max(1) as f64;
    // A sans-serif digit is about 0.55 em wide and 0.72 em high.
    let font = (size * 0.6 * boost / 0.72).min(size * 0.8 * boost.min(1.2) / (0.55 * chars));
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" font-family="sans-serif" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" fill="{}">{}</text>"#,
        x + size / 2.0,
        y + size / 2.0,
        ink.hex(),
        escape(label)
    );
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// 5×7 glyphs, one row a byte (bit 4 = leftmost column).
fn glyph(c: char) -> [u8; 7] {
    match c.to_ascii_uppercase() {
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '+' => [0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00],
        '-' => [0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00],
        '=' => [0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00],
        '*' => [0x00, 0x15, 0x0E, 0x1F, 0x0E, 0x15, 0x00],
        '.' => [0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C],
        '<' => [0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02],
        '>' => [0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08],
        '^' => [0x04, 0x0A, 0x11, 0x00, 0x00, 0x00, 0x00],
        ' ' => [0x00; 7],
        _ => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04], // `?`
    }
}

/// Black on light fills, white on dark ones.
fn ink_for(fill: Rgb) -> Rgb {
    let luma = 299 * u32::from(fill.0) + 587 * u32::from(fill.1) + 114 * u32::from(fill.2);
    if luma < 128_000 {
        Rgb::WHITE
    } else {
        Rgb::BLACK
    }
}

/// Draw `label` centred in the box of side `size` whose top-left pixel is (x0, y0): glyphs
/// 5×7 plus a one-unit gap, scaled (by any factor, sampled to the nearest glyph unit) so
/// the text is at most `high` of the box high and `wide` of it wide.
#[allow(clippy::too_many_arguments)]
fn draw_label(
    paint: &mut impl FnMut(usize, usize, Rgb),
    label: &str,
    x0: usize,
    y0: usize,
    size: usize,
    (high, wide): (f64, f64),
    ink: Rgb,
) {
    let chars: Vec<char> = label.chars().collect();
    if chars.is_empty() {
        return;
    }
    let units_wide = chars.len() * 6 - 1;
    let scale = (size as f64 * high / 7.0)
        .min(size as f64 * wide / units_wide as f64)
        .max(1.0);
    let (w, h) = (
        (units_wide as f64 * scale).round() as usize,
        (7.0 * scale).round() as usize,
    );
    let left = x0 + size.saturating_sub(w) / 2;
    let top = y0 + size.saturating_sub(h) / 2;
    let glyphs: Vec<[u8; 7]> = chars.iter().map(|&c| glyph(c)).collect();
    for py in 0..h {
        let gy = ((py as f64 + 0.5) / scale) as usize;
        if gy >= 7 {
            continue;
        }
        for px in 0..w {
            let u = ((px as f64 + 0.5) / scale) as usize;
            let (k, gx) = (u / 6, u % 6);
            if gx < 5 && k < glyphs.len() && glyphs[k][gy] >> (4 - gx) & 1 == 1 {
                paint(left + px, top + py, ink);
            }
        }
    }
}

/// How much of its box a label takes: 60% high, 80% wide.
const LABEL_FIT: (f64, f64) = (0.6, 0.8);
/// How much of its slot a mark takes (slots are small: nearly all of it).
const MARK_FIT: (f64, f64) = (0.85, 0.9);

/// White pixels around the whole drawing in a PNG.
pub const PNG_MARGIN: usize = 2;

/// The picture as a PNG file's bytes: fills, lines and labels.
pub fn to_png(picture: &Picture, cell: usize) -> Result<Vec<u8>, png::EncodingError> {
    let (cols, rows) = picture.extent();
    let (left, top) = picture.origin();
    let (w, h) = (cols * cell + 2 * PNG_MARGIN, rows * cell + 2 * PNG_MARGIN);
    // Grid cell (0, 0) starts at pixel (mx, my).
    let (mx, my) = (PNG_MARGIN + left * cell, PNG_MARGIN + top * cell);
    let mut pixels = vec![255u8; w * h * 3];
    let mut paint = |x: usize, y: usize, colour: Rgb| {
        if x < w && y < h {
            let p = (y * w + x) * 3;
            pixels[p..p + 3].copy_from_slice(&[colour.0, colour.1, colour.2]);
        }
    };
    let thick = (cell / 10).max(2);
    for row in 0..picture.height {
        for col in 0..picture.width {
            let fill = picture.fills[row * picture.width + col];
            let (x0, y0) = (mx + col * cell, my + row * cell);
            for dy in 0..cell {
                for dx in 0..cell {
                    let thin_line = picture.grid_lines && (dx == 0 || dy == 0);
                    let colour = if thin_line { Rgb(153, 153, 153) } else { fill };
                    paint(x0 + dx, y0 + dy, colour);
                }
            }
        }
    }
    for (x0, y0, x1, y1) in picture.cage_outline(cell) {
        // Dashes counted from the segment's start: CAGE_DASH pixels on, as many off.
        let length = (x1 - x0).abs().max((y1 - y0).abs());
        for t in (0..=length).filter(|t| (t / CAGE_DASH) % 2 == 0) {
            let (x, y) = (x0 + (x1 - x0).signum() * t, y0 + (y1 - y0).signum() * t);
            paint((mx as i64 + x) as usize, (my as i64 + y) as usize, CAGE_INK);
        }
    }
    for row in 0..picture.height {
        for col in 0..picture.width {
            let (x0, y0) = (mx + col * cell, my + row * cell);
            if picture.thick_right(row, col) {
                for dy in 0..cell + thick / 2 {
                    for t in 0..thick {
                        paint(x0 + cell + t - thick / 2, y0 + dy, picture.line_ink);
                    }
                }
            }
            if picture.thick_below(row, col) {
                for dx in 0..cell + thick / 2 {
                    for t in 0..thick {
                        paint(x0 + dx, y0 + cell + t - thick / 2, picture.line_ink);
                    }
                }
            }
            if col == 0 {
                for dy in 0..cell {
                    for t in 0..thick {
                        paint(x0 + t - thick / 2, y0 + dy, picture.line_ink);
                    }
                }
            }
            if row == 0 {
                for dx in 0..cell {
                    for t in 0..thick {
                        paint(x0 + dx, y0 + t - thick / 2, picture.line_ink);
                    }
                }
            }
        }
    }
    for row in 0..picture.height {
        for col in 0..picture.width {
            let i = row * picture.width + col;
            let (x0, y0) = (mx + col * cell, my + row * cell);
            draw_label(
                &mut paint,
                &picture.labels[i],
                x0,
                y0,
                cell,
                LABEL_FIT,
                picture.inks[i].unwrap_or_else(|| ink_for(picture.fills[i])),
            );
            let marks = &picture.marks[i];
            let side = marks_side(marks.len());
            let slot = cell / side;
            let inset = (cell - slot * side) / 2;
            for (k, mark) in marks.iter().enumerate() {
                let (sx, sy) = (
                    x0 + inset + (k % side) * slot,
                    y0 + inset + (k / side) * slot,
                );
                draw_label(&mut paint, mark, sx, sy, slot, MARK_FIT, MARK_INK);
            }
        }
    }
    for text in &picture.texts {
        // The text's box: never left of or above the drawing, as the origin holds it.
        let x0 = (mx as i64 + i64::from(text.col) * cell as i64).max(0) as usize;
        let y0 = (my as i64 + i64::from(text.row) * cell as i64).max(0) as usize;
        if let Some(chip) = text.chip {
            for dy in 1..cell.saturating_sub(1) {
                for dx in 1..cell.saturating_sub(1) {
                    paint(x0 + dx, y0 + dy, chip);
                }
            }
        }
        let ink = text
            .ink
            .unwrap_or_else(|| ink_for(text.chip.unwrap_or(Rgb::WHITE)));
        draw_label(&mut paint, &text.label, x0, y0, cell, LABEL_FIT, ink);
    }
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, w as u32, h as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&pixels)?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_has_signature_and_size() {
        let mut picture = Picture::new(3, 2);
        picture.fills[0] = Rgb::BLACK;
        let bytes = to_png(&picture, 10).expect("encode");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        // IHDR width and height, big-endian, after the 8-byte signature and chunk header.
        assert_eq!(u32::from_be_bytes(bytes[16..20].try_into().unwrap()), 34);
        assert_eq!(u32::from_be_bytes(bytes[20..24].try_into().unwrap()), 24);
    }

    #[test]
    fn cage_outlines_close() {
        // An L of three cells, a single cell, and a 3×3 grid with a cage that wraps around
        // a hole: every segment's ends meet another segment's end (closed outlines).
        for (width, cages) in [
            (2, vec![0, 0, 0, 1]),
            (3, vec![0, 0, 0, 0, 1, 0, 0, 0, 2]),
            (3, vec![0, 1, 1, 0, 0, 1, 2, 0, 1]),
        ] {
            let mut picture = Picture::new(width, cages.len() / width);
            picture.cages = Some(cages);
            let segments = picture.cage_outline(40);
            let mut ends = std::collections::HashMap::new();
            for &(x0, y0, x1, y1) in &segments {
                assert!(x0 == x1 || y0 == y1);
                *ends.entry((x0, y0)).or_insert(0) += 1;
                *ends.entry((x1, y1)).or_insert(0) += 1;
            }
            assert!(ends.values().all(|&k| k % 2 == 0), "{segments:?}");
        }
        let mut picture = Picture::new(2, 2);
        picture.cages = Some(vec![0, 0, 0, 1]);
        assert!(to_svg(&picture, 40).contains("stroke-dasharray"));
    }

    #[test]
    fn svg_draws_every_cell_and_label() {
        let mut picture = Picture::new(2, 2);
        picture.labels[3] = "7".into();
        let svg = to_svg(&picture, 20);
        assert_eq!(svg.matches("<rect").count(), 5);
        assert!(svg.contains(">7</text>"));
    }
}
