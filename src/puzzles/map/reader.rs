//! Reading Map: Tatham's game IDs (`WxH[nN][dX]:EDGES,COLOURS`, `encodings/map.md`;
//! GENRES.md A.22: N regions, W·H/8 when absent; the generator's difficulty `dX` accepted
//! and ignored), one a line, `#` lines comments; or the plain form: a line `map`, then one
//! row a line of region letters (any character but blanks; cells of one character one
//! region, which must be connected), then optionally a line `given a=0 c=3 …` naming
//! regions by their letter and their given colours 0–3. Errors name the line and column.
//!
//! EDGES walks the W·(H−1) sides below cells in reading order, then the (W−1)·H sides right
//! of cells column by column, after one notional side: letters `a`–`y` are runs of 1–25
//! sides, after which the state flips between "no border" (the start) and "border"; `z` is
//! 25 sides and no flip. Regions are the cells joined through sides that are no border,
//! numbered by first cell. COLOURS is one entry per region: `0`–`3` a given colour, `a`–`z`
//! a run of 1–26 regions without one.

use super::{COLOURS, Map};
use crate::constraints::tatham;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::{ParseError, lines, region};

/// Cells beyond this are refused.
const MAX_CELLS: usize = 1 << 16;

/// Every puzzle of a file, each with the line where it starts.
pub fn parse(text: &str) -> Vec<Result<(usize, Map), ParseError>> {
    lines::read(
        text,
        &lines::Genre {
            empty: "no map found (a Tatham ID `20x15n30:…,…` or `map` and rows of region letters)",
            is_header,
            plain,
            url: |_, line, lead| {
                Err(ParseError::new(
                    line,
                    Some(lead + 1),
                    "puzz.link has no four-colouring map: give a Tatham ID or `map` and rows",
                ))
            },
            id: Some(parse_id),
        },
    )
}

fn is_header(line: &str) -> bool {
    line.eq_ignore_ascii_case("map")
}

/// Whether a file's trimmed lines are a Map's: its plain form's header, or Tatham IDs whose
/// parameters count regions (`20x15n30:`), that all read as Maps.
pub(crate) fn looks_like(lines: &[&str]) -> bool {
    if lines.iter().any(|l| is_header(l)) {
        return true;
    }
    let mut ids = lines
        .iter()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    ids.peek().is_some()
        && ids.all(|l| {
            tatham::id_with_params(l, |p| {
                p.split_once('x').is_some_and(|(_, h)| h.contains('n'))
            }) && parse_id(l, 1, 0).is_ok()
        })
}

/// The sides between cells in the order of Tatham's edge list: `(cell, neighbour)`, the
/// sides below cells row by row, then the sides right of cells column by column.
fn sides(width: usize, height: usize) -> impl Iterator<Item = (usize, usize)> {
    let below = (0..width * height.saturating_sub(1)).map(move |i| (i, i + width));
    let right = (0..width.saturating_sub(1))
        .flat_map(move |x| (0..height).map(move |y| (y * width + x, y * width + x + 1)));
    below.chain(right)
}

/// The regions of the cells joined through `open` sides (in [`sides`] order), numbered by
/// first cell.
fn regions_of(width: usize, height: usize, open: &[bool]) -> Vec<usize> {
    let n = width * height;
    let mut joined = vec![Vec::new(); n];
    for ((a, b), _) in sides(width, height).zip(open).filter(|(_, o)| **o) {
        joined[a].push(b);
        joined[b].push(a);
    }
    let mut region = vec![usize::MAX; n];
    let mut next = 0;
    let mut stack = Vec::new();
    for start in 0..n {
        if region[start] != usize::MAX {
            continue;
        }
        region[start] = next;
        stack.push(start);
        while let Some(i) = stack.pop() {
            for &j in &joined[i] {
                if region[j] == usize::MAX {
                    region[j] = next;
                    stack.push(j);
                }
            }
        }
        next += 1;
    }
    region
}

/// Tatham's parameters after the size, `[nN][dX]`: the number of regions, if given.
fn tatham_options(rest: &str) -> Result<Option<usize>, (usize, String)> {
    let mut count = None;
    let mut i = 0;
    if let Some(after) = rest.strip_prefix('n') {
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        count = Some(
            after[..digits]
                .parse::<usize>()
                .map_err(|_| (0, "`n` needs the number of regions".to_string()))?,
        );
        i = 1 + digits;
    }
    if rest[i..].starts_with('d')
        && rest[i..].len() == 2
        && rest[i + 1..].starts_with(['e', 'n', 'h', 'u'])
    {
        i += 2;
    }
    if i < rest.len() {
        return Err((
            i,
            format!(
                "`{}` is no Map option (`nN` the regions; `dX` the generator's difficulty)",
                &rest[i..]
            ),
        ));
    }
    Ok(count)
}

/// A Tatham Map ID; `lead` is the column offset of `id` in its line.
pub fn parse_id(id: &str, line: usize, lead: usize) -> Result<Map, ParseError> {
    let (width, height, rest, desc, start) =
        lines::tatham_grid(id, "sgt-map", "Map", MAX_CELLS, line, lead)?;
    let rest_at = start - 1 - rest.len();
    let count = tatham_options(rest)
        .map_err(|(at, m)| ParseError::new(line, Some(lead + rest_at + at + 1), m))?;
    let at = |k: usize| Some(lead + start + k + 1);
    let count = count.unwrap_or(width * height / 8);
    let total = width * (height - 1) + (width - 1) * height;
    let comma = desc.find(',').ok_or_else(|| {
        ParseError::new(
            line,
            at(desc.len()),
            "expected `,` between the edge list and the colours",
        )
    })?;
    // The edge list: the notional first side, then every side, each open or a border.
    let mut open = Vec::with_capacity(total + 1);
    let mut border = false;
    for (k, ch) in desc[..comma].char_indices() {
        let run = match ch {
            'a'..='y' => usize::from(ch as u8 - b'a') + 1,
            'z' => 25,
            _ => {
                return Err(ParseError::new(
                    line,
                    at(k),
                    format!("unexpected `{ch}` in the edge list: expected a run `a`-`z`"),
                ));
            }
        };
        if open.len() + run > total + 1 {
            return Err(ParseError::new(
                line,
                at(k),
                format!("`{ch}` runs past the map's {total} sides"),
            ));
        }
        open.extend(std::iter::repeat_n(!border, run));
        if ch != 'z' {
            border = !border;
        }
    }
    if open.len() < total + 1 {
        return Err(ParseError::new(
            line,
            at(comma),
            format!(
                "the edge list covers {} of the map's {total} sides",
                open.len().saturating_sub(1)
            ),
        ));
    }
    let regions = regions_of(width, height, &open[1..]);
    let found = regions.iter().max().map_or(0, |m| m + 1);
    if found != count {
        return Err(ParseError::new(
            line,
            at(comma),
            format!("the edge list makes {found} regions, the parameters say {count}"),
        ));
    }
    let mut givens: Vec<Option<u32>> = Vec::with_capacity(count);
    for (k, ch) in desc[comma + 1..].char_indices() {
        let k = comma + 1 + k;
        let run = match ch {
            '0'..='3' => 1,
            'a'..='z' => usize::from(ch as u8 - b'a') + 1,
            _ => {
                return Err(ParseError::new(
                    line,
                    at(k),
                    format!(
                        "unexpected `{ch}` in the colours: expected a colour `0`-`3` or a run `a`-`z`"
                    ),
                ));
            }
        };
        if givens.len() + run > count {
            return Err(ParseError::new(
                line,
                at(k),
                format!("`{ch}` goes past the map's {count} regions"),
            ));
        }
        match ch.to_digit(10) {
            Some(colour) => givens.push(Some(colour)),
            None => givens.extend(std::iter::repeat_n(None, run)),
        }
    }
    if givens.len() < count {
        return Err(ParseError::new(
            line,
            at(desc.len()),
            format!(
                "the colours cover {} of the map's {count} regions",
                givens.len()
            ),
        ));
    }
    Ok(Map::new(width, height, regions, givens))
}

/// The plain form's rows (after the header at line `header`), the last perhaps the
/// `given` line.
fn plain(rows: &[(usize, &str)], header: usize) -> Result<Map, ParseError> {
    let is_given = |text: &str| {
        text.trim_start()
            .strip_prefix("given")
            .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace))
    };
    let (cells, given) = match rows.iter().position(|(_, t)| is_given(t)) {
        Some(k) if k + 1 < rows.len() => {
            return Err(ParseError::at_line(
                rows[k + 1].0,
                "the `given` line ends the map: no rows after it",
            ));
        }
        Some(k) => (&rows[..k], Some(rows[k])),
        None => (rows, None),
    };
    let (width, regions) = lines::region_rows(cells, header, "map", MAX_CELLS)?;
    let height = cells.len();
    let letters: Vec<char> = cells
        .iter()
        .flat_map(|(_, t)| t.chars().filter(|c| !c.is_whitespace()))
        .collect();
    let count = regions.iter().max().map_or(0, |m| m + 1);
    for r in 0..count {
        let values: Vec<u32> = regions.iter().map(|&k| u32::from(k == r)).collect();
        if let Some((cut, _)) = region::cut_off(width, &values, 1) {
            return Err(ParseError::at_line(
                cells[cut / width].0,
                format!(
                    "region `{}` is in several pieces (r{}c{} is cut off)",
                    letters[cut],
                    cut / width + 1,
                    cut % width + 1
                ),
            ));
        }
    }
    let mut givens = vec![None; count];
    if let Some((line, text)) = given {
        let mut col = 0;
        for token in text.split_inclusive(char::is_whitespace) {
            let word = token.trim_end();
            let column = col + 1;
            col += token.chars().count();
            if word.is_empty()
                || (column == text.len() - text.trim_start().len() + 1 && word == "given")
            {
                continue;
            }
            let bad = || {
                ParseError::new(
                    line,
                    Some(column),
                    format!("`{word}` is no `LETTER=COLOUR` (a region's letter, a colour 0-3)"),
                )
            };
            let (letter, colour) = word.split_once('=').ok_or_else(bad)?;
            let mut chars = letter.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let colour = colour
                .parse::<u32>()
                .ok()
                .filter(|&c| c < COLOURS)
                .ok_or_else(bad)?;
            let cell = letters.iter().position(|&c| c == letter).ok_or_else(|| {
                ParseError::new(
                    line,
                    Some(column),
                    format!("no region is drawn with `{letter}`"),
                )
            })?;
            givens[regions[cell]] = Some(colour);
        }
    }
    Ok(Map::new(width, height, regions, givens))
}

/// The ID written: what [`parse_id`] reads back, as Tatham's generator writes it.
impl Notate for Map {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        if form != Notation::Tatham {
            return None;
        }
        let (w, h) = self.size();
        let mut out = format!("{w}x{h}n{}:", self.givens.len());
        let letter = |run: usize| char::from(b'a' + (run - 1) as u8);
        // The edge list: a notional side that is no border, then runs flipping the state.
        let (mut run, mut before) = (1, false);
        for (a, b) in sides(w, h) {
            let border = self.regions[a] != self.regions[b];
            if border != before {
                out.push(letter(run));
                (run, before) = (1, border);
            } else {
                if run == 25 {
                    out.push('z');
                    run = 0;
                }
                run += 1;
            }
        }
        out.push(letter(run));
        out.push(',');
        let colours: Vec<Option<String>> = self
            .givens
            .iter()
            .map(|g| g.map(|c| c.to_string()))
            .collect();
        out.push_str(&tatham::write_runs(&colours, false));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_and_rows_read_alike() {
        // aab
        // cdb   with a given 0 and d given 3.
        let plain = parse("map\naab\ncdb\ngiven a=0 d=3\n").remove(0).unwrap().1;
        assert_eq!(plain.regions(), &[0, 0, 1, 2, 3, 1]);
        assert_eq!(plain.givens(), &[Some(0), None, None, Some(3)]);
        let id = plain.notate(Notation::Tatham).unwrap();
        assert_eq!(parse_id(&id, 1, 0).unwrap(), plain);
        assert!(looks_like(&[id.as_str()]));
        assert!(!looks_like(&["7x7m2:a3b3a22g4a3b2g6e4g4b2b1"]));
    }
}
