//! The nonogram lookahead for cube-and-conquer (`src/cube/`), in two ratings. First,
//! native's root propagation (line logic and failed-literal probing to a fixpoint,
//! [`native::probe_residue`]) on the puzzle with the cube's cells as givens, and every open
//! (cell, colour) propagated once more: a cell is rated by the cells each of its colours
//! decides ([`march_score`]). Then the best few are probed to a fixpoint in each branch and
//! rated again by what that leaves open: on hard puzzles a single colour seldom decides
//! anything by propagation alone, and the first rating alone splits off tiny cubes. A
//! branch that probing refutes is dropped (the cell is then fixed, one cube for now).
//!
//! A cube is a set of (cell, palette index): the puzzle with more givens, which the `.non`
//! format writes. Measurements: `docs/cube.md`.

use super::{Nonogram, formats, native};
use crate::puzzle::{Assign, Lookahead, Split};
use crate::stop::Stop;
use crate::util::march::march_score;

/// Implications the first rating collects at most (each is one cell a branch decides);
/// beyond, the cells not yet rated keep the rating of a branch that decides nothing.
const MAX_IMPLICATIONS: usize = 2_000_000;

/// Cells the second rating probes in both branches, the best of the first rating.
const DEEP_CELLS: usize = 4;

/// Colours still possible beyond one per cell.
fn open_size(colours: &[u64]) -> u64 {
    colours
        .iter()
        .map(|set| u64::from(set.count_ones().saturating_sub(1)))
        .sum()
}

impl Split<Nonogram> for Nonogram {
    fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead {
        let Some(probed) = native::probe_residue(&self.restrict(cube), stop, MAX_IMPLICATIONS)
        else {
            return Lookahead::Refuted;
        };
        let size = open_size(&probed.colours);
        if size == 0 {
            return Lookahead::Decided;
        }
        // First rating: the cells each branch decides by propagation alone.
        let symbols = self.palette().len();
        let mut decided = vec![0u64; probed.colours.len() * symbols];
        for &[(cell, colour), _] in &probed.implications {
            decided[cell * symbols + usize::from(colour)] += 1;
        }
        let values_of = |set: u64| (0..symbols as u32).filter(move |&v| set >> v & 1 == 1);
        // Both branches first (the fewest cells any branch decides), then march's score.
        let mut rated: Vec<((u64, f64), usize)> = probed
            .colours
            .iter()
            .enumerate()
            .filter(|(_, set)| set.count_ones() > 1)
            .map(|(cell, &set)| {
                let counts = values_of(set).map(|v| decided[cell * symbols + v as usize]);
                let least = counts.clone().min().unwrap_or(0);
                ((least, march_score(counts.map(|c| c + 1))), cell)
            })
            .collect();
        rated.sort_by(|a, b| b.partial_cmp(a).unwrap_or(std::cmp::Ordering::Equal));
        // Second rating, of the best few: what probing leaves in each branch.
        let mut best: Option<(f64, usize, Vec<u32>)> = None;
        let mut branch = cube.to_vec();
        for &(_, cell) in rated.iter().take(DEEP_CELLS) {
            let mut reductions = Vec::new();
            let mut values = Vec::new();
            for v in values_of(probed.colours[cell]) {
                branch.push((cell, v));
                let left = native::probe_residue(&self.restrict(&branch), stop, 0);
                branch.pop();
                if let Some(left) = left {
                    reductions.push(size - open_size(&left.colours));
                    values.push(v);
                }
            }
            if values.len() < 2 {
                // Probing refutes a branch: the cell takes what is left, one cube for now.
                return Lookahead::Open { size, cell, values };
            }
            let score = march_score(reductions);
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, cell, values));
            }
            if stop.should_stop() {
                break;
            }
        }
        match best {
            Some((_, cell, values)) => Lookahead::Open { size, cell, values },
            None => Lookahead::Decided,
        }
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
