//! puzz.link / pzv.jp URLs (`encodings/constraints.md` (the formats, from the genre fact sheet) part B): the address shape and the
//! Number16 cell alphabet the grid genres share. Errors carry the character offset in the
//! URL.

use super::tatham::FormatError;
use crate::util::dsf::Dsf;

/// The hosts a URL may name, before `KIND/…`.
const PREFIXES: [&str; 3] = ["puzz.link/p?", "pzv.jp/p.html?", "pzprxs.vercel.app/p?"];

/// Whether `line` is a puzz.link URL of genre `kind`.
pub fn is_url_of(line: &str, kind: &str) -> bool {
    split(line).is_some_and(|(k, _, _)| k == kind)
}

/// `(kind, parts after the kind, offset of the first part)` of a URL.
pub fn split(line: &str) -> Option<(&str, Vec<&str>, usize)> {
    let rest = line
        .strip_prefix("https://")
        .or_else(|| line.strip_prefix("http://"))
        .unwrap_or(line);
    let base = line.len() - rest.len();
    let (prefix, body) = PREFIXES
        .iter()
        .find_map(|p| rest.strip_prefix(p).map(|b| (p, b)))?;
    let (kind, parts) = body.split_once('/')?;
    Some((
        kind,
        parts.split('/').collect(),
        base + prefix.len() + kind.len() + 1,
    ))
}

/// A decimal size field of the URL.
pub fn size(text: &str, at: usize) -> Result<usize, FormatError> {
    text.parse()
        .ok()
        .filter(|&n: &usize| n >= 1)
        .ok_or_else(|| FormatError::at(at, format!("`{text}` is not a size")))
}

/// A URL of genre `kind` on puzz.link.
pub fn url(kind: &str, width: usize, height: usize, body: &str) -> String {
    format!("https://puzz.link/p?{kind}/{width}/{height}/{body}")
}

/// Runs of `empty` cells as Number16's letters `g`..`z` (1..20 each).
fn write_empties(out: &mut String, mut empty: usize) {
    while empty > 0 {
        let run = empty.min(20);
        out.push(char::from(b'f' + run as u8));
        empty -= run;
    }
}

/// Number16 written (the inverse of [`number16_slots`]): `None` empty, `Some(None)` a `.`
/// ("?"), `Some(Some(v))` the number `v` (`v` < 4096).
pub fn write_number16(slots: &[Slot]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for slot in slots {
        match slot {
            None => empty += 1,
            Some(value) => {
                write_empties(&mut out, std::mem::take(&mut empty));
                match value {
                    None => out.push('.'),
                    Some(v) if *v < 16 => out.push_str(&format!("{v:x}")),
                    Some(v) if *v < 256 => out.push_str(&format!("-{v:02x}")),
                    Some(v) => out.push_str(&format!("+{v:03x}")),
                }
            }
        }
    }
    write_empties(&mut out, empty);
    out
}

/// 4Cell written (slither, akari): `None` empty, `Some(None)` a `.`, `Some(Some(v))` a
/// number 0–4, which carries up to two empty cells after it (`v`, `v+5`, `a`+`v`).
pub fn write_4cell(cells: &[Option<Option<u8>>]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < cells.len() {
        match cells[i] {
            Some(Some(v)) => {
                let after = cells[i + 1..]
                    .iter()
                    .take(2)
                    .take_while(|c| c.is_none())
                    .count();
                let code = u32::from(v) + 5 * after as u32;
                out.push(char::from_digit(code, 16).expect("a 4Cell code is below 15"));
                i += 1 + after;
            }
            Some(None) => {
                out.push('.');
                i += 1;
            }
            None => {
                let run = cells[i..].iter().take_while(|c| c.is_none()).count();
                write_empties(&mut out, run);
                i += run;
            }
        }
    }
    out
}

/// 4Cell read (the inverse of [`write_4cell`]) over `n` cells from `body` (at offset
/// `body_at` in the URL): `None` empty, `Some(None)` a `.`, `Some(Some(v))` a number 0–4.
/// Empties that run past the last cell are the encoder's padding; fewer cells than `n` are
/// padded with empties (pzprjs stops at the last clue).
pub fn four_cell(
    body: &str,
    body_at: usize,
    n: usize,
) -> Result<Vec<Option<Option<u8>>>, FormatError> {
    let mut cells = Vec::with_capacity(n);
    for (j, ch) in body.char_indices() {
        let at = body_at + j;
        if cells.len() >= n {
            return Err(FormatError::at(
                at,
                format!("more than the grid's {n} cells"),
            ));
        }
        let (cell, empties) = match ch {
            '0'..='4' => (Some(Some(ch as u8 - b'0')), 0),
            '5'..='9' => (Some(Some(ch as u8 - b'5')), 1),
            'a'..='e' => (Some(Some(ch as u8 - b'a')), 2),
            '.' => (Some(None), 0),
            'g'..='z' => (None, usize::from(ch as u8 - b'f')),
            _ => {
                return Err(FormatError::at(
                    at,
                    format!(
                        "unexpected `{ch}`: a 4Cell body holds `0`-`9`, `a`-`e`, `.` and runs `g`-`z`"
                    ),
                ));
            }
        };
        if let Some(cell) = cell {
            cells.push(Some(cell));
        }
        let room = n - cells.len();
        cells.extend(std::iter::repeat_n(None, empties.min(room)));
    }
    cells.resize(n, None);
    Ok(cells)
}

/// A grid genre's URL (`KIND/W/H/BODY`) with its sizes read; offsets are in the URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridUrl<'a> {
    /// The genre's name as the URL writes it (one of those asked for).
    pub kind: &'a str,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Offset of the height field (where a grid too large is reported).
    pub height_at: usize,
    /// The cell description, empty when the URL ends after the height.
    pub body: &'a str,
    /// Offset of the body (the URL's length when there is none).
    pub body_at: usize,
    /// Fields after the body (some genres write more), each with its offset.
    pub rest: Vec<(&'a str, usize)>,
}

/// Reads `url` as a URL of one of `kinds` (`genre` names them in messages). A field before
/// the width that is not a number is a pzprjs variant mark (`v:`, slitherlink's `f`), whose
/// rules differ: refused by name rather than read as the plain genre.
pub fn grid_url<'a>(url: &'a str, kinds: &[&str], genre: &str) -> Result<GridUrl<'a>, FormatError> {
    let shape = kinds
        .first()
        .map_or(String::new(), |k| format!(" (`{k}/W/H/…`)"));
    let (kind, parts, base) = split(url)
        .ok_or_else(|| FormatError::at(0, format!("not a puzz.link {genre} URL{shape}")))?;
    if !kinds.contains(&kind) {
        return Err(FormatError::at(
            base.saturating_sub(kind.len() + 1),
            format!("`{kind}` is not a {genre} URL{shape}"),
        ));
    }
    let mut fields = Vec::with_capacity(parts.len());
    let mut at = base;
    for part in parts {
        fields.push((part, at));
        at += part.len() + 1;
    }
    if let Some(&(mark, at)) = fields.first()
        && !mark.is_empty()
        && !mark.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(FormatError::at(
            at,
            format!(
                "`{mark}/` marks a pzprjs variant with other rules, which satcover does not read"
            ),
        ));
    }
    let field = |k: usize, what: &str| -> Result<usize, FormatError> {
        let &(text, at) = fields
            .get(k)
            .ok_or_else(|| FormatError::at(url.len(), format!("expected the {what}")))?;
        size(text, at)
            .map_err(|e| FormatError::at(e.offset, format!("expected the {what}: {}", e.message)))
    };
    let width = field(0, "width")?;
    let height = field(1, "height")?;
    let (body, body_at) = fields.get(2).copied().unwrap_or(("", url.len()));
    Ok(GridUrl {
        kind,
        width,
        height,
        height_at: fields[1].1,
        body,
        body_at,
        rest: fields.into_iter().skip(3).collect(),
    })
}

/// One Number16 entry at `text[i..]`: `Ok(Some((value, chars)))` for a number (`None` value:
/// a `.` "?" cell), `Ok(None)` for a letter `g`–`z` (the run length is `letter − 'f'`).
fn number16(text: &str, i: usize) -> Result<(Option<Option<u32>>, usize), FormatError> {
    let b = text.as_bytes();
    let hex = |s: &str| u32::from_str_radix(s, 16).ok();
    let bad = || {
        FormatError::at(
            i,
            format!("unexpected `{}`", text[i..].chars().next().unwrap_or('?')),
        )
    };
    match b[i] {
        b'0'..=b'9' | b'a'..=b'f' => Ok((Some(hex(&text[i..=i])), 1)),
        b'-' => text
            .get(i + 1..i + 3)
            .and_then(hex)
            .map(|v| (Some(Some(v)), 3))
            .ok_or_else(bad),
        b'+' => text
            .get(i + 1..i + 4)
            .and_then(hex)
            .map(|v| (Some(Some(v)), 4))
            .ok_or_else(bad),
        b'.' => Ok((Some(None), 1)),
        b'g'..=b'z' => Ok((None, 1)),
        _ => Err(bad()),
    }
}

/// A Number16 slot: `None` empty, `Some(None)` "?", `Some(Some(v))` the number `v`.
pub type Slot = Option<Option<u32>>;

/// `count` Number16 slots from `text[start..]` (a run of empties may not run past `count`):
/// each `None` (empty), `Some(None)` ("?"), or `Some(Some(v))`; and where reading stopped.
pub fn number16_slots(
    text: &str,
    start: usize,
    count: usize,
) -> Result<(Vec<Slot>, usize), FormatError> {
    let mut out = Vec::with_capacity(count);
    let mut i = start;
    while out.len() < count {
        if i >= text.len() {
            return Err(FormatError::at(
                i,
                format!("{} of {count} cells described", out.len()),
            ));
        }
        let (entry, len) = number16(text, i)?;
        match entry {
            Some(v) => out.push(Some(v)),
            None => {
                let run = usize::from(text.as_bytes()[i] - b'f');
                if out.len() + run > count {
                    return Err(FormatError::at(
                        i,
                        "a run of empty cells goes past the grid",
                    ));
                }
                out.extend(std::iter::repeat_n(None, run));
            }
        }
        i += len;
    }
    Ok((out, i))
}

/// Regions of a `width × height` grid from pzprjs's border encoding (`decodeBorder`; cspuz's
/// `Rooms`) at `text[start..]`: first the (W−1)·H borders between cells side by side (row
/// by row), then the W·(H−1) borders between cells one above the other, each part 5 borders
/// a base-32 character (`0`–`9`, `a`–`v`), the first border the highest bit, the last
/// character padded with zero bits. Regions are the cells joined through non-borders,
/// numbered in the order of their first cell; returns them per cell and where reading stopped.
pub fn borders(
    text: &str,
    start: usize,
    width: usize,
    height: usize,
) -> Result<(Vec<usize>, usize), FormatError> {
    let mut i = start;
    let mut part = |count: usize| -> Result<Vec<bool>, FormatError> {
        let mut bits = Vec::with_capacity(count);
        while bits.len() < count {
            let ch = text[i..].chars().next().ok_or_else(|| {
                FormatError::at(
                    i,
                    format!("{} of the grid's {count} borders described", bits.len()),
                )
            })?;
            let v = ch.to_digit(32).ok_or_else(|| {
                FormatError::at(
                    i,
                    format!("unexpected `{ch}` (borders are `0`-`9`, `a`-`v`)"),
                )
            })?;
            for b in (0..5).rev() {
                if bits.len() < count {
                    bits.push(v >> b & 1 == 1);
                }
            }
            i += 1;
        }
        Ok(bits)
    };
    let across = part((width - 1) * height)?;
    let down = part(width * (height - 1))?;
    // Union-find through the open sides.
    let mut sets = Dsf::new(width * height);
    for r in 0..height {
        for c in 0..width - 1 {
            if !across[r * (width - 1) + c] {
                sets.union(r * width + c, r * width + c + 1);
            }
        }
    }
    for r in 0..height - 1 {
        for c in 0..width {
            if !down[r * width + c] {
                sets.union(r * width + c, (r + 1) * width + c);
            }
        }
    }
    Ok((sets.classes(), i))
}

/// The border encoding of `regions` (one id per cell of a grid `width` wide), the inverse
/// of [`borders`] when each region is connected.
pub fn write_borders(width: usize, regions: &[usize]) -> String {
    let height = regions.len() / width;
    let mut bits = Vec::new();
    for r in 0..height {
        for c in 0..width - 1 {
            bits.push(regions[r * width + c] != regions[r * width + c + 1]);
        }
    }
    let across = bits.len();
    for r in 0..height.saturating_sub(1) {
        for c in 0..width {
            bits.push(regions[r * width + c] != regions[(r + 1) * width + c]);
        }
    }
    let mut out = String::new();
    for part in [&bits[..across], &bits[across..]] {
        for chunk in part.chunks(5) {
            let v = chunk
                .iter()
                .enumerate()
                .fold(0u32, |v, (k, &b)| v | u32::from(b) << (4 - k));
            out.push(char::from_digit(v, 32).expect("five bits"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borders_read_as_cspuz_writes_them() {
        // cspuz's star battle test: the first row's borders 0 0 0 1 0, the second's 1 1 1 1 0.
        let body = "2u9gn9c9jpmk";
        let (regions, end) = borders(body, 0, 6, 6).unwrap();
        assert_eq!(end, 12);
        assert_eq!(&regions[..12], &[0, 0, 0, 0, 1, 1, 0, 2, 3, 0, 1, 1]);
        assert_eq!(write_borders(6, &regions), body);
        assert!(
            borders("2u9", 0, 6, 6)
                .unwrap_err()
                .message
                .contains("of the grid's 30")
        );
        assert_eq!(borders("", 0, 1, 1).unwrap(), (vec![0], 0));
    }

    #[test]
    fn urls_and_number16() {
        let (kind, parts, at) = split("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
        assert_eq!((kind, parts.len(), at), ("skyscrapers", 3, 32));
        let (slots, end) = number16_slots("k13h4j3g", 0, 16).unwrap();
        assert_eq!(end, 8);
        assert_eq!(slots[5], Some(Some(1)));
        assert_eq!(slots[5 + 1], Some(Some(3)));
    }

    #[test]
    fn number16_is_written_as_it_is_read() {
        let slots: Vec<Slot> = vec![
            None,
            Some(Some(1)),
            Some(Some(300)),
            None,
            None,
            Some(None),
            Some(Some(17)),
        ];
        let text = write_number16(&slots);
        assert_eq!(text, "g1+12ch.-11");
        assert_eq!(number16_slots(&text, 0, slots.len()).unwrap().0, slots);
        assert_eq!(write_number16(&[None; 45]), "zzk");
    }

    #[test]
    fn four_cell_carries_up_to_two_empties_after_a_number() {
        let cells = [
            Some(Some(2)),
            None,
            None,
            None,
            Some(Some(4)),
            None,
            Some(None),
            Some(Some(0)),
        ];
        assert_eq!(write_4cell(&cells), "cg9.0");
    }

    #[test]
    fn grid_urls_read_their_sizes_and_refuse_variants_and_other_genres() {
        let url = "https://puzz.link/p?akari/3/2/g1.0h";
        let g = grid_url(url, &["akari", "lightup"], "light up").unwrap();
        assert_eq!(
            (g.kind, g.width, g.height, g.body),
            ("akari", 3, 2, "g1.0h")
        );
        assert_eq!(&url[g.body_at..], "g1.0h");
        assert_eq!(&url[g.height_at..g.height_at + 1], "2");
        let e = grid_url(
            "https://puzz.link/p?nurikabe/v:/5/5/x",
            &["nurikabe"],
            "nurikabe",
        )
        .unwrap_err();
        assert!(
            e.message.contains("`v:/` marks a pzprjs variant"),
            "{}",
            e.message
        );
        let e = grid_url("https://puzz.link/p?hitori/4/4/x", &["akari"], "light up").unwrap_err();
        assert_eq!(e.offset, 20);
        assert!(e.message.contains("`hitori` is not a light up URL"));
        let e = grid_url("https://puzz.link/p?akari/3", &["akari"], "light up").unwrap_err();
        assert_eq!((e.offset, e.message.as_str()), (27, "expected the height"));
        assert!(grid_url("https://puzz.link/p?akari/3/0/", &["akari"], "light up").is_err());
    }
}
