//! Star battle deductions on a partly marked grid: the rules a person applies, run to a
//! fixpoint before every guess of the native search (`search.rs`).
//!
//! Glossary:
//! - **unit**: a row, a column or a region; ids rows first, then columns, then regions;
//! - **open** cell: neither a star nor known empty; a unit's **need**: K minus its stars;
//! - **touching** cells: side or corner neighbours (at most 8);
//! - **band**: consecutive rows (or consecutive columns); a region is **inside** a band when
//!   all its open cells lie in the band's lines, and **meets** it when some do.
//!
//! The rules (`encodings/starbattle.md`, "Native solver"):
//! 1. **count**: a unit with need 0 has its open cells empty; a unit whose open cells are
//!    exactly its need holds stars on all of them;
//! 2. **touch**: the cells touching a star are empty;
//! 3. **band** (pigeonhole; a unit confined to another unit is the one-line case): the
//!    regions inside a band need at most what the band's lines need, and when they need as
//!    much, the band's open cells of the other regions are empty; the band's lines need at
//!    most what the regions meeting it need, and when those need as much, their open cells
//!    outside the band are empty;
//! 4. **lines**: a row's (or column's) open cells hold at most half of each run of
//!    consecutive ones, rounded up (stars do not touch); when that is just its need, each
//!    odd run holds stars on its first, third, … cells, and each run of two holds one star,
//!    so the cells touching both of its cells are empty;
//! 5. **pairs**: two neighbouring rows (or columns) hold their stars on distinct, not
//!    neighbouring positions along them (two stars at one position, or at neighbouring
//!    ones, touch): at most half of each run of positions with an open cell, rounded up;
//!    when that is just their need, each odd run holds a star at its first, third, …
//!    positions (in the only open cell, when one is) and none between;
//! 6. **room**: a cell is empty when a star on it (emptying the cells touching it and the
//!    rest of every unit it would complete) leaves some unit fewer open cells than its
//!    need, or a row or column less room than its need by rule 4's count.
//!
//! Invariant: every rule marks a cell only as every solution that extends the current marks
//! has it, and reports a contradiction only when no solution extends them. So deduction
//! never loses or invents a solution, and when it decides every cell from the clues alone
//! the puzzle has exactly that one solution (each step forced).
//!
//! Order: [`settle`] runs the cheap rules (count, lines, pairs) to their fixpoint before
//! band, and band's before room, the dearest. The passes keep their work space in a
//! [`Scratch`] the search makes once; between passes it holds only where the next room
//! pass may stop (below), which [`settle`] forgets on entry.
//!
//! Room resumes: a room pass that marked cells is followed, when no rule marked a cell in
//! between (the open cells are as many as it left: marks only ever close cells), by a pass
//! that stops after the cell the first one marked last unless it marks a cell itself. The
//! cells after that one were probed against these very marks and passed, so probing them
//! again would pass again; a test compares the fixpoint with full passes.
//!
//! Room on line masks (boards of at most 64 rows, columns and regions): a star's lost
//! cells lie in its 3×3 block and in those of its units that need one star, so a line
//! away from the block and the star's region loses at most one cell, in the star's column
//! (row) when that needs one star. `LineMasks` notes per line the cells that, lost alone,
//! break it; a probe computes the block's and the region's lines in full, reads the others
//! from those notes, and counts regions from per-line region counts. A test compares it
//! with the probe cell by cell on random partial grids.
//!
//! Band sweeps: for each first line `a`, a region joins the regions meeting `a..=b` at the
//! first line ≥ `a` of its open cells, and the regions inside at its last line when its
//! first is ≥ `a`; so one sweep over `b` gives every band's sums that a region-by-region
//! count gives (a test compares the two on random partial grids).

use crate::util::visits::Visits;

/// A cell's mark.
pub(super) type Mark = u8;
/// Neither a star nor known empty.
pub(super) const OPEN: Mark = 0;
/// A star.
pub(super) const STAR: Mark = 1;
/// Known empty.
pub(super) const EMPTY: Mark = 2;

/// No solution extends the marks (the layer's, shared with the other genres' deductions).
pub(super) use crate::constraints::probe::Contradiction;

/// What the rules may do, a bit each (all of them in the solver; tests turn some off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Rules {
    pub band: bool,
    pub lines: bool,
    pub room: bool,
}

impl Rules {
    pub const ALL: Rules = Rules {
        band: true,
        lines: true,
        room: true,
    };
}

/// The fixed shape of a puzzle: units and neighbourhoods.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Board {
    pub width: usize,
    pub height: usize,
    /// Stars per unit.
    pub k: u32,
    /// Cells of each unit, rows, then columns, then regions.
    pub units: Vec<Vec<u32>>,
    /// The row, column and region unit of each cell.
    pub of_cell: Vec<[u32; 3]>,
    /// The cells touching each cell.
    pub around: Vec<Vec<u32>>,
    /// Whether bands fit a 64-bit line mask (at most 64 rows and 64 columns); the marks
    /// then keep line masks.
    bands: bool,
    /// Whether room probes use line masks (`bands`, and at most 64 regions).
    probe_masks: bool,
    /// Each region's cells as line masks: per row it meets, the row and the columns of its
    /// cells there; per column, the column and the rows (empty unless `bands`).
    region_rows: Vec<Vec<(u32, u64)>>,
    region_cols: Vec<Vec<(u32, u64)>>,
    /// The same by line: per row, each region meeting it (index from 0) and its cells
    /// there; per column likewise.
    row_parts: Vec<Vec<(u32, u64)>>,
    col_parts: Vec<Vec<(u32, u64)>>,
}

impl Board {
    /// The board of a `width × height` grid of `regions` (ids from 0) with `k` stars a unit.
    pub fn new(width: usize, height: usize, k: usize, regions: &[usize]) -> Board {
        let n_regions = regions.iter().max().map_or(0, |&m| m + 1);
        let mut units = vec![Vec::new(); height + width + n_regions];
        let mut of_cell = Vec::with_capacity(width * height);
        let mut around = Vec::with_capacity(width * height);
        for r in 0..height {
            for c in 0..width {
                let cell = r * width + c;
                let ids = [r, height + c, height + width + regions[cell]];
                for &u in &ids {
                    units[u].push(cell as u32);
                }
                of_cell.push(ids.map(|u| u as u32));
                let mut near = Vec::with_capacity(8);
                for dr in -1isize..=1 {
                    for dc in -1isize..=1 {
                        let (rr, cc) = (r as isize + dr, c as isize + dc);
                        if (dr, dc) != (0, 0)
                            && (0..height as isize).contains(&rr)
                            && (0..width as isize).contains(&cc)
                        {
                            near.push((rr as usize * width + cc as usize) as u32);
                        }
                    }
                }
                around.push(near);
            }
        }
        let bands = width <= 64 && height <= 64;
        let mut region_rows = vec![Vec::new(); n_regions];
        let mut region_cols = region_rows.clone();
        if bands {
            for (cell, &g) in regions.iter().enumerate() {
                let (r, c) = (cell / width, cell % width);
                add_bit(&mut region_rows[g], r, c);
                add_bit(&mut region_cols[g], c, r);
            }
        }
        let mut row_parts = vec![Vec::new(); if bands { height } else { 0 }];
        let mut col_parts = vec![Vec::new(); if bands { width } else { 0 }];
        for (g, (rows, cols)) in region_rows.iter().zip(&region_cols).enumerate() {
            for &(r, m) in rows {
                row_parts[r as usize].push((g as u32, m));
            }
            for &(c, m) in cols {
                col_parts[c as usize].push((g as u32, m));
            }
        }
        Board {
            width,
            height,
            k: k as u32,
            units,
            of_cell,
            around,
            bands,
            probe_masks: bands && n_regions <= 64,
            region_rows,
            region_cols,
            row_parts,
            col_parts,
        }
    }

    /// The first region unit.
    fn regions_from(&self) -> usize {
        self.height + self.width
    }
}

/// The mask of the first `n` bits (n ≤ 64).
fn mask_of(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1 << n) - 1 }
}

/// Sets bit `bit` of line `line` in `masks` (one mask a line, lines in increasing order).
fn add_bit(masks: &mut Vec<(u32, u64)>, line: usize, bit: usize) {
    match masks.iter_mut().find(|(l, _)| *l as usize == line) {
        Some((_, mask)) => *mask |= 1 << bit,
        None => {
            masks.push((line as u32, 1 << bit));
            masks.sort_unstable_by_key(|&(l, _)| l);
        }
    }
}

/// The marks of every cell and each unit's stars and open cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Marks {
    pub cell: Vec<Mark>,
    pub stars: Vec<u32>,
    pub open: Vec<u32>,
    /// Each row's open cells as a mask of columns, then each column's as a mask of rows
    /// (none on boards over 64 rows or columns).
    lines: Vec<u64>,
}

impl Marks {
    /// Every cell open.
    pub fn new(board: &Board) -> Marks {
        Marks {
            cell: vec![OPEN; board.of_cell.len()],
            stars: vec![0; board.units.len()],
            open: board.units.iter().map(|u| u.len() as u32).collect(),
            lines: if board.bands {
                let (full_row, full_col) = (mask_of(board.width), mask_of(board.height));
                let rows = std::iter::repeat_n(full_row, board.height);
                rows.chain(std::iter::repeat_n(full_col, board.width))
                    .collect()
            } else {
                Vec::new()
            },
        }
    }

    /// The open cells of row or column `unit` as a mask, when the board has masks.
    fn line(&self, unit: usize) -> Option<u64> {
        self.lines.get(unit).copied()
    }

    /// `cell` is no longer open.
    fn close(&mut self, board: &Board, cell: usize) {
        if !self.lines.is_empty() {
            let (r, c) = (cell / board.width, cell % board.width);
            self.lines[r] &= !(1 << c);
            self.lines[board.height + c] &= !(1 << r);
        }
    }

    /// The unit's need (K minus its stars).
    pub fn need(&self, board: &Board, unit: usize) -> u32 {
        board.k.saturating_sub(self.stars[unit])
    }

    /// Marks `cell` a star and the cells touching it empty (rule 2).
    pub fn star(&mut self, board: &Board, cell: usize) -> Result<(), Contradiction> {
        match self.cell[cell] {
            STAR => return Ok(()),
            EMPTY => return Err(Contradiction),
            _ => {}
        }
        self.cell[cell] = STAR;
        self.close(board, cell);
        for &u in &board.of_cell[cell] {
            let u = u as usize;
            self.stars[u] += 1;
            self.open[u] -= 1;
            if self.stars[u] > board.k {
                return Err(Contradiction);
            }
        }
        for &t in &board.around[cell] {
            self.empty(board, t as usize)?;
        }
        Ok(())
    }

    /// Marks `cell` empty.
    pub fn empty(&mut self, board: &Board, cell: usize) -> Result<(), Contradiction> {
        match self.cell[cell] {
            EMPTY => return Ok(()),
            STAR => return Err(Contradiction),
            _ => {}
        }
        self.cell[cell] = EMPTY;
        self.close(board, cell);
        for &u in &board.of_cell[cell] {
            let u = u as usize;
            self.open[u] -= 1;
            if self.stars[u] + self.open[u] < board.k {
                return Err(Contradiction);
            }
        }
        Ok(())
    }
}

/// Work space of the passes, reused so that the fixpoint allocates nothing; between passes
/// only `room_resume` means something.
pub(super) struct Scratch {
    /// Rule 6: the open cells of each unit the probed star would empty (all 0 between
    /// probes), the units with some, and the cells counted for the probe.
    lost: Vec<u32>,
    touched: Vec<usize>,
    seen: Visits,
    /// Rule 3: each region with open cells, its need and the lines of its open cells.
    regions: Vec<(u32, u64)>,
    /// Rule 3: the unit of each of `regions`.
    ids: Vec<usize>,
    /// Rule 3: each line's need; per last line `b`, the need and number of the regions
    /// joining the meeting ones (`meet`) and the inside ones (`inside`) at `b`.
    line_need: Vec<u32>,
    meet: Vec<(u32, u32)>,
    inside: Vec<(u32, u32)>,
    /// Rules 4 and 5: the runs (start, length) of a line.
    runs: Vec<(usize, usize)>,
    /// Rule 6 on boards with line masks.
    lines: LineMasks,
    /// Rule 6, after a pass that marked cells: the open cells it left and the cell after
    /// the last it marked; `None` asks for a full pass.
    room_resume: Option<(u32, usize)>,
}

impl Scratch {
    pub fn new(board: &Board) -> Scratch {
        let lines = board.width.max(board.height);
        Scratch {
            lost: vec![0; board.units.len()],
            touched: Vec::new(),
            seen: Visits::new(board.of_cell.len()),
            regions: Vec::new(),
            ids: Vec::new(),
            line_need: Vec::with_capacity(lines),
            meet: vec![(0, 0); lines],
            inside: vec![(0, 0); lines],
            runs: Vec::new(),
            lines: LineMasks::new(board),
            room_resume: None,
        }
    }
}

/// Applies `rules` (and always count and touch) until none marks a cell: the cheap ones
/// first, each dearer one only at the fixpoint of those before it.
pub(super) fn settle(
    board: &Board,
    marks: &mut Marks,
    rules: Rules,
    scratch: &mut Scratch,
) -> Result<(), Contradiction> {
    scratch.room_resume = None;
    loop {
        count(board, marks)?;
        if rules.lines && (lines(board, marks, scratch)? | pairs(board, marks, scratch)?) {
            continue;
        }
        if rules.band
            && board.bands
            && band(board, marks, false, scratch)? | band(board, marks, true, scratch)?
        {
            continue;
        }
        if rules.room && room(board, marks, scratch)? {
            continue;
        }
        return Ok(());
    }
}

/// Rule 1 to a fixpoint (rule 2 comes with every star).
pub(super) fn count(board: &Board, marks: &mut Marks) -> Result<(), Contradiction> {
    let mut changed = true;
    while changed {
        changed = false;
        for (u, cells) in board.units.iter().enumerate() {
            if marks.open[u] == 0 {
                continue;
            }
            let need = marks.need(board, u);
            if need == 0 {
                for &c in cells {
                    if marks.cell[c as usize] == OPEN {
                        marks.empty(board, c as usize)?;
                    }
                }
                changed = true;
            } else if marks.open[u] == need {
                for &c in cells {
                    if marks.cell[c as usize] == OPEN {
                        marks.star(board, c as usize)?;
                    }
                }
                changed = true;
            } else if marks.open[u] < need {
                return Err(Contradiction);
            }
        }
    }
    Ok(())
}

/// Rule 3 over the bands of rows (`columns` false) or of columns; whether it marked a cell.
/// It stops at the first band that marks one.
pub(super) fn band(
    board: &Board,
    marks: &mut Marks,
    columns: bool,
    scratch: &mut Scratch,
) -> Result<bool, Contradiction> {
    let (lines, first_line) = if columns {
        (board.width, board.height)
    } else {
        (board.height, 0)
    };
    let line_of = |cell: usize| {
        if columns {
            cell % board.width
        } else {
            cell / board.width
        }
    };
    let first_region = board.regions_from();
    let Scratch {
        regions,
        ids,
        line_need,
        meet,
        inside: joins_inside,
        ..
    } = scratch;
    regions.clear();
    ids.clear();
    for u in first_region..board.units.len() {
        if marks.open[u] == 0 {
            continue;
        }
        // The lines where the region has an open cell, from the marks' line masks.
        let parts = if columns {
            &board.region_cols[u - first_region]
        } else {
            &board.region_rows[u - first_region]
        };
        let mut mask = 0u64;
        for &(l, cells) in parts {
            if marks.lines[first_line + l as usize] & cells != 0 {
                mask |= 1 << l;
            }
        }
        regions.push((marks.need(board, u), mask));
        ids.push(u);
    }
    line_need.clear();
    line_need.extend((0..lines).map(|l| marks.need(board, first_line + l)));
    let mut changed = false;
    for a in 0..lines {
        meet[a..lines].fill((0, 0));
        joins_inside[a..lines].fill((0, 0));
        let before_a = (1u64 << a) - 1;
        for &(need, mask) in regions.iter() {
            let from_a = mask >> a;
            if from_a == 0 {
                continue;
            }
            let first = a + from_a.trailing_zeros() as usize;
            meet[first].0 += need;
            meet[first].1 += 1;
            if mask & before_a == 0 {
                let last = 63 - mask.leading_zeros() as usize;
                joins_inside[last].0 += need;
                joins_inside[last].1 += 1;
            }
        }
        let (mut lines_need, mut meeting, mut inside) = (0, 0, 0);
        let (mut n_meeting, mut n_inside) = (0, 0);
        for b in a..lines {
            let need = line_need[b];
            lines_need += need;
            meeting += meet[b].0;
            n_meeting += meet[b].1;
            inside += joins_inside[b].0;
            n_inside += joins_inside[b].1;
            if need == 0 && b > a {
                // A finished line has no open cell: this band says what the band a line
                // shorter said.
                continue;
            }
            if inside > lines_need || meeting < lines_need {
                return Err(Contradiction);
            }
            // Some region meets the band without lying inside it.
            let straddling = n_meeting > n_inside;
            if !straddling || (inside != lines_need && meeting != lines_need) {
                continue;
            }
            let band = if b - a == 63 {
                u64::MAX
            } else {
                ((1u64 << (b - a + 1)) - 1) << a
            };
            for (i, &(_, mask)) in regions.iter().enumerate() {
                if mask & band == 0 || mask & !band == 0 {
                    continue;
                }
                // A straddling region: its cells in the band are empty when the inside
                // regions fill the band, its cells outside when the meeting ones do.
                for &c in &board.units[ids[i]] {
                    let c = c as usize;
                    if marks.cell[c] != OPEN {
                        continue;
                    }
                    let within = (band >> line_of(c)) & 1 == 1;
                    if (within && inside == lines_need) || (!within && meeting == lines_need) {
                        marks.empty(board, c)?;
                        changed = true;
                    }
                }
            }
            if changed {
                return Ok(true);
            }
        }
    }
    Ok(changed)
}

/// Rule 6; whether it marked a cell.
pub(super) fn room(
    board: &Board,
    marks: &mut Marks,
    scratch: &mut Scratch,
) -> Result<bool, Contradiction> {
    let n = board.of_cell.len();
    let mut end = match scratch.room_resume {
        Some((open, end)) if open == open_cells(board, marks) => end,
        _ => n,
    };
    if board.probe_masks {
        scratch.lines.load(board, marks);
    }
    let mut changed = false;
    for cell in 0..n {
        if cell == end {
            break;
        }
        if marks.cell[cell] != OPEN {
            continue;
        }
        let fails = if board.probe_masks {
            scratch.lines.star_fails(board, marks, cell)
        } else {
            star_fails_by_cells(board, marks, scratch, cell)
        };
        if fails {
            marks.empty(board, cell)?;
            if board.probe_masks {
                scratch.lines.close(board, marks, cell);
            }
            changed = true;
            // Probed against other marks than the cells after it: the pass goes on to
            // the end, and a next one may stop after this cell.
            end = n;
            scratch.room_resume = Some((0, cell + 1));
        }
    }
    if let Some((open, _)) = scratch.room_resume.as_mut().filter(|_| changed) {
        *open = open_cells(board, marks);
    } else {
        scratch.room_resume = None;
    }
    Ok(changed)
}

/// Rule 6's probe of the open `cell`, cell by cell: whether a star on it leaves some unit
/// too few open cells or a line too little room (any board size).
fn star_fails_by_cells(board: &Board, marks: &Marks, scratch: &mut Scratch, cell: usize) -> bool {
    let Scratch {
        lost,
        touched,
        seen,
        ..
    } = scratch;
    seen.clear();
    let mut lose = |c: usize, lost: &mut Vec<u32>, touched: &mut Vec<usize>| {
        if !seen.seen(c) && marks.cell[c] == OPEN {
            seen.insert(c);
            for &u in &board.of_cell[c] {
                if lost[u as usize] == 0 {
                    touched.push(u as usize);
                }
                lost[u as usize] += 1;
            }
        }
    };
    lose(cell, lost, touched);
    for &t in &board.around[cell] {
        lose(t as usize, lost, touched);
    }
    for &u in &board.of_cell[cell] {
        if marks.need(board, u as usize) == 1 {
            for &c in &board.units[u as usize] {
                lose(c as usize, lost, touched);
            }
        }
    }
    let mut fails = false;
    for &u in touched.iter() {
        let gained = u32::from(board.of_cell[cell].contains(&(u as u32)));
        let need = marks.need(board, u).saturating_sub(gained);
        if marks.open[u] - lost[u] < need
            // Half of each run, rounded up, is at least half the cells: only fewer
            // than 2·need − 1 cells can fit fewer than `need` stars.
            || (need >= 2
                && marks.open[u] - lost[u] < 2 * need - 1
                && u < board.regions_from()
                && capacity(&board.units[u], |c| marks.cell[c] == OPEN && !seen.seen(c))
                    < need)
        {
            fails = true;
        }
        lost[u] = 0;
    }
    touched.clear();
    fails
}

/// Rule 6's probe on line masks (boards of at most 64 rows and 64 columns): each row's and
/// each column's open cells as a mask, and which single lost cells break a line.
///
/// A star's lost cells lie in its 3×3 block, in its row, column or region when that needs
/// one star, and nowhere else; so a row away from the block and the region loses at most
/// one cell, in the star's column, and only when that column needs one star: the row
/// fails exactly when that cell is one of its `breaking` cells. Likewise for columns.
#[derive(Debug, PartialEq, Eq)]
struct LineMasks {
    row_open: Vec<u64>,
    col_open: Vec<u64>,
    /// Per row, the columns whose open cell in that row, lost alone, leaves the column too
    /// few cells or too little room; per column, the rows whose cell breaks the row.
    row_breaking: Vec<u64>,
    col_breaking: Vec<u64>,
    /// Per row, the open cells of each region in it (row-major, a region a column); per
    /// column likewise.
    row_regions: Vec<u32>,
    col_regions: Vec<u32>,
    /// Per region, the lost cells counted for a probe (all 0 between probes).
    lost: Vec<u32>,
}

impl LineMasks {
    fn new(board: &Board) -> LineMasks {
        let (rows, cols) = if board.probe_masks {
            (board.height, board.width)
        } else {
            (0, 0)
        };
        LineMasks {
            row_open: vec![0; rows],
            col_open: vec![0; cols],
            row_breaking: vec![0; rows],
            col_breaking: vec![0; cols],
            row_regions: vec![0; rows * (board.units.len() - board.regions_from())],
            col_regions: vec![0; cols * (board.units.len() - board.regions_from())],
            lost: vec![0; board.units.len() - board.regions_from()],
        }
    }

    /// The open cells of `marks` and the cells that break their line.
    fn load(&mut self, board: &Board, marks: &Marks) {
        let (h, w) = (board.height, board.width);
        self.row_open.copy_from_slice(&marks.lines[..h]);
        self.col_open.copy_from_slice(&marks.lines[h..]);
        let regions = self.lost.len();
        for (r, parts) in board.row_parts.iter().enumerate() {
            for &(i, m) in parts {
                self.row_regions[r * regions + i as usize] = (self.row_open[r] & m).count_ones();
            }
        }
        for (c, parts) in board.col_parts.iter().enumerate() {
            for &(i, m) in parts {
                self.col_regions[c * regions + i as usize] = (self.col_open[c] & m).count_ones();
            }
        }
        self.row_breaking.fill(0);
        self.col_breaking.fill(0);
        for r in 0..h {
            for_each_bit(breaking(self.row_open[r], marks.need(board, r)), |c| {
                self.col_breaking[c] |= 1 << r;
            });
        }
        for c in 0..w {
            for_each_bit(breaking(self.col_open[c], marks.need(board, h + c)), |r| {
                self.row_breaking[r] |= 1 << c;
            });
        }
    }

    /// The open `cell` was marked empty (its lines' needs unchanged).
    fn close(&mut self, board: &Board, marks: &Marks, cell: usize) {
        let (h, w) = (board.height, board.width);
        let (r, c) = (cell / w, cell % w);
        self.row_open[r] &= !(1 << c);
        self.col_open[c] &= !(1 << r);
        let (regions, i) = (
            self.lost.len(),
            board.of_cell[cell][2] as usize - board.regions_from(),
        );
        self.row_regions[r * regions + i] -= 1;
        self.col_regions[c * regions + i] -= 1;
        for m in &mut self.col_breaking {
            *m &= !(1 << r);
        }
        for_each_bit(breaking(self.row_open[r], marks.need(board, r)), |cc| {
            self.col_breaking[cc] |= 1 << r;
        });
        for m in &mut self.row_breaking {
            *m &= !(1 << c);
        }
        for_each_bit(breaking(self.col_open[c], marks.need(board, h + c)), |rr| {
            self.row_breaking[rr] |= 1 << c;
        });
    }

    /// Whether a star on the open `cell` leaves some unit too few open cells or a line too
    /// little room: what `star_fails_by_cells` answers.
    fn star_fails(&mut self, board: &Board, marks: &Marks, cell: usize) -> bool {
        let LineMasks {
            row_open,
            col_open,
            row_breaking,
            col_breaking,
            row_regions,
            col_regions,
            lost,
        } = self;
        let (h, w) = (board.height, board.width);
        let (r, c) = (cell / w, cell % w);
        let [row, col, region] = board.of_cell[cell].map(|u| u as usize);
        let g = region - board.regions_from();
        let whole_row = marks.need(board, row) == 1;
        let whole_col = marks.need(board, col) == 1;
        let whole_region = marks.need(board, region) == 1;
        // The lines beside and through the cell lose the three cells of its block on them.
        let block = |i: usize| {
            let bit = 1u64 << i;
            bit | bit << 1 | bit >> 1
        };
        let (near_rows, near_cols) = (block(r), block(c));
        let near = |i: usize| i.saturating_sub(1)..(i + 2);
        // The open cells a row loses, `in_region` its cells in the cell's region (when
        // that is whole); the same for a column.
        let row_lost = |rr: usize, in_region: u64| {
            let mut lost = if whole_col { 1 << c } else { 0 } | in_region;
            if near_rows >> rr & 1 == 1 {
                lost |= near_cols;
            }
            if rr == r && whole_row {
                lost = u64::MAX;
            }
            lost & row_open[rr]
        };
        let col_lost = |cc: usize, in_region: u64| {
            let mut lost = if whole_row { 1 << r } else { 0 } | in_region;
            if near_cols >> cc & 1 == 1 {
                lost |= near_rows;
            }
            if cc == c && whole_col {
                lost = u64::MAX;
            }
            lost & col_open[cc]
        };
        let fails = |unit: usize, open: u64, lost: u64| {
            let gained = u32::from(unit == row || unit == col);
            lost != 0 && line_breaks(open, lost, marks.need(board, unit).saturating_sub(gained))
        };
        // The rows through the region (when whole) and the block, then the rows losing
        // one cell; the same for the columns.
        let mut rows_done = 0u64;
        if whole_region {
            for &(rr, m) in &board.region_rows[g] {
                let rr = rr as usize;
                rows_done |= 1 << rr;
                if fails(rr, row_open[rr], row_lost(rr, m)) {
                    return true;
                }
            }
        }
        for rr in near(r).take_while(|&rr| rr < h) {
            if rows_done >> rr & 1 == 0 {
                rows_done |= 1 << rr;
                if fails(rr, row_open[rr], row_lost(rr, 0)) {
                    return true;
                }
            }
        }
        if whole_col && col_breaking[c] & !rows_done != 0 {
            return true;
        }
        let mut cols_done = 0u64;
        if whole_region {
            for &(cc, m) in &board.region_cols[g] {
                let cc = cc as usize;
                cols_done |= 1 << cc;
                if fails(h + cc, col_open[cc], col_lost(cc, m)) {
                    return true;
                }
            }
        }
        for cc in near(c).take_while(|&cc| cc < w) {
            if cols_done >> cc & 1 == 0 {
                cols_done |= 1 << cc;
                if fails(h + cc, col_open[cc], col_lost(cc, 0)) {
                    return true;
                }
            }
        }
        if whole_row && row_breaking[r] & !cols_done != 0 {
            return true;
        }
        // The regions: each one's open cells in the whole row and column, and in the block
        // outside them (the cell, in both, counted once); none outside the cell's region
        // from the whole region, which needs nothing more.
        let (first_region, regions) = (board.regions_from(), lost.len());
        let mut touched = 0u64;
        let mut add = |i: usize, n: u32| {
            lost[i] += n;
            touched |= u64::from(n > 0) << i;
        };
        if whole_row {
            for &(i, _) in &board.row_parts[r] {
                add(i as usize, row_regions[r * regions + i as usize]);
            }
        }
        if whole_col {
            for &(i, _) in &board.col_parts[c] {
                add(i as usize, col_regions[c * regions + i as usize]);
            }
        }
        for rr in near(r).take_while(|&rr| rr < h) {
            if rr == r && whole_row {
                continue;
            }
            let bits = near_cols & row_open[rr] & !if whole_col { 1 << c } else { 0 };
            for_each_bit(bits, |cc| {
                add(board.of_cell[rr * w + cc][2] as usize - first_region, 1);
            });
        }
        if whole_row && whole_col {
            lost[g] -= 1;
        }
        let mut fail = false;
        for_each_bit(touched, |i| {
            let u = first_region + i;
            let need = marks.need(board, u).saturating_sub(u32::from(u == region));
            fail |= marks.open[u] - lost[i] < need;
            lost[i] = 0;
        });
        fail
    }
}

/// Calls `f` with the index of each set bit of `mask`, lowest first.
fn for_each_bit(mut mask: u64, mut f: impl FnMut(usize)) {
    while mask != 0 {
        f(mask.trailing_zeros() as usize);
        mask &= mask - 1;
    }
}

/// The open cells of a line (`open`) each of which, lost alone, breaks it (below).
fn breaking(open: u64, need: u32) -> u64 {
    let cells = open.count_ones();
    if cells > need && (need < 2 || cells >= 2 * need) {
        return 0;
    }
    let mut cells = 0;
    for_each_bit(open, |i| {
        if line_breaks(open, 1 << i, need) {
            cells |= 1 << i;
        }
    });
    cells
}

/// Whether a line with the open cells `open` and the given need fails when it loses the
/// cells `lost` (a subset): fewer open cells than its need, or less room (rule 4's count).
fn line_breaks(open: u64, lost: u64, need: u32) -> bool {
    let left = open & !lost;
    let cells = left.count_ones();
    // Half of each run, rounded up, is at least half the cells: only fewer than
    // 2·need − 1 cells can fit fewer than `need` stars.
    cells < need || (need >= 2 && cells < 2 * need - 1 && mask_capacity(left, need) < need)
}

/// The most stars that fit, none touching, on the cells of `mask` read as one line, counted
/// up to `most`: half of each run of consecutive bits, rounded up (a star on each run's
/// first free bit).
fn mask_capacity(mut mask: u64, most: u32) -> u32 {
    let mut fit = 0;
    while mask != 0 && fit < most {
        let first = mask & mask.wrapping_neg();
        fit += 1;
        mask &= !(first | first << 1);
    }
    fit
}

/// The open cells of the grid (each in one row).
fn open_cells(board: &Board, marks: &Marks) -> u32 {
    marks.open[..board.height].iter().sum()
}

/// The most stars that fit, none touching, on the cells of a row or a column (`line`, in
/// order) that `open` accepts: half of each run of consecutive ones, rounded up.
fn capacity(line: &[u32], open: impl Fn(usize) -> bool) -> u32 {
    let (mut fit, mut run) = (0u32, 0u32);
    for &c in line {
        if open(c as usize) {
            run += 1;
        } else {
            fit += run.div_ceil(2);
            run = 0;
        }
    }
    fit + run.div_ceil(2)
}

/// Rule 4; whether it marked a cell.
pub(super) fn lines(
    board: &Board,
    marks: &mut Marks,
    scratch: &mut Scratch,
) -> Result<bool, Contradiction> {
    let mut changed = false;
    let runs = &mut scratch.runs;
    for u in 0..board.regions_from() {
        if marks.open[u] == 0 {
            continue;
        }
        let need = marks.need(board, u);
        if marks
            .line(u)
            .is_some_and(|open| mask_capacity(open, need + 1) > need)
        {
            continue;
        }
        let line = &board.units[u];
        runs.clear();
        let mut start = 0;
        for (i, &c) in line.iter().enumerate() {
            if marks.cell[c as usize] != OPEN {
                if i > start {
                    runs.push((start, i - start));
                }
                start = i + 1;
            }
        }
        if line.len() > start {
            runs.push((start, line.len() - start));
        }
        let fit: u32 = runs.iter().map(|&(_, len)| len.div_ceil(2) as u32).sum();
        if fit < need {
            return Err(Contradiction);
        }
        if fit > need {
            continue;
        }
        for &(start, len) in runs.iter() {
            if len % 2 == 1 {
                for i in (start..start + len).step_by(2) {
                    marks.star(board, line[i] as usize)?;
                }
                changed = true;
            } else if len == 2 {
                let (a, b) = (line[start] as usize, line[start + 1] as usize);
                for &t in &board.around[a] {
                    let t = t as usize;
                    if t != b && board.around[b].contains(&(t as u32)) && marks.cell[t] == OPEN {
                        marks.empty(board, t)?;
                        changed = true;
                    }
                }
            }
        }
    }
    Ok(changed)
}

/// Rule 5; whether it marked a cell.
pub(super) fn pairs(
    board: &Board,
    marks: &mut Marks,
    scratch: &mut Scratch,
) -> Result<bool, Contradiction> {
    let mut changed = false;
    let runs = &mut scratch.runs;
    for (first, count) in [(0, board.height), (board.height, board.width)] {
        for l in first..first + count.saturating_sub(1) {
            let need = marks.need(board, l) + marks.need(board, l + 1);
            if need == 0 {
                continue;
            }
            if let (Some(one), Some(two)) = (marks.line(l), marks.line(l + 1))
                && mask_capacity(one | two, need + 1) > need
            {
                continue;
            }
            let (one, two) = (&board.units[l], &board.units[l + 1]);
            let usable = |i: usize| {
                marks.cell[one[i] as usize] == OPEN || marks.cell[two[i] as usize] == OPEN
            };
            runs.clear();
            let mut start = 0;
            for i in 0..one.len() {
                if !usable(i) {
                    if i > start {
                        runs.push((start, i - start));
                    }
                    start = i + 1;
                }
            }
            if one.len() > start {
                runs.push((start, one.len() - start));
            }
            let fit: u32 = runs.iter().map(|&(_, len)| len.div_ceil(2) as u32).sum();
            if fit < need {
                return Err(Contradiction);
            }
            if fit > need {
                continue;
            }
            for &(start, len) in runs.iter() {
                if len % 2 == 0 {
                    continue;
                }
                // Stars on the run's 1st, 3rd, … positions, none between them.
                for i in start..start + len {
                    let (a, b) = (one[i] as usize, two[i] as usize);
                    if (i - start) % 2 == 1 {
                        for c in [a, b] {
                            if marks.cell[c] == OPEN {
                                marks.empty(board, c)?;
                                changed = true;
                            }
                        }
                    } else if marks.cell[a] == OPEN && marks.cell[b] != OPEN {
                        marks.star(board, a)?;
                        changed = true;
                    } else if marks.cell[b] == OPEN && marks.cell[a] != OPEN {
                        marks.star(board, b)?;
                        changed = true;
                    }
                }
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// A board from rows of region letters.
    fn board(k: usize, rows: &[&str]) -> Board {
        let width = rows[0].len();
        let regions: Vec<usize> = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b - b'a') as usize))
            .collect();
        Board::new(width, rows.len(), k, &regions)
    }

    /// The marks as rows: `*` star, `.` empty, `?` open.
    fn show(board: &Board, marks: &Marks) -> Vec<String> {
        marks
            .cell
            .chunks(board.width)
            .map(|r| {
                r.iter()
                    .map(|&m| match m {
                        STAR => '*',
                        EMPTY => '.',
                        _ => '?',
                    })
                    .collect()
            })
            .collect()
    }

    const NONE: Rules = Rules {
        band: false,
        lines: false,
        room: false,
    };

    #[test]
    fn count_and_touch_finish_a_grid() {
        // Four 2×2 regions; with region a's cells 0, 4 and 5 empty its star is cell 1,
        // and each star's neighbours being empty leaves every next unit one cell.
        let b = board(1, &["aabb", "aabb", "ccdd", "ccdd"]);
        let mut m = Marks::new(&b);
        for c in [0, 4, 5] {
            m.empty(&b, c).unwrap();
        }
        count(&b, &mut m).unwrap();
        assert_eq!(show(&b, &m), [".*..", "...*", "*...", "..*."]);
    }

    #[test]
    fn a_star_empties_the_cells_touching_it() {
        let b = board(1, &["abc", "abc", "abc"]);
        let mut m = Marks::new(&b);
        m.star(&b, 0).unwrap();
        assert_eq!(show(&b, &m), ["*.?", "..?", "???"]);
        // Cell 4 touches cell 0.
        assert_eq!(m.star(&b, 4), Err(Contradiction));
    }

    #[test]
    fn band_confines_a_region_to_a_row() {
        // Region b lies in row 0: row 0's star is b's, so row 0's a-cells are empty.
        let b = board(1, &["abba", "aaaa", "aaaa", "aaaa"]);
        let mut m = Marks::new(&b);
        assert!(band(&b, &mut m, false, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m)[0], ".??.");
    }

    #[test]
    fn band_empties_a_region_outside_the_row_it_fills() {
        // Row 0 meets only region a: a's star is in row 0, the rest of a empty.
        let b = board(1, &["aaa", "abb", "cbb"]);
        let mut m = Marks::new(&b);
        assert!(band(&b, &mut m, false, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m), ["???", ".??", "???"]);
    }

    #[test]
    fn band_of_two_regions_in_two_columns() {
        // Regions b and c lie in columns 0 and 1, neither in one column: the two stars
        // of those columns are theirs, so region a's cells in columns 0–1 are empty.
        let b = board(1, &["bbaa", "ccaa", "aaaa", "aaaa"]);
        let mut m = Marks::new(&b);
        assert!(band(&b, &mut m, true, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m), ["????", "????", "..??", "..??"]);
    }

    #[test]
    fn band_finds_too_many_regions_in_too_few_rows() {
        let b = board(1, &["bcaa", "aaaa", "aaaa", "aaaa"]);
        let mut m = Marks::new(&b);
        assert_eq!(
            band(&b, &mut m, false, &mut Scratch::new(&b)),
            Err(Contradiction)
        );
    }

    #[test]
    fn room_empties_a_cell_that_sees_a_whole_unit() {
        // Region g is r1c2 and r2c3; r1c3 and r2c2 touch both. The regions were drawn
        // around the stars r1c2, r2c4, r3c1, r4c3, r5c5, which must stay open.
        let b = board(1, &["agbbb", "acgbb", "accdd", "accdd", "accdd"]);
        let mut m = Marks::new(&b);
        assert!(room(&b, &mut m, &mut Scratch::new(&b)).unwrap());
        assert_eq!(m.cell[2], EMPTY);
        assert_eq!(m.cell[6], EMPTY);
        for star in [1, 8, 10, 17, 24] {
            assert_eq!(m.cell[star], OPEN, "{star}");
        }
        let mut plain = Marks::new(&b);
        settle(&b, &mut plain, NONE, &mut Scratch::new(&b)).unwrap();
        assert_eq!((plain.cell[2], plain.cell[6]), (OPEN, OPEN));
    }

    /// Eight rows of eight, each row a region.
    const ROWS8: [&str; 8] = [
        "aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd", "eeeeeeee", "ffffffff", "gggggggg",
        "hhhhhhhh",
    ];

    #[test]
    fn lines_fill_an_odd_run_and_empty_beside_a_pair() {
        // K = 2, row 0 open on its first three cells only: stars on cells 0 and 2.
        let b = board(2, &ROWS8);
        let mut m = Marks::new(&b);
        for c in 3..8 {
            m.empty(&b, c).unwrap();
        }
        assert!(lines(&b, &mut m, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m)[..2], ["*.*.....", "....????"]);
        // K = 1, row 0 open on cells 1 and 2: its star touches cells 7 and 8 either way.
        let b = board(1, &["abcdef"; 6]);
        let mut m = Marks::new(&b);
        for c in [0, 3, 4, 5] {
            m.empty(&b, c).unwrap();
        }
        assert!(lines(&b, &mut m, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m)[..2], [".??...", "?..???"]);
    }

    #[test]
    fn room_counts_what_fits_in_a_line() {
        // K = 2, row 0 open on cells 0–3: two stars fit (0 and 2, 0 and 3, 1 and 3). A
        // star on cell 11 (row 1) leaves cells 0 and 1, two cells but room for one star;
        // on 8, 9 or 10 fewer cells still. On 12 cells 0–2 are left: room for two.
        let b = board(2, &ROWS8);
        let mut m = Marks::new(&b);
        for c in 4..8 {
            m.empty(&b, c).unwrap();
        }
        assert!(room(&b, &mut m, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m)[..2], ["????....", "....????"]);
    }

    #[test]
    fn pairs_place_an_odd_run_across_two_rows() {
        // K = 2: rows 0 and 1 need four stars; their column 7 empty leaves seven positions,
        // room for exactly four, at columns 0, 2, 4, 6: columns 1, 3, 5 are empty.
        let b = board(2, &ROWS8);
        let mut m = Marks::new(&b);
        for c in [7, 15] {
            m.empty(&b, c).unwrap();
        }
        assert!(pairs(&b, &mut m, &mut Scratch::new(&b)).unwrap());
        assert_eq!(show(&b, &m)[..3], ["?.?.?.?.", "?.?.?.?.", "????????"]);
    }

    #[test]
    fn room_with_two_stars_a_unit() {
        // K = 2: region b's three cells all touch each other, so a star on any leaves
        // the other two no room for b's second star.
        let b = board(2, &["bbaa", "abaa", "aaaa", "aaaa"]);
        let mut m = Marks::new(&b);
        assert_eq!(room(&b, &mut m, &mut Scratch::new(&b)), Err(Contradiction));
    }

    /// A random `size`-square board of `size` regions (rows, then cells moved into a
    /// neighbour's region) and random marks on it, each mark kept only when it leaves no
    /// contradiction.
    fn random_grid(rng: &mut SplitMix64, size: usize, k: usize) -> (Board, Marks) {
        let mut regions: Vec<usize> = (0..size * size).map(|c| c / size).collect();
        for _ in 0..size * size {
            let cell = rng.below(size * size);
            let (r, c) = (cell / size, cell % size);
            let next = match rng.below(4) {
                0 if r > 0 => cell - size,
                1 if r + 1 < size => cell + size,
                2 if c > 0 => cell - 1,
                3 if c + 1 < size => cell + 1,
                _ => continue,
            };
            let region = regions[cell];
            if regions.iter().filter(|&&g| g == region).count() > 2 {
                regions[cell] = regions[next];
            }
        }
        let b = Board::new(size, size, k, &regions);
        let mut m = Marks::new(&b);
        for _ in 0..rng.below(size * size / 2) {
            let cell = rng.below(size * size);
            let mut next = m.clone();
            let result = if rng.chance(150) {
                next.star(&b, cell)
            } else {
                next.empty(&b, cell)
            };
            if result.is_ok() {
                m = next;
            }
        }
        (b, m)
    }

    /// Rule 3 counted region by region for every band: what [`band`]'s sweep must match.
    fn band_by_regions(
        board: &Board,
        marks: &mut Marks,
        columns: bool,
    ) -> Result<bool, Contradiction> {
        let (lines, first_line) = if columns {
            (board.width, board.height)
        } else {
            (board.height, 0)
        };
        let line_of = |cell: usize| {
            if columns {
                cell % board.width
            } else {
                cell / board.width
            }
        };
        let mut regions: Vec<(u32, u64, usize)> = Vec::new();
        for u in board.regions_from()..board.units.len() {
            let mut mask = 0u64;
            for &c in &board.units[u] {
                if marks.cell[c as usize] == OPEN {
                    mask |= 1 << line_of(c as usize);
                }
            }
            if mask != 0 {
                regions.push((marks.need(board, u), mask, u));
            }
        }
        let line_need: Vec<u32> = (0..lines)
            .map(|l| marks.need(board, first_line + l))
            .collect();
        for a in 0..lines {
            let mut lines_need = 0;
            for (b, &need) in line_need.iter().enumerate().skip(a) {
                lines_need += need;
                if need == 0 && b > a {
                    continue;
                }
                let band = if b - a == 63 {
                    u64::MAX
                } else {
                    ((1u64 << (b - a + 1)) - 1) << a
                };
                let (mut inside, mut meeting, mut straddling) = (0, 0, false);
                for &(need, mask, _) in &regions {
                    if mask & band != 0 {
                        meeting += need;
                        if mask & !band == 0 {
                            inside += need;
                        } else {
                            straddling = true;
                        }
                    }
                }
                if inside > lines_need || meeting < lines_need {
                    return Err(Contradiction);
                }
                if !straddling || (inside != lines_need && meeting != lines_need) {
                    continue;
                }
                let mut changed = false;
                for &(_, mask, u) in &regions {
                    if mask & band == 0 || mask & !band == 0 {
                        continue;
                    }
                    for &c in &board.units[u] {
                        let c = c as usize;
                        let within = (band >> line_of(c)) & 1 == 1;
                        if marks.cell[c] == OPEN
                            && ((within && inside == lines_need)
                                || (!within && meeting == lines_need))
                        {
                            marks.empty(board, c)?;
                            changed = true;
                        }
                    }
                }
                if changed {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    #[test]
    fn band_sweep_matches_the_count_region_by_region() {
        let mut rng = SplitMix64::new(40);
        let mut scratch_of = None;
        let (mut marked, mut contradictions) = (0, 0);
        for round in 0..3000 {
            let (size, k) = [(6, 1), (8, 1), (8, 2), (10, 2)][round % 4];
            let (b, m) = random_grid(&mut rng, size, k);
            let scratch = scratch_of.get_or_insert_with(|| Scratch::new(&b));
            if scratch.lost.len() != b.units.len() {
                *scratch = Scratch::new(&b);
            }
            for columns in [false, true] {
                let (mut swept, mut counted) = (m.clone(), m.clone());
                let got = band(&b, &mut swept, columns, scratch);
                let want = band_by_regions(&b, &mut counted, columns);
                assert_eq!(got, want, "round {round}");
                if want.is_ok() {
                    assert_eq!(swept, counted, "round {round}");
                }
                marked += usize::from(want == Ok(true));
                contradictions += usize::from(want.is_err());
            }
        }
        // The grids exercise both outcomes, not only the quiet one.
        assert!(
            marked > 100 && contradictions > 100,
            "{marked} {contradictions}"
        );
    }

    #[test]
    fn room_probes_on_masks_match_the_probes_cell_by_cell() {
        let mut rng = SplitMix64::new(42);
        let (mut failed, mut passed) = (0, 0);
        for round in 0..2000 {
            let (size, k) = [(6, 1), (8, 1), (8, 2), (10, 2), (12, 2)][round % 5];
            let (b, mut m) = random_grid(&mut rng, size, k);
            if count(&b, &mut m).is_err() {
                continue;
            }
            let mut s = Scratch::new(&b);
            s.lines.load(&b, &m);
            for cell in 0..b.of_cell.len() {
                if m.cell[cell] != OPEN {
                    continue;
                }
                let got = s.lines.star_fails(&b, &m, cell);
                let mut s2 = Scratch::new(&b);
                let want = star_fails_by_cells(&b, &m, &mut s2, cell);
                assert_eq!(got, want, "round {round} cell {cell}");
                if !want {
                    passed += 1;
                    continue;
                }
                failed += 1;
                if m.empty(&b, cell).is_err() {
                    break;
                }
                // Closing a cell keeps the masks and counts a fresh load gives.
                s.lines.close(&b, &m, cell);
                let mut fresh = LineMasks::new(&b);
                fresh.load(&b, &m);
                assert_eq!(s.lines, fresh, "round {round} cell {cell}");
            }
            // The marks' line masks follow the cells.
            for (u, cells) in b.units[..b.regions_from()].iter().enumerate() {
                let open = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| m.cell[c as usize] == OPEN);
                let mask = open.fold(0u64, |mask, (i, _)| mask | 1 << i);
                assert_eq!(m.line(u), Some(mask), "round {round} unit {u}");
            }
        }
        assert!(failed > 200 && passed > 1000, "{failed} {passed}");
    }

    #[test]
    fn settle_reaches_the_fixpoint_of_the_former_order() {
        // The former order: count, band, lines and pairs, room, each restarting at count,
        // and every room pass a full one.
        fn settle_band_first(
            b: &Board,
            m: &mut Marks,
            s: &mut Scratch,
        ) -> Result<(), Contradiction> {
            loop {
                count(b, m)?;
                if band(b, m, false, s)? | band(b, m, true, s)? {
                    continue;
                }
                if lines(b, m, s)? | pairs(b, m, s)? {
                    continue;
                }
                s.room_resume = None;
                if room(b, m, s)? {
                    continue;
                }
                return Ok(());
            }
        }
        let mut rng = SplitMix64::new(41);
        let (mut differ, mut settled) = (0, 0);
        for round in 0..2000 {
            let (size, k) = [(6, 1), (8, 1), (8, 2), (10, 2)][round % 4];
            let (b, m) = random_grid(&mut rng, size, k);
            let mut s = Scratch::new(&b);
            let (mut now, mut before) = (m.clone(), m.clone());
            let got = settle(&b, &mut now, Rules::ALL, &mut s);
            let want = settle_band_first(&b, &mut before, &mut s);
            if got.is_ok() && want.is_ok() {
                settled += 1;
                differ += usize::from(now != before);
            } else {
                differ += usize::from(got.is_ok() != want.is_ok());
            }
        }
        assert!(settled > 50, "{settled}");
        assert_eq!(differ, 0);
    }
}
