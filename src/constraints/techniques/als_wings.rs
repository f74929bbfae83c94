//! WXYZ- and VWXYZ-wings: an almost-locked set of k mutually visible cells holding k + 1
//! digits (k = 3, 4), plus a bivalue cell {x,z} outside it whose digits are both in the
//! set. When every cell of the set holding x sees the bivalue cell (x is *restricted*),
//! either the bivalue cell is z, or it is x and the set, losing x, is locked on its other
//! k digits, z among them: so z leaves every cell seeing the bivalue cell and every cell
//! of the set holding z. Both digits restricted (doubly linked): the set's other digits
//! are locked in it too, and each digit leaves the cells seeing all its holders.
//!
//! Ratings (Sukaku Explainer v1.15.10, `docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) 3.3–3.4), with m the
//! largest candidate count in the set: WXYZ 5.5 + 0.1 × (1 − |3 − m|) (5.5, 5.6, 5.5 for
//! m = 2, 3, 4); VWXYZ 6.2 + 0.1 × (2 − |3 − m|) (6.3, 6.4, 6.3, 6.2 for m = 2..5). Every
//! wing is collected and the easiest taken, most eliminations first.

use super::subsets::first_subset;
use super::turbot::better;
use super::{Board, Difficulty, Step, Technique};

/// The easiest WXYZ-wing (three cells, four digits).
pub(super) fn wxyz_wing(board: &Board) -> Option<Step> {
    als_wing(board, 3)
}

/// The easiest VWXYZ-wing (four cells, five digits).
pub(super) fn vwxyz_wing(board: &Board) -> Option<Step> {
    als_wing(board, 4)
}

fn als_wing(board: &Board, k: usize) -> Option<Step> {
    let technique = if k == 3 {
        Technique::WxyzWing
    } else {
        Technique::VwxyzWing
    };
    let cells = board.cand.len();
    let bivalue: Vec<usize> = (0..cells)
        .filter(|&c| board.cand[c].count_ones() == 2)
        .collect();
    if bivalue.is_empty() {
        return None;
    }
    let mut best: Option<Step> = None;
    for h in 0..board.houses.len() {
        let open: Vec<usize> = board.houses[h]
            .iter()
            .copied()
            .filter(|&c| (2..=k as u32 + 1).contains(&board.cand[c].count_ones()))
            .collect();
        first_subset::<()>(&open, k, &mut |set| {
            let union = set.iter().fold(0u64, |m, &c| m | board.cand[c]);
            if union.count_ones() as usize != k + 1 {
                return None;
            }
            // A set inside a box and a line is met twice: the second adds nothing.
            let m = set
                .iter()
                .map(|&c| board.cand[c].count_ones())
                .max()
                .unwrap_or(0) as i32;
            let difficulty = if k == 3 {
                Difficulty((55 + (1 - (3 - m).abs())) as u16)
            } else {
                Difficulty((62 + (2 - (3 - m).abs())) as u16)
            };
            if best.as_ref().is_some_and(|s| s.difficulty < difficulty) {
                return None;
            }
            for &v in &bivalue {
                if set.contains(&v) || board.cand[v] & !union != 0 {
                    continue;
                }
                let Some(mut step) = wing(board, set, v, union) else {
                    continue;
                };
                step.technique = technique;
                step.difficulty = difficulty;
                if better(&step, best.as_ref()) {
                    best = Some(step);
                }
            }
            None
        });
    }
    best
}

/// The wing of `set` and bivalue cell `v`, if a digit is restricted and it eliminates.
fn wing(board: &Board, set: &[usize], v: usize, union: u64) -> Option<Step> {
    let holders = |d: u8| set.iter().copied().filter(move |&c| board.has(c, d));
    let pair: Vec<u8> = Board::digits(board.cand[v]).collect();
    let restricted: Vec<u8> = pair
        .iter()
        .copied()
        .filter(|&d| holders(d).all(|c| board.sees(c, v)))
        .collect();
    if restricted.is_empty() {
        return None;
    }
    let mut eliminations = Vec::new();
    let mut remove = |d: u8, with_v: bool| {
        let Some(first) = holders(d).next() else {
            return;
        };
        let near = if with_v { v } else { first };
        for &o in &board.peers[near] {
            if o == v || set.contains(&o) || !board.has(o, d) || with_v && !board.sees(o, v) {
                continue;
            }
            if holders(d).all(|c| board.sees(o, c)) {
                eliminations.push(board.candidate(o, d));
            }
        }
    };
    for &z in &pair {
        if restricted.iter().any(|&x| x != z) {
            remove(z, true);
        }
    }
    if restricted.len() == 2 {
        for d in Board::digits(union & !board.cand[v]) {
            remove(d, false);
        }
    }
    eliminations.sort_unstable();
    eliminations.dedup();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::WxyzWing);
    step.eliminations = eliminations;
    step.cells = set
        .iter()
        .chain(std::iter::once(&v))
        .map(|&c| board.cell(c))
        .collect();
    step.digits = Board::digits(union).collect();
    step.reasoning = Some(if restricted.len() == 2 {
        "doubly linked"
    } else {
        "singly linked"
    });
    Some(step)
}
