//! Reading norinori: puzz.link URLs (`…/p?norinori/W/H/BORDERS`: pzprjs's border encoding,
//! `constraints::puzzlink::borders`), one a line, `#` lines comments; or the plain form: a
//! line `norinori`, then one row a line, one character a cell, cells of the same character
//! one region. Errors name the line and column (for a URL, the offset in it,
//! 1-based).

use super::Norinori;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines, region};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Norinori), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no norinori found (a puzz.link norinori URL or `norinori` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("norinori")
}

/// Whether a trimmed line is the plain form's header or a puzz.link norinori URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "norinori")
}

/// A puzz.link `norinori` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Norinori, ParseError> {
    let (width, height, regions) = region::borders_url(url, "norinori", MAX_CELLS, line, lead)?;
    Ok(Norinori::new(width, height, regions))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Norinori, ParseError> {
    let (width, regions) = lines::region_rows(rows, header, "norinori", MAX_CELLS)?;
    Ok(Norinori::new(width, rows.len(), regions))
}

/// The URL written (as pzprjs writes it), when every region is connected.
impl Notate for Norinori {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        match form {
            Notation::Tatham => None,
            Notation::Url => region::write_borders_url("norinori", self.size().0, self.regions()),
        }
    }
}

/// The plain form of `p` (its header and the rows of region letters).
pub fn plain_text(p: &Norinori) -> String {
    format!("norinori\n{}\n", p.drawing(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        let url = parse_url("https://puzz.link/p?norinori/6/6/mac2a4c11spr", 1, 0).unwrap();
        let rows = parse(&plain_text(&url)).remove(0).unwrap().1;
        assert_eq!(url, rows);
        assert_eq!(
            url.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?norinori/6/6/mac2a4c11spr"
        );
        assert!(looks_like("https://puzz.link/p?norinori/5/5/cag4ocjo"));
        assert!(!looks_like(
            "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"
        ));
        let split = parse("norinori\naba\nccc\nddd\n").remove(0).unwrap().1;
        assert_eq!(split.notate(Notation::Url), None);
    }
}
