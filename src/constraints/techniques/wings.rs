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
