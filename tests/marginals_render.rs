//! `render --marginals`: the exact probability picture, decoded from the PNG and checked
//! against the marginals `analyze --marginals` reports.

use assert_cmd::Command;
use serde_json::Value;

const CELL: usize = 30;
const MARGIN: usize = 2;

fn satcover() -> Command {
    Command::cargo_bin("satcover").expect("binary")
}

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
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("s.png");
    let out = satcover()
        .args(["render", "--marginals", "--cell", "30", "--png"])
        .arg(&png)
        .arg(file)
        .output()
        .expect("run render");
    assert!(out.status.success(), "{out:?}");
    let picture = decode(&png);
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
