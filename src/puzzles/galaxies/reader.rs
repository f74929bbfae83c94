//! Reading galaxies: Tatham's Galaxies game IDs (`WxH:DESC`; the description walks the
//! (2W−1)(2H−1) positions of the doubled lattice in reading order, `a`–`y` skipping 0–24
//! positions then placing a dot, `A`–`Y` the same with a black dot, `z` skipping 25 and
//! placing nothing; positions after the last dot hold none), one a line, `#` lines
//! comments; or the plain form: a line `galaxies`, then the lattice's 2H−1 rows of 2W−1
//! characters, `.` no dot, `o` a dot, `*` a black dot (so a cell's centre is at an even
//! row and column, 0-based, a side between two cells has one odd coordinate, a point where
//! four cells meet two). Errors name the line and column (for an ID, the offset in it,
//! 1-based).

use super::{Dot, Galaxies};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Galaxies), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no galaxies found (a Tatham Galaxies ID `7x7:…` or `galaxies` and the lattice's rows)",
            is_header,
            plain,
            url: |_, line, lead| {
                Err(ParseError::new(
                    line,
                    Some(lead + 1),
                    "galaxies reads Tatham IDs `WxH:…` and the plain form, not URLs",
                ))
            },
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("galaxies")
}

/// Whether a file's trimmed lines are galaxies': its plain form's header, or Tatham IDs
/// `WxH:` whose descriptions are letters only, none of them past `y`/`Y` but `z`, that read
/// as galaxies (Unruly's letters also fill a grid, but cover W·H cells, not the lattice's
/// (2W−1)(2H−1) positions, and end on a final letter).
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines.iter().any(|l| is_header(l)) {
        return true;
    }
    let ids: Vec<&&str> = lines.iter().filter(|l| !l.starts_with('#')).collect();
    !ids.is_empty()
        && ids.iter().all(|l| {
            l.split_once(':').is_some_and(|(params, desc)| {
                !params.contains(|c: char| c.is_ascii_alphabetic() && c != 'x')
                    && desc
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_uppercase())
            }) && parse_id(l, 1, 0).is_ok()
        })
}

/// A Tatham Galaxies ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Galaxies, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-galaxies", "Galaxies", MAX_CELLS, line, lead)?;
    if !rest.is_empty() {
        return Err(ParseError::new(
            line,
            Some(lead + start - rest.len()),
            format!("unexpected `{rest}` after the size: a Galaxies ID's parameters are `WxH`"),
        ));
    }
    let (lw, lh) = (2 * width - 1, 2 * height - 1);
    let positions = lw * lh;
    let mut dots = Vec::new();
    let mut at = 0usize;
    for (k, ch) in desc.char_indices() {
        let column = Some(lead + start + k + 1);
        let (skip, black) = match ch {
            'z' => (25, None),
            'a'..='y' => (usize::from(ch as u8 - b'a'), Some(false)),
            'A'..='Y' => (usize::from(ch as u8 - b'A'), Some(true)),
            _ => {
                return Err(ParseError::new(
                    line,
                    column,
                    format!("unexpected `{ch}`: expected a letter `a`–`z` or `A`–`Y`"),
                ));
            }
        };
        at += skip;
        if let Some(black) = black {
            if at >= positions {
                return Err(ParseError::new(
                    line,
                    column,
                    format!("`{ch}` places a dot past the lattice's {positions} positions"),
                ));
            }
            dots.push(Dot {
                x: at % lw,
                y: at / lw,
                black,
            });
            at += 1;
        } else if at > positions {
            return Err(ParseError::new(
                line,
                column,
                format!("`{ch}` runs past the lattice's {positions} positions"),
            ));
        }
    }
    Ok(Galaxies::new(width, height, dots))
}

/// The plain form: the lattice's rows after the header at line `header`.
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Galaxies, ParseError> {
    let (lw, cells) = lines::cell_rows(
        rows,
        header,
        "galaxies",
        4 * MAX_CELLS,
        "expected `.` (no dot), `o` (a dot) or `*` (a black dot)",
        |ch| match ch {
            '.' => Some(None),
            'o' => Some(Some(false)),
            '*' => Some(Some(true)),
            _ => None,
        },
    )?;
    let lh = rows.len();
    if lw.is_multiple_of(2) || lh.is_multiple_of(2) {
        let (n, what) = if lw.is_multiple_of(2) {
            (rows[0].0, format!("rows of {lw} characters"))
        } else {
            (rows[lh - 1].0, format!("{lh} rows"))
        };
        return Err(ParseError::at_line(
            n,
            format!(
                "the lattice has {what}: a W×H grid's lattice is 2H−1 rows of 2W−1 (odd counts)"
            ),
        ));
    }
    let (width, height) = (lw.div_ceil(2), lh.div_ceil(2));
    lines::grid_size(width, height, MAX_CELLS, header, 1)?;
    let dots = cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            c.map(|black| Dot {
                x: i % lw,
                y: i / lw,
                black,
            })
        })
        .collect();
    Ok(Galaxies::new(width, height, dots))
}

/// The ID written as Tatham's generator writes it: before each dot the positions skipped
/// since the last one, `z` for each 25 of them, nothing after the last dot.
impl Notate for Galaxies {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let (width, height) = self.size();
        let lw = 2 * width - 1;
        let mut id = format!("{width}x{height}:");
        let mut next = 0;
        for dot in self.dots() {
            let mut skip = dot.y * lw + dot.x - next;
            while skip > 24 {
                id.push('z');
                skip -= 25;
            }
            let base = if dot.black { b'A' } else { b'a' };
            id.push(char::from(base + skip as u8));
            next = dot.y * lw + dot.x + 1;
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        // 3×2: a dot at the centre of r1c1 (0, 0), one on the side between r2c2 and r2c3
        // (3, 2), a black one where r1c1, r1c2, r2c1, r2c2 meet (1, 1).
        let id = parse_id("3x2:aFg", 1, 0).unwrap();
        let rows = parse("galaxies\no....\n.*...\n...o.\n")
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(id, rows);
        assert_eq!(id.notate(Notation::Tatham).unwrap(), "3x2:aFg");
        let long = parse_id("7x7:zzc", 1, 0).unwrap();
        assert_eq!(
            long.dots(),
            [Dot {
                x: 0,
                y: 4,
                black: false
            }]
        );
        assert_eq!(long.notate(Notation::Tatham).unwrap(), "7x7:zzc");
    }

    #[test]
    fn errors_name_their_place() {
        let e = parse_id("2x2:j", 3, 2).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(7)));
        assert!(e.message.contains("past the lattice's 9 positions"), "{e}");
        let e = parse_id("2x2:a1", 1, 0).unwrap_err();
        assert_eq!(e.column, Some(6));
        let e = parse_id("2x2dn:a", 1, 0).unwrap_err();
        assert!(e.message.contains("`dn`"), "{e}");
        let e = parse("galaxies\n....\n....\n").remove(0).unwrap_err();
        assert!(e.message.contains("odd counts"), "{e}");
        let e = parse("galaxies\n...\n.x.\n...\n").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(2)));
    }
}
