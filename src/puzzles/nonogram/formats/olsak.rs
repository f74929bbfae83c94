//! Olšák's `.g` format: free header lines (the first `catalogue: title`, the second a
//! copyright), an optional `#d` colour table, `: rows` then one clue line per row
//! (`<len><colour char>` tokens; blank or `0` for an empty row), `: columns`, likewise.
//!
//! Glossary:
//! - **`#d` block**: the lines between `#d` and `: rows`, each `<char>:<symbol> #RRGGBB
//!   name` (`g:X  #000000  black`). The character names the colour in clues; `0` is the
//!   background (and redefines its value). Colours are numbered in the order of the block.
//! - Blank lines at the very end of the file are not columns.

use super::{RawClue, check_size, lone_key, palette_from, parse_rgb, resolve};
use crate::puzzles::ParseError;
use crate::puzzles::nonogram::{Colour, Metadata, Nonogram, Palette};
use crate::render::Rgb;

/// Parses a `.g` puzzle.
pub fn parse_g(text: &str) -> Result<Nonogram, ParseError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let rows_at = lines
        .iter()
        .position(|l| l.trim_start().starts_with(": rows"))
        .ok_or_else(|| ParseError::at_line(1, "no `: rows` line"))?;
    let columns_at = lines
        .iter()
        .position(|l| l.trim_start().starts_with(": columns"))
        .ok_or_else(|| ParseError::at_line(lines.len().max(1), "no `: columns` line"))?;
    if columns_at < rows_at {
        return Err(ParseError::at_line(
            columns_at + 1,
            "`: columns` before `: rows`",
        ));
    }
    let header = &lines[..rows_at];
    let colour_from = header.iter().position(|l| l.trim() == "#d");
    let mut background = Colour {
        ch: '.',
        name: "white".into(),
        rgb: Rgb::WHITE,
    };
    let mut colours: Vec<Colour> = Vec::new();
    if let Some(d) = colour_from {
        for (j, l) in header.iter().enumerate().skip(d + 1) {
            if l.trim().is_empty() {
                continue;
            }
            let colour = parse_colour_line(l, j + 1)?;
            if colour.ch == '0' {
                background = colour;
            } else if colours.iter().any(|c| c.ch == colour.ch) {
                return Err(ParseError::at_line(
                    j + 1,
                    format!("colour `{}` is defined twice", colour.ch),
                ));
            } else {
                colours.push(colour);
            }
        }
    }
    let free: Vec<&str> = header[..colour_from.unwrap_or(header.len())]
        .iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect();
    let mut meta = Metadata::default();
    if let Some(first) = free.first() {
        // `webpbn.org #1: Demo Puzzle from Front Page`
        match first.split_once(": ") {
            Some((cat, title)) if cat.contains('#') => {
                meta.catalogue = Some(cat.trim().to_string());
                meta.title = Some(title.trim().to_string()).filter(|t| !t.is_empty());
            }
            _ => meta.title = Some(first.to_string()),
        }
    }
    if let Some(second) = free.get(1) {
        meta.copyright = Some(second.to_string());
    }

    let clue_lines = |range: std::ops::Range<usize>| -> Result<Vec<RawClue>, ParseError> {
        let mut out = Vec::new();
        for idx in range {
            let mut clue = Vec::new();
            for (col, token) in tokens_with_columns(lines[idx]) {
                let digits =
                    token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits == 0 {
                    return Err(ParseError::new(
                        idx + 1,
                        Some(col),
                        format!("expected a block length, found `{token}`"),
                    ));
                }
                let n: usize = token[..digits]
                    .parse()
                    .map_err(|_| ParseError::new(idx + 1, Some(col), "block length too large"))?;
                let colour = &token[digits..];
                if colour.chars().count() > 1 {
                    return Err(ParseError::new(
                        idx + 1,
                        Some(col + digits),
                        format!("expected one colour character after {n}, found `{colour}`"),
                    ));
                }
                if n > 0 {
                    let colour = (!colour.is_empty()).then(|| colour.to_string());
                    clue.push((n, colour, idx + 1, col));
                }
            }
            out.push(clue);
        }
        Ok(out)
    };
    let mut end = lines.len();
    while end > columns_at + 1 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    // Sizes come from the lines the file holds.
    check_size(
        end - columns_at - 1,
        columns_at - rows_at - 1,
        columns_at + 1,
    )?;
    let rows = clue_lines(rows_at + 1..columns_at)?;
    let columns = clue_lines(columns_at + 1..end)?;

    let palette = if colours.is_empty() {
        Palette::black_and_white()
    } else {
        let mut entries = vec![background];
        entries.extend(colours.iter().cloned());
        palette_from(entries, colour_from.map_or(1, |d| d + 1))?
    };
    // Without a `#d` block, one character used throughout is black (`1g 2g`).
    let lone = if colours.is_empty() {
        lone_key(&rows, &columns)
    } else {
        None
    };
    let key = |name: &str| -> Option<u8> {
        if colours.is_empty() {
            return (Some(name) == lone.as_deref()).then_some(1);
        }
        colours
            .iter()
            .position(|c| c.ch.to_string() == name)
            .map(|p| p as u8 + 1)
    };
    let rows = resolve(rows, &key, "in the `#d` block")?;
    let columns = resolve(columns, &key, "in the `#d` block")?;
    Ok(Nonogram::with_palette(palette, rows, columns).with_metadata(meta))
}

/// `<char>:<symbol> #RRGGBB name` (the symbol and the name are optional).
fn parse_colour_line(line: &str, number: usize) -> Result<Colour, ParseError> {
    let tokens = tokens_with_columns(line);
    let malformed = |column: usize, what: &str| {
        ParseError::new(
            number,
            Some(column),
            format!("malformed `#d` line: {what} (expected `<char>:<symbol> #RRGGBB name`)"),
        )
    };
    let Some(&(col, head)) = tokens.first() else {
        return Err(malformed(1, "empty"));
    };
    let Some((ch, _symbol)) = head.split_once(':') else {
        return Err(malformed(col, &format!("`{head}` has no `:`")));
    };
    let mut chars = ch.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(malformed(
            col,
            &format!("`{head}` must start with one character"),
        ));
    };
    let Some(&(hex_col, hex)) = tokens.get(1) else {
        return Err(malformed(col + head.len(), "no `#RRGGBB`"));
    };
    let rgb = parse_rgb(hex)
        .filter(|_| hex.starts_with('#'))
        .ok_or_else(|| malformed(hex_col, &format!("`{hex}` is not `#RRGGBB`")))?;
    let name = tokens
        .get(2..)
        .map(|rest| rest.iter().map(|&(_, t)| t).collect::<Vec<_>>().join(" "))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| rgb.hex());
    Ok(Colour { ch, name, rgb })
}

/// Whitespace-separated tokens with their 1-based columns.
fn tokens_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((line[..s].chars().count() + 1, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((line[..s].chars().count() + 1, &line[s..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::nonogram::{Block, lengths, parse};

    #[test]
    fn black_and_white() {
        let text = "webpbn.org #23: Test\nCopyright 2004 by Jan Wolter\n#d\n   0:   #FFFFFF   white\n\
   g:X  #000000   black\n: rows\n1g\n\n2g\n: columns\n1g 1g\n1g\n1g\n";
        let p = parse("t.g", text).expect("parse");
        assert!(p.is_black_and_white());
        let rows: Vec<Vec<usize>> = p.row_clues().iter().map(|c| lengths(c)).collect();
        assert_eq!(rows, vec![vec![1], vec![], vec![2]]);
        assert_eq!(lengths(&p.column_clues()[0]), vec![1, 1]);
        assert_eq!(p.title(), Some("Test"));
    }

    const COLOUR: &str = "#d\n 0: #FFFFF0 paper\n g:X #000000 black\n r:* #FF0000 red\n\
: rows\n1g 1r\n: columns\n1g\n1r\n";

    #[test]
    fn colour_block() {
        let p = parse("c.g", COLOUR).expect("parse");
        assert_eq!(p.num_colours(), 2);
        assert_eq!(
            p.row_clues()[0],
            vec![Block { len: 1, colour: 1 }, Block { len: 1, colour: 2 }]
        );
        let palette = p.palette().colours();
        assert_eq!(
            (palette[0].name.as_str(), palette[0].rgb),
            ("paper", Rgb(255, 255, 240))
        );
        assert_eq!((palette[2].ch, palette[2].name.as_str()), ('r', "red"));
    }

    #[test]
    fn colour_errors_have_positions() {
        let e = parse("c.g", &COLOUR.replace("1r\n: columns", "1u\n: columns")).unwrap_err();
        assert_eq!((e.line, e.column), (6, Some(4)), "{e}");
        assert!(e.message.contains("colour `u` is not defined"), "{e}");
        let e = parse("c.g", &COLOUR.replace(" r:* #FF0000", " r* #FF0000")).unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(2)), "{e}");
        assert!(e.message.contains("malformed `#d` line"), "{e}");
        let e = parse("c.g", &COLOUR.replace("#FF0000", "#FF00G0")).unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(6)), "{e}");
        let e = parse("c.g", &COLOUR.replace(" r:* #FF0000 red", " r:*")).unwrap_err();
        assert_eq!(e.line, 4);
    }

    /// Sizes come from the clue lines; more than the limit is refused before any grid.
    #[test]
    fn size_guard() {
        let mut big = String::from(": rows\n");
        big.push_str(&"1\n".repeat(2001));
        big.push_str(": columns\n");
        big.push_str(&"1\n".repeat(2000));
        let e = parse("big.g", &big).unwrap_err();
        assert!(e.message.contains("2000x2001 is too large"), "{e}");
    }
}
