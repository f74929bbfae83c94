//! The 9×9 fast path: band masks per digit, locked candidates by table.
//!
//! Glossary (9×9 only):
//! - **band**: three consecutive rows (rows 0–2, 3–5, 6–8); band `b` holds
//!   27 cells, numbered `i = 9·r + c` with `r` the row inside the band and
//!   `c` the column.
//! - **digit-band** (`b`, `d`): the 27-bit mask `cand[9·b + d]` of the cells
//!   of band `b` where digit `d` (0-based) may still go. The whole state is
//!   these 27 masks, their values at the last update, and one "placed" mask
//!   per band — 228 bytes, copied on every guess instead of being undone.
//! - **triad**: three cells of one row inside one box (bits `9r+3k..9r+3k+3`).
//! - **shrink**: the 9-bit summary of a digit-band, bit `3k + r` set when the
//!   triad (row `r`, box `k`) still holds a candidate.
//! - **placed**: a cell whose digit is decided; its peers were cleared.
//!
//! The idea is McGuire/Zhou's JCZSolve as described in public write-ups (a
//! digit occupies exactly one cell per row and per box of a band, so its
//! three cells in a band form a 3×3 permutation of triads): one table lookup
//! on the shrink keeps only the triads that lie on some permutation, which
//! performs pointing and claiming (locked candidates, both directions inside
//! the band) and hidden singles in rows and boxes at once. Naked singles
//! and bi-value cells come from bit-sliced counting of the nine digit masks
//! of a band. Column claiming (a digit whose column is left in one band is confined to
//! that column in its box there) runs once the rest is stuck, four digits at a time in
//! SSE2 lanes on x86_64. Search branches on a bi-value cell when there is one (the
//! JCZSolve choice) and otherwise on a cell with the fewest candidates (Norvig's
//! minimum remaining values). Written from the description; no code was taken from any
//! implementation.

use crate::stop::Stop;

/// All 27 cells of a band.
const FULL: u32 = (1 << 27) - 1;

/// For a shrink (9 bits), the cells (27 bits) of every triad lying on at
/// least one permutation inside the shrink; 0 when there is none.
static ALLOWED: [u32; 512] = build_allowed();

/// For a cell of a band, its peers inside the band (same row or same box),
/// without the cell itself.
static BAND_PEERS: [u32; 27] = build_band_peers();

/// For a 9-bit column summary of a digit-band, the band mask without the columns
/// that are the only column of their box still holding the digit (box-to-column
/// pointing), spread and negated already so the band update only has to AND it.
static LONE_COLS: [u32; 512] = build_lone_cols();

const fn build_allowed() -> [u32; 512] {
    // The six permutations row -> box.
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut triads = 0usize;
        let mut p = 0;
        while p < 6 {
            // Row r in box k is shrink bit 3k + r.
            let m = (1 << (3 * PERMS[p][0]))
                | (1 << (3 * PERMS[p][1] + 1))
                | (1 << (3 * PERMS[p][2] + 2));
            if m & s == m {
                triads |= m;
            }
            p += 1;
        }
        let mut cells = 0u32;
        let mut r = 0;
        while r < 3 {
            let mut k = 0;
            while k < 3 {
                if triads & (1 << (3 * k + r)) != 0 {
                    cells |= 7 << (9 * r + 3 * k);
                }
                k += 1;
            }
            r += 1;
        }
        t[s] = cells;
        s += 1;
    }
    t
}

const fn build_band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r2 == r || c2 / 3 == c / 3) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
}

const fn build_lone_cols() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let part = (x >> (3 * k)) & 7;
            if part != 0 && part & (part - 1) == 0 {
                t[x] |= (part << (3 * k)) as u32;
            }
            k += 1;
        }
        t[x] = !spread_cols(t[x]);
        x += 1;
    }
    t
}

/// The 9-bit shrink of a digit-band.
#[inline(always)]
fn shrink(a: u32) -> usize {
    // Bit 3t of `t` (t = 3r + k, the triad's place in the band mask) is set when the
    // triad holds a candidate. One multiply gathers these nine bits, three apart, into
    // nine adjacent ones: the partial products of the shifts 24, 16 and 8 fall on
    // distinct residues mod 3, so none meet and nothing carries, and bits 24..33 end up
    // holding triad (r, k) at 3k + r. Masked to 9 bits (the table's length), so no
    // bounds check is emitted.
    let t = u64::from((a | a >> 1 | a >> 2) & 0o111_111_111);
    ((t.wrapping_mul((1 << 24) | (1 << 16) | (1 << 8)) >> 24) & 511) as usize
}

/// For a 9-bit column set, all columns of the boxes it touches.
#[inline(always)]
fn box_cols(cols: u32) -> u32 {
    // Bit 3k of `g`: box k holds a column of the set.
    let g = (cols | cols >> 1 | cols >> 2) & 0o111;
    g * 7
}

/// The columns (9 bits) where a band mask has at least one cell.
#[inline(always)]
fn fold_cols(a: u32) -> u32 {
    (a | (a >> 9) | (a >> 18)) & 511
}

/// A 9-bit column set spread over the three rows of a band. No carries: the
/// copies are nine bits apart.
#[inline(always)]
const fn spread_cols(cols: u32) -> u32 {
    cols * 0x40201
}

/// The whole search state; `Copy` so a guess is one memcpy.
#[derive(Clone, Copy)]
struct State {
    /// `cand[9·b + d]`: cells of band `b` where digit `d` may go. Band-major
    /// so that clearing a cell from every digit of its band is one short
    /// loop over contiguous words.
    cand: [u32; 28],
    /// `cand` as of the last band update of each digit-band: a difference
    /// means the digit-band needs another update (cheaper than flagging
    /// each write).
    seen: [u32; 28],
    /// Placed cells per band.
    placed: [u32; 3],
}

impl State {
    /// Every digit everywhere; word 27 is padding (always 0) so the state
    /// compares in whole 4-word chunks.
    const START: [u32; 28] = {
        let mut c = [FULL; 28];
        c[27] = 0;
        c
    };

    fn new() -> Self {
        State {
            cand: Self::START,
            seen: [0; 28],
            placed: [0; 3],
        }
    }

    /// Places digit `d` on the cells `s` of band `b` (at most one per row
    /// and box): clears their peers for `d` and every other digit from them.
    /// Returns false when two cells of `s` see each other or a cell of `s`
    /// no longer allows `d`.
    #[inline(always)]
    fn place(&mut self, b: usize, d: usize, s: u32) -> bool {
        debug_assert!(s != 0 && s & !FULL == 0);
        let x = 9 * b + d;
        let mut peers = 0;
        let mut t = s;
        while t != 0 {
            peers |= BAND_PEERS[t.trailing_zeros() as usize];
            t &= t - 1;
        }
        let new = self.cand[x] & !peers;
        if new & s != s {
            return false;
        }
        for m in &mut self.cand[9 * b..9 * b + 9] {
            *m &= !s;
        }
        self.cand[x] = new;
        let cm = !spread_cols(fold_cols(s));
        let (x1, x2) = same_digit_other_bands(x);
        self.cand[x1] &= cm;
        self.cand[x2] &= cm;
        self.placed[b] |= s;
        true
    }

    /// Band update of digit-band `x = 9·b + d`: keep the triads on some
    /// permutation (locked candidates and hidden singles in rows/boxes),
    /// place rows left with one cell, and point a box confined to one column
    /// at the other bands.
    #[inline(always)]
    fn update(&mut self, x: usize) -> bool {
        let a = self.cand[x] & ALLOWED[shrink(self.cand[x])];
        if a == 0 {
            return false;
        }
        self.seen[x] = a;
        // Box -> column pointing: a box of this band whose digit is confined
        // to one column clears that column in the two other bands.
        let lone = LONE_COLS[fold_cols(a) as usize];
        let (x1, x2) = same_digit_other_bands(x);
        self.cand[x1] &= lone;
        self.cand[x2] &= lone;
        // Rows with a single cell left: a hidden single in the row.
        let r0 = a & 511;
        let r1 = a & (511 << 9);
        let r2 = a & (511 << 18);
        let mut single = 0;
        if r0 & r0.wrapping_sub(1) == 0 {
            single |= r0;
        }
        if r1 & r1.wrapping_sub(1) == 0 {
            single |= r1;
        }
        if r2 & r2.wrapping_sub(1) == 0 {
            single |= r2;
        }
        let b = x / 9;
        let new = single & !self.placed[b];
        // Placing them needs no peer loop: a row left with one cell makes its
        // triad the only one of its box on any permutation, so the mask above
        // already lost the cell's row and box peers, and the box pointing
        // above cleared its column in the other bands. Only the other digits
        // of the cells are left to clear. Done even when `new` is empty (most
        // updates): a branch on it is hard to predict and costs more than
        // nine ANDs.
        self.placed[b] |= new;
        for m in &mut self.cand[9 * b..9 * b + 9] {
            *m &= !new;
        }
        self.cand[x] = a;
        true
    }

    /// The digit-bands changed since their last update (27 bits, bit
    /// `9·b + d`).
    #[inline(always)]
    fn changed(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            };
            let mut eq = 0u32;
            for k in 0..7 {
                // SAFETY: SSE2 is part of the x86_64 baseline; both arrays
                // hold 28 words, so words 4k..4k+4 (k < 7) are in bounds, and
                // loadu has no alignment requirement.
                let e = unsafe {
                    let a = _mm_loadu_si128(self.cand.as_ptr().add(4 * k) as *const __m128i);
                    let s = _mm_loadu_si128(self.seen.as_ptr().add(4 * k) as *const __m128i);
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, s)))
                };
                eq |= (e as u32) << (4 * k);
            }
            !eq & FULL
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut m = 0;
            for x in 0..27 {
                m |= ((self.cand[x] != self.seen[x]) as u32) << x;
            }
            m
        }
    }

    /// Column claiming, the stack-direction counterpart of the band update:
    /// a digit whose column keeps candidates in one band only must sit in
    /// that column within its box there, so the box's other columns in
    /// that band lose the digit. False when a column has no place for a
    /// digit.
    #[inline(always)]
    fn claim_columns(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is part of the x86_64 baseline; words 0..4, 4..8
            // of each band (offsets 0, 9, 18) are within the 28 words.
            unsafe {
                if !self.claim_columns_sse2(0) || !self.claim_columns_sse2(4) {
                    return false;
                }
            }
            self.claim_column(8)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            (0..9).all(|d| self.claim_column(d))
        }
    }

    /// `claim_columns` for digit `d` alone.
    #[inline(always)]
    fn claim_column(&mut self, d: usize) -> bool {
        let f0 = fold_cols(self.cand[d]);
        let f1 = fold_cols(self.cand[9 + d]);
        let f2 = fold_cols(self.cand[18 + d]);
        if f0 | f1 | f2 != 511 {
            return false;
        }
        let o0 = f0 & !(f1 | f2);
        let o1 = f1 & !(f0 | f2);
        let o2 = f2 & !(f0 | f1);
        self.cand[d] &= !spread_cols(box_cols(o0) & !o0);
        self.cand[9 + d] &= !spread_cols(box_cols(o1) & !o1);
        self.cand[18 + d] &= !spread_cols(box_cols(o2) & !o2);
        true
    }

    /// `claim_columns` for digits `d..d + 4` at once, one per 32-bit lane.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn claim_columns_sse2(&mut self, d: usize) -> bool {
        use std::arch::x86_64::*;
        unsafe {
            let p = self.cand.as_mut_ptr();
            let low9 = _mm_set1_epi32(511);
            let fold = |a: __m128i| {
                _mm_and_si128(
                    _mm_or_si128(_mm_or_si128(a, _mm_srli_epi32(a, 9)), _mm_srli_epi32(a, 18)),
                    low9,
                )
            };
            // box_cols and spread_cols of the scalar path, with shifts.
            let ones = _mm_set1_epi32(0o111);
            let claim = |o: __m128i| {
                let g = _mm_and_si128(
                    _mm_or_si128(_mm_or_si128(o, _mm_srli_epi32(o, 1)), _mm_srli_epi32(o, 2)),
                    ones,
                );
                let bx = _mm_or_si128(_mm_or_si128(g, _mm_slli_epi32(g, 1)), _mm_slli_epi32(g, 2));
                let c = _mm_andnot_si128(o, bx);
                _mm_or_si128(_mm_or_si128(c, _mm_slli_epi32(c, 9)), _mm_slli_epi32(c, 18))
            };
            let a0 = _mm_loadu_si128(p.add(d) as *const __m128i);
            let a1 = _mm_loadu_si128(p.add(9 + d) as *const __m128i);
            let a2 = _mm_loadu_si128(p.add(18 + d) as *const __m128i);
            let (f0, f1, f2) = (fold(a0), fold(a1), fold(a2));
            let all = _mm_or_si128(_mm_or_si128(f0, f1), f2);
            if _mm_movemask_epi8(_mm_cmpeq_epi32(all, low9)) != 0xffff {
                return false;
            }
            let o0 = _mm_andnot_si128(_mm_or_si128(f1, f2), f0);
            let o1 = _mm_andnot_si128(_mm_or_si128(f0, f2), f1);
            let o2 = _mm_andnot_si128(_mm_or_si128(f0, f1), f2);
            _mm_storeu_si128(p.add(d) as *mut __m128i, _mm_andnot_si128(claim(o0), a0));
            _mm_storeu_si128(
                p.add(9 + d) as *mut __m128i,
                _mm_andnot_si128(claim(o1), a1),
            );
            _mm_storeu_si128(
                p.add(18 + d) as *mut __m128i,
                _mm_andnot_si128(claim(o2), a2),
            );
        }
        true
    }

    /// Naked singles: cells with one candidate left. Returns `None` on a
    /// contradiction (a cell with no candidate), else whether any was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut any = false;
        for b in 0..3 {
            let (mut one, mut two) = (0u32, 0u32);
            for d in 0..9 {
                let m = self.cand[9 * b + d];
                two |= one & m;
                one |= m;
            }
            if one != FULL {
                return None;
            }
            let mut singles = one & !two & !self.placed[b];
            if singles == 0 {
                continue;
            }
            any = true;
            for d in 0..9 {
                let s = self.cand[9 * b + d] & singles;
                if s != 0 {
                    if !self.place(b, d, s) {
                        return None;
                    }
                    singles &= !s;
                    if singles == 0 {
                        break;
                    }
                }
            }
        }
        Some(any)
    }

    /// Runs band updates and naked singles to a fixpoint. False on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            let mut ch = self.changed();
            if ch != 0 {
                while ch != 0 {
                    let x = ch.trailing_zeros() as usize;
                    ch &= ch - 1;
                    if !self.update(x) {
                        return false;
                    }
                }
            } else {
                match self.naked_singles() {
                    None => return false,
                    Some(true) => {}
                    Some(false) => {
                        if !self.claim_columns() {
                            return false;
                        }
                        if self.changed() == 0 {
                            return true;
                        }
                    }
                }
            }
        }
    }

    fn solved(&self) -> bool {
        self.placed[0] & self.placed[1] & self.placed[2] == FULL
    }

    /// The branching cell: a bi-value cell if any, else one with the fewest
    /// candidates. Returns (band, cell-in-band).
    fn choose(&self) -> (usize, u32) {
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let m = self.cand[9 * b + d];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            let bi = two & !three;
            if bi != 0 {
                return (b, bi.trailing_zeros());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = FULL & !self.placed[b];
            while open != 0 {
                let i = open.trailing_zeros();
                open &= open - 1;
                let k: u32 = (0..9).map(|d| (self.cand[9 * b + d] >> i) & 1).sum();
                if k < best.2 {
                    best = (b, i, k);
                }
            }
        }
        (best.0, best.1)
    }

    fn grid(&self) -> [u8; 81] {
        let mut g = [0u8; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut m = self.cand[9 * b + d] & self.placed[b];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    g[27 * b + i] = d as u8 + 1;
                }
            }
        }
        g
    }
}

/// The digit-bands of the same digit as `x` in the two other bands
/// (`x ± 9` modulo 27, branch-free).
#[inline(always)]
fn same_digit_other_bands(x: usize) -> (usize, usize) {
    let x1 = if x >= 18 { x - 18 } else { x + 9 };
    let x2 = if x >= 9 { x - 9 } else { x + 18 };
    (x1, x2)
}

/// Outcome of the fast path, mapped onto `NativeResult` by the caller.
pub(crate) struct Fast9Out {
    pub count: u64,
    pub complete: bool,
    pub timed_out: bool,
    pub guesses: u64,
    pub nodes: u64,
}

struct Searcher<'a, F: FnMut(&[u8; 81])> {
    max: u64,
    stop: &'a Stop,
    count: u64,
    guesses: u64,
    nodes: u64,
    timed_out: bool,
    /// Solutions still to hand to `on_solution` (grids are built only for
    /// those).
    wanted: usize,
    on_solution: &'a mut F,
}

impl<F: FnMut(&[u8; 81])> Searcher<'_, F> {
    /// Depth-first search from a propagated state, which it may spend (the
    /// last digit of the branching cell is tried on it in place). Returns
    /// true to stop (enough solutions or out of time).
    fn search(&mut self, st: &mut State) -> bool {
        if st.solved() {
            self.count += 1;
            if self.wanted > 0 {
                self.wanted -= 1;
                (self.on_solution)(&st.grid());
            }
            return self.count >= self.max;
        }
        let (b, i) = st.choose();
        self.guesses += 1;
        let bit = 1u32 << i;
        let mut digits: u32 = 0;
        for d in 0..9 {
            digits |= ((st.cand[9 * b + d] >> i) & 1) << d;
        }
        debug_assert!(digits.count_ones() >= 2);
        loop {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.nodes += 1;
            if self.nodes & 1023 == 0 && self.stop.should_stop() {
                self.timed_out = true;
                return true;
            }
            if digits == 0 {
                // The last digit: the state is ours to spend.
                return st.place(b, d, bit) && st.propagate() && self.search(st);
            }
            let mut child = *st;
            if child.place(b, d, bit) && child.propagate() && self.search(&mut child) {
                return true;
            }
            // `d` is refuted: the later digits start without it (this also
            // makes the last one a plain placement on this state, no copy).
            st.cand[9 * b + d] &= !bit;
        }
    }
}

/// Solves a 9×9 grid (`givens` row-major, 0 = empty, 1..=9) counting up to
/// `max` solutions and handing the first `keep` to `on_solution`.
pub(crate) fn solve9<F: FnMut(&[u8; 81])>(
    givens: &[u8],
    max: u64,
    keep: usize,
    stop: &Stop,
    on_solution: &mut F,
) -> Fast9Out {
    debug_assert_eq!(givens.len(), 81);
    let mut out = Fast9Out {
        count: 0,
        complete: true,
        timed_out: false,
        guesses: 0,
        nodes: 1,
    };
    if max == 0 {
        out.complete = false;
        return out;
    }
    let mut st = State::new();
    for (cell, &g) in givens.iter().enumerate() {
        if g == 0 {
            continue;
        }
        let (b, i) = (cell / 27, cell % 27);
        if !st.place(b, g as usize - 1, 1 << i) {
            return out;
        }
    }
    if !st.propagate() {
        return out;
    }
    let mut s = Searcher {
        max,
        stop,
        count: 0,
        guesses: 0,
        nodes: 1,
        timed_out: false,
        wanted: keep,
        on_solution,
    };
    let stopped = s.search(&mut st);
    out.count = s.count;
    out.guesses = s.guesses;
    out.nodes = s.nodes;
    out.timed_out = s.timed_out;
    out.complete = !stopped;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shrink by its definition: bit `3k + r` when triad (row `r`, box `k`) holds a
    /// candidate.
    fn shrink_by_definition(a: u32) -> usize {
        let mut s = 0;
        for r in 0..3 {
            for k in 0..3 {
                if (a >> (9 * r + 3 * k)) & 7 != 0 {
                    s |= 1 << (3 * k + r);
                }
            }
        }
        s
    }

    #[test]
    fn shrink_matches_its_definition() {
        // Every pattern of non-empty triads, each non-empty triad filled with each of its
        // seven non-empty cell sets in turn (the set shifted along with the triad, so
        // neighbouring triads hold different sets).
        for pattern in 0..512u32 {
            for fill in 1..8u32 {
                let mut a = 0;
                for t in 0..9 {
                    if pattern & (1 << t) != 0 {
                        let cells = (fill + t) % 7 + 1;
                        a |= cells << (3 * t);
                    }
                }
                assert_eq!(shrink(a), shrink_by_definition(a), "{a:027b}");
            }
        }
    }
}
