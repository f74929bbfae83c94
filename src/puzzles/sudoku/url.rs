//! Sudoku as puzz.link writes it (`sudoku/N/N/BODY`, GENRES.md B.1): Number16 over the N²
//! cells in reading order, a given as its number, empty cells as runs `g`–`z`. The sizes
//! with square boxes (4, 9, 16, 25, 36) are this kind's; puzz.link's 6×6, 8×8, 10×10 and
//! 12×12, whose boxes are rectangles, are Tatham's Solo's (`--kind solo` reads them).

use super::{BOX_SIDES, Sudoku};
use crate::constraints::puzzlink;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

/// A puzz.link sudoku URL at line `line`, `lead` its column offset there.
pub(super) fn parse(url: &str, line: usize, lead: usize) -> Result<Sudoku, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let g = puzzlink::grid_url(url, &["sudoku"], "sudoku").map_err(|e| err(e.offset, e.message))?;
    let n = g.width;
    if g.height != n {
        return Err(err(g.height_at, format!("a sudoku is square: {}×{}", g.width, g.height)));
    }
    let Some(box_side) = BOX_SIDES.clone().find(|b| b * b == n) else {
        return Err(err(
            g.height_at,
            format!(
                "a {n}×{n} sudoku has no square boxes: this kind reads 4×4 to 36×36 with square boxes; \
                 `--kind solo` reads puzz.link's 6×6, 8×8, 10×10 and 12×12"
            ),
        ));
    };
    let (slots, end) =
        puzzlink::number16_slots(g.body, 0, n * n).map_err(|e| err(g.body_at + e.offset, e.message))?;
    if end < g.body.len() {
        return Err(err(g.body_at + end, format!("more than the grid's {} cells", n * n)));
    }
    let mut givens = Vec::with_capacity(n * n);
    for (cell, slot) in slots.into_iter().enumerate() {
        givens.push(match slot {
            None => 0,
            Some(Some(v)) if (1..=n as u32).contains(&v) => v as u8,
            Some(Some(v)) => return Err(err(g.body_at, format!("cell {} holds {v}, outside 1..{n}", cell + 1))),
            Some(None) => return Err(err(g.body_at, format!("cell {} is a `.` (a given of unknown value), which a sudoku cannot hold", cell + 1))),
        });
    }
    Sudoku::new(box_side, givens).map_err(|e| err(0, e.message))
}

/// The URL written: what `parse` reads back.
impl Notate for Sudoku {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let n = self.size();
        let slots: Vec<puzzlink::Slot> =
            self.givens().iter().map(|&d| (d > 0).then_some(Some(u32::from(d)))).collect();
        (form == Notation::Url).then(|| puzzlink::url("sudoku", n, n, &puzzlink::write_number16(&slots)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_urls_read_and_write_back() {
        for url in [
            "https://puzz.link/p?sudoku/4/4/g1k23k3g",
            "https://puzz.link/p?sudoku/9/9/k8g1g7i2i99o2g3h75q19h5g4o83i4i6g4g5k",
        ] {
            let s = parse(url, 1, 0).unwrap();
            assert_eq!(s.notate(Notation::Url).unwrap(), url);
        }
        let s = parse("https://puzz.link/p?sudoku/4/4/g1k23k3g", 1, 0).unwrap();
        assert_eq!(&s.givens()[..4], &[0, 1, 0, 0]);
        let e = parse("https://puzz.link/p?sudoku/6/6/g", 3, 2).unwrap_err();
        assert!(e.message.contains("--kind solo"), "{e}");
        assert_eq!((e.line, e.column), (3, Some(2 + 29 + 1)));
        assert!(parse("https://puzz.link/p?sudoku/4/4/5", 1, 0).is_err());
    }
}
