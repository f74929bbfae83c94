//! The lane-parallel pieces of the 9×9 engine, one copy per instruction set: SSE2 (the
//! x86_64 baseline) and AVX2 (used only when the CPU reports it at run time). Each has the
//! same meaning as the portable code in `native_9x9.rs` it stands for:
//! - `changed_*`: bit `x` set when word `x` of `cand` differs from `seen` (`x < 27`);
//! - `claim_*`: column claiming for a run of digits, one per 32-bit lane (see
//!   `State::claim_column`); false when some column has no place left for a digit.
//!
//! Invariant: `cand` and `seen` are 28 words, word 27 always 0 in both; lanes read words
//! 0..28 only.

use std::arch::x86_64::*;

/// `changed` with SSE2: seven 4-word compares.
#[inline(always)]
pub(super) fn changed_sse2(cand: &[u32; 28], seen: &[u32; 28]) -> u32 {
    let mut eq = 0u32;
    for k in 0..7 {
        // SAFETY: SSE2 is part of the x86_64 baseline; words 4k..4k+4 (k < 7) are within
        // the 28, and loadu has no alignment requirement.
        let e = unsafe {
            let a = _mm_loadu_si128(cand.as_ptr().add(4 * k) as *const __m128i);
            let s = _mm_loadu_si128(seen.as_ptr().add(4 * k) as *const __m128i);
            _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, s)))
        };
        eq |= (e as u32) << (4 * k);
    }
    !eq & 0x7ff_ffff
}

/// `changed` with AVX2: three 8-word compares and one 4-word compare.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
pub(super) unsafe fn changed_avx2(cand: &[u32; 28], seen: &[u32; 28]) -> u32 {
    // SAFETY: AVX2 is the caller's promise; words 0..24 and 24..28 are in bounds, and
    // loadu has no alignment requirement.
    unsafe {
        let mut eq = 0u32;
        for k in 0..3 {
            let a = _mm256_loadu_si256(cand.as_ptr().add(8 * k) as *const __m256i);
            let s = _mm256_loadu_si256(seen.as_ptr().add(8 * k) as *const __m256i);
            let e = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, s)));
            eq |= (e as u32) << (8 * k);
        }
        let a = _mm_loadu_si128(cand.as_ptr().add(24) as *const __m128i);
        let s = _mm_loadu_si128(seen.as_ptr().add(24) as *const __m128i);
        eq |= (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, s))) as u32) << 24;
        !eq & 0x7ff_ffff
    }
}

/// The 9-bit column summary of each lane (`fold_cols`).
#[inline(always)]
fn fold_128(a: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe {
        _mm_and_si128(
            _mm_or_si128(_mm_or_si128(a, _mm_srli_epi32(a, 9)), _mm_srli_epi32(a, 18)),
            _mm_set1_epi32(511),
        )
    }
}

/// For each lane's set `o` of columns alone in their band, the cells to clear:
/// `spread_cols(box_cols(o) & !o)` of the portable path, with shifts.
#[inline(always)]
fn claim_128(o: __m128i) -> __m128i {
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe {
        let g = _mm_and_si128(
            _mm_or_si128(_mm_or_si128(o, _mm_srli_epi32(o, 1)), _mm_srli_epi32(o, 2)),
            _mm_set1_epi32(0o111),
        );
        let bx = _mm_or_si128(_mm_or_si128(g, _mm_slli_epi32(g, 1)), _mm_slli_epi32(g, 2));
        let c = _mm_andnot_si128(o, bx);
        _mm_or_si128(_mm_or_si128(c, _mm_slli_epi32(c, 9)), _mm_slli_epi32(c, 18))
    }
}

/// Column claiming for digits `d..d + 4` with SSE2.
///
/// # Safety
/// `d + 4 <= 9` (so that words `18 + d .. 22 + d` are in bounds).
#[inline(always)]
pub(super) unsafe fn claim_sse2(cand: &mut [u32; 28], d: usize) -> bool {
    debug_assert!(d + 4 <= 9);
    // SAFETY: SSE2 is the x86_64 baseline; the caller keeps the loads in bounds.
    unsafe {
        let p = cand.as_mut_ptr();
        let a0 = _mm_loadu_si128(p.add(d) as *const __m128i);
        let a1 = _mm_loadu_si128(p.add(9 + d) as *const __m128i);
        let a2 = _mm_loadu_si128(p.add(18 + d) as *const __m128i);
        let (f0, f1, f2) = (fold_128(a0), fold_128(a1), fold_128(a2));
        let all = _mm_or_si128(_mm_or_si128(f0, f1), f2);
        if _mm_movemask_epi8(_mm_cmpeq_epi32(all, _mm_set1_epi32(511))) != 0xffff {
            return false;
        }
        let o0 = _mm_andnot_si128(_mm_or_si128(f1, f2), f0);
        let o1 = _mm_andnot_si128(_mm_or_si128(f0, f2), f1);
        let o2 = _mm_andnot_si128(_mm_or_si128(f0, f1), f2);
        _mm_storeu_si128(
            p.add(d) as *mut __m128i,
            _mm_andnot_si128(claim_128(o0), a0),
        );
        _mm_storeu_si128(
            p.add(9 + d) as *mut __m128i,
            _mm_andnot_si128(claim_128(o1), a1),
        );
        _mm_storeu_si128(
            p.add(18 + d) as *mut __m128i,
            _mm_andnot_si128(claim_128(o2), a2),
        );
    }
    true
}

/// `fold_128` on eight lanes.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn fold_256(a: __m256i) -> __m256i {
    // SAFETY: AVX2 is the caller's promise.
    unsafe {
        _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(a, _mm256_srli_epi32(a, 9)),
                _mm256_srli_epi32(a, 18),
            ),
            _mm256_set1_epi32(511),
        )
    }
}

/// `claim_128` on eight lanes.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
unsafe fn claim_256(o: __m256i) -> __m256i {
    // SAFETY: AVX2 is the caller's promise.
    unsafe {
        let g = _mm256_and_si256(
            _mm256_or_si256(
                _mm256_or_si256(o, _mm256_srli_epi32(o, 1)),
                _mm256_srli_epi32(o, 2),
            ),
            _mm256_set1_epi32(0o111),
        );
        let bx = _mm256_or_si256(
            _mm256_or_si256(g, _mm256_slli_epi32(g, 1)),
            _mm256_slli_epi32(g, 2),
        );
        let c = _mm256_andnot_si256(o, bx);
        _mm256_or_si256(
            _mm256_or_si256(c, _mm256_slli_epi32(c, 9)),
            _mm256_slli_epi32(c, 18),
        )
    }
}

/// Column claiming for digits 0..8 with AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[inline(always)]
pub(super) unsafe fn claim_avx2(cand: &mut [u32; 28]) -> bool {
    // SAFETY: AVX2 is the caller's promise; the loads read words 0..8, 9..17 and 18..26.
    unsafe {
        let p = cand.as_mut_ptr();
        let a0 = _mm256_loadu_si256(p as *const __m256i);
        let a1 = _mm256_loadu_si256(p.add(9) as *const __m256i);
        let a2 = _mm256_loadu_si256(p.add(18) as *const __m256i);
        let (f0, f1, f2) = (fold_256(a0), fold_256(a1), fold_256(a2));
        let all = _mm256_or_si256(_mm256_or_si256(f0, f1), f2);
        if _mm256_movemask_epi8(_mm256_cmpeq_epi32(all, _mm256_set1_epi32(511))) != -1 {
            return false;
        }
        let o0 = _mm256_andnot_si256(_mm256_or_si256(f1, f2), f0);
        let o1 = _mm256_andnot_si256(_mm256_or_si256(f0, f2), f1);
        let o2 = _mm256_andnot_si256(_mm256_or_si256(f0, f1), f2);
        _mm256_storeu_si256(p as *mut __m256i, _mm256_andnot_si256(claim_256(o0), a0));
        _mm256_storeu_si256(
            p.add(9) as *mut __m256i,
            _mm256_andnot_si256(claim_256(o1), a1),
        );
        _mm256_storeu_si256(
            p.add(18) as *mut __m256i,
            _mm256_andnot_si256(claim_256(o2), a2),
        );
    }
    true
}
