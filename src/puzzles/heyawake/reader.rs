//! Reading heyawake: puzz.link URLs (`…/p?heyawake/W/H/BORDERS NUMBERS`: pzprjs's border
//! encoding, `constraints::puzzlink::borders`, then one Number16 entry per room in the order
//! of their first cell, `g`–`z` runs of rooms without a number, `.` a `?` room — read as no
//! number), one a line, `#` lines comments; or the plain form: a line `heyawake`, then one
//! row a line, one character a cell, cells of the same character one room, then lines of
//! room numbers `LETTER=N` split by blanks. Errors name the line and column (for a URL, the
//! offset in it, 1-based).

use std::collections::HashMap;

use super::Heyawake;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::region::region_char;
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Heyawake), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no heyawake found (a puzz.link heyawake URL or `heyawake` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("heyawake")
}

/// Whether a trimmed line is the plain form's header or a puzz.link heyawake URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "heyawake")
}

/// A puzz.link `heyawake` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Heyawake, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["heyawake"], "heyawake").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let body_end = g.body_at + g.body.len();
    let text = &url[..body_end];
    let (rooms, end) = puzzlink::borders(text, g.body_at, g.width, g.height)
        .map_err(|e| err(e.offset, e.message))?;
    let count = rooms.iter().max().map_or(0, |&m| m + 1);
    let (slots, end) = puzzlink::number16_slots(text, end, count).map_err(|e| {
        // The layer speaks of cells; here each entry is a room's.
        let message = if e.message.contains("goes past") {
            "a run of rooms without a number goes past the last room".to_string()
        } else {
            e.message
                .replace("cells described", "rooms' numbers described")
        };
        err(e.offset, message)
    })?;
    if end < body_end || !g.rest.is_empty() {
        return Err(err(
            end,
            "more than the grid's borders and room numbers".into(),
        ));
    }
    let numbers = slots.into_iter().map(Option::flatten).collect();
    Ok(Heyawake::new(g.width, g.height, rooms, numbers))
}

/// The plain form's lines (after the header at line `header`): rows of room letters, then
/// lines of `LETTER=N` (a line holding `=` ends the rows).
fn plain(lines_: &[(usize, &str)], header: usize) -> Result<Heyawake, ParseError> {
    let split = lines_
        .iter()
        .position(|(_, l)| l.contains('='))
        .unwrap_or(lines_.len());
    let (rows, clues) = lines_.split_at(split);
    let (width, chars) = lines::cell_rows(rows, header, "heyawake", MAX_CELLS, "", Some)?;
    let mut room_of: HashMap<char, usize> = HashMap::new();
    let rooms: Vec<usize> = chars
        .into_iter()
        .map(|ch| {
            let next = room_of.len();
            *room_of.entry(ch).or_insert(next)
        })
        .collect();
    let mut numbers = vec![None; room_of.len()];
    for &(line, text) in clues {
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let column = col + 1;
            col += token.chars().count();
            if word.is_empty() {
                continue;
            }
            let at = |m: String| ParseError::new(line, Some(column), m);
            let mut parts = word.chars();
            let letter = parts.next().unwrap_or('=');
            let rest = parts.as_str();
            let Some(digits) = rest.strip_prefix('=') else {
                return Err(at(format!("`{word}` is not a room number `LETTER=N`")));
            };
            let room = *room_of
                .get(&letter)
                .ok_or_else(|| at(format!("no room `{letter}` in the rows")))?;
            let n = digits.parse::<u32>().map_err(|_| {
                ParseError::new(
                    line,
                    Some(column + 2),
                    format!("`{digits}` is not a number (0 and up)"),
                )
            })?;
            if numbers[room].replace(n).is_some() {
                return Err(at(format!("room `{letter}` has a number already")));
            }
        }
    }
    Ok(Heyawake::new(width, rows.len(), rooms, numbers))
}

/// The URL written (as pzprjs writes it), when every room is connected (the border encoding
/// cannot say otherwise); none otherwise.
impl Notate for Heyawake {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => None,
            Notation::Url => {
                let borders = puzzlink::write_borders(width, self.rooms());
                let back = puzzlink::borders(&borders, 0, width, height).ok()?.0;
                let slots: Vec<puzzlink::Slot> =
                    self.numbers().iter().map(|n| n.map(Some)).collect();
                if back != self.rooms() || self.numbers().iter().flatten().any(|&n| n >= 4096) {
                    return None;
                }
                let body = format!("{borders}{}", puzzlink::write_number16(&slots));
                Some(puzzlink::url("heyawake", width, height, &body))
            }
        }
    }
}

/// The plain form of `p`: its header, the rows of room letters and the numbers.
pub fn plain_text(p: &Heyawake) -> String {
    let (width, _) = p.size();
    let rows: Vec<String> = p
        .rooms()
        .chunks(width)
        .map(|row| row.iter().map(|&k| region_char(k)).collect())
        .collect();
    let numbers: Vec<String> = p
        .numbers()
        .iter()
        .enumerate()
        .filter_map(|(k, n)| n.map(|n| format!("{}={n}", region_char(k))))
        .collect();
    let mut text = format!("heyawake\n{}\n", rows.join("\n"));
    if !numbers.is_empty() {
        text.push_str(&numbers.join(" "));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        let text = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k";
        let url = parse_url(text, 1, 0).unwrap();
        assert_eq!(url.numbers().len(), 11);
        assert_eq!(url.numbers()[1], Some(2));
        let rows = parse(&plain_text(&url)).remove(0).unwrap().1;
        assert_eq!(url, rows);
        assert_eq!(url.notate(Notation::Url).unwrap(), text);
        assert!(looks_like(
            "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"
        ));
        assert!(!looks_like("https://puzz.link/p?norinori/6/6/mac2a4c11spr"));
        let split = parse("heyawake\naba\nccc\n").remove(0).unwrap().1;
        assert_eq!(split.notate(Notation::Url), None);
    }

    #[test]
    fn plain_numbers_name_their_rooms() {
        let p = parse("heyawake\nabb\nacc\nb=1 c=0\n").remove(0).unwrap().1;
        assert_eq!(p.numbers(), &[None, Some(1), Some(0)]);
        let e = parse("heyawake\nab\nb=1 x=2\n").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(5)));
        assert!(e.message.contains("no room `x`"), "{}", e.message);
        let e = parse("heyawake\nab\nb=1 a=x\n").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(7)));
        let e = parse("heyawake\nab\nb=1 b=2\n").remove(0).unwrap_err();
        assert!(e.message.contains("already"), "{}", e.message);
    }
}
