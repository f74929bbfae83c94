//! Towers in three forms: Tatham's game ID (`N:CLUES[,GIVENS]`, GENRES.md A.3) and
//! puzz.link's `skyscrapers/N/N/BODY` URL (B.9), one a line; or the drawn grid of
//! `encodings/towers.md` (a `towers` line, then n + 2 rows of n + 2 tokens: the frame holds
//! the clues, the inside the givens, `.` for none).

use super::Towers;
use crate::constraints::puzzlink;
use crate::constraints::tatham::{self, FormatError};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

/// Tatham's upper limit is 9; the drawn grid and URLs may go further.
const MAX_SIDE: usize = 36;

fn side(p: &str) -> Option<usize> {
    p.parse().ok().filter(|n| (1..=MAX_SIDE).contains(n))
}

/// Whether `line` is a Towers ID (the clue list has `/`), a seed ID of one, or a URL.
pub(crate) fn looks_like(line: &str) -> bool {
    puzzlink::is_url_of(line, "skyscrapers")
        || line == "towers"
        || (tatham::id_with_params(line, |p| side(p).is_some())
            && line
                .split(':')
                .nth(1)
                .is_some_and(|d| d.split(',').next().is_some_and(|c| c.contains('/'))))
}

/// Every puzzle of `text`, with the line it starts on.
pub fn parse(text: &str) -> Vec<Result<(usize, Towers), ParseError>> {
    let lines: Vec<&str> = text.lines().collect();
    if let Some(first) = lines.iter().position(|l| !l.trim().is_empty())
        && lines[first].trim() == "towers"
    {
        return vec![drawn(&lines, first).map(|t| (first + 1, t))];
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
            let read = if puzzlink::split(line).is_some() {
                url(line)
            } else {
                id(line)
            };
            Some(
                read.map(|t| (i + 1, t))
                    .map_err(|e| ParseError::new(i + 1, Some(indent + e.offset + 1), e.message)),
            )
        })
        .collect()
}

fn id(line: &str) -> Result<Towers, FormatError> {
    let (p, description, start) = tatham::split_id(line, "sgt-towers")?;
    let n = side(p)
        .ok_or_else(|| FormatError::at(0, format!("`{p}` is not a Towers size 1..={MAX_SIDE}")))?;
    let (clue_text, givens_text) = match description.split_once(',') {
        Some((c, g)) => (c, Some(g)),
        None => (description, None),
    };
    let mut clues = Vec::with_capacity(4 * n);
    let mut at = start;
    for entry in clue_text.split('/') {
        clues.push(if entry.is_empty() {
            None
        } else {
            Some(
                entry
                    .parse::<u32>()
                    .map_err(|_| FormatError::at(at, format!("`{entry}` is not a clue")))?,
            )
        });
        at += entry.len() + 1;
    }
    if clues.len() != 4 * n {
        return Err(FormatError::at(
            start,
            format!("{} clues, a {n}×{n} grid has {} slots", clues.len(), 4 * n),
        ));
    }
    let givens = match givens_text {
        Some(g) => {
            let offset = start + clue_text.len() + 1;
            tatham::run_cells(g, n * n, n as u32)
                .map_err(|e| FormatError::at(offset + e.offset, e.message))?
        }
        None => vec![None; n * n],
    };
    Ok(build(n, clues, givens))
}

fn build(n: usize, clues: Vec<Option<u32>>, givens: Vec<Option<u32>>) -> Towers {
    let sides: Vec<Vec<Option<u32>>> = clues.chunks(n).map(<[_]>::to_vec).collect();
    Towers::new(
        n,
        [
            sides[0].clone(),
            sides[1].clone(),
            sides[2].clone(),
            sides[3].clone(),
        ],
        givens,
    )
}

fn url(line: &str) -> Result<Towers, FormatError> {
    let g = puzzlink::grid_url(line, &["skyscrapers"], "skyscrapers")?;
    let (n, rows, body, body_at) = (g.width, g.height, g.body, g.body_at);
    if n != rows || n > MAX_SIDE {
        return Err(FormatError::at(
            g.height_at,
            format!("skyscrapers are square, up to {MAX_SIDE}: {n}×{rows}"),
        ));
    }
    let located = |e: FormatError| FormatError::at(body_at + e.offset, e.message);
    let (slots, end) = puzzlink::number16_slots(body, 0, 4 * n).map_err(located)?;
    let clues = slots.into_iter().map(Option::flatten).collect();
    let givens = if end < body.len() {
        let (cells, _) = puzzlink::number16_slots(body, end, n * n).map_err(located)?;
        cells.into_iter().map(Option::flatten).collect()
    } else {
        vec![None; n * n]
    };
    Ok(build(n, clues, givens))
}

fn drawn(lines: &[&str], header: usize) -> Result<Towers, ParseError> {
    let rows: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .skip(header + 1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, *l))
        .collect();
    let size = rows.len();
    if !(3..=MAX_SIDE + 2).contains(&size) {
        return Err(ParseError::at_line(
            header + 1,
            format!("{size} rows after `towers`: expected n + 2 (the frame and the grid)"),
        ));
    }
    let n = size - 2;
    let mut clues = vec![None; 4 * n];
    let mut givens = vec![None; n * n];
    for (r, &(line, text)) in rows.iter().enumerate() {
        let tokens: Vec<(usize, &str)> = text
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize + 1, t))
            .collect();
        if tokens.len() != size {
            return Err(ParseError::at_line(
                line,
                format!("{} tokens, expected {size}", tokens.len()),
            ));
        }
        for (c, &(column, token)) in tokens.iter().enumerate() {
            let value = if token == "." {
                None
            } else {
                Some(
                    token
                        .parse::<u32>()
                        .ok()
                        .filter(|&v| v >= 1)
                        .ok_or_else(|| {
                            ParseError::new(
                                line,
                                Some(column),
                                format!("`{token}` is not a number or `.`"),
                            )
                        })?,
                )
            };
            let frame_r = r == 0 || r == size - 1;
            let frame_c = c == 0 || c == size - 1;
            match (frame_r, frame_c) {
                (true, true) => {}
                (true, false) => clues[if r == 0 { 0 } else { n } + c - 1] = value,
                (false, true) => clues[if c == 0 { 2 * n } else { 3 * n } + r - 1] = value,
                (false, false) => {
                    if value.is_some_and(|v| v as usize > n) {
                        return Err(ParseError::new(
                            line,
                            Some(column),
                            format!("{token} is taller than {n}"),
                        ));
                    }
                    givens[(r - 1) * n + c - 1] = value;
                }
            }
        }
    }
    Ok(build(n, clues, givens))
}

/// The ID and the URL written: what `id` and `url` read back. Tatham's Towers takes
/// sides 3 to 9.
impl Notate for Towers {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let n = self.n;
        let clues: Vec<Option<u32>> = self.clues.iter().flatten().copied().collect();
        let any_given = self.givens.iter().any(Option::is_some);
        match form {
            Notation::Tatham => {
                if !(3..=9).contains(&n) {
                    return None;
                }
                let list: Vec<String> = clues
                    .iter()
                    .map(|c| c.map_or(String::new(), |v| v.to_string()))
                    .collect();
                let mut id = format!("{n}:{}", list.join("/"));
                if any_given {
                    let tokens: Vec<Option<String>> = self
                        .givens
                        .iter()
                        .map(|g| g.map(|v| v.to_string()))
                        .collect();
                    id.push(',');
                    id.push_str(&tatham::write_runs(&tokens, true));
                }
                Some(id)
            }
            Notation::Url => {
                let slots = |values: &[Option<u32>]| -> Vec<puzzlink::Slot> {
                    values.iter().map(|v| v.map(Some)).collect()
                };
                let mut body = puzzlink::write_number16(&slots(&clues));
                if any_given {
                    body.push_str(&puzzlink::write_number16(&slots(&self.givens)));
                }
                Some(puzzlink::url("skyscrapers", n, n, &body))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_forms() {
        let t = parse("5:2/3/1/2/2/3/1/3/2/3/3/1/2/3/2/2/5/1/2/3")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(t.size(), 5);
        assert!(looks_like("5:2/3/1/2/2/3/1/3/2/3/3/1/2/3/2/2/5/1/2/3"));
        assert!(!looks_like("5:0D,0L"));
        let u = parse("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(u.size(), 4);
        assert_eq!(
            u.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
        );
        assert_eq!(
            t.notate(Notation::Tatham).unwrap(),
            "5:2/3/1/2/2/3/1/3/2/3/3/1/2/3/2/2/5/1/2/3"
        );
        let tatham = "6:2/3/4/2/1/3/3/1/2/2/4/4/3/3/4/1/2/2/2/2/1/2/3/4,e1d2j1_3m";
        let g = parse(tatham).remove(0).unwrap().1;
        assert_eq!(g.notate(Notation::Tatham).unwrap(), tatham);
        let d = parse("towers\n. 3 . .\n. . . 1\n. . . .\n. 1 . .\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(d.size(), 2);
        let e = parse("4:1/2/x").remove(0).unwrap_err();
        assert_eq!(e.column, Some(7), "{e}");
    }
}
