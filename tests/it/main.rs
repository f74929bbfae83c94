//! The integration tests, one test binary: each file here is a module, and a test's name
//! is `file::test` (`cargo test --release --test it nonogram::` runs one file's tests).
//! Cargo builds one binary for the folder, where a file of its own under `tests/` is a
//! binary of its own, each linking the whole library.
//!
//! The tests of one binary run as threads of one process, so a test that depends on the
//! process as a whole is a file of its own under `tests/` instead:
//! - `resource_limits.rs`: installs a counting global allocator;
//! - `peak_memory.rs`: the largest resident set of the process's children (`getrusage`);
//! - `portfolio_cpu.rs`: the process's own CPU time (`/proc/self/stat`);
//! - `serve_targets.rs`, `serve_queue.rs` (its load test) and `explain_rated.rs`:
//!   measurements of time, run by hand with `--test NAME -- --ignored` (`docs/serve.md`,
//!   `docs/explain.md`), alone in their process.
//!
//! Proptest keeps a module's failing cases in `tests/proptest-regressions/FILE.txt`
//! (beside the folder holding this `main.rs`, the default `SourceParallel` persistence).

mod common;
mod genres;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod alphametic;
mod bench_unique;
mod bridges;
mod cli;
mod cli_engines;
mod cli_explain;
mod cli_generate;
mod cli_kinds;
mod cnf_sat;
mod collection9;
mod compare;
mod cube;
mod detect;
mod differential;
mod dlx_engine;
mod dlx_suite;
mod dominosa;
mod explain;
mod explain_nonogram;
mod external_fake;
mod fillomino;
mod fuzz_regressions;
mod galaxies;
mod heyawake;
mod json_schemas;
mod kakuro;
mod keen;
mod kinds_agreement;
mod lightup;
mod lits;
mod magnets;
mod map;
mod marginals_render;
mod mosaic;
mod newcomer;
mod no_panic;
mod nonogram;
mod nonogram_cnf;
mod nonogram_learn;
mod norinori;
mod notation;
mod nurikabe;
mod packing;
mod palisade;
mod pearl;
mod portfolio;
mod proof_checker;
mod proofs;
mod qa8_user_errors;
mod range;
mod readme;
mod render_pictures;
mod serve;
mod setters;
mod shard;
mod shikaku;
mod signpost;
mod singles;
mod slant;
mod slitherlink;
mod solo;
mod starbattle;
mod stop;
mod streaming;
mod sudoku;
mod sudoku_learn;
mod sudoku_native;
mod sudoku_simd;
mod tents;
mod towers;
mod tracks;
mod unequal;
mod unruly;
mod yajilin;
