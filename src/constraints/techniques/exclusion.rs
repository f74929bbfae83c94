//! Aligned exclusion: k cells cannot take a combination of values that repeats a value in
//! two cells seeing each other, or that holds every candidate of a cell seeing all k (that
//! cell would be left empty). A candidate found in no allowed combination goes. Aligned
//! pair exclusion (SE 6.2): two cells of one house. Aligned triplet exclusion (7.5): three
//! cells with a common peer of two or three candidates; Sukaku Explainer v1.15.10 tries it
//! only when no static chain or cycle exists (`docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) section 2).

use super::links::{Cells, Sets};
use super::{Board, Step, Technique};

/// Aligned pair exclusion (SE 6.2): two cells of one house cannot take a pair of values
/// that are equal, or that would empty a cell seeing both (its candidates all among the
/// pair). A candidate of one cell left with no compatible value in the other goes.
pub(super) fn aligned_pair_exclusion(board: &Board) -> Option<Step> {
    let cells = board.cand.len();
    for h in 0..board.houses.len() {
        let open: Vec<usize> = board.houses[h]
            .iter()
            .copied()
            .filter(|&c| board.cand[c].count_ones() >= 2)
            .collect();
        for (i, &a) in open.iter().enumerate() {
            for &b in &open[i + 1..] {
                // Each of these cells forbids the pairs of values covering its candidates.
                let blockers: Vec<u64> = (0..cells)
                    .filter(|&o| {
                        o != a
                            && o != b
                            && (1..=2).contains(&board.cand[o].count_ones())
                            && board.sees(o, a)
                            && board.sees(o, b)
                    })
                    .map(|o| board.cand[o])
                    .collect();
                let allowed = |x: u8, y: u8| {
                    let pair = 1u64 << (x - 1) | 1u64 << (y - 1);
                    x != y && blockers.iter().all(|&m| m & !pair != 0)
                };
                let mut step = Step::new(Technique::AlignedPairExclusion);
                for x in Board::digits(board.cand[a]) {
                    if !Board::digits(board.cand[b]).any(|y| allowed(x, y)) {
                        step.eliminations.push(board.candidate(a, x));
                    }
                }
                for y in Board::digits(board.cand[b]) {
                    if !Board::digits(board.cand[a]).any(|x| allowed(x, y)) {
                        step.eliminations.push(board.candidate(b, y));
                    }
                }
                if !step.eliminations.is_empty() {
                    step.cells = vec![board.cell(a), board.cell(b)];
                    step.houses.push(board.house(h));
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Aligned triplet exclusion: the first three cells whose allowed combinations leave out
/// a candidate.
pub(super) fn aligned_triplet_exclusion(board: &Board) -> Option<Step> {
    let size = board.cand.len();
    let sets = Sets::new(board);
    let open: Vec<usize> = (0..size)
        .filter(|&c| board.cand[c].count_ones() >= 2)
        .collect();
    let mut blockers = Cells::empty(size);
    for &c in &open {
        if board.cand[c].count_ones() <= 3 {
            blockers.insert(c);
        }
    }
    for (i, &a) in open.iter().enumerate() {
        let with_a = sets.peers[a].and(&blockers);
        if with_a.is_empty() {
            continue;
        }
        for (j, &b) in open.iter().enumerate().skip(i + 1) {
            let with_ab = with_a.and(&sets.peers[b]);
            if with_ab.is_empty() {
                continue;
            }
            for &c in &open[j + 1..] {
                let common = with_ab.and(&sets.peers[c]);
                if common.is_empty() {
                    continue;
                }
                let masks: Vec<u64> = common.iter().map(|o| board.cand[o]).collect();
                if let Some(step) = exclude(board, [a, b, c], &masks) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The candidates of `cells` in no allowed combination, as a step.
fn exclude(board: &Board, cells: [usize; 3], blockers: &[u64]) -> Option<Step> {
    let [a, b, c] = cells;
    let mut kept = [0u64; 3];
    for x in Board::digits(board.cand[a]) {
        for y in Board::digits(board.cand[b]) {
            if x == y && board.sees(a, b) {
                continue;
            }
            for z in Board::digits(board.cand[c]) {
                if z == x && board.sees(a, c) || z == y && board.sees(b, c) {
                    continue;
                }
                let values = 1u64 << (x - 1) | 1u64 << (y - 1) | 1u64 << (z - 1);
                if blockers.iter().any(|&m| m & !values == 0) {
                    continue;
                }
                kept[0] |= 1 << (x - 1);
                kept[1] |= 1 << (y - 1);
                kept[2] |= 1 << (z - 1);
            }
        }
    }
    let mut step = Step::new(Technique::AlignedTripletExclusion);
    for (k, &cell) in cells.iter().enumerate() {
        for d in Board::digits(board.cand[cell] & !kept[k]) {
            step.eliminations.push(board.candidate(cell, d));
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.cells = cells.iter().map(|&x| board.cell(x)).collect();
    Some(step)
}
