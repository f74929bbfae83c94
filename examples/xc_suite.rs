//! The exact-cover benchmark suite (`satcover::dlx::suite`) as files in Knuth's
//! format, and an in-process timer for them. Measurements: `docs/dlx.md`.
//!
//! ```text
//! cargo run --release --example xc_suite -- write DIR [SUDOKU_FILE COUNT SEED]
//! cargo run --release --example xc_suite -- count FILE...
//! cargo run --release --example xc_suite -- cells FILE...
//! ```
//!
//! - `write`: one `NAME.xc` per suite problem into DIR, and `DIR/counts.txt`
//!   with each file's known count. With a sudoku collection (one puzzle per
//!   line), also COUNT puzzles drawn from it at random (SplitMix64 from SEED,
//!   without repetition, kept in file order) as `sudoku_LINE.xc`: the exact
//!   covers `satcover export --to xc --index LINE` writes for them.
//! - `count`: reads each file, counts all its exact covers with the library's
//!   engine and prints the count, DLX1's nodes and updates, and the search's
//!   CPU time (reading and building excluded; the process's CPU clock, which
//!   a loaded machine disturbs far less than the wall clock).
//! - `cells`: the same with the dancing-cells engine (`satcover::dlx::cells`,
//!   SSXCC's search and counters).

use satcover::dlx::{DlxOutcome, Matrix, Search, cells, count, parse_xc, suite, write_xc};
use satcover::puzzles::sudoku::{self, cover};
use satcover::rng::SplitMix64;
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("write") if args.len() == 2 || args.len() == 5 => write(&args[1..]),
        Some("count") if args.len() > 1 => count_files(&args[1..], count),
        Some("cells") if args.len() > 1 => count_files(&args[1..], cells::count),
        _ => Err(
            "usage: xc_suite write DIR [SUDOKU_FILE COUNT SEED] | count FILE... | cells FILE..."
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xc_suite: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write(args: &[String]) -> Result<(), String> {
    let dir = Path::new(&args[0]);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut counts = String::new();
    let mut put = |name: &str, text: &str, known: u64| -> Result<(), String> {
        let path = dir.join(format!("{name}.xc"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        counts.push_str(&format!("{name} {known}\n"));
        Ok(())
    };
    for p in suite::problems() {
        put(p.name, &write_xc(&(p.build)()), p.count)?;
    }
    if let [_, file, how_many, seed] = args {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let how_many: usize = how_many.parse().map_err(|e| format!("COUNT: {e}"))?;
        let seed: u64 = seed.parse().map_err(|e| format!("SEED: {e}"))?;
        let puzzles = sudoku::parse(&text);
        let mut lines: Vec<usize> = (0..puzzles.len()).collect();
        SplitMix64::new(seed).shuffle(&mut lines);
        lines.truncate(how_many);
        lines.sort_unstable();
        for at in lines {
            let puzzle = match &puzzles[at] {
                Ok((_, p)) => p,
                Err(e) => return Err(format!("{file}: puzzle {}: {e}", at + 1)),
            };
            let matrix = cover::encode_with(puzzle, true).matrix;
            // Each puzzle of these collections has exactly one solution.
            put(&format!("sudoku_{}", at + 1), &write_xc(&matrix), 1)?;
        }
    }
    std::fs::write(dir.join("counts.txt"), counts).map_err(|e| e.to_string())
}

fn count_files(files: &[String], count: fn(&Matrix, &Search) -> DlxOutcome) -> Result<(), String> {
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let matrix = parse_xc(&text).map_err(|e| format!("{file}: {e}"))?;
        let start = cpu_seconds();
        let out = count(&matrix, &Search::default());
        let secs = cpu_seconds() - start;
        println!(
            "{file}: {} solutions, {} nodes, {} updates, {} cleansings, {secs:.6} s",
            out.count, out.stats.nodes, out.stats.updates, out.stats.cleansings
        );
    }
    Ok(())
}

/// The process's CPU time so far.
fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID)");
    t.tv_sec as f64 + 1e-9 * t.tv_nsec as f64
}
