//! The bit-parallel line solver: the same answer as the cell-by-cell DP of Batenburg &
//! Kosters (every cell some pattern allows black, every cell some pattern allows white; the
//! tests compare the two), computed on whole lines at once as masks ([`Mask`]: a `u128`, or several words for lines over
//! 127 cells).
//!
//! Glossary:
//! - **cells**: bit `i` of a cell mask is cell `i` of the line (`i < n`, `n ≤`
//!   [`max_len`]).
//! - **positions**: bit `p` of a position set is the boundary before cell `p` (`0 ≤ p ≤ n`),
//!   so a prefix `[0, p)` or a suffix of length `p`; this is why `n` must stay below the
//!   mask's capacity.
//! - **`can_b` / `can_w`**: the cells that may still be black / white.
//! - **`q[j]`**: the positions `p` where the prefix `[0, p)` can hold exactly the first `j`
//!   blocks (its cells after block `j − 1` white).
//! - **`starts[j]`**: the cells where block `j` may start, seen from the left: the prefix
//!   before it holds blocks `0..j` with a white gap, and its own cells may be black.
//!
//! Algorithm: the prefix DP `F[i][j]` of Batenburg & Kosters (Pattern Recognition 42(8),
//! 2009) evaluated one block at a time over all positions at once, in the spirit of
//! bit-parallel string matching (Baeza-Yates & Gonnet, CACM 35(10), 1992). Two operations
//! carry it:
//! - "the next `L` cells may all be black" is an AND of shifted `can_b` masks, built by
//!   doubling in O(log L) steps (`runs`); placing a block is a shift by `L`;
//! - "extend a prefix by white cells" is a flood fill along runs of `can_w`, done by one
//!   addition whose carries ripple up each run (`fill`, the carry trick of bitboard
//!   move generators).
//!
//! The same pass runs on the reversed line and clue; a placement of block `j` is possible
//! when it is a start from the left and its mirror is a start from the right. A cell may be
//! black when some possible placement covers it; it may be white when, for some `j`, the
//! prefix before it holds `j` blocks and the suffix after it the other `k − j`. Cost:
//! O(k · log n) word operations per line, no allocation (fixed arrays on the stack).
//!
//! Colour ([`solve_colour`]): one `can` mask per palette colour; block `j` of colour `c`
//! reads `can[c]`, and needs a background cell before it only when block `j − 1` has the
//! same colour. The background keeps the role of white.
//!
//! Long lines (masks of several words) cost in proportion to their words, so two cheaper
//! forms come first, both exact:
//! - **trimmed** (`solve_trimmed`): the cells already settled at each end of the line,
//!   cut after a background cell, hold the clue's first and last blocks (checked); when
//!   the open middle fits 127 cells it is solved as a line of its own on `u128` masks.
//! - **rebased** (`solve_rebased`): block `j` can only start within `slack` cells of its
//!   leftmost start (`slack`: the line's length less the clue's least length), so when
//!   `slack` is under about 64 cells each DP entry fits a `u128` window that starts at a
//!   word boundary; the window moves up a word once the entries have left its low word.
//!   Every operation is then one `u128` operation, as on a line of 127 cells, and the
//!   windows are read as whole words.
//! - **banded** (`solve_banded`): the same bound with one window per block at the block's
//!   own leftmost start, for `slack` up to 127 cells, at the price of shifted window reads.

/// The longest line a `u128` mask takes: positions `0..=n` need `n + 1` bits.
pub const MAX_LEN: usize = 127;

use super::super::{Block, MAX_COLOURS, min_length};
use super::words::Mask;

/// The longest line masks of type `M` take.
pub fn max_len<M: Mask>() -> usize {
    M::BITS - 1
}

/// The cells `0..n` as a mask.
#[inline]
pub fn full<M: Mask>(n: usize) -> M {
    debug_assert!(n < M::BITS);
    M::full(n)
}

/// Positions reachable from `seeds` by stepping up through `pass` (bit `p` of `pass`: the
/// step from `p − 1` to `p` is allowed). Adding the seeds to `pass | seeds` clears each run
/// from its lowest seed upward and carries into the zero above it; the bits that flipped,
/// kept inside the runs, are what the seeds reach. Seeds further up the same run land on
/// cleared bits and carry nothing, so one addition serves every run.
#[inline(always)]
fn fill<M: Mask>(seeds: M, pass: M) -> M {
    let t = pass | seeds;
    ((t.wrapping_add(seeds) ^ t) & t) | seeds
}

/// The cells `s` with `can[s..s + len]` all set (`len ≥ 1`), by doubling.
#[inline(always)]
fn runs<M: Mask>(can: M, len: usize) -> M {
    debug_assert!((1..M::BITS).contains(&len));
    let mut x = can;
    let mut have = 1;
    while have * 2 <= len {
        x &= x >> have;
        have *= 2;
    }
    if have < len {
        x &= x >> (len - have);
    }
    x
}

/// The cells covered by a block of `len` starting at any bit of `starts`.
#[inline(always)]
fn spread<M: Mask>(starts: M, len: usize) -> M {
    debug_assert!((1..M::BITS).contains(&len));
    let mut x = starts;
    let mut have = 1;
    while have * 2 <= len {
        x |= x << have;
        have *= 2;
    }
    if have < len {
        x |= x << (len - have);
    }
    x
}

/// [`runs`] in a fixed number of doubling steps, enough for every `len ≤ 2^steps`: one
/// line passes the same `steps` for all its blocks, so the loop's branches stay predicted
/// where those of [`runs`] follow each block's length (a mispredicted branch costs more
/// than a step on `u128`).
#[inline(always)]
fn runs_in(can: u128, len: usize, steps: u32) -> u128 {
    debug_assert!((1..=1 << steps).contains(&len) && len < 128);
    let mut x = can;
    let mut have = 1;
    for _ in 0..steps {
        // `x` is the AND of `can >> t` for `t < have`; a step may double that.
        // (Below 64, which `& 63` tells the compiler: a funnel shift with no word test.)
        let step = have.min(len - have) & 63;
        x &= x >> step;
        have += step;
    }
    x
}

/// [`spread`] in a fixed number of steps, as [`runs_in`].
#[inline(always)]
fn spread_in(starts: u128, len: usize, steps: u32) -> u128 {
    debug_assert!((1..=1 << steps).contains(&len) && len < 128);
    let mut x = starts;
    let mut have = 1;
    for _ in 0..steps {
        let step = have.min(len - have) & 63;
        x |= x << step;
        have += step;
    }
    x
}

/// The doubling steps [`runs_in`] needs for blocks up to `longest` cells.
fn steps_for(longest: usize) -> u32 {
    usize::BITS - longest.saturating_sub(1).leading_zeros()
}

/// Cell `i` ↦ cell `n − 1 − i`.
#[inline(always)]
fn reverse_cells<M: Mask>(x: M, n: usize) -> M {
    x.reverse_bits() >> (M::BITS - n)
}

/// Each of the `can` masks with its cells reversed, written into the front of `reversed`:
/// the backward pass is the forward pass run on these masks and the reversed clue.
fn reverse_all<'a, M: Mask>(reversed: &'a mut [M], can: &[M], n: usize) -> &'a [M] {
    let reversed = &mut reversed[..can.len()];
    for (r, &m) in reversed.iter_mut().zip(can) {
        *r = reverse_cells(m, n);
    }
    reversed
}

/// Position `p` ↦ position `n − p`.
#[inline(always)]
fn reverse_positions<M: Mask>(x: M, n: usize) -> M {
    x.reverse_bits() >> (M::BITS - 1 - n)
}

/// Scratch tables for [`solve_colour`], sized for the longest line `M` takes; kept by the
/// caller so that nothing is allocated per call.
pub struct Tables<M: Mask> {
    q_fwd: Vec<M>,
    q_bwd: Vec<M>,
    s_fwd: Vec<M>,
    s_bwd: Vec<M>,
    /// The `can` masks of a line, reversed.
    reversed: Vec<M>,
    /// The same tables for the banded solver (multi-word masks only).
    band: [Band; 2],
    /// Tables for the open middle of a long line when it fits a `u128` (multi-word masks
    /// only; see [`solve_trimmed`]).
    narrow: Option<Box<Narrow>>,
}

/// A line's open middle on `u128` masks.
struct Narrow {
    tables: Tables<u128>,
    can: [u128; MAX_COLOURS + 1],
    may: [u128; MAX_COLOURS + 1],
}

/// One direction of the banded solver: `q[j]` and `starts[j]` as in [`sweep`], each
/// held as a `u128` window of the line that starts at bit `at_q[j]` / `at_s[j]`. The
/// rebased solver ([`sweep_rebased`]) keeps its windows by word instead: `first[w]` is the
/// first block held at window `w` (up to `last`, and `first[last + 1] = k`).
#[derive(Default)]
struct Band {
    q: Vec<u128>,
    starts: Vec<u128>,
    at_q: Vec<usize>,
    at_s: Vec<usize>,
    first: Vec<usize>,
    last: usize,
}

impl Band {
    fn with_blocks(blocks: usize, words: usize) -> Band {
        Band {
            q: vec![0; blocks + 1],
            starts: vec![0; blocks],
            at_q: vec![0; blocks + 1],
            at_s: vec![0; blocks],
            first: vec![0; words],
            last: 0,
        }
    }
}

impl<M: Mask> Default for Tables<M> {
    fn default() -> Tables<M> {
        Tables::new()
    }
}

impl<M: Mask> Tables<M> {
    /// Tables for every line `M` takes (blocks of different colours may touch: at most
    /// one block per cell).
    pub fn new() -> Tables<M> {
        Tables::with_blocks(max_len::<M>())
    }

    /// Tables for clues of at most `blocks` blocks (longer clues are refused as
    /// contradictions): what an engine that knows its clues allocates, which matters
    /// for wide masks.
    pub fn with_blocks(blocks: usize) -> Tables<M> {
        Tables {
            q_fwd: vec![M::ZERO; blocks + 1],
            q_bwd: vec![M::ZERO; blocks + 1],
            s_fwd: vec![M::ZERO; blocks],
            s_bwd: vec![M::ZERO; blocks],
            reversed: vec![M::ZERO; MAX_COLOURS + 1],
            band: if M::BITS > u128::BITS as usize {
                let words = M::BITS / 64;
                [
                    Band::with_blocks(blocks, words),
                    Band::with_blocks(blocks, words),
                ]
            } else {
                Default::default()
            },
            narrow: (M::BITS > u128::BITS as usize).then(|| {
                Box::new(Narrow {
                    tables: Tables::with_blocks(blocks.min(MAX_LEN)),
                    can: [0; MAX_COLOURS + 1],
                    may: [0; MAX_COLOURS + 1],
                })
            }),
        }
    }
}

/// One direction of the DP, over the blocks `block(0..k)` in this direction: `can[c]` the
/// cells that may take palette colour `c` (`can[0]`: the background). Fills `q[0..=k]` and
/// `starts[0..k]`; returns whether the whole line fits. A block needs a background cell
/// before it only when the block before it has its colour.
#[inline]
fn sweep<M: Mask>(
    k: usize,
    block: impl Fn(usize) -> Block,
    n: usize,
    can: &[M],
    q: &mut [M],
    starts: &mut [M],
) -> bool {
    let can_w = can[0];
    let pass = can_w << 1;
    q[0] = fill(M::bit(0), pass);
    let mut previous: Option<u8> = None;
    for j in 0..k {
        let Block { len, colour } = block(j);
        let before = match previous {
            None => q[0],
            Some(p) if p == colour => (q[j] & can_w) << 1,
            Some(_) => q[j],
        };
        let s = before & runs(can[usize::from(colour)], len);
        starts[j] = s;
        q[j + 1] = fill(s << len, pass);
        if q[j + 1].is_zero() {
            return false;
        }
        previous = Some(colour);
    }
    q[k].get(n)
}

/// [`sweep`] on a band: block `j` can only start in `lo_j ..= lo_j + slack`, where `lo_j`
/// is its leftmost start (the blocks before it packed to the left) and `slack` is `n`
/// less the clue's least length, so each table entry is a `u128` window of the line
/// (`starts[j]` at `lo_j`, `q[j + 1]` at `lo_j + len_j`, the end of the leftmost
/// placement) and the cost no longer grows with the line. The windows keep the bits
/// `0 ..= slack`: the positions beyond can begin no fitting line, and every use of the
/// tables meets the other direction, which has none there. Needs `slack + len < 128`
/// for every block, so that a window holds every cell its starts cover.
#[inline]
fn sweep_band<M: Mask>(
    k: usize,
    block: impl Fn(usize) -> Block,
    n: usize,
    slack: usize,
    can: &[M],
    band: &mut Band,
) -> bool {
    let can_w = can[0];
    let keep = full::<u128>(slack + 1);
    // Window at 0; the step into position p needs cell p − 1 white.
    band.q[0] = fill(1, can_w.window(0) << 1) & keep;
    band.at_q[0] = 0;
    let mut at = 0;
    // `can_w` at window `at − 1` (the last block's fill read it).
    let mut white = 0;
    let mut previous: Option<u8> = None;
    for j in 0..k {
        let Block { len, colour } = block(j);
        // Same colour: a background cell at the position, and the block starts one after.
        let (before, lo) = match previous {
            Some(p) if p == colour => (band.q[j] & white >> 1, at + 1),
            _ => (band.q[j], at),
        };
        let s = before & runs(can[usize::from(colour)].window(lo), len) & keep;
        band.starts[j] = s;
        band.at_s[j] = lo;
        // `s << len` at window `lo` is `s` at window `lo + len`.
        at = lo + len;
        white = can_w.window(at - 1);
        band.q[j + 1] = fill(s, white) & keep;
        band.at_q[j + 1] = at;
        if band.q[j + 1] == 0 {
            return false;
        }
        previous = Some(colour);
    }
    band.q[k] >> (n - at) & 1 == 1
}

/// Bit `i` ↦ bit `m − i` of a window (`i ≤ m < 128`).
#[inline(always)]
fn mirror(x: u128, m: usize) -> u128 {
    x.reverse_bits() >> (127 - m)
}

/// [`solve_colour`] by [`sweep_band`], when the band fits (`None` when not). The
/// windows of block `j` from the left and from the right are each other's mirror image
/// (start `lo_j + i` from the left is window bit `slack − i` from the right), so the
/// combination, like the sweeps, reads and writes three words per block whatever `n` is.
fn solve_banded<M: Mask>(
    tables: &mut Tables<M>,
    clue: &[Block],
    n: usize,
    can: &[M],
    may: &mut [M],
) -> Option<bool> {
    let k = clue.len();
    let least = min_length(clue);
    if least > n {
        return Some(false);
    }
    let slack = n - least;
    if clue.iter().any(|b| slack + b.len >= u128::BITS as usize) || slack >= 127 {
        return None;
    }
    let [fwd, bwd] = &mut tables.band;
    if !sweep_band(k, |j| clue[j], n, slack, can, fwd) {
        return Some(false);
    }
    let reversed = reverse_all(&mut tables.reversed, can, n);
    let feasible = sweep_band(k, |j| clue[k - 1 - j], n, slack, reversed, bwd);
    debug_assert!(
        feasible,
        "a line that fits from the left fits from the right"
    );
    if !feasible {
        return Some(false);
    }
    for (j, block) in clue.iter().enumerate() {
        let both = fwd.starts[j] & mirror(bwd.starts[k - 1 - j], slack);
        may[usize::from(block.colour)].or_window(spread(both, block.len), fwd.at_s[j]);
    }
    let mut may_w = M::ZERO;
    for j in 0..=k {
        // Cell i white between block j − 1 and block j: prefix [0, i) from the left,
        // suffix [i + 1, n) from the right; at window bits i − a and n − 1 − i − b.
        let (a, b) = (fwd.at_q[j], bwd.at_q[k - j]);
        if a + b < n {
            let white = fwd.q[j] & mirror(bwd.q[k - j], n - 1 - a - b);
            may_w.or_window(white, a);
        }
    }
    may[0] = may_w & can[0];
    Some(true)
}

/// [`sweep`] on `u128` windows that start at a word boundary and move up one word when
/// the entries need it: `starts[j]` and `q[j + 1]` are kept at window `64·w` for the
/// blocks `j` from `first[w]` on (`q[0]` at window 0). As in [`sweep_band`], an entry only needs its positions up to `top`,
/// its leftmost one plus `slack` (those beyond begin no fitting line, and the other
/// direction has none there); a window holds them when it starts at most 127 below `top`.
/// Below the leftmost position an entry is empty, so the window moves up a word once the
/// entries start a word above it. Bits past the window read as 0, which only loses
/// positions beyond `top`. `None` when a window cannot hold an entry (`slack` over about
/// 64 cells); otherwise whether the line fits.
#[inline]
fn sweep_rebased<M: Mask>(
    k: usize,
    block: impl Fn(usize) -> Block,
    n: usize,
    slack: usize,
    steps: u32,
    can: &[M],
    band: &mut Band,
) -> Option<bool> {
    let can_w = can[0];
    let pass = can_w << 1;
    let mut w = 0;
    let (mut white, mut step) = (can_w.pair(0), pass.pair(0));
    // A block whose entries end at `limit` or beyond needs the window a word up (never
    // once the window holds the whole line).
    let limit = |w: usize| {
        if n < 64 * w + 128 {
            usize::MAX
        } else {
            (64 * w + 128).saturating_sub(slack)
        }
    };
    let mut next = limit(0);
    let (mut ink, mut ink_colour) = (0, usize::MAX);
    let mut q = fill(1, step);
    band.q[0] = q;
    // The leftmost position of `q`.
    let mut at = 0;
    let mut previous: Option<u8> = None;
    band.first[0] = 0;
    let entries = band.starts[..k].iter_mut().zip(&mut band.q[1..=k]);
    for (j, (starts, q_next)) in entries.enumerate() {
        let Block { len, colour } = block(j);
        let same = previous == Some(colour);
        let end = at + usize::from(same) + len;
        if end >= next {
            while end >= next {
                if at < 64 * w + 64 {
                    return None;
                }
                w += 1;
                // The window moves only while the line runs past it: `w < W − 2`.
                band.first[w] = j;
                q >>= 64;
                next = limit(w);
            }
            (white, step) = (can_w.pair(w), pass.pair(w));
            ink_colour = usize::MAX;
        }
        let before = if same { (q & white) << 1 } else { q };
        // The window of the block's colour, kept while the colour and window stay (a
        // black-and-white line reads it once per window).
        if usize::from(colour) != ink_colour {
            ink_colour = usize::from(colour);
            ink = can[ink_colour].pair(w);
        }
        let s = before & runs_in(ink, len, steps);
        *starts = s;
        q = fill(s << len, step);
        *q_next = q;
        if q == 0 {
            return Some(false);
        }
        at = end;
        previous = Some(colour);
    }
    if n >= 64 * w + 128 {
        return None;
    }
    (band.first[w + 1], band.last) = (k, w);
    Some(q >> (n - 64 * w) & 1 == 1)
}

/// Bit `i` ↦ bit `m − i` of a window, for any `m`: the bits that leave the window are
/// dropped.
#[inline(always)]
fn mirror_any(x: u128, m: usize) -> u128 {
    if m < 128 {
        x.reverse_bits() >> (127 - m)
    } else {
        x.reverse_bits().checked_shl((m - 127) as u32).unwrap_or(0)
    }
}

/// [`solve_colour`] by [`sweep_rebased`] (`None` when its windows do not fit). Every DP
/// entry and the combination of the two directions work on one `u128`, as on a line of
/// at most 127 cells; only the word the windows start at changes.
fn solve_rebased<M: Mask>(
    tables: &mut Tables<M>,
    clue: &[Block],
    n: usize,
    can: &[M],
    may: &mut [M],
) -> Option<bool> {
    let k = clue.len();
    let least = min_length(clue);
    if least > n {
        return Some(false);
    }
    let slack = n - least;
    let steps = steps_for(clue.iter().map(|b| b.len).max().unwrap_or(1));
    let [fwd, bwd] = &mut tables.band;
    if !sweep_rebased(k, |j| clue[j], n, slack, steps, can, fwd)? {
        return Some(false);
    }
    let reversed = reverse_all(&mut tables.reversed, can, n);
    let feasible = sweep_rebased(k, |j| clue[k - 1 - j], n, slack, steps, reversed, bwd)?;
    debug_assert!(
        feasible,
        "a line that fits from the left fits from the right"
    );
    if !feasible {
        return Some(false);
    }
    // Block j's entries from the right are entry k − 1 − j there. The blocks are taken in
    // runs that keep their windows on both sides, and the results gathered in one `u128`
    // written out when its window (or colour) changes.
    let (mut acc, mut acc_colour) = (0u128, 0);
    let (mut a, mut b) = (0, bwd.last);
    let mut j = 0;
    while j < k {
        // From the left, window a holds blocks first[a] up to first[a + 1]; from the
        // right, block k − 1 − j is at window b while k − 1 − j ≥ first[b].
        let end = fwd.first[a + 1].min(k - bwd.first[b]);
        // Start 64·a + i from the left is start n − len − 64·a − i from the right, bit
        // n − len − 64·(a + b) − i of its window (the leftmost starts from both sides
        // and the block fit in n, so this is not negative): bit i + len mirrored about
        // `base`, the same for every block of the run (a branch that stays predicted).
        // The shift drops only starts whose block would leave the window, beyond the
        // window's top (see `sweep_rebased`).
        let base = n - 64 * (a + b);
        for (block, (&s, &r)) in clue[j..end].iter().zip(
            fwd.starts[j..end]
                .iter()
                .zip(bwd.starts[k - end..k - j].iter().rev()),
        ) {
            let colour = usize::from(block.colour);
            if colour != acc_colour {
                may[acc_colour].or_pair(acc, a);
                (acc, acc_colour) = (0, colour);
            }
            acc |= spread_in(s & mirror_any(r << block.len, base), block.len, steps);
        }
        if end == fwd.first[a + 1] {
            may[acc_colour].or_pair(acc, a);
            acc = 0;
            a += 1;
        }
        if end == k - bwd.first[b] && b > 0 {
            b -= 1;
        }
        j = end;
    }
    // Cell i white between block j − 1 and block j: prefix [0, i) from the left, suffix
    // [i + 1, n) from the right. `q[j]` is at the window of block j − 1 (`q[0]` at 0):
    // window a holds q[j] up to j = first[a + 1]; from the right q[k − j] is at window b
    // while k − j > first[b] (b ≥ 1).
    let stop = |b: usize| if b == 0 { k + 1 } else { k - bwd.first[b] };
    let (mut may_w, mut acc) = (M::ZERO, 0u128);
    let (mut a, mut b) = (0, bwd.last);
    let mut j = 0;
    while j <= k {
        let end = (fwd.first[a + 1] + 1).min(stop(b));
        if 64 * (a + b) < n {
            let m = n - 1 - 64 * (a + b);
            let rights = bwd.q[k + 1 - end..=k - j].iter().rev();
            for (&q, &r) in fwd.q[j..end].iter().zip(rights) {
                acc |= q & mirror_any(r, m);
            }
        }
        if end == fwd.first[a + 1] + 1 {
            may_w.or_pair(acc, a);
            acc = 0;
            a += 1;
        }
        if end == stop(b) && b > 0 {
            b -= 1;
        }
        j = end;
    }
    may[0] = may_w & can[0];
    Some(true)
}

/// Narrows a line of `n` cells: `can[c]` holds the cells that may still take palette colour
/// `c` (`can[0]` the background; one mask per palette entry). On success `may[c]` is the
/// cells some pattern of `clue` within `can` paints `c`; `false` when no pattern fits.
/// Black-and-white is the two-colour case.
pub fn solve_colour<M: Mask>(
    tables: &mut Tables<M>,
    clue: &[Block],
    n: usize,
    can: &[M],
    may: &mut [M],
) -> bool {
    debug_assert!(n < M::BITS && can.len() == may.len());
    let k = clue.len();
    if k > tables.s_fwd.len() {
        return false;
    }
    may.fill(M::ZERO);
    if n == 0 {
        return k == 0;
    }
    if M::BITS > u128::BITS as usize {
        if let Some(ok) = solve_trimmed(tables, clue, n, can, may) {
            return ok;
        }
        if let Some(ok) = solve_rebased(tables, clue, n, can, may) {
            return ok;
        }
        // The wider band, for lines with more slack. On three words its window reads cost
        // more than the words it saves (20% slower on dense 130-cell lines), on four it is
        // level; the next width the engine uses is eight words, where it wins (2× at 300
        // cells).
        if M::BITS > 256
            && let Some(ok) = solve_banded(tables, clue, n, can, may)
        {
            return ok;
        }
    }
    solve_full(tables, clue, n, can, may)
}

/// The settled start of a line: walking the cells from the left while every colour is
/// known, the cells up to the last background cell seen and the blocks they hold, as
/// `(cells, blocks)`. Each completed run must be the clue's next block (`None`: no line
/// fits). `settled` is how many cells from the left are known (one colour each).
fn settled_start<M: Mask>(
    k: usize,
    block: impl Fn(usize) -> Block,
    settled: usize,
    can: &[M],
) -> Option<(usize, usize)> {
    let (mut cell, mut blocks) = (0, 0);
    let mut cut = (0, 0);
    while cell < settled {
        let Some(colour) = (0..can.len()).find(|&c| can[c].get(cell)) else {
            break;
        };
        let run = ((!can[colour].window(cell)).trailing_zeros() as usize).min(settled - cell);
        if colour == 0 {
            cell += run;
            cut = (cell, blocks);
            continue;
        }
        // A run that reaches an open cell (or the window's end) may go on.
        if cell + run == settled || run == u128::BITS as usize {
            break;
        }
        if blocks == k
            || block(blocks)
                != (Block {
                    len: run,
                    colour: colour as u8,
                })
        {
            return None;
        }
        blocks += 1;
        cell += run;
    }
    Some(cut)
}

/// [`solve_colour`] on the open middle of the line, when it fits a `u128`: the cells
/// known at both ends, cut after (before) a background cell, hold the clue's first (last)
/// blocks, and the middle, between two background cells, is a line of its own with the
/// blocks between. `None` when the middle is longer than [`MAX_LEN`].
fn solve_trimmed<M: Mask>(
    tables: &mut Tables<M>,
    clue: &[Block],
    n: usize,
    can: &[M],
    may: &mut [M],
) -> Option<bool> {
    let k = clue.len();
    // A line open at both ends (the common case while a picture is young) has no settled
    // end to cut: refused before any work on the whole masks.
    let open_at = |i: usize| can.iter().filter(|m| m.get(i)).count() != 1;
    if n > MAX_LEN && open_at(0) && open_at(n - 1) {
        return None;
    }
    let (mut once, mut twice) = (M::ZERO, M::ZERO);
    for &m in can {
        twice |= once & m;
        once |= m;
    }
    // Open: more than one colour left, or none (the middle's solver reports that).
    let open = (twice | !once) & full::<M>(n);
    let left = (open.trailing_zeros() as usize).min(n);
    let right = (reverse_cells(open, n).trailing_zeros() as usize).min(n);
    // The cuts fall after (before) a settled background cell of the settled ends: a
    // bound that costs no walk.
    let background = can[0] & !open;
    let left_cut = M::BITS - (background & full::<M>(left)).leading_zeros() as usize;
    let right_cut = n - ((background & !full::<M>(n - right)).trailing_zeros() as usize).min(n);
    if left_cut + right_cut + MAX_LEN < n {
        return None;
    }
    let Some((start, first)) = settled_start(k, |j| clue[j], left, can) else {
        return Some(false);
    };
    let reversed = reverse_all(&mut tables.reversed, can, n);
    let Some((mut tail, mut last)) = settled_start(k, |j| clue[k - 1 - j], right, reversed) else {
        return Some(false);
    };
    if start + tail > n || first + last > k {
        // The whole line is settled: the left walk alone cuts it.
        (tail, last) = (0, 0);
    }
    let len = n - start - tail;
    if len > MAX_LEN {
        return None;
    }
    let narrow = tables.narrow.as_deref_mut()?;
    let p = can.len();
    for (x, &m) in narrow.can.iter_mut().zip(can) {
        *x = m.window(start) & full::<u128>(len);
    }
    let middle = &clue[first..k - last];
    // The middle's blocks may be longer than the middle (up to the whole line), which
    // its masks cannot shift by.
    if min_length(middle) > len {
        return Some(false);
    }
    if !solve_colour(
        &mut narrow.tables,
        middle,
        len,
        &narrow.can[..p],
        &mut narrow.may[..p],
    ) {
        return Some(false);
    }
    let ends = full::<M>(start) | (full::<M>(n) & !full::<M>(n - tail));
    for ((m, &c), &x) in may.iter_mut().zip(can).zip(&narrow.may[..p]) {
        *m = c & ends;
        m.or_window(x, start);
    }
    Some(true)
}

/// [`solve_colour`] by full-width sweeps (`n ≥ 1`).
fn solve_full<M: Mask>(
    tables: &mut Tables<M>,
    clue: &[Block],
    n: usize,
    can: &[M],
    may: &mut [M],
) -> bool {
    let k = clue.len();
    if !sweep(k, |j| clue[j], n, can, &mut tables.q_fwd, &mut tables.s_fwd) {
        return false;
    }
    let reversed = reverse_all(&mut tables.reversed, can, n);
    let feasible = sweep(
        k,
        |j| clue[k - 1 - j],
        n,
        reversed,
        &mut tables.q_bwd,
        &mut tables.s_bwd,
    );
    debug_assert!(
        feasible,
        "a line that fits from the left fits from the right"
    );
    if !feasible {
        return false;
    }
    for (j, block) in clue.iter().enumerate() {
        // Mirror of the right-hand starts of the same block: start s ↦ n − s − len.
        let right = reverse_positions(tables.s_bwd[k - 1 - j], n) >> block.len;
        may[usize::from(block.colour)] |= spread(tables.s_fwd[j] & right, block.len);
    }
    let mut may_w = M::ZERO;
    for j in 0..=k {
        // Prefix [0, i) holds j blocks, suffix [i + 1, n) the other k − j.
        may_w |= tables.q_fwd[j] & (reverse_positions(tables.q_bwd[k - j], n) >> 1);
    }
    may[0] = may_w & can[0];
    true
}

/// Black-and-white form of [`solve_colour`] on `u128` masks: the known black and known
/// white cells in, the new ones out; `None` when no pattern fits.
pub fn solve(
    tables: &mut Tables<u128>,
    clue: &[usize],
    n: usize,
    black: u128,
    white: u128,
) -> Option<(u128, u128)> {
    let all = full::<u128>(n);
    debug_assert!(black & white == 0 && (black | white) & !all == 0);
    let blocks: Vec<Block> = clue.iter().map(|&len| Block::black(len)).collect();
    let mut may = [0u128; 2];
    solve_colour(tables, &blocks, n, &[all & !black, all & !white], &mut may).then(|| {
        debug_assert!(
            may[0] | may[1] == all,
            "a feasible line leaves every cell some value"
        );
        (may[1] & !may[0], may[0] & !may[1])
    })
}

#[cfg(test)]
mod tests {
    use super::super::words::Wide;
    use super::*;

    /// Reference line solver, cell by cell (the DP of Batenburg & Kosters): `can[c][i]`
    /// whether cell `i` may take colour `c` (0 white, 1 black); the cells some pattern paints
    /// white and black, or `None`.
    fn reference(clue: &[usize], can: [&[bool]; 2]) -> Option<[Vec<bool>; 2]> {
        let (n, k) = (can[0].len(), clue.len());
        // Black run ending at i (exclusive): how many cells before i may all be black.
        let mut run = vec![0usize; n + 1];
        for i in 0..n {
            run[i + 1] = if can[1][i] { run[i] + 1 } else { 0 };
        }
        // fwd[i][j]: cells [0, i) hold blocks 0..j, the last cell white or a block's end.
        let mut fwd = vec![vec![false; k + 1]; n + 1];
        fwd[0][0] = true;
        for i in 1..=n {
            for j in 0..=k {
                let white = can[0][i - 1] && fwd[i - 1][j];
                let block = j > 0 && run[i] >= clue[j - 1] && {
                    let s = i - clue[j - 1];
                    if s == 0 {
                        j == 1
                    } else {
                        can[0][s - 1] && fwd[s - 1][j - 1]
                    }
                };
                fwd[i][j] = white || block;
            }
        }
        if !fwd[n][k] {
            return None;
        }
        // bwd[i][j]: cells [i, n) hold blocks j..k, the first cell white or a block's start.
        let mut bwd = vec![vec![false; k + 1]; n + 1];
        bwd[n][k] = true;
        for i in (0..n).rev() {
            for j in 0..=k {
                let white = can[0][i] && bwd[i + 1][j];
                let block = j < k && i + clue[j] <= n && run[i + clue[j]] >= clue[j] && {
                    let e = i + clue[j];
                    if e == n {
                        j + 1 == k
                    } else {
                        can[0][e] && bwd[e + 1][j + 1]
                    }
                };
                bwd[i][j] = white || block;
            }
        }
        let mut white = vec![false; n];
        let mut cover = vec![0i64; n + 1];
        for i in 0..n {
            white[i] = can[0][i] && (0..=k).any(|j| fwd[i][j] && bwd[i + 1][j]);
        }
        for (j, &len) in clue.iter().enumerate() {
            for s in 0..=n.saturating_sub(len) {
                let e = s + len;
                let fits = run[e] >= len
                    && (if s == 0 {
                        j == 0
                    } else {
                        can[0][s - 1] && fwd[s - 1][j]
                    })
                    && (if e == n {
                        j + 1 == k
                    } else {
                        can[0][e] && bwd[e + 1][j + 1]
                    });
                if fits {
                    cover[s] += 1;
                    cover[e] -= 1;
                }
            }
        }
        let mut black = vec![false; n];
        let mut depth = 0;
        for i in 0..n {
            depth += cover[i];
            black[i] = depth > 0;
        }
        Some([white, black])
    }

    /// The bit-parallel solver on `M` against [`reference`], on random black-and-white
    /// lines of `n` cells: clues read off a random picture, cells restricted mostly as the
    /// picture has them and sometimes against it.
    fn check_against_reference<M: Mask>(rounds: usize, lengths: &[usize], seed: u64) {
        let longest = lengths
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .min(max_len::<M>());
        let mut tables = Tables::<M>::with_blocks(longest);
        let mut random = crate::rng::SplitMix64::new(seed);
        let mut next = move || random.next_u64();
        for round in 0..rounds {
            let n = lengths[round % lengths.len()].min(max_len::<M>());
            let density = next() % 4;
            let picture: Vec<bool> = (0..n).map(|_| next() % 4 < density + 1).collect();
            let clue: Vec<usize> = picture
                .split(|&b| !b)
                .filter(|r| !r.is_empty())
                .map(<[bool]>::len)
                .collect();
            let mut can = [vec![true; n], vec![true; n]];
            for i in 0..n {
                match next() % 8 {
                    0 => {
                        let black = next() % 5 == 0 || picture[i];
                        can[usize::from(!black)][i] = false;
                    }
                    1 => can[1][i] = false,
                    _ => {}
                }
            }
            let masks: Vec<M> = can
                .iter()
                .map(|c| (0..n).filter(|&i| c[i]).fold(M::ZERO, |m, i| m | M::bit(i)))
                .collect();
            let blocks: Vec<Block> = clue.iter().map(|&len| Block::black(len)).collect();
            let mut may = [M::ZERO; 2];
            let ok = solve_colour(&mut tables, &blocks, n, &masks, &mut may);
            let want = reference(&clue, [&can[0], &can[1]]);
            assert_eq!(ok, want.is_some(), "{n} {clue:?}");
            if let Some(want) = want {
                for (c, want) in want.iter().enumerate() {
                    for (i, &w) in want.iter().enumerate() {
                        assert_eq!(may[c].get(i), w, "{n} {clue:?} colour {c} cell {i}");
                    }
                }
            }
        }
    }

    /// Equal to the reference on random lines of every length up to 127, and on long lines
    /// up to the widest masks.
    #[test]
    fn equals_the_reference_line_solver() {
        let short: Vec<usize> = (1..=127).chain([3, 5, 8, 13, 20, 24]).collect();
        check_against_reference::<u128>(8000, &short, 0x2545_F491_4F6C_DD1D);
        check_against_reference::<Wide<2>>(2000, &short, 0x1234_5678_9ABC_DEF1);
        check_against_reference::<Wide<3>>(400, &[128, 130, 150, 191], 40);
        check_against_reference::<Wide<4>>(400, &[128, 130, 191, 200, 255], 41);
        check_against_reference::<Wide<8>>(200, &[256, 300, 400, 511], 42);
        check_against_reference::<Wide<16>>(40, &[512, 700, 1023], 43);
        check_against_reference::<Wide<157>>(4, &[3000, 10_000], 44);
    }

    /// The banded solver against the full-width one on long colour lines (background and
    /// up to 3 colours, mostly dense, so that most bands fit), restricted at random as in
    /// [`colour_equals_brute_force`]; black-and-white lines are checked against the
    /// reference by [`equals_the_reference_line_solver`].
    ///
    /// [`Form::Trimmed`]: the same for [`solve_trimmed`], with both ends of each line
    /// settled over a random length (as the picture has them, or once in four with one
    /// cell against it).
    fn banded_equals_full<M: Mask>(rounds: usize, lengths: &[usize], seed: u64, form: Form) {
        let trim = form == Form::Trimmed;
        let mut banded = Tables::<M>::with_blocks(max_len::<M>());
        let mut full_width = Tables::<M>::with_blocks(max_len::<M>());
        let mut random = crate::rng::SplitMix64::new(seed);
        let mut next = move || random.next_u64();
        let mut fitted = 0;
        for round in 0..rounds {
            let n = lengths[round % lengths.len()];
            let colours = next() % 3 + 1;
            let background = next() % 4;
            let picture: Vec<u8> = (0..n)
                .map(|_| {
                    if next() % 16 < background {
                        0
                    } else {
                        (next() % colours + 1) as u8
                    }
                })
                .collect();
            let clue: Vec<Block> = picture
                .chunk_by(|a, b| a == b)
                .filter(|r| r[0] != 0)
                .map(|r| Block {
                    len: r.len(),
                    colour: r[0],
                })
                .collect();
            let p = colours as usize + 1;
            let mut can = vec![M::ZERO; p];
            let loss = next() % 8 + 2;
            for (c, mask) in can.iter_mut().enumerate() {
                for (i, &x) in picture.iter().enumerate() {
                    if usize::from(x) == c || next() % loss != 0 {
                        *mask |= M::bit(i);
                    }
                }
            }
            if trim {
                let (a, b) = (next() % n as u64, next() % n as u64);
                for (i, &x) in picture.iter().enumerate() {
                    if (i as u64) < a || (n - i) as u64 <= b {
                        for (c, mask) in can.iter_mut().enumerate() {
                            if c != usize::from(x) {
                                *mask &= !M::bit(i);
                            }
                        }
                    }
                }
            }
            if next() % 4 == 0 {
                // Against the picture: often no fitting line.
                let i = (next() % n as u64) as usize;
                let x = usize::from(picture[i]);
                can[x] &= !M::bit(i);
                if trim {
                    can[(x + 1) % p] |= M::bit(i);
                }
            }
            let (mut may, mut want) = (vec![M::ZERO; p], vec![M::ZERO; p]);
            let ok = solve_full(&mut full_width, &clue, n, &can, &mut want);
            let got = match form {
                Form::Banded => solve_banded(&mut banded, &clue, n, &can, &mut may),
                Form::Rebased => solve_rebased(&mut banded, &clue, n, &can, &mut may),
                Form::Trimmed => solve_trimmed(&mut banded, &clue, n, &can, &mut may),
            };
            if let Some(got) = got {
                fitted += 1;
                assert_eq!(got, ok, "{n} {clue:?}");
                if ok {
                    assert_eq!(may, want, "{n} {clue:?}");
                }
            }
        }
        assert!(
            fitted * 2 > rounds,
            "only {fitted} of {rounds} lines banded"
        );
    }

    /// The cheaper forms of a long line's solve, each checked on its own.
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Form {
        Banded,
        Rebased,
        Trimmed,
    }

    #[test]
    fn banded_equals_full_width() {
        banded_equals_full::<Wide<3>>(600, &[128, 130, 150, 191], 50, Form::Banded);
        banded_equals_full::<Wide<5>>(300, &[200, 300, 319], 51, Form::Banded);
        banded_equals_full::<Wide<16>>(60, &[600, 1000], 52, Form::Banded);
    }

    #[test]
    fn fixed_steps_equal_doubling() {
        let mut random = crate::rng::SplitMix64::new(73);
        let mut next = move || u128::from(random.next_u64()) << 64 | u128::from(random.next_u64());
        for len in 1..128 {
            for steps in steps_for(len)..=7 {
                for _ in 0..20 {
                    // Dense masks, so that long runs occur.
                    let can = next() | next() | next();
                    let starts = next() & next();
                    assert_eq!(runs_in(can, len, steps), runs(can, len), "{len} {steps}");
                    assert_eq!(spread_in(starts, len, steps), spread(starts, len));
                }
            }
        }
    }

    #[test]
    fn rebased_equals_full_width() {
        banded_equals_full::<Wide<3>>(3000, &[128, 129, 130, 150, 160, 191], 70, Form::Rebased);
        banded_equals_full::<Wide<4>>(600, &[192, 200, 255], 71, Form::Rebased);
        banded_equals_full::<Wide<8>>(300, &[256, 300, 400], 72, Form::Rebased);
    }

    #[test]
    fn trimmed_equals_full_width() {
        banded_equals_full::<Wide<3>>(2000, &[128, 130, 150, 191], 60, Form::Trimmed);
        banded_equals_full::<Wide<5>>(600, &[200, 300, 319], 61, Form::Trimmed);
    }

    #[test]
    fn fill_reaches_up_runs_only_from_seeds() {
        // pass runs: bits 2..=5 and 8..=9; seeds at 1 (reaches 2..=5), 3 (inside), 9.
        let pass = 0b11_0011_1100;
        let seeds = 0b10_0000_1010;
        assert_eq!(fill::<u128>(seeds, pass), 0b10_0011_1110);
        assert_eq!(fill::<u128>(1, u128::MAX << 1), u128::MAX);
    }

    #[test]
    fn runs_and_spread_are_inverse_views() {
        let can = 0b0111_1011u128;
        assert_eq!(runs::<u128>(can, 3), 0b0001_1000);
        assert_eq!(spread::<u128>(0b1001, 3), 0b11_1111);
        assert_eq!(runs::<u128>(u128::MAX >> 1, 127), 1);
    }

    #[test]
    fn small_known_cases() {
        let mut t = Tables::new();
        let one = |t: &mut Tables<u128>, clue: &[usize], n: usize| solve(t, clue, n, 0, 0);
        // [8] in 10: cells 2..8 black.
        assert_eq!(one(&mut t, &[8], 10), Some((0b00_1111_1100, 0)));
        // [2, 2] in 5: ##.##
        assert_eq!(one(&mut t, &[2, 2], 5), Some((0b11011, 0b00100)));
        // [] in 5: all white; [6] in 5: impossible.
        assert_eq!(one(&mut t, &[], 5), Some((0, 0b11111)));
        assert_eq!(one(&mut t, &[6], 5), None);
        // A black cell where the clue allows none.
        assert_eq!(solve(&mut t, &[], 3, 0b010, 0), None);
        // Longest line, one block filling it.
        assert_eq!(one(&mut t, &[127], 127), Some((full::<u128>(127), 0)));
    }

    /// The colour solver against brute force: for random colour lines (3 colours and the
    /// background, up to 7 cells) and random restrictions, `may[c]` is exactly the cells
    /// some fitting word paints `c`; black-and-white clues give what [`solve`] gives.
    #[test]
    fn colour_equals_brute_force() {
        let mut tables = Tables::<u128>::new();
        let mut random = crate::rng::SplitMix64::new(0x9E37_79B9_7F4A_7C15u64);
        let mut next = move || random.next_u64();
        let symbols = 4usize;
        for _ in 0..2000 {
            let n = (next() % 7 + 1) as usize;
            let picture: Vec<u8> = (0..n).map(|_| (next() % symbols as u64) as u8).collect();
            let clue: Vec<Block> = picture
                .chunk_by(|a, b| a == b)
                .filter(|r| r[0] != 0)
                .map(|r| Block {
                    len: r.len(),
                    colour: r[0],
                })
                .collect();
            // Each cell loses each colour with probability 1/4.
            let mut can = [0u128; 4];
            for (c, mask) in can.iter_mut().enumerate() {
                for (i, &p) in picture.iter().enumerate() {
                    if next() % 4 != 0 || p as usize == c && next() % 2 == 0 {
                        *mask |= 1 << i;
                    }
                }
            }
            let mut want = [0u128; 4];
            let mut any = false;
            for code in 0..symbols.pow(n as u32) {
                let word: Vec<usize> = (0..n)
                    .map(|i| code / symbols.pow(i as u32) % symbols)
                    .collect();
                if word.iter().enumerate().any(|(i, &c)| can[c] >> i & 1 == 0) {
                    continue;
                }
                let runs: Vec<Block> = word
                    .chunk_by(|a, b| a == b)
                    .filter(|r| r[0] != 0)
                    .map(|r| Block {
                        len: r.len(),
                        colour: r[0] as u8,
                    })
                    .collect();
                if runs == clue {
                    any = true;
                    for (i, &c) in word.iter().enumerate() {
                        want[c] |= 1 << i;
                    }
                }
            }
            let mut may = [0u128; 4];
            let ok = solve_colour(&mut tables, &clue, n, &can, &mut may);
            assert_eq!(ok, any, "{clue:?} {can:?}");
            if ok {
                assert_eq!(may, want, "{clue:?} {can:?}");
            }
        }
        // Black-and-white: the same answer as the two-mask solver.
        let clue = [Block::black(2), Block::black(1)];
        let mut may = [0u128; 2];
        assert!(solve_colour(
            &mut tables,
            &clue,
            5,
            &[0b11111, 0b11111],
            &mut may
        ));
        let (black, white) = solve(&mut tables, &[2, 1], 5, 0, 0).expect("fits");
        assert_eq!((may[1] & !may[0], may[0] & !may[1]), (black, white));
    }
}
