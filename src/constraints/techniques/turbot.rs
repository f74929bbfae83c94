//! Turbot fishes: two strong links of one digit whose *bridge* ends share a third house.
//! One bridge end true makes the other false, so one of the two *free* ends holds the
//! digit, and every cell seeing both free ends loses it (cells of the two link houses
//! excepted). Ratings (Sukaku Explainer v1.15.10, `docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) 3.1): two rows
//! or two columns, skyscraper 4.0; a row and a column, two-string kite 4.1; a box and a
//! line, turbot crane 4.2; any grouped link, 4.3. Every pattern is collected and the
//! easiest taken, most eliminations first among equals.

use super::links::{Link, Rules, Sets, places, strong_links, weak_home};
use super::{Board, Difficulty, Step, Technique};

/// The easiest turbot fish.
pub(super) fn turbot_fish(board: &Board) -> Option<Step> {
    let n = board.n;
    let sets = Sets::new(board);
    let mut best: Option<Step> = None;
    for d in 1..=n as u8 {
        let links = strong_links(board, d, Rules::Turbot);
        if links.len() < 2 {
            continue;
        }
        let digit_places = places(board, d);
        for (i, l1) in links.iter().enumerate() {
            for l2 in &links[i + 1..] {
                let (k1, k2) = (l1.house / n, l2.house / n);
                // Row+row, column+column, row+column, line+box: never two boxes.
                if k1 == 2 && k2 == 2 {
                    continue;
                }
                let technique = if l1.grouped || l2.grouped {
                    Technique::GroupedTurbotFish
                } else if k1 == 2 || k2 == 2 {
                    Technique::TurbotCrane
                } else if k1 == k2 {
                    Technique::Skyscraper
                } else {
                    Technique::TwoStringKite
                };
                if best
                    .as_ref()
                    .is_some_and(|s| s.difficulty < technique.base())
                {
                    continue;
                }
                for (e1, e2) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let step = pattern(board, &sets, &digit_places, d, [l1, l2], [e1, e2]);
                    if let Some(mut step) = step {
                        step.technique = technique;
                        step.difficulty = technique.base();
                        if better(&step, best.as_ref()) {
                            best = Some(step);
                        }
                    }
                }
            }
        }
    }
    best
}

/// Whether `step` comes before `best`: lower rating, then more eliminations.
pub(super) fn better(step: &Step, best: Option<&Step>) -> bool {
    best.is_none_or(|b| {
        (step.difficulty, std::cmp::Reverse(step.eliminations.len()))
            < (b.difficulty, std::cmp::Reverse(b.eliminations.len()))
    })
}

/// The two links joined by their ends `bridge[0]`, `bridge[1]`.
fn pattern(
    board: &Board,
    sets: &Sets,
    digit_places: &super::links::Cells,
    d: u8,
    links: [&Link; 2],
    bridge: [usize; 2],
) -> Option<Step> {
    let [l1, l2] = links;
    let (b1, b2) = (&l1.ends[bridge[0]], &l2.ends[bridge[1]]);
    let (f1, f2) = (&l1.ends[1 - bridge[0]], &l2.ends[1 - bridge[1]]);
    if b1.iter().any(|c| b2.contains(c)) {
        return None;
    }
    let weak = weak_home(
        &l1.homes[bridge[0]],
        &l2.homes[bridge[1]],
        &[l1.house, l2.house],
    )?;
    let targets = sets
        .seeing_all(f1)
        .and(&sets.seeing_all(f2))
        .and(digit_places)
        .and_not(&sets.house[l1.house].or(&sets.house[l2.house]));
    if targets.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::Skyscraper);
    step.eliminations = targets.iter().map(|c| board.candidate(c, d)).collect();
    step.houses = vec![
        board.house(l1.house),
        board.house(l2.house),
        board.house(weak),
    ];
    step.cells = f1
        .iter()
        .chain(b1)
        .chain(b2)
        .chain(f2)
        .map(|&c| board.cell(c))
        .collect();
    step.digits.push(d);
    step.difficulty = Difficulty(0);
    Some(step)
}
