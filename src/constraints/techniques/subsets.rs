//! Naked and hidden subsets: k cells of a house holding k candidates among them (naked
//! pair 3.0, triple 3.6, quad 5.0), or k digits of a house confined to k cells (hidden
//! pair 3.4, triple 4.0, quad 5.4).

use super::{Board, Step, Technique};

/// Calls `found` on every k-subset of `items` (ascending) until it returns `Some`.
pub(super) fn first_subset<T>(
    items: &[usize],
    k: usize,
    found: &mut impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[usize],
        k: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        found: &mut impl FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if chosen.len() == k {
            return found(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            let result = go(items, k, i + 1, chosen, found);
            chosen.pop();
            if result.is_some() {
                return result;
            }
        }
        None
    }
    go(items, k, 0, &mut Vec::with_capacity(k), found)
}

fn naked_technique(k: usize) -> Technique {
    match k {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    }
}

fn hidden_technique(k: usize) -> Technique {
    match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    }
}

/// k cells of a house whose candidates number k together: those digits leave the house's
/// other cells.
pub(super) fn naked(board: &Board, k: usize) -> Option<Step> {
    for (h, cells) in board.houses.iter().enumerate() {
        let open: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| (2..=k as u32).contains(&board.cand[c].count_ones()))
            .collect();
        let step = first_subset(&open, k, &mut |chosen| {
            let union = chosen.iter().fold(0u64, |m, &c| m | board.cand[c]);
            if union.count_ones() as usize != k {
                return None;
            }
            let mut step = Step::new(naked_technique(k));
            for &c in cells {
                if chosen.contains(&c) {
                    continue;
                }
                for d in Board::digits(board.cand[c] & union) {
                    step.eliminations.push(board.candidate(c, d));
                }
            }
            if step.eliminations.is_empty() {
                return None;
            }
            step.houses.push(board.house(h));
            step.cells = chosen.iter().map(|&c| board.cell(c)).collect();
            step.digits = Board::digits(union).collect();
            Some(step)
        });
        if step.is_some() {
            return step;
        }
    }
    None
}

/// k digits of a house confined to k cells together: those cells lose their other digits.
pub(super) fn hidden(board: &Board, k: usize) -> Option<Step> {
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
            let mut step = Step::new(hidden_technique(k));
            for i in Board::digits(union) {
                let c = cells[usize::from(i) - 1];
                for d in Board::digits(board.cand[c] & !keep) {
                    step.eliminations.push(board.candidate(c, d));
                }
                step.cells.push(board.cell(c));
            }
            if step.eliminations.is_empty() {
                return None;
            }
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
