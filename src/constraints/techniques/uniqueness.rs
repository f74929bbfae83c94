//! Uniqueness techniques, sound only because the driver proved the puzzle unique first.
//!
//! - Unique rectangle: four empty cells in two rows, two columns and two boxes cannot all
//!   be reduced to the same pair {a,b}, or the two solutions (swap a and b) would both be
//!   valid. Type 1 (SE 4.5): three cells are exactly {a,b}, so the fourth loses a and b.
//!   Type 2 (4.5 in Sukaku Explainer v1.15.10, not
//!   SE 1.2.1's 4.6): two cells are {a,b} and the other two {a,b,c}: one of those is c, so
//!   c leaves the cells seeing both. Type 3 (4.5 + 0.1 per naked digit beyond one): the
//!   two other cells share a house, and their extra digits with k - 1 cells of that house
//!   make a naked set of k digits. Type 4 (4.5): the two other cells share a house where
//!   a is confined to them, so one of them is a and neither can be b.
//! - BUG (bivalue universal grave): with every empty cell bivalue and every open digit
//!   twice in each of its houses the grid would have no or two solutions, so of the
//!   candidates beyond such a pattern at least one is true. Type 1 (5.6): one extra,
//!   placed. Type 2 (5.7): all extras the same digit, which leaves the cells seeing every
//!   extra cell. Type 3 (5.7 + 0.1 per naked digit beyond one): two extra cells of one
//!   house act as one cell of their extras in a naked set. Type 4 (5.7): two extra cells
//!   of a house share a digit confined there to them; each is that digit or its extras.
//!
//! Values: SukakuExplainer's `doc/rules.ods` (the SE 1.2.1 rules, documented by its
//! maintainers) and the wiki's "Difficulty ratings in Sudoku Explainer v1.2.1".

use super::subsets::first_subset;
use super::{Board, Difficulty, Step, Technique};

/// The easiest unique rectangle of types 1 to 4.
pub(super) fn unique_rectangle(board: &Board) -> Option<Step> {
    let n = board.n;
    let mut best: Option<Step> = None;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if corners.iter().any(|&c| board.value[c] != 0) {
                        continue;
                    }
                    let common = corners.iter().fold(u64::MAX, |m, &c| m & board.cand[c]);
                    if common.count_ones() < 2 || !board.deadly(&corners) {
                        continue;
                    }
                    let digits: Vec<u8> = Board::digits(common).collect();
                    for (i, &a) in digits.iter().enumerate() {
                        for &d in &digits[i + 1..] {
                            let pair = 1u64 << (a - 1) | 1u64 << (d - 1);
                            // By rating, then by type number (SE's order).
                            let key = |s: &Step| (s.difficulty, s.reasoning);
                            if let Some(step) = rectangle(board, &corners, pair)
                                && best.as_ref().is_none_or(|s| key(&step) < key(s))
                            {
                                if key(&step) == (Technique::UniqueRectangle.base(), Some("type 1"))
                                {
                                    return Some(step);
                                }
                                best = Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

fn rectangle(board: &Board, corners: &[usize; 4], pair: u64) -> Option<Step> {
    let exact: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.cand[c] == pair)
        .collect();
    let extra: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.cand[c] != pair)
        .collect();
    let mut step = Step::new(Technique::UniqueRectangle);
    if exact.len() == 3 {
        let c = extra[0];
        step.eliminations = Board::digits(pair).map(|d| board.candidate(c, d)).collect();
        step.reasoning = Some("type 1");
    } else if exact.len() == 2 {
        let (x, y) = (extra[0], extra[1]);
        let (mx, my) = (board.cand[x] & !pair, board.cand[y] & !pair);
        if mx == my && mx.count_ones() == 1 {
            let d = Board::digits(mx).next()?;
            step.eliminations = (0..board.cand.len())
                .filter(|&o| {
                    o != x && o != y && board.has(o, d) && board.sees(o, x) && board.sees(o, y)
                })
                .map(|o| board.candidate(o, d))
                .collect();
            step.reasoning = Some("type 2");
        }
        if step.eliminations.is_empty() {
            step = type_4(board, x, y, pair).or_else(|| type_3(board, x, y, pair))?;
        }
    } else {
        return None;
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.cells = corners.iter().map(|&c| board.cell(c)).collect();
    step.digits = Board::digits(pair).collect();
    Some(step)
}

/// The houses both `x` and `y` belong to.
fn shared_houses(board: &Board, x: usize, y: usize) -> Vec<usize> {
    let (hx, hy) = (&board.cell_houses[x], &board.cell_houses[y]);
    hx.iter().copied().filter(|h| hy.contains(h)).collect()
}

/// Type 4: a digit of the pair confined, in a house of both roof cells, to them.
fn type_4(board: &Board, x: usize, y: usize, pair: u64) -> Option<Step> {
    for h in shared_houses(board, x, y) {
        for a in Board::digits(pair) {
            let inside = board.houses[h]
                .iter()
                .all(|&c| c == x || c == y || !board.has(c, a));
            if !inside {
                continue;
            }
            let other = Board::digits(pair & !(1 << (a - 1))).next()?;
            let mut step = Step::new(Technique::UniqueRectangle);
            step.eliminations = vec![board.candidate(x, other), board.candidate(y, other)];
            step.houses.push(board.house(h));
            step.reasoning = Some("type 4");
            return Some(step);
        }
    }
    None
}

/// Type 3: the roof cells' extra digits as one cell of a naked set in a shared house.
fn type_3(board: &Board, x: usize, y: usize, pair: u64) -> Option<Step> {
    let extras = (board.cand[x] | board.cand[y]) & !pair;
    let (step, size) = pseudo_naked_set(board, &[x, y], extras, Technique::UniqueRectangle)?;
    let mut step = step;
    step.difficulty = Difficulty(Technique::UniqueRectangle.base().0 + size as u16 - 1);
    step.reasoning = Some("type 3");
    Some(step)
}

/// The smallest naked set in a house of all `pattern` cells made of one pseudo-cell
/// holding `extras` and k - 1 real cells: its digits leave the house's other cells.
/// Returns the step (eliminations and house) and k.
fn pseudo_naked_set(
    board: &Board,
    pattern: &[usize],
    extras: u64,
    technique: Technique,
) -> Option<(Step, usize)> {
    if extras.count_ones() < 2 {
        return None;
    }
    let houses: Vec<usize> = board.cell_houses[pattern[0]]
        .iter()
        .copied()
        .filter(|&h| pattern.iter().all(|&p| board.cell_houses[p].contains(&h)))
        .collect();
    let limit = 4.min(board.n / 2);
    for k in 2..=limit {
        for &h in &houses {
            let others: Vec<usize> = board.houses[h]
                .iter()
                .copied()
                .filter(|&c| board.value[c] == 0 && !pattern.contains(&c))
                .filter(|&c| (board.cand[c] | extras).count_ones() as usize <= k)
                .collect();
            let found = first_subset(&others, k - 1, &mut |chosen| {
                let union = chosen.iter().fold(extras, |m, &c| m | board.cand[c]);
                if union.count_ones() as usize != k {
                    return None;
                }
                let mut step = Step::new(technique);
                for &c in &board.houses[h] {
                    if board.value[c] == 0 && !pattern.contains(&c) && !chosen.contains(&c) {
                        for d in Board::digits(board.cand[c] & union) {
                            step.eliminations.push(board.candidate(c, d));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    return None;
                }
                step.houses.push(board.house(h));
                Some(step)
            });
            if let Some(step) = found {
                return Some((step, k));
            }
        }
    }
    None
}

/// The most cells beyond the bivalue pattern that a BUG search considers.
const MAX_BUG_CELLS: usize = 4;

/// The easiest BUG step of types 1 to 4.
pub(super) fn bug(board: &Board) -> Option<Step> {
    if !board.classic {
        // The argument that a BUG has no or two solutions is made on the classic grid.
        return None;
    }
    let mut plural = Vec::new();
    for (c, &m) in board.cand.iter().enumerate() {
        match m.count_ones() {
            0 | 2 => {}
            1 => return None,
            _ => plural.push(c),
        }
    }
    if plural.is_empty()
        || plural.len() > MAX_BUG_CELLS
        || plural.iter().any(|&c| board.cand[c].count_ones() > 4)
    {
        return None;
    }
    // Occurrences of each digit in each house, to test a choice of kept pairs.
    let n = board.n;
    let mut counts = vec![0u8; board.houses.len() * n];
    for (c, &m) in board.cand.iter().enumerate() {
        for d in Board::digits(m) {
            for &h in &board.cell_houses[c] {
                counts[h * n + usize::from(d) - 1] += 1;
            }
        }
    }
    let mut best: Option<Step> = None;
    let mut extras = vec![0u64; plural.len()];
    choose_pairs(board, &plural, 0, &mut extras, &mut counts, &mut |extras| {
        if let Some(step) = bug_step(board, &plural, extras)
            && best.as_ref().is_none_or(|s| step.difficulty < s.difficulty)
        {
            best = Some(step);
        }
    });
    best
}

/// Every way to keep two candidates in each plural cell that leaves each open digit
/// exactly twice in every house: `found` gets the removed candidates (the extras).
fn choose_pairs(
    board: &Board,
    plural: &[usize],
    i: usize,
    extras: &mut [u64],
    counts: &mut [u8],
    found: &mut dyn FnMut(&[u64]),
) {
    let n = board.n;
    if i == plural.len() {
        if counts.iter().all(|&k| k == 0 || k == 2) {
            found(extras);
        }
        return;
    }
    let c = plural[i];
    let digits: Vec<u8> = Board::digits(board.cand[c]).collect();
    for (x, &a) in digits.iter().enumerate() {
        for &d in &digits[x + 1..] {
            let removed = board.cand[c] & !(1u64 << (a - 1) | 1u64 << (d - 1));
            for e in Board::digits(removed) {
                for &h in &board.cell_houses[c] {
                    counts[h * n + usize::from(e) - 1] -= 1;
                }
            }
            extras[i] = removed;
            choose_pairs(board, plural, i + 1, extras, counts, found);
            for e in Board::digits(removed) {
                for &h in &board.cell_houses[c] {
                    counts[h * n + usize::from(e) - 1] += 1;
                }
            }
        }
    }
}

/// The easiest step a BUG pattern with these extras gives.
fn bug_step(board: &Board, plural: &[usize], extras: &[u64]) -> Option<Step> {
    let mut step = Step::new(Technique::Bug);
    step.cells = plural.iter().map(|&c| board.cell(c)).collect();
    let all = extras.iter().fold(0u64, |m, &e| m | e);
    step.digits = Board::digits(all).collect();
    if let ([c], [e]) = (plural, extras)
        && e.count_ones() == 1
    {
        let d = Board::digits(*e).next()?;
        step.placements.push(board.candidate(*c, d));
        step.reasoning = Some("type 1");
        return Some(step);
    }
    step.difficulty = Difficulty(57);
    if all.count_ones() == 1 && extras.iter().all(|e| e.count_ones() == 1) {
        let d = Board::digits(all).next()?;
        step.eliminations = (0..board.cand.len())
            .filter(|&o| board.has(o, d) && !plural.contains(&o))
            .filter(|&o| plural.iter().all(|&p| board.sees(o, p)))
            .map(|o| board.candidate(o, d))
            .collect();
        if !step.eliminations.is_empty() {
            step.reasoning = Some("type 2");
            return Some(step);
        }
    }
    let [x, y] = plural else { return None };
    // Type 4: a pattern digit both cells hold, confined to them in a shared house.
    for h in shared_houses(board, *x, *y) {
        let kept = board.cand[*x] & board.cand[*y] & !all;
        for a in Board::digits(kept) {
            if board.positions(h, a).count_ones() != 2 {
                continue;
            }
            for (&c, &e) in plural.iter().zip(extras) {
                for d in Board::digits(board.cand[c] & !e & !(1 << (a - 1))) {
                    step.eliminations.push(board.candidate(c, d));
                }
            }
            if !step.eliminations.is_empty() {
                step.houses.push(board.house(h));
                step.reasoning = Some("type 4");
                return Some(step);
            }
        }
    }
    let (mut found, size) = pseudo_naked_set(board, plural, extras[0] | extras[1], Technique::Bug)?;
    found.difficulty = Difficulty(57 + size as u16 - 1);
    found.cells = step.cells;
    found.digits = step.digits;
    found.reasoning = Some("type 3");
    Some(found)
}
