//! Singles: the last empty cell of a house (SE 1.0), the only place for a digit in a box
//! (1.2) or in a line (1.5), the only candidate of a cell (2.3).

use super::{Board, Step, Technique};

/// A house with one empty cell: it takes the missing digit.
pub(super) fn full_house(board: &Board) -> Option<Step> {
    for (h, cells) in board.houses.iter().enumerate() {
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

/// The only place for a digit in a box.
pub(super) fn hidden_single_box(board: &Board) -> Option<Step> {
    hidden_single(board, 2 * board.n..3 * board.n, Technique::HiddenSingleBox)
}

/// The only place for a digit in a row or column.
pub(super) fn hidden_single_line(board: &Board) -> Option<Step> {
    hidden_single(board, 0..2 * board.n, Technique::HiddenSingleLine)
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
