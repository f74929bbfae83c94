//! Basic fish: a digit whose candidates in k rows lie in k columns (or the other way
//! round) leaves those columns elsewhere: X-wing (k = 2, SE 3.2), swordfish (3, 3.8),
//! jellyfish (4, 5.2).

use super::subsets::first_subset;
use super::{Board, Step, Technique};

/// The first fish of size `k`, rows as base first, then columns.
pub(super) fn fish(board: &Board, k: usize) -> Option<Step> {
    let n = board.n;
    let technique = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    for d in 1..=n as u8 {
        for (base, cover) in [(0, n), (n, 0)] {
            let lines: Vec<usize> = (base..base + n)
                .filter(|&h| (2..=k as u32).contains(&board.positions(h, d).count_ones()))
                .collect();
            let step = first_subset(&lines, k, &mut |chosen| {
                let union = chosen.iter().fold(0u64, |m, &h| m | board.positions(h, d));
                if union.count_ones() as usize != k {
                    return None;
                }
                let mut step = Step::new(technique);
                for i in Board::digits(union) {
                    let cover_house = cover + usize::from(i) - 1;
                    for (j, &c) in board.houses[cover_house].iter().enumerate() {
                        if board.has(c, d) && !chosen.contains(&(base + j)) {
                            step.eliminations.push(board.candidate(c, d));
                        }
                    }
                }
                if step.eliminations.is_empty() {
                    return None;
                }
                step.houses = chosen.iter().map(|&h| board.house(h)).collect();
                step.digits.push(d);
                step.cells = chosen
                    .iter()
                    .flat_map(|&h| board.houses[h].iter().copied())
                    .filter(|&c| board.has(c, d))
                    .map(|c| board.cell(c))
                    .collect();
                Some(step)
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}
