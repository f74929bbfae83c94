//! satcover: logic puzzles solved three ways — SAT (varisat), exact cover
//! (our Dancing Links engine) and native propagation — with every answer
//! checked by the puzzle's own independent checker.

pub mod analyze;
pub mod bench;
pub mod cnf;
pub mod compare;
pub mod dlx;
pub mod generate;
pub mod input;
pub mod proof;
pub mod puzzle;
pub mod puzzles;
pub mod render;
pub mod rng;
pub mod sat;
pub mod stop;
