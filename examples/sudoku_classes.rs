//! The sudoku classes that make engines show their tails, made reproducibly from a seed.
//!
//! ```text
//! cargo run --release --example sudoku_classes -- CLASS BOX COUNT SEED > puzzles.txt
//! ```
//!
//! - `blank`: a random solved grid with 40–60% of its cells blanked at random (usually many
//!   solutions: the task is a first solution);
//! - `unique`: a random solved grid from which clues are removed, in random order, while
//!   SAT still says the puzzle has exactly one solution (so the result is minimal: no
//!   remaining clue can go). Each check is one SAT call: the clues and "some cell differs
//!   from the solved grid" must be unsatisfiable. The finished puzzle is checked once more
//!   through the ordinary `sat` pipeline (`--unique`).
//!
//! BOX is the box side (4, 5, 6 for 16×16, 25×25, 36×36). A random solved grid is a pattern
//! grid shuffled by the moves that keep a grid valid: relabel the digits, permute the rows
//! within each band, the bands, the columns within each stack, the stacks. Output: grids of
//! whitespace-separated numbers (`.` empty), one blank line apart, as `satcover solve` reads.

use std::process::ExitCode;

use std::collections::HashMap;

use satcover::cnf::Var;
use satcover::puzzle::{Backend, Request, solve};
use satcover::puzzles::sudoku::Sudoku;
use satcover::puzzles::sudoku::cnf::{Givens, encode_with};
use satcover::sat::{SatBackend, SatVerdict, solve_once};
use satcover::stop::Stop;

/// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014):
/// small, seedable, good enough to shuffle.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A random permutation of `0..n`.
    fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }

    /// Lines of the grid in a random order that keeps bands (or stacks) together.
    fn lines(&mut self, b: usize) -> Vec<usize> {
        let bands = self.permutation(b);
        bands
            .iter()
            .flat_map(|&band| {
                let within = self.permutation(b);
                within.into_iter().map(move |i| band * b + i)
            })
            .collect()
    }
}

/// A random solved grid of box side `b`, row-major, digits 1..=n.
fn solved_grid(b: usize, rng: &mut Rng) -> Vec<u8> {
    let n = b * b;
    // The pattern grid: row r is row 0 shifted by b·(r mod b) + r div b.
    let pattern = |r: usize, c: usize| (b * (r % b) + r / b + c) % n;
    let digits = rng.permutation(n);
    let rows = rng.lines(b);
    let cols = rng.lines(b);
    let mut grid = Vec::with_capacity(n * n);
    for &r in &rows {
        for &c in &cols {
            grid.push(digits[pattern(r, c)] as u8 + 1);
        }
    }
    grid
}

fn blanked(b: usize, rng: &mut Rng) -> Vec<u8> {
    let mut grid = solved_grid(b, rng);
    let cells = grid.len();
    let blanks = cells * (40 + rng.below(21)) / 100;
    let order = rng.permutation(cells);
    for &cell in &order[..blanks] {
        grid[cell] = 0;
    }
    grid
}

/// Whether `grid`'s clues admit no solution but `solved`: the clues' formula (the library's
/// simplified encoding, variables found by their DIMACS names) plus one clause saying some
/// empty cell differs from `solved` must be unsatisfiable.
fn only_solution(b: usize, grid: &[u8], solved: &[u8]) -> Result<bool, String> {
    let n = b * b;
    let puzzle = Sudoku::new(b, grid.to_vec()).map_err(|e| e.message)?;
    let mut encoding = encode_with(&puzzle, Givens::Simplified, true);
    let cnf = &mut encoding.cnf;
    let by_name: HashMap<String, Var> = (0..cnf.num_vars())
        .map(Var::from_index)
        .filter_map(|v| cnf.var_name(v).map(|name| (name.to_string(), v)))
        .collect();
    let mut differs = Vec::new();
    for cell in (0..n * n).filter(|&c| grid[c] == 0) {
        let name = format!("x[r{},c{}]={}", cell / n + 1, cell % n + 1, solved[cell]);
        match by_name.get(&name) {
            Some(v) => differs.push(v.negative()),
            // The clues rule out the solved grid's digit: a bug in the caller.
            None => return Err(format!("the clues exclude {name}")),
        }
    }
    cnf.add_clause(&differs);
    match solve_once(cnf, &SatBackend::Varisat, &Stop::never()).map_err(|e| e.to_string())? {
        (SatVerdict::Unsat, _) => Ok(true),
        (SatVerdict::Sat(_), _) => Ok(false),
        (SatVerdict::Unknown, _) => Err("varisat gave up without a deadline".into()),
    }
}

fn unique(b: usize, rng: &mut Rng) -> Result<Vec<u8>, String> {
    let n = b * b;
    let solved = solved_grid(b, rng);
    let mut grid = solved.clone();
    let order = rng.permutation(n * n);
    // While most clues remain, removals nearly always keep the solution unique: try them
    // four at a time, and one at a time where a group fails.
    let mut i = 0;
    while i < order.len() {
        let group = if i < n * n / 2 { 4 } else { 1 };
        let cells = &order[i..(i + group).min(order.len())];
        cells.iter().for_each(|&c| grid[c] = 0);
        if !only_solution(b, &grid, &solved)? {
            cells.iter().for_each(|&c| grid[c] = solved[c]);
            if cells.len() > 1 {
                for &c in cells {
                    grid[c] = 0;
                    if !only_solution(b, &grid, &solved)? {
                        grid[c] = solved[c];
                    }
                }
            }
        }
        i += group;
    }
    let puzzle = Sudoku::new(b, grid.clone()).map_err(|e| e.message)?;
    let outcome = solve(&puzzle, Backend::Sat, &Request::unique()).map_err(|e| e.to_string())?;
    if outcome.unique() != Some(true) {
        return Err("the sat pipeline does not confirm uniqueness (a bug)".into());
    }
    Ok(grid)
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [class, b, count, seed] => match (b.parse::<usize>(), count.parse(), seed.parse()) {
            (Ok(b), Ok(count), Ok(seed)) if (2..=8).contains(&b) => {
                Some((class.as_str(), b, count, seed))
            }
            _ => None,
        },
        _ => None,
    };
    let Some((class, b, count, seed)) = parsed else {
        eprintln!("usage: sudoku_classes blank|unique BOX(2..8) COUNT SEED");
        return ExitCode::FAILURE;
    };
    let mut rng = Rng(seed);
    println!("# sudoku_classes {class} {b} {count} {seed}");
    for _ in 0..count {
        let grid = match class {
            "blank" => blanked(b, &mut rng),
            "unique" => match unique(b, &mut rng) {
                Ok(grid) => grid,
                Err(e) => {
                    eprintln!("sudoku_classes: {e}");
                    return ExitCode::FAILURE;
                }
            },
            _ => {
                eprintln!("sudoku_classes: the class is `blank` or `unique`, not `{class}`");
                return ExitCode::FAILURE;
            }
        };
        print(b, &grid);
    }
    ExitCode::SUCCESS
}
