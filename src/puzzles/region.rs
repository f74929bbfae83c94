//! The checkers' flood fill: whether the cells of a grid holding one value form one
//! orthogonally connected region. Checkers only: it shares nothing with the encoders'
//! connectivity (`constraints::connected`).

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
