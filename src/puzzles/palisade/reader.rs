//! Reading palisade: Tatham's Palisade game IDs (`WxHnK:DESC`; `encodings/palisade.md`:
//! the parameters `W`, `WxH` or `WxHnK`, H and K defaulting to W; the description the cells
//! in reading order, a digit `0`–`4` a clue, `a`–`z` runs of 1–26 empty cells, and a
//! description that stops short leaves the remaining cells empty — Tatham's generator
//! writes no final run), puzz.link URLs (`…/p?fivecells/W/H/BODY`, K = 5, and `fourcells`,
//! K = 4; pzprjs's body: a digit a clue, `7` a hole (a cell outside the grid), `.` a clue
//! not given, `a`–`z` runs of 1–26 empty cells), one a line, `#` lines comments; or the
//! plain form: a line `palisade K` (or `fivecells`, `fourcells`), then one row a line,
//! `.` an empty cell, `0`–`4` a clue, `?` a clue not given, `#` a hole. Errors name the line
//! and column (for an ID or a URL, the offset in it, 1-based).

use super::{Cell, Palisade};
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// The puzz.link genres and their region sizes.
const URL_KINDS: [(&str, usize); 2] = [("fivecells", 5), ("fourcells", 4)];

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Palisade), ParseError>> {
    let first = text
        .lines()
        .enumerate()
        .find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    if let Some((i, head)) = first
        && let Some(region) = header(head.trim())
    {
        let rows: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .skip(i + 1)
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(n, l)| (n + 1, l))
            .collect();
        let lead = head.len() - head.trim_start().len();
        return vec![plain(&rows, i + 1, lead, head.trim(), region).map(|p| (i + 1, p))];
    }
    lines::read(
        text,
        &lines::Genre {
            empty: "no palisade found (a Tatham Palisade ID `5x5n5:…`, a puzz.link fivecells URL or `palisade K` and rows)",
            is_header: |_| false,
            plain: |_, header| Err(ParseError::at_line(header, "no plain form here")),
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

/// The region size a header line names: `Some(Some(k))` for `fivecells`, `fourcells`
/// (and `palisade K`, read later with its errors), `Some(None)` for `palisade …` whose size
/// is to be read; `None` for a line that is no header.
fn header(line: &str) -> Option<Option<usize>> {
    let mut words = line.split_whitespace();
    let word = words.next()?.to_ascii_lowercase();
    match word.as_str() {
        "palisade" => Some(None),
        _ => URL_KINDS
            .iter()
            .find(|(k, _)| *k == word)
            .map(|&(_, k)| Some(k)),
    }
}

/// Whether a file's trimmed lines are palisade's: its plain form's header, a puzz.link
/// fivecells or fourcells URL, or Tatham IDs (or random-seed IDs, refused when read) whose
/// parameters all have Palisade's region size `WxHnK`, which no other genre's have.
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    let url = |l: &str| URL_KINDS.iter().any(|(k, _)| puzzlink::is_url_of(l, k));
    if lines.iter().any(|l| header(l).is_some() || url(l)) {
        return true;
    }
    let ids: Vec<&&str> = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    !ids.is_empty()
        && ids
            .iter()
            .all(|l| tatham::id_with_params(l, is_full_params))
}

/// `WxHnK`, all three decimal.
fn is_full_params(params: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    params
        .split_once('x')
        .and_then(|(w, rest)| {
            rest.split_once('n')
                .map(|(h, k)| number(w) && number(h) && number(k))
        })
        .unwrap_or(false)
}

/// Tatham's parameters `W[xH][nK]` (H and K default to W): `(W, H, K)`, or what is wrong.
fn params(text: &str) -> Result<(usize, usize, usize), String> {
    let bad = || format!("`{text}` is not Palisade's parameters `WxHnK`");
    let number = |s: &str| s.parse::<usize>().map_err(|_| bad());
    let (size, k) = match text.split_once('n') {
        Some((size, k)) => (size, Some(number(k)?)),
        None => (text, None),
    };
    let (w, h) = match size.split_once('x') {
        Some((w, h)) => (number(w)?, number(h)?),
        None => (number(size)?, number(size)?),
    };
    Ok((w, h, k.unwrap_or(w)))
}

/// A Tatham Palisade ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Palisade, ParseError> {
    let (params_text, desc, start) = tatham::split_id(id, "sgt-palisade")
        .map_err(|e| ParseError::new(line, Some(lead + e.offset + 1), e.message))?;
    let (width, height, region) =
        params(params_text).map_err(|m| ParseError::new(line, Some(lead + 1), m))?;
    lines::grid_size(width, height, MAX_CELLS, line, lead + 1)?;
    if region == 0 {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            "the region size K must be at least 1",
        ));
    }
    let n = width * height;
    let mut cells = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let (run, cell) = match ch {
            'a'..='z' => (usize::from(ch as u8 - b'a') + 1, Cell::Empty),
            '0'..='4' => (1, Cell::Clue(ch as u8 - b'0')),
            '5'..='9' => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("clue {ch} is more than a cell's 4 sides"),
                ));
            }
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unexpected `{ch}`: expected a clue `0`–`4` or a run a-z"),
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
        cells.extend(std::iter::repeat_n(cell, run));
    }
    cells.resize(n, Cell::Empty);
    Ok(Palisade::new(width, height, region, cells))
}

/// A puzz.link `fivecells` or `fourcells` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Palisade, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["fivecells", "fourcells"], "palisade")
        .map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    if let Some(&(_, at)) = g.rest.first() {
        return Err(err(
            at,
            "more after the cells: a fivecells URL ends with them".into(),
        ));
    }
    let region = URL_KINDS
        .iter()
        .find(|(k, _)| *k == g.kind)
        .map_or(5, |&(_, k)| k);
    let n = g.width * g.height;
    let mut cells = Vec::with_capacity(n);
    for (k, ch) in g.body.char_indices() {
        let at = g.body_at + k;
        if cells.len() == n {
            return Err(err(at, format!("`{ch}` is past the grid's {n} cells")));
        }
        let (run, cell) = match ch {
            '7' => (1, Cell::Hole),
            '.' => (1, Cell::Unknown),
            '0'..='4' => (1, Cell::Clue(ch as u8 - b'0')),
            '5'..='9' => return Err(err(at, format!("clue {ch} is more than a cell's 4 sides"))),
            'a'..='z' => (usize::from(ch as u8 - b'a') + 1, Cell::Empty),
            _ => {
                return Err(err(
                    at,
                    format!("unexpected `{ch}`: expected a clue, `7`, `.` or a run a-z"),
                ));
            }
        };
        if cells.len() + run > n {
            return Err(err(at, format!("`{ch}` goes past the grid's {n} cells")));
        }
        cells.extend(std::iter::repeat_n(cell, run));
    }
    cells.resize(n, Cell::Empty);
    Ok(Palisade::new(g.width, g.height, region, cells))
}

/// The plain form: the header `head` at line `at` (column offset `lead`) with its region
/// size if the word gives it, then the rows.
fn plain(
    rows: &[(usize, &str)],
    at: usize,
    lead: usize,
    head: &str,
    region: Option<usize>,
) -> Result<Palisade, ParseError> {
    let mut words = head.split_whitespace().skip(1);
    let region = match (region, words.next()) {
        (Some(k), None) => k,
        (None, Some(word)) => {
            let column = lead + head.find(word).unwrap_or(0) + 1;
            match word.parse::<usize>() {
                Ok(k) if k >= 1 => k,
                _ => {
                    return Err(ParseError::new(
                        at,
                        Some(column),
                        format!("`{word}` is not a region size (1 or more)"),
                    ));
                }
            }
        }
        (None, None) => {
            return Err(ParseError::at_line(
                at,
                "the header names the region size K: `palisade 5`",
            ));
        }
        (Some(_), Some(word)) => {
            let column = lead + head.find(word).unwrap_or(0) + 1;
            return Err(ParseError::new(
                at,
                Some(column),
                format!("unexpected `{word}` after the header"),
            ));
        }
    };
    if let Some(word) = words.next() {
        let column = lead + head.rfind(word).unwrap_or(0) + 1;
        return Err(ParseError::new(
            at,
            Some(column),
            format!("unexpected `{word}` after the region size"),
        ));
    }
    let (width, cells) = lines::cell_rows(
        rows,
        at,
        "palisade",
        MAX_CELLS,
        "expected a clue `0`–`4`, `.`, `?` or `#` (a hole)",
        |ch| match ch {
            '.' => Some(Cell::Empty),
            '?' => Some(Cell::Unknown),
            '#' => Some(Cell::Hole),
            '0'..='4' => Some(Cell::Clue(ch as u8 - b'0')),
            _ => None,
        },
    )?;
    Ok(Palisade::new(width, rows.len(), region, cells))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back, as Tatham's
/// generator and pzprjs write them. A Tatham ID has no holes and no `?` cells, and stops
/// after the last clue; a URL exists for K = 5 (`fivecells`) and K = 4 (`fourcells`).
impl Notate for Palisade {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => {
                let last = self
                    .cells
                    .iter()
                    .rposition(|c| *c != Cell::Empty)
                    .map_or(0, |i| i + 1);
                let tokens: Option<Vec<Option<String>>> = self.cells[..last]
                    .iter()
                    .map(|cell| match cell {
                        Cell::Empty => Some(None),
                        Cell::Clue(n) => Some(Some(n.to_string())),
                        Cell::Unknown | Cell::Hole => None,
                    })
                    .collect();
                let k = self.region_size();
                Some(format!(
                    "{width}x{height}n{k}:{}",
                    tatham::write_runs(&tokens?, false)
                ))
            }
            Notation::Url => {
                let (kind, _) = URL_KINDS.iter().find(|(_, k)| *k == self.region_size())?;
                let mut body = String::new();
                let mut empty = 0usize;
                let flush = |body: &mut String, empty: &mut usize| {
                    while *empty > 0 {
                        let run = (*empty).min(26);
                        body.push(char::from(b'a' + run as u8 - 1));
                        *empty -= run;
                    }
                };
                for cell in &self.cells {
                    let symbol = match cell {
                        Cell::Empty => {
                            empty += 1;
                            continue;
                        }
                        Cell::Unknown => '.',
                        Cell::Hole => '7',
                        Cell::Clue(n) => char::from(b'0' + n),
                    };
                    flush(&mut body, &mut empty);
                    body.push(symbol);
                }
                flush(&mut body, &mut empty);
                Some(puzzlink::url(kind, width, height, &body))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("5x2n5:b3e1", 1, 0).unwrap();
        let rows = parse("palisade 5\n..3..\n...1.\n").remove(0).unwrap().1;
        let url = parse_url("https://puzz.link/p?fivecells/5/2/b3e1a", 1, 0).unwrap();
        assert_eq!(id, rows);
        assert_eq!(id, url);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "5x2n5:b3e1");
        assert_eq!(
            id.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?fivecells/5/2/b3e1a"
        );
        assert_eq!(params("5"), Ok((5, 5, 5)));
        assert_eq!(params("6x4"), Ok((6, 4, 6)));
        assert_eq!(params("6x4n3"), Ok((6, 4, 3)));
        assert!(is_full_params("15x12n10") && !is_full_params("15x12") && !is_full_params("5xn5"));
    }
}
