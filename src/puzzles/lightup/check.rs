//! The independent checker: lights on white cells only, each numbered black cell with its
//! count of lights beside it, no two lights in sight of each other, every white cell lit —
//! walked here along rows and columns afresh, sharing nothing with the model.

use super::{Cell, LightUp};
use crate::constraints::Grid;
use crate::puzzle::CheckError;

pub(super) fn verify(p: &LightUp, g: &Grid) -> Result<(), CheckError> {
    let (w, h) = (p.width, p.height);
    if g.width != w || g.values.len() != w * h {
        return Err(CheckError::from(format!("the solution is not {w}×{h}")));
    }
    let name = |r: usize, c: usize| format!("r{}c{}", r + 1, c + 1);
    let light = |r: usize, c: usize| g.at(r, c) == 1;
    for r in 0..h {
        for c in 0..w {
            match (p.cell(r, c), g.at(r, c)) {
                (_, v) if v > 1 => {
                    return Err(CheckError::from(format!("{} holds {v}", name(r, c))));
                }
                (Cell::Black(_), 1) => {
                    return Err(CheckError::from(format!(
                        "a light on black cell {}",
                        name(r, c)
                    )));
                }
                (Cell::Black(Some(clue)), _) => {
                    let mut around = 0;
                    if r > 0 && light(r - 1, c) {
                        around += 1;
                    }
                    if r + 1 < h && light(r + 1, c) {
                        around += 1;
                    }
                    if c > 0 && light(r, c - 1) {
                        around += 1;
                    }
                    if c + 1 < w && light(r, c + 1) {
                        around += 1;
                    }
                    if around != clue {
                        return Err(CheckError::from(format!(
                            "{} has clue {clue} but {around} lights beside it",
                            name(r, c)
                        )));
                    }
                }
                _ => {}
            }
        }
    }
    // Lights seen from each white cell, walking the four directions to a wall.
    for r in 0..h {
        for c in 0..w {
            if p.cell(r, c) != Cell::White {
                continue;
            }
            let mut seen = 0;
            let steps: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
            for (dr, dc) in steps {
                let (mut y, mut x) = (r as isize + dr, c as isize + dc);
                while y >= 0 && x >= 0 && (y as usize) < h && (x as usize) < w {
                    let (yy, xx) = (y as usize, x as usize);
                    if p.cell(yy, xx) != Cell::White {
                        break;
                    }
                    if light(yy, xx) {
                        seen += 1;
                    }
                    y += dr;
                    x += dc;
                }
            }
            if light(r, c) && seen > 0 {
                return Err(CheckError::from(format!(
                    "the light at {} sees another",
                    name(r, c)
                )));
            }
            if !light(r, c) && seen == 0 {
                return Err(CheckError::from(format!("{} is not lit", name(r, c))));
            }
        }
    }
    Ok(())
}
