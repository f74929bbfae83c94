//! Reading Yajilin: puzz.link URLs (`…/p?yajilin/W/H/BODY`, or `yajirin`, pzprjs's name;
//! the `b/` flag, a display choice, accepted; the `o/` variant refused), one a line, `#`
//! lines comments; or the plain form. BODY is pzprjs's ArrowNumber16 (`encodings/yajilin.md`),
//! one entry a clue cell in reading order:
//! - `0`–`4` then one hex digit or `.`: the arrow (0 none, 1 up, 2 down, 3 left, 4 right)
//!   and the number 0–15 (`.`: `?`);
//! - `5`–`9` then two hex digits: the arrow plus 5, a number 16–255;
//! - `-`, the arrow, three hex digits: a number 256–4095;
//! - `a`–`z`: 1–26 free cells.
//!
//! The plain form: a line `yajilin`, then one row a line, cells split by blanks: `.` a free
//! cell, a clue its number (or `?`) and its arrow `^` `v` `<` `>` (none for a clue without
//! one): `2<`, `?^`, `0`. Errors name the line and column (for a URL, the offset in it,
//! 1-based).

use super::{Arrow, Clue, Yajilin};
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (the eager CNF grows as n log n).
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Yajilin), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no yajilin found (a puzz.link yajilin URL or `yajilin` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("yajilin") || line.eq_ignore_ascii_case("yajirin")
}

/// Whether a trimmed line is the plain form's header or a puzz.link yajilin URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "yajilin") || puzzlink::is_url_of(line, "yajirin")
}

/// A puzz.link `yajilin` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Yajilin, ParseError> {
    // pzprjs's `b/` (clue cells drawn with borders) changes no rule: read the URL without
    // it, and put its two characters back into the offsets after it.
    let flag = puzzlink::split(url)
        .filter(|(_, parts, _)| parts.first() == Some(&"b"))
        .map(|(_, _, at)| at);
    let shown: String;
    let (text, shift) = match flag {
        Some(at) => {
            shown = format!("{}{}", &url[..at], &url[at + 2..]);
            (shown.as_str(), at)
        }
        None => (url, usize::MAX),
    };
    let err = |offset: usize, m: String| {
        let offset = if offset >= shift { offset + 2 } else { offset };
        ParseError::new(line, Some(lead + offset + 1), m)
    };
    let g = puzzlink::grid_url(text, &["yajilin", "yajirin"], "yajilin")
        .map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    if let Some(&(_, at)) = g.rest.first() {
        return Err(err(at - 1, "more than the grid's cells".into()));
    }
    let n = g.width * g.height;
    let body = g.body.as_bytes();
    let hex = |from: usize, len: usize| -> Option<u32> {
        g.body
            .get(from..from + len)
            .filter(|s| {
                s.bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            })
            .and_then(|s| u32::from_str_radix(s, 16).ok())
    };
    let mut clues: Vec<Option<Clue>> = Vec::with_capacity(n);
    let mut i = 0;
    while i < body.len() {
        let at = g.body_at + i;
        if clues.len() >= n {
            return Err(err(at, format!("more than the grid's {n} cells")));
        }
        let bad = |what: &str| err(at, format!("`{}` {what}", &g.body[i..=i]));
        let (arrow, number, len) = match body[i] {
            b'0'..=b'4' => {
                let number = match body.get(i + 1) {
                    Some(b'.') => None,
                    _ => Some(hex(i + 1, 1).ok_or_else(|| {
                        bad("needs one hex digit or `.` after it (a number 0–15 or `?`)")
                    })?),
                };
                (u32::from(body[i] - b'0'), number, 2)
            }
            b'5'..=b'9' => {
                let number = hex(i + 1, 2)
                    .ok_or_else(|| bad("needs two hex digits after it (a number 16–255)"))?;
                (u32::from(body[i] - b'5'), Some(number), 3)
            }
            b'-' => {
                let arrow = hex(i + 1, 1).filter(|&d| d <= 4).ok_or_else(|| {
                    bad("needs an arrow 0–4 and three hex digits after it (a number 256–4095)")
                })?;
                let number = hex(i + 2, 3).ok_or_else(|| {
                    bad("needs an arrow 0–4 and three hex digits after it (a number 256–4095)")
                })?;
                (arrow, Some(number), 5)
            }
            b'a'..=b'z' => {
                let run = usize::from(body[i] - b'a') + 1;
                if clues.len() + run > n {
                    return Err(err(at, "a run of free cells goes past the grid".into()));
                }
                clues.extend(std::iter::repeat_n(None, run));
                i += 1;
                continue;
            }
            _ => {
                return Err(err(
                    at,
                    format!(
                        "unexpected `{}`: a yajilin URL holds clues `0`-`9`, `-` and runs `a`-`z`",
                        g.body[i..].chars().next().unwrap_or('?')
                    ),
                ));
            }
        };
        let arrow = Arrow::from_code(arrow).unwrap_or(Arrow::None);
        clues.push(Some(Clue { arrow, number }));
        i += len;
    }
    if clues.len() < n {
        return Err(err(
            url.len() - 2 * usize::from(flag.is_some()),
            format!("{} of {n} cells described", clues.len()),
        ));
    }
    Ok(Yajilin::new(g.width, g.height, clues))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Yajilin, ParseError> {
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `yajilin`"));
    }
    let mut width = 0;
    let mut clues = Vec::new();
    for (k, &(line, text)) in rows.iter().enumerate() {
        let mut cells = 0;
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let column = col + 1;
            col += token.chars().count();
            if word.is_empty() {
                continue;
            }
            clues.push(cell(word).ok_or_else(|| {
                ParseError::new(
                    line,
                    Some(column),
                    format!(
                        "`{word}` is no cell: `.` free, or a number (or `?`) and an arrow `^` `v` `<` `>`"
                    ),
                )
            })?);
            cells += 1;
            if clues.len() > MAX_CELLS {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("more than {MAX_CELLS} cells"),
                ));
            }
        }
        if k == 0 {
            width = cells;
        } else if cells != width {
            return Err(ParseError::at_line(
                line,
                format!("{cells} cells in this row, {width} in the first"),
            ));
        }
    }
    Ok(Yajilin::new(width, rows.len(), clues))
}

/// One plain cell: `.` free, else a clue.
fn cell(word: &str) -> Option<Option<Clue>> {
    if word == "." {
        return Some(None);
    }
    let (number, arrow) = match word.char_indices().last()? {
        (k, '^') => (&word[..k], Arrow::Up),
        (k, 'v') => (&word[..k], Arrow::Down),
        (k, '<') => (&word[..k], Arrow::Left),
        (k, '>') => (&word[..k], Arrow::Right),
        _ => (word, Arrow::None),
    };
    let number = match number {
        "?" => None,
        digits => Some(
            digits
                .parse::<u32>()
                .ok()
                .filter(|_| !digits.starts_with('+'))?,
        ),
    };
    Some(Some(Clue { arrow, number }))
}

/// The plain form of `p`: its header and rows.
pub fn plain_text(p: &Yajilin) -> String {
    let (width, _) = p.size();
    let rows: Vec<String> = p
        .clues()
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    None => ".".to_string(),
                    Some(c) => format!(
                        "{}{}",
                        c.number.map_or("?".to_string(), |n| n.to_string()),
                        c.arrow.symbol()
                    ),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("yajilin\n{}\n", rows.join("\n"))
}

/// The URL written as pzprjs writes it (`encodeArrowNumber16`), when every number is below
/// 4096.
impl Notate for Yajilin {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => None,
            Notation::Url => {
                let mut body = String::new();
                let mut free = 0u32;
                for clue in self.clues() {
                    let entry = match clue {
                        None => None,
                        Some(Clue { arrow, number }) => {
                            let d = arrow.code();
                            Some(match *number {
                                None => format!("{d}."),
                                Some(n @ 0..16) => format!("{d}{n:x}"),
                                Some(n @ 16..256) => format!("{}{n:02x}", d + 5),
                                Some(n @ 256..4096) => format!("-{d}{n:03x}"),
                                Some(_) => return None,
                            })
                        }
                    };
                    match entry {
                        None => {
                            free += 1;
                            if free == 26 {
                                body.push('z');
                                free = 0;
                            }
                        }
                        Some(e) => {
                            if free > 0 {
                                body.push(char::from_digit(free + 9, 36)?);
                                free = 0;
                            }
                            body.push_str(&e);
                        }
                    }
                }
                if free > 0 {
                    body.push(char::from_digit(free + 9, 36)?);
                }
                Some(puzzlink::url("yajilin", width, height, &body))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        // pzprjs's test: `3,2` at r3c4 (left, 2) and `1,0` at r5c5 (up, 0).
        let text = "https://puzz.link/p?yajilin/5/5/m32j10";
        let url = parse_url(text, 1, 0).unwrap();
        let rows = parse(&plain_text(&url)).remove(0).unwrap().1;
        assert_eq!(url, rows);
        assert_eq!(
            plain_text(&url),
            "yajilin\n. . . . .\n. . . . .\n. . . 2< .\n. . . . .\n. . . . 0^\n"
        );
        assert_eq!(url.notate(Notation::Url).unwrap(), text);
        let flagged = parse_url("https://puzz.link/p?yajirin/b/5/5/m32j10", 1, 0).unwrap();
        assert_eq!(flagged, url);
        assert!(looks_like("https://pzv.jp/p.html?yajirin/5/5/m32j10"));
        assert!(!looks_like("https://puzz.link/p?lits/4/4/9q02jg"));
        // Large numbers and `?` written back.
        let big = parse("yajilin\n300> ?v 17< 5\n").remove(0).unwrap().1;
        let url = big.notate(Notation::Url).unwrap();
        assert_eq!(url, "https://puzz.link/p?yajilin/4/1/-412c2.81105");
        assert_eq!(parse_url(&url, 1, 0).unwrap(), big);
    }
}
