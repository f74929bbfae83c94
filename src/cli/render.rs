//! `satcover render`: pictures of puzzles and their solutions.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use satcover::input;
use satcover::puzzle::{Backend, Kind, Request};
use satcover::render;

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
    #[arg(long)]
    pub unsolved: bool,
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// How to solve [default: as for `solve`].
    #[arg(long, value_enum)]
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
    let entries = input::load(&args.file, &text, args.kind);
    let Some(entry) = entries.into_iter().next() else {
        bail!("{}: no puzzle found", input::display_name(&args.file));
    };
    let puzzle = entry.puzzle?;
    let picture = if args.unsolved {
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
                eprintln!("{}: no solution; nothing drawn", entry.label);
                return Ok(EXIT_UNSOLVABLE);
            }
        }
    };
    let cell = usize::from(args.cell);
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
