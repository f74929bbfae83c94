//! Explanations from the line's automaton, without re-running the line solver per
//! dropped cell.
//!
//! A line's patterns are the words of a finite automaton read over its cells (the view
//! of the `regular` constraint, Pesant, CP 2004), and the line solver's answer is what
//! the automaton's paths allow: a cell may take colour `c` when some path from the start
//! to an accepting state reads `c` there. Why a path cannot read `c` at cell `t` (or why
//! no path exists: the line fails) is explained by a cut through the layered graph, in
//! the manner of explaining `regular` for lazy clause generation (Katsirelos, Narodytska
//! & Walsh, "Reformulating global grammar constraints", CPAIOR 2009; Gange & Stuckey,
//! "Explaining propagators for s-DNNF circuits", CPAIOR 2012):
//! - **forward cone**: a set of states at a position that must be unreachable from the
//!   start. Walking left over cell `i`, each transition into the set is blocked: by
//!   colour `c` being out of the cell's domain at level 0 (free), by a source state that
//!   is itself unreachable (added to the set one position left), or else by a literal
//!   of the reason (cell `i` is not `c`). A literal is taken only where some source is
//!   reachable, so the reason is the frontier that stopped the blocks: the cells that
//!   kept a block from sliding further left.
//! - **backward cone**: the mirror image, states from which no accepting state can be
//!   reached, walking right.
//!
//! Glossary:
//! - **states**, one bit each in a `u128` (bit 0 the start): per block `j`, the gap
//!   before it (`G_j`: blocks `0..j` placed, the last cell background or none), then
//!   `B_{j,1} … B_{j,len}` (inside block `j`); `G_k` after the last block. Every move
//!   goes up by 0 (a background cell in a gap), 1 (the block's colour into or inside a
//!   block, background after a complete block) or 2 (a complete block straight into the
//!   next one of another colour), so one step over a cell is three masks and two shifts.
//! - **domain**: per cell, the palette colours it may still take (bit set), as the
//!   propagation saw them; **base**: the same at level 0.

use super::super::super::Block;
use super::super::super::MAX_COLOURS;

/// The automaton of one clue: which states move on which colour.
pub struct Automaton {
    /// `G_j` states (they loop on background).
    gap: u128,
    /// Per colour: the states that move up by one on it, and by two.
    one: [u128; MAX_COLOURS + 1],
    two: [u128; MAX_COLOURS + 1],
    accept: u128,
}

impl Automaton {
    /// The automaton of `clue` on `p` palette colours, `None` when its states do not fit
    /// 128 bits.
    pub fn new(clue: &[Block], p: usize) -> Option<Automaton> {
        let mut a = Automaton {
            gap: 0,
            one: [0; MAX_COLOURS + 1],
            two: [0; MAX_COLOURS + 1],
            accept: 0,
        };
        let mut at = 0usize;
        for (j, block) in clue.iter().enumerate() {
            let c = usize::from(block.colour);
            if at + block.len + 1 >= 128 || c >= p {
                return None;
            }
            a.gap |= 1 << at;
            // G_j and B_{j,1..len−1} move up on the block's colour.
            for s in at..at + block.len {
                a.one[c] |= 1 << s;
            }
            let end = at + block.len;
            a.one[0] |= 1 << end;
            if let Some(next) = clue.get(j + 1).filter(|b| b.colour != block.colour) {
                a.two[usize::from(next.colour)] |= 1 << end;
            }
            at = end + 1;
        }
        a.gap |= 1 << at;
        a.accept = 1 << at;
        if at > 0 {
            a.accept |= 1 << (at - 1);
        }
        Some(a)
    }

    /// The states one cell of domain `d` leads to from `r`.
    #[inline]
    fn step(&self, r: u128, d: u64) -> u128 {
        let (one, two) = self.moves(d);
        let stay = if d & 1 == 1 { r & self.gap } else { 0 };
        stay | (r & one) << 1 | (r & two) << 2
    }

    /// The states that reach `r` over one cell of domain `d`.
    #[inline]
    fn step_back(&self, r: u128, d: u64) -> u128 {
        let (one, two) = self.moves(d);
        let stay = if d & 1 == 1 { r & self.gap } else { 0 };
        stay | (r >> 1 & one) | (r >> 2 & two)
    }

    #[inline]
    fn moves(&self, d: u64) -> (u128, u128) {
        let (mut one, mut two) = (0, 0);
        let mut rest = d;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            one |= self.one[c];
            two |= self.two[c];
        }
        (one, two)
    }

    /// Starts `r` on its domains `r.dom`: nothing reached yet but the ends.
    pub fn start(&self, r: &mut Reach) {
        let n = r.dom.len();
        r.fwd.clear();
        r.fwd.resize(n + 1, 0);
        r.bwd.clear();
        r.bwd.resize(n + 1, 0);
        r.fwd[0] = 1;
        r.bwd[n] = self.accept;
        (r.fwd_to, r.bwd_from) = (0, n);
    }

    /// Extends `r.fwd` up to position `to` and `r.bwd` down to position `from`.
    fn extend(&self, r: &mut Reach, to: usize, from: usize) {
        while r.fwd_to < to {
            let i = r.fwd_to;
            r.fwd[i + 1] = self.step(r.fwd[i], r.dom[i]);
            r.fwd_to += 1;
        }
        while r.bwd_from > from {
            let i = r.bwd_from - 1;
            r.bwd[i] = self.step_back(r.bwd[i + 1], r.dom[i]);
            r.bwd_from -= 1;
        }
    }

    /// Whether some pattern fits.
    #[cfg(test)]
    fn fits(&self, r: &mut Reach) -> bool {
        let n = r.dom.len();
        self.extend(r, n, n);
        r.fwd[n] & self.accept != 0
    }

    /// Walks the forward cone `u` (states at position `to`, none reachable) to the
    /// left, adding to `need[i]` the colours whose absence at cell `i` the reason takes.
    fn cone_left(&self, mut u: u128, to: usize, r: &Reach, need: &mut [u64]) {
        for i in (0..to).rev() {
            if u == 0 {
                return;
            }
            let mut next = 0;
            let mut rest = r.base[i];
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let stay = if c == 0 { u & self.gap } else { 0 };
                let from = stay | (u >> 1 & self.one[c]) | (u >> 2 & self.two[c]);
                if from & r.fwd[i] != 0 {
                    debug_assert!(r.dom[i] >> c & 1 == 0, "a reachable move into the cone");
                    need[i] |= 1 << c;
                } else {
                    next |= from;
                }
            }
            u = next;
        }
        debug_assert!(u & 1 == 0, "the start in the cone");
    }

    /// Walks the backward cone `u` (states at position `from`, none reaching an
    /// accepting state) to the right, as [`Automaton::cone_left`].
    fn cone_right(&self, mut u: u128, from: usize, r: &Reach, need: &mut [u64]) {
        for (i, need) in need.iter_mut().enumerate().skip(from) {
            if u == 0 {
                return;
            }
            let mut next = 0;
            let mut rest = r.base[i];
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let stay = if c == 0 { u & self.gap } else { 0 };
                let to = stay | (u & self.one[c]) << 1 | (u & self.two[c]) << 2;
                if to & r.bwd[i + 1] != 0 {
                    debug_assert!(r.dom[i] >> c & 1 == 0, "a move out of the cone that fits");
                    *need |= 1 << c;
                } else {
                    next |= to;
                }
            }
            u = next;
        }
        debug_assert!(u & self.accept == 0, "an accepting state in the cone");
    }

    /// A reason why the line, on domains `r.dom` (within `r.base`), fails (`target:
    /// None`) or keeps cell `t` out of every colour not in `allowed` (`Some((t,
    /// allowed))`): per cell, the colours whose absence it takes (`need`, cleared first;
    /// each absent from the cell's domain but present at level 0). `left_first` picks,
    /// for a move through the target that both sides block, the forward cone (else the
    /// backward one); for a failure, the cone from the end (else from the start).
    pub fn explain(
        &self,
        r: &mut Reach,
        target: Option<(usize, u64)>,
        left_first: bool,
        need: &mut [u64],
    ) {
        need.fill(0);
        let n = r.dom.len();
        let Some((t, allowed)) = target else {
            self.extend(r, n, 0);
            debug_assert!(r.fwd[n] & self.accept == 0, "the line fits");
            if left_first {
                self.cone_left(self.accept, n, r, need);
            } else {
                self.cone_right(1, 0, r, need);
            }
            return;
        };
        self.extend(r, t, t + 1);
        let (mut left, mut right) = (0u128, 0u128);
        let mut rest = r.base[t] & !allowed;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if r.dom[t] >> c & 1 == 0 {
                need[t] |= 1 << c;
                continue;
            }
            // Each move on `c` at cell t: source unreachable or target dead.
            let (fwd, bwd) = (r.fwd[t], r.bwd[t + 1]);
            let stay = if c == 0 { self.gap } else { 0 };
            for (sources, shift) in [(stay, 0), (self.one[c], 1), (self.two[c], 2)] {
                if sources == 0 {
                    continue;
                }
                let dead = (sources << shift & !bwd) >> shift;
                let lost = sources & !fwd;
                let (l, rt) = if left_first {
                    (lost, (sources & !lost) << shift)
                } else {
                    let l = sources & !dead;
                    (l, (sources & !l) << shift)
                };
                debug_assert!(
                    l & fwd == 0 && rt & bwd == 0,
                    "a move through the target fits"
                );
                left |= l;
                right |= rt;
            }
        }
        self.cone_left(left, t, r, need);
        self.cone_right(right, t + 1, r, need);
    }
}

/// The domains of a line and its reachable states, computed as far as asked:
/// `fwd[i]` (`i ≤ fwd_to`), the states reachable from the start over cells `0..i`;
/// `bwd[i]` (`i ≥ bwd_from`), those from which an accepting state is reachable over
/// cells `i..n`.
#[derive(Default)]
pub struct Reach {
    pub dom: Vec<u64>,
    pub base: Vec<u64>,
    fwd: Vec<u128>,
    bwd: Vec<u128>,
    fwd_to: usize,
    bwd_from: usize,
}

#[cfg(test)]
mod tests {
    use super::super::super::bitline::{self, Tables};
    use super::*;
    use crate::rng::SplitMix64;

    /// Random clue of colours `1..p` for a line of `n` cells, and random domains
    /// around a random pattern (so they often fit), some narrowed at "level 0".
    fn random_line(random: &mut SplitMix64, p: usize) -> (Vec<Block>, Vec<u64>, Vec<u64>) {
        let n = 1 + (random.next_u64() % 30) as usize;
        let cells: Vec<usize> = (0..n)
            .map(|_| {
                if random.next_u64().is_multiple_of(2) {
                    0
                } else {
                    1 + (random.next_u64() % (p as u64 - 1)) as usize
                }
            })
            .collect();
        let mut clue: Vec<Block> = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            if c == 0 {
                continue;
            }
            if i > 0 && cells[i - 1] == c {
                clue.last_mut().expect("a block").len += 1;
            } else {
                clue.push(Block {
                    len: 1,
                    colour: c as u8,
                });
            }
        }
        let (dom, base) = domains_around(random, &cells, p);
        (clue, dom, base)
    }

    /// Random domains around the pattern `cells` (colour per cell), some narrowed at
    /// "level 0" (`base`).
    fn domains_around(random: &mut SplitMix64, cells: &[usize], p: usize) -> (Vec<u64>, Vec<u64>) {
        let n = cells.len();
        let full = (1u64 << p) - 1;
        let mut base = vec![full; n];
        let mut dom = vec![full; n];
        for i in 0..n {
            let roll = random.next_u64() % 8;
            let truth = 1u64 << cells[i];
            let other = 1u64 << (random.next_u64() % p as u64);
            if roll == 0 {
                base[i] = truth | other;
            }
            dom[i] = match roll {
                1..=3 => truth,
                4 => other,
                5 => full & !other,
                _ => full,
            } & base[i];
            if dom[i] == 0 {
                dom[i] = base[i];
            }
        }
        (dom, base)
    }

    /// The line solver's verdict on domains `dom`: per cell the colours some pattern
    /// paints, `None` when none fits.
    fn solve(clue: &[Block], dom: &[u64], p: usize) -> Option<Vec<u64>> {
        let n = dom.len();
        let mut tables = Tables::<u128>::with_blocks(clue.len());
        let can: Vec<u128> = (0..p)
            .map(|c| (0..n).fold(0, |m, i| m | u128::from(dom[i] >> c & 1 == 1) << i))
            .collect();
        let mut may = vec![0u128; p];
        bitline::solve_colour(&mut tables, clue, n, &can, &mut may).then(|| {
            (0..n)
                .map(|i| (0..p).fold(0, |d, c| d | ((may[c] >> i & 1) as u64) << c))
                .collect()
        })
    }

    /// What [`check_line`] explained: facts and failures, the cells of their reasons,
    /// and the cells narrowed above level 0 (summed over the explanations).
    #[derive(Default)]
    struct Tally {
        facts: usize,
        fails: usize,
        cells: usize,
        known: usize,
    }

    /// The automaton of `clue` allows what the line solver allows on `dom`, and every
    /// reason it gives (both cuts), applied alone to the level-0 domains `base`, makes the
    /// line solver derive the fact again.
    fn check_line(
        clue: &[Block],
        dom: &[u64],
        base: &[u64],
        p: usize,
        at: &str,
        tally: &mut Tally,
    ) {
        let a = Automaton::new(clue, p).expect("a clue of at most 128 states");
        let mut r = Reach {
            dom: dom.to_vec(),
            base: base.to_vec(),
            ..Reach::default()
        };
        a.start(&mut r);
        let solved = solve(clue, dom, p);
        assert_eq!(a.fits(&mut r), solved.is_some(), "{at}");
        let n = dom.len();
        let mut need = vec![0; n];
        let applied =
            |need: &[u64]| -> Vec<u64> { (0..n).map(|i| base[i] & !need[i]).collect::<Vec<_>>() };
        let check_need = |need: &[u64]| {
            for i in 0..n {
                assert_eq!(need[i] & (dom[i] | !base[i]), 0, "{at}");
            }
        };
        let narrowed = (0..n).filter(|&i| dom[i] != base[i]).count();
        let Some(may) = solved else {
            for left_first in [true, false] {
                a.explain(&mut r, None, left_first, &mut need);
                check_need(&need);
                assert!(solve(clue, &applied(&need), p).is_none(), "{at}");
                tally.cells += need.iter().filter(|&&x| x != 0).count();
                tally.known += narrowed;
                tally.fails += 1;
            }
            return;
        };
        for t in 0..n {
            let lost = base[t] & !may[t];
            if lost == 0 {
                continue;
            }
            // Every colour the line solver rules out at t, one at a time (c < p), and
            // the whole narrowed domain (c == p).
            for c in 0..=p {
                if c < p && lost >> c & 1 == 0 {
                    continue;
                }
                let allowed = if c == p { may[t] } else { !(1 << c) };
                for left_first in [true, false] {
                    a.explain(&mut r, Some((t, allowed)), left_first, &mut need);
                    check_need(&need);
                    let again = solve(clue, &applied(&need), p);
                    assert!(
                        again.is_none_or(|m| m[t] & !allowed == 0),
                        "{at}, cell {t}, allowed {allowed:b}"
                    );
                    tally.cells += need.iter().filter(|&&x| x != 0).count();
                    tally.known += narrowed;
                    tally.facts += 1;
                }
            }
        }
    }

    /// On random short lines: see [`check_line`].
    #[test]
    fn reasons_derive_their_facts() {
        let mut random = SplitMix64::new(9);
        let mut tally = Tally::default();
        for round in 0..3000 {
            let p = [2, 2, 3, 4, 5][round % 5];
            let (clue, dom, base) = random_line(&mut random, p);
            check_line(&clue, &dom, &base, p, &format!("round {round}"), &mut tally);
        }
        let Tally {
            facts,
            fails,
            cells,
            known,
        } = tally;
        assert!(facts > 1000 && fails > 200, "{facts} {fails}");
        // The reasons take a part of the narrowed cells, not all of them.
        assert!(cells > 0 && 2 * cells < known, "{cells} {known}");
    }

    /// The number of states of a clue's automaton: a gap state before each block and
    /// after the last, and one state per block cell (see the glossary).
    fn states(clue: &[Block]) -> usize {
        clue.len() + clue.iter().map(|b| b.len).sum::<usize>() + 1
    }

    /// At exactly 128 states the automaton exists and agrees with the line solver (on
    /// random lines of bitline's longest length around random patterns of the clue); at
    /// 129 it does not.
    #[test]
    fn automata_up_to_128_states() {
        let ones = |k: usize, p: usize| -> Vec<Block> {
            (0..k)
                .map(|j| Block {
                    len: 1,
                    colour: (1 + j % (p - 1)) as u8,
                })
                .collect()
        };
        for p in [2, 3] {
            let too_many = ones(64, p);
            assert_eq!(states(&too_many), 129);
            assert!(Automaton::new(&too_many, p).is_none(), "p {p}");
        }
        let mut random = SplitMix64::new(5);
        let mut tally = Tally::default();
        let n = bitline::MAX_LEN;
        for round in 0..60 {
            let p = 2 + round % 2;
            // 63 blocks, one of them of 2 cells: 128 states.
            let mut clue = ones(63, p);
            clue[(random.next_u64() % 63) as usize].len = 2;
            assert_eq!(states(&clue), 128);
            // A random pattern of the clue on n cells: the slack spread over the gaps.
            let separators = clue
                .windows(2)
                .filter(|w| w[0].colour == w[1].colour)
                .count();
            let shortest = clue.iter().map(|b| b.len).sum::<usize>() + separators;
            let mut extra = vec![0; clue.len() + 1];
            for _ in 0..n - shortest {
                let gap = (random.next_u64() % (clue.len() as u64 + 1)) as usize;
                extra[gap] += 1;
            }
            let mut cells = Vec::with_capacity(n);
            for (j, block) in clue.iter().enumerate() {
                cells.extend(std::iter::repeat_n(0, extra[j]));
                if j > 0 && clue[j - 1].colour == block.colour {
                    cells.push(0);
                }
                cells.extend(std::iter::repeat_n(usize::from(block.colour), block.len));
            }
            cells.extend(std::iter::repeat_n(0, extra[clue.len()]));
            assert_eq!(cells.len(), n);
            let (dom, base) = domains_around(&mut random, &cells, p);
            check_line(&clue, &dom, &base, p, &format!("round {round}"), &mut tally);
        }
        assert!(
            tally.facts > 50 && tally.fails > 5,
            "{} {}",
            tally.facts,
            tally.fails
        );
    }
}
