//! Bit masks of one line for the engine: `u128` (lines up to 127 cells, one machine word
//! pair) and [`Wide`] (several 64-bit words, for longer lines). The line solver and the
//! engine are written once over [`Mask`].
//!
//! Glossary:
//! - **bit `i`**: cell (or position) `i` of the line; bit 0 is the lowest of word 0.
//! - **capacity**: [`Mask::BITS`]; a line of `n` cells needs `n + 1` bits (its positions
//!   `0..=n`), so it takes lines up to `BITS − 1` cells.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// What the bit-parallel line solver and the engine need of a line mask.
pub trait Mask:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// Capacity in bits.
    const BITS: usize;
    /// No bit set.
    const ZERO: Self;
    /// Bit `i` alone.
    fn bit(i: usize) -> Self;
    /// Whether bit `i` is set.
    fn get(self, i: usize) -> bool;
    /// The bits `0..n`.
    fn full(n: usize) -> Self {
        if n == 0 {
            Self::ZERO
        } else {
            !Self::ZERO >> (Self::BITS - n)
        }
    }
    /// Sum modulo 2^BITS (carries cross word boundaries).
    fn wrapping_add(self, other: Self) -> Self;
    /// Bit `i` ↦ bit `BITS − 1 − i`.
    fn reverse_bits(self) -> Self;
    /// Number of set bits.
    fn count_ones(self) -> u32;
    /// The lowest set bit's index (`BITS` when none).
    fn trailing_zeros(self) -> u32;
    /// The number of clear bits above the highest set bit (`BITS` when none).
    fn leading_zeros(self) -> u32;
    /// Without its lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Whether no bit is set.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// Mixes the mask into a hash (FxHash-like multiply-xorshift per 64-bit word).
    fn mix(self, h: u64) -> u64;
    /// Bits `0..128` (the rest dropped).
    fn low_u128(self) -> u128;
    /// `x` in bits `0..128` (those that fit), the rest clear.
    fn from_u128(x: u128) -> Self;
    /// Bits `offset..offset + 128` as a `u128` (bits past the capacity read as 0).
    fn window(self, offset: usize) -> u128;
    /// ORs `x` into bits `offset..offset + 128` (bits past the capacity must be clear).
    fn or_window(&mut self, x: u128, offset: usize);
    /// Words `w` and `w + 1` as a `u128`: [`Mask::window`] at `64·w`, with no shifts.
    fn pair(self, w: usize) -> u128 {
        self.window(64 * w)
    }
    /// ORs `x` into words `w` and `w + 1`: [`Mask::or_window`] at `64·w`.
    fn or_pair(&mut self, x: u128, w: usize) {
        self.or_window(x, 64 * w);
    }
}

const K: u64 = 0x9E37_79B9_7F4A_7C15;

#[inline]
fn mix_word(h: u64, word: u64) -> u64 {
    let h = (h ^ word).wrapping_mul(K);
    h ^ (h >> 29)
}

impl Mask for u128 {
    const BITS: usize = 128;
    const ZERO: u128 = 0;
    #[inline]
    fn bit(i: usize) -> u128 {
        1 << i
    }
    #[inline]
    fn get(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    #[inline]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
    #[inline]
    fn reverse_bits(self) -> u128 {
        u128::reverse_bits(self)
    }
    #[inline]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline]
    fn leading_zeros(self) -> u32 {
        u128::leading_zeros(self)
    }
    #[inline]
    fn clear_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
    #[inline]
    fn mix(self, h: u64) -> u64 {
        mix_word(mix_word(h, self as u64), (self >> 64) as u64)
    }
    #[inline]
    fn low_u128(self) -> u128 {
        self
    }
    #[inline]
    fn from_u128(x: u128) -> u128 {
        x
    }
    #[inline]
    fn window(self, offset: usize) -> u128 {
        self.checked_shr(offset as u32).unwrap_or(0)
    }
    #[inline]
    fn or_window(&mut self, x: u128, offset: usize) {
        *self |= x.checked_shl(offset as u32).unwrap_or(0);
    }
}

/// `W` 64-bit words, lowest first: lines up to `64·W − 1` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const W: usize>(pub [u64; W]);

impl<const W: usize> BitAnd for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitand(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
        self
    }
}

impl<const W: usize> BitOr for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitor(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        self
    }
}

impl<const W: usize> BitXor for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a ^= b;
        }
        self
    }
}

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn not(mut self) -> Self {
        for a in &mut self.0 {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> BitAndAssign for Wide<W> {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Self) {
        *self = *self & o;
    }
}

impl<const W: usize> BitOrAssign for Wide<W> {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

impl<const W: usize> Wide<W> {
    /// `self << (64·words + bits)`, `bits < 64`. Written without a branch on `bits` (the
    /// bits carried from the word below are shifted in two steps, so `bits = 0` carries
    /// none), so that a call with `words = 0` unrolls into straight-line code.
    #[inline(always)]
    fn shl_words(self, words: usize, bits: usize) -> Self {
        let mut out = [0u64; W];
        for (i, o) in out.iter_mut().enumerate().skip(words) {
            let j = i - words;
            let below = if j > 0 { self.0[j - 1] } else { 0 };
            *o = self.0[j] << bits | (below >> 1) >> (63 - bits);
        }
        Wide(out)
    }

    /// `self >> (64·words + bits)`, `bits < 64` (see [`Wide::shl_words`]).
    #[inline(always)]
    fn shr_words(self, words: usize, bits: usize) -> Self {
        let mut out = [0u64; W];
        for (i, o) in out.iter_mut().enumerate().take(W.saturating_sub(words)) {
            let j = i + words;
            let above = if j + 1 < W { self.0[j + 1] } else { 0 };
            *o = self.0[j] >> bits | (above << 1) << (63 - bits);
        }
        Wide(out)
    }
}

impl<const W: usize> Shl<usize> for Wide<W> {
    type Output = Self;
    /// The line solver shifts mostly by less than a word (block lengths, doubling
    /// steps): that case gets its own unrolled copy.
    #[inline(always)]
    fn shl(self, k: usize) -> Self {
        if k < 64 {
            self.shl_words(0, k)
        } else {
            self.shl_words(k / 64, k % 64)
        }
    }
}

impl<const W: usize> Shr<usize> for Wide<W> {
    type Output = Self;
    #[inline(always)]
    fn shr(self, k: usize) -> Self {
        if k < 64 {
            self.shr_words(0, k)
        } else {
            self.shr_words(k / 64, k % 64)
        }
    }
}

impl<const W: usize> Mask for Wide<W> {
    const BITS: usize = 64 * W;
    const ZERO: Self = Wide([0; W]);
    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut out = [0u64; W];
        out[i / 64] = 1 << (i % 64);
        Wide(out)
    }
    #[inline(always)]
    fn get(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        let mut out = [0u64; W];
        let mut carry = false;
        for (sum, (a, b)) in out.iter_mut().zip(self.0.iter().zip(o.0)) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *sum = s;
            carry = c1 || c2;
        }
        Wide(out)
    }
    #[inline(always)]
    fn reverse_bits(self) -> Self {
        let mut out = [0u64; W];
        for i in 0..W {
            out[W - 1 - i] = self.0[i].reverse_bits();
        }
        Wide(out)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return 64 * i as u32 + w.trailing_zeros();
            }
        }
        64 * W as u32
    }
    #[inline(always)]
    fn leading_zeros(self) -> u32 {
        for (i, w) in self.0.iter().rev().enumerate() {
            if *w != 0 {
                return 64 * i as u32 + w.leading_zeros();
            }
        }
        64 * W as u32
    }
    #[inline(always)]
    fn clear_lowest(mut self) -> Self {
        for w in &mut self.0 {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }
    #[inline(always)]
    fn mix(self, h: u64) -> u64 {
        self.0.iter().fold(h, |h, &w| mix_word(h, w))
    }
    #[inline(always)]
    fn low_u128(self) -> u128 {
        let word = |i: usize| u128::from(self.0.get(i).copied().unwrap_or(0));
        word(0) | word(1) << 64
    }
    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        let mut out = [0u64; W];
        for (i, o) in out.iter_mut().enumerate().take(2) {
            *o = (x >> (64 * i)) as u64;
        }
        Wide(out)
    }
    /// Reads the three words the window overlaps: its cost does not grow with `W`.
    #[inline(always)]
    fn window(self, offset: usize) -> u128 {
        let (w, bits) = (offset / 64, offset % 64);
        let word = |i: usize| self.0.get(i).copied().unwrap_or(0);
        let (a, b, c) = (word(w), word(w + 1), word(w + 2));
        let low = a >> bits | (b << 1) << (63 - bits);
        let high = b >> bits | (c << 1) << (63 - bits);
        u128::from(low) | u128::from(high) << 64
    }
    #[inline(always)]
    fn or_window(&mut self, x: u128, offset: usize) {
        let (w, bits) = (offset / 64, offset % 64);
        let (low, high) = (x as u64, (x >> 64) as u64);
        let parts = [
            low << bits,
            high << bits | (low >> 1) >> (63 - bits),
            (high >> 1) >> (63 - bits),
        ];
        for (word, part) in self.0.iter_mut().skip(w).zip(parts) {
            *word |= part;
        }
    }
    #[inline(always)]
    fn pair(self, w: usize) -> u128 {
        let word = |i: usize| u128::from(self.0.get(i).copied().unwrap_or(0));
        word(w) | word(w + 1) << 64
    }
    #[inline(always)]
    fn or_pair(&mut self, x: u128, w: usize) {
        self.0[w] |= x as u64;
        if let Some(high) = self.0.get_mut(w + 1) {
            *high |= (x >> 64) as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Wide<2>` behaves as `u128` on every operation.
    #[test]
    fn wide_equals_u128() {
        let mut random = crate::rng::SplitMix64::new(12345u64);
        let mut next = move || random.next_u64();
        let wide = |x: u128| Wide::<2>([x as u64, (x >> 64) as u64]);
        for _ in 0..2000 {
            let a = u128::from(next()) << 64 | u128::from(next()) >> (next() % 64);
            let b = u128::from(next()) << (next() % 64);
            let k = (next() % 128) as usize;
            assert_eq!(wide(a << k), wide(a) << k);
            assert_eq!(wide(a >> k), wide(a) >> k);
            assert_eq!(wide(a.wrapping_add(b)), wide(a).wrapping_add(wide(b)));
            assert_eq!(wide(a.reverse_bits()), Mask::reverse_bits(wide(a)));
            assert_eq!(
                wide(a & !b | (a ^ b)),
                wide(a) & !wide(b) | (wide(a) ^ wide(b))
            );
            assert_eq!(Mask::count_ones(a), Mask::count_ones(wide(a)));
            assert_eq!(Mask::trailing_zeros(a), Mask::trailing_zeros(wide(a)));
            assert_eq!(Mask::leading_zeros(a), Mask::leading_zeros(wide(a)));
            assert_eq!(
                Mask::leading_zeros(Wide::<3>::from_u128(a)),
                Mask::leading_zeros(a) + 64
            );
            assert_eq!(wide(Mask::clear_lowest(a)), Mask::clear_lowest(wide(a)));
            assert_eq!(wide(<u128 as Mask>::full(k)), Wide::<2>::full(k));
            assert_eq!(a.get(k), wide(a).get(k));
            assert_eq!(wide(a).low_u128(), a);
            assert_eq!(Wide::<2>::from_u128(a), wide(a));
            // Three words: the same shifts on the low 128 bits, by up to two words.
            let three = Wide::<3>::from_u128(a);
            assert_eq!((three << k).low_u128(), a << k);
            assert_eq!(((three << 64) >> (k + 64)).low_u128(), a >> k);
            assert_eq!((three << (k + 64)).0[2], (a << k >> 64) as u64);
            // Windows: the same bits as a shift, on one word pair and across three words.
            assert_eq!(wide(a).window(k), a >> k);
            assert_eq!(a.window(k), a >> k);
            assert_eq!((three << 64).window(k + 64), a >> k);
            let j = k % 64;
            assert_eq!((three << j).window(j), a);
            let mut put = Wide::<3>::ZERO;
            put.or_window(a, j);
            assert_eq!(put, three << j);
            let w = k % 3;
            // Word pairs: at word 2 of three, the high word falls off the end.
            let kept = if w == 2 { a & u128::from(u64::MAX) } else { a };
            assert_eq!((three << (64 * w)).pair(w), kept);
            let mut put = Wide::<3>::ZERO;
            put.or_pair(a, w);
            assert_eq!(put, three << (64 * w));
            let mut put = 0u128;
            put.or_window(a, k);
            assert_eq!(put, a << k);
        }
        assert_eq!(Wide::<3>::from_u128(u128::MAX).window(190), 0);
        assert_eq!(u128::MAX.window(128), 0);
    }
}
