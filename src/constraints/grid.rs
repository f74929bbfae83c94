//! A filled grid: the solution of every number-placement genre, with the text, JSON and
//! difference forms they share.

use crate::render::{Picture, Rgb};

/// Values row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// Cells per row.
    pub width: usize,
    /// Row-major values.
    pub values: Vec<u32>,
}

impl Grid {
    /// The grid of `values`, `width` to a row.
    pub fn new(width: usize, values: Vec<u32>) -> Grid {
        Grid { width, values }
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.values.len().checked_div(self.width).unwrap_or(0)
    }

    /// The value at (row, col).
    pub fn at(&self, row: usize, col: usize) -> u32 {
        self.values[row * self.width + col]
    }

    /// The rows.
    pub fn rows(&self) -> impl Iterator<Item = &[u32]> {
        self.values.chunks(self.width.max(1))
    }

    /// One line per row: digits run together when every value is one digit, else
    /// right-aligned columns; `show` turns a value into its text (kakuro's black cells).
    pub fn text_with(&self, show: impl Fn(u32) -> String) -> String {
        let cells: Vec<String> = self.values.iter().map(|&v| show(v)).collect();
        let wide = cells.iter().map(String::len).max().unwrap_or(1);
        cells
            .chunks(self.width.max(1))
            .map(|row| {
                if wide == 1 {
                    row.concat()
                } else {
                    row.iter()
                        .map(|s| format!("{s:>wide$}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// One character a cell: `mark` where the cell holds `value`, `.` elsewhere (the
    /// shading genres' text).
    pub fn marks(&self, value: u32, mark: char) -> String {
        let mut text = String::with_capacity(self.values.len() * 2);
        for (i, row) in self.rows().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            text.extend(row.iter().map(|&v| if v == value { mark } else { '.' }));
        }
        text
    }

    /// Fills the cells holding `value` dark in `picture` (shaded cells, stars).
    pub fn shade(&self, picture: &mut Picture, value: u32) {
        for (i, &v) in self.values.iter().enumerate() {
            if v == value {
                picture.fills[i] = Rgb(40, 40, 40);
            }
        }
    }

    /// [`Grid::text_with`] with values as decimal numbers.
    pub fn text(&self) -> String {
        self.text_with(|v| v.to_string())
    }

    /// Rows of integers.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!(self.rows().collect::<Vec<_>>())
    }

    /// How many cells differ and where (1-based `r3c5: 7 vs 2`, at most 20 listed).
    pub fn differences(&self, other: &Grid) -> String {
        let mut places = Vec::new();
        let mut count = 0;
        for (i, (a, b)) in self.values.iter().zip(&other.values).enumerate() {
            if a != b {
                count += 1;
                if places.len() < 20 {
                    places.push(format!(
                        "r{}c{}: {a} vs {b}",
                        i / self.width + 1,
                        i % self.width + 1
                    ));
                }
            }
        }
        let more = if count > places.len() { ", …" } else { "" };
        format!(
            "{count} cells differ: {}{more}",
            if places.is_empty() {
                "none".to_string()
            } else {
                places.join(", ")
            }
        )
    }
}

/// A picture of a `width`-wide grid: the givens black on grey, the values a solver found
/// blue on white; `show` writes a value (`None`: the cell stays blank).
pub fn picture(
    width: usize,
    givens: &[Option<u32>],
    solution: Option<&Grid>,
    show: impl Fn(u32) -> Option<String>,
) -> Picture {
    let height = givens.len().checked_div(width).unwrap_or(0);
    let mut picture = Picture::new(width, height);
    for (cell, given) in givens.iter().enumerate() {
        let value = solution
            .and_then(|s| s.values.get(cell).copied())
            .or(*given);
        if let Some(label) = value.and_then(&show) {
            picture.labels[cell] = label;
        }
        if given.is_some() {
            picture.fills[cell] = Rgb(225, 225, 225);
            picture.inks[cell] = Some(Rgb::BLACK);
        } else if value.is_some() {
            picture.inks[cell] = Some(Rgb::BLUE);
        }
    }
    picture
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_differences() {
        let a = Grid::new(2, vec![1, 2, 2, 1]);
        let b = Grid::new(2, vec![2, 1, 2, 1]);
        assert_eq!(a.text(), "12\n21");
        assert_eq!(Grid::new(2, vec![10, 2, 2, 10]).text(), "10  2\n 2 10");
        assert_eq!(
            a.differences(&b),
            "2 cells differ: r1c1: 1 vs 2, r1c2: 2 vs 1"
        );
        assert_eq!(a.json(), serde_json::json!([[1, 2], [2, 1]]));
    }
}
