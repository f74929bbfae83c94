//! puzz.link / pzv.jp URLs (`encodings/constraints.md` (the formats, from the genre fact sheet) part B): the address shape and the
//! Number16 cell alphabet the grid genres share. Errors carry the character offset in the
//! URL.

use super::tatham::FormatError;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_number16() {
        let (kind, parts, at) = split("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
        assert_eq!((kind, parts.len(), at), ("skyscrapers", 3, 32));
        let (slots, end) = number16_slots("k13h4j3g", 0, 16).unwrap();
        assert_eq!(end, 8);
        assert_eq!(slots[5], Some(Some(1)));
        assert_eq!(slots[5 + 1], Some(Some(3)));
    }
}
