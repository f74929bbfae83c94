//! Reading Range: Tatham's game IDs (`WxH:DESC`, `encodings/range.md`; GENRES.md A.15: W·H
//! cells in reading order, `a`–`z` runs of 1–26 empty cells, decimal numbers 1..W+H−1, `_`
//! between two numbers) and puzz.link URLs (`…/p?kurodoko/W/H/BODY`, Number16: a hex number
//! a cell, `-` two hex digits, `+` three, `.` a `?` cell, `g`–`z` runs of 1–20 empty cells),
//! one a line, `#` lines comments; or the plain form: a line `range` (or `kurodoko`), then
//! one row a line: cells split by blanks (a number, `.` empty, `?` unknown number), or —
//! without blanks — one character a cell (`1`–`9`, `.`, `?`). Errors name the line and
//! column (for a URL, the offset in it, 1-based).

use super::{Clue, Range};
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;
/// Clues whose CNF would take more counter cells than this are refused
/// ([`Range::encoding_cost`]).
const MAX_COST: usize = 1 << 23;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Range), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no range found (a Tatham ID `9x6:…`, a puzz.link kurodoko URL or `range` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("range") || line.eq_ignore_ascii_case("kurodoko")
}

/// Whether a trimmed line is the plain form's header, a puzz.link kurodoko URL, or a Tatham
/// ID `WxH:` whose description is exactly W·H cells of Range's runs and numbers (a Light
/// Up ID has `B` or clue digits that do not add up; Singles IDs run their digits into one
/// number too large).
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line)
        || puzzlink::is_url_of(line, "kurodoko")
        || (!line.contains('#') && size_and_cells(line).is_some())
}

/// The size and cells of a well-formed Range ID, without building the puzzle.
fn size_and_cells(line: &str) -> Option<(usize, usize, Vec<Option<u32>>)> {
    let (params, desc) = line.split_once(':')?;
    let (width, height) = size(params)?;
    let n = width
        .checked_mul(height)
        .filter(|&n| n > 0 && n <= MAX_CELLS)?;
    let max = u32::try_from(width + height - 1).ok()?;
    let cells = tatham::run_cells(desc, n, max).ok()?;
    Some((width, height, cells))
}

fn size(params: &str) -> Option<(usize, usize)> {
    let (w, h) = params.split_once('x')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

/// The clues' encoding bounded ([`MAX_COST`]).
fn bounded(
    width: usize,
    height: usize,
    clues: Vec<Clue>,
    line: usize,
) -> Result<Range, ParseError> {
    if Range::encoding_cost(width, height, &clues) > MAX_COST {
        return Err(ParseError::at_line(
            line,
            format!("the clues of this {width}×{height} grid are too many and too large to encode"),
        ));
    }
    Ok(Range::new(width, height, clues))
}

/// A Tatham Range ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Range, ParseError> {
    let at = |e: tatham::FormatError| ParseError::new(line, Some(lead + e.offset + 1), e.message);
    let (params, desc, start) = tatham::split_id(id, "sgt-range").map_err(at)?;
    let (width, height) = size(params).ok_or_else(|| {
        ParseError::new(
            line,
            Some(lead + 1),
            format!("`{params}` is not a Range size `WxH`"),
        )
    })?;
    lines::grid_size(width, height, MAX_CELLS, line, lead + 1)?;
    let max = u32::try_from(width + height - 1).unwrap_or(u32::MAX);
    let cells = tatham::run_cells(desc, width * height, max)
        .map_err(|e| ParseError::new(line, Some(lead + start + e.offset + 1), e.message))?;
    let clues = cells
        .into_iter()
        .map(|c| c.map_or(Clue::Empty, Clue::Count))
        .collect();
    bounded(width, height, clues, line)
}

/// A puzz.link `kurodoko` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Range, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g =
        puzzlink::grid_url(url, &["kurodoko"], "kurodoko").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = g.width * g.height;
    let (slots, end) =
        puzzlink::number16_slots(url, g.body_at, n).map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() {
        return Err(err(end, format!("more than the grid's {n} cells")));
    }
    let mut clues = Vec::with_capacity(n);
    for slot in slots {
        clues.push(match slot {
            None => Clue::Empty,
            Some(None) => Clue::Unknown,
            Some(Some(0)) => {
                let k = clues.len();
                return Err(ParseError::at_line(
                    line,
                    format!(
                        "r{}c{}: 0 is not a kurodoko number (a cell sees itself)",
                        k / g.width + 1,
                        k % g.width + 1
                    ),
                ));
            }
            Some(Some(v)) => Clue::Count(v),
        });
    }
    bounded(g.width, g.height, clues, line)
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Range, ParseError> {
    let mut clues = Vec::new();
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
                    "." => Clue::Empty,
                    "?" => Clue::Unknown,
                    _ => Clue::Count(word.parse::<u32>().ok().filter(|&v| v > 0).ok_or_else(
                        || {
                            ParseError::new(
                                line,
                                Some(column),
                                format!("`{word}` is not a number (1 and up), `.` or `?`"),
                            )
                        },
                    )?),
                });
            } else {
                for (k, ch) in word.chars().enumerate() {
                    row.push(match ch {
                        '.' => Clue::Empty,
                        '?' => Clue::Unknown,
                        '1'..='9' => Clue::Count(ch as u32 - '0' as u32),
                        _ => {
                            return Err(ParseError::new(
                                line,
                                Some(column + k),
                                format!("unexpected `{ch}`: a row holds numbers 1-9, `.` and `?` (split by blanks for larger numbers)"),
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
        clues.extend(row);
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `range`"));
    }
    lines::grid_size(width, rows.len(), MAX_CELLS, rows[0].0, 1)?;
    bounded(width, rows.len(), clues, rows[0].0)
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back (as Tatham's
/// generator and pzprjs write them). A Tatham ID has no `?` cells.
impl Notate for Range {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        let clues = (0..height)
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .map(|(r, c)| self.clue(r, c));
        match form {
            Notation::Tatham => {
                let tokens: Option<Vec<Option<String>>> = clues
                    .map(|clue| match clue {
                        Clue::Empty => Some(None),
                        Clue::Count(n) => Some(Some(n.to_string())),
                        Clue::Unknown => None,
                    })
                    .collect();
                Some(format!(
                    "{width}x{height}:{}",
                    tatham::write_runs(&tokens?, true)
                ))
            }
            Notation::Url => {
                let slots: Vec<puzzlink::Slot> = clues
                    .map(|clue| match clue {
                        Clue::Empty => None,
                        Clue::Count(n) => Some(Some(n)),
                        Clue::Unknown => Some(None),
                    })
                    .collect();
                if slots
                    .iter()
                    .any(|s| matches!(s, Some(Some(v)) if *v >= 4096))
                {
                    return None;
                }
                Some(puzzlink::url(
                    "kurodoko",
                    width,
                    height,
                    &puzzlink::write_number16(&slots),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2:2_3c4", 1, 0).unwrap();
        let plain = parse("range\n23.\n..4\n").remove(0).unwrap().1;
        let spaced = parse("kurodoko\n2 3 .\n. . 4\n").remove(0).unwrap().1;
        let url = parse_url("https://puzz.link/p?kurodoko/3/2/23i4", 1, 0).unwrap();
        assert_eq!(id, plain);
        assert_eq!(id, spaced);
        assert_eq!(id, url);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:2_3c4");
        assert_eq!(
            id.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?kurodoko/3/2/23i4"
        );
        assert!(looks_like("9x6:a14b10a9b10f3t8f4b7a7b4a"));
        assert!(!looks_like(
            "10x10:c2bBg1g1d2b1b2bBb2h1bBh1b0b2b0bBdBg3g0b2c"
        ));
        assert!(!looks_like("5x5:5235151534441151425245512"));
        let unknown = parse_url("https://puzz.link/p?kurodoko/2/1/.g", 1, 0).unwrap();
        assert_eq!(unknown.clue(0, 0), Clue::Unknown);
        assert_eq!(unknown.notate(Notation::Tatham), None);
    }
}
