//! Small helpers the engines share, written once (in the manner of splr's `primitive/`):
//! no puzzle words, no imports from the rest of the crate but the random generator for
//! tests. The contract (`src/puzzle/`) does not use them.

pub mod cpu;
pub mod dsf;
pub mod keyed;
pub mod luby;
pub mod march;
pub mod matching;
pub mod scc;
pub mod visits;

pub use luby::luby;
