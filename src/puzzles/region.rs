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
