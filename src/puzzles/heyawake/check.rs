//! The independent checker: values 0/1, no two shaded cells side by side, each numbered
//! room's shaded cells counted, every maximal straight run of unshaded cells walked and its
//! room borders counted (at most one), and the unshaded cells one region (a flood fill) —
//! computed here afresh, sharing nothing with the model's segments, counts or connectivity.

use super::Heyawake;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Heyawake, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    if let Some(i) = g.values.iter().position(|&v| v > 1) {
        return Err(CheckError::from(format!(
            "{} holds {}",
            name(i),
            g.values[i]
        )));
    }
    let shaded = |r: usize, c: usize| g.values[r * w + c] == 1;
    for r in 0..h {
        for c in 0..w {
            if shaded(r, c) && ((c + 1 < w && shaded(r, c + 1)) || (r + 1 < h && shaded(r + 1, c)))
            {
                return Err(CheckError::from(format!(
                    "shaded cells touch at {}",
                    name(r * w + c)
                )));
            }
        }
    }
    let rooms = p.rooms();
    let mut per_room = vec![0u32; p.numbers().len()];
    for (i, &v) in g.values.iter().enumerate() {
        per_room[rooms[i]] += v;
    }
    for (k, number) in p.numbers().iter().enumerate() {
        if let Some(n) = *number
            && per_room[k] != n
        {
            let first = rooms.iter().position(|&x| x == k).unwrap_or(0);
            return Err(CheckError::from(format!(
                "the room of {} has {} shaded cells, not {n}",
                name(first),
                per_room[k]
            )));
        }
    }
    // Each row left to right, each column top to bottom: walk the unshaded runs.
    let lines = (0..h)
        .map(|r| (0..w).map(|c| r * w + c).collect::<Vec<_>>())
        .chain((0..w).map(|c| (0..h).map(|r| r * w + c).collect::<Vec<_>>()));
    for line in lines {
        let mut crossed = 0;
        for k in 0..line.len() {
            if g.values[line[k]] == 1 {
                crossed = 0;
                continue;
            }
            if k > 0 && g.values[line[k - 1]] == 0 && rooms[line[k - 1]] != rooms[line[k]] {
                crossed += 1;
                if crossed == 2 {
                    return Err(CheckError::from(format!(
                        "the unshaded run through {} and {} crosses 2 room borders",
                        name(line[k - 1]),
                        name(line[k])
                    )));
                }
            }
        }
    }
    match crate::puzzles::region::cut_off(w, &g.values, 0) {
        Some((i, start)) => Err(CheckError::from(format!(
            "the unshaded cells are not connected: {} is cut off from {}",
            name(i),
            name(start)
        ))),
        None => Ok(()),
    }
}
