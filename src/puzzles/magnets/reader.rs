//! Reading Magnets: Tatham's game IDs (`WxH:DESC`, `encodings/magnets.md`:
//! four fields of one character a count — `0`–`9`, `a`–`z` 10–35, `A`–`Z` 36–61, `.` none —
//! each ended by `,`: the `+` counts of the columns, of the rows, then the `−` counts of the
//! columns, of the rows; then W·H layout letters `L`/`R`/`T`/`B`/`*`, `,` a spacer; the
//! generator's `de`/`dt` and `S` after the size are accepted), one a line, `#` lines
//! comments; or the plain form: a line `magnets`, a line `+` and the W `+` counts of the
//! columns, a row a line (its `+` count, its W layout letters, its `−` count), and a line
//! `-` and the W `−` counts of the columns; counts decimal, `.` or `?` for none. Each half
//! of a domino must have its partner beside it. Magnets has no puzz.link form. Errors name
//! the line and column.

use super::{Counts, Magnets};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Magnets), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no magnets found (a Tatham ID `6x5:…` or `magnets` and rows)",
            is_header,
            plain,
            url: no_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("magnets")
}

fn no_url(_: &str, line: usize, lead: usize) -> Result<Magnets, ParseError> {
    Err(ParseError::new(
        line,
        Some(lead + 1),
        "magnets has no puzz.link form: give a Tatham ID `WxH:…` or `magnets` and rows",
    ))
}

/// Whether a trimmed line is the plain form's header or a Tatham ID that reads as Magnets.
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line) || (line.contains(',') && parse_id(line, 1, 0).is_ok())
}

/// A count in Tatham's one-character form (`n2c`): `0`–`9`, `a`–`z` 10–35, `A`–`Z` 36–61.
fn tatham_count(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        'a'..='z' => Some(ch as usize - 'a' as usize + 10),
        'A'..='Z' => Some(ch as usize - 'A' as usize + 36),
        _ => None,
    }
}

/// The inverse of [`tatham_count`]; `None` above 61.
fn tatham_char(count: usize) -> Option<char> {
    let k = u8::try_from(count).ok()?;
    match k {
        0..=9 => Some(char::from(b'0' + k)),
        10..=35 => Some(char::from(b'a' + k - 10)),
        36..=61 => Some(char::from(b'A' + k - 36)),
        _ => None,
    }
}

/// The four count fields, in the order of the ID.
const FIELDS: [&str; 4] = [
    "`+` counts of the columns",
    "`+` counts of the rows",
    "`−` counts of the columns",
    "`−` counts of the rows",
];

/// A Tatham Magnets ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Magnets, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-magnets", "Magnets", MAX_CELLS, line, lead)?;
    let option = rest
        .strip_prefix("de")
        .or_else(|| rest.strip_prefix("dt"))
        .unwrap_or(rest);
    if !matches!(option, "" | "S") {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Magnets option (`de`, `dt`, then `S`)"),
        ));
    }
    let err = |k: usize, m: String| ParseError::new(line, Some(lead + start + k + 1), m);
    let mut chars = desc.char_indices().peekable();
    let mut fields: Vec<Vec<Option<usize>>> = Vec::with_capacity(4);
    for (f, what) in FIELDS.iter().enumerate() {
        let n = if f % 2 == 0 { width } else { height };
        let mut counts = Vec::with_capacity(n);
        while counts.len() < n {
            let Some((k, ch)) = chars.next() else {
                return Err(err(
                    desc.len(),
                    format!("the ID ends in the {what}: {n} expected"),
                ));
            };
            counts.push(match ch {
                '.' => None,
                ',' => {
                    return Err(err(
                        k,
                        format!("{} of the {n} {what}, then `,`", counts.len()),
                    ));
                }
                _ => Some(tatham_count(ch).ok_or_else(|| {
                    err(
                        k,
                        format!("unexpected `{ch}` in the {what}: a count 0-9, a-z, A-Z or `.`"),
                    )
                })?),
            });
        }
        match chars.next() {
            Some((_, ',')) => {}
            Some((k, _)) => return Err(err(k, format!("more than the {n} {what}"))),
            None => {
                return Err(err(
                    desc.len(),
                    format!("a `,` after the {what}, then the layout"),
                ));
            }
        }
        fields.push(counts);
    }
    let n = width * height;
    let mut layout = Vec::with_capacity(n);
    let mut places = Vec::with_capacity(n);
    for (k, ch) in chars {
        match ch {
            ',' => continue,
            'L' | 'R' | 'T' | 'B' | '*' if layout.len() < n => {
                layout.push(ch as u8);
                places.push(k);
            }
            'L' | 'R' | 'T' | 'B' | '*' => {
                return Err(err(k, format!("more than the grid's {n} cells")));
            }
            _ => {
                return Err(err(
                    k,
                    format!("unknown letter `{ch}`: expected L, R, T, B or *"),
                ));
            }
        }
    }
    if layout.len() < n {
        return Err(err(
            desc.len(),
            format!("the layout covers {} cells, the grid has {n}", layout.len()),
        ));
    }
    paired(&layout, width, |cell, m| err(places[cell], m))?;
    let mut fields = fields.into_iter();
    let mut next = || fields.next().unwrap_or_default();
    let counts = [next(), next(), next(), next()];
    Ok(magnets(width, height, layout, counts))
}

/// The puzzle of `counts` in the ID's order: `+` of the columns, of the rows, `−` of the
/// columns, of the rows.
fn magnets(
    width: usize,
    height: usize,
    layout: Vec<u8>,
    counts: [Vec<Option<usize>>; 4],
) -> Magnets {
    let [plus_columns, plus_rows, minus_columns, minus_rows] = counts;
    let plus = Counts {
        columns: plus_columns,
        rows: plus_rows,
    };
    let minus = Counts {
        columns: minus_columns,
        rows: minus_rows,
    };
    Magnets::new(width, height, layout, plus, minus)
}

/// Every half of a domino has its partner beside it (`L` an `R` on its right, `T` a `B`
/// below, and the other way round); an error at the first cell without (`at` places it).
fn paired(
    layout: &[u8],
    width: usize,
    at: impl Fn(usize, String) -> ParseError,
) -> Result<(), ParseError> {
    let height = layout.len() / width;
    for (cell, &letter) in layout.iter().enumerate() {
        let (r, c) = (cell / width, cell % width);
        let (ok, wants) = match letter {
            b'L' => (
                c + 1 < width && layout[cell + 1] == b'R',
                "no `R` on its right",
            ),
            b'R' => (c > 0 && layout[cell - 1] == b'L', "no `L` on its left"),
            b'T' => (
                r + 1 < height && layout[cell + width] == b'B',
                "no `B` below it",
            ),
            b'B' => (r > 0 && layout[cell - width] == b'T', "no `T` above it"),
            _ => (true, ""),
        };
        if !ok {
            return Err(at(
                cell,
                format!(
                    "`{}` at r{}c{} has {wants}: dominoes are `LR` or `T` over `B`",
                    letter as char,
                    r + 1,
                    c + 1
                ),
            ));
        }
    }
    Ok(())
}

/// Writes Tatham's ID: what `parse_id` reads back, and what his generator writes.
impl Notate for Magnets {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let (w, h) = self.size();
        let mut id = format!("{w}x{h}:");
        for counts in [
            &self.plus().columns,
            &self.plus().rows,
            &self.minus().columns,
            &self.minus().rows,
        ] {
            for k in counts {
                id.push(match k {
                    None => '.',
                    Some(k) => tatham_char(*k)?,
                });
            }
            id.push(',');
        }
        id.push_str(&String::from_utf8_lossy(self.layout()));
        Some(id)
    }
}

/// A plain count: decimal, or `.`/`?` for none.
fn plain_count(word: &str) -> Result<Option<usize>, String> {
    match word {
        "." | "?" => Ok(None),
        _ => word
            .parse()
            .map(Some)
            .map_err(|_| format!("`{word}` is not a count (a number, `.` or `?`)")),
    }
}

/// The words of a line, each with its 1-based column.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut col = 0;
    for token in text.split_inclusive(char::is_whitespace) {
        let word = token.trim_end();
        if !word.is_empty() {
            out.push((col + 1, word));
        }
        col += token.chars().count();
    }
    out
}

/// A line of column counts after its sign (`+` or `-`), `width` of them.
fn column_counts(
    (line, text): (usize, &str),
    sign: &str,
    width: usize,
) -> Result<Vec<Option<usize>>, ParseError> {
    let words = words(text);
    let signed = words
        .first()
        .is_some_and(|&(_, w)| w == sign || (sign == "-" && w == "−"));
    if !signed {
        return Err(ParseError::new(
            line,
            Some(words.first().map_or(1, |w| w.0)),
            format!("expected `{sign}` and the {width} column counts"),
        ));
    }
    if words.len() - 1 != width {
        return Err(ParseError::at_line(
            line,
            format!("{} column counts for {width} columns", words.len() - 1),
        ));
    }
    words[1..]
        .iter()
        .map(|&(col, w)| plain_count(w).map_err(|m| ParseError::new(line, Some(col), m)))
        .collect()
}

/// The plain form's rows (after the header at line `header`).
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Magnets, ParseError> {
    if rows.len() < 3 {
        return Err(ParseError::at_line(
            rows.last().map_or(header, |r| r.0),
            "a line of `+` counts, a row a line, and a line of `-` counts",
        ));
    }
    let grid = &rows[1..rows.len() - 1];
    let mut layout = Vec::new();
    let mut places = Vec::new();
    let (mut plus_rows, mut minus_rows) = (Vec::new(), Vec::new());
    let mut width = 0;
    for (r, &(line, text)) in grid.iter().enumerate() {
        let words = words(text);
        if words.len() < 3 {
            return Err(ParseError::at_line(
                line,
                "a row is its `+` count, its layout letters, and its `-` count",
            ));
        }
        let (first, last) = (words[0], words[words.len() - 1]);
        plus_rows.push(plain_count(first.1).map_err(|m| ParseError::new(line, Some(first.0), m))?);
        minus_rows.push(plain_count(last.1).map_err(|m| ParseError::new(line, Some(last.0), m))?);
        let before = layout.len();
        for &(col, word) in &words[1..words.len() - 1] {
            for (k, ch) in word.chars().enumerate() {
                if !matches!(ch, 'L' | 'R' | 'T' | 'B' | '*') {
                    return Err(ParseError::new(
                        line,
                        Some(col + k),
                        format!("unexpected `{ch}`: a row's layout is L, R, T, B and *"),
                    ));
                }
                layout.push(ch as u8);
                places.push((line, col + k));
            }
        }
        let n = layout.len() - before;
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
    }
    lines::grid_size(width, grid.len(), MAX_CELLS, grid[0].0, 1)?;
    let plus_columns = column_counts(rows[0], "+", width)?;
    let minus_columns = column_counts(rows[rows.len() - 1], "-", width)?;
    paired(&layout, width, |cell, m| {
        ParseError::new(places[cell].0, Some(places[cell].1), m)
    })?;
    let counts = [plus_columns, plus_rows, minus_columns, minus_rows];
    Ok(magnets(width, grid.len(), layout, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        let id = "3x2:101,20,11.,11,TLRB**";
        let p = parse_id(id, 1, 0).unwrap();
        assert_eq!(p.drawing(), "+ 1 0 1\n2 TLR 1\n0 B** 1\n- 1 1 .");
        let plain = parse(&format!("magnets\n{}\n", p.drawing()))
            .remove(0)
            .unwrap()
            .1;
        assert_eq!(plain, p);
        assert_eq!(p.notate(Notation::Tatham).unwrap(), id);
        assert!(looks_like(
            "6x5:.2.1.1,..2.2,.20..3,2.2..,TTLRLRBBLRLRTTTTTTBBBBBBLRLRLR"
        ));
        assert_eq!(tatham_count('Z'), Some(61));
        assert_eq!(tatham_char(61), Some('Z'));
        assert_eq!(tatham_char(62), None);
    }
}
