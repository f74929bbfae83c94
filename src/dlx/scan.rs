//! Algorithm C for matrices with colours, with the secondary items' lists
//! scanned instead of danced.
//!
//! The search is DLX2's (TAOCP Vol. 4B, 7.2.2.1, Algorithm C; the module docs
//! of `engine.rs` give the words): the same items chosen, the same options
//! tried in the same order, hence the same tree, and its cost counted as DLX2
//! counts it. Only the data structure differs, on the secondary side.
//!
//! In DLX2 a secondary item's vertical list is walked only by `purify` and by
//! `cover` of an uncoloured secondary item, each at most once on a path (a
//! purified item's nodes are marked, and `commit` skips a marked node), yet
//! every `hide` unlinks an option's node from every secondary item of that
//! option. On nonograms (an option a line's pattern, a node per cell) nearly
//! all of DLX2's updates are such unlinks. Here:
//! - the **primary** items keep Knuth's vertical lists of the options' primary
//!   nodes, danced as in DLX2 (so their order, LEN and MRV are DLX2's);
//! - each **secondary** item keeps a fixed list of (option, colour) **slots**,
//!   never changed during the search, and each option a flag **alive**: hiding
//!   an option clears the flag and unlinks its primary nodes only;
//! - `purify(j, c)` and the cover of an uncoloured secondary `j` scan `j`'s
//!   slots and act on the live options only (hide those of another colour,
//!   mark those of colour `c`). The slots are grouped in **runs** by the
//!   option's first primary item, and a run whose item is covered is skipped
//!   whole: covering an item hides every option on it. A run that holds every
//!   option of its item, with `j` at one position in each (a nonogram line's
//!   patterns at one cell), is walked in that item's list of live options
//!   instead when few of them are live.
//!
//! Why the tree and counters stay DLX2's (the invariants):
//! - when DLX2 walks a secondary list (by purify or cover), the list holds
//!   exactly the nodes of the options not hidden (a node stays linked after
//!   its option is hidden only when it was the hide's own node or marked, and
//!   either way its item is purified or covered, so not walked again on this
//!   path); so the live slots are the nodes DLX2 walks;
//! - a node is marked in DLX2 exactly when its option is live and its item
//!   purified; `marked[o]` counts those of option `o`, so a hide counts DLX2's
//!   updates, `size - 1 - marked`, without touching the nodes; and `commit`
//!   skips a purified item as DLX2 skips a marked node;
//! - within one purify, the order of its hides does not matter to the counts
//!   (a hide reads `marked` of an option this purify does not mark); the
//!   primary lists are restored in the exact reverse of their unlinking (a
//!   trail of the hidden options, popped by unpurify), as dancing links needs.
//!
//! Safety: no unsafe code; indices are built in range, and fit `u32` because
//! a [`Matrix`] has fewer than 2³¹ nodes (`NONE`, `u32::MAX`, is no option).

use super::engine::{COVERED, DlxOutcome, Search, internal_items, mrv};
use super::matrix::{Matrix, OptionId};
use super::steps::{self, Levels};

/// One entry of an option, in the option's order.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// Internal item: primaries `1..=P`, secondaries `P + 1..`.
    item: u32,
    /// `0` none, `> 0` a colour (our colour + 1).
    colour: u32,
}

/// A secondary item's slot: an option on it, with the option's colour there.
#[derive(Clone, Copy, Debug)]
struct Slot {
    option: u32,
    colour: u32,
}

/// Consecutive slots of one secondary item whose options share their first
/// primary item `key`.
#[derive(Clone, Copy, Debug)]
struct Run {
    key: u32,
    start: u32,
    end: u32,
    /// When the run holds every option on `key` and the secondary item stands
    /// at this same position in each: its live options are those in `key`'s
    /// list, which can be walked instead of the slots. Else `NONE`.
    at: u32,
}

/// The structure for one search.
#[derive(Clone, Debug)]
pub(super) struct Scanner {
    primaries: usize,
    /// Primary nodes: `1..=P` are the headers, then each option's primary
    /// entries in option order. Index 0 is unused.
    up: Vec<u32>,
    down: Vec<u32>,
    /// The item of a primary node.
    top: Vec<u32>,
    /// The option of a primary node, and the node's position in its entries.
    node_option: Vec<u32>,
    node_at: Vec<u32>,
    /// LEN of each primary item (index 0 unused), plus [`COVERED`] while covered.
    len: Vec<u32>,
    /// Option `o`'s entries are `entries[entry_start[o]..entry_start[o + 1]]`,
    /// its primary nodes `prim_start[o]..prim_start[o + 1]`.
    entry_start: Vec<u32>,
    entries: Vec<Entry>,
    prim_start: Vec<u32>,
    alive: Vec<bool>,
    /// Nodes of a live option whose (secondary) item is purified.
    marked: Vec<u32>,
    /// Secondary item `s` (internal `P + 1 + s`) has runs
    /// `runs[run_start[s]..run_start[s + 1]]` over `slots`.
    run_start: Vec<u32>,
    runs: Vec<Run>,
    slots: Vec<Slot>,
    /// The option whose commit purified or covered a secondary item, or `NONE`.
    owner: Vec<u32>,
    /// Options hidden by purify and secondary covers, in order; and the
    /// options marked by purify.
    hidden: Vec<u32>,
    marks: Vec<u32>,
    /// `(hidden.len(), marks.len())` before each purify or secondary cover.
    frames: Vec<(u32, u32)>,
    choice: Vec<u32>,
    solution: Vec<OptionId>,
    updates: u64,
    cleansings: u64,
}

const NONE: u32 = u32::MAX;

/// A run's live options are walked in its key's list rather than scanned
/// when they are at most 1/`WALK_RATIO` of its slots (1/2, 1/8, 1/16 and never
/// were measured against it: `docs/dlx.md`, seventh session).
const WALK_RATIO: u32 = 4;

impl Scanner {
    pub(super) fn new(matrix: &Matrix) -> Self {
        let n_items = matrix.num_items();
        let primaries = matrix.num_primary();
        let internal = internal_items(matrix);
        let n_options = matrix.num_options();
        let headers = primaries + 1;
        let mut up: Vec<u32> = (0..headers as u32).collect();
        let mut down = up.clone();
        let mut top = vec![0u32; headers];
        let mut node_option = vec![NONE; headers];
        let mut node_at = vec![0u32; headers];
        let mut len = vec![0u32; headers];
        let mut entry_start = Vec::with_capacity(n_options + 1);
        let mut entries = Vec::with_capacity(matrix.num_nonzeros());
        let mut prim_start = Vec::with_capacity(n_options + 1);
        // (secondary, key, option, colour) for the slots.
        let mut key = Vec::with_capacity(n_options);
        for o in 0..n_options {
            entry_start.push(entries.len() as u32);
            prim_start.push(up.len() as u32);
            let items = matrix.option_items(o);
            // Every option has a primary item (`Matrix` refuses others).
            key.push(
                items
                    .iter()
                    .find(|&&(item, _)| matrix.is_primary(item))
                    .map_or(0, |&(item, _)| internal[item]),
            );
            for (at, &(item, colour)) in items.iter().enumerate() {
                let i = internal[item];
                let colour = colour.map_or(0, |c| c + 1);
                entries.push(Entry { item: i, colour });
                if (i as usize) <= primaries {
                    let p = up.len() as u32;
                    let last = up[i as usize];
                    down[last as usize] = p;
                    up[i as usize] = p;
                    up.push(last);
                    down.push(i);
                    top.push(i);
                    node_option.push(o as u32);
                    node_at.push(at as u32);
                    len[i as usize] += 1;
                }
            }
        }
        entry_start.push(entries.len() as u32);
        prim_start.push(up.len() as u32);
        // Each secondary item's slots in option order (placed by counting),
        // cut into runs of one key. `place[s + 1]` counts item s's slots,
        // then (prefix sums) `place[s]` is where they start.
        let n_secondary = n_items - primaries;
        let mut place = vec![0u32; n_secondary + 1];
        for e in &entries {
            if e.item as usize > primaries {
                place[e.item as usize - primaries] += 1;
            }
        }
        for s in 0..n_secondary {
            place[s + 1] += place[s];
        }
        // Slots go straight to their place; each item's runs grow as its
        // slots come, in option order, and are laid end to end after.
        let mut slots = vec![
            Slot {
                option: 0,
                colour: 0
            };
            place[n_secondary] as usize
        ];
        let mut item_runs: Vec<Vec<Run>> = vec![Vec::new(); n_secondary];
        for o in 0..n_options {
            let (start, end) = (entry_start[o] as usize, entry_start[o + 1] as usize);
            for (at, e) in entries[start..end].iter().enumerate() {
                if e.item as usize <= primaries {
                    continue;
                }
                let s = e.item as usize - primaries - 1;
                let k = place[s];
                slots[k as usize] = Slot {
                    option: o as u32,
                    colour: e.colour,
                };
                place[s] += 1;
                let at = at as u32;
                match item_runs[s].last_mut() {
                    Some(run) if run.key == key[o] => {
                        run.end += 1;
                        if run.at != at {
                            run.at = NONE;
                        }
                    }
                    _ => item_runs[s].push(Run {
                        key: key[o],
                        start: k,
                        end: k + 1,
                        at,
                    }),
                }
            }
        }
        let mut run_start = Vec::with_capacity(n_secondary + 1);
        let mut runs: Vec<Run> = Vec::new();
        for r in item_runs {
            run_start.push(runs.len() as u32);
            runs.extend(r);
        }
        for run in &mut runs {
            if run.end - run.start != len[run.key as usize] {
                run.at = NONE;
            }
        }
        run_start.push(runs.len() as u32);
        Scanner {
            primaries,
            up,
            down,
            top,
            node_option,
            node_at,
            len,
            entry_start,
            entries,
            prim_start,
            alive: vec![true; n_options],
            marked: vec![0; n_options],
            run_start,
            runs,
            slots,
            owner: vec![NONE; n_secondary],
            hidden: Vec::new(),
            marks: Vec::new(),
            frames: Vec::new(),
            choice: vec![0; primaries + 1],
            solution: Vec::with_capacity(primaries + 1),
            updates: 0,
            cleansings: 0,
        }
    }

    /// Hides option `o` (DLX2's hide from its node `via`, a primary node, or
    /// `NONE` when the hide comes from a secondary item): unlinks its other
    /// primary nodes and counts the nodes DLX2 would unlink.
    #[inline(always)]
    fn hide(&mut self, o: u32, via: u32) {
        let o_ = o as usize;
        self.alive[o_] = false;
        let size = self.entry_start[o_ + 1] - self.entry_start[o_];
        self.updates += u64::from(size - 1 - self.marked[o_]);
        for q in self.prim_start[o_]..self.prim_start[o_ + 1] {
            if q != via {
                let q = q as usize;
                let (u, d) = (self.up[q], self.down[q]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.len[self.top[q] as usize] -= 1;
            }
        }
    }

    /// Undoes [`Scanner::hide`].
    #[inline(always)]
    fn unhide(&mut self, o: u32, via: u32) {
        let o_ = o as usize;
        for q in (self.prim_start[o_]..self.prim_start[o_ + 1]).rev() {
            if q != via {
                let q = q as usize;
                let (u, d) = (self.up[q], self.down[q]);
                self.down[u as usize] = q as u32;
                self.up[d as usize] = q as u32;
                self.len[self.top[q] as usize] += 1;
            }
        }
        self.alive[o_] = true;
    }

    /// Covers primary item `i`: hides every option on it.
    fn cover(&mut self, i: u32) {
        let mut p = self.down[i as usize];
        while p != i {
            let next = self.down[p as usize];
            self.hide(self.node_option[p as usize], p);
            p = next;
        }
        self.len[i as usize] += COVERED;
        self.updates += 1;
    }

    fn uncover(&mut self, i: u32) {
        self.len[i as usize] -= COVERED;
        let mut p = self.up[i as usize];
        while p != i {
            let next = self.up[p as usize];
            self.unhide(self.node_option[p as usize], p);
            p = next;
        }
    }

    /// Secondary item `j` (internal) takes colour `c` (`0`: covered without
    /// a colour): hides the live options of another colour (all of them when
    /// `c = 0`) and marks those of colour `c`.
    fn purify(&mut self, j: u32, c: u32) {
        let s = (j as usize) - self.primaries - 1;
        self.frames
            .push((self.hidden.len() as u32, self.marks.len() as u32));
        match c {
            0 => self.updates += 1,
            _ => self.cleansings += 1,
        }
        for r in self.run_start[s]..self.run_start[s + 1] {
            let run = self.runs[r as usize];
            let live = self.len[run.key as usize];
            if live >= COVERED {
                continue;
            }
            if run.at != NONE && live * WALK_RATIO <= run.end - run.start {
                let head = run.key;
                let mut p = self.down[head as usize];
                while p != head {
                    let next = self.down[p as usize];
                    let o = self.node_option[p as usize];
                    let colour =
                        self.entries[(self.entry_start[o as usize] + run.at) as usize].colour;
                    if c != 0 && colour == c {
                        self.marked[o as usize] += 1;
                        self.cleansings += 1;
                        self.marks.push(o);
                    } else {
                        self.hide(o, NONE);
                        self.hidden.push(o);
                    }
                    p = next;
                }
                continue;
            }
            for k in run.start..run.end {
                let slot = self.slots[k as usize];
                if !self.alive[slot.option as usize] {
                    continue;
                }
                if c != 0 && slot.colour == c {
                    self.marked[slot.option as usize] += 1;
                    self.cleansings += 1;
                    self.marks.push(slot.option);
                } else {
                    self.hide(slot.option, NONE);
                    self.hidden.push(slot.option);
                }
            }
        }
    }

    /// Undoes the last [`Scanner::purify`].
    fn unpurify(&mut self) {
        let (h, m) = self.frames.pop().expect("a purify to undo");
        while self.hidden.len() > h as usize {
            let o = self.hidden.pop().unwrap_or_default();
            self.unhide(o, NONE);
        }
        while self.marks.len() > m as usize {
            let o = self.marks.pop().unwrap_or_default();
            self.marked[o as usize] -= 1;
        }
    }

    /// Step C5 for the option of primary node `x`: covers or purifies its
    /// other items, from the one after `x` round to the one before.
    fn commit_others(&mut self, x: u32) {
        let o = self.node_option[x as usize] as usize;
        let (start, end) = (self.entry_start[o], self.entry_start[o + 1]);
        let at = start + self.node_at[x as usize];
        for k in (at + 1..end).chain(start..at) {
            let e = self.entries[k as usize];
            if e.item as usize <= self.primaries {
                self.cover(e.item);
            } else {
                let s = e.item as usize - self.primaries - 1;
                if self.owner[s] == NONE {
                    self.owner[s] = o as u32;
                    self.purify(e.item, e.colour);
                }
            }
        }
    }

    /// Undoes [`Scanner::commit_others`], right to left.
    fn uncommit_others(&mut self, x: u32) {
        let o = self.node_option[x as usize] as usize;
        let (start, end) = (self.entry_start[o], self.entry_start[o + 1]);
        let at = start + self.node_at[x as usize];
        for k in (start..at).rev().chain((at + 1..end).rev()) {
            let e = self.entries[k as usize];
            if e.item as usize <= self.primaries {
                self.uncover(e.item);
            } else {
                let s = e.item as usize - self.primaries - 1;
                if self.owner[s] == o as u32 {
                    self.owner[s] = NONE;
                    self.unpurify();
                }
            }
        }
    }

    /// Steps C2–C8 on this structure ([`steps::run`]).
    pub(super) fn run<const REPORT: bool>(
        &mut self,
        search: &Search,
        on_solution: &mut dyn FnMut(&[OptionId]),
    ) -> DlxOutcome {
        let mut choice = std::mem::take(&mut self.choice);
        let mut solution = std::mem::take(&mut self.solution);
        let out = steps::run::<_, REPORT>(self, &mut choice, &mut solution, search, on_solution);
        (self.choice, self.solution) = (choice, solution);
        out
    }
}

impl Levels for Scanner {
    fn choose(&self) -> Option<(u32, u32)> {
        mrv(&self.len[1..=self.primaries])
    }

    fn cover(&mut self, i: u32) {
        Scanner::cover(self, i)
    }

    fn uncover(&mut self, i: u32) {
        Scanner::uncover(self, i)
    }

    fn head(&self, i: u32) -> u32 {
        i
    }

    fn down(&self, x: u32) -> u32 {
        self.down[x as usize]
    }

    fn top(&self, x: u32) -> u32 {
        self.top[x as usize]
    }

    fn commit_others(&mut self, x: u32) {
        Scanner::commit_others(self, x)
    }

    fn uncommit_others(&mut self, x: u32) {
        Scanner::uncommit_others(self, x)
    }

    fn option_of(&self, x: u32) -> OptionId {
        self.node_option[x as usize] as OptionId
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn cleansings(&self) -> u64 {
        self.cleansings
    }

    fn count_empty_cover(&mut self) {
        self.updates += 1;
    }
}
