//! Locked candidates: a digit of a box confined to one line leaves the rest of the line
//! (pointing, SE 2.6); a digit of a line confined to one box leaves the rest of the box
//! (claiming, 2.8). A line is a row, a column or an extra house (a diagonal of sudoku X).

use super::{Board, Step, Technique};

/// Candidates of `d` in house `from`, all inside house `into`: `d` leaves the rest of `into`.
pub(super) fn locked(
    board: &Board,
    from: usize,
    into: usize,
    d: u8,
    technique: Technique,
) -> Option<Step> {
    let cells = &board.houses[from];
    let inside = |c: usize| board.cell_houses[c].contains(&into);
    let mut any = false;
    for &c in cells {
        if board.has(c, d) {
            if !inside(c) {
                return None;
            }
            any = true;
        }
    }
    if !any {
        return None;
    }
    let eliminations: Vec<_> = board.houses[into]
        .iter()
        .filter(|&&c| board.has(c, d) && !board.cell_houses[c].contains(&from))
        .map(|&c| board.candidate(c, d))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.eliminations = eliminations;
    step.houses = vec![board.house(from), board.house(into)];
    step.digits.push(d);
    step.cells = cells
        .iter()
        .filter(|&&c| board.has(c, d))
        .map(|&c| board.cell(c))
        .collect();
    Some(step)
}

/// A box's candidates for a digit in one row or column.
pub(super) fn pointing(board: &Board) -> Option<Step> {
    let n = board.n;
    for bx in 2 * n..3 * n {
        for d in 1..=n as u8 {
            let Some(&c) = board.houses[bx].iter().find(|&&c| board.has(c, d)) else {
                continue;
            };
            for &line in lines_through(board, c) {
                if let Some(step) = locked(board, bx, line, d, Technique::Pointing) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The lines through cell `c`: its row, its column and any extra house (a diagonal).
pub(super) fn lines_through(board: &Board, c: usize) -> impl Iterator<Item = &usize> {
    let houses = &board.cell_houses[c];
    houses[..2].iter().chain(&houses[3..])
}

/// The lines: rows, columns and extra houses (diagonals).
pub(super) fn lines(board: &Board) -> impl Iterator<Item = usize> {
    (0..2 * board.n).chain(3 * board.n..board.houses.len())
}

/// A line's candidates for a digit in one box.
pub(super) fn claiming(board: &Board) -> Option<Step> {
    let n = board.n;
    for line in lines(board) {
        for d in 1..=n as u8 {
            let Some(&c) = board.houses[line].iter().find(|&&c| board.has(c, d)) else {
                continue;
            };
            let bx = board.cell_houses[c][2];
            if let Some(step) = locked(board, line, bx, d, Technique::Claiming) {
                return Some(step);
            }
        }
    }
    None
}
