//! Tatham Solo game IDs (`encodings/constraints.md` (the formats, from the genre fact sheet) A.1): `CxR[j][x][k]:GIVENS[,BLOCKS][,CAGES,SUMS]`,
//! or `N[j]…` for the side (jigsaw) or the box side (others). One ID a line, `#` lines are
//! comments. Errors give the line and the column of the offending character.

use super::{Cage, Solo};
use crate::constraints::tatham::{self, FormatError};
use crate::constraints::{puzzlink, sudoku_url};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

/// The largest side read (Tatham's own limit is 31).
const MAX_SIDE: usize = 36;

/// What the parameters say.
struct Params {
    /// Box height and width (rectangular blocks); unused for jigsaw.
    tall: usize,
    wide: usize,
    n: usize,
    jigsaw: bool,
    diagonals: bool,
    killer: bool,
}

fn params(p: &str) -> Option<Params> {
    let digits = p.bytes().take_while(u8::is_ascii_digit).count();
    let a: usize = p[..digits].parse().ok()?;
    let mut rest = &p[digits..];
    let mut b = None;
    if let Some(after) = rest.strip_prefix('x') {
        let d = after.bytes().take_while(u8::is_ascii_digit).count();
        if d > 0 {
            b = Some(after[..d].parse().ok()?);
            rest = &after[d..];
        }
    }
    let (mut jigsaw, mut diagonals, mut killer) = (false, false, false);
    for f in rest.chars() {
        match f {
            'j' => jigsaw = true,
            'x' => diagonals = true,
            'k' => killer = true,
            _ => return None,
        }
    }
    let (tall, wide) = (a, b.unwrap_or(if jigsaw { 1 } else { a }));
    let n = tall.checked_mul(wide)?;
    (1..=MAX_SIDE).contains(&n).then_some(Params {
        tall,
        wide,
        n,
        jigsaw,
        diagonals,
        killer,
    })
}

/// Whether `line` looks like a Solo ID (or its random-seed form): a box shape `CxR` or a
/// jigsaw/X/killer flag before the colon. A bare `N:` is left to Towers, Keen and Unequal.
pub(crate) fn looks_like(line: &str) -> bool {
    tatham::id_with_params(line, |p| {
        let seed_free = p.split(['d', 's', 'a', 'm', 'r']).next().unwrap_or(p);
        params(p).is_some_and(|q| q.jigsaw || q.diagonals || q.killer || p.contains('x'))
            || (line[p.len()..].starts_with('#') && params(seed_free).is_some())
    })
}

/// Every ID of `text`, with the line it is on.
pub fn parse(text: &str) -> Vec<Result<(usize, Solo), ParseError>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let indent = raw.len() - raw.trim_start().len();
            let read = if puzzlink::split(line).is_some() {
                parse_url
            } else {
                parse_id
            };
            Some(
                read(line).map(|p| (i + 1, p)).map_err(|(at, message)| {
                    ParseError::new(i + 1, Some(indent + at + 1), message)
                }),
            )
        })
        .collect()
}

/// A puzz.link sudoku URL (any size puzz.link has: 6×6 with boxes of 2 rows by 3 columns,
/// and the squares), as the Solo ID with the same boxes (`2x3`, `3x3`); the error's first
/// field is the 0-based column.
pub fn parse_url(url: &str) -> Result<Solo, (usize, String)> {
    let s = sudoku_url::read(url).map_err(|e| (e.offset, e.message))?;
    let (n, tall, wide) = (s.n, s.box_rows, s.box_columns);
    let blocks = (0..n * n)
        .map(|c| (c / n / tall) * tall + (c % n) / wide)
        .collect();
    Ok(Solo::new(
        n,
        format!("{tall}x{wide}"),
        s.givens,
        blocks,
        false,
        false,
        Vec::new(),
    ))
}

/// Whether `line` is a puzz.link sudoku URL this kind is the one to read: 6×6, whose boxes
/// are rectangles (the square sizes are the sudoku kind's).
pub(crate) fn is_rectangular_url(line: &str) -> bool {
    puzzlink::is_url_of(line, "sudoku")
        && sudoku_url::read(line).is_ok_and(|s| s.box_rows != s.box_columns)
}

/// One ID; the error's first field is the 0-based column.
pub fn parse_id(id: &str) -> Result<Solo, (usize, String)> {
    let located = |base: usize| move |e: FormatError| (base + e.offset, e.message);
    let (p, description, start) = tatham::split_id(id, "sgt-solo").map_err(located(0))?;
    let q = params(p).ok_or((
        0,
        format!(
            "`{p}` is not a Solo size: expected CxR (boxes C tall, R wide), N, Nj, with x and k flags"
        ),
    ))?;
    let n = q.n;
    let mut sections = Vec::new();
    let mut offset = start;
    for s in description.split(',') {
        sections.push((s, offset));
        offset += s.len() + 1;
    }
    let expected = 1 + usize::from(q.jigsaw) + 2 * usize::from(q.killer);
    if sections.len() != expected {
        return Err((
            start,
            format!(
                "the description has {} comma-separated sections, `{p}` needs {expected}",
                sections.len()
            ),
        ));
    }
    let (givens_text, at) = sections[0];
    let givens = tatham::run_cells(givens_text, n * n, n as u32).map_err(located(at))?;
    let mut next = 1;
    let blocks = if q.jigsaw {
        let (text, at) = sections[next];
        next += 1;
        let blocks = if n == 1 {
            vec![0]
        } else {
            tatham::edge_regions(text, n, false).map_err(located(at))?
        };
        for (b, cells) in tatham::region_cells(&blocks).iter().enumerate() {
            if cells.len() != n {
                return Err((
                    at,
                    format!(
                        "jigsaw block {} (from r{}c{}) has {} cells, not {n}",
                        b + 1,
                        cells[0] / n + 1,
                        cells[0] % n + 1,
                        cells.len()
                    ),
                ));
            }
        }
        blocks
    } else {
        (0..n * n)
            .map(|c| (c / n / q.tall) * q.tall + (c % n) / q.wide)
            .collect()
    };
    let mut cages = Vec::new();
    if q.killer {
        let (layout, at) = sections[next];
        let cage_of = if n == 1 {
            vec![0]
        } else {
            tatham::edge_regions(layout, n, false).map_err(located(at))?
        };
        let (sums_text, sums_at) = sections[next + 1];
        let max = (n * n * n) as u32;
        let sums = tatham::run_cells(sums_text, n * n, max).map_err(located(sums_at))?;
        for cells in tatham::region_cells(&cage_of) {
            let mut given = cells.iter().filter_map(|&c| sums[c].map(|s| (c, s)));
            let name = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
            match (given.next(), given.next()) {
                (Some((_, sum)), None) => cages.push(Cage { cells, sum }),
                (None, _) => {
                    return Err((
                        sums_at,
                        format!("the cage at {} has no sum", name(cells[0])),
                    ));
                }
                (Some((a, _)), Some((b, _))) => {
                    return Err((
                        sums_at,
                        format!(
                            "the cage at {} has two sums ({} and {})",
                            name(a),
                            name(a),
                            name(b)
                        ),
                    ));
                }
            }
        }
    }
    Ok(Solo::new(
        n,
        p.to_string(),
        givens,
        blocks,
        q.jigsaw,
        q.diagonals,
        cages,
    ))
}

/// The ID written as Tatham writes it, with the parameters it was read with: the givens
/// as runs (`_` between two numbers), then a jigsaw's blocks, then a killer's cage layout
/// and each cage's sum at its first cell.
impl Notate for Solo {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let n = self.n;
        if form == Notation::Url {
            // puzz.link's sudoku has no variants, and its boxes follow from the size.
            let shape = params(&self.params).map(|q| (q.tall, q.wide));
            let plain = !self.jigsaw && !self.diagonals && self.cages.is_empty();
            return (plain && shape.is_some() && shape == sudoku_url::boxes(n))
                .then(|| sudoku_url::write(n, &self.givens));
        }
        if form != Notation::Tatham || (n < 2 && (self.jigsaw || !self.cages.is_empty())) {
            return None;
        }
        let numbers = |values: &[Option<u32>]| -> String {
            let tokens: Vec<Option<String>> =
                values.iter().map(|v| v.map(|v| v.to_string())).collect();
            tatham::write_runs(&tokens, true)
        };
        let mut id = format!("{}:{}", self.params, numbers(&self.givens));
        if self.jigsaw {
            id.push(',');
            id.push_str(&tatham::write_edge_regions(&self.blocks, n, false));
        }
        if !self.cages.is_empty() {
            let mut cage_of = vec![usize::MAX; n * n];
            let mut sums = vec![None; n * n];
            for (k, cage) in self.cages.iter().enumerate() {
                for &cell in &cage.cells {
                    cage_of[cell] = k;
                }
                sums[*cage.cells.first()?] = Some(cage.sum);
            }
            id.push(',');
            id.push_str(&tatham::write_edge_regions(&cage_of, n, false));
            id.push(',');
            id.push_str(&numbers(&sums));
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert!(looks_like("2x3:b3_1a5d4c2b6_6b5c2d5a1_6b"));
        assert!(looks_like("9j:p9_2,ceb"));
        assert!(looks_like("3x3kdu#1"));
        assert!(!looks_like("4..7.3"));
        assert!(!looks_like("5:1/4/3"));
        let p = params("3x4").unwrap();
        assert_eq!((p.n, p.tall, p.wide), (12, 3, 4));
        assert_eq!(params("9j").unwrap().n, 9);
        assert!(params("3x3q").is_none());
    }

    #[test]
    fn a_six_by_six_url_reads_as_its_solo_id() {
        let url = "https://puzz.link/p?sudoku/6/6/1k4m2j6h3o5i";
        assert!(is_rectangular_url(url));
        assert!(!is_rectangular_url(
            "https://puzz.link/p?sudoku/4/4/g1k23k3g"
        ));
        let from_url = parse(url).remove(0).unwrap().1;
        let id = from_url.notate(Notation::Tatham).unwrap();
        assert_eq!(id, "2x3:1e4g2d6b3i5c");
        assert_eq!(parse_id(&id).unwrap(), from_url);
        assert_eq!(from_url.notate(Notation::Url).unwrap(), url);
        // A jigsaw has no URL; nor has a size puzz.link draws with other boxes.
        assert_eq!(
            parse_id("3x2:1e4g2d6b3i5c").unwrap().notate(Notation::Url),
            None
        );
        let e = parse("https://puzz.link/p?sudoku/8/8/g")
            .remove(0)
            .unwrap_err();
        assert!(e.message.contains("2×2"), "{e}");
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse("3x3:a3?").remove(0).unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(7)), "{e}");
        let e = parse("\n2x3:b3").remove(0).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("cells described"), "{e}");
        let e = parse("3x3k#4").remove(0).unwrap_err();
        assert!(e.message.contains("random-seed"), "{e}");
    }
}
