//! Deduction for Yajilin: which cells are shaded, which lie on the loop, and which links
//! the loop uses, decided before any search by the rules a solver by hand uses. Every rule
//! below decides a cell or a link only when no solution of the present state has it
//! otherwise, so:
//! - a decided cell or link has that value in every solution;
//! - a contradiction means there is no solution;
//! - when every cell and link is decided, that grid is the only solution (every step was
//!   forced; the caller confirms it with its checker).
//!
//! The board is the cell graph of `cnf.rs` (`Graph::grid`). A solution shades some free
//! cells, no two side by side, and every other free cell has exactly two on links, the on
//! links making one cycle; clue cells have no link; each arrow's line holds its number of
//! shaded cells.
//!
//! Glossary:
//! - **cell**: a clue, or free and then **shaded**, **loop** (on the loop) or unknown;
//!   **link**: on, off or unknown;
//! - **line**: a set of free cells in a row of the grid with the number of shaded cells it
//!   holds: the cells an arrow points at with its number, and, for two numbered arrows
//!   pointing the same way with the second in the first's line, the cells between them
//!   with the difference of their numbers (the second's cells are part of the first's);
//! - **run**: a maximal stretch of unknown cells side by side in a line;
//! - **path**: a maximal chain of on links; its **ends** are the cells with one on link.
//!
//! The rules (stated in `encodings/yajilin.md`, "Deduction"):
//! - **cell** (bookkeeping, always on): a clue cell has every link off; a free cell with
//!   an on link is loop; a loop cell has two on links (two make its others off; exactly two
//!   not off are both on); a cell with fewer than two links not off is shaded; a shaded
//!   cell has every link off and its free neighbours are loop. A third on link, or an on
//!   link at a shaded cell, is a contradiction;
//! - **arrow** ([`Rule::Arrow`]): a line with `s` shaded cells and runs of lengths `m_i`
//!   holds between `s` and `s + Σ ⌈m_i/2⌉` (shaded cells apart); its number outside that
//!   range is a contradiction (checked always). At the low end the unknown cells are loop;
//!   at the high end each run of odd length is shaded at its first, third, … cell (the only
//!   way to put `⌈m/2⌉` cells apart in it; the cells between follow by the cell rule);
//! - **loop** ([`Rule::Loop`]): an unknown link joining the two ends of one path would
//!   close a cycle, which must then be the whole loop: it is off unless the path holds
//!   every loop cell. An on link that closes a cycle otherwise is a contradiction; one
//!   that closes the whole loop makes every unknown cell shaded;
//! - **reach** ([`Rule::Reach`]): the loop cells are connected through links not off and
//!   cells not shaded, so two loop cells apart in that graph are a contradiction, and an
//!   unknown cell apart from the loop cells is shaded;
//! - **probe** ([`Rule::Probe`]): an unknown cell (or a link at a loop cell) set one way
//!   whose consequences under the local rules (cell, arrow, loop) and reach contradict is
//!   the other way; what both ways lead to holds either way. A cell whose shading would cut
//!   the loop cells apart is thus loop.
//!
//! The local rules run to their fixpoint after every change; reach then, and probing when
//! it decides nothing (the cells first, the links when the cells decide nothing); back to
//! the local rules after any change. Each pass is polynomial: a probe costs one fixpoint
//! of the local rules and reach, a pass probes each cell or link once, and every pass but
//! the last decides something.
//!
//! Invariants of `State`: `on`, `off` and `loop_cells` match `link` and `cell`; every free
//! cell with an on link is loop and every free neighbour of a shaded cell is loop (both
//! set eagerly); `paths` holds the on links' paths, weighed by their cells
//! (`constraints::paths`); `closed` is set once the on links closed a cycle; `trail` undoes
//! every change in reverse order, so a probe returns exactly to its start.

use super::{Arrow, SHADED, Yajilin};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
use crate::constraints::paths::{Join, Links, OFF, ON, Paths, Saved, UNKNOWN};
use crate::constraints::probe::{Contradiction, Probing, Step, Trial};
use crate::puzzles::pearl::{DOWN, LEFT, RIGHT, UP};
use crate::stop::Stop;
use crate::util::dsf::Dsf;

/// One of the rules (module docs); the cell bookkeeping always runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A line's count met, or needing every run at its fullest.
    Arrow,
    /// No premature loop.
    Loop,
    /// Cells apart from the loop's are shaded.
    Reach,
    /// A value whose local consequences contradict is the other one.
    Probe,
}

impl Rule {
    /// Every rule, cheapest first.
    pub const ALL: [Rule; 4] = [Rule::Arrow, Rule::Loop, Rule::Reach, Rule::Probe];
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No solution.
    Contradiction,
    /// The links and cells decided.
    Facts(Facts),
}

/// Per link (the edges of `Graph::grid`) and per cell: decided or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    width: usize,
    height: usize,
    /// Per link, `Some(true)` on the loop.
    pub links: Vec<Option<bool>>,
    /// Per cell (row-major), `Some(true)` shaded, `Some(false)` not (a loop or clue cell).
    pub shaded: Vec<Option<bool>>,
}

impl Facts {
    /// How many links and cells are undecided.
    pub fn open(&self) -> usize {
        self.links.iter().filter(|l| l.is_none()).count()
            + self.shaded.iter().filter(|c| c.is_none()).count()
    }

    /// The directions decided at `cell`: those the loop leaves it by, and those it does
    /// not (a direction off the board counts as decided not).
    pub fn directions(&self, cell: usize) -> (u32, u32) {
        let (mut on, mut off) = (0, 0);
        for bit in [RIGHT, UP, LEFT, DOWN] {
            match link(self.width, self.height, cell, bit).map(|l| self.links[l]) {
                Some(Some(true)) => on |= bit,
                Some(Some(false)) | None => off |= bit,
                Some(None) => {}
            }
        }
        (on, off)
    }

    /// The solution's grid (direction bits, [`SHADED`], 0 for a clue) when every link and
    /// cell is decided.
    pub fn grid(&self) -> Option<Grid> {
        if self.open() > 0 {
            return None;
        }
        let values = (0..self.shaded.len())
            .map(|cell| {
                if self.shaded[cell] == Some(true) {
                    return SHADED;
                }
                [RIGHT, UP, LEFT, DOWN]
                    .into_iter()
                    .filter(|&bit| {
                        link(self.width, self.height, cell, bit)
                            .is_some_and(|l| self.links[l] == Some(true))
                    })
                    .sum()
            })
            .collect();
        Some(Grid::new(self.width, values))
    }
}

/// The link of `Graph::grid(w, h)` leaving `cell` by direction `bit`, if inside the grid:
/// the horizontal links row by row, then the vertical ones.
fn link(w: usize, h: usize, cell: usize, bit: u32) -> Option<usize> {
    let (r, c) = (cell / w, cell % w);
    let horizontal = h * (w - 1);
    match bit {
        RIGHT => (c + 1 < w).then(|| r * (w - 1) + c),
        LEFT => (c > 0).then(|| r * (w - 1) + c - 1),
        DOWN => (r + 1 < h).then(|| horizontal + r * w + c),
        _ => (r > 0).then(|| horizontal + (r - 1) * w + c),
    }
}

/// Runs the cell bookkeeping and `rules` to their fixpoint.
pub fn deduce(p: &Yajilin, rules: &[Rule]) -> Deduction {
    deduce_until(p, rules, &Stop::never())
}

/// [`deduce`], probing until `stop` fires (`constraints::probe`): what it proved by then.
pub fn deduce_until(p: &Yajilin, rules: &[Rule], stop: &Stop) -> Deduction {
    let (w, h) = p.size();
    let graph = Graph::grid(w, h);
    let mut state = State::new(p, &graph, rules);
    state.stop = stop.clone();
    match state.solve(p) {
        Ok(()) => Deduction::Facts(state.facts()),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

/// Cell values besides `UNKNOWN`.
const SHADE: i8 = 1;
const LOOP: i8 = 2;
const CLUE: i8 = 3;

/// One change, undone by [`State::undo_to`].
enum Undo {
    Link(usize),
    Cell(usize),
    /// A path end's entries before a join.
    End(Saved),
    Closed,
}

/// Work for the local rules.
#[derive(Clone, Copy)]
enum Work {
    Node(usize),
    Line(usize),
    End(usize),
}

/// A line (module docs): its cells in order along it (clue cells included, they break
/// runs) and the shaded cells it holds.
struct Line {
    cells: Vec<usize>,
    need: usize,
}

struct State<'g> {
    graph: &'g Graph,
    width: usize,
    height: usize,
    arrow: bool,
    loops: bool,
    reach: bool,
    probe: bool,
    cell: Vec<i8>,
    /// Cells decided loop.
    loop_cells: usize,
    lines: Vec<Line>,
    /// Per cell, the lines holding it.
    lines_at: Vec<Vec<usize>>,
    /// The links decided, and their paths weighed by their cells.
    links: Links,
    closed: bool,
    /// An arrow whose number cannot be met whatever the cells (more than its line holds,
    /// or fewer than a later arrow's): a contradiction at the start.
    impossible: bool,
    trail: Vec<Undo>,
    work: Vec<Work>,
    /// When probing gives up (never, unless [`deduce_until`] is given a stop).
    stop: Stop,
}

/// The lines of `p` (module docs).
fn lines(p: &Yajilin) -> (Vec<Line>, bool) {
    let clues = p.clues();
    let mut out = Vec::new();
    let mut impossible = false;
    for (i, clue) in clues.iter().enumerate() {
        let Some(clue) = clue else { continue };
        let (Some(n), true) = (clue.number, clue.arrow != Arrow::None) else {
            continue;
        };
        let cells = p.pointed(i);
        // The nearest numbered clue in the line pointing the same way: the cells before it
        // hold the difference.
        let same_way =
            |j: usize| clues[j].is_some_and(|c| c.arrow == clue.arrow && c.number.is_some());
        let next = cells.iter().position(|&j| same_way(j));
        if let Some(k) = next {
            let m = clues[cells[k]].and_then(|c| c.number).unwrap_or(0);
            match n.checked_sub(m) {
                Some(d) => out.push(Line {
                    cells: cells[..k].to_vec(),
                    need: d as usize,
                }),
                None => impossible = true,
            }
        }
        out.push(Line {
            cells,
            need: n as usize,
        });
    }
    (out, impossible)
}

impl<'g> State<'g> {
    fn new(p: &Yajilin, graph: &'g Graph, rules: &[Rule]) -> State<'g> {
        let (w, h) = p.size();
        let cells = w * h;
        let links = graph.edges().len();
        let (lines, impossible) = lines(p);
        let mut lines_at = vec![Vec::new(); cells];
        for (l, line) in lines.iter().enumerate() {
            for &v in &line.cells {
                lines_at[v].push(l);
            }
        }
        State {
            graph,
            width: w,
            height: h,
            arrow: rules.contains(&Rule::Arrow),
            loops: rules.contains(&Rule::Loop),
            reach: rules.contains(&Rule::Reach),
            probe: rules.contains(&Rule::Probe),
            cell: p
                .clues()
                .iter()
                .map(|c| if c.is_some() { CLUE } else { UNKNOWN })
                .collect(),
            loop_cells: 0,
            lines,
            lines_at,
            links: Links::new(links, Paths::new(vec![1; cells], &[])),
            closed: false,
            impossible,
            trail: Vec::new(),
            work: Vec::new(),
            stop: Stop::never(),
        }
    }

    fn facts(&self) -> Facts {
        Facts {
            width: self.width,
            height: self.height,
            links: self
                .links
                .value
                .iter()
                .map(|&v| (v != UNKNOWN).then_some(v == ON))
                .collect(),
            shaded: self
                .cell
                .iter()
                .map(|&v| (v != UNKNOWN).then_some(v == SHADE))
                .collect(),
        }
    }

    /// The clue cells' links off, then every rule to its fixpoint.
    fn solve(&mut self, p: &Yajilin) -> Step {
        self.start(p)?;
        self.work.extend((0..self.cell.len()).map(Work::Node));
        self.work.extend((0..self.lines.len()).map(Work::Line));
        self.propagate_all()?;
        loop {
            let before = self.trail.len();
            if self.reach {
                self.reach_rule()?;
            }
            if self.trail.len() != before {
                self.propagate_all()?;
                continue;
            }
            if !self.probe || !(self.probe_pass(false)? || self.probe_pass(true)?) {
                return Ok(());
            }
        }
    }

    /// What holds before any rule: a clue cell has no link; an arrow off the grid asks
    /// for nothing.
    fn start(&mut self, p: &Yajilin) -> Step {
        if self.impossible {
            return Err(Contradiction);
        }
        for (i, clue) in p.clues().iter().enumerate() {
            let Some(clue) = clue else { continue };
            if clue.arrow != Arrow::None
                && clue.number.is_some_and(|n| n > 0)
                && p.pointed(i).is_empty()
            {
                return Err(Contradiction);
            }
            self.set_links_at(i, false)?;
        }
        Ok(())
    }

    /// [`State::propagate`] with every path end tested for a premature loop.
    fn propagate_all(&mut self) -> Step {
        let ends = (0..self.cell.len())
            .filter(|&v| self.links.on[v] == 1)
            .map(Work::End);
        self.work.extend(ends);
        self.propagate()
    }

    /// The local rules to their fixpoint, then reach (when on) and back, until neither
    /// changes anything: what a probe's consequences are.
    fn settle(&mut self) -> Step {
        loop {
            self.propagate()?;
            if !self.reach {
                return Ok(());
            }
            let before = self.trail.len();
            self.reach_rule()?;
            if self.trail.len() == before {
                return Ok(());
            }
        }
    }

    /// The local rules (cell, arrow, loop) until no work is left.
    fn propagate(&mut self) -> Step {
        while let Some(w) = self.work.pop() {
            match w {
                Work::Node(v) => self.cell_rule(v)?,
                Work::Line(l) => self.arrow_rule(l)?,
                Work::End(v) => self.loop_rule(v)?,
            }
        }
        Ok(())
    }

    /// Sets free cell `v` shaded or loop; a shaded cell's free neighbours become loop.
    fn set_cell(&mut self, v: usize, want: i8) -> Step {
        if self.cell[v] != UNKNOWN {
            return if self.cell[v] == want {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        if want == LOOP && self.closed {
            // The closed cycle is the whole loop.
            return Err(Contradiction);
        }
        self.cell[v] = want;
        self.trail.push(Undo::Cell(v));
        if want == LOOP {
            self.loop_cells += 1;
        }
        for k in 0..self.lines_at[v].len() {
            self.work.push(Work::Line(self.lines_at[v][k]));
        }
        self.work.push(Work::Node(v));
        if want == SHADE {
            let graph = self.graph;
            for &(n, _) in graph.adjacent(v) {
                if self.cell[n] != CLUE {
                    self.set_cell(n, LOOP)?;
                }
            }
        }
        Ok(())
    }

    /// Sets link `e` on or off, keeping the paths.
    fn set_link(&mut self, e: usize, on: bool) -> Step {
        let want = if on { ON } else { OFF };
        if self.links.value[e] != UNKNOWN {
            return if self.links.value[e] == want {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        let (a, b) = self.graph.edges()[e];
        let mut closing = false;
        if on {
            if self.links.on[a] >= 2 || self.links.on[b] >= 2 {
                return Err(Contradiction);
            }
            self.set_cell(a, LOOP)?;
            self.set_cell(b, LOOP)?;
            let trail = &mut self.trail;
            match self
                .links
                .paths
                .link(a, b, 0, |saved| trail.push(Undo::End(saved)))
            {
                Join::Closes { weight, .. } => {
                    // `a` and `b` end one path: the link closes it, and that cycle must be
                    // the whole loop.
                    if weight != self.loop_cells || self.closed {
                        return Err(Contradiction);
                    }
                    self.closed = true;
                    self.trail.push(Undo::Closed);
                    closing = true;
                }
                Join::Joined { end } => self.work.push(Work::End(end)),
            }
        }
        self.links.decide(e, (a, b), on);
        self.trail.push(Undo::Link(e));
        self.work.extend([Work::Node(a), Work::Node(b)]);
        if closing {
            // Every other free cell is shaded (its links follow by the cell rule).
            for v in 0..self.cell.len() {
                if self.cell[v] == UNKNOWN {
                    self.set_cell(v, SHADE)?;
                }
            }
        }
        Ok(())
    }

    /// Undoes the trail down to `mark` and drops pending work.
    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Link(e)) => self.links.undecide(e, self.graph.edges()[e]),
                Some(Undo::Cell(v)) => {
                    if self.cell[v] == LOOP {
                        self.loop_cells -= 1;
                    }
                    self.cell[v] = UNKNOWN;
                }
                Some(Undo::End(saved)) => self.links.paths.restore(saved),
                Some(Undo::Closed) => self.closed = false,
                None => break,
            }
        }
        self.work.clear();
    }

    /// Sets every unknown link at cell `v` on or off.
    fn set_links_at(&mut self, v: usize, on: bool) -> Step {
        let graph = self.graph;
        for &(_, e) in graph.adjacent(v) {
            if self.links.value[e] == UNKNOWN {
                self.set_link(e, on)?;
            }
        }
        Ok(())
    }

    /// The cell rule (module docs) at cell `v`.
    fn cell_rule(&mut self, v: usize) -> Step {
        let degree = self.graph.adjacent(v).len() as u8;
        let (on, possible) = (self.links.on[v], degree - self.links.off[v]);
        match self.cell[v] {
            CLUE => return Ok(()),
            _ if on > 2 || (possible < 2 && on > 0) => return Err(Contradiction),
            _ if possible < 2 => self.set_cell(v, SHADE)?,
            _ => {}
        }
        match self.cell[v] {
            SHADE => self.set_links_at(v, false),
            LOOP if on == 2 => self.set_links_at(v, false),
            LOOP if possible == 2 => self.set_links_at(v, true),
            _ => Ok(()),
        }
    }

    /// The arrow rule (module docs) for line `l`: the bounds always, the forcing when the
    /// rule is on.
    fn arrow_rule(&mut self, l: usize) -> Step {
        let line = &self.lines[l];
        let (mut shaded, mut most, mut run) = (0usize, 0usize, 0usize);
        for &v in &line.cells {
            match self.cell[v] {
                UNKNOWN => run += 1,
                c => {
                    shaded += usize::from(c == SHADE);
                    most += run.div_ceil(2);
                    run = 0;
                }
            }
        }
        most += shaded + run.div_ceil(2);
        let need = line.need;
        if shaded > need || most < need {
            return Err(Contradiction);
        }
        if !self.arrow || shaded == most {
            return Ok(());
        }
        let mut set: Vec<(usize, i8)> = Vec::new();
        if shaded == need {
            set.extend(
                line.cells
                    .iter()
                    .filter(|&&v| self.cell[v] == UNKNOWN)
                    .map(|&v| (v, LOOP)),
            );
        } else if most == need {
            // Each run of odd length at its fullest: its first, third, … cell shaded.
            let mut start = 0;
            for (k, &v) in line.cells.iter().enumerate() {
                if self.cell[v] != UNKNOWN {
                    start = k + 1;
                    continue;
                }
                let last = line
                    .cells
                    .get(k + 1)
                    .is_none_or(|&n| self.cell[n] != UNKNOWN);
                if last && (k + 1 - start) % 2 == 1 {
                    set.extend(line.cells[start..=k].iter().step_by(2).map(|&c| (c, SHADE)));
                }
            }
        }
        for (v, value) in set {
            self.set_cell(v, value)?;
        }
        Ok(())
    }

    /// The loop rule (module docs) for the path ending at `v`.
    fn loop_rule(&mut self, v: usize) -> Step {
        if !self.loops || self.links.on[v] != 1 {
            return Ok(());
        }
        let u = self.links.paths.other_end(v);
        let graph = self.graph;
        let Some(&(_, e)) = graph
            .adjacent(v)
            .iter()
            .find(|&&(n, e)| n == u && self.links.value[e] == UNKNOWN)
        else {
            return Ok(());
        };
        if self.links.paths.weight(v) == self.loop_cells {
            return Ok(());
        }
        self.set_link(e, false)
    }

    /// The reach rule (module docs): the components of the cells not shaded nor clues
    /// joined by links not off.
    fn reach_rule(&mut self) -> Step {
        let cells = self.cell.len();
        let open = |v: usize| self.cell[v] == UNKNOWN || self.cell[v] == LOOP;
        let mut dsf = Dsf::new(cells);
        for (e, &(a, b)) in self.graph.edges().iter().enumerate() {
            if self.links.value[e] != OFF && open(a) && open(b) {
                dsf.union(a, b);
            }
        }
        let Some(first) = (0..cells).find(|&v| self.cell[v] == LOOP) else {
            return Ok(());
        };
        let root = dsf.find(first);
        let mut apart = Vec::new();
        for v in 0..cells {
            if open(v) && dsf.find(v) != root {
                if self.cell[v] == LOOP {
                    return Err(Contradiction);
                }
                apart.push(v);
            }
        }
        for v in apart {
            self.set_cell(v, SHADE)?;
        }
        Ok(())
    }

    /// One probing pass over the unknown cells, or (`links`) the unknown links at loop
    /// cells; whether it decided anything. Variables of [`Trial`]: the cells, then the
    /// links.
    fn probe_pass(&mut self, links: bool) -> Result<bool, Contradiction> {
        let cells = self.cell.len();
        let mut probing = Probing::new(cells + self.links.value.len(), &self.stop);
        let mut progress = false;
        if links {
            for e in 0..self.links.value.len() {
                let (a, b) = self.graph.edges()[e];
                if self.links.value[e] == UNKNOWN && (self.cell[a] == LOOP || self.cell[b] == LOOP)
                {
                    progress |= probing.probe(self, cells + e, [ON, OFF])?;
                }
            }
        } else {
            for v in 0..cells {
                if self.cell[v] == UNKNOWN {
                    progress |= probing.probe(self, v, [SHADE, LOOP])?;
                }
            }
        }
        Ok(progress)
    }
}

/// Probing's view of the state: the cells (shaded, loop or unknown), then the links (on,
/// off or unknown); a trial runs the local rules and reach ([`State::settle`]).
impl Trial for State<'_> {
    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo_to(&mut self, mark: usize) {
        State::undo_to(self, mark);
    }

    fn changed_since(&self, mark: usize) -> Vec<usize> {
        let cells = self.cell.len();
        self.trail[mark..]
            .iter()
            .filter_map(|undo| match *undo {
                Undo::Cell(v) => Some(v),
                Undo::Link(e) => Some(cells + e),
                _ => None,
            })
            .collect()
    }

    fn value(&self, var: usize) -> i8 {
        match var.checked_sub(self.cell.len()) {
            None => self.cell[var],
            Some(e) => self.links.value[e],
        }
    }

    fn set(&mut self, var: usize, value: i8) -> Step {
        match var.checked_sub(self.cell.len()) {
            None => self.set_cell(var, value),
            Some(e) => self.set_link(e, value == ON),
        }
    }

    fn settle(&mut self) -> Step {
        State::settle(self)
    }

    fn propagate_all(&mut self) -> Step {
        State::propagate_all(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::yajilin::parse;

    fn puzzle(text: &str) -> Yajilin {
        parse(text).remove(0).expect("the puzzle reads").1
    }

    fn facts(p: &Yajilin, rules: &[Rule]) -> Facts {
        match deduce(p, rules) {
            Deduction::Facts(f) => f,
            Deduction::Contradiction => panic!("contradiction"),
        }
    }

    /// A state after the clue cells' links, no rule run yet.
    fn started<'g>(p: &Yajilin, graph: &'g Graph) -> State<'g> {
        let mut s = State::new(p, graph, &Rule::ALL);
        s.start(p).expect("the clues agree");
        s.work.clear();
        s
    }

    fn graph(p: &Yajilin) -> Graph {
        let (w, h) = p.size();
        Graph::grid(w, h)
    }

    #[test]
    fn cell_rule_shades_dead_ends_and_keeps_the_loop_going() {
        // 1×3, a clue in the middle: both free cells have no link left, so are shaded;
        // no loop at all is the one solution.
        let p = puzzle("yajilin\n. ? .\n");
        let f = facts(&p, &[]);
        assert_eq!(f.shaded, vec![Some(true), Some(false), Some(true)]);
        let grid = f.grid().expect("decided");
        assert_eq!(super::super::check::verify(&p, &grid), Ok(()));
        // 3×3 free: a shaded corner makes its neighbours loop; each has then two links
        // not off, both on.
        let p = puzzle("yajilin\n. . .\n. . .\n. . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, SHADE).unwrap();
        s.propagate().unwrap();
        assert_eq!((s.cell[1], s.cell[3]), (LOOP, LOOP));
        for bit in [RIGHT, DOWN] {
            assert_eq!(s.links.value[link(3, 3, 1, bit).unwrap()], ON);
            assert_eq!(s.links.value[link(3, 3, 3, bit).unwrap()], ON);
        }
        assert_eq!(s.links.value[link(3, 3, 0, RIGHT).unwrap()], OFF);
        // Two shaded cells side by side: a contradiction.
        let mut s = started(&p, &g);
        s.set_cell(0, SHADE).unwrap();
        assert!(s.set_cell(1, SHADE).is_err());
    }

    #[test]
    fn arrow_rule_fills_a_full_line_and_clears_a_met_one() {
        // A run of three cells between `2>` and two clues holds two shaded cells apart:
        // its first and last.
        let row = ". . . . . . .\n";
        let text = format!("yajilin\n{row}{row}. 2> . . . ? ?\n{row}{row}");
        let p = puzzle(&text);
        assert_eq!(facts(&p, &[]).shaded[16..19], [None, None, None]);
        let f = facts(&p, &[Rule::Arrow]);
        assert_eq!(f.shaded[16..19], [Some(true), Some(false), Some(true)]);
        // Met by nothing: every cell in the line is loop.
        let p = puzzle(&text.replace("2>", "0>"));
        let f = facts(&p, &[Rule::Arrow]);
        assert_eq!(f.shaded[16..19], [Some(false); 3]);
        // More than the line holds apart: a contradiction even without the rule.
        let p = puzzle(&text.replace("2>", "3>"));
        assert_eq!(deduce(&p, &[]), Deduction::Contradiction);
        // Two arrows the same way in one line: the cells between hold the difference.
        let p = puzzle("yajilin\n. . . . . . .\n1> . . 1> . . .\n. . . . . . .\n");
        let (found, impossible) = lines(&p);
        assert!(!impossible);
        let g = graph(&p);
        let mut s = started(&p, &g);
        let l = found
            .iter()
            .position(|l| l.cells == [8, 9] && l.need == 0)
            .unwrap();
        s.arrow_rule(l).unwrap();
        assert_eq!((s.cell[8], s.cell[9]), (LOOP, LOOP));
    }

    #[test]
    fn loop_rule_forbids_a_premature_loop_only() {
        // A U of three links in the top left of a 3×3: its ends may close the 2×2 square
        // only while no loop cell lies off it.
        let p = puzzle("yajilin\n. . .\n. . .\n. . .\n");
        let g = graph(&p);
        let close = link(3, 3, 3, RIGHT).unwrap();
        for other in [false, true] {
            let mut s = started(&p, &g);
            for (cell, bit) in [(0, RIGHT), (0, DOWN), (1, DOWN)] {
                s.set_link(link(3, 3, cell, bit).unwrap(), true).unwrap();
            }
            if other {
                s.set_cell(8, LOOP).unwrap();
            }
            s.loop_rule(3).unwrap();
            assert_eq!(s.links.value[close], if other { OFF } else { UNKNOWN });
        }
        // Closing it anyway with a loop cell off it: a contradiction.
        let u = [(0, RIGHT), (0, DOWN), (1, DOWN)];
        let mut s = started(&p, &g);
        for (cell, bit) in u {
            s.set_link(link(3, 3, cell, bit).unwrap(), true).unwrap();
        }
        s.set_cell(8, LOOP).unwrap();
        assert!(s.set_link(close, true).is_err());
        // Closing the whole loop shades every unknown cell.
        let p = puzzle("yajilin\n. . ?\n. . .\n? . ?\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        for (cell, bit) in u {
            s.set_link(link(3, 3, cell, bit).unwrap(), true).unwrap();
        }
        s.set_link(close, true).unwrap();
        assert_eq!((s.cell[5], s.cell[7]), (SHADE, SHADE));
    }

    #[test]
    fn reach_rule_keeps_the_loop_cells_together() {
        // A column of clues splits the board: loop cells on both sides contradict, and
        // one side's loop leaves the other side's cells shaded (here side by side, so a
        // contradiction too).
        let p = puzzle("yajilin\n. . ? . .\n. . ? . .\n. . ? . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        s.set_cell(4, LOOP).unwrap();
        assert!(s.reach_rule().is_err());
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        assert!(s.reach_rule().is_err());
        // With the loop cells together nothing changes.
        let p = puzzle("yajilin\n. . .\n. . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        s.set_cell(5, LOOP).unwrap();
        let mark = s.trail.len();
        s.reach_rule().unwrap();
        assert_eq!(s.trail.len(), mark);
    }

    #[test]
    fn probing_decides_what_the_local_rules_leave_open() {
        // Some URLs of `tests/fixtures/yajilin/yajilin-8x8.txt` need probing; deduction
        // with it decides them.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/yajilin/yajilin-8x8.txt"
        ))
        .unwrap();
        let local = [Rule::Arrow, Rule::Loop, Rule::Reach];
        let mut probed = 0;
        for line in text.lines().filter(|l| l.starts_with("http")) {
            let p = puzzle(line);
            let all = facts(&p, &Rule::ALL);
            assert_eq!(all.open(), 0, "{line}");
            assert_eq!(
                super::super::check::verify(&p, &all.grid().unwrap()),
                Ok(())
            );
            probed += usize::from(facts(&p, &local).open() > 0);
        }
        assert!(probed > 0);
    }

    #[test]
    fn a_fired_stop_ends_probing_with_what_the_local_rules_decided() {
        // A puzzle probing is needed for: with the stop fired, deduction gives exactly the
        // local rules' facts (the ones probing found are left open), and still holds.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/yajilin/yajilin-8x8.txt"
        ))
        .unwrap();
        let local = [Rule::Arrow, Rule::Loop, Rule::Reach];
        let stop = Stop::cancellable(None);
        stop.cancel();
        let mut checked = 0;
        for line in text.lines().filter(|l| l.starts_with("http")) {
            let p = puzzle(line);
            let Deduction::Facts(stopped) = deduce_until(&p, &Rule::ALL, &stop) else {
                panic!("{line}: no contradiction");
            };
            let without_probing = facts(&p, &local);
            assert_eq!(stopped.open(), without_probing.open(), "{line}");
            checked += usize::from(stopped.open() > 0);
        }
        assert!(checked > 0);
    }
}
