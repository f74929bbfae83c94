//! Reading nurikabe: puzz.link URLs (`…/p?nurikabe/W/H/BODY`, GENRES.md B.8: Number16 cells,
//! `.` a numbered cell of unknown size), one a line, `#` lines comments; or the plain form
//! (`encodings/nurikabe.md`): a line `nurikabe`, then one row a line, `.` an empty cell,
//! `?` a number of unknown size, a decimal number an island's size — one character a cell,
//! or, when the row has blanks, cells split by blanks (for numbers above 9). Errors name the
//! line and column (for a URL, the column is the offset in the URL, 1-based).

use super::Nurikabe;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Nurikabe), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no nurikabe found (a puzz.link nurikabe URL, or `nurikabe` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: None,
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("nurikabe")
}

/// Whether a trimmed line is the plain form's header or a puzz.link nurikabe URL.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || puzzlink::is_url_of(line, "nurikabe")
}

/// A puzz.link `nurikabe` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Nurikabe, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["nurikabe"], "nurikabe").map_err(|e| err(e.offset, e.message))?;
    let (width, height, body, start) = (g.width, g.height, g.body, g.body_at);
    lines::grid_size(width, height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = width * height;
    // As pzprjs decodes, cells after the end of the body are empty.
    let mut slots: Vec<Option<Option<u32>>> = Vec::with_capacity(n);
    let bytes = body.as_bytes();
    let hex = |from: usize, len: usize| {
        body.get(from..from + len)
            .and_then(|t| u32::from_str_radix(t, 16).ok())
    };
    let mut i = 0;
    while i < bytes.len() {
        if slots.len() >= n {
            return Err(err(start + i, format!("more than the grid's {n} cells")));
        }
        let (slot, len) = match bytes[i] {
            b'0'..=b'9' | b'a'..=b'f' => (Some(hex(i, 1)), 1),
            b'-' => (
                Some(Some(hex(i + 1, 2).ok_or_else(|| {
                    err(start + i, "`-` needs two hex digits".into())
                })?)),
                3,
            ),
            b'+' => (
                Some(Some(hex(i + 1, 3).ok_or_else(|| {
                    err(start + i, "`+` needs three hex digits".into())
                })?)),
                4,
            ),
            b'.' => (Some(None), 1),
            b'g'..=b'z' => {
                let run = usize::from(bytes[i] - b'f');
                if slots.len() + run > n {
                    return Err(err(
                        start + i,
                        "a run of empty cells goes past the grid".into(),
                    ));
                }
                slots.extend(std::iter::repeat_n(None, run));
                i += 1;
                continue;
            }
            _ => {
                let ch = body[i..].chars().next().unwrap_or('?');
                return Err(err(
                    start + i,
                    format!("unexpected `{ch}` in the URL's cells"),
                ));
            }
        };
        slots.push(slot);
        i += len;
    }
    slots.resize(n, None);
    Ok(Nurikabe::new(width, height, slots))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Nurikabe, ParseError> {
    let mut cells = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let mut row = Vec::new();
        let spaced = text.trim().contains(char::is_whitespace);
        let mut k = 0;
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        while k < chars.len() {
            let (col, ch) = chars[k];
            if ch.is_whitespace() {
                k += 1;
                continue;
            }
            let mut end = k + 1;
            if spaced {
                while end < chars.len() && !chars[end].1.is_whitespace() {
                    end += 1;
                }
            }
            let token: String = chars[k..end].iter().map(|&(_, c)| c).collect();
            let column = text[..col].chars().count() + 1;
            let cell = match token.as_str() {
                "." | "-" | "_" => None,
                "?" => Some(None),
                t if t.bytes().all(|b| b.is_ascii_digit()) => match t.parse::<u32>() {
                    Ok(v) => Some(Some(v)),
                    Err(_) => {
                        return Err(ParseError::new(
                            line,
                            Some(column),
                            format!("`{t}` is too large an island"),
                        ));
                    }
                },
                t => {
                    return Err(ParseError::new(
                        line,
                        Some(column),
                        format!("unexpected `{t}`: a row holds `.` empty cells, numbers and `?`"),
                    ));
                }
            };
            row.push(cell);
            k = end;
        }
        if r == 0 {
            width = row.len();
        } else if row.len() != width {
            return Err(ParseError::at_line(
                line,
                format!("{} cells in this row, {width} in the first", row.len()),
            ));
        }
        cells.extend(row);
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `nurikabe`"));
    }
    lines::grid_size(width, rows.len(), MAX_CELLS, rows[0].0, 1)?;
    Ok(Nurikabe::new(width, rows.len(), cells))
}

/// The URL written: what [`parse_url`] reads back (island sizes below 4096).
impl Notate for Nurikabe {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        let slots: Vec<puzzlink::Slot> = (0..height)
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .map(|(r, c)| self.clue(r, c))
            .collect();
        let fits = slots.iter().all(|s| s.flatten().is_none_or(|v| v < 4096));
        (form == Notation::Url && fits)
            .then(|| puzzlink::url("nurikabe", width, height, &puzzlink::write_number16(&slots)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_and_rows_read_alike() {
        let url = parse_url("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", 1, 0).unwrap();
        assert_eq!(url.drawing(None), ".5...\n..2..\n.....\n..1..\n...3.");
        let plain = parse("nurikabe\n.5...\n..2..\n.....\n..1..\n...3.\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(url, plain);
        let spaced = parse("nurikabe\n. 5 . . .\n. . 2 . .\n. . . . .\n. . 1 . .\n. . . 3 .\n");
        assert_eq!(spaced.into_iter().next().unwrap().unwrap().1, url);
    }
}
