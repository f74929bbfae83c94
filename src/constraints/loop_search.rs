//! The engines of the genres whose answer is **one loop** on a graph (Pearl, Tracks,
//! Yajilin): a formula of local clauses (`loop_::single_loop`'s L1–L3 and the genre's own)
//! with the loop's connectivity left out, completed two ways.
//!
//! - [`native_loop`]: CDCL on batsat with `Subtours` as a theory, checked at every unit
//!   propagation fixpoint and kept incrementally along the trail. Under the local clauses
//!   every node has at most two chosen edges, so the chosen edges are paths and cycles:
//!   - a **cycle** with a used node off it cannot be the loop: conflict, the clause being
//!     "not every edge of the cycle, or not that node" (subtour elimination, the
//!     travelling-salesman cutting planes of Dantzig, Fulkerson and Johnson, 1954);
//!   - an unassigned edge joining the two **ends of one path** would close such a cycle
//!     while a used node lies off the path: it is false, the path's edges and that node its
//!     reason (the "no premature loop" rule of `loop_deduce.rs`, here under CDCL);
//!   - a **sealed** region: whenever the trail holds `SEALED_EVERY` literals more than at
//!     the last such check (or than where a backtrack left it), [`Connected::cut`] on the
//!     partial assignment: two used nodes that the edges not yet false cannot join are a
//!     conflict, explained by the separator cut. Paths that can no longer meet are refuted
//!     there, not by search.
//!
//!   On a total assignment that satisfies the local clauses the chosen edges are cycles,
//!   and more than one leaves a used node off each, so the conflicts alone make the search
//!   exact; the propagation refutes a second loop as soon as a path could close it, where
//!   [`Connected::cut`] on total assignments met one small loop after another (a sparse
//!   30×30 pearl ran for minutes, `encodings/pearl.md`).
//! - [`session_loop`]: varisat's incremental session with separator cuts
//!   ([`lazy::solve_incremental`]).
//!
//! Invariants of `Subtours` after reading the trail up to `read`: `at[v]` holds the chosen
//! edges at `v` (at most two; a third is ignored, the local clauses refute it); for a node
//! `v` with exactly one chosen edge, `end[v]` is the other end of its path and `len[v]` the
//! path's edge count; `closed` is the first edge that closed a cycle (its length
//! `closed_len`), if any; `used` lists the nodes whose `used` literal is true, in trail
//! order. Every change is logged in `undo`, so a backtrack restores the state exactly.

use crate::cnf::{Cnf, Lit, Var};
use crate::puzzle::{Backend, DecodeError, Limits, NativeAnswer, SessionAnswer, Sink, SolveError};
use crate::sat::Model;
use crate::sat::theory::{self, Context, Theory};
use crate::stop::Stop;

use super::connected::Connected;
use super::lazy::{self, Enumerate, LazyAnswer};

/// No edge, no node.
const NONE: u32 = u32::MAX;

/// Trail literals read between two separator checks: every fixpoint costs the fixture
/// files more than the checks save, never leaves sparse 30×30 grids without them
/// (`docs/peers.md`, "Pearl at 30×30").
const SEALED_EVERY: usize = 64;

/// The native engine of a loop genre whose local formula is `cnf` and whose loop is
/// `connected` (made by `loop_::single_loop`): CDCL with `Subtours`, each model kept read
/// by `decode` and handed to `found`.
pub fn native_loop<S>(
    cnf: &Cnf,
    connected: &Connected,
    projection: &[Var],
    limits: &Limits,
    decode: &dyn Fn(&Model) -> Result<S, DecodeError>,
    found: Sink<'_, S>,
) -> Result<NativeAnswer, SolveError> {
    let run = solve(
        cnf,
        connected,
        projection,
        limits.max_or_all(),
        limits.keep,
        &limits.stop,
    );
    let solutions = run.decoded(decode, Backend::Native)?;
    Ok(run.native(solutions, found))
}

/// The `sat` session of the same genres: [`lazy::solve_incremental`], cuts added as models
/// break the connectivity.
pub fn session_loop<S>(
    cnf: &Cnf,
    connected: &Connected,
    projection: &[Var],
    limits: &Limits,
    decode: &dyn Fn(&Model) -> Result<S, DecodeError>,
) -> Result<SessionAnswer<S>, SolveError> {
    let run = lazy::solve_incremental(
        cnf,
        std::slice::from_ref(connected),
        projection,
        limits.max_or_all(),
        limits.keep,
        &limits.stop,
    )?;
    let solutions = run.decoded(decode, Backend::Sat)?;
    Ok(run.session(solutions, cnf))
}

/// CDCL with `Subtours` on `cnf` (the local clauses of the loop `connected` and the
/// genre's): up to `max` solutions on `projection`, the first `keep` models kept.
pub fn solve(
    cnf: &Cnf,
    connected: &Connected,
    projection: &[Var],
    max: u64,
    keep: usize,
    stop: &Stop,
) -> LazyAnswer {
    let Some(mut solver) = lazy::load(cnf, stop) else {
        return LazyAnswer::refuted();
    };
    let mut theory = Subtours::new(connected, cnf.num_vars(), projection, max, keep);
    let verdict = solver.solve(&mut theory, &[]);
    theory.enumerate.answer(verdict, &solver, theory.cuts)
}

/// What a variable means to the loop, and the value that makes it so.
#[derive(Clone, Copy)]
enum Role {
    Other,
    /// Edge `e` is chosen when the variable is `.1`.
    Edge(u32, bool),
    /// Node `v` is used when the variable is `.1`.
    Node(u32, bool),
}

/// One change to the state, with the value it replaced.
#[derive(Clone, Copy)]
enum Undo {
    At(u32, u8, u32),
    End(u32, u32),
    Len(u32, u32),
    Closed(u32, u32),
    Used,
}

/// The loop's theory (module docs).
struct Subtours<'c, 'p> {
    connected: &'c Connected,
    edge_lit: &'c [Lit],
    role: Vec<Role>,
    at: Vec<[u32; 2]>,
    end: Vec<u32>,
    len: Vec<u32>,
    closed: u32,
    closed_len: u32,
    used: Vec<u32>,
    undo: Vec<Undo>,
    /// Trail literals read.
    read: usize,
    /// Path ends whose path changed since the last check.
    touched: Vec<u32>,
    /// Trail length at the last separator check.
    sealed_at: usize,
    /// Check every path at the next fixpoint (after a backtrack).
    rescan: bool,
    /// An end of the one path that held every used node when last checked: checked again
    /// at the next fixpoint, since a node used since then forbids its closing edge.
    pending: u32,
    /// Per node, on the cycle or path being walked (scratch, all false between uses).
    mark: Vec<bool>,
    /// Per variable, the reason of the literal last propagated on it.
    reasons: Vec<Vec<theory::Lit>>,
    enumerate: Enumerate<'p>,
    cuts: u64,
}

impl<'c, 'p> Subtours<'c, 'p> {
    fn new(
        connected: &'c Connected,
        num_vars: usize,
        projection: &'p [Var],
        max: u64,
        keep: usize,
    ) -> Self {
        let edge_lit = connected
            .edge
            .as_deref()
            .expect("a loop's edges are chosen by literals");
        let mut role = vec![Role::Other; num_vars];
        for (e, l) in edge_lit.iter().enumerate() {
            role[l.var().index()] = Role::Edge(e as u32, l.is_positive());
        }
        for (v, l) in connected.node.iter().enumerate() {
            role[l.var().index()] = Role::Node(v as u32, l.is_positive());
        }
        let n = connected.graph.nodes();
        Subtours {
            connected,
            edge_lit,
            role,
            at: vec![[NONE; 2]; n],
            end: vec![NONE; n],
            len: vec![0; n],
            closed: NONE,
            closed_len: 0,
            used: Vec::new(),
            undo: Vec::new(),
            read: 0,
            touched: Vec::new(),
            rescan: false,
            sealed_at: 0,
            pending: NONE,
            mark: vec![false; n],
            reasons: vec![Vec::new(); num_vars],
            enumerate: Enumerate::new(projection, max, keep, num_vars),
            cuts: 0,
        }
    }

    fn degree(&self, v: u32) -> usize {
        self.at[v as usize].iter().filter(|&&e| e != NONE).count()
    }

    fn set_end(&mut self, v: u32, to: u32) {
        self.undo.push(Undo::End(v, self.end[v as usize]));
        self.end[v as usize] = to;
    }

    fn set_len(&mut self, v: u32, len: u32) {
        self.undo.push(Undo::Len(v, self.len[v as usize]));
        self.len[v as usize] = len;
    }

    /// Edge `e` was chosen: join or extend the paths at its ends, or close a cycle.
    fn choose(&mut self, e: u32) {
        let (u, v) = self.connected.graph.edges()[e as usize];
        let (u, v) = (u as u32, v as u32);
        let (du, dv) = (self.degree(u), self.degree(v));
        if du >= 2 || dv >= 2 {
            return;
        }
        for (x, d) in [(u, du), (v, dv)] {
            self.undo.push(Undo::At(x, d as u8, NONE));
            self.at[x as usize][d] = e;
        }
        match (du, dv) {
            (0, 0) => {
                self.set_end(u, v);
                self.set_end(v, u);
                self.set_len(u, 1);
                self.set_len(v, 1);
                self.touched.push(u);
            }
            (1, 0) | (0, 1) => {
                let (old, new) = if du == 1 { (u, v) } else { (v, u) };
                let x = self.end[old as usize];
                let len = self.len[old as usize] + 1;
                self.set_end(x, new);
                self.set_end(new, x);
                self.set_len(x, len);
                self.set_len(new, len);
                self.touched.push(x);
            }
            _ if self.end[u as usize] == v => {
                if self.closed == NONE {
                    self.undo.push(Undo::Closed(self.closed, self.closed_len));
                    self.closed = e;
                    self.closed_len = self.len[u as usize] + 1;
                }
            }
            _ => {
                let (x, y) = (self.end[u as usize], self.end[v as usize]);
                let len = self.len[u as usize] + self.len[v as usize] + 1;
                self.set_end(x, y);
                self.set_end(y, x);
                self.set_len(x, len);
                self.set_len(y, len);
                self.touched.push(x);
            }
        }
    }

    /// Reads the trail's literals not read yet.
    fn sync(&mut self, ctx: &Context<'_, '_>) {
        let trail = ctx.trail();
        while self.read < trail.len() {
            let t = trail[self.read];
            self.read += 1;
            match self.role[t.var().idx() as usize] {
                Role::Edge(e, sign) if sign == t.sign() => self.choose(e),
                Role::Node(v, sign) if sign == t.sign() => {
                    self.used.push(v);
                    self.undo.push(Undo::Used);
                }
                _ => {}
            }
        }
    }

    /// The edges of the piece through `start`, walked from `start` along chosen edges (to
    /// the path's other end, or around the cycle), each node walked marked.
    fn walk(&mut self, start: u32, edges: &mut Vec<u32>) {
        let graph = &self.connected.graph;
        let (mut v, mut came) = (start, NONE);
        self.mark[v as usize] = true;
        loop {
            let next = self.at[v as usize]
                .into_iter()
                .find(|&e| e != NONE && e != came);
            let Some(e) = next else { break };
            let (a, b) = graph.edges()[e as usize];
            v = if a as u32 == v { b as u32 } else { a as u32 };
            came = e;
            edges.push(e);
            if v == start {
                break;
            }
            self.mark[v as usize] = true;
        }
    }

    /// A used node not marked, then the marks cleared along `edges`' nodes.
    fn off_and_unmark(&mut self, edges: &[u32]) -> u32 {
        let off = self
            .used
            .iter()
            .copied()
            .find(|&v| !self.mark[v as usize])
            .unwrap_or(NONE);
        for &e in edges {
            let (a, b) = self.connected.graph.edges()[e as usize];
            self.mark[a] = false;
            self.mark[b] = false;
        }
        off
    }

    /// The conflict of a closed cycle with a used node off it, if there is one.
    fn cycle_conflict(&mut self) -> Option<Vec<theory::Lit>> {
        if self.closed == NONE || self.used.len() <= self.closed_len as usize {
            return None;
        }
        let start = self.connected.graph.edges()[self.closed as usize].0 as u32;
        let mut edges = Vec::new();
        self.walk(start, &mut edges);
        let w = self.off_and_unmark(&edges);
        debug_assert_ne!(w, NONE, "more used nodes than the cycle has");
        let mut clause: Vec<theory::Lit> = edges
            .iter()
            .map(|&e| lazy::to_batsat(!self.edge_lit[e as usize]))
            .collect();
        clause.push(lazy::to_batsat(!self.connected.node[w as usize]));
        Some(clause)
    }

    /// The edges the path ending at `x` may not take to close, with their reason, pushed to
    /// `out` (none when the path holds every used node: it may be the loop).
    fn closing(&mut self, x: u32, ctx: &Context<'_, '_>, out: &mut Vec<(Lit, Vec<Lit>)>) {
        if self.degree(x) != 1 {
            return;
        }
        let y = self.end[x as usize];
        if self.used.len() <= self.len[x as usize] as usize + 1 {
            self.pending = x;
            return;
        }
        let (connected, edge_lit) = (self.connected, self.edge_lit);
        let open = |&&(u, e): &&(usize, usize)| {
            u == y as usize && ctx.value(lazy::to_batsat(edge_lit[e])).is_none()
        };
        let at_x = connected.graph.adjacent(x as usize);
        if !at_x.iter().any(|a| open(&a)) {
            return;
        }
        let mut edges = Vec::new();
        self.walk(x, &mut edges);
        let w = self.off_and_unmark(&edges);
        debug_assert_ne!(w, NONE, "more used nodes than the path has");
        let mut reason: Vec<Lit> = edges.iter().map(|&e| edge_lit[e as usize]).collect();
        reason.push(connected.node[w as usize]);
        for &(_, e) in at_x.iter().filter(open) {
            out.push((!edge_lit[e], reason.clone()));
        }
    }
}

impl Theory for Subtours<'_, '_> {
    /// Trail literals read, and the undo log's length.
    type Mark = (usize, usize);

    fn mark(&self) -> (usize, usize) {
        (self.read, self.undo.len())
    }

    fn backtrack(&mut self, (read, undo): (usize, usize)) {
        for change in self.undo.drain(undo..).rev() {
            match change {
                Undo::At(v, i, old) => self.at[v as usize][i as usize] = old,
                Undo::End(v, old) => self.end[v as usize] = old,
                Undo::Len(v, old) => self.len[v as usize] = old,
                Undo::Closed(e, len) => (self.closed, self.closed_len) = (e, len),
                Undo::Used => {
                    self.used.pop();
                }
            }
        }
        self.read = read;
        self.sealed_at = self.sealed_at.min(read);
        self.touched.clear();
        self.rescan = true;
    }

    fn propagate(&mut self, ctx: &mut Context<'_, '_>) {
        self.sync(ctx);
        if let Some(clause) = self.cycle_conflict() {
            self.cuts += 1;
            self.touched.clear();
            ctx.conflict(&clause);
            return;
        }
        if self.read >= self.sealed_at + SEALED_EVERY {
            self.sealed_at = self.read;
            let cut = self.connected.cut(&|l| ctx.value(lazy::to_batsat(l)));
            if let Some(cut) = cut {
                self.cuts += 1;
                self.touched.clear();
                let clause: Vec<theory::Lit> = cut.into_iter().map(lazy::to_batsat).collect();
                ctx.conflict(&clause);
                return;
            }
        }
        let mut ends = std::mem::take(&mut self.touched);
        if self.pending != NONE {
            ends.push(std::mem::replace(&mut self.pending, NONE));
        }
        if std::mem::take(&mut self.rescan) {
            ends.clear();
            ends.extend(
                (0..self.at.len() as u32)
                    .filter(|&v| self.degree(v) == 1 && self.end[v as usize] > v),
            );
        }
        let mut implied = Vec::new();
        for &x in &ends {
            self.closing(x, ctx, &mut implied);
        }
        ends.clear();
        self.touched = ends;
        for (lit, reason) in implied {
            let b = lazy::to_batsat(lit);
            if ctx.value(b).is_some() {
                // Set since (two ends joined by two edges): the clauses decide.
                continue;
            }
            self.reasons[lit.var().index()] = reason.into_iter().map(lazy::to_batsat).collect();
            if !ctx.propagate(b) {
                return;
            }
        }
    }

    fn complete(&mut self, ctx: &mut Context<'_, '_>) {
        self.sync(ctx);
        if let Some(clause) = self.cycle_conflict() {
            self.cuts += 1;
            ctx.conflict(&clause);
            return;
        }
        self.enumerate.record(ctx);
    }

    fn explain(&mut self, lit: theory::Lit) -> &[theory::Lit] {
        &self.reasons[lit.var().idx() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::connected::Graph;
    use crate::constraints::loop_::single_loop;

    /// The local formula of "one loop or nothing" on the lattice of `w × h` cells, its loop
    /// and its edge variables.
    fn lattice(w: usize, h: usize) -> (Cnf, Connected, Vec<Var>) {
        let graph = Graph::grid(w + 1, h + 1);
        let mut cnf = Cnf::new();
        let edges: Vec<Var> = (0..graph.edges().len()).map(|_| cnf.new_var()).collect();
        let lits: Vec<Lit> = edges.iter().map(|v| v.positive()).collect();
        let connected = single_loop(&mut cnf, &graph, &lits, None);
        (cnf, connected, edges)
    }

    /// Simple cycles on small lattices (and the empty set), as `loop_`'s test counts them
    /// (OEIS A140517: 1, 13, 213, 9349 on 1×1 … 4×4 cells), every model a single cycle.
    #[test]
    fn counts_the_simple_cycles_of_small_lattices() {
        for (w, h, cycles) in [(1, 1, 1u64), (2, 2, 13), (3, 3, 213), (4, 4, 9349)] {
            let (cnf, connected, edges) = lattice(w, h);
            let run = solve(&cnf, &connected, &edges, u64::MAX, 50, &Stop::never());
            assert_eq!((run.count, run.complete), (cycles + 1, true), "{w}x{h}");
            for model in &run.models {
                assert!(
                    connected.holds(&|l| model.lit_true(l)),
                    "{w}x{h}: a model of more than one cycle"
                );
            }
        }
    }

    /// Nodes forced used (as pearls are): the cycles through both corners of a 3×3
    /// lattice's diagonal, counted against the eager encoding on varisat.
    #[test]
    fn forced_nodes_agree_with_the_eager_encoding() {
        let (mut cnf, connected, edges) = lattice(3, 3);
        cnf.add_clause(&[connected.node[0]]);
        cnf.add_clause(&[connected.node[15]]);
        let run = solve(&cnf, &connected, &edges, u64::MAX, 0, &Stop::never());
        let mut eager = cnf.clone();
        connected.encode(&mut eager);
        let all = crate::sat::enumerate_with(
            &eager,
            &crate::sat::SatBackend::Varisat,
            &edges,
            crate::sat::Blocking::Full,
            None,
            &Stop::never(),
            |_| {},
        )
        .unwrap();
        assert!(run.complete && all.complete);
        assert_eq!(run.count, all.count);
        assert!(run.count > 1);
    }
}
