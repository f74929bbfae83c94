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
//! Invariants of `State`: its `board` keeps those of `constraints::loop_board` (the links'
//! counts and paths, weighed by their cells and rooted at the outside; `closed`; the
//! trail, so a probe returns exactly to its start, and the count of track cells,
//! `on_loop`, the outside not among them); the line counts (`line_track`, `line_empty`,
//! `short`) match the board's cells.

use super::cnf::{graph, link, outside_links};
use super::{DOWN, LEFT, RIGHT, Tracks, UP};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
pub use crate::constraints::loop_board::Facts;
use crate::constraints::loop_board::{Board, LoopDeduction, OFF, ON, UNKNOWN, Work};
use crate::constraints::paths::Paths;
use crate::constraints::probe::{Contradiction, Step};
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

/// The track as direction bits per cell (the outside's links included), when every link
/// and cell is decided ([`Facts`]: per link of `cnf.rs`'s graph, and per cell whether it
/// is a track cell).
pub fn grid(facts: &Facts) -> Option<Grid> {
    Some(Grid::new(facts.width(), facts.bits()?))
}

/// Runs the cell bookkeeping and `rules` to their fixpoint.
pub fn deduce(p: &Tracks, rules: &[Rule]) -> Deduction {
    deduce_until(p, rules, &Stop::never())
}

/// [`deduce`], probing until `stop` fires (`constraints::probe`): what it proved by then.
pub fn deduce_until(p: &Tracks, rules: &[Rule], stop: &Stop) -> Deduction {
    let graph = graph(p);
    let mut state = State::new(p, &graph, rules);
    state.board.stop = stop.clone();
    match state.solve(p) {
        Ok(()) => Deduction::Facts(state.facts(p)),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

struct State<'g> {
    /// Per node track ([`ON`]) or empty ([`OFF`]); the outside is track. The links'
    /// paths are weighed by their cells and rooted at the outside.
    board: Board<'g>,
    width: usize,
    /// Cells (the outside is node `cells`).
    cells: usize,
    count: bool,
    loops: bool,
    reach: bool,
    parity: bool,
    probe: bool,
    /// Per line (rows, then columns): its count, its cells, and the track and empty ones.
    need: Vec<usize>,
    line_len: Vec<usize>,
    line_track: Vec<usize>,
    line_empty: Vec<usize>,
    /// Lines with fewer track cells than their count.
    short: usize,
}

impl<'g> State<'g> {
    fn new(p: &Tracks, graph: &'g Graph, rules: &[Rule]) -> State<'g> {
        let (w, h) = p.size();
        let nodes = graph.nodes();
        let (columns, rows) = p.counts();
        let need: Vec<usize> = rows.iter().chain(columns).copied().collect();
        let line_len: Vec<usize> = (0..h).map(|_| w).chain((0..w).map(|_| h)).collect();
        let mut cell = vec![UNKNOWN; nodes];
        cell[w * h] = ON;
        let paths = Paths::new(
            (0..nodes).map(|v| usize::from(v < w * h)).collect(),
            &[w * h],
        );
        State {
            board: Board::new(graph, cell, paths),
            width: w,
            cells: w * h,
            count: rules.contains(&Rule::Count),
            loops: rules.contains(&Rule::Loop),
            reach: rules.contains(&Rule::Reach),
            parity: rules.contains(&Rule::Parity),
            probe: rules.contains(&Rule::Probe),
            short: need.iter().filter(|&&k| k > 0).count(),
            need,
            line_len,
            line_track: vec![0; w + h],
            line_empty: vec![0; w + h],
        }
    }

    fn facts(&self, p: &Tracks) -> Facts {
        self.board.facts(p.size(), ON, outside_links(p).to_vec())
    }

    /// The row line and the column line of a cell.
    fn lines(&self, v: usize) -> [usize; 2] {
        let h = self.cells / self.width;
        [v / self.width, h + v % self.width]
    }

    /// The forced links (the outside's, the pieces'), then every rule to its fixpoint.
    fn solve(&mut self, p: &Tracks) -> Step {
        self.start(p)?;
        self.board.work.extend((0..self.cells).map(Work::Node));
        self.board.work.extend((0..self.need.len()).map(Work::Line));
        self.propagate_all()?;
        loop {
            let before = self.board.mark();
            if self.reach {
                self.reach_rule()?;
            }
            if self.parity && self.board.mark() == before {
                self.parity_rule()?;
            }
            if self.board.mark() != before {
                self.propagate_all()?;
                continue;
            }
            if !self.probe
                || !(self.probe_pass(false, [ON, OFF])? || self.probe_pass(true, [ON, OFF])?)
            {
                return Ok(());
            }
        }
    }

    /// Sets the forced links: the outside's two, and each piece's (its cell's other links
    /// off; a piece leaving the board elsewhere is a contradiction).
    fn start(&mut self, p: &Tracks) -> Step {
        let out = self.cells;
        let outside: Vec<usize> = self
            .board
            .graph
            .adjacent(out)
            .iter()
            .map(|&(_, e)| e)
            .collect();
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

    /// The cell rule (module docs) at node `v`.
    fn cell_rule(&mut self, v: usize) -> Step {
        if v >= self.cells {
            return Ok(());
        }
        let degree = self.board.graph.adjacent(v).len() as u8;
        let (on, possible) = (self.board.links.on[v], degree - self.board.links.off[v]);
        if on > 2 || possible < 2 && on > 0 {
            return Err(Contradiction);
        }
        if possible < 2 {
            self.set_cell(v, OFF)?;
        }
        match self.board.cell[v] {
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
            if self.board.cell[v] == UNKNOWN {
                self.set_cell(v, if fill { ON } else { OFF })?;
            }
        }
        Ok(())
    }

    /// The loop rule (module docs) for the path ending at `v`.
    fn loop_rule(&mut self, v: usize) -> Step {
        if !self.loops || self.board.links.on[v] != 1 {
            return Ok(());
        }
        let u = self.board.links.paths.other_end(v);
        let graph = self.board.graph;
        let Some(&(_, e)) = graph
            .adjacent(v)
            .iter()
            .find(|&&(n, e)| n == u && self.board.links.value[e] == UNKNOWN)
        else {
            return Ok(());
        };
        if self.board.links.paths.rooted(v)
            && self.board.links.paths.weight(v) == self.board.on_loop
            && self.short == 0
        {
            return Ok(());
        }
        self.set_link(e, false)
    }

    /// The reach rule (module docs): a search from the outside through links not off into
    /// cells not empty.
    fn reach_rule(&mut self) -> Step {
        let graph = self.board.graph;
        let nodes = graph.nodes();
        let mut reached = vec![false; nodes];
        let mut stack = vec![self.cells];
        reached[self.cells] = true;
        while let Some(v) = stack.pop() {
            for &(n, e) in graph.adjacent(v) {
                if !reached[n] && self.board.links.value[e] != OFF && self.board.cell[n] != OFF {
                    reached[n] = true;
                    stack.push(n);
                }
            }
        }
        for (v, &r) in reached[..self.cells].iter().enumerate() {
            if !r && self.board.cell[v] != OFF {
                self.set_cell(v, OFF)?;
            }
        }
        Ok(())
    }

    /// The parity rule (module docs): the bridges of the graph of unknown links by
    /// Tarjan's low links, each decided by the parity of the path ends below it in the
    /// search tree.
    fn parity_rule(&mut self) -> Step {
        let graph = self.board.graph;
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
            if order[root] != UNSEEN || !self.board.has_unknown(root) {
                continue;
            }
            order[root] = time;
            low[root] = time;
            time += 1;
            odd[root] = self.board.links.on[root] == 1;
            stack.push((root, usize::MAX, 0));
            while let Some(&(v, via, next)) = stack.last() {
                let adjacent = graph.adjacent(v);
                if next < adjacent.len() {
                    let (n, e) = adjacent[next];
                    let top = stack.len() - 1;
                    stack[top].2 += 1;
                    if e == via || self.board.links.value[e] != UNKNOWN {
                        continue;
                    }
                    if order[n] == UNSEEN {
                        order[n] = time;
                        low[n] = time;
                        time += 1;
                        odd[n] = self.board.links.on[n] == 1;
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
}

impl<'g> LoopDeduction<'g> for State<'g> {
    const ON_LOOP: i8 = ON;
    const OFF_LOOP: i8 = OFF;

    fn board(&self) -> &Board<'g> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<'g> {
        &mut self.board
    }

    /// Sets node `v` track ([`ON`]) or empty ([`OFF`]), with the lines' counts.
    fn set_cell(&mut self, v: usize, value: i8) -> Step {
        if !self.record_cell(v, value)? {
            return Ok(());
        }
        for l in self.lines(v) {
            if value == ON {
                self.line_track[l] += 1;
                if self.line_track[l] == self.need[l] {
                    self.short -= 1;
                }
            } else {
                self.line_empty[l] += 1;
            }
            self.board.work.push(Work::Line(l));
        }
        self.board.work.push(Work::Node(v));
        Ok(())
    }

    fn undo_cell(&mut self, v: usize, value: i8) {
        for l in self.lines(v) {
            if value == ON {
                if self.line_track[l] == self.need[l] {
                    self.short += 1;
                }
                self.line_track[l] -= 1;
            } else {
                self.line_empty[l] -= 1;
            }
        }
    }

    /// The closed cycle must be the whole track: through the outside, every track cell on
    /// it.
    fn may_close(&self, weight: usize, rooted: bool) -> bool {
        rooted && weight == self.board.on_loop
    }

    /// A probe's trial runs the local rules (cell, count, loop).
    fn settle(&mut self) -> Step {
        self.propagate()
    }

    /// The local rules (cell, count, loop) until no work is left.
    fn propagate(&mut self) -> Step {
        while let Some(w) = self.board.work.pop() {
            match w {
                Work::Node(v) => self.cell_rule(v)?,
                Work::Line(l) => self.count_rule(l)?,
                Work::End(v) => self.loop_rule(v)?,
            }
        }
        Ok(())
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
        s.board.work.clear();
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
        assert_eq!(s.board.links.value[between(&p, (0, 0), (0, 1))], ON);
    }

    #[test]
    fn count_rule_fills_or_empties_a_line() {
        // 2×2, in at row 1, out below column 2; row 1 counts 2, column 1 counts 1.
        let p = puzzle("2x2:d,1,S2,S2,1");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.count_rule(0).unwrap();
        assert_eq!(s.board.cell[1], ON);
        s.count_rule(2).unwrap();
        assert_eq!(s.board.cell[2], OFF);
        // Without it: the four inner links open, and the two cells that are neither the
        // entrance nor the exit.
        assert_eq!(facts(&p, &[]).open(), 6);
        assert_eq!(facts(&p, &[Rule::Count]).open(), 0);
        // More track than the count: a contradiction.
        let mut s = started(&p, &g);
        s.set_cell(2, ON).unwrap();
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
        assert_eq!(s.board.links.value[close], OFF);
        // Along row 1 and down: the link that closes the cycle through the outside with
        // every count met stays open.
        let p = puzzle("2x2:d,1,S2,S2,1");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_link(between(&p, (0, 0), (0, 1)), true).unwrap();
        s.set_cell(2, OFF).unwrap();
        let close = between(&p, (0, 1), (1, 1));
        s.loop_rule(1).unwrap();
        assert_eq!(s.board.links.value[close], UNKNOWN);
        // With a count not met it is off.
        let p = puzzle("2x2:d,2,S2,S2,2");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_link(between(&p, (0, 0), (0, 1)), true).unwrap();
        s.loop_rule(1).unwrap();
        assert_eq!(s.board.links.value[between(&p, (0, 1), (1, 1))], OFF);
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
            assert_eq!(s.board.cell[cell], OFF, "cell {cell}");
        }
        assert_eq!(s.board.cell[5], UNKNOWN);
        // A track cell in there: a contradiction.
        let mut s = started(&p, &g);
        for (a, b) in walls {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.set_cell(2, ON).unwrap();
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
        assert_eq!(s.board.links.value[bridge], ON);
        // No end on a side leaves its bridge off: a track going in could not come out.
        let mut s = started(&p, &g);
        for (a, b) in [((1, 1), (1, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3))] {
            s.set_link(between(&p, a, b), false).unwrap();
        }
        s.parity_rule().unwrap();
        assert_eq!(s.board.links.value[between(&p, (0, 1), (0, 2))], OFF);
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
            super::super::check::verify(&p, &grid(&all).unwrap()),
            Ok(())
        );
    }
}
