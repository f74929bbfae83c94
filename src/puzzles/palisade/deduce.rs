//! Deduction for palisade: which sides are borders and which are joins, decided before
//! any search by rules a solver by hand uses. Every rule below decides a side only when
//! no solution of the present state has it the other way, so:
//! - a side decided is that way in every solution;
//! - a contradiction (a clue that cannot be met, a group too large or shut in too small,
//!   a border ending inside a region) means there is no solution;
//! - when every side is decided, the division it draws is the only solution (every step
//!   was forced; the caller confirms it with its checker).
//!
//! Glossary:
//! - **side**: between two orthogonal neighbours (numbered as `Graph::grid` numbers its
//!   edges: across row by row, then down), a [`Side`]: a **border** (two regions), a
//!   **join** (one region) or undecided; a side towards a hole is a border from the start,
//!   and a cell's side on the grid's edge is a border that is no side of this list;
//! - **group**: the cells joined by join sides (a union-find with sizes): part of a
//!   region, or a whole one; **closed** at K cells;
//! - **way out** of a group: an undecided side from one of its cells to another group.
//!
//! The rules (stated in `encodings/palisade.md`, "Deduction"):
//! - **inside** (bookkeeping, always on): an undecided side between two cells of one
//!   group is a join; a border there, or a group of more than K cells, is a contradiction;
//! - **pairs** ([`Rule::Pairs`]): two neighbouring clues `a`, `b` joined would make a
//!   region of at least `8 − a − b` cells (each has `3 − clue` more joins, to cells that
//!   are not the other's), and of exactly two when both are 3: too many, or two cells
//!   when K ≠ 2, and the side between them is a border;
//! - **clue** ([`Rule::Clue`]): a clue's undecided sides, put in classes by the group
//!   beyond them (all of a class alike: the cell is in one region), take a pattern with
//!   the clue's count of borders whose joined groups and the cell's own fit in K cells; a
//!   side the same in every such pattern is decided, and no pattern is a contradiction;
//! - **overflow** ([`Rule::Overflow`]): an undecided side between two groups whose sizes
//!   add up to more than K is a border (a closed group's every way out included);
//! - **vertex** ([`Rule::Vertex`]): at an inner lattice point, not exactly one of the four
//!   sides that meet there is a border (it would end inside one region): a border, two
//!   joins and one side undecided make that side a border (three joins round a point put
//!   its four cells in one group, so the cases without a border are inside's);
//! - **grow** ([`Rule::Grow`]): a group below K cells has a way out; when all its ways
//!   out lead to one group, that group is in its region (the sides between them join);
//!   with none, a contradiction;
//! - **enclosure** ([`Rule::Enclosure`]): the cells reachable from one another through
//!   sides that are not borders are a union of whole regions, so their number is a
//!   multiple of K (else a contradiction), and when it is K they are one region: every
//!   undecided side among them joins.
//!
//! Invariant: sides only go from undecided to decided, and each decision holds in every
//! solution of the state it was deduced from, hence in every solution of the puzzle;
//! groups only merge. These cover the rules of Tatham's solver (`docs/peers.md`,
//! "Palisade": clue pairs against the region size, a clue's exhausted count, not too big,
//! one region to grow into, no dangling edges, equivalent edges round a clue) and add the
//! enclosure, one of the deductions his source sketches as to do.
//!
//! References: the puzzle's rules in `encodings/palisade.md`; the same scheme for
//! fillomino in `puzzles/fillomino/deduce.rs`.

use super::{Cell, Palisade};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
use crate::util::dsf::Dsf;
use crate::util::visits::Visits;

/// One of the rules (module docs); the inside bookkeeping always runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Two neighbouring clues that would make a region of the wrong size stay apart.
    Pairs,
    /// A clue's sides take a pattern that meets its count and fits in K.
    Clue,
    /// Two groups too large together stay apart.
    Overflow,
    /// No border ends at an inner lattice point.
    Vertex,
    /// A group with one group to grow into grows there.
    Grow,
    /// A set of cells shut in by borders is a multiple of K, one region at K.
    Enclosure,
}

impl Rule {
    /// Every rule, cheapest first (the order they are tried in).
    pub const ALL: [Rule; 6] = [
        Rule::Pairs,
        Rule::Clue,
        Rule::Overflow,
        Rule::Vertex,
        Rule::Grow,
        Rule::Enclosure,
    ];
}

/// What a side is known to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Not decided.
    Open,
    /// Between two regions (or towards a hole).
    Border,
    /// Between two cells of one region.
    Join,
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No solution: a rule found a clue, a group or a lattice point no division meets.
    Contradiction,
    /// Each side's state. When every side is decided (and all the rules ran), the
    /// division it draws is the only solution.
    Sides(Sides),
}

/// Per side of the grid, what it is known to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    width: usize,
    height: usize,
    /// Per cell, whether it is a hole.
    hole: Vec<bool>,
    /// Per side, `Graph::grid`'s numbering.
    state: Vec<Side>,
}

impl Sides {
    /// The side between neighbouring cells `a` and `b` (row-major; either order).
    ///
    /// # Panics
    /// When the two are not orthogonal neighbours.
    pub fn side(&self, a: usize, b: usize) -> Side {
        self.state[side_index(self.width, self.height, a, b)]
    }

    /// How many sides between two cells that are not holes are undecided.
    pub fn open(&self) -> usize {
        self.state.iter().filter(|&&s| s == Side::Open).count()
    }

    /// The region labels (regions numbered from 1 in the reading order of their first
    /// cells, holes 0), when every side is decided.
    pub fn grid(&self) -> Option<Grid> {
        if self.open() > 0 {
            return None;
        }
        let graph = Graph::grid(self.width, self.height);
        let mut values = vec![0u32; self.width * self.height];
        let mut next = 0;
        let mut stack = Vec::new();
        for start in 0..values.len() {
            if self.hole[start] || values[start] != 0 {
                continue;
            }
            next += 1;
            values[start] = next;
            stack.push(start);
            while let Some(v) = stack.pop() {
                for &(u, e) in graph.adjacent(v) {
                    if values[u] == 0 && self.state[e] == Side::Join {
                        values[u] = next;
                        stack.push(u);
                    }
                }
            }
        }
        Some(Grid::new(self.width, values))
    }
}

/// The index of the side between neighbours `a` and `b` in `Graph::grid(width, height)`.
fn side_index(width: usize, height: usize, a: usize, b: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    if b == a + 1 && b % width != 0 {
        (a / width) * (width - 1) + a % width
    } else {
        assert_eq!(b, a + width, "cells {a} and {b} are not neighbours");
        height * (width - 1) + a
    }
}

/// Runs `rules` (and the inside bookkeeping) to their fixpoint.
pub fn deduce(p: &Palisade, rules: &[Rule]) -> Deduction {
    let mut state = State::new(p);
    match state.run(rules) {
        Ok(()) => Deduction::Sides(Sides {
            width: state.width,
            height: state.height,
            hole: state.hole,
            state: state.side,
        }),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

/// A rule found that no solution extends the present state.
#[derive(Debug)]
struct Contradiction;

/// Whether a rule changed anything, or found a contradiction.
type Step = Result<bool, Contradiction>;

struct State {
    width: usize,
    height: usize,
    /// Cells per region.
    k: usize,
    graph: Graph,
    hole: Vec<bool>,
    /// Per cell, its clue's count of borders.
    clue: Vec<Option<u8>>,
    /// Per side, its state.
    side: Vec<Side>,
    /// The groups, with their sizes.
    groups: Dsf,
    /// Scratch: the cells visited, a stack, a list.
    visits: Visits,
    stack: Vec<usize>,
    list: Vec<usize>,
}

impl State {
    fn new(p: &Palisade) -> State {
        let (w, h) = p.size();
        let n = w * h;
        let graph = Graph::grid(w, h);
        let hole: Vec<bool> = p.cells.iter().map(|&c| c == Cell::Hole).collect();
        let side = graph
            .edges()
            .iter()
            .map(|&(a, b)| {
                if hole[a] || hole[b] {
                    Side::Border
                } else {
                    Side::Open
                }
            })
            .collect();
        let clue = p
            .cells
            .iter()
            .map(|&c| match c {
                Cell::Clue(n) => Some(n),
                _ => None,
            })
            .collect();
        State {
            width: w,
            height: h,
            k: p.region_size(),
            graph,
            hole,
            clue,
            side,
            groups: Dsf::new(n),
            visits: Visits::new(n),
            stack: Vec::new(),
            list: Vec::new(),
        }
    }

    fn cells(&self) -> usize {
        self.hole.len()
    }

    /// The root of cell `i`'s group.
    fn find(&mut self, i: usize) -> usize {
        self.groups.find(i)
    }

    /// Makes side `e` a join, merging its two groups.
    fn join(&mut self, e: usize) -> Step {
        match self.side[e] {
            Side::Join => return Ok(false),
            Side::Border => return Err(Contradiction),
            Side::Open => {}
        }
        self.side[e] = Side::Join;
        let (a, b) = self.graph.edges()[e];
        if let Some(root) = self.groups.union(a, b)
            && self.groups.root_size(root) > self.k
        {
            return Err(Contradiction);
        }
        Ok(true)
    }

    /// Makes side `e` a border.
    fn border(&mut self, e: usize) -> Step {
        match self.side[e] {
            Side::Border => return Ok(false),
            Side::Join => return Err(Contradiction),
            Side::Open => {}
        }
        let (a, b) = self.graph.edges()[e];
        if self.find(a) == self.find(b) {
            return Err(Contradiction);
        }
        self.side[e] = Side::Border;
        Ok(true)
    }

    /// Every rule of `rules` to the fixpoint, cheapest first, back to the cheapest after
    /// any change (pairs, which reads only the clues, once at the start).
    fn run(&mut self, rules: &[Rule]) -> Result<(), Contradiction> {
        if rules.contains(&Rule::Pairs) {
            self.pairs()?;
        }
        'fixpoint: loop {
            self.inside()?;
            for rule in Rule::ALL {
                if rule == Rule::Pairs || !rules.contains(&rule) {
                    continue;
                }
                let changed = match rule {
                    Rule::Pairs => false,
                    Rule::Clue => self.clue()?,
                    Rule::Overflow => self.overflow()?,
                    Rule::Vertex => self.vertex()?,
                    Rule::Grow => self.grow()?,
                    Rule::Enclosure => self.enclosure()?,
                };
                if changed {
                    continue 'fixpoint;
                }
            }
            return Ok(());
        }
    }

    /// Inside: an undecided side within one group joins; a border within one is a
    /// contradiction (the sizes are checked as groups merge).
    fn inside(&mut self) -> Step {
        let mut changed = false;
        for e in 0..self.side.len() {
            let (a, b) = self.graph.edges()[e];
            if self.side[e] == Side::Join || self.find(a) != self.find(b) {
                continue;
            }
            match self.side[e] {
                Side::Border => return Err(Contradiction),
                _ => changed |= self.join(e)?,
            }
        }
        Ok(changed)
    }

    /// Pairs: the side between two neighbouring clues that, joined, would make a region
    /// of at least `8 − a − b` cells, more than K, or of exactly two (both 3s), not K, is a
    /// border.
    fn pairs(&mut self) -> Step {
        let mut changed = false;
        for e in 0..self.side.len() {
            let (a, b) = self.graph.edges()[e];
            let (Some(x), Some(y)) = (self.clue[a], self.clue[b]) else {
                continue;
            };
            let least = 8usize.saturating_sub(usize::from(x) + usize::from(y));
            if self.side[e] == Side::Open && (least > self.k || (x == 3 && y == 3 && self.k != 2)) {
                changed |= self.border(e)?;
            }
        }
        Ok(changed)
    }

    /// Clue: per clue, the patterns of its undecided sides (by class, the group beyond)
    /// that meet its count and fit in K; what every pattern agrees on is decided.
    fn clue(&mut self) -> Step {
        let mut changed = false;
        for i in 0..self.cells() {
            let Some(n) = self.clue[i] else { continue };
            let own = self.find(i);
            let mut borders = 4 - self.graph.adjacent(i).len();
            // Classes: (group beyond, sides, size of the group).
            let mut classes: [(usize, [usize; 4], usize, usize); 4] = [(0, [0; 4], 0, 0); 4];
            let mut count = 0;
            for j in 0..self.graph.adjacent(i).len() {
                let (nb, e) = self.graph.adjacent(i)[j];
                match self.side[e] {
                    Side::Border => borders += 1,
                    Side::Join => {}
                    Side::Open => {
                        let r = self.find(nb);
                        if r == own {
                            // Inside one group: a join (the bookkeeping's, settled here).
                            changed |= self.join(e)?;
                            continue;
                        }
                        match classes[..count].iter().position(|c| c.0 == r) {
                            Some(c) => {
                                let class = &mut classes[c];
                                class.1[class.2] = e;
                                class.2 += 1;
                            }
                            None => {
                                classes[count] = (r, [e, 0, 0, 0], 1, self.groups.root_size(r));
                                count += 1;
                            }
                        }
                    }
                }
            }
            // Per class, whether some pattern joins it, and whether some borders it.
            let mut may_join = 0u32;
            let mut may_border = 0u32;
            let mut any = false;
            for joined in 0u32..1 << count {
                let mut b = borders;
                let mut cells = self.groups.root_size(own);
                for (c, class) in classes[..count].iter().enumerate() {
                    if joined >> c & 1 == 1 {
                        cells += class.3;
                    } else {
                        b += class.2;
                    }
                }
                if b == usize::from(n) && cells <= self.k {
                    any = true;
                    may_join |= joined;
                    may_border |= !joined;
                }
            }
            if !any {
                return Err(Contradiction);
            }
            for (c, class) in classes[..count].iter().enumerate() {
                let (j, b) = (may_join >> c & 1 == 1, may_border >> c & 1 == 1);
                for &e in &class.1[..class.2] {
                    if !b {
                        changed |= self.join(e)?;
                    } else if !j {
                        changed |= self.border(e)?;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Overflow: an undecided side between two groups more than K together is a border.
    fn overflow(&mut self) -> Step {
        let mut changed = false;
        for e in 0..self.side.len() {
            if self.side[e] != Side::Open {
                continue;
            }
            let (a, b) = self.graph.edges()[e];
            let (ra, rb) = (self.find(a), self.find(b));
            if ra != rb && self.groups.root_size(ra) + self.groups.root_size(rb) > self.k {
                changed |= self.border(e)?;
            }
        }
        Ok(changed)
    }

    /// Vertex: at each inner lattice point with one of its four sides undecided and
    /// exactly one other a border, the undecided side is a border.
    fn vertex(&mut self) -> Step {
        let (w, h) = (self.width, self.height);
        let mut changed = false;
        for r in 1..h {
            for c in 1..w {
                let (nw, ne, sw) = ((r - 1) * w + c - 1, (r - 1) * w + c, r * w + c - 1);
                // Up, right, down and left arms: nw|ne, ne|se, sw|se, nw|sw.
                let arms = [
                    side_index(w, h, nw, ne),
                    side_index(w, h, ne, ne + w),
                    side_index(w, h, sw, sw + 1),
                    side_index(w, h, nw, sw),
                ];
                let mut borders = 0;
                let mut open = None;
                let mut opens = 0;
                for &e in &arms {
                    match self.side[e] {
                        Side::Border => borders += 1,
                        Side::Join => {}
                        Side::Open => {
                            opens += 1;
                            open = Some(e);
                        }
                    }
                }
                if let (1, 1, Some(e)) = (opens, borders, open) {
                    changed |= self.border(e)?;
                }
            }
        }
        Ok(changed)
    }

    /// Grow: per group below K cells, the groups its ways out lead to; none is a
    /// contradiction, exactly one joins it.
    fn grow(&mut self) -> Step {
        let mut changed = false;
        // Per root: the one group its ways out lead to (`NONE` none yet, `MANY` several),
        // and a side leading there.
        const NONE: usize = usize::MAX;
        const MANY: usize = usize::MAX - 1;
        let n = self.cells();
        let mut out = vec![(NONE, 0usize); n];
        for e in 0..self.side.len() {
            if self.side[e] != Side::Open {
                continue;
            }
            let (a, b) = self.graph.edges()[e];
            let (ra, rb) = (self.find(a), self.find(b));
            if ra == rb {
                continue;
            }
            for (from, to) in [(ra, rb), (rb, ra)] {
                out[from] = match out[from].0 {
                    NONE => (to, e),
                    t if t == to => out[from],
                    _ => (MANY, 0),
                };
            }
        }
        for (i, &way) in out.iter().enumerate() {
            if self.hole[i] || self.find(i) != i || self.groups.root_size(i) >= self.k {
                continue;
            }
            match way {
                (NONE, _) => return Err(Contradiction),
                (MANY, _) => {}
                (_, e) => changed |= self.join(e)?,
            }
        }
        Ok(changed)
    }

    /// Enclosure: per set of cells connected through sides that are not borders, a size
    /// not a multiple of K is a contradiction, a size of K one region.
    fn enclosure(&mut self) -> Step {
        let mut changed = false;
        self.visits.clear();
        for start in 0..self.cells() {
            if self.hole[start] || self.visits.seen(start) {
                continue;
            }
            self.visits.insert(start);
            self.list.clear();
            self.stack.clear();
            self.stack.push(start);
            let mut open = false;
            while let Some(v) = self.stack.pop() {
                self.list.push(v);
                for &(u, e) in self.graph.adjacent(v) {
                    if self.side[e] == Side::Border {
                        continue;
                    }
                    open |= self.side[e] == Side::Open;
                    if !self.visits.seen(u) {
                        self.visits.insert(u);
                        self.stack.push(u);
                    }
                }
            }
            if !self.list.len().is_multiple_of(self.k) {
                return Err(Contradiction);
            }
            if open && self.list.len() == self.k {
                for m in 0..self.list.len() {
                    let v = self.list[m];
                    for j in 0..self.graph.adjacent(v).len() {
                        let e = self.graph.adjacent(v)[j].1;
                        if self.side[e] == Side::Open {
                            changed |= self.join(e)?;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(k: usize, rows: &str) -> Palisade {
        super::super::parse(&format!("palisade {k}\n{rows}\n"))
            .remove(0)
            .unwrap()
            .1
    }

    /// The rows' puzzle with regions of `k`, deduced with `rules` only.
    fn deduced(k: usize, rows: &str, rules: &[Rule]) -> Deduction {
        deduce(&puzzle(k, rows), rules)
    }

    fn sides(k: usize, rows: &str, rules: &[Rule]) -> Sides {
        match deduced(k, rows, rules) {
            Deduction::Sides(s) => s,
            Deduction::Contradiction => panic!("{rows}: contradiction"),
        }
    }

    /// A state of the rows' puzzle, with `joins` and `borders` (cell pairs) set.
    fn state(k: usize, rows: &str, joins: &[(usize, usize)], borders: &[(usize, usize)]) -> State {
        let mut s = State::new(&puzzle(k, rows));
        for &(a, b) in joins {
            let e = s.index(a, b);
            s.join(e).unwrap();
        }
        for &(a, b) in borders {
            let e = s.index(a, b);
            s.border(e).unwrap();
        }
        s
    }

    impl State {
        fn index(&self, a: usize, b: usize) -> usize {
            side_index(self.width, self.height, a, b)
        }

        fn at(&self, a: usize, b: usize) -> Side {
            self.side[self.index(a, b)]
        }
    }

    #[test]
    fn inside_joins_a_side_within_a_group() {
        // A 2×2 (cells 0 1 / 2 3) with three sides joined: the fourth is inside.
        let mut s = state(4, "..\n..", &[(0, 1), (0, 2), (1, 3)], &[]);
        assert!(s.inside().unwrap());
        assert_eq!(s.at(2, 3), Side::Join);
        // A border there: a contradiction.
        let mut s = state(4, "..\n..", &[(0, 1), (0, 2)], &[(2, 3)]);
        s.join(s.index(1, 3)).unwrap();
        assert!(s.inside().is_err());
        // A group of more than K: a contradiction as it merges.
        let mut s = state(2, "...", &[(0, 1)], &[]);
        assert!(s.join(s.index(1, 2)).is_err());
        // The sides towards a hole are borders from the start.
        let s = sides(2, "#.\n..", &[]);
        assert_eq!(
            (s.open(), s.side(0, 1), s.side(0, 2)),
            (2, Side::Border, Side::Border)
        );
    }

    #[test]
    fn pairs_keep_two_clues_apart() {
        // 0 and 1 joined: at least 8 − 1 = 7 cells, more than K = 5.
        let s = sides(5, "01...\n.....", &[Rule::Pairs]);
        assert_eq!(s.side(0, 1), Side::Border);
        // Two 3s joined are a domino: a border unless K = 2.
        assert_eq!(sides(4, "33\n..", &[Rule::Pairs]).side(0, 1), Side::Border);
        assert_eq!(sides(2, "33\n..", &[Rule::Pairs]).side(0, 1), Side::Open);
        // 2 and 2: at least four cells, which K = 4 allows.
        assert_eq!(
            sides(4, ".22.\n....", &[Rule::Pairs]).side(1, 2),
            Side::Open
        );
    }

    #[test]
    fn clue_decides_the_sides_its_count_and_k_force() {
        // A 4 in the middle: every side a border.
        let s = sides(2, "...\n.4.\n...", &[Rule::Clue]);
        for nb in [1, 3, 5, 7] {
            assert_eq!(s.side(4, nb), Side::Border);
        }
        // A corner 2 has its two borders on the grid's edge: its other sides join.
        let s = sides(3, "2..\n...", &[Rule::Clue]);
        assert_eq!((s.side(0, 1), s.side(0, 3)), (Side::Join, Side::Join));
        // A corner 3: one of its two sides joins, which is open.
        let s = sides(2, "3.\n..", &[Rule::Clue]);
        assert_eq!((s.side(0, 1), s.side(0, 2)), (Side::Open, Side::Open));
        // A 1 on the bottom edge joins its three other sides: four cells, too many for
        // K = 3, right for K = 4.
        assert_eq!(
            deduced(3, "...\n.1.", &[Rule::Clue]),
            Deduction::Contradiction
        );
        assert_eq!(sides(4, "...\n.1.", &[Rule::Clue]).side(4, 1), Side::Join);
    }

    #[test]
    fn clue_takes_the_sides_towards_one_group_alike() {
        // The corner 2 joins r1c2 and r2c1 into a group of three; the 1 at r2c2 sees that
        // group on two sides, which go alike: bordered, two borders for a 1; joined, with
        // one of the other two, 1 + 3 + 1 cells. With K = 5 the group joins and the other
        // two stay open; with K = 4 nothing fits.
        let s = sides(5, "2...2\n.1...\n.....\n.....", &[Rule::Clue]);
        assert_eq!((s.side(6, 1), s.side(6, 5)), (Side::Join, Side::Join));
        assert_eq!((s.side(6, 7), s.side(6, 11)), (Side::Open, Side::Open));
        assert_eq!(
            deduced(4, "2..2\n.1..\n....\n....", &[Rule::Clue]),
            Deduction::Contradiction
        );
    }

    #[test]
    fn overflow_keeps_too_large_groups_apart() {
        // The corner 2 closes a group of three (K = 3): its ways out are borders.
        let s = sides(3, "2..\n...", &[Rule::Clue, Rule::Overflow]);
        for (a, b) in [(1, 2), (1, 4), (3, 4)] {
            assert_eq!(s.side(a, b), Side::Border, "{a}|{b}");
        }
        assert_eq!((s.side(4, 5), s.side(2, 5)), (Side::Open, Side::Open));
        // Two dominoes (the end 3s join inwards) cannot join with K = 3.
        let s = sides(3, "3..3", &[Rule::Clue, Rule::Overflow]);
        assert_eq!(s.side(1, 2), Side::Border);
        assert_eq!(sides(3, "3..3", &[Rule::Clue]).side(1, 2), Side::Open);
    }

    #[test]
    fn vertex_leaves_no_border_ending_inside() {
        // The 2×2's one inner point: a border and two joins make the fourth a border.
        let mut s = state(2, "..\n..", &[(0, 2)], &[(0, 1)]);
        assert!(!s.vertex().unwrap());
        s.join(s.index(1, 3)).unwrap();
        assert!(s.vertex().unwrap());
        assert_eq!(s.at(2, 3), Side::Border);
        // Three joins: the fourth is inside's (a join), or a contradiction as a border.
        let mut s = state(4, "..\n..", &[(0, 1), (0, 2), (1, 3)], &[]);
        assert!(!s.vertex().unwrap());
        assert!(s.inside().unwrap());
        assert_eq!(s.at(2, 3), Side::Join);
    }

    #[test]
    fn grow_takes_the_only_group_to_grow_into() {
        // One way out: it joins.
        let s = sides(2, "3.", &[Rule::Grow]);
        assert_eq!(s.side(0, 1), Side::Join);
        // Two ways out to one group {1, 2, 3}: one joins (inside then joins the other).
        let mut s = state(4, "..\n..", &[(1, 3), (2, 3)], &[]);
        assert!(s.grow().unwrap());
        s.inside().unwrap();
        assert_eq!((s.at(0, 1), s.at(0, 2)), (Side::Join, Side::Join));
        // Two groups to grow into: nothing.
        let mut s = state(2, "..\n..", &[], &[]);
        assert!(!s.grow().unwrap());
        // A cell shut in alone below K: a contradiction.
        let mut s = state(2, "..\n..", &[], &[(0, 1), (0, 2)]);
        assert!(s.grow().is_err());
    }

    #[test]
    fn enclosure_counts_in_multiples_of_k() {
        // Three cells, K = 3: one region.
        assert_eq!(sides(3, "...", &[Rule::Enclosure]).open(), 0);
        // Five cells, K = 2: not a multiple.
        assert_eq!(
            deduced(2, ".....", &[Rule::Enclosure]),
            Deduction::Contradiction
        );
        // A 3×2 cut by three borders into two L trominoes: each one region.
        let mut s = state(3, "...\n...", &[], &[(1, 2), (1, 4), (3, 4)]);
        assert!(s.enclosure().unwrap());
        for (a, b) in [(0, 1), (0, 3), (4, 5), (2, 5)] {
            assert_eq!(s.at(a, b), Side::Join, "{a}|{b}");
        }
        // Cut into four cells and two: a contradiction.
        let mut s = state(3, "...\n...", &[], &[(1, 2), (4, 5)]);
        assert!(s.enclosure().is_err());
    }

    #[test]
    fn a_decided_division_is_drawn() {
        // A row of four into dominoes: each end has one way out, then they are closed.
        let s = sides(2, "....", &Rule::ALL);
        assert_eq!(s.open(), 0);
        assert_eq!(s.grid().unwrap().values, vec![1, 1, 2, 2]);
        // Both ways open: two solutions, nothing decided.
        assert_eq!(sides(2, "..\n..", &Rule::ALL).grid(), None);
    }
}
