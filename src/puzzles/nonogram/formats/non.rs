//! The `.non` format (Steve Simpson's, as extended by mikix/nonogram-db), and `.nonpack`
//! bundles of several puzzles separated by a `====` line.
//!
//! Glossary:
//! - **key line**: `key value`; unknown keys are ignored, as the format demands.
//! - **section**: `rows` / `columns` followed by exactly `height` / `width` clue lines (a
//!   blank line or `0` is an empty line).
//! - **clue**: comma-separated blocks, a length and an optional colour letter (`3a,1b`);
//!   without a letter, the first colour.
//! - **colour line**: `color a #rrggbb`, in the order the colours are numbered.
//! - **givens** (an extension, see `tests/fixtures/nonogram/README.md`): `w*h` characters,
//!   `1` (or a colour letter) given filled, `0` given background, `.` not given.

use super::{RawClue, check_size, grid_string, lone_key, palette_from, parse_rgb, resolve};
use crate::puzzles::ParseError;
use crate::puzzles::nonogram::{Block, Colour, Grid, Metadata, Nonogram, Palette};
use crate::render::Rgb;

/// Parses one `.non` puzzle.
pub fn parse_non(text: &str) -> Result<Nonogram, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    parse_non_lines(&lines, 0)
}

pub(super) fn parse_non_all(text: &str) -> Result<Vec<Nonogram>, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.len() >= 4 && t.chars().all(|c| c == '=') {
            out.push(parse_non_lines(&lines[start..i], start)?);
            start = i + 1;
        }
    }
    if out.is_empty() || lines[start..].iter().any(|l| !l.trim().is_empty()) {
        out.push(parse_non_lines(&lines[start..], start)?);
    }
    Ok(out)
}

/// `offset`: how many lines of the file precede `lines` (for error positions).
fn parse_non_lines(lines: &[&str], offset: usize) -> Result<Nonogram, ParseError> {
    let mut width: Option<(usize, usize)> = None;
    let mut height: Option<(usize, usize)> = None;
    let mut rows: Option<Vec<RawClue>> = None;
    let mut columns: Option<Vec<RawClue>> = None;
    let mut goal_text: Option<(String, usize)> = None;
    let mut givens_text: Option<(String, usize)> = None;
    let mut meta = Metadata::default();
    // (letter, colour, line)
    let mut colours: Vec<(char, Rgb, usize)> = Vec::new();
    let end_line = offset + lines.len().max(1);

    let mut i = 0;
    while i < lines.len() {
        let number = offset + i + 1;
        let raw = lines[i].trim_end_matches('\r');
        i += 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, value) = match trimmed.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (trimmed, ""),
        };
        let value_column = raw.len() - raw.trim_start().len() + key.len() + 2;
        match key {
            "width" | "height" => {
                let n = parse_size(value, number, key)?;
                if key == "width" {
                    width = Some((n, number));
                } else {
                    height = Some((n, number));
                }
            }
            "rows" | "columns" => {
                let is_rows = key == "rows";
                if !value.is_empty() {
                    // Simpson's older form `rows H` / `columns W` declares a size.
                    let n = parse_size(value, number, key)?;
                    if is_rows {
                        height = Some((n, number));
                    } else {
                        width = Some((n, number));
                    }
                    continue;
                }
                let size = if is_rows { height } else { width };
                let (size, size_line) = size.ok_or_else(|| {
                    ParseError::at_line(
                        number,
                        format!(
                            "`{key}` before `{}`",
                            if is_rows { "height" } else { "width" }
                        ),
                    )
                })?;
                // The clue lines must be there before anything is sized by `size`.
                if i + size > lines.len() {
                    return Err(ParseError::at_line(
                        end_line,
                        format!(
                            "`{key}` at line {number} needs {size} clue lines; the file ends first"
                        ),
                    ));
                }
                let mut clues = Vec::with_capacity(size);
                for j in 0..size {
                    let n = offset + i + j + 1;
                    // A key line inside the section: fewer clue lines than the size says
                    // (clues start with a digit; blank lines just before it are not counted).
                    if is_key_line(lines[i + j]) {
                        let given = lines[i..i + j]
                            .iter()
                            .rposition(|l| !l.trim().is_empty())
                            .map_or(0, |last| last + 1);
                        let dimension = if is_rows { "height" } else { "width" };
                        return Err(ParseError::at_line(
                            n,
                            format!(
                                "`{key}` at line {number} has {given} clue lines, but \
                                 `{dimension}` at line {size_line} is {size}"
                            ),
                        ));
                    }
                    clues.push(parse_clue(lines[i + j], n)?);
                }
                i += size;
                // A clue-like line right after the section means the size was wrong.
                if let Some(next) = lines.get(i) {
                    let t = next.trim();
                    if t.starts_with(|c: char| c.is_ascii_digit()) {
                        return Err(ParseError::at_line(
                            offset + i + 1,
                            format!("more `{key}` clue lines than the declared {size}"),
                        ));
                    }
                }
                if is_rows {
                    rows = Some(clues);
                } else {
                    columns = Some(clues);
                }
            }
            "goal" | "givens" => {
                let s = unquote(value);
                if key == "goal" {
                    goal_text = Some((s, number));
                } else {
                    givens_text = Some((s, number));
                }
            }
            "color" => colours.push(parse_colour_line(value, number, value_column)?),
            "title" => meta.title = Some(unquote(value)),
            "by" => meta.author = Some(unquote(value)),
            "catalogue" => meta.catalogue = Some(unquote(value)),
            "copyright" => meta.copyright = Some(unquote(value)),
            "license" => meta.license = Some(unquote(value)),
            _ => {} // unknown keys are ignored, per the format
        }
    }

    let (Some((width, width_line)), Some((height, _))) = (width, height) else {
        return Err(ParseError::at_line(end_line, "missing `width` or `height`"));
    };
    let rows = rows.ok_or_else(|| ParseError::at_line(end_line, "missing `rows`"))?;
    let columns = columns.ok_or_else(|| ParseError::at_line(end_line, "missing `columns`"))?;
    if rows.len() != height || columns.len() != width {
        return Err(ParseError::at_line(
            end_line,
            "`width`/`height` changed after the clues were read",
        ));
    }
    check_size(width, height, width_line)?;

    for (j, &(letter, _, line)) in colours.iter().enumerate() {
        if colours[..j].iter().any(|&(l, _, _)| l == letter) {
            return Err(ParseError::at_line(
                line,
                format!("colour `{letter}` is defined twice"),
            ));
        }
    }
    let palette = if colours.is_empty() {
        Palette::black_and_white()
    } else {
        let mut entries = vec![Colour {
            ch: '.',
            name: "white".into(),
            rgb: Rgb::WHITE,
        }];
        entries.extend(colours.iter().map(|&(letter, rgb, _)| Colour {
            ch: letter,
            name: letter.to_string(),
            rgb,
        }));
        palette_from(entries, colours[0].2)?
    };
    // Without colour lines, one letter used throughout is black (older files write `1a`).
    let lone_letter = if colours.is_empty() {
        lone_key(&rows, &columns)
    } else {
        None
    };
    let key = |name: &str| -> Option<u8> {
        if colours.is_empty() {
            return (Some(name) == lone_letter.as_deref()).then_some(1);
        }
        let mut chars = name.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return None;
        };
        colours
            .iter()
            .position(|&(l, _, _)| l == letter)
            .map(|p| p as u8 + 1)
    };
    let rows = resolve(rows, &key, "by a `color` line")?;
    let columns = resolve(columns, &key, "by a `color` line")?;
    // A cell character of `goal` / `givens`: `1` the first colour, a colour letter its
    // colour, `0` the background.
    let filled = |c: char| -> Option<u8> {
        match c {
            '0' => Some(0),
            '1' => Some(1),
            _ if colours.is_empty() => Some(1),
            _ => key(&c.to_string()),
        }
    };
    let mut puzzle = Nonogram::with_palette(palette, rows, columns).with_metadata(meta);
    if let Some((text, line)) = goal_text {
        let cells = grid_string(&text, width * height, line, "goal", filled)?;
        puzzle = puzzle.with_goal(Some(Grid {
            width,
            height,
            cells,
        }));
    }
    if let Some((text, line)) = givens_text {
        let givens = grid_string(&text, width * height, line, "givens", |c| match c {
            '.' => Some(None),
            _ if colours.is_empty() && c != '0' && c != '1' => None,
            _ => filled(c).map(Some),
        })?;
        puzzle = puzzle.with_colour_givens(givens);
    }
    Ok(puzzle)
}

/// Whether `line` starts with a key (`goal`, `columns`, …): a word of two letters or more.
fn is_key_line(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or("");
    word.len() >= 2 && word.chars().all(|c| c.is_ascii_alphabetic() || c == '_')
}

/// `a #rrggbb` (anything after the value is ignored).
fn parse_colour_line(
    value: &str,
    line: usize,
    column: usize,
) -> Result<(char, Rgb, usize), ParseError> {
    let mut parts = value.split_whitespace();
    let letter = parts.next().unwrap_or("");
    let mut chars = letter.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(ParseError::new(
            line,
            Some(column),
            format!("`color` needs one letter and `#rrggbb`, got `{value}`"),
        ));
    };
    if !ch.is_ascii_alphabetic() {
        return Err(ParseError::new(
            line,
            Some(column),
            format!("colour `{ch}` must be a letter"),
        ));
    }
    let hex = parts.next().unwrap_or("");
    let hex_column = column + value.find(hex).unwrap_or(0);
    let rgb = parse_rgb(hex)
        .filter(|_| hex.starts_with('#'))
        .ok_or_else(|| {
            ParseError::new(
                line,
                Some(hex_column),
                format!("colour `{ch}`: `{hex}` is not `#rrggbb`"),
            )
        })?;
    Ok((ch, rgb, line))
}

fn parse_size(value: &str, line: usize, key: &str) -> Result<usize, ParseError> {
    match value.split_whitespace().next().map(str::parse::<usize>) {
        Some(Ok(n)) if (1..=super::MAX_SIDE).contains(&n) => Ok(n),
        _ => Err(ParseError::at_line(
            line,
            format!(
                "`{key}` needs a size from 1 to {}, got `{value}`",
                super::MAX_SIDE
            ),
        )),
    }
}

/// One clue line: comma-separated numbers, each optionally followed by a colour letter.
fn parse_clue(raw: &str, line: usize) -> Result<RawClue, ParseError> {
    let mut clue = Vec::new();
    let text = raw.trim_end_matches('\r');
    let mut column = 1;
    for token in text.split(',') {
        let lead = token.len() - token.trim_start().len();
        let t = token.trim();
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if t.is_empty() {
            if text.trim().is_empty() {
                break;
            }
            return Err(ParseError::new(line, Some(column), "empty clue number"));
        }
        if digits == 0 {
            return Err(ParseError::new(
                line,
                Some(column + lead),
                format!("expected a clue number, found `{t}`"),
            ));
        }
        let n: usize = t[..digits].parse().map_err(|_| {
            ParseError::new(
                line,
                Some(column + lead),
                format!("clue number `{t}` too large"),
            )
        })?;
        let rest = &t[digits..];
        let colour = match rest.chars().count() {
            0 => None,
            1 if rest.chars().all(|c| c.is_ascii_alphabetic()) => Some(rest.to_string()),
            _ => {
                return Err(ParseError::new(
                    line,
                    Some(column + lead + digits),
                    format!("expected a colour letter after {n}, found `{rest}`"),
                ));
            }
        };
        if n > 0 {
            clue.push((n, colour, line, column + lead));
        }
        column += token.chars().count() + 1;
    }
    Ok(clue)
}

/// A string value: quotes removed (when present) and HTML escapes decoded.
fn unquote(value: &str) -> String {
    let v = value.trim();
    let v = v
        .strip_prefix('"')
        .map(|s| s.strip_suffix('"').unwrap_or(s))
        .unwrap_or(v);
    unescape(v)
}

/// Decodes the HTML/XML entities that occur in puzzle files.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(pos) = rest.find('&') {
        out.push_str(&rest[..pos]);
        rest = &rest[pos..];
        let decoded = rest.find(';').filter(|&e| e <= 10).and_then(|end| {
            let name = &rest[1..end];
            let ch = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "copy" => Some('©'),
                "nbsp" => Some(' '),
                _ => {
                    let code = if let Some(hex) = name.strip_prefix("#x") {
                        u32::from_str_radix(hex, 16).ok()
                    } else if let Some(dec) = name.strip_prefix('#') {
                        dec.parse().ok()
                    } else {
                        None
                    };
                    code.and_then(char::from_u32)
                }
            };
            ch.map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The puzzle in nonogram-db's `.non` format, with `goal` and, when any, `givens`.
/// Colours are written as letters `a`, `b`, ... with `color` lines (black and white
/// puzzles as plain numbers and `1`/`0`).
pub fn to_non(puzzle: &Nonogram, title: &str) -> String {
    let bw = puzzle.is_black_and_white();
    let letter = |colour: u8| -> char {
        if bw {
            '1'
        } else {
            char::from(b'a' + colour - 1)
        }
    };
    let clue_line = |clue: &[Block]| {
        if clue.is_empty() {
            "0".to_string()
        } else {
            clue.iter()
                .map(|b| {
                    if bw {
                        b.len.to_string()
                    } else {
                        format!("{}{}", b.len, letter(b.colour))
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        }
    };
    let cell = |colour: u8| if colour == 0 { '0' } else { letter(colour) };
    let mut out = String::new();
    out.push_str(&format!("title \"{}\"\n", title.replace('"', "'")));
    out.push_str("by \"satcover\"\n");
    out.push_str(&format!(
        "width {}\nheight {}\n",
        puzzle.width(),
        puzzle.height()
    ));
    if !bw {
        for (k, c) in puzzle.palette().colours().iter().enumerate().skip(1) {
            out.push_str(&format!("color {} {}\n", letter(k as u8), c.rgb.hex()));
        }
    }
    out.push_str("\nrows\n");
    for clue in puzzle.row_clues() {
        out.push_str(&clue_line(clue));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for clue in puzzle.column_clues() {
        out.push_str(&clue_line(clue));
        out.push('\n');
    }
    if let Some(goal) = puzzle.goal() {
        let cells: String = goal.cells.iter().map(|&c| cell(c)).collect();
        out.push_str(&format!("\ngoal \"{cells}\"\n"));
    }
    if puzzle.num_givens() > 0 {
        let givens: String = puzzle
            .givens()
            .iter()
            .map(|g| g.map_or('.', cell))
            .collect();
        out.push_str(&format!(
            "\n# {} given cells (a colour, 0 background, . not given).\ngivens \"{givens}\"\n",
            puzzle.num_givens()
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::nonogram::{Block, lengths, parse};

    const DANCER_NON: &str = "catalogue \"webpbn.com #1\"\ntitle \"Dancer\"\nby \"Jan Wolter\"\n\
copyright \"&copy; 2004 Jan Wolter\"\nlicense CC-BY-3.0\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n\
1,1\n1,1\n2\n1,1\n1,2\n2\n\ncolumns\n2,1\n2,1,3\n7\n1,3\n2,1\n\n\
goal \"01100011010010101110101001010000110010100101111000\"\n";

    #[test]
    fn reads_clues_goal_and_metadata() {
        let p = parse("dancer.non", DANCER_NON).expect("parse");
        assert_eq!((p.width(), p.height()), (5, 10));
        assert!(p.is_black_and_white());
        assert_eq!(lengths(&p.row_clues()[1]), vec![2, 1]);
        assert_eq!(lengths(&p.column_clues()[2]), vec![7]);
        assert_eq!(p.title(), Some("Dancer"));
        assert_eq!(p.metadata().copyright.as_deref(), Some("© 2004 Jan Wolter"));
        let goal = p.goal().expect("goal");
        assert_eq!(p.verify(goal), Ok(()));
    }

    #[test]
    fn blank_and_zero_lines_are_empty_clues() {
        let text = "width 3\nheight 3\nrows\n\n0\n1\ncolumns\n1\n0\n\n";
        let p = parse_non(text).expect("parse");
        let rows: Vec<Vec<usize>> = p.row_clues().iter().map(|c| lengths(c)).collect();
        assert_eq!(rows, vec![vec![], vec![], vec![1]]);
        assert_eq!(lengths(&p.column_clues()[0]), vec![1]);
    }

    #[test]
    fn errors_have_lines() {
        let e = parse_non("width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n").unwrap_err();
        assert_eq!((e.line, e.column), (5, Some(1)));
        let e = parse_non("rows\n1\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_non("width 2\nheight 2\nrows\n1\n1\n1\ncolumns\n1\n1\n").unwrap_err();
        assert!(e.message.contains("more `rows`"), "{e}");
        assert_eq!(e.line, 6);
        let e = parse_non("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n").unwrap_err();
        assert!(e.message.contains("file ends"), "{e}");
        let e = parse_non("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1\"\n").unwrap_err();
        assert_eq!(e.line, 8);
        let e = parse_non("width 0\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn givens_extension() {
        let text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngivens \"1.\"\n";
        let p = parse_non(text).expect("parse");
        assert_eq!(p.givens(), &[Some(1), None]);
        let bad = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngivens \"1x\"\n";
        assert_eq!(parse_non(bad).unwrap_err().line, 8);
    }

    const COLOUR: &str = "width 3\nheight 2\ncolor a #000000\ncolor b #ff0000\nrows\n1a,1b\n2b\n\
columns\n1a\n2b\n1b\ngoal \"ab0bb\"\n";

    #[test]
    fn colour_palette_clues_and_goal() {
        let text = COLOUR.replace("goal \"ab0bb\"", "goal \"ab00bb\"");
        let p = parse_non(&text).expect("parse");
        assert_eq!(p.num_colours(), 2);
        assert_eq!(
            p.row_clues()[0],
            vec![Block { len: 1, colour: 1 }, Block { len: 1, colour: 2 }]
        );
        assert_eq!(p.palette().colours()[2].rgb, Rgb(255, 0, 0));
        let goal = p.goal().expect("goal");
        assert_eq!(p.row_strings(goal), vec!["ab.", ".bb"]);
        assert_eq!(p.verify(goal), Ok(()));
        // A clue without a letter is the first colour.
        let plain = text.replace("1a,1b\n2b", "1,1b\n2b");
        assert_eq!(parse_non(&plain).expect("parse").row_clues(), p.row_clues());
    }

    #[test]
    fn colour_errors_have_positions() {
        let undefined = COLOUR.replace("2b\ncolumns", "2c\ncolumns");
        let e = parse_non(&undefined).unwrap_err();
        assert_eq!((e.line, e.column), (7, Some(1)), "{e}");
        assert!(e.message.contains("colour `c` is not defined"), "{e}");
        let bad_hex = COLOUR.replace("#ff0000", "#ff00zz");
        let e = parse_non(&bad_hex).unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(9)), "{e}");
        assert!(e.message.contains("not `#rrggbb`"), "{e}");
        let e = parse_non(&COLOUR.replace("#ff0000", "ff0000")).unwrap_err();
        assert_eq!(e.line, 4);
        let e = parse_non(&COLOUR.replace("1a,1b", "1a,1bb")).unwrap_err();
        assert_eq!((e.line, e.column), (6, Some(5)), "{e}");
        // Two letters without colour lines: the second is undefined.
        let e = parse_non("width 2\nheight 1\nrows\n1a,1b\ncolumns\n1\n1\n").unwrap_err();
        assert!(e.message.contains("colour `b` is not defined"), "{e}");
        assert_eq!((e.line, e.column), (4, Some(4)));
    }

    /// Memory follows the file, not the header: a huge width costs nothing.
    #[test]
    fn size_guard() {
        let e = parse_non("width 2000000000\nheight 1\nrows\n1\ncolumns\n1\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.contains("from 1 to 10000"), "{e}");
        let e = parse_non("width 10000\nheight 10000\nrows\n1\n").unwrap_err();
        assert!(e.message.contains("the file ends first"), "{e}");
        let mut big = String::from("width 2001\nheight 2000\nrows\n");
        big.push_str(&"1\n".repeat(2000));
        big.push_str("columns\n");
        big.push_str(&"1\n".repeat(2001));
        let e = parse_non(&big).unwrap_err();
        assert!(e.message.contains("too large"), "{e}");
        assert_eq!(e.line, 1);
    }
}
