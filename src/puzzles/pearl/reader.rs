//! Reading Pearl: Tatham's game IDs (`WxH:DESC`, `encodings/pearl.md`; GENRES.md A.19: W·H
//! cells in reading order, `B` a black pearl, `W` a white one, `a`–`z` runs of 1–26 empty
//! cells; the generator's `dX` difficulty and `n` after the size are accepted) and puzz.link
//! URLs (`…/p?mashu/W/H/BODY` or `masyu`: three cells a character, a base-3 number `0`–`q`
//! whose digits, most significant first, are 0 none, 1 white, 2 black; the `f/` variant
//! refused), one a line, `#` lines comments; or the plain form: a line `pearl` (or
//! `masyu`), then one row a line, `.` no pearl, `W` (or `w`, `○`) white, `B` (or `b`, `●`)
//! black, blanks between cells ignored. Errors name the line and column (for a URL, the
//! offset in it, 1-based).

use super::{Clue, Pearl};
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused (the eager CNF grows as n log n).
const MAX_CELLS: usize = 1 << 18;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Pearl), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no pearl found (a Tatham ID `8x8:…`, a puzz.link mashu URL or `pearl` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    ["pearl", "masyu", "mashu"]
        .iter()
        .any(|h| line.eq_ignore_ascii_case(h))
}

fn is_url(line: &str) -> bool {
    puzzlink::is_url_of(line, "mashu") || puzzlink::is_url_of(line, "masyu")
}

/// Whether a file's trimmed lines are Pearl's: its plain form's header, a puzz.link mashu
/// URL, or Tatham IDs that all read as Pearls, one with a pearl (a Light Up ID has digits,
/// an Unruly ID other capitals, so whole-file reading keeps them apart).
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
            l.split_once(':')
                .is_some_and(|(_, d)| d.contains(['B', 'W']))
                && parse_id(l, 1, 0).is_ok()
        })
}

/// A Tatham Pearl ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Pearl, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-pearl", "Pearl", MAX_CELLS, line, lead)?;
    let options = rest
        .strip_prefix('d')
        .map_or(rest, |r| r.get(1..).unwrap_or(""));
    if !(options.is_empty() || options == "n") {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Pearl option (a difficulty `dX` and `n`)"),
        ));
    }
    let n = width * height;
    let mut clues = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let run = match ch {
            'B' | 'W' => 1,
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unexpected `{ch}`: expected a pearl `B` or `W`, or a run a-z"),
                ));
            }
        };
        if clues.len() + run > n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("`{ch}` goes past the grid's {n} cells"),
            ));
        }
        match ch {
            'B' => clues.push(Clue::Black),
            'W' => clues.push(Clue::White),
            _ => clues.extend(std::iter::repeat_n(Clue::Empty, run)),
        }
    }
    if clues.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description covers {} cells, the grid has {n}",
                clues.len()
            ),
        ));
    }
    Ok(Pearl::new(width, height, clues))
}

/// A puzz.link `mashu` (or `masyu`) URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Pearl, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["mashu", "masyu"], "mashu")
        .map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = g.width * g.height;
    let mut clues = Vec::with_capacity(n + 2);
    for (k, ch) in g.body.char_indices() {
        let at = g.body_at + k;
        let value = ch.to_digit(36).filter(|&v| v < 27).ok_or_else(|| {
            err(
                at,
                format!(
                    "unexpected `{ch}`: a mashu URL holds `0`-`9` and `a`-`q`, three cells each"
                ),
            )
        })?;
        if clues.len() >= n {
            return Err(err(at, format!("more than the grid's {n} cells")));
        }
        for digit in [value / 9, value / 3 % 3, value % 3] {
            clues.push([Clue::Empty, Clue::White, Clue::Black][digit as usize]);
        }
    }
    if clues.len() < n {
        return Err(err(
            url.len(),
            format!("{} of {n} cells described", clues.len()),
        ));
    }
    if clues[n..].iter().any(|&c| c != Clue::Empty) {
        return Err(err(
            url.len() - 1,
            format!("a pearl past the grid's {n} cells"),
        ));
    }
    clues.truncate(n);
    Ok(Pearl::new(g.width, g.height, clues))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Pearl, ParseError> {
    let expected = "a row holds `.` (no pearl), `W` (white) and `B` (black)";
    let (width, clues) =
        lines::cell_rows(rows, header, "pearl", MAX_CELLS, expected, |ch| match ch {
            '.' | '-' | '_' => Some(Clue::Empty),
            'W' | 'w' | '○' => Some(Clue::White),
            'B' | 'b' | '●' => Some(Clue::Black),
            _ => None,
        })?;
    Ok(Pearl::new(width, rows.len(), clues))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back (as Tatham's
/// generator and pzprjs write them).
impl Notate for Pearl {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        Some(match form {
            Notation::Tatham => {
                let tokens: Vec<Option<&str>> = self
                    .clues
                    .iter()
                    .map(|c| match c {
                        Clue::Empty => None,
                        Clue::White => Some("W"),
                        Clue::Black => Some("B"),
                    })
                    .collect();
                format!("{width}x{height}:{}", tatham::write_runs(&tokens, false))
            }
            Notation::Url => {
                let digit = |c: Option<&Clue>| match c {
                    Some(Clue::White) => 1,
                    Some(Clue::Black) => 2,
                    _ => 0,
                };
                let body: String = (0..self.clues.len().div_ceil(3))
                    .map(|k| {
                        let v = (0..3).fold(0, |v, j| v * 3 + digit(self.clues.get(3 * k + j)));
                        char::from_digit(v, 36).expect("a base-3 triple is below 27")
                    })
                    .collect();
                puzzlink::url("mashu", width, height, &body)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2:BaWbW", 1, 0).unwrap();
        let plain = parse("pearl\nB.W\n..W\n").remove(0).unwrap().1;
        assert_eq!(id, plain);
        assert_eq!(id.rows_text(), "B.W\n..W");
        let url = id.notate(Notation::Url).unwrap();
        assert_eq!(url, "https://puzz.link/p?mashu/3/2/j1");
        assert_eq!(parse_url(&url, 1, 0).unwrap(), id);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:BaWbW");
        assert_eq!(parse_id("3x2dtn:BaWbW", 1, 0).unwrap(), id);
        assert!(looks_like(&[
            "# sgt-pearl",
            "8x8:aWbWaWmWWbWcWbBWWbBbWkBeWbBBaB"
        ]));
        assert!(!looks_like(&["7x7:bBcBa1d2"]));
    }
}
