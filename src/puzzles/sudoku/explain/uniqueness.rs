//! Uniqueness techniques, sound only because the driver proved the puzzle unique first.
//!
//! - Unique rectangle: four empty cells in two rows, two columns and two boxes cannot all
//!   be reduced to the same pair {a,b}, or the two solutions (swap a and b) would both be
//!   valid. Type 1 (SE 4.5): three cells are exactly {a,b}, so the fourth loses a and b.
//!   Type 2 (4.6): two cells are {a,b} and the other two {a,b,c}: one of those is c, so
//!   c leaves the cells seeing both.
//! - BUG+1 (5.6): if every empty cell but one were bivalue with every digit twice in each
//!   house, the grid would have two solutions; the one trivalue cell takes the digit that
//!   appears three times in its houses.

use super::{Board, Step, Technique};

/// Unique rectangles of type 1 and 2.
pub(super) fn unique_rectangle(board: &Board) -> Option<Step> {
    let (n, b) = (board.n, board.b);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    if (r1 / b == r2 / b) == (c1 / b == c2 / b) {
                        continue;
                    }
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if corners.iter().any(|&c| board.value[c] != 0) {
                        continue;
                    }
                    let common = corners.iter().fold(u64::MAX, |m, &c| m & board.cand[c]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let digits: Vec<u8> = Board::digits(common).collect();
                    for (i, &a) in digits.iter().enumerate() {
                        for &d in &digits[i + 1..] {
                            let pair = 1u64 << (a - 1) | 1u64 << (d - 1);
                            if let Some(step) = rectangle(board, &corners, pair) {
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
    }
    None
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
        if mx != my || mx.count_ones() != 1 {
            return None;
        }
        let d = Board::digits(mx).next()?;
        step.eliminations = (0..board.cand.len())
            .filter(|&o| {
                o != x && o != y && board.has(o, d) && board.sees(o, x) && board.sees(o, y)
            })
            .map(|o| board.candidate(o, d))
            .collect();
        if step.eliminations.is_empty() {
            return None;
        }
        step.difficulty = super::Difficulty(46);
        step.reasoning = Some("type 2");
    } else {
        return None;
    }
    step.cells = corners.iter().map(|&c| board.cell(c)).collect();
    step.digits = Board::digits(pair).collect();
    Some(step)
}

/// BUG+1.
pub(super) fn bug(board: &Board) -> Option<Step> {
    let mut extra = None;
    for (c, &m) in board.cand.iter().enumerate() {
        match m.count_ones() {
            0 | 2 => {}
            3 if extra.is_none() => extra = Some(c),
            _ => return None,
        }
    }
    let cell = extra?;
    let [row, ..] = board.cell_houses[cell];
    let d = Board::digits(board.cand[cell]).find(|&d| board.positions(row, d).count_ones() == 3)?;
    // Without d in that cell, every house must hold each open digit exactly twice.
    let mut grave = board.clone();
    grave.eliminate(cell, d);
    for h in 0..grave.houses.len() {
        for digit in 1..=grave.n as u8 {
            let count = grave.positions(h, digit).count_ones();
            if count != 0 && count != 2 {
                return None;
            }
        }
    }
    let mut step = Step::new(Technique::Bug);
    step.placements.push(board.candidate(cell, d));
    step.cells.push(board.cell(cell));
    step.digits.push(d);
    Some(step)
}
