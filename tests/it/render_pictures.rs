//! `render`'s pictures, decoded from the PNG: nonogram clues in the margins (colour ones
//! on chips of their colour), legible forced digits on the marginals' greys with the
//! legend under them, sudoku digits that fill 36×36 cells, and pencil marks.

use crate::common::satcover;

const CELL: usize = 30;
const MARGIN: usize = 2;

/// A decoded PNG: width and height in pixels, samples per pixel and the samples.
struct Png {
    width: usize,
    height: usize,
    channels: usize,
    pixels: Vec<u8>,
}

impl Png {
    fn read(path: &std::path::Path) -> Png {
        let bytes = std::fs::read(path).expect("png written");
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("png header");
        let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut pixels).expect("png frame");
        Png {
            width: info.width as usize,
            height: info.height as usize,
            channels: info.color_type.samples(),
            pixels,
        }
    }

    fn rgb(&self, x: usize, y: usize) -> (u8, u8, u8) {
        let p = (y * self.width + x) * self.channels;
        (self.pixels[p], self.pixels[p + 1], self.pixels[p + 2])
    }

    /// Pixels of the `size`-pixel box at (x0, y0), inset by `inset`, for which `test` holds.
    fn count(
        &self,
        (x0, y0): (usize, usize),
        size: usize,
        inset: usize,
        test: impl Fn((u8, u8, u8)) -> bool,
    ) -> usize {
        let mut n = 0;
        for y in y0 + inset..y0 + size - inset {
            for x in x0 + inset..x0 + size - inset {
                n += usize::from(test(self.rgb(x, y)));
            }
        }
        n
    }
}

fn dark(c: (u8, u8, u8)) -> bool {
    c.0 < 100 && c.1 < 100 && c.2 < 100
}

fn light(c: (u8, u8, u8)) -> bool {
    c.0 > 200 && c.1 > 200 && c.2 > 200
}

/// Renders `puzzle` (written to a file named `name`) with `args`; the PNG.
fn render(name: &str, puzzle: &str, args: &[&str]) -> Png {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join(name);
    std::fs::write(&file, puzzle).expect("write puzzle");
    let png = dir.path().join("p.png");
    let out = satcover()
        .arg("render")
        .args(args)
        .arg("--png")
        .arg(&png)
        .arg(&file)
        .output()
        .expect("run render");
    assert!(out.status.success(), "{out:?}");
    Png::read(&png)
}

/// Two rows `1,1`; columns `1`, `1`, empty, `2`: row clues take two cells left of the
/// grid, column clues one above it.
const TWO_DIAGONALS: &str = "width 4\nheight 2\n\nrows\n1,1\n1,1\n\ncolumns\n1\n1\n0\n2\n";

/// Top-left pixel of the box at (row, col) of the lattice, `left` and `top` cells of
/// margin before the grid.
fn at(left: usize, top: usize, row: i32, col: i32) -> (usize, usize) {
    (
        (MARGIN as i32 + (left as i32 + col) * CELL as i32) as usize,
        (MARGIN as i32 + (top as i32 + row) * CELL as i32) as usize,
    )
}

#[test]
fn an_unsolved_nonogram_prints_its_clues_left_of_the_rows_and_above_the_columns() {
    let png = render("two.non", TWO_DIAGONALS, &["--unsolved", "--cell", "30"]);
    let (left, top) = (2, 1);
    assert_eq!(png.width, 2 * MARGIN + (left + 4) * CELL);
    assert_eq!(png.height, 2 * MARGIN + (top + 2) * CELL);
    let ink = |row, col| png.count(at(left, top, row, col), CELL, 2, dark);
    // Row 1's clue `1 1` and row 2's, in the two boxes left of each row.
    for row in 0..2 {
        for col in [-2, -1] {
            assert!(ink(row, col) > 20, "row {row} box {col}: {}", ink(row, col));
        }
    }
    // Column clues above the grid: `1`, `1`, `0` (the empty column), `2`.
    for col in 0..4 {
        assert!(ink(-1, col) > 20, "column {col}: {}", ink(-1, col));
    }
    // The corner above the row clues holds nothing.
    for col in [-2, -1] {
        assert_eq!(ink(-1, col), 0, "corner box {col}");
    }
    // The grid itself is empty: white inside every cell.
    for row in 0..2 {
        for col in 0..4 {
            assert_eq!(ink(row, col), 0, "cell r{}c{}", row + 1, col + 1);
        }
    }
}

#[test]
fn a_solved_nonogram_keeps_its_clues_beside_the_picture() {
    let png = render(
        "two.non",
        "width 2\nheight 1\n\nrows\n2\n\ncolumns\n1\n1\n",
        &["--cell", "30"],
    );
    let (left, top) = (1, 1);
    let ink = |row, col| png.count(at(left, top, row, col), CELL, 2, dark);
    assert!(ink(0, -1) > 20, "row clue `2`");
    assert!(ink(-1, 0) > 20 && ink(-1, 1) > 20, "column clues");
    // Both cells black.
    assert_eq!(ink(0, 0), (CELL - 4) * (CELL - 4));
}

/// A colour nonogram: row 1 is red then yellow, row 2 empty.
const TWO_COLOURS: &str = "width 2\nheight 2\ncolor a #ff0000\ncolor b #ffff00\n\n\
                           rows\n1a,1b\n0\n\ncolumns\n1a\n1b\n";

#[test]
fn colour_clues_sit_on_a_chip_of_their_colour_in_a_contrasting_ink() {
    let png = render("c.non", TWO_COLOURS, &["--unsolved", "--cell", "30"]);
    let (left, top) = (2, 1);
    let red = |c: (u8, u8, u8)| c == (255, 0, 0);
    let yellow = |c: (u8, u8, u8)| c == (255, 255, 0);
    let white = |c: (u8, u8, u8)| c == (255, 255, 255);
    let black = |c: (u8, u8, u8)| c == (0, 0, 0);
    // Row 1: `1` on red (white ink), then `1` on yellow (black ink).
    let red_box = at(left, top, 0, -2);
    assert!(png.count(red_box, CELL, 2, red) > CELL * CELL / 2);
    assert!(png.count(red_box, CELL, 4, white) > 20);
    let yellow_box = at(left, top, 0, -1);
    assert!(png.count(yellow_box, CELL, 2, yellow) > CELL * CELL / 2);
    assert!(png.count(yellow_box, CELL, 4, black) > 20);
    // Column clues: red over column 1, yellow over column 2; the empty row's `0` in black
    // on white.
    assert!(png.count(at(left, top, -1, 0), CELL, 2, red) > CELL * CELL / 2);
    assert!(png.count(at(left, top, -1, 1), CELL, 2, yellow) > CELL * CELL / 2);
    assert!(png.count(at(left, top, 1, -1), CELL, 2, black) > 20);
}

#[test]
fn forced_sudoku_digits_are_light_on_the_black_of_certainty_and_a_legend_follows() {
    let puzzle = std::fs::read_to_string("tests/fixtures/sudoku/two-solutions.txt").expect("read");
    let png = render("s.txt", &puzzle, &["--marginals", "--cell", "30"]);
    // The grid and one row of legend under it.
    assert_eq!(png.height, 2 * MARGIN + 10 * CELL);
    let mut forced = 0;
    for row in 0..9 {
        for col in 0..9 {
            let corner = at(0, 0, row, col);
            if !dark(png.rgb(corner.0 + 5, corner.1 + 5)) {
                continue;
            }
            forced += 1;
            // The digit shows: light pixels inside the black cell.
            let lit = png.count(corner, CELL, 4, light);
            assert!(lit > 20, "r{}c{}: {lit} light pixels", row + 1, col + 1);
        }
    }
    assert_eq!(forced, 81 - 4);
    // The legend: white-ish at 0, black at 1, each labelled.
    let zero = at(0, 0, 9, 0);
    assert!(light(png.rgb(zero.0 + 3, zero.1 + 3)));
    assert!(png.count(zero, CELL, 4, dark) > 20, "`0` written");
    let one = at(0, 0, 9, 5);
    assert!(dark(png.rgb(one.0 + 3, one.1 + 3)));
    assert!(png.count(one, CELL, 4, light) > 10, "`1` written");
}

/// A full 36×36 grid (6×6 boxes): the pattern `(6 (r mod 6) + r / 6 + c) mod 36 + 1`.
fn full_36() -> String {
    let mut text = String::new();
    for r in 0..36 {
        let row: Vec<String> = (0..36)
            .map(|c| ((6 * (r % 6) + r / 6 + c) % 36 + 1).to_string())
            .collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn two_digit_labels_fill_a_36x36_sudokus_cells() {
    let png = render("big.txt", &full_36(), &["--unsolved", "--cell", "24"]);
    let cell = 24;
    let text = full_36();
    let first: Vec<&str> = text.lines().next().expect("row").split(' ').collect();
    for (col, digits) in first.iter().enumerate() {
        let (x0, y0) = (MARGIN + col * cell, MARGIN);
        let mut ink = 0;
        for y in y0 + 2..y0 + cell - 2 {
            for x in x0 + 2..x0 + cell - 2 {
                ink += usize::from(dark(png.rgb(x, y)));
            }
        }
        // One digit at the old whole-number scale took about 15 pixels, two about 30.
        let least = if digits.len() == 2 { 55 } else { 30 };
        assert!(ink >= least, "c{} ({digits}): {ink} dark pixels", col + 1);
    }
}

#[test]
fn pencil_marks_show_in_the_empty_cells_only() {
    let puzzle = std::fs::read_to_string("tests/fixtures/sudoku/norvig-grid.txt").expect("read");
    let (_, sudoku) = satcover::puzzles::sudoku::parse(&puzzle)
        .remove(0)
        .expect("parse");
    let masks = sudoku.candidates().expect("no contradiction");
    let png = render("s.txt", &puzzle, &["--candidates", "--cell", "60"]);
    let cell = 60;
    let slot = cell / 3;
    for (i, &given) in sudoku.givens().iter().enumerate() {
        let (x0, y0) = (MARGIN + (i % 9) * cell, MARGIN + (i / 9) * cell);
        if given != 0 {
            continue;
        }
        // Every candidate's slot has ink; the others none.
        for d in 0..9 {
            let (sx, sy) = (x0 + (d % 3) * slot, y0 + (d / 3) * slot);
            let mut ink = 0;
            // Inset past the thick box lines (a tenth of the cell, centred on the edge).
            for y in sy + 4..sy + slot - 4 {
                for x in sx + 4..sx + slot - 4 {
                    ink += usize::from(dark(png.rgb(x, y)));
                }
            }
            if masks[i] >> d & 1 == 1 {
                assert!(ink > 10, "cell {i}, candidate {}: {ink}", d + 1);
            } else {
                assert_eq!(ink, 0, "cell {i}, digit {} ruled out", d + 1);
            }
        }
    }
}

#[test]
fn candidates_are_what_singles_leave() {
    let text = std::fs::read_to_string("tests/fixtures/sudoku/easy.txt").expect("read");
    let (_, sudoku) = satcover::puzzles::sudoku::parse(&text)
        .remove(0)
        .expect("parse");
    // Norvig's grid 1 falls to singles: one candidate a cell, a valid grid.
    let masks = sudoku.candidates().expect("no contradiction");
    let filled: Vec<u8> = masks
        .iter()
        .map(|m| {
            assert_eq!(m.count_ones(), 1, "{m:b}");
            m.trailing_zeros() as u8 + 1
        })
        .collect();
    satcover::puzzles::sudoku::verify(&sudoku, &filled).expect("a solution");
    for (&given, &digit) in sudoku.givens().iter().zip(&filled) {
        assert!(given == 0 || given == digit);
    }
}

#[test]
fn candidates_are_refused_for_other_kinds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("two.non");
    std::fs::write(&file, TWO_DIAGONALS).expect("write puzzle");
    let out = satcover()
        .args(["render", "--candidates", "--png"])
        .arg(dir.path().join("p.png"))
        .arg(&file)
        .output()
        .expect("run render");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--candidates draws sudoku pencil marks"),
        "{stderr}"
    );
    assert!(stderr.contains("nonogram"), "{stderr}");
    assert!(!dir.path().join("p.png").exists());
}

#[test]
fn the_svg_carries_the_same_clues_as_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("c.non");
    std::fs::write(&file, TWO_COLOURS).expect("write puzzle");
    let svg = dir.path().join("p.svg");
    satcover()
        .args(["render", "--unsolved", "--svg"])
        .arg(&svg)
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).expect("svg");
    // Four `1`s and the empty row's `0`, red and yellow chips, white ink on red.
    assert_eq!(text.matches(">1</text>").count(), 4, "{text}");
    assert_eq!(text.matches(">0</text>").count(), 1, "{text}");
    assert!(text.contains(r##"fill="#ff0000""##) && text.contains(r##"fill="#ffff00""##));
    assert!(text.contains(r##"fill="#ffffff">1</text>"##), "{text}");
}
