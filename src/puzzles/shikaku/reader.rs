//! Reading Shikaku: puzz.link URLs (`…/p?shikaku/W/H/BODY`, Number16: a hex number a cell,
//! `-` two hex digits, `+` three, `.` a `?` cell, `g`–`z` runs of 1–20 empty cells), one a
//! line, `#` lines comments; or the plain form: a line `shikaku`, then one row a line: cells
//! split by blanks (a number, `.` empty, `?`), or — without blanks — one character a cell
//! (`1`–`9`, `.`, `?`). Errors name the line and column (for a URL, the offset in it, 1-based).

use super::{Clue, Shikaku, candidates};
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;
/// Candidate rectangles beyond this (all clues together) are refused: `?` clues on a large
/// open grid have O(W²H²).
const MAX_CANDIDATES: usize = 1 << 20;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Shikaku), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no shikaku found (a puzz.link shikaku URL or `shikaku` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("shikaku")
}

/// Whether a trimmed line is the plain form's header or a puzz.link shikaku URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "shikaku")
}

/// The puzzle of `slots`, its candidates bounded ([`MAX_CANDIDATES`]).
fn build(
    width: usize,
    height: usize,
    slots: Vec<puzzlink::Slot>,
    line: usize,
) -> Result<Shikaku, ParseError> {
    let mut clues = Vec::with_capacity(slots.len());
    for (k, slot) in slots.into_iter().enumerate() {
        clues.push(match slot {
            None => Clue::Empty,
            Some(None) => Clue::Unknown,
            Some(Some(0)) => {
                return Err(ParseError::at_line(
                    line,
                    format!("r{}c{}: 0 is not an area", k / width + 1, k % width + 1),
                ));
            }
            Some(Some(n)) => Clue::Area(n),
        });
    }
    let list = candidates(width, height, &clues, MAX_CANDIDATES).ok_or_else(|| {
        ParseError::at_line(
            line,
            format!(
                "the clues of this {width}×{height} grid fit more than {MAX_CANDIDATES} rectangles"
            ),
        )
    })?;
    Ok(Shikaku::with_candidates(width, height, clues, list))
}

/// A puzz.link `shikaku` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Shikaku, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["shikaku"], "shikaku").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = g.width * g.height;
    let (slots, end) =
        puzzlink::number16_slots(url, g.body_at, n).map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() {
        return Err(err(end, format!("more than the grid's {n} cells")));
    }
    build(g.width, g.height, slots, line)
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Shikaku, ParseError> {
    let (width, slots) = lines::number_rows(rows, header, "shikaku", MAX_CELLS)?;
    build(width, rows.len(), slots, rows[0].0)
}

/// The URL written: what [`parse_url`] reads back (as pzprjs writes it).
impl Notate for Shikaku {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => None,
            Notation::Url => {
                let slots: Vec<puzzlink::Slot> = (0..width * height)
                    .map(|i| match self.clue(i / width, i % width) {
                        Clue::Empty => None,
                        Clue::Area(n) => Some(Some(n)),
                        Clue::Unknown => Some(None),
                    })
                    .collect();
                if slots
                    .iter()
                    .any(|s| matches!(s, Some(Some(v)) if *v >= 4096))
                {
                    return None;
                }
                Some(puzzlink::url(
                    "shikaku",
                    width,
                    height,
                    &puzzlink::write_number16(&slots),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        let url = parse_url("https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g", 1, 0).unwrap();
        let rows = parse("shikaku\n......\n......\n.66...\n.4?.8.\n......\n.4..4.\n")
            .remove(0)
            .unwrap()
            .1;
        let spaced = parse("shikaku\n. . . . . .\n. . . . . .\n. 6 6 . . .\n. 4 ? . 8 .\n. . . . . .\n. 4 . . 4 .\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(url, rows);
        assert_eq!(url, spaced);
        assert_eq!(
            url.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?shikaku/6/6/s66j4.g8n4h4g"
        );
        assert!(looks_like(
            "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
        ));
        assert!(!looks_like("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"));
    }
}
