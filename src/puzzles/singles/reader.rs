//! Reading Singles: Tatham's game IDs (`WxH:DESC`, `encodings/singles.md`; GENRES.md A.8:
//! exactly W·H base-62 digits, `1`–`9`, `a`–`z` = 10–35, `A`–`Z` = 36–61, no runs) and
//! puzz.link URLs (`…/p?hitori/W/H/BODY`, B.5: a base-36 digit a cell, `-` and two base-36
//! digits for 36–1295, `.` no number, `%`/`@` a `?` cell — read as no number), one a line,
//! `#` lines comments; or the plain form: a line `singles` (or `hitori`), then one row a
//! line: numbers split by blanks, or — without blanks — one base-62 digit a cell; `.` no
//! number. Errors name the line and column (for a URL, the offset in it, 1-based).

use super::Singles;
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Singles), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no singles found (a Tatham ID `5x5:…`, a puzz.link hitori URL or `singles` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("singles") || line.eq_ignore_ascii_case("hitori")
}

/// Whether a trimmed line is the plain form's header, a puzz.link hitori URL, or shaped like
/// a Tatham ID: exactly W·H characters after `WxH:` (Singles has no runs; other genres' IDs
/// are shorter than their grids), none a base-62 digit above the grid's side (an Unruly ID
/// of W·H letters is not one), so that a bad one reaches this reader's errors.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line)
        || puzzlink::is_url_of(line, "hitori")
        || line.split_once(':').is_some_and(|(params, desc)| {
            params
                .split_once('x')
                .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
                .is_some_and(|(w, h)| {
                    w.checked_mul(h) == Some(desc.chars().count())
                        && desc
                            .chars()
                            .filter_map(base62)
                            .all(|v| v as usize <= w.max(h))
                })
        })
}

/// A base-62 digit (`0`–`9`, `a`–`z`, `A`–`Z`).
fn base62(ch: char) -> Option<u32> {
    match ch {
        '0'..='9' => Some(ch as u32 - '0' as u32),
        'a'..='z' => Some(ch as u32 - 'a' as u32 + 10),
        'A'..='Z' => Some(ch as u32 - 'A' as u32 + 36),
        _ => None,
    }
}

/// A Tatham Singles ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Singles, ParseError> {
    let at = |e: tatham::FormatError| ParseError::new(line, Some(lead + e.offset + 1), e.message);
    let (params, desc, start) = tatham::split_id(id, "sgt-singles").map_err(at)?;
    let (width, height) = params
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| {
            ParseError::new(
                line,
                Some(lead + 1),
                format!("`{params}` is not a Singles size `WxH`"),
            )
        })?;
    lines::grid_size(width, height, MAX_CELLS, line, lead + 1)?;
    let n = width * height;
    let mut numbers = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        if numbers.len() >= n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("more than the grid's {n} cells"),
            ));
        }
        match base62(ch) {
            Some(0) => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    "0 is not a Singles number (1 and up)",
                ));
            }
            Some(v) => numbers.push(Some(v)),
            None => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unknown letter `{ch}`: expected a base-62 digit 1-9, a-z, A-Z"),
                ));
            }
        }
    }
    if numbers.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description covers {} cells, the grid has {n}",
                numbers.len()
            ),
        ));
    }
    Ok(Singles::new(width, height, numbers))
}

/// A puzz.link `hitori` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Singles, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["hitori"], "hitori").map_err(|e| err(e.offset, e.message))?;
    let (width, height, body, start) = (g.width, g.height, g.body, g.body_at);
    lines::grid_size(width, height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = width * height;
    let digit = |ch: char| ch.to_digit(36);
    let chars: Vec<(usize, char)> = body.char_indices().collect();
    let mut numbers = Vec::with_capacity(n);
    let mut k = 0;
    while k < chars.len() && numbers.len() < n {
        let (j, ch) = chars[k];
        let bad = || err(start + j, format!("unexpected `{ch}` in the URL's cells"));
        match ch {
            '.' | '%' | '@' => numbers.push(None),
            '-' => {
                let hi = chars
                    .get(k + 1)
                    .and_then(|&(_, c)| digit(c))
                    .ok_or_else(bad)?;
                let lo = chars
                    .get(k + 2)
                    .and_then(|&(_, c)| digit(c))
                    .ok_or_else(bad)?;
                numbers.push(Some(hi * 36 + lo));
                k += 2;
            }
            _ => numbers.push(Some(digit(ch).ok_or_else(bad)?)),
        }
        k += 1;
    }
    if numbers.len() < n {
        return Err(err(
            url.len(),
            format!("{} of the grid's {n} cells described", numbers.len()),
        ));
    }
    Ok(Singles::new(width, height, numbers))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Singles, ParseError> {
    let mut numbers = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let mut row = Vec::new();
        let spaced = text.trim().contains(char::is_whitespace);
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let column = col + 1;
            col += token.chars().count();
            if word.is_empty() {
                continue;
            }
            if spaced {
                row.push(match word {
                    "." => None,
                    _ => Some(word.parse::<u32>().ok().filter(|&v| v > 0).ok_or_else(|| {
                        ParseError::new(
                            line,
                            Some(column),
                            format!("`{word}` is not a number (1 and up) or `.`"),
                        )
                    })?),
                });
            } else {
                for (k, ch) in word.chars().enumerate() {
                    row.push(match (ch, base62(ch)) {
                        ('.', _) => None,
                        (_, Some(v)) if v > 0 => Some(v),
                        _ => {
                            return Err(ParseError::new(
                                line,
                                Some(column + k),
                                format!("unexpected `{ch}`: a row holds base-62 digits 1-9, a-z, A-Z and `.`"),
                            ));
                        }
                    });
                }
            }
        }
        if r == 0 {
            width = row.len();
        } else if row.len() != width {
            return Err(ParseError::at_line(
                line,
                format!("{} cells in this row, {width} in the first", row.len()),
            ));
        }
        numbers.extend(row);
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `singles`"));
    }
    lines::grid_size(width, rows.len(), MAX_CELLS, rows[0].0, 1)?;
    Ok(Singles::new(width, rows.len(), numbers))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back. A Tatham ID
/// holds a number in every cell, each at most 61.
impl Notate for Singles {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        let numbers = (0..height)
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .map(|(r, c)| self.number(r, c));
        match form {
            Notation::Tatham => {
                let desc: Option<String> = numbers.map(|n| n.and_then(base62_digit)).collect();
                Some(format!("{width}x{height}:{}", desc?))
            }
            Notation::Url => {
                let mut body = String::new();
                for number in numbers {
                    match number {
                        None => body.push('.'),
                        Some(v) if v < 36 => body.push(char::from_digit(v, 36)?),
                        Some(v) if v < 36 * 36 => {
                            body.push('-');
                            body.push(char::from_digit(v / 36, 36)?);
                            body.push(char::from_digit(v % 36, 36)?);
                        }
                        Some(_) => return None,
                    }
                }
                Some(puzzlink::url("hitori", width, height, &body))
            }
        }
    }
}

/// The base-62 digit of `v` (the inverse of [`base62`]).
fn base62_digit(v: u32) -> Option<char> {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    DIGITS.get(v as usize).map(|&b| char::from(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes whose product overflows are no Singles ID (fuzzing found the overflow; with
    /// wrapping arithmetic `2³²×2³²:` with an empty description looked like one).
    #[test]
    fn sizes_whose_product_overflows_are_not_an_id() {
        assert!(!looks_like("4294967296x4294967296:"));
        assert!(!looks_like("775x777777777777777706:d330210x177777777"));
        assert!(looks_like("2x2:1221"));
    }

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2:12a311", 1, 0).unwrap();
        let spaced = parse("singles\n1 2 10\n3 1 1\n").remove(0).unwrap().1;
        let packed = parse("hitori\n12a\n311\n").remove(0).unwrap().1;
        let url = parse_url("https://puzz.link/p?hitori/3/2/12a311", 1, 0).unwrap();
        assert_eq!(id, spaced);
        assert_eq!(id, packed);
        assert_eq!(id, url);
        let dots = parse_url(
            "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.",
            1,
            0,
        )
        .unwrap();
        assert_eq!(dots.number(0, 3), None);
        assert_eq!(dots.number(0, 4), Some(4));
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:12a311");
        assert_eq!(
            dots.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1."
        );
        assert_eq!(
            dots.notate(Notation::Tatham),
            None,
            "a Tatham ID has a number in every cell"
        );
    }
}
