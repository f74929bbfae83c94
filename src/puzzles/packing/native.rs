//! The native packing solver: Norvig's "way 2" from the Golomb seed (take the first empty
//! cell, try every piece that fits there), made fast with bitboards.
//!
//! Glossary:
//! - **scan order**: the order in which cells are filled, row-major when the region is at
//!   least as tall as wide, column-major otherwise, so that the frontier of filled cells runs
//!   across the short side (fewer dead ends left behind; the usual trick for pentominoes).
//! - **board**: one bit per cell in scan order, set when the cell is covered, is a hole, or
//!   was declared empty (slack); bits past the last cell are set so they are never "empty".
//! - **anchor**: the first cell of a placement in scan order. Every placement tried at the
//!   first empty cell has that cell as its anchor, so placements are bucketed by anchor once.
//! - **slack branch**: when the pieces cover less than the region, the first empty cell may
//!   also be left empty (at most `slack` times), which enumerates the same tilings as the
//!   exact-cover encoding with secondary cells.
//!
//! The search allocates nothing: the board is a `[u64; N]` on the stack (N chosen from the
//! area at run time among a few sizes), placements are precomputed masks.

use crate::stop::Stop;

use super::{Packing, Tiling};
use crate::puzzle::{Limits, NativeAnswer, Sink, SolveError};

/// What a search did.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    pub count: u64,
    pub complete: bool,
    pub nodes: u64,
}

/// Solve for the pipeline: count up to `limits.max_solutions`, keep `limits.keep`.
pub(crate) fn solve(
    p: &Packing,
    limits: &Limits,
    found: Sink<'_, Tiling>,
) -> Result<NativeAnswer, SolveError> {
    let mut handed = 0;
    let run = search(p, limits, |cells| {
        if handed < limits.keep {
            handed += 1;
            if found(p.tiling_from_cells(cells)).is_break() {
                handed = limits.keep;
            }
        }
    })?;
    Ok(NativeAnswer {
        count: run.count,
        complete: run.complete,
        nodes: Some(run.nodes),
        guesses: None,
        conflicts: None,
    })
}

/// Enumerate tilings, calling `on_solution` with the row-major cell → piece map of each.
pub(crate) fn search(
    p: &Packing,
    limits: &Limits,
    on_solution: impl FnMut(&[Option<usize>]),
) -> Result<Run, SolveError> {
    let cells = p.width * p.height;
    match cells.div_ceil(64) {
        1 => run::<1>(p, limits, on_solution),
        2 => run::<2>(p, limits, on_solution),
        3 => run::<3>(p, limits, on_solution),
        4 => run::<4>(p, limits, on_solution),
        5..=8 => run::<8>(p, limits, on_solution),
        9..=16 => run::<16>(p, limits, on_solution),
        17..=64 => run::<64>(p, limits, on_solution),
        _ => Err(SolveError::TooLarge(format!(
            "the native packing solver handles regions up to 4096 cells, this one has {cells}; \
             use --backend dlx or sat"
        ))),
    }
}

#[derive(Clone, Copy)]
struct Entry<const N: usize> {
    piece: usize,
    mask: [u64; N],
}

struct Ctx<'a, const N: usize, F> {
    /// Entries with anchor `a` are `entries[starts[a]..starts[a + 1]]`.
    starts: Vec<usize>,
    entries: Vec<Entry<N>>,
    used: Vec<bool>,
    /// Entry index per placed piece, in placement order.
    stack: Vec<usize>,
    board: [u64; N],
    pieces_left: usize,
    slack_left: usize,
    /// Scan position → row-major cell index.
    scan_cell: Vec<usize>,
    cells: Vec<Option<usize>>,
    count: u64,
    nodes: u64,
    max: u64,
    stop: Stop,
    stopped: bool,
    timed_out: bool,
    on_solution: &'a mut F,
}

/// How many nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

fn run<const N: usize>(
    p: &Packing,
    limits: &Limits,
    mut on_solution: impl FnMut(&[Option<usize>]),
) -> Result<Run, SolveError> {
    let (w, h) = (p.width, p.height);
    let total = w * h;
    // Scan order: along the longer side, so that the frontier runs across the short side.
    let column_major = w > h;
    let scan_cell: Vec<usize> = if column_major {
        (0..w)
            .flat_map(|c| (0..h).map(move |r| r * w + c))
            .collect()
    } else {
        (0..total).collect()
    };
    let mut scan_of = vec![0; total];
    for (s, &cell) in scan_cell.iter().enumerate() {
        scan_of[cell] = s;
    }
    let mut board = [0u64; N];
    for s in total..N * 64 {
        board[s / 64] |= 1 << (s % 64);
    }
    for (s, &cell) in scan_cell.iter().enumerate() {
        if !p.open[cell] {
            board[s / 64] |= 1 << (s % 64);
        }
    }
    // Bucket placements by anchor, keeping input order within a bucket.
    let placements = p.placements()?;
    let mut buckets: Vec<Vec<Entry<N>>> = vec![Vec::new(); total];
    for placement in &placements {
        let mut mask = [0u64; N];
        let mut anchor = usize::MAX;
        for &cell in &placement.cells {
            let s = scan_of[cell];
            mask[s / 64] |= 1 << (s % 64);
            anchor = anchor.min(s);
        }
        buckets[anchor].push(Entry {
            piece: placement.piece,
            mask,
        });
    }
    let mut starts = Vec::with_capacity(total + 1);
    let mut entries = Vec::with_capacity(placements.len());
    for bucket in buckets {
        starts.push(entries.len());
        entries.extend(bucket);
    }
    starts.push(entries.len());

    let mut ctx = Ctx {
        starts,
        entries,
        used: vec![false; p.pieces.len()],
        stack: Vec::with_capacity(p.pieces.len()),
        board,
        pieces_left: p.pieces.len(),
        slack_left: p.slack(),
        scan_cell,
        cells: vec![None; total],
        count: 0,
        nodes: 0,
        max: limits.max_or_all(),
        stop: limits.stop.clone(),
        stopped: limits.max_or_all() == 0,
        timed_out: false,
        on_solution: &mut on_solution,
    };
    if p.piece_area() <= p.open_cells() && !ctx.stopped {
        ctx.descend(0);
    }
    Ok(Run {
        count: ctx.count,
        complete: !ctx.stopped,
        nodes: ctx.nodes,
    })
}

impl<const N: usize, F: FnMut(&[Option<usize>])> Ctx<'_, N, F> {
    /// The first cell in scan order not yet covered, searching from word `from`: every cell
    /// before the current anchor is covered, so earlier words need no look.
    fn first_empty(&self, from: usize) -> Option<(usize, usize)> {
        (from..N).find_map(|word| {
            let bits = self.board[word];
            (bits != u64::MAX).then(|| (word, word * 64 + bits.trailing_ones() as usize))
        })
    }

    fn descend(&mut self, from: usize) {
        if self.pieces_left == 0 {
            self.found();
            return;
        }
        let Some((word, pos)) = self.first_empty(from) else {
            return;
        };
        for e in self.starts[pos]..self.starts[pos + 1] {
            let entry = self.entries[e];
            if self.used[entry.piece] {
                continue;
            }
            if (0..N).any(|i| self.board[i] & entry.mask[i] != 0) {
                continue;
            }
            self.nodes += 1;
            if self.nodes.is_multiple_of(CLOCK_EVERY)
                && self.stop.poll(crate::stop::Effort::Nodes, self.nodes)
            {
                self.timed_out = true;
                self.stopped = true;
                return;
            }
            for i in 0..N {
                self.board[i] |= entry.mask[i];
            }
            self.used[entry.piece] = true;
            self.pieces_left -= 1;
            self.stack.push(e);
            self.descend(word);
            self.stack.pop();
            self.pieces_left += 1;
            self.used[entry.piece] = false;
            for i in 0..N {
                self.board[i] ^= entry.mask[i];
            }
            if self.stopped {
                return;
            }
        }
        if self.slack_left > 0 {
            let bit = 1u64 << (pos % 64);
            debug_assert_eq!(self.board[word] & bit, 0);
            self.board[word] |= bit;
            self.slack_left -= 1;
            self.descend(word);
            self.slack_left += 1;
            self.board[word] ^= bit;
        }
    }

    fn found(&mut self) {
        self.count += 1;
        self.cells.iter_mut().for_each(|c| *c = None);
        for &e in &self.stack {
            let entry = &self.entries[e];
            for (word, &bits) in entry.mask.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let s = word * 64 + bits.trailing_zeros() as usize;
                    self.cells[self.scan_cell[s]] = Some(entry.piece);
                    bits &= bits - 1;
                }
            }
        }
        (self.on_solution)(&self.cells);
        if self.count >= self.max {
            self.stopped = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;
    use crate::pipeline::solve as pipeline;
    use crate::puzzle::{Backend, Puzzle, Request, Status};

    fn all() -> Limits {
        Limits {
            max_solutions: None,
            keep: usize::MAX,
            stop: Stop::never(),
        }
    }

    #[test]
    fn pentominoes_3x20_has_8_tilings() {
        let p = parse("region 20x3\npentominoes\n").unwrap();
        let (solutions, answer) = crate::driver::native(&p, &all()).unwrap();
        assert_eq!(answer.count, 8);
        assert!(answer.complete);
        for t in &solutions {
            assert_eq!(p.check(t), Ok(()));
        }
        let distinct = p.count_distinct(None).unwrap();
        assert_eq!(
            (distinct.distinct, distinct.total, distinct.symmetries),
            (2, 8, 4)
        );
    }

    #[test]
    fn golomb_squares_tile_8_ways() {
        for pieces in ["1x6 2x10 3x9 4x7 5x8", "1x2 3x7 4x6 5x10 8x9"] {
            let side = if pieces.starts_with("1x6") { 11 } else { 13 };
            let mut text = format!("region {side}x{side}\n");
            for piece in pieces.split(' ') {
                text.push_str(&format!("piece {piece}\n"));
            }
            let p = parse(&text).unwrap();
            let outcome = pipeline(&p, Backend::Native, &Request::all()).unwrap();
            assert_eq!(outcome.count, 8, "{pieces}");
            assert!(outcome.complete);
            assert_eq!(p.count_distinct(None).unwrap().distinct, 1);
        }
    }

    #[test]
    fn a_golomb_set_that_does_not_tile() {
        // Area 121 = 11², but this set is not one of the four that tile.
        let p = parse("region 11x11\npiece 1x2\npiece 3x4\npiece 5x6\npiece 7x8\npiece 9x10\n")
            .unwrap();
        assert!(
            p.contradiction().is_some() || crate::driver::native(&p, &all()).unwrap().1.count == 0
        );
    }

    #[test]
    fn slack_leaves_cells_empty() {
        // Two dominoes on a 2×2 with one cell more: 3×... use a 1×5 strip and two dominoes:
        // positions of the gap: 0, 2, 4 → 3 gap positions × 2 orders of the copies = 6.
        let p = parse("region 5x1\npiece 2x1 x2\n").unwrap();
        let (solutions, answer) = crate::driver::native(&p, &all()).unwrap();
        assert_eq!(answer.count, 6);
        for t in &solutions {
            assert_eq!(p.check(t), Ok(()));
        }
        assert_eq!(p.count_distinct(None).unwrap().distinct, 2);
    }

    #[test]
    fn limits_and_status() {
        let p = parse("region 20x3\npentominoes\n").unwrap();
        let outcome = pipeline(&p, Backend::Native, &Request::limit(3)).unwrap();
        assert_eq!((outcome.count, outcome.complete), (3, false));
        assert_eq!(outcome.solutions.len(), 3);
        let outcome = pipeline(&p, Backend::Native, &Request::count()).unwrap();
        assert_eq!((outcome.count, outcome.complete), (8, true));
        assert_eq!(outcome.solutions.len(), 1);
        let too_big = parse("region 3x3\npiece 2x2 x3\n").unwrap();
        let outcome = pipeline(&too_big, Backend::Native, &Request::count()).unwrap();
        assert_eq!(outcome.status, Status::Unsolvable);
        assert!(outcome.reason.unwrap().contains("12 cells"));
    }

    #[test]
    fn region_with_holes() {
        // 8×8 minus the centre 2×2 has 520 pentomino tilings; too slow for a debug unit
        // test, so here a small holed region: a 3×3 ring tiled by four 1×2 dominoes.
        let p = parse("region\n...\n.#.\n...\n\npiece 1x2 x4\n").unwrap();
        let answer = crate::driver::native(&p, &all()).unwrap().1;
        // Two ways to split the ring into dominoes, times 4! labellings of the copies.
        assert_eq!(answer.count, 2 * 24);
        assert_eq!(p.count_distinct(None).unwrap().distinct, 1);
    }

    #[test]
    fn wide_and_tall_boxes_agree() {
        let tall = parse("region 3x20\npentominoes\n").unwrap();
        let wide = parse("region 20x3\npentominoes\n").unwrap();
        assert_eq!(crate::driver::native(&tall, &all()).unwrap().1.count, 8);
        assert_eq!(crate::driver::native(&wide, &all()).unwrap().1.count, 8);
    }
}
