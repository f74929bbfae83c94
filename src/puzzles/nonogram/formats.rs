//! Nonogram file formats: `.non` (Steve Simpson's format as extended by mikix/nonogram-db),
//! Olšák's `.g`, and webpbn XML (black-and-white puzzles).
//!
//! Glossary:
//! - **key line** (`.non`): `key value`; unknown keys are ignored, as the format demands.
//! - **section**: `rows` / `columns` followed by exactly `height` / `width` clue lines (a
//!   blank line or `0` is an empty line).
//! - **givens** (`.non` extension, see `data/nonogram/SOURCES.md`): `w*h` characters,
//!   `1` given black, `0` given white, `.` not given.
//! - **colour puzzle**: clues in two or more colours; refused with a clear error (colour
//!   nonograms are not supported yet).
//!
//! Every error carries the 1-based line (and column where it helps) of the input.

use super::{Grid, Metadata, Nonogram};
use crate::puzzles::ParseError;

const COLOUR_UNSUPPORTED: &str = "colour nonograms are not supported yet";

/// Detects the format from the file name's extension (`.non`, `.g`, `.xml`) and, failing
/// that, from the content; parses exactly one puzzle.
pub fn parse(file_name: &str, text: &str) -> Result<Nonogram, ParseError> {
    let mut all = parse_all(file_name, text)?;
    match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(ParseError::at_line(
            1,
            format!("the file holds {n} puzzles; one was expected"),
        )),
    }
}

/// Like [`parse`], for files that may bundle several puzzles (`.nonpack`: puzzles separated
/// by a `====` line; XML: several `<puzzle>` elements).
pub fn parse_all(file_name: &str, text: &str) -> Result<Vec<Nonogram>, ParseError> {
    let lower = file_name.to_ascii_lowercase();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if lower.ends_with(".xml") || lower.ends_with(".pbn") {
        return parse_xml_all(text);
    }
    if lower.ends_with(".g") {
        return parse_g(text).map(|p| vec![p]);
    }
    if lower.ends_with(".non") || lower.ends_with(".nonpack") {
        return parse_non_all(text);
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('<') {
        parse_xml_all(text)
    } else if text.lines().any(|l| l.trim_start().starts_with(": rows")) {
        parse_g(text).map(|p| vec![p])
    } else {
        parse_non_all(text)
    }
}

// ---------------------------------------------------------------------------------------
// .non

/// Parses one `.non` puzzle.
pub fn parse_non(text: &str) -> Result<Nonogram, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    parse_non_lines(&lines, 0)
}

fn parse_non_all(text: &str) -> Result<Vec<Nonogram>, ParseError> {
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
    let mut width: Option<usize> = None;
    let mut height: Option<usize> = None;
    let mut rows: Option<Vec<Vec<usize>>> = None;
    let mut columns: Option<Vec<Vec<usize>>> = None;
    let mut goal_text: Option<(String, usize)> = None;
    let mut givens_text: Option<(String, usize)> = None;
    let mut meta = Metadata::default();
    let mut colours: Vec<usize> = Vec::new();
    let mut letters: Vec<(char, usize)> = Vec::new();
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
        match key {
            "width" | "height" => {
                let n = parse_size(value, number, key)?;
                if key == "width" {
                    width = Some(n);
                } else {
                    height = Some(n);
                }
            }
            "rows" | "columns" => {
                let is_rows = key == "rows";
                if !value.is_empty() {
                    // Simpson's older form `rows H` / `columns W` declares a size.
                    let n = parse_size(value, number, key)?;
                    if is_rows {
                        height = Some(n);
                    } else {
                        width = Some(n);
                    }
                    continue;
                }
                let size = if is_rows { height } else { width };
                let size = size.ok_or_else(|| {
                    ParseError::at_line(
                        number,
                        format!(
                            "`{key}` before `{}`",
                            if is_rows { "height" } else { "width" }
                        ),
                    )
                })?;
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
                    clues.push(parse_non_clue(lines[i + j], n, &mut letters)?);
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
            "color" => colours.push(number),
            "title" => meta.title = Some(unquote(value)),
            "by" => meta.author = Some(unquote(value)),
            "catalogue" => meta.catalogue = Some(unquote(value)),
            "copyright" => meta.copyright = Some(unquote(value)),
            "license" => meta.license = Some(unquote(value)),
            _ => {} // unknown keys are ignored, per the format
        }
    }

    let mut distinct: Vec<char> = Vec::new();
    for &(c, n) in &letters {
        if !distinct.contains(&c) {
            distinct.push(c);
            if distinct.len() > 1 {
                return Err(ParseError::at_line(n, COLOUR_UNSUPPORTED));
            }
        }
    }
    if colours.len() > 1 {
        return Err(ParseError::at_line(colours[1], COLOUR_UNSUPPORTED));
    }
    let (Some(width), Some(height)) = (width, height) else {
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
    let mut puzzle = Nonogram::new(rows, columns).with_metadata(meta);
    if let Some((text, line)) = goal_text {
        let cells = grid_string(&text, width * height, line, "goal", |c| Some(c != '0'))?;
        puzzle = puzzle.with_goal(Some(Grid {
            width,
            height,
            cells,
        }));
    }
    if let Some((text, line)) = givens_text {
        let givens = grid_string(&text, width * height, line, "givens", |c| match c {
            '1' => Some(Some(true)),
            '0' => Some(Some(false)),
            '.' => Some(None),
            _ => None,
        })?;
        puzzle = puzzle.with_givens(givens);
    }
    Ok(puzzle)
}

fn parse_size(value: &str, line: usize, key: &str) -> Result<usize, ParseError> {
    match value.split_whitespace().next().map(str::parse::<usize>) {
        Some(Ok(n)) if (1..=10_000).contains(&n) => Ok(n),
        _ => Err(ParseError::at_line(
            line,
            format!("`{key}` needs a size from 1 to 10000, got `{value}`"),
        )),
    }
}

/// One clue line: comma-separated numbers, each optionally followed by a colour letter.
fn parse_non_clue(
    raw: &str,
    line: usize,
    letters: &mut Vec<(char, usize)>,
) -> Result<Vec<usize>, ParseError> {
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
        if let Some(c) = t[digits..].chars().next()
            && c.is_ascii_alphabetic()
        {
            letters.push((c, line));
        }
        if n > 0 {
            clue.push(n);
        }
        column += token.chars().count() + 1;
    }
    Ok(clue)
}

/// A `w*h`-character grid string (`goal`, `givens`); whitespace is ignored.
fn grid_string<T>(
    text: &str,
    size: usize,
    line: usize,
    key: &str,
    cell: impl Fn(char) -> Option<T>,
) -> Result<Vec<T>, ParseError> {
    let mut out = Vec::with_capacity(size);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match cell(c) {
            Some(v) => out.push(v),
            None => {
                return Err(ParseError::at_line(
                    line,
                    format!("`{key}` has an unexpected character `{c}`"),
                ));
            }
        }
    }
    if out.len() != size {
        return Err(ParseError::at_line(
            line,
            format!("`{key}` has {} cells, expected {size}", out.len()),
        ));
    }
    Ok(out)
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

// ---------------------------------------------------------------------------------------
// Olšák .g

/// Parses Olšák's `.g` format: free header lines, an optional `#d` colour table
/// (`<char>:<symbol> #RRGGBB name`, `0` being the background), `: rows` then one clue line
/// per row (`<len><colourchar>` tokens; blank or `0` for an empty row), `: columns`, likewise.
/// Blank lines at the very end of the file are not columns.
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
    let mut colours = Vec::new();
    if let Some(d) = colour_from {
        for (j, l) in header.iter().enumerate().skip(d + 1) {
            let t = l.trim();
            if let Some((ch, _)) = t.split_once(':')
                && ch.trim() != "0"
                && !ch.trim().is_empty()
            {
                colours.push(j + 1);
            }
        }
    }
    if colours.len() > 1 {
        return Err(ParseError::at_line(colours[1], COLOUR_UNSUPPORTED));
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

    let mut seen_colours = Vec::new();
    let mut clue_lines = |range: std::ops::Range<usize>| -> Result<Vec<Vec<usize>>, ParseError> {
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
                let colour: String = token[digits..].to_string();
                if !colour.is_empty() && !seen_colours.contains(&colour) {
                    seen_colours.push(colour);
                    if seen_colours.len() > 1 {
                        return Err(ParseError::new(idx + 1, Some(col), COLOUR_UNSUPPORTED));
                    }
                }
                if n > 0 {
                    clue.push(n);
                }
            }
            out.push(clue);
        }
        Ok(out)
    };
    let rows = clue_lines(rows_at + 1..columns_at)?;
    let mut end = lines.len();
    while end > columns_at + 1 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    let columns = clue_lines(columns_at + 1..end)?;
    if rows.is_empty() || columns.is_empty() {
        return Err(ParseError::at_line(
            columns_at + 1,
            "a puzzle needs at least one row and one column",
        ));
    }
    Ok(Nonogram::new(rows, columns).with_metadata(meta))
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

// ---------------------------------------------------------------------------------------
// webpbn XML

/// Parses webpbn's XML format (`https://webpbn.com/pbn_fmt.html`), one `<puzzle>`.
pub fn parse_xml(text: &str) -> Result<Nonogram, ParseError> {
    let mut all = parse_xml_all(text)?;
    match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(ParseError::at_line(
            1,
            format!("{n} puzzles; one was expected"),
        )),
    }
}

fn parse_xml_all(text: &str) -> Result<Vec<Nonogram>, ParseError> {
    let root = xml::parse(text)?;
    let mut puzzles = Vec::new();
    if root.name == "puzzle" {
        puzzles.push(xml_puzzle(&root)?);
    } else {
        for p in root.children_named("puzzle") {
            puzzles.push(xml_puzzle(p)?);
        }
    }
    if puzzles.is_empty() {
        return Err(ParseError::at_line(root.line, "no <puzzle> element"));
    }
    Ok(puzzles)
}

fn xml_puzzle(p: &xml::Element) -> Result<Nonogram, ParseError> {
    if let Some(kind) = p.attr("type")
        && kind != "grid"
    {
        return Err(ParseError::at_line(
            p.line,
            format!("puzzle type `{kind}` is not supported (only `grid`)"),
        ));
    }
    let default_colour = p.attr("defaultcolor").unwrap_or("black");
    let background = p.attr("backgroundcolor").unwrap_or("white");
    let mut background_char = None;
    let mut ink_chars = Vec::new();
    let mut colour_count = 0;
    for c in p.children_named("color") {
        let name = c.attr("name").unwrap_or("");
        let ch = c.attr("char").and_then(|s| s.chars().next());
        if name == background {
            background_char = ch;
        } else {
            colour_count += 1;
            if colour_count > 1 {
                return Err(ParseError::at_line(c.line, COLOUR_UNSUPPORTED));
            }
            ink_chars.extend(ch);
        }
    }
    let mut rows = None;
    let mut columns = None;
    for clues in p.children_named("clues") {
        let mut lines = Vec::new();
        for line in clues.children_named("line") {
            let mut clue = Vec::new();
            for count in line.children_named("count") {
                if let Some(colour) = count.attr("color")
                    && colour != default_colour
                {
                    return Err(ParseError::at_line(count.line, COLOUR_UNSUPPORTED));
                }
                let t = count.text();
                let n: usize = t.trim().parse().map_err(|_| {
                    ParseError::at_line(count.line, format!("bad count `{}`", t.trim()))
                })?;
                if n > 0 {
                    clue.push(n);
                }
            }
            lines.push(clue);
        }
        match clues.attr("type") {
            Some("rows") => rows = Some(lines),
            Some("columns") => columns = Some(lines),
            other => {
                return Err(ParseError::at_line(
                    clues.line,
                    format!("<clues> type must be rows or columns, got {other:?}"),
                ));
            }
        }
    }
    let rows = rows.ok_or_else(|| ParseError::at_line(p.line, "no <clues type=\"rows\">"))?;
    let columns =
        columns.ok_or_else(|| ParseError::at_line(p.line, "no <clues type=\"columns\">"))?;
    if rows.is_empty() || columns.is_empty() {
        return Err(ParseError::at_line(
            p.line,
            "a puzzle needs rows and columns",
        ));
    }
    let (width, height) = (columns.len(), rows.len());
    let meta = Metadata {
        title: p.child("title").map(|e| e.text().trim().to_string()),
        author: p.child("author").map(|e| e.text().trim().to_string()),
        catalogue: p.child("id").map(|e| e.text().trim().to_string()),
        copyright: p.child("copyright").map(|e| e.text().trim().to_string()),
        license: None,
    };
    let mut puzzle = Nonogram::new(rows, columns).with_metadata(meta);
    for solution in p.children_named("solution") {
        if solution.attr("type").unwrap_or("goal") != "goal" {
            continue;
        }
        let Some(image) = solution.child("image") else {
            continue;
        };
        let mut cells = Vec::with_capacity(width * height);
        for row in image
            .text()
            .lines()
            .map(str::trim)
            .filter(|r| !r.is_empty())
        {
            let row = row.trim_matches('|');
            for c in row.chars() {
                let black = if Some(c) == background_char || (background_char.is_none() && c == '.')
                {
                    false
                } else if ink_chars.contains(&c) || (ink_chars.is_empty() && c == 'X') {
                    true
                } else {
                    return Err(ParseError::at_line(
                        image.line,
                        format!("goal image has an unknown cell `{c}`"),
                    ));
                };
                cells.push(black);
            }
        }
        if cells.len() != width * height {
            return Err(ParseError::at_line(
                image.line,
                format!(
                    "goal image has {} cells, expected {}",
                    cells.len(),
                    width * height
                ),
            ));
        }
        puzzle = puzzle.with_goal(Some(Grid {
            width,
            height,
            cells,
        }));
        break;
    }
    Ok(puzzle)
}

/// A small, strict XML reader for the webpbn subset: elements, attributes, text, comments,
/// processing instructions, a DOCTYPE (with an internal subset), CDATA, the predefined and
/// numeric entities. Every error names its line.
mod xml {
    use crate::puzzles::ParseError;

    #[derive(Debug, Default)]
    pub struct Element {
        pub name: String,
        pub attrs: Vec<(String, String)>,
        pub children: Vec<Node>,
        pub line: usize,
    }

    #[derive(Debug)]
    pub enum Node {
        Element(Element),
        Text(String),
    }

    impl Element {
        pub fn attr(&self, name: &str) -> Option<&str> {
            self.attrs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        }
        pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> {
            self.children.iter().filter_map(move |n| match n {
                Node::Element(e) if e.name == name => Some(e),
                _ => None,
            })
        }
        pub fn child<'a>(&'a self, name: &'a str) -> Option<&'a Element> {
            self.children_named(name).next()
        }
        pub fn text(&self) -> String {
            let mut out = String::new();
            for n in &self.children {
                match n {
                    Node::Text(t) => out.push_str(t),
                    Node::Element(e) => out.push_str(&e.text()),
                }
            }
            out
        }
    }

    struct Reader<'a> {
        text: &'a str,
        pos: usize,
        line: usize,
    }

    impl<'a> Reader<'a> {
        fn rest(&self) -> &'a str {
            &self.text[self.pos..]
        }
        fn advance(&mut self, n: usize) {
            let end = (self.pos + n).min(self.text.len());
            self.line += self.text[self.pos..end].matches('\n').count();
            self.pos = end;
        }
        fn error(&self, message: impl Into<String>) -> ParseError {
            ParseError::at_line(self.line, message)
        }
        fn skip_until(&mut self, end: &str, what: &str) -> Result<&'a str, ParseError> {
            match self.rest().find(end) {
                Some(i) => {
                    let body = &self.rest()[..i];
                    self.advance(i + end.len());
                    Ok(body)
                }
                None => Err(self.error(format!("unterminated {what}"))),
            }
        }
        fn skip_space(&mut self) {
            let n = self.rest().len() - self.rest().trim_start().len();
            self.advance(n);
        }
        fn name(&mut self) -> Result<String, ParseError> {
            let n = self
                .rest()
                .find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
                .unwrap_or(self.rest().len());
            if n == 0 {
                return Err(self.error("expected a name"));
            }
            let name = self.rest()[..n].to_string();
            self.advance(n);
            Ok(name)
        }
        /// Skips prolog items: whitespace, comments, `<?...?>`, `<!DOCTYPE ...>`.
        fn misc(&mut self) -> Result<(), ParseError> {
            loop {
                self.skip_space();
                if self.rest().starts_with("<?") {
                    self.skip_until("?>", "processing instruction")?;
                } else if self.rest().starts_with("<!--") {
                    self.skip_until("-->", "comment")?;
                } else if self.rest().starts_with("<!DOCTYPE") {
                    let close = self.rest().find('>');
                    let open = self.rest().find('[');
                    match (open, close) {
                        (Some(o), Some(c)) if o < c => {
                            self.advance(o);
                            self.skip_until("]", "DOCTYPE subset")?;
                            self.skip_until(">", "DOCTYPE")?;
                        }
                        _ => {
                            self.skip_until(">", "DOCTYPE")?;
                        }
                    }
                } else {
                    return Ok(());
                }
            }
        }
        fn element(&mut self, depth: usize) -> Result<Element, ParseError> {
            if depth > 64 {
                return Err(self.error("elements nested too deeply"));
            }
            let line = self.line;
            if !self.rest().starts_with('<') {
                return Err(self.error("expected an element"));
            }
            self.advance(1);
            let name = self.name()?;
            let mut element = Element {
                name,
                line,
                ..Element::default()
            };
            loop {
                self.skip_space();
                if self.rest().starts_with("/>") {
                    self.advance(2);
                    return Ok(element);
                }
                if self.rest().starts_with('>') {
                    self.advance(1);
                    break;
                }
                let key = self.name()?;
                self.skip_space();
                if !self.rest().starts_with('=') {
                    return Err(self.error(format!("attribute `{key}` has no value")));
                }
                self.advance(1);
                self.skip_space();
                let quote = self.rest().chars().next();
                let quote = match quote {
                    Some(q @ ('"' | '\'')) => q,
                    _ => return Err(self.error(format!("attribute `{key}` is not quoted"))),
                };
                self.advance(1);
                let value = self.skip_until(&quote.to_string(), "attribute value")?;
                element.attrs.push((key, super::unescape(value)));
            }
            loop {
                if self.rest().is_empty() {
                    return Err(self.error(format!("<{}> is never closed", element.name)));
                }
                if self.rest().starts_with("</") {
                    self.advance(2);
                    let close = self.name()?;
                    self.skip_space();
                    if close != element.name {
                        return Err(self.error(format!(
                            "</{close}> closes <{}> (opened at line {})",
                            element.name, element.line
                        )));
                    }
                    if !self.rest().starts_with('>') {
                        return Err(self.error("expected `>`"));
                    }
                    self.advance(1);
                    return Ok(element);
                }
                if self.rest().starts_with("<!--") {
                    self.skip_until("-->", "comment")?;
                } else if self.rest().starts_with("<![CDATA[") {
                    self.advance(9);
                    let body = self.skip_until("]]>", "CDATA")?;
                    element.children.push(Node::Text(body.to_string()));
                } else if self.rest().starts_with("<?") {
                    self.skip_until("?>", "processing instruction")?;
                } else if self.rest().starts_with('<') {
                    let child = self.element(depth + 1)?;
                    element.children.push(Node::Element(child));
                } else {
                    let n = self.rest().find('<').unwrap_or(self.rest().len());
                    let text = super::unescape(&self.rest()[..n]);
                    self.advance(n);
                    element.children.push(Node::Text(text));
                }
            }
        }
    }

    /// The document's root element.
    pub fn parse(text: &str) -> Result<Element, ParseError> {
        let mut reader = Reader {
            text,
            pos: 0,
            line: 1,
        };
        reader.misc()?;
        if reader.rest().is_empty() {
            return Err(reader.error("no XML element"));
        }
        let root = reader.element(0)?;
        reader.misc()?;
        if !reader.rest().trim().is_empty() {
            return Err(reader.error("content after the root element"));
        }
        Ok(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DANCER_NON: &str = "catalogue \"webpbn.com #1\"\ntitle \"Dancer\"\nby \"Jan Wolter\"\n\
copyright \"&copy; 2004 Jan Wolter\"\nlicense CC-BY-3.0\nwidth 5\nheight 10\n\nrows\n2\n2,1\n1,1\n3\n\
1,1\n1,1\n2\n1,1\n1,2\n2\n\ncolumns\n2,1\n2,1,3\n7\n1,3\n2,1\n\n\
goal \"01100011010010101110101001010000110010100101111000\"\n";

    #[test]
    fn non_reads_clues_goal_and_metadata() {
        let p = parse("dancer.non", DANCER_NON).expect("parse");
        assert_eq!((p.width(), p.height()), (5, 10));
        assert_eq!(p.row_clues()[1], vec![2, 1]);
        assert_eq!(p.column_clues()[2], vec![7]);
        assert_eq!(p.title(), Some("Dancer"));
        assert_eq!(p.metadata().copyright.as_deref(), Some("© 2004 Jan Wolter"));
        let goal = p.goal().expect("goal");
        assert_eq!(p.verify(goal), Ok(()));
    }

    #[test]
    fn non_blank_and_zero_lines_are_empty_clues() {
        let text = "width 3\nheight 3\nrows\n\n0\n1\ncolumns\n1\n0\n\n";
        let p = parse_non(text).expect("parse");
        assert_eq!(p.row_clues(), &[vec![], vec![], vec![1]]);
        assert_eq!(p.column_clues(), &[vec![1], vec![], vec![]]);
    }

    #[test]
    fn non_errors_have_lines() {
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
        let e = parse_non("width 2\nheight 1\nrows\n1a,1b\ncolumns\n1\n1\n").unwrap_err();
        assert!(e.message.contains("colour"), "{e}");
        let e = parse_non("width 0\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn non_givens_extension() {
        let text = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngivens \"1.\"\n";
        let p = parse_non(text).expect("parse");
        assert_eq!(p.givens(), &[Some(true), None]);
        let bad = "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngivens \"1x\"\n";
        assert_eq!(parse_non(bad).unwrap_err().line, 8);
    }

    #[test]
    fn g_format_and_colour_refusal() {
        let text = "webpbn.org #23: Test\nCopyright 2004 by Jan Wolter\n#d\n   0:   #FFFFFF   white\n\
   g:X  #000000   black\n: rows\n1g\n\n2g\n: columns\n1g 1g\n1g\n1g\n";
        let p = parse("t.g", text).expect("parse");
        assert_eq!(p.row_clues(), &[vec![1], vec![], vec![2]]);
        assert_eq!(p.column_clues(), &[vec![1, 1], vec![1], vec![1]]);
        assert_eq!(p.title(), Some("Test"));
        let colour = "#d\n 0: #FFFFFF white\n g:X #000000 black\n r:* #FF0000 red\n: rows\n1g\n: columns\n1r\n";
        let e = parse("c.g", colour).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("colour nonograms are not supported yet"));
    }

    const XML: &str = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<source>webpbn.com</source>
<id>#1</id>
<title>Tiny &amp; test</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count></line>
<line></line>
</clues>
<clues type="rows">
<line><count>1</count></line>
<line><count>1</count></line>
</clues>
<solution type="goal">
<image>
|X.|
|X.|
</image>
</solution>
</puzzle>
</puzzleset>
"#;

    #[test]
    fn xml_reads_clues_and_goal() {
        let p = parse("t.xml", XML).expect("parse");
        assert_eq!(p.row_clues(), &[vec![1], vec![1]]);
        assert_eq!(p.column_clues(), &[vec![2], vec![]]);
        assert_eq!(p.title(), Some("Tiny & test"));
        assert_eq!(
            p.goal().map(Grid::row_strings),
            Some(vec!["#.".into(), "#.".into()])
        );
        // Content detection without an extension.
        assert_eq!(parse("-", XML).expect("parse"), p);
    }

    #[test]
    fn xml_errors() {
        let colour = XML.replace(
            "<color name=\"black\" char=\"X\">000</color>",
            "<color name=\"black\" char=\"X\">000</color>\n<color name=\"red\" char=\"r\">f00</color>",
        );
        let e = parse("c.xml", &colour).unwrap_err();
        assert!(e.message.contains("colour nonograms are not supported yet"));
        assert_eq!(e.line, 10);
        let broken = XML.replace(
            "</clues>\n<clues type=\"rows\">",
            "</clue>\n<clues type=\"rows\">",
        );
        let e = parse("b.xml", &broken).unwrap_err();
        assert_eq!(e.line, 13);
        let e = parse("e.xml", "<puzzleset>").unwrap_err();
        assert!(e.message.contains("never closed"));
    }
}
