//! Direct techniques: a locked-candidates or hidden-set step that is only taken because
//! its eliminations leave a hidden single, which is placed in the same step (Sukaku
//! Explainer v1.15.10, as SE 1.2.1, `docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) section 2): direct pointing
//! 1.7 (a single in a box the eliminations cross), direct claiming 1.9 (in a line they
//! cross, parallel to the claiming line), direct hidden pair 2.0 and direct hidden triplet 2.5 (in the set's
//! house). They are tried before the plain techniques of the same pattern.

use super::locked::{lines, lines_through, locked};
use super::subsets::first_subset;
use super::{Board, Step, Technique};

/// The first pointing whose eliminations leave a hidden single in a box they cross.
pub(super) fn direct_pointing(board: &Board) -> Option<Step> {
    let n = board.n;
    for bx in 2 * n..3 * n {
        for d in 1..=n as u8 {
            let Some(&c) = board.houses[bx].iter().find(|&&c| board.has(c, d)) else {
                continue;
            };
            for &line in lines_through(board, c) {
                if let Some(step) = locked(board, bx, line, d, Technique::DirectPointing)
                    && let Some(step) = with_single(board, step, &[2])
                {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The first claiming whose eliminations leave a hidden single in a line they cross, of
/// the claiming line's kind (a row's claiming makes a single in a row; puzzle 248 of the
/// bank, whose ED Sukaku Explainer gives as a direct hidden pair, 2.0, has a column's
/// claiming leaving a single in a row).
pub(super) fn direct_claiming(board: &Board) -> Option<Step> {
    let n = board.n;
    for line in lines(board) {
        for d in 1..=n as u8 {
            let Some(&c) = board.houses[line].iter().find(|&&c| board.has(c, d)) else {
                continue;
            };
            let bx = board.cell_houses[c][2];
            if let Some(step) = locked(board, line, bx, d, Technique::DirectClaiming)
                && let Some(step) =
                    with_single(board, step, &[line / n][..usize::from(line < 2 * n)])
            {
                return Some(step);
            }
        }
    }
    None
}

/// The step with the hidden single its eliminations leave in a house of kinds `kinds`
/// (0 rows, 1 columns, 2 boxes) through an eliminated cell, or `None`.
fn with_single(board: &Board, mut step: Step, kinds: &[usize]) -> Option<Step> {
    let d = step.digits[0];
    let gone = |c: usize| {
        step.eliminations
            .iter()
            .any(|e| e.digit == d && e.cell == board.cell(c))
    };
    for e in &step.eliminations {
        let c = e.cell.row * board.n + e.cell.col;
        for &k in kinds {
            let h = board.cell_houses[c][k];
            if board.placed_in(h, d) {
                continue;
            }
            let mut left = board.houses[h]
                .iter()
                .copied()
                .filter(|&x| board.has(x, d) && !gone(x));
            if let (Some(x), None) = (left.next(), left.next()) {
                let placement = board.candidate(x, d);
                step.placements.push(placement);
                return Some(step);
            }
        }
    }
    None
}

/// The first hidden pair leaving a hidden single in its house (placed in the same step).
pub(super) fn direct_hidden_pair(board: &Board) -> Option<Step> {
    direct_hidden(board, 2, Technique::DirectHiddenPair)
}

/// The first hidden triplet leaving a hidden single in its house.
pub(super) fn direct_hidden_triple(board: &Board) -> Option<Step> {
    direct_hidden(board, 3, Technique::DirectHiddenTriple)
}

fn direct_hidden(board: &Board, k: usize, technique: Technique) -> Option<Step> {
    for (h, cells) in board.houses.iter().enumerate() {
        let digits: Vec<usize> = (1..=board.n as u8)
            .filter(|&d| (2..=k as u32).contains(&board.positions(h, d).count_ones()))
            .map(usize::from)
            .collect();
        let step = first_subset(&digits, k, &mut |chosen| {
            let union = chosen
                .iter()
                .fold(0u64, |m, &d| m | board.positions(h, d as u8));
            if union.count_ones() as usize != k {
                return None;
            }
            let keep = chosen.iter().fold(0u64, |m, &d| m | 1 << (d - 1));
            let mut step = Step::new(technique);
            for i in Board::digits(union) {
                let c = cells[usize::from(i) - 1];
                for d in Board::digits(board.cand[c] & !keep) {
                    step.eliminations.push(board.candidate(c, d));
                }
                step.cells.push(board.cell(c));
            }
            // A removed digit left with one place in the house.
            let removed = Board::digits(union)
                .map(|i| board.cand[cells[usize::from(i) - 1]])
                .fold(0u64, |m, c| m | c)
                & !keep;
            let single = Board::digits(removed).find_map(|d| {
                let left = board.positions(h, d) & !union;
                (left.count_ones() == 1).then(|| {
                    let x = cells[left.trailing_zeros() as usize];
                    board.candidate(x, d)
                })
            })?;
            step.placements.push(single);
            step.houses.push(board.house(h));
            step.digits = chosen.iter().map(|&d| d as u8).collect();
            Some(step)
        });
        if step.is_some() {
            return step;
        }
    }
    None
}
