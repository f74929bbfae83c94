//! Reading norinori: puzz.link URLs (`…/p?norinori/W/H/BORDERS`: pzprjs's border encoding,
//! `constraints::puzzlink::borders`), one a line, `#` lines comments; or the plain form: a
//! line `norinori`, then one row a line, one character a cell, cells of the same character
//! one region. Errors name the line and column (for a URL, the offset in it,
//! 1-based).

use super::Norinori;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::region::region_char;
use crate::puzzles::{ParseError, lines};

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
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["norinori"], "norinori").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let (regions, end) = puzzlink::borders(url, g.body_at, g.width, g.height)
        .map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() || !g.rest.is_empty() {
        return Err(err(end, "more than the grid's borders".into()));
    }
    Ok(Norinori::new(g.width, g.height, regions))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Norinori, ParseError> {
    let (width, regions) = lines::region_rows(rows, header, "norinori", MAX_CELLS)?;
    Ok(Norinori::new(width, rows.len(), regions))
}

/// The URL written (as pzprjs writes it), when every region is connected (the border
/// encoding cannot say otherwise); none otherwise.
impl Notate for Norinori {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => None,
            Notation::Url => {
                let body = puzzlink::write_borders(width, self.regions());
                let back = puzzlink::borders(&body, 0, width, height).ok()?.0;
                (back == self.regions()).then(|| puzzlink::url("norinori", width, height, &body))
            }
        }
    }
}

/// The plain form of `p` (its header and the rows of region letters).
pub fn plain_text(p: &Norinori) -> String {
    let (width, _) = p.size();
    let rows: Vec<String> = p
        .regions()
        .chunks(width)
        .map(|row| row.iter().map(|&k| region_char(k)).collect())
        .collect();
    format!("norinori\n{}\n", rows.join("\n"))
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
