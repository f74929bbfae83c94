//! Sudoku as puzz.link writes it (`sudoku/N/N/BODY`; the layer's `sudoku_url` reads it):
//! the sizes with square boxes (4, 9, 16, 25, 36) are this kind's; puzz.link's 6×6, whose
//! boxes are 2 rows by 3 columns, is Tatham's Solo's (`--kind solo` reads it, and content
//! detection sends it there).

use super::{BOX_SIDES, Sudoku};
use crate::constraints::sudoku_url;
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

/// A puzz.link sudoku URL at line `line`, `lead` its column offset there.
pub(super) fn parse(url: &str, line: usize, lead: usize) -> Result<Sudoku, ParseError> {
    let err = |offset: usize, m: String| ParseError::new(line, Some(lead + offset + 1), m);
    let s = sudoku_url::read(url).map_err(|e| err(e.offset, e.message))?;
    let n = s.n;
    if s.box_rows != s.box_columns || !BOX_SIDES.contains(&s.box_rows) {
        return Err(err(
            s.size_at,
            format!(
                "a {n}×{n} sudoku's boxes are {}×{}: this kind reads square boxes 2×2 to 6×6; \
                 `--kind solo` reads it",
                s.box_rows, s.box_columns
            ),
        ));
    }
    let givens = s.givens.iter().map(|g| g.map_or(0, |v| v as u8)).collect();
    Sudoku::new(s.box_rows, givens).map_err(|e| err(0, e.message))
}

/// The URL written: what `parse` reads back.
impl Notate for Sudoku {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Url]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let givens: Vec<Option<u32>> = self
            .givens()
            .iter()
            .map(|&d| (d > 0).then_some(u32::from(d)))
            .collect();
        (form == Notation::Url).then(|| sudoku_url::write(self.size(), &givens))
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
        let e = parse("https://puzz.link/p?sudoku/6/6/1k4m2j6h3o5i", 3, 2).unwrap_err();
        assert!(e.message.contains("--kind solo"), "{e}");
        assert_eq!((e.line, e.column), (3, Some(2 + 29 + 1)));
        assert!(parse("https://puzz.link/p?sudoku/4/4/5", 1, 0).is_err());
    }
}
