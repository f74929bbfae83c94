//! Reading star battle: puzz.link URLs (`…/p?starbattle/W/H/K/BORDERS`: K the stars a unit,
//! in decimal; BORDERS pzprjs's border encoding, `constraints::puzzlink::borders`), one a
//! line, `#` lines comments; or the plain form: a line `starbattle`, optionally a line
//! `stars K` (default 1), then one row a line, one character a cell, cells of the same
//! character one region. Errors name the line and column (for a URL, the offset in it,
//! 1-based).

use super::StarBattle;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::region::region_char;
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, StarBattle), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no star battle found (a puzz.link starbattle URL or `starbattle` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("starbattle")
}

/// Whether a trimmed line is the plain form's header or a puzz.link starbattle URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "starbattle")
}

/// A star count 1 and up, at column `column` of `line`.
fn stars(text: &str, line: usize, column: usize) -> Result<usize, ParseError> {
    text.parse::<usize>()
        .ok()
        .filter(|k| (1..=MAX_CELLS).contains(k))
        .ok_or_else(|| {
            ParseError::new(
                line,
                Some(column),
                format!("`{text}` is not a number of stars (1 and up)"),
            )
        })
}

/// A puzz.link `starbattle` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<StarBattle, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["starbattle"], "star battle")
        .map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    if g.body.is_empty() {
        return Err(err(g.body_at, "expected the number of stars".into()));
    }
    let k = stars(g.body, line, lead + g.body_at + 1)?;
    let (text, at) = g.rest.first().copied().unwrap_or(("", url.len()));
    let (regions, end) =
        puzzlink::borders(url, at, g.width, g.height).map_err(|e| err(e.offset, e.message))?;
    if end < at + text.len() || g.rest.len() > 1 {
        return Err(err(end, "more than the grid's borders".into()));
    }
    Ok(StarBattle::new(g.width, g.height, k, regions))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<StarBattle, ParseError> {
    let (k, rows) = match rows.first() {
        Some(&(line, text)) if text.trim_start().starts_with("stars") => {
            let word = text.trim_start()["stars".len()..].trim();
            let column = text.len() - text.trim_start()["stars".len()..].trim_start().len() + 1;
            (stars(word, line, column)?, &rows[1..])
        }
        _ => (1, rows),
    };
    let (width, regions) = lines::region_rows(rows, header, "starbattle", MAX_CELLS)?;
    Ok(StarBattle::new(width, rows.len(), k, regions))
}

/// The URL written (as pzprjs writes it), when every region is connected (the border
/// encoding cannot say otherwise); none otherwise.
impl Notate for StarBattle {
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
                (back == self.regions()).then(|| {
                    puzzlink::url(
                        "starbattle",
                        width,
                        height,
                        &format!("{}/{body}", self.stars()),
                    )
                })
            }
        }
    }
}

/// The plain form of `p` (its header, `stars K` and the rows of region letters).
pub fn plain_text(p: &StarBattle) -> String {
    let (width, _) = p.size();
    let rows: Vec<String> = p
        .regions()
        .chunks(width)
        .map(|row| row.iter().map(|&k| region_char(k)).collect())
        .collect();
    format!("starbattle\nstars {}\n{}\n", p.stars(), rows.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        let url = parse_url("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk", 1, 0).unwrap();
        let rows = parse(&plain_text(&url)).remove(0).unwrap().1;
        assert_eq!(url, rows);
        let no_count = parse(&plain_text(&url).replace("stars 1\n", ""))
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(url, no_count);
        assert_eq!(
            url.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"
        );
        assert!(looks_like(
            "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"
        ));
        // A region in two parts has no URL.
        let split = parse("starbattle\naba\nccc\nddd\n").remove(0).unwrap().1;
        assert_eq!(split.notate(Notation::Url), None);
    }
}
