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
//! engine on nonograms by far (docs/benchmarks.md: "Which backend wins"), and every
//! solution it hands back passes the checker.

use std::time::Instant;

use crate::puzzle::{
    Backend, Generate, GenerateError, GenerateRequest, Limits, Made, Param, Params, Puzzle,
    SolveError, Summary,
};
use crate::puzzles::nonogram::{Colour, Grid, MAX_COLOURS, Nonogram, Palette, formats, native};
use crate::render::Rgb;
use crate::rng::SplitMix64;
use crate::stop::Stop;

crate::puzzle::message_error!(
    /// A picture that could not be read: the message names the file and the place.
    PictureError
);

/// A picture: its palette (background first) and its cells as palette indices.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The colours, background first.
    pub palette: Palette,
    /// The picture's cells.
    pub grid: Grid,
}

/// Read a picture; `name` decides the format (`.png`, `.non`, else text). Without
/// `colour`, a picture must be black and white.
pub fn read_picture(name: &str, bytes: &[u8], colour: bool) -> Result<Picture, PictureError> {
    let lower = name.to_ascii_lowercase();
    let picture = if lower.ends_with(".png") {
        read_png(name, bytes, colour)?
    } else {
        let text = std::str::from_utf8(bytes).map_err(|_| {
            format!("{name}: not UTF-8 text (a picture is `#`/`.` text, .non or .png)")
        })?;
        if lower.ends_with(".non") {
            let puzzle = formats::parse_non(text).map_err(|e| format!("{name}: {e}"))?;
            let grid = puzzle
                .goal()
                .cloned()
                .ok_or_else(|| format!("{name}: the .non file has no `goal` picture"))?;
            Picture {
                palette: puzzle.palette().clone(),
                grid,
            }
        } else {
            read_text(name, text, colour)?
        }
    };
    if !colour && picture.palette.len() > 2 {
        return Err(format!(
            "{name}: the picture has {} colours besides the background; pass --colour for a colour nonogram",
            picture.palette.len() - 1
        ).into());
    }
    Ok(picture)
}

/// Rows of cells, blank lines and lines starting with `;` skipped. Black and white: `#`
/// (also `X`, `1`) black, `.` (also `0`, `-`) white. With `colour`: `.` is the
/// background and every other character a colour of its own.
fn read_text(name: &str, text: &str, colour: bool) -> Result<Picture, PictureError> {
    let mut rows: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut chars: Vec<char> = vec!['.'];
    for (number, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with(';') {
            continue;
        }
        let mut row = Vec::with_capacity(line.len());
        for (column, c) in line.chars().enumerate() {
            let index = if colour {
                let c = if c == ' ' { '.' } else { c };
                match chars.iter().position(|&x| x == c) {
                    Some(i) => i,
                    None => {
                        chars.push(c);
                        if chars.len() > MAX_COLOURS + 1 {
                            return Err(format!(
                                "{name}:{}:{}: `{c}` is colour {}; a palette holds at most {MAX_COLOURS}",
                                number + 1,
                                column + 1,
                                chars.len() - 1
                            ).into());
                        }
                        chars.len() - 1
                    }
                }
            } else {
                match c {
                    '#' | 'X' | 'x' | '1' => 1,
                    '.' | '0' | '-' => 0,
                    other => {
                        return Err(format!(
                            "{name}:{}:{}: `{other}` is not a picture cell (`#` black, `.` white; --colour for a palette)",
                            number + 1,
                            column + 1
                        ).into());
                    }
                }
            };
            row.push(index as u8);
        }
        if let Some((first_line, first)) = rows.first()
            && first.len() != row.len()
        {
            return Err(format!(
                "{name}:{}: this row has {} cells but the first row (line {}) has {}: rows must be equally long",
                number + 1,
                row.len(),
                first_line + 1,
                first.len()
            ).into());
        }
        rows.push((number, row));
    }
    if rows.is_empty() {
        return Err(format!("{name}: the picture is empty").into());
    }
    let (width, height) = (rows[0].1.len(), rows.len());
    check_picture_size(name, width, height)?;
    let mut grid = Grid::new(width, height);
    for (r, (_, row)) in rows.iter().enumerate() {
        for (c, &index) in row.iter().enumerate() {
            grid.set_colour(r, c, index);
        }
    }
    let palette = if colour {
        Palette::with_colours(chars.len() - 1)
    } else {
        Palette::black_and_white()
    };
    Ok(Picture { palette, grid })
}

/// A picture becomes a puzzle only within the readers' limits, so a larger one is refused
/// before any work.
fn check_picture_size(name: &str, width: usize, height: usize) -> Result<(), PictureError> {
    match formats::too_large(width, height) {
        Some(why) => Err(format!("{name}: the picture, {why}").into()),
        None => Ok(()),
    }
}

/// A PNG: each distinct colour a palette entry; white (or, without white, the lightest
/// colour) is the background; transparent pixels are background.
fn read_png(name: &str, bytes: &[u8], colour: bool) -> Result<Picture, PictureError> {
    let bad = |e: &dyn std::fmt::Display| format!("{name}: not a readable PNG: {e}");
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| bad(&e))?;
    // The header's size, checked before its pixels are allocated: a few bytes of PNG can
    // claim gigabytes.
    check_picture_size(
        name,
        reader.info().width as usize,
        reader.info().height as usize,
    )?;
    let mut pixels = vec![
        0;
        reader
            .output_buffer_size()
            .ok_or_else(|| bad(&"too large"))?
    ];
    let info = reader.next_frame(&mut pixels).map_err(|e| bad(&e))?;
    let channels = info.color_type.samples();
    let (width, height) = (info.width as usize, info.height as usize);
    let allowed = if colour { MAX_COLOURS + 1 } else { 2 };
    let mut colours: Vec<[u8; 3]> = Vec::new();
    let mut cells = Vec::with_capacity(width * height);
    for px in pixels[..width * height * channels].chunks(channels) {
        let rgb = match channels {
            1 | 2 => [px[0]; 3],
            _ => [px[0], px[1], px[2]],
        };
        let transparent = (channels == 2 || channels == 4) && px[channels - 1] == 0;
        let rgb = if transparent { [255; 3] } else { rgb };
        let index = match colours.iter().position(|&c| c == rgb) {
            Some(i) => i,
            None => {
                colours.push(rgb);
                if colours.len() > allowed {
                    return Err(PictureError::from(if colour {
                        format!(
                            "{name}: the PNG has more than {allowed} colours; a colour nonogram takes a background and at most {MAX_COLOURS} colours"
                        )
                    } else {
                        format!(
                            "{name}: the PNG has more than 2 colours; a black-and-white nonogram takes a background (white) and one ink (--colour for a palette)"
                        )
                    }));
                }
                colours.len() - 1
            }
        };
        cells.push(index);
    }
    let lightness = |c: [u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
    let background = (0..colours.len())
        .max_by_key(|&i| lightness(colours[i]))
        .unwrap_or(0);
    // Palette order: the background, then the colours in order of first appearance.
    let mut order: Vec<usize> = vec![background];
    order.extend((0..colours.len()).filter(|&i| i != background));
    let index_of = |i: usize| order.iter().position(|&o| o == i).unwrap_or(0) as u8;
    let mut grid = Grid::new(width, height);
    for (i, &c) in cells.iter().enumerate() {
        grid.set_colour(i / width, i % width, index_of(c));
    }
    let palette = if colours.len() <= 2 && !colour {
        Palette::black_and_white()
    } else {
        let entries = order
            .iter()
            .enumerate()
            .map(|(k, &i)| Colour {
                ch: if k == 0 { '.' } else { 'a' },
                name: if k == 0 {
                    "background".into()
                } else {
                    format!("colour{k}")
                },
                rgb: Rgb(colours[i][0], colours[i][1], colours[i][2]),
            })
            .collect();
        Palette::new(entries).map_err(|e| format!("{name}: {e}"))?
    };
    Ok(Picture { palette, grid })
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
pub fn from_picture(picture: &Picture) -> Result<FromPicture, SolveError> {
    from_picture_until(picture, &Stop::never())
}

/// [`from_picture`] until `stop` fires (then an error: the native solver's answer is
/// incomplete).
pub fn from_picture_until(picture: &Picture, stop: &Stop) -> Result<FromPicture, SolveError> {
    let goal = &picture.grid;
    let clues_only =
        Nonogram::from_grid_in(picture.palette.clone(), goal).with_goal(Some(goal.clone()));
    if let Some(reason) = native::refusal(&clues_only) {
        return Err(SolveError::TooLarge(reason));
    }
    let cells = goal.width * goal.height;
    let mut givens: Vec<Option<u8>> = vec![None; cells];
    let mut checks = 0;
    let limits = Limits {
        max_solutions: Some(2),
        keep: 2,
        stop: stop.clone(),
    };
    loop {
        let puzzle = clues_only.clone().with_colour_givens(givens.clone());
        checks += 1;
        let answer = native::solve(&puzzle, &limits);
        for solution in &answer.solutions {
            puzzle
                .check(solution)
                .map_err(|reason| SolveError::CheckFailed {
                    backend: Backend::Native,
                    reason,
                })?;
        }
        if answer.count < 2 && !answer.complete {
            return Err(SolveError::TooLarge(
                "the native solver stopped before it settled uniqueness".into(),
            ));
        }
        if answer.count == 1 {
            return Ok(FromPicture { puzzle, checks });
        }
        let other = answer
            .solutions
            .iter()
            .find(|s| *s != goal)
            .ok_or_else(|| {
                SolveError::TooLarge("the native solver kept no second solution".into())
            })?;
        // Reveal the cell in the middle of where the two solutions differ: the picture
        // keeps its value there and this second solution is gone.
        let differing: Vec<usize> = (0..cells)
            .filter(|&i| other.cells[i] != goal.cells[i])
            .collect();
        let reveal = differing[differing.len() / 2];
        givens[reveal] = Some(goal.cells[reveal]);
    }
}

/// A random black-and-white picture, `width × height`, each cell black with even odds.
pub fn random_picture(width: usize, height: usize, rng: &mut SplitMix64) -> Picture {
    let mut grid = Grid::new(width, height);
    for r in 0..height {
        for c in 0..width {
            grid.set_colour(r, c, u8::from(rng.chance(500)));
        }
    }
    Picture {
        palette: Palette::black_and_white(),
        grid,
    }
}

/// `satcover generate nonogram`: a picture's clues and givens ([`from_picture`]), the
/// picture read (`--from`) or drawn at random (`--size`).
pub struct NonogramGenerator;

/// The largest side of a random picture (a random picture needs many givens, each a
/// uniqueness check).
const MAX_RANDOM_SIDE: usize = 50;

const PARAMS: &[Param] = &[
    Param {
        usage: "--from PICTURE",
        help: "The picture: text (`#` black, `.` white), `.non` with `goal`, or `.png` (`-`: standard input); one puzzle",
        required: false,
    },
    Param {
        usage: "--colour",
        help: "Read the picture's colours as a palette (colour nonograms)",
        required: false,
    },
    Param {
        usage: "--size WxH",
        help: "Without --from: random black-and-white pictures this large (up to 50x50) [default: 10x10]",
        required: false,
    },
];

/// `--size WxH` (or `N` for a square).
fn size(value: &str) -> Result<(usize, usize), GenerateError> {
    let side = |s: &str| {
        s.parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_RANDOM_SIDE).contains(n))
    };
    let (w, h) = value.split_once('x').unwrap_or((value, value));
    match (side(w), side(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(GenerateError::Params(format!(
            "--size {value}: a random picture is WxH, each side 1 to {MAX_RANDOM_SIDE}"
        ))),
    }
}

/// The verdict on one puzzle made, for standard error.
fn note(name: &str, made: &FromPicture, start: Instant) -> String {
    let goal = made.puzzle.goal().expect("made with its goal");
    let givens = made.puzzle.num_givens();
    let verdict = if givens == 0 {
        "the clues alone have exactly one solution; no givens needed".to_string()
    } else {
        format!(
            "the clues alone have several solutions; {givens} given{} it unique",
            if givens == 1 { " makes" } else { "s make" }
        )
    };
    format!(
        "{name}: {}x{}: {verdict} ({} uniqueness check{}, {:.3} s)",
        goal.width,
        goal.height,
        made.checks,
        if made.checks == 1 { "" } else { "s" },
        start.elapsed().as_secs_f64()
    )
}

impl NonogramGenerator {
    /// The picture of `--from`, read.
    fn read(from: &str, colour: bool) -> Result<(String, Picture), GenerateError> {
        let name = if from == "-" {
            "<stdin>".to_string()
        } else {
            from.to_string()
        };
        let bytes = if from == "-" {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
            bytes
        } else {
            std::fs::read(from)
                .map_err(|e| GenerateError::Params(format!("{name}: cannot read: {e}")))?
        };
        let picture =
            read_picture(from, &bytes, colour).map_err(|e| GenerateError::Params(e.to_string()))?;
        Ok((name, picture))
    }
}

impl Generate for NonogramGenerator {
    fn about(&self) -> &'static str {
        "Nonograms from a picture, or from random pictures: the clues, and the givens that make the solution unique"
    }

    fn params(&self) -> &'static [Param] {
        PARAMS
    }

    fn example(&self) -> &'static [&'static str] {
        &["--size", "6x5"]
    }

    fn generate(
        &self,
        params: &[String],
        request: &GenerateRequest,
        each: &mut dyn FnMut(Made) -> Result<(), GenerateError>,
    ) -> Result<Summary, GenerateError> {
        let mut p = Params::new(params);
        let from = p.value("--from")?;
        let colour = p.flag("--colour")?;
        let size_given = p.value("--size")?;
        p.finish("nonogram", PARAMS)?;
        let stopped = |name: &str, e: SolveError| {
            if request.stop.should_stop() {
                GenerateError::Stopped
            } else {
                GenerateError::Params(format!("{name}: {e}"))
            }
        };
        let Some(from) = from else {
            if colour {
                return Err(GenerateError::Params(
                    "--colour: random pictures are black and white; --colour reads a picture's colours (--from)".into(),
                ));
            }
            let (width, height) = size(size_given.as_deref().unwrap_or("10x10"))?;
            let start = Instant::now();
            let mut rng = SplitMix64::new(request.seed);
            let mut checks = 0;
            for k in 1..=request.count {
                let picture = random_picture(width, height, &mut rng);
                let name = format!("random picture {k}");
                let made =
                    from_picture_until(&picture, &request.stop).map_err(|e| stopped(&name, e))?;
                checks += made.checks;
                let mut text = to_non(&made.puzzle, &format!("{name} (seed {})", request.seed));
                if k < request.count {
                    // A `.nonpack` bundle: puzzles separated by a `====` line.
                    text.push_str("====\n");
                }
                each(Made { text, note: None })?;
            }
            let secs = start.elapsed().as_secs_f64();
            return Ok(format!(
                "{} puzzles {width}x{height} in {secs:.3} s: {:.1} puzzles/s, {:.1} uniqueness checks per puzzle",
                request.count,
                request.count as f64 / secs,
                checks as f64 / request.count as f64
            ));
        };
        if let Some(size) = size_given {
            return Err(GenerateError::Params(format!(
                "--size {size}: the picture of --from has its own size"
            )));
        }
        if request.count != 1 {
            return Err(GenerateError::Params(format!(
                "--count {}: a picture makes one nonogram",
                request.count
            )));
        }
        let start = Instant::now();
        let (name, picture) = Self::read(&from, colour)?;
        let made = from_picture_until(&picture, &request.stop).map_err(|e| stopped(&name, e))?;
        let note = note(&name, &made, start);
        let text = to_non(&made.puzzle, &format!("from {name}"));
        each(Made {
            text,
            note: Some(note),
        })?;
        Ok(String::new())
    }
}

pub use crate::puzzles::nonogram::formats::non::to_non;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_picture_rows_must_be_equal() {
        let e = read_text("p.txt", "#.#\n##\n", false).unwrap_err();
        assert!(e.message.starts_with("p.txt:2:"), "{e}");
        let e = read_text("p.txt", "#.a\n", false).unwrap_err();
        assert!(e.message.starts_with("p.txt:1:3:"), "{e}");
        let p = read_text("p.txt", "; a comment\n#.\n.#\n", false).expect("picture");
        assert_eq!(p.grid.row_strings(), vec!["#.", ".#"]);
        let p = read_text("p.txt", "rg.\n.gr\n", true).expect("colour picture");
        assert_eq!(p.grid.cells, vec![1, 2, 0, 0, 2, 1]);
        assert_eq!(p.palette.len(), 3);
    }
}
