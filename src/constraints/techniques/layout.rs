//! The grid the techniques work on: which cells make each house, and how people name
//! the houses.

use super::{House, HouseKind};

/// The houses of a grid of side n: houses `0..n` are the rows, `n..2n` the columns,
/// `2n..3n` the boxes (or jigsaw regions), then any extra houses (sudoku X's two
/// diagonals). Every house has n cells and holds 1..=n once.
#[derive(Clone, Debug)]
pub struct Layout {
    pub(super) n: usize,
    pub(super) houses: Vec<Vec<usize>>,
    pub(super) names: Vec<House>,
    /// The block of each cell (house `2n + block`).
    pub(super) blocks: Vec<usize>,
    /// Boxes cut by straight lines (square or rectangular), no extra houses: the classic
    /// grid SE rates, and the one BUG's argument is made on.
    pub(super) classic: bool,
}

impl Layout {
    /// The square grid of box side `b` (n = b²).
    pub fn square(b: usize) -> Layout {
        Layout::boxes(b, b)
    }

    /// The grid of boxes `tall` rows by `wide` columns (n = tall × wide), boxes numbered
    /// row-major.
    pub fn boxes(tall: usize, wide: usize) -> Layout {
        let n = tall * wide;
        let blocks: Vec<usize> = (0..n * n)
            .map(|c| (c / n / tall) * tall + (c % n) / wide)
            .collect();
        let mut layout = Layout::build(n, blocks, HouseKind::Box, false);
        layout.classic = true;
        layout
    }

    /// The grid whose blocks are `blocks` (a block number `0..n` per cell, n cells each):
    /// irregular regions when `jigsaw`, else straight boxes; with both long diagonals as
    /// houses when `diagonals`. `None` when a block does not have n cells.
    pub fn new(n: usize, blocks: &[usize], jigsaw: bool, diagonals: bool) -> Option<Layout> {
        let mut sizes = vec![0; n];
        for &b in blocks {
            *sizes.get_mut(b)? += 1;
        }
        if blocks.len() != n * n || sizes.iter().any(|&s| s != n) {
            return None;
        }
        // Blocks numbered in the reading order of their first cell.
        let mut number = vec![usize::MAX; n];
        let mut next = 0;
        for &b in blocks {
            if number[b] == usize::MAX {
                number[b] = next;
                next += 1;
            }
        }
        let blocks = blocks.iter().map(|&b| number[b]).collect();
        let kind = if jigsaw {
            HouseKind::Region
        } else {
            HouseKind::Box
        };
        let mut layout = Layout::build(n, blocks, kind, diagonals);
        layout.classic = !jigsaw && !diagonals;
        Some(layout)
    }

    fn build(n: usize, blocks: Vec<usize>, kind: HouseKind, diagonals: bool) -> Layout {
        let named = |kind, i: usize| House {
            kind,
            number: i + 1,
        };
        let mut houses: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
        let mut names: Vec<House> = (0..n).map(|i| named(HouseKind::Row, i)).collect();
        names.extend((0..n).map(|i| named(HouseKind::Column, i)));
        let mut boxes = vec![Vec::new(); n];
        for (c, &b) in blocks.iter().enumerate() {
            boxes[b].push(c);
        }
        houses.extend(boxes);
        names.extend((0..n).map(|i| named(kind, i)));
        if diagonals {
            houses.push((0..n).map(|i| i * n + i).collect());
            houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
            names.extend((0..2).map(|i| named(HouseKind::Diagonal, i)));
        }
        Layout {
            n,
            houses,
            names,
            blocks,
            classic: false,
        }
    }

    /// The grid side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The houses, in the order above.
    pub fn houses(&self) -> &[Vec<usize>] {
        &self.houses
    }

    /// Whether SE's scale is defined on this grid (straight boxes, no extra houses).
    pub fn classic(&self) -> bool {
        self.classic
    }

    /// The first digit given twice in one house, in words (`digit 5 is given twice in row
    /// 3 (at r3c2 and r3c7)`), rows first, then columns, boxes and extra houses.
    pub fn clash(&self, givens: &[u8]) -> Option<String> {
        let n = self.n;
        let at = |c: usize| format!("r{}c{}", c / n + 1, c % n + 1);
        for (h, cells) in self.houses.iter().enumerate() {
            let mut first = vec![usize::MAX; n + 1];
            for &c in cells {
                let d = usize::from(givens[c]);
                if d == 0 || d > n {
                    continue;
                }
                if first[d] != usize::MAX {
                    return Some(format!(
                        "digit {d} is given twice in {} (at {} and {})",
                        self.names[h],
                        at(first[d]),
                        at(c)
                    ));
                }
                first[d] = c;
            }
        }
        None
    }
}

/// The houses of one cell: its row, column and box at positions 0, 1 and 2, then its
/// extra houses (a cell on both diagonals of sudoku X has five).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CellHouses {
    pub(super) ids: [usize; 5],
    pub(super) len: usize,
}

impl std::ops::Deref for CellHouses {
    type Target = [usize];

    fn deref(&self) -> &[usize] {
        &self.ids[..self.len]
    }
}

impl<'a> IntoIterator for &'a CellHouses {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangular_boxes_are_numbered_row_major() {
        // 6×6 with boxes 2 rows by 3 columns: box 2 is the top right one.
        let layout = Layout::boxes(2, 3);
        assert_eq!(layout.houses()[2 * 6 + 1], [3, 4, 5, 9, 10, 11]);
        assert!(layout.classic());
        assert_eq!(layout.houses().len(), 18);
    }

    #[test]
    fn regions_are_numbered_by_their_first_cell_and_diagonals_follow() {
        // 4×4 jigsaw whose block numbers do not follow reading order.
        let blocks = [3, 3, 1, 1, 3, 3, 1, 1, 0, 0, 2, 2, 0, 0, 2, 2];
        let layout = Layout::new(4, &blocks, true, true).expect("four blocks of four");
        assert_eq!(layout.houses()[8], [0, 1, 4, 5]);
        assert_eq!(layout.names[8].to_string(), "region 1");
        assert_eq!(layout.houses()[12], [0, 5, 10, 15]);
        assert_eq!(layout.houses()[13], [3, 6, 9, 12]);
        assert_eq!(layout.names[13].to_string(), "diagonal 2");
        assert!(!layout.classic());
        assert!(Layout::new(4, &[0; 16], true, false).is_none());
    }

    #[test]
    fn a_clash_names_its_house_and_cells() {
        let mut givens = vec![0; 16];
        givens[0] = 2;
        givens[15] = 2;
        assert_eq!(Layout::square(2).clash(&givens), None);
        let blocks: Vec<usize> = (0..16).map(|c| (c / 8) * 2 + (c % 4) / 2).collect();
        let x = Layout::new(4, &blocks, false, true).expect("boxes");
        assert_eq!(
            x.clash(&givens).as_deref(),
            Some("digit 2 is given twice in diagonal 1 (at r1c1 and r4c4)")
        );
    }
}
