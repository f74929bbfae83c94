//! The 9×9 fast path: band masks per digit, locked candidates by table, branching on
//! band configurations.
//!
//! Glossary (9×9 only):
//! - **band**: three consecutive rows (rows 0–2, 3–5, 6–8); band `b` holds
//!   27 cells, numbered `i = 9·r + c` with `r` the row inside the band and
//!   `c` the column.
//! - **digit-band** (`b`, `d`): the 27-bit mask `cand[9·b + d]` of the cells
//!   of band `b` where digit `d` (0-based) may still go. The whole state is
//!   these 27 masks, their values at the last update, one "placed" mask per
//!   band and the live triads and columns of each digit-band — 348 bytes, copied on every
//!   guess instead of being undone.
//! - **triad**: three cells of one row inside one box (bits `9r+3k..9r+3k+3`).
//! - **shrink**: the 9-bit summary of a digit-band, bit `3k + r` set when the
//!   triad (row `r`, box `k`) still holds a candidate.
//! - **placed**: a cell whose digit is decided; its peers were cleared.
//! - **configuration**: one of the six ways a digit can occupy the triads of
//!   a band (a 3×3 permutation row -> box; tdoku's term).
//!
//! The idea is McGuire/Zhou's JCZSolve as described in public write-ups (a
//! digit occupies exactly one cell per row and per box of a band, so its
//! three cells in a band form a 3×3 permutation of triads): one table lookup
//! on the shrink keeps only the triads that lie on some permutation, which
//! performs pointing and claiming (locked candidates, both directions inside
//! the band) and hidden singles in rows and boxes at once. Naked singles
//! and bi-value cells come from bit-sliced counting of the nine digit masks
//! of a band. Column claiming (a digit whose column is left in one band is confined to
//! that column in its box there) runs once the rest is stuck; then, once a node, the
//! triad rule of tdoku on mini-rows and mini-columns (three cells of a row or column
//! inside a box hold exactly three digits: fewer left, or more than three confined to
//! them, is a contradiction; exactly three left must all be there; three confined shut
//! the others out). Without it, branching on configurations
//! thrashes on sparse grids (an empty grid found no solution in a second).
//!
//! Search branches as tdoku does (its README and source, BSD-2; the idea, not its
//! code): among the three bands and three stacks, in the one with the fewest
//! configurations left over its nine digits, on a digit with the fewest (usually two),
//! one child per configuration; once every digit is down to one everywhere, on a
//! bi-value cell (else a cell with the fewest candidates). A stack's configurations
//! are read from the bands' masks (the 3×3 matrix band × column of a digit's
//! mini-columns). Written from the descriptions; no code was taken from any
//! implementation.
//!
//! Instruction sets: the lane-parallel pieces (`changed`, column claiming) have a
//! portable copy and x86_64 copies in `native_9x9/lanes.rs` (SSE2, the baseline, and
//! AVX2 with the whole search compiled for AVX2/BMI when the CPU reports them at run
//! time). `SATCOVER_SIMD=scalar|sse2` lowers the choice; every level gives identical
//! answers and statistics (tested). Measurements: `docs/sudoku-9x9.md`.

use crate::stop::Stop;

#[cfg(target_arch = "x86_64")]
mod lanes;

/// All 27 cells of a band.
const FULL: u32 = (1 << 27) - 1;

/// For a shrink (9 bits), the cells (27 bits) of every triad lying on at
/// least one permutation inside the shrink; 0 when there is none.
static ALLOWED: [u32; 512] = build_allowed();

/// The six permutations row -> box (digit-band configurations).
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The six configurations of a digit-band as shrinks (row `r` in box `PERMS[p][r]`, bit
/// `3k + r`).
const CONFIGS: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        t[p] =
            (1 << (3 * PERMS[p][0])) | (1 << (3 * PERMS[p][1] + 1)) | (1 << (3 * PERMS[p][2] + 2));
        p += 1;
    }
    t
};

/// The six permutations as 3×3 matrices (bit 3i + j).
const PERM9_MASKS: [u32; 6] = {
    let mut t = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]));
        p += 1;
    }
    t
};

/// Permutations inside a 3×3 matrix (bit 3i + j).
static PC9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut p = 0;
        while p < 6 {
            if x as u32 & PERM9_MASKS[p] == PERM9_MASKS[p] {
                t[x] += 1;
            }
            p += 1;
        }
        x += 1;
    }
    t
};

/// For a shrink, the triads on some configuration inside it (bits 0–8) and how many
/// configurations it holds (bits 12–14).
static LIVE_TRIADS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            if s as u32 & CONFIGS[p] == CONFIGS[p] {
                t[s] |= CONFIGS[p] as u16;
                t[s] += 1 << 12;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For a set of triads (shrink layout, bit 3k + r), their cells.
static TRIAD_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut u = 0;
        while u < 9 {
            if s & (1 << u) != 0 {
                t[s] |= 7 << (9 * (u % 3) + 3 * (u / 3));
            }
            u += 1;
        }
        s += 1;
    }
    t
};

/// For a set of triads a digit must occupy in a band (shrink layout), the cells of
/// the triads compatible with all of them (the same triad, or another row and box).
static KEEP_TRIADS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut f = 0;
    while f < 512 {
        let mut u = 0;
        while u < 9 {
            let mut ok = true;
            let mut v = 0;
            while v < 9 {
                if f & (1 << v) != 0 && v != u && (v / 3 == u / 3 || v % 3 == u % 3) {
                    ok = false;
                }
                v += 1;
            }
            if ok {
                t[f] |= 7 << (9 * (u % 3) + 3 * (u / 3));
            }
            u += 1;
        }
        f += 1;
    }
    t
};

/// For a cell of a band, its peers inside the band (same row or same box),
/// without the cell itself.
static BAND_PEERS: [u32; 27] = build_band_peers();

/// For a 9-bit column summary of a digit-band, the band mask without the columns
/// that are the only column of their box still holding the digit (box-to-column
/// pointing), spread and negated already so the band update only has to AND it.
static LONE_COLS: [u32; 512] = build_lone_cols();

const fn build_allowed() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut triads = 0usize;
        let mut p = 0;
        while p < 6 {
            // Row r in box k is shrink bit 3k + r.
            let m = CONFIGS[p] as usize;
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

/// For nine groups of three bits (bits 3g..3g+3), the bits alone in their group.
#[inline(always)]
fn confined(x: u32) -> u32 {
    let others = ((x >> 1) & 0o333_333_333)
        | ((x >> 2) & 0o111_111_111)
        | ((x << 1) & 0o666_666_666)
        | ((x << 2) & 0o444_444_444);
    x & !others
}

/// The triad rule's counts over the nine digits, for the 27 places of one kind (triads
/// or mini-columns, bit `9·b + 3k + i`: place `i` of box `k` in band `b`).
struct Tally {
    /// Per digit, the places that still hold it.
    sets: [u32; 9],
    /// Per digit, the places it is confined to (the only one of their box left to it).
    confined: [u32; 9],
    /// Places held by at least three digits, and by at least four.
    three: u32,
    four: u32,
    /// Places at least three digits are confined to, and at least four.
    three_confined: u32,
    four_confined: u32,
}

impl Tally {
    /// Bit-sliced counting, saturating at four.
    #[inline(always)]
    fn new(sets: [u32; 9]) -> Self {
        let mut confined_to = [0u32; 9];
        let (mut p1, mut p2, mut p3, mut p4) = (0u32, 0u32, 0u32, 0u32);
        let (mut f1, mut f2, mut f3, mut f4) = (0u32, 0u32, 0u32, 0u32);
        for (d, &x) in sets.iter().enumerate() {
            let f = confined(x);
            confined_to[d] = f;
            p4 |= p3 & x;
            p3 |= p2 & x;
            p2 |= p1 & x;
            p1 |= x;
            f4 |= f3 & f;
            f3 |= f2 & f;
            f2 |= f1 & f;
            f1 |= f;
        }
        Tally {
            sets,
            confined: confined_to,
            three: p3,
            four: p4,
            three_confined: f3,
            four_confined: f4,
        }
    }
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
    /// Triads on some configuration and the number of configurations, per
    /// digit-band, as of its last update (`LIVE_TRIADS`; valid for all 27 at a
    /// fixpoint, where every digit-band has been updated since it last changed):
    /// what the triad rule and the branching read.
    configs: [u16; 28],
    /// Columns holding a candidate, per digit-band, as of its last update (the
    /// same validity as `configs`). Between a change and the next update it may
    /// still hold columns since lost: the mini-column rule reads it anyway, as
    /// deductions from a superset of the candidates stay sound.
    cols: [u16; 28],
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
            configs: [511 | 6 << 12; 28],
            cols: [511; 28],
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
        let sh = shrink(self.cand[x]);
        let a = self.cand[x] & ALLOWED[sh];
        if a == 0 {
            return false;
        }
        self.seen[x] = a;
        // The triads of `a`: ALLOWED dropped those on no configuration.
        self.configs[x] = LIVE_TRIADS[sh];
        // Box -> column pointing: a box of this band whose digit is confined
        // to one column clears that column in the two other bands.
        let folded = fold_cols(a);
        self.cols[x] = folded as u16;
        let lone = LONE_COLS[folded as usize];
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
    fn changed<const L: u8>(&self) -> u32 {
        match L {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `AVX2` is only chosen when the CPU reports AVX2 (`Level::detect`).
            AVX2 => unsafe { lanes::changed_avx2(&self.cand, &self.seen) },
            #[cfg(target_arch = "x86_64")]
            SSE2 => lanes::changed_sse2(&self.cand, &self.seen),
            _ => {
                let mut m = 0;
                for x in 0..27 {
                    m |= ((self.cand[x] != self.seen[x]) as u32) << x;
                }
                m
            }
        }
    }

    /// Column claiming, the stack-direction counterpart of the band update:
    /// a digit whose column keeps candidates in one band only must sit in
    /// that column within its box there, so the box's other columns in
    /// that band lose the digit. False when a column has no place for a
    /// digit.
    #[inline(always)]
    fn claim_columns<const L: u8>(&mut self) -> bool {
        match L {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `AVX2` is only chosen when the CPU reports AVX2.
            AVX2 => (unsafe { lanes::claim_avx2(&mut self.cand) }) && self.claim_column(8),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: 0 + 4 and 4 + 4 are at most 9.
            SSE2 => {
                (unsafe {
                    lanes::claim_sse2(&mut self.cand, 0) && lanes::claim_sse2(&mut self.cand, 4)
                }) && self.claim_column(8)
            }
            _ => (0..9).all(|d| self.claim_column(d)),
        }
    }

    /// Triads hold exactly three digits (tdoku's triad constraint, on mini-rows):
    /// a triad with fewer than three digits left, or more than three confined to
    /// it, is a contradiction; one with exactly three left holds all three, and
    /// one with three confined to it holds no other. A digit is confined to a
    /// triad when the triad is the only one left to it in its box. False on a
    /// contradiction.
    #[inline(always)]
    fn triads(&mut self) -> bool {
        // Bit 9·b + 3k + r: triad (r, k) of band b.
        let t = Tally::new(std::array::from_fn(|d| {
            let live = |x: usize| u32::from(self.configs[x] & 511);
            live(d) | live(9 + d) << 9 | live(18 + d) << 18
        }));
        if t.three != FULL || t.four_confined != 0 {
            return false;
        }
        // Exactly three digits left: each must be there. Three confined: no other.
        let must = t.three & !t.four;
        let full = t.three_confined;
        if must | full != 0 {
            for d in 0..9 {
                let m = t.sets[d] & must;
                let out = t.sets[d] & full & !t.confined[d];
                for b in 0..3 {
                    let x = 9 * b + d;
                    let mb = (m >> (9 * b)) & 511;
                    let ob = (out >> (9 * b)) & 511;
                    self.cand[x] &= KEEP_TRIADS[mb as usize] & !TRIAD_CELLS[ob as usize];
                }
            }
        }
        self.minicols()
    }

    /// The triad rule on mini-columns (three cells of one column inside one box),
    /// as `triads` does on mini-rows: a digit is confined to a mini-column when it
    /// is the only column of its box left to the digit in that band. False on a
    /// contradiction.
    #[inline(always)]
    fn minicols(&mut self) -> bool {
        // Bit 9·b + c: column c within band b.
        let t = Tally::new(std::array::from_fn(|d| {
            let cols = |x: usize| u32::from(self.cols[x]);
            cols(d) | cols(9 + d) << 9 | cols(18 + d) << 18
        }));
        if t.three != FULL || t.four_confined != 0 {
            return false;
        }
        let must = t.three & !t.four;
        let full = t.three_confined;
        if must | full == 0 {
            return true;
        }
        for d in 0..9 {
            let m = t.sets[d] & must;
            let out = t.sets[d] & full & !t.confined[d];
            if m | out == 0 {
                continue;
            }
            let mut other = 0;
            for b in 0..3 {
                let mb = (m >> (9 * b)) & 511;
                let ob = (out >> (9 * b)) & 511;
                self.cand[9 * b + d] &= !spread_cols((box_cols(mb) & !mb) | ob);
                other |= mb;
            }
            // A column the digit must take in one band is closed to it in the others.
            for b in 0..3 {
                let mb = (m >> (9 * b)) & 511;
                self.cand[9 * b + d] &= !spread_cols(other & !mb);
            }
        }
        true
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

    /// What every search node runs: `propagate`, the triad rule once, and
    /// `propagate` again if the rule removed anything. False on a contradiction.
    #[inline(always)]
    fn settle<const L: u8>(&mut self) -> bool {
        self.propagate::<L>()
            && self.triads()
            && (self.changed::<L>() == 0 || self.propagate::<L>())
    }

    /// Runs band updates, naked singles and column claiming to a fixpoint.
    /// False on a contradiction.
    #[inline(always)]
    fn propagate<const L: u8>(&mut self) -> bool {
        loop {
            let mut ch = self.changed::<L>();
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
                        if !self.claim_columns::<L>() {
                            return false;
                        }
                        if self.changed::<L>() == 0 {
                            return true;
                        }
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        self.placed[0] & self.placed[1] & self.placed[2] == FULL
    }

    /// What to branch on by configurations (tdoku's choice): in the band or
    /// stack with the fewest configurations left over its nine digits, among
    /// those not yet down to one per digit, the first digit with the fewest (at
    /// least two). `x < 27`: digit-band `x`; `27 + 9·s + d`: digit `d` in stack
    /// `s`. `None` when every digit is down to one configuration everywhere.
    #[inline(always)]
    fn choose_digit_band(&self) -> Option<usize> {
        let mut best = (u32::MAX, 0);
        for b in 0..3 {
            let total: u32 = self.configs[9 * b..9 * b + 9]
                .iter()
                .map(|&t| u32::from(t >> 12))
                .sum();
            if total > 9 && total < best.0 {
                best = (total, b);
            }
        }
        // Stacks: per digit and stack, the 3×3 (band, column) matrix of mini-columns.
        let mut sidx = [[0usize; 9]; 3];
        for d in 0..9 {
            let f0 = u32::from(self.cols[d]);
            let f1 = u32::from(self.cols[9 + d]);
            let f2 = u32::from(self.cols[18 + d]);
            for (s, row) in sidx.iter_mut().enumerate() {
                let sh = 3 * s;
                row[d] =
                    (((f0 >> sh) & 7) | (((f1 >> sh) & 7) << 3) | (((f2 >> sh) & 7) << 6)) as usize;
            }
        }
        for (s, row) in sidx.iter().enumerate() {
            let total: u32 = row.iter().map(|&i| u32::from(PC9[i])).sum();
            if total > 9 && total < best.0 {
                best = (total, 3 + s);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        if best.1 >= 3 {
            let s = best.1 - 3;
            let mut pick = (u8::MAX, 0);
            for d in 0..9 {
                let n = PC9[sidx[s][d]];
                if n >= 2 && n < pick.0 {
                    pick = (n, d);
                }
            }
            return Some(27 + 9 * s + pick.1);
        }
        let b = best.1;
        let mut pick = (u8::MAX, 0);
        for x in 9 * b..9 * b + 9 {
            let n = (self.configs[x] >> 12) as u8;
            if n >= 2 && n < pick.0 {
                pick = (n, x);
            }
        }
        Some(pick.1)
    }

    /// The branching cell once every digit-band is down to one configuration:
    /// a bi-value cell if any, else one with the fewest candidates. Returns
    /// (band, cell-in-band).
    #[inline(always)]
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
    /// last alternative of a branch is tried on it in place). Returns true to
    /// stop (enough solutions or out of time).
    #[inline(always)]
    fn node<const L: u8>(&mut self, st: &mut State) -> bool {
        if st.solved() {
            self.count += 1;
            if self.wanted > 0 {
                self.wanted -= 1;
                (self.on_solution)(&st.grid());
            }
            return self.count >= self.max;
        }
        if let Some(x) = st.choose_digit_band() {
            if x >= 27 {
                return self.branch_stack::<L>(st, (x - 27) / 9, (x - 27) % 9);
            }
            return self.branch_configs::<L>(st, x);
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
            if self.nodes & 1023 == 0 && self.stop.poll(crate::stop::Effort::Nodes, self.nodes) {
                self.timed_out = true;
                return true;
            }
            if digits == 0 {
                // The last digit: the state is ours to spend.
                return st.place(b, d, bit) && st.settle::<L>() && self.search::<L>(st);
            }
            let mut child = *st;
            if child.place(b, d, bit) && child.settle::<L>() && self.search::<L>(&mut child) {
                return true;
            }
            // `d` is refuted: the later digits start without it (this also
            // makes the last one a plain placement on this state, no copy).
            st.cand[9 * b + d] &= !bit;
        }
    }

    /// Branches on the configurations left to digit-band `x`: each child keeps
    /// the cells of one configuration's triads. A digit occupies exactly one
    /// configuration of each band, so the children partition the solutions.
    #[inline(always)]
    fn branch_configs<const L: u8>(&mut self, st: &mut State, x: usize) -> bool {
        self.guesses += 1;
        let sh = shrink(st.cand[x]) as u32;
        let mut cells = [0u32; 6];
        let mut n = 0;
        for &c in &CONFIGS {
            if sh & c == c {
                cells[n] = ALLOWED[c as usize];
                n += 1;
            }
        }
        debug_assert!(n >= 2);
        for (k, &keep) in cells[..n].iter().enumerate() {
            self.nodes += 1;
            if self.nodes & 1023 == 0 && self.stop.poll(crate::stop::Effort::Nodes, self.nodes) {
                self.timed_out = true;
                return true;
            }
            if k + 1 == n {
                // The last configuration: the state is ours to spend.
                st.cand[x] &= keep;
                return st.settle::<L>() && self.search::<L>(st);
            }
            let mut child = *st;
            child.cand[x] &= keep;
            if child.settle::<L>() && self.search::<L>(&mut child) {
                return true;
            }
        }
        unreachable!("the last configuration returns")
    }

    /// Branches on the configurations left to digit `d` in stack `s` (its 3×3
    /// matrix band × column of mini-columns, one column per band and per box):
    /// each child keeps, in each band, the one column of the stack its
    /// configuration gives the digit.
    #[inline(always)]
    fn branch_stack<const L: u8>(&mut self, st: &mut State, s: usize, d: usize) -> bool {
        self.guesses += 1;
        let sh = 3 * s;
        let f0 = fold_cols(st.cand[d]);
        let f1 = fold_cols(st.cand[9 + d]);
        let f2 = fold_cols(st.cand[18 + d]);
        let idx = ((f0 >> sh) & 7) | (((f1 >> sh) & 7) << 3) | (((f2 >> sh) & 7) << 6);
        let mut perms = [0u32; 6];
        let mut n = 0;
        for &p in &PERM9_MASKS {
            if idx & p == p {
                perms[n] = p;
                n += 1;
            }
        }
        let restrict = |st: &mut State, p: u32| {
            for b in 0..3 {
                let keep = (p >> (3 * b)) & 7;
                st.cand[9 * b + d] &= !spread_cols((7 & !keep) << sh);
            }
        };
        for (k, &p) in perms[..n].iter().enumerate() {
            self.nodes += 1;
            if self.nodes & 1023 == 0 && self.stop.poll(crate::stop::Effort::Nodes, self.nodes) {
                self.timed_out = true;
                return true;
            }
            if k + 1 == n {
                // The last configuration: the state is ours to spend.
                restrict(st, p);
                return st.settle::<L>() && self.search::<L>(st);
            }
            let mut child = *st;
            restrict(&mut child, p);
            if child.settle::<L>() && self.search::<L>(&mut child) {
                return true;
            }
        }
        unreachable!("the last configuration returns")
    }

    /// One search node at level `L`, as an out-of-line call (the recursion).
    #[inline(always)]
    fn search<const L: u8>(&mut self, st: &mut State) -> bool {
        #[cfg(target_arch = "x86_64")]
        if L == AVX2 {
            // SAFETY: `AVX2` is only chosen when the CPU reports AVX2 and BMI1/2.
            return unsafe { self.search_avx2(st) };
        }
        self.search_portable::<L>(st)
    }

    #[inline(never)]
    fn search_portable<const L: u8>(&mut self, st: &mut State) -> bool {
        self.node::<L>(st)
    }

    /// `node` compiled for AVX2 (and the BMI bit instructions that come with it).
    ///
    /// # Safety
    /// The CPU must support AVX2, BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    unsafe fn search_avx2(&mut self, st: &mut State) -> bool {
        self.node::<AVX2>(st)
    }
}

/// Instruction sets the engine has a copy for, as `const` parameters.
const SCALAR: u8 = 0;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const SSE2: u8 = 1;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const AVX2: u8 = 2;

/// The instruction set a 9×9 search uses: chosen once per process from what the CPU
/// reports, or lowered by `SATCOVER_SIMD=scalar|sse2` (tests and measurements).
pub(crate) fn level() -> Level {
    static LEVEL: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| {
        let best = Level::detect();
        match std::env::var("SATCOVER_SIMD").as_deref() {
            Ok("scalar") => Level::Scalar,
            Ok("sse2") => best.min(Level::Sse2),
            _ => best,
        }
    })
}

/// An instruction set the 9×9 engine can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    /// Portable Rust, no `std::arch`.
    Scalar,
    /// x86_64's baseline SSE2 lanes.
    Sse2,
    /// AVX2 lanes and BMI1/BMI2, when the CPU reports them.
    Avx2,
}

impl Level {
    /// The best level this CPU supports.
    pub(crate) fn detect() -> Level {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt")
            {
                return Level::Avx2;
            }
            Level::Sse2
        }
        #[cfg(not(target_arch = "x86_64"))]
        Level::Scalar
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
    solve9_at(level(), givens, max, keep, stop, on_solution)
}

/// `solve9` on a given level; a level above what the CPU supports runs as the best
/// it does support.
pub(crate) fn solve9_at<F: FnMut(&[u8; 81])>(
    level: Level,
    givens: &[u8],
    max: u64,
    keep: usize,
    stop: &Stop,
    on_solution: &mut F,
) -> Fast9Out {
    match level.min(Level::detect()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the CPU reports AVX2, BMI1 and BMI2 (`Level::detect`).
        Level::Avx2 => unsafe { solve9_avx2(givens, max, keep, stop, on_solution) },
        #[cfg(target_arch = "x86_64")]
        Level::Sse2 => solve9_level::<SSE2, F>(givens, max, keep, stop, on_solution),
        _ => solve9_level::<SCALAR, F>(givens, max, keep, stop, on_solution),
    }
}

/// # Safety
/// The CPU must support AVX2, BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn solve9_avx2<F: FnMut(&[u8; 81])>(
    givens: &[u8],
    max: u64,
    keep: usize,
    stop: &Stop,
    on_solution: &mut F,
) -> Fast9Out {
    solve9_level::<AVX2, F>(givens, max, keep, stop, on_solution)
}

#[inline(always)]
pub(crate) fn solve9_level<const L: u8, F: FnMut(&[u8; 81])>(
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
    if !st.settle::<L>() {
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
    let stopped = s.search::<L>(&mut st);
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

    /// Givens of every 81-character line of a fixture file.
    fn fixture(name: &str) -> Vec<Vec<u8>> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/sudoku_native")
            .join(name);
        std::fs::read_to_string(path)
            .expect("fixture")
            .lines()
            .filter(|l| l.len() >= 81 && !l.starts_with('#'))
            .map(|l| {
                l.bytes()
                    .take(81)
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect()
            })
            .collect()
    }

    /// Everything a search reports, solutions included.
    fn run(level: Level, givens: &[u8], max: u64) -> (u64, bool, u64, u64, Vec<[u8; 81]>) {
        let mut solutions = Vec::new();
        let out = solve9_at(level, givens, max, 3, &Stop::never(), &mut |g| {
            solutions.push(*g)
        });
        (out.count, out.complete, out.guesses, out.nodes, solutions)
    }

    /// The portable path (forced here whatever the CPU) and every lane path this CPU
    /// has answer alike, down to the search's statistics: unique, multi-solution and
    /// contradictory grids.
    #[test]
    fn every_level_gives_identical_answers() {
        let mut grids = fixture("17_clue_200.txt");
        grids.extend(fixture("forum_hardest_11plus_200.txt"));
        // Two solutions: a hard grid with two givens removed; none: two equal givens
        // in a row after a hard grid's first empty cell is filled.
        let mut loose = grids[250].clone();
        let given: Vec<usize> = (0..81).filter(|&i| loose[i] != 0).take(2).collect();
        for i in given {
            loose[i] = 0;
        }
        grids.push(loose);
        let mut bad = vec![0; 81];
        (bad[0], bad[1]) = (1, 1);
        grids.push(bad);
        // A hard grid with its first given changed: whatever it has, all levels agree.
        let mut changed = grids[200].clone();
        let first = changed.iter().position(|&v| v != 0).unwrap();
        changed[first] = changed[first] % 9 + 1;
        grids.push(changed);
        grids.push(vec![0; 81]);
        let levels: Vec<Level> = [Level::Scalar, Level::Sse2, Level::Avx2]
            .into_iter()
            .filter(|&l| l <= Level::detect())
            .collect();
        assert!(levels.contains(&Level::Scalar));
        for g in &grids {
            for max in [1, 2, 5] {
                let scalar = run(Level::Scalar, g, max);
                for &level in &levels[1..] {
                    assert_eq!(run(level, g, max), scalar, "{level:?}, max {max}");
                }
            }
        }
        assert_eq!(run(Level::Scalar, &grids[0], 2).0, 1);
        assert_eq!(run(Level::Scalar, &grids[400], 2).0, 2);
        assert_eq!(run(Level::Scalar, &grids[401], 2).0, 0);
        assert_eq!(run(Level::Scalar, &grids[403], 5).0, 5);
    }

    /// Branching on configurations needs the triad rule on sparse grids: with it, the
    /// first thousands of solutions of the empty grid take a few thousand nodes each
    /// way (without it, an empty grid found no solution in a second).
    #[test]
    fn sparse_grids_do_not_thrash() {
        let out = solve9(&[0; 81], 2000, 0, &Stop::never(), &mut |_| {});
        assert_eq!(out.count, 2000);
        assert!(out.nodes < 10_000, "{} nodes", out.nodes);
        assert_eq!(std::mem::size_of::<State>(), 348);
    }
}
