//! Sudoku as exact cover (Knuth, TAOCP 7.2.2.1, "sudoku as exact cover"), specified in
//! `encodings/sudoku.md`.
//!
//! Primary items `rRcC` (the cell is filled), `rR#D` (row R holds digit D), `cC#D`
//! (column C holds D), `bB#D` (box B holds D), all 1-based: 4n² of them, less the four
//! each given covers already (Knuth's sudoku converters leave those out too). One option
//! per placement "digit D in empty cell (R, C)" that no given peer forbids; it covers its
//! four items. Clashing givens add an item no option covers: no solution.
//!
//! The `dlx` backend does not build that matrix for every puzzle of a collection: it
//! prepares the empty grid's matrix once per size and thread ([`solve_prepared`]) and
//! forces the givens' placements, which covers exactly the items above and hides exactly
//! the placements a given peer forbids, leaving the same matrix in the same order.

use std::cell::RefCell;

use crate::dlx::{ItemId, Matrix, OptionId, Prepared, Search};
use crate::puzzle::{Backend, CoverAnswer, CoverEncoding, DecodeError, Limits, SolveError};
use crate::util::keyed::get_or_make;

use super::{Filled, Sudoku};

/// Encode `puzzle`. Items are named as above when `names` is set (for export); the solving
/// path leaves them unnamed, since formatting 4n² names costs as much as the search on
/// easy 9×9 puzzles.
pub fn encode_with(puzzle: &Sudoku, names: bool) -> CoverEncoding<'_, Filled> {
    let n = puzzle.size();
    let givens = puzzle.givens();
    let mut matrix = Matrix::new();
    let name = |make: &dyn Fn() -> String| if names { make() } else { String::new() };

    // Digits each unit already holds as givens; a unit holding one twice is a clash.
    let mut in_row = vec![false; n * n];
    let mut in_col = vec![false; n * n];
    let mut in_box = vec![false; n * n];
    let mut clash = false;
    for (cell, &d) in givens.iter().enumerate() {
        if d != 0 {
            let (row, col, d) = (cell / n, cell % n, usize::from(d) - 1);
            let bx = puzzle.box_of(row, col);
            clash |= in_row[row * n + d] || in_col[col * n + d] || in_box[bx * n + d];
            in_row[row * n + d] = true;
            in_col[col * n + d] = true;
            in_box[bx * n + d] = true;
        }
    }
    if clash {
        // Two equal givens in a unit: an item no option covers has no exact cover.
        matrix.add_primary(name(&|| "clash".to_string()));
    }

    // Items the givens leave open (`None` for those a given already covers).
    let open_item = |matrix: &mut Matrix, open: bool, make: &dyn Fn() -> String| {
        open.then(|| matrix.add_primary(name(make)))
    };
    let cell_items: Vec<_> = (0..n * n)
        .map(|cell| {
            open_item(&mut matrix, givens[cell] == 0, &|| {
                format!("r{}c{}", cell / n + 1, cell % n + 1)
            })
        })
        .collect();
    let digit_items = |matrix: &mut Matrix, sort: char, placed: &[bool]| -> Vec<_> {
        (0..n * n)
            .map(|i| {
                open_item(matrix, !placed[i], &|| {
                    format!("{sort}{}#{}", i / n + 1, i % n + 1)
                })
            })
            .collect()
    };
    let row_items = digit_items(&mut matrix, 'r', &in_row);
    let col_items = digit_items(&mut matrix, 'c', &in_col);
    let box_items = digit_items(&mut matrix, 'b', &in_box);

    // placements[option] = (cell, digit)
    let mut placements: Vec<(usize, u8)> = Vec::with_capacity(n * n * n);
    for (cell, &cell_item) in cell_items.iter().enumerate() {
        let (row, col) = (cell / n, cell % n);
        let bx = puzzle.box_of(row, col);
        let Some(cell_item) = cell_item else {
            continue;
        };
        for d in 0..n {
            let (Some(r), Some(c), Some(b)) = (
                row_items[row * n + d],
                col_items[col * n + d],
                box_items[bx * n + d],
            ) else {
                continue;
            };
            let added = matrix.add_option(&[cell_item, r, c, b]);
            debug_assert!(added.is_ok(), "four distinct items");
            if added.is_ok() {
                placements.push((cell, d as u8 + 1));
            }
        }
    }

    let decode = move |chosen: &[OptionId]| -> Result<Filled, DecodeError> {
        fill(givens, n, chosen, |option| placements.get(option).copied())
    };
    CoverEncoding {
        matrix,
        decode: Box::new(decode),
    }
}

/// The encoding the `dlx` backend solves: unnamed items.
pub fn encode(puzzle: &Sudoku) -> CoverEncoding<'_, Filled> {
    encode_with(puzzle, false)
}

/// The empty grid's matrix, unnamed, items and options in the order of [`encode_with`]:
/// forcing the givens' placements leaves the matrix `encode` builds for the puzzle.
/// Option `cell · n + digit − 1` places `digit` in `cell`.
fn empty_grid(box_side: usize) -> Matrix {
    let n = box_side * box_side;
    let mut matrix = Matrix::new();
    let mut items = |count: usize| -> Vec<ItemId> {
        (0..count)
            .map(|_| matrix.add_primary(String::new()))
            .collect()
    };
    let (cells, rows, cols, boxes) = (items(n * n), items(n * n), items(n * n), items(n * n));
    for (cell, &cell_item) in cells.iter().enumerate() {
        let (row, col) = (cell / n, cell % n);
        let bx = (row / box_side) * box_side + col / box_side;
        for d in 0..n {
            let added = matrix.add_option(&[
                cell_item,
                rows[row * n + d],
                cols[col * n + d],
                boxes[bx * n + d],
            ]);
            debug_assert_eq!(added, Ok(cell * n + d), "four distinct items, in order");
        }
    }
    matrix
}

thread_local! {
    /// The empty grid's matrix prepared for forcing, per box side, on this thread.
    static PREPARED: RefCell<Vec<(usize, Prepared)>> = const { RefCell::new(Vec::new()) };
}

/// The `dlx` backend on the prepared empty grid with the givens forced: the same search,
/// nodes and updates as on the matrix of [`encode`], without building it. `None` when
/// givens clash (the caller then encodes, and the clash item answers).
pub fn solve_prepared(
    puzzle: &Sudoku,
    limits: &Limits,
) -> Option<Result<CoverAnswer<Filled>, SolveError>> {
    let (box_side, n, givens) = (puzzle.box_side(), puzzle.size(), puzzle.givens());
    let forced: Vec<OptionId> = givens
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != 0)
        .map(|(cell, &d)| cell * n + usize::from(d) - 1)
        .collect();
    let search = Search {
        max_solutions: limits.max_solutions,
        stop: limits.stop.clone(),
    };
    PREPARED.with_borrow_mut(|prepared| {
        let grid = get_or_make(prepared, box_side, || {
            Prepared::new(&empty_grid(box_side)).expect("no colours")
        });
        let mut solutions = Vec::new();
        let mut decode_error = None;
        let (outcome, reduced) = grid.solve(&forced, &search, |chosen| {
            if solutions.len() < limits.keep && decode_error.is_none() {
                match decode_placements(givens, n, chosen) {
                    Ok(grid) => solutions.push(grid),
                    Err(reason) => decode_error = Some(reason),
                }
            }
        })?;
        Some(match decode_error {
            Some(reason) => Err(SolveError::Decode {
                backend: Backend::Dlx,
                reason,
            }),
            None => Ok(CoverAnswer {
                solutions,
                count: outcome.count,
                complete: outcome.complete,
                stats: outcome.stats,
                reduced,
            }),
        })
    })
}

/// The grid from the givens and the chosen options of [`empty_grid`].
fn decode_placements(givens: &[u8], n: usize, chosen: &[OptionId]) -> Result<Filled, DecodeError> {
    fill(givens, n, chosen, |option| {
        (option < n * n * n).then(|| (option / n, (option % n + 1) as u8))
    })
}

/// The givens with each chosen option's `(cell, digit)` written in: every cell filled
/// exactly once, or the reason why not.
fn fill(
    givens: &[u8],
    n: usize,
    chosen: &[OptionId],
    placement: impl Fn(OptionId) -> Option<(usize, u8)>,
) -> Result<Filled, DecodeError> {
    let mut grid = givens.to_vec();
    for &option in chosen {
        let (cell, digit) =
            placement(option).ok_or_else(|| format!("option {option} does not exist"))?;
        if grid[cell] != 0 {
            return Err(DecodeError::from(format!(
                "cell r{}c{} chosen twice",
                cell / n + 1,
                cell % n + 1
            )));
        }
        grid[cell] = digit;
    }
    match grid.iter().position(|&d| d == 0) {
        Some(cell) => Err(DecodeError::from(format!(
            "cell r{}c{} left empty",
            cell / n + 1,
            cell % n + 1
        ))),
        None => Ok(grid),
    }
}
