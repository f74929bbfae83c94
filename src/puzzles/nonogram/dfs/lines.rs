//! Line-level pieces of the depth-first engine: the set of lines a probe read or changed,
//! the line solver's scratch tables (with `u128` copies for short lines under wide masks),
//! and the direct-mapped cache of line results that probing hits again and again.

use super::super::line::bitline::{self, Tables};
use super::super::line::mask::Mask;
use super::super::{Block, MAX_COLOURS};

/// A set of line numbers that lists its members, so that clearing it costs what was
/// inserted, not the number of lines.
pub(super) struct LineList {
    pub(super) member: Vec<bool>,
    pub(super) list: Vec<u32>,
}

impl LineList {
    pub(super) fn new(num_lines: usize) -> LineList {
        LineList {
            member: vec![false; num_lines],
            list: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn insert(&mut self, l: usize) {
        if !self.member[l] {
            self.member[l] = true;
            self.list.push(l as u32);
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub(super) fn clear(&mut self) {
        for &l in &self.list {
            self.member[l as usize] = false;
        }
        self.list.clear();
    }
}

/// The cells present in at least two of `masks`: a line's unknown cells.
#[inline]
pub(super) fn at_least_two<M: Mask>(masks: &[M]) -> M {
    let (mut once, mut twice) = (M::ZERO, M::ZERO);
    for &m in masks {
        twice |= once & m;
        once |= m;
    }
    twice
}

/// The line solver's scratch tables. On multi-word masks, a line of at most
/// [`bitline::MAX_LEN`] cells is solved on `u128` copies of its masks: a puzzle with a few
/// long lines keeps the speed per cell of the one-word-pair masks on all its other lines.
pub(super) struct LineSolver<M: Mask> {
    tables: Tables<M>,
    narrow: Tables<u128>,
    can: [u128; MAX_COLOURS + 1],
    may: [u128; MAX_COLOURS + 1],
}

impl<M: Mask> LineSolver<M> {
    /// For clues of at most `blocks` blocks.
    pub(super) fn new(blocks: usize) -> LineSolver<M> {
        let wide = M::BITS > u128::BITS as usize;
        LineSolver {
            tables: Tables::with_blocks(blocks),
            narrow: Tables::with_blocks(if wide { blocks } else { 0 }),
            can: [0; MAX_COLOURS + 1],
            may: [0; MAX_COLOURS + 1],
        }
    }

    /// [`bitline::solve_colour`] on a line of `n` cells.
    #[inline]
    pub(super) fn solve(&mut self, clue: &[Block], n: usize, can: &[M], may: &mut [M]) -> bool {
        if M::BITS <= u128::BITS as usize || n > bitline::MAX_LEN {
            return bitline::solve_colour(&mut self.tables, clue, n, can, may);
        }
        let p = can.len();
        for (c, &m) in self.can.iter_mut().zip(can) {
            *c = m.low_u128();
        }
        let ok = bitline::solve_colour(
            &mut self.narrow,
            clue,
            n,
            &self.can[..p],
            &mut self.may[..p],
        );
        for (m, &x) in may.iter_mut().zip(&self.may[..p]) {
            *m = M::from_u128(x);
        }
        ok
    }
}

/// A direct-mapped cache of line results keyed by (line, its `p` masks): probing solves
/// the same line states again and again.
pub(super) struct LineCache<M: Mask> {
    /// Each entry: the `p` masks of the key, then the `p` masks of the result. An all-zero
    /// table is an empty one, so it comes from the allocator already zeroed and only the
    /// pages probing touches are ever written.
    entries: Vec<M>,
    /// Per entry: one more than the line number (0: empty slot), with [`CONTRADICTION`]
    /// set when no pattern fits.
    tags: Vec<u32>,
    palette: usize,
    mask: usize,
}

pub(super) const CONTRADICTION: u32 = 1 << 31;

/// About 128 slots per line, at most 2^14, and at most 4 MB: small puzzles that probe a
/// little do not pay for a big table.
pub(super) fn cache_slots(num_lines: usize, entry_bytes: usize) -> usize {
    let mut slots = (num_lines * 128)
        .next_power_of_two()
        .clamp(1 << 10, 1 << 14);
    while slots > 1 << 10 && slots * entry_bytes > 4 << 20 {
        slots /= 2;
    }
    slots
}

impl<M: Mask> LineCache<M> {
    pub(super) fn new(slots: usize, palette: usize) -> LineCache<M> {
        debug_assert!(slots.is_power_of_two());
        LineCache {
            entries: vec![M::ZERO; slots * 2 * palette],
            tags: vec![0; slots],
            palette,
            mask: slots - 1,
        }
    }

    #[inline]
    pub(super) fn slot(&self, line: usize, can: &[M]) -> usize {
        let h = can
            .iter()
            .fold((line as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15), |h, m| {
                m.mix(h)
            });
        (h as usize) & self.mask
    }

    #[inline]
    pub(super) fn entry(&mut self, slot: usize) -> (&mut [M], &mut u32) {
        let stride = 2 * self.palette;
        (
            &mut self.entries[slot * stride..(slot + 1) * stride],
            &mut self.tags[slot],
        )
    }
}
