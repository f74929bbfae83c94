//! Dancing Links: Knuth's Algorithm C (exact covering with colours),
//! TAOCP Vol. 4B, 7.2.2.1, as in his programs DLX1 and DLX2.
//!
//! Glossary:
//! - **node**: one entry of the flat array `nodes`. Nodes `1..=N` are the item
//!   headers (primaries first, then secondaries); node `0` is unused (the root
//!   exists only in the horizontal list). After the headers, each option is a
//!   contiguous run of nodes, and runs are separated by **spacers**.
//! - **TOP**: for an option node, its (internal) item; for a spacer, `≤ 0`
//!   (minus the number of the option before it); `0` for a header.
//! - **LEN** (`len[i]`, apart from the nodes): the number of options
//!   currently in item `i`'s vertical list, plus [`COVERED`] while `i` is
//!   covered (`2¹⁴` in the 16-bit form, see [`Len`]).
//! - **ULINK/DLINK**: the vertical circular list of an item, through its
//!   header. In a spacer, ULINK is the first node of the option before it and
//!   DLINK the last node of the option after it, so an option can be walked
//!   circularly in both directions.
//! - **active** items: the primary items not covered. Knuth keeps them in a
//!   doubly linked horizontal list (LLINK/RLINK) in item order; here covering
//!   item `i` adds [`COVERED`] to its LEN instead, so the active items are the
//!   primaries whose LEN is below [`COVERED`], still in item order. Choosing
//!   then scans LEN as one array instead of chasing links (see [`mrv`] and `Dance::choose`).
//! - **COLOR**: `0` none, `> 0` a colour (our [`Colour`](super::Colour) + 1), `-1` a node
//!   whose item was purified with this node's colour: hide/unhide skip it.
//!   With colours, spacers have COLOR `-1` too (one test finds both).
//! - **hide(p)**: unlink every other node of p's option from its item list.
//! - **cover(i)**: hide every option in item `i`'s vertical list and make `i`
//!   inactive. **uncover** undoes it in reverse order.
//! - **purify(p)**: item `i = TOP(p)` takes colour `c = COLOR(p)`: hide the
//!   options with another colour (or none) on `i`, mark those with colour `c`.
//! - **commit(p)**: cover `TOP(p)` if p is uncoloured, purify if coloured, nothing
//!   if marked (already purified with the same colour).
//!
//! The search tree is DLX1's and DLX2's: MRV takes the first active item in
//! item order with the fewest options, as they do in their list order (which
//! is item order), and options are tried in input order. Its cost is counted
//! as they count it, so the figures are equal (tested against DLX1 in
//! `tests/it/dlx_suite.rs`):
//! - `nodes`: each level entered (step C2), a solution included ("a solution
//!   is a special node", DLX1).
//! - `updates`: one per item covered (DLX1/DLX2 count its removal from the
//!   horizontal list), plus one per node unlinked from its vertical list (in
//!   `cover` and `purify`). An item with LEN 0 chosen by MRV is abandoned at
//!   once without covering it, but counts the one update DLX1's cover makes.
//! - `cleansings` (DLX2): one per purify, plus one per node it marks.
//!
//! [`solve`] and [`count`] give a matrix with colours to `scan.rs` instead,
//! which searches this same tree with the same counters but keeps the
//! secondary items' lists fixed (it unlinks only primary nodes); the colour
//! path here is DLX2's structure node for node, and the reference that
//! engine is tested against.
//!
//! Padding ([`Dancer::padding`], chosen by [`solve`] and [`count`]): options
//! shorter than the longest get nodes of an extra secondary item that no option
//! commits and no counter counts, so that every option has the same length; the
//! search, its answers and its counters are those of the matrix without them.
//!
//! Safety: the search uses unchecked indexing. Every link stored in `nodes`
//! and every item number in TOP is built in range by [`Dancer::new`] (checked
//! by `debug_assert!`s there; a link to node `n` is `n * STEP`, `STEP` = 2 for
//! the 16-byte nodes and 1 for the 8-byte ones, so that a node is at byte
//! `8 * link`: see `Link::STEP`), `len` has a slot for every item, and the dance
//! only ever copies one existing link value into another link field, so all
//! links stay in range forever. The 16-bit nodes are made only when every
//! initial field fits (checked), and the dance stores in nodes only copies of
//! existing links and colours or `-1`, so the narrowing casts never truncate.
//! The next-in-option links kept in COLOR (matrices without colours), or
//! the option's first node when all options have 3 to 6 nodes (their other
//! nodes are then `first + (offset + j) mod K`, computed rather than chased:
//! 23% less time on pentominoes, `docs/dlx.md`), are node numbers too, made
//! in range and never written during the search. Padding nodes are ordinary
//! nodes of the extra item `N + 1`, built in range like the others.
//! A LEN stays between 0 and its initial value, plus [`COVERED`] while
//! covered, so it never overflows (in 16 bits: initial values below `2¹⁴`,
//! checked, plus `2¹⁴`). [`Prepared`] forces only options it has
//! checked share no item, so forcing covers each item at most once.

use super::matrix::{Matrix, OptionId};
use super::scan::Scanner;
use super::steps::{self, Levels};
use crate::stop::Stop;

/// Limits on one search. `Search::default()` finds every solution and never stops early.
#[derive(Clone, Debug, Default)]
pub struct Search {
    /// Stop after this many solutions (`None` = all).
    pub max_solutions: Option<u64>,
    /// Stop (with `timed_out`) once this fires (deadline or cancel); polled at the
    /// start and then every [`DEADLINE_CHECK_INTERVAL`] search nodes.
    pub stop: Stop,
}

/// How many search nodes pass between two looks at the clock.
pub const DEADLINE_CHECK_INTERVAL: u64 = 4096;

/// Machine-independent cost of a search; see the module docs for the conventions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DlxStats {
    /// Levels entered, solutions included, as DLX1/DLX2 count them.
    pub nodes: u64,
    /// Items removed from the item list plus nodes unlinked, as DLX1/DLX2 count them.
    pub updates: u64,
    /// Solutions reached.
    pub solutions: u64,
    /// Purifications plus the nodes they marked, as DLX2 counts them (0 without colours).
    pub cleansings: u64,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct DlxOutcome {
    /// Solutions found (and passed to the callback).
    pub count: u64,
    /// The whole search space was explored: `count` is the exact total.
    pub complete: bool,
    /// The stop (deadline or cancel) ended the search.
    pub timed_out: bool,
    /// What the search cost.
    pub stats: DlxStats,
}

/// Finds the exact covers of `matrix`, passing each to `on_solution` as the
/// chosen option ids (in the order they were chosen, which is no particular
/// order). The slice is only valid during the call.
///
/// A primary item with no option gives zero solutions at once; a matrix with
/// no primary item has exactly one solution, the empty one (as in Knuth).
pub fn solve(
    matrix: &Matrix,
    search: &Search,
    mut on_solution: impl FnMut(&[OptionId]),
) -> DlxOutcome {
    if matrix.has_colours() {
        return Scanner::new(matrix).run::<true>(search, &mut on_solution);
    }
    let mut dancer = Dancer::for_search(matrix);
    dancer.run::<true>(search, &mut on_solution)
}

/// Counts the exact covers of `matrix` without building any solution.
pub fn count(matrix: &Matrix, search: &Search) -> DlxOutcome {
    if matrix.has_colours() {
        return Scanner::new(matrix).run::<false>(search, &mut |_: &[OptionId]| {});
    }
    let mut dancer = Dancer::for_search(matrix);
    dancer.run::<false>(search, &mut |_: &[OptionId]| {})
}

/// A matrix without colours made ready once for many searches, each with some
/// options **forced** into the solution: a family of problems that differ only
/// in what is already decided (a sudoku's givens) shares one structure, copied
/// afresh for each search instead of built again.
///
/// Forcing option `x` is step C5 done before the search: cover every item of
/// `x`, which hides every option that meets it. What remains is the matrix
/// without the covered items and the hidden options, in the same order, so the
/// search, its nodes and its updates are those of that smaller matrix built on
/// its own (updates made while forcing are not counted).
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The structure as built; searches dance on `work`, a copy.
    pristine: Dancer,
    work: Dancer,
    /// The first node of each option.
    first: Vec<u32>,
    num_options: usize,
    num_nonzeros: usize,
    /// `used[item] == stamp`: a forced option of this search covers the item.
    used: Vec<u32>,
    stamp: u32,
}

/// The matrix a search of [`Prepared::solve`] ran on, once the forced options
/// were taken: the items they did not cover and the options they did not hide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reduced {
    /// Items not covered by a forced option.
    pub items: usize,
    /// Options not hidden (the forced ones are hidden too).
    pub options: usize,
    /// Entries of those options.
    pub nonzeros: usize,
}

/// Why [`Prepared::new`] refused a matrix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrepareError {
    /// Some option gives a colour to a secondary item.
    #[error("a prepared matrix has no colours (forcing a coloured option would purify)")]
    Coloured,
}

impl Prepared {
    /// Builds the structure for `matrix`, once; refuses a matrix with colours.
    pub fn new(matrix: &Matrix) -> Result<Self, PrepareError> {
        let mut pristine = Dancer::new(matrix);
        if pristine.has_colours {
            return Err(PrepareError::Coloured);
        }
        let mut first = vec![0u32; matrix.num_options()];
        for n in &pristine.nodes {
            // The spacer after option k: TOP = -(k + 1), ULINK = its first node.
            if n.top < 0 {
                first[(-(n.top as i64) - 1) as usize] = n.up / Node::STEP;
            }
        }
        pristine.narrow();
        Ok(Prepared {
            work: pristine.clone(),
            used: vec![0; pristine.len.len()],
            pristine,
            first,
            num_options: matrix.num_options(),
            num_nonzeros: matrix.num_nonzeros(),
            stamp: 0,
        })
    }

    /// Finds the exact covers that contain every option of `forced`, passing
    /// each to `on_solution` as the chosen options other than the forced ones
    /// (as [`solve`]). `None` when two forced options share an item: no exact
    /// cover contains both, and nothing was searched.
    /// Panics if a forced id is not an option of the matrix.
    pub fn solve(
        &mut self,
        forced: &[OptionId],
        search: &Search,
        mut on_solution: impl FnMut(&[OptionId]),
    ) -> Option<(DlxOutcome, Reduced)> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.used.fill(0);
            self.stamp = 1;
        }
        let mut firsts = Vec::with_capacity(forced.len());
        for &k in forced {
            let f = self.first[k];
            let mut p = f;
            loop {
                let item = self.pristine.nodes[p as usize].top as usize;
                if self.used[item] == self.stamp {
                    return None;
                }
                self.used[item] = self.stamp;
                p += 1;
                if self.pristine.nodes[p as usize].top <= 0 {
                    break;
                }
            }
            firsts.push(f);
        }
        self.work.restore_from(&self.pristine);
        let (outcome, forcing) = self
            .work
            .run_forced::<true>(&firsts, search, &mut on_solution);
        let reduced = Reduced {
            items: self.work.len.len() - 1 - forcing.covers as usize,
            options: self.num_options - forcing.hidden as usize,
            nonzeros: self.num_nonzeros
                - (forcing.updates - forcing.covers + forcing.hidden) as usize,
        };
        Some((outcome, reduced))
    }
}

/// Added to the LEN of an item while it is covered: every real LEN is below
/// it (a matrix has fewer than 2³¹ nodes), so a covered item never wins MRV.
/// A covered item's LEN does not change until it is uncovered, since every
/// option that meets it is hidden or in its own list.
pub(super) const COVERED: u32 = 1 << 31;

/// Up to this many primary items, MRV scans LEN one item at a time (see `Dance::choose`).
const SCALAR_MRV: usize = 32;

/// A LEN in the width the dance keeps it: `u32`, or `i16` beside the 16-bit
/// nodes when every LEN is below `2¹⁴` (checked), so that MRV takes the
/// minimum eight at a time with the baseline x86-64 instruction `pminsw`.
pub(super) trait Len: Copy + Ord + Default {
    /// [`COVERED`] in this width.
    const COVERED: Self;
    const ONE: Self;
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;
    fn get(self) -> u32;
}

impl Len for u32 {
    const COVERED: u32 = COVERED;
    const ONE: u32 = 1;
    #[inline(always)]
    fn plus(self, other: u32) -> u32 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn minus(self, other: u32) -> u32 {
        self.wrapping_sub(other)
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

impl Len for i16 {
    const COVERED: i16 = 1 << 14;
    const ONE: i16 = 1;
    #[inline(always)]
    fn plus(self, other: i16) -> i16 {
        self.wrapping_add(other)
    }
    #[inline(always)]
    fn minus(self, other: i16) -> i16 {
        self.wrapping_sub(other)
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self as u32
    }
}

/// One node of the dancing structure; 16 bytes, one memory access in the
/// inner loops reads all four fields (Knuth's "one mem").
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct Node {
    up: u32,
    down: u32,
    /// Item for an option node, `≤ 0` for a spacer, LEN for a header.
    top: i32,
    colour: i32,
}

/// A compact [`Node`] of four 16-bit fields, used when every link, item,
/// option number and colour of the matrix fits (most puzzles do: 6×10
/// pentominoes have 14,465 nodes). Eight bytes instead of sixteen halve the
/// memory the dance touches, so more of it stays in the L1 cache.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(8))]
struct SmallNode {
    up: u16,
    down: u16,
    top: i16,
    colour: i16,
}

impl SmallNode {
    /// `n` in 16 bits, if every field fits.
    fn narrow(n: &Node) -> Option<Self> {
        Some(SmallNode {
            up: (n.up / Node::STEP).try_into().ok()?,
            down: (n.down / Node::STEP).try_into().ok()?,
            top: n.top.try_into().ok()?,
            colour: n.colour.try_into().ok()?,
        })
    }
}

/// The fields of a node as the dance reads and writes them, whatever their width.
/// The dance writes only links (copies of existing ones) and colours (`-1` or
/// the original), so a value that fits at the start fits forever.
trait Link: Copy {
    type Len: Len;
    /// A link to node number `n` is `n * STEP`, chosen so that the node sits
    /// at byte `8 * link`: the scaled-index addressing of x86-64 goes up to 8,
    /// so a 16-byte node stored by plain number would cost a shift for every
    /// link followed (three in each unlink).
    const STEP: u32;
    fn up(&self) -> u32;
    fn down(&self) -> u32;
    fn top(&self) -> i32;
    fn colour(&self) -> i32;
    fn set_up(&mut self, v: u32);
    fn set_down(&mut self, v: u32);
    fn set_colour(&mut self, v: i32);
}

impl Link for Node {
    type Len = u32;
    const STEP: u32 = 2;
    #[inline(always)]
    fn up(&self) -> u32 {
        self.up
    }
    #[inline(always)]
    fn down(&self) -> u32 {
        self.down
    }
    #[inline(always)]
    fn top(&self) -> i32 {
        self.top
    }
    #[inline(always)]
    fn colour(&self) -> i32 {
        self.colour
    }
    #[inline(always)]
    fn set_up(&mut self, v: u32) {
        self.up = v;
    }
    #[inline(always)]
    fn set_down(&mut self, v: u32) {
        self.down = v;
    }
    #[inline(always)]
    fn set_colour(&mut self, v: i32) {
        self.colour = v;
    }
}

impl Link for SmallNode {
    type Len = i16;
    const STEP: u32 = 1;
    #[inline(always)]
    fn up(&self) -> u32 {
        self.up as u32
    }
    #[inline(always)]
    fn down(&self) -> u32 {
        self.down as u32
    }
    #[inline(always)]
    fn top(&self) -> i32 {
        self.top as i32
    }
    #[inline(always)]
    fn colour(&self) -> i32 {
        self.colour as i32
    }
    #[inline(always)]
    fn set_up(&mut self, v: u32) {
        self.up = v as u16;
    }
    #[inline(always)]
    fn set_down(&mut self, v: u32) {
        self.down = v as u16;
    }
    #[inline(always)]
    fn set_colour(&mut self, v: i32) {
        self.colour = v as i16;
    }
}

/// MRV (step C3) over the primary items' LENs (`lens[k]` is item `k + 1`'s):
/// the first active item with the fewest options and that number, or `None`
/// when every primary item is covered (C2: a solution). One pass takes the
/// minimum of the LENs, which compiles to SIMD, then a second finds where it
/// first occurs; covered items lose by [`COVERED`]. A walk along Knuth's list
/// costs a dependent load per item.
#[inline(always)]
pub(super) fn mrv<L: Len>(lens: &[L]) -> Option<(u32, u32)> {
    let min = lens.iter().copied().min().filter(|&m| m < L::COVERED)?;
    const CHUNK: usize = 16;
    let mut base = 0;
    for chunk in lens.chunks(CHUNK) {
        // No early exit inside a chunk, so the test is SIMD too.
        if chunk.iter().fold(false, |seen, &l| seen | (l == min)) {
            let at = chunk.iter().position(|&l| l == min).unwrap_or(0);
            return Some(((base + at + 1) as u32, min.get()));
        }
        base += CHUNK;
    }
    debug_assert!(false, "the minimum occurs");
    None
}

/// Internal item numbers, by item id: primaries `1..=P`, then secondaries
/// `P + 1..=N`, each group in id order (MRV's order is this one, as DLX1's).
pub(super) fn internal_items(matrix: &Matrix) -> Vec<u32> {
    let mut internal = vec![0u32; matrix.num_items()];
    let (mut next_primary, mut next_secondary) = (1u32, matrix.num_primary() as u32 + 1);
    for (item, slot) in internal.iter_mut().enumerate() {
        if matrix.is_primary(item) {
            *slot = next_primary;
            next_primary += 1;
        } else {
            *slot = next_secondary;
            next_secondary += 1;
        }
    }
    internal
}

/// The dancing structure built from a [`Matrix`].
#[derive(Clone, Debug)]
struct Dancer {
    nodes: Vec<Node>,
    /// LEN of each item (see the module docs); index `0` is unused.
    len: Vec<u32>,
    /// `len` in 16 bits, beside `small`.
    small_len: Vec<i16>,
    /// The primary items are `1..=primaries`.
    primaries: usize,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    /// Scratch for reporting a solution as option ids.
    solution: Vec<OptionId>,
    /// Some option gives a colour to a secondary item.
    has_colours: bool,
    /// `nodes` in 16 bits, when [`Dancer::narrow`] could make them (see
    /// [`SmallNode`]); the search then runs on these and `nodes` stays as built.
    small: Vec<SmallNode>,
    /// `small` holds the next-in-option links in COLOR (no colours).
    next: bool,
    /// With `next`: every option has this many nodes (3 to 6), and COLOR
    /// holds the option's first node instead (see `Dance::hide`); else 0.
    uniform: usize,
    /// The item of the padding nodes (see [`Dancer::padding`]), or 0 when none.
    ghost: u32,
    /// With padding: each item's nodes stand at one position of their options,
    /// its **slot**, kept in its header's COLOR (see [`Dancer::slots`]).
    slotted: bool,
}

/// Appends a node of item `i` at the end of `nodes` and of the item's list.
#[inline(always)]
fn append(nodes: &mut Vec<Node>, len: &mut [u32], i: usize, colour: i32) {
    let p = nodes.len() as u32;
    let last = nodes[i].up;
    nodes[last as usize].down = p;
    nodes[i].up = p;
    len[i] += 1;
    nodes.push(Node {
        up: last,
        down: i as u32,
        top: i as i32,
        colour,
    });
}

/// What forcing options cost before a search (see [`Prepared`]).
#[derive(Clone, Copy, Debug, Default)]
struct Forcing {
    /// Items covered.
    covers: u64,
    /// Options hidden: each cover hides the LEN options of its item.
    hidden: u64,
    /// Updates, counted as in the search.
    updates: u64,
}
impl Dancer {
    fn new(matrix: &Matrix) -> Self {
        Self::build(matrix, 0)
    }

    /// The structure [`solve`] and [`count`] search: 16-bit when it fits, and
    /// padded (see [`Dancer::padding`]) when its options are of unequal lengths
    /// and padding applies. Matrices whose options have one length (sudoku) are
    /// built once and never scanned for it.
    fn for_search(matrix: &Matrix) -> Self {
        let mut dancer = Self::new(matrix);
        dancer.narrow();
        if dancer.next && dancer.uniform == 0 {
            let pad = Self::padding(matrix);
            if pad > 0 {
                dancer = Self::build(matrix, pad);
                dancer.narrow();
            }
        }
        dancer
    }

    /// The length to pad options to (0: none). When a matrix without colours has
    /// options of 3 to 6 nodes, the longest `K`, and few shorter ones (at most one
    /// in eight), each shorter option gets padding nodes up to `K` in an extra
    /// secondary item that no option commits: the options then have equal
    /// lengths and hide/unhide take the arithmetic path (n-queens, whose four
    /// corner options lack a diagonal). Padding nodes are unlinked and relinked
    /// like any other but counted in no update, so the counters stay DLX1's;
    /// that holds on the arithmetic path only, so padding is chosen only when the
    /// 16-bit nodes it needs are sure to fit.
    fn padding(matrix: &Matrix) -> usize {
        let n = matrix.num_options();
        let (mut k, mut shortest) = (0, usize::MAX);
        for o in 0..n {
            let l = matrix.option_items(o).len();
            (k, shortest) = (k.max(l), shortest.min(l));
        }
        // Most matrices have options of one length, or of lengths far apart:
        // settled without a second look.
        if shortest >= k || !(3..=6).contains(&k) {
            return 0;
        }
        let short = (0..n).filter(|&o| matrix.option_items(o).len() < k).count();
        let coloured = (0..n).any(|o| matrix.option_items(o).iter().any(|&(_, c)| c.is_some()));
        // Every node, spacer and header of the padded structure fits in an i16,
        // and every LEN (at most the number of options) stays below 2^14.
        let nodes = matrix.num_items() + 2 + n * (k + 1) + 1;
        match !coloured && 8 * short <= n && nodes <= i16::MAX as usize && n < 1 << 14 {
            true => k,
            false => 0,
        }
    }

    /// A position in `0..k` for each item such that the items of every option
    /// have distinct positions, if the options give one: each item takes its
    /// position in the first option of length `k` that has it (or, if none
    /// has, the first position left free in its first option). Queens: row,
    /// column, and the two diagonals, the corner options lacking one.
    fn slots(matrix: &Matrix, k: usize) -> Option<Vec<u8>> {
        const NONE: u8 = u8::MAX;
        let mut slot = vec![NONE; matrix.num_items()];
        let n = matrix.num_options();
        let full = (0..n).filter(|&o| matrix.option_items(o).len() == k);
        for o in full.chain((0..n).filter(|&o| matrix.option_items(o).len() < k)) {
            let items = matrix.option_items(o);
            let mut taken = 0u32;
            for (at, &(item, _)) in items.iter().enumerate() {
                if slot[item] == NONE && items.len() == k {
                    slot[item] = at as u8;
                }
                if slot[item] != NONE {
                    if taken & (1 << slot[item]) != 0 {
                        return None;
                    }
                    taken |= 1 << slot[item];
                }
            }
            for &(item, _) in items {
                if slot[item] == NONE {
                    slot[item] = (!taken).trailing_zeros() as u8;
                    taken |= 1 << slot[item];
                }
            }
        }
        Some(slot)
    }

    /// The structure, options shorter than `pad` padded to it (0: none), each
    /// item's nodes in its slot when [`Dancer::slots`] finds slots.
    fn build(matrix: &Matrix, pad: usize) -> Self {
        let n_items = matrix.num_items();
        let n_primary = matrix.num_primary();
        let internal = internal_items(matrix);
        let n_options = matrix.num_options();
        let ghost = if pad > 0 { n_items as u32 + 1 } else { 0 };
        let padding: usize = match pad {
            0 => 0,
            _ => (0..n_options)
                .map(|k| pad.saturating_sub(matrix.option_items(k).len()))
                .sum(),
        };
        let headers = n_items + 1 + usize::from(pad > 0);
        let total = headers + matrix.num_nonzeros() + padding + n_options + 1;
        let mut nodes = Vec::with_capacity(total);
        for i in 0..headers as u32 {
            nodes.push(Node {
                up: i,
                down: i,
                top: 0,
                colour: 0,
            });
        }
        let mut len = vec![0u32; headers];
        let mut has_colours = false;
        let slots = match pad {
            0 => None,
            _ => Self::slots(matrix, pad),
        };
        if let Some(slots) = &slots {
            for (item, &at) in slots.iter().enumerate() {
                nodes[internal[item] as usize].colour = i32::from(at);
            }
        }
        // First spacer.
        let mut spacer = nodes.len();
        nodes.push(Node::default());
        // With slots: the option's items by slot, the padding item in the gaps.
        let mut by_slot = vec![(ghost as usize, 0); pad];
        for k in 0..n_options {
            let first = nodes.len();
            let items = matrix.option_items(k);
            if let Some(slots) = &slots {
                by_slot.fill((ghost as usize, 0));
                for &(item, colour) in items {
                    let colour = colour.map_or(0, |c| c as i32 + 1);
                    by_slot[slots[item] as usize] = (internal[item] as usize, colour);
                }
                for &(i, colour) in &by_slot {
                    append(&mut nodes, &mut len, i, colour);
                }
            } else {
                for &(item, colour) in items {
                    has_colours |= colour.is_some();
                    let colour = colour.map_or(0, |c| c as i32 + 1);
                    append(&mut nodes, &mut len, internal[item] as usize, colour);
                }
                for _ in items.len()..pad {
                    append(&mut nodes, &mut len, ghost as usize, 0);
                }
            }
            let last = nodes.len() - 1;
            nodes[spacer].down = last as u32;
            spacer = nodes.len();
            nodes.push(Node {
                up: first as u32,
                down: 0,
                top: -(k as i32) - 1,
                colour: 0,
            });
        }
        if has_colours {
            // A spacer's COLOR is -1, as a marked node's: `Dance::hide`'s first
            // loop then finds both by one test.
            for n in &mut nodes[headers..] {
                if n.top <= 0 {
                    n.colour = -1;
                }
            }
        }
        debug_assert_eq!(nodes.len(), total);
        debug_assert!(nodes.iter().all(|n| (n.up as usize) < total
            && (n.down as usize) < total
            && (n.top < 0 || (n.top as usize) < total)));
        debug_assert!(len.iter().all(|&l| l < COVERED));
        // Links by their scaled value (see `Link::STEP`); a matrix has fewer
        // than 2³¹ nodes, so they fit.
        for n in &mut nodes {
            (n.up, n.down) = (n.up * Node::STEP, n.down * Node::STEP);
        }
        Dancer {
            nodes,
            len,
            small_len: Vec::new(),
            primaries: n_primary,
            choice: vec![0; n_primary + 1],
            solution: Vec::with_capacity(n_primary + 1),
            has_colours,
            small: Vec::new(),
            next: false,
            uniform: 0,
            ghost,
            slotted: slots.is_some(),
        }
    }

    /// For each option node, the node after it in its option, wrapping from
    /// the last to the first; `0` for headers and spacers.
    fn next_in_option(&self) -> Vec<u32> {
        let headers = self.len.len();
        (0..self.nodes.len())
            .map(|p| {
                if p < headers || self.nodes[p].top <= 0 {
                    return 0;
                }
                let after = &self.nodes[p + 1];
                match after.top <= 0 {
                    true => after.up / Node::STEP,
                    false => p as u32 + 1,
                }
            })
            .collect()
    }

    /// Makes the 16-bit nodes if every field fits; without colours their COLOR
    /// field then holds the next node of the option, cyclically, so that hide
    /// and unhide walk an option without testing for spacers (see `Dance::hide`).
    fn narrow(&mut self) {
        if !self.small.is_empty() {
            return;
        }
        let Some(mut small) = self
            .nodes
            .iter()
            .map(SmallNode::narrow)
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let Some(small_len) = self
            .len
            .iter()
            .map(|&l| i16::try_from(l).ok().filter(|&l| l < i16::COVERED))
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        self.small_len = small_len;
        self.next = !self.has_colours && small.len() <= i16::MAX as usize;
        if self.next {
            // Option k ends at the spacer whose TOP is -(k + 1); its ULINK is
            // the option's first node. Options of unequal lengths keep NEXT:
            // reading each one's length from its spacer cost more than it
            // saved (queens, docs/dlx.md).
            let first_spacer = self.len.len();
            let mut lengths = (first_spacer + 1..small.len())
                .filter(|&p| small[p].top < 0)
                .map(|p| p - small[p].up as usize);
            let k = lengths.next().unwrap_or(0);
            if (3..=6).contains(&k) && lengths.all(|l| l == k) {
                self.uniform = k;
                for (p, node) in small.iter_mut().enumerate().skip(first_spacer + 1) {
                    if node.top > 0 {
                        let at = (p - first_spacer - 1) % (k + 1);
                        node.colour = (p - at) as i16;
                    }
                }
            } else {
                for (k, next) in self.next_in_option().into_iter().enumerate() {
                    small[k].colour = next as i16;
                }
            }
        }
        self.small = small;
    }

    /// Puts back the links of `pristine`, a copy of `self` before any search.
    fn restore_from(&mut self, pristine: &Dancer) {
        match self.small.is_empty() {
            true => {
                self.nodes.copy_from_slice(&pristine.nodes);
                self.len.copy_from_slice(&pristine.len);
            }
            false => {
                self.small.copy_from_slice(&pristine.small);
                self.small_len.copy_from_slice(&pristine.small_len);
            }
        }
    }

    /// One search on a fresh structure, in 16 bits when it fits.
    fn run<const REPORT: bool>(
        &mut self,
        search: &Search,
        on_solution: &mut dyn FnMut(&[OptionId]),
    ) -> DlxOutcome {
        self.narrow();
        debug_assert!(
            self.ghost == 0 || self.uniform > 0,
            "padding needs the arithmetic path"
        );
        self.run_forced::<REPORT>(&[], search, on_solution).0
    }

    /// Forces the options whose first nodes are `forced` (no two may share an
    /// item), then searches. The search runs on borrowed slices, so that after
    /// inlining every base pointer and the update counter live in registers (a
    /// `Vec` behind `&mut self` would be reloaded after each store through it).
    fn run_forced<const REPORT: bool>(
        &mut self,
        forced: &[u32],
        search: &Search,
        on_solution: &mut dyn FnMut(&[OptionId]),
    ) -> (DlxOutcome, Forcing) {
        macro_rules! dance {
            ($nodes:expr, $len:expr, $colours:literal, $next:literal) => {
                dance!($nodes, $len, $colours, $next, 0, false, false)
            };
            ($nodes:expr, $len:expr, $colours:literal, $next:literal, $k:literal, $pad:literal, $slots:literal) => {{
                let mut dance = Dance::<_, $colours, $next, $k, $pad, $slots> {
                    nodes: $nodes,
                    len: $len,
                    primaries: self.primaries,
                    ghost: self.ghost,
                    active: match self.primaries <= SCALAR_MRV {
                        true => ((1u64 << self.primaries) - 1) as u32,
                        false => 0,
                    },
                    updates: 0,
                    cleansings: 0,
                };
                let forcing = dance.force(forced);
                (
                    steps::run::<_, REPORT>(
                        &mut dance,
                        &mut self.choice,
                        &mut self.solution,
                        search,
                        on_solution,
                    ),
                    forcing,
                )
            }};
        }
        // Without colours the COLOR tests vanish from the inner loops (~10%).
        macro_rules! dance_coloured_or_not {
            ($nodes:expr, $len:expr) => {
                if self.has_colours {
                    dance!($nodes, $len, true, false)
                } else {
                    dance!($nodes, $len, false, false)
                }
            };
        }
        if self.next {
            let (nodes, len) = (&mut self.small, &mut self.small_len);
            match (self.uniform, self.ghost > 0, self.slotted) {
                (3, false, _) => dance!(nodes, len, false, true, 3, false, false),
                (4, false, _) => dance!(nodes, len, false, true, 4, false, false),
                (5, false, _) => dance!(nodes, len, false, true, 5, false, false),
                (6, false, _) => dance!(nodes, len, false, true, 6, false, false),
                (3, true, false) => dance!(nodes, len, false, true, 3, true, false),
                (4, true, false) => dance!(nodes, len, false, true, 4, true, false),
                (5, true, false) => dance!(nodes, len, false, true, 5, true, false),
                (6, true, false) => dance!(nodes, len, false, true, 6, true, false),
                (3, true, true) => dance!(nodes, len, false, true, 3, true, true),
                (4, true, true) => dance!(nodes, len, false, true, 4, true, true),
                (5, true, true) => dance!(nodes, len, false, true, 5, true, true),
                (6, true, true) => dance!(nodes, len, false, true, 6, true, true),
                _ => dance!(nodes, len, false, true),
            }
        } else if !self.small.is_empty() {
            dance_coloured_or_not!(&mut self.small, &mut self.small_len)
        } else {
            dance_coloured_or_not!(&mut self.nodes, &mut self.len)
        }
    }
}

/// The dancing structure during one search (see [`Dancer::run`]).
///
/// `NEXT`: the matrix has no colours and each option node's COLOR field holds
/// the next node of its option (cyclically), so `COLOURS` is `false` too.
/// `K > 0` (with `NEXT`): every option has `K` nodes and COLOR holds its first
/// node instead. `NEXT` (hence `K`, `PAD`, `SLOTS`) is used with [`SmallNode`]
/// only, whose links are node numbers (`Link::STEP` = 1).
struct Dance<
    'a,
    N: Link,
    const COLOURS: bool,
    const NEXT: bool,
    const K: usize,
    const PAD: bool,
    const SLOTS: bool,
> {
    nodes: &'a mut [N],
    len: &'a mut [N::Len],
    primaries: usize,
    /// The padding item ([`Dancer::padding`]), or 0.
    ghost: u32,
    updates: u64,
    cleansings: u64,
    /// With at most [`SCALAR_MRV`] primary items: bit `i - 1` is set while
    /// primary item `i` is active (not covered).
    active: u32,
}

impl<
    N: Link,
    const COLOURS: bool,
    const NEXT: bool,
    const K: usize,
    const PAD: bool,
    const SLOTS: bool,
> Dance<'_, N, COLOURS, NEXT, K, PAD, SLOTS>
{
    /// The byte offset of the node that link `p` names (see `Link::STEP`).
    #[inline(always)]
    fn offset(&self, p: u32) -> usize {
        debug_assert!(p.is_multiple_of(N::STEP) && ((p / N::STEP) as usize) < self.nodes.len());
        p as usize * (size_of::<N>() / N::STEP as usize)
    }

    /// The link to node (or header) number `n`.
    #[inline(always)]
    fn link(n: u32) -> u32 {
        n * N::STEP
    }

    #[inline(always)]
    fn node(&self, p: u32) -> &N {
        // SAFETY: every link is in range and a multiple of STEP (module
        // docs), so the offset is that of a node of the slice.
        unsafe { &*self.nodes.as_ptr().byte_add(self.offset(p)) }
    }

    #[inline(always)]
    fn node_mut(&mut self, p: u32) -> &mut N {
        let at = self.offset(p);
        // SAFETY: as in `node`.
        unsafe { &mut *self.nodes.as_mut_ptr().byte_add(at) }
    }

    #[inline(always)]
    fn len_mut(&mut self, i: u32) -> &mut N::Len {
        debug_assert!((i as usize) < self.len.len());
        // SAFETY: item numbers are in range (module docs).
        unsafe { self.len.get_unchecked_mut(i as usize) }
    }

    /// Unlinks the other nodes of `p`'s option from their items (Knuth's hide).
    #[inline(always)]
    fn hide(&mut self, p: u32) {
        if NEXT && K > 0 {
            // The other nodes' numbers come from p and the option's first
            // node by arithmetic, not by following NEXT from node to node:
            // their loads start at once instead of one load latency apart.
            let first = self.node(p).colour() as u32;
            let (at, k) = (p - first, K as u32);
            for j in 1..k {
                let o = at + j;
                let q = first + if o >= k { o - k } else { o };
                let (u, d, top) = (self.node(q).up(), self.node(q).down(), self.node(q).top());
                self.node_mut(u).set_down(d);
                self.node_mut(d).set_up(u);
                let l = self.len_mut(top as u32);
                *l = l.minus(N::Len::ONE);
            }
            // Padding nodes among them are taken back out by `cover`.
            self.updates += K as u64 - 1;
            return;
        }
        if NEXT {
            // No spacer to test: the exit is the only branch, and it is
            // predictable when the options have equal lengths.
            let mut q = self.node(p).colour() as u32;
            while q != p {
                let (u, d, top) = (self.node(q).up(), self.node(q).down(), self.node(q).top());
                self.node_mut(u).set_down(d);
                self.node_mut(d).set_up(u);
                let l = self.len_mut(top as u32);
                *l = l.minus(N::Len::ONE);
                self.updates += 1;
                q = self.node(q).colour() as u32;
            }
            return;
        }
        // Two loops, each with one test a node: up to the spacer after the
        // option, then from its first node (the spacer's ULINK) up to p.
        let mut q = p + N::STEP;
        loop {
            if COLOURS {
                // One test a node for the spacer and a marked node: with
                // colours a spacer's COLOR is -1 too (see `Dancer::build`).
                if self.node(q).colour() < 0 {
                    if self.node(q).top() <= 0 {
                        break;
                    }
                    // Marked: counted below with the others, taken back here.
                    self.updates = self.updates.wrapping_sub(1);
                } else {
                    self.detach(q, self.node(q).top() as u32);
                }
            } else {
                let top = self.node(q).top();
                if top <= 0 {
                    break;
                }
                self.detach(q, top as u32);
            }
            q += N::STEP;
        }
        // The option's other nodes are counted here at once, and the marked
        // ones skipped are taken back (above and in `unlink`): no count for
        // the others in the loops.
        let first = self.node(q).up();
        self.updates = self
            .updates
            .wrapping_add(u64::from((q - first) / N::STEP - 1));
        q = first;
        while q != p {
            self.unlink(q, self.node(q).top() as u32);
            q += N::STEP;
        }
    }

    /// Unlinks option node `q` of item `top` from its item's list, unless it was
    /// marked by a purify (only [`Dance::hide`]'s general path calls it, and
    /// counts the updates).
    #[inline(always)]
    fn unlink(&mut self, q: u32, top: u32) {
        // Fields are read one by one: copying the 16-byte node out costs
        // extra instructions to split it again.
        if !COLOURS || self.node(q).colour() >= 0 {
            self.detach(q, top);
        } else {
            // Counted by `hide` with the option's other nodes (the total
            // never goes below zero; a wrap here is undone there).
            self.updates = self.updates.wrapping_sub(1);
        }
    }

    /// Relinks what [`Dance::unlink`] unlinked.
    #[inline(always)]
    fn relink(&mut self, q: u32, top: u32) {
        if !COLOURS || self.node(q).colour() >= 0 {
            self.attach(q, top);
        }
    }

    /// Takes node `q` out of item `top`'s list.
    #[inline(always)]
    fn detach(&mut self, q: u32, top: u32) {
        let (u, d) = (self.node(q).up(), self.node(q).down());
        self.node_mut(u).set_down(d);
        self.node_mut(d).set_up(u);
        let l = self.len_mut(top);
        *l = l.minus(N::Len::ONE);
    }

    /// Puts node `q` back into item `top`'s list, undoing [`Dance::detach`].
    #[inline(always)]
    fn attach(&mut self, q: u32, top: u32) {
        let (u, d) = (self.node(q).up(), self.node(q).down());
        self.node_mut(u).set_down(q);
        self.node_mut(d).set_up(q);
        let l = self.len_mut(top);
        *l = l.plus(N::Len::ONE);
    }

    /// Relinks what [`Dance::hide`] unlinked, walking the other way.
    #[inline(always)]
    fn unhide(&mut self, p: u32) {
        if NEXT && K > 0 {
            let first = self.node(p).colour() as u32;
            let (at, k) = (p - first, K as u32);
            for j in 1..k {
                let o = at + j;
                let q = first + if o >= k { o - k } else { o };
                let (u, d, top) = (self.node(q).up(), self.node(q).down(), self.node(q).top());
                self.node_mut(u).set_down(q);
                self.node_mut(d).set_up(q);
                let l = self.len_mut(top as u32);
                *l = l.plus(N::Len::ONE);
            }
            return;
        }
        if NEXT {
            // Forward, unlike below: the nodes of one option lie in distinct
            // item lists (the matrix refuses a repeated item), so their
            // relinks commute; only the order between options matters.
            let mut q = self.node(p).colour() as u32;
            while q != p {
                let (u, d, top) = (self.node(q).up(), self.node(q).down(), self.node(q).top());
                self.node_mut(u).set_down(q);
                self.node_mut(d).set_up(q);
                let l = self.len_mut(top as u32);
                *l = l.plus(N::Len::ONE);
                q = self.node(q).colour() as u32;
            }
            return;
        }
        // Back to the spacer before the option, then from its last node (the
        // spacer's DLINK) down to p.
        let mut q = p - N::STEP;
        loop {
            if COLOURS {
                // As in `hide`: a spacer's COLOR is -1 too.
                if self.node(q).colour() < 0 {
                    if self.node(q).top() <= 0 {
                        break;
                    }
                } else {
                    self.attach(q, self.node(q).top() as u32);
                }
            } else {
                let top = self.node(q).top();
                if top <= 0 {
                    break;
                }
                self.attach(q, top as u32);
            }
            q -= N::STEP;
        }
        q = self.node(q).down();
        while q != p {
            self.relink(q, self.node(q).top() as u32);
            q -= N::STEP;
        }
    }

    /// [`Dance::hide`] for a node at position `at` of its option (slotted
    /// structures, where `at` is the slot of the item being covered): the
    /// other nodes' numbers come from `p` alone, without reading its COLOR.
    #[inline(always)]
    fn hide_at(&mut self, p: u32, offsets: &[u32; K]) {
        for &off in &offsets[1..] {
            let q = p.wrapping_add(off);
            self.detach(q, self.node(q).top() as u32);
        }
        self.updates += K as u64 - 1;
    }

    /// [`Dance::unhide`] for a node at position `at` (see [`Dance::hide_at`]).
    #[inline(always)]
    fn unhide_at(&mut self, p: u32, offsets: &[u32; K]) {
        for &off in &offsets[1..] {
            let q = p.wrapping_add(off);
            self.attach(q, self.node(q).top() as u32);
        }
    }

    /// For a node at position `at` of its option, the distances (wrapping) to
    /// the other nodes, in option order after it; index 0 is unused.
    #[inline(always)]
    fn offsets(at: u32) -> [u32; K] {
        let mut offsets = [0; K];
        for (j, off) in offsets.iter_mut().enumerate() {
            *off = ((at + j as u32) % K as u32).wrapping_sub(at);
        }
        offsets
    }

    #[inline(always)]
    fn purify(&mut self, p: u32) {
        let n = *self.node(p);
        let (c, i) = (n.colour(), n.top() as u32);
        debug_assert!(c > 0);
        self.cleansings += 1;
        let head = Self::link(i);
        let mut q = self.node(head).down();
        while q != head {
            let next = self.node(q).down();
            if self.node(q).colour() == c {
                self.node_mut(q).set_colour(-1);
                self.cleansings += 1;
            } else {
                self.hide(q);
            }
            q = next;
        }
    }

    #[inline(always)]
    fn unpurify(&mut self, p: u32) {
        let n = *self.node(p);
        let (c, i) = (n.colour(), n.top() as u32);
        debug_assert!(c > 0);
        let head = Self::link(i);
        let mut q = self.node(head).up();
        while q != head {
            let next = self.node(q).up();
            if self.node(q).colour() < 0 {
                self.node_mut(q).set_colour(c);
            } else {
                self.unhide(q);
            }
            q = next;
        }
    }

    /// Takes the options whose first nodes are `forced` into the solution
    /// before the search (see [`Prepared`]) by covering all their items, then
    /// sets the update counter back to zero so that the search counts its own.
    fn force(&mut self, forced: &[u32]) -> Forcing {
        let mut forcing = Forcing::default();
        for &f in forced {
            let mut p = Self::link(f);
            loop {
                let item = self.node(p).top() as u32;
                forcing.hidden += u64::from(self.len_mut(item).get());
                forcing.covers += 1;
                self.cover(item);
                p += N::STEP;
                if self.node(p).top() <= 0 {
                    break;
                }
            }
        }
        forcing.updates = std::mem::take(&mut self.updates);
        forcing
    }
}

impl<
    N: Link,
    const COLOURS: bool,
    const NEXT: bool,
    const K: usize,
    const PAD: bool,
    const SLOTS: bool,
> Levels for Dance<'_, N, COLOURS, NEXT, K, PAD, SLOTS>
{
    /// MRV (step C3), see [`mrv`].
    #[inline(always)]
    fn choose(&self) -> Option<(u32, u32)> {
        // The node numbers kept in COLOR and computed by arithmetic on these
        // paths are links only where links are plain numbers.
        const { assert!(!NEXT || N::STEP == 1, "NEXT runs on 16-bit nodes") };
        debug_assert!(self.primaries < self.len.len());
        // SAFETY: `len` has a slot for every item (module docs).
        let lens = unsafe { self.len.get_unchecked(1..=self.primaries) };
        if lens.len() <= SCALAR_MRV {
            // Few items: a scalar pass over the active ones, in item order,
            // from the bit set `active`. Its narrow loads take the LENs just
            // stored by the cover from the store buffer; the 16-byte loads of
            // [`mrv`] cannot, and wait for those stores to reach the cache.
            let (mut best, mut at) = (N::Len::COVERED, 0);
            let mut active = self.active;
            while active != 0 {
                let k = active.trailing_zeros() as usize;
                active &= active - 1;
                debug_assert!(k < lens.len());
                // SAFETY: `active` has bits below `primaries` only.
                let l = unsafe { *lens.get_unchecked(k) };
                if l < best {
                    (best, at) = (l, k);
                }
            }
            return (best < N::Len::COVERED).then(|| ((at + 1) as u32, best.get()));
        }
        mrv(lens)
    }

    #[inline(always)]
    fn cover(&mut self, i: u32) {
        let head = Self::link(i);
        // The item's slot is its header's COLOR (slotted structures).
        let offsets = Self::offsets(self.node(head).colour() as u32);
        // Padding nodes are unlinked in no update: with padding, hide counts
        // K - 1 for every option, and the padding nodes unlinked here are as
        // many as the padding item's LEN lost.
        let ghost_len = match PAD {
            true => self.len_mut(self.ghost).get(),
            false => 0,
        };
        let mut p = self.node(head).down();
        while p != head {
            // The next link is read before hiding: hide writes only other items'
            // lists, and the chase then runs ahead of the stores.
            let next = self.node(p).down();
            match SLOTS {
                true => self.hide_at(p, &offsets),
                false => self.hide(p),
            }
            p = next;
        }
        if PAD {
            self.updates -= u64::from(ghost_len - self.len_mut(self.ghost).get());
        }
        let l = self.len_mut(i);
        *l = l.plus(N::Len::COVERED);
        self.updates += 1;
        if self.primaries <= SCALAR_MRV && i as usize <= self.primaries {
            self.active &= !(1 << (i - 1));
        }
    }

    #[inline(always)]
    fn uncover(&mut self, i: u32) {
        let head = Self::link(i);
        let offsets = Self::offsets(self.node(head).colour() as u32);
        if self.primaries <= SCALAR_MRV && i as usize <= self.primaries {
            self.active |= 1 << (i - 1);
        }
        let l = self.len_mut(i);
        *l = l.minus(N::Len::COVERED);
        let mut p = self.node(head).up();
        while p != head {
            let next = self.node(p).up();
            match SLOTS {
                true => self.unhide_at(p, &offsets),
                false => self.unhide(p),
            }
            p = next;
        }
    }

    #[inline(always)]
    fn head(&self, i: u32) -> u32 {
        Self::link(i)
    }

    #[inline(always)]
    fn down(&self, x: u32) -> u32 {
        self.node(x).down()
    }

    #[inline(always)]
    fn top(&self, x: u32) -> u32 {
        self.node(x).top() as u32
    }

    /// Covers or purifies the items of `x`'s option other than `TOP(x)` (step C5).
    #[inline(always)]
    fn commit_others(&mut self, x: u32) {
        if PAD {
            let first = self.node(x).colour() as u32;
            let (at, k) = (x - first, K as u32);
            for j in 1..k {
                let o = at + j;
                let top = self.node(first + if o >= k { o - k } else { o }).top() as u32;
                if top != self.ghost {
                    self.cover(top);
                }
            }
            return;
        }
        let mut p = x + N::STEP;
        while p != x {
            let n = *self.node(p);
            if n.top() <= 0 {
                p = n.up();
            } else {
                if !COLOURS || n.colour() == 0 {
                    self.cover(n.top() as u32);
                } else if n.colour() > 0 {
                    self.purify(p);
                }
                p += N::STEP;
            }
        }
    }

    /// Undoes [`Dance::commit_others`](Levels::commit_others), right to left (step C6).
    #[inline(always)]
    fn uncommit_others(&mut self, x: u32) {
        if PAD {
            let first = self.node(x).colour() as u32;
            let (at, k) = (x - first, K as u32);
            for j in (1..k).rev() {
                let o = at + j;
                let top = self.node(first + if o >= k { o - k } else { o }).top() as u32;
                if top != self.ghost {
                    self.uncover(top);
                }
            }
            return;
        }
        let mut p = x - N::STEP;
        while p != x {
            let n = *self.node(p);
            if n.top() <= 0 {
                p = n.down();
            } else {
                if !COLOURS || n.colour() == 0 {
                    self.uncover(n.top() as u32);
                } else if n.colour() > 0 {
                    self.unpurify(p);
                }
                p -= N::STEP;
            }
        }
    }

    /// The option number of node `x`: walk right to the spacer that ends it.
    fn option_of(&self, mut x: u32) -> OptionId {
        loop {
            let top = self.node(x).top();
            if top <= 0 {
                debug_assert!(top < 0);
                return (-(top as i64) - 1) as OptionId;
            }
            x += N::STEP;
        }
    }

    #[inline(always)]
    fn updates(&self) -> u64 {
        self.updates
    }

    fn cleansings(&self) -> u64 {
        self.cleansings
    }

    #[inline(always)]
    fn count_empty_cover(&mut self) {
        // DLX1 covers it and backs up: one update, nothing hidden.
        self.updates += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Knuth's 7-item example, TAOCP 7.2.2.1 (5), with 16-bit and 32-bit nodes:
    /// his answer, DLX1's counts, and the structure restored.
    #[test]
    fn knuth_example_and_structure_restored() {
        for narrow in [true, false] {
            knuth_example(narrow);
        }
    }

    /// Padding (n-queens: the four corner options lack a diagonal) changes neither
    /// the solutions, nor the counters, nor the structure a search leaves behind.
    #[test]
    fn padding_is_invisible() {
        for n in [6, 8] {
            let m = crate::dlx::suite::queens(n);
            let mut plain = Dancer::new(&m);
            let mut padded = Dancer::for_search(&m);
            assert!(padded.ghost > 0 && padded.uniform == 4, "queens are padded");
            assert!(padded.slotted, "each item of n-queens has one position");
            let before: Vec<_> = padded.small.iter().map(|n| (n.up, n.down)).collect();
            let mut found = [Vec::new(), Vec::new()];
            let mut outs = Vec::new();
            for (d, f) in [&mut plain, &mut padded].into_iter().zip(&mut found) {
                let out = d.run::<true>(&Search::default(), &mut |s: &[OptionId]| {
                    let mut s = s.to_vec();
                    s.sort();
                    f.push(s);
                });
                outs.push(out);
            }
            assert_eq!(found[0], found[1]);
            assert_eq!(found[0].len(), [4, 92][n / 8]);
            assert_eq!(outs[0].stats, outs[1].stats);
            let after: Vec<_> = padded.small.iter().map(|n| (n.up, n.down)).collect();
            assert_eq!(before, after, "a complete search restores every link");
        }
    }

    /// Random matrices of 4-node options, one in ten a node short, with and
    /// without slots (each item at one position, or anywhere): the padded
    /// search (slotted when it can be) has the plain search's solutions and
    /// counters.
    #[test]
    fn padding_and_slots_are_invisible() {
        let mut rng = crate::rng::SplitMix64::new(0x2545_f491_4f6c_dd1d_u64);
        let mut next = move |n: u64| rng.below(n as usize);
        let (mut slotted, mut unslotted) = (0, 0);
        for round in 0..40 {
            let by_position = round % 2 == 0;
            let mut m = Matrix::new();
            let groups = 4;
            let per = 3 + next(3);
            let items: Vec<_> = (0..groups * per)
                .map(|k| match k % groups < 2 {
                    true => m.add_primary(format!("p{k}")),
                    false => m.add_secondary(format!("s{k}")),
                })
                .collect();
            for o in 0..24 + next(16) {
                let mut option: Vec<usize> = match by_position {
                    // One item of each group, in group order.
                    true => (0..groups)
                        .map(|g| items[next(per as u64) * groups + g])
                        .collect(),
                    false => {
                        let mut pool = items.clone();
                        (0..groups)
                            .map(|_| pool.swap_remove(next(pool.len() as u64)))
                            .collect()
                    }
                };
                if o % 10 == 3 {
                    option.remove(next(groups as u64));
                }
                if option.iter().any(|&i| m.is_primary(i)) {
                    m.add_option(&option).unwrap();
                }
            }
            if Dancer::padding(&m) == 0 {
                continue;
            }
            let mut sols = Vec::new();
            let mut outs = Vec::new();
            for mut d in [Dancer::new(&m), Dancer::for_search(&m)] {
                if d.ghost > 0 {
                    match d.slotted {
                        true => slotted += 1,
                        false => unslotted += 1,
                    }
                }
                let mut found = Vec::new();
                outs.push(d.run::<true>(&Search::default(), &mut |s: &[OptionId]| {
                    let mut s = s.to_vec();
                    s.sort();
                    found.push(s);
                }));
                found.sort();
                sols.push(found);
            }
            assert_eq!(sols[0], sols[1], "round {round}");
            assert_eq!(outs[0].stats, outs[1].stats, "round {round}");
        }
        assert!(
            slotted > 5 && unslotted > 5,
            "{slotted} slotted, {unslotted} not"
        );
    }

    /// A random matrix with up to three colours: `primaries + 0..6` primary
    /// items, `secondaries + 0..6` secondary ones, `options + 0..30` options of
    /// one to four random items (a primary one added when none was drawn),
    /// each secondary entry uncoloured or in one of the colours.
    fn random_coloured(
        next: &mut impl FnMut(u64) -> usize,
        primaries: usize,
        secondaries: usize,
        options: usize,
    ) -> Matrix {
        let mut m = Matrix::new();
        let primaries: Vec<_> = (0..primaries + next(6))
            .map(|k| m.add_primary(format!("p{k}")))
            .collect();
        let secondaries: Vec<_> = (0..secondaries + next(6))
            .map(|k| m.add_secondary(format!("s{k}")))
            .collect();
        let colours = [m.colour("A"), m.colour("B"), m.colour("C")];
        for _ in 0..options + next(30) {
            let mut option = Vec::new();
            let mut items: Vec<usize> = (0..primaries.len() + secondaries.len()).collect();
            let size = (1 + next(4)).min(items.len());
            for _ in 0..size {
                let k = items.swap_remove(next(items.len() as u64));
                if k < primaries.len() {
                    option.push((primaries[k], None));
                } else {
                    let c = [None, Some(colours[0]), Some(colours[1]), Some(colours[2])];
                    option.push((secondaries[k - primaries.len()], c[next(4)]));
                }
            }
            if !option.iter().any(|&(i, _)| m.is_primary(i)) {
                option.push((primaries[next(primaries.len() as u64)], None));
            }
            m.add_coloured_option(&option)
                .expect("distinct items, one primary at least");
        }
        m
    }

    /// Random matrices with colours: the 16-byte nodes (whose spacers carry
    /// COLOR -1, see `Dancer::build`) find the solutions and counters of the
    /// 16-bit ones, and a complete search restores every link and colour.
    #[test]
    fn coloured_wide_nodes_agree_with_narrow() {
        let mut rng = crate::rng::SplitMix64::new(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = move |n: u64| rng.below(n as usize);
        let mut marked = 0;
        for round in 0..30 {
            let m = random_coloured(&mut next, 4, 3, 10);
            let mut sols = Vec::new();
            let mut outs = Vec::new();
            for narrow in [false, true] {
                let mut d = Dancer::new(&m);
                let before = d.nodes.clone();
                if narrow {
                    d.narrow();
                    assert!(!d.small.is_empty() && d.has_colours);
                }
                let mut found = Vec::new();
                let (out, _) =
                    d.run_forced::<true>(&[], &Search::default(), &mut |s: &[OptionId]| {
                        let mut s = s.to_vec();
                        s.sort();
                        found.push(s);
                    });
                found.sort();
                sols.push(found);
                outs.push(out.stats);
                if !narrow {
                    let same = |a: &Node, b: &Node| {
                        (a.up, a.down, a.top, a.colour) == (b.up, b.down, b.top, b.colour)
                    };
                    assert!(
                        d.nodes.iter().zip(&before).all(|(a, b)| same(a, b)),
                        "round {round}"
                    );
                }
            }
            assert_eq!(sols[0], sols[1], "round {round}");
            assert_eq!(outs[0], outs[1], "round {round}");
            marked += usize::from(outs[0].cleansings > 0);
        }
        assert!(marked > 10, "{marked} rounds purified");
    }

    /// Random matrices with colours and uncoloured secondary items: the
    /// scanning engine (`scan.rs`) searches the dancing tree, DLX2's: the same
    /// solutions in the same order, the same nodes, updates and cleansings,
    /// also when stopped after a few solutions.
    #[test]
    fn scanned_colours_search_the_dancing_tree() {
        let mut rng = crate::rng::SplitMix64::new(0x6a09_e667_f3bc_c908_u64);
        let mut next = move |n: u64| rng.below(n as usize);
        let (mut purified, mut solved) = (0, 0);
        for round in 0..300 {
            let m = random_coloured(&mut next, 2, 1, 4);
            if !m.has_colours() {
                continue;
            }
            for max in [None, Some(1 + next(3) as u64)] {
                let search = Search {
                    max_solutions: max,
                    ..Search::default()
                };
                let mut danced = Vec::new();
                let want = Dancer::new(&m)
                    .run::<true>(&search, &mut |s: &[OptionId]| danced.push(s.to_vec()));
                let mut scanned = Vec::new();
                let got = Scanner::new(&m)
                    .run::<true>(&search, &mut |s: &[OptionId]| scanned.push(s.to_vec()));
                assert_eq!(scanned, danced, "round {round}");
                assert_eq!(got.stats, want.stats, "round {round}");
                assert_eq!((got.count, got.complete), (want.count, want.complete));
                purified += usize::from(want.stats.cleansings > 0);
                solved += usize::from(want.count > 0);
            }
        }
        assert!(
            purified > 100 && solved > 50,
            "{purified} purified, {solved} solved"
        );
    }

    fn knuth_example(narrow: bool) {
        let mut m = Matrix::new();
        let ids: Vec<_> = "abcdefg".chars().map(|c| m.add_primary(c)).collect();
        let opt = |s: &str| -> Vec<usize> { s.bytes().map(|b| ids[(b - b'a') as usize]).collect() };
        for o in ["ce", "adg", "bcf", "adf", "bg", "deg"] {
            m.add_option(&opt(o)).unwrap();
        }
        let mut d = Dancer::new(&m);
        let len_before: Vec<u32> = d.len.clone();
        // By node number: the 16-bit nodes keep links unscaled.
        let before: Vec<_> = d
            .nodes
            .iter()
            .map(|n| (n.up / Node::STEP, n.down / Node::STEP, n.top, n.colour))
            .collect();
        if narrow {
            d.narrow();
        }
        let mut found = Vec::new();
        let (out, _) = d.run_forced::<true>(&[], &Search::default(), &mut |s: &[OptionId]| {
            let mut s = s.to_vec();
            s.sort();
            found.push(s);
        });
        assert_eq!(found, vec![vec![0, 3, 4]]);
        assert!(out.complete && !out.timed_out);
        assert_eq!(
            (out.stats.nodes, out.stats.updates),
            (6, 29),
            "DLX1's counts"
        );
        let after: Vec<_> = match narrow {
            true => {
                assert_eq!(d.small.len(), d.nodes.len(), "the 16-bit nodes were used");
                // COLOR holds the next node of each option here (no colours).
                d.small
                    .iter()
                    .map(|n| (n.up(), n.down(), n.top(), 0))
                    .collect()
            }
            false => d
                .nodes
                .iter()
                .map(|n| (n.up / Node::STEP, n.down / Node::STEP, n.top, n.colour))
                .collect(),
        };
        assert_eq!(before, after, "a complete search restores every link");
        let len_after: Vec<u32> = match narrow {
            true => d.small_len.iter().map(|&l| l as u32).collect(),
            false => d.len.clone(),
        };
        assert_eq!(len_before, len_after, "and every LEN");
    }
}
