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

/// The first finned fish of size `k` (sashimi included): the base lines' candidates lie
/// in k cover lines except for fins, all in one box. Either a fin is true, or the fish
/// stands: the cover lines' cells that see every fin (in the fins' box) lose the digit.
pub(super) fn finned(board: &Board, k: usize) -> Option<Step> {
    let n = board.n;
    let technique = match k {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    };
    for d in 1..=n as u8 {
        for (base, cover) in [(0, n), (n, 0)] {
            let lines: Vec<usize> = (base..base + n)
                .filter(|&h| (1..=k as u32 + 2).contains(&board.positions(h, d).count_ones()))
                .collect();
            let step = first_subset(&lines, k, &mut |chosen| {
                let union = chosen.iter().fold(0u64, |m, &h| m | board.positions(h, d));
                if union.count_ones() as usize <= k || union.count_ones() as usize > k + 2 {
                    return None;
                }
                let columns: Vec<usize> =
                    Board::digits(union).map(|i| usize::from(i) - 1).collect();
                first_subset(&columns, k, &mut |covers| {
                    let cover_mask = covers.iter().fold(0u64, |m, &i| m | 1 << i);
                    let fins: Vec<usize> = chosen
                        .iter()
                        .flat_map(|&h| {
                            let fin_mask = board.positions(h, d) & !cover_mask;
                            Board::digits(fin_mask)
                                .map(move |i| board.houses[h][usize::from(i) - 1])
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    let fin_box = board.cell_houses[*fins.first()?][2];
                    if fins.iter().any(|&f| board.cell_houses[f][2] != fin_box) {
                        return None;
                    }
                    let mut step = Step::new(technique);
                    for &i in covers {
                        for (j, &c) in board.houses[cover + i].iter().enumerate() {
                            if board.has(c, d)
                                && !chosen.contains(&(base + j))
                                && board.cell_houses[c][2] == fin_box
                            {
                                step.eliminations.push(board.candidate(c, d));
                            }
                        }
                    }
                    if step.eliminations.is_empty() {
                        return None;
                    }
                    step.houses = chosen.iter().map(|&h| board.house(h)).collect();
                    step.digits.push(d);
                    step.cells = fins.iter().map(|&f| board.cell(f)).collect();
                    Some(step)
                })
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}
