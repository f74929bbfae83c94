//! Shapes: normalising a set of cells, the orientations of a piece under the symmetries of
//! the square, and the twelve pentominoes. This is the geometry of the solvers' placement
//! generator; the checker (`check.rs`) has its own.

/// Shift cells so the smallest row and column are 0, and sort them.
pub(super) fn normalise(cells: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out
}

/// The distinct orientations of a shape: the 8 symmetries of the square (rotations by 90°
/// and the transpose), or only the shape itself when fixed. The drawn orientation first.
pub(crate) fn orientations(cells: &[(usize, usize)], fixed: bool) -> Vec<Vec<(usize, usize)>> {
    let base = normalise(cells);
    if fixed {
        return vec![base];
    }
    let mut out: Vec<Vec<(usize, usize)>> = Vec::with_capacity(8);
    let mut shape = base;
    for _ in 0..2 {
        for _ in 0..4 {
            if !out.contains(&shape) {
                out.push(shape.clone());
            }
            // Rotate by 90°: (r, c) → (c, -r).
            let rotated: Vec<(i64, i64)> = shape
                .iter()
                .map(|&(r, c)| (c as i64, -(r as i64)))
                .collect();
            shape = normalise_signed(&rotated);
        }
        // Transpose (a reflection), then the four rotations again.
        let flipped: Vec<(usize, usize)> = shape.iter().map(|&(r, c)| (c, r)).collect();
        shape = normalise(&flipped);
    }
    out
}

fn normalise_signed(cells: &[(i64, i64)]) -> Vec<(usize, usize)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(usize, usize)> = cells
        .iter()
        .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
        .collect();
    out.sort_unstable();
    out
}

/// The 12 pentominoes in the order F I L N P T U V W X Y Z (Golomb's names).
pub const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##\n##.\n.#."),
    ("I", "#####"),
    ("L", "####\n#..."),
    ("N", "##..\n.###"),
    ("P", "##\n##\n#."),
    ("T", "###\n.#.\n.#."),
    ("U", "#.#\n###"),
    ("V", "#..\n#..\n###"),
    ("W", "#..\n##.\n.##"),
    ("X", ".#.\n###\n.#."),
    ("Y", ".#..\n####"),
    ("Z", "##.\n.#.\n.##"),
];

pub(super) fn drawing_cells(drawing: &str) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    for (r, row) in drawing.lines().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.push((r, c));
            }
        }
    }
    cells
}
