//! Sudoku puzzles with exactly one solution, of every size (4×4 to 36×36).
//!
//! Glossary:
//! - **grid**: a filled n×n sudoku (n = b², b the box side), row-major digits 1..=n.
//! - **clue**: a cell of the grid left in the puzzle; removing a clue blanks it.
//! - **unique**: the clues admit exactly one completion (the grid they came from).
//! - **minimal**: unique, and no single clue can be removed without losing uniqueness.
//! - **symmetric**: the clues are invariant under a 180° turn of the grid.
//!
//! The method is the usual one: a random grid by randomised search (minimum remaining
//! values, digits in random order, naked and hidden singles, restarts with a growing
//! budget, as for heavy-tailed search, Gomes et al. 2000; `second.rs`), then clues
//! removed in random order, each removal kept only when the puzzle stays unique. One
//! pass over the cells already gives a minimal puzzle: a clue whose removal broke
//! uniqueness is still needed after further removals, since fewer clues never make a
//! puzzle "more unique". Without `minimal` the pass stops at the first clue that must
//! stay.
//!
//! Uniqueness checks: the native solver counting to two (9×9 and 4×4), or, from 16×16 on,
//! a cascade that asks SAT only what cheaper means cannot settle (`second.rs`,
//! `unavoidable.rs`): a clue that is the last one left in a known unavoidable set stays;
//! propagation, then a bounded search, look for a solution that differs from the grid in
//! the removed cell; what they leave open goes to a fresh SAT solver over the open cells
//! only. Why fresh rather than incremental, and where the time of 25×25 and 36×36
//! `minimal` goes: `docs/generate.md`.

mod second;
mod unavoidable;

use std::time::Instant;

use crate::puzzle::{Generate, GenerateError, GenerateRequest, Made, Param, Params, Summary};
use crate::puzzles::sudoku::Sudoku;
use crate::puzzles::sudoku::native::{NativeSearch, solve};
use crate::rng::SplitMix64;
use crate::stop::Stop;
use second::SecondSearch;
use unavoidable::Unavoidable;

/// Which engine proves uniqueness while clues are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checker {
    /// Native for 4×4 and 9×9, SAT from 16×16 on (measured fastest; see docs/reference.md).
    Auto,
    /// The native solver counting to two.
    Native,
    /// Unavoidable sets, a bounded search, then SAT over the open cells.
    Sat,
}

impl Checker {
    /// The engine `auto` picks for box side `b`.
    pub fn resolve(self, b: usize) -> Checker {
        match self {
            Checker::Auto if b <= 3 => Checker::Native,
            Checker::Auto => Checker::Sat,
            other => other,
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug)]
pub struct SudokuSpec {
    /// Box side b (2..=6): grids of (b²)×(b²).
    pub box_side: usize,
    /// Remove clues until none can go.
    pub minimal: bool,
    /// Keep the clues symmetric under a 180° turn.
    pub symmetric: bool,
    /// The engine that proves uniqueness.
    pub checker: Checker,
}

/// One generated puzzle and the grid it was cut from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Row-major clues, 0 for an empty cell.
    pub puzzle: Vec<u8>,
    /// The grid, the puzzle's only solution.
    pub solution: Vec<u8>,
    /// Uniqueness checks made.
    pub checks: u64,
    /// Checks the native checker made, or the SAT calls the search left over.
    pub handed_on: u64,
}

/// Generate `count` puzzles from `seed`, handing each to `each` as it is made (same seed,
/// same puzzles).
pub fn generate<E>(
    spec: SudokuSpec,
    count: u64,
    seed: u64,
    each: impl FnMut(&Generated) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<GenerateError>,
{
    generate_until(spec, count, seed, &Stop::never(), each)
}

/// [`generate`] until `stop` fires (polled before each removal):
/// [`GenerateError::Stopped`].
pub fn generate_until<E>(
    spec: SudokuSpec,
    count: u64,
    seed: u64,
    stop: &Stop,
    mut each: impl FnMut(&Generated) -> Result<(), E>,
) -> Result<(), E>
where
    E: From<GenerateError>,
{
    let b = spec.box_side;
    let empty = Sudoku::new(b, vec![0; b.pow(4)]).map_err(|e| GenerateError::Params(e.message))?;
    let mut generator = Maker::new(spec, &empty);
    let mut rng = SplitMix64::new(seed);
    for _ in 0..count {
        each(&generator.next(&mut rng, stop)?)?;
    }
    Ok(())
}

/// A random solved grid of box side `box_side` (2..=6), drawn from `rng` as `generate`
/// draws the grids it cuts its puzzles from: a randomised search with naked and hidden
/// singles and restarts (`second.rs`), not a shuffled pattern grid. Same `rng` state, same
/// grid.
pub fn random_grid(box_side: usize, rng: &mut SplitMix64) -> Result<Vec<u8>, GenerateError> {
    if !(2..=6).contains(&box_side) {
        return Err(GenerateError::Params(format!(
            "the box side is 2..=6 (4×4 to 36×36), not {box_side}"
        )));
    }
    let empty = Sudoku::new(box_side, vec![0; box_side.pow(4)])
        .map_err(|e| GenerateError::Params(e.message))?;
    Ok(Maker::search(&empty).random_grid(rng))
}

/// Makes puzzles of one size, one after another.
struct Maker {
    spec: SudokuSpec,
    n: usize,
    units: Vec<Vec<usize>>,
    /// The random fill, and the SAT checker's bounded search.
    second: SecondSearch,
    /// Whether checks go through `second` (the SAT checker) or the native count-to-two.
    cascade: bool,
}

/// Search nodes per removal before SAT takes over (measured on 16×16 with SAT on the
/// whole grid's formula: 100 left twice as many checks to SAT and was slower, 1,000 no
/// faster).
const SEARCH_NODES: u64 = 300;

impl Maker {
    fn new(spec: SudokuSpec, empty: &Sudoku) -> Maker {
        Maker {
            spec,
            n: empty.size(),
            units: empty.units(),
            second: Maker::search(empty),
            cascade: spec.checker.resolve(spec.box_side) == Checker::Sat,
        }
    }

    /// The search (random grids, bounded second-solution search) for `empty`'s size.
    fn search(empty: &Sudoku) -> SecondSearch {
        let n = empty.size();
        let mut peers = vec![Vec::new(); n * n];
        for unit in empty.units() {
            for &a in &unit {
                for &c in &unit {
                    if a != c && !peers[a].contains(&c) {
                        peers[a].push(c);
                    }
                }
            }
        }
        SecondSearch::new(n, peers, empty.units())
    }

    /// The next puzzle from `rng`.
    fn next(&mut self, rng: &mut SplitMix64, stop: &Stop) -> Result<Generated, GenerateError> {
        let solution = self.second.random_grid(rng);
        let cells = self.n * self.n;
        let mut puzzle = solution.clone();
        let mut order: Vec<usize> = (0..cells)
            .filter(|&c| !self.spec.symmetric || c <= cells - 1 - c)
            .collect();
        rng.shuffle(&mut order);
        let (mut checks, mut handed_on) = (0, 0);
        let b = self.spec.box_side;
        // With SAT: unavoidable sets, then a bounded search, then SAT on what is left.
        // The native checker is faster on its own (measured on 9×9: 3× slower with the
        // sets and the search in front).
        let mut front = self.cascade.then(|| {
            (
                Unavoidable::of_grid(&solution, self.n, &self.units),
                &mut self.second,
            )
        });

        for cell in order {
            if stop.should_stop() {
                return Err(GenerateError::Stopped);
            }
            let twin = cells - 1 - cell;
            let pair = if self.spec.symmetric && twin != cell {
                vec![cell, twin]
            } else {
                vec![cell]
            };
            for &c in &pair {
                puzzle[c] = 0;
            }
            checks += 1;
            // The puzzle before this removal was unique (its grid the only solution), so
            // another solution differs from the grid in a removed cell: that is all a
            // check has to rule out.
            let unique = match &mut front {
                Some((sets, _)) if sets.needed(&pair) => false,
                Some((_, second)) => {
                    let before = second.sat_calls;
                    let found = second.differs(&puzzle, &solution, &pair, SEARCH_NODES)?;
                    handed_on += second.sat_calls - before;
                    !found
                }
                None => {
                    handed_on += 1;
                    let found = solve(b, &puzzle, &NativeSearch::unique());
                    found.count == 1 && found.complete
                }
            };
            if let (true, Some((sets, _))) = (unique, &mut front) {
                sets.remove(&pair);
            }
            if !unique {
                for &c in &pair {
                    puzzle[c] = solution[c];
                }
                if !self.spec.minimal {
                    break;
                }
            }
        }
        Ok(Generated {
            puzzle,
            solution,
            checks,
            handed_on,
        })
    }
}

/// A puzzle as text: one line of `.` and digits for 4×4 and 9×9 (the collection format);
/// n rows of blank-separated numbers (`.` empty) for larger sizes, which the reader
/// takes back when puzzles are separated by blank lines.
pub fn puzzle_text(box_side: usize, cells: &[u8]) -> String {
    let n = box_side * box_side;
    if n <= 9 {
        crate::puzzles::sudoku::line_text(cells)
    } else {
        cells
            .chunks(n)
            .map(|row| {
                row.iter()
                    .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `satcover generate sudoku`: [`generate`] with the parameters of the command line.
pub struct SudokuGenerator;

const PARAMS: &[Param] = &[
    Param {
        usage: "--size 4|9|16|25|36",
        help: "The grid side [default: 9]",
        required: false,
    },
    Param {
        usage: "--minimal",
        help: "Remove clues until none can go (every clue is needed for uniqueness)",
        required: false,
    },
    Param {
        usage: "--symmetric",
        help: "Keep the clues symmetric under a 180° turn",
        required: false,
    },
    Param {
        usage: "--checker auto|native|sat",
        help: "The engine that proves uniqueness [default: auto: native up to 9×9, sat beyond]",
        required: false,
    },
];

impl SudokuGenerator {
    /// The spec `params` ask for.
    fn spec(params: &[String]) -> Result<SudokuSpec, GenerateError> {
        let mut p = Params::new(params);
        let size: usize = p.number("--size", 9)?;
        let Some(box_side) = (2..=6).find(|b| b * b == size) else {
            return Err(GenerateError::Params(format!(
                "--size {size}: a sudoku side is 4, 9, 16, 25 or 36"
            )));
        };
        let minimal = p.flag("--minimal")?;
        let symmetric = p.flag("--symmetric")?;
        let checker = match p.value("--checker")?.as_deref() {
            None | Some("auto") => Checker::Auto,
            Some("native") => Checker::Native,
            Some("sat") => Checker::Sat,
            Some(other) => {
                return Err(GenerateError::Params(format!(
                    "--checker {other}: the checker is auto, native or sat"
                )));
            }
        };
        p.finish("sudoku", PARAMS)?;
        Ok(SudokuSpec {
            box_side,
            minimal,
            symmetric,
            checker,
        })
    }
}

impl Generate for SudokuGenerator {
    fn about(&self) -> &'static str {
        "Random sudoku puzzles with exactly one solution, in the collection format"
    }

    fn params(&self) -> &'static [Param] {
        PARAMS
    }

    fn example(&self) -> &'static [&'static str] {
        &["--size", "4", "--minimal"]
    }

    fn generate(
        &self,
        params: &[String],
        request: &GenerateRequest,
        each: &mut dyn FnMut(Made) -> Result<(), GenerateError>,
    ) -> Result<Summary, GenerateError> {
        let spec = Self::spec(params)?;
        let start = Instant::now();
        let (mut clues, mut checks, mut handed_on) = (0usize, 0u64, 0u64);
        let b = spec.box_side;
        let n = b * b;
        generate_until(spec, request.count, request.seed, &request.stop, |g| {
            clues += g.puzzle.iter().filter(|&&d| d != 0).count();
            checks += g.checks;
            handed_on += g.handed_on;
            let mut text = puzzle_text(b, &g.puzzle);
            // Drawn grids (from 16×16 on) are separated by blank lines.
            text.push_str(if n > 9 { "\n\n" } else { "\n" });
            each(Made { text, note: None })
        })?;
        let count = request.count as f64;
        let secs = start.elapsed().as_secs_f64();
        Ok(format!(
            "{} puzzles {n}x{n} in {secs:.3} s: {:.1} puzzles/s, {:.1} clues and {:.0} uniqueness checks per puzzle, {:.1} of them left to the {} checker",
            request.count,
            count / secs,
            clues as f64 / count,
            checks as f64 / count,
            handed_on as f64 / count,
            match spec.checker.resolve(b) {
                Checker::Sat => "sat",
                _ => "native",
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_grids_are_valid_and_seeded() {
        for b in 2..=6 {
            let spec = SudokuSpec {
                box_side: b,
                minimal: false,
                symmetric: false,
                checker: Checker::Native,
            };
            let empty = Sudoku::new(b, vec![0; b.pow(4)]).expect("empty");
            let mut generator = Maker::new(spec, &empty);
            let grid = generator.second.random_grid(&mut SplitMix64::new(3));
            assert_eq!(grid, generator.second.random_grid(&mut SplitMix64::new(3)));
            let n = b * b;
            let sudoku = Sudoku::new(b, vec![0; n * n]).expect("empty");
            for unit in sudoku.units() {
                let mut digits: Vec<u8> = unit.iter().map(|&c| grid[c]).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=n as u8).collect::<Vec<_>>());
            }
        }
    }
}
