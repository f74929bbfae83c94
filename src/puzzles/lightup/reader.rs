//! Reading Light Up: Tatham's game IDs (`WxH:DESC`, `encodings/lightup.md`; GENRES.md A.5:
//! `0`–`4` a black cell with that clue, `B` a black cell without, `a`–`z` runs of 1–26 white
//! cells) and puzz.link URLs (`…/p?akari/W/H/BODY`, B.4, 4Cell: `.` a black cell without
//! clue, runs are white cells), one a line, `#` lines comments; or the plain form: a line
//! `lightup` (or `akari`), then one row a line, `.` white, `#` black, `0`–`4` numbered
//! black, blanks between cells ignored. Errors name the line and column (for a URL, the
//! column is the offset in the URL, 1-based).

use super::{Cell, LightUp};
use crate::constraints::{puzzlink, tatham};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, LightUp), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no light up found (a Tatham ID `7x7:…`, a puzz.link akari URL or `lightup` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("lightup") || line.eq_ignore_ascii_case("akari")
}

/// Whether a trimmed line is the plain form's header, a puzz.link akari URL, or a Tatham ID
/// whose description covers exactly its grid with some white cells (Light Up's letters: no
/// other genre's generated ID reads as one; a Singles ID of digits 1–4 alone would, but has
/// no run letter).
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line)
        || puzzlink::is_url_of(line, "akari")
        || puzzlink::is_url_of(line, "lightup")
        || line.split_once(':').is_some_and(|(_, desc)| {
            desc.contains(|c: char| c.is_ascii_lowercase())
                && !line.contains('#')
                && parse_id(line, 1, 0).is_ok()
        })
}

/// A Tatham Light Up ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<LightUp, ParseError> {
    let at = |e: tatham::FormatError| ParseError::new(line, Some(lead + e.offset + 1), e.message);
    let (params, desc, start) = tatham::split_id(id, "sgt-lightup").map_err(at)?;
    let (width, height) = params
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
        .ok_or_else(|| {
            ParseError::new(
                line,
                Some(lead + 1),
                format!("`{params}` is not a Light Up size `WxH`"),
            )
        })?;
    lines::grid_size(width, height, MAX_CELLS, line, lead + 1)?;
    let n = width * height;
    let mut cells = Vec::with_capacity(n);
    for (k, ch) in desc.char_indices() {
        let column = lead + start + k + 1;
        if cells.len() >= n {
            return Err(ParseError::new(
                line,
                Some(column),
                format!("more than the grid's {n} cells"),
            ));
        }
        match ch {
            '0'..='4' => cells.push(Cell::Black(Some(ch as u8 - b'0'))),
            'B' => cells.push(Cell::Black(None)),
            'a'..='z' => {
                let run = usize::from(ch as u8 - b'a') + 1;
                if cells.len() + run > n {
                    return Err(ParseError::new(
                        line,
                        Some(column),
                        format!("run `{ch}` goes past the grid's {n} cells"),
                    ));
                }
                cells.extend(std::iter::repeat_n(Cell::White, run));
            }
            '5'..='9' => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("clue {ch}: a black cell has at most 4 neighbours"),
                ));
            }
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column),
                    format!("unknown letter `{ch}`: expected 0-4, B or a-z"),
                ));
            }
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
    Ok(LightUp::new(width, height, cells))
}

/// A puzz.link `akari` (or `lightup`) URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<LightUp, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["akari", "lightup"], "light up")
        .map_err(|e| err(e.offset, e.message))?;
    let (width, height, body, start) = (g.width, g.height, g.body, g.body_at);
    lines::grid_size(width, height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let n = width * height;
    let mut cells = Vec::with_capacity(n);
    for (j, ch) in body.char_indices() {
        if cells.len() >= n {
            return Err(err(start + j, format!("more than the grid's {n} cells")));
        }
        let (black, whites) = match ch {
            '0'..='4' => (Some(Some(ch as u8 - b'0')), 0),
            '5'..='9' => (Some(Some(ch as u8 - b'5')), 1),
            'a'..='e' => (Some(Some(ch as u8 - b'a')), 2),
            '.' => (Some(None), 0),
            'g'..='z' => (None, usize::from(ch as u8 - b'f')),
            _ => {
                return Err(err(
                    start + j,
                    format!("unexpected `{ch}` in the URL's cells"),
                ));
            }
        };
        if let Some(clue) = black {
            cells.push(Cell::Black(clue));
        }
        // White cells that run past the last one are the encoder's padding.
        let room = n - cells.len();
        cells.extend(std::iter::repeat_n(Cell::White, whites.min(room)));
    }
    cells.resize(n, Cell::White);
    Ok(LightUp::new(width, height, cells))
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<LightUp, ParseError> {
    let expected = "a row holds `.` white, `#` black and clues 0-4";
    let (width, cells) =
        lines::cell_rows(
            rows,
            header,
            "lightup",
            MAX_CELLS,
            expected,
            |ch| match ch {
                '.' | '-' | '_' => Some(Cell::White),
                '#' | 'B' | 'X' => Some(Cell::Black(None)),
                '0'..='4' => Some(Cell::Black(Some(ch as u8 - b'0'))),
                _ => None,
            },
        )?;
    Ok(LightUp::new(width, rows.len(), cells))
}

/// The ID and the URL written: what [`parse_id`] and [`parse_url`] read back.
impl Notate for LightUp {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (width, height) = self.size();
        let cells = (0..height)
            .flat_map(|r| (0..width).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c));
        Some(match form {
            Notation::Tatham => {
                let tokens: Vec<Option<String>> = cells
                    .map(|cell| match cell {
                        Cell::White => None,
                        Cell::Black(None) => Some("B".to_string()),
                        Cell::Black(Some(v)) => Some(v.to_string()),
                    })
                    .collect();
                format!("{width}x{height}:{}", tatham::write_runs(&tokens, false))
            }
            Notation::Url => {
                let slots: Vec<Option<Option<u8>>> = cells
                    .map(|cell| match cell {
                        Cell::White => None,
                        Cell::Black(clue) => Some(clue),
                    })
                    .collect();
                puzzlink::url("akari", width, height, &puzzlink::write_4cell(&slots))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        let id = parse_id("3x2:a1B0b", 1, 0).unwrap();
        let plain = parse("lightup\n.1#\n0..\n").remove(0).unwrap().1;
        assert_eq!(id, plain);
        let url = parse_url("https://puzz.link/p?akari/3/2/g1.0h", 1, 0).unwrap();
        assert_eq!(url.drawing(None), ".1#\n0..");
        let pz = parse_url("https://puzz.link/p?akari/6/6/nekcakbl", 1, 0).unwrap();
        assert_eq!(pz.drawing(None).lines().count(), 6);
        // Written back, the same text (pzprjs's writer and ours agree).
        assert_eq!(
            pz.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?akari/6/6/nekcakbl"
        );
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:a1B0b");
    }
}
