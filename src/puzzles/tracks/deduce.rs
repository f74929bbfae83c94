//! Deduction for Tracks: which links the track uses and which cells it passes through,
//! decided before any search by the rules a solver by hand uses. Every rule below decides
//! a link or a cell only when no solution of the present state has it otherwise, so:
//! - a decided link or cell has that value in every solution;
//! - a contradiction means there is no solution;
//! - when every link is decided, the decided track is the only solution (every step was
//!   forced; the caller confirms it with its checker).
//!
//! The board is the graph of `cnf.rs`: the cells joined orthogonally and one more node,
//! the **outside**, joined to the entrance and the exit cells by two links that are on
//! from the start. A solution is then one cycle through the outside with every node of
//! degree 0 or 2, the counts met and the pieces kept.
//!
//! Glossary:
//! - **link**: on (the track uses it), off, or unknown; a **cell**: track, empty or
//!   unknown; a cell with an on link is track;
//! - **line**: a row or a column, with its **count** of track cells;
//! - **path**: a maximal chain of on links (no cycle while nothing is closed); its **ends**
//!   are the nodes with one on link; it is **rooted** when it passes through the outside;
//! - **cut**: a set of nodes; the cycle crosses its boundary an even number of times.
//!
//! The rules (stated in `encodings/tracks.md`, "Deduction"; the deductions of Tatham's
//! solver, the peer of `docs/peers.md`, "Tracks", made general):
//! - **cell** (bookkeeping, always on): a cell has 0 or 2 on links. Two on links make its
//!   other links off; an empty cell has every link off; a track cell with exactly two
//!   links not off uses both; a cell with fewer than two links not off is empty (a dead
//!   end); a cell with an on link is track;
//! - **count** ([`Rule::Count`]): a line with as many track cells as its count has its
//!   unknown cells empty; one whose unknown cells are all needed has them track;
//! - **loop** ([`Rule::Loop`]): an unknown link joining the two ends of one path would
//!   close a cycle, which must then be the whole track: it is off unless the path is
//!   rooted, holds every track cell and every count is met;
//! - **reach** ([`Rule::Reach`]): every track cell lies on the cycle through the outside,
//!   so a cell the outside cannot reach through links not off and cells not empty is
//!   empty (a track cell there: contradiction);
//! - **parity** ([`Rule::Parity`]): among the unknown links, a component's boundary is
//!   decided, so it must hold an even number of path ends; a bridge of the unknown links is
//!   on exactly when the nodes on one side of it hold an odd number of path ends (Tatham's
//!   bridge parity; the cut through the outside's links is his entrance/exit case);
//! - **probe** ([`Rule::Probe`]): an unknown cell (or a link at a track cell) set one way
//!   whose consequences under the local rules (cell, count, loop) contradict is the other
//!   way; what both ways lead to holds either way. This covers Tatham's per-line
//!   deductions (one cell more in a line forces a neighbour, a loose end must leave along
//!   or across the line) and more.
//!
//! The local rules run to their fixpoint after every change; reach and parity then, and
//! probing when they decide nothing (the cells first, the links when the cells decide
//! nothing); back to the local rules after any change.
//!
//! Invariants of `State`: the counts (`on`, `off`, `line_track`, `line_empty`, `short`,
//! `track`) match `link` and `cell`; every cell with an on link is track; `paths` holds
//! the on links' paths, weighed by their cells and rooted at the outside
//! (`constraints::paths`); `closed` is set once the on links closed the cycle; `trail`
//! undoes every change in reverse order, so a probe returns exactly to its start.

use super::cnf::{graph, link};
use super::{DOWN, LEFT, RIGHT, Tracks, UP};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
use crate::constraints::paths::{Join, Links, OFF, ON, Paths, Saved, UNKNOWN};
use crate::constraints::probe::{Contradiction, Probing, Step, Trial};
use crate::stop::Stop;

/// One of the rules (module docs); the cell bookkeeping always runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A line's count saturated, or needing all its unknown cells.
    Count,
    /// No premature loop.
    Loop,
    /// Cells the outside cannot reach are empty.
    Reach,
    /// Even crossings of every cut: a bridge of the unknown links decided by parity.
    Parity,
    /// A value whose local consequences contradict is the other one.
    Probe,
}

impl Rule {
    /// Every rule, cheapest first.
    pub const ALL: [Rule; 5] = [
        Rule::Count,
        Rule::Loop,
        Rule::Reach,
        Rule::Parity,
        Rule::Probe,
    ];
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No solution.
    Contradiction,
    /// The links and cells decided.
    Facts(Facts),
}

/// Per link (the edges of `cnf.rs`'s graph) and per cell: on/track, off/empty, or
/// undecided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    width: usize,
    /// Per link, `Some(true)` on the track.
    pub links: Vec<Option<bool>>,
    /// Per cell (row-major), `Some(true)` a track cell.
    pub cells: Vec<Option<bool>>,
}

impl Facts {
    /// How many links are undecided.
    pub fn open(&self) -> usize {
        self.links.iter().filter(|l| l.is_none()).count()
    }

    /// The directions decided at `cell`: those the track leaves it by, and those it does
    /// not (a direction off the board counts as decided not).
    pub fn directions(&self, p: &Tracks, cell: usize) -> (u32, u32) {
        let (mut on, mut off) = (0, 0);
        for bit in [RIGHT, UP, LEFT, DOWN] {
            match link(p, cell, bit).map(|l| self.links[l]) {
                Some(Some(true)) => on |= bit,
                Some(Some(false)) | None => off |= bit,
                Some(None) => {}
            }
        }
        (on, off)
    }

    /// The track as direction bits per cell, when every link is decided.
    pub fn grid(&self, p: &Tracks) -> Option<Grid> {
        if self.open() > 0 {
            return None;
        }
        let values = (0..self.cells.len())
            .map(|cell| {
                [RIGHT, UP, LEFT, DOWN]
                    .into_iter()
                    .filter(|&bit| link(p, cell, bit).is_some_and(|l| self.links[l] == Some(true)))
                    .sum()
            })
            .collect();
        Some(Grid::new(self.width, values))
    }
}

/// Runs the cell bookkeeping and `rules` to their fixpoint.
pub fn deduce(p: &Tracks, rules: &[Rule]) -> Deduction {
    deduce_until(p, rules, &Stop::never())
}

/// [`deduce`], probing until `stop` fires (`constraints::probe`): what it proved by then.
pub fn deduce_until(p: &Tracks, rules: &[Rule], stop: &Stop) -> Deduction {
    let graph = graph(p);
    let mut state = State::new(p, &graph, rules);
    state.stop = stop.clone();
    match state.solve(p) {
        Ok(()) => Deduction::Facts(state.facts()),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

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

struct State<'g> {
    graph: &'g Graph,
    width: usize,
    /// Cells (the outside is node `cells`).
    cells: usize,
    count: bool,
    loops: bool,
    reach: bool,
    parity: bool,
    probe: bool,
    /// Per node; the outside is track.
    cell: Vec<i8>,
    /// Per line (rows, then columns): its count, its cells, and the track and empty ones.
    need: Vec<usize>,
    line_len: Vec<usize>,
    line_track: Vec<usize>,
    line_empty: Vec<usize>,
    /// Lines with fewer track cells than their count.
    short: usize,
    /// Track cells.
    track: usize,
    /// The links decided, and their paths weighed by their cells, rooted at the outside.
    links: Links,
    closed: bool,
    trail: Vec<Undo>,
    work: Vec<Work>,
    /// When probing gives up (never, unless [`deduce_until`] is given a stop).
    stop: Stop,
}

impl<'g> State<'g> {
    fn new(p: &Tracks, graph: &'g Graph, rules: &[Rule]) -> State<'g> {
        let (w, h) = p.size();
        let nodes = graph.nodes();
        let links = graph.edges().len();
        let (columns, rows) = p.counts();
        let need: Vec<usize> = rows.iter().chain(columns).copied().collect();
        let line_len: Vec<usize> = (0..h).map(|_| w).chain((0..w).map(|_| h)).collect();
        let mut cell = vec![UNKNOWN; nodes];
        cell[w * h] = ON;
        State {
            graph,
            width: w,
            cells: w * h,
            count: rules.contains(&Rule::Count),
            loops: rules.contains(&Rule::Loop),
            reach: rules.contains(&Rule::Reach),
            parity: rules.contains(&Rule::Parity),
            probe: rules.contains(&Rule::Probe),
            cell,
            short: need.iter().filter(|&&k| k > 0).count(),
            need,
            line_len,
            line_track: vec![0; w + h],
            line_empty: vec![0; w + h],
            track: 0,
            links: Links::new(
                links,
                Paths::new(
                    (0..nodes).map(|v| usize::from(v < w * h)).collect(),
                    &[w * h],
                ),
            ),
            closed: false,
            trail: Vec::new(),
            work: Vec::new(),
            stop: Stop::never(),
        }
    }

    fn facts(&self) -> Facts {
        let value = |v: i8| match v {
            UNKNOWN => None,
            v => Some(v == ON),
        };
        Facts {
            width: self.width,
            links: self.links.value.iter().map(|&v| value(v)).collect(),
            cells: self.cell[..self.cells].iter().map(|&v| value(v)).collect(),
        }
    }

    /// The row line and the column line of a cell.
    fn lines(&self, v: usize) -> [usize; 2] {
        let h = self.cells / self.width;
        [v / self.width, h + v % self.width]
    }

    /// The forced links (the outside's, the pieces'), then every rule to its fixpoint.
    fn solve(&mut self, p: &Tracks) -> Step {
        self.start(p)?;
        self.work.extend((0..self.cells).map(Work::Node));
        self.work.extend((0..self.need.len()).map(Work::Line));
        self.propagate_all()?;
        loop {
            let before = self.trail.len();
            if self.reach {
                self.reach_rule()?;
            }
            if self.parity && self.trail.len() == before {
                self.parity_rule()?;
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

    /// Sets the forced links: the outside's two, and each piece's (its cell's other links
    /// off; a piece leaving the board elsewhere is a contradiction).
    fn start(&mut self, p: &Tracks) -> Step {
        let out = self.cells;
        let outside: Vec<usize> = self.graph.adjacent(out).iter().map(|&(_, e)| e).collect();
        for e in outside {
            self.set_link(e, true)?;
        }
        for v in 0..self.cells {
            let piece = p.piece(v);
            if piece == 0 {
                continue;
            }
            for bit in [RIGHT, UP, LEFT, DOWN] {
                match (link(p, v, bit), piece & bit != 0) {
                    (Some(e), on) => self.set_link(e, on)?,
                    (None, true) => return Err(Contradiction),
                    (None, false) => {}
                }
            }
        }
        Ok(())
    }

    /// [`State::propagate`] with every path end tested for a premature loop.
    fn propagate_all(&mut self) -> Step {
        let ends = (0..self.cells)
            .filter(|&v| self.links.on[v] == 1)
            .map(Work::End);
        self.work.extend(ends);
        self.propagate()
    }

    /// The local rules (cell, count, loop) until no work is left.
    fn propagate(&mut self) -> Step {
        while let Some(w) = self.work.pop() {
            match w {
                Work::Node(v) => self.cell_rule(v)?,
                Work::Line(l) => self.count_rule(l)?,
                Work::End(v) => self.loop_rule(v)?,
            }
        }
        Ok(())
    }

    /// Sets cell `v` track or empty.
    fn set_cell(&mut self, v: usize, track: bool) -> Step {
        let want = if track { ON } else { OFF };
        if self.cell[v] != UNKNOWN {
            return if self.cell[v] == want {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        if track && self.closed {
            // The closed cycle is the whole track.
            return Err(Contradiction);
        }
        self.cell[v] = want;
        self.trail.push(Undo::Cell(v));
        if track {
            self.track += 1;
        }
        for l in self.lines(v) {
            if track {
                self.line_track[l] += 1;
                if self.line_track[l] == self.need[l] {
                    self.short -= 1;
                }
            } else {
                self.line_empty[l] += 1;
            }
            self.work.push(Work::Line(l));
        }
        self.work.push(Work::Node(v));
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
            for v in [a, b] {
                if v < self.cells {
                    self.set_cell(v, true)?;
                }
            }
            let trail = &mut self.trail;
            match self
                .links
                .paths
                .link(a, b, 0, |saved| trail.push(Undo::End(saved)))
            {
                Join::Closes { weight, rooted } => {
                    // `a` and `b` end one path: the link closes it, and that cycle must be
                    // the whole track.
                    if !rooted || weight != self.track || self.closed {
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
            // Every other cell is empty (its links follow by the cell rule).
            for v in 0..self.cells {
                if self.cell[v] == UNKNOWN {
                    self.set_cell(v, false)?;
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
                    let track = self.cell[v] == ON;
                    self.cell[v] = UNKNOWN;
                    if track {
                        self.track -= 1;
                    }
                    for l in self.lines(v) {
                        if track {
                            if self.line_track[l] == self.need[l] {
                                self.short += 1;
                            }
                            self.line_track[l] -= 1;
                        } else {
                            self.line_empty[l] -= 1;
                        }
                    }
                }
                Some(Undo::End(saved)) => self.links.paths.restore(saved),
                Some(Undo::Closed) => self.closed = false,
                None => break,
            }
        }
        self.work.clear();
    }

    /// Sets every unknown link at node `v` on or off.
    fn set_links_at(&mut self, v: usize, on: bool) -> Step {
        let graph = self.graph;
        for &(_, e) in graph.adjacent(v) {
            if self.links.value[e] == UNKNOWN {
                self.set_link(e, on)?;
            }
        }
        Ok(())
    }

    /// The cell rule (module docs) at node `v`.
    fn cell_rule(&mut self, v: usize) -> Step {
        if v >= self.cells {
            return Ok(());
        }
        let degree = self.graph.adjacent(v).len() as u8;
        let (on, possible) = (self.links.on[v], degree - self.links.off[v]);
        if on > 2 || possible < 2 && on > 0 {
            return Err(Contradiction);
        }
        if possible < 2 {
            self.set_cell(v, false)?;
        }
        match self.cell[v] {
            OFF => self.set_links_at(v, false),
            ON if on == 2 => self.set_links_at(v, false),
            ON if possible == 2 => self.set_links_at(v, true),
            _ => Ok(()),
        }
    }

    /// The count rule (module docs) for line `l`.
    fn count_rule(&mut self, l: usize) -> Step {
        let (need, len) = (self.need[l], self.line_len[l]);
        let (track, empty) = (self.line_track[l], self.line_empty[l]);
        if track > need || empty > len - need.min(len) || need > len {
            return Err(Contradiction);
        }
        if !self.count || track + empty == len {
            return Ok(());
        }
        let fill = if track == need {
            false
        } else if empty == len - need {
            true
        } else {
            return Ok(());
        };
        let h = self.cells / self.width;
        let (first, step) = if l < h {
            (l * self.width, 1)
        } else {
            (l - h, self.width)
        };
        for i in 0..len {
            let v = first + i * step;
            if self.cell[v] == UNKNOWN {
                self.set_cell(v, fill)?;
            }
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
        if self.links.paths.rooted(v) && self.links.paths.weight(v) == self.track && self.short == 0
        {
            return Ok(());
        }
        self.set_link(e, false)
    }

    /// The reach rule (module docs): a search from the outside through links not off into
    /// cells not empty.
    fn reach_rule(&mut self) -> Step {
        let graph = self.graph;
        let nodes = graph.nodes();
        let mut reached = vec![false; nodes];
        let mut stack = vec![self.cells];
        reached[self.cells] = true;
        while let Some(v) = stack.pop() {
            for &(n, e) in graph.adjacent(v) {
                if !reached[n] && self.links.value[e] != OFF && self.cell[n] != OFF {
                    reached[n] = true;
                    stack.push(n);
                }
            }
        }
        for (v, &r) in reached[..self.cells].iter().enumerate() {
            if !r && self.cell[v] != OFF {
                self.set_cell(v, false)?;
            }
        }
        Ok(())
    }

    /// The parity rule (module docs): the bridges of the graph of unknown links by
    /// Tarjan's low links, each decided by the parity of the path ends below it in the
    /// search tree.
    fn parity_rule(&mut self) -> Step {
        let graph = self.graph;
        let nodes = graph.nodes();
        const UNSEEN: usize = usize::MAX;
        let mut order = vec![UNSEEN; nodes];
        let mut low = vec![0; nodes];
        // Path ends below each node in the search tree, mod 2.
        let mut odd = vec![false; nodes];
        let mut decided: Vec<(usize, bool)> = Vec::new();
        // (node, the link it was reached by, next adjacency index)
        let mut stack: Vec<(usize, usize, usize)> = Vec::new();
        let mut time = 0;
        for root in 0..nodes {
            if order[root] != UNSEEN || !self.has_unknown(root) {
                continue;
            }
            order[root] = time;
            low[root] = time;
            time += 1;
            odd[root] = self.links.on[root] == 1;
            stack.push((root, usize::MAX, 0));
            while let Some(&(v, via, next)) = stack.last() {
                let adjacent = graph.adjacent(v);
                if next < adjacent.len() {
                    let (n, e) = adjacent[next];
                    let top = stack.len() - 1;
                    stack[top].2 += 1;
                    if e == via || self.links.value[e] != UNKNOWN {
                        continue;
                    }
                    if order[n] == UNSEEN {
                        order[n] = time;
                        low[n] = time;
                        time += 1;
                        odd[n] = self.links.on[n] == 1;
                        stack.push((n, e, 0));
                    } else {
                        low[v] = low[v].min(order[n]);
                    }
                    continue;
                }
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    odd[parent] ^= odd[v];
                    if low[v] > order[parent] {
                        decided.push((via, odd[v]));
                    }
                } else if odd[v] {
                    // A component of the unknown links with an odd number of path ends.
                    return Err(Contradiction);
                }
            }
        }
        for (e, on) in decided {
            self.set_link(e, on)?;
        }
        Ok(())
    }

    fn has_unknown(&self, v: usize) -> bool {
        let degree = self.graph.adjacent(v).len() as u8;
        self.links.on[v] + self.links.off[v] < degree
    }

    /// One probing pass over the unknown cells, or (`links`) the unknown links at track
    /// cells; whether it decided anything. Variables of [`Trial`]: the nodes, then the
    /// links.
    fn probe_pass(&mut self, links: bool) -> Result<bool, Contradiction> {
        let nodes = self.cell.len();
        let mut probing = Probing::new(nodes + self.links.value.len(), &self.stop);
        let mut progress = false;
        if links {
            for e in 0..self.links.value.len() {
                let (a, b) = self.graph.edges()[e];
                if self.links.value[e] == UNKNOWN && (self.cell[a] == ON || self.cell[b] == ON) {
                    progress |= probing.probe(self, nodes + e, [ON, OFF])?;
                }
            }
        } else {
            for v in 0..self.cells {
                if self.cell[v] == UNKNOWN {
                    progress |= probing.probe(self, v, [ON, OFF])?;
                }
            }
        }
        Ok(progress)
    }
}

/// Probing's view of the state: the nodes, then the links, each on, off or unknown; a
/// trial runs the local rules ([`State::propagate`]).
impl Trial for State<'_> {
    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo_to(&mut self, mark: usize) {
        State::undo_to(self, mark);
    }

    fn changed_since(&self, mark: usize) -> Vec<usize> {
        let nodes = self.cell.len();
        self.trail[mark..]
            .iter()
            .filter_map(|undo| match *undo {
                Undo::Cell(v) => Some(v),
                Undo::Link(e) => Some(nodes + e),
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
            None => self.set_cell(var, value == ON),
            Some(e) => self.set_link(e, value == ON),
        }
    }

    fn settle(&mut self) -> Step {
        self.propagate()
    }

    fn propagate_all(&mut self) -> Step {
        State::propagate_all(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tracks::parse;

    fn puzzle(text: &str) -> Tracks {
        parse(text).remove(0).expect("the puzzle reads").1
    }

    fn facts(p: &Tracks, rules: &[Rule]) -> Facts {
        match deduce(p, rules) {
            Deduction::Facts(f) => f,
            Deduction::Contradiction => panic!("contradiction"),
        }
    }

    /// The link between two cells (row, column) of `p`'s board.
    fn between(p: &Tracks, a: (usize, usize), b: (usize, usize)) -> usize {
        let (w, _) = p.size();
        let bit = match (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize) {
            (0, 1) => RIGHT,
            (0, -1) => LEFT,
            (1, 0) => DOWN,
            _ => UP,
        };
        link(p, a.0 * w + a.1, bit).expect("neighbours")
    }

    /// A state after the forced links, no rule run yet.
    fn started<'g>(p: &Tracks, graph: &'g Graph) -> State<'g> {
        let mut s = State::new(p, graph, &Rule::ALL);
        s.start(p).expect("the forced links agree");
        s.work.clear();
        s
    }

    #[test]
    fn cell_rule_uses_both_ways_left_and_ends_dead_ends() {
        // 3×1, in and out at the left cell: its two links are the outside's, so its link
        // to the right is off, and the cells beyond are dead ends.
        let p = puzzle("3x1:c,S1,0,0,S1");
        let f = facts(&p, &[]);
        assert_eq!(f.cells, vec![Some(true), Some(false), Some(false)]);
        assert_eq!(f.open(), 0);
        // A track cell with two links not off uses both.
        let p = puzzle("3x3:i,1,1,S1,S3,1,1");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_link(between(&p, (0, 0), (1, 0)), false).unwrap();
        s.cell_rule(0).unwrap();
        assert_eq!(s.links.value[between(&p, (0, 0), (0, 1))], ON);
    }

    #[test]
    fn count_rule_fills_or_empties_a_line() {
        // 2×2, in at row 1, out below column 2; row 1 counts 2, column 1 counts 1.
        let p = puzzle("2x2:d,1,S2,S2,1");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.count_rule(0).unwrap();
        assert_eq!(s.cell[1], ON);
        s.count_rule(2).unwrap();
        assert_eq!(s.cell[2], OFF);
        assert_eq!(facts(&p, &[]).open(), 4);
        assert_eq!(facts(&p, &[Rule::Count]).open(), 0);
        // More track than the count: a contradiction.
        let mut s = started(&p, &g);
        s.set_cell(2, true).unwrap();
        assert!(s.count_rule(2).is_err());
    }

    #[test]
    fn loop_rule_forbids_a_premature_loop_only() {
        // A U of three links in the top left of a 3×3: its two ends may not meet.
        let p = puzzle("3x3:i,3,3,S1,2,2,S3");
        let g = graph(&p);
        let mut s = started(&p, &g);
        for (a, b) in [((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))] {
            s.set_link(between(&p, a, b), true).unwrap();
        }
        let close = between(&p, (1, 0), (1, 1));
        s.loop_rule(3).unwrap();
        assert_eq!(s.links.value[close], OFF);
        // Along row 1 and down: the link that closes the cycle through the outside with
        // every count met stays open.
        let p = puzzle("2x2:d,1,S2,S2,1");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_link(between(&p, (0, 0), (0, 1)), true).unwrap();
        s.set_cell(2, false).unwrap();
        let close = between(&p, (0, 1), (1, 1));
        s.loop_rule(1).unwrap();
        assert_eq!(s.links.value[close], UNKNOWN);
        // With a count not met it is off.
        let p = puzzle("2x2:d,2,S2,S2,2");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_link(between(&p, (0, 0), (0, 1)), true).unwrap();
        s.loop_rule(1).unwrap();
        assert_eq!(s.links.value[between(&p, (0, 1), (1, 1))], OFF);
    }

    #[test]
    fn reach_rule_empties_a_walled_off_block() {
        // 4×4, in at row 1, out below column 4; the top right 2×2 block walled off.
        let p = puzzle("4x4:p,1,1,1,S1,S1,1,1,1");
        let walls = [
            ((0, 1), (0, 2)),
            ((1, 1), (1, 2)),
            ((1, 2), (2, 2)),
            ((1, 3), (2, 3)),
        ];
        let g = graph(&p);
        let mut s = started(&p, &g);
        for (a, b) in walls {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.reach_rule().unwrap();
        for cell in [2, 3, 6, 7] {
            assert_eq!(s.cell[cell], OFF, "cell {cell}");
        }
        assert_eq!(s.cell[5], UNKNOWN);
        // A track cell in there: a contradiction.
        let mut s = started(&p, &g);
        for (a, b) in walls {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.set_cell(2, true).unwrap();
        assert!(s.reach_rule().is_err());
    }

    #[test]
    fn parity_rule_sends_a_lone_end_out_by_its_bridge() {
        // 4×4, in at row 1 (an end at the top left cell), out below column 4; the top left
        // 2×2 block joined to the rest by one unknown link only: the end must leave by it.
        let p = puzzle("4x4:p,1,1,1,S1,S1,1,1,1");
        let walls = [((0, 1), (0, 2)), ((1, 1), (2, 1)), ((1, 0), (2, 0))];
        let bridge = between(&p, (1, 1), (1, 2));
        let g = graph(&p);
        let mut s = started(&p, &g);
        for (a, b) in walls {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.parity_rule().unwrap();
        assert_eq!(s.links.value[bridge], ON);
        // No end on a side leaves its bridge off: a track going in could not come out.
        let mut s = started(&p, &g);
        for (a, b) in [((1, 1), (1, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3))] {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.parity_rule().unwrap();
        assert_eq!(s.links.value[between(&p, (0, 1), (0, 2))], OFF);
        // The block cut off with its one end: a contradiction.
        let mut s = started(&p, &g);
        for (a, b) in walls {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.set_link(bridge, false).unwrap();
        assert!(s.parity_rule().is_err());
    }

    #[test]
    fn probing_decides_what_the_local_rules_leave_open() {
        // The first ID of `tests/fixtures/tracks/tracks-8x8dt.txt`.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/tracks/tracks-8x8dt.txt"
        ))
        .unwrap();
        let p = puzzle(text.lines().find(|l| !l.starts_with('#')).unwrap());
        let local = [Rule::Count, Rule::Loop, Rule::Reach, Rule::Parity];
        assert!(facts(&p, &local).open() > 0);
        let all = facts(&p, &Rule::ALL);
        assert_eq!(all.open(), 0);
        assert_eq!(
            super::super::check::verify(&p, &all.grid(&p).unwrap()),
            Ok(())
        );
    }
}
