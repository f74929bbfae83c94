//! Reading Bridges: Tatham's game IDs (`WxH[iN][eN][mK][L][dN]:DESC`, `encodings/bridges.md`;
//! GENRES.md A.14: `mK` at most K bridges between two islands, 1–4, 2 when absent; `L` no
//! loops; the generator's `i`, `e` and `d` accepted and ignored; W·H cells in reading
//! order, an island `1`–`9` or `A`–`G` (10–16), `a`–`z` runs of 1–26 water cells) and
//! puzz.link URLs (`…/p?hashi/W/H/BODY`, or `hashikake`, `bridges`: Number16 cells, `.` an
//! island of unknown number; at most 2 bridges a pair), one a line, `#` lines comments; or
//! the plain form: a line `bridges` (or `hashi`, `hashikake`, `hashiwokakero`), optionally
//! followed by Tatham's `mK` and `L`, then one row a line, a number an island, `?` an island
//! of unknown number, `.` water — one character a cell, or split by blanks for numbers
//! above 9. Errors name the line and column (for a URL, the offset in it, 1-based).

use super::{Bridges, MAX_BRIDGES};
use crate::constraints::puzzlink::{self, Slot};
use crate::constraints::tatham;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 18;

/// The header words of the plain form.
const HEADERS: [&str; 4] = ["bridges", "hashi", "hashikake", "hashiwokakero"];

/// The puzz.link genre names, the one written first.
const URL_KINDS: [&str; 3] = ["hashi", "hashikake", "bridges"];

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Bridges), ParseError>> {
    let read = lines::read(
        text,
        &lines::Genre {
            empty: "no bridges found (a Tatham ID `7x7m2:…`, a puzz.link hashi URL or `bridges` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    );
    // The plain form's options are on its header line, which `plain` does not see.
    let Some((number, line)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    else {
        return read;
    };
    if !is_header(line.trim()) {
        return read;
    }
    let word = line.split_whitespace().next().unwrap_or_default();
    let at = line.len() - line.trim_start().len() + word.len();
    let rest = &line[at..];
    let options: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    match tatham_options(&options) {
        Ok((max, loops)) => read
            .into_iter()
            .map(|r| {
                r.map(|(n, mut p)| {
                    (p.max, p.loops) = (max, loops);
                    (n, p)
                })
            })
            .collect(),
        Err((offset, message)) => {
            // The offset is in the options without their blanks: back to the line's column.
            let column = rest
                .char_indices()
                .filter(|(_, c)| !c.is_whitespace())
                .nth(offset)
                .map_or(line.len(), |(k, _)| at + k);
            vec![Err(ParseError::new(number + 1, Some(column + 1), message))]
        }
    }
}

fn is_header(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or_default();
    HEADERS.iter().any(|h| word.eq_ignore_ascii_case(h))
}

fn is_url(line: &str) -> bool {
    URL_KINDS.iter().any(|k| puzzlink::is_url_of(line, k))
}

/// Whether a file's trimmed lines are Bridges': its plain form's header, a puzz.link hashi
/// URL, or Tatham IDs whose parameters name the most bridges a pair (`7x7m2:`), that all
/// read as Bridges.
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines.iter().any(|l| is_header(l) || is_url(l)) {
        return true;
    }
    let mut ids = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    ids.peek().is_some()
        && ids.all(|l| {
            tatham::id_with_params(l, |p| {
                p.split_once('x').is_some_and(|(_, h)| h.contains('m'))
            }) && parse_id(l, 1, 0).is_ok()
        })
}

/// Tatham's parameters after the size, `[iN][eN][mK][L][dN]` in that order: the most
/// bridges a pair (`mK`, 2 when absent) and whether loops are allowed (no `L`); an error is
/// its offset in `rest` and its message.
fn tatham_options(rest: &str) -> Result<(u32, bool), (usize, String)> {
    let bytes = rest.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        rest[start..*i].parse::<u32>().ok()
    };
    let (mut max, mut loops) = (2, true);
    for option in [b'i', b'e', b'm', b'L', b'd'] {
        if bytes.get(i) != Some(&option) {
            continue;
        }
        let at = i;
        i += 1;
        match option {
            b'L' => loops = false,
            b'm' => {
                max = number(&mut i).filter(|m| (1..=MAX_BRIDGES).contains(m)).ok_or_else(|| {
                    (at, format!("`{}` is no bridge limit: `m` takes 1 to {MAX_BRIDGES} bridges between two islands", &rest[at..i]))
                })?;
            }
            _ => {
                number(&mut i);
            }
        }
    }
    if i < rest.len() {
        return Err((
            i,
            format!(
                "`{}` is no Bridges option (`mK` the most bridges a pair, `L` no loops; `i`, `e`, `d` the generator's)",
                &rest[i..]
            ),
        ));
    }
    Ok((max, loops))
}

/// A Tatham Bridges ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Bridges, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-bridges", "Bridges", MAX_CELLS, line, lead)?;
    let rest_at = start - 1 - rest.len();
    let (max, loops) = tatham_options(rest)
        .map_err(|(at, m)| ParseError::new(line, Some(lead + rest_at + at + 1), m))?;
    let n = width * height;
    let mut cells: Vec<Slot> = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let (run, island) = match ch {
            '1'..='9' => (1, Some(ch as u32 - '0' as u32)),
            'A'..='G' => (1, Some(ch as u32 - 'A' as u32 + 10)),
            'a'..='z' => (usize::from(ch as u8 - b'a') + 1, None),
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!(
                        "unexpected `{ch}`: expected an island `1`-`9` or `A`-`G`, or a run of water `a`-`z`"
                    ),
                ));
            }
        };
        if cells.len() + run > n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("`{ch}` goes past the grid's {n} cells"),
            ));
        }
        match island {
            Some(v) => cells.push(Some(Some(v))),
            None => cells.extend(std::iter::repeat_n(None, run)),
        }
    }
    if cells.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description covers {} cells, the grid has {n}",
                cells.len()
            ),
        ));
    }
    Ok(Bridges::new(width, height, cells, max, loops))
}

/// A puzz.link `hashi` (or `hashikake`, `bridges`) URL; `lead` is its column offset in the
/// line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Bridges, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &URL_KINDS, "hashi").map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = g.width * g.height;
    let (cells, end) =
        puzzlink::number16_slots(url, g.body_at, n).map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() {
        return Err(err(end, format!("more than the grid's {n} cells")));
    }
    Ok(Bridges::new(g.width, g.height, cells, 2, true))
}

/// The plain form's rows (after the header at line `header`); the header's options are
/// applied by [`parse`].
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Bridges, ParseError> {
    let (width, cells) = lines::number_rows(rows, header, "bridges", MAX_CELLS)?;
    Ok(Bridges::new(width, rows.len(), cells, 2, true))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back (as Tatham's
/// generator and pzprjs write them). An island of unknown number or above 16 has no ID; a
/// puzzle with another bridge limit than 2, or without loops, no URL.
impl Notate for Bridges {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => {
                let tokens: Option<Vec<Option<String>>> = self
                    .cells
                    .iter()
                    .map(|c| match c {
                        None => Some(None),
                        Some(Some(n @ 1..=16)) => {
                            Some(Some(super::island_char(Some(*n)).to_string()))
                        }
                        Some(_) => None,
                    })
                    .collect();
                let loops = if self.loops { "" } else { "L" };
                Some(format!(
                    "{width}x{height}m{}{loops}:{}",
                    self.max,
                    tatham::write_runs(&tokens?, false)
                ))
            }
            Notation::Url => (self.max == 2
                && self.loops
                && self
                    .cells
                    .iter()
                    .all(|c| c.is_none_or(|n| n.is_none_or(|n| n < 4096))))
            .then(|| {
                puzzlink::url(
                    URL_KINDS[0],
                    width,
                    height,
                    &puzzlink::write_number16(&self.cells),
                )
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2m2:2a3b1", 1, 0).unwrap();
        let plain = parse("bridges\n2.3\n..1\n").remove(0).unwrap().1;
        assert_eq!(id, plain);
        assert_eq!(id.rows_text(), "2.3\n..1");
        let url = id.notate(Notation::Url).unwrap();
        assert_eq!(url, "https://puzz.link/p?hashi/3/2/2g3h1");
        assert_eq!(parse_url(&url, 1, 0).unwrap(), id);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2m2:2a3b1");
        assert_eq!(parse_id("3x2i30e10m2d1:2a3b1", 1, 0).unwrap(), id);
        let tree = parse("hashi m3L\n2.3\n..1\n").remove(0).unwrap().1;
        assert_eq!((tree.max_bridges(), tree.loops_allowed()), (3, false));
        assert_eq!(tree.notate(Notation::Tatham).unwrap(), "3x2m3L:2a3b1");
        assert_eq!(tree.notate(Notation::Url), None);
        assert!(looks_like(&[
            "# sgt-bridges",
            "7x7m2:a3b3a22g4a3b2g6e4g4b2b1"
        ]));
        assert!(!looks_like(&["7x7:bBcBa1d2"]));
    }
}
