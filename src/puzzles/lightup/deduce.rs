//! Light Up deductions on a partly marked board: the rules a person applies, run to a
//! fixpoint before every guess of the native search (`search.rs`).
//!
//! Glossary (with the module's):
//! - **open** cell: a white cell neither a light nor known empty;
//! - a cell is **lit** when a segment through it holds a light; its **candidates**, while
//!   unlit, are the open cells of its two segments (itself included when open): the cells
//!   a light could light it from;
//! - a clue's **need**: its number minus the lights beside it.
//!
//! The rules (`encodings/lightup.md`, "Native solver"):
//! 1. **sight**: a light's two segments hold no other light: their open cells are empty;
//! 2. **clue**: a clue with need 0 has its open neighbours empty; a clue whose open
//!    neighbours are just its need has lights on all of them;
//! 3. **corner**: a clue whose need is one less than its open neighbours lights, whichever
//!    of them stays dark, every cell diagonal to it between two open neighbours (the
//!    diagonal cell sees both), so that cell is empty;
//! 4. **only candidate**: an unlit cell with no candidate is a contradiction; with one, the
//!    light is there;
//! 5. **two candidates**: an unlit empty cell whose candidates are one cell of its row
//!    segment and one of its column segment is lit by one of them; the cell at the fourth
//!    corner of their rectangle, when both see it, is lit either way, so it is empty.
//!
//! Rules 2 and 3 run when a clue's neighbours change, rules 4 and 5 over a segment's cells
//! when its open cells change (a queue of each), so the fixpoint revisits only what moved.
//!
//! Invariant: every rule marks a cell only as every solution that extends the current marks
//! has it, and reports a contradiction only when no solution extends them. At a fixpoint
//! every open cell is unlit with at least two candidates, and every clue has lights and
//! open neighbours to meet it; so a fixpoint with no open cell and no unlit cell is a
//! solution, and one reached from the clues alone is the only one.

use super::{Cell, LightUp};

/// A cell's mark.
pub(super) type Mark = u8;
/// Neither a light nor known empty.
pub(super) const OPEN: Mark = 0;
/// A light.
pub(super) const LIGHT: Mark = 1;
/// Known empty (and every black cell).
pub(super) const EMPTY: Mark = 2;

/// No solution extends the marks; a rule's outcome (the layer's, shared with the other
/// genres' deductions).
pub(super) use crate::constraints::probe::{Contradiction, Step};

/// A numbered black cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Clue {
    pub number: u32,
    /// Its white side neighbours.
    pub around: Vec<u32>,
    /// Its white diagonal cells whose two side neighbours next to the clue are white: the
    /// diagonal cell, then those two (rule 3).
    pub corners: Vec<[u32; 3]>,
}

/// The fixed shape of a puzzle: segments and clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub width: usize,
    /// Each segment's cells, row segments first (`constraints::sight::segments`).
    pub segments: Vec<Vec<u32>>,
    /// Per white cell, its row segment and its column segment.
    pub segment_of: Vec<[u32; 2]>,
    pub clues: Vec<Clue>,
    /// Per cell, the clues beside it.
    pub clues_of: Vec<Vec<u32>>,
    white: Vec<bool>,
}

impl Board {
    pub fn new(p: &LightUp) -> Board {
        let (w, h) = (p.width, p.height);
        let white: Vec<bool> = p.cells.iter().map(|&c| c == Cell::White).collect();
        let segments: Vec<Vec<u32>> = crate::constraints::sight::segments(w, h, &white)
            .into_iter()
            .map(|s| s.into_iter().map(|c| c as u32).collect())
            .collect();
        let mut segment_of = vec![[u32::MAX; 2]; w * h];
        for (s, cells) in segments.iter().enumerate() {
            // A row segment's cells share a row; a single cell is both kinds in turn.
            for &c in cells {
                let slot = &mut segment_of[c as usize];
                let k = usize::from(slot[0] != u32::MAX);
                slot[k] = s as u32;
            }
        }
        let mut clues = Vec::new();
        let mut clues_of = vec![Vec::new(); w * h];
        let at = |r: isize, c: isize| -> Option<usize> {
            ((0..h as isize).contains(&r) && (0..w as isize).contains(&c))
                .then(|| r as usize * w + c as usize)
                .filter(|&i| white[i])
        };
        for (i, &cell) in p.cells.iter().enumerate() {
            let Cell::Black(Some(number)) = cell else {
                continue;
            };
            let (r, c) = ((i / w) as isize, (i % w) as isize);
            let around: Vec<u32> = [(-1, 0), (0, -1), (0, 1), (1, 0)]
                .into_iter()
                .filter_map(|(dr, dc)| at(r + dr, c + dc))
                .map(|n| n as u32)
                .collect();
            let mut corners = Vec::new();
            for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                if let (Some(d), Some(a), Some(b)) =
                    (at(r + dr, c + dc), at(r + dr, c), at(r, c + dc))
                {
                    corners.push([d as u32, a as u32, b as u32]);
                }
            }
            for &n in &around {
                clues_of[n as usize].push(clues.len() as u32);
            }
            clues.push(Clue {
                number: u32::from(number),
                around,
                corners,
            });
        }
        Board {
            width: w,
            segments,
            segment_of,
            clues,
            clues_of,
            white,
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.white.len()
    }
}

/// The marks of every cell, the counts the rules read, and the work left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    pub cell: Vec<Mark>,
    /// Per segment, its open cells, and whether it holds a light.
    pub open: Vec<u32>,
    pub lit: Vec<bool>,
    /// Per clue, the lights and open cells beside it.
    pub lights: Vec<u32>,
    pub around: Vec<u32>,
    clue_queue: Vec<u32>,
    queued_clue: Vec<bool>,
    segment_queue: Vec<u32>,
    queued_segment: Vec<bool>,
}

impl Marks {
    /// Every white cell open, every rule due.
    pub fn new(b: &Board) -> Marks {
        let cell = b
            .white
            .iter()
            .map(|&w| if w { OPEN } else { EMPTY })
            .collect();
        Marks {
            cell,
            open: b.segments.iter().map(|s| s.len() as u32).collect(),
            lit: vec![false; b.segments.len()],
            lights: vec![0; b.clues.len()],
            around: b.clues.iter().map(|k| k.around.len() as u32).collect(),
            clue_queue: (0..b.clues.len() as u32).rev().collect(),
            queued_clue: vec![true; b.clues.len()],
            segment_queue: (0..b.segments.len() as u32).rev().collect(),
            queued_segment: vec![true; b.segments.len()],
        }
    }

    /// Whether a segment through the white `cell` holds a light.
    pub fn is_lit(&self, b: &Board, cell: usize) -> bool {
        let [r, c] = b.segment_of[cell];
        self.lit[r as usize] || self.lit[c as usize]
    }

    /// The unlit white `cell`'s candidates, counted.
    pub fn candidates(&self, b: &Board, cell: usize) -> u32 {
        let [r, c] = b.segment_of[cell];
        self.open[r as usize] + self.open[c as usize] - u32::from(self.cell[cell] == OPEN)
    }

    fn due_clue(&mut self, k: u32) {
        if !self.queued_clue[k as usize] {
            self.queued_clue[k as usize] = true;
            self.clue_queue.push(k);
        }
    }

    fn due_segment(&mut self, s: u32) {
        if !self.queued_segment[s as usize] {
            self.queued_segment[s as usize] = true;
            self.segment_queue.push(s);
        }
    }

    /// Marks `cell` empty.
    pub fn empty(&mut self, b: &Board, cell: usize) -> Step {
        match self.cell[cell] {
            EMPTY => return Ok(()),
            LIGHT => return Err(Contradiction),
            _ => {}
        }
        self.cell[cell] = EMPTY;
        for s in b.segment_of[cell] {
            self.open[s as usize] -= 1;
            self.due_segment(s);
        }
        for &k in &b.clues_of[cell] {
            self.around[k as usize] -= 1;
            self.due_clue(k);
        }
        Ok(())
    }

    /// Puts a light on `cell`, and rule 1: the rest of its segments empty.
    pub fn light(&mut self, b: &Board, cell: usize) -> Step {
        match self.cell[cell] {
            LIGHT => return Ok(()),
            EMPTY => return Err(Contradiction),
            _ => {}
        }
        self.cell[cell] = LIGHT;
        for &k in &b.clues_of[cell] {
            self.around[k as usize] -= 1;
            self.lights[k as usize] += 1;
            self.due_clue(k);
        }
        for s in b.segment_of[cell] {
            // An open cell's segments hold no light: a light empties its segments' cells.
            debug_assert!(!self.lit[s as usize]);
            self.lit[s as usize] = true;
            self.open[s as usize] -= 1;
            for &c in &b.segments[s as usize] {
                if self.cell[c as usize] == OPEN {
                    self.empty(b, c as usize)?;
                }
            }
        }
        Ok(())
    }

    /// Rules 2 and 3 on clue `k`.
    fn clue(&mut self, b: &Board, k: usize) -> Step {
        let clue = &b.clues[k];
        let (lights, open) = (self.lights[k], self.around[k]);
        if lights > clue.number || lights + open < clue.number {
            return Err(Contradiction);
        }
        if open == 0 {
            return Ok(());
        }
        let need = clue.number - lights;
        if need == 0 || need == open {
            for &n in &clue.around {
                if self.cell[n as usize] == OPEN {
                    if need == 0 {
                        self.empty(b, n as usize)?;
                    } else {
                        self.light(b, n as usize)?;
                    }
                }
            }
        } else if need + 1 == open {
            for &[d, x, y] in &clue.corners {
                if self.cell[x as usize] == OPEN && self.cell[y as usize] == OPEN {
                    self.empty(b, d as usize)?;
                }
            }
        }
        Ok(())
    }

    /// Rules 4 and 5 on the unlit cells of segment `s`.
    fn segment(&mut self, b: &Board, s: usize) -> Step {
        if self.lit[s] {
            return Ok(());
        }
        for &cell in &b.segments[s] {
            if self.lit[s] {
                break;
            }
            let cell = cell as usize;
            let [row, col] = b.segment_of[cell];
            if self.lit[row as usize] || self.lit[col as usize] {
                continue;
            }
            match self.candidates(b, cell) {
                0 => return Err(Contradiction),
                1 => {
                    let only = self
                        .open_in(b, row as usize)
                        .or(self.open_in(b, col as usize));
                    // The light may stand in the cell's other segment: the rest of this
                    // one is still to be read.
                    self.light(b, only.ok_or(Contradiction)?)?;
                }
                2 if self.cell[cell] == EMPTY
                    && self.open[row as usize] == 1
                    && self.open[col as usize] == 1 =>
                {
                    self.fourth_corner(b, row as usize, col as usize)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Rule 5: `a`, the open cell of row segment `row`, and `b`'s of column segment `col`.
    fn fourth_corner(&mut self, b: &Board, row: usize, col: usize) -> Step {
        let (Some(x), Some(y)) = (self.open_in(b, row), self.open_in(b, col)) else {
            return Ok(());
        };
        // The cell in x's column and y's row, in both their segments.
        let corner = (y / b.width) * b.width + x % b.width;
        if b.white[corner]
            && self.cell[corner] == OPEN
            && b.segment_of[corner][1] == b.segment_of[x][1]
            && b.segment_of[corner][0] == b.segment_of[y][0]
        {
            self.empty(b, corner)?;
        }
        Ok(())
    }

    /// The first open cell of segment `s`.
    fn open_in(&self, b: &Board, s: usize) -> Option<usize> {
        if self.open[s] == 0 {
            return None;
        }
        b.segments[s]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.cell[c] == OPEN)
    }
}

/// Runs the rules until none marks anything: clues first, then segments.
pub(super) fn settle(b: &Board, m: &mut Marks) -> Step {
    loop {
        if let Some(k) = m.clue_queue.pop() {
            m.queued_clue[k as usize] = false;
            m.clue(b, k as usize)?;
        } else if let Some(s) = m.segment_queue.pop() {
            m.queued_segment[s as usize] = false;
            m.segment(b, s as usize)?;
        } else {
            return Ok(());
        }
    }
}

/// Settles `m` and leaves the queues empty whatever the outcome (a contradiction leaves
/// work queued that no later call should see).
pub(super) fn settle_clean(b: &Board, m: &mut Marks) -> Step {
    let outcome = settle(b, m);
    if outcome.is_err() {
        for k in m.clue_queue.drain(..) {
            m.queued_clue[k as usize] = false;
        }
        for s in m.segment_queue.drain(..) {
            m.queued_segment[s as usize] = false;
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::lightup::parse;

    fn board(rows: &str) -> (Board, Marks) {
        let (_, p) = parse(&format!("lightup\n{rows}")).remove(0).unwrap();
        let b = Board::new(&p);
        let m = Marks::new(&b);
        (b, m)
    }

    /// The marks as rows: `*` light, `x` empty white, `.` open, `#` black.
    fn drawn(b: &Board, m: &Marks) -> String {
        m.cell
            .chunks(b.width)
            .enumerate()
            .map(|(r, row)| {
                row.iter()
                    .enumerate()
                    .map(|(c, &x)| match x {
                        _ if !b.white[r * b.width + c] => '#',
                        LIGHT => '*',
                        EMPTY => 'x',
                        _ => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn segments_of_cells() {
        let (b, _) = board("..#\n...\n");
        // Rows: [0,1], [3,4,5]; columns: [0,3], [1,4], [5].
        assert_eq!(b.segments.len(), 5);
        assert_eq!(b.segment_of[4], [1, 3]);
        assert_eq!(b.segment_of[5], [1, 4]);
    }

    #[test]
    fn sight_empties_both_segments() {
        let (b, mut m) = board("....\n.#..\n....\n");
        m.light(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "*xxx\nx#..\nx...");
        assert!(m.is_lit(&b, 8) && !m.is_lit(&b, 9));
        assert_eq!(m.light(&b, 3), Err(Contradiction));
    }

    #[test]
    fn clue_zero_and_clue_full() {
        let (b, mut m) = board("...\n.0.\n...\n");
        m.clue(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), ".x.\nx#x\n.x.");
        let (b, mut m) = board("3..\n...\n");
        // 3 beside a corner: two neighbours only, too few.
        assert_eq!(m.clue(&b, 0), Err(Contradiction));
        let (b, mut m) = board("2..\n...\n");
        m.clue(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "#*x\n*xx");
    }

    #[test]
    fn corner_of_a_clue_with_one_to_spare() {
        // A 1 with two open neighbours: the cell diagonal between them is lit either way.
        let (b, mut m) = board("1..\n...\n");
        m.clue(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "#..\n.x.");
        // A 3 with four: every diagonal cell.
        let (b, mut m) = board("...\n.3.\n...\n");
        m.clue(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "x.x\n.#.\nx.x");
    }

    #[test]
    fn only_candidate_lights() {
        // r1c1's candidates: itself only (its row and column end at black cells).
        let (b, mut m) = board(".#\n#.\n");
        m.segment(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "*#\n#.");
        // An empty cell with its segments dark and empty: no way to light it.
        let (b, mut m) = board(".#\n#.\n");
        m.empty(&b, 0).unwrap();
        assert_eq!(m.segment(&b, 0), Err(Contradiction));
        // An empty cell seen only from the other end of its row.
        let (b, mut m) = board("..\n##\n");
        m.empty(&b, 0).unwrap();
        m.segment(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "x*\n##");
        // r1c1's light comes from r2c1, in its column; the pass goes on along row 1 to
        // r1c2, left with no candidate.
        let (b, mut m) = board("..\n..\n");
        m.empty(&b, 0).unwrap();
        m.empty(&b, 1).unwrap();
        assert_eq!(m.segment(&b, 0), Err(Contradiction));
    }

    #[test]
    fn fourth_corner_of_two_candidates() {
        // r1c1 empty, its candidates r1c3 and r3c1: r3c3 sees both, so it is empty (then
        // r1c2, whose only candidate is r1c3, has its light).
        let (b, mut m) = board("...\n.#.\n...\n");
        m.empty(&b, 0).unwrap();
        m.empty(&b, 1).unwrap();
        m.empty(&b, 3).unwrap();
        m.segment(&b, 0).unwrap();
        assert_eq!(drawn(&b, &m), "xx*\nx#x\n..x");
        // With r2c3 black, r1c3 does not see r3c3: nothing.
        let (b, mut m) = board("...\n.##\n...\n");
        m.empty(&b, 0).unwrap();
        m.empty(&b, 1).unwrap();
        m.empty(&b, 3).unwrap();
        m.fourth_corner(&b, 0, b.segment_of[0][1] as usize).unwrap();
        assert_eq!(drawn(&b, &m), "xx.\nx##\n...");
    }

    #[test]
    fn settle_solves_a_small_board() {
        // The first ID of `lightup-7x7-easy.txt` is decided without a guess.
        let (_, p) = parse("7x7:b11p2Bb0b01pBBb").remove(0).unwrap();
        let b = Board::new(&p);
        let mut m = Marks::new(&b);
        settle(&b, &mut m).unwrap();
        assert!(!m.cell.contains(&OPEN));
        assert!((0..b.cells()).all(|c| !b.white[c] || m.is_lit(&b, c)));
    }
}
