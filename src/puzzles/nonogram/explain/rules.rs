//! The rules a person applies to one line, simplest first, each a sound part of what the
//! exact line solver deduces (`line::bitline`); a line step is named by the first rule
//! whose deduction equals the exact one (see [`name_step`]).
//!
//! Glossary: a line's **domains** are its cells' possible colours (bit `c`: palette
//! colour `c`, bit 0 the background); a block's **range** is its leftmost and rightmost
//! start (`lo`, `hi`); a **fit** is a start where every cell of the block may take its
//! colour. Rules (after the usual names in puzzle books and Wikipedia's "Nonogram"):
//! - **complete**: every block of a colour is already on the line (as many cells known
//!   in that colour as the clue has), so no other cell takes it;
//! - **overlap** (simple boxes): blocks packed to the left and to the right, each on its
//!   own fits; the cells a block covers in both packings are its colour;
//! - **spaces**: the same ranges; a cell no block of a colour can reach loses that colour
//!   (unreachable cells, gaps too short for any block);
//! - **edge** (forcing, glue): the ranges narrowed by the filled cells: the first block
//!   that can cover a filled cell starts at or before it, the last one that can ends at or
//!   after it (a wall or a filled cell at the edge of the free range pulls a block to it),
//!   to a fixpoint; then overlap and spaces on those ranges.
//!
//! Invariant: each rule only narrows what every arrangement of the clue in the line's
//! domains allows (the ranges hold every arrangement's starts), so its result contains
//! the exact solver's; the tests check this on random lines.

use super::super::Block;

/// The rules, simplest first, then the full line logic and the probing steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// The clue's blocks are all known: the rest of the line is settled.
    Complete,
    /// Simple boxes: cells every placement of a block covers.
    Overlap,
    /// Cells no block can reach, and gaps too short for any block.
    Spaces,
    /// Forcing from a wall or a filled cell at the edge of a block's free range (glue).
    Edge,
    /// Full line logic: every arrangement of the clue in the line, as the exact line
    /// solver sees them.
    Line,
    /// Probing: a cell tried with each of its colours, and what every branch agrees on.
    Probe,
    /// Probing: a colour of a cell leads, by line logic, to a line with no arrangement.
    Contradiction,
}

/// Every rule, in order.
pub const RULES: [Rule; 7] = [
    Rule::Complete,
    Rule::Overlap,
    Rule::Spaces,
    Rule::Edge,
    Rule::Line,
    Rule::Probe,
    Rule::Contradiction,
];

impl Rule {
    /// The name in text and JSON (`edge`, `line`…).
    pub fn key(self) -> &'static str {
        match self {
            Rule::Complete => "complete",
            Rule::Overlap => "overlap",
            Rule::Spaces => "spaces",
            Rule::Edge => "edge",
            Rule::Line => "line",
            Rule::Probe => "probe",
            Rule::Contradiction => "contradiction",
        }
    }

    /// A few words for people.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Complete => "complete line",
            Rule::Overlap => "overlap (simple boxes)",
            Rule::Spaces => "spaces (unreachable cells)",
            Rule::Edge => "edge and glue (forcing)",
            Rule::Line => "full line logic",
            Rule::Probe => "probing: both branches agree",
            Rule::Contradiction => "probing: contradiction",
        }
    }

    /// The rule named `key` (for `--max-technique`).
    pub fn from_key(key: &str) -> Option<Rule> {
        RULES.into_iter().find(|r| r.key() == key)
    }

    /// Whether the rule reads one line only.
    pub fn is_line_rule(self) -> bool {
        self <= Rule::Line
    }
}

/// The simplest rule up to `max` whose deduction on the line equals `exact` (the exact
/// solver's domains), and its domains. When none of those rules does and `max` is below
/// [`Rule::Line`], the allowed rule that narrows most (a sound part of `exact`); `None`
/// when no allowed rule narrows anything.
pub fn name_step(
    clue: &[Block],
    domains: &[u64],
    exact: &[u64],
    max: Rule,
) -> Option<(Rule, Vec<u64>)> {
    if exact == domains {
        return None;
    }
    let mut best: Option<(Rule, Vec<u64>, u32)> = None;
    let mut consider = |rule: Rule, got: Vec<u64>| -> Option<(Rule, Vec<u64>)> {
        debug_assert!(
            got.iter().zip(exact).all(|(g, e)| e & !g == 0),
            "{rule:?} is not sound"
        );
        if got == exact {
            return Some((rule, got));
        }
        let removed: u32 = domains
            .iter()
            .zip(&got)
            .map(|(d, g)| (d & !g).count_ones())
            .sum();
        if removed > 0 && best.as_ref().is_none_or(|b| removed > b.2) {
            best = Some((rule, got, removed));
        }
        None
    };
    if max >= Rule::Complete
        && let Some(found) = consider(Rule::Complete, complete(clue, domains))
    {
        return Some(found);
    }
    let ranges = if max >= Rule::Overlap {
        Ranges::packed(clue, domains)
    } else {
        None
    };
    if let Some(ranges) = ranges {
        if let Some(found) = consider(Rule::Overlap, ranges.deduce(clue, domains, false)) {
            return Some(found);
        }
        if max >= Rule::Spaces
            && let Some(found) = consider(Rule::Spaces, ranges.deduce(clue, domains, true))
        {
            return Some(found);
        }
        if max >= Rule::Edge {
            let mut narrowed = ranges;
            if narrowed.tighten(clue, domains)
                && let Some(found) = consider(Rule::Edge, narrowed.deduce(clue, domains, true))
            {
                return Some(found);
            }
        }
    }
    if max >= Rule::Line {
        return Some((Rule::Line, exact.to_vec()));
    }
    best.map(|(rule, got, _)| (rule, got))
}

/// Complete: for each colour, when as many cells are known in it as the clue has, the
/// unknown cells lose it (a colour the clue lacks is complete at once).
pub fn complete(clue: &[Block], domains: &[u64]) -> Vec<u64> {
    let mut need = [0usize; 64];
    for block in clue {
        need[usize::from(block.colour)] += block.len;
    }
    let mut have = [0usize; 64];
    for &d in domains {
        if d.count_ones() == 1 {
            have[d.trailing_zeros() as usize] += 1;
        }
    }
    let mut done = 0u64;
    for c in 1..64 {
        if have[c] == need[c] {
            done |= 1 << c;
        }
    }
    domains
        .iter()
        .map(|&d| if d.count_ones() > 1 { d & !done } else { d })
        .collect()
}

/// Cells a block needs after it before block `j + 1`: one background cell when the next
/// block has its colour.
fn gap(clue: &[Block], j: usize) -> usize {
    usize::from(clue.get(j + 1).is_some_and(|b| b.colour == clue[j].colour))
}

/// Whether block `b` may start at `s`: its cells exist and may all take its colour.
fn fits(domains: &[u64], b: Block, s: usize) -> bool {
    s + b.len <= domains.len() && domains[s..s + b.len].iter().all(|d| d >> b.colour & 1 == 1)
}

/// Each block's leftmost start `lo[j]` and rightmost start `hi[j]`.
#[derive(Clone, Debug)]
struct Ranges {
    lo: Vec<usize>,
    hi: Vec<usize>,
}

impl Ranges {
    /// The blocks packed to the left and to the right, each on its first fit after the
    /// block before it: the least and greatest starts of any arrangement (by induction on
    /// the blocks). `None` when the blocks do not fit.
    fn packed(clue: &[Block], domains: &[u64]) -> Option<Ranges> {
        let n = domains.len();
        let k = clue.len();
        let mut lo = vec![0; k];
        let mut pos = 0;
        for j in 0..k {
            lo[j] = Self::fit_from(clue[j], domains, pos)?;
            pos = lo[j] + clue[j].len + gap(clue, j);
        }
        let mut hi = vec![0; k];
        let mut end = n;
        for j in (0..k).rev() {
            hi[j] = Self::fit_before(clue[j], domains, end)?;
            if j > 0 {
                end = hi[j].checked_sub(gap(clue, j - 1))?;
            }
        }
        let ranges = Ranges { lo, hi };
        ranges.consistent().then_some(ranges)
    }

    /// The first fit of `b` at `from` or after.
    fn fit_from(b: Block, domains: &[u64], from: usize) -> Option<usize> {
        (from..domains.len()).find(|&s| fits(domains, b, s))
    }

    /// The last fit of `b` ending at `end` or before.
    fn fit_before(b: Block, domains: &[u64], end: usize) -> Option<usize> {
        (0..=end.checked_sub(b.len)?)
            .rev()
            .find(|&s| fits(domains, b, s))
    }

    fn consistent(&self) -> bool {
        self.lo.iter().zip(&self.hi).all(|(l, h)| l <= h)
    }

    /// Edge and glue, to a fixpoint: for each filled cell, the first block whose range
    /// reaches it (in a colour it may take) starts at or before it, the last one ends at
    /// or after it; then the blocks' order and fits again. `false`: no arrangement.
    fn tighten(&mut self, clue: &[Block], domains: &[u64]) -> bool {
        let n = domains.len();
        let k = clue.len();
        loop {
            let mut changed = false;
            for (p, &d) in domains.iter().enumerate() {
                if d & 1 == 1 {
                    continue;
                }
                let reaches = |j: &usize| {
                    let b = clue[*j];
                    self.lo[*j] <= p && p < self.hi[*j] + b.len && d >> b.colour & 1 == 1
                };
                let (Some(first), Some(last)) = ((0..k).find(reaches), (0..k).rev().find(reaches))
                else {
                    return false;
                };
                if self.hi[first] > p {
                    self.hi[first] = p;
                    changed = true;
                }
                let least = (p + 1).saturating_sub(clue[last].len);
                if self.lo[last] < least {
                    self.lo[last] = least;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
            // The order of the blocks and their fits, from each end.
            let mut pos = 0;
            for j in 0..k {
                let Some(s) = Self::fit_from(clue[j], domains, self.lo[j].max(pos)) else {
                    return false;
                };
                self.lo[j] = s;
                pos = s + clue[j].len + gap(clue, j);
            }
            let mut end = n;
            for j in (0..k).rev() {
                let Some(s) = Self::fit_before(clue[j], domains, end.min(self.hi[j] + clue[j].len))
                else {
                    return false;
                };
                self.hi[j] = s;
                if j > 0 {
                    let Some(e) = s.checked_sub(gap(clue, j - 1)) else {
                        return false;
                    };
                    end = e;
                }
            }
            if !self.consistent() {
                return false;
            }
        }
    }

    /// Overlap: the cells block `j` covers from `hi[j]` to `lo[j] + len` take its colour;
    /// with `spaces`, a cell no range of a colour reaches loses that colour.
    fn deduce(&self, clue: &[Block], domains: &[u64], spaces: bool) -> Vec<u64> {
        let mut out = domains.to_vec();
        let mut reach = vec![1u64; domains.len()];
        for (j, b) in clue.iter().enumerate() {
            let overlap = self.hi[j]..(self.lo[j] + b.len).max(self.hi[j]);
            for cell in &mut out[overlap] {
                *cell &= 1 << b.colour;
            }
            for r in &mut reach[self.lo[j]..self.hi[j] + b.len] {
                *r |= 1 << b.colour;
            }
        }
        if spaces {
            for (cell, r) in out.iter_mut().zip(reach) {
                *cell &= r;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::line::bitline::{self, Tables};
    use super::*;
    use crate::rng::SplitMix64;

    /// The exact solver's domains (`None`: no arrangement).
    fn exact(clue: &[Block], domains: &[u64], palette: usize) -> Option<Vec<u64>> {
        let n = domains.len();
        let can: Vec<u128> = (0..palette)
            .map(|c| {
                (0..n)
                    .filter(|&i| domains[i] >> c & 1 == 1)
                    .fold(0, |m, i| m | 1 << i)
            })
            .collect();
        let mut may = vec![0u128; palette];
        let mut tables = Tables::new();
        bitline::solve_colour(&mut tables, clue, n, &can, &mut may).then(|| {
            (0..n)
                .map(|i| (0..palette).fold(0, |d, c| d | u64::from(may[c] >> i & 1 == 1) << c))
                .collect()
        })
    }

    fn b(len: usize, colour: u8) -> Block {
        Block { len, colour }
    }

    fn named(clue: &[Block], line: &str) -> Rule {
        let domains: Vec<u64> = line
            .chars()
            .map(|ch| match ch {
                '#' => 2,
                '.' => 1,
                _ => 3,
            })
            .collect();
        let exact = exact(clue, &domains, 2).expect("fits");
        name_step(clue, &domains, &exact, Rule::Line)
            .expect("a step")
            .0
    }

    #[test]
    fn textbook_lines_get_their_rule() {
        let black = |lens: &[usize]| lens.iter().map(|&l| b(l, 1)).collect::<Vec<_>>();
        assert_eq!(named(&black(&[8]), "??????????"), Rule::Overlap);
        assert_eq!(named(&black(&[2]), "?#?????"), Rule::Edge);
        assert_eq!(named(&black(&[3]), "??.??????"), Rule::Spaces);
        assert_eq!(named(&black(&[3]), "..#??????"), Rule::Edge);
        assert_eq!(named(&black(&[1, 2]), "#???????"), Rule::Edge);
        assert_eq!(named(&black(&[2]), "??.#????"), Rule::Edge);
        assert_eq!(named(&black(&[4]), "?.??.?????"), Rule::Spaces);
        assert_eq!(named(&black(&[1]), "???#???"), Rule::Complete);
        assert_eq!(named(&black(&[]), "?????"), Rule::Complete);
    }

    /// On random lines (black-and-white and three colours, random known cells), every rule
    /// keeps every colour the exact solver keeps, and naming returns the exact domains
    /// whenever `line` is allowed.
    #[test]
    fn every_rule_is_sound() {
        let mut rng = SplitMix64::new(23);
        let mut named = [0usize; 5];
        for round in 0..20_000 {
            let palette = if round % 3 == 0 { 4 } else { 2 };
            let n = 1 + (rng.next_u64() % 20) as usize;
            // A random line picture, its clue, then some of its cells known.
            let cells: Vec<u8> = (0..n)
                .map(|_| {
                    if rng.next_u64().is_multiple_of(2) {
                        0
                    } else {
                        1 + (rng.next_u64() % (palette as u64 - 1)) as u8
                    }
                })
                .collect();
            let mut clue: Vec<Block> = Vec::new();
            let mut previous = 0;
            for &c in &cells {
                if c != 0 {
                    match clue.last_mut() {
                        Some(last) if previous == c => last.len += 1,
                        _ => clue.push(b(1, c)),
                    }
                }
                previous = c;
            }
            let all = (1u64 << palette) - 1;
            let domains: Vec<u64> = cells
                .iter()
                .map(|&c| {
                    if rng.next_u64().is_multiple_of(4) {
                        1 << c
                    } else {
                        all
                    }
                })
                .collect();
            let exact = exact(&clue, &domains, palette).expect("the picture fits");
            let sound = |got: &[u64]| got.iter().zip(&exact).all(|(g, e)| e & !g == 0);
            assert!(sound(&complete(&clue, &domains)), "{clue:?} {domains:?}");
            let ranges = Ranges::packed(&clue, &domains).expect("fits");
            assert!(sound(&ranges.deduce(&clue, &domains, true)));
            let mut tight = ranges.clone();
            assert!(tight.tighten(&clue, &domains), "{clue:?} {domains:?}");
            assert!(
                sound(&tight.deduce(&clue, &domains, true)),
                "{clue:?} {domains:?}"
            );
            if exact != domains {
                let (rule, got) = name_step(&clue, &domains, &exact, Rule::Line).expect("step");
                assert_eq!(got, exact);
                named[rule as usize] += 1;
            }
            for max in [Rule::Complete, Rule::Overlap, Rule::Spaces, Rule::Edge] {
                if let Some((rule, got)) = name_step(&clue, &domains, &exact, max) {
                    assert!(rule <= max && sound(&got) && got != domains);
                }
            }
        }
        // Every rule names some steps.
        assert!(named.iter().all(|&count| count > 100), "{named:?}");
    }
}
