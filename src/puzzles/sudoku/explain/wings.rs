//! Wings: a pivot and two pincers that see it. XY-wing (SE 4.2): pivot {x,y}, pincers
//! {x,z} and {y,z}: one pincer is z, so z leaves every cell seeing both pincers.
//! XYZ-wing (4.4): pivot {x,y,z}; z leaves the cells seeing all three.

use super::{Board, Step, Technique};

fn wing(board: &Board, pivot_size: u32, technique: Technique) -> Option<Step> {
    let cells = board.cand.len();
    let bivalue: Vec<usize> = (0..cells)
        .filter(|&c| board.cand[c].count_ones() == 2)
        .collect();
    for pivot in (0..cells).filter(|&c| board.cand[c].count_ones() == pivot_size) {
        let pm = board.cand[pivot];
        let pincers: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| {
                board.sees(pivot, c)
                    && (board.cand[c] & pm).count_ones() == 1 + (pivot_size - 2)
                    && board.cand[c] != pm
            })
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &c in &pincers[i + 1..] {
                let (am, cm) = (board.cand[a], board.cand[c]);
                let z = am & cm;
                if z.count_ones() != 1 || am == cm {
                    continue;
                }
                let ok = if pivot_size == 2 {
                    // pivot {x,y}, pincers {x,z}, {y,z}: z outside the pivot.
                    z & pm == 0 && (am | cm) & pm == pm
                } else {
                    // pivot {x,y,z}, pincers {x,z}, {y,z}, both inside the pivot.
                    z & pm != 0 && (am | cm) == pm
                };
                if !ok {
                    continue;
                }
                let d = Board::digits(z).next()?;
                let mut step = Step::new(technique);
                for o in 0..cells {
                    if o == pivot || o == a || o == c || !board.has(o, d) {
                        continue;
                    }
                    let seen = board.sees(o, a)
                        && board.sees(o, c)
                        && (pivot_size == 2 || board.sees(o, pivot));
                    if seen {
                        step.eliminations.push(board.candidate(o, d));
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells = vec![board.cell(pivot), board.cell(a), board.cell(c)];
                step.digits = Board::digits(pm | am | cm).collect();
                return Some(step);
            }
        }
    }
    None
}

/// XY-wing.
pub(super) fn xy_wing(board: &Board) -> Option<Step> {
    wing(board, 2, Technique::XyWing)
}

/// XYZ-wing.
pub(super) fn xyz_wing(board: &Board) -> Option<Step> {
    wing(board, 3, Technique::XyzWing)
}

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
