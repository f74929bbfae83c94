//! **The board of a loop genre's deduction**: which cells the loop passes through and which
//! links it uses, decided so far, with one undo trail; the local rules' work queue; and,
//! through [`LoopDeduction`], probing's view of it (`constraints::probe`). Train Tracks
//! (`puzzles/tracks/deduce.rs`) and Yajilin (`puzzles/yajilin/deduce.rs`) keep their own
//! rules and counts and share this.
//!
//! Glossary: a **node** is a cell, or a node that is no cell (Train Tracks' outside);
//! each node has a value, [`UNKNOWN`] or the genre's own ([`LoopDeduction::ON_LOOP`] for a
//! cell the loop passes through); a **link** is [`ON`], [`OFF`] or [`UNKNOWN`], with the
//! paths of the on links kept by [`Links`].
//!
//! Invariants: `links` matches the link values; every node with an on link holds
//! [`LoopDeduction::ON_LOOP`]; `on_loop` counts the nodes set to it since the start (not
//! those that held it from the start, such as Train Tracks' outside); `closed` is set once the on links closed a cycle, which is
//! then the whole loop; `trail` holds every change in order, and undoing it in reverse
//! (the genre's counts with it, [`LoopDeduction::undo_cell`]) returns the board exactly to
//! an earlier mark, so a probe ends where it started.

use crate::constraints::connected::Graph;
use crate::constraints::paths::{Join, Links, Paths, Saved};
pub use crate::constraints::paths::{OFF, ON, UNKNOWN};
use crate::constraints::probe::{Contradiction, Probing, Step, Trial};
use crate::stop::Stop;

/// One change, in trail order.
enum Change {
    Link(usize),
    Cell(usize),
    /// A path end's entries before a join.
    End(Saved),
    Closed,
}

/// Work for a genre's local rules.
#[derive(Clone, Copy, Debug)]
pub enum Work {
    /// A node's links and value to check.
    Node(usize),
    /// A line (a row, a column, an arrow's run) to count.
    Line(usize),
    /// The path ending at this node, to test for a premature loop.
    End(usize),
}

/// The decided nodes and links (module docs).
pub struct Board<'g> {
    /// The nodes and links.
    pub graph: &'g Graph,
    /// Per node: [`UNKNOWN`] or the genre's value.
    pub cell: Vec<i8>,
    /// The links decided, with their paths.
    pub links: Links,
    /// Nodes set [`LoopDeduction::ON_LOOP`] (module docs).
    pub on_loop: usize,
    /// Whether the on links closed a cycle.
    pub closed: bool,
    /// The local rules' pending work.
    pub work: Vec<Work>,
    /// When probing gives up.
    pub stop: Stop,
    trail: Vec<Change>,
}

impl<'g> Board<'g> {
    /// Nothing decided but `cell`'s values, with the on links' paths weighed and rooted as
    /// `paths` says.
    pub fn new(graph: &'g Graph, cell: Vec<i8>, paths: Paths) -> Board<'g> {
        Board {
            graph,
            links: Links::new(graph.edges().len(), paths),
            cell,
            on_loop: 0,
            closed: false,
            work: Vec::new(),
            stop: Stop::never(),
            trail: Vec::new(),
        }
    }

    /// The trail's length: a mark to undo to, or to compare with after a rule.
    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Whether node `v` has a link neither on nor off.
    #[inline]
    pub fn has_unknown(&self, v: usize) -> bool {
        let degree = self.graph.adjacent(v).len() as u8;
        self.links.on[v] + self.links.off[v] < degree
    }

    /// The decided links and the values of the first `width × height` nodes, the cells
    /// (`Some(true)` for `yes`), of a board whose links are those of `Graph::grid(width,
    /// height)` and then `extra`: (cell, direction, link) for links that leave the grid.
    pub fn facts(
        &self,
        (width, height): (usize, usize),
        yes: i8,
        extra: Vec<(usize, u32, usize)>,
    ) -> Facts {
        let value = |v: i8| (v != UNKNOWN).then_some(v == yes);
        Facts {
            width,
            height,
            links: self.links.value.iter().map(|&v| value(v)).collect(),
            cells: self.cell[..width * height]
                .iter()
                .map(|&v| value(v))
                .collect(),
            extra,
        }
    }

    /// Undoes the last change after `mark`: `None` at the mark, else the cell undone with
    /// the value it had (for the genre's counts) or `Some(None)` for any other change.
    #[inline]
    fn undo_one(&mut self, mark: usize) -> Option<Option<(usize, i8)>> {
        if self.trail.len() <= mark {
            return None;
        }
        Some(match self.trail.pop()? {
            Change::Link(e) => {
                self.links.undecide(e, self.graph.edges()[e]);
                None
            }
            Change::Cell(v) => {
                let value = self.cell[v];
                self.cell[v] = UNKNOWN;
                Some((v, value))
            }
            Change::End(saved) => {
                self.links.paths.restore(saved);
                None
            }
            Change::Closed => {
                self.closed = false;
                None
            }
        })
    }
}

/// A loop genre's deduction over a [`Board`]: its own cell values and counts, and its
/// local rules. The link bookkeeping, undo and probing are provided; so is its view as a
/// probing [`Trial`], whose variables are the nodes, then the links.
pub trait LoopDeduction<'g> {
    /// The value of a cell the loop passes through.
    const ON_LOOP: i8;
    /// The value of the cells left undecided once the loop has closed.
    const OFF_LOOP: i8;

    /// The board.
    fn board(&self) -> &Board<'g>;
    /// The board, to change.
    fn board_mut(&mut self) -> &mut Board<'g>;
    /// Sets node `v` to `value` (with [`LoopDeduction::record_cell`]) and the genre's counts
    /// and work; a contradiction when it holds another value.
    fn set_cell(&mut self, v: usize, value: i8) -> Step;
    /// Undoes the genre's own counts of node `v`, which held `value` (none by default).
    fn undo_cell(&mut self, v: usize, value: i8) {
        let _ = (v, value);
    }
    /// Whether a cycle of `weight` (rooted or not, `constraints::paths`) may close now:
    /// it must then be the whole loop, every node set on the loop ([`Board::on_loop`])
    /// on it.
    fn may_close(&self, weight: usize, rooted: bool) -> bool;
    /// The rules a probe's trial runs to their fixpoint.
    fn settle(&mut self) -> Step;
    /// The local rules until no work is left.
    fn propagate(&mut self) -> Step;

    /// Sets node `v` to `value` on the board and its trail: `Ok(false)` when it held
    /// `value` already, a contradiction when it held another, or when `value` is
    /// [`LoopDeduction::ON_LOOP`] and the loop has closed without it.
    fn record_cell(&mut self, v: usize, value: i8) -> Result<bool, Contradiction> {
        let board = self.board_mut();
        match board.cell[v] {
            UNKNOWN if value == Self::ON_LOOP && board.closed => Err(Contradiction),
            UNKNOWN => {
                board.cell[v] = value;
                board.on_loop += usize::from(value == Self::ON_LOOP);
                board.trail.push(Change::Cell(v));
                Ok(true)
            }
            held if held == value => Ok(false),
            _ => Err(Contradiction),
        }
    }

    /// Sets link `e` on or off, keeping the paths: an on link's two nodes are on the loop,
    /// and a link closing a cycle must close the whole loop, which leaves every undecided
    /// cell [`LoopDeduction::OFF_LOOP`].
    fn set_link(&mut self, e: usize, on: bool) -> Step {
        let board = self.board();
        let want = if on { ON } else { OFF };
        if board.links.value[e] != UNKNOWN {
            return if board.links.value[e] == want {
                Ok(())
            } else {
                Err(Contradiction)
            };
        }
        let (a, b) = board.graph.edges()[e];
        let mut closing = false;
        if on {
            if board.links.on[a] >= 2 || board.links.on[b] >= 2 {
                return Err(Contradiction);
            }
            self.set_cell(a, Self::ON_LOOP)?;
            self.set_cell(b, Self::ON_LOOP)?;
            let board = self.board_mut();
            let trail = &mut board.trail;
            match board
                .links
                .paths
                .link(a, b, 0, |saved| trail.push(Change::End(saved)))
            {
                Join::Closes { weight, rooted } => {
                    // `a` and `b` end one path: the link closes it.
                    if self.board().closed || !self.may_close(weight, rooted) {
                        return Err(Contradiction);
                    }
                    let board = self.board_mut();
                    board.closed = true;
                    board.trail.push(Change::Closed);
                    closing = true;
                }
                Join::Joined { end } => board.work.push(Work::End(end)),
            }
        }
        let board = self.board_mut();
        board.links.decide(e, (a, b), on);
        board.trail.push(Change::Link(e));
        board.work.extend([Work::Node(a), Work::Node(b)]);
        if closing {
            // Every other cell is off the loop (its links follow by the cell rule).
            for v in 0..self.board().cell.len() {
                if self.board().cell[v] == UNKNOWN {
                    self.set_cell(v, Self::OFF_LOOP)?;
                }
            }
        }
        Ok(())
    }

    /// Sets every undecided link at node `v` on or off.
    fn set_links_at(&mut self, v: usize, on: bool) -> Step {
        let graph = self.board().graph;
        for &(_, e) in graph.adjacent(v) {
            if self.board().links.value[e] == UNKNOWN {
                self.set_link(e, on)?;
            }
        }
        Ok(())
    }

    /// Undoes the trail down to `mark`, with the genre's counts, and drops pending work.
    fn undo_to(&mut self, mark: usize) {
        while let Some(undone) = self.board_mut().undo_one(mark) {
            if let Some((v, value)) = undone {
                self.board_mut().on_loop -= usize::from(value == Self::ON_LOOP);
                self.undo_cell(v, value);
            }
        }
        self.board_mut().work.clear();
    }

    /// [`LoopDeduction::propagate`] with every path end tested for a premature loop.
    fn propagate_all(&mut self) -> Step {
        let Board { links, work, .. } = self.board_mut();
        let ends = links.on.iter().enumerate().filter(|&(_, &on)| on == 1);
        work.extend(ends.map(|(v, _)| Work::End(v)));
        self.propagate()
    }

    /// One probing pass over the undecided cells, each tried as `ways`, or (`links`) over
    /// the undecided links at cells on the loop, until the board's stop fires; whether it
    /// decided anything.
    fn probe_pass(&mut self, links: bool, ways: [i8; 2]) -> Result<bool, Contradiction>
    where
        Self: Sized,
    {
        let board = self.board();
        let nodes = board.cell.len();
        let mut probing = Probing::new(nodes + board.links.value.len(), &board.stop);
        let mut progress = false;
        if links {
            for e in 0..self.board().links.value.len() {
                let board = self.board();
                let (a, b) = board.graph.edges()[e];
                let at_loop = board.cell[a] == Self::ON_LOOP || board.cell[b] == Self::ON_LOOP;
                if board.links.value[e] == UNKNOWN && at_loop {
                    progress |= probing.probe(&mut Probe(self), nodes + e, [ON, OFF])?;
                }
            }
        } else {
            for v in 0..nodes {
                if self.board().cell[v] == UNKNOWN {
                    progress |= probing.probe(&mut Probe(self), v, ways)?;
                }
            }
        }
        Ok(progress)
    }
}

/// Probing's view of a [`LoopDeduction`]: the nodes, then the links.
struct Probe<'s, T>(&'s mut T);

impl<'g, T: LoopDeduction<'g>> Trial for Probe<'_, T> {
    fn mark(&self) -> usize {
        self.0.board().mark()
    }

    fn undo_to(&mut self, mark: usize) {
        self.0.undo_to(mark);
    }

    fn changed_since(&self, mark: usize) -> Vec<usize> {
        let board = self.0.board();
        let nodes = board.cell.len();
        board.trail[mark..]
            .iter()
            .filter_map(|change| match *change {
                Change::Cell(v) => Some(v),
                Change::Link(e) => Some(nodes + e),
                _ => None,
            })
            .collect()
    }

    fn value(&self, var: usize) -> i8 {
        let board = self.0.board();
        match var.checked_sub(board.cell.len()) {
            None => board.cell[var],
            Some(e) => board.links.value[e],
        }
    }

    fn set(&mut self, var: usize, value: i8) -> Step {
        match var.checked_sub(self.0.board().cell.len()) {
            None => self.0.set_cell(var, value),
            Some(e) => self.0.set_link(e, value == ON),
        }
    }

    fn settle(&mut self) -> Step {
        self.0.settle()
    }

    fn propagate_all(&mut self) -> Step {
        self.0.propagate_all()
    }
}

/// The direction bits of a cell's links: right, up, left, down (`puzzles::pearl`'s).
pub const DIRECTIONS: [u32; 4] = [1, 2, 4, 8];

/// The link of `Graph::grid(width, height)` leaving `cell` in direction `bit` (of
/// [`DIRECTIONS`]), if inside the grid: the horizontal links row by row, then the vertical
/// ones.
#[inline]
pub fn grid_link((width, height): (usize, usize), cell: usize, bit: u32) -> Option<usize> {
    let (r, c) = (cell / width, cell % width);
    let horizontal = height * (width - 1);
    match bit {
        1 => (c + 1 < width).then(|| r * (width - 1) + c),
        4 => (c > 0).then(|| r * (width - 1) + c - 1),
        8 => (r + 1 < height).then(|| horizontal + r * width + c),
        _ => (r > 0).then(|| horizontal + (r - 1) * width + c),
    }
}

/// What a loop genre's deduction decided: per link, and per cell (row-major), `Some` of
/// whether it holds the genre's `yes` value ([`Board::facts`]), `None` when undecided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    width: usize,
    height: usize,
    /// Per link, `Some(true)` on the loop.
    pub links: Vec<Option<bool>>,
    /// Per cell, `Some(true)` when it holds the genre's `yes` value.
    pub cells: Vec<Option<bool>>,
    /// Links leaving the grid: (cell, direction, link).
    extra: Vec<(usize, u32, usize)>,
}

impl Facts {
    /// Cells a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many links and cells are undecided.
    pub fn open(&self) -> usize {
        self.links.iter().filter(|l| l.is_none()).count()
            + self.cells.iter().filter(|c| c.is_none()).count()
    }

    /// The link leaving `cell` in direction `bit`, if any.
    fn link(&self, cell: usize, bit: u32) -> Option<usize> {
        grid_link((self.width, self.height), cell, bit).or_else(|| {
            self.extra
                .iter()
                .find(|&&(c, b, _)| (c, b) == (cell, bit))
                .map(|&(_, _, link)| link)
        })
    }

    /// The directions decided at `cell`: those the loop leaves it by, and those it does
    /// not (a direction with no link counts as decided not).
    pub fn directions(&self, cell: usize) -> (u32, u32) {
        let (mut on, mut off) = (0, 0);
        for bit in DIRECTIONS {
            match self.link(cell, bit).map(|l| self.links[l]) {
                Some(Some(true)) => on |= bit,
                Some(Some(false)) | None => off |= bit,
                Some(None) => {}
            }
        }
        (on, off)
    }

    /// Per cell, the directions the loop leaves it by, once every link and cell is
    /// decided.
    pub fn bits(&self) -> Option<Vec<u32>> {
        if self.open() > 0 {
            return None;
        }
        let [right, up, left, down] = DIRECTIONS;
        let (w, h) = (self.width, self.height);
        let horizontal = h * (w - 1);
        let mut bits = vec![0; w * h];
        for (l, _) in self
            .links
            .iter()
            .enumerate()
            .filter(|&(_, &on)| on == Some(true))
        {
            if l < horizontal {
                let cell = l / (w - 1) * w + l % (w - 1);
                bits[cell] |= right;
                bits[cell + 1] |= left;
            } else if l < horizontal + (h - 1) * w {
                let cell = l - horizontal;
                bits[cell] |= down;
                bits[cell + w] |= up;
            }
        }
        for &(cell, bit, l) in &self.extra {
            if self.links[l] == Some(true) {
                bits[cell] |= bit;
            }
        }
        Some(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest loop genre: one loop on a grid, nothing else; cells on the loop `ON`,
    /// off it `OFF`.
    struct Bare<'g> {
        board: Board<'g>,
    }

    impl<'g> LoopDeduction<'g> for Bare<'g> {
        const ON_LOOP: i8 = ON;
        const OFF_LOOP: i8 = OFF;

        fn board(&self) -> &Board<'g> {
            &self.board
        }

        fn board_mut(&mut self) -> &mut Board<'g> {
            &mut self.board
        }

        fn set_cell(&mut self, v: usize, value: i8) -> Step {
            self.record_cell(v, value).map(|_| ())
        }

        fn may_close(&self, weight: usize, _: bool) -> bool {
            weight == self.board.on_loop
        }

        fn settle(&mut self) -> Step {
            self.propagate()
        }

        fn propagate(&mut self) -> Step {
            self.board.work.clear();
            Ok(())
        }
    }

    fn bare(graph: &Graph) -> Bare<'_> {
        let cells = graph.nodes();
        Bare {
            board: Board::new(graph, vec![UNKNOWN; cells], Paths::new(vec![1; cells], &[])),
        }
    }

    #[test]
    fn grid_links_follow_the_graphs_order() {
        let graph = Graph::grid(3, 2);
        for (e, &(a, b)) in graph.edges().iter().enumerate() {
            let bit = if b == a + 1 { 1 } else { 8 };
            assert_eq!(grid_link((3, 2), a, bit), Some(e));
            assert_eq!(grid_link((3, 2), b, if bit == 1 { 4 } else { 2 }), Some(e));
        }
        assert_eq!(grid_link((3, 2), 2, 1), None);
        assert_eq!(grid_link((3, 2), 3, 8), None);
        assert_eq!(grid_link((3, 2), 0, 2), None);
    }

    #[test]
    fn closing_the_whole_loop_leaves_the_rest_off_and_undo_restores_it() {
        // 3×2: the 2×2 square on the left is the loop, the right column off.
        let graph = Graph::grid(3, 2);
        let mut s = bare(&graph);
        let square = [(0, 1), (3, 4), (0, 3), (1, 4)];
        let link = |(a, b): (usize, usize)| graph.edges().iter().position(|&e| e == (a, b));
        let start = s.board.mark();
        for (k, &ends) in square.iter().enumerate() {
            s.set_link(link(ends).unwrap(), true).unwrap();
            assert_eq!(s.board.closed, k == 3);
        }
        assert_eq!(s.board.cell, [ON, ON, OFF, ON, ON, OFF]);
        assert_eq!(s.board.on_loop, 4);
        // A loop cell more, or a link on at a cell of two: contradictions.
        assert!(s.set_cell(2, ON).is_err());
        assert!(s.set_link(link((1, 2)).unwrap(), true).is_err());
        let facts = s.board.facts((3, 2), ON, Vec::new());
        assert_eq!(facts.directions(0), (1 | 8, 2 | 4));
        // The right column's links are undecided yet: the cells' rule is the genre's.
        assert_eq!(facts.bits(), None);
        s.undo_to(start);
        assert_eq!(s.board.cell, [UNKNOWN; 6]);
        assert_eq!((s.board.on_loop, s.board.closed), (0, false));
        assert!(s.board.links.value.iter().all(|&v| v == UNKNOWN));
        assert!((0..6).all(|v| s.board.links.paths.other_end(v) == v));
    }

    #[test]
    fn a_cycle_short_of_the_loop_is_a_contradiction() {
        // 4×2: the left 2×2 square closes while a cell outside it is on the loop.
        let graph = Graph::grid(4, 2);
        let mut s = bare(&graph);
        s.set_cell(3, ON).unwrap();
        let link = |(a, b): (usize, usize)| graph.edges().iter().position(|&e| e == (a, b));
        for ends in [(0, 1), (4, 5), (0, 4)] {
            s.set_link(link(ends).unwrap(), true).unwrap();
        }
        assert!(s.set_link(link((1, 5)).unwrap(), true).is_err());
    }

    #[test]
    fn bits_read_the_decided_loop_with_its_links_off_the_grid() {
        // 2×1, both cells on a path leaving left of cell 0 and right of cell 1 (links 1 and
        // 2 beyond the grid's one).
        let graph = Graph::new(3, vec![(0, 1), (2, 0), (1, 2)]);
        let mut s = bare(&graph);
        for e in 0..3 {
            s.board.links.decide(e, graph.edges()[e], true);
        }
        s.board.cell = vec![ON, ON, ON];
        let facts = s.board.facts((2, 1), ON, vec![(0, 4, 1), (1, 1, 2)]);
        assert_eq!(facts.open(), 0);
        assert_eq!(facts.bits(), Some(vec![1 | 4, 4 | 1]));
        assert_eq!(facts.directions(1), (4 | 1, 2 | 8));
    }
}
