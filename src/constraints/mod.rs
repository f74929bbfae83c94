//! The constraint layer: the shared vocabulary of grid puzzles, each constraint with its
//! eager CNF encoding, its lazy form (cuts for an incremental SAT loop, a theory for CDCL on
//! batsat) and, where it has one, its native propagation. Constraints speak graphs, cells,
//! edges and lattice points, never genres.

pub mod connected;
pub mod lazy;
pub mod loop_;
