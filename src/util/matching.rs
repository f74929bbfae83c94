//! Matchings of cells to values on small bit-set graphs (at most `N` ≤ 64 values): a cell's
//! candidates are the bits of its mask. The first step of Régin's all-different filter
//! (Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994), whose
//! second step reads the Hall sets off the components of `scc`: used by the sudoku engines
//! (one matching per house) and the constraint layer's all-different.
//!
//! Names: cells are indices `i` into `open`, which maps them to places in `cand`; `mate[d]`
//! is the cell given value `d` and `digit[i]` its inverse, [`NONE`] when unmatched.

/// No cell, no value.
pub const NONE: u8 = u8::MAX;

/// The greedy start of a matching of the open cells `open[..k]` (cell indices into `cand`
/// and `hint`) to digits outside `placed`: each cell in turn takes `hint[cell]` (its digit in
/// the last matching) if still free, else its lowest free candidate, else nothing (left to
/// [`augment`]). `mate[d]`: the index into `open` given digit d; `digit[i]` its inverse.
pub fn greedy_start<const N: usize>(
    cand: &[u64],
    open: &[u32; N],
    k: usize,
    placed: u64,
    hint: Option<&[u8]>,
    mate: &mut [u8; N],
    digit: &mut [u8; N],
) {
    let mut used = placed;
    for i in 0..k {
        let cell = open[i] as usize;
        let free = cand[cell] & !used;
        let h = hint.map_or(NONE, |hint| hint[cell]);
        let d = if h != NONE && free & (1u64 << h) != 0 {
            h as usize
        } else if free != 0 {
            free.trailing_zeros() as usize
        } else {
            continue;
        };
        used |= 1u64 << d;
        mate[d] = i as u8;
        digit[i] = d as u8;
    }
}

/// Breadth-first search for an augmenting path from the unmatched open cell `start` (Hall's
/// theorem: none means no perfect matching); flips it when found. The digits in `placed`
/// are taken by fixed cells.
pub fn augment<const N: usize>(
    cand: &[u64],
    open: &[u32; N],
    placed: u64,
    mate: &mut [u8; N],
    digit: &mut [u8; N],
    start: usize,
) -> bool {
    // from[d]: the cell through which digit d was reached.
    let mut from = [NONE; N];
    let mut seen = placed;
    let mut todo = [0u8; N];
    todo[0] = start as u8;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let cell = todo[head] as usize;
        head += 1;
        let mut new = cand[open[cell] as usize] & !seen;
        seen |= new;
        while new != 0 {
            let d = new.trailing_zeros() as usize;
            new &= new - 1;
            from[d] = cell as u8;
            if mate[d] == NONE {
                // Flip the path back to the start.
                let mut d = d;
                loop {
                    let cell = from[d] as usize;
                    let old = digit[cell];
                    mate[d] = cell as u8;
                    digit[cell] = d as u8;
                    if cell == start {
                        return true;
                    }
                    d = old as usize;
                }
            }
            todo[tail] = mate[d];
            tail += 1;
        }
    }
    false
}
