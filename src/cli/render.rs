//! `satcover render`: pictures of puzzles and their solutions.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;

use satcover::analyze::Options;
use satcover::facade::AnyPuzzle;
use satcover::input;
use satcover::puzzle::{Backend, Kind, Request, Status};
use satcover::puzzles::sudoku;
use satcover::render::{self, Picture};

use super::EXIT_OK;
use super::EXIT_UNSOLVABLE;

#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The puzzle file (its first puzzle is drawn; `-` for standard input).
    pub file: String,
    /// Write an SVG picture here.
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Write a PNG picture here.
    #[arg(long, value_name = "OUT")]
    pub png: Option<PathBuf>,
    /// Draw the puzzle as given, without solving it.
    #[arg(long, conflicts_with = "marginals")]
    pub unsolved: bool,
    /// Sudoku only: draw the puzzle with pencil marks, each empty cell's candidates after
    /// naked and hidden singles (a larger --cell, such as 60, reads best).
    #[arg(long, conflicts_with_all = ["marginals", "unsolved", "backend"])]
    pub candidates: bool,
    /// Draw the exact probability picture (`analyze --marginals`, up to --limit
    /// solutions): nonogram cells in the grey of P(not background), other cells their most
    /// likely value on the grey of its probability, alphametic letters a table of letter
    /// by digit, each entry in the grey of its probability; a legend below.
    #[arg(long)]
    pub marginals: bool,
    /// With --marginals: enumerate at most N solutions.
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "marginals",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// How to solve [default: as for `solve`].
    #[arg(long, value_enum, conflicts_with_all = ["marginals", "unsolved"])]
    pub backend: Option<Backend>,
    /// Pixels per cell side.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u16).range(4..=200))]
    pub cell: u16,
}

pub fn run(args: &RenderArgs) -> Result<u8> {
    if args.svg.is_none() && args.png.is_none() {
        bail!("say where to draw: --svg OUT and/or --png OUT");
    }
    let text = input::read_source(&args.file)?;
    let entries = super::load(&args.file, &text, args.kind);
    let Some(entry) = entries.into_iter().next() else {
        bail!("{}: no puzzle found", input::display_name(&args.file));
    };
    let puzzle = entry.puzzle?;
    let picture = if args.candidates {
        candidates_picture(&entry.label, puzzle.kind(), &text)?
    } else if args.marginals {
        match marginal_picture(&entry.label, puzzle.as_ref(), args.limit)? {
            Some(picture) => picture,
            None => return Ok(EXIT_UNSOLVABLE),
        }
    } else if args.unsolved {
        puzzle.picture_unsolved()
    } else {
        match puzzle
            .picture_solved(
                args.backend
                    .unwrap_or_else(|| puzzle.kind().default_backend()),
                &Request::first(),
            )
            .with_context(|| entry.label.clone())?
        {
            Some(picture) => picture,
            None => {
                eprintln!("{}: unsolvable; nothing drawn", entry.label);
                return Ok(EXIT_UNSOLVABLE);
            }
        }
    };
    let cell = usize::from(args.cell);
    if args.png.is_some() {
        // Before anything is written: no SVG without the PNG asked beside it.
        check_png_size(&picture, cell).with_context(|| entry.label.clone())?;
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, render::to_svg(&picture, cell))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &args.png {
        let bytes = render::to_png(&picture, cell)?;
        std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(EXIT_OK)
}

/// The sudoku's picture with pencil marks; refused for other kinds and when the givens
/// contradict each other.
fn candidates_picture(label: &str, kind: Kind, text: &str) -> Result<Picture> {
    if kind != Kind::SUDOKU {
        bail!(
            "{label}: --candidates draws sudoku pencil marks, and this is a {kind} puzzle; \
             use --unsolved for the puzzle as given or --marginals for the probabilities"
        );
    }
    let Some(Ok((_, puzzle))) = sudoku::parse(text).into_iter().next() else {
        bail!("{label}: not a sudoku grid that --candidates can read");
    };
    puzzle.candidates_picture().ok_or_else(|| {
        anyhow!("{label}: the givens contradict each other (singles leave a cell or a digit no place); nothing drawn")
    })
}

/// The most pixels a PNG may have: its RGB buffer is built in memory (3 bytes a pixel), so
/// this bounds the memory `render` takes (about 150 MB) whatever the puzzle's size.
const MAX_PNG_PIXELS: usize = 50_000_000;

/// Refuses a PNG over [`MAX_PNG_PIXELS`], naming the largest `--cell` that fits (the SVG,
/// text that grows with the cells only, has no such limit).
pub(super) fn check_png_size(picture: &Picture, cell: usize) -> Result<()> {
    let side = |cells: usize, cell: usize| cells.saturating_mul(cell).saturating_add(4);
    let (cols, rows) = picture.extent();
    let pixels = |cell: usize| side(cols, cell).saturating_mul(side(rows, cell));
    if pixels(cell) <= MAX_PNG_PIXELS {
        return Ok(());
    }
    let fits = (4..cell).rev().find(|&c| pixels(c) <= MAX_PNG_PIXELS);
    let hint = match fits {
        Some(c) => format!("use --cell {c} or less, or --svg"),
        None => "use --svg".to_string(),
    };
    bail!(
        "a {}x{} grid at {cell} pixels a cell is a PNG of {}x{} pixels, more than {MAX_PNG_PIXELS}: {hint}",
        picture.width,
        picture.height,
        side(cols, cell),
        side(rows, cell)
    )
}

/// The probability picture of `puzzle` from `analyze --marginals`; `None` (said on
/// stderr) when there is no solution. An unfinished enumeration is said on stderr: the
/// picture is then of the solutions counted only.
fn marginal_picture(label: &str, puzzle: &dyn AnyPuzzle, limit: u64) -> Result<Option<Picture>> {
    let options = Options {
        limit,
        marginals: true,
        ..Options::default()
    };
    let analysis = puzzle
        .analyze(&options)
        .map_err(|e| anyhow!("{label}: {e}"))?;
    match analysis.status {
        Status::Solved => {}
        Status::Unsolvable => {
            eprintln!("{label}: unsolvable; nothing drawn");
            return Ok(None);
        }
        Status::Unknown => bail!("{label}: unknown (timed out); nothing drawn"),
    }
    let Some(picture) = analysis.marginal_picture else {
        bail!(
            "{label}: no probability picture for this {} puzzle (its cells are not a grid)",
            analysis.kind
        );
    };
    if !analysis.complete {
        eprintln!(
            "{label}: incomplete (--limit reached): the picture is of the {} solutions \
             counted, not of all solutions",
            analysis.solutions_counted
        );
    }
    Ok(Some(picture))
}
