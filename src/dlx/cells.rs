//! Dancing cells: exact cover with colours on sparse sets, after Knuth's
//! program SSXCC (2020; TAOCP 7.2.2.1, after Solnon's "dancing cells" and
//! Briggs–Torczon sparse sets). A second engine beside Algorithm C
//! (`engine.rs`): same problems, same solutions, another search order and
//! its own costs (measurements in `docs/dlx.md`).
//!
//! Glossary (SSXCC's words):
//! - **set**: one flat array holding, for each item `x` (an index into it),
//!   `POS(x) = set[x − 2]`, `SIZE(x) = set[x − 1]` and then the nodes of the
//!   options that contain `x`; the first `SIZE(x)` of them are its active
//!   options. Removing an option from `x`'s set swaps it with the last active
//!   one and shrinks `SIZE`; restoring `SIZE` brings it back, so undoing a
//!   level is only putting back the sizes it saved (the **save stack**).
//! - **item** list: a permutation of the items whose first `active` entries
//!   are the active ones; `POS(x)` is where `x` stands in it.
//! - **node**: one per entry of an option, option after option, with a
//!   **spacer** after each (`ITM = −length`); `ITM` is the node's item and
//!   `LOC` where the node stands in that item's set.
//! - **forced move**: an active primary item left with one option is taken
//!   at once, without saving sizes; hiding that empties a primary item
//!   abandons the option at once.
//!
//! Counted as SSXCC counts: `nodes` are levels entered (a solution included,
//! forced moves included); `updates` are items swapped out of the active
//! list plus options removed from a set. MRV breaks ties by item order, as
//! SSXCC does (Weigel's suggestion), so the tree is SSXCC's.
//!
//! Invariants: `POS(item[k]) = k`, `item[POS(x)] = x`, `set[LOC(y)] = y` and
//! `ITM(set[q]) = x` for `x ≤ q < x + SIZE(x)`; an inactive item's set is
//! never touched. Indices are built in range and the dance only swaps
//! existing ones, so the unchecked indexing stays in bounds.

use super::engine::{DEADLINE_CHECK_INTERVAL, DlxOutcome, DlxStats, Search};
use super::matrix::{Matrix, OptionId};

/// Finds the exact covers of `matrix` with dancing cells, passing each to
/// `on_solution` as the chosen option ids (in no particular order); the same
/// solutions as [`super::solve`], found in another order.
pub fn solve(
    matrix: &Matrix,
    search: &Search,
    mut on_solution: impl FnMut(&[OptionId]),
) -> DlxOutcome {
    Cells::new(matrix).run::<true>(search, &mut on_solution)
}

/// Counts the exact covers of `matrix` with dancing cells.
pub fn count(matrix: &Matrix, search: &Search) -> DlxOutcome {
    Cells::new(matrix).run::<false>(search, &mut |_: &[OptionId]| {})
}

/// One node: ITM (an item's index into `set`, or minus the option's length
/// for a spacer) and LOC, read together.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(8))]
struct Node {
    itm: i32,
    loc: u32,
}

struct Cells {
    nd: Vec<Node>,
    /// COLOR of each node (0 none), when some option has colours.
    clr: Vec<u32>,
    /// The option of each node, to report solutions.
    option: Vec<u32>,
    set: Vec<u32>,
    item: Vec<u32>,
    /// Items with an index below this are primary.
    second: u32,
    /// Some primary item has no option at all.
    uncoverable: bool,
}

impl Cells {
    fn new(matrix: &Matrix) -> Cells {
        let n_items = matrix.num_items();
        // Primaries first, then secondaries, each in id order (as in a file
        // `write_xc` wrote).
        let mut order: Vec<usize> = (0..n_items).filter(|&i| matrix.is_primary(i)).collect();
        order.extend((0..n_items).filter(|&i| !matrix.is_primary(i)));
        let mut rank = vec![0usize; n_items];
        for (k, &i) in order.iter().enumerate() {
            rank[i] = k;
        }
        let mut size = vec![0u32; n_items];
        let mut has_colours = false;
        for k in 0..matrix.num_options() {
            for &(i, c) in matrix.option_items(k) {
                size[rank[i]] += 1;
                has_colours |= c.is_some();
            }
        }
        let mut base = vec![0u32; n_items];
        let mut item = vec![0u32; n_items];
        let mut at = 2u32;
        let mut second = u32::MAX;
        for k in 0..n_items {
            if k == matrix.num_primary() {
                second = at;
            }
            base[k] = at;
            item[k] = at;
            at += 2 + size[k];
        }
        if second == u32::MAX {
            second = at;
        }
        let mut set = vec![0u32; at as usize];
        for k in 0..n_items {
            set[base[k] as usize - 2] = k as u32;
            set[base[k] as usize - 1] = size[k];
        }
        let uncoverable = (0..matrix.num_primary()).any(|k| size[k] == 0);
        let mut fill = vec![0u32; n_items];
        let mut nd = vec![Node::default()];
        let mut clr = vec![0u32];
        let mut option = vec![u32::MAX];
        for k in 0..matrix.num_options() {
            let entries = matrix.option_items(k);
            for &(i, c) in entries {
                let r = rank[i];
                let loc = base[r] + fill[r];
                fill[r] += 1;
                set[loc as usize] = nd.len() as u32;
                nd.push(Node {
                    itm: base[r] as i32,
                    loc,
                });
                clr.push(c.map_or(0, |c| c + 1));
                option.push(k as u32);
            }
            nd.push(Node {
                itm: -(entries.len() as i32),
                loc: 0,
            });
            clr.push(0);
            option.push(u32::MAX);
        }
        if !has_colours {
            clr.clear();
        }
        Cells {
            nd,
            clr,
            option,
            set,
            item,
            second,
            uncoverable,
        }
    }

    fn run<const REPORT: bool>(
        &mut self,
        search: &Search,
        on_solution: &mut dyn FnMut(&[OptionId]),
    ) -> DlxOutcome {
        let max = search.max_solutions.unwrap_or(u64::MAX);
        let done = |stats: DlxStats, complete: bool, timed_out: bool| DlxOutcome {
            count: stats.solutions,
            complete,
            timed_out,
            stats,
        };
        let mut stats = DlxStats::default();
        if max == 0 {
            return done(stats, false, false);
        }
        if self.uncoverable {
            // SSXCC refuses such input; DLX1 gives one node and no solution.
            stats.nodes = 1;
            return done(stats, true, false);
        }
        let active = self.item.len() as u32;
        let mut dance = Dance {
            nd: &mut self.nd,
            clr: &self.clr,
            set: &mut self.set,
            item: &mut self.item,
            second: self.second,
            active,
            oactive: active,
            updates: 0,
            force: Vec::new(),
        };
        let (complete, timed_out) =
            dance.search::<REPORT>(search, max, &self.option, on_solution, &mut stats);
        stats.updates = dance.updates;
        done(stats, complete, timed_out)
    }
}

/// The search's state (see [`Cells`]), borrowed for the search so that the
/// base pointers stay in registers.
struct Dance<'a> {
    nd: &'a mut [Node],
    clr: &'a [u32],
    set: &'a mut [u32],
    item: &'a mut [u32],
    second: u32,
    active: u32,
    oactive: u32,
    updates: u64,
    force: Vec<u32>,
}

/// Where the search loop goes next (the labels of SSXCC).
enum Step {
    Forward,
    Advance,
    Backup,
    Abort,
}

impl Dance<'_> {
    #[inline(always)]
    fn s(&self, q: u32) -> u32 {
        debug_assert!((q as usize) < self.set.len());
        // SAFETY: set indices are in range (module docs).
        unsafe { *self.set.get_unchecked(q as usize) }
    }

    #[inline(always)]
    fn set_s(&mut self, q: u32, v: u32) {
        debug_assert!((q as usize) < self.set.len());
        // SAFETY: set indices are in range (module docs).
        unsafe { *self.set.get_unchecked_mut(q as usize) = v }
    }

    #[inline(always)]
    fn node(&self, y: u32) -> Node {
        debug_assert!((y as usize) < self.nd.len());
        // SAFETY: node numbers are in range (module docs).
        unsafe { *self.nd.get_unchecked(y as usize) }
    }

    #[inline(always)]
    fn set_loc(&mut self, y: u32, loc: u32) {
        debug_assert!((y as usize) < self.nd.len());
        // SAFETY: node numbers are in range (module docs).
        unsafe { self.nd.get_unchecked_mut(y as usize).loc = loc }
    }

    #[inline(always)]
    fn colour(&self, y: u32) -> u32 {
        debug_assert!((y as usize) < self.clr.len());
        // SAFETY: with colours, `clr` has a slot for every node.
        unsafe { *self.clr.get_unchecked(y as usize) }
    }

    #[inline(always)]
    fn pos(&self, x: u32) -> u32 {
        self.s(x - 2)
    }

    #[inline(always)]
    fn size(&self, x: u32) -> u32 {
        self.s(x - 1)
    }

    #[inline(always)]
    fn item_at(&self, k: u32) -> u32 {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: positions are below the number of items.
        unsafe { *self.item.get_unchecked(k as usize) }
    }

    #[inline(always)]
    fn set_item(&mut self, k: u32, x: u32) {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: positions are below the number of items.
        unsafe { *self.item.get_unchecked_mut(k as usize) = x }
    }

    /// Swaps active item `x` into position `p` of the item list (the entry
    /// the active list has just given up).
    #[inline(always)]
    fn swap_out(&mut self, x: u32, p: u32) {
        let pp = self.pos(x);
        let cc = self.item_at(p);
        self.set_item(p, x);
        self.set_item(pp, cc);
        self.set_s(cc - 2, pp);
        self.set_s(x - 2, p);
        self.updates += 1;
    }

    /// The node after `q` in its option, cyclically.
    #[inline(always)]
    fn next_in_option(&self, q: u32) -> u32 {
        let q = q + 1;
        let itm = self.node(q).itm;
        if itm < 0 { (q as i32 + itm) as u32 } else { q }
    }

    /// Removes the options of item `c`'s set (only those without colour
    /// `colour`, when it is not 0) from the sets of the other items active
    /// before this step. With `check`, returns `false` as soon as an active
    /// primary item loses its last option, and pushes those left with one on
    /// the force stack.
    #[inline(always)]
    fn hide(&mut self, c: u32, colour: u32, check: bool) -> bool {
        let end = c + self.size(c);
        for rr in c..end {
            let tt = self.s(rr);
            if colour != 0 && self.colour(tt) == colour {
                continue;
            }
            let mut nn = tt + 1;
            while nn != tt {
                let Node { itm, loc: vv } = self.node(nn);
                if itm < 0 {
                    nn = (nn as i32 + itm) as u32;
                    continue;
                }
                let uu = itm as u32;
                let pu = self.pos(uu);
                if pu < self.oactive {
                    let ss = self.size(uu) - 1;
                    if ss <= 1 && check && uu < self.second && pu < self.active {
                        if ss == 0 {
                            return false;
                        }
                        self.force.push(uu);
                    }
                    let nnp = self.s(uu + ss);
                    self.set_s(uu - 1, ss);
                    self.set_s(uu + ss, nn);
                    self.set_s(vv, nnp);
                    self.set_loc(nn, uu + ss);
                    self.set_loc(nnp, vv);
                    self.updates += 1;
                }
                nn += 1;
            }
        }
        true
    }

    /// Takes option `cur`: swaps its other items out of the active list, then
    /// hides the options they rule out; `false` if a primary item is left
    /// with none (the option is abandoned).
    #[inline(always)]
    fn try_option(&mut self, cur: u32) -> bool {
        let mut p = self.active;
        self.oactive = p;
        let mut q = self.next_in_option(cur);
        while q != cur {
            let c = self.node(q).itm as u32;
            if self.pos(c) < p {
                p -= 1;
                self.swap_out(c, p);
            }
            q = self.next_in_option(q);
        }
        self.active = p;
        let mut q = self.next_in_option(cur);
        while q != cur {
            let c = self.node(q).itm as u32;
            let ok = if c < self.second {
                self.hide(c, 0, true)
            } else {
                // A secondary item purified at a lower level is left alone.
                let colour = if self.clr.is_empty() {
                    0
                } else {
                    self.colour(q)
                };
                self.pos(c) >= self.oactive || self.hide(c, colour, true)
            };
            if !ok {
                return false;
            }
            q = self.next_in_option(q);
        }
        true
    }

    /// SSXCC's search loop; returns (complete, timed out).
    fn search<const REPORT: bool>(
        &mut self,
        search: &Search,
        max: u64,
        option: &[u32],
        on_solution: &mut dyn FnMut(&[OptionId]),
        stats: &mut DlxStats,
    ) -> (bool, bool) {
        let levels = self.item.len() + 2;
        let mut choice = vec![0u32; levels];
        // `savestack[saved[l]..saved[l + 1]]`: (item, SIZE) of the items
        // active when level `l` chose; empty for a forced move.
        let mut saved = vec![0usize; levels + 1];
        let mut savestack: Vec<(u32, u32)> = Vec::new();
        let mut report: Vec<OptionId> = Vec::new();
        let mut level = 0usize;
        let (mut best, mut cur_choice) = (0u32, 0u32);
        let mut step = Step::Forward;
        const UPDATES_PER_CHECK: u64 = 1 << 20;
        let mut next_update_check = UPDATES_PER_CHECK;
        loop {
            step = match step {
                Step::Forward => {
                    // As in `engine.rs`: the clock at the start and every so
                    // many nodes, and every so many updates (one node may
                    // cost millions).
                    let due = stats.nodes.is_multiple_of(DEADLINE_CHECK_INTERVAL)
                        || self.updates >= next_update_check;
                    if due {
                        next_update_check = self.updates + UPDATES_PER_CHECK;
                        if search.stop.poll(crate::stop::Effort::Nodes, stats.nodes) {
                            return (false, true);
                        }
                    }
                    stats.nodes += 1;
                    let mut forced = None;
                    while let Some(x) = self.force.pop() {
                        if self.pos(x) < self.active {
                            forced = Some(x);
                            break;
                        }
                    }
                    let mut t = u32::MAX;
                    if forced.is_none() {
                        // MRV over the active primary items, ties to the
                        // first in item order; those with one option go on
                        // the force stack.
                        for k in 0..self.active {
                            let x = self.item_at(k);
                            if x >= self.second {
                                continue;
                            }
                            let s = self.size(x);
                            if s <= 1 {
                                debug_assert!(s == 1, "hide leaves no active primary empty");
                                self.force.push(x);
                            } else if s < t || (s == t && x < best) {
                                best = x;
                                t = s;
                            }
                        }
                        forced = self.force.pop();
                    }
                    if let Some(x) = forced {
                        best = x;
                    } else if t == u32::MAX {
                        stats.solutions += 1;
                        if REPORT {
                            report.clear();
                            let chosen = choice[..level].iter();
                            report.extend(chosen.map(|&y| option[y as usize] as OptionId));
                            on_solution(&report);
                        }
                        if stats.solutions >= max {
                            return (false, false);
                        }
                        self.force.clear();
                        step = Step::Backup;
                        continue;
                    }
                    self.active -= 1;
                    self.swap_out(best, self.active);
                    self.oactive = self.active;
                    self.hide(best, 0, false);
                    cur_choice = best;
                    if forced.is_none() {
                        for p in 0..self.active {
                            let x = self.item_at(p);
                            savestack.push((x, self.size(x)));
                        }
                    }
                    saved[level + 1] = savestack.len();
                    Step::Advance
                }
                Step::Advance => {
                    let cur = self.s(cur_choice);
                    choice[level] = cur;
                    if self.try_option(cur) {
                        level += 1;
                        Step::Forward
                    } else {
                        self.force.clear();
                        Step::Abort
                    }
                }
                Step::Backup => {
                    if level == 0 {
                        return (true, false);
                    }
                    level -= 1;
                    let cur = self.node(choice[level]);
                    best = cur.itm as u32;
                    cur_choice = cur.loc;
                    Step::Abort
                }
                Step::Abort => {
                    if cur_choice + 1 >= best + self.size(best) {
                        Step::Backup
                    } else {
                        // Put back the sizes saved at this level.
                        savestack.truncate(saved[level + 1]);
                        self.active = (saved[level + 1] - saved[level]) as u32;
                        for &(x, size) in &savestack[saved[level]..] {
                            self.set_s(x - 1, size);
                        }
                        cur_choice += 1;
                        Step::Advance
                    }
                }
            }
        }
    }
}
