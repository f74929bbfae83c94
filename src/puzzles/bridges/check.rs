//! The independent checker: every link carries 0 to `max` bridges and stays in the grid, a
//! water cell passes its bridges straight on (as many leave on the right as arrive on the
//! left, the same down and up) and never both ways, every island's links add up to its
//! number, the islands are one group through the bridges (a flood fill over the cells here),
//! and without loops the bridged pairs are one fewer than the islands — computed afresh,
//! sharing nothing with the CNF or the connectivity constraints.

use super::Bridges;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Bridges, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    let right = |i: usize| g.values[i] % 10;
    let down = |i: usize| g.values[i] / 10;
    for i in 0..w * h {
        if g.values[i] >= 10 * (p.max + 1) || right(i) > p.max {
            return Err(CheckError::from(format!(
                "{} holds {}: more than {} bridges on a link",
                name(i),
                g.values[i],
                p.max
            )));
        }
        if (i % w + 1 == w && right(i) > 0) || (i / w + 1 == h && down(i) > 0) {
            return Err(CheckError::from(format!(
                "a bridge leaves the grid at {}",
                name(i)
            )));
        }
    }
    let left = |i: usize| {
        if !i.is_multiple_of(w) {
            right(i - 1)
        } else {
            0
        }
    };
    let up = |i: usize| if i >= w { down(i - w) } else { 0 };
    let mut islands = 0;
    for i in 0..w * h {
        match p.cells[i] {
            None => {
                if left(i) != right(i) || up(i) != down(i) {
                    return Err(CheckError::from(format!(
                        "a bridge ends in the water at {}",
                        name(i)
                    )));
                }
                if right(i) > 0 && down(i) > 0 {
                    return Err(CheckError::from(format!(
                        "two bridges cross at {}",
                        name(i)
                    )));
                }
            }
            Some(number) => {
                islands += 1;
                let total = left(i) + right(i) + up(i) + down(i);
                if number.is_some_and(|n| n != total) {
                    return Err(CheckError::from(format!(
                        "the island {} at {} has {total} bridges",
                        number.unwrap_or(0),
                        name(i)
                    )));
                }
            }
        }
    }
    // Flood the cells joined by links with bridges from the first island.
    let Some(start) = p.cells.iter().position(Option::is_some) else {
        return Ok(());
    };
    let mut reached = vec![false; w * h];
    reached[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        let mut next = Vec::with_capacity(4);
        if right(i) > 0 {
            next.push(i + 1);
        }
        if down(i) > 0 {
            next.push(i + w);
        }
        if left(i) > 0 {
            next.push(i - 1);
        }
        if up(i) > 0 {
            next.push(i - w);
        }
        for j in next {
            if !reached[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    if let Some(i) = (0..w * h).find(|&i| p.cells[i].is_some() && !reached[i]) {
        return Err(CheckError::from(format!(
            "the islands at {} and {} are not joined",
            name(start),
            name(i)
        )));
    }
    if !p.loops {
        // Each island's bridged links to the right and down start one bridged pair.
        let pairs = (0..w * h)
            .filter(|&i| p.cells[i].is_some())
            .map(|i| usize::from(right(i) > 0) + usize::from(down(i) > 0))
            .sum::<usize>();
        if pairs >= islands {
            return Err(CheckError::from(format!(
                "the bridges close a loop: {pairs} bridged pairs for {islands} islands"
            )));
        }
    }
    Ok(())
}
