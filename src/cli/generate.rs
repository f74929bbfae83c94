//! `satcover generate`: puzzles with exactly one solution.

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};

use satcover::generate::sudoku::{self, Checker, SudokuSpec};

use super::EXIT_OK;

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(subcommand)]
    pub what: What,
}

#[derive(Subcommand, Debug)]
pub enum What {
    /// Random sudoku puzzles with exactly one solution, in the collection format.
    Sudoku(SudokuArgs),
}

#[derive(Args, Debug)]
pub struct SudokuArgs {
    /// The grid side: 4, 9, 16, 25 or 36.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// The random seed: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Remove clues until none can go (every clue is needed for uniqueness).
    #[arg(long)]
    pub minimal: bool,
    /// Keep the clues symmetric under a 180° turn.
    #[arg(long)]
    pub symmetric: bool,
    /// The engine that proves uniqueness [auto: native up to 9×9, sat beyond].
    #[arg(long, value_enum, default_value_t = Checker::Auto)]
    pub checker: Checker,
    /// Report time and rate on standard error.
    #[arg(long)]
    pub stats: bool,
}

pub fn run(args: &GenerateArgs) -> Result<u8> {
    match &args.what {
        What::Sudoku(a) => sudoku_run(a),
    }
}

fn sudoku_run(args: &SudokuArgs) -> Result<u8> {
    let Some(box_side) = (2..=6).find(|b| b * b == args.size) else {
        bail!("--size {}: a sudoku side is 4, 9, 16, 25 or 36", args.size);
    };
    if args.count == 0 {
        bail!("--count 0: ask for at least one puzzle");
    }
    let spec = SudokuSpec {
        box_side,
        minimal: args.minimal,
        symmetric: args.symmetric,
        checker: args.checker,
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let start = Instant::now();
    let (mut clues, mut checks) = (0usize, 0u64);
    let large = args.size > 9;
    sudoku::generate(spec, args.count, args.seed, |g| -> Result<()> {
        clues += g.puzzle.iter().filter(|&&d| d != 0).count();
        checks += g.checks;
        writeln!(out, "{}", sudoku::puzzle_text(box_side, &g.puzzle))?;
        if large {
            // Drawn grids are separated by blank lines.
            writeln!(out)?;
        }
        Ok(())
    })?;
    out.flush()?;
    if args.stats {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "{} puzzles {}x{} in {secs:.3} s: {:.1} puzzles/s, {:.1} clues and {:.0} uniqueness checks per puzzle ({} checker)",
            args.count,
            args.size,
            args.size,
            args.count as f64 / secs,
            clues as f64 / args.count as f64,
            checks as f64 / args.count as f64,
            match args.checker.resolve(box_side) {
                Checker::Sat => "sat",
                _ => "native",
            }
        );
    }
    Ok(EXIT_OK)
}
