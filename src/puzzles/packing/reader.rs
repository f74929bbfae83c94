//! The `.pack` reader: `;` comments, `region WxH` or `region` plus a map, `piece WxH`,
//! `piece NAME` plus a drawing, `xN` copies, `fixed`, `pentominoes`. Sizes are checked
//! against the limits in `mod.rs` before anything is allocated for them.

use super::shapes::{PENTOMINOES, drawing_cells, normalise};
use super::{MAX_CELLS, MAX_PIECE_CELLS, MAX_PIECES, Packing, Piece};
use crate::puzzles::ParseError;

/// One line of input: its 1-based number, the text before any `;` comment, and the column
/// (1-based) where the trimmed text starts.
struct Line<'a> {
    number: usize,
    text: &'a str,
    indent: usize,
}

fn split_lines(text: &str) -> Vec<Line<'_>> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| {
            let body = raw.split(';').next().unwrap_or("");
            let trimmed_start = body.trim_start();
            let indent = body.len() - trimmed_start.len();
            Line {
                number: i + 1,
                text: trimmed_start.trim_end(),
                indent,
            }
        })
        .collect()
}

const KEYWORDS: [&str; 3] = ["region", "piece", "pentominoes"];

fn is_keyword_line(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| KEYWORDS.contains(&w))
}

/// Read a `#`/`.` drawing starting at `lines[*at]`, until a blank line, a keyword line or
/// the end. Returns the rows (`true` = `#`), advancing `*at` past them. `what` names the
/// thing drawn, for messages.
fn read_drawing(
    lines: &[Line<'_>],
    at: &mut usize,
    what: &str,
) -> Result<Vec<Vec<bool>>, ParseError> {
    let mut rows = Vec::new();
    while let Some(line) = lines.get(*at) {
        if line.text.is_empty() || is_keyword_line(line.text) {
            break;
        }
        let mut row = Vec::new();
        for (i, ch) in line.text.chars().enumerate() {
            match ch {
                '#' => row.push(true),
                '.' => row.push(false),
                c if c.is_whitespace() => {
                    return Err(ParseError::new(
                        line.number,
                        Some(line.indent + i + 1),
                        format!("space inside the drawing of {what} (use `.` for an empty cell)"),
                    ));
                }
                c => {
                    return Err(ParseError::new(
                        line.number,
                        Some(line.indent + i + 1),
                        format!("unexpected `{c}` in the drawing of {what} (only `#` and `.`)"),
                    ));
                }
            }
        }
        rows.push(row);
        *at += 1;
    }
    Ok(rows)
}

/// `WxH` (also `W×H`, `WXH`) → (W, H), both at least 1.
fn parse_dims(token: &str) -> Option<(usize, usize)> {
    let (w, h) = token
        .split_once('x')
        .or_else(|| token.split_once('X'))
        .or_else(|| token.split_once('×'))?;
    let w: usize = w.parse().ok()?;
    let h: usize = h.parse().ok()?;
    Some((w, h))
}

fn looks_like_dims(token: &str) -> bool {
    token.chars().next().is_some_and(|c| c.is_ascii_digit())
}

/// Column (1-based) of `token` within `line`, found by pointer arithmetic on the slice.
fn column_of(line: &Line<'_>, token: &str) -> usize {
    let offset = token.as_ptr() as usize - line.text.as_ptr() as usize;
    line.indent + offset + 1
}

/// Parse the suffix of a `piece` or `pentominoes` line: `[xN] [fixed]` in any order.
fn parse_suffix(line: &Line<'_>, tokens: &[&str]) -> Result<(usize, bool), ParseError> {
    let mut copies = None;
    let mut fixed = false;
    for &token in tokens {
        let column = Some(column_of(line, token));
        if token == "fixed" {
            if fixed {
                return Err(ParseError::new(line.number, column, "`fixed` twice"));
            }
            fixed = true;
        } else if let Some(n) = token.strip_prefix('x').or_else(|| token.strip_prefix('×')) {
            if copies.is_some() {
                return Err(ParseError::new(line.number, column, "a second copy count"));
            }
            match n.parse::<usize>() {
                Ok(0) => {
                    return Err(ParseError::new(
                        line.number,
                        column,
                        "`x0`: a piece needs at least one copy",
                    ));
                }
                Ok(n) if n <= MAX_PIECES => copies = Some(n),
                _ => {
                    return Err(ParseError::new(
                        line.number,
                        column,
                        format!("`{token}` is not a copy count (write e.g. `x2`)"),
                    ));
                }
            }
        } else {
            return Err(ParseError::new(
                line.number,
                column,
                format!(
                    "unexpected `{token}` (a piece line ends with an optional `xN` and `fixed`)"
                ),
            ));
        }
    }
    Ok((copies.unwrap_or(1), fixed))
}

/// Parse one packing puzzle (a whole `.pack` file).
pub fn parse(text: &str) -> Result<Packing, ParseError> {
    let lines = split_lines(text);
    let mut region: Option<(usize, usize, Vec<bool>, usize)> = None;
    let mut pieces: Vec<Piece> = Vec::new();
    let mut group = 0;
    let mut at = 0;
    while at < lines.len() {
        let line = &lines[at];
        at += 1;
        let tokens: Vec<&str> = line.text.split_whitespace().collect();
        let Some(&keyword) = tokens.first() else {
            continue;
        };
        match keyword {
            "region" => {
                if let Some((_, _, _, first)) = region {
                    return Err(ParseError::new(
                        line.number,
                        Some(line.indent + 1),
                        format!("a second region (the first is at line {first})"),
                    ));
                }
                match tokens.get(1..) {
                    Some([dims]) => {
                        let column = Some(column_of(line, dims));
                        let (w, h) = parse_dims(dims).ok_or_else(|| {
                            ParseError::new(
                                line.number,
                                column,
                                format!("`{dims}` is not a size (write e.g. `region 6x10`)"),
                            )
                        })?;
                        if w == 0 || h == 0 {
                            return Err(ParseError::new(
                                line.number,
                                column,
                                "the region needs at least one row and one column",
                            ));
                        }
                        if w.saturating_mul(h) > MAX_CELLS {
                            return Err(ParseError::new(
                                line.number,
                                column,
                                format!("the region is too large (more than {MAX_CELLS} cells)"),
                            ));
                        }
                        region = Some((w, h, vec![true; w * h], line.number));
                    }
                    Some([]) => {
                        let rows = read_drawing(&lines, &mut at, "the region")?;
                        if rows.is_empty() {
                            return Err(ParseError::new(
                                line.number,
                                Some(line.indent + 1),
                                "`region` needs a size (`region 6x10`) or a map on the next lines",
                            ));
                        }
                        let w = rows.iter().map(Vec::len).max().unwrap_or(0);
                        let h = rows.len();
                        if w.saturating_mul(h) > MAX_CELLS {
                            return Err(ParseError::at_line(
                                line.number,
                                format!("the region is too large (more than {MAX_CELLS} cells)"),
                            ));
                        }
                        // In a region map `.` is a cell to fill and `#` a hole; rows shorter
                        // than the widest are padded with holes.
                        let mut open = vec![false; w * h];
                        for (r, row) in rows.iter().enumerate() {
                            for (c, &hash) in row.iter().enumerate() {
                                open[r * w + c] = !hash;
                            }
                        }
                        if !open.contains(&true) {
                            return Err(ParseError::at_line(
                                line.number,
                                "the region map has no cell to fill (`.` is a cell, `#` a hole)",
                            ));
                        }
                        region = Some((w, h, open, line.number));
                    }
                    Some(more) => {
                        return Err(ParseError::new(
                            line.number,
                            Some(column_of(line, more[1])),
                            format!("unexpected `{}` after the region size", more[1]),
                        ));
                    }
                    None => unreachable!("tokens has at least the keyword"),
                }
            }
            "piece" => {
                let Some(&spec) = tokens.get(1) else {
                    return Err(ParseError::new(
                        line.number,
                        Some(line.indent + 1),
                        "`piece` needs a size (`piece 2x3`) or a name followed by a drawing",
                    ));
                };
                let spec_column = Some(column_of(line, spec));
                let (copies, fixed) = parse_suffix(line, &tokens[2..])?;
                let cells = if looks_like_dims(spec) {
                    let (w, h) = parse_dims(spec).ok_or_else(|| {
                        ParseError::new(
                            line.number,
                            spec_column,
                            format!("`{spec}` is not a size (write e.g. `piece 2x3`)"),
                        )
                    })?;
                    if w == 0 || h == 0 {
                        return Err(ParseError::new(
                            line.number,
                            spec_column,
                            "a rectangle needs at least one row and one column",
                        ));
                    }
                    if w.saturating_mul(h) > MAX_CELLS {
                        return Err(ParseError::new(
                            line.number,
                            spec_column,
                            "the piece is larger than any region can be",
                        ));
                    }
                    check_piece_cells(&pieces, w * h, copies, line.number)?;
                    (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect()
                } else {
                    let rows = read_drawing(&lines, &mut at, &format!("piece {spec}"))?;
                    let cells: Vec<(usize, usize)> = rows
                        .iter()
                        .enumerate()
                        .flat_map(|(r, row)| {
                            row.iter()
                                .enumerate()
                                .filter(|&(_, &hash)| hash)
                                .map(move |(c, _)| (r, c))
                        })
                        .collect();
                    if cells.is_empty() {
                        return Err(ParseError::new(
                            line.number,
                            spec_column,
                            format!(
                                "piece {spec} has no `#` cell: draw it on the next lines \
                                 (a rectangle is written `piece WxH`)"
                            ),
                        ));
                    }
                    if cells.len() > MAX_CELLS {
                        return Err(ParseError::at_line(line.number, "the piece is too large"));
                    }
                    cells
                };
                push_copies(&mut pieces, spec, &cells, fixed, copies, line.number, group)?;
                group += 1;
            }
            "pentominoes" => {
                let (copies, fixed) = parse_suffix(line, &tokens[1..])?;
                for (name, drawing) in PENTOMINOES {
                    let cells = drawing_cells(drawing);
                    push_copies(&mut pieces, name, &cells, fixed, copies, line.number, group)?;
                    group += 1;
                }
            }
            other => {
                return Err(ParseError::new(
                    line.number,
                    Some(line.indent + 1),
                    format!("unknown keyword `{other}` (expected region, piece or pentominoes)"),
                ));
            }
        }
    }
    let last = lines.len().max(1);
    let Some((width, height, open, _)) = region else {
        return Err(ParseError::at_line(
            last,
            "no region: write `region WxH` or `region` followed by a map",
        ));
    };
    if pieces.is_empty() {
        return Err(ParseError::at_line(
            last,
            "no pieces: write `piece WxH`, `piece NAME` with a drawing, or `pentominoes`",
        ));
    }
    Packing::new(width, height, open, pieces).map_err(|m| ParseError::at_line(last, m.message))
}

/// Refuse `copies` more pieces of `cells` cells each when all pieces would exceed
/// [`MAX_PIECE_CELLS`] cells.
fn check_piece_cells(
    pieces: &[Piece],
    cells: usize,
    copies: usize,
    line: usize,
) -> Result<(), ParseError> {
    let before: usize = pieces.iter().map(|p| p.cells.len()).sum();
    let total = before.saturating_add(cells.saturating_mul(copies));
    if total > MAX_PIECE_CELLS {
        return Err(ParseError::at_line(
            line,
            format!("the pieces have more than {MAX_PIECE_CELLS} cells in all"),
        ));
    }
    Ok(())
}

fn push_copies(
    pieces: &mut Vec<Piece>,
    name: &str,
    cells: &[(usize, usize)],
    fixed: bool,
    copies: usize,
    line: usize,
    group: usize,
) -> Result<(), ParseError> {
    if pieces.len() + copies > MAX_PIECES {
        return Err(ParseError::at_line(
            line,
            format!("more than {MAX_PIECES} pieces"),
        ));
    }
    check_piece_cells(pieces, cells.len(), copies, line)?;
    let cells = normalise(cells);
    for _ in 0..copies {
        pieces.push(Piece {
            name: name.to_string(),
            cells: cells.clone(),
            fixed,
            line,
            group,
        });
    }
    Ok(())
}
