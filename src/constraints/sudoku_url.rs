//! puzz.link's sudoku (`sudoku/N/N/BODY`, `encodings/solo.md`), shared by the two kinds that read
//! it: `sudoku` (square boxes, its tuned engines) and `solo` (6×6's rectangular boxes).
//!
//! The body is Number16 over the N² cells in reading order: a given as its number, empty
//! cells as runs `g`–`z`. The URL does not write the boxes; puzz.link's editor draws them
//! ⌊√N⌋ cells square, except 6×6, whose boxes are 2 rows by 3 columns. So the sudoku sizes puzz.link has are the squares (4, 9, 16, 25, 36) and 6: an
//! 8×8, 10×10 or 12×12 grid gets 2×2 or 3×3 boxes of fewer than N cells, which no sudoku
//! has.

use super::puzzlink;
use super::tatham::FormatError;

/// A sudoku read from its URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SudokuUrl {
    /// Side of the grid.
    pub n: usize,
    /// Rows and columns of a box, as pzprjs draws them ([`boxes`]).
    pub box_rows: usize,
    /// Columns of a box.
    pub box_columns: usize,
    /// The givens in reading order, 1..=n.
    pub givens: Vec<Option<u32>>,
    /// Offset of the height field in the URL (where a size a kind does not take is shown).
    pub size_at: usize,
}

/// The boxes pzprjs draws on an `n`×`n` sudoku, as (rows, columns), when they hold `n` cells.
pub fn boxes(n: usize) -> Option<(usize, usize)> {
    let side = n.isqrt();
    let (rows, columns) = if n == 6 { (2, 3) } else { (side, side) };
    (n > 0 && rows * columns == n).then_some((rows, columns))
}

/// Reads a puzz.link sudoku URL.
pub fn read(url: &str) -> Result<SudokuUrl, FormatError> {
    let g = puzzlink::grid_url(url, &["sudoku"], "sudoku")?;
    let n = g.width;
    if g.height != n {
        return Err(FormatError::at(
            g.height_at,
            format!("a sudoku is square: {}×{}", g.width, g.height),
        ));
    }
    let Some((box_rows, box_columns)) = boxes(n) else {
        let side = n.isqrt();
        return Err(FormatError::at(
            g.height_at,
            format!(
                "puzz.link draws a {n}×{n} sudoku's boxes {side}×{side} ({} cells, not {n}): \
                 its sudoku sizes are 4, 6, 9, 16, 25 and 36",
                side * side
            ),
        ));
    };
    let (slots, end) = puzzlink::number16_slots(g.body, 0, n * n)
        .map_err(|e| FormatError::at(g.body_at + e.offset, e.message))?;
    if end < g.body.len() {
        return Err(FormatError::at(
            g.body_at + end,
            format!("more than the grid's {} cells", n * n),
        ));
    }
    let mut givens = Vec::with_capacity(n * n);
    for (cell, slot) in slots.into_iter().enumerate() {
        let at = |m: String| {
            FormatError::at(g.body_at, format!("r{}c{} {m}", cell / n + 1, cell % n + 1))
        };
        givens.push(match slot {
            None => None,
            Some(Some(v)) if (1..=n as u32).contains(&v) => Some(v),
            Some(Some(v)) => return Err(at(format!("holds {v}, outside 1..{n}"))),
            Some(None) => {
                return Err(at(
                    "is a `.` (a given of unknown value), which a sudoku cannot hold".into(),
                ));
            }
        });
    }
    Ok(SudokuUrl {
        n,
        box_rows,
        box_columns,
        givens,
        size_at: g.height_at,
    })
}

/// The URL of an `n`×`n` sudoku with these givens (reading order): what [`read`] reads back.
pub fn write(n: usize, givens: &[Option<u32>]) -> String {
    let slots: Vec<puzzlink::Slot> = givens.iter().map(|&g| g.map(Some)).collect();
    puzzlink::url("sudoku", n, n, &puzzlink::write_number16(&slots))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sizes_are_the_squares_and_six() {
        let sizes: Vec<usize> = (1..=40).filter(|&n| boxes(n).is_some()).collect();
        assert_eq!(sizes, [1, 4, 6, 9, 16, 25, 36]);
        assert_eq!(boxes(6), Some((2, 3)));
    }

    #[test]
    fn urls_read_and_write_back() {
        for url in [
            "https://puzz.link/p?sudoku/4/4/g1k23k3g",
            "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k",
            "https://puzz.link/p?sudoku/6/6/1k4m2j6h3o5i",
        ] {
            let s = read(url).unwrap();
            assert_eq!(write(s.n, &s.givens), url);
        }
        let e = read("https://puzz.link/p?sudoku/8/8/g").unwrap_err();
        assert!(e.message.contains("2×2"), "{e:?}");
        assert!(read("https://puzz.link/p?sudoku/4/4/5").is_err());
        assert!(read("https://puzz.link/p?sudoku/4/4/g1k23k3gg").is_err());
    }
}
