//! Unruly in two forms: Tatham's game ID (GENRES.md A.18: `WxH[u]:` then letters, `a`..`y`
//! = that many blank cells then a 0, `A`..`Y` the same then a 1, `z`/`Z` 25 blanks; one
//! virtual cell at W·H ends it), one a line; or the drawn grid of `encodings/unruly.md`
//! (a line `binairo` or `binairo unique`, then rows of `0`, `1` and `.`).

use super::Unruly;
use crate::constraints::tatham::{self, FormatError};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

const MAX_SIDE: usize = 60;

fn params(p: &str) -> Option<(usize, usize, bool)> {
    let (size, unique) = match p.strip_suffix('u') {
        Some(s) => (s, true),
        None => (p, false),
    };
    let (w, h) = size.split_once('x')?;
    let (w, h): (usize, usize) = (w.parse().ok()?, h.parse().ok()?);
    ((2..=MAX_SIDE).contains(&w) && (2..=MAX_SIDE).contains(&h)).then_some((w, h, unique))
}

/// Whether `line` is an Unruly ID (letters only after `WxH[u]:`, some of them capitals,
/// which no Solo ID has) or the drawn grid's header.
pub(crate) fn looks_like(line: &str) -> bool {
    line == "binairo"
        || line == "binairo unique"
        || (tatham::id_with_params(line, |p| params(p).is_some())
            && line.split_once(':').is_some_and(|(_, d)| {
                d.chars().all(|c| c.is_ascii_alphabetic())
                    && d.chars().any(|c| c.is_ascii_uppercase())
            }))
}

/// Every puzzle of `text`, with the line it starts on.
pub fn parse(text: &str) -> Vec<Result<(usize, Unruly), ParseError>> {
    let lines: Vec<&str> = text.lines().collect();
    if let Some(first) = lines.iter().position(|l| !l.trim().is_empty())
        && lines[first].trim().starts_with("binairo")
    {
        return vec![drawn(&lines, first).map(|u| (first + 1, u))];
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
                id(line)
                    .map(|u| (i + 1, u))
                    .map_err(|e| ParseError::new(i + 1, Some(indent + e.offset + 1), e.message)),
            )
        })
        .collect()
}

fn id(line: &str) -> Result<Unruly, FormatError> {
    let (p, description, start) = tatham::split_id(line, "sgt-unruly")?;
    let (w, h, unique) = params(p).ok_or_else(|| {
        FormatError::at(
            0,
            format!("`{p}` is not an Unruly size: WxH or WxHu, sides 2..={MAX_SIDE}"),
        )
    })?;
    let n = w * h;
    let mut givens = vec![None; n];
    let mut pos = 0;
    for (k, ch) in description.char_indices() {
        let (skip, value) = match ch {
            'z' | 'Z' => (25, None),
            'a'..='y' => (ch as usize - 'a' as usize, Some(0)),
            'A'..='Y' => (ch as usize - 'A' as usize, Some(1)),
            _ => {
                return Err(FormatError::at(
                    start + k,
                    format!("unknown letter `{ch}`: expected a..z or A..Z"),
                ));
            }
        };
        pos += skip;
        if let Some(v) = value {
            if pos < n {
                givens[pos] = Some(v);
            } else if pos > n {
                return Err(FormatError::at(
                    start + k,
                    format!("runs past the grid's {n} cells"),
                ));
            }
            pos += 1;
        } else if pos > n {
            return Err(FormatError::at(
                start + k,
                format!("runs past the grid's {n} cells"),
            ));
        }
    }
    if pos != n + 1 {
        return Err(FormatError::at(
            line.len(),
            format!(
                "the description covers {} cells, the grid has {n}",
                pos.min(n)
            ),
        ));
    }
    Ok(Unruly::new(w, h, unique, givens))
}

/// The ID written as Tatham writes it: before each given, the blanks since the last one as
/// a letter (`a`.. a 0, `A`.. a 1), `z` for 25 blanks, and a last lower-case letter for the
/// virtual cell after the grid.
impl Notate for Unruly {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let mut id = format!(
            "{}x{}{}:",
            self.width,
            self.height,
            if self.unique { "u" } else { "" }
        );
        let mut blanks = 0u8;
        for given in self.givens.iter().chain([&Some(0)]) {
            match given {
                None if blanks == 24 => {
                    id.push('z');
                    blanks = 0;
                }
                None => blanks += 1,
                Some(v) => {
                    id.push(char::from(if *v == 1 { b'A' } else { b'a' } + blanks));
                    blanks = 0;
                }
            }
        }
        Some(id)
    }
}

fn drawn(lines: &[&str], header: usize) -> Result<Unruly, ParseError> {
    let unique = lines[header].trim() == "binairo unique";
    if !unique && lines[header].trim() != "binairo" {
        return Err(ParseError::at_line(
            header + 1,
            "expected `binairo` or `binairo unique`",
        ));
    }
    let mut givens = Vec::new();
    let mut width = None;
    let mut height = 0;
    for (i, raw) in lines.iter().enumerate().skip(header + 1) {
        let row = raw.trim();
        if row.is_empty() {
            continue;
        }
        let indent = raw.len() - raw.trim_start().len();
        for (k, ch) in row.chars().enumerate() {
            givens.push(match ch {
                '0' => Some(0),
                '1' => Some(1),
                '.' => None,
                _ => {
                    return Err(ParseError::new(
                        i + 1,
                        Some(indent + k + 1),
                        format!("unexpected `{ch}`: expected 0, 1 or ."),
                    ));
                }
            });
        }
        let len = row.chars().count();
        if *width.get_or_insert(len) != len {
            return Err(ParseError::at_line(
                i + 1,
                format!("{len} cells, the first row has {}", width.unwrap_or(0)),
            ));
        }
        height += 1;
    }
    let width = width.ok_or_else(|| ParseError::at_line(header + 1, "no rows after the header"))?;
    Ok(Unruly::new(width, height, unique, givens))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_locates() {
        assert!(looks_like("8x8:AbCbajabBaeeEBAbgCBFb"));
        assert!(!looks_like("2x3:b3_1a5d4c2b6_6b5c2d5a1_6b"));
        let u = parse("2x2:Abb").remove(0).unwrap().1;
        assert_eq!(u.givens, vec![Some(1), None, Some(0), None]);
        let e = parse("4x4:A?").remove(0).unwrap_err();
        assert_eq!(e.column, Some(6), "{e}");
        let d = parse("binairo unique\n1.\n..\n").remove(0).unwrap().1;
        assert!(d.unique);
    }
}
