//! Three strong-linked fishes: an X-chain of three strong links of one digit in three
//! houses sharing no place of the digit, joined end to end by two weak links (houses
//! holding both bridge ends). One of the two free ends holds the digit; every cell seeing
//! both loses it, except cells of the five houses. Ratings (Sukaku Explainer v1.15.10,
//! `docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) 3.2): all links in rows or all in columns, "3 skyscrapers"
//! 5.4; a link in a box, 5.5; rows and columns, "3-string kite" 5.6; any grouped link 5.7.
//! Every pattern is collected and the easiest taken, most eliminations first.

use super::links::{Cells, Link, Rules, Sets, places, strong_links, weak_home};
use super::turbot::better;
use super::{Board, Step, Technique};

/// The easiest three-strong-link fish.
pub(super) fn three_strong_links(board: &Board) -> Option<Step> {
    let n = board.n;
    let sets = Sets::new(board);
    let mut best: Option<Step> = None;
    for d in 1..=n as u8 {
        let links = strong_links(board, d, Rules::Three);
        if links.len() < 3 {
            continue;
        }
        let digit_places = places(board, d);
        // Each link's places, to test that the three houses share none.
        let owned: Vec<Cells> = links
            .iter()
            .map(|l| sets.house[l.house].and(&digit_places))
            .collect();
        let disjoint = |a: usize, b: usize| owned[a].and(&owned[b]).is_empty();
        for (m, middle) in links.iter().enumerate() {
            for side in 0..2 {
                let (a2, b2) = (&middle.ends[side], &middle.ends[1 - side]);
                // (link, its free end, weak house) on each side of the middle link.
                let joined = |bridge: &[usize; 3]| -> Vec<(usize, usize, usize)> {
                    let mut out = Vec::new();
                    for (i, l) in links.iter().enumerate() {
                        if i == m || !disjoint(i, m) {
                            continue;
                        }
                        for e in 0..2 {
                            if let Some(w) = weak_home(&l.homes[e], bridge, &[]) {
                                out.push((i, 1 - e, w));
                            }
                        }
                    }
                    out
                };
                let left = joined(&middle.homes[side]);
                let right = joined(&middle.homes[1 - side]);
                for &(i, f1, w1) in &left {
                    for &(k, f3, w2) in &right {
                        // Each chain is met from both ends: keep one orientation.
                        if i >= k || !disjoint(i, k) {
                            continue;
                        }
                        let trio = [&links[i], middle, &links[k]];
                        let technique = rating(n, trio);
                        if best
                            .as_ref()
                            .is_some_and(|s| s.difficulty < technique.base())
                        {
                            continue;
                        }
                        let (free1, free3) = (&links[i].ends[f1], &links[k].ends[f3]);
                        let mut excluded = sets.house[w1].or(&sets.house[w2]);
                        for l in trio {
                            excluded = excluded.or(&sets.house[l.house]);
                        }
                        let targets = sets
                            .seeing_all(free1)
                            .and(&sets.seeing_all(free3))
                            .and(&digit_places)
                            .and_not(&excluded);
                        if targets.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(technique);
                        step.eliminations = targets.iter().map(|c| board.candidate(c, d)).collect();
                        if !better(&step, best.as_ref()) {
                            continue;
                        }
                        step.houses = trio.iter().map(|l| board.house(l.house)).collect();
                        step.cells = free1
                            .iter()
                            .chain(&links[i].ends[1 - f1])
                            .chain(a2)
                            .chain(b2)
                            .chain(&links[k].ends[1 - f3])
                            .chain(free3)
                            .map(|&c| board.cell(c))
                            .collect();
                        step.digits.push(d);
                        best = Some(step);
                    }
                }
            }
        }
    }
    best
}

/// The technique (and so the rating) of three links, by their houses.
fn rating(n: usize, links: [&Link; 3]) -> Technique {
    let kinds: Vec<usize> = links.iter().map(|l| l.house / n).collect();
    if links.iter().any(|l| l.grouped) {
        Technique::GroupedThreeStrongLinks
    } else if kinds.contains(&2) {
        Technique::ThreeStrongLinks
    } else if kinds.iter().all(|&k| k == kinds[0]) {
        Technique::ThreeSkyscrapers
    } else {
        Technique::ThreeStringKite
    }
}
