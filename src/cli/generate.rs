//! `satcover generate`: puzzles with exactly one solution.

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};

use satcover::generate::nonogram;
use satcover::generate::sudoku::{self, Checker, SudokuSpec};
use satcover::pipeline::solve;
use satcover::puzzle::{Backend, Request};

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
    /// A nonogram from a picture (`#`/`.` text, a .non with a goal, or a PNG): its clues,
    /// and the givens that make its solution unique.
    Nonogram(NonogramArgs),
}

#[derive(Args, Debug)]
pub struct NonogramArgs {
    /// The picture: text (`#` black, `.` white), `.non` with `goal`, or `.png`.
    #[arg(long, value_name = "PICTURE")]
    pub from: String,
    /// Write the `.non` here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<std::path::PathBuf>,
    /// Read the picture's colours as a palette (colour nonograms).
    #[arg(long)]
    pub colour: bool,
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
        What::Nonogram(a) => nonogram_run(a),
    }
}

fn nonogram_run(args: &NonogramArgs) -> Result<u8> {
    let start = Instant::now();
    let name = satcover::input::display_name(&args.from);
    let bytes = if args.from == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)?;
        bytes
    } else {
        std::fs::read(&args.from).map_err(|e| anyhow::anyhow!("{name}: cannot read: {e}"))?
    };
    let picture =
        nonogram::read_picture(&args.from, &bytes, args.colour).map_err(anyhow::Error::msg)?;
    let goal = &picture.grid;
    let made = nonogram::from_picture(&picture).with_context(|| name.clone())?;
    // The pipeline proves the result unique once more, with the native solver.
    let outcome = solve(&made.puzzle, Backend::Native, &Request::unique())?;
    if outcome.unique() != Some(true) || outcome.solutions.first() != Some(goal) {
        bail!("{name}: the generated puzzle is not unique (a bug)");
    }
    let title = format!("from {name}");
    let text = nonogram::to_non(&made.puzzle, &title);
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => {
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    let givens = made.puzzle.num_givens();
    let verdict = if givens == 0 {
        "the clues alone have exactly one solution; no givens needed".to_string()
    } else {
        format!(
            "the clues alone have several solutions; {givens} given{} it unique",
            if givens == 1 { " makes" } else { "s make" }
        )
    };
    eprintln!(
        "{name}: {}x{}: {verdict} ({} uniqueness check{}, {:.3} s)",
        goal.width,
        goal.height,
        made.checks,
        if made.checks == 1 { "" } else { "s" },
        start.elapsed().as_secs_f64()
    );
    Ok(EXIT_OK)
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
    let (mut clues, mut checks, mut handed_on) = (0usize, 0u64, 0u64);
    let large = args.size > 9;
    sudoku::generate(spec, args.count, args.seed, |g| -> Result<()> {
        clues += g.puzzle.iter().filter(|&&d| d != 0).count();
        checks += g.checks;
        handed_on += g.handed_on;
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
            "{} puzzles {}x{} in {secs:.3} s: {:.1} puzzles/s, {:.1} clues and {:.0} uniqueness checks per puzzle, {:.1} of them left to the {} checker",
            args.count,
            args.size,
            args.size,
            args.count as f64 / secs,
            clues as f64 / args.count as f64,
            checks as f64 / args.count as f64,
            handed_on as f64 / args.count as f64,
            match args.checker.resolve(box_side) {
                Checker::Sat => "sat",
                _ => "native",
            }
        );
    }
    Ok(EXIT_OK)
}
