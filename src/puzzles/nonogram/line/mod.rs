//! The line solver every engine shares: given a line's clue and the colours each of its
//! cells may still take, the colours some arrangement of the blocks allows in each cell.
//! The depth-first search (`dfs/`), the learning search ([`super::learn`]) and,
//! through them, the CNF line-logic simplification and `--presolve` all call it.
//!
//! - [`mask`]: the line as bit masks, one per palette colour (`u128`, or several words
//!   for lines over 127 cells);
//! - [`bitline`]: the bit-parallel solver over those masks (Batenburg & Kosters' DP,
//!   one block at a time over every position at once).

pub mod bitline;
pub mod mask;
