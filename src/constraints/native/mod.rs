//! The native engine of the layer: domains as bit sets, one propagator per constraint run to
//! a fixpoint (a queue of rules, each woken by those changes of its cells that it reads:
//! `Wake`), then a search that copies
//! the domains at each branch (a few hundred words: cheaper than a trail). It branches on
//! the first open cell of the tightest counting rule (at least, count: the fewest open
//! cells beyond the number the rule still needs, as a person picks the most constrained
//! house; Knuth's "minimum remaining values" choice of an item in dancing links), and in a
//! model without one on a smallest domain.
//!
//! Propagators (each sound: it removes only values no solution of its rule has):
//! - all-different: singles out of their peers, pigeonhole on the union, in a complete
//!   house the hidden singles (a value only one cell can take), then Régin's matching
//!   filter (exact: every value left is taken in some assignment of distinct values);
//! - sum with distinct digits: the combinations compatible with the domains; cells keep the
//!   values of some compatible combination, a value every combination needs and only one
//!   cell can take is placed there (hidden single of the cage);
//! - table: each cell keeps the values some live tuple gives it (generalised arc consistency);
//! - less, consecutive: bounds and neighbours of the other cell's domain;
//! - visibility: a regular-constraint filter over the states (tallest so far, seen so far)
//!   along the line; on a line that is a complete house (towers), the states are the sets
//!   of values placed so far, so the clue and the line's all-different are filtered
//!   together (`visible_house`);
//! - count: counting decided cells; on a two-valued line whose no-three windows are rules
//!   too (binairo), the count and the windows filtered together to generalised arc
//!   consistency (`binary_line`);
//! - exactly one pair (cell, value): counting the pairs held and still possible;
//! - matching: the anchors matchable into the cells that may hold the value, the cells that
//!   must hold it into the anchors (`matching::revise`);
//! - at most, at least, not-all-equal, lines-differ: counting decided cells; lines-differ
//!   also reads the lines' count rules, so the last cell of a colour is not placed where it
//!   would copy a decided line (`differ_by_count`).
//!
//! The same propagators, explaining their deductions, are the theory of a CDCL search in
//! [`learn`].
//!
//! The combined filters are redundant with the rules they read (each of those still runs
//! alone), so they may only make the fixpoint stronger; they are exact on their own rules
//! (the unit tests compare them with brute force).

use std::borrow::Cow;
use std::ops::ControlFlow;

pub mod learn;

use super::tuples::sum_combinations;
use super::{Constraint, Domain, Model, values};
use crate::puzzle::{Limits, NativeAnswer, SolveError};
use crate::stop::Effort;
use crate::util::matching::{NONE, augment, greedy_start};
use crate::util::scc::components;

/// The domains are empty somewhere: no solution below this node.
#[derive(Debug)]
struct Wipeout;

type Revised = Result<(), Wipeout>;

/// What a rule precomputes.
enum Prepared {
    Nothing,
    /// Sum cages: the combinations of distinct values.
    Combinations(Vec<Domain>),
    /// Visibility: the tallest value.
    Top(u32),
    /// Visibility on a line that is a complete house of at most [`HOUSE_LINE`] cells: its
    /// values, smallest first (see [`visible_house`]).
    House(Vec<u32>),
    /// Count over a two-valued line: the other value and, for each start `s`, whether
    /// `cells[s..s + 3]` is also a not-all-equal rule of the model (see [`binary_line`]).
    BinaryLine {
        other: u32,
        windows: Vec<bool>,
    },
    /// Lines-differ: for each line, the `(value, count)` of a count rule over exactly its
    /// cells, when the model has one (see [`differ_by_count`]).
    LineCounts(Vec<Option<(u32, usize)>>),
}

/// A propagation's buffers, kept by a caller that propagates many times
/// ([`Propagator::propagate_from_in`]); empty, every flag down, between calls.
#[derive(Default)]
pub struct Work {
    /// Rules to revise (their cheap half).
    queue: Vec<u32>,
    /// Per rule: in `queue`.
    queued: Vec<bool>,
    /// Rules whose expensive half is due.
    late: Vec<u32>,
    /// Per rule: in `late`.
    late_queued: Vec<bool>,
    /// Cells narrowed by the rule being revised.
    changed: Vec<usize>,
    /// The last propagation narrowed some domain.
    narrowed: bool,
}

impl Work {
    /// Whether the last propagation in this work area narrowed any domain.
    pub fn narrowed(&self) -> bool {
        self.narrowed
    }

    /// Queues `rule` for its cheap half unless it is queued.
    fn enqueue(&mut self, rule: u32) {
        if !self.queued[rule as usize] {
            self.queued[rule as usize] = true;
            self.queue.push(rule);
        }
    }

    /// Flags for `rules` rules.
    fn fit(&mut self, rules: usize) {
        if self.queued.len() != rules {
            self.queued = vec![false; rules];
            self.late_queued = vec![false; rules];
        }
    }
}

/// The model's rules, prepared, with the cells each one watches.
pub struct Propagator<'m> {
    model: &'m Model,
    prepared: Vec<Prepared>,
    /// Cell `c`'s rules are `watch[watch_at[c]..watch_at[c + 1]]` ([`Propagator::watching`]).
    watch_at: Vec<u32>,
    watch: Vec<Wake>,
}

/// A rule watching a cell, and the changes of the cell's domain that wake it.
///
/// A counting rule reads of each cell only whether it holds the rule's value (its domain
/// is that value alone) and whether it may: at most reads the first, at least the second,
/// count both. A change that alters neither leaves the rule where it was — at its
/// fixpoint, since it ran after every change that did (or is queued) — so it is not
/// woken. Every other rule wakes on any change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wake {
    /// The rule, an index into the model's constraints.
    pub rule: u32,
    on: On,
    /// The counting rule's value (unused for [`On::Any`]).
    value: u8,
}

/// Which changes of a cell wake a rule ([`Wake`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum On {
    Any,
    /// The cell now holds the value.
    Holds,
    /// The cell can no longer hold the value.
    Loses,
    /// Either.
    Decides,
}

impl Wake {
    /// Whether a change that left the cell's domain at `now` wakes the rule.
    pub(crate) fn fires(self, now: Domain) -> bool {
        let bit = 1u64 << self.value;
        match self.on {
            On::Any => true,
            On::Holds => now == bit,
            On::Loses => now & bit == 0,
            On::Decides => now == bit || now & bit == 0,
        }
    }
}

struct Domains<'d> {
    dom: &'d mut [Domain],
    changed: Vec<usize>,
}

fn single(d: Domain) -> bool {
    d & d.wrapping_sub(1) == 0
}

fn below(v: u32) -> Domain {
    if v >= 64 { u64::MAX } else { (1u64 << v) - 1 }
}

fn above(v: u32) -> Domain {
    !below(v + 1)
}

impl Domains<'_> {
    fn restrict(&mut self, cell: usize, mask: Domain) -> Revised {
        let old = self.dom[cell];
        let new = old & mask;
        if new != old {
            if new == 0 {
                return Err(Wipeout);
            }
            self.dom[cell] = new;
            self.changed.push(cell);
        }
        Ok(())
    }
}

impl<'m> Propagator<'m> {
    /// Prepares every rule of `model`.
    pub fn new(model: &'m Model) -> Propagator<'m> {
        // The three-cell not-all-equal rules and the count rules, by their first cell.
        let mut triples: Vec<Vec<usize>> = vec![Vec::new(); model.cells()];
        let mut counts: Vec<Vec<usize>> = vec![Vec::new(); model.cells()];
        for (i, rule) in model.constraints.iter().enumerate() {
            match rule {
                Constraint::NotAllEqual(cells) if cells.len() == 3 => triples[cells[0]].push(i),
                Constraint::Count { cells, .. } if !cells.is_empty() => counts[cells[0]].push(i),
                _ => {}
            }
        }
        // The rule of `at` whose scope is `cells`, in order.
        let rule_on = |at: &[Vec<usize>], cells: &[usize]| {
            let first = *cells.first()?;
            at[first]
                .iter()
                .copied()
                .find(|&r| match &model.constraints[r] {
                    Constraint::NotAllEqual(scope) | Constraint::Count { cells: scope, .. } => {
                        scope == cells
                    }
                    _ => false,
                })
        };
        let prepared = model
            .constraints
            .iter()
            .map(|rule| match rule {
                Constraint::SumDistinct { cells, sum } => {
                    Prepared::Combinations(sum_combinations(model.union(cells), cells.len(), *sum))
                }
                Constraint::Visible { line, .. } => {
                    let union = model.union(line);
                    if model.complete(line) && line.len() <= HOUSE_LINE {
                        Prepared::House(values(union).collect())
                    } else {
                        Prepared::Top(63 - union.leading_zeros())
                    }
                }
                Constraint::Count {
                    cells,
                    value,
                    count,
                } => {
                    let union = model.union(cells);
                    let other = union & !(1 << value);
                    let two_valued = union >> value & 1 == 1 && other.count_ones() == 1;
                    let windows: Vec<bool> = if two_valued && *count < 63 {
                        (0..cells.len())
                            .map(|s| {
                                cells
                                    .get(s..s + 3)
                                    .is_some_and(|w| rule_on(&triples, w).is_some())
                            })
                            .collect()
                    } else {
                        Vec::new()
                    };
                    // Without a window the line's filter would only redo the count's own
                    // (`counted` is already exact on two values), at the cost of a pass
                    // over the states.
                    if windows.contains(&true) {
                        Prepared::BinaryLine {
                            other: other.trailing_zeros(),
                            windows,
                        }
                    } else {
                        Prepared::Nothing
                    }
                }
                Constraint::LinesDiffer(lines) => Prepared::LineCounts(
                    lines
                        .iter()
                        .map(
                            |l| match rule_on(&counts, l).map(|r| &model.constraints[r]) {
                                Some(Constraint::Count { value, count, .. }) => {
                                    Some((*value, *count))
                                }
                                _ => None,
                            },
                        )
                        .collect(),
                ),
                _ => Prepared::Nothing,
            })
            .collect::<Vec<_>>();
        // A no-three window of a binairo line is filtered by the line's rule whenever one
        // of its cells changes; it runs alone only at the root.
        let mut absorbed = vec![false; model.constraints.len()];
        for (rule, prep) in model.constraints.iter().zip(&prepared) {
            if let (Constraint::Count { cells, .. }, Prepared::BinaryLine { windows, .. }) =
                (rule, prep)
            {
                for (s, _) in windows.iter().enumerate().filter(|&(_, &w)| w) {
                    if let Some(r) = rule_on(&triples, &cells[s..s + 3]) {
                        absorbed[r] = true;
                    }
                }
            }
        }
        // Each cell's rules in order, once each (a scope may name a cell twice), as
        // offsets into one array: counted, then filled.
        let scopes: Vec<Option<Cow<'_, [usize]>>> = model
            .constraints
            .iter()
            .zip(&absorbed)
            .map(|(rule, &absorbed)| (!absorbed).then(|| scope(rule)))
            .collect();
        let mut last = vec![u32::MAX; model.cells()];
        let mut watch_at = vec![0u32; model.cells() + 1];
        for (i, cells) in scopes.iter().enumerate() {
            for &cell in cells.iter().flat_map(|c| c.iter()) {
                if last[cell] != i as u32 {
                    last[cell] = i as u32;
                    watch_at[cell + 1] += 1;
                }
            }
        }
        for cell in 0..model.cells() {
            watch_at[cell + 1] += watch_at[cell];
        }
        let idle = Wake {
            rule: 0,
            on: On::Any,
            value: 0,
        };
        let mut watch = vec![idle; watch_at[model.cells()] as usize];
        let mut next: Vec<u32> = watch_at[..model.cells()].to_vec();
        last.fill(u32::MAX);
        for (i, cells) in scopes.iter().enumerate() {
            let (on, value) = wakes_on(&model.constraints[i], &prepared[i]);
            for &cell in cells.iter().flat_map(|c| c.iter()) {
                if last[cell] != i as u32 {
                    last[cell] = i as u32;
                    watch[next[cell] as usize] = Wake {
                        rule: i as u32,
                        on,
                        value,
                    };
                    next[cell] += 1;
                }
            }
        }
        Propagator {
            model,
            prepared,
            watch_at,
            watch,
        }
    }

    /// The rules that read `cell`, in model order, with the changes that wake them.
    pub(crate) fn watching(&self, cell: usize) -> &[Wake] {
        &self.watch[self.watch_at[cell] as usize..self.watch_at[cell + 1] as usize]
    }

    /// Propagates every rule to a fixpoint; false when some domain empties.
    pub fn propagate_all(&self, dom: &mut [Domain]) -> bool {
        self.fixpoint_all(dom, &mut Work::default())
    }

    /// Propagates the rules that the narrowing of `cells` wakes to a fixpoint, the rules
    /// having been at theirs before the caller narrowed them (`Wake`); false when some
    /// domain empties.
    pub fn propagate_from(&self, dom: &mut [Domain], cells: &[usize]) -> bool {
        self.propagate_from_in(dom, cells, &mut Work::default())
    }

    /// [`Propagator::propagate_from`] in `work`, a caller's buffers kept between calls
    /// (a probing loop propagates thousands of times).
    pub fn propagate_from_in(&self, dom: &mut [Domain], cells: &[usize], work: &mut Work) -> bool {
        work.fit(self.model.constraints.len());
        for &cell in cells {
            for w in self.watching(cell) {
                if w.fires(dom[cell]) {
                    work.enqueue(w.rule);
                }
            }
        }
        self.fixpoint_in(dom, work)
    }

    /// Runs rule `rule` (an index into the model's constraints) once, alone, without
    /// waking the others; false when some domain empties. For checking one rule's
    /// deductions on its own.
    pub fn propagate_rule(&self, rule: usize, dom: &mut [Domain]) -> bool {
        let mut domains = Domains {
            dom,
            changed: Vec::new(),
        };
        self.revise(rule, &mut domains).is_ok() && self.revise_late(rule, &mut domains).is_ok()
    }

    /// The expensive half of a rule, run when the cheap rules have nothing left to do:
    /// Régin's filter of an all-different (as the sudoku engines schedule it).
    fn revise_late(&self, rule: usize, d: &mut Domains<'_>) -> Revised {
        match &self.model.constraints[rule] {
            Constraint::AllDifferent(cells) => regin(cells, d),
            _ => Ok(()),
        }
    }

    /// Every rule and those they wake, in `work`, to a fixpoint.
    fn fixpoint_all(&self, dom: &mut [Domain], work: &mut Work) -> bool {
        let rules = self.model.constraints.len();
        work.fit(rules);
        for r in 0..rules as u32 {
            work.enqueue(r);
        }
        self.fixpoint_in(dom, work)
    }

    /// The rules queued in `work` to a fixpoint; `work` is left empty, every flag down.
    fn fixpoint_in(&self, dom: &mut [Domain], work: &mut Work) -> bool {
        let mut domains = Domains {
            dom,
            changed: std::mem::take(&mut work.changed),
        };
        let Work {
            queue,
            queued,
            late,
            late_queued,
            narrowed,
            ..
        } = work;
        *narrowed = false;
        let settled = loop {
            let (r, cheap) = if let Some(r) = queue.pop() {
                (r, true)
            } else if let Some(r) = late.pop() {
                (r, false)
            } else {
                break true;
            };
            let revised = if cheap {
                queued[r as usize] = false;
                if !late_queued[r as usize]
                    && matches!(
                        self.model.constraints[r as usize],
                        Constraint::AllDifferent(_)
                    )
                {
                    late_queued[r as usize] = true;
                    late.push(r);
                }
                self.revise(r as usize, &mut domains)
            } else {
                late_queued[r as usize] = false;
                self.revise_late(r as usize, &mut domains)
            };
            if revised.is_err() {
                break false;
            }
            *narrowed |= !domains.changed.is_empty();
            for cell in domains.changed.drain(..) {
                let now = domains.dom[cell];
                for w in self.watching(cell) {
                    // A late filter leaves its own rule at a fixpoint.
                    if w.fires(now) && !queued[w.rule as usize] && (cheap || w.rule != r) {
                        queued[w.rule as usize] = true;
                        queue.push(w.rule);
                    }
                }
            }
        };
        for r in queue.drain(..) {
            queued[r as usize] = false;
        }
        for r in late.drain(..) {
            late_queued[r as usize] = false;
        }
        domains.changed.clear();
        work.changed = domains.changed;
        settled
    }

    fn revise(&self, rule: usize, d: &mut Domains<'_>) -> Revised {
        match &self.model.constraints[rule] {
            Constraint::AllDifferent(cells) => all_different(cells, d),
            Constraint::SumDistinct { cells, .. } => {
                all_different(cells, d)?;
                match &self.prepared[rule] {
                    Prepared::Combinations(c) => sum_distinct(cells, c, d),
                    _ => Ok(()),
                }
            }
            Constraint::Table { cells, tuples } => table(cells, tuples, d),
            Constraint::Less { small, large } => {
                let top = 63 - d.dom[*large].leading_zeros();
                d.restrict(*small, below(top))?;
                let bottom = d.dom[*small].trailing_zeros();
                d.restrict(*large, above(bottom))
            }
            Constraint::Consecutive { a, b, yes } => {
                let near = |x: Domain| (x << 1) | (x >> 1);
                if *yes {
                    d.restrict(*a, near(d.dom[*b]))?;
                    d.restrict(*b, near(d.dom[*a]))
                } else {
                    if single(d.dom[*b]) {
                        d.restrict(*a, !near(d.dom[*b]))?;
                    }
                    if single(d.dom[*a]) {
                        d.restrict(*b, !near(d.dom[*a]))?;
                    }
                    Ok(())
                }
            }
            Constraint::Visible { line, count } => match &self.prepared[rule] {
                Prepared::Top(top) => visible(line, *count, *top, d),
                Prepared::House(heights) => visible_house(line, *count, heights, d),
                _ => Ok(()),
            },
            Constraint::Count {
                cells,
                value,
                count,
            } => match &self.prepared[rule] {
                Prepared::BinaryLine { other, windows } => {
                    binary_line(cells, *value, *other, *count, windows, d)
                }
                _ => counted(cells, *value, *count, d),
            },
            Constraint::NotAllEqual(cells) => not_all_equal(cells, d),
            Constraint::LinesDiffer(lines) => {
                lines_differ(lines, d)?;
                match &self.prepared[rule] {
                    Prepared::LineCounts(counts) => differ_by_count(lines, counts, d),
                    _ => Ok(()),
                }
            }
            Constraint::AtMost {
                cells,
                value,
                count,
            } => at_most(cells, *value, *count, d),
            Constraint::AtLeast {
                cells,
                value,
                count,
            } => at_least(cells, *value, *count, d),
            Constraint::ExactlyOne(pairs) => exactly_one(pairs, d),
            Constraint::Matching { anchors, value } => {
                let bit = 1u64 << value;
                for (cell, holds) in
                    super::matching::revise(anchors, *value, d.dom).ok_or(Wipeout)?
                {
                    d.restrict(cell, if holds { bit } else { !bit })?;
                }
                Ok(())
            }
        }
    }
}

/// The changes of a watched cell that wake `rule` ([`Wake`]), and the value they are about.
fn wakes_on(rule: &Constraint, prepared: &Prepared) -> (On, u8) {
    match (rule, prepared) {
        (Constraint::AtMost { value, .. }, _) => (On::Holds, *value as u8),
        (Constraint::AtLeast { value, .. }, _) => (On::Loses, *value as u8),
        (Constraint::Count { value, .. }, Prepared::Nothing) => (On::Decides, *value as u8),
        _ => (On::Any, 0),
    }
}

/// The cells a rule reads.
pub(crate) fn scope(rule: &Constraint) -> Cow<'_, [usize]> {
    match rule {
        Constraint::AllDifferent(cells)
        | Constraint::SumDistinct { cells, .. }
        | Constraint::Table { cells, .. }
        | Constraint::Count { cells, .. }
        | Constraint::AtMost { cells, .. }
        | Constraint::AtLeast { cells, .. }
        | Constraint::NotAllEqual(cells)
        | Constraint::Visible { line: cells, .. } => Cow::Borrowed(cells),
        Constraint::ExactlyOne(pairs) => pairs.iter().map(|&(c, _)| c).collect(),
        Constraint::Less { small, large } => Cow::Owned(vec![*small, *large]),
        Constraint::Consecutive { a, b, .. } => Cow::Owned(vec![*a, *b]),
        Constraint::LinesDiffer(lines) | Constraint::Matching { anchors: lines, .. } => {
            Cow::Owned(lines.concat())
        }
    }
}

fn all_different(cells: &[usize], d: &mut Domains<'_>) -> Revised {
    loop {
        let mut fixed: Domain = 0;
        for &c in cells {
            let x = d.dom[c];
            if single(x) {
                if fixed & x != 0 {
                    return Err(Wipeout);
                }
                fixed |= x;
            }
        }
        let mut again = false;
        for &c in cells {
            let x = d.dom[c];
            if !single(x) && x & fixed != 0 {
                d.restrict(c, !fixed)?;
                again |= single(d.dom[c]);
            }
        }
        if !again {
            break;
        }
    }
    let (mut once, mut more, mut union) = (0, 0, 0);
    for &c in cells {
        let x = d.dom[c];
        more |= once & x;
        once |= x;
        union |= x;
    }
    let size = union.count_ones() as usize;
    if size < cells.len() {
        return Err(Wipeout);
    }
    if size == cells.len() {
        let hidden = once & !more;
        for &c in cells {
            let h = d.dom[c] & hidden;
            if h != 0 {
                if !single(h) {
                    return Err(Wipeout);
                }
                d.restrict(c, h)?;
            }
        }
    }
    Ok(())
}

/// Régin's filter (AAAI 1994), the late half of an all-different (run when the cheap rules
/// are at a fixpoint, `revise_late`): a value stays in a cell's domain
/// only if some assignment of distinct values to all the cells puts it there. Take one
/// matching of the cells to values (`util::matching`; none: a wipeout) and name each cell by
/// its value `v`, with arcs `v → w` for the other values `w` its cell may take. Cell `v` may
/// take `w` iff `w` is in `v`'s strongly connected component (an alternating cycle moves
/// every cell on it) or `w` reaches a value no cell is matched to (an alternating path ends
/// there, freeing `v`). Exact; subsumes the singles and the pigeonhole rule.
fn regin(cells: &[usize], d: &mut Domains<'_>) -> Revised {
    let k = cells.len();
    // Two cells are exact already; more than 64 cells cannot take distinct values of 64.
    if !(3..=64).contains(&k) {
        return Ok(());
    }
    let mut masks = [0u64; 64];
    let mut open = [0u32; 64];
    for (i, &c) in cells.iter().enumerate() {
        masks[i] = d.dom[c];
        open[i] = i as u32;
    }
    if masks[..k].iter().all(|&m| single(m)) {
        return Ok(());
    }
    let (mut mate, mut value) = ([NONE; 64], [NONE; 64]);
    greedy_start(&masks, &open, k, 0, None, &mut mate, &mut value);
    for i in 0..k {
        if value[i] == NONE && !augment(&masks, &open, 0, &mut mate, &mut value, i) {
            return Err(Wipeout);
        }
    }
    let (mut adj, mut matched, mut union) = ([0u64; 64], 0u64, 0u64);
    for i in 0..k {
        let v = value[i] as usize;
        matched |= 1 << v;
        union |= masks[i];
        adj[v] = masks[i] & !(1 << v);
    }
    // The values from which an alternating path reaches a free value, the free ones too.
    let mut to_free = union & !matched;
    loop {
        let before = to_free;
        let mut rest = matched & !to_free;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if adj[v] & to_free != 0 {
                to_free |= 1 << v;
            }
        }
        if to_free == before {
            break;
        }
    }
    let component = components(&adj, None, matched);
    for i in 0..k {
        d.restrict(cells[i], component[value[i] as usize] | to_free)?;
    }
    Ok(())
}

fn sum_distinct(cells: &[usize], combinations: &[Domain], d: &mut Domains<'_>) -> Revised {
    let (mut fixed, mut union) = (0, 0);
    for &c in cells {
        let x = d.dom[c];
        union |= x;
        if single(x) {
            fixed |= x;
        }
    }
    let (mut allowed, mut required) = (0, u64::MAX);
    for &combo in combinations {
        if combo & fixed == fixed
            && union & combo == combo
            && cells.iter().all(|&c| d.dom[c] & combo != 0)
        {
            allowed |= combo;
            required &= combo;
        }
    }
    if allowed == 0 {
        return Err(Wipeout);
    }
    for &c in cells {
        d.restrict(c, allowed)?;
    }
    for v in values(required & !fixed) {
        let mut holders = cells.iter().filter(|&&c| d.dom[c] >> v & 1 == 1);
        match (holders.next(), holders.next()) {
            (None, _) => return Err(Wipeout),
            (Some(&c), None) => d.restrict(c, 1 << v)?,
            _ => {}
        }
    }
    Ok(())
}

fn table(cells: &[usize], tuples: &[Vec<u32>], d: &mut Domains<'_>) -> Revised {
    let mut support = vec![0 as Domain; cells.len()];
    for t in tuples {
        if cells.iter().zip(t).all(|(&c, &v)| d.dom[c] >> v & 1 == 1) {
            for (s, &v) in support.iter_mut().zip(t) {
                *s |= 1 << v;
            }
        }
    }
    for (&c, &s) in cells.iter().zip(&support) {
        d.restrict(c, s)?;
    }
    Ok(())
}

fn visible(line: &[usize], count: usize, top: u32, d: &mut Domains<'_>) -> Revised {
    let n = line.len();
    if count == 0 || count > n || count > 62 {
        return Err(Wipeout);
    }
    // States (tallest so far, seen so far) after each prefix of the line, forwards from the
    // viewer and backwards from the end (which must have seen `count`, and, when the line
    // holds every value up to `top`, have reached `top`): a value stays where some reachable
    // state leads through it to a state that can still finish. A regular-constraint
    // filter; the all-different of the line is its own rule. For each prefix and tallest
    // value, the counts seen are one bit set.
    let heights = top as usize + 1;
    let keep: u64 = (1 << (count + 1)) - 1;
    let mut forward = vec![0u64; (n + 1) * heights];
    forward[0] = 1;
    for i in 0..n {
        let domain = d.dom[line[i]];
        for m in 0..=top {
            let seen = forward[i * heights + m as usize];
            if seen == 0 {
                continue;
            }
            for v in values(domain) {
                let (m2, s2) = if v > m {
                    (v, (seen << 1) & keep)
                } else {
                    (m, seen)
                };
                forward[(i + 1) * heights + m2 as usize] |= s2;
            }
        }
    }
    let full = n == top as usize;
    let mut backward = vec![0u64; (n + 1) * heights];
    for m in 0..=top {
        if !full || m == top {
            backward[n * heights + m as usize] = 1 << count;
        }
    }
    let mut support = vec![0 as Domain; n];
    for i in (0..n).rev() {
        let domain = d.dom[line[i]];
        for m in 0..=top {
            let mut can = 0;
            for v in values(domain) {
                let through = if v > m {
                    backward[(i + 1) * heights + v as usize] >> 1
                } else {
                    backward[(i + 1) * heights + m as usize]
                };
                can |= through;
                if through & forward[i * heights + m as usize] != 0 {
                    support[i] |= 1 << v;
                }
            }
            backward[i * heights + m as usize] = can;
        }
    }
    for (&c, &s) in line.iter().zip(&support) {
        d.restrict(c, s)?;
    }
    Ok(())
}

/// The longest line [`visible_house`] filters: its states are the `2^n` sets of values
/// placed so far.
const HOUSE_LINE: usize = 12;

/// **Visibility on a house** (the exhaustive analysis of a clue, Tatham's Towers
/// `solver_hard`): the line holds each of `heights` exactly once and `count` of its cells
/// are taller than every cell in front of them. The states after the first `i` cells are
/// the sets of `i` values placed there (their tallest is the set's largest, so the set
/// decides whether the next value is seen); for each set, the counts seen so far are one
/// bit set. A forward pass from the viewer and a backward pass from the far end keep in
/// each cell the values of some arrangement of the whole line that meets the clue:
/// generalised arc consistency on the clue together with the line's all-different, which
/// [`visible`] alone does not see (a value used earlier in the line cannot come again).
/// `line.len() == heights.len() <= HOUSE_LINE`.
fn visible_house(line: &[usize], count: usize, heights: &[u32], d: &mut Domains<'_>) -> Revised {
    let n = line.len();
    debug_assert!(n == heights.len() && n <= HOUSE_LINE);
    if count == 0 || count > n {
        return Err(Wipeout);
    }
    // Each cell's domain as ranks into `heights`.
    let ranks: Vec<u32> = line
        .iter()
        .map(|&c| {
            let x = d.dom[c];
            heights
                .iter()
                .enumerate()
                .filter(|&(_, &h)| x >> h & 1 == 1)
                .fold(0, |m, (r, _)| m | 1 << r)
        })
        .collect();
    let states = 1usize << n;
    let keep: u64 = (1 << (count + 1)) - 1;
    // `forward[s]`: the counts seen once the values `s` fill the first `|s|` cells.
    let mut forward = vec![0u64; states];
    forward[0] = 1;
    for s in 0..states - 1 {
        let seen = forward[s];
        if seen == 0 {
            continue;
        }
        let i = s.count_ones() as usize;
        for r in values(u64::from(ranks[i]) & !(s as u64)) {
            let taller = s >> r == 0;
            forward[s | 1 << r] |= if taller { (seen << 1) & keep } else { seen };
        }
    }
    // `backward[s]`: the counts from which the rest of the line ends at `count`.
    let mut backward = vec![0u64; states];
    backward[states - 1] = 1 << count;
    let mut support = vec![0u32; n];
    for s in (0..states - 1).rev() {
        if forward[s] == 0 {
            continue;
        }
        let i = s.count_ones() as usize;
        let mut can = 0;
        for r in values(u64::from(ranks[i]) & !(s as u64)) {
            let next = backward[s | 1 << r];
            let through = if s >> r == 0 { next >> 1 } else { next };
            can |= through;
            if through & forward[s] != 0 {
                support[i] |= 1 << r;
            }
        }
        backward[s] = can;
    }
    for (&c, &s) in line.iter().zip(&support) {
        let allowed = values(u64::from(s)).fold(0, |m, r| m | 1 << heights[r as usize]);
        d.restrict(c, allowed)?;
    }
    Ok(())
}

fn counted(cells: &[usize], value: u32, count: usize, d: &mut Domains<'_>) -> Revised {
    let bit = 1u64 << value;
    let fixed = cells.iter().filter(|&&c| d.dom[c] == bit).count();
    let possible = cells.iter().filter(|&&c| d.dom[c] & bit != 0).count();
    if fixed > count || possible < count {
        return Err(Wipeout);
    }
    if fixed == count && possible > count {
        for &c in cells {
            if d.dom[c] != bit {
                d.restrict(c, !bit)?;
            }
        }
    } else if possible == count && fixed < count {
        for &c in cells {
            if d.dom[c] & bit != 0 {
                d.restrict(c, bit)?;
            }
        }
    }
    Ok(())
}

/// At most `count` cells hold `value`: once `count` do, the others lose it.
fn at_most(cells: &[usize], value: u32, count: usize, d: &mut Domains<'_>) -> Revised {
    let bit = 1u64 << value;
    let fixed = cells.iter().filter(|&&c| d.dom[c] == bit).count();
    if fixed > count {
        return Err(Wipeout);
    }
    if fixed == count {
        for &c in cells {
            if d.dom[c] != bit {
                d.restrict(c, !bit)?;
            }
        }
    }
    Ok(())
}

/// Exactly one pair `(cell, value)` holds: once one does, the others lose their values;
/// when one may still, it does; when those that may all lie in one cell, that cell keeps
/// only their values.
fn exactly_one(pairs: &[(usize, u32)], d: &mut Domains<'_>) -> Revised {
    let mut held = None;
    let mut open: Option<(usize, Domain)> = None;
    let mut cells = 0;
    for &(c, v) in pairs {
        let bit = 1u64 << v;
        if d.dom[c] & bit == 0 {
            continue;
        }
        if d.dom[c] == bit {
            if held.is_some() {
                return Err(Wipeout);
            }
            held = Some((c, v));
        }
        match &mut open {
            Some((cell, bits)) if *cell == c => *bits |= bit,
            _ => {
                open = Some((c, bit));
                cells += 1;
            }
        }
    }
    if let Some(one) = held {
        for &(c, v) in pairs {
            if (c, v) != one {
                d.restrict(c, !(1u64 << v))?;
            }
        }
        return Ok(());
    }
    match open {
        None => Err(Wipeout),
        Some((c, bits)) if cells == 1 => d.restrict(c, bits),
        Some(_) => Ok(()),
    }
}

/// At least `count` cells hold `value`: when only `count` still may, they all do.
fn at_least(cells: &[usize], value: u32, count: usize, d: &mut Domains<'_>) -> Revised {
    let bit = 1u64 << value;
    let possible = cells.iter().filter(|&&c| d.dom[c] & bit != 0).count();
    if possible < count {
        return Err(Wipeout);
    }
    if possible == count {
        for &c in cells {
            if d.dom[c] & bit != 0 {
                d.restrict(c, bit)?;
            }
        }
    }
    Ok(())
}

/// **Binairo line** (equal counts and no three in a row, filtered together): exactly
/// `count` of `cells` hold `value`, the rest hold `other`, and no window
/// `cells[s..s + 3]` with `windows[s]` holds three equal values. A forward and a backward
/// pass over the states (how many `value`s so far, the last two values) keep in each cell
/// the values some filling of the whole line gives it: generalised arc consistency on the
/// conjunction of the line's count and its windows. It subsumes Tatham's Unruly rules
/// `check_threes`, `check_complete_nums`, `check_single_gap` and `check_near_complete`,
/// which all reason about one line. Every cell of the line must hold `value` or `other`;
/// `count < 63` (the counts reached are 64-bit sets).
fn binary_line(
    cells: &[usize],
    value: u32,
    other: u32,
    count: usize,
    windows: &[bool],
    d: &mut Domains<'_>,
) -> Revised {
    let n = cells.len();
    // `forward[i * 4 + p]`: the counts of `value` (a bit set) some filling of `cells[..i]`
    // reaches with its last two values `p` (bit 1: cell i-2 holds `value`, bit 0: cell
    // i-1); `next[p]`, `here[p]`: the counts from which `cells[i + 1..]`, `cells[i..]` can
    // finish at `count`. Cell `i` is restricted as soon as the backward pass leaves it.
    let keep: u64 = (1 << (count + 1)) - 1;
    let bits = [other, value];
    // Whether cell `i`, whose domain is `domain`, may take `x` (1: `value`) after `p`.
    let allows = |i: usize, p: usize, x: usize, domain: Domain| {
        let three = i >= 2 && windows[i - 2] && p == if x == 1 { 0b11 } else { 0b00 };
        !three && domain >> bits[x] & 1 == 1
    };
    let mut small = [0u64; 17 * 4];
    let mut large = Vec::new();
    let forward: &mut [u64] = if n <= 16 {
        &mut small[..(n + 1) * 4]
    } else {
        large.resize((n + 1) * 4, 0);
        &mut large
    };
    forward[0] = 1;
    for i in 0..n {
        let domain = d.dom[cells[i]];
        for p in 0..4 {
            let reach = forward[i * 4 + p];
            if reach == 0 {
                continue;
            }
            for x in 0..2 {
                if allows(i, p, x, domain) {
                    forward[(i + 1) * 4 + ((p << 1) & 0b10 | x)] |= (reach << x) & keep;
                }
            }
        }
    }
    let mut next = [1u64 << count; 4];
    for i in (0..n).rev() {
        let domain = d.dom[cells[i]];
        let mut here = [0u64; 4];
        let mut support: Domain = 0;
        for (p, can) in here.iter_mut().enumerate() {
            for x in 0..2 {
                if allows(i, p, x, domain) {
                    let through = next[(p << 1) & 0b10 | x] >> x;
                    *can |= through;
                    if through & forward[i * 4 + p] != 0 {
                        support |= 1 << bits[x];
                    }
                }
            }
        }
        d.restrict(cells[i], support)?;
        next = here;
    }
    Ok(())
}

fn not_all_equal(cells: &[usize], d: &mut Domains<'_>) -> Revised {
    let mut open = None;
    let mut common = u64::MAX;
    for &c in cells {
        let x = d.dom[c];
        if single(x) {
            common &= x;
        } else if open.is_some() {
            return Ok(());
        } else {
            open = Some(c);
        }
    }
    match open {
        None if common != 0 => Err(Wipeout),
        Some(c) if common != 0 && common != u64::MAX => d.restrict(c, !common),
        _ => Ok(()),
    }
}

fn lines_differ(lines: &[Vec<usize>], d: &mut Domains<'_>) -> Revised {
    for (i, p) in lines.iter().enumerate() {
        for q in &lines[i + 1..] {
            let mut open = None;
            let mut apart = false;
            for (&a, &b) in p.iter().zip(q) {
                let (x, y) = (d.dom[a], d.dom[b]);
                if x & y == 0 {
                    apart = true;
                    break;
                }
                if !(single(x) && x == y) {
                    if open.is_some() {
                        apart = true; // two open places: nothing to say yet
                        break;
                    }
                    open = Some((a, b));
                }
            }
            if apart {
                continue;
            }
            match open {
                None => return Err(Wipeout),
                Some((a, b)) => {
                    if single(d.dom[a]) {
                        d.restrict(b, !d.dom[a])?;
                    } else if single(d.dom[b]) {
                        d.restrict(a, !d.dom[b])?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// **Last of a colour against a decided line** (lines differ, with their counts): line `p`
/// has a rule "exactly `count` cells hold `value`" and its open cells are two-valued, one
/// of them `value`. When line `q` is decided, agrees with `p` wherever `p` is decided and
/// puts on `p`'s `k` open cells as many `value`s as `p` still needs (`m`), giving an open
/// cell of `p` the value `q` has there is ruled out if that leaves `p` at most one way to
/// finish its count (the one way would be `q`'s). That is when the value is the counted
/// one and `m ≤ 1` or `m = k`, or the other one and `m = 0` or `m ≥ k − 1`. Tatham's
/// Unruly `check_uniques` is the case `m = 1`. `counts[i]` is line `i`'s `(value, count)`
/// rule, when it has one.
fn differ_by_count(
    lines: &[Vec<usize>],
    counts: &[Option<(u32, usize)>],
    d: &mut Domains<'_>,
) -> Revised {
    for (p, line) in lines.iter().enumerate() {
        let Some((value, count)) = counts[p] else {
            continue;
        };
        let bit = 1u64 << value;
        let open = line.iter().filter(|&&c| !single(d.dom[c])).count();
        let placed = line.iter().filter(|&&c| d.dom[c] == bit).count();
        let two_valued = line.iter().all(|&c| {
            let x = d.dom[c];
            single(x) || (x.count_ones() == 2 && x & bit != 0)
        });
        if open == 0 || !two_valued || placed > count || count - placed > open {
            continue;
        }
        let (k, m) = (open, count - placed);
        for (q, other) in lines.iter().enumerate() {
            if q == p || other.len() != line.len() {
                continue;
            }
            let decided = other.iter().all(|&c| single(d.dom[c]));
            if !decided
                || !line
                    .iter()
                    .zip(other)
                    .all(|(&a, &b)| d.dom[a] & d.dom[b] != 0)
            {
                continue;
            }
            let on_open = line
                .iter()
                .zip(other)
                .filter(|&(&a, &b)| !single(d.dom[a]) && d.dom[b] == bit)
                .count();
            if on_open != m {
                continue;
            }
            for (&a, &b) in line.iter().zip(other) {
                let x = d.dom[b];
                if single(d.dom[a]) {
                    continue;
                }
                let forced = if x == bit {
                    m <= 1 || m == k
                } else {
                    m == 0 || m + 1 >= k
                };
                if forced {
                    d.restrict(a, !x)?;
                }
            }
        }
    }
    Ok(())
}

/// How a search went.
struct Search<'p, 'm, 'f> {
    propagator: &'p Propagator<'m>,
    limits: &'p Limits,
    max: u64,
    found: &'f mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    handed: usize,
    count: u64,
    nodes: u64,
    guesses: u64,
    stopped: bool,
    /// Nodes whose propagation failed.
    dead_ends: u64,
    /// The solutions found so far, while the search may still hand over ([`HANDOVER_KEEPS`]).
    so_far: Option<Vec<Vec<u32>>>,
    /// Whether the search stopped to hand over to [`learn`].
    handing_over: bool,
    /// [`HANDOVER_AFTER`], or another limit in the tests.
    handover_after: u64,
    /// The model's at-least and count rules, which the branching reads first.
    counting: Vec<usize>,
    /// The propagators' buffers, for every node.
    work: Work,
}

/// Dead ends after which the copying search hands the rest over to the learning one
/// ([`learn`]): it starts over with what was found so far blocked. Measured in
/// `docs/peers.md` ("The layer's propagators with reasons").
const HANDOVER_AFTER: u64 = 128;

/// The most solutions the copying search remembers for a handover; past them it goes on
/// alone (an enumeration, not a hard search).
const HANDOVER_KEEPS: usize = 64;

impl Search<'_, '_, '_> {
    /// The node of `dom`, the root (`None`: every rule is run) or a child whose cell
    /// `Some(cell)` was just narrowed.
    fn node(&mut self, dom: &mut [Domain], narrowed: Option<usize>) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.limits.stop.poll(Effort::Nodes, self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        let settled = match narrowed {
            None => self.propagator.fixpoint_all(dom, &mut self.work),
            Some(cell) => self
                .propagator
                .propagate_from_in(dom, &[cell], &mut self.work),
        };
        if !settled {
            self.dead_ends += 1;
            if self.dead_ends > self.handover_after && self.so_far.is_some() {
                self.stopped = true;
                self.handing_over = true;
            }
            return;
        }
        let mut best = self.tightest(dom);
        let mut best_size = if best.is_some() { 0 } else { u32::MAX };
        for (c, &x) in dom.iter().enumerate() {
            if best_size == 0 {
                break;
            }
            let size = x.count_ones();
            if size > 1 && size < best_size {
                best_size = size;
                best = Some(c);
                if size == 2 {
                    break;
                }
            }
        }
        let Some(cell) = best else {
            self.solution(dom);
            return;
        };
        self.guesses += 1;
        for v in values(dom[cell]) {
            let mut child = dom.to_vec();
            child[cell] = 1 << v;
            self.node(&mut child, Some(cell));
            if self.stopped {
                return;
            }
        }
    }

    /// The first open cell of the counting rule with the least slack (open cells that
    /// may hold its value beyond the number it still needs).
    fn tightest(&self, dom: &[Domain]) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for &r in &self.counting {
            let (cells, value, count) = match &self.propagator.model.constraints[r] {
                Constraint::AtLeast {
                    cells,
                    value,
                    count,
                }
                | Constraint::Count {
                    cells,
                    value,
                    count,
                } => (cells, *value, *count),
                _ => continue,
            };
            let bit = 1u64 << value;
            let (mut placed, mut open, mut first) = (0, 0, usize::MAX);
            for &c in cells {
                let x = dom[c];
                if x == bit {
                    placed += 1;
                } else if x & bit != 0 {
                    open += 1;
                    if first == usize::MAX {
                        first = c;
                    }
                }
            }
            if open == 0 || placed >= count {
                continue;
            }
            let slack = open - (count - placed);
            if best.is_none_or(|(s, _)| slack < s) {
                best = Some((slack, first));
                if slack == 0 {
                    break;
                }
            }
        }
        best.map(|(_, c)| c)
    }

    fn solution(&mut self, dom: &[Domain]) {
        self.count += 1;
        // Past the solutions to hand out and remember (a long enumeration), only counted.
        if self.handed < self.limits.keep || self.so_far.is_some() {
            let values: Vec<u32> = dom.iter().map(|x| x.trailing_zeros()).collect();
            if self.handed < self.limits.keep {
                self.handed += 1;
                if (self.found)(&values).is_break() {
                    self.handed = self.limits.keep;
                }
            }
            if let Some(so_far) = &mut self.so_far {
                if so_far.len() < HANDOVER_KEEPS {
                    so_far.push(values);
                } else {
                    self.so_far = None;
                }
            }
        }
        if self.count >= self.max {
            self.stopped = true;
        }
    }
}

/// Solves `model`: hands the first `limits.keep` solutions (one value per cell) to `found`,
/// counts up to `limits.max_solutions`. The copying search runs first; past
/// 128 dead ends (`HANDOVER_AFTER`) the learning search ([`learn`]) takes over.
pub fn solve(
    model: &Model,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
) -> Result<NativeAnswer, SolveError> {
    solve_handing_over(model, limits, found, HANDOVER_AFTER)
}

/// [`solve`], handing over after `handover_after` dead ends.
fn solve_handing_over(
    model: &Model,
    limits: &Limits,
    found: &mut dyn FnMut(&[u32]) -> ControlFlow<()>,
    handover_after: u64,
) -> Result<NativeAnswer, SolveError> {
    let propagator = Propagator::new(model);
    let max = limits.max_or_all();
    let mut search = Search {
        propagator: &propagator,
        limits,
        max,
        found,
        handed: 0,
        count: 0,
        nodes: 0,
        guesses: 0,
        stopped: max == 0,
        dead_ends: 0,
        so_far: Some(Vec::new()),
        handing_over: false,
        handover_after,
        counting: model
            .constraints
            .iter()
            .enumerate()
            .filter(|(_, r)| matches!(r, Constraint::AtLeast { .. } | Constraint::Count { .. }))
            .map(|(i, _)| i)
            .collect(),
        work: Work::default(),
    };
    let mut dom = model.domains.clone();
    if dom.iter().all(|&x| x != 0) {
        search.node(&mut dom, None);
    }
    if search.handing_over {
        let known = search.so_far.take().unwrap_or_default();
        let mut rest = learn::solve_after(model, limits, search.found, &known, search.handed)?;
        rest.nodes = rest.nodes.map(|n| n + search.nodes);
        rest.guesses = rest.guesses.map(|g| g + search.guesses);
        return Ok(rest);
    }
    Ok(NativeAnswer {
        count: search.count,
        complete: !search.stopped,
        nodes: Some(search.nodes),
        guesses: Some(search.guesses),
        conflicts: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::range;

    /// A small deterministic generator for the random positions below.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }
    }

    fn run(dom: &mut [Domain], rule: impl FnOnce(&mut Domains<'_>) -> Revised) -> bool {
        let mut d = Domains {
            dom,
            changed: Vec::new(),
        };
        rule(&mut d).is_ok()
    }

    /// Domains of a binairo line: `.` open, `0`/`1` decided.
    fn line(text: &str) -> Vec<Domain> {
        text.chars()
            .map(|c| match c {
                '0' => 1,
                '1' => 2,
                _ => 3,
            })
            .collect()
    }

    #[test]
    fn binary_line_combines_count_and_no_three() {
        // `....0.00` with four 1s: 1 at the sixth cell (no three), and then only one more
        // 0 fits among the first four, which cannot be the first or the fourth.
        let mut dom = line("....0.00");
        let cells: Vec<usize> = (0..8).collect();
        assert!(run(&mut dom, |d| binary_line(
            &cells, 1, 0, 4, &[true; 8], d
        )));
        assert_eq!(dom, line("1..10100"));
        // The separate rules stop at the sixth cell.
        let mut alone = line("....0.00");
        assert!(run(&mut alone, |d| {
            counted(&cells, 1, 4, d)?;
            for s in 0..6 {
                not_all_equal(&cells[s..s + 3], d)?;
            }
            Ok(())
        }));
        assert_eq!(alone, line("....0100"));
        // Two 1s already in a row of four that may hold two: the rest are 0s.
        let mut full = line("11..");
        assert!(run(&mut full, |d| binary_line(
            &cells[..4],
            1,
            0,
            2,
            &[true; 4],
            d
        )));
        assert_eq!(full, line("1100"));
        // `00.11.`: the third cell makes three 0s or three 1s: no filling.
        let mut none = line("00.11.");
        assert!(!run(&mut none, |d| binary_line(
            &cells[..6],
            1,
            0,
            3,
            &[true; 6],
            d
        )));
    }

    /// The values some filling of the line (count and windows) gives each cell.
    fn binary_brute(dom: &[Domain], count: usize, windows: &[bool]) -> Option<Vec<Domain>> {
        let n = dom.len();
        let mut support = vec![0; n];
        for f in 0u32..1 << n {
            let bit = |i: usize| f >> i & 1;
            let fits = (0..n).all(|i| dom[i] >> bit(i) & 1 == 1)
                && f.count_ones() as usize == count
                && (0..n.saturating_sub(2))
                    .all(|s| !windows[s] || bit(s) != bit(s + 1) || bit(s + 1) != bit(s + 2));
            if fits {
                for (i, x) in support.iter_mut().enumerate() {
                    *x |= 1 << bit(i);
                }
            }
        }
        support.iter().all(|&x| x != 0).then_some(support)
    }

    /// The values some assignment of distinct values gives each cell.
    fn distinct_brute(dom: &[Domain]) -> Option<Vec<Domain>> {
        fn fill(
            dom: &[Domain],
            used: Domain,
            at: usize,
            pick: &mut Vec<u32>,
            support: &mut [Domain],
        ) {
            if at == dom.len() {
                for (s, &v) in support.iter_mut().zip(pick.iter()) {
                    *s |= 1 << v;
                }
                return;
            }
            for v in values(dom[at] & !used) {
                pick.push(v);
                fill(dom, used | 1 << v, at + 1, pick, support);
                pick.pop();
            }
        }
        let mut support = vec![0; dom.len()];
        fill(dom, 0, 0, &mut Vec::new(), &mut support);
        support.iter().all(|&x| x != 0).then_some(support)
    }

    #[test]
    fn all_different_is_exact_on_random_groups() {
        let mut rng = Lcg(41);
        for _ in 0..3000 {
            let n = 2 + (rng.next() % 6) as usize;
            let values = n as u64 + rng.next() % 3;
            let mut dom: Vec<Domain> = (0..n)
                .map(|_| (rng.next() & ((1 << values) - 1)) | 1 << (rng.next() % values))
                .collect();
            let expect = distinct_brute(&dom);
            let cells: Vec<usize> = (0..n).collect();
            let ok = run(&mut dom, |d| {
                all_different(&cells, d).and_then(|()| regin(&cells, d))
            });
            match expect {
                Some(support) => assert!(ok && dom == support, "{dom:?} {support:?}"),
                None => assert!(!ok),
            }
        }
    }

    #[test]
    fn binary_line_is_exact_on_random_lines() {
        let mut rng = Lcg(39);
        for _ in 0..2000 {
            let n = 2 + 2 * (rng.next() % 5) as usize;
            let mut dom: Vec<Domain> = (0..n)
                .map(|_| [3, 3, 3, 1, 2][rng.next() as usize % 5])
                .collect();
            let windows: Vec<bool> = (0..n).map(|_| !rng.next().is_multiple_of(4)).collect();
            let expect = binary_brute(&dom, n / 2, &windows);
            let cells: Vec<usize> = (0..n).collect();
            let ok = run(&mut dom, |d| binary_line(&cells, 1, 0, n / 2, &windows, d));
            match expect {
                Some(support) => assert!(ok && dom == support, "{dom:?} {support:?}"),
                None => assert!(!ok),
            }
        }
    }

    #[test]
    fn differ_by_count_places_the_last_of_a_colour() {
        // Two lines of four, two 1s each: `1010` decided, `1..0` agrees with it and needs
        // one more 1 in two open cells; putting it where `1010` has its 1 would copy it.
        let lines = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]];
        let counts = vec![Some((1, 2)), Some((1, 2))];
        let mut dom = line("1010");
        dom.extend(line("1..0"));
        assert!(run(&mut dom, |d| differ_by_count(&lines, &counts, d)));
        assert_eq!(dom[4..], line("1100")[..]);
        // Two 1s to place in three open cells (`...0`): a 0 in the second cell leaves
        // one way, `1010`'s, so the second cell is 1; the others keep both values.
        let mut open = line("1010");
        open.extend(line("...0"));
        assert!(run(&mut open, |d| differ_by_count(&lines, &counts, d)));
        assert_eq!(open[4..], line(".1.0")[..]);
        // Two 1s in four open cells: several ways besides `1010`'s, nothing to rule out.
        let mut wide = line("1010");
        wide.extend(line("...."));
        assert!(run(&mut wide, |d| differ_by_count(&lines, &counts, d)));
        assert_eq!(wide[4..], line("....")[..]);
        // A decided line that does not give the open cells the 1s still needed rules out
        // nothing (here `1..1` needs no more 1s; the count rule decides that, not this one).
        let mut other = line("1010");
        other.extend(line("1..1"));
        assert!(run(&mut other, |d| differ_by_count(&lines, &counts, d)));
        assert_eq!(other[4..], line("1..1")[..]);
    }

    fn seen(p: &[u32]) -> usize {
        let mut tallest = 0;
        p.iter()
            .filter(|&&v| {
                let taller = v > tallest;
                tallest = tallest.max(v);
                taller
            })
            .count()
    }

    #[test]
    fn visible_house_sees_the_line_is_a_house() {
        // Clue 2 on a line of four: the second cell is not 3 (a 3 there follows a 1 or 2,
        // seen, and the 4 comes after it, seen too). The filter without the house keeps it.
        let cells: Vec<usize> = (0..4).collect();
        let heights = [1, 2, 3, 4];
        let mut dom = vec![range(1, 4); 4];
        assert!(run(&mut dom, |d| visible_house(&cells, 2, &heights, d)));
        assert_eq!(dom, vec![range(1, 3), 0b10110, range(1, 4), range(1, 4)]);
        let mut alone = vec![range(1, 4); 4];
        assert!(run(&mut alone, |d| visible(&cells, 2, 4, d)));
        assert_eq!(alone[1], range(1, 4));
        // Clue 3 with a 1 at the far end: 2 3 4 1.
        let mut end = vec![range(1, 4), range(1, 4), range(1, 4), 1 << 1];
        assert!(run(&mut end, |d| visible_house(&cells, 3, &heights, d)));
        assert_eq!(end, vec![1 << 2, 1 << 3, 1 << 4, 1 << 1]);
        // Clue 1 with the 4 given elsewhere: no arrangement.
        let mut none = vec![range(1, 4), 1 << 4, range(1, 4), range(1, 4)];
        assert!(!run(&mut none, |d| visible_house(&cells, 1, &heights, d)));
    }

    fn permutations(n: u32) -> Vec<Vec<u32>> {
        if n == 0 {
            return vec![Vec::new()];
        }
        let mut all = Vec::new();
        for p in permutations(n - 1) {
            for at in 0..=p.len() {
                let mut q = p.clone();
                q.insert(at, n);
                all.push(q);
            }
        }
        all
    }

    #[test]
    fn visible_house_is_exact_on_random_lines() {
        let mut rng = Lcg(6);
        for n in 1..=6u32 {
            let all = permutations(n);
            let heights: Vec<u32> = (1..=n).collect();
            let cells: Vec<usize> = (0..n as usize).collect();
            for _ in 0..300 {
                let count = 1 + (rng.next() % n as u64) as usize;
                let mut dom: Vec<Domain> = (0..n)
                    .map(|_| (rng.next() & range(1, n)) | 1 << (1 + rng.next() % n as u64))
                    .collect();
                let mut support = vec![0; n as usize];
                for p in all.iter().filter(|p| seen(p) == count) {
                    if p.iter().zip(&dom).all(|(&v, &x)| x >> v & 1 == 1) {
                        for (s, &v) in support.iter_mut().zip(p) {
                            *s |= 1 << v;
                        }
                    }
                }
                let ok = run(&mut dom, |d| visible_house(&cells, count, &heights, d));
                if support.iter().all(|&x| x != 0) {
                    assert!(
                        ok && dom == support,
                        "n {n} count {count}: {dom:?} {support:?}"
                    );
                } else {
                    assert!(!ok);
                }
            }
        }
    }

    #[test]
    fn prepared_forms() {
        // A binairo line with its windows, a line family with its counts, a towers clue on
        // a house; a clue on a line that is not a house keeps the general filter.
        let mut model = Model::new(4, 2, range(0, 1));
        let row: Vec<usize> = (0..4).collect();
        model.add(Constraint::Count {
            cells: row.clone(),
            value: 1,
            count: 2,
        });
        model.add(Constraint::NotAllEqual(vec![1, 2, 3]));
        model.add(Constraint::LinesDiffer(vec![row, vec![4, 5, 6, 7]]));
        let p = Propagator::new(&model);
        assert!(
            matches!(&p.prepared[0], Prepared::BinaryLine { other: 0, windows }
            if windows == &[false, true, false, false])
        );
        assert!(matches!(&p.prepared[2], Prepared::LineCounts(c) if c == &[Some((1, 2)), None]));
        // A two-valued count with no window (a heyawake room) keeps the plain count.
        let mut room = Model::new(2, 2, range(0, 1));
        room.add(Constraint::Count {
            cells: vec![0, 1, 2, 3],
            value: 1,
            count: 1,
        });
        assert!(matches!(
            Propagator::new(&room).prepared[0],
            Prepared::Nothing
        ));
        let mut towers = Model::new(3, 1, range(1, 3));
        towers.add(Constraint::Visible {
            line: vec![0, 1, 2],
            count: 2,
        });
        towers.add(Constraint::Visible {
            line: vec![0, 1],
            count: 1,
        });
        let p = Propagator::new(&towers);
        assert!(matches!(&p.prepared[0], Prepared::House(h) if h == &[1, 2, 3]));
        assert!(matches!(p.prepared[1], Prepared::Top(3)));
    }

    /// The solutions of `model` by [`solve`] handing over after 2 dead ends and by the
    /// learning search alone, sorted, when there are fewer than 300, and whether `solve`
    /// handed over (only learning counts conflicts).
    type Compared = (Vec<Vec<u32>>, Vec<Vec<u32>>, bool);

    fn both(model: &Model) -> Option<Compared> {
        let limits = Limits {
            max_solutions: Some(300),
            keep: usize::MAX,
            stop: crate::stop::Stop::never(),
        };
        let run = |learning: bool| {
            let mut found = Vec::new();
            let mut sink = |v: &[u32]| {
                found.push(v.to_vec());
                ControlFlow::Continue(())
            };
            let answer = if learning {
                learn::solve(model, &limits, &mut sink)
            } else {
                solve_handing_over(model, &limits, &mut sink, 2)
            }
            .unwrap();
            assert_eq!(answer.count as usize, found.len());
            found.sort();
            (found, answer.complete, answer.conflicts.is_some())
        };
        let (hybrid, complete, handed_over) = run(false);
        let (learned, learned_complete, _) = run(true);
        assert_eq!(complete, learned_complete);
        complete.then_some((hybrid, learned, handed_over))
    }

    #[test]
    fn a_handover_counts_every_solution_once() {
        // 7×7 Latin squares with givens and signs taken from a random square (so at least
        // one solution), most with under 300: the copying search hands over after its
        // first solutions or none.
        let mut rng = Lcg(11);
        let (n, mut handovers, mut compared) = (7, 0, 0);
        for round in 0..40 {
            let shuffle = |rng: &mut Lcg| {
                let mut p: Vec<u32> = (0..n as u32).collect();
                for i in (1..n).rev() {
                    p.swap(i, rng.next() as usize % (i + 1));
                }
                p
            };
            let (rows, cols, symbols) = (shuffle(&mut rng), shuffle(&mut rng), shuffle(&mut rng));
            let square = |cell: usize| {
                let (r, c) = (rows[cell / n] as usize, cols[cell % n] as usize);
                1 + symbols[(r + c) % n]
            };
            let mut m = Model::new(n, n, range(1, n as u32));
            m.add_latin_lines();
            for _ in 0..16 {
                let cell = rng.next() as usize % (n * n);
                m.give(cell, square(cell));
            }
            for _ in 0..24 {
                let a = rng.next() as usize % (n * n);
                let b = if a % n + 1 < n { a + 1 } else { a - 1 };
                let (small, large) = if square(a) < square(b) {
                    (a, b)
                } else {
                    (b, a)
                };
                m.add(Constraint::Less { small, large });
            }
            let Some((hybrid, learned, handed_over)) = both(&m) else {
                continue;
            };
            assert!(!hybrid.is_empty());
            assert_eq!(hybrid, learned, "round {round}");
            let mut distinct = hybrid.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), hybrid.len());
            compared += 1;
            handovers += usize::from(handed_over);
        }
        assert!(
            handovers > 5,
            "{handovers} of {compared} rounds handed over"
        );
    }
}
