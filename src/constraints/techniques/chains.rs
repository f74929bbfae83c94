//! Chains: implications between literals followed from an assumption.
//!
//! Static links, valid in the current grid: `r1c1=5` makes every other candidate of the
//! cell false and 5 false in every peer (weak links); `r1c1<>5` makes the cell's other
//! candidate true when the cell is bivalue, and the other place for 5 true in a house
//! where 5 has two places (strong links). A breadth-first search from `p` true and from
//! `p` false finds, shortest first:
//! - a contradiction (some candidate both true and false): the assumption is wrong;
//! - a conclusion both assumptions reach (double implication): it holds.
//!
//! Chains of one digit whose conclusion is about the start are X-chains (SE 6.6 base);
//! everything else, XY-chains included, is a forcing chain (7.0). A path from `p` true
//! back to a strong partner of `p` (not by the direct link) closes a loop, whose weak links
//! all become strong: an X-cycle (one digit, 6.5), a Y-cycle (every strong link inside a
//! bivalue cell, 6.5) or a bidirectional cycle (both kinds, 7.0); each kind has its own
//! search, as SE rates them apart (the values: `docs/explain.md`). Region and cell
//! forcing chains (8.0) take every place of a digit in a house, or every candidate of a
//! cell, as the branches; their length is the sum of the branches' lengths. Dynamic forcing
//! chains (8.5 and the nested levels above) are in `dynamic.rs`. Every kind
//! adds the SE length surcharge: 0.1 for each of the ceilings 4, 6, 8, 12, 16, 24, 32…
//! (alternately ×3/2 and ×4/3) that the chain's node count exceeds.

use super::{Board, Difficulty, Literal, Step, Technique};

/// The surcharge in tenths for a chain of `nodes` literals.
pub(crate) fn length_surcharge(nodes: usize) -> u16 {
    let length = nodes.saturating_sub(LENGTH_OFFSET);
    let (mut ceiling, mut tenths, mut half) = (4usize, 0u16, true);
    while length > ceiling {
        tenths += 1;
        ceiling = if half {
            ceiling * 3 / 2
        } else {
            ceiling * 4 / 3
        };
        half = !half;
    }
    tenths
}

/// What the length counts: the chain's literals minus this (the assumption and its
/// negation are not links; calibrated on the published ratings, `docs/explain.md`).
const LENGTH_OFFSET: usize = 2;

const NONE: u32 = u32::MAX;

/// A search by every link, unbounded.
const EVERY_LINK: (Option<usize>, u16, Links) = (None, u16::MAX, Links::All);

/// The implication graph of the current grid.
struct Graph<'a> {
    board: &'a Board,
    n: usize,
    /// Positions of digit d in house h at `h * n + d - 1`.
    pos: Vec<u64>,
}

/// A breadth-first search's result: parent and depth of every literal reached.
struct Search {
    parent: Vec<u32>,
    depth: Vec<u16>,
    order: Vec<usize>,
}

impl Search {
    fn new(size: usize) -> Search {
        Search {
            parent: vec![NONE; size],
            depth: vec![0; size],
            order: Vec::new(),
        }
    }

    fn reached(&self, l: usize) -> bool {
        self.parent[l] != NONE
    }

    fn clear(&mut self) {
        for &l in &self.order {
            self.parent[l] = NONE;
        }
        self.order.clear();
    }

    /// The literals from the start to `l`.
    fn path(&self, mut l: usize) -> Vec<usize> {
        let mut path = vec![l];
        while self.parent[l] as usize != l {
            l = self.parent[l] as usize;
            path.push(l);
        }
        path.reverse();
        path
    }
}

impl<'a> Graph<'a> {
    fn new(board: &'a Board) -> Graph<'a> {
        let n = board.n;
        let mut pos = vec![0u64; board.houses.len() * n];
        for h in 0..board.houses.len() {
            for d in 1..=n as u8 {
                pos[h * n + usize::from(d) - 1] = board.positions(h, d);
            }
        }
        Graph { board, n, pos }
    }

    fn size(&self) -> usize {
        self.board.cand.len() * self.n * 2
    }

    fn lit(&self, c: usize, d: u8, on: bool) -> usize {
        ((c * self.n) + usize::from(d) - 1) * 2 + usize::from(on)
    }

    fn decode(&self, l: usize) -> (usize, u8, bool) {
        let on = l & 1 == 1;
        let v = l / 2;
        (v / self.n, (v % self.n) as u8 + 1, on)
    }

    fn literal(&self, l: usize) -> Literal {
        let (c, d, on) = self.decode(l);
        Literal {
            cell: self.board.cell(c),
            digit: d,
            on,
        }
    }

    /// The literals `l` implies by the links `links` allows.
    fn successors(&self, l: usize, links: Links, out: &mut Vec<usize>) {
        out.clear();
        let (c, d, on) = self.decode(l);
        let board = self.board;
        if on {
            if links != Links::X {
                for other in Board::digits(board.cand[c]) {
                    if other != d {
                        out.push(self.lit(c, other, false));
                    }
                }
            }
            for &p in &board.peers[c] {
                if board.has(p, d) {
                    out.push(self.lit(p, d, false));
                }
            }
        } else {
            if links != Links::X && board.cand[c].count_ones() == 2 {
                let other = Board::digits(board.cand[c] & !(1 << (d - 1))).next();
                if let Some(other) = other {
                    out.push(self.lit(c, other, true));
                }
            }
            if links == Links::Y {
                return;
            }
            for &h in &board.cell_houses[c] {
                let mask = self.pos[h * self.n + usize::from(d) - 1];
                if mask.count_ones() == 2 {
                    for i in Board::digits(mask) {
                        let o = board.houses[h][usize::from(i) - 1];
                        if o != c {
                            out.push(self.lit(o, d, true));
                        }
                    }
                }
            }
        }
    }

    /// The breadth-first search from `start` by the links `links` allows, up to
    /// `max_depth` links, not taking the direct link to `banned` (so that a path back to a
    /// strong partner of the start goes round a loop).
    fn bfs(
        &self,
        start: usize,
        (banned, max_depth, links): (Option<usize>, u16, Links),
        search: &mut Search,
        buffer: &mut Vec<usize>,
    ) {
        search.clear();
        search.parent[start] = start as u32;
        search.depth[start] = 0;
        search.order.push(start);
        let mut head = 0;
        while head < search.order.len() {
            let l = search.order[head];
            head += 1;
            if search.depth[l] >= max_depth {
                continue;
            }
            self.successors(l, links, buffer);
            for &next in buffer.iter() {
                if l == start && Some(next) == banned {
                    continue;
                }
                if !search.reached(next) {
                    search.parent[next] = l as u32;
                    search.depth[next] = search.depth[l] + 1;
                    search.order.push(next);
                }
            }
        }
    }

    /// Whether literal `l` says something new: a candidate to remove or a digit to place.
    fn useful(&self, l: usize) -> bool {
        let (c, d, _) = self.decode(l);
        self.board.value[c] == 0 && self.board.has(c, d)
    }

    fn conclusion(&self, step: &mut Step, l: usize) {
        let (c, d, on) = self.decode(l);
        if on {
            step.placements.push(self.board.candidate(c, d));
        } else {
            step.eliminations.push(self.board.candidate(c, d));
        }
    }

    fn chain(&self, path: &[usize]) -> Vec<Literal> {
        path.iter().map(|&l| self.literal(l)).collect()
    }

    /// Distinct literals over several paths.
    fn nodes(paths: &[&[usize]]) -> usize {
        let mut all: Vec<usize> = paths.iter().flat_map(|p| p.iter().copied()).collect();
        all.sort_unstable();
        all.dedup();
        all.len()
    }

    /// The kind of links a path uses: one digit throughout (X), every strong link inside
    /// a bivalue cell (Y), or both kinds.
    fn kind(&self, path: &[usize]) -> Links {
        let digit = self.decode(path[0]).1;
        if path.iter().all(|&l| self.decode(l).1 == digit) {
            return Links::X;
        }
        let in_cells = path.windows(2).all(|w| {
            let ((a, _, from_on), (b, _, to_on)) = (self.decode(w[0]), self.decode(w[1]));
            from_on || !to_on || a == b
        });
        if in_cells { Links::Y } else { Links::All }
    }
}

/// The links a search may use, after SE's X- and Y-chains: X follows one digit (its
/// places in a house), Y takes strong links only inside bivalue cells, All takes both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Links {
    X,
    Y,
    All,
}

impl Links {
    /// The chain of this kind. XY-chains (every strong link in a bivalue cell) stay forcing
    /// chains: SE's "forcing Y-chain" (6.6) rates the published 7.1–7.2 puzzles 6.8–6.9,
    /// so SE evidently does not find them (`docs/explain.md`).
    fn chain(self) -> Technique {
        match self {
            Links::X => Technique::XChain,
            Links::Y | Links::All => Technique::ForcingChain,
        }
    }

    /// The loop of this kind.
    fn cycle(self) -> Technique {
        match self {
            Links::X => Technique::XCycle,
            Links::Y => Technique::YCycle,
            Links::All => Technique::Cycle,
        }
    }
}

fn rated(technique: Technique, nodes: usize) -> Difficulty {
    Difficulty(technique.base().0 + length_surcharge(nodes))
}

/// The easiest static chain or cycle (SE's "Forcing Chains & Cycles" family): X-cycles,
/// Y-cycles, X-chains, bidirectional cycles and forcing chains, by total rating.
pub(super) fn static_chains(board: &Board, allowed: &dyn Fn(Technique) -> bool) -> Option<Step> {
    static_on(&Graph::new(board), allowed)
}

/// The easiest region or cell forcing chain (SE's "Multiple Forcing Chains").
pub(super) fn multiple_chains(board: &Board, allowed: &dyn Fn(Technique) -> bool) -> Option<Step> {
    multiple_on(&Graph::new(board), allowed)
}

fn keep_best(best: &mut Option<Step>, step: Step) {
    if best.as_ref().is_none_or(|b| step.difficulty < b.difficulty) {
        *best = Some(step);
    }
}

/// The most links a chain of `technique` may have and still rate below `best`.
fn depth_bound(technique: Technique, best: Option<&Step>) -> u16 {
    let Some(best) = best else {
        return u16::MAX;
    };
    (1..4096)
        .take_while(|&nodes| rated(technique, nodes) < best.difficulty)
        .last()
        .map_or(0, |nodes| nodes as u16 - 1)
}

/// The longest loop of `technique` that still rates below `best`.
fn longest_loop(technique: Technique, best: Option<&Step>) -> u16 {
    let Some(best) = best else {
        return u16::MAX;
    };
    (4..4096)
        .take_while(|&len| rated(technique, len) < best.difficulty)
        .last()
        .unwrap_or(0) as u16
}

/// Contradictions and double implications from one candidate's two assumptions.
fn static_on(graph: &Graph, allowed: &dyn Fn(Technique) -> bool) -> Option<Step> {
    let board = graph.board;
    let size = graph.size();
    let (mut on, mut off) = (Search::new(size), Search::new(size));
    let mut buffer = Vec::new();
    let mut best: Option<Step> = None;
    for c in 0..board.cand.len() {
        for d in Board::digits(board.cand[c]) {
            let (p_on, p_off) = (graph.lit(c, d, true), graph.lit(c, d, false));
            // SE's passes: X links only (X-chains), then every link (forcing chains).
            for links in [Links::X, Links::All] {
                let technique = links.chain();
                if !allowed(technique) {
                    continue;
                }
                // A chain with more links than this cannot rate below the best one found.
                let depth = depth_bound(technique, best.as_ref());
                graph.bfs(p_on, (None, depth, links), &mut on, &mut buffer);
                graph.bfs(p_off, (None, depth, links), &mut off, &mut buffer);
                for (search, start, contradicted) in [(&on, p_on, p_off), (&off, p_off, p_on)] {
                    // The contradiction with the fewest steps: some q reached true and false.
                    let shortest = search
                        .order
                        .iter()
                        .filter(|&&l| l & 1 == 1 && search.reached(l ^ 1))
                        .min_by_key(|&&l| search.depth[l] + search.depth[l ^ 1]);
                    let Some(&q) = shortest else { continue };
                    let (a, b) = (search.path(q), search.path(q ^ 1));
                    let self_contained = q == start || q ^ 1 == start;
                    let (technique, chains) = if self_contained {
                        let path = if q == start { b } else { a };
                        (graph.kind(&path).chain(), vec![path])
                    } else if links == Links::X {
                        continue;
                    } else {
                        (Technique::ForcingChain, vec![a, b])
                    };
                    if !allowed(technique) {
                        continue;
                    }
                    let refs: Vec<&[usize]> = chains.iter().map(Vec::as_slice).collect();
                    let difficulty = rated(technique, Graph::nodes(&refs));
                    if best.as_ref().is_some_and(|s| s.difficulty <= difficulty) {
                        continue;
                    }
                    let mut step = Step::new(technique);
                    step.difficulty = difficulty;
                    graph.conclusion(&mut step, contradicted);
                    step.chains = chains.iter().map(|p| graph.chain(p)).collect();
                    step.reasoning = Some("contradiction");
                    step.digits.push(d);
                    step.cells.push(board.cell(c));
                    keep_best(&mut best, step);
                }
            }
            if !allowed(Technique::ForcingChain) {
                continue;
            }
            // Double implication: reached from both assumptions.
            let shared = on
                .order
                .iter()
                .filter(|&&l| {
                    l != p_on
                        && l != p_off
                        && off.reached(l)
                        && graph.useful(l)
                        && !on.reached(l ^ 1)
                })
                .min_by_key(|&&l| on.depth[l] + off.depth[l]);
            if let Some(&l) = shared {
                let (a, b) = (on.path(l), off.path(l));
                let difficulty = rated(Technique::ForcingChain, Graph::nodes(&[&a, &b]));
                if best.as_ref().is_some_and(|s| s.difficulty <= difficulty) {
                    continue;
                }
                let mut step = Step::new(Technique::ForcingChain);
                step.difficulty = difficulty;
                graph.conclusion(&mut step, l);
                step.chains = vec![graph.chain(&a), graph.chain(&b)];
                step.reasoning = Some("both ways");
                step.digits.push(d);
                step.cells.push(board.cell(c));
                keep_best(&mut best, step);
            }
        }
    }
    // Loops can only beat the best chain when they are shorter; they need a search of
    // their own (the shortest path to a strong partner is the direct weak link).
    if allowed(Technique::XCycle)
        && best
            .as_ref()
            .is_none_or(|b| b.difficulty > Technique::XCycle.base())
    {
        for c in 0..board.cand.len() {
            for d in Board::digits(board.cand[c]) {
                let p_on = graph.lit(c, d, true);
                for x in strong_predecessors(graph, c, d) {
                    // Loops of each kind only as long as they could still beat the best
                    // step (X-loops, on one digit's links, at any length).
                    for links in [Links::X, Links::Y, Links::All] {
                        let longest = longest_loop(links.cycle(), best.as_ref());
                        if longest < 3 {
                            continue;
                        }
                        graph.bfs(p_on, (Some(x), longest, links), &mut on, &mut buffer);
                        if let Some(step) = cycle(graph, &on, p_on, x, allowed)
                            && best.as_ref().is_none_or(|s| step.difficulty < s.difficulty)
                        {
                            best = Some(step);
                        }
                    }
                }
            }
        }
    }
    best
}

/// The literals with a strong link into `on(c, d)`: the cell's other candidate when it
/// is bivalue, the other place of `d` in a house where it has two.
fn strong_predecessors(graph: &Graph, c: usize, d: u8) -> Vec<usize> {
    let board = graph.board;
    let mut out = Vec::new();
    if board.cand[c].count_ones() == 2
        && let Some(other) = Board::digits(board.cand[c] & !(1 << (d - 1))).next()
    {
        out.push(graph.lit(c, other, false));
    }
    for &h in &board.cell_houses[c] {
        let mask = graph.pos[h * graph.n + usize::from(d) - 1];
        if mask.count_ones() == 2 {
            for i in Board::digits(mask) {
                let o = board.houses[h][usize::from(i) - 1];
                if o != c {
                    out.push(graph.lit(o, d, false));
                }
            }
        }
    }
    out
}

/// A continuous loop through `start`: weak and strong links alternate, so with as many
/// "at least one" pairs as "at most one" pairs over the same candidates, every weak link
/// holds exactly one truth. A digit linked weakly between two cells leaves the cells
/// seeing both; a cell linked weakly between two digits keeps only those two. Rated as a
/// bidirectional cycle (7.0; an X-cycle of one digit 6.5) plus the length surcharge.
fn cycle(
    graph: &Graph,
    search: &Search,
    start: usize,
    x: usize,
    allowed: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    let board = graph.board;
    if !search.reached(x) {
        return None;
    }
    let path = search.path(x);
    let mut candidates: Vec<usize> = path.iter().map(|&l| l / 2).collect();
    candidates.sort_unstable();
    candidates.dedup();
    if path.len() < 4 || candidates.len() != path.len() {
        return None;
    }
    let mut closed = path.clone();
    closed.push(start);
    let technique = graph.kind(&closed).cycle();
    if !allowed(technique) {
        return None;
    }
    let mut step = Step::new(technique);
    step.difficulty = rated(technique, path.len());
    let in_loop = |c: usize, d: u8| {
        candidates
            .binary_search(&(graph.lit(c, d, false) / 2))
            .is_ok()
    };
    // The path alternates on, off, on, off…: each (on, off) pair is a weak link.
    for pair in path.chunks(2) {
        let (a, da, _) = graph.decode(pair[0]);
        let (b, db, _) = graph.decode(pair[1]);
        if a == b {
            for d in Board::digits(board.cand[a]) {
                if d != da && d != db {
                    step.eliminations.push(board.candidate(a, d));
                }
            }
        } else {
            for z in 0..board.cand.len() {
                if board.has(z, da) && !in_loop(z, da) && board.sees(z, a) && board.sees(z, b) {
                    step.eliminations.push(board.candidate(z, da));
                }
            }
        }
    }
    step.eliminations.sort_unstable();
    step.eliminations.dedup();
    if step.eliminations.is_empty() {
        return None;
    }
    let mut chain = graph.chain(&path);
    chain.push(graph.literal(start));
    step.chains = vec![chain];
    step.reasoning = Some("loop");
    Some(step)
}

/// Region forcing chains (every place of a digit in a house) and cell forcing chains
/// (every candidate of a cell): a literal every branch reaches holds.
fn multiple_on(graph: &Graph, allowed: &dyn Fn(Technique) -> bool) -> Option<Step> {
    let board = graph.board;
    let n = board.n;
    let mut groups: Vec<(Technique, Vec<usize>)> = Vec::new();
    for h in 0..board.houses.len() {
        for d in 1..=n as u8 {
            let mask = graph.pos[h * n + usize::from(d) - 1];
            // SE examines a house's region chain from the digit's first place only, and
            // (not dynamic) from cells of three or more candidates only.
            let first = board.houses[h][mask.trailing_zeros() as usize % n.max(1)];
            if mask.count_ones() >= 2 && board.cand[first].count_ones() >= 3 {
                let lits = Board::digits(mask)
                    .map(|i| graph.lit(board.houses[h][usize::from(i) - 1], d, true))
                    .collect();
                groups.push((Technique::RegionForcingChain, lits));
            }
        }
    }
    if allowed(Technique::CellForcingChain) {
        for c in 0..board.cand.len() {
            if board.cand[c].count_ones() >= 3 {
                let lits = Board::digits(board.cand[c])
                    .map(|d| graph.lit(c, d, true))
                    .collect();
                groups.push((Technique::CellForcingChain, lits));
            }
        }
    }
    let size = graph.size();
    let mut buffer = Vec::new();
    let mut best: Option<Step> = None;
    let mut searches: Vec<Search> = Vec::new();
    for (technique, starts) in groups {
        while searches.len() < starts.len() {
            searches.push(Search::new(size));
        }
        for (i, &s) in starts.iter().enumerate() {
            graph.bfs(s, EVERY_LINK, &mut searches[i], &mut buffer);
        }
        let branches = &searches[..starts.len()];
        let shared = branches[0]
            .order
            .iter()
            .filter(|&&l| {
                !starts.contains(&l)
                    && graph.useful(l)
                    && branches[1..].iter().all(|s| s.reached(l))
            })
            .min_by_key(|&&l| {
                branches
                    .iter()
                    .map(|s| usize::from(s.depth[l]))
                    .sum::<usize>()
            });
        let Some(&l) = shared else { continue };
        let paths: Vec<Vec<usize>> = branches.iter().map(|s| s.path(l)).collect();
        // SE counts a multiple chain's length over all its branches, each in full.
        let total: usize = paths.iter().map(Vec::len).sum();
        let difficulty = rated(technique, total);
        if best.as_ref().is_some_and(|s| s.difficulty <= difficulty) {
            continue;
        }
        let mut step = Step::new(technique);
        step.difficulty = difficulty;
        graph.conclusion(&mut step, l);
        step.chains = paths.iter().map(|p| graph.chain(p)).collect();
        step.reasoning = Some("every branch");
        keep_best(&mut best, step);
    }
    best
}
