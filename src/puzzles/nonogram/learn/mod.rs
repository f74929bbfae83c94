//! Search with learning: a CDCL SAT solver (`crate::sat::theory`) whose only constraints beyond "one
//! colour per cell" are the lines, each checked by the bit-parallel line solver
//! ([`super::line::bitline`]). This is lazy clause generation (Ohrimenko, Stuckey &
//! Codish, "Propagation via lazy clause generation", Constraints 14(3), 2009) with the
//! line solver as the propagator: the solver learns a clause from every conflict, so a
//! failing sub-configuration is refuted once, where depth-first search with probing
//! rediscovers it under every other choice above it.
//!
//! Glossary:
//! - **literals**: black-and-white: one variable per cell, true = black. Colour (palette
//!   size `p > 2`): one variable x(cell, c) per cell and palette colour, with an
//!   at-least-one clause over the colours the cell may take at the root and pairwise
//!   at-most-one clauses. One-hot keeps every fact the line solver deals in ("cell i may
//!   not be red", "cell i is red") a single literal, so explanations stay short; a binary
//!   (log) encoding would turn each such fact into a conjunction.
//! - **domain**: per cell, the colours its literals on the trail still allow (a bit set);
//!   the theory keeps them, and per line one `u128` mask per colour as the line solver
//!   reads them (lines up to [`bitline::MAX_LEN`] cells).
//! - **propagation** ([`Theory::propagate`], after each unit-propagation fixpoint):
//!   the new trail literals narrow domains; each line they touched is solved; a cell it
//!   narrows becomes a theory propagation (its one colour, or "not c" for each colour
//!   lost); a line with no fit is a conflict.
//! - **explanation**: why a line forced a literal or failed, built lazily (when conflict
//!   analysis asks) and cached. Two ways:
//!   - **paths** (the default, `learn/automaton.rs`): a cut through the line's automaton on the
//!     domains before the propagation: the known cells that stopped the blocks from
//!     sliding further (two cuts tried, the shorter kept). Two passes over the line, no
//!     line solve.
//!   - **shrunk** (lines whose automaton exceeds 128 states): the line solver is a
//!     function of the line's domains and narrowing a domain never widens its answer,
//!     so the line's literals on the trail before the propagation are a sound reason.
//!     The cells are then dropped in chunks, halving, far ones first, each drop kept
//!     when the line solver, run again without those cells, still derives the literal
//!     (or still fails); its cost: `docs/nonogram.md`.
//! - **level 0**: facts at level 0 (the root units from probing, learnt units) are
//!   permanent; an explanation leaves them out (the solver drops them from learnt
//!   clauses anyway) and treats them as the line's base.
//! - **counting**: a total assignment that every line accepts is a solution; below the
//!   limit, [`Theory::complete`] blocks it (the negation of its cells above level 0) and
//!   the same search goes on (the enumeration of `crate::sat::theory`).
//! - **go literal**: the search runs under one assumption `go`. Stopping (deadline or
//!   cancel, polled at every propagation call above level 0) raises the conflict `¬go`:
//!   the solver learns it at level 0 and returns at once.

use super::line::bitline::{self, Tables};
use super::native::Answer;
use super::{Grid, MAX_COLOURS, Nonogram};
use crate::puzzle::Limits;
use crate::sat::theory::{Context, Lit, Solutions, Solver, Theory, Var, Verdict};
use crate::stop::Stop;
use automaton::{Automaton, Reach};

mod automaton;

/// Counters of one learning search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LearnStats {
    /// Decisions of the SAT solver.
    pub decisions: u64,
    /// Conflicts (clause, line and blocking ones).
    pub conflicts: u64,
    /// Literals the line solver propagated.
    pub propagations: u64,
    /// Explanations built (propagations asked for by conflict analysis, and line
    /// conflicts).
    pub explanations: u64,
    /// Their cells (those narrowed above level 0) before reduction (a cut through the
    /// line's automaton, or shrinking).
    pub explained_before: u64,
    /// Their cells after reduction.
    pub explained_after: u64,
    /// Line-solver calls, shrinking included.
    pub line_solves: u64,
}

/// The largest palette (background included) the learning search takes: its pairwise
/// at-most-one clauses grow with the square of the colours a cell may take (120 per cell
/// at 16).
pub const MAX_PALETTE: usize = 16;

/// Whether the learning search takes `puzzle`: every line fits a `u128` mask, and the
/// palette has at most [`MAX_PALETTE`] entries.
pub fn fits(puzzle: &Nonogram) -> bool {
    puzzle.width().max(puzzle.height()) <= bitline::MAX_LEN && puzzle.palette().len() <= MAX_PALETTE
}

/// Counts the solutions of `puzzle` (every line at most [`bitline::MAX_LEN`] cells) up
/// to `limits.max_solutions`.
///
/// - `root`: what root probing leaves open: per cell, the colours it may take, and the
///   implications between (cell, colour) pairs it found, added as binary clauses
///   (`None`: every colour, but for the givens);
/// - `known`: distinct solutions found before (by an earlier search stage): they are
///   counted, returned first and blocked, so the count goes on from them.
///
/// Panics unless [`fits`]`(puzzle)`.
pub fn solve(
    puzzle: &Nonogram,
    limits: &Limits,
    root: Option<&super::native::ProbeResidue>,
    known: &[Grid],
) -> (Answer, LearnStats) {
    let (answer, stats) = solve_with(puzzle, limits, root, known, |_| {}, |t| t.stats);
    (answer, stats.unwrap_or_default())
}

/// [`solve`], with `setup` applied to the theory before the search and `after` read
/// from it once the search ran (`None` when it did not have to).
fn solve_with<T>(
    puzzle: &Nonogram,
    limits: &Limits,
    root: Option<&super::native::ProbeResidue>,
    known: &[Grid],
    setup: impl FnOnce(&mut LineTheory),
    after: impl FnOnce(&LineTheory) -> T,
) -> (Answer, Option<T>) {
    assert!(
        fits(puzzle),
        "learn::solve takes lines of at most 127 cells and palettes of at most 16 entries"
    );
    let (w, h) = (puzzle.width(), puzzle.height());
    let p = puzzle.palette().len();
    let cells = w * h;
    let full = if p == 64 { u64::MAX } else { (1u64 << p) - 1 };
    let domains: Vec<u64> = match root {
        Some(r) => r.colours.clone(),
        None => puzzle
            .givens()
            .iter()
            .map(|g| g.map_or(full, |c| 1u64 << c))
            .collect(),
    };
    let mut answer = Answer {
        solutions: known.iter().take(limits.keep).cloned().collect(),
        count: known.len() as u64,
        complete: false,
        nodes: Some(0),
        guesses: Some(0),
        conflicts: Some(0),
    };
    let max = limits.max_or_all();
    if answer.count >= max {
        return (answer, None);
    }

    let mut solver = Solver::new();
    let num_vars = if p == 2 { cells } else { cells * p };
    let vars: Vec<Var> = (0..num_vars).map(|_| solver.new_var(true)).collect();
    let mut theory = LineTheory::new(puzzle, limits, vars.len());
    setup(&mut theory);
    theory.found.known(known);
    let mut clause = Vec::new();
    let mut ok = true;
    for anchor in &mut theory.anchors {
        *anchor = Lit::new(solver.new_var(false), true);
        clause.clear();
        clause.push(*anchor);
        ok &= solver.add_clause(&mut clause);
    }
    for (cell, &dom) in domains.iter().enumerate() {
        if p == 2 {
            if dom.count_ones() == 1 {
                clause.clear();
                clause.push(theory.lit_is(cell, dom.trailing_zeros() as usize));
                ok &= solver.add_clause(&mut clause);
            } else if dom == 0 {
                ok = false;
            }
            continue;
        }
        clause.clear();
        clause.extend(colours(dom).map(|c| theory.lit_is(cell, c)));
        ok &= solver.add_clause(&mut clause);
        for c in colours(full & !dom) {
            clause.clear();
            clause.push(!theory.lit_is(cell, c));
            ok &= solver.add_clause(&mut clause);
        }
        for a in colours(dom) {
            for b in colours(dom).filter(|&b| b > a) {
                clause.clear();
                clause.extend([!theory.lit_is(cell, a), !theory.lit_is(cell, b)]);
                ok &= solver.add_clause(&mut clause);
            }
        }
    }
    for &[(a, u), (b, v)] in root.map_or(&[][..], |r| &r.implications) {
        clause.clear();
        clause.extend([
            !theory.lit_is(a, usize::from(u)),
            theory.lit_is(b, usize::from(v)),
        ]);
        ok &= solver.add_clause(&mut clause);
    }
    for grid in known {
        clause.clear();
        clause.extend((0..cells).map(|cell| !theory.lit_is(cell, usize::from(grid.cells[cell]))));
        ok &= solver.add_clause(&mut clause);
    }
    if !ok {
        answer.complete = true;
        return (answer, None);
    }
    let go = Lit::new(solver.new_var(false), true);
    theory.go = Some(go);
    let verdict = solver.solve(&mut theory, &[go]);
    theory.stats.decisions = solver.decisions();
    theory.stats.conflicts = solver.conflicts();
    // Unsat: no solution beyond those counted, unless the search was stopped. Sat: the
    // limit was reached.
    answer.complete = verdict == Verdict::Unsat && !theory.stopped;
    answer.count = theory.found.count();
    let room = limits.keep.saturating_sub(answer.solutions.len());
    answer
        .solutions
        .extend(theory.found.take_kept().into_iter().take(room));
    answer.nodes = Some(theory.stats.decisions);
    answer.guesses = Some(theory.stats.decisions);
    answer.conflicts = Some(theory.stats.conflicts);
    let read = after(&theory);
    (answer, Some(read))
}

/// The palette indices of the bit set `set`.
fn colours(set: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&c| set >> c & 1 == 1)
}

/// Why a literal was propagated: line `line` forced it from the trail's first `pos`
/// literals.
#[derive(Clone, Copy, Default)]
struct Reason {
    line: u32,
    pos: u32,
}

/// A cached explanation: valid when `generation` is the theory's current generation.
#[derive(Clone, Copy, Default)]
struct Cached {
    generation: u32,
    start: u32,
    len: u32,
}

/// One processed trail literal, for undoing it: its variable and its cell's domain
/// before it.
struct Undo {
    var: u32,
    cell: u32,
    old: u64,
}

/// The lines as a theory of the SAT solver (see the module docs).
struct LineTheory<'p> {
    puzzle: &'p Nonogram,
    width: usize,
    height: usize,
    /// Palette size.
    p: usize,
    tables: Tables<u128>,
    may: [u128; MAX_COLOURS + 1],
    /// Per line, `p` masks: the cells that may take each colour.
    can: Vec<u128>,
    /// Per cell: the colours its processed literals allow, and those of level 0.
    domain: Vec<u64>,
    base: Vec<u64>,
    /// Per variable: 1 true, -1 false, 0 not processed; the trail index and the level
    /// it was processed at.
    value: Vec<i8>,
    at: Vec<u32>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    cached: Vec<Cached>,
    arena: Vec<Lit>,
    generation: u32,
    /// Processed trail literals, in trail order (their count is the trail prefix done).
    undo: Vec<Undo>,
    /// Lines to solve.
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// Scratch for explanations: the line's masks, its items (position, domain), the
    /// literals.
    work: [u128; MAX_COLOURS + 1],
    items: Vec<(usize, u64)>,
    lits: Vec<Lit>,
    /// Per line, its automaton (`None`: too many states, the line's reasons are shrunk
    /// instead); scratch for them.
    automata: Vec<Option<Automaton>>,
    reach: Reach,
    /// The (line, trail prefix) `reach` holds: the literals one line solve propagated
    /// share it. Cleared when the trail is popped or level 0 grows.
    reach_of: Option<(usize, u32)>,
    need: Vec<u64>,
    other: Vec<u64>,
    /// How reasons are made: from the automaton when the line has one and `paths` is
    /// set, else by shrinking (when `shrink` is set).
    paths: bool,
    shrink: bool,
    /// Tests: check every explanation (see [`LineTheory::check_explanation`]).
    check: bool,
    checked: u64,
    stop: Stop,
    stopped: bool,
    go: Option<Lit>,
    /// Two literals true at level 0 (they head the trail): a conflict clause of their
    /// negations says "no grid fits" (a one-literal clause would be taken as a unit).
    anchors: [Lit; 2],
    found: Solutions<Grid>,
    stats: LearnStats,
}

impl<'p> LineTheory<'p> {
    fn new(puzzle: &'p Nonogram, limits: &Limits, num_vars: usize) -> LineTheory<'p> {
        let (w, h) = (puzzle.width(), puzzle.height());
        let p = puzzle.palette().len();
        let num_lines = w + h;
        let full = if p == 64 { u64::MAX } else { (1u64 << p) - 1 };
        let mut can = vec![0u128; p * num_lines];
        for l in 0..num_lines {
            let n = puzzle.line_len(l);
            can[p * l..p * (l + 1)].fill(bitline::full::<u128>(n));
        }
        let blocks = (0..num_lines)
            .map(|l| puzzle.clue(l).len())
            .max()
            .unwrap_or(0);
        LineTheory {
            puzzle,
            width: w,
            height: h,
            p,
            tables: Tables::with_blocks(blocks),
            may: [0; MAX_COLOURS + 1],
            can,
            domain: vec![full; w * h],
            base: vec![full; w * h],
            value: vec![0; num_vars],
            at: vec![0; num_vars],
            level: vec![0; num_vars],
            reason: vec![Reason::default(); num_vars],
            cached: vec![Cached::default(); num_vars],
            arena: Vec::new(),
            generation: 1,
            undo: Vec::new(),
            dirty: vec![true; num_lines],
            queue: (0..num_lines as u32).rev().collect(),
            work: [0; MAX_COLOURS + 1],
            items: Vec::new(),
            lits: Vec::new(),
            automata: (0..num_lines)
                .map(|l| Automaton::new(puzzle.clue(l), p))
                .collect(),
            reach: Reach::default(),
            reach_of: None,
            need: Vec::new(),
            other: Vec::new(),
            paths: true,
            shrink: true,
            check: false,
            checked: 0,
            stop: limits.stop.clone(),
            stopped: false,
            go: None,
            anchors: [Lit::UNDEF; 2],
            found: Solutions::new(limits.max_or_all(), limits.keep),
            stats: LearnStats::default(),
        }
    }

    /// The literal "cell `cell` has colour `c`".
    #[inline]
    fn lit_is(&self, cell: usize, c: usize) -> Lit {
        if self.p == 2 {
            Lit::new(Var::unsafe_from_idx(cell as u32), c == 1)
        } else {
            Lit::new(Var::unsafe_from_idx((cell * self.p + c) as u32), true)
        }
    }

    /// The cell of a variable, and the colours its literal `lit` allows.
    #[inline]
    fn decode(&self, lit: Lit) -> (usize, u64) {
        let v = lit.var().idx() as usize;
        if self.p == 2 {
            (v, if lit.sign() { 0b10 } else { 0b01 })
        } else {
            let bit = 1u64 << (v % self.p);
            (v / self.p, if lit.sign() { bit } else { !bit })
        }
    }

    #[inline]
    fn cell_of(&self, line: usize, i: usize) -> usize {
        if line < self.height {
            line * self.width + i
        } else {
            i * self.width + (line - self.height)
        }
    }

    fn mark_dirty(&mut self, line: usize) {
        if !self.dirty[line] {
            self.dirty[line] = true;
            self.queue.push(line as u32);
        }
    }

    /// Sets cell `cell`'s domain to `new`, in its row's and its column's masks.
    fn set_domain(&mut self, cell: usize, new: u64) {
        let old = self.domain[cell];
        if old == new {
            return;
        }
        let p = self.p;
        let (row, col) = (cell / self.width, cell % self.width);
        let (rl, cl) = (p * row, p * (self.height + col));
        for c in colours(old ^ new) {
            self.can[rl + c] ^= 1u128 << col;
            self.can[cl + c] ^= 1u128 << row;
        }
        self.domain[cell] = new;
    }

    /// Applies the trail literal `lit` (at index `self.undo.len()`), made true at decision
    /// level `level`.
    fn process(&mut self, lit: Lit, level: usize) {
        let v = lit.var().idx() as usize;
        if v >= self.value.len() {
            // `go` or an anchor: no cell.
            self.undo.push(Undo {
                var: v as u32,
                cell: u32::MAX,
                old: 0,
            });
            return;
        }
        let (cell, allow) = self.decode(lit);
        let old = self.domain[cell];
        self.undo.push(Undo {
            var: v as u32,
            cell: cell as u32,
            old,
        });
        self.value[v] = if lit.sign() { 1 } else { -1 };
        self.at[v] = (self.undo.len() - 1) as u32;
        self.level[v] = level as u32;
        if level == 0 {
            self.base[cell] &= allow;
            self.reach_of = None;
        }
        let new = old & allow;
        if new != old {
            self.set_domain(cell, new);
            self.mark_dirty(cell / self.width);
            self.mark_dirty(self.height + cell % self.width);
        }
    }

    /// Solves line `l` on the current domains into `self.may`.
    fn solve_line(&mut self, l: usize) -> bool {
        self.stats.line_solves += 1;
        let p = self.p;
        bitline::solve_colour(
            &mut self.tables,
            self.puzzle.clue(l),
            self.puzzle.line_len(l),
            &self.can[p * l..p * (l + 1)],
            &mut self.may[..p],
        )
    }

    /// The colours cell `cell`'s literals among the trail's first `pos` allow, above
    /// level 0 (all: none is).
    fn domain_before(&self, cell: usize, pos: u32) -> u64 {
        let full = !0u64;
        let before = |v: usize| self.value[v] != 0 && self.level[v] > 0 && self.at[v] < pos;
        if self.p == 2 {
            if before(cell) {
                if self.value[cell] > 0 { 0b10 } else { 0b01 }
            } else {
                full
            }
        } else {
            let mut d = full;
            for c in 0..self.p {
                let v = cell * self.p + c;
                if before(v) {
                    if self.value[v] > 0 {
                        return 1 << c;
                    }
                    d &= !(1 << c);
                }
            }
            d
        }
    }

    /// Pushes onto `self.lits` the trail literals (true) that narrow cell `cell` above
    /// level 0 among the trail's first `pos`: its one true literal, or its false ones.
    fn cell_literals(&mut self, cell: usize, pos: u32) {
        let before = |t: &Self, v: usize| t.value[v] != 0 && t.level[v] > 0 && t.at[v] < pos;
        let var = |v: usize| Var::unsafe_from_idx(v as u32);
        if self.p == 2 {
            if before(self, cell) {
                self.lits.push(Lit::new(var(cell), self.value[cell] > 0));
            }
            return;
        }
        let p = self.p;
        if let Some(c) =
            (0..p).find(|&c| before(self, cell * p + c) && self.value[cell * p + c] > 0)
        {
            self.lits.push(Lit::new(var(cell * p + c), true));
            return;
        }
        for c in 0..p {
            if before(self, cell * p + c) {
                self.lits.push(Lit::new(var(cell * p + c), false));
            }
        }
    }

    /// Whether the line solver, on the masks of `self.work`, still derives the fact:
    /// a contradiction, or (with `target = Some((i, allowed))`) cell `i` narrowed to
    /// colours of `allowed`.
    fn derives(&mut self, l: usize, target: Option<(usize, u64)>) -> bool {
        self.stats.line_solves += 1;
        let p = self.p;
        let ok = bitline::solve_colour(
            &mut self.tables,
            self.puzzle.clue(l),
            self.puzzle.line_len(l),
            &self.work[..p],
            &mut self.may[..p],
        );
        match target {
            None => !ok,
            Some((i, allowed)) => {
                !ok || (0..p).all(|c| allowed >> c & 1 == 1 || self.may[c] >> i & 1 == 0)
            }
        }
    }

    /// Sets position `i` of `self.work` to the colours of `dom`.
    fn put(&mut self, i: usize, dom: u64) {
        let bit = 1u128 << i;
        for c in 0..self.p {
            if dom >> c & 1 == 1 {
                self.work[c] |= bit;
            } else {
                self.work[c] &= !bit;
            }
        }
    }

    /// Fills `self.lits` with a reason (true literals; a cut through the line's automaton,
    /// or shrunk) why line `l`, on the
    /// trail's first `pos` literals, fails (`target: None`) or narrows position `i` to
    /// `allowed` (`Some((i, allowed))`).
    fn explain_line(&mut self, l: usize, pos: u32, target: Option<(usize, u64)>) {
        if self.paths && self.automata[l].is_some() {
            self.explain_by_paths(l, pos, target);
            if self.check {
                self.check_explanation(l, pos, target);
            }
            return;
        }
        let n = self.puzzle.line_len(l);
        self.items.clear();
        for i in 0..n {
            let cell = self.cell_of(l, i);
            let base = self.base[cell];
            let dom = base & self.domain_before(cell, pos);
            self.put(i, base);
            if dom != base {
                self.items.push((i, dom));
            }
        }
        let mut items = std::mem::take(&mut self.items);
        for &(i, dom) in &items {
            self.put(i, dom);
        }
        self.stats.explanations += 1;
        self.stats.explained_before += items.len() as u64;
        debug_assert!(
            self.derives(l, target),
            "the full reason must derive the fact"
        );
        if self.shrink && items.len() > 1 {
            // Far cells first: they are the likeliest to be irrelevant.
            if let Some((t, _)) = target {
                items.sort_by_key(|&(i, _)| std::cmp::Reverse(i.abs_diff(t)));
            }
            let mut kept = vec![true; items.len()];
            let mut chunk = items.len().div_ceil(2);
            loop {
                let mut start = 0;
                while start < items.len() {
                    let end = (start + chunk).min(items.len());
                    let any = (start..end).any(|k| kept[k]);
                    if any {
                        for (k, &(i, _)) in items.iter().enumerate().take(end).skip(start) {
                            if kept[k] {
                                let base = self.base[self.cell_of(l, i)];
                                self.put(i, base);
                            }
                        }
                        if self.derives(l, target) {
                            kept[start..end].fill(false);
                        } else {
                            for (k, &(i, dom)) in items.iter().enumerate().take(end).skip(start) {
                                if kept[k] {
                                    self.put(i, dom);
                                }
                            }
                        }
                    }
                    start = end;
                }
                if chunk == 1 {
                    break;
                }
                chunk = chunk.div_ceil(2);
            }
            let mut k = 0;
            items.retain(|_| {
                k += 1;
                kept[k - 1]
            });
        }
        self.stats.explained_after += items.len() as u64;
        self.lits.clear();
        for &(i, _) in &items {
            let cell = self.cell_of(l, i);
            self.cell_literals(cell, pos);
        }
        self.items = items;
        if self.check {
            self.check_explanation(l, pos, target);
        }
    }

    /// [`LineTheory::explain_line`] from the line's automaton ([`automaton`]): of the two
    /// cuts it offers, the one with fewer literals.
    fn explain_by_paths(&mut self, l: usize, pos: u32, target: Option<(usize, u64)>) {
        let n = self.puzzle.line_len(l);
        let mut r = std::mem::take(&mut self.reach);
        let automaton = self.automata[l].as_ref().expect("a line with an automaton");
        if self.reach_of != Some((l, pos)) {
            r.dom.clear();
            r.base.clear();
            for i in 0..n {
                let cell = self.cell_of(l, i);
                let base = self.base[cell];
                r.base.push(base);
                r.dom.push(base & self.domain_before(cell, pos));
            }
            automaton.start(&mut r);
            self.reach_of = Some((l, pos));
        }
        self.need.resize(n, 0);
        self.other.resize(n, 0);
        // Both cuts, the shorter kept: the second walk pays (measured on knotty: one cut
        // alone gives reasons 40% longer, and no more conflicts a second).
        automaton.explain(&mut r, target, true, &mut self.need);
        automaton.explain(&mut r, target, false, &mut self.other);
        let size = |need: &[u64]| need.iter().map(|x| x.count_ones()).sum::<u32>();
        if size(&self.other) < size(&self.need) {
            std::mem::swap(&mut self.need, &mut self.other);
        }
        self.stats.explanations += 1;
        self.stats.explained_before += (0..n).filter(|&i| r.dom[i] != r.base[i]).count() as u64;
        self.stats.explained_after += self.need.iter().filter(|&&x| x != 0).count() as u64;
        self.reach = r;
        self.lits.clear();
        for i in 0..n {
            let need = self.need[i];
            if need != 0 {
                let cell = self.cell_of(l, i);
                self.absence_literals(cell, need, pos);
            }
        }
    }

    /// Pushes onto `self.lits` trail literals (true, among the first `pos`, above level
    /// 0) that keep cell `cell` out of the colours `absent`: each colour's own negative
    /// literal where there is one, else the cell's one true literal.
    fn absence_literals(&mut self, cell: usize, absent: u64, pos: u32) {
        let before = |t: &Self, v: usize| t.value[v] != 0 && t.level[v] > 0 && t.at[v] < pos;
        let var = |v: usize| Var::unsafe_from_idx(v as u32);
        if self.p == 2 {
            debug_assert!(before(self, cell));
            self.lits.push(Lit::new(var(cell), self.value[cell] > 0));
            return;
        }
        let p = self.p;
        let mut positive = false;
        for c in colours(absent) {
            let v = cell * p + c;
            if before(self, v) && self.value[v] < 0 {
                self.lits.push(Lit::new(var(v), false));
            } else {
                positive = true;
            }
        }
        if positive {
            let c = (0..p)
                .find(|&c| before(self, cell * p + c) && self.value[cell * p + c] > 0)
                .expect("a colour lost above level 0 has a literal");
            self.lits.push(Lit::new(var(cell * p + c), true));
        }
    }

    /// Checks the reason in `self.lits` for line `l`: each literal is on the trail before
    /// `pos` above level 0, and the line solver on the base domains narrowed by these
    /// literals alone derives the fact again.
    fn check_explanation(&mut self, l: usize, pos: u32, target: Option<(usize, u64)>) {
        let n = self.puzzle.line_len(l);
        let mut dom: Vec<u64> = (0..n).map(|i| self.base[self.cell_of(l, i)]).collect();
        for k in 0..self.lits.len() {
            let lit = self.lits[k];
            let v = lit.var().idx() as usize;
            let want = if lit.sign() { 1 } else { -1 };
            assert!(self.value[v] == want && self.at[v] < pos && self.level[v] > 0);
            let (cell, allow) = self.decode(lit);
            let (row, col) = (cell / self.width, cell % self.width);
            let i = if l < self.height {
                assert_eq!(row, l);
                col
            } else {
                assert_eq!(col, l - self.height);
                row
            };
            dom[i] &= allow;
        }
        for (i, &d) in dom.iter().enumerate() {
            self.put(i, d);
        }
        assert!(
            self.derives(l, target),
            "an explanation that does not derive"
        );
        self.checked += 1;
    }

    /// Solves the dirty lines to a fixpoint, propagating what they force.
    fn propagate_lines(&mut self, ctx: &mut Context<'_, '_>) {
        let level = ctx.level();
        loop {
            let trail = ctx.trail();
            while self.undo.len() < trail.len() {
                let lit = trail[self.undo.len()];
                self.process(lit, level);
            }
            let Some(l) = self.queue.pop() else {
                return;
            };
            let l = l as usize;
            self.dirty[l] = false;
            if !self.solve_line(l) {
                let pos = self.undo.len() as u32;
                self.explain_line(l, pos, None);
                if self.lits.is_empty() {
                    // Level-0 facts alone contradict the line (so this is level 0): no
                    // grid fits. The two anchors make it a conflict at level 0.
                    self.lits.extend(self.anchors);
                }
                for x in self.lits.iter_mut() {
                    *x = !*x;
                }
                ctx.conflict(&self.lits);
                self.clear_queue();
                return;
            }
            let pos = self.undo.len() as u32;
            let p = self.p;
            let mut lost_any = 0u128;
            for c in 0..p {
                lost_any |= self.can[p * l + c] & !self.may[c];
            }
            while lost_any != 0 {
                let i = lost_any.trailing_zeros() as usize;
                lost_any &= lost_any - 1;
                let cell = self.cell_of(l, i);
                let now = (0..p).fold(0u64, |d, c| d | (((self.may[c] >> i & 1) as u64) << c));
                if now.count_ones() == 1 {
                    let lit = self.lit_is(cell, now.trailing_zeros() as usize);
                    if !self.propagate_lit(ctx, lit, l, pos) {
                        self.clear_queue();
                        return;
                    }
                } else {
                    for c in colours(self.domain[cell] & !now) {
                        let lit = !self.lit_is(cell, c);
                        if !self.propagate_lit(ctx, lit, l, pos) {
                            self.clear_queue();
                            return;
                        }
                    }
                }
            }
        }
    }

    fn propagate_lit(&mut self, ctx: &mut Context<'_, '_>, lit: Lit, l: usize, pos: u32) -> bool {
        let v = lit.var().idx() as usize;
        if self.value[v] != 0 {
            // Already on the trail (and processed): true, or the line solver would have
            // failed on the domain it makes.
            return true;
        }
        self.reason[v] = Reason {
            line: l as u32,
            pos,
        };
        self.cached[v].generation = 0;
        self.stats.propagations += 1;
        ctx.propagate(lit)
    }

    fn clear_queue(&mut self) {
        for l in self.queue.drain(..) {
            self.dirty[l as usize] = false;
        }
    }

    /// Counts the grid of the current total assignment (see [`Solutions::record`]):
    /// whether the enumeration goes on.
    fn record(&mut self) -> bool {
        let mut grid = Grid::new(self.width, self.height);
        grid.cells = self
            .domain
            .iter()
            .map(|&d| d.trailing_zeros() as u8)
            .collect();
        debug_assert_eq!(self.puzzle.verify(&grid), Ok(()));
        self.found.record(&grid)
    }
}

impl Theory for LineTheory<'_> {
    /// `undo.len()`.
    type Mark = usize;

    fn mark(&self) -> usize {
        self.undo.len()
    }

    fn backtrack(&mut self, mark: usize) {
        self.reach_of = None;
        while self.undo.len() > mark {
            let u = self.undo.pop().expect("above the mark");
            if u.cell == u32::MAX {
                continue;
            }
            self.value[u.var as usize] = 0;
            self.set_domain(u.cell as usize, u.old);
        }
        // The state at a level's start was a fixpoint of every line.
        self.clear_queue();
    }

    fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
        if ctx.level() > 0 && self.stop.should_stop() {
            self.stopped = true;
            if let Some(go) = self.go {
                ctx.conflict(&[!go]);
            }
            return;
        }
        if self.arena.len() > 1 << 20 {
            self.arena.clear();
            self.generation += 1;
        }
        self.propagate_lines(ctx);
    }

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        // `propagate` has just run to its fixpoint on this trail: every line has a fit on
        // its cells, all known, so the grid is a solution.
        debug_assert!(self.queue.is_empty() && self.undo.len() == ctx.trail().len());
        if !self.record() {
            return;
        }
        self.lits.clear();
        for cell in 0..self.width * self.height {
            let colour = self.domain[cell].trailing_zeros() as usize;
            let lit = self.lit_is(cell, colour);
            if self.level[lit.var().idx() as usize] > 0 {
                self.lits.push(!lit);
            }
        }
        if self.lits.is_empty() {
            // Every cell is fixed at level 0: this was the only solution.
            if let Some(go) = self.go {
                self.lits.push(!go);
            }
        }
        ctx.block(&self.lits);
    }

    fn explain(&mut self, p: Lit) -> &[Lit] {
        let v = p.var().idx() as usize;
        let c = self.cached[v];
        if c.generation != self.generation {
            let Reason { line, pos } = self.reason[v];
            let (cell, allow) = self.decode(p);
            let l = line as usize;
            let i = if l < self.height {
                cell % self.width
            } else {
                cell / self.width
            };
            self.explain_line(l, pos, Some((i, allow)));
            let start = self.arena.len() as u32;
            self.arena.extend_from_slice(&self.lits);
            self.cached[v] = Cached {
                generation: self.generation,
                start,
                len: self.lits.len() as u32,
            };
        }
        let c = self.cached[v];
        &self.arena[c.start as usize..(c.start + c.len) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::Palette;
    use super::*;

    fn limits(max: Option<u64>) -> Limits {
        Limits {
            max_solutions: max,
            keep: 100,
            stop: Stop::never(),
        }
    }

    /// A random picture of `w`×`h` cells in `ink` colours (a cell inked with probability
    /// `inked`/8) and its puzzle.
    fn random_puzzle(seed: u64, ink: u64, (w, h): (usize, usize), inked: u64) -> Nonogram {
        let mut random = crate::rng::SplitMix64::new(seed);
        let mut next = move || random.next_u64();
        let cells = (0..w * h)
            .map(|_| {
                if next() % 8 < inked {
                    (1 + next() % ink) as u8
                } else {
                    0
                }
            })
            .collect();
        let grid = Grid {
            width: w,
            height: h,
            cells,
        };
        Nonogram::from_grid_in(Palette::with_colours(ink as usize), &grid)
    }

    /// [`solve`] with every explanation checked; the answer and how many were.
    fn solve_checked(
        puzzle: &Nonogram,
        max: Option<u64>,
        (paths, shrink): (bool, bool),
    ) -> (Answer, u64) {
        let setup = |t: &mut LineTheory| {
            t.check = true;
            t.paths = paths;
            t.shrink = shrink;
        };
        let (answer, checked) = solve_with(puzzle, &limits(max), None, &[], setup, |t| t.checked);
        (answer, checked.unwrap_or(0))
    }

    fn sorted(mut grids: Vec<Grid>) -> Vec<Grid> {
        grids.sort_by_key(|g| g.cells.clone());
        grids
    }

    /// On random black-and-white and colour pictures, the learning search finds what the
    /// depth-first search finds: the same count and completeness, asked for 1, 2 or up
    /// to 64 solutions, and the same solutions when both are complete; every solution
    /// checked, none twice; every explanation derives its fact again.
    #[test]
    fn agrees_with_the_depth_first_search() {
        let mut explained = 0;
        for round in 0..240u64 {
            let ink = [1, 1, 2, 3, 4][round as usize % 5];
            let size = (3 + (round * 7 % 9) as usize, 3 + (round * 5 % 8) as usize);
            let puzzle = random_puzzle(round, ink, size, 3 + round % 3);
            for max in [Some(1), Some(2), Some(64)] {
                // Reasons from the automaton, shrunk, and whole.
                let how = [(true, true), (true, false), (false, true), (false, false)];
                let (learnt, checked) = solve_checked(&puzzle, max, how[round as usize % 4]);
                explained += checked;
                let (dfs, _) = super::super::dfs::solve(&puzzle, &limits(max));
                assert_eq!(
                    (learnt.count, learnt.complete),
                    (dfs.count, dfs.complete),
                    "round {round}, max {max:?}"
                );
                for s in &learnt.solutions {
                    assert_eq!(puzzle.verify(s), Ok(()));
                }
                let mine = sorted(learnt.solutions.clone());
                let mut distinct = mine.clone();
                distinct.dedup();
                assert_eq!(distinct.len(), mine.len());
                if learnt.complete {
                    assert_eq!(mine, sorted(dfs.solutions), "round {round}");
                }
            }
        }
        // The pictures are hard enough that the solver explains.
        assert!(explained > 1000, "{explained}");
    }

    /// Contradictory clues (a row of 3 in a 2-wide grid cannot be; columns disagree
    /// with rows): no solution, and the search says it is complete.
    #[test]
    fn unsolvable_puzzles_have_no_solution() {
        let rows = Nonogram::new(vec![vec![2], vec![1]], vec![vec![1], vec![1]]);
        let (answer, _) = solve_checked(&rows, Some(2), (true, true));
        assert_eq!((answer.count, answer.complete), (0, true));
        // Every line fits on its own; only search finds that no grid does.
        let rows = vec![vec![1, 1], vec![1, 1], vec![], vec![1, 1]];
        let columns = vec![vec![2], vec![], vec![1, 1], vec![1]];
        let crossed = Nonogram::new(rows, columns);
        let (answer, _) = solve_checked(&crossed, Some(2), (true, true));
        let (dfs, _) = super::super::dfs::solve(&crossed, &limits(Some(2)));
        assert_eq!((answer.count, answer.complete), (dfs.count, dfs.complete));
        assert_eq!(answer.count, 0);
    }

    /// Solutions handed in as known are counted first and never found again.
    #[test]
    fn known_solutions_count_on() {
        // Four independent 2×2 diagonals: 16 solutions.
        let rows = vec![vec![1, 1, 1, 1]; 2];
        let columns = (0..12)
            .map(|c| if c % 3 == 2 { vec![] } else { vec![1] })
            .collect();
        let puzzle = Nonogram::new(rows, columns);
        let (all, _) = solve(&puzzle, &limits(Some(64)), None, &[]);
        assert_eq!((all.count, all.complete), (16, true));
        let known = &all.solutions[..5];
        let (rest, _) = solve(&puzzle, &limits(Some(64)), None, known);
        assert_eq!((rest.count, rest.complete), (16, true));
        assert_eq!(sorted(rest.solutions), sorted(all.solutions.clone()));
        let (two, _) = solve(&puzzle, &limits(Some(2)), None, known);
        assert_eq!((two.count, two.complete), (5, false));
    }

    /// Shrinking keeps explanations sound and makes them shorter.
    #[test]
    fn shrinking_shortens_explanations() {
        let (mut with, mut without) = (LearnStats::default(), LearnStats::default());
        for seed in 0..20 {
            let puzzle = random_puzzle(seed, 1 + seed % 2, (12, 12), 4);
            let all = limits(Some(64));
            let checked = |t: &mut LineTheory| {
                t.check = true;
                t.paths = false;
            };
            let (_, a) = solve_with(&puzzle, &all, None, &[], checked, |t| t.stats);
            let unshrunk = |t: &mut LineTheory| {
                t.check = true;
                t.paths = false;
                t.shrink = false;
            };
            let (_, b) = solve_with(&puzzle, &all, None, &[], unshrunk, |t| t.stats);
            let (a, b) = (a.unwrap_or_default(), b.unwrap_or_default());
            with.explained_before += a.explained_before;
            with.explained_after += a.explained_after;
            without.explained_before += b.explained_before;
            without.explained_after += b.explained_after;
        }
        assert!(with.explained_before > 0 && without.explained_before > 0);
        assert_eq!(without.explained_before, without.explained_after);
        assert!(with.explained_after < with.explained_before);
    }

    /// A deadline in the past stops the search at once, incomplete; a cancelled flag
    /// too.
    #[test]
    fn the_stop_signal_ends_the_search() {
        let puzzle = random_puzzle(5, 2, (25, 25), 4);
        let past = Limits {
            max_solutions: Some(2),
            keep: 2,
            stop: Stop::at(Some(std::time::Instant::now())),
        };
        let (answer, _) = solve(&puzzle, &past, None, &[]);
        assert!(!answer.complete);
        let stop = Stop::cancellable(None);
        stop.cancel();
        let cancelled = Limits {
            max_solutions: Some(2),
            keep: 2,
            stop,
        };
        let (answer, _) = solve(&puzzle, &cancelled, None, &[]);
        assert!(!answer.complete);
        let (free, _) = solve(&puzzle, &limits(Some(2)), None, &[]);
        assert!(free.complete || free.count == 2);
    }
}
