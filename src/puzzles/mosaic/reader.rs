//! Reading Mosaic: Tatham's game IDs (`WxH:DESC`, `encodings/mosaic.md`; GENRES.md A.21:
//! `0`–`9` a clue cell, `a`–`z` runs of 1–26 cells without clue; the generator's `h`
//! option after the size is accepted), one a line, `#` lines comments; or the plain form: a
//! line `mosaic` (or `fillapix`), then one row a line, `.` no clue, `0`–`9` a clue, blanks
//! between cells ignored. Mosaic has no puzz.link form. Errors name the line and column.

use super::Mosaic;
use crate::constraints::tatham;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Mosaic), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no mosaic found (a Tatham ID `10x10:…` or `mosaic` and rows)",
            is_header,
            plain,
            url: no_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("mosaic") || line.eq_ignore_ascii_case("fillapix")
}

fn no_url(_: &str, line: usize, lead: usize) -> Result<Mosaic, ParseError> {
    Err(ParseError::new(
        line,
        Some(lead + 1),
        "mosaic has no puzz.link form: give a Tatham ID `WxH:…` or `mosaic` and rows",
    ))
}

/// Whether a file's trimmed lines are Mosaic's: its plain form's header, or Tatham IDs
/// that all read as Mosaics, one of them with a clue above 4 and a run longer than one cell
/// (a Light Up ID has no clue above 4, a Singles ID one character per cell). A Range ID
/// can read as a Mosaic by chance (its numbers of two digits count as two cells), but a
/// file of them hardly ever does in full, so every ID line must read.
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines.iter().any(|l| is_header(l)) {
        return true;
    }
    let ids = || {
        lines
            .iter()
            .filter(|l| !l.starts_with('#') && l.contains(':'))
    };
    ids().any(|l| {
        l.split_once(':').is_some_and(|(_, desc)| {
            desc.contains(['5', '6', '7', '8', '9'])
                && desc.contains(|c: char| ('b'..='z').contains(&c))
        })
    }) && ids().all(|l| parse_id(l, 1, 0).is_ok())
}

/// A Tatham Mosaic ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Mosaic, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-mosaic", "Mosaic", MAX_CELLS, line, lead)?;
    if !rest.is_empty()
        && !rest
            .strip_prefix('h')
            .is_some_and(|a| a.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Mosaic option (only `h` and a number)"),
        ));
    }
    let n = width * height;
    let mut clues = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let run = match ch {
            '0'..='9' => 1,
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unknown letter `{ch}`: expected a clue 0-9 or a run a-z"),
                ));
            }
        };
        if clues.len() + run > n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("`{ch}` goes past the grid's {n} cells"),
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
                "the description covers {} cells, the grid has {n}",
                clues.len()
            ),
        ));
    }
    Ok(Mosaic::new(width, height, clues))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Mosaic, ParseError> {
    let expected = "a row holds `.` (no clue) and clues 0-9";
    let (width, clues) =
        lines::cell_rows(rows, header, "mosaic", MAX_CELLS, expected, |ch| match ch {
            '.' | '-' | '_' => Some(None),
            '0'..='9' => Some(Some(ch as u8 - b'0')),
            _ => None,
        })?;
    Ok(Mosaic::new(width, rows.len(), clues))
}

/// The ID written: what `parse_id` reads back (a clue a digit, empty cells as runs).
impl Notate for Mosaic {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let cells: Vec<Option<String>> = self
            .clues
            .iter()
            .map(|c| c.map(|k| k.to_string()))
            .collect();
        (form == Notation::Tatham).then(|| {
            format!(
                "{}x{}:{}",
                self.width,
                self.height,
                tatham::write_runs(&cells, false)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        let id = parse_id("3x2:a4b0a", 1, 0).unwrap();
        let plain = parse("mosaic\n.4.\n.0.\n").remove(0).unwrap().1;
        assert_eq!(id, plain);
        assert_eq!(id.drawing(None), ".4.\n.0.");
        assert_eq!(parse_id("3x2h1:a4b0a", 1, 0).unwrap(), id);
        assert!(looks_like(&[
            "10x10:a3b11l6a014c44d5a5a3d5a4a4b6a454a3a434b2b3a3b4a01a2a1b52a1d55d2242c"
        ]));
        assert!(!looks_like(&["3x2:a4b0a"]));
    }

    #[test]
    fn a_file_of_range_ids_is_not_a_mosaic_file() {
        // The second reads as a Mosaic (no number of two digits); the first does not (`14`
        // counts as two cells).
        let lines = [
            "# sgt-range --generate 20 '9x6#1'",
            "9x6:a14b10a9b10f3t8f4b7a7b4a",
            "9x6:7d5c6d3f7j5f9d4c8d2",
        ];
        assert!(parse_id(lines[2], 1, 0).is_ok() && parse_id(lines[1], 1, 0).is_err());
        assert!(!looks_like(&lines));
    }
}
