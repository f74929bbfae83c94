//! Reading Tents: Tatham's game IDs (`WxH:GRID,COUNTS`, `encodings/tents.md`; GENRES.md
//! A.9: `_` a tree, `a`–`y` 1–25 open cells then a tree, `z` 25 open cells, a virtual tree
//! after the last cell; `!` / `-` turn the cell just placed into a given tent / no tent;
//! then the W column and the H row counts, each after a `,`; a difficulty `de`/`dt` after
//! the size is accepted) and puzz.link URLs (`…/p?tents/W/H/BODY`: the W column then the H
//! row counts as Number16 outside cells, `.` or a run for no count; then the trees: `0`–`h`
//! a tree followed by 0–17 open cells, `i`–`z` 1–18 open cells), one a line, `#` lines
//! comments; or the plain form: a line `tents`, then a row a line (`.` open, `T` a tree,
//! then a blank and the row's count, `?` for none) and a last line of the column counts.
//! Errors name the line and column (for a URL, the offset in it, 1-based).

use super::Tents;
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Tents), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no tents found (a Tatham ID `10x10:…,…`, a puzz.link tents URL or `tents` and rows)",
            is_header,
            plain,
            url: parse_url,
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("tents")
}

/// Whether a trimmed line is the plain form's header, a puzz.link tents URL, or a Tatham
/// ID that reads as Tents (its grid letters fill exactly W·H + 1 cells, and W + H counts).
pub(crate) fn looks_like(line: &str) -> bool {
    is_header(line)
        || puzzlink::is_url_of(line, "tents")
        || (line.contains(',') && parse_id(line, 1, 0).is_ok())
}

/// A decimal count at `text`, or `None` for `?`.
fn count(text: &str) -> Result<Option<usize>, String> {
    match text {
        "?" => Ok(None),
        _ => text
            .parse()
            .map(Some)
            .map_err(|_| format!("`{text}` is not a count")),
    }
}

/// A Tatham Tents ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Tents, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-tents", "Tents", MAX_CELLS, line, lead)?;
    if !matches!(rest, "" | "de" | "dt") {
        return Err(ParseError::new(
            line,
            Some(lead + 1),
            format!("`{rest}` after the size is no Tents option (`de` or `dt`)"),
        ));
    }
    let n = width * height;
    let at = |k: usize| Some(lead + start + k + 1);
    let grid_len = desc.find(',').unwrap_or(desc.len());
    let mut trees = vec![false; n];
    let mut given = Vec::new();
    let mut i = 0;
    let mut ended = false;
    for (k, ch) in desc[..grid_len].char_indices() {
        if ended {
            return Err(ParseError::new(
                line,
                at(k),
                format!("more than the grid's {n} cells"),
            ));
        }
        let (run, tree) = match ch {
            '_' => (0, true),
            'a'..='y' => (usize::from(ch as u8 - b'a') + 1, true),
            'z' => (25, false),
            '!' | '-' => {
                if i == 0 {
                    return Err(ParseError::new(
                        line,
                        at(k),
                        format!("`{ch}` marks the cell before it, and there is none"),
                    ));
                }
                trees[i - 1] = false;
                given.push((i - 1, ch == '!'));
                continue;
            }
            _ => {
                return Err(ParseError::new(
                    line,
                    at(k),
                    format!("unknown letter `{ch}`: expected _, a-z, ! or -"),
                ));
            }
        };
        i += run;
        if i > n || (i == n && !tree) {
            return Err(ParseError::new(
                line,
                at(k),
                format!("`{ch}` goes past the grid's {n} cells"),
            ));
        }
        if i == n {
            ended = true;
        } else if tree {
            trees[i] = true;
            i += 1;
        }
    }
    if !ended {
        return Err(ParseError::new(
            line,
            at(grid_len),
            format!("the grid covers {i} cells and no final tree; it has {n}"),
        ));
    }
    let mut counts = Vec::with_capacity(width + height);
    let mut offset = grid_len;
    for field in desc[grid_len..].split(',').skip(1) {
        offset += 1;
        if counts.len() == width + height {
            return Err(ParseError::new(
                line,
                at(offset - 1),
                format!(
                    "more than the {} counts of {width} columns and {height} rows",
                    width + height
                ),
            ));
        }
        let k = field
            .parse::<usize>()
            .map_err(|_| ParseError::new(line, at(offset), format!("`{field}` is not a count")))?;
        counts.push(Some(k));
        offset += field.len();
    }
    if counts.len() < width + height {
        return Err(ParseError::new(
            line,
            at(desc.len()),
            format!(
                "{} counts, the grid needs {} ({width} columns, then {height} rows)",
                counts.len(),
                width + height
            ),
        ));
    }
    let rows = counts.split_off(width);
    Ok(Tents::new(width, height, trees, counts, rows, &given))
}

/// A puzz.link `tents` URL; `lead` is its column offset in the line.
pub fn parse_url(url: &str, line: usize, lead: usize) -> Result<Tents, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["tents"], "tents").map_err(|e| err(e.offset, e.message))?;
    let (width, height) = (g.width, g.height);
    lines::grid_size(width, height, MAX_CELLS, line, lead + g.height_at + 1)?;
    let (slots, stop) = puzzlink::number16_slots(url, g.body_at, width + height)
        .map_err(|e| err(e.offset, e.message))?;
    let mut counts: Vec<Option<usize>> = slots
        .into_iter()
        .map(|s| s.flatten().map(|v| v as usize))
        .collect();
    let rows = counts.split_off(width);
    let n = width * height;
    let mut trees = vec![false; n];
    let mut c = 0;
    for (j, ch) in url[stop..].char_indices() {
        if c >= n {
            return Err(err(stop + j, format!("more than the grid's {n} cells")));
        }
        let v = ch
            .to_digit(36)
            .filter(|_| ch.is_ascii_digit() || ch.is_ascii_lowercase())
            .ok_or_else(|| err(stop + j, format!("unexpected `{ch}` in the URL's trees")))?
            as usize;
        if v < 18 {
            trees[c] = true;
            c += v + 1;
        } else {
            c += v - 17;
        }
    }
    Ok(Tents::new(width, height, trees, counts, rows, &[]))
}

/// The ID and the URL written: what `parse_id` and `parse_url` read back. The URL has no
/// given tents, so a puzzle with them is written only as an ID.
impl Notate for Tents {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham, Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let (w, h) = (self.width, self.height);
        let n = w * h;
        let counts = self.columns.iter().chain(&self.rows);
        match form {
            Notation::Tatham => {
                let mark = |cell: usize| self.given.iter().find(|g| g.0 == cell).map(|g| g.1);
                let mut id = format!("{w}x{h}:");
                // Each tree (or marked cell) as the letter of the open cells before it; the
                // last letter before a virtual tree after the grid.
                let letter = |id: &mut String, mut open: usize| {
                    while open > 25 {
                        id.push('z');
                        open -= 25;
                    }
                    id.push(if open == 0 {
                        '_'
                    } else {
                        char::from(b'a' + open as u8 - 1)
                    });
                };
                let mut open = 0;
                for cell in 0..n {
                    let marked = mark(cell);
                    if self.trees[cell] || marked.is_some() {
                        letter(&mut id, open);
                        if let Some(tent) = marked {
                            id.push(if tent { '!' } else { '-' });
                        }
                        open = 0;
                    } else {
                        open += 1;
                    }
                }
                letter(&mut id, open);
                for count in counts {
                    id.push(',');
                    id.push_str(&count.map_or("?".to_string(), |k| k.to_string()));
                }
                Some(id)
            }
            Notation::Url if self.given.is_empty() => {
                let slots: Vec<puzzlink::Slot> =
                    counts.map(|c| c.map(|k| Some(k as u32))).collect();
                let mut body = puzzlink::write_number16(&slots);
                let digit = |v: usize| char::from_digit(v as u32, 36).unwrap_or('?');
                let mut cell = 0;
                while cell < n {
                    let tree = self.trees[cell];
                    let start = cell + usize::from(tree);
                    let limit = if tree { 17 } else { 18 };
                    let run = (start..n)
                        .take_while(|&c| !self.trees[c])
                        .take(limit)
                        .count();
                    body.push(digit(if tree { run } else { run + 17 }));
                    cell = start + run;
                }
                Some(puzzlink::url("tents", w, h, &body))
            }
            Notation::Url => None,
        }
    }
}

/// The plain form's rows (after the header at line `header`): the last is the column counts.
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Tents, ParseError> {
    let Some((&(last, counts_line), grid)) = rows.split_last() else {
        return Err(ParseError::at_line(header, "no rows after `tents`"));
    };
    if grid.is_empty() {
        return Err(ParseError::at_line(
            last,
            "a row of cells and its count, then the column counts",
        ));
    }
    let mut trees = Vec::new();
    let mut row_counts = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in grid.iter().enumerate() {
        let cells = text.trim_end();
        let (cells, k) = cells.rsplit_once(char::is_whitespace).ok_or_else(|| {
            ParseError::at_line(
                line,
                "a row is its cells, a blank, and its count (`?` for none)",
            )
        })?;
        let cells = cells.trim();
        for (col, ch) in cells.chars().enumerate() {
            match ch {
                '.' => trees.push(false),
                'T' => trees.push(true),
                _ => {
                    return Err(ParseError::new(
                        line,
                        Some(text.find(cells).unwrap_or(0) + col + 1),
                        format!("unexpected `{ch}`: a row holds `.` open and `T` trees"),
                    ));
                }
            }
        }
        let n = cells.chars().count();
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
        row_counts
            .push(count(k).map_err(|m| {
                ParseError::new(line, Some(text.trim_end().len() - k.len() + 1), m)
            })?);
    }
    let mut columns = Vec::new();
    let mut col = 0;
    for token in counts_line.split_inclusive(char::is_whitespace) {
        let word = token.trim();
        if !word.is_empty() {
            columns.push(count(word).map_err(|m| ParseError::new(last, Some(col + 1), m))?);
        }
        col += token.len();
    }
    if columns.len() != width {
        return Err(ParseError::at_line(
            last,
            format!("{} column counts for {width} columns", columns.len()),
        ));
    }
    lines::grid_size(width, grid.len(), MAX_CELLS, grid[0].0, 1)?;
    Ok(Tents::new(
        width,
        grid.len(),
        trees,
        columns,
        row_counts,
        &[],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_a_url_and_rows_read_alike() {
        // T . . 1 / . . T 1 / counts 1 0 1: `_` a tree at 0, `d` four open then a tree at 5,
        // `_` the virtual tree after the last cell.
        let id = parse_id("3x2:_d_,1,0,1,1,1", 1, 0).unwrap();
        assert_eq!(id.drawing(None), "T.. 1\n..T 1\n1 0 1");
        let plain = parse("tents\nT.. 1\n..T 1\n1 0 1\n").remove(0).unwrap().1;
        assert_eq!(id, plain);
        // pzprjs's test URL: trees at r1c3, r3c2, r3c5, r4c4, r5c2.
        let url = parse_url("https://puzz.link/p?tents/5/5/2g0h1i1j82323", 1, 0).unwrap();
        assert_eq!(
            url.drawing(None),
            "..T.. 1\n..... ?\n.T..T ?\n...T. ?\n.T... 1\n2 ? 0 ? ?"
        );
        assert_eq!(
            url.notate(Notation::Url).unwrap(),
            "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
        );
        // A given tent and a cell given empty are written as marks, and have no URL.
        let marked = parse_id("3x2:_!d-_,1,0,1,1,1", 1, 0).unwrap();
        assert_eq!(
            marked.notate(Notation::Tatham).unwrap(),
            "3x2:_!d-_,1,0,1,1,1"
        );
        assert_eq!(marked.notate(Notation::Url), None);
        assert!(looks_like(
            "10x10:abbbgb_a_clbgdla_eebj,4,0,3,1,3,1,4,0,1,3,3,2,2,3,1,2,1,2,1,3"
        ));
    }
}
