//! The nonogram lookahead for cube-and-conquer (`src/cube/`), in two ratings. First,
//! native's root propagation (line logic and failed-literal probing to a fixpoint,
//! [`native::probe_residue`]) on the puzzle with the cube's cells as givens, and every open
//! (cell, colour) propagated once more: a cell is rated by the cells each of its colours
//! decides ([`march_score`]). Then the best few are probed to a fixpoint in each branch and
//! rated again by what that leaves open: on hard puzzles a single colour seldom decides
//! anything by propagation alone, and the first rating alone splits off tiny cubes. The
//! branches are probed from the root's state, keeping the root's probes that read no line
//! the branch changed ([`dfs::probe_lookahead`], as the search probes a child). A
//! branch that probing refutes is dropped (the cell is then fixed, one cube for now).
//!
//! A cube is a set of (cell, palette index): the puzzle with more givens, which the `.non`
//! format writes. Measurements: `docs/cube.md`.

use super::native::ProbeResidue;
use super::{Nonogram, dfs, formats, native};
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

/// The first rating: every open cell by the cells each of its colours decides by
/// propagation alone, the branch that decides least first, then march's score; the best
/// [`DEEP_CELLS`] of them.
fn first_rating(probed: &ProbeResidue, symbols: usize) -> Vec<usize> {
    let mut decided = vec![0u64; probed.colours.len() * symbols];
    for &[(cell, colour), _] in &probed.implications {
        decided[cell * symbols + usize::from(colour)] += 1;
    }
    let mut rated: Vec<((u64, f64), usize)> = probed
        .colours
        .iter()
        .enumerate()
        .filter(|(_, set)| set.count_ones() > 1)
        .map(|(cell, &set)| {
            let counts = (0..symbols)
                .filter(move |&v| set >> v & 1 == 1)
                .map(|v| decided[cell * symbols + v]);
            let least = counts.clone().min().unwrap_or(0);
            ((least, march_score(counts.map(|c| c + 1))), cell)
        })
        .collect();
    rated.sort_by(|a, b| b.partial_cmp(a).unwrap_or(std::cmp::Ordering::Equal));
    rated.iter().take(DEEP_CELLS).map(|&(_, cell)| cell).collect()
}

impl Nonogram {
    /// The lookahead of a puzzle native refuses (lines too long to probe): the first cell
    /// the cube leaves open, on every colour.
    fn unprobed(&self, cube: &[Assign]) -> Lookahead {
        let cells = self.width() * self.height();
        let symbols = self.palette().len() as u32;
        let fixed = |cell: usize| {
            self.givens.get(cell).copied().flatten().is_some()
                || cube.iter().any(|&(c, _)| c == cell)
        };
        let open: Vec<usize> = (0..cells).filter(|&c| !fixed(c)).collect();
        match open.first() {
            None => Lookahead::Decided,
            Some(&cell) => Lookahead::Open {
                size: open.len() as u64 * u64::from(symbols - 1),
                cell,
                values: (0..symbols).collect(),
            },
        }
    }
}

impl Split<Nonogram> for Nonogram {
    fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead {
        let puzzle = self.restrict(cube);
        if native::refusal(&puzzle).is_some() {
            return self.unprobed(cube);
        }
        let symbols = self.palette().len();
        let Some((probed, branches)) =
            dfs::probe_lookahead(&puzzle, stop, MAX_IMPLICATIONS, &mut |probed| {
                first_rating(probed, symbols)
            })
        else {
            return Lookahead::Refuted;
        };
        let size = open_size(&probed.colours);
        if size == 0 {
            return Lookahead::Decided;
        }
        // Second rating, of the best few: what probing leaves in each branch.
        let mut best: Option<(f64, usize, Vec<u32>)> = None;
        for (cell, outcomes) in branches {
            let (values, reductions): (Vec<u32>, Vec<u64>) = outcomes
                .into_iter()
                .filter_map(|(v, left)| Some((v, size - left?.min(size))))
                .unzip();
            if values.len() < 2 {
                // Probing refutes a branch: the cell takes what is left, one cube for now.
                return Lookahead::Open { size, cell, values };
            }
            let score = march_score(reductions);
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, cell, values));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::nonogram::Grid;
    use crate::rng::SplitMix64;

    /// A branch probed from the root's probes ([`dfs::probe_lookahead`]) leaves open what
    /// probing the puzzle with the branch's cell as a given leaves from scratch (probing's
    /// fixpoint does not depend on the order of the probes), refuted branches included.
    #[test]
    fn branches_probed_from_the_root_match_probing_from_scratch() {
        let mut random = SplitMix64::new(25);
        let stop = Stop::never();
        let mut compared = 0;
        for _ in 0..60 {
            let (width, height) = (9, 11);
            let cells = (0..width * height)
                .map(|_| u8::from(random.next_u64() & 1 == 0))
                .collect();
            let puzzle = Nonogram::from_grid(&Grid {
                width,
                height,
                cells,
            });
            let (_, branches) = dfs::probe_lookahead(&puzzle, &stop, 1000, &mut |residue| {
                first_rating(residue, 2)
            })
            .expect("a picture's puzzle has a solution");
            for (cell, outcomes) in branches {
                for (colour, left) in outcomes {
                    let given = puzzle.restrict(&[(cell, colour)]);
                    let scratch = native::probe_residue(&given, &stop, 0);
                    assert_eq!(left, scratch.map(|s| open_size(&s.colours)), "{cell}={colour}");
                    compared += 1;
                }
            }
        }
        assert!(compared >= 40, "only {compared} branches compared");
    }
}
