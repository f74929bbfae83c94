//! The sudoku classes that make engines show their tails, made reproducibly from a seed.
//!
//! ```text
//! cargo run --release --example sudoku_classes -- CLASS BOX COUNT SEED > puzzles.txt
//! ```
//!
//! - `blank`: a random solved grid with 40–60% of its cells blanked at random (usually many
//!   solutions: the task is a first solution). The grid is the library's
//!   (`satcover::puzzles::sudoku::generate::random_grid`, the grids `satcover generate` cuts from).
//! - `unique`: a random solved grid from which clues are removed, in random order, while a
//!   check still says the puzzle has exactly one solution; the removal stops at the first
//!   clue that must stay. This is `satcover generate` (`src/puzzles/sudoku/generate/`); the
//!   finished puzzle is checked once more through the ordinary `sat` pipeline (`--unique`).
//! - `minimal`: the same, but every clue is tried, so no remaining clue can go
//!   (`satcover generate --minimal`; from 25×25 on the last checks take SAT seconds each).
//! - `pattern`: like `blank`, but the grid is a shuffled *pattern* grid (row r is row 0
//!   shifted by b·(r mod b) + r div b), relabelled and with its lines permuted by the moves
//!   that keep a grid valid (rows within a band, bands, columns within a stack, stacks),
//!   the classic quick way to a "random" grid. Its shuffles reach only a tiny, rigid
//!   corner of the solved grids (a cyclic group table up to relabelling), and blanked it
//!   makes a far harder completion problem than a random grid does: kept as the hardest
//!   tail, not as the issue's class.
//!
//! BOX is the box side (4, 5, 6 for 16×16, 25×25, 36×36). Output: grids of
//! whitespace-separated numbers (`.` empty), one blank line apart, as `satcover solve` reads.

use std::process::ExitCode;

use satcover::pipeline::solve;
use satcover::puzzle::GenerateError;
use satcover::puzzle::{Backend, Request};
use satcover::puzzles::sudoku::Sudoku;
use satcover::puzzles::sudoku::generate::{Checker, SudokuSpec, generate, random_grid};
use satcover::rng::SplitMix64;

/// A random permutation of `0..n`.
fn permutation(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut p);
    p
}

/// Lines of the grid in a random order that keeps bands (or stacks) together.
fn lines(rng: &mut SplitMix64, b: usize) -> Vec<usize> {
    let bands = permutation(rng, b);
    bands
        .iter()
        .flat_map(|&band| permutation(rng, b).into_iter().map(move |i| band * b + i))
        .collect()
}

/// `grid` relabelled and with its lines permuted: still a solved grid.
fn shuffled(b: usize, grid: &[u8], rng: &mut SplitMix64) -> Vec<u8> {
    let n = b * b;
    let digits = permutation(rng, n);
    let rows = lines(rng, b);
    let cols = lines(rng, b);
    let mut out = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            out.push(digits[usize::from(grid[r * n + c]) - 1] as u8 + 1);
        }
    }
    out
}

/// A shuffled pattern grid.
fn pattern_grid(b: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let n = b * b;
    let pattern: Vec<u8> = (0..n * n)
        .map(|cell| ((b * (cell / n % b) + cell / n / b + cell % n) % n) as u8 + 1)
        .collect();
    shuffled(b, &pattern, rng)
}

/// 40–60% of the cells blanked at random.
fn blank(mut grid: Vec<u8>, rng: &mut SplitMix64) -> Vec<u8> {
    let cells = grid.len();
    let blanks = cells * (40 + rng.below(21)) / 100;
    for &cell in &permutation(rng, cells)[..blanks] {
        grid[cell] = 0;
    }
    grid
}

fn print(b: usize, grid: &[u8]) {
    let n = b * b;
    for row in grid.chunks(n) {
        let cells: Vec<String> = row
            .iter()
            .map(|&d| if d == 0 { ".".into() } else { d.to_string() })
            .collect();
        println!("{}", cells.join(" "));
    }
    println!();
}

/// Why a class could not be made.
struct Failure(String);

impl From<GenerateError> for Failure {
    fn from(e: GenerateError) -> Failure {
        Failure(e.to_string())
    }
}

/// Unique puzzles (minimal ones with `minimal`), each confirmed by the `sat` pipeline.
fn unique(b: usize, count: u64, seed: u64, minimal: bool) -> Result<(), String> {
    let spec = SudokuSpec {
        box_side: b,
        minimal,
        symmetric: false,
        checker: Checker::Auto,
    };
    generate(spec, count, seed, |made| {
        let puzzle = Sudoku::new(b, made.puzzle.clone()).map_err(|e| Failure(e.message))?;
        let outcome =
            solve(&puzzle, Backend::Sat, &Request::unique()).map_err(|e| Failure(e.to_string()))?;
        if outcome.unique() != Some(true) {
            return Err(Failure(
                "the sat pipeline does not confirm uniqueness (a bug)".to_string(),
            ));
        }
        print(b, &made.puzzle);
        Ok(())
    })
    .map_err(|Failure(e)| e)
}

fn run(class: &str, b: usize, count: u64, seed: u64) -> Result<(), String> {
    let mut rng = SplitMix64::new(seed);
    match class {
        "unique" => return unique(b, count, seed, false),
        "minimal" => return unique(b, count, seed, true),
        "blank" | "pattern" => {}
        _ => {
            return Err(format!(
                "the class is blank, unique, minimal or pattern, not `{class}`"
            ));
        }
    }
    for _ in 0..count {
        let grid = if class == "blank" {
            random_grid(b, &mut rng).map_err(|e| e.to_string())?
        } else {
            pattern_grid(b, &mut rng)
        };
        print(b, &blank(grid, &mut rng));
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [class, b, count, seed] => match (b.parse::<usize>(), count.parse(), seed.parse()) {
            (Ok(b), Ok(count), Ok(seed)) if (2..=6).contains(&b) => {
                Some((class.as_str(), b, count, seed))
            }
            _ => None,
        },
        _ => None,
    };
    let Some((class, b, count, seed)) = parsed else {
        eprintln!("usage: sudoku_classes blank|unique|minimal|pattern BOX(2..6) COUNT SEED");
        return ExitCode::FAILURE;
    };
    println!("# sudoku_classes {class} {b} {count} {seed}");
    match run(class, b, count, seed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku_classes: {e}");
            ExitCode::FAILURE
        }
    }
}
