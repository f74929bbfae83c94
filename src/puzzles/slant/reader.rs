//! Reading Slant: Tatham's game IDs (`WxH:DESC`, `encodings/slant.md`; GENRES.md A.17: the
//! `(W+1)·(H+1)` grid points in reading order, `0`–`4` a clue, `a`–`z` runs of 1–26 points
//! without one; the generator's `dX` difficulty after the size is accepted) and puzz.link
//! URLs (`…/p?gokigen/W/H/BODY`, W and H counting cells, 4Cell over the points: `0`–`4` a
//! clue, `5`–`9` and `a`–`e` a clue and one or two empty points, `g`–`z` 1–20 empty points,
//! `.` a point whose number is unknown, read as no clue), one a line, `#` lines comments; or
//! the plain form: a line `slant` (or `gokigen`), then the `H+1` rows of `W+1` points, `.`
//! no clue, `0`–`4` a clue, blanks between points ignored. Errors name the line and column
//! (for a URL, the offset in it, 1-based).

use super::Slant;
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (the eager CNF grows as n log n).
const MAX_CELLS: usize = 1 << 18;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Slant), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no slant found (a Tatham ID `8x8:…`, a puzz.link gokigen URL or `slant` and rows of points)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("slant") || line.eq_ignore_ascii_case("gokigen")
}

/// Whether a file's trimmed lines are Slant's: its plain form's header, a puzz.link
/// gokigen URL, or Tatham IDs that all read as Slants (their descriptions cover the
/// `(W+1)(H+1)` points, where Light Up's, Mosaic's and Range's cover the `W·H` cells).
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines
        .iter()
        .any(|l| is_header(l) || puzzlink::is_url_of(l, "gokigen"))
    {
        return true;
    }
    let mut ids = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    ids.peek().is_some() && ids.all(|l| parse_id(l, 1, 0).is_ok())
}

/// A Tatham Slant ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Slant, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-slant", "Slant", MAX_CELLS, line, lead)?;
    if !(rest.is_empty() || (rest.len() == 2 && rest.starts_with('d'))) {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Slant option (a difficulty `dX`)"),
        ));
    }
    let n = (width + 1) * (height + 1);
    let mut clues = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let run = match ch {
            '0'..='4' => 1,
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unexpected `{ch}`: expected a clue 0-4 or a run a-z"),
                ));
            }
        };
        if clues.len() + run > n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("`{ch}` goes past the grid's {n} points"),
            ));
        }
        match ch.to_digit(10) {
            Some(d) => clues.push(Some(d as u8)),
            None => clues.extend(std::iter::repeat_n(None, run)),
        }
    }
    if clues.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description covers {} points, the {width}×{height} grid has {n}",
                clues.len()
            ),
        ));
    }
    Ok(Slant::new(width, height, clues))
}

/// A puzz.link `gokigen` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Slant, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["gokigen"], "gokigen").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = (g.width + 1) * (g.height + 1);
    let points = puzzlink::four_cell(g.body, g.body_at, n).map_err(|e| err(e.offset, e.message))?;
    Ok(Slant::new(
        g.width,
        g.height,
        points.into_iter().map(Option::flatten).collect(),
    ))
}

/// The plain form's rows of points (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Slant, ParseError> {
    let expected = "a row of points holds `.` (no clue) and clues 0-4";
    let (width, clues) =
        lines::cell_rows(rows, header, "slant", MAX_CELLS, expected, |ch| match ch {
            '.' | '-' | '_' | '+' => Some(None),
            '0'..='4' => Some(Some(ch as u8 - b'0')),
            _ => None,
        })?;
    if width < 2 || rows.len() < 2 {
        return Err(ParseError::at_line(
            rows[0].0,
            "a slant's rows are its grid points: at least 2 rows of 2 (one cell)",
        ));
    }
    Ok(Slant::new(width - 1, rows.len() - 1, clues))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back (as Tatham's
/// generator and pzprjs write them).
impl Notate for Slant {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        Some(match form {
            Notation::Tatham => {
                let tokens: Vec<Option<String>> = self
                    .clues
                    .iter()
                    .map(|c| c.map(|v| v.to_string()))
                    .collect();
                format!("{width}x{height}:{}", tatham::write_runs(&tokens, false))
            }
            Notation::Url => {
                let cells: Vec<Option<Option<u8>>> =
                    self.clues.iter().map(|c| c.map(Some)).collect();
                puzzlink::url("gokigen", width, height, &puzzlink::write_4cell(&cells))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        // cspuz's test puzzle (`gokigen.rs`): 4×3 cells.
        let url = parse_url("https://puzz.link/p?gokigen/4/3/l372666bg", 1, 0).unwrap();
        let plain = parse("slant\n.....\n.32.2\n1.1.1\n.1...\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(url, plain);
        let id = url.notate(Notation::Tatham).unwrap();
        assert_eq!(id, "4x3:f32a21a1a1a1c");
        assert_eq!(parse_id(&id, 1, 0).unwrap(), url);
        assert_eq!(parse_id("4x3dh:f32a21a1a1a1c", 1, 0).unwrap(), url);
        assert_eq!(
            url.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?gokigen/4/3/l372666bg"
        );
        assert!(looks_like(&[
            "# sgt-slant",
            "8x8:a1i211a21d1a2a3b3d2c213b13a1a122a2a1c2c3b3b2311b1111a1b"
        ]));
        assert!(!looks_like(&["9x6:a14b10a9b10f3t8f4b7a7b4a"]));
    }
}
