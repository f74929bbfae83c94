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
//! The chosen cell's probed branches are kept ([`Split::look_ahead_kept`]: the split's
//! queue holds them) and each child's lookahead starts from its branch's state instead of
//! the givens: probing has one fixpoint, so the child's cubes are the same (the tests
//! compare both ways); what this costs and saves is in `dfs/lookahead.rs` and the docs.
//!
//! A cube is a set of (cell, palette index): the puzzle with more givens, which the `.non`
//! format writes. Measurements: `docs/cube.md`.

use super::native::ProbeResidue;
use super::{Nonogram, dfs, formats, native};
use crate::puzzle::{Assign, Kept, Lookahead, Split};
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
    rated
        .iter()
        .take(DEEP_CELLS)
        .map(|&(_, cell)| cell)
        .collect()
}

/// The second rating, of the best few cells: what probing leaves in each branch (march's
/// score of the reductions from `size`); the best cell, its branches that probing did not
/// refute, and what they kept. A cell with a refuted branch is taken at once: it takes
/// what is left, one cube for now.
fn second_rating(size: u64, branches: dfs::ProbedBranches) -> (Lookahead, Vec<Option<Kept>>) {
    let mut best: Option<f64> = None;
    let mut choice = (Lookahead::Decided, Vec::new());
    for (cell, outcomes) in branches {
        let mut values = Vec::new();
        let mut reductions = Vec::new();
        let mut kept = Vec::new();
        for branch in outcomes {
            if let Some(left) = branch.left {
                values.push(branch.colour);
                reductions.push(size - left.min(size));
                kept.push(branch.kept);
            }
        }
        if values.len() < 2 {
            return (Lookahead::Open { size, cell, values }, kept);
        }
        let score = march_score(reductions);
        if best.is_none_or(|s| score > s) {
            best = Some(score);
            choice = (Lookahead::Open { size, cell, values }, kept);
        }
    }
    choice
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
        self.look_ahead_kept(cube, None, stop).0
    }

    fn look_ahead_kept(
        &self,
        cube: &[Assign],
        from: Option<Kept>,
        stop: &Stop,
    ) -> (Lookahead, Vec<Option<Kept>>) {
        let puzzle = self.restrict(cube);
        if native::refusal(&puzzle).is_some() {
            return (self.unprobed(cube), Vec::new());
        }
        let symbols = self.palette().len();
        let Some((probed, branches)) = dfs::probe_lookahead(
            &puzzle,
            stop,
            MAX_IMPLICATIONS,
            &mut |probed| first_rating(probed, symbols),
            from,
        ) else {
            return (Lookahead::Refuted, Vec::new());
        };
        let size = open_size(&probed.colours);
        if size == 0 {
            return (Lookahead::Decided, Vec::new());
        }
        second_rating(size, branches)
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
    use std::cell::Cell;

    use super::*;
    use crate::puzzles::nonogram::{Grid, Palette};
    use crate::rng::SplitMix64;

    /// A random picture of `width`×`height` cells, about half inked, in `ink` colours and
    /// the background, and its puzzle.
    fn random_puzzle(
        random: &mut SplitMix64,
        (width, height): (usize, usize),
        ink: u64,
    ) -> Nonogram {
        let cells = (0..width * height)
            .map(|_| {
                let r = random.next_u64();
                if r & 1 == 0 {
                    0
                } else {
                    (1 + (r >> 1) % ink) as u8
                }
            })
            .collect();
        let grid = Grid {
            width,
            height,
            cells,
        };
        Nonogram::from_grid_in(Palette::with_colours(ink as usize), &grid)
    }

    /// The lookahead of `puzzle` from the givens, with [`first_rating`]'s pick.
    fn probe(puzzle: &Nonogram, from: Option<Kept>) -> Option<(ProbeResidue, dfs::ProbedBranches)> {
        let symbols = puzzle.palette().len();
        dfs::probe_lookahead(
            puzzle,
            &Stop::never(),
            1000,
            &mut |r| first_rating(r, symbols),
            from,
        )
    }

    /// A branch probed from the root's probes ([`dfs::probe_lookahead`]) leaves open what
    /// probing the puzzle with the branch's cell as a given leaves from scratch (probing's
    /// fixpoint does not depend on the order of the probes), refuted branches included;
    /// and the lookahead of that puzzle from the branch's kept state finds what the one
    /// from its givens finds: the same colours, implications and branches.
    #[test]
    fn kept_branches_resume_as_probing_from_scratch() {
        let mut random = SplitMix64::new(25);
        let stop = Stop::never();
        let (mut compared, mut resumed) = (0, 0);
        for round in 0..80 {
            let ink = [1, 1, 2, 3][round % 4];
            let puzzle = random_puzzle(&mut random, (9, 11), ink);
            let (_, branches) = probe(&puzzle, None).expect("a picture's puzzle has a solution");
            for (cell, outcomes) in branches {
                for branch in outcomes {
                    let given = puzzle.restrict(&[(cell, branch.colour)]);
                    let scratch = native::probe_residue(&given, &stop, 0);
                    let at = format!("round {round}, {cell}={}", branch.colour);
                    assert_eq!(branch.left, scratch.map(|s| open_size(&s.colours)), "{at}");
                    compared += 1;
                    let Some(kept) = branch.kept else {
                        assert!(branch.left.is_none(), "{at}: a probed branch is kept");
                        continue;
                    };
                    let (a, a_branches) = probe(&given, Some(kept)).expect("not refuted");
                    let (b, b_branches) = probe(&given, None).expect("not refuted");
                    assert_eq!(a.colours, b.colours, "{at}");
                    assert_eq!(a.implications, b.implications, "{at}");
                    let outcomes =
                        |branches: dfs::ProbedBranches| -> Vec<(usize, u32, Option<u64>)> {
                            branches
                                .into_iter()
                                .flat_map(|(c, o)| {
                                    o.into_iter().map(move |b| (c, b.colour, b.left))
                                })
                                .collect()
                        };
                    assert_eq!(outcomes(a_branches), outcomes(b_branches), "{at}");
                    resumed += 1;
                }
            }
        }
        assert!(
            compared >= 100 && resumed >= 100,
            "{compared} branches, {resumed} resumed"
        );
    }

    /// The nonogram lookahead, keeping its branches' states or not.
    struct Splitter<'a> {
        puzzle: &'a Nonogram,
        keep: bool,
        /// Lookaheads that started from a kept state.
        resumed: Cell<usize>,
    }

    impl Split<Nonogram> for Splitter<'_> {
        fn look_ahead(&self, cube: &[Assign], stop: &Stop) -> Lookahead {
            self.puzzle.look_ahead(cube, stop)
        }

        fn look_ahead_kept(
            &self,
            cube: &[Assign],
            from: Option<Kept>,
            stop: &Stop,
        ) -> (Lookahead, Vec<Option<Kept>>) {
            if !self.keep {
                return (self.puzzle.look_ahead(cube, stop), Vec::new());
            }
            self.resumed
                .set(self.resumed.get() + usize::from(from.is_some()));
            self.puzzle.look_ahead_kept(cube, from, stop)
        }

        fn restrict(&self, cube: &[Assign]) -> Nonogram {
            self.puzzle.restrict(cube)
        }

        fn cube_file(&self, cube: &[Assign]) -> (&'static str, String) {
            self.puzzle.cube_file(cube)
        }

        fn literal_name(&self, assign: Assign) -> (String, bool) {
            self.puzzle.literal_name(assign)
        }

        fn describe(&self, assign: Assign) -> String {
            self.puzzle.describe(assign)
        }
    }

    /// The split whose children start from their parents' kept states makes the cubes of
    /// the split that probes every cube from its givens, with as many lookaheads: on the
    /// fixtures that branch (black-and-white; the colour fixtures are decided at the root)
    /// and on random colour pictures, N = 4 and 16.
    #[test]
    fn kept_states_give_the_cubes_of_probing_from_scratch() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/nonogram");
        let mut puzzles: Vec<(String, Nonogram)> =
            ["two-solutions.non", "forever.non", "knotty.non"]
                .iter()
                .map(|name| {
                    let text = std::fs::read_to_string(dir.join(name)).expect("fixture");
                    (
                        name.to_string(),
                        formats::parse(name, &text).expect("fixture reads"),
                    )
                })
                .collect();
        let mut random = SplitMix64::new(2025);
        for round in 0..12 {
            let ink = 2 + round % 2;
            puzzles.push((
                format!("random {round}"),
                random_puzzle(&mut random, (12, 10), ink as u64),
            ));
        }
        let stop = Stop::never();
        let mut resumed = 0;
        for (name, puzzle) in &puzzles {
            for n in [4, 16] {
                let splitter = |keep| Splitter {
                    puzzle,
                    keep,
                    resumed: Cell::new(0),
                };
                let (kept, scratch) = (splitter(true), splitter(false));
                let a = crate::cube::split(&kept, n, &stop);
                let b = crate::cube::split(&scratch, n, &stop);
                assert_eq!(
                    (&a.cubes, a.lookaheads),
                    (&b.cubes, b.lookaheads),
                    "{name}, N = {n}"
                );
                resumed += kept.resumed.get();
            }
        }
        assert!(resumed >= 100, "only {resumed} lookaheads resumed");
    }
}
