//! Singles: the last empty cell of a house (SE 1.0), the only place for a digit in a box
//! (1.2) or in a line (1.5), the only candidate of a cell (2.3).

use super::{Board, Step, Technique};

/// SE's "Hidden Single" family: full houses first (boxes, columns, rows, then extra
/// houses such as diagonals), then hidden singles in the same order; the first found is
/// taken. A single in an extra house is rated as one in a line.
pub(super) fn hidden_singles(board: &Board) -> Option<Step> {
    let n = board.n;
    let order = [2 * n..3 * n, n..2 * n, 0..n, 3 * n..board.houses.len()];
    for houses in order.clone() {
        if let Some(step) = full_house(board, houses) {
            return Some(step);
        }
    }
    hidden_single(board, order[0].clone(), Technique::HiddenSingleBox)
        .or_else(|| hidden_single(board, order[1].clone(), Technique::HiddenSingleLine))
        .or_else(|| hidden_single(board, order[2].clone(), Technique::HiddenSingleLine))
        .or_else(|| hidden_single(board, order[3].clone(), Technique::HiddenSingleLine))
}

/// A house with one empty cell: it takes the missing digit.
fn full_house(board: &Board, houses: std::ops::Range<usize>) -> Option<Step> {
    for h in houses {
        let cells = &board.houses[h];
        let mut empty = cells.iter().filter(|&&c| board.value[c] == 0);
        if let (Some(&c), None) = (empty.next(), empty.next()) {
            let d = Board::digits(board.cand[c]).next()?;
            let mut step = Step::new(Technique::FullHouse);
            step.placements.push(board.candidate(c, d));
            step.houses.push(board.house(h));
            step.digits.push(d);
            return Some(step);
        }
    }
    None
}

fn hidden_single(
    board: &Board,
    houses: std::ops::Range<usize>,
    technique: Technique,
) -> Option<Step> {
    for h in houses {
        for d in 1..=board.n as u8 {
            let positions = board.positions(h, d);
            if positions.count_ones() == 1 {
                let c = board.houses[h][positions.trailing_zeros() as usize];
                let mut step = Step::new(technique);
                step.placements.push(board.candidate(c, d));
                step.houses.push(board.house(h));
                step.digits.push(d);
                return Some(step);
            }
        }
    }
    None
}

/// A cell with one candidate.
pub(super) fn naked_single(board: &Board) -> Option<Step> {
    let c = (0..board.cand.len()).find(|&c| board.cand[c].count_ones() == 1)?;
    let d = Board::digits(board.cand[c]).next()?;
    let mut step = Step::new(Technique::NakedSingle);
    step.placements.push(board.candidate(c, d));
    step.cells.push(board.cell(c));
    step.digits.push(d);
    Some(step)
}
