//! Reading slitherlinks: Tatham's Loopy IDs (`WxHt0:DESC`, `GENRES.md` A.6), puzz.link URLs
//! (`…/p?slither/W/H/BODY`, B.3, 4Cell clues; the `f/` variant refused) one a line, `#`
//! lines comments; or the plain
//! text form: a line `slitherlink`, then one line per row, a character per cell (`0`–`4` a
//! clue, `.` `-` `_` `?` none), blanks between cells ignored.

use super::Slitherlink;
use crate::constraints::puzzlink;
use crate::constraints::tatham;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (the eager CNF grows as n log n).
const MAX_CELLS: usize = 1 << 18;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Slitherlink), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no slitherlink found (a Loopy ID `5x5t0:…`, a puzz.link URL or `slitherlink` and rows)",
            is_header: |line| line.eq_ignore_ascii_case("slitherlink"),
            plain: parse_plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn clues_error(line: usize, column: usize, message: impl Into<String>) -> ParseError {
    ParseError::new(line, Some(column), message)
}

/// Reads decimal digits from `s` at byte `i`.
fn number(s: &[u8], i: &mut usize) -> Option<usize> {
    let start = *i;
    while *i < s.len() && s[*i].is_ascii_digit() {
        *i += 1;
    }
    std::str::from_utf8(&s[start..*i]).ok()?.parse().ok()
}

/// A Loopy game ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Slitherlink, ParseError> {
    let err = |i: usize, m: String| clues_error(line, lead + i + 1, m);
    let s = id.as_bytes();
    let mut i = 0;
    let width = number(s, &mut i).ok_or_else(|| {
        err(
            0,
            "expected a Loopy game ID `WxHt0:…` (width first)".to_string(),
        )
    })?;
    if s.get(i) != Some(&b'x') {
        return Err(err(i, "expected `x` between width and height".into()));
    }
    i += 1;
    let height_at = i;
    let height = number(s, &mut i).ok_or_else(|| err(i, "expected the height".into()))?;
    if s.get(i) == Some(&b't') {
        i += 1;
        let at = i;
        let grid =
            number(s, &mut i).ok_or_else(|| err(at, "expected the grid type after `t`".into()))?;
        if grid != 0 {
            return Err(err(
                at,
                format!("grid type t{grid} is not the square grid: only t0 is read"),
            ));
        }
    }
    while i < s.len() && s[i].is_ascii_alphanumeric() {
        i += 1;
    }
    match s.get(i) {
        Some(b'#') => {
            return Err(err(
                i,
                format!(
                    "`{id}` is a random-seed ID (PARAMS#SEED): it only means something to Tatham's generator; `sgt-loopy --generate 1 '{id}'` prints its game ID"
                ),
            ));
        }
        Some(b':') => i += 1,
        _ => return Err(err(i, "expected `:` before the clues".into())),
    }
    lines::grid_size(width, height, MAX_CELLS, line, lead + height_at + 1)?;
    let mut clues = Vec::with_capacity(width * height);
    for (j, ch) in id[i..].char_indices() {
        let at = i + j;
        if clues.len() >= width * height {
            return Err(err(
                at,
                format!("more than {width}×{height} cells of clues"),
            ));
        }
        match ch {
            '0'..='4' => clues.push(Some(ch as u8 - b'0')),
            '5'..='9' | 'A'..='Z' => {
                return Err(err(
                    at,
                    format!("clue `{ch}` is more than a square cell's 4 sides"),
                ));
            }
            'a'..='z' => {
                let run = (ch as u8 - b'a' + 1) as usize;
                if clues.len() + run > width * height {
                    return Err(err(
                        at,
                        format!("run `{ch}` goes past the {width}×{height} cells"),
                    ));
                }
                clues.extend(std::iter::repeat_n(None, run));
            }
            _ => return Err(err(at, format!("unexpected `{ch}` in the clues"))),
        }
    }
    if clues.len() < width * height {
        return Err(err(
            id.len(),
            format!("{} cells of clues, expected {width}×{height}", clues.len()),
        ));
    }
    Ok(Slitherlink::new(width, height, clues))
}

/// A puzz.link URL (`slither` or `slitherlink`, 4Cell body).
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Slitherlink, ParseError> {
    let err = |i: usize, m: String| clues_error(line, lead + i + 1, m);
    let g = puzzlink::grid_url(url, &["slither", "slitherlink"], "slitherlink")
        .map_err(|e| err(e.offset, e.message))?;
    let (width, height, body, base) = (g.width, g.height, g.body, g.body_at);
    lines::grid_size(width, height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = width * height;
    let mut clues: Vec<Option<u8>> = Vec::with_capacity(n);
    for (j, ch) in body.char_indices() {
        let at = base + j;
        if clues.len() >= n {
            return Err(err(
                at,
                format!("more than {width}×{height} cells in the URL"),
            ));
        }
        let (clue, empties) = match ch {
            '0'..='4' => (Some(Some(ch as u8 - b'0')), 0),
            '5'..='9' => (Some(Some(ch as u8 - b'5')), 1),
            'a'..='e' => (Some(Some(ch as u8 - b'a')), 2),
            '.' => (Some(None), 0),
            'g'..='z' => (None, (ch as u8 - b'f') as usize),
            _ => return Err(err(at, format!("unexpected `{ch}` in the URL's clues"))),
        };
        if let Some(clue) = clue {
            clues.push(clue);
        }
        // Empties that run past the last cell are the encoder's padding.
        let room = n - clues.len();
        clues.extend(std::iter::repeat_n(None, empties.min(room)));
    }
    if clues.len() > n {
        return Err(err(
            url.len(),
            format!("more than {width}×{height} cells in the URL"),
        ));
    }
    clues.resize(n, None);
    Ok(Slitherlink::new(width, height, clues))
}

/// The Loopy ID (square grid, `t0`) and the URL written: what [`parse_id`] and
/// [`parse_url`] read back.
impl Notate for Slitherlink {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = (self.width, self.height);
        Some(match form {
            Notation::Tatham => {
                let tokens: Vec<Option<String>> = self
                    .clues
                    .iter()
                    .map(|c| c.map(|v| v.to_string()))
                    .collect();
                format!("{width}x{height}t0:{}", tatham::write_runs(&tokens, false))
            }
            Notation::Url => {
                let cells: Vec<Option<Option<u8>>> =
                    self.clues.iter().map(|c| c.map(Some)).collect();
                puzzlink::url("slither", width, height, &puzzlink::write_4cell(&cells))
            }
        })
    }
}

/// The plain text form's rows (after the `slitherlink` line at `header`).
fn parse_plain(rows: &[(usize, &str)], header: usize) -> Result<Slitherlink, ParseError> {
    let mut clues = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let mut row = Vec::new();
        for (col, ch) in text.chars().enumerate() {
            match ch {
                c if c.is_whitespace() => {}
                '0'..='4' => row.push(Some(ch as u8 - b'0')),
                '.' | '-' | '_' | '?' => row.push(None),
                _ => {
                    return Err(clues_error(
                        line,
                        col + 1,
                        format!("unexpected `{ch}`: a row holds clues 0–4 and `.` for none"),
                    ));
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
        clues.extend(row);
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `slitherlink`"));
    }
    lines::grid_size(width, rows.len(), MAX_CELLS, rows[0].0, 1)?;
    Ok(Slitherlink::new(width, rows.len(), clues))
}

/// Whether a line (trimmed) starts like a Loopy ID: `W x H t`.
pub(crate) fn looks_like_id(line: &str) -> bool {
    let s = line.as_bytes();
    let mut i = 0;
    if number(s, &mut i).is_none() || s.get(i) != Some(&b'x') {
        return false;
    }
    i += 1;
    number(s, &mut i).is_some() && s.get(i) == Some(&b't')
}

/// Whether a line holds a puzz.link slitherlink URL.
pub(crate) fn looks_like_url(line: &str) -> bool {
    line.contains("?slither/") || line.contains("?slitherlink/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_pzprjs_test_url() {
        let p = parse_url("https://puzz.link/p?slither/5/5/cbcbcddad", 1, 0).unwrap();
        assert_eq!(p.rows_text(), "2..1.\n.2..1\n..2..\n3..3.\n.0..3");
    }

    #[test]
    fn reads_an_id_and_plain_text_alike() {
        let id = parse_id("3x2t0:1a2b3", 1, 0).unwrap();
        let plain = parse("slitherlink\n1.2\n..3\n");
        assert_eq!(plain.len(), 1);
        assert_eq!(plain[0].as_ref().unwrap().1, id);
    }

    #[test]
    fn errors_say_where() {
        let cases: [(&str, usize, Option<usize>, &str); 8] = [
            ("5x5t0dh#1", 1, Some(8), "random-seed ID"),
            ("5x5t1:abc", 1, Some(5), "t1"),
            ("3x2t0:1a2b", 1, Some(11), "5 cells"),
            ("3x2t0:1a2b3c", 1, Some(12), "more than"),
            ("2x1t0:7a", 1, Some(7), "4 sides"),
            ("  2x1t0:1!", 1, Some(10), "unexpected `!`"),
            (
                "https://puzz.link/p?slither/2/2/1!",
                1,
                Some(34),
                "unexpected `!`",
            ),
            ("slitherlink\n12\n1\n", 3, None, "1 cells"),
        ];
        for (text, line, column, message) in cases {
            let e = parse(text).remove(0).unwrap_err();
            assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
            assert!(e.message.contains(message), "{text:?}: {e}");
        }
    }
}
