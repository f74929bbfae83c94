//! Reading fillomino: Tatham's Filling game IDs (`WxH:DESC`, `encodings/fillomino.md`;
//! GENRES.md A.10: W·H cells in reading order, a clue the one character `'0' + n`, so 1–9
//! are digits and larger numbers `:` `;` `<` …, up to `max(W, H, 3)`; `0` an empty cell;
//! `a`–`z` runs of 1–26 empty cells), puzz.link URLs (`…/p?fillomino/W/H/BODY`, Number16:
//! a hex number a cell, `-` two hex digits, `+` three, `.` a cell whose number is not
//! given, `g`–`z` runs of 1–20 empty cells), one a line, `#` lines comments; or the plain
//! form: a line `fillomino` (or `filling`), then one row a line, `.` an empty cell, `?` a
//! number not given, `1`–`9`, or cells split by blanks for larger numbers. Errors name the
//! line and column (for an ID or a URL, the offset in it, 1-based).

use super::Fillomino;
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Fillomino), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no fillomino found (a Tatham Filling ID `9x7:…`, a puzz.link fillomino URL or `fillomino` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("fillomino") || line.eq_ignore_ascii_case("filling")
}

/// Whether a file's trimmed lines are fillomino's: its plain form's header, a puzz.link
/// fillomino URL, or Tatham IDs that all read as Filling IDs, one with a run of two empty
/// cells or more (a Singles ID writes a number a cell) and one with a clue no Mosaic can
/// have (above 4 in a corner, above 6 on an edge: Mosaic's IDs have the same alphabet);
/// and none that is a Light Up's: from 18×18 on, `B` (18) is a Filling clue, and a Light Up
/// ID (black cells `B`, clues `0`–`4`) reads as a Filling ID; a Filling ID whose only clue
/// above 4 is 18 is taken for a Light Up.
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines
        .iter()
        .any(|l| is_header(l) || puzzlink::is_url_of(l, "fillomino"))
    {
        return true;
    }
    let ids: Vec<&&str> = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let read: Vec<Fillomino> = ids.iter().filter_map(|l| parse_id(l, 1, 0).ok()).collect();
    let runs = ids.iter().any(|l| {
        l.split_once(':')
            .is_some_and(|(_, d)| d.contains(|c: char| ('b'..='z').contains(&c)))
    });
    !ids.is_empty()
        && read.len() == ids.len()
        && runs
        && read.iter().any(not_a_mosaic)
        && !ids.iter().any(|l| lights_up(l))
}

/// Whether an ID's description has a `B` and no other character a Light Up ID lacks
/// (Filling's clues 5–17).
fn lights_up(id: &str) -> bool {
    id.split_once(':').is_some_and(|(_, d)| {
        d.contains('B') && d.chars().all(|c| matches!(c, '0'..='4' | 'B' | 'a'..='z'))
    })
}

/// Whether some clue is larger than the cells of its 3×3 block (which a Mosaic clue
/// counts).
fn not_a_mosaic(p: &Fillomino) -> bool {
    let (w, h) = p.size();
    (0..w * h).any(|i| {
        let (r, c) = (i / w, i % w);
        let span = |x: usize, n: usize| 1 + usize::from(x > 0) + usize::from(x + 1 < n);
        p.clues[i]
            .flatten()
            .is_some_and(|n| n as usize > span(r, h) * span(c, w))
    })
}

/// A Tatham Filling ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Fillomino, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-filling", "Filling", MAX_CELLS, line, lead)?;
    if !rest.is_empty() {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Filling option"),
        ));
    }
    let n = width * height;
    // Tatham's largest clue; letters are runs, so clues stop below `a`.
    let max = width.max(height).max(3).min(usize::from(b'a' - b'1'));
    let mut clues = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        let (run, clue) = match ch {
            'a'..='z' => (usize::from(ch as u8 - b'a') + 1, None),
            '0' => (1, None),
            _ if ch > '0' && (ch as usize) <= usize::from(b'0') + max => {
                (1, Some(ch as u32 - u32::from(b'0')))
            }
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!(
                        "unexpected `{ch}`: expected a clue `1`–`{}` or a run a-z",
                        char::from(b'0' + max as u8)
                    ),
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
        match clue {
            Some(v) => clues.push(Some(Some(v))),
            None => clues.extend(std::iter::repeat_n(None, run)),
        }
    }
    if clues.len() < n {
        return Err(ParseError::new(
            line,
            Some(lead + id.len() + 1),
            format!(
                "the description covers {} cells, the {width}×{height} grid has {n}",
                clues.len()
            ),
        ));
    }
    Ok(Fillomino::new(width, height, clues))
}

/// A puzz.link `fillomino` URL; `lead` is its column offset in the line. Borders given
/// after the cells (pzprjs writes them only for puzzles that have some) are refused.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Fillomino, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["fillomino"], "fillomino")
        .map_err(|e| err(e.offset, e.message))?;
    lines::grid_size(g.width, g.height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = g.width * g.height;
    let (slots, end) =
        puzzlink::number16_slots(url, g.body_at, n).map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() {
        return Err(err(
            end,
            "borders given after the cells: satcover reads fillomino without them".into(),
        ));
    }
    if let Some(k) = slots.iter().position(|s| *s == Some(Some(0))) {
        return Err(ParseError::at_line(
            line,
            format!(
                "r{}c{}: 0 is not a region size",
                k / g.width + 1,
                k % g.width + 1
            ),
        ));
    }
    Ok(Fillomino::new(g.width, g.height, slots))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Fillomino, ParseError> {
    let (width, slots) = lines::number_rows(rows, header, "fillomino", MAX_CELLS)?;
    Ok(Fillomino::new(width, rows.len(), slots))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back (as Tatham's
/// generator and pzprjs write them). A Tatham ID has no `?` cells and no clue above
/// `max(W, H, 3)`.
impl Notate for Fillomino {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        match form {
            Notation::Tatham => {
                let max = width.max(height).max(3).min(usize::from(b'a' - b'1')) as u32;
                let tokens: Option<Vec<Option<String>>> = self
                    .clues
                    .iter()
                    .map(|clue| match clue {
                        None => Some(None),
                        Some(Some(v)) if *v <= max => {
                            Some(Some(char::from(b'0' + *v as u8).to_string()))
                        }
                        Some(_) => None,
                    })
                    .collect();
                Some(format!(
                    "{width}x{height}:{}",
                    tatham::write_runs(&tokens?, false)
                ))
            }
            Notation::Url => {
                if self
                    .clues
                    .iter()
                    .any(|s| matches!(s, Some(Some(v)) if *v >= 4096))
                {
                    return None;
                }
                Some(puzzlink::url(
                    "fillomino",
                    width,
                    height,
                    &puzzlink::write_number16(&self.clues),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2:2a;c", 1, 0);
        assert!(id.is_err(), "`;` is 11, above max(3, 2, 3)");
        let id = parse_id("3x2:2a3c", 1, 0).unwrap();
        let rows = parse("fillomino\n2.3\n...\n").remove(0).unwrap().1;
        let url = parse_url("https://puzz.link/p?fillomino/3/2/2g3i", 1, 0).unwrap();
        assert_eq!(id, rows);
        assert_eq!(id, url);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:2a3c");
        assert_eq!(
            id.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?fillomino/3/2/2g3i"
        );
        let big = parse_id("10x1:a:h", 1, 0).unwrap();
        assert_eq!(big.clues[1], Some(Some(10)));
        assert_eq!(big.notate(Notation::Tatham).unwrap(), "10x1:a:h");
    }
}
