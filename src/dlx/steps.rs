//! Algorithm C's steps C2–C8 (TAOCP Vol. 4B, 7.2.2.1), iterative, over any
//! structure that can choose, cover and commit: the dancing links of
//! `engine.rs` and the scanned secondary lists of `scan.rs` run this one loop,
//! so their trees and their `nodes` counts agree by construction.

use super::engine::{DEADLINE_CHECK_INTERVAL, DlxOutcome, DlxStats, Search};
use super::matrix::OptionId;

/// What steps C2–C8 ask of a structure. A node `x` is an option's node in a
/// primary item's vertical list; `head(i)` is that list's header.
pub(super) trait Levels {
    /// C3: the first active primary item with the fewest options, and that
    /// number; `None` when no primary item is active (a solution).
    fn choose(&self) -> Option<(u32, u32)>;
    /// Covers item `i` (C4) / undoes it (C8).
    fn cover(&mut self, i: u32);
    fn uncover(&mut self, i: u32);
    /// The header of primary item `i`'s list.
    fn head(&self, i: u32) -> u32;
    /// The node after `x` in its item's list (or the header).
    fn down(&self, x: u32) -> u32;
    /// The primary item of node `x`.
    fn top(&self, x: u32) -> u32;
    /// C5: covers or purifies the other items of `x`'s option; C6 undoes it.
    fn commit_others(&mut self, x: u32);
    fn uncommit_others(&mut self, x: u32);
    /// The option of node `x`.
    fn option_of(&self, x: u32) -> OptionId;
    /// Updates and cleansings so far (the module docs of `engine.rs`).
    fn updates(&self) -> u64;
    fn cleansings(&self) -> u64;
    /// Counts one update: DLX1 covers an item that MRV found with no option
    /// (and backs up at once).
    fn count_empty_cover(&mut self);
}

/// The search: steps C2–C8 on `structure`, with `choice` (one slot per level:
/// at least the primary items plus one) and `solution` as scratch; calls
/// `on_solution` with each solution's options when `REPORT`.
#[inline(always)]
pub(super) fn run<L: Levels, const REPORT: bool>(
    structure: &mut L,
    choice: &mut [u32],
    solution: &mut Vec<OptionId>,
    search: &Search,
    on_solution: &mut dyn FnMut(&[OptionId]),
) -> DlxOutcome {
    let mut nodes = 0u64;
    let mut solutions = 0u64;
    let mut level = 0usize;
    let max = search.max_solutions.unwrap_or(u64::MAX);
    // The clock is read every DEADLINE_CHECK_INTERVAL nodes, and also whenever another
    // UPDATES_PER_CHECK updates have been made: on large matrices (nonogram patterns)
    // one node can cost millions of updates, and a timeout must still be kept.
    const UPDATES_PER_CHECK: u64 = 1 << 20;
    let mut next_update_check = UPDATES_PER_CHECK;
    let mut timed_out = |nodes: u64, updates: u64| {
        let due = nodes.is_multiple_of(DEADLINE_CHECK_INTERVAL) || updates >= next_update_check;
        if updates >= next_update_check {
            next_update_check = updates + UPDATES_PER_CHECK;
        }
        due && search.stop.poll(crate::stop::Effort::Nodes, nodes)
    };
    let (complete, out_of_time) = 'search: {
        if max == 0 {
            break 'search (false, false);
        }
        loop {
            // C2: enter level `level`; C3 chooses the item.
            let mut descended = false;
            let chosen = structure.choose();
            if chosen.is_none() {
                nodes += 1;
                solutions += 1;
                if REPORT {
                    solution.clear();
                    for &x in &choice[..level] {
                        solution.push(structure.option_of(x));
                    }
                    on_solution(solution);
                }
                if solutions >= max {
                    break 'search (false, false);
                }
            } else {
                if timed_out(nodes, structure.updates()) {
                    break 'search (false, true);
                }
                nodes += 1;
                // C4.
                let (i, len) = chosen.unwrap_or_default();
                if len > 0 {
                    structure.cover(i);
                    let x = structure.down(structure.head(i));
                    debug_assert!(level < choice.len());
                    choice[level] = x;
                    structure.commit_others(x);
                    level += 1;
                    descended = true;
                } else {
                    structure.count_empty_cover();
                }
            }
            if descended {
                continue;
            }
            // C8 (leave level), C6 (try again), C7 (backtrack).
            loop {
                if level == 0 {
                    break 'search (true, false);
                }
                level -= 1;
                let x = choice[level];
                structure.uncommit_others(x);
                let i = structure.top(x);
                let next = structure.down(x);
                if next != structure.head(i) {
                    choice[level] = next;
                    structure.commit_others(next);
                    level += 1;
                    break;
                }
                structure.uncover(i);
            }
        }
    };
    DlxOutcome {
        count: solutions,
        complete,
        timed_out: out_of_time,
        stats: DlxStats {
            nodes,
            updates: structure.updates(),
            solutions,
            cleansings: structure.cleansings(),
        },
    }
}
