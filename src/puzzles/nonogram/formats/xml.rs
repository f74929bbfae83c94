//! webpbn's XML format (`https://webpbn.com/pbn_fmt.html`), read with the `roxmltree`
//! crate (entities, CDATA, comments, the DOCTYPE are its job).
//!
//! Glossary:
//! - **`<color name="red" char="r">f00</color>`**: a palette entry; the value is `rgb` or
//!   `rrggbb`. The puzzle's `backgroundcolor` (default `white`) is the background, the
//!   others are numbered in document order; without any `<color>`, white and black.
//! - **`<count color="red">3</count>`**: a block; without `color`, the puzzle's
//!   `defaultcolor` (default `black`).
//! - **`<solution type="goal">`**: its `<image>` rows (`|X.|`, in the colours' `char`s) are
//!   read as the goal.

use roxmltree::{Document, Node, ParsingOptions};

use super::{check_size, palette_from, parse_rgb};
use crate::puzzles::ParseError;
use crate::puzzles::nonogram::{Block, Colour, Grid, MAX_COLOURS, Metadata, Nonogram};
use crate::render::Rgb;

/// Parses one `<puzzle>`.
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

/// Every `<puzzle>` of the document (the root itself, or its children).
pub(super) fn parse_xml_all(text: &str) -> Result<Vec<Nonogram>, ParseError> {
    let options = ParsingOptions {
        allow_dtd: true,
        // Far more than any puzzle needs (a node per count, line, text run).
        nodes_limit: 16_000_000,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        ParseError::new(pos.row as usize, Some(pos.col as usize), e.to_string())
    })?;
    let root = doc.root_element();
    let at = Position { doc: &doc };
    let mut puzzles = Vec::new();
    if root.has_tag_name("puzzle") {
        puzzles.push(puzzle(&at, root)?);
    } else {
        for p in root.children().filter(|n| n.has_tag_name("puzzle")) {
            puzzles.push(puzzle(&at, p)?);
        }
    }
    if puzzles.is_empty() {
        return Err(at.error(root, "no <puzzle> element"));
    }
    Ok(puzzles)
}

/// Turns node positions into errors with a line and a column.
struct Position<'d, 'i> {
    doc: &'d Document<'i>,
}

impl Position<'_, '_> {
    fn error(&self, node: Node, message: impl Into<String>) -> ParseError {
        let pos = self.doc.text_pos_at(node.range().start);
        ParseError::new(pos.row as usize, Some(pos.col as usize), message)
    }
}

fn children<'a, 'i>(node: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children().filter(move |n| n.has_tag_name(name))
}

/// The text of an element and its descendants (CDATA included).
fn text(node: Node) -> String {
    node.descendants()
        .filter(Node::is_text)
        .filter_map(|n| n.text())
        .collect()
}

fn puzzle(at: &Position, p: Node) -> Result<Nonogram, ParseError> {
    if let Some(kind) = p.attribute("type")
        && kind != "grid"
    {
        return Err(at.error(
            p,
            format!("puzzle type `{kind}` is not supported (only `grid`)"),
        ));
    }
    let default_colour = p.attribute("defaultcolor").unwrap_or("black");
    let background_name = p.attribute("backgroundcolor").unwrap_or("white");

    // The palette: background first, then the other colours in document order.
    let mut background = Colour {
        ch: '.',
        name: background_name.to_string(),
        rgb: Rgb::WHITE,
    };
    let mut colours: Vec<Colour> = Vec::new();
    let mut first_colour = None;
    for c in children(p, "color") {
        first_colour.get_or_insert(c);
        let Some(name) = c.attribute("name") else {
            return Err(at.error(c, "<color> without a `name`"));
        };
        let value = text(c);
        let rgb = parse_rgb(value.trim()).ok_or_else(|| {
            at.error(
                c,
                format!(
                    "colour `{name}`: `{}` is not `rgb` or `rrggbb` hex",
                    value.trim()
                ),
            )
        })?;
        let ch = c
            .attribute("char")
            .and_then(|s| s.chars().next())
            .unwrap_or('?');
        let colour = Colour {
            ch,
            name: name.to_string(),
            rgb,
        };
        if name == background_name {
            background = colour;
        } else if colours.iter().any(|x| x.name == name) {
            return Err(at.error(c, format!("colour `{name}` is defined twice")));
        } else {
            colours.push(colour);
        }
    }
    if colours.len() > MAX_COLOURS {
        let node = first_colour.unwrap_or(p);
        return Err(at.error(
            node,
            format!(
                "{} colours besides the background; at most {MAX_COLOURS} are supported",
                colours.len()
            ),
        ));
    }
    if colours.is_empty() {
        colours.push(Colour {
            ch: 'X',
            name: default_colour.to_string(),
            rgb: Rgb::BLACK,
        });
    }
    // Image characters, before the palette makes output characters unique.
    let image_chars: Vec<(char, u8)> = std::iter::once((background.ch, 0))
        .chain(colours.iter().enumerate().map(|(i, c)| (c.ch, i as u8 + 1)))
        .collect();
    let index_of = |name: &str| -> Option<u8> {
        colours
            .iter()
            .position(|c| c.name == name)
            .map(|i| i as u8 + 1)
    };
    let default_index = index_of(default_colour);

    let mut rows = None;
    let mut columns = None;
    for clues in children(p, "clues") {
        let mut lines = Vec::new();
        for line in children(clues, "line") {
            let mut clue = Vec::new();
            for count in children(line, "count") {
                let colour = match count.attribute("color") {
                    Some(name) => index_of(name).ok_or_else(|| {
                        at.error(
                            count,
                            format!("colour `{name}` is not defined by a <color>"),
                        )
                    })?,
                    None => default_index.ok_or_else(|| {
                        at.error(
                            count,
                            format!(
                                "the default colour `{default_colour}` is not defined by a <color>"
                            ),
                        )
                    })?,
                };
                let t = text(count);
                let len: usize = t
                    .trim()
                    .parse()
                    .map_err(|_| at.error(count, format!("bad count `{}`", t.trim())))?;
                clue.push(Block { len, colour });
            }
            lines.push(clue);
        }
        match clues.attribute("type") {
            Some("rows") => rows = Some(lines),
            Some("columns") => columns = Some(lines),
            other => {
                return Err(at.error(
                    clues,
                    format!("<clues> type must be rows or columns, got {other:?}"),
                ));
            }
        }
    }
    let rows = rows.ok_or_else(|| at.error(p, "no <clues type=\"rows\">"))?;
    let columns = columns.ok_or_else(|| at.error(p, "no <clues type=\"columns\">"))?;
    let (width, height) = (columns.len(), rows.len());
    check_size(
        width,
        height,
        at.doc.text_pos_at(p.range().start).row as usize,
    )?;
    let child_text = |name: &str| children(p, name).next().map(|e| text(e).trim().to_string());
    let meta = Metadata {
        title: child_text("title"),
        author: child_text("author"),
        catalogue: child_text("id"),
        copyright: child_text("copyright"),
        license: None,
    };
    let mut entries = vec![background];
    entries.extend(colours.iter().cloned());
    let line = at
        .doc
        .text_pos_at(first_colour.unwrap_or(p).range().start)
        .row as usize;
    let palette = palette_from(entries, line)?;
    let mut puzzle = Nonogram::with_palette(palette, rows, columns).with_metadata(meta);

    for solution in children(p, "solution") {
        if solution.attribute("type").unwrap_or("goal") != "goal" {
            continue;
        }
        let Some(image) = children(solution, "image").next() else {
            continue;
        };
        let mut cells = Vec::new();
        for row in text(image).lines().map(str::trim).filter(|r| !r.is_empty()) {
            for c in row.trim_matches('|').chars() {
                let Some(&(_, index)) = image_chars.iter().find(|&&(ch, _)| ch == c) else {
                    return Err(at.error(image, format!("goal image has an unknown cell `{c}`")));
                };
                if cells.len() == width * height {
                    return Err(at.error(image, "goal image has too many cells"));
                }
                cells.push(index);
            }
        }
        if cells.len() != width * height {
            return Err(at.error(
                image,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::nonogram::{lengths, parse};

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
    fn reads_clues_and_goal() {
        let p = parse("t.xml", XML).expect("parse");
        assert!(p.is_black_and_white());
        assert_eq!(lengths(&p.row_clues()[0]), vec![1]);
        assert_eq!(lengths(&p.column_clues()[0]), vec![2]);
        assert!(p.column_clues()[1].is_empty());
        assert_eq!(p.title(), Some("Tiny & test"));
        assert_eq!(
            p.goal().map(|g| p.row_strings(g)),
            Some(vec!["#.".into(), "#.".into()])
        );
        // Content detection without an extension.
        assert_eq!(parse("-", XML).expect("parse"), p);
    }

    const COLOUR: &str = r#"<puzzleset><puzzle backgroundcolor="white" defaultcolor="black">
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">f00</color>
<clues type="columns"><line><count>1</count></line><line><count color="red">1</count></line></clues>
<clues type="rows"><line><count>1</count><count color="red">1</count></line></clues>
<solution><image>|Xr|</image></solution>
</puzzle></puzzleset>"#;

    #[test]
    fn colour_counts_palette_and_goal() {
        let p = parse("c.xml", COLOUR).expect("parse");
        assert_eq!(p.num_colours(), 2);
        assert_eq!(
            p.row_clues()[0],
            vec![Block { len: 1, colour: 1 }, Block { len: 1, colour: 2 }]
        );
        assert_eq!(p.palette().colours()[2].rgb, Rgb(255, 0, 0));
        let goal = p.goal().expect("goal");
        assert_eq!(p.row_strings(goal), vec!["Xr"]);
        assert_eq!(p.verify(goal), Ok(()));
    }

    #[test]
    fn errors_have_positions() {
        let e = parse(
            "c.xml",
            &COLOUR.replace(
                "count color=\"red\">1</count></line></clues>",
                "count color=\"blue\">1</count></line></clues>",
            ),
        )
        .unwrap_err();
        assert!(e.message.contains("colour `blue` is not defined"), "{e}");
        assert_eq!((e.line, e.column), (5, Some(58)), "{e}");
        let e = parse("c.xml", &COLOUR.replace(">f00<", ">f0g<")).unwrap_err();
        assert!(e.message.contains("`f0g` is not"), "{e}");
        assert_eq!((e.line, e.column), (4, Some(1)), "{e}");
        let broken = XML.replace(
            "</clues>\n<clues type=\"rows\">",
            "</clue>\n<clues type=\"rows\">",
        );
        let e = parse("b.xml", &broken).unwrap_err();
        assert_eq!(e.line, 13, "{e}");
        let e = parse("e.xml", "<puzzleset>").unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        // Entities, CDATA and comments are the XML reader's job.
        let fancy = XML.replace(
            "<title>Tiny &amp; test</title>",
            "<title><![CDATA[A & B]]><!-- c --> &#x43;</title>",
        );
        assert_eq!(
            parse("f.xml", &fancy).expect("parse").title(),
            Some("A & B C")
        );
    }

    #[test]
    fn size_guard() {
        let line = "<line><count>1</count></line>";
        let big = format!(
            "<puzzle><clues type=\"rows\">{}</clues><clues type=\"columns\">{}</clues></puzzle>",
            line.repeat(2001),
            line.repeat(2000)
        );
        let e = parse("big.xml", &big).unwrap_err();
        assert!(e.message.contains("2000x2001 is too large"), "{e}");
    }
}
