//! Nonograms from pictures: the clues of a picture, plus the givens that make them unique.
//!
//! Glossary:
//! - **picture**: the intended solution (the goal), black and white; read from a text
//!   picture (`#` black, `.` white, one row a line), a `.non` file with a `goal`, or a PNG
//!   (white is the background, the one other colour is ink).
//! - **varies**: a cell that is black in some solution of the clues and white in another.
//! - **given**: a cell revealed to the solver (`givens` in `.non`, as in the GCHQ 2015
//!   puzzle).
//!
//! Givens are chosen greedily, as setters do: while the clues and givens admit a second
//! solution, reveal a cell where it differs from the picture, and ask again. The question
//! "exactly one?" goes to the native solver (line logic, probing, search), the fastest
//! engine on nonograms by far (README: "Which backend wins").

use crate::puzzle::{Backend, Request, SolveError, solve};
use crate::puzzles::nonogram::{Block, Grid, Nonogram, formats};

/// A picture that could not be read: the message names the place.
pub type PictureError = String;

/// Read a black-and-white picture; `name` decides the format (`.png`, `.non`, else text).
pub fn read_picture(name: &str, bytes: &[u8]) -> Result<Grid, PictureError> {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".png") {
        return read_png(name, bytes);
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| format!("{name}: not UTF-8 text (a picture is `#`/`.` text, .non or .png)"))?;
    if lower.ends_with(".non") {
        let puzzle = formats::parse_non(text).map_err(|e| format!("{name}: {e}"))?;
        return puzzle
            .goal()
            .cloned()
            .ok_or_else(|| format!("{name}: the .non file has no `goal` picture"));
    }
    read_text(name, text)
}

/// Rows of `#` (also `X`, `1`) for black and `.` (also `0`, `-`) for white; blank lines
/// and lines starting with `;` are skipped.
pub fn read_text(name: &str, text: &str) -> Result<Grid, PictureError> {
    let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        let mut row = Vec::with_capacity(line.len());
        for (column, c) in line.chars().enumerate() {
            row.push(match c {
                '#' | 'X' | 'x' | '1' => true,
                '.' | '0' | '-' => false,
                other => {
                    return Err(format!(
                        "{name}:{}:{}: `{other}` is not a picture cell (`#` black, `.` white)",
                        number + 1,
                        column + 1
                    ));
                }
            });
        }
        if let Some((first_line, first)) = rows.first()
            && first.len() != row.len()
        {
            return Err(format!(
                "{name}:{}: this row has {} cells but row 1 (line {}) has {}: rows must be equally long",
                number + 1,
                row.len(),
                first_line + 1,
                first.len()
            ));
        }
        rows.push((number, row));
    }
    if rows.is_empty() {
        return Err(format!("{name}: the picture is empty"));
    }
    let (width, height) = (rows[0].1.len(), rows.len());
    let mut grid = Grid::new(width, height);
    for (r, (_, row)) in rows.iter().enumerate() {
        for (c, &black) in row.iter().enumerate() {
            grid.set(r, c, black);
        }
    }
    Ok(grid)
}

/// A PNG of two colours: white (or, without white, the lighter one) is the background.
pub fn read_png(name: &str, bytes: &[u8]) -> Result<Grid, PictureError> {
    let bad = |e: &dyn std::fmt::Display| format!("{name}: not a readable PNG: {e}");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| bad(&e))?;
    let mut pixels = vec![
        0;
        reader
            .output_buffer_size()
            .ok_or_else(|| bad(&"too large"))?
    ];
    let info = reader.next_frame(&mut pixels).map_err(|e| bad(&e))?;
    let channels = info.color_type.samples();
    let (width, height) = (info.width as usize, info.height as usize);
    let mut colours: Vec<[u8; 3]> = Vec::new();
    let mut cells = Vec::with_capacity(width * height);
    for px in pixels[..width * height * channels].chunks(channels) {
        let rgb = match channels {
            1 | 2 => [px[0]; 3],
            _ => [px[0], px[1], px[2]],
        };
        // Transparent pixels are background.
        let rgb = if (channels == 2 || channels == 4) && px[channels - 1] == 0 {
            [255; 3]
        } else {
            rgb
        };
        let index = match colours.iter().position(|&c| c == rgb) {
            Some(i) => i,
            None => {
                colours.push(rgb);
                if colours.len() > 2 {
                    return Err(format!(
                        "{name}: the PNG has more than 2 colours; a black-and-white nonogram takes a background (white) and one ink"
                    ));
                }
                colours.len() - 1
            }
        };
        cells.push(index);
    }
    let lightness = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
    let background = match colours.as_slice() {
        [a, b] if lightness(*b) > lightness(*a) => 1,
        _ => 0,
    };
    let mut grid = Grid::new(width, height);
    for (i, &colour) in cells.iter().enumerate() {
        grid.set(i / width, i % width, colour != background);
    }
    Ok(grid)
}

/// The puzzle generated from a picture.
#[derive(Clone, Debug)]
pub struct FromPicture {
    /// Clues, goal and the givens that make it unique.
    pub puzzle: Nonogram,
    /// Uniqueness checks made (native solver, counting to two).
    pub checks: u64,
}

/// The clues of `goal` and greedy givens until the solution is unique.
pub fn from_picture(goal: &Grid) -> Result<FromPicture, SolveError> {
    let clues_only = Nonogram::from_grid(goal).with_goal(Some(goal.clone()));
    let cells = goal.width * goal.height;
    let mut givens: Vec<Option<u8>> = vec![None; cells];
    let mut checks = 0;
    loop {
        let puzzle = clues_only.clone().with_colour_givens(givens.clone());
        checks += 1;
        let outcome = solve(&puzzle, Backend::Native, &Request::unique())?;
        if outcome.unique() == Some(true) {
            return Ok(FromPicture { puzzle, checks });
        }
        let other = outcome
            .solutions
            .iter()
            .find(|s| *s != goal)
            .ok_or_else(|| SolveError::TooLarge("the native solver stopped".into()))?;
        // Reveal the cell in the middle of where the two solutions differ: the picture
        // keeps its value there and this second solution is gone.
        let differing: Vec<usize> = (0..cells)
            .filter(|&i| other.cells[i] != goal.cells[i])
            .collect();
        let reveal = differing[differing.len() / 2];
        givens[reveal] = Some(goal.cells[reveal]);
    }
}

/// The puzzle in nonogram-db's `.non` format, with `goal` and, when any, `givens`.
pub fn to_non(puzzle: &Nonogram, title: &str) -> String {
    let clue_line = |clue: &[Block]| {
        if clue.is_empty() {
            "0".to_string()
        } else {
            clue.iter()
                .map(|b| b.len.to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let mut out = String::new();
    out.push_str(&format!("title \"{}\"\n", title.replace('"', "'")));
    out.push_str("by \"satcover generate nonogram\"\n");
    out.push_str(&format!(
        "width {}\nheight {}\n\nrows\n",
        puzzle.width(),
        puzzle.height()
    ));
    for clue in puzzle.row_clues() {
        out.push_str(&clue_line(clue));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for clue in puzzle.column_clues() {
        out.push_str(&clue_line(clue));
        out.push('\n');
    }
    if let Some(goal) = puzzle.goal() {
        let bits: String = goal
            .cells
            .iter()
            .map(|&c| if c != 0 { '1' } else { '0' })
            .collect();
        out.push_str(&format!("\ngoal \"{bits}\"\n"));
    }
    if puzzle.num_givens() > 0 {
        let givens: String = puzzle
            .givens()
            .iter()
            .map(|g| match g {
                Some(0) => '0',
                Some(_) => '1',
                None => '.',
            })
            .collect();
        out.push_str(&format!(
            "\n# {} given cells (1 black, 0 white, . not given) make the solution unique.\ngivens \"{givens}\"\n",
            puzzle.num_givens()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_picture_rows_must_be_equal() {
        let e = read_text("p.txt", "#.#\n##\n").unwrap_err();
        assert!(e.starts_with("p.txt:2:"), "{e}");
        let e = read_text("p.txt", "#.a\n").unwrap_err();
        assert!(e.starts_with("p.txt:1:3:"), "{e}");
        let g = read_text("p.txt", "; a comment\n#.\n.#\n").expect("picture");
        assert_eq!(g.row_strings(), vec!["#.", ".#"]);
    }
}
