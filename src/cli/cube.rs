//! `satcover cube`: one puzzle split into N cubes by its kind's lookahead, written as iCNF
//! and as one puzzle file per cube; and the cube K of N that `solve --cube` and
//! `bench --cube` answer (see `src/cube/` and `docs/cube.md`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::{Value, json};

use satcover::bench::Shard;
use satcover::facade::AnyPuzzle;
use satcover::input::{self, Entry};
use satcover::puzzle::Kind;
use satcover::stop::Stop;

use super::EXIT_OK;

#[derive(Args, Debug)]
pub struct CubeArgs {
    /// The puzzle file (`-` for standard input); it must hold one puzzle.
    pub file: String,
    /// How many cubes (at most; fewer when propagation decides the rest).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub cubes: usize,
    /// Write DIR/cubes.icnf and DIR/cube-K.EXT (the puzzle with cube K's cells as givens)
    /// instead of printing the iCNF.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// The puzzle kind, when detection from extension and content is not wanted.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    #[command(flatten)]
    pub encode: super::EncodeArgs,
}

/// `--cubes N`: at least 1.
pub fn parse_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("the number of cubes must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a number of cubes")),
    }
}

/// `--cube K/N`, 1 <= K <= N.
pub fn parse_cube(text: &str) -> Result<Shard, String> {
    text.parse::<Shard>()
        .map_err(|_| format!("'{text}' is not a cube: write K/N with 1 <= K <= N, e.g. 3/16"))
}

/// The one puzzle of `file`, or the error saying why there is not exactly one.
fn one_puzzle(file: &str, kind: Option<Kind>) -> Result<Box<dyn AnyPuzzle>> {
    let text = input::read_source(file)?;
    let mut entries = super::load(file, &text, kind);
    if entries.len() != 1 {
        bail!(
            "cube splits one puzzle: {} holds {}",
            input::display_name(file),
            entries.len()
        );
    }
    Ok(entries.remove(0).puzzle?)
}

/// Refuses a puzzle whose kind has no lookahead, naming the kinds that have one.
fn check_splits(puzzle: &dyn AnyPuzzle) -> Result<()> {
    if !puzzle.splits() {
        let splitting = satcover::registry::kinds_with(|p| p.splits());
        bail!(
            "{} puzzles cannot be split into cubes: {} puzzles can",
            puzzle.kind(),
            satcover::registry::kind_list(&splitting)
        );
    }
    Ok(())
}

pub fn run(args: &CubeArgs) -> Result<u8> {
    let puzzle = one_puzzle(&args.file, args.kind)?;
    check_splits(puzzle.as_ref())?;
    args.encode.check_puzzle(puzzle.as_ref(), &args.file)?;
    let options = args.encode.options();
    let cubes = puzzle.split_cubes(args.cubes, &Stop::never())?;
    let icnf = puzzle.cube_icnf(&cubes, &options)?;
    let made = cubes.cubes.len();
    let summary = format!(
        "{}: {made} cubes of {} asked ({} empty), {} lookaheads, split in {:.3} s",
        input::display_name(&args.file),
        args.cubes,
        args.cubes - made,
        cubes.lookaheads,
        cubes.time.as_secs_f64()
    );
    let Some(dir) = &args.output else {
        let mut out = std::io::stdout().lock();
        out.write_all(icnf.as_bytes())?;
        out.flush()?;
        eprintln!("satcover: {summary}");
        return Ok(EXIT_OK);
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let write = |name: String, text: &str| -> Result<()> {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
    };
    write("cubes.icnf".to_string(), &icnf)?;
    let width = args.cubes.to_string().len();
    for k in 1..=made {
        let cube = cubes.cube(k).unwrap_or_default();
        let (extension, text) = puzzle.cube_file(cube)?;
        write(format!("cube-{k:0width$}.{extension}"), &text)?;
    }
    println!(
        "{summary}; wrote {} (cubes.icnf and {made} puzzle files)",
        dir.display()
    );
    Ok(EXIT_OK)
}

/// Cube K of N of one puzzle, as `solve --cube` and `bench --cube` answer it.
pub struct CubeOf {
    /// The cube's puzzle, or `None` for an empty cube.
    pub puzzle: Option<Box<dyn AnyPuzzle>>,
    /// Fields its JSON answer carries, for `merge`.
    pub fields: Vec<(&'static str, Value)>,
    /// How many cubes the split made (cubes beyond are empty).
    pub made: usize,
}

/// Cube `part` of `puzzle`: the split rebuilt (deterministic), or read from `cube_file`
/// (the iCNF `satcover cube` wrote, checked against the puzzle).
pub fn cube_of(
    puzzle: &dyn AnyPuzzle,
    part: Shard,
    cube_file: Option<&str>,
    options: &satcover::puzzle::EncodeOptions,
) -> Result<CubeOf> {
    check_splits(puzzle)?;
    let cubes = match cube_file {
        Some(file) => {
            let text = input::read_source(file)?;
            let cubes = puzzle
                .read_cubes(&text, options)
                .with_context(|| input::display_name(file))?;
            if cubes.requested != part.count {
                bail!(
                    "{} holds {} cubes, not {}: give --cube K/{}",
                    input::display_name(file),
                    cubes.requested,
                    part.count,
                    cubes.requested
                );
            }
            cubes
        }
        None => puzzle.split_cubes(part.count, &Stop::never())?,
    };
    Ok(CubeOf {
        puzzle: puzzle.cube_puzzle(&cubes, part.index)?,
        fields: vec![
            ("cube", json!(part.to_string())),
            ("fingerprint", json!(puzzle.fingerprint()?)),
        ],
        made: cubes.cubes.len(),
    })
}

/// One entry of a file as `--cube K/N` answers it.
pub enum CubeEntry {
    /// The cube's puzzle under the entry's label, and the fields its JSON answer carries.
    Cube(Entry, Vec<(&'static str, Value)>),
    /// An empty cube: unsolvable without search.
    Empty {
        /// The entry's label.
        label: String,
        /// The puzzle's kind.
        kind: Kind,
        /// The fields its JSON answer carries.
        fields: Vec<(&'static str, Value)>,
        /// Why it is empty.
        reason: String,
    },
    /// An entry that could not be read: its error as it was.
    Unreadable(Entry),
}

/// Each of `entries` replaced by its cube `part` (see [`cube_of`]).
pub fn cube_entries(
    entries: Vec<Entry>,
    part: Shard,
    cube_file: Option<&str>,
    options: &satcover::puzzle::EncodeOptions,
) -> Result<Vec<CubeEntry>> {
    entries
        .into_iter()
        .map(|entry| {
            let puzzle = match &entry.puzzle {
                Ok(puzzle) => puzzle,
                Err(_) => return Ok(CubeEntry::Unreadable(entry)),
            };
            let cube = cube_of(puzzle.as_ref(), part, cube_file, options)?;
            Ok(match cube.puzzle {
                Some(p) => CubeEntry::Cube(
                    Entry {
                        label: entry.label,
                        puzzle: Ok(p),
                    },
                    cube.fields,
                ),
                None => CubeEntry::Empty {
                    kind: puzzle.kind(),
                    label: entry.label,
                    fields: cube.fields,
                    reason: format!(
                        "cube {part} is empty: the split made {} cubes, propagation decided the rest",
                        cube.made
                    ),
                },
            })
        })
        .collect()
}
