//! Tatham Unequal game IDs (GENRES.md A.4): `N[a]:ENTRY,ENTRY,…`, n² entries in reading
//! order, each a decimal value (0: empty) and the letters `U R D L` of its marks (plain:
//! greater than that neighbour; `a`: one apart from it), a run letter `a`… skipping that
//! many empty cells. One ID a line, `#` lines are comments.

use super::Unequal;
use crate::constraints::tatham::{self, FormatError};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

const MAX_SIDE: usize = 36;

fn params(p: &str) -> Option<(usize, bool)> {
    let (digits, adjacent) = match p.strip_suffix('a') {
        Some(d) => (d, true),
        None => (p, false),
    };
    digits
        .parse()
        .ok()
        .filter(|n| (1..=MAX_SIDE).contains(n))
        .map(|n| (n, adjacent))
}

/// Whether `line` is an Unequal ID: `N[a]:` then comma-separated entries of digits and
/// `U R D L` only (a Keen ID has operator letters, a Towers one slashes).
pub(crate) fn looks_like(line: &str) -> bool {
    tatham::id_with_params(line, |p| params(p).is_some())
        && line.split_once(':').is_some_and(|(_, d)| {
            d.contains(',')
                && d.split(',').all(|e| {
                    e.trim_start_matches(|c: char| c.is_ascii_lowercase())
                        .trim_start_matches(|c: char| c.is_ascii_digit())
                        .chars()
                        .all(|c| "URDL".contains(c))
                })
        })
}

/// Every ID of `text`, with its line.
pub fn parse(text: &str) -> Vec<Result<(usize, Unequal), ParseError>> {
    text.lines()
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

fn id(line: &str) -> Result<Unequal, FormatError> {
    let (p, description, start) = tatham::split_id(line, "sgt-unequal")?;
    let (n, adjacent) = params(p).ok_or_else(|| {
        FormatError::at(
            0,
            format!("`{p}` is not an Unequal size: N or Na, N in 1..={MAX_SIDE}"),
        )
    })?;
    let mut givens = Vec::with_capacity(n * n);
    let mut marks = Vec::new();
    let mut at = start;
    let entries = description.strip_suffix(',').unwrap_or(description);
    for entry in entries.split(',') {
        let skip: usize = entry
            .bytes()
            .take_while(u8::is_ascii_lowercase)
            .map(|b| usize::from(b - b'a') + 1)
            .sum();
        givens.extend(std::iter::repeat_n(None, skip));
        let body = entry.trim_start_matches(|c: char| c.is_ascii_lowercase());
        let body_at = at + entry.len() - body.len();
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(FormatError::at(
                body_at,
                format!("`{entry}`: expected a value (0: empty)"),
            ));
        }
        let v: u32 = body[..digits]
            .parse()
            .map_err(|_| FormatError::at(body_at, "value too large"))?;
        if v as usize > n {
            return Err(FormatError::at(body_at, format!("{v} is larger than {n}")));
        }
        let cell = givens.len();
        if cell >= n * n {
            return Err(FormatError::at(
                at,
                format!("more than the grid's {} cells", n * n),
            ));
        }
        givens.push((v > 0).then_some(v));
        let (row, col) = (cell / n, cell % n);
        for (k, letter) in body[digits..].char_indices() {
            let other = match letter {
                'U' if row > 0 => cell - n,
                'D' if row + 1 < n => cell + n,
                'L' if col > 0 => cell - 1,
                'R' if col + 1 < n => cell + 1,
                'U' | 'D' | 'L' | 'R' => {
                    return Err(FormatError::at(
                        body_at + digits + k,
                        format!(
                            "`{letter}` points out of the grid from r{}c{}",
                            row + 1,
                            col + 1
                        ),
                    ));
                }
                _ => {
                    return Err(FormatError::at(
                        body_at + digits + k,
                        format!("unknown letter `{letter}`: expected U, R, D or L"),
                    ));
                }
            };
            marks.push((cell, other));
        }
        at += entry.len() + 1;
    }
    if givens.len() != n * n {
        return Err(FormatError::at(
            line.len(),
            format!("{} cells described, the grid has {}", givens.len(), n * n),
        ));
    }
    Ok(Unequal::new(n, adjacent, givens, marks))
}

/// The ID written as Tatham writes it: every cell, its value (0: empty) and its marks in
/// the order `U R D L`, each entry followed by a comma; an adjacent mark on both its cells.
impl Notate for Unequal {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let n = self.n;
        if form != Notation::Tatham {
            return None;
        }
        let mut pointing: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for &(a, b) in &self.marks {
            pointing[a].push(b);
            if self.adjacent {
                pointing[b].push(a);
            }
        }
        let mut id = format!("{n}{}:", if self.adjacent { "a" } else { "" });
        for (cell, given) in self.givens.iter().enumerate() {
            id.push_str(&given.unwrap_or(0).to_string());
            let directions = [
                ("U", cell.wrapping_sub(n)),
                ("R", cell + 1),
                ("D", cell + n),
                ("L", cell.wrapping_sub(1)),
            ];
            for (letter, other) in directions {
                if pointing[cell].contains(&other) {
                    id.push_str(letter);
                }
            }
            id.push(',');
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_locates() {
        assert!(looks_like("3:0R,0,0,0,0,0,0,0,0,"));
        assert!(!looks_like("3:1/2/3"));
        let u = parse("3:0R,0,0,0,0,0,0,0,0,").remove(0).unwrap().1;
        assert_eq!(u.marks, vec![(0, 1)]);
        let e = parse("3:0R,0X,0,0,0,0,0,0,0,").remove(0).unwrap_err();
        assert_eq!(e.column, Some(7), "{e}");
        let e = parse("3:0U,0,0,0,0,0,0,0,0,").remove(0).unwrap_err();
        assert!(e.message.contains("out of the grid"), "{e}");
    }
}
