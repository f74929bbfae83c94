//! Reading Dominosa: Tatham's game IDs (`N:DESC`, `encodings/dominosa.md`; GENRES.md A.11:
//! the (N+1)(N+2) numbers of the (N+2)-wide grid in reading order, a digit `0`–`9` or
//! `[NN]` each; a difficulty `d` and a letter after N is accepted), one a line, `#` lines
//! comments; or the plain form: a line `dominosa`, then N+1 rows of N+2 numbers each (split
//! by blanks, or one digit a cell without them). Numbers above N are refused; a grid whose
//! numbers do not make the domino set is read, and has no solution. Dominosa has no
//! puzz.link form. Errors name the line and column.

use super::Dominosa;
use crate::constraints::tatham;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Dominosa), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no dominosa found (a Tatham ID `6:…` or `dominosa` and rows)",
            is_header,
            plain,
            url: no_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("dominosa")
}

fn no_url(_: &str, line: usize, lead: usize) -> Result<Dominosa, ParseError> {
    Err(ParseError::new(
        line,
        Some(lead + 1),
        "dominosa has no puzz.link form: give a Tatham ID `N:…` or `dominosa` and rows",
    ))
}

/// Whether a trimmed line is the plain form's header or a Tatham ID that reads as Dominosa
/// (only numbers after `N:`, exactly (N+1)(N+2) of them).
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || parse_id(line, 1, 0).is_ok()
}

/// N, the largest number, and the grid's width and height, bounded; `at` the column.
fn size(max: usize, line: usize, at: usize) -> Result<u32, ParseError> {
    let (w, h) = (max.saturating_add(2), max.saturating_add(1));
    lines::grid_size(w, h, MAX_CELLS, line, at)?;
    Ok(max as u32)
}

/// A Tatham Dominosa ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Dominosa, ParseError> {
    let at = |e: tatham::FormatError| ParseError::new(line, Some(lead + e.offset + 1), e.message);
    let (params, desc, start) = tatham::split_id(id, "sgt-dominosa").map_err(at)?;
    let digits = params
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(params.len());
    let rest = &params[digits..];
    let max = params[..digits]
        .parse::<usize>()
        .ok()
        .filter(|_| rest.is_empty() || (rest.len() == 2 && rest.starts_with('d')))
        .ok_or_else(|| {
            ParseError::new(
                line,
                Some(lead + 1),
                format!("`{params}` is not a Dominosa size `N` (and a difficulty `dX`)"),
            )
        })?;
    let max = size(max, line, lead + 1)?;
    let n = (max as usize + 1) * (max as usize + 2);
    let mut numbers = Vec::with_capacity(n);
    let bytes = desc.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        let column = lead + start + k + 1;
        if numbers.len() >= n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("more than the grid's {n} numbers"),
            ));
        }
        let (value, len) = match bytes[k] {
            b'0'..=b'9' => (u32::from(bytes[k] - b'0'), 1),
            b'[' => {
                let close = desc[k..]
                    .find(']')
                    .ok_or_else(|| ParseError::new(line, Some(column), "`[` without its `]`"))?;
                let v = desc[k + 1..k + close].parse::<u32>().map_err(|_| {
                    ParseError::new(
                        line,
                        Some(column),
                        format!("`{}` is not a number", &desc[k..=k + close]),
                    )
                })?;
                (v, close + 1)
            }
            _ => {
                let ch = desc[k..].chars().next().unwrap_or('?');
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unknown letter `{ch}`: expected a digit or `[NN]`"),
                ));
            }
        };
        if value > max {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("{value} is above N = {max}"),
            ));
        }
        numbers.push(value);
        k += len;
    }
    if numbers.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!("{} numbers, the grid has {n}", numbers.len()),
        ));
    }
    Ok(Dominosa::new(max, numbers))
}

/// The ID written: what `parse_id` reads back (a number a digit, `[NN]` from 10 on).
impl Notate for Dominosa {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let mut id = format!("{}:", self.max);
        for &v in &self.numbers {
            if v < 10 {
                id.push(char::from(b'0' + v as u8));
            } else {
                id.push_str(&format!("[{v}]"));
            }
        }
        (form == Notation::Tatham).then_some(id)
    }
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Dominosa, ParseError> {
    let Some(&(first, _)) = rows.first() else {
        return Err(ParseError::at_line(header, "no rows after `dominosa`"));
    };
    let max = size(rows.len() - 1, first, 1)?;
    let width = max as usize + 2;
    let mut numbers = Vec::with_capacity(width * rows.len());
    for &(line, text) in rows {
        let spaced = text.trim().contains(char::is_whitespace);
        let mut row = Vec::new();
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let first = col + 1;
            col += token.chars().count();
            let words: Vec<&str> = if spaced {
                vec![word]
            } else {
                word.char_indices()
                    .map(|(i, ch)| &word[i..i + ch.len_utf8()])
                    .collect()
            };
            for (column, w) in (first..).zip(words.into_iter().filter(|w| !w.is_empty())) {
                let v = w.parse::<u32>().ok().filter(|&v| v <= max).ok_or_else(|| {
                    ParseError::new(
                        line,
                        Some(column),
                        format!(
                            "`{w}` is not a number 0..={max} (N + 1 = {} rows)",
                            rows.len()
                        ),
                    )
                })?;
                row.push(v);
            }
        }
        if row.len() != width {
            return Err(ParseError::at_line(
                line,
                format!(
                    "{} numbers in this row; {} rows need {width}",
                    row.len(),
                    rows.len()
                ),
            ));
        }
        numbers.extend(row);
    }
    Ok(Dominosa::new(max, numbers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        let id = parse_id("1:001110", 1, 0).unwrap();
        assert_eq!(id.drawing(None), "0 0 1\n1 1 0");
        assert_eq!(parse("dominosa\n001\n110\n").remove(0).unwrap().1, id);
        assert_eq!(parse("dominosa\n0 0 1\n1 1 0\n").remove(0).unwrap().1, id);
        assert_eq!(parse_id("1db:0[0]1110", 1, 0).unwrap(), id);
        assert!(looks_like("1:001110"));
        assert!(!looks_like("1:00111"));
    }
}
