//! `satcover export`: a puzzle as DIMACS CNF, as an exact-cover file in Knuth's format, or in
//! the forms people exchange: a Tatham game ID or a puzz.link URL.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};

use satcover::input::{self, Entry};
use satcover::puzzle::{Kind, Notation, SolveError};

use super::EXIT_OK;

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The puzzle file (`-` for standard input).
    pub file: String,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: ExportFormat,
    /// Write here instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Which puzzle of a collection (1-based, in file order).
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    #[command(flatten)]
    pub encode: super::EncodeArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// DIMACS CNF, with the clause families and a `c var N name` map in comments.
    Dimacs,
    /// Knuth's exact-cover format, as read by his DLX1/DLX2 and by `satcover solve`.
    Xc,
    /// Simon Tatham's game ID (`PARAMS:DESCRIPTION`), as his programs read it.
    Tatham,
    /// A puzz.link URL (`https://puzz.link/p?KIND/W/H/BODY`).
    Url,
}

impl ExportFormat {
    /// The written form this format is, if it is one.
    fn notation(self) -> Option<Notation> {
        match self {
            ExportFormat::Tatham => Some(Notation::Tatham),
            ExportFormat::Url => Some(Notation::Url),
            ExportFormat::Dimacs | ExportFormat::Xc => None,
        }
    }
}

/// The one puzzle of `file` a command works on: the only one, or the `index`-th.
pub fn pick_entry(file: &str, kind: Option<Kind>, index: Option<usize>) -> Result<Entry> {
    let text = input::read_source(file)?;
    let mut entries = super::load(file, &text, kind);
    let name = input::display_name(file);
    let position = match (index, entries.len()) {
        (_, 0) => bail!("{name}: no puzzle found"),
        (None, 1) => 0,
        (None, n) => bail!("{name} holds {n} puzzles; choose one with --index N (1..{n})"),
        (Some(i), n) if i == 0 || i > n => {
            bail!("--index {i} is out of range: {name} holds {n} puzzles")
        }
        (Some(i), _) => i - 1,
    };
    Ok(entries.swap_remove(position))
}

pub fn run(args: &ExportArgs) -> Result<u8> {
    let entry = pick_entry(&args.file, args.kind, args.index)?;
    let puzzle = entry.puzzle?;
    if let (ExportFormat::Xc | ExportFormat::Tatham | ExportFormat::Url, Some(flag)) =
        (args.to, args.encode.given())
    {
        bail!("{flag} applies to export --to dimacs: the other formats have no choices");
    }
    args.encode.check_puzzle(puzzle.as_ref(), &args.file)?;
    let text = match args.to {
        ExportFormat::Dimacs => {
            let mut comments = vec![
                format!("satcover {} export", env!("CARGO_PKG_VERSION")),
                format!("puzzle {}", entry.label),
                format!("kind {}", puzzle.kind()),
            ];
            // Decoding rebuilds this formula: the choices that shape it must be repeated.
            let mut decode = "satcover decode FILE --model ANSWER".to_string();
            if let Some(choices) = args.encode.describe(puzzle.cnf_choices()) {
                if choices.is_empty() {
                    comments.push("encoding default".into());
                } else {
                    comments.push(format!("encoding {choices}"));
                    decode = format!("{decode} {choices}");
                }
            }
            comments.push(format!("decode a solver's answer with: {decode}"));
            puzzle
                .export_dimacs(&comments, &args.encode.options())
                .with_context(|| entry.label.clone())?
        }
        ExportFormat::Xc => match puzzle.export_xc() {
            // The solver's hint names `--backend`, which export does not take.
            Err(SolveError::Unsupported { kind, .. }) => bail!(
                "{}: {kind} puzzles have no exact-cover encoding; \
                 export --to dimacs writes this one as CNF",
                entry.label
            ),
            xc => xc.with_context(|| entry.label.clone())?,
        },
        ExportFormat::Tatham | ExportFormat::Url => {
            let form = args.to.notation().expect("a written form");
            let kind = puzzle.kind();
            match puzzle.notate(form) {
                Some(line) => format!("{line}\n"),
                None if puzzle.notations().contains(&form) => bail!(
                    "{}: this {kind} has no form as {} (its size or variant is not one the \
                     form holds)",
                    entry.label,
                    form.about()
                ),
                None => {
                    let others: Vec<&str> = puzzle.notations().iter().map(|n| n.name()).collect();
                    let hint = if others.is_empty() {
                        String::new()
                    } else {
                        format!("; export --to {} writes it", others.join("|"))
                    };
                    bail!(
                        "{}: {kind} puzzles are not written as {}{hint}",
                        entry.label,
                        form.about()
                    )
                }
            }
        }
    };
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(EXIT_OK)
}
