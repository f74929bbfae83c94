//! Strong links of one digit, grouped ones included, for the turbot fishes (`turbot.rs`)
//! and the three-strong-link fishes (`three_links.rs`), and the cell sets they use.
//!
//! A strong link is a house where the digit lies in one of two *ends*: exactly two places
//! (each end one cell), or a grouped link whose ends are groups of places (at least one
//! of an end's cells holds the digit when the other end holds none). Grouped links, as
//! `docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) (3.1, 3.2) gives Sukaku Explainer v1.15.10's:
//! - a box whose places lie on one row segment and one column segment crossing at a cell,
//!   both arms non-empty (an "empty rectangle"): the ends are the two segments' places;
//! - a line whose places lie in exactly two of its box segments: one end per segment;
//! - for three links only, also a box whose places lie on two of its mini-rows (or
//!   mini-columns): one end per mini-row.
//!
//! Only the first configuration of a house is used; houses with more places are skipped.

use super::Board;

/// Words of a cell set: enough for 25×25 grids.
const WORDS: usize = 10;

/// A set of cells as a bitset over the grid (grids up to 640 cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cells([u64; WORDS]);

impl Cells {
    pub(super) fn empty(size: usize) -> Cells {
        debug_assert!(size <= WORDS * 64);
        Cells([0; WORDS])
    }

    pub(super) fn insert(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }

    pub(super) fn and(&self, other: &Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    pub(super) fn and_not(&self, other: &Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    pub(super) fn or(&self, other: &Cells) -> Cells {
        Cells(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// The sets the patterns test against, built once per search.
pub(super) struct Sets {
    /// Each house's cells.
    pub(super) house: Vec<Cells>,
    /// Each cell's peers.
    pub(super) peers: Vec<Cells>,
}

impl Sets {
    pub(super) fn new(board: &Board) -> Sets {
        let size = board.cand.len();
        let house = board
            .houses
            .iter()
            .map(|cells| {
                let mut set = Cells::empty(size);
                cells.iter().for_each(|&c| set.insert(c));
                set
            })
            .collect();
        let peers = board
            .peers
            .iter()
            .map(|p| {
                let mut set = Cells::empty(size);
                p.iter().for_each(|&c| set.insert(c));
                set
            })
            .collect();
        Sets { house, peers }
    }

    /// The cells that see every cell of `group`.
    pub(super) fn seeing_all(&self, group: &[usize]) -> Cells {
        let mut all = self.peers[group[0]];
        for &c in &group[1..] {
            all = all.and(&self.peers[c]);
        }
        all
    }
}

/// Which grouped links to admit (the two families differ on boxes).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Rules {
    /// Turbot fishes: box empty rectangles of 3–5 places, lines of 3–6 places.
    Turbot,
    /// Three strong links: box empty rectangles of 3–6, boxes of 4–6 places on two
    /// mini-rows or mini-columns, lines of 3–6.
    Three,
}

/// A strong link of one digit.
#[derive(Clone, Debug)]
pub(super) struct Link {
    /// The house (0..n rows, n..2n columns, 2n..3n boxes).
    pub(super) house: usize,
    /// The two ends: one of them holds the digit.
    pub(super) ends: [Vec<usize>; 2],
    /// Whether an end has more than one cell's worth of grouping (a grouped link).
    pub(super) grouped: bool,
    /// For each end, the row, column and box holding all its cells (`usize::MAX`: none).
    pub(super) homes: [[usize; 3]; 2],
}

impl Link {
    fn new(board: &Board, house: usize, ends: [Vec<usize>; 2], grouped: bool) -> Link {
        let home = |end: &[usize]| {
            let first = &board.cell_houses[end[0]];
            std::array::from_fn(|k| {
                if end.iter().all(|&c| board.cell_houses[c][k] == first[k]) {
                    first[k]
                } else {
                    usize::MAX
                }
            })
        };
        let homes = [home(&ends[0]), home(&ends[1])];
        Link {
            house,
            ends,
            grouped,
            homes,
        }
    }
}

/// The first house (a column, then a row, then a box) holding two ends whose homes are
/// `a` and `b`, other than `not`.
pub(super) fn weak_home(a: &[usize; 3], b: &[usize; 3], not: &[usize]) -> Option<usize> {
    [1, 0, 2]
        .into_iter()
        .find(|&k| a[k] != usize::MAX && a[k] == b[k] && !not.contains(&a[k]))
        .map(|k| a[k])
}

/// Every strong link of digit `d` under `rules`.
pub(super) fn strong_links(board: &Board, d: u8, rules: Rules) -> Vec<Link> {
    let n = board.n;
    let mut links = Vec::new();
    for h in 0..3 * n {
        if board.placed_in(h, d) {
            continue;
        }
        let places: Vec<usize> = board.houses[h]
            .iter()
            .copied()
            .filter(|&c| board.has(c, d))
            .collect();
        let count = places.len();
        if count == 2 {
            links.push(Link::new(
                board,
                h,
                [vec![places[0]], vec![places[1]]],
                false,
            ));
            continue;
        }
        if count < 3 {
            continue;
        }
        let ends = if h < 2 * n {
            // A line: places in exactly two of its box segments. (Strong links are
            // taken in rows, columns and boxes only: the homes and ratings are theirs.)
            if count > 6 {
                continue;
            }
            split_in_two(&places, |c| board.cell_houses[c][2])
        } else {
            let max = if rules == Rules::Turbot { 5 } else { 6 };
            if count > max {
                continue;
            }
            empty_rectangle(board, h, &places).or_else(|| {
                if rules == Rules::Three && count >= 4 {
                    split_in_two(&places, |c| c / n).or_else(|| split_in_two(&places, |c| c % n))
                } else {
                    None
                }
            })
        };
        if let Some(ends) = ends {
            links.push(Link::new(board, h, ends, true));
        }
    }
    links
}

/// The places split by `key` when it takes exactly two values.
fn split_in_two(places: &[usize], key: impl Fn(usize) -> usize) -> Option<[Vec<usize>; 2]> {
    let first = key(places[0]);
    let (a, rest): (Vec<usize>, Vec<usize>) = places.iter().partition(|&&c| key(c) == first);
    let second = key(*rest.first()?);
    rest.iter().all(|&c| key(c) == second).then_some([a, rest])
}

/// A box's places on one row segment and one column segment crossing at a cell, both
/// arms (the places off the crossing) non-empty: the two segments' places.
fn empty_rectangle(board: &Board, h: usize, places: &[usize]) -> Option<[Vec<usize>; 2]> {
    let n = board.n;
    for &cross in &board.houses[h] {
        let (r, c) = (cross / n, cross % n);
        if places.iter().any(|&p| p / n != r && p % n != c) {
            continue;
        }
        let row: Vec<usize> = places.iter().copied().filter(|&p| p / n == r).collect();
        let col: Vec<usize> = places.iter().copied().filter(|&p| p % n == c).collect();
        if row.iter().any(|&p| p != cross) && col.iter().any(|&p| p != cross) {
            return Some([row, col]);
        }
    }
    None
}

/// The places of `d` as a set.
pub(super) fn places(board: &Board, d: u8) -> Cells {
    let mut set = Cells::empty(board.cand.len());
    for c in 0..board.cand.len() {
        if board.has(c, d) {
            set.insert(c);
        }
    }
    set
}
