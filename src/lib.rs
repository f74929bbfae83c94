//! satcover: logic puzzles solved three ways — SAT (varisat), exact cover
//! (our Dancing Links engine) and native propagation — with every answer
//! checked by the puzzle's own independent checker.
//!
//! A puzzle kind lives in [`puzzles`] (sudoku, nonogram, packing, alphametic, raw DIMACS
//! and exact-cover inputs); each implements [`puzzle::Puzzle`]. [`pipeline::solve`] runs one
//! backend ([`puzzle::Backend`]) on it and returns an [`puzzle::Outcome`]: status, the
//! solutions kept (each one already accepted by the checker), the count and whether it is
//! exact, and statistics. "No solution" is an outcome, not an error.
//!
//! ```
//! use satcover::pipeline::solve;
//! use satcover::puzzle::{Backend, Puzzle, Request, Status};
//! use satcover::puzzles::{nonogram, sudoku};
//!
//! // A sudoku: one puzzle per line of 81 characters.
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let (_, grid) = sudoku::parse(line).remove(0).expect("a valid sudoku");
//! let outcome = solve(&grid, Backend::Native, &Request::unique()).expect("solves");
//! assert_eq!(outcome.unique(), Some(true));
//! let sat = solve(&grid, Backend::Sat, &Request::first()).expect("solves");
//! assert_eq!(sat.solutions, outcome.solutions[..1]);
//! assert!(grid.check(&sat.solutions[0]).is_ok());
//!
//! // A nonogram in the `.non` format: a 3×3 plus sign.
//! let plus = "width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n";
//! let picture = nonogram::parse_non(plus).expect("a valid nonogram");
//! let outcome = solve(&picture, Backend::Dlx, &Request::count()).expect("solves");
//! assert_eq!((outcome.status, outcome.count, outcome.complete), (Status::Solved, 1, true));
//! assert_eq!(picture.solution_text(&outcome.solutions[0]), ".#.\n###\n.#.");
//! ```
//!
//! Engines know nothing of puzzles: [`cnf`] builds formulas and reads and writes DIMACS,
//! [`sat`] solves them (varisat in-process, or an external binary), [`dlx`] is the exact-cover
//! engine, [`proof`] checks DRAT refutations independently of all of them. The command line
//! (feature `cli`, on by default) is a thin layer over this library; without it
//! (`--no-default-features`) neither `clap` nor `indicatif` is built.

#![warn(missing_docs)]

pub mod analyze;
pub mod bench;
pub mod cnf;
pub mod compare;
pub mod constraints;
pub mod cube;
pub mod dlx;
pub mod driver;
pub mod explain;
pub mod facade;
pub mod generate;
pub mod input;
pub mod pipeline;
pub mod portfolio;
pub mod proof;
pub mod puzzle;
pub mod puzzles;
pub mod registry;
pub mod render;
pub mod rng;
pub mod sat;
#[cfg(feature = "serve")]
pub mod serve;
pub mod stop;
pub mod util;
