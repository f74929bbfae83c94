//! Reading LITS: puzz.link URLs (`…/p?lits/W/H/BORDERS`: pzprjs's border encoding,
//! `constraints::puzzlink::borders`; pzprjs's older `d/` and `c/` forms, which write rooms
//! otherwise, are refused by name), one a line, `#` lines comments; or the plain form: a
//! line `lits`, then one row a line, one character a cell, cells of the same character one
//! room. Errors name the line and column (for a URL, the offset in it, 1-based).

use super::Lits;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::region::region_char;
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Lits), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no lits found (a puzz.link lits URL or `lits` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("lits")
}

/// Whether a trimmed line is the plain form's header or a puzz.link lits URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "lits")
}

/// A puzz.link `lits` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Lits, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["lits"], "lits").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let (rooms, end) = puzzlink::borders(url, g.body_at, g.width, g.height)
        .map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() || !g.rest.is_empty() {
        return Err(err(end, "more than the grid's borders".into()));
    }
    Ok(Lits::new(g.width, g.height, rooms))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Lits, ParseError> {
    let (width, rooms) = lines::region_rows(rows, header, "lits", MAX_CELLS)?;
    Ok(Lits::new(width, rows.len(), rooms))
}

/// The URL written (as pzprjs writes it), when every room is connected (the border
/// encoding cannot say otherwise); none otherwise.
impl Notate for Lits {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => None,
            Notation::Url => {
                let body = puzzlink::write_borders(width, self.rooms());
                let back = puzzlink::borders(&body, 0, width, height).ok()?.0;
                (back == self.rooms()).then(|| puzzlink::url("lits", width, height, &body))
            }
        }
    }
}

/// The plain form of `p` (its header and the rows of room letters).
pub fn plain_text(p: &Lits) -> String {
    let (width, _) = p.size();
    let rows: Vec<String> = p
        .rooms()
        .chunks(width)
        .map(|row| row.iter().map(|&k| region_char(k)).collect())
        .collect();
    format!("lits\n{}\n", rows.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        // pzprjs's test: rooms 0 0 1 1 / 0 0 1 2 / 0 1 1 2 / 2 2 2 2.
        let text = "https://puzz.link/p?lits/4/4/9q02jg";
        let url = parse_url(text, 1, 0).unwrap();
        assert_eq!(
            url.rooms(),
            &[0, 0, 1, 1, 0, 0, 1, 2, 0, 1, 1, 2, 2, 2, 2, 2]
        );
        let rows = parse(&plain_text(&url)).remove(0).unwrap().1;
        assert_eq!(url, rows);
        assert_eq!(url.notate(Notation::Url).unwrap(), text);
        assert!(looks_like("https://pzv.jp/p.html?lits/4/4/9q02jg"));
        assert!(!looks_like("https://puzz.link/p?norinori/5/5/cag4ocjo"));
        let split = parse("lits\naba\nccc\n").remove(0).unwrap().1;
        assert_eq!(split.notate(Notation::Url), None);
    }
}
