//! Reading Tracks: Tatham's game IDs (`WxH:GRID,COUNTS`, `encodings/tracks.md`):
//! GRID walks the cells in reading order, a hex digit `1`–`9`/`A`–`F` a given piece
//! (its direction bits, exactly two: 1 right, 2 up, 4 left, 8 down), `0` one plain cell,
//! `a`–`z` 1–26 plain cells; COUNTS the W column then the H row counts, each after a `,`,
//! `S` before the exit column's and before the entrance row's; the generator's `dX` and `o`
//! after the size are accepted), one a line, `#` lines comments; or the plain form: a line
//! `tracks`, then a row a line (`.` a plain cell, a piece as its hex digit or as `─│└┘┐┌`;
//! blanks between cells ignored; then a blank and the row's count, `S` before the entrance
//! row's) and a last line of the column counts (`S` before the exit column's). Tracks has
//! no puzz.link form. Errors name the line and column.

use super::{DOWN, LEFT, RIGHT, Tracks, UP};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (the eager CNF grows as n log n).
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Tracks), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no tracks found (a Tatham ID `8x8:…,S3,…` or `tracks` and rows)",
            is_header,
            plain,
            url: no_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("tracks")
}

fn no_url(_: &str, line: usize, lead: usize) -> Result<Tracks, ParseError> {
    Err(ParseError::new(
        line,
        Some(lead + 1),
        "tracks has no puzz.link form: give a Tatham ID `WxH:…` or `tracks` and rows",
    ))
}

/// Whether a trimmed line is the plain form's header or a Tatham ID that reads as Tracks.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || (line.contains(",S") && parse_id(line, 1, 0).is_ok())
}

/// A count after its optional `S`: `(marked, count)`.
fn count(word: &str) -> Result<(bool, usize), String> {
    let (marked, digits) = match word.strip_prefix('S') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    digits
        .parse::<usize>()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .map(|k| (marked, k))
        .ok_or_else(|| format!("`{word}` is not a count (digits, `S` before the end's)"))
}

/// The counts and where they are, `((line, column), word)` each: the W column counts then
/// the H row counts, exactly one of each marked `S`; `end` is where a missing count would
/// be. Returns the columns', the rows', the exit column and the entrance row.
fn counts(
    words: &[((usize, Option<usize>), &str)],
    width: usize,
    height: usize,
    end: (usize, Option<usize>),
) -> Result<(Vec<usize>, Vec<usize>, usize, usize), ParseError> {
    let at = |(line, col): (usize, Option<usize>), m: String| ParseError::new(line, col, m);
    let mut values = Vec::with_capacity(width + height);
    let (mut exit, mut entrance) = (None, None);
    for (i, &(place, word)) in words.iter().enumerate() {
        if i == width + height {
            return Err(at(
                place,
                format!(
                    "more than the {} counts of {width} columns and {height} rows",
                    width + height
                ),
            ));
        }
        let (marked, k) = count(word).map_err(|m| at(place, m))?;
        if marked {
            let (slot, what) = if i < width {
                (&mut exit, "exit column")
            } else {
                (&mut entrance, "entrance row")
            };
            if slot.is_some() {
                return Err(at(place, format!("a second `S`: one {what} only")));
            }
            *slot = Some(if i < width { i } else { i - width });
        }
        values.push(k);
    }
    if values.len() < width + height {
        return Err(at(
            end,
            format!(
                "{} counts, the grid needs {} ({width} columns, then {height} rows)",
                values.len(),
                width + height
            ),
        ));
    }
    let (Some(exit), Some(entrance)) = (exit, entrance) else {
        let what = if exit.is_none() {
            "column counts mark no exit"
        } else {
            "row counts mark no entrance"
        };
        return Err(at(end, format!("the {what} with `S`")));
    };
    let rows = values.split_off(width);
    Ok((values, rows, exit, entrance))
}

/// A piece's direction bits from its hex digit; `Some(0)` for `0`, `None` for a digit of
/// other than two directions or no digit.
fn hex_piece(ch: char) -> Option<u32> {
    let bits = ch.to_digit(16).filter(|_| !ch.is_ascii_lowercase())?;
    (bits == 0 || bits.count_ones() == 2).then_some(bits)
}

/// A Tatham Tracks ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Tracks, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-tracks", "Tracks", MAX_CELLS, line, lead)?;
    let option = match rest.strip_prefix('d') {
        Some(d) => d.get(1..).filter(|_| d.starts_with(['e', 't', 'h'])),
        None => Some(rest),
    };
    if !matches!(option, Some("" | "o")) {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Tracks option (`de`, `dt`, `dh`, then `o`)"),
        ));
    }
    let at = |k: usize, m: String| ParseError::new(line, Some(lead + start + k + 1), m);
    let n = width * height;
    let mut pieces = vec![0u32; n];
    let mut i = 0;
    let mut grid_end = desc.len();
    for (k, ch) in desc.char_indices() {
        if i == n {
            grid_end = k;
            break;
        }
        let run = match ch {
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => match hex_piece(ch) {
                Some(bits) => {
                    pieces[i] = bits;
                    1
                }
                None if ch.is_ascii_hexdigit() => {
                    return Err(at(
                        k,
                        format!("`{ch}` is no piece: a piece has exactly two directions"),
                    ));
                }
                None if ch == ',' => {
                    return Err(at(
                        k,
                        format!("the grid covers {i} cells before the counts, it has {n}"),
                    ));
                }
                None => {
                    return Err(at(
                        k,
                        format!("unknown letter `{ch}`: expected a piece 1-9, A-F or a run a-z"),
                    ));
                }
            },
        };
        if i + run > n {
            return Err(at(k, format!("`{ch}` goes past the grid's {n} cells")));
        }
        i += run;
    }
    if i < n {
        return Err(at(
            desc.len(),
            format!("the grid covers {i} cells, it has {n}"),
        ));
    }
    let tail = &desc[grid_end..];
    if !tail.starts_with(',') {
        let m = match tail.chars().next() {
            Some(ch) => format!("`{ch}` after the grid's {n} cells: expected `,` and the counts"),
            None => "no counts after the grid".to_string(),
        };
        return Err(at(grid_end, m));
    }
    let place = |k: usize| (line, Some(lead + start + k + 1));
    let mut words = Vec::new();
    let mut offset = grid_end;
    for field in tail.split(',').skip(1) {
        offset += 1;
        words.push((place(offset), field));
        offset += field.len();
    }
    let (columns, rows, exit, entrance) = counts(&words, width, height, place(desc.len()))?;
    Ok(Tracks::new(
        width, height, pieces, columns, rows, entrance, exit,
    ))
}

/// Writes Tatham's ID as his generator does: plain cells as runs `a`–`z`, pieces as upper
/// case hex digits, then the counts.
impl Notate for Tracks {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let (w, h) = self.size();
        let mut id = format!("{w}x{h}:");
        for cell in 0..w * h {
            let bits = self.piece(cell);
            if bits != 0 {
                id.push(char::from_digit(bits, 16)?.to_ascii_uppercase());
                continue;
            }
            match id.pop() {
                Some(last @ 'a'..='y') => id.push(char::from(last as u8 + 1)),
                Some(last) => {
                    id.push(last);
                    id.push('a');
                }
                None => id.push('a'),
            }
        }
        let (columns, rows) = self.counts();
        let (entrance, exit) = self.ends();
        for (c, k) in columns.iter().enumerate() {
            id.push_str(&format!(",{}{k}", if c == exit { "S" } else { "" }));
        }
        for (r, k) in rows.iter().enumerate() {
            id.push_str(&format!(",{}{k}", if r == entrance { "S" } else { "" }));
        }
        Some(id)
    }
}

/// A plain-form cell: `.` none, a hex digit, or a box-drawing piece.
fn plain_piece(ch: char) -> Option<u32> {
    match ch {
        '.' => Some(0),
        '─' => Some(RIGHT | LEFT),
        '│' => Some(UP | DOWN),
        '└' => Some(RIGHT | UP),
        '┘' => Some(UP | LEFT),
        '┐' => Some(LEFT | DOWN),
        '┌' => Some(RIGHT | DOWN),
        _ => hex_piece(ch),
    }
}

/// The plain form's rows (after the header at line `header`): the last is the column counts.
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Tracks, ParseError> {
    let Some((&(last, counts_line), grid)) = rows.split_last() else {
        return Err(ParseError::at_line(header, "no rows after `tracks`"));
    };
    if grid.is_empty() {
        return Err(ParseError::at_line(
            last,
            "a row of cells and its count, then the column counts",
        ));
    }
    let mut pieces = Vec::new();
    let mut row_words = Vec::with_capacity(grid.len());
    let mut width = 0;
    for (r, &(line, text)) in grid.iter().enumerate() {
        let text = text.trim_end();
        let (cells, k) = text.rsplit_once(char::is_whitespace).ok_or_else(|| {
            ParseError::at_line(line, "a row is its cells, a blank, and its count")
        })?;
        let before = pieces.len();
        for (col, ch) in cells.chars().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            pieces.push(plain_piece(ch).ok_or_else(|| {
                ParseError::new(
                    line,
                    Some(col + 1),
                    format!(
                        "unexpected `{ch}`: a row holds `.`, pieces 3, 5, 6, 9, A, C (or ─│└┘┐┌)"
                    ),
                )
            })?);
        }
        let n = pieces.len() - before;
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
        row_words.push((
            (line, Some(text.chars().count() - k.chars().count() + 1)),
            k,
        ));
    }
    lines::grid_size(width, grid.len(), MAX_CELLS, grid[0].0, 1)?;
    let height = grid.len();
    // The column counts first, as in the ID; each count placed where it stands.
    let mut words = Vec::new();
    let mut col = 0;
    for token in counts_line.split_inclusive(char::is_whitespace) {
        let word = token.trim();
        if !word.is_empty() {
            words.push(((last, Some(col + 1)), word));
        }
        col += token.chars().count();
    }
    if words.len() != width {
        return Err(ParseError::at_line(
            last,
            format!("{} column counts for {width} columns", words.len()),
        ));
    }
    words.extend(row_words);
    let (columns, rows, exit, entrance) = counts(&words, width, height, (last, None))?;
    Ok(Tracks::new(
        width, height, pieces, columns, rows, entrance, exit,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        let id = "2x2:5Cb,1,S2,S2,1";
        let p = parse_id(id, 1, 0).unwrap();
        assert_eq!(p.drawing(None), "5C S2\n.. 1\n1 S2");
        assert_eq!(p.notate(Notation::Tatham).unwrap(), id);
        let plain = parse("tracks\n─┐ S2\n.. 1\n1 S2\n").remove(0).unwrap().1;
        assert_eq!(plain, p);
        assert!(looks_like("8x8:p6q9w9e,3,2,S6,7,6,4,4,2,5,5,S2,4,6,5,5,2"));
        assert_eq!(hex_piece('7'), None);
        assert_eq!(hex_piece('0'), Some(0));
    }
}
