//! Nishio (SE 7.5 plus the chain-length surcharge): assume one candidate true and follow
//! its digit alone, dynamically: a placed digit leaves its peers, and a house left with one
//! place for the digit places it there. A house left with no place proves the assumption
//! false. The chain's length is the number of literals the contradiction rests on (the
//! assumption, the places removed and the placements they forced), counted as for static
//! chains.

use super::chains::length_surcharge;
use super::{Board, Difficulty, Literal, Step, Technique};

/// A literal of the digit under test: a cell and whether the digit is placed there.
#[derive(Clone, Copy)]
struct Node {
    cell: usize,
    on: bool,
    /// The literals it follows from (indices into the derivation list).
    parents: (usize, usize),
}

/// The easiest Nishio contradiction, if any is easier than `bound`.
pub(super) fn nishio(board: &Board, bound: Option<Difficulty>) -> Option<Step> {
    let mut best: Option<Step> = None;
    for d in 1..=board.n as u8 {
        for c in 0..board.cand.len() {
            if !board.has(c, d) {
                continue;
            }
            let Some(nodes) = contradiction(board, c, d) else {
                continue;
            };
            let difficulty = Difficulty(Technique::Nishio.base().0 + length_surcharge(nodes.len()));
            let limit = best.as_ref().map(|s| s.difficulty).or(bound);
            if limit.is_some_and(|l| l <= difficulty) {
                continue;
            }
            let mut step = Step::new(Technique::Nishio);
            step.difficulty = difficulty;
            step.eliminations.push(board.candidate(c, d));
            step.cells.push(board.cell(c));
            step.digits.push(d);
            step.chains = vec![
                nodes
                    .iter()
                    .map(|&(cell, on)| Literal {
                        cell: board.cell(cell),
                        digit: d,
                        on,
                    })
                    .collect(),
            ];
            step.reasoning = Some("contradiction");
            best = Some(step);
        }
    }
    best
}

/// Follows `c = d` on digit `d` alone; on a contradiction, the literals it rests on in the
/// order they were derived.
fn contradiction(board: &Board, c: usize, d: u8) -> Option<Vec<(usize, bool)>> {
    let size = board.cand.len();
    // Index of the literal that decided each cell for d, if any.
    let mut decided: Vec<Option<usize>> = vec![None; size];
    let mut nodes: Vec<Node> = Vec::new();
    let mut placed: Vec<bool> = (0..board.houses.len())
        .map(|h| board.placed_in(h, d))
        .collect();
    let mut queue = vec![c];
    let mut head = 0;
    nodes.push(Node {
        cell: c,
        on: true,
        parents: (0, 0),
    });
    decided[c] = Some(0);
    while head < queue.len() {
        let on_cell = queue[head];
        head += 1;
        let on_index = decided[on_cell]?;
        for &h in &board.cell_houses[on_cell] {
            placed[h] = true;
        }
        let mut touched: Vec<usize> = Vec::new();
        for &p in &board.peers[on_cell] {
            if board.has(p, d) && decided[p].is_none() {
                decided[p] = Some(nodes.len());
                nodes.push(Node {
                    cell: p,
                    on: false,
                    parents: (on_index, on_index),
                });
                touched.extend(board.cell_houses[p].iter().copied());
            }
        }
        touched.sort_unstable();
        touched.dedup();
        // Houses that lost a place: one place left places it, none is a contradiction.
        for h in touched {
            if placed[h] {
                continue;
            }
            let open: Vec<usize> = board.houses[h]
                .iter()
                .copied()
                .filter(|&x| board.has(x, d) && decided[x].is_none_or(|i| nodes[i].on))
                .collect();
            match open[..] {
                [] => return Some(ancestors(&nodes, board, h, &decided, d)),
                [x] if decided[x].is_none() => {
                    let index = nodes.len();
                    decided[x] = Some(index);
                    nodes.push(Node {
                        cell: x,
                        on: true,
                        parents: (usize::MAX, h),
                    });
                    queue.push(x);
                }
                _ => {}
            }
        }
    }
    None
}

/// The literals behind house `h` losing every place for `d`, in derivation order.
fn ancestors(
    nodes: &[Node],
    board: &Board,
    h: usize,
    decided: &[Option<usize>],
    d: u8,
) -> Vec<(usize, bool)> {
    let mut keep = vec![false; nodes.len()];
    let mut stack: Vec<usize> = house_offs(board, h, decided, d);
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut keep[i], true) {
            continue;
        }
        let node = nodes[i];
        if node.on && node.parents.0 == usize::MAX {
            // A placement forced in house `parents.1`: it rests on the house's other places.
            stack.extend(
                house_offs(board, node.parents.1, decided, d)
                    .into_iter()
                    .filter(|&j| j != i),
            );
        } else if i != 0 {
            stack.push(node.parents.0);
        }
    }
    (0..nodes.len())
        .filter(|&i| keep[i])
        .map(|i| (nodes[i].cell, nodes[i].on))
        .collect()
}

/// The literals that removed `d` from the places of house `h`.
fn house_offs(board: &Board, h: usize, decided: &[Option<usize>], d: u8) -> Vec<usize> {
    board.houses[h]
        .iter()
        .filter(|&&x| board.has(x, d))
        .filter_map(|&x| decided[x])
        .collect()
}
