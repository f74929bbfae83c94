//! The nonogram lookahead for cube-and-conquer (`src/cube/`): native's root propagation
//! (line logic and failed-literal probing to a fixpoint, [`native::probe_residue`]) on the
//! puzzle with the cube's cells as givens, then every open (cell, colour) propagated once
//! more; the cell whose colours decide the most other cells, by the product over its
//! branches (march's rule, Heule 2004), is the one to branch on. Probing leaves no failed
//! literal, so every branch offered is open or solved, never refuted by propagation.
//!
//! A cube is a set of (cell, palette index): the puzzle with more givens, which the `.non`
//! format writes. Measurements: `docs/cube.md`.

use super::{Nonogram, formats, native};
use crate::puzzle::{Assign, Lookahead, Split};
use crate::stop::Stop;

/// Implications the lookahead collects at most per choice (each is one cell a branch
/// decides); beyond, the cells not yet scored keep the score of a branch that decides
/// nothing.
const MAX_IMPLICATIONS: usize = 400_000;

impl Split<Nonogram> for Nonogram {
    fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead {
        let puzzle = self.restrict(cube);
        let Some(probed) = native::probe_residue(&puzzle, stop, MAX_IMPLICATIONS) else {
            return Lookahead::Refuted;
        };
        let size: u64 = probed
            .colours
            .iter()
            .map(|set| u64::from(set.count_ones().saturating_sub(1)))
            .sum();
        if size == 0 {
            return Lookahead::Decided;
        }
        let symbols = self.palette().len();
        let mut decided = vec![0u64; probed.colours.len() * symbols];
        for &[(cell, colour), _] in &probed.implications {
            decided[cell * symbols + usize::from(colour)] += 1;
        }
        let mut best: Option<(f64, usize)> = None;
        for (cell, &set) in probed.colours.iter().enumerate() {
            if set.count_ones() < 2 {
                continue;
            }
            let score: f64 = (0..symbols)
                .filter(|&v| set >> v & 1 == 1)
                .map(|v| decided[cell * symbols + v] as f64 + 1.0)
                .product();
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, cell));
            }
        }
        let Some((_, cell)) = best else {
            return Lookahead::Decided;
        };
        let set = probed.colours[cell];
        let values = (0..symbols as u32).filter(|&v| set >> v & 1 == 1).collect();
        Lookahead::Open { size, cell, values }
    }

    fn restrict(&self, cube: &[Assign]) -> Nonogram {
        let mut givens = self.givens.clone();
        for &(cell, colour) in cube {
            givens[cell] = u8::try_from(colour).ok();
        }
        self.clone().with_colour_givens(givens)
    }

    fn cube_file(&self, cube: &[Assign]) -> (&'static str, String) {
        let restricted = self.restrict(cube).with_goal(None);
        ("non", formats::non::to_non(&restricted, "satcover cube"))
    }

    fn literal_name(&self, (cell, colour): Assign) -> (String, bool) {
        let w = self.width();
        let at = format!("x[r{},c{}]", cell / w + 1, cell % w + 1);
        if self.palette().len() == 2 {
            (at, colour == 1)
        } else {
            let ch = u8::try_from(colour)
                .ok()
                .and_then(|c| self.palette().get(c))
                .map_or('?', |c| c.ch);
            (format!("{at}={ch}"), true)
        }
    }

    fn describe(&self, (cell, colour): Assign) -> String {
        let w = self.width();
        let ch = u8::try_from(colour)
            .ok()
            .and_then(|c| self.palette().get(c))
            .map_or('?', |c| c.ch);
        format!("r{}c{}={ch}", cell / w + 1, cell % w + 1)
    }
}
