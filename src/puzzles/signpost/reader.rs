//! Reading signpost: Tatham's Signpost game IDs (`WxH[c]:DESC`; the description is the
//! W·H cells in reading order, each an optional decimal number (its given position; 0 or
//! none: not given) then its arrow `a`–`h` = N, NE, E, SE, S, SW, W, NW, the last cell's
//! arrow a dummy), one a line, `#` lines comments; or the plain form: a line `signpost`,
//! then one row a line of blank-separated tokens `[number]arrow`, the arrow `n`, `ne`, `e`,
//! `se`, `s`, `sw`, `w`, `nw`, or `*` for none (that cell must be the last). Errors name
//! the line and column (for an ID, the offset in it, 1-based).

use super::{NAMES, Signpost};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (positions are bit sets of N + 1 bits a cell).
const MAX_CELLS: usize = 1 << 12;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Signpost), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no signpost found (a Tatham Signpost ID `4x4:1ceee…16a` or `signpost` and rows)",
            is_header,
            plain,
            url: |_, line, lead| {
                Err(ParseError::new(
                    line,
                    Some(lead + 1),
                    "signpost reads Tatham IDs `WxH:…` and the plain form, not URLs",
                ))
            },
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("signpost")
}

/// Whether a file's trimmed lines are signpost's: its plain form's header, or Tatham IDs
/// whose descriptions are digits and the arrow letters `a`–`h` only and that read as
/// signpost (one arrow a cell, exactly W·H of them) with 1 and N given, as Tatham's
/// generator always gives them (so a Solo ID `2x2:…`, whose sizes look alike, is not
/// taken for one).
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines.iter().any(|l| is_header(l)) {
        return true;
    }
    let ids: Vec<&&str> = lines.iter().filter(|l| !l.starts_with('#')).collect();
    !ids.is_empty()
        && ids.iter().all(|l| {
            l.split_once(':').is_some_and(|(_, desc)| {
                desc.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'h').contains(&b))
            }) && parse_id(l, 1, 0).is_ok_and(|p| {
                let n = p.cells() as u32;
                (0..p.cells()).any(|c| p.number(c) == Some(1))
                    && (0..p.cells()).any(|c| p.number(c) == Some(n))
            })
        })
}

/// A Tatham Signpost ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Signpost, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-signpost", "Signpost", MAX_CELLS, line, lead)?;
    if !rest.is_empty() && rest != "c" {
        return Err(ParseError::new(
            line,
            Some(lead + start - rest.len()),
            format!("unexpected `{rest}` after the size: Signpost's parameters are `WxH[c]`"),
        ));
    }
    let n = width * height;
    let mut arrows = Vec::with_capacity(n);
    let mut numbers = Vec::with_capacity(n);
    let mut number: Option<(u32, usize)> = None;
    for (k, ch) in desc.char_indices() {
        let column = Some(lead + start + k + 1);
        match ch {
            '0'..='9' => {
                let (v, from) = number.unwrap_or((0, k));
                let v = v * 10 + u32::from(ch as u8 - b'0');
                if v as usize > n {
                    return Err(ParseError::new(
                        line,
                        Some(lead + start + from + 1),
                        format!("number {v}… is more than the grid's {n} cells"),
                    ));
                }
                number = Some((v, from));
            }
            'a'..='h' => {
                if arrows.len() == n {
                    return Err(ParseError::new(
                        line,
                        column,
                        format!("`{ch}` is past the grid's {n} cells"),
                    ));
                }
                arrows.push(Some(ch as u8 - b'a'));
                numbers.push(number.take().map(|(v, _)| v).filter(|&v| v > 0));
            }
            _ => {
                return Err(ParseError::new(
                    line,
                    column,
                    format!("unexpected `{ch}`: expected a number or an arrow `a`–`h`"),
                ));
            }
        }
    }
    if let Some((_, from)) = number {
        return Err(ParseError::new(
            line,
            Some(lead + start + from + 1),
            "a number with no arrow after it",
        ));
    }
    if arrows.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description has {} of the grid's {n} cells",
                arrows.len()
            ),
        ));
    }
    Ok(Signpost::new(width, height, arrows, numbers))
}

/// The plain form: rows of tokens after the header at line `header`.
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Signpost, ParseError> {
    let mut arrows = Vec::new();
    let mut numbers = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let before = arrows.len();
        let mut offset = 0;
        for token in text.split_whitespace() {
            let at = offset + text[offset..].find(token).unwrap_or(0);
            offset = at + token.len();
            let digits = token.bytes().take_while(u8::is_ascii_digit).count();
            let (num, arrow) = token.split_at(digits);
            let arrow = match arrow {
                "*" => None,
                a => match NAMES
                    .iter()
                    .position(|&name| name == a.to_ascii_lowercase())
                {
                    Some(i) => Some(i as u8),
                    None => {
                        return Err(ParseError::new(
                            line,
                            Some(at + digits + 1),
                            format!(
                                "`{arrow}` is not an arrow: expected n, ne, e, se, s, sw, w, nw or `*`"
                            ),
                        ));
                    }
                },
            };
            let number = if num.is_empty() {
                None
            } else {
                match num.parse::<u32>() {
                    Ok(v) if v >= 1 && (v as usize) <= MAX_CELLS => Some(v),
                    _ => {
                        return Err(ParseError::new(
                            line,
                            Some(at + 1),
                            format!("`{num}` is not a position (1 and up)"),
                        ));
                    }
                }
            };
            arrows.push(arrow);
            numbers.push(number);
            if arrows.len() > MAX_CELLS {
                return Err(ParseError::new(
                    line,
                    Some(at + 1),
                    format!("more than {MAX_CELLS} cells"),
                ));
            }
        }
        let n = arrows.len() - before;
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(header, "no rows after `signpost`"));
    }
    let height = rows.len();
    lines::grid_size(width, height, MAX_CELLS, rows[0].0, 1)?;
    let n = (width * height) as u32;
    if let Some(i) = numbers.iter().position(|v| v.is_some_and(|v| v > n)) {
        return Err(ParseError::at_line(
            rows[i / width].0,
            format!(
                "r{}c{} holds {}, more than the grid's {n} cells",
                i / width + 1,
                i % width + 1,
                numbers[i].unwrap_or(0)
            ),
        ));
    }
    Ok(Signpost::new(width, height, arrows, numbers))
}

/// The ID as Tatham writes it: per cell its number (if given) and its arrow's letter. A
/// cell with no arrow can only be the last: it is written as number N with Tatham's dummy
/// arrow `a`.
impl Notate for Signpost {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let (width, height) = self.size();
        let n = self.cells() as u32;
        let mut id = format!("{width}x{height}:");
        for c in 0..self.cells() {
            let (number, arrow) = match self.arrow(c) {
                Some(a) => (self.number(c), a),
                None => (Some(n), 0),
            };
            if let Some(v) = number {
                id.push_str(&v.to_string());
            }
            id.push(char::from(b'a' + arrow));
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        // 1 → east, 2 ↓ south, 3 ← west, 4 the last (Tatham's dummy arrow north).
        let id = parse_id("2x2:1ce4a3g", 1, 0).unwrap();
        let rows = parse("signpost\n1e s\n4n 3w\n").remove(0).unwrap().1;
        assert_eq!(id, rows);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "2x2:1ce4a3g");
        let star = parse("signpost\n1e *\n").remove(0).unwrap().1;
        assert_eq!(star.notate(Notation::Tatham).unwrap(), "2x1:1c2a");
    }

    #[test]
    fn errors_name_their_place() {
        let e = parse_id("2x2:1cegcaa", 3, 2).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(12)));
        assert!(e.message.contains("past the grid's 4 cells"), "{e}");
        let e = parse_id("2x2:1ce9gca", 1, 0).unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = parse_id("2x2:1cei", 1, 0).unwrap_err();
        assert_eq!(e.column, Some(8));
        let e = parse_id("2x2:1ceg", 1, 0).unwrap_err();
        assert!(e.message.contains("3 of the grid's 4"), "{e}");
        let e = parse_id("2x2:1ceg4", 1, 0).unwrap_err();
        assert_eq!(e.column, Some(9));
        let e = parse("signpost\n1e  q\n").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(5)));
    }
}
