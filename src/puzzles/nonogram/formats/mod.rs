//! Nonogram file formats, one file each: `.non` and `.nonpack` ([`non`]), Olšák's `.g`
//! ([`olsak`]), webpbn XML ([`xml`]). Black-and-white and colour in all three.
//!
//! Glossary:
//! - **palette definition**: `.non` `color a #rrggbb`; `.g` the `#d` block
//!   (`g:X  #000000  black`); XML `<color name="red" char="r">f00</color>`. A clue without
//!   a colour is in the first colour (black, or the XML `defaultcolor`).
//! - **size guard**: a puzzle may have at most [`MAX_SIDE`] cells per side and
//!   [`MAX_CELLS`] cells in all. Sizes are taken from what the file contains (its clue
//!   lines), never allocated from a header's claim alone, so a `width 2000000000` costs
//!   nothing and is refused with a message.
//!
//! Every error carries the 1-based line (and column where it helps) of the input.

pub mod non;
pub mod olsak;
pub mod xml;

use super::{Block, Colour, Nonogram, Palette};
use crate::puzzles::ParseError;
use crate::render::Rgb;

pub use non::parse_non;
pub use olsak::parse_g;
pub use xml::parse_xml;

/// Most cells per side.
pub const MAX_SIDE: usize = 10_000;
/// Most cells in a puzzle (4 million: 2000×2000).
pub const MAX_CELLS: usize = 4_000_000;

/// Detects the format from the file name's extension (`.non`, `.g`, `.xml`) and, failing
/// that, from the content; parses exactly one puzzle.
pub fn parse(file_name: &str, text: &str) -> Result<Nonogram, ParseError> {
    let mut all = parse_all(file_name, text)?;
    match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(ParseError::at_line(
            1,
            format!("the file holds {n} puzzles; one was expected"),
        )),
    }
}

/// Like [`parse`], for files that may bundle several puzzles (`.nonpack`: puzzles separated
/// by a `====` line; XML: several `<puzzle>` elements).
pub fn parse_all(file_name: &str, text: &str) -> Result<Vec<Nonogram>, ParseError> {
    let lower = file_name.to_ascii_lowercase();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if lower.ends_with(".xml") || lower.ends_with(".pbn") {
        return xml::parse_xml_all(text);
    }
    if lower.ends_with(".g") {
        return parse_g(text).map(|p| vec![p]);
    }
    if lower.ends_with(".non") || lower.ends_with(".nonpack") {
        return non::parse_non_all(text);
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('<') {
        xml::parse_xml_all(text)
    } else if text.lines().any(|l| l.trim_start().starts_with(": rows")) {
        parse_g(text).map(|p| vec![p])
    } else {
        non::parse_non_all(text)
    }
}

/// The size guard on a puzzle of `width × height` cells; `line` is where to report it.
fn check_size(width: usize, height: usize, line: usize) -> Result<(), ParseError> {
    if width == 0 || height == 0 {
        return Err(ParseError::at_line(
            line,
            "a puzzle needs at least one row and one column",
        ));
    }
    match too_large(width, height) {
        Some(why) => Err(ParseError::at_line(line, why)),
        None => Ok(()),
    }
}

/// Why a `width × height` puzzle is beyond the readers' limits ([`MAX_SIDE`] cells a
/// side, [`MAX_CELLS`] in all); `None` when it fits.
pub(crate) fn too_large(width: usize, height: usize) -> Option<String> {
    (width > MAX_SIDE || height > MAX_SIDE || width.saturating_mul(height) > MAX_CELLS).then(|| {
        format!(
            "{width}x{height} is too large: at most {MAX_SIDE} cells per side and \
                 {MAX_CELLS} cells in all"
        )
    })
}

/// `rrggbb` or `rgb`, with or without a leading `#`.
fn parse_rgb(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#').unwrap_or(text);
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize, len: usize| u8::from_str_radix(&hex[i..i + len], 16).ok();
    match hex.len() {
        6 => Some(Rgb(digit(0, 2)?, digit(2, 2)?, digit(4, 2)?)),
        3 => Some(Rgb(digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17)),
        _ => None,
    }
}

/// A palette from a file's colours (background first). A palette with one colour prints
/// it `#`, as black-and-white puzzles always have.
fn palette_from(mut colours: Vec<Colour>, line: usize) -> Result<Palette, ParseError> {
    if colours.len() == 2 {
        colours[1].ch = '#';
    }
    Palette::new(colours).map_err(|e| ParseError::at_line(line, e.message))
}

/// Clue tokens still to be resolved against the palette: (length, colour key, line, column).
type RawClue = Vec<(usize, Option<String>, usize, usize)>;

/// In a file without a palette, the one colour key its clues use (if any) means black:
/// older `.non` files write `1a 2a`, Olšák files `1g 2g`.
fn lone_key(rows: &[RawClue], columns: &[RawClue]) -> Option<String> {
    rows.iter()
        .chain(columns)
        .flatten()
        .find_map(|(_, c, _, _)| c.clone())
}

/// Resolves clue colour keys (a letter, a name) to palette indices: `key(name)` looks a
/// key up; a token without a key takes colour 1.
fn resolve(
    lines: Vec<RawClue>,
    key: &dyn Fn(&str) -> Option<u8>,
    what: &str,
) -> Result<Vec<Vec<Block>>, ParseError> {
    lines
        .into_iter()
        .map(|clue| {
            clue.into_iter()
                .map(|(len, colour, line, column)| match colour {
                    None => Ok(Block { len, colour: 1 }),
                    Some(name) => key(&name)
                        .map(|colour| Block { len, colour })
                        .ok_or_else(|| {
                            ParseError::new(
                                line,
                                Some(column),
                                format!("colour `{name}` is not defined {what}"),
                            )
                        }),
                })
                .collect()
        })
        .collect()
}

/// A `w*h`-character grid string (`goal`, `givens`); whitespace is ignored.
fn grid_string<T>(
    text: &str,
    size: usize,
    line: usize,
    key: &str,
    cell: impl Fn(char) -> Option<T>,
) -> Result<Vec<T>, ParseError> {
    let mut out = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if out.len() == size {
            return Err(ParseError::at_line(
                line,
                format!("`{key}` has more than {size} cells"),
            ));
        }
        match cell(c) {
            Some(v) => out.push(v),
            None => {
                return Err(ParseError::at_line(
                    line,
                    format!("`{key}` has an unexpected character `{c}`"),
                ));
            }
        }
    }
    if out.len() != size {
        return Err(ParseError::at_line(
            line,
            format!("`{key}` has {} cells, expected {size}", out.len()),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgb_forms() {
        assert_eq!(parse_rgb("#ff0000"), Some(Rgb(255, 0, 0)));
        assert_eq!(parse_rgb("f00"), Some(Rgb(255, 0, 0)));
        assert_eq!(parse_rgb("#4040FF"), Some(Rgb(64, 64, 255)));
        assert_eq!(parse_rgb("#ff00"), None);
        assert_eq!(parse_rgb("#gg0000"), None);
        assert_eq!(parse_rgb("#ééé"), None);
    }

    #[test]
    fn size_guard() {
        assert!(check_size(2000, 2000, 1).is_ok());
        let e = check_size(2001, 2000, 3).unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("too large"), "{e}");
        assert!(check_size(10_001, 1, 1).is_err());
        assert!(check_size(0, 1, 1).is_err());
    }
}
