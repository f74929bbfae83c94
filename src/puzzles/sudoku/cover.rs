//! Sudoku as exact cover (Knuth, TAOCP 7.2.2.1, "sudoku as exact cover"), specified in
//! `encodings/sudoku.md`.
//!
//! 4n² primary items: `rRcC` (the cell is filled), `rR#D` (row R holds digit D), `cC#D`
//! (column C holds D), `bB#D` (box B holds D), all 1-based. One option per placement
//! "digit D in cell (R, C)" that the givens leave: a cell with a given has only its given;
//! an empty cell has the digits no given peer holds. An option covers its four items.

use crate::dlx::{Matrix, OptionId};
use crate::puzzle::CoverEncoding;

use super::{Filled, Sudoku};

/// Encode `puzzle`. Items are named as above when `names` is set (for export); the solving
/// path leaves them unnamed, since formatting 4n² names costs as much as the search on
/// easy 9×9 puzzles.
pub fn encode_with(puzzle: &Sudoku, names: bool) -> CoverEncoding<'_, Filled> {
    let n = puzzle.size();
    let givens = puzzle.givens();
    let mut matrix = Matrix::new();
    let name = |make: &dyn Fn() -> String| if names { make() } else { String::new() };
    let cell_items: Vec<_> = (0..n * n)
        .map(|cell| matrix.add_primary(name(&|| format!("r{}c{}", cell / n + 1, cell % n + 1))))
        .collect();
    let digit_items = |matrix: &mut Matrix, sort: char| -> Vec<_> {
        (0..n * n)
            .map(|i| matrix.add_primary(name(&|| format!("{sort}{}#{}", i / n + 1, i % n + 1))))
            .collect()
    };
    let row_items = digit_items(&mut matrix, 'r');
    let col_items = digit_items(&mut matrix, 'c');
    let box_items = digit_items(&mut matrix, 'b');

    // Digits each unit already holds as givens.
    let mut in_row = vec![false; n * n];
    let mut in_col = vec![false; n * n];
    let mut in_box = vec![false; n * n];
    for (cell, &d) in givens.iter().enumerate() {
        if d != 0 {
            let (row, col, d) = (cell / n, cell % n, usize::from(d) - 1);
            in_row[row * n + d] = true;
            in_col[col * n + d] = true;
            in_box[puzzle.box_of(row, col) * n + d] = true;
        }
    }

    // placements[option] = (cell, digit)
    let mut placements: Vec<(usize, u8)> = Vec::with_capacity(n * n * n);
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        let bx = puzzle.box_of(row, col);
        for d in 0..n {
            let allowed = match givens[cell] {
                0 => !in_row[row * n + d] && !in_col[col * n + d] && !in_box[bx * n + d],
                g => usize::from(g) == d + 1,
            };
            if !allowed {
                continue;
            }
            let items = [
                cell_items[cell],
                row_items[row * n + d],
                col_items[col * n + d],
                box_items[bx * n + d],
            ];
            let added = matrix.add_option(&items);
            debug_assert!(added.is_ok(), "four distinct items");
            if added.is_ok() {
                placements.push((cell, d as u8 + 1));
            }
        }
    }

    let decode = move |chosen: &[OptionId]| -> Result<Filled, String> {
        let mut grid = vec![0u8; n * n];
        for &option in chosen {
            let &(cell, digit) = placements
                .get(option)
                .ok_or_else(|| format!("option {option} does not exist"))?;
            if grid[cell] != 0 {
                return Err(format!(
                    "cell r{}c{} chosen twice",
                    cell / n + 1,
                    cell % n + 1
                ));
            }
            grid[cell] = digit;
        }
        match grid.iter().position(|&d| d == 0) {
            Some(cell) => Err(format!(
                "cell r{}c{} left empty",
                cell / n + 1,
                cell % n + 1
            )),
            None => Ok(grid),
        }
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
