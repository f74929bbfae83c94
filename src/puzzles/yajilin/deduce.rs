//! Deduction for Yajilin: which cells are shaded, which lie on the loop, and which links
//! the loop uses, decided before any search by the rules a solver by hand uses. Every rule
//! below decides a cell or a link only when no solution of the present state has it
//! otherwise, so:
//! - a decided cell or link has that value in every solution;
//! - a contradiction means there is no solution;
//! - when every cell and link is decided, that grid is the only solution (every step was
//!   forced; the caller confirms it with its checker).
//!
//! The board is the cell graph of `cnf.rs` (`Graph::grid`). A solution shades some free
//! cells, no two side by side, and every other free cell has exactly two on links, the on
//! links making one cycle; clue cells have no link; each arrow's line holds its number of
//! shaded cells.
//!
//! Glossary:
//! - **cell**: a clue, or free and then **shaded**, **loop** (on the loop) or unknown;
//!   **link**: on, off or unknown;
//! - **line**: a set of free cells in a row of the grid with the number of shaded cells it
//!   holds: the cells an arrow points at with its number, and, for two numbered arrows
//!   pointing the same way with the second in the first's line, the cells between them
//!   with the difference of their numbers (the second's cells are part of the first's);
//! - **run**: a maximal stretch of unknown cells side by side in a line;
//! - **path**: a maximal chain of on links; its **ends** are the cells with one on link.
//!
//! The rules (stated in `encodings/yajilin.md`, "Deduction"):
//! - **cell** (bookkeeping, always on): a clue cell has every link off; a free cell with
//!   an on link is loop; a loop cell has two on links (two make its others off; exactly two
//!   not off are both on); a cell with fewer than two links not off is shaded; a shaded
//!   cell has every link off and its free neighbours are loop. A third on link, or an on
//!   link at a shaded cell, is a contradiction;
//! - **arrow** ([`Rule::Arrow`]): a line with `s` shaded cells and runs of lengths `m_i`
//!   holds between `s` and `s + Σ ⌈m_i/2⌉` (shaded cells apart); its number outside that
//!   range is a contradiction (checked always). At the low end the unknown cells are loop;
//!   at the high end each run of odd length is shaded at its first, third, … cell (the only
//!   way to put `⌈m/2⌉` cells apart in it; the cells between follow by the cell rule);
//! - **loop** ([`Rule::Loop`]): an unknown link joining the two ends of one path would
//!   close a cycle, which must then be the whole loop: it is off unless the path holds
//!   every loop cell. An on link that closes a cycle otherwise is a contradiction; one
//!   that closes the whole loop makes every unknown cell shaded;
//! - **reach** ([`Rule::Reach`]): the loop cells are connected through links not off and
//!   cells not shaded, so two loop cells apart in that graph are a contradiction, and an
//!   unknown cell apart from the loop cells is shaded;
//! - **probe** ([`Rule::Probe`]): an unknown cell (or a link at a loop cell) set one way
//!   whose consequences under the local rules (cell, arrow, loop) and reach contradict is
//!   the other way; what both ways lead to holds either way. A cell whose shading would cut
//!   the loop cells apart is thus loop.
//!
//! The local rules run to their fixpoint after every change; reach then, and probing when
//! it decides nothing (the cells first, the links when the cells decide nothing); back to
//! the local rules after any change. Each pass is polynomial: a probe costs one fixpoint
//! of the local rules and reach, a pass probes each cell or link once, and every pass but
//! the last decides something.
//!
//! Invariants of `State`: its `board` keeps those of `constraints::loop_board` (the links'
//! counts and paths, weighed by their cells; `closed`; the trail, so a probe returns
//! exactly to its start, and the count of loop cells, `on_loop`); every free neighbour of
//! a shaded cell is loop (set eagerly).

use super::{Arrow, SHADED, Yajilin};
use crate::constraints::Grid;
use crate::constraints::connected::Graph;
pub use crate::constraints::loop_board::Facts;
use crate::constraints::loop_board::{Board, LoopDeduction, OFF, UNKNOWN, Work};
use crate::constraints::paths::Paths;
use crate::constraints::probe::{Contradiction, Step};
use crate::stop::Stop;
use crate::util::dsf::Dsf;

/// One of the rules (module docs); the cell bookkeeping always runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A line's count met, or needing every run at its fullest.
    Arrow,
    /// No premature loop.
    Loop,
    /// Cells apart from the loop's are shaded.
    Reach,
    /// A value whose local consequences contradict is the other one.
    Probe,
}

impl Rule {
    /// Every rule, cheapest first.
    pub const ALL: [Rule; 4] = [Rule::Arrow, Rule::Loop, Rule::Reach, Rule::Probe];
}

/// What deduction decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deduction {
    /// No solution.
    Contradiction,
    /// The links and cells decided.
    Facts(Facts),
}

/// The solution's grid (direction bits, [`SHADED`], 0 for a clue) when every link and cell
/// is decided ([`Facts`]: per link of `Graph::grid`, and per cell whether it is shaded).
pub fn grid(facts: &Facts) -> Option<Grid> {
    let mut values = facts.bits()?;
    for (value, &shaded) in values.iter_mut().zip(&facts.cells) {
        if shaded == Some(true) {
            *value = SHADED;
        }
    }
    Some(Grid::new(facts.width(), values))
}

/// Runs the cell bookkeeping and `rules` to their fixpoint.
pub fn deduce(p: &Yajilin, rules: &[Rule]) -> Deduction {
    deduce_until(p, rules, &Stop::never())
}

/// [`deduce`], probing until `stop` fires (`constraints::probe`): what it proved by then.
pub fn deduce_until(p: &Yajilin, rules: &[Rule], stop: &Stop) -> Deduction {
    let (w, h) = p.size();
    let graph = Graph::grid(w, h);
    let mut state = State::new(p, &graph, rules);
    state.board.stop = stop.clone();
    match state.solve(p) {
        Ok(()) => Deduction::Facts(state.facts()),
        Err(Contradiction) => Deduction::Contradiction,
    }
}

/// Cell values besides `UNKNOWN`.
const SHADE: i8 = 1;
const LOOP: i8 = 2;
const CLUE: i8 = 3;

/// A line (module docs): its cells in order along it (clue cells included, they break
/// runs) and the shaded cells it holds.
struct Line {
    cells: Vec<usize>,
    need: usize,
}

struct State<'g> {
    /// Per cell shaded ([`SHADE`]), loop ([`LOOP`]) or [`CLUE`]; the links' paths are
    /// weighed by their cells.
    board: Board<'g>,
    width: usize,
    height: usize,
    arrow: bool,
    loops: bool,
    reach: bool,
    probe: bool,
    lines: Vec<Line>,
    /// Per cell, the lines holding it.
    lines_at: Vec<Vec<usize>>,
    /// An arrow whose number cannot be met whatever the cells (more than its line holds,
    /// or fewer than a later arrow's): a contradiction at the start.
    impossible: bool,
}

/// The lines of `p` (module docs).
fn lines(p: &Yajilin) -> (Vec<Line>, bool) {
    let clues = p.clues();
    let mut out = Vec::new();
    let mut impossible = false;
    for (i, clue) in clues.iter().enumerate() {
        let Some(clue) = clue else { continue };
        let (Some(n), true) = (clue.number, clue.arrow != Arrow::None) else {
            continue;
        };
        let cells = p.pointed(i);
        // The nearest numbered clue in the line pointing the same way: the cells before it
        // hold the difference.
        let same_way =
            |j: usize| clues[j].is_some_and(|c| c.arrow == clue.arrow && c.number.is_some());
        let next = cells.iter().position(|&j| same_way(j));
        if let Some(k) = next {
            let m = clues[cells[k]].and_then(|c| c.number).unwrap_or(0);
            match n.checked_sub(m) {
                Some(d) => out.push(Line {
                    cells: cells[..k].to_vec(),
                    need: d as usize,
                }),
                None => impossible = true,
            }
        }
        out.push(Line {
            cells,
            need: n as usize,
        });
    }
    (out, impossible)
}

impl<'g> State<'g> {
    fn new(p: &Yajilin, graph: &'g Graph, rules: &[Rule]) -> State<'g> {
        let (w, h) = p.size();
        let cells = w * h;
        let (lines, impossible) = lines(p);
        let mut lines_at = vec![Vec::new(); cells];
        for (l, line) in lines.iter().enumerate() {
            for &v in &line.cells {
                lines_at[v].push(l);
            }
        }
        let cell = p
            .clues()
            .iter()
            .map(|c| if c.is_some() { CLUE } else { UNKNOWN })
            .collect();
        State {
            board: Board::new(graph, cell, Paths::new(vec![1; cells], &[])),
            width: w,
            height: h,
            arrow: rules.contains(&Rule::Arrow),
            loops: rules.contains(&Rule::Loop),
            reach: rules.contains(&Rule::Reach),
            probe: rules.contains(&Rule::Probe),
            lines,
            lines_at,
            impossible,
        }
    }

    fn facts(&self) -> Facts {
        let (w, h) = (self.width, self.height);
        self.board.facts((w, h), SHADE, Vec::new())
    }

    /// The clue cells' links off, then every rule to its fixpoint.
    fn solve(&mut self, p: &Yajilin) -> Step {
        self.start(p)?;
        self.board
            .work
            .extend((0..self.board.cell.len()).map(Work::Node));
        self.board
            .work
            .extend((0..self.lines.len()).map(Work::Line));
        self.propagate_all()?;
        loop {
            let before = self.board.mark();
            if self.reach {
                self.reach_rule()?;
            }
            if self.board.mark() != before {
                self.propagate_all()?;
                continue;
            }
            if !self.probe
                || !(self.probe_pass(false, [SHADE, LOOP])?
                    || self.probe_pass(true, [SHADE, LOOP])?)
            {
                return Ok(());
            }
        }
    }

    /// What holds before any rule: a clue cell has no link; an arrow off the grid asks
    /// for nothing.
    fn start(&mut self, p: &Yajilin) -> Step {
        if self.impossible {
            return Err(Contradiction);
        }
        for (i, clue) in p.clues().iter().enumerate() {
            let Some(clue) = clue else { continue };
            if clue.arrow != Arrow::None
                && clue.number.is_some_and(|n| n > 0)
                && p.pointed(i).is_empty()
            {
                return Err(Contradiction);
            }
            self.set_links_at(i, false)?;
        }
        Ok(())
    }

    /// The cell rule (module docs) at cell `v`.
    fn cell_rule(&mut self, v: usize) -> Step {
        let degree = self.board.graph.adjacent(v).len() as u8;
        let (on, possible) = (self.board.links.on[v], degree - self.board.links.off[v]);
        match self.board.cell[v] {
            CLUE => return Ok(()),
            _ if on > 2 || (possible < 2 && on > 0) => return Err(Contradiction),
            _ if possible < 2 => self.set_cell(v, SHADE)?,
            _ => {}
        }
        match self.board.cell[v] {
            SHADE => self.set_links_at(v, false),
            LOOP if on == 2 => self.set_links_at(v, false),
            LOOP if possible == 2 => self.set_links_at(v, true),
            _ => Ok(()),
        }
    }

    /// The arrow rule (module docs) for line `l`: the bounds always, the forcing when the
    /// rule is on.
    fn arrow_rule(&mut self, l: usize) -> Step {
        let line = &self.lines[l];
        let (mut shaded, mut most, mut run) = (0usize, 0usize, 0usize);
        for &v in &line.cells {
            match self.board.cell[v] {
                UNKNOWN => run += 1,
                c => {
                    shaded += usize::from(c == SHADE);
                    most += run.div_ceil(2);
                    run = 0;
                }
            }
        }
        most += shaded + run.div_ceil(2);
        let need = line.need;
        if shaded > need || most < need {
            return Err(Contradiction);
        }
        if !self.arrow || shaded == most {
            return Ok(());
        }
        let mut set: Vec<(usize, i8)> = Vec::new();
        if shaded == need {
            set.extend(
                line.cells
                    .iter()
                    .filter(|&&v| self.board.cell[v] == UNKNOWN)
                    .map(|&v| (v, LOOP)),
            );
        } else if most == need {
            // Each run of odd length at its fullest: its first, third, … cell shaded.
            let mut start = 0;
            for (k, &v) in line.cells.iter().enumerate() {
                if self.board.cell[v] != UNKNOWN {
                    start = k + 1;
                    continue;
                }
                let last = line
                    .cells
                    .get(k + 1)
                    .is_none_or(|&n| self.board.cell[n] != UNKNOWN);
                if last && (k + 1 - start) % 2 == 1 {
                    set.extend(line.cells[start..=k].iter().step_by(2).map(|&c| (c, SHADE)));
                }
            }
        }
        for (v, value) in set {
            self.set_cell(v, value)?;
        }
        Ok(())
    }

    /// The loop rule (module docs) for the path ending at `v`.
    fn loop_rule(&mut self, v: usize) -> Step {
        if !self.loops || self.board.links.on[v] != 1 {
            return Ok(());
        }
        let u = self.board.links.paths.other_end(v);
        let graph = self.board.graph;
        let Some(&(_, e)) = graph
            .adjacent(v)
            .iter()
            .find(|&&(n, e)| n == u && self.board.links.value[e] == UNKNOWN)
        else {
            return Ok(());
        };
        if self.board.links.paths.weight(v) == self.board.on_loop {
            return Ok(());
        }
        self.set_link(e, false)
    }

    /// The reach rule (module docs): the components of the cells not shaded nor clues
    /// joined by links not off.
    fn reach_rule(&mut self) -> Step {
        let cells = self.board.cell.len();
        let open = |v: usize| self.board.cell[v] == UNKNOWN || self.board.cell[v] == LOOP;
        let mut dsf = Dsf::new(cells);
        for (e, &(a, b)) in self.board.graph.edges().iter().enumerate() {
            if self.board.links.value[e] != OFF && open(a) && open(b) {
                dsf.union(a, b);
            }
        }
        let Some(first) = (0..cells).find(|&v| self.board.cell[v] == LOOP) else {
            return Ok(());
        };
        let root = dsf.find(first);
        let mut apart = Vec::new();
        for v in 0..cells {
            if open(v) && dsf.find(v) != root {
                if self.board.cell[v] == LOOP {
                    return Err(Contradiction);
                }
                apart.push(v);
            }
        }
        for v in apart {
            self.set_cell(v, SHADE)?;
        }
        Ok(())
    }
}

impl<'g> LoopDeduction<'g> for State<'g> {
    const ON_LOOP: i8 = LOOP;
    const OFF_LOOP: i8 = SHADE;

    fn board(&self) -> &Board<'g> {
        &self.board
    }

    fn board_mut(&mut self) -> &mut Board<'g> {
        &mut self.board
    }

    /// Sets free cell `v` shaded or loop; a shaded cell's free neighbours become loop.
    fn set_cell(&mut self, v: usize, value: i8) -> Step {
        if !self.record_cell(v, value)? {
            return Ok(());
        }
        for k in 0..self.lines_at[v].len() {
            self.board.work.push(Work::Line(self.lines_at[v][k]));
        }
        self.board.work.push(Work::Node(v));
        if value == SHADE {
            let graph = self.board.graph;
            for &(n, _) in graph.adjacent(v) {
                if self.board.cell[n] != CLUE {
                    self.set_cell(n, LOOP)?;
                }
            }
        }
        Ok(())
    }

    /// The closed cycle must be the whole loop: every loop cell on it.
    fn may_close(&self, weight: usize, _: bool) -> bool {
        weight == self.board.on_loop
    }

    /// The local rules to their fixpoint, then reach (when on) and back, until neither
    /// changes anything: what a probe's consequences are.
    fn settle(&mut self) -> Step {
        loop {
            self.propagate()?;
            if !self.reach {
                return Ok(());
            }
            let before = self.board.mark();
            self.reach_rule()?;
            if self.board.mark() == before {
                return Ok(());
            }
        }
    }

    /// The local rules (cell, arrow, loop) until no work is left.
    fn propagate(&mut self) -> Step {
        while let Some(w) = self.board.work.pop() {
            match w {
                Work::Node(v) => self.cell_rule(v)?,
                Work::Line(l) => self.arrow_rule(l)?,
                Work::End(v) => self.loop_rule(v)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::loop_board::{ON, grid_link};
    use crate::puzzles::pearl::{DOWN, RIGHT};
    use crate::puzzles::yajilin::parse;

    fn puzzle(text: &str) -> Yajilin {
        parse(text).remove(0).expect("the puzzle reads").1
    }

    fn facts(p: &Yajilin, rules: &[Rule]) -> Facts {
        match deduce(p, rules) {
            Deduction::Facts(f) => f,
            Deduction::Contradiction => panic!("contradiction"),
        }
    }

    /// A state after the clue cells' links, no rule run yet.
    fn started<'g>(p: &Yajilin, graph: &'g Graph) -> State<'g> {
        let mut s = State::new(p, graph, &Rule::ALL);
        s.start(p).expect("the clues agree");
        s.board.work.clear();
        s
    }

    fn graph(p: &Yajilin) -> Graph {
        let (w, h) = p.size();
        Graph::grid(w, h)
    }

    #[test]
    fn cell_rule_shades_dead_ends_and_keeps_the_loop_going() {
        // 1×3, a clue in the middle: both free cells have no link left, so are shaded;
        // no loop at all is the one solution.
        let p = puzzle("yajilin\n. ? .\n");
        let f = facts(&p, &[]);
        assert_eq!(f.cells, vec![Some(true), Some(false), Some(true)]);
        let grid = grid(&f).expect("decided");
        assert_eq!(super::super::check::verify(&p, &grid), Ok(()));
        // 3×3 free: a shaded corner makes its neighbours loop; each has then two links
        // not off, both on.
        let p = puzzle("yajilin\n. . .\n. . .\n. . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, SHADE).unwrap();
        s.propagate().unwrap();
        assert_eq!((s.board.cell[1], s.board.cell[3]), (LOOP, LOOP));
        for bit in [RIGHT, DOWN] {
            assert_eq!(s.board.links.value[grid_link((3, 3), 1, bit).unwrap()], ON);
            assert_eq!(s.board.links.value[grid_link((3, 3), 3, bit).unwrap()], ON);
        }
        assert_eq!(
            s.board.links.value[grid_link((3, 3), 0, RIGHT).unwrap()],
            OFF
        );
        // Two shaded cells side by side: a contradiction.
        let mut s = started(&p, &g);
        s.set_cell(0, SHADE).unwrap();
        assert!(s.set_cell(1, SHADE).is_err());
    }

    #[test]
    fn arrow_rule_fills_a_full_line_and_clears_a_met_one() {
        // A run of three cells between `2>` and two clues holds two shaded cells apart:
        // its first and last.
        let row = ". . . . . . .\n";
        let text = format!("yajilin\n{row}{row}. 2> . . . ? ?\n{row}{row}");
        let p = puzzle(&text);
        assert_eq!(facts(&p, &[]).cells[16..19], [None, None, None]);
        let f = facts(&p, &[Rule::Arrow]);
        assert_eq!(f.cells[16..19], [Some(true), Some(false), Some(true)]);
        // Met by nothing: every cell in the line is loop.
        let p = puzzle(&text.replace("2>", "0>"));
        let f = facts(&p, &[Rule::Arrow]);
        assert_eq!(f.cells[16..19], [Some(false); 3]);
        // More than the line holds apart: a contradiction even without the rule.
        let p = puzzle(&text.replace("2>", "3>"));
        assert_eq!(deduce(&p, &[]), Deduction::Contradiction);
        // Two arrows the same way in one line: the cells between hold the difference.
        let p = puzzle("yajilin\n. . . . . . .\n1> . . 1> . . .\n. . . . . . .\n");
        let (found, impossible) = lines(&p);
        assert!(!impossible);
        let g = graph(&p);
        let mut s = started(&p, &g);
        let l = found
            .iter()
            .position(|l| l.cells == [8, 9] && l.need == 0)
            .unwrap();
        s.arrow_rule(l).unwrap();
        assert_eq!((s.board.cell[8], s.board.cell[9]), (LOOP, LOOP));
    }

    #[test]
    fn loop_rule_forbids_a_premature_loop_only() {
        // A U of three links in the top left of a 3×3: its ends may close the 2×2 square
        // only while no loop cell lies off it.
        let p = puzzle("yajilin\n. . .\n. . .\n. . .\n");
        let g = graph(&p);
        let close = grid_link((3, 3), 3, RIGHT).unwrap();
        for other in [false, true] {
            let mut s = started(&p, &g);
            for (cell, bit) in [(0, RIGHT), (0, DOWN), (1, DOWN)] {
                s.set_link(grid_link((3, 3), cell, bit).unwrap(), true)
                    .unwrap();
            }
            if other {
                s.set_cell(8, LOOP).unwrap();
            }
            s.loop_rule(3).unwrap();
            assert_eq!(
                s.board.links.value[close],
                if other { OFF } else { UNKNOWN }
            );
        }
        // Closing it anyway with a loop cell off it: a contradiction.
        let u = [(0, RIGHT), (0, DOWN), (1, DOWN)];
        let mut s = started(&p, &g);
        for (cell, bit) in u {
            s.set_link(grid_link((3, 3), cell, bit).unwrap(), true)
                .unwrap();
        }
        s.set_cell(8, LOOP).unwrap();
        assert!(s.set_link(close, true).is_err());
        // Closing the whole loop shades every unknown cell.
        let p = puzzle("yajilin\n. . ?\n. . .\n? . ?\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        for (cell, bit) in u {
            s.set_link(grid_link((3, 3), cell, bit).unwrap(), true)
                .unwrap();
        }
        s.set_link(close, true).unwrap();
        assert_eq!((s.board.cell[5], s.board.cell[7]), (SHADE, SHADE));
    }

    #[test]
    fn reach_rule_keeps_the_loop_cells_together() {
        // A column of clues splits the board: loop cells on both sides contradict, and
        // one side's loop leaves the other side's cells shaded (here side by side, so a
        // contradiction too).
        let p = puzzle("yajilin\n. . ? . .\n. . ? . .\n. . ? . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        s.set_cell(4, LOOP).unwrap();
        assert!(s.reach_rule().is_err());
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        assert!(s.reach_rule().is_err());
        // With the loop cells together nothing changes.
        let p = puzzle("yajilin\n. . .\n. . .\n");
        let g = graph(&p);
        let mut s = started(&p, &g);
        s.set_cell(0, LOOP).unwrap();
        s.set_cell(5, LOOP).unwrap();
        let mark = s.board.mark();
        s.reach_rule().unwrap();
        assert_eq!(s.board.mark(), mark);
    }

    #[test]
    fn probing_decides_what_the_local_rules_leave_open() {
        // Some URLs of `tests/fixtures/yajilin/yajilin-8x8.txt` need probing; deduction
        // with it decides them.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/yajilin/yajilin-8x8.txt"
        ))
        .unwrap();
        let local = [Rule::Arrow, Rule::Loop, Rule::Reach];
        let mut probed = 0;
        for line in text.lines().filter(|l| l.starts_with("http")) {
            let p = puzzle(line);
            let all = facts(&p, &Rule::ALL);
            assert_eq!(all.open(), 0, "{line}");
            assert_eq!(
                super::super::check::verify(&p, &grid(&all).unwrap()),
                Ok(())
            );
            probed += usize::from(facts(&p, &local).open() > 0);
        }
        assert!(probed > 0);
    }

    #[test]
    fn a_fired_stop_ends_probing_with_what_the_local_rules_decided() {
        // A puzzle probing is needed for: with the stop fired, deduction gives exactly the
        // local rules' facts (the ones probing found are left open), and still holds.
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/yajilin/yajilin-8x8.txt"
        ))
        .unwrap();
        let local = [Rule::Arrow, Rule::Loop, Rule::Reach];
        let stop = Stop::cancellable(None);
        stop.cancel();
        let mut checked = 0;
        for line in text.lines().filter(|l| l.starts_with("http")) {
            let p = puzzle(line);
            let Deduction::Facts(stopped) = deduce_until(&p, &Rule::ALL, &stop) else {
                panic!("{line}: no contradiction");
            };
            let without_probing = facts(&p, &local);
            assert_eq!(stopped.open(), without_probing.open(), "{line}");
            checked += usize::from(stopped.open() > 0);
        }
        assert!(checked > 0);
    }
}
