//! The checkers' flood fill: whether the cells of a grid holding one value form one
//! orthogonally connected region. Checkers only: it shares nothing with the encoders'
//! connectivity (`constraints::connected`). And the region genres' (star battle)
//! region ids: renumbered in reading order, and their letters in the plain form.

/// With the cells of a row-major grid `width` wide holding `value`: `None` when they are
/// one orthogonally connected region (or there are none), else `Some((cut, start))`, a cell
/// the flood fill from the first such cell `start` does not reach.
pub(crate) fn cut_off(width: usize, values: &[u32], value: u32) -> Option<(usize, usize)> {
    let start = values.iter().position(|&v| v == value)?;
    let n = values.len();
    let mut reached = vec![false; n];
    reached[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        let (r, c) = (i / width, i % width);
        let up = (r > 0).then(|| i - width);
        let down = (i + width < n).then_some(i + width);
        let left = (c > 0).then(|| i - 1);
        let right = (c + 1 < width).then_some(i + 1);
        for j in [up, down, left, right].into_iter().flatten() {
            if values[j] == value && !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    (0..n)
        .find(|&i| values[i] == value && !reached[i])
        .map(|i| (i, start))
}

/// Region ids renumbered in the order of their first cell.
pub(crate) fn renumber(regions: &[usize]) -> Vec<usize> {
    let mut seen = std::collections::HashMap::new();
    regions
        .iter()
        .map(|&k| {
            let next = seen.len();
            *seen.entry(k).or_insert(next)
        })
        .collect()
}

/// A letter for region `k` in the plain form (62 letters and digits, then other symbols).
pub(crate) fn region_char(k: usize) -> char {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    ALPHABET
        .get(k)
        .map(|&b| char::from(b))
        .unwrap_or_else(|| char::from_u32(0x100 + (k - ALPHABET.len()) as u32).unwrap_or('?'))
}

/// The regions of a `width`-wide grid as rows of letters ([`region_char`]), a row a line,
/// `#` for the cells `shaded` says.
pub(crate) fn letters(width: usize, regions: &[usize], shaded: impl Fn(usize) -> bool) -> String {
    regions
        .chunks(width)
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &k)| {
                    if shaded(r * width + c) {
                        '#'
                    } else {
                        region_char(k)
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A puzz.link URL of `kind` whose body is pzprjs's border encoding and nothing else
/// (norinori, LITS): its width, height and regions (`constraints::puzzlink::borders`),
/// the grid bounded by `max_cells`; `lead` is the URL's column offset in line `line`.
pub(crate) fn borders_url(
    url: &str,
    kind: &str,
    max_cells: usize,
    line: usize,
    lead: usize,
) -> Result<(usize, usize, Vec<usize>), super::ParseError> {
    use crate::constraints::puzzlink;
    let err = |offset: usize, m: String| super::ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &[kind], kind).map_err(|e| err(e.offset, e.message))?;
    super::lines::grid_size(g.width, g.height, max_cells, line, lead + g.height_at + 1)?;
    let (regions, end) = puzzlink::borders(url, g.body_at, g.width, g.height)
        .map_err(|e| err(e.offset, e.message))?;
    if end < g.body_at + g.body.len() || !g.rest.is_empty() {
        return Err(err(end, "more than the grid's borders".into()));
    }
    Ok((g.width, g.height, regions))
}

/// The URL [`borders_url`] reads back, as pzprjs writes it, when every region is
/// connected (the border encoding cannot say otherwise); none otherwise.
pub(crate) fn write_borders_url(kind: &str, width: usize, regions: &[usize]) -> Option<String> {
    use crate::constraints::puzzlink;
    let height = regions.len() / width;
    let body = puzzlink::write_borders(width, regions);
    let back = puzzlink::borders(&body, 0, width, height).ok()?.0;
    (back == regions).then(|| puzzlink::url(kind, width, height, &body))
}
