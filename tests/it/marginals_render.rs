//! `render --marginals`: the exact probability picture, decoded from the PNG and checked
//! against the marginals `analyze --marginals` reports.

use serde_json::Value;

use crate::common::satcover;

const CELL: usize = 30;
const MARGIN: usize = 2;

/// A 4×2 nonogram with two solutions: column 3 is empty and column 4 full (forced),
/// and the rows' first blocks sit on a diagonal of columns 1–2, either way (each of
/// those four cells black in one solution of two).
const TWO_DIAGONALS: &str = "width 4\nheight 2\n\nrows\n1,1\n1,1\n\ncolumns\n1\n1\n0\n2\n";

/// The decoded PNG: width in pixels, samples per pixel and the samples.
fn decode(path: &std::path::Path) -> (usize, usize, Vec<u8>) {
    let bytes = std::fs::read(path).expect("png written");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("png header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut pixels).expect("png frame");
    (info.width as usize, info.color_type.samples(), pixels)
}

/// The red sample (pictures are grey here) at (dx, dy) inside cell (row, col) of a grid
/// that starts `origin` cells (columns, rows: the clues' margins) into the picture.
fn sample(
    png: &(usize, usize, Vec<u8>),
    origin: (usize, usize),
    (row, col): (usize, usize),
    dx: usize,
    dy: usize,
) -> u8 {
    let (width, channels, pixels) = png;
    let (row, col) = (row + origin.1, col + origin.0);
    let (x, y) = (MARGIN + col * CELL + dx, MARGIN + row * CELL + dy);
    pixels[(y * width + x) * channels]
}

fn marginals(file: &std::path::Path) -> Value {
    let out = satcover()
        .args(["analyze", "--marginals", "--format", "json"])
        .arg(file)
        .output()
        .expect("run analyze");
    let line: Value = serde_json::from_slice(&out.stdout).expect("analyze json");
    assert_eq!(line["complete"], true, "{line}");
    line["marginals"].clone()
}

/// `render --marginals` of `file` at 30 pixels a cell, as a decoded PNG.
fn marginals_png(file: &std::path::Path) -> (usize, usize, Vec<u8>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("m.png");
    let out = satcover()
        .args(["render", "--marginals", "--cell", "30", "--png"])
        .arg(&png)
        .arg(file)
        .output()
        .expect("run render");
    assert!(out.status.success(), "{out:?}");
    decode(&png)
}

#[test]
fn nonogram_greys_are_the_exact_probabilities_of_black() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("two.non");
    std::fs::write(&file, TWO_DIAGONALS).expect("write puzzle");
    let (png, svg) = (dir.path().join("p.png"), dir.path().join("p.svg"));
    let out = satcover()
        .args(["render", "--marginals", "--cell", "30", "--png"])
        .arg(&png)
        .arg("--svg")
        .arg(&svg)
        .arg(&file)
        .output()
        .expect("run render");
    assert!(out.status.success(), "{out:?}");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("incomplete"),
        "{out:?}"
    );
    assert!(std::fs::read_to_string(&svg).expect("svg").contains("<svg"));
    let picture = decode(&png);
    let marginals = marginals(&file);
    for row in 0..2 {
        for col in 0..4 {
            let p = marginals[row][col].as_f64().expect("probability");
            let expected = [0.5, 0.5, 0.0, 1.0][col];
            assert_eq!(p, expected, "r{}c{}", row + 1, col + 1);
            // The clues take two columns left of the grid and a row above it.
            let level = sample(&picture, (2, 1), (row, col), CELL / 2, CELL / 2);
            match col {
                // Either way: mid-grey.
                0 | 1 => assert!((120..=136).contains(&level), "r{row}c{col}: {level}"),
                // Forced white.
                2 => assert_eq!(level, 255, "r{row}c{col}"),
                // Forced black.
                _ => assert!(level < 10, "r{row}c{col}: {level}"),
            }
        }
    }
}

#[test]
fn an_unfinished_enumeration_is_said_on_stderr() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("two.non");
    std::fs::write(&file, TWO_DIAGONALS).expect("write puzzle");
    let png = dir.path().join("p.png");
    let out = satcover()
        .args(["render", "--marginals", "--limit", "1", "--png"])
        .arg(&png)
        .arg(&file)
        .output()
        .expect("run render");
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("incomplete"), "{stderr}");
    assert!(stderr.contains("not of all solutions"), "{stderr}");
}

#[test]
fn sudoku_cells_show_their_most_likely_digit_on_the_grey_of_its_probability() {
    let file = std::path::Path::new("tests/fixtures/sudoku/two-solutions.txt");
    let picture = marginals_png(file);
    let marginals = marginals(file);
    let cells = marginals.as_array().expect("rows");
    let mut halves = 0;
    for (row, cells) in cells.iter().enumerate() {
        for (col, digits) in cells.as_array().expect("row").iter().enumerate() {
            let best = digits
                .as_object()
                .expect("digit -> probability")
                .values()
                .filter_map(Value::as_f64)
                .fold(0.0, f64::max);
            // A corner of the cell, clear of the centred digit and of box lines.
            let level = f64::from(sample(&picture, (0, 0), (row, col), 5, 5));
            let expected = 255.0 * (1.0 - best);
            assert!(
                (level - expected).abs() <= 1.0,
                "r{}c{}: {level} for p = {best}",
                row + 1,
                col + 1
            );
            halves += usize::from(best == 0.5);
        }
    }
    // The deadly rectangle: four cells, each 8 or 6 in one solution of two.
    assert_eq!(halves, 4);
}

/// The RGB of pixel (x, y) of a decoded PNG.
fn rgb(png: &(usize, usize, Vec<u8>), x: usize, y: usize) -> (u8, u8, u8) {
    let (width, channels, pixels) = png;
    let p = (y * width + x) * channels;
    (pixels[p], pixels[p + 1], pixels[p + 2])
}

#[test]
fn sudoku_box_lines_stay_visible_between_black_forced_cells() {
    let file = std::path::Path::new("tests/fixtures/sudoku/two-solutions.txt");
    let picture = marginals_png(file);
    // Row 3 (index 2) is forced: black cells on both sides of the box line after column
    // 3, which is drawn in orange across it, and so is the line below row 3.
    let y = MARGIN + 2 * CELL + CELL / 2;
    assert!(
        sample(&picture, (0, 0), (2, 2), 5, 5) < 10,
        "forced cells are black"
    );
    assert!(
        sample(&picture, (0, 0), (2, 3), 5, 5) < 10,
        "forced cells are black"
    );
    assert_eq!(rgb(&picture, MARGIN + 3 * CELL, y), (255, 140, 0));
    assert_eq!(
        rgb(&picture, MARGIN + CELL / 2, MARGIN + 3 * CELL),
        (255, 140, 0)
    );
}

#[test]
fn alphametic_marginals_are_a_table_of_letter_by_digit() {
    let picture = marginals_png(std::path::Path::new(
        "tests/fixtures/alphametic/send-more-money.alpha",
    ));
    // The one solution: every letter forced. Rows are the letters in the solution's
    // order, columns the digits any letter takes, in numeric order.
    let solution = [
        ('D', 7),
        ('E', 5),
        ('M', 1),
        ('N', 6),
        ('O', 0),
        ('R', 8),
        ('S', 9),
        ('Y', 2),
    ];
    let digits = [0, 1, 2, 5, 6, 7, 8, 9];
    // Names take a column left of the table, digits a row above it.
    let origin = (1, 1);
    let dark_in = |row: i32, col: i32| {
        let (x0, y0) = (
            MARGIN + ((col + 1) as usize) * CELL,
            MARGIN + ((row + 1) as usize) * CELL,
        );
        (0..CELL * CELL)
            .filter(|k| rgb(&picture, x0 + k % CELL, y0 + k / CELL).0 < 100)
            .count()
    };
    for (row, (letter, digit)) in solution.iter().enumerate() {
        assert!(
            dark_in(row as i32, -1) > 10,
            "{letter}'s name left of its row"
        );
        for (col, d) in digits.iter().enumerate() {
            let corner = sample(&picture, origin, (row, col), 5, 5);
            if d == digit {
                assert!(corner < 10, "{letter}={d}: certain, black ({corner})");
                // Its digit in white on the black.
                let centre = (0..CELL / 2)
                    .map(|dx| sample(&picture, origin, (row, col), CELL / 4 + dx, CELL / 2))
                    .max();
                assert!(centre > Some(200), "{letter}={d}: a light label");
            } else {
                assert_eq!(corner, 255, "{letter}≠{d}: impossible, white");
            }
        }
    }
    // The digits head their columns.
    for col in 0..digits.len() {
        assert!(dark_in(-1, col as i32) > 10, "digit above column {col}");
    }
}

#[test]
fn a_dimacs_formulas_variables_get_their_probabilities_under_auto() {
    // x1 ∨ x2 ∨ x3: 7 models, each variable true in 4.
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("or.cnf");
    std::fs::write(&file, "p cnf 3 1\n1 2 3 0\n").expect("write formula");
    // `auto` has no native solver to enumerate with: the marginals come from SAT.
    let numbers = marginals(&file);
    for v in 0..3 {
        let p = numbers[v][(v + 1).to_string()].as_f64().expect("P(true)");
        assert!((p - 4.0 / 7.0).abs() < 1e-9, "x{}: {p}", v + 1);
    }
    let picture = marginals_png(&file);
    // Variables fill a 2×2 square row by row; each in the grey of 4/7.
    let expected = 255.0 * (1.0 - 4.0 / 7.0);
    for (row, col) in [(0, 0), (0, 1), (1, 0)] {
        let level = f64::from(sample(&picture, (0, 0), (row, col), 5, 5));
        assert!((level - expected).abs() <= 1.0, "({row}, {col}): {level}");
    }
}
