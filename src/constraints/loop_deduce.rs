//! Deduction for **one loop with face clues** (slitherlink on any planar graph): which
//! edges every solution uses or leaves out, decided before any search. Every rule below
//! holds in every solution (a single non-empty cycle through the graph's edges, each clued
//! face bordered by as many loop edges as its clue), so:
//! - a deduced edge has that value in every solution;
//! - a contradiction means there is no solution;
//! - when every edge is decided, the decided loop is the only solution (the caller
//!   confirms it with its checker).
//!
//! The rules, in Tatham's `loopy.c` terms (his solver is read, not copied):
//! - **dot** (`trivial_deductions`, dot part): a dot meets 0 or 2 loop edges. Two yes
//!   edges make the rest no; one yes and one unknown make it yes; no yes and one unknown
//!   make it no.
//! - **face** (`trivial_deductions`, face part): a clue `c` with `c` yes sides makes the
//!   rest no; with exactly `c` sides not no, they are all yes.
//! - **no premature loop** (`loop_deductions`): the yes edges form paths (degrees ≤ 2);
//!   an unknown edge joining the two ends of one path would close it into a cycle. That
//!   cycle is the whole loop, so it is allowed only when the path holds every yes edge and
//!   closing it satisfies every clue (the faces still one short are exactly the closing
//!   edge's); otherwise the edge is no. A cycle already closed makes every other edge no.
//! - **probing** in place of `dline_deductions`: an unknown edge set yes (or no) whose
//!   consequences under these rules contradict is the other value; what both values lead
//!   to holds either way. This covers the corner/diagonal rules (two edges at a dot inside
//!   a face: at most one, at least one) and more.
//! - **classes** in place of `linedsf_deductions`: an edge that the two probes of `e` set
//!   apart is equal (or opposite) to `e` in every solution; the classes propagate values,
//!   and the dot and face rules count an opposite pair among their undecided edges as
//!   exactly one yes edge (Tatham's parity deductions).
//!
//! [`search`] adds guessing for what deduction leaves open: branch on an edge, deduce on
//! each side (classes learned at the top only, where they hold in every solution).
//!
//! Invariants of `State`: the counts (`dot_yes`, `clue_yes`, …) match `value`; each
//! path's two end dots know each other and the path's length in edges (`paths`);
//! `trail` undoes every change in reverse order, so a probe returns exactly to its start;
//! the classes only grow, and only outside a probe or a branch.

use super::connected::Graph;
use super::paths::{Join, Paths, Saved};

/// A clued face: its sides (edge indices) and how many of them the loop uses.
#[derive(Clone, Debug)]
pub struct Clue {
    /// The face's sides, as edge indices of the graph.
    pub sides: Vec<usize>,
    /// How many sides are on the loop.
    pub count: u8,
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No single loop satisfies the clues.
    Contradiction,
    /// Per edge: on the loop, off it, or undecided. When none is undecided, the decided
    /// edges are the only solution.
    Edges(Vec<Option<bool>>),
}

/// Runs every rule to its fixpoint, probing included (module docs).
pub fn deduce(graph: &Graph, clues: &[Clue]) -> Deduction {
    let mut state = State::new(graph, clues);
    match state.solve() {
        Ok(()) => Deduction::Edges(state.values()),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

/// What [`search`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// The first `keep` solutions, every edge's value.
    pub loops: Vec<Vec<bool>>,
    /// Solutions found (at most the limit).
    pub count: u64,
    /// Whether the search proved there are no more.
    pub complete: bool,
    /// Branchings of the search.
    pub guesses: u64,
}

/// Deduction, then a depth-first search that branches on an undecided edge and deduces
/// again on each side (probing without learning classes), up to `max` solutions, the
/// first `keep` kept. `Err` with the edges deduced before any branching when more than
/// `budget` branchings would be needed, or `stop` says so before a branching: the
/// caller's search takes over from them.
pub fn search(
    graph: &Graph,
    clues: &[Clue],
    max: u64,
    keep: usize,
    budget: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Found, Vec<Option<bool>>> {
    let mut state = State::new(graph, clues);
    let mut found = Found::default();
    if state.solve().is_err() {
        found.complete = true;
        return Ok(found);
    }
    let top = state.values();
    state.learn = false;
    let mut budget = budget;
    match state.branch(&mut found, max, keep, &mut budget, stop) {
        Ok(()) => {
            found.complete = found.count < max;
            Ok(found)
        }
        Err(OutOfBudget) => Err(top),
    }
}

/// The search needs more branchings than its budget.
struct OutOfBudget;

const UNKNOWN: i8 = 0;
const YES: i8 = 1;
const NO: i8 = -1;

/// A rule found that no solution extends the present state.
struct Contradiction;

type Step = Result<(), Contradiction>;

/// One change, undone by [`State::undo_to`].
enum Undo {
    /// An edge was decided (its counts change with it).
    Edge(usize),
    /// A path end's entries before a join.
    End(Saved),
    /// The closed cycle's length before a cycle closed.
    Closed(Option<usize>),
}

/// Work for the local rules.
#[derive(Clone, Copy)]
enum Work {
    Dot(usize),
    Clue(usize),
    /// An edge decided whose class has other members.
    Class(usize),
}

struct State<'g> {
    graph: &'g Graph,
    clues: &'g [Clue],
    /// Per edge, the clues of the faces it borders.
    edge_clues: Vec<Vec<usize>>,
    value: Vec<i8>,
    dot_yes: Vec<u8>,
    dot_unknown: Vec<u8>,
    clue_yes: Vec<u8>,
    clue_unknown: Vec<u8>,
    /// Clues with fewer yes sides than their count.
    short: usize,
    /// Yes edges, and unknown ones.
    yes: usize,
    unknown: usize,
    /// The paths of the yes edges, weighed by their edges.
    paths: Paths,
    /// The length of the cycle the yes edges closed, if they closed one.
    closed: Option<usize>,
    trail: Vec<Undo>,
    work: Vec<Work>,
    /// Path ends made by joins since the last fixpoint: their closing edges to test.
    ends: Vec<usize>,
    /// Edge classes: `root[e]`'s value, flipped when `flip[e]`, is `e`'s in every
    /// solution; `members[r]` lists a root's class. Learned at the top level only.
    root: Vec<usize>,
    flip: Vec<bool>,
    members: Vec<Vec<usize>>,
    /// What the yes probes set: the probe's number and the value.
    probed: Vec<(usize, i8)>,
    /// Yes probes so far.
    probes: usize,
    /// Whether probes may join classes (not inside a search branch, where what both
    /// sides of a probe decide holds only under the branch's guesses).
    learn: bool,
    /// Classes joined so far (none: no opposite pairs to look for); per edge, whether
    /// its class has other members.
    classes: usize,
    classed: Vec<bool>,
}

impl<'g> State<'g> {
    fn new(graph: &'g Graph, clues: &'g [Clue]) -> State<'g> {
        let edges = graph.edges().len();
        let mut edge_clues = vec![Vec::new(); edges];
        for (f, clue) in clues.iter().enumerate() {
            for &e in &clue.sides {
                edge_clues[e].push(f);
            }
        }
        let nodes = graph.nodes();
        State {
            graph,
            clues,
            edge_clues,
            value: vec![UNKNOWN; edges],
            dot_yes: vec![0; nodes],
            dot_unknown: (0..nodes).map(|v| graph.adjacent(v).len() as u8).collect(),
            clue_yes: vec![0; clues.len()],
            clue_unknown: clues.iter().map(|c| c.sides.len() as u8).collect(),
            short: clues.iter().filter(|c| c.count > 0).count(),
            yes: 0,
            unknown: edges,
            paths: Paths::new(vec![0; nodes], &[]),
            closed: None,
            trail: Vec::new(),
            work: Vec::new(),
            ends: Vec::new(),
            root: (0..edges).collect(),
            flip: vec![false; edges],
            members: (0..edges).map(|e| vec![e]).collect(),
            probed: vec![(0, UNKNOWN); edges],
            probes: 0,
            learn: true,
            classes: 0,
            classed: vec![false; edges],
        }
    }

    /// Every edge's value, `None` when undecided.
    fn values(&self) -> Vec<Option<bool>> {
        self.value
            .iter()
            .map(|&v| match v {
                YES => Some(true),
                NO => Some(false),
                _ => None,
            })
            .collect()
    }

    /// One node of [`search`]: the state is a deduction fixpoint without contradiction,
    /// so when every edge is decided they are a solution (degrees 0 or 2, clues met, one
    /// cycle holding every yes edge).
    fn branch(
        &mut self,
        found: &mut Found,
        max: u64,
        keep: usize,
        budget: &mut u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<(), OutOfBudget> {
        if self.unknown == 0 {
            found.count += 1;
            if found.loops.len() < keep {
                found
                    .loops
                    .push(self.value.iter().map(|&v| v == YES).collect());
            }
            return Ok(());
        }
        if *budget == 0 || stop() {
            return Err(OutOfBudget);
        }
        *budget -= 1;
        found.guesses += 1;
        // An edge at a path's end, else the first undecided one.
        let end = (0..self.graph.nodes())
            .filter(|&d| self.dot_yes[d] == 1)
            .flat_map(|d| self.graph.adjacent(d))
            .map(|&(_, e)| e)
            .find(|&e| self.value[e] == UNKNOWN);
        let Some(e) = end.or_else(|| self.value.iter().position(|&v| v == UNKNOWN)) else {
            return Ok(());
        };
        for on in [true, false] {
            if found.count >= max {
                break;
            }
            let mark = self.trail.len();
            let consistent = self
                .assign(e, on)
                .and_then(|()| self.propagate_all())
                .and_then(|()| self.probe())
                .is_ok();
            let below = if consistent {
                self.branch(found, max, keep, budget, stop)
            } else {
                Ok(())
            };
            self.undo_to(mark);
            below?;
        }
        Ok(())
    }

    /// The local rules everywhere, the loop rule, then probing until nothing changes.
    fn solve(&mut self) -> Step {
        self.work.extend((0..self.graph.nodes()).map(Work::Dot));
        self.work.extend((0..self.clues.len()).map(Work::Clue));
        self.propagate_all()?;
        self.probe()
    }

    /// Probing (module docs) until a pass over the undecided edges finds nothing.
    fn probe(&mut self) -> Step {
        let mut common = Vec::new();
        let mut same = Vec::new();
        loop {
            let mut progress = false;
            for e in 0..self.value.len() {
                if self.value[e] != UNKNOWN {
                    continue;
                }
                // Yes, then no: a refuted side decides the edge; what both sides decide
                // alike holds, and an edge they decide apart is equal or opposite to `e`.
                // A side that decides nothing but `e` can neither fail nor teach.
                let (quiet_yes, quiet_no) = (self.quiet(e, true), self.quiet(e, false));
                if quiet_yes && quiet_no {
                    continue;
                }
                let mark = self.trail.len();
                self.probes += 1;
                let probe = self.probes;
                let yes = if quiet_yes {
                    Ok(())
                } else {
                    self.assign(e, true).and_then(|()| self.propagate())
                };
                if yes.is_ok() {
                    for undo in &self.trail[mark..] {
                        if let &Undo::Edge(f) = undo {
                            self.probed[f] = (probe, self.value[f]);
                        }
                    }
                }
                self.undo_to(mark);
                if yes.is_err() {
                    self.assign(e, false)?;
                    self.propagate_all()?;
                    progress = true;
                    continue;
                }
                let no = if quiet_no {
                    Ok(())
                } else {
                    self.assign(e, false).and_then(|()| self.propagate())
                };
                if no.is_ok() {
                    for undo in &self.trail[mark..] {
                        if let &Undo::Edge(f) = undo
                            && f != e
                            && self.probed[f].0 == probe
                        {
                            if self.probed[f].1 == self.value[f] {
                                common.push((f, self.value[f] == YES));
                            } else {
                                same.push((f, self.probed[f].1 == YES));
                            }
                        }
                    }
                }
                self.undo_to(mark);
                if no.is_err() {
                    self.assign(e, true)?;
                    self.propagate_all()?;
                    progress = true;
                    continue;
                }
                let mut learned = !common.is_empty();
                for (f, on) in common.drain(..) {
                    self.assign(f, on)?;
                }
                if self.learn {
                    for (f, equal) in same.drain(..) {
                        learned |= self.relate(e, f, equal)?;
                    }
                }
                same.clear();
                if learned {
                    progress = true;
                    self.propagate_all()?;
                }
            }
            if !progress || self.unknown == 0 {
                return Ok(());
            }
        }
    }

    /// Whether setting the undecided edge `e` to `on` would decide nothing else: no rule
    /// fires at its dots or clued faces, a yes edge joins two unused dots that no other
    /// edge joins (it closes no path), a no edge leaves another undecided or yes edge,
    /// and no class reaches them.
    fn quiet(&self, e: usize, on: bool) -> bool {
        let graph = self.graph;
        let (a, b) = graph.edges()[e];
        if on && graph.adjacent(a).iter().filter(|&&(n, _)| n == b).count() > 1 {
            return false;
        }
        if !on && self.unknown == 1 && self.yes == 0 {
            return false;
        }
        for d in [a, b] {
            let (yes, unknown) = (self.dot_yes[d], self.dot_unknown[d] - 1);
            let calm = if on {
                yes == 0 && unknown >= 2
            } else {
                (yes == 0 && unknown != 1) || (yes == 1 && unknown >= 2)
            };
            if !calm {
                return false;
            }
        }
        for &f in &self.edge_clues[e] {
            let (yes, unknown, count) = (
                self.clue_yes[f],
                self.clue_unknown[f] - 1,
                self.clues[f].count,
            );
            let calm = if on {
                yes + 1 < count && yes + 1 + unknown > count
            } else {
                yes < count && yes + unknown > count
            };
            if !calm {
                return false;
            }
        }
        self.classes == 0
            || !(self.classed[e]
                || [a, b]
                    .iter()
                    .any(|&d| graph.adjacent(d).iter().any(|&(_, x)| self.classed[x]))
                || self.edge_clues[e]
                    .iter()
                    .any(|&f| self.clues[f].sides.iter().any(|&x| self.classed[x])))
    }

    /// Records that `e` and `f` are equal (or opposite) in every solution; true when
    /// that is new. Both are undecided (the top level's probes found the relation).
    fn relate(&mut self, e: usize, f: usize, equal: bool) -> Result<bool, Contradiction> {
        let (re, rf) = (self.root[e], self.root[f]);
        if re == rf {
            return if (self.flip[e] == self.flip[f]) == equal {
                Ok(false)
            } else {
                Err(Contradiction)
            };
        }
        let (keep, gone) = if self.members[re].len() >= self.members[rf].len() {
            (re, rf)
        } else {
            (rf, re)
        };
        // value(x) = value(root) ^ flip[x]; the gone class's root takes the kept one's.
        let turn = self.flip[e] ^ self.flip[f] ^ !equal;
        let moved = std::mem::take(&mut self.members[gone]);
        for &x in &moved {
            self.root[x] = keep;
            self.flip[x] ^= turn;
        }
        self.members[keep].extend(moved);
        // The members' dots and faces may hold a new opposite pair.
        self.classes += 1;
        for i in 0..self.members[keep].len() {
            let x = self.members[keep][i];
            self.classed[x] = true;
            let (a, b) = self.graph.edges()[x];
            self.work.extend([Work::Dot(a), Work::Dot(b)]);
            for &c in &self.edge_clues[x] {
                self.work.push(Work::Clue(c));
            }
        }
        Ok(true)
    }

    /// [`State::propagate`] with every path end tested for a premature loop.
    fn propagate_all(&mut self) -> Step {
        let ends = (0..self.graph.nodes()).filter(|&d| self.dot_yes[d] == 1);
        self.ends.extend(ends);
        self.propagate()
    }

    /// Sets edge `e`, updating counts and paths; the rules run in [`State::propagate`].
    fn assign(&mut self, e: usize, on: bool) -> Step {
        let want = if on { YES } else { NO };
        if self.value[e] != UNKNOWN {
            return if self.value[e] == want {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        let (a, b) = self.graph.edges()[e];
        if on {
            if self.dot_yes[a] >= 2 || self.dot_yes[b] >= 2 {
                return Err(Contradiction);
            }
            let trail = &mut self.trail;
            match self
                .paths
                .link(a, b, 1, |saved| trail.push(Undo::End(saved)))
            {
                Join::Closes { weight, .. } => {
                    // `a` and `b` end the same path: the edge closes it.
                    self.trail.push(Undo::Closed(self.closed));
                    self.closed = Some(match self.closed {
                        // A second cycle: no length can match the yes count any more.
                        Some(_) => usize::MAX,
                        None => weight,
                    });
                }
                Join::Joined { end } => self.ends.push(end),
            }
            self.yes += 1;
        }
        self.value[e] = want;
        self.unknown -= 1;
        for d in [a, b] {
            self.dot_unknown[d] -= 1;
            self.dot_yes[d] += u8::from(on);
            self.work.push(Work::Dot(d));
        }
        for &f in &self.edge_clues[e] {
            self.clue_unknown[f] -= 1;
            if on {
                self.clue_yes[f] += 1;
                if self.clue_yes[f] == self.clues[f].count {
                    self.short -= 1;
                }
            }
            self.work.push(Work::Clue(f));
        }
        if self.classed[e] {
            self.work.push(Work::Class(e));
        }
        self.trail.push(Undo::Edge(e));
        Ok(())
    }

    /// Undoes the trail down to `mark` and drops pending work.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Edge(e)) => {
                    let on = self.value[e] == YES;
                    self.value[e] = UNKNOWN;
                    self.unknown += 1;
                    let (a, b) = self.graph.edges()[e];
                    for d in [a, b] {
                        self.dot_unknown[d] += 1;
                        self.dot_yes[d] -= u8::from(on);
                    }
                    for &f in &self.edge_clues[e] {
                        self.clue_unknown[f] += 1;
                        if on {
                            if self.clue_yes[f] == self.clues[f].count {
                                self.short += 1;
                            }
                            self.clue_yes[f] -= 1;
                        }
                    }
                    if on {
                        self.yes -= 1;
                    }
                }
                Some(Undo::End(saved)) => self.paths.restore(saved),
                Some(Undo::Closed(before)) => self.closed = before,
                None => break,
            }
        }
        self.work.clear();
        self.ends.clear();
    }

    /// The local rules to their fixpoint, then the loop rules, until nothing changes.
    fn propagate(&mut self) -> Step {
        loop {
            while let Some(w) = self.work.pop() {
                match w {
                    Work::Dot(d) => self.dot_rule(d)?,
                    Work::Clue(f) => self.clue_rule(f)?,
                    Work::Class(e) => self.class_rule(e)?,
                }
            }
            if let Some(len) = self.closed {
                if self.yes != len {
                    return Err(Contradiction);
                }
                if self.unknown > 0 {
                    for e in 0..self.value.len() {
                        if self.value[e] == UNKNOWN {
                            self.assign(e, false)?;
                        }
                    }
                    continue;
                }
            }
            while let Some(p) = self.ends.pop() {
                self.loop_rule(p)?;
            }
            if self.work.is_empty() {
                if self.unknown == 0 && self.yes == 0 {
                    return Err(Contradiction);
                }
                return Ok(());
            }
        }
    }

    /// Opposite pairs among the undecided edges `side(0..n)` (each pair holds exactly
    /// one loop edge): how many, and which positions they take.
    fn opposite_pairs(&self, n: usize, side: impl Fn(usize) -> usize) -> (u8, u32) {
        let (mut pairs, mut taken) = (0, 0u32);
        if self.classes == 0 || n > 32 {
            return (0, 0);
        }
        let mut classed = 0u32;
        for i in 0..n {
            let e = side(i);
            if self.value[e] == UNKNOWN && self.classed[e] {
                classed |= 1 << i;
            }
        }
        if classed.count_ones() < 2 {
            return (0, 0);
        }
        for i in 0..n {
            if classed >> i & 1 == 0 || taken >> i & 1 == 1 {
                continue;
            }
            let a = side(i);
            for j in i + 1..n {
                let b = side(j);
                if classed >> j & 1 == 1
                    && taken >> j & 1 == 0
                    && self.root[a] == self.root[b]
                    && self.flip[a] != self.flip[b]
                {
                    taken |= 1 << i | 1 << j;
                    pairs += 1;
                    break;
                }
            }
        }
        (pairs, taken)
    }

    /// Sets the undecided edges `side(0..n)` outside `taken` to `on`.
    fn set_rest(&mut self, n: usize, side: impl Fn(usize) -> usize, taken: u32, on: bool) -> Step {
        for i in 0..n {
            let e = side(i);
            if self.value[e] == UNKNOWN && taken >> i & 1 == 0 {
                self.assign(e, on)?;
            }
        }
        Ok(())
    }

    /// The dot rule; an opposite pair at the dot counts as one yes edge and makes the
    /// dot used.
    fn dot_rule(&mut self, d: usize) -> Step {
        let graph = self.graph;
        let adjacent = graph.adjacent(d);
        let side = |i: usize| adjacent[i].1;
        let (pairs, taken) = self.opposite_pairs(adjacent.len(), side);
        let (yes, unknown) = (self.dot_yes[d] + pairs, self.dot_unknown[d] - 2 * pairs);
        let set = if pairs == 0 {
            match (yes, unknown) {
                (_, 0) if yes != 1 => return Ok(()),
                (1, 0) => return Err(Contradiction),
                (2, _) => false,
                (1, 1) => true,
                (0, 1) => false,
                _ => return Ok(()),
            }
        } else if yes > 2 || yes + unknown < 2 {
            return Err(Contradiction);
        } else if unknown == 0 {
            return Ok(());
        } else if yes == 2 {
            false
        } else if yes + unknown == 2 {
            true
        } else {
            return Ok(());
        };
        self.set_rest(adjacent.len(), side, taken, set)
    }

    /// The members of a decided edge's class follow it.
    fn class_rule(&mut self, e: usize) -> Step {
        let r = self.root[e];
        let on = (self.value[e] == YES) ^ self.flip[e];
        for i in 0..self.members[r].len() {
            let m = self.members[r][i];
            self.assign(m, on ^ self.flip[m])?;
        }
        Ok(())
    }

    /// The face rule; an opposite pair among the sides counts as one yes side.
    fn clue_rule(&mut self, f: usize) -> Step {
        let clues = self.clues;
        let sides = &clues[f].sides;
        let side = |i: usize| sides[i];
        let (pairs, taken) = self.opposite_pairs(sides.len(), side);
        let (yes, unknown, count) = (
            self.clue_yes[f] + pairs,
            self.clue_unknown[f] - 2 * pairs,
            clues[f].count,
        );
        if yes > count || yes + unknown < count {
            return Err(Contradiction);
        }
        if unknown == 0 {
            return Ok(());
        }
        if yes == count {
            self.set_rest(sides.len(), side, taken, false)
        } else if yes + unknown == count {
            self.set_rest(sides.len(), side, taken, true)
        } else {
            Ok(())
        }
    }

    /// No premature loop (module docs) for the path ending at `p`.
    fn loop_rule(&mut self, p: usize) -> Step {
        if self.dot_yes[p] != 1 {
            return Ok(());
        }
        let q = self.paths.other_end(p);
        let Some(&(_, e)) = self
            .graph
            .adjacent(p)
            .iter()
            .find(|&&(n, e)| n == q && self.value[e] == UNKNOWN)
        else {
            return Ok(());
        };
        let one_short = self.edge_clues[e]
            .iter()
            .filter(|&&f| self.clue_yes[f] + 1 == self.clues[f].count)
            .count();
        if self.paths.weight(p) == self.yes && self.short == one_short {
            return Ok(());
        }
        self.assign(e, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 1×1 grid: four dots, four edges; a clue 4 decides the loop, a clue 0 refutes it.
    #[test]
    fn a_single_cell() {
        let graph = Graph::grid(2, 2);
        let sides: Vec<usize> = (0..4).collect();
        let four = [Clue {
            sides: sides.clone(),
            count: 4,
        }];
        assert_eq!(deduce(&graph, &four), Deduction::Edges(vec![Some(true); 4]));
        let three = [Clue {
            sides: sides.clone(),
            count: 3,
        }];
        assert_eq!(deduce(&graph, &three), Deduction::Contradiction);
        let zero = [Clue { sides, count: 0 }];
        assert_eq!(deduce(&graph, &zero), Deduction::Contradiction);
        // No clue: the one loop is the only loop, but the empty set is not a loop.
        assert_eq!(deduce(&graph, &[]), Deduction::Edges(vec![Some(true); 4]));
    }
}
