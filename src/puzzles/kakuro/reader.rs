//! Kakuro in two forms: puzz.link URLs (`kakuro/W/H/BODY`, GENRES.md B.6; W × H is the area
//! without the clue frame), one a line; or the drawn board of `encodings/kakuro.md`: a line
//! `kakuro`, then the board with its frame, one row a line, whitespace between cells:
//! `.` a white cell, `#` a black cell, `D\A` a black cell with its down and across sums
//! (either may be left out: `\16`, `23\`).

use super::{Kakuro, Square};
use crate::constraints::puzzlink;
use crate::constraints::tatham::FormatError;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

const MAX_SIDE: usize = 100;

/// Whether `line` is a kakuro URL or the drawn board's header.
pub(crate) fn looks_like(line: &str) -> bool {
    line == "kakuro" || puzzlink::is_url_of(line, "kakuro")
}

/// Every puzzle of `text`, with the line it starts on.
pub fn parse(text: &str) -> Vec<Result<(usize, Kakuro), ParseError>> {
    let lines: Vec<&str> = text.lines().collect();
    // Comments may come before the header; after it a row may start with a black `#`.
    if let Some(first) = lines
        .iter()
        .position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        && lines[first].trim() == "kakuro"
    {
        return vec![drawn(&lines, first).map(|k| (first + 1, k))];
    }
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, raw)| {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let indent = raw.len() - raw.trim_start().len();
            Some(
                url(line)
                    .map(|k| (i + 1, k))
                    .map_err(|e| ParseError::new(i + 1, Some(indent + e.offset + 1), e.message)),
            )
        })
        .collect()
}

/// puzz.link's clue alphabet: `0`–`9`, `a`–`j` = 0..19, `A`–`Z` = 20..45, `-` none; 0 is
/// no clue too.
fn clue(ch: u8, at: usize) -> Result<Option<u32>, FormatError> {
    let v = match ch {
        b'0'..=b'9' => u32::from(ch - b'0'),
        b'a'..=b'j' => u32::from(ch - b'a') + 10,
        b'A'..=b'Z' => u32::from(ch - b'A') + 20,
        b'-' => 0,
        _ => {
            return Err(FormatError::at(
                at,
                format!("unexpected `{}` for a clue", ch as char),
            ));
        }
    };
    Ok((v > 0).then_some(v))
}

fn url(line: &str) -> Result<Kakuro, FormatError> {
    let g = puzzlink::grid_url(line, &["kakuro"], "kakuro")?;
    let (w, h, body_at) = (g.width, g.height, g.body_at);
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(FormatError::at(
            g.height_at,
            format!("at most {MAX_SIDE}×{MAX_SIDE}"),
        ));
    }
    let body = g.body.as_bytes();
    let columns = w + 1;
    let frame = Square::Black {
        down: None,
        across: None,
    };
    let mut squares = vec![Square::White; columns * (h + 1)];
    for square in &mut squares[..columns] {
        *square = frame;
    }
    for y in 0..=h {
        squares[y * columns] = frame;
    }
    let inner = |k: usize| (k / w + 1) * columns + k % w + 1;
    let (mut k, mut i) = (0, 0);
    while k < w * h {
        let Some(&ch) = body.get(i) else {
            return Err(FormatError::at(
                body_at + i,
                format!("{k} of {} cells described", w * h),
            ));
        };
        match ch {
            b'k'..=b'z' => {
                k += usize::from(ch - b'k') + 1;
                i += 1;
            }
            b'.' => {
                squares[inner(k)] = frame;
                k += 1;
                i += 1;
            }
            _ => {
                let down = clue(ch, body_at + i)?;
                let second = *body.get(i + 1).ok_or_else(|| {
                    FormatError::at(body_at + i + 1, "a clue cell needs two characters")
                })?;
                squares[inner(k)] = Square::Black {
                    down,
                    across: clue(second, body_at + i + 1)?,
                };
                k += 1;
                i += 2;
            }
        }
    }
    if k > w * h {
        return Err(FormatError::at(
            body_at + i - 1,
            "a run of white cells goes past the grid",
        ));
    }
    // The frame: a down sum over each column whose top cell is white, then an across sum
    // left of each row whose first cell is white.
    let mut slots: Vec<(usize, bool)> = (0..w)
        .filter(|x| squares[columns + x + 1] == Square::White)
        .map(|x| (x + 1, true))
        .collect();
    slots.extend(
        (0..h)
            .filter(|y| squares[(y + 1) * columns + 1] == Square::White)
            .map(|y| ((y + 1) * columns, false)),
    );
    for (cell, down) in slots {
        let ch = *body
            .get(i)
            .ok_or_else(|| FormatError::at(body_at + i, "a frame clue is missing"))?;
        let v = clue(ch, body_at + i)?;
        i += 1;
        if let Square::Black { down: d, across: a } = &mut squares[cell] {
            if down {
                *d = v;
            } else {
                *a = v;
            }
        }
    }
    if i < body.len() {
        return Err(FormatError::at(
            body_at + i,
            "unexpected characters after the clues",
        ));
    }
    Ok(Kakuro::new(columns, squares))
}

/// The URL written: what `url` reads back. It holds a board whose top row and left
/// column are black (the frame), with sums up to 45 and frame sums only over the runs that
/// start at the frame.
impl Notate for Kakuro {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Url {
            return None;
        }
        let columns = self.columns;
        let rows = self.squares.len() / columns;
        let (w, h) = (columns.checked_sub(1)?, rows.checked_sub(1)?);
        let at = |y: usize, x: usize| self.squares[y * columns + x];
        let clue_char = |v: Option<u32>| -> Option<char> {
            match v.unwrap_or(0) {
                v @ 0..=9 => char::from_digit(v, 10),
                v @ 10..=19 => Some(char::from(b'a' + (v - 10) as u8)),
                v @ 20..=45 => Some(char::from(b'A' + (v - 20) as u8)),
                _ => None,
            }
        };
        let frame_ok = (0..columns).all(|x| at(0, x) != Square::White)
            && (0..rows).all(|y| at(y, 0) != Square::White);
        if !frame_ok || w == 0 || h == 0 {
            return None;
        }
        let mut body = String::new();
        let mut whites = 0;
        let flush = |body: &mut String, whites: &mut usize| {
            while *whites > 0 {
                let run = (*whites).min(16);
                body.push(char::from(b'k' + (run - 1) as u8));
                *whites -= run;
            }
        };
        for y in 1..rows {
            for x in 1..columns {
                match at(y, x) {
                    Square::White => whites += 1,
                    Square::Black { down, across } => {
                        flush(&mut body, &mut whites);
                        if down.is_none() && across.is_none() {
                            body.push('.');
                        } else {
                            body.push(clue_char(down)?);
                            body.push(clue_char(across)?);
                        }
                    }
                }
            }
        }
        flush(&mut body, &mut whites);
        // The frame's sums: above each column whose top cell is white, then left of each row
        // whose first cell is white; any other frame sum has no place in the URL.
        let mut kept = 0;
        for x in 1..columns {
            if at(1, x) == Square::White {
                let Square::Black { down, .. } = at(0, x) else {
                    return None;
                };
                body.push(clue_char(down)?);
                kept += usize::from(down.is_some());
            }
        }
        for y in 1..rows {
            if at(y, 1) == Square::White {
                let Square::Black { across, .. } = at(y, 0) else {
                    return None;
                };
                body.push(clue_char(across)?);
                kept += usize::from(across.is_some());
            }
        }
        let frame_sums = (0..columns)
            .map(|x| at(0, x))
            .chain((1..rows).map(|y| at(y, 0)))
            .map(|s| match s {
                Square::Black { down, across } => {
                    usize::from(down.is_some()) + usize::from(across.is_some())
                }
                Square::White => 0,
            })
            .sum::<usize>();
        (kept == frame_sums).then(|| puzzlink::url("kakuro", w, h, &body))
    }
}

fn drawn(lines: &[&str], header: usize) -> Result<Kakuro, ParseError> {
    let mut squares = Vec::new();
    let mut columns = None;
    for (i, raw) in lines.iter().enumerate().skip(header + 1) {
        if raw.trim().is_empty() {
            continue;
        }
        let line = i + 1;
        let mut count = 0;
        for token in raw.split_whitespace() {
            let column = token.as_ptr() as usize - raw.as_ptr() as usize + 1;
            let number = |s: &str| -> Result<Option<u32>, ParseError> {
                if s.is_empty() {
                    return Ok(None);
                }
                s.parse::<u32>()
                    .map(|v| (v > 0).then_some(v))
                    .map_err(|_| ParseError::new(line, Some(column), format!("`{s}` is not a sum")))
            };
            squares.push(match token {
                "." => Square::White,
                "#" => Square::Black {
                    down: None,
                    across: None,
                },
                _ => match token.split_once('\\') {
                    Some((d, a)) => Square::Black {
                        down: number(d)?,
                        across: number(a)?,
                    },
                    None => {
                        return Err(ParseError::new(
                            line,
                            Some(column),
                            format!("`{token}`: expected `.`, `#` or DOWN\\ACROSS"),
                        ));
                    }
                },
            });
            count += 1;
        }
        if *columns.get_or_insert(count) != count {
            return Err(ParseError::at_line(
                line,
                format!("{count} cells, the first row has {}", columns.unwrap_or(0)),
            ));
        }
    }
    let columns =
        columns.ok_or_else(|| ParseError::at_line(header + 1, "no rows after `kakuro`"))?;
    let rows = squares.len() / columns;
    for (cell, s) in squares.iter().enumerate() {
        if *s == Square::White && (cell < columns || cell % columns == 0) {
            return Err(ParseError::at_line(
                header + 2 + cell / columns,
                "the top row and the left column are the clue frame: no white cell there",
            ));
        }
    }
    if rows > MAX_SIDE + 1 || columns > MAX_SIDE + 1 {
        return Err(ParseError::at_line(
            header + 1,
            format!("at most {MAX_SIDE}×{MAX_SIDE}"),
        ));
    }
    Ok(Kakuro::new(columns, squares))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_boards() {
        let k = parse("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(k.size(), (6, 6));
        assert_eq!(
            k.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
        );
        let d = parse("kakuro\n#   4\\  3\\\n\\3 .   .\n\\4 .   .\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(d.size(), (3, 3));
        let e = parse("kakuro\n# x\n").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)), "{e}");
    }
}
