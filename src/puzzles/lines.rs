//! The file shape the grid genres share: blank lines and `#` comment lines are skipped until
//! the first puzzle line; then either that line is the kind's header (the plain form: every
//! non-blank line after it is a row of the one puzzle, so a row may begin with `#` where `#`
//! is a cell) or every line is one puzzle (a puzz.link URL, or else a Tatham game ID; `#`
//! lines still comments). Errors carry their line; a puzzle line's reader gets the line's number
//! and the offset of its first non-blank character, so its columns are the file's.

use super::ParseError;
use crate::constraints::puzzlink;

/// A reader of the plain form: the rows after the header, each with its line number, and the
/// header's line number (for a header with no rows).
pub(crate) type Plain<P> = fn(&[(usize, &str)], usize) -> Result<P, ParseError>;

/// A reader of one puzzle line, trimmed, with its line number and its leading blanks' width.
pub(crate) type Line<P> = fn(&str, usize, usize) -> Result<P, ParseError>;

/// The parts of a genre's reader that [`read`] drives.
pub(crate) struct Genre<'a, P> {
    /// The message for a file with no puzzle line.
    pub empty: &'a str,
    /// Whether a trimmed line is the plain form's header (`lightup`, `nurikabe`, …).
    pub is_header: fn(&str) -> bool,
    /// The plain form.
    pub plain: Plain<P>,
    /// A puzz.link URL line.
    pub url: Line<P>,
    /// A Tatham game ID line; `None` for a genre without IDs, whose every puzzle line goes
    /// to `url` (and its errors).
    pub id: Option<Line<P>>,
}

/// Every puzzle of a file, each with the line where it starts.
pub(crate) fn read<P>(text: &str, genre: &Genre<'_, P>) -> Vec<Result<(usize, P), ParseError>> {
    let numbered = || text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let Some((first, _)) =
        numbered().find(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    else {
        return vec![Err(ParseError::at_line(1, genre.empty))];
    };
    let head = text.lines().nth(first - 1).unwrap_or_default().trim();
    if (genre.is_header)(head) {
        let rows: Vec<(usize, &str)> = numbered()
            .skip(first)
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        return vec![(genre.plain)(&rows, first).map(|p| (first, p))];
    }
    numbered()
        .skip(first - 1)
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, line)| {
            let lead = line.len() - line.trim_start().len();
            let body = line.trim();
            let read = match genre.id {
                Some(id) if puzzlink::split(body).is_none() => id,
                _ => genre.url,
            };
            read(body, n, lead).map(|p| (n, p))
        })
        .collect()
}

/// A Tatham grid ID `WxH[rest]:DESC` (`game` names Tatham's program, `genre` the puzzle in
/// messages), its size bounded by [`grid_size`]: `(width, height, rest of the parameters,
/// description, offset of the description in `id`)`. `rest` is what follows the height
/// (generator options such as a difficulty); the genre decides whether it may be there.
pub(crate) fn tatham_grid<'a>(
    id: &'a str,
    game: &str,
    genre: &str,
    max_cells: usize,
    line: usize,
    lead: usize,
) -> Result<(usize, usize, &'a str, &'a str, usize), ParseError> {
    let (params, desc, start) = crate::constraints::tatham::split_id(id, game)
        .map_err(|e| ParseError::new(line, Some(lead + e.offset + 1), e.message))?;
    let bad = || {
        ParseError::new(
            line,
            Some(lead + 1),
            format!("`{params}` is not a {genre} size `WxH`"),
        )
    };
    let (w, after) = params.split_once('x').ok_or_else(bad)?;
    let digits = after
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after.len());
    let width = w.parse::<usize>().map_err(|_| bad())?;
    let height = after[..digits].parse::<usize>().map_err(|_| bad())?;
    grid_size(width, height, max_cells, line, lead + 1)?;
    Ok((width, height, &after[digits..], desc, start))
}

/// The rows of a plain form of one character a cell (blanks between cells ignored), after
/// the header of `kind` at line `header`: each character read by `cell` (`None`: an error
/// at its column, "unexpected `c`: " and `expected`), every row as wide as the first, the
/// grid bounded by [`grid_size`]. Returns the width and the cells in reading order.
pub(crate) fn cell_rows<T>(
    rows: &[(usize, &str)],
    header: usize,
    kind: &str,
    max_cells: usize,
    expected: &str,
    cell: impl Fn(char) -> Option<T>,
) -> Result<(usize, Vec<T>), ParseError> {
    let mut cells = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let before = cells.len();
        for (col, ch) in text.chars().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            let value = cell(ch).ok_or_else(|| {
                ParseError::new(
                    line,
                    Some(col + 1),
                    format!("unexpected `{ch}`: {expected}"),
                )
            })?;
            cells.push(value);
        }
        let n = cells.len() - before;
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(
            header,
            format!("no rows after `{kind}`"),
        ));
    }
    grid_size(width, rows.len(), max_cells, rows[0].0, 1)?;
    Ok((width, cells))
}

/// The rows of a plain form of numbered cells, after the header of `kind` at line `header`:
/// cells split by blanks (a number 1 and up, `.` empty, `?` a number not given) or — without
/// blanks — one character a cell (`1`–`9`, `.`, `?`); every row as wide as the first, the
/// grid bounded by [`grid_size`]. Returns the width and the cells as Number16 slots (`None`
/// empty, `Some(None)` `?`, `Some(Some(n))`).
pub(crate) fn number_rows(
    rows: &[(usize, &str)],
    header: usize,
    kind: &str,
    max_cells: usize,
) -> Result<(usize, Vec<puzzlink::Slot>), ParseError> {
    let mut cells = Vec::new();
    let mut width = 0;
    for (r, &(line, text)) in rows.iter().enumerate() {
        let before = cells.len();
        let spaced = text.trim().contains(char::is_whitespace);
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let column = col + 1;
            col += token.chars().count();
            if word.is_empty() {
                continue;
            }
            if spaced {
                cells.push(match word {
                    "." => None,
                    "?" => Some(None),
                    _ => Some(Some(
                        word.parse::<u32>().ok().filter(|&v| v > 0).ok_or_else(|| {
                            ParseError::new(
                                line,
                                Some(column),
                                format!("`{word}` is not a number (1 and up), `.` or `?`"),
                            )
                        })?,
                    )),
                });
            } else {
                for (k, ch) in word.chars().enumerate() {
                    cells.push(match ch {
                        '.' => None,
                        '?' => Some(None),
                        '1'..='9' => Some(Some(ch as u32 - '0' as u32)),
                        _ => {
                            return Err(ParseError::new(
                                line,
                                Some(column + k),
                                format!("unexpected `{ch}`: a row holds numbers 1-9, `.` and `?` (split by blanks for larger numbers)"),
                            ));
                        }
                    });
                }
            }
        }
        let n = cells.len() - before;
        if r == 0 {
            width = n;
        } else if n != width {
            return Err(ParseError::at_line(
                line,
                format!("{n} cells in this row, {width} in the first"),
            ));
        }
    }
    if rows.is_empty() {
        return Err(ParseError::at_line(
            header,
            format!("no rows after `{kind}`"),
        ));
    }
    grid_size(width, rows.len(), max_cells, rows[0].0, 1)?;
    Ok((width, cells))
}

/// The rows of a plain form of regions, after the header of `kind` at line `header`: one
/// character a cell (any but blanks; blanks between cells ignored), cells of the same
/// character one region, every row as wide as the first, the grid bounded by
/// [`grid_size`]. Returns the width and each cell's region, numbered in the order of their
/// first cell.
pub(crate) fn region_rows(
    rows: &[(usize, &str)],
    header: usize,
    kind: &str,
    max_cells: usize,
) -> Result<(usize, Vec<usize>), ParseError> {
    let (width, chars) = cell_rows(rows, header, kind, max_cells, "", Some)?;
    let mut seen = std::collections::HashMap::new();
    let regions = chars
        .into_iter()
        .map(|ch| {
            let next = seen.len();
            *seen.entry(ch).or_insert(next)
        })
        .collect();
    Ok((width, regions))
}

/// Refuses an empty grid and one of more than `max_cells` cells (so a header cannot claim
/// more memory than the text could fill), at `line`, `column`.
pub(crate) fn grid_size(
    width: usize,
    height: usize,
    max_cells: usize,
    line: usize,
    column: usize,
) -> Result<(), ParseError> {
    if width == 0 || height == 0 {
        return Err(ParseError::new(
            line,
            Some(column),
            "the grid needs at least one row and one column",
        ));
    }
    if width.saturating_mul(height) > max_cells {
        return Err(ParseError::new(
            line,
            Some(column),
            format!("{width}×{height} is more than {max_cells} cells"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn genre() -> Genre<'static, Vec<String>> {
        Genre {
            empty: "nothing here",
            is_header: |l| l == "grid",
            plain: |rows, _| Ok(rows.iter().map(|(n, l)| format!("{n}:{l}")).collect()),
            url: |l, _, _| Ok(vec![format!("url {l}")]),
            id: Some(|l, n, lead| match l {
                "bad" => Err(ParseError::new(n, Some(lead + 1), "bad line")),
                _ => Ok(vec![l.to_string()]),
            }),
        }
    }

    #[test]
    fn comments_precede_the_header_and_rows_may_start_with_a_hash() {
        let read = read("# a comment\n\ngrid\n#..\n\n.1.\n", &genre());
        assert_eq!(
            read,
            vec![Ok((3, vec!["4:#..".to_string(), "6:.1.".to_string()]))]
        );
    }

    #[test]
    fn one_puzzle_a_line_with_comments_between_and_columns_of_the_file() {
        let read = read("a\n# note\n   bad\nhttps://puzz.link/p?x/1/1/g\n", &genre());
        assert_eq!(read[0], Ok((1, vec!["a".to_string()])));
        assert_eq!(read[1], Err(ParseError::new(3, Some(4), "bad line")));
        assert_eq!(
            read[2],
            Ok((4, vec!["url https://puzz.link/p?x/1/1/g".to_string()]))
        );
    }

    #[test]
    fn an_empty_file_is_an_error_at_line_one() {
        assert_eq!(
            read("\n# only a comment\n", &genre()),
            vec![Err(ParseError::at_line(1, "nothing here"))]
        );
    }

    #[test]
    fn tatham_grid_ids_split_and_bound() {
        assert_eq!(
            tatham_grid("10x8de:abc", "sgt-tents", "Tents", 100, 1, 0),
            Ok((10, 8, "de", "abc", 7))
        );
        let e = tatham_grid("10y8:abc", "sgt-tents", "Tents", 100, 2, 3).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(4)));
        assert!(tatham_grid("11x10:a", "sgt-tents", "Tents", 100, 1, 0).is_err());
    }

    #[test]
    fn grids_are_bounded() {
        assert!(grid_size(0, 3, 100, 1, 1).is_err());
        assert!(
            grid_size(11, 10, 100, 1, 1)
                .unwrap_err()
                .message
                .contains("more than 100")
        );
        assert!(grid_size(10, 10, 100, 1, 1).is_ok());
    }
}
