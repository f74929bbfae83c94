//! Reading LITS: puzz.link URLs (`…/p?lits/W/H/BORDERS`: pzprjs's border encoding,
//! `constraints::puzzlink::borders`; pzprjs's older `d/` and `c/` forms, which write rooms
//! otherwise, are refused by name), one a line, `#` lines comments; or the plain form: a
//! line `lits`, then one row a line, one character a cell, cells of the same character one
//! room. Errors name the line and column (for a URL, the offset in it, 1-based).

use super::Lits;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines, region};

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
    let (width, height, rooms) = region::borders_url(url, "lits", MAX_CELLS, line, lead)?;
    Ok(Lits::new(width, height, rooms))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Lits, ParseError> {
    let (width, rooms) = lines::region_rows(rows, header, "lits", MAX_CELLS)?;
    Ok(Lits::new(width, rows.len(), rooms))
}

/// The URL written (as pzprjs writes it), when every room is connected.
impl Notate for Lits {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        match form {
            Notation::Tatham => None,
            Notation::Url => region::write_borders_url("lits", self.size().0, self.rooms()),
        }
    }
}

/// The plain form of `p` (its header and the rows of room letters).
pub fn plain_text(p: &Lits) -> String {
    format!("lits\n{}\n", p.drawing(None))
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
