//! Pictures for the page: SVG at a cell size that suits the grid, and the cells where two
//! solutions differ outlined on both.
//!
//! The outline rectangles sit on the grid's cell lattice as `render::to_svg` draws it
//! (cell (row, col) at x = col·cell, y = row·cell in the SVG's user units).

use std::fmt::Write as _;

use crate::render::{self, Picture};

/// About this many pixels across the whole drawing, clues and legends included.
const TARGET_PIXELS: usize = 540;

/// Pixels per cell side for `picture`: large for small grids, down to 6 for huge ones.
pub(super) fn cell_size(picture: &Picture) -> usize {
    let (cols, rows) = picture.extent();
    (TARGET_PIXELS / cols.max(rows).max(1)).clamp(6, 48)
}

/// `picture` as SVG, with `outlined` cells (row, col) drawn in a red frame.
pub(super) fn svg(picture: &Picture, outlined: &[(usize, usize)]) -> String {
    let cell = cell_size(picture);
    let mut svg = render::to_svg(picture, cell);
    if outlined.is_empty() {
        return svg;
    }
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    let mut frames = String::new();
    let stroke = (cell / 8).max(2);
    for &(row, col) in outlined {
        let _ = writeln!(
            frames,
            r##"<rect class="differs" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#e8112d" stroke-width="{stroke}"/>"##,
            col * cell + stroke / 2,
            row * cell + stroke / 2,
            cell - stroke,
            cell - stroke,
        );
    }
    svg.insert_str(end, &frames);
    svg
}

/// The cells (row, col) where two pictures of one puzzle differ, in fill or label.
pub(super) fn differing(a: &Picture, b: &Picture) -> Vec<(usize, usize)> {
    if (a.width, a.height) != (b.width, b.height) {
        return Vec::new();
    }
    (0..a.width * a.height)
        .filter(|&i| a.fills[i] != b.fills[i] || a.labels[i] != b.labels[i])
        .map(|i| (i / a.width, i % a.width))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Rgb;

    #[test]
    fn differing_cells_are_outlined_on_the_lattice() {
        let a = Picture::new(3, 2);
        let mut b = a.clone();
        b.fills[4] = Rgb::BLACK;
        b.labels[0] = "7".to_string();
        let cells = differing(&a, &b);
        assert_eq!(cells, vec![(0, 0), (1, 1)]);
        let drawn = svg(&b, &cells);
        assert_eq!(drawn.matches(r#"class="differs""#).count(), 2);
        let cell = cell_size(&b);
        let stroke = (cell / 8).max(2);
        assert!(drawn.contains(&format!(
            r#"x="{}" y="{}""#,
            cell + stroke / 2,
            cell + stroke / 2
        )));
        assert!(drawn.trim_end().ends_with("</svg>"));
    }
}
