//! The native search: each cell's possible positions as a bit set (bit k: position k,
//! `1..=N`), pruned to a fixpoint by
//! - **support**: k < N stays in a cell only if one of its successors may hold k + 1, and
//!   k > 1 only if one of its predecessors may hold k − 1 (the union of the successors'
//!   sets shifted down by one, of the predecessors' shifted up);
//! - **permutation**: a cell with one position takes it from every other cell; a position
//!   only one cell may hold is that cell's;
//!
//! then the search splits the open cell with the fewest positions, each position in turn,
//! or, when fewer cells may hold some position, that position, each cell in turn. Sound:
//! every rule removes only positions no solution gives the cell; complete: a leaf is a
//! permutation whose consecutive numbers are supported, so each k < N sees k + 1 along
//! its arrow.

use std::ops::ControlFlow;

use super::Signpost;
use crate::constraints::Grid;
use crate::puzzle::{Limits, NativeAnswer, Sink};
use crate::stop::Effort;

/// The position sets of every cell, `words` 64-bit words each, cell after cell.
#[derive(Clone)]
pub(super) struct Domains {
    words: usize,
    bits: Vec<u64>,
}

impl Domains {
    fn of(&self, cell: usize) -> &[u64] {
        &self.bits[cell * self.words..(cell + 1) * self.words]
    }

    fn has(&self, cell: usize, k: usize) -> bool {
        self.bits[cell * self.words + k / 64] >> (k % 64) & 1 == 1
    }

    fn count(&self, cell: usize) -> u32 {
        self.of(cell).iter().map(|w| w.count_ones()).sum()
    }

    /// The positions of `cell`, ascending.
    pub(super) fn positions(&self, cell: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, &w) in self.of(cell).iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        out
    }

    fn only(&mut self, cell: usize, k: usize) {
        let range = cell * self.words..(cell + 1) * self.words;
        self.bits[range].fill(0);
        self.bits[cell * self.words + k / 64] |= 1 << (k % 64);
    }
}

/// The search's fixed parts: links and N.
struct Search<'a> {
    n: usize,
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
    limits: &'a Limits,
    found: Sink<'a, Grid>,
    width: usize,
    count: u64,
    nodes: u64,
    guesses: u64,
    stopped: bool,
}

/// The root's position sets: the givens, then the fixpoint; `None` when it wipes out.
pub(super) fn root(p: &Signpost) -> Option<Domains> {
    let n = p.cells();
    let (succ, pred) = p.links();
    let mut dom = initial(p);
    fixpoint(n, &succ, &pred, &mut dom).then_some(dom)
}

fn initial(p: &Signpost) -> Domains {
    let n = p.cells();
    let words = (n + 1).div_ceil(64);
    let mut all = vec![0u64; words];
    for k in 1..=n {
        all[k / 64] |= 1 << (k % 64);
    }
    let mut dom = Domains {
        words,
        bits: all.repeat(n),
    };
    for c in 0..n {
        if let Some(k) = p.number(c) {
            dom.only(c, k as usize);
        }
    }
    dom
}

/// Prunes `dom` to the fixpoint of the module's rules; false when a cell or a position is
/// left with nothing.
fn fixpoint(n: usize, succ: &[Vec<usize>], pred: &[Vec<usize>], dom: &mut Domains) -> bool {
    let words = dom.words;
    let mut union = vec![0u64; words];
    let mut shifted = vec![0u64; words];
    let mut keep = vec![0u64; words];
    loop {
        let mut changed = false;
        for c in 0..n {
            // Support from the successors: their positions shifted down by one, and N.
            union.fill(0);
            for &s in &succ[c] {
                for (u, d) in union.iter_mut().zip(dom.of(s)) {
                    *u |= d;
                }
            }
            for i in 0..words {
                let next = union.get(i + 1).copied().unwrap_or(0);
                shifted[i] = union[i] >> 1 | next << 63;
            }
            shifted[n / 64] |= 1 << (n % 64);
            keep.copy_from_slice(&shifted);
            // Support from the predecessors: their positions shifted up by one, and 1.
            union.fill(0);
            for &q in &pred[c] {
                for (u, d) in union.iter_mut().zip(dom.of(q)) {
                    *u |= d;
                }
            }
            for i in 0..words {
                let before = if i > 0 { union[i - 1] >> 63 } else { 0 };
                shifted[i] = union[i] << 1 | before;
            }
            shifted[0] |= 1 << 1;
            for (k, s) in keep.iter_mut().zip(&shifted) {
                *k &= s;
            }
            let cell = &mut dom.bits[c * words..(c + 1) * words];
            let mut any = false;
            for (d, k) in cell.iter_mut().zip(&keep) {
                let new = *d & k;
                changed |= new != *d;
                any |= new != 0;
                *d = new;
            }
            if !any {
                return false;
            }
        }
        // Permutation: positions held by fixed cells leave the others; a position one
        // cell may hold is that cell's.
        let mut holders = vec![0u32; n + 1];
        let mut holder = vec![usize::MAX; n + 1];
        let mut fixed = vec![usize::MAX; n + 1];
        for c in 0..n {
            let ones = dom.count(c);
            for k in dom.positions(c) {
                holders[k] += 1;
                holder[k] = c;
                if ones == 1 {
                    if fixed[k] != usize::MAX {
                        return false;
                    }
                    fixed[k] = c;
                }
            }
        }
        for k in 1..=n {
            if holders[k] == 0 {
                return false;
            }
            if fixed[k] != usize::MAX && holders[k] > 1 {
                for c in 0..n {
                    if c != fixed[k] && dom.has(c, k) {
                        dom.bits[c * words + k / 64] &= !(1 << (k % 64));
                        changed = true;
                    }
                }
            } else if holders[k] == 1 && dom.count(holder[k]) > 1 {
                dom.only(holder[k], k);
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

impl Search<'_> {
    /// Solutions below `dom` (at its fixpoint); `Break` once enough are found or stopped.
    fn search(&mut self, dom: Domains) -> ControlFlow<()> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.limits.stop.poll(Effort::Nodes, self.nodes) {
            self.stopped = true;
            return ControlFlow::Break(());
        }
        let open = (0..self.n)
            .map(|c| (dom.count(c), c))
            .filter(|&(k, _)| k > 1)
            .min();
        // The dual choice: the position fewest cells may hold (after a fixed position,
        // only its cell's successors may hold the next: the chain grows a step).
        let mut holders = vec![Vec::new(); self.n + 1];
        for c in (0..self.n).filter(|&c| dom.count(c) > 1) {
            for k in dom.positions(c) {
                holders[k].push(c);
            }
        }
        let dual = (1..=self.n)
            .filter(|&k| holders[k].len() > 1)
            .min_by_key(|&k| holders[k].len());
        let Some((size, cell)) = open else {
            self.count += 1;
            if self.count <= self.limits.keep as u64 {
                let values = (0..self.n).map(|c| dom.positions(c)[0] as u32).collect();
                if (self.found)(Grid::new(self.width, values)).is_break() {
                    return ControlFlow::Break(());
                }
            }
            return if self.count >= self.limits.max_or_all() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        };
        self.guesses += 1;
        let choices: Vec<(usize, usize)> = match dual {
            Some(k) if holders[k].len() < size as usize => {
                holders[k].iter().map(|&c| (c, k)).collect()
            }
            _ => dom.positions(cell).into_iter().map(|k| (cell, k)).collect(),
        };
        for (c, k) in choices {
            let mut next = dom.clone();
            next.only(c, k);
            if fixpoint(self.n, &self.succ, &self.pred, &mut next) {
                self.search(next)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// Every solution within `limits`, handed to `found`.
pub(super) fn solve(p: &Signpost, limits: &Limits, found: Sink<'_, Grid>) -> NativeAnswer {
    let (succ, pred) = p.links();
    let mut search = Search {
        n: p.cells(),
        succ,
        pred,
        limits,
        found,
        width: p.size().0,
        count: 0,
        nodes: 0,
        guesses: 0,
        stopped: false,
    };
    let mut dom = initial(p);
    let flow = if fixpoint(search.n, &search.succ, &search.pred, &mut dom) {
        search.search(dom)
    } else {
        ControlFlow::Continue(())
    };
    NativeAnswer {
        count: search.count,
        complete: flow.is_continue() && !search.stopped,
        nodes: Some(search.nodes),
        guesses: Some(search.guesses),
        conflicts: None,
    }
}
