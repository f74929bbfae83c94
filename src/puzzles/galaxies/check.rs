//! The independent checker: every cell labelled with a dot's number, each dot's cells in
//! its region, each region the half turn of itself about its dot and orthogonally
//! connected. Shares nothing with the encoder.

use super::Galaxies;
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &Galaxies, s: &Grid) -> Result<(), CheckError> {
    let (w, h) = p.size();
    let dots = p.dots();
    if s.width != w || s.values.len() != w * h {
        return Err(CheckError::from(format!(
            "the solution is not a {w}×{h} grid of region labels"
        )));
    }
    let name = |i: usize| format!("r{}c{}", i / w + 1, i % w + 1);
    if let Some(i) = s
        .values
        .iter()
        .position(|&v| v == 0 || v as usize > dots.len())
    {
        return Err(CheckError::from(format!(
            "{} has label {}, not one of the {} dots' 1..={}",
            name(i),
            s.values[i],
            dots.len(),
            dots.len()
        )));
    }
    for (d, dot) in dots.iter().enumerate() {
        let label = d as u32 + 1;
        // The cells the dot touches, from its lattice position.
        let (x, y) = (dot.x as i64, dot.y as i64);
        for r in (y - 1..=y + 1).filter(|r| r.rem_euclid(2) == 0 && (r - y).abs() <= 1) {
            for c in (x - 1..=x + 1).filter(|c| c.rem_euclid(2) == 0 && (c - x).abs() <= 1) {
                if r < 0 || c < 0 {
                    continue;
                }
                let i = (r / 2) as usize * w + (c / 2) as usize;
                if s.values[i] != label {
                    return Err(CheckError::from(format!(
                        "{} lies under dot {label} but is in region {}",
                        name(i),
                        s.values[i]
                    )));
                }
            }
        }
        let cells: Vec<usize> = (0..w * h).filter(|&i| s.values[i] == label).collect();
        for &i in &cells {
            // Half turn of the centre (2c, 2r) about (x, y): (2x − 2c, 2y − 2r), halved.
            let (r, c) = ((i / w) as i64, (i % w) as i64);
            let (mr, mc) = (y - r, x - c);
            let inside = mr >= 0 && mc >= 0 && (mr as usize) < h && (mc as usize) < w;
            if !inside || s.values[mr as usize * w + mc as usize] != label {
                return Err(CheckError::from(format!(
                    "region {label} holds {} but not its half turn about the dot",
                    name(i)
                )));
            }
        }
        // Connected: a search from the first cell reaches them all.
        let mut seen = vec![false; w * h];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 0;
        while let Some(i) = stack.pop() {
            reached += 1;
            let (r, c) = (i / w, i % w);
            let near = [
                (r > 0).then(|| i - w),
                (r + 1 < h).then(|| i + w),
                (c > 0).then(|| i - 1),
                (c + 1 < w).then(|| i + 1),
            ];
            for j in near.into_iter().flatten() {
                if !seen[j] && s.values[j] == label {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if reached != cells.len() {
            return Err(CheckError::from(format!(
                "region {label} is in more than one piece"
            )));
        }
    }
    Ok(())
}
