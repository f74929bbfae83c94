//! Dynamic forcing chains and their nested levels.
//!
//! A *branch* assumes one literal and follows it with every deduction made so far in that
//! branch (SE's "dynamic" chains, its help pages: "the conclusions of multiple sub-chains
//! must be combined"): a placed digit leaves its cell's other candidates and its peers; a
//! cell left with one candidate, or a house left with one place for a digit, places it; a
//! literal reached both ways, a cell without candidates or a house without a place is a
//! contradiction. The levels, each letting more kinds of sub-deduction count as one link
//! when the singles stall (bases from the SukakuExplainer wiki's table for SE 1.2.1):
//! - [`Level::Plain`], dynamic forcing chains (8.5): singles only;
//! - [`Level::Plus`], dynamic forcing chains (+) (9.0): also, when the singles stall, the
//!   first of pointing/claiming, hidden pair, naked pair and X-wing on the branch's grid
//!   (Sukaku Explainer's four at its default setting);
//! - [`Level::Forcing`], (+ forcing chains) (9.5): also every static chain in the branch's
//!   grid whose assumption ends in a contradiction;
//! - [`Level::Multiple`], (+ multiple forcing chains) (10.0): also static region and cell
//!   forcing chains in the branch's grid;
//! - [`Level::Dynamic`], (+ dynamic forcing chains) (10.5): also every plain dynamic one.
//!
//! Forms, as in SE: a contradiction (the assumption is false), a double implication (a
//! literal both assumptions reach holds), cell and region chains (every candidate of a
//! cell, or every place of a digit in a house, reaches it). Length: the literals the
//! conclusion rests on (its ancestry), summed over the branches; a literal found by a nested
//! chain weighs that chain's own literals. Difficulty: the level's base plus the SE length
//! surcharge. Invariant: each derived literal records the literals it follows from, so every
//! conclusion is a real implication (unsound steps are caught by the explainer anyway).
//! The search has a work budget per step and polls the caller's [`Stop`].

use super::chains::length_surcharge;
use super::{Board, Difficulty, Literal, Step, Technique, fish, locked, subsets};
use crate::stop::Stop;

const NONE: u32 = u32::MAX;

/// Literals derived (node assertions) one level of one step may spend; past it the best
/// conclusion found so far is taken, or the next level is tried.
const BUDGET: u64 = 3_000_000;

/// How much a branch may use, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Level {
    /// Singles only.
    Plain,
    /// Singles and the basic techniques.
    Plus,
    /// Also static contradiction chains inside the branch.
    Forcing,
    /// Also static region and cell forcing chains inside the branch.
    Multiple,
    /// Also plain dynamic contradiction chains inside the branch.
    Dynamic,
}

impl Level {
    /// Every level, easiest first.
    pub(super) const ALL: [Level; 5] = [
        Level::Plain,
        Level::Plus,
        Level::Forcing,
        Level::Multiple,
        Level::Dynamic,
    ];

    pub(super) fn technique(self) -> Technique {
        match self {
            Level::Plain => Technique::DynamicForcingChain,
            Level::Plus => Technique::DynamicForcingChainPlus,
            Level::Forcing => Technique::NestedForcingChain,
            Level::Multiple => Technique::NestedMultipleForcingChain,
            Level::Dynamic => Technique::NestedDynamicForcingChain,
        }
    }
}

/// How strong links are judged: on the current grid of the branch, or (inside a static
/// nested chain) on the grid as it was when that chain started.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Dynamic,
    Static,
}

/// A derived literal: the literals it follows from (`links[from..to]`) and its weight.
#[derive(Clone, Copy)]
struct Node {
    lit: u32,
    from: u32,
    to: u32,
    weight: u32,
}

/// A point to return to: how many nodes, links, trail entries and processed nodes.
#[derive(Clone, Copy)]
struct Mark {
    nodes: usize,
    links: usize,
    trail: usize,
    head: usize,
}

/// The literals a contradiction rests on directly.
type Conflict = Vec<u32>;

/// The branch state: the grid as the branch sees it and every literal derived.
struct Engine<'a> {
    board: Board,
    n: usize,
    node_of: Vec<u32>,
    nodes: Vec<Node>,
    links: Vec<u32>,
    /// Cells changed: (cell, candidates before, value before).
    trail: Vec<(u32, u64, u8)>,
    /// Nodes before this index have been followed.
    head: usize,
    work: u64,
    polls: u64,
    stop: &'a Stop,
    stopped: bool,
    /// Grid that static nested chains judge strong links on.
    snapshot: Option<Board>,
}

impl<'a> Engine<'a> {
    fn new(board: &Board, stop: &'a Stop) -> Engine<'a> {
        Engine {
            board: board.clone(),
            n: board.n,
            node_of: vec![NONE; board.cand.len() * board.n * 2],
            nodes: Vec::new(),
            links: Vec::new(),
            trail: Vec::new(),
            head: 0,
            work: 0,
            polls: 0,
            stop,
            stopped: false,
            snapshot: None,
        }
    }

    fn lit(&self, c: usize, d: u8, on: bool) -> u32 {
        (((c * self.n + usize::from(d) - 1) * 2) + usize::from(on)) as u32
    }

    fn decode(&self, l: u32) -> (usize, u8, bool) {
        let l = l as usize;
        let v = l / 2;
        (v / self.n, (v % self.n) as u8 + 1, l & 1 == 1)
    }

    fn exhausted(&mut self) -> bool {
        self.polls += 1;
        if self.polls & 255 == 0 && self.stop.should_stop() {
            self.stopped = true;
        }
        self.stopped || self.work > BUDGET
    }

    fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
            links: self.links.len(),
            trail: self.trail.len(),
            head: self.head,
        }
    }

    fn undo(&mut self, mark: Mark) {
        for node in &self.nodes[mark.nodes..] {
            self.node_of[node.lit as usize] = NONE;
        }
        self.nodes.truncate(mark.nodes);
        self.links.truncate(mark.links);
        while self.trail.len() > mark.trail {
            if let Some((c, cand, value)) = self.trail.pop() {
                self.board.cand[c as usize] = cand;
                self.board.value[c as usize] = value;
            }
        }
        self.head = mark.head;
    }

    fn set_cell(&mut self, c: usize, cand: u64, value: u8) {
        self.trail
            .push((c as u32, self.board.cand[c], self.board.value[c]));
        self.board.cand[c] = cand;
        self.board.value[c] = value;
    }

    /// Derives `lit` from `parents`; a contradiction when its negation is already derived.
    fn assert(&mut self, lit: u32, parents: &[u32], weight: u32) -> Result<(), Conflict> {
        if self.node_of[lit as usize] != NONE {
            return Ok(());
        }
        let opposite = self.node_of[(lit ^ 1) as usize];
        if opposite != NONE {
            let mut conflict = parents.to_vec();
            conflict.push(opposite);
            return Err(conflict);
        }
        self.work += 1;
        let id = self.nodes.len() as u32;
        let from = self.links.len() as u32;
        self.links.extend_from_slice(parents);
        self.nodes.push(Node {
            lit,
            from,
            to: self.links.len() as u32,
            weight,
        });
        self.node_of[lit as usize] = id;
        let (c, d, on) = self.decode(lit);
        if !on {
            let cand = self.board.cand[c] & !(1u64 << (d - 1));
            self.set_cell(c, cand, self.board.value[c]);
        }
        Ok(())
    }

    /// The derived "not d" literals of cell `c`.
    fn cell_offs(&self, c: usize) -> Vec<u32> {
        (1..=self.n as u8)
            .map(|d| self.node_of[self.lit(c, d, false) as usize])
            .filter(|&i| i != NONE)
            .collect()
    }

    /// The derived "not d" literals of house `h`, but for cell `except`.
    fn house_offs(&self, h: usize, d: u8, except: usize) -> Vec<u32> {
        self.board.houses[h]
            .iter()
            .filter(|&&x| x != except)
            .map(|&x| self.node_of[self.lit(x, d, false) as usize])
            .filter(|&i| i != NONE)
            .collect()
    }

    /// Follows every derived literal not yet followed.
    fn propagate(&mut self, mode: Mode) -> Result<(), Conflict> {
        while self.head < self.nodes.len() {
            let id = self.head as u32;
            self.head += 1;
            let (c, d, on) = self.decode(self.nodes[id as usize].lit);
            if on {
                for e in Board::digits(self.board.cand[c]) {
                    if e != d {
                        self.assert(self.lit(c, e, false), &[id], 1)?;
                    }
                }
                let peers = self.board.peers.clone();
                for &p in &peers[c] {
                    if self.board.value[p] == 0 && self.board.has(p, d) {
                        self.assert(self.lit(p, d, false), &[id], 1)?;
                    }
                }
                self.set_cell(c, 0, d);
                continue;
            }
            match mode {
                Mode::Dynamic => self.singles_after(c, d)?,
                Mode::Static => self.strong_links(id, c, d)?,
            }
        }
        Ok(())
    }

    /// Dynamic: after `c` lost `d`, the cell or one of its houses may be down to one.
    fn singles_after(&mut self, c: usize, d: u8) -> Result<(), Conflict> {
        if self.board.value[c] == 0 {
            let cand = self.board.cand[c];
            if cand == 0 {
                return Err(self.cell_offs(c));
            }
            if cand.count_ones() == 1 {
                let e = cand.trailing_zeros() as u8 + 1;
                let parents = self.cell_offs(c);
                self.assert(self.lit(c, e, true), &parents, 1)?;
            }
        }
        let cell_houses = self.board.cell_houses[c];
        for &h in cell_houses.iter() {
            if self.board.placed_in(h, d) {
                continue;
            }
            let mask = self.board.positions(h, d);
            match mask.count_ones() {
                0 => return Err(self.house_offs(h, d, usize::MAX)),
                1 => {
                    let x = self.board.houses[h][mask.trailing_zeros() as usize];
                    let parents = self.house_offs(h, d, x);
                    self.assert(self.lit(x, d, true), &parents, 1)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Static: the strong links of the grid the nested chain started from.
    fn strong_links(&mut self, id: u32, c: usize, d: u8) -> Result<(), Conflict> {
        let Some(snap) = self.snapshot.take() else {
            return Ok(());
        };
        let mut targets = Vec::new();
        if snap.cand[c].count_ones() == 2 {
            let e = (snap.cand[c] & !(1u64 << (d - 1))).trailing_zeros() as u8 + 1;
            targets.push((c, e));
        }
        for &h in snap.cell_houses[c].iter() {
            let mask = snap.positions(h, d);
            if mask.count_ones() == 2 {
                for i in Board::digits(mask) {
                    let x = snap.houses[h][usize::from(i) - 1];
                    if x != c {
                        targets.push((x, d));
                    }
                }
            }
        }
        self.snapshot = Some(snap);
        for (x, e) in targets {
            self.assert(self.lit(x, e, true), &[id], 1)?;
        }
        Ok(())
    }

    /// The nodes behind `seeds`, ascending (derivation order).
    fn ancestry(&self, seeds: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack: Vec<u32> = seeds.to_vec();
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i as usize], true) {
                continue;
            }
            let node = self.nodes[i as usize];
            stack.extend_from_slice(&self.links[node.from as usize..node.to as usize]);
        }
        (0..self.nodes.len() as u32)
            .filter(|&i| seen[i as usize])
            .collect()
    }

    fn weight(&self, nodes: &[u32]) -> usize {
        nodes
            .iter()
            .map(|&i| self.nodes[i as usize].weight as usize)
            .sum()
    }

    /// Propagates with everything `level` allows until a contradiction or a standstill.
    fn run(&mut self, level: Level) -> Result<(), Conflict> {
        loop {
            self.propagate(Mode::Dynamic)?;
            if level == Level::Plain || self.exhausted() {
                return Ok(());
            }
            if self.basic()? {
                continue;
            }
            if level >= Level::Forcing && self.nested(Mode::Static)? {
                continue;
            }
            if level == Level::Multiple && self.nested_multiple()? {
                continue;
            }
            if level >= Level::Dynamic && self.nested(Mode::Dynamic)? {
                continue;
            }
            return Ok(());
        }
    }

    /// One basic technique on the branch's grid; its eliminations rest on the derived
    /// literals of its houses' digits and of its cells.
    fn basic(&mut self) -> Result<bool, Conflict> {
        // SE's four (`docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) section 5, at its default "FC+ 0").
        const FINDERS: [fn(&Board) -> Option<Step>; 5] = [
            locked::pointing,
            locked::claiming,
            |b| subsets::hidden(b, 2),
            |b| subsets::naked(b, 2),
            |b| fish::fish(b, 2),
        ];
        let Some(step) = FINDERS.iter().find_map(|find| find(&self.board)) else {
            return Ok(false);
        };
        let n = self.n;
        let houses: Vec<usize> = step
            .houses
            .iter()
            .filter_map(|h| self.board.house_index(h))
            .collect();
        let cells: Vec<usize> = step.cells.iter().map(|c| c.row * n + c.col).collect();
        let parents: Vec<u32> = (0..self.nodes.len() as u32)
            .filter(|&i| {
                let (c, d, _) = self.decode(self.nodes[i as usize].lit);
                cells.contains(&c)
                    || step.digits.contains(&d)
                        && houses.iter().any(|h| self.board.cell_houses[c].contains(h))
            })
            .collect();
        let mut any = false;
        for e in &step.eliminations {
            let c = e.cell.row * n + e.cell.col;
            self.assert(self.lit(c, e.digit, false), &parents, 1)?;
            any = true;
        }
        for p in &step.placements {
            let c = p.cell.row * n + p.cell.col;
            self.assert(self.lit(c, p.digit, true), &parents, 1)?;
            any = true;
        }
        Ok(any)
    }

    /// Static region and cell forcing chains on the branch's grid (from cells of three or
    /// more candidates, and a house's digit from its first place only, as SE's non-dynamic
    /// multiple chains): a literal every branch of a group reaches holds, weighing the
    /// literals of all its branches and resting on the branch's literals they used.
    fn nested_multiple(&mut self) -> Result<bool, Conflict> {
        self.snapshot = Some(self.board.clone());
        let board = &self.board;
        let mut groups: Vec<Vec<u32>> = Vec::new();
        for c in 0..board.cand.len() {
            if board.value[c] == 0 && board.cand[c].count_ones() >= 3 {
                groups.push(
                    Board::digits(board.cand[c])
                        .map(|d| self.lit(c, d, true))
                        .collect(),
                );
            }
        }
        for h in 0..board.houses.len() {
            for d in 1..=self.n as u8 {
                let mask = board.positions(h, d);
                let first = board.houses[h][mask.trailing_zeros() as usize % self.n];
                if mask.count_ones() >= 2 && board.cand[first].count_ones() >= 3 {
                    groups.push(
                        Board::digits(mask)
                            .map(|i| self.lit(board.houses[h][usize::from(i) - 1], d, true))
                            .collect(),
                    );
                }
            }
        }
        let start = self.mark();
        let mut found: Vec<(u32, Vec<u32>, u32)> = Vec::new();
        for group in groups {
            if self.exhausted() {
                break;
            }
            // What every branch reaches (a contradicting branch would have been a nested
            // contradiction, tried before this).
            let mut common: Option<Vec<u32>> = None;
            for &lit in &group {
                self.assert(lit, &[], 1)?;
                let reached: Option<Vec<u32>> = self.propagate(Mode::Static).ok().map(|()| {
                    let mut lits: Vec<u32> = self.nodes[start.nodes + 1..]
                        .iter()
                        .map(|n| n.lit)
                        .collect();
                    lits.sort_unstable();
                    lits
                });
                self.undo(start);
                common = match (common, reached) {
                    (None, Some(r)) => Some(r),
                    (Some(c), Some(r)) => Some(
                        c.into_iter()
                            .filter(|l| r.binary_search(l).is_ok())
                            .collect(),
                    ),
                    _ => None,
                };
                if common.as_ref().is_none_or(Vec::is_empty) {
                    break;
                }
            }
            let Some(common) = common.filter(|c| !c.is_empty()) else {
                continue;
            };
            let conclusion = common[0];
            let (mut parents, mut weight) = (Vec::new(), 1u32);
            for &lit in &group {
                self.assert(lit, &[], 1)?;
                if self.propagate(Mode::Static).is_ok() {
                    let id = self.node_of[conclusion as usize];
                    let all = self.ancestry(&[id]);
                    let (inner, outer): (Vec<u32>, Vec<u32>) =
                        all.into_iter().partition(|&i| i as usize >= start.nodes);
                    weight += self.weight(&inner) as u32;
                    parents.extend(outer);
                }
                self.undo(start);
            }
            parents.sort_unstable();
            parents.dedup();
            found.push((conclusion, parents, weight));
        }
        self.snapshot = None;
        let any = !found.is_empty();
        for (lit, parents, weight) in found {
            self.assert(lit, &parents, weight)?;
        }
        Ok(any)
    }

    /// Every candidate of the branch's grid assumed in turn, followed by static links
    /// (`Mode::Static`) or by plain dynamic ones: each contradiction removes it, weighing
    /// the literals of its own chain and resting on the branch's literals it used.
    fn nested(&mut self, mode: Mode) -> Result<bool, Conflict> {
        if mode == Mode::Static {
            self.snapshot = Some(self.board.clone());
        }
        let start = self.mark();
        let mut found: Vec<(u32, Vec<u32>, u32)> = Vec::new();
        for c in 0..self.board.cand.len() {
            if self.board.value[c] != 0 {
                continue;
            }
            for d in Board::digits(self.board.cand[c]) {
                if self.exhausted() {
                    break;
                }
                let lit = self.lit(c, d, true);
                self.assert(lit, &[], 1)?;
                let result = match mode {
                    Mode::Static => self.propagate(Mode::Static),
                    Mode::Dynamic => self.propagate(Mode::Dynamic),
                };
                if let Err(conflict) = result {
                    let all = self.ancestry(&conflict);
                    let (inner, outer): (Vec<u32>, Vec<u32>) =
                        all.into_iter().partition(|&i| i as usize >= start.nodes);
                    let weight = self.weight(&inner) as u32 + 1;
                    found.push((lit ^ 1, outer, weight));
                }
                self.undo(start);
            }
        }
        self.snapshot = None;
        let any = !found.is_empty();
        for (lit, parents, weight) in found {
            self.assert(lit, &parents, weight)?;
        }
        Ok(any)
    }
}

/// A conclusion and the branches that prove it.
struct Found {
    conclusion: u32,
    length: usize,
    branches: Vec<Vec<Literal>>,
    reasoning: &'static str,
}

/// The easiest dynamic chain step at the easiest level that has one (levels are tried in
/// order and the first that concludes anything is taken), or `None`.
pub(super) fn dynamic_chain(
    board: &Board,
    allowed: &dyn Fn(Technique) -> bool,
    bound: Option<Difficulty>,
    stop: &Stop,
) -> Option<Step> {
    let mut engine = Engine::new(board, stop);
    for level in Level::ALL {
        let technique = level.technique();
        if !allowed(technique) || bound.is_some_and(|b| b <= technique.base()) {
            return None;
        }
        // Each level has its own budget: one that runs out passes the step to the next.
        engine.work = 0;
        if let Some(found) = search(&mut engine, level) {
            let difficulty = Difficulty(technique.base().0 + length_surcharge(found.length));
            if bound.is_some_and(|b| b <= difficulty) {
                return None;
            }
            let (c, d, on) = engine.decode(found.conclusion);
            let mut step = Step::new(technique);
            step.difficulty = difficulty;
            if on {
                step.placements.push(board.candidate(c, d));
            } else {
                step.eliminations.push(board.candidate(c, d));
            }
            step.chains = found.branches;
            step.reasoning = Some(found.reasoning);
            return Some(step);
        }
        if engine.stopped {
            return None;
        }
    }
    None
}

/// The branch from `start` (left in the engine; the caller undoes it).
fn branch(engine: &mut Engine, start: u32, level: Level) -> Result<(), Conflict> {
    engine.assert(start, &[], 1)?;
    engine.run(level)
}

fn literals(engine: &Engine, nodes: &[u32]) -> Vec<Literal> {
    nodes
        .iter()
        .map(|&i| {
            let (c, d, on) = engine.decode(engine.nodes[i as usize].lit);
            Literal {
                cell: engine.board.cell(c),
                digit: d,
                on,
            }
        })
        .collect()
}

/// The lengths of the proofs of `lits` in the branch from `start` (`None` when one is not
/// reached), and the literals of the proof of `lits[chosen]` when asked.
fn proofs(
    engine: &mut Engine,
    start: u32,
    lits: &[u32],
    level: Level,
    chosen: Option<usize>,
) -> Option<(Vec<usize>, Vec<Literal>)> {
    let mark = engine.mark();
    let result = branch(engine, start, level).ok().and_then(|()| {
        let mut lengths = Vec::with_capacity(lits.len());
        for &lit in lits {
            let id = engine.node_of[lit as usize];
            if id == NONE {
                return None;
            }
            lengths.push(engine.weight(&engine.ancestry(&[id])));
        }
        let chain = chosen
            .map(|i| {
                literals(
                    engine,
                    &engine.ancestry(&[engine.node_of[lits[i] as usize]]),
                )
            })
            .unwrap_or_default();
        Some((lengths, chain))
    });
    engine.undo(mark);
    result
}

fn keep(best: &mut Option<Found>, found: Found) {
    if best.as_ref().is_none_or(|b| found.length < b.length) {
        *best = Some(found);
    }
}

/// Every form at one level; the shortest conclusion.
fn search(engine: &mut Engine, level: Level) -> Option<Found> {
    let base = engine.board.clone();
    let cells = base.cand.len();
    let mut best: Option<Found> = None;
    // Literals each "true" branch reaches, for cell and region chains.
    let mut on_sets: Vec<Option<Vec<u32>>> = vec![None; cells * base.n];
    for c in 0..cells {
        for d in Board::digits(base.cand[c]) {
            if engine.exhausted() {
                return best;
            }
            let (on, off) = (engine.lit(c, d, true), engine.lit(c, d, false));
            let mark = engine.mark();
            // Contradictions, else the literals each assumption reaches.
            let mut sets: [Option<Vec<u32>>; 2] = [None, None];
            for (k, start) in [on, off].into_iter().enumerate() {
                match branch(engine, start, level) {
                    Err(conflict) => {
                        let nodes = engine.ancestry(&conflict);
                        keep(
                            &mut best,
                            Found {
                                conclusion: start ^ 1,
                                length: engine.weight(&nodes) + 1,
                                branches: vec![literals(engine, &nodes)],
                                reasoning: "contradiction",
                            },
                        );
                    }
                    Ok(()) => {
                        let mut lits: Vec<u32> = engine.nodes[mark.nodes + 1..]
                            .iter()
                            .map(|n| n.lit)
                            .collect();
                        lits.sort_unstable();
                        sets[k] = Some(lits);
                    }
                }
                engine.undo(mark);
            }
            let [on_set, off_set] = sets;
            // Double implication: reached both ways.
            if let (Some(a), Some(b)) = (&on_set, &off_set) {
                let shared: Vec<u32> = a
                    .iter()
                    .copied()
                    .filter(|l| b.binary_search(l).is_ok())
                    .collect();
                if let Some(found) = both_ways(engine, &[on, off], &shared, level) {
                    keep(
                        &mut best,
                        Found {
                            reasoning: "both ways",
                            ..found
                        },
                    );
                }
            }
            on_sets[c * base.n + usize::from(d) - 1] = on_set;
        }
    }
    // Cell and region chains: every branch of a cell, or of a digit's places in a house.
    let mut groups: Vec<(Vec<(usize, u8)>, &'static str)> = Vec::new();
    for c in 0..cells {
        if base.cand[c].count_ones() >= 2 {
            groups.push((
                Board::digits(base.cand[c]).map(|d| (c, d)).collect(),
                "every digit",
            ));
        }
    }
    for h in 0..base.houses.len() {
        for d in 1..=base.n as u8 {
            let mask = base.positions(h, d);
            if mask.count_ones() >= 2 {
                let places = Board::digits(mask)
                    .map(|i| (base.houses[h][usize::from(i) - 1], d))
                    .collect();
                groups.push((places, "every place"));
            }
        }
    }
    for (group, reasoning) in groups {
        if engine.exhausted() {
            break;
        }
        let sets: Option<Vec<&Vec<u32>>> = group
            .iter()
            .map(|&(c, d)| on_sets[c * base.n + usize::from(d) - 1].as_ref())
            .collect();
        let Some(sets) = sets else { continue };
        let starts: Vec<u32> = group.iter().map(|&(c, d)| engine.lit(c, d, true)).collect();
        let shared: Vec<u32> = sets[0]
            .iter()
            .copied()
            .filter(|l| sets[1..].iter().all(|s| s.binary_search(l).is_ok()))
            .filter(|l| !starts.contains(l) && !starts.contains(&(l ^ 1)))
            .collect();
        if let Some(found) = both_ways(engine, &starts, &shared, level) {
            keep(&mut best, Found { reasoning, ..found });
        }
    }
    best
}

/// Of the literals every branch reaches, the one with the shortest proofs in all.
fn both_ways(engine: &mut Engine, starts: &[u32], shared: &[u32], level: Level) -> Option<Found> {
    if shared.is_empty() {
        return None;
    }
    let mut total = vec![0usize; shared.len()];
    for &start in starts {
        let (lengths, _) = proofs(engine, start, shared, level, None)?;
        for (t, l) in total.iter_mut().zip(lengths) {
            *t += l;
        }
    }
    let (chosen, &length) = total.iter().enumerate().min_by_key(|&(_, &l)| l)?;
    let mut branches = Vec::new();
    for &start in starts {
        branches.push(proofs(engine, start, shared, level, Some(chosen))?.1);
    }
    Some(Found {
        conclusion: shared[chosen],
        length,
        branches,
        reasoning: "",
    })
}
