//! Explaining a nonogram the way a person solves it: line by line, each line solved from
//! its clue and its known cells and named by the simplest rule that gives what it gives
//! (`rules.rs`), in passes over the rows then the columns as in the GCHQ line-solver seed
//! (`pass 2: 137 unknown`); when a whole pass changes nothing, probing (`probe.rs`); when
//! probing finds nothing either, the puzzle needs search.
//!
//! Glossary (besides the nonogram one): a cell's **domain** is the set of colours it may
//! still take (bit `c`: palette colour `c`, bit 0 the background); a cell is **known**
//! when one colour is left; a step **fills** cells (a colour), **empties** them (the
//! background), or **rules out** colours (colour puzzles); a **pass** solves every line
//! that changed since it was last solved, rows first.
//!
//! Invariants: each line step's effect is exactly what the exact line solver deduces for
//! that line (`line::bitline`, shared with every engine), or, under `--max-technique`,
//! a sound part of it; the puzzle is solved first by the native engine, and every step is
//! compared with the unique solution before it is taken (an unsound step is an internal
//! error that stops the explanation, never shown). Design notes and measurements:
//! `docs/explain.md` (nonogram section).

mod board;
mod probe;
mod render;
pub mod rules;

use std::time::{Duration, Instant};

pub use crate::explain::{Cell, HintLevel, Status};
pub use render::{describe, text, to_json};
pub use rules::{RULES, Rule};

use super::line::bitline;
use super::{Grid, Nonogram, native};
use crate::puzzle::Limits;
use crate::stop::Stop;
use board::{Board, LineLogic};
use probe::{Finding, Prober};

/// How hard the puzzle is for a person, by what its explanation needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// Solved by the simple rules alone (complete, overlap, spaces).
    Trivial,
    /// Solved by line steps (edge and glue, or full line logic, somewhere).
    Line,
    /// Solved by line steps and probing (lookahead), no guess.
    Lookahead,
    /// Line logic and probing stall: the native search has to guess.
    Search,
    /// More than one solution.
    Multiple,
    /// No solution (status `invalid`).
    Contradiction,
}

impl Class {
    /// The word in text and JSON.
    pub fn key(self) -> &'static str {
        match self {
            Class::Trivial => "trivial",
            Class::Line => "line",
            Class::Lookahead => "lookahead",
            Class::Search => "search",
            Class::Multiple => "multiple",
            Class::Contradiction => "contradiction",
        }
    }
}

/// One cell a step narrows: its colours before and after (bit `c`: palette colour `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The cell.
    pub cell: Cell,
    /// Its domain before the step.
    pub before: u64,
    /// Its domain after the step (a subset of `before`, never empty).
    pub after: u64,
}

/// What a probe assumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The cell tried.
    pub cell: Cell,
    /// Contradiction: the colour that failed. Agreement: `None` (every colour of the cell
    /// was tried).
    pub colour: Option<u8>,
}

/// One step of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The pass it belongs to (1-based); a probe comes after the passes up to this one
    /// (0: before the first).
    pub pass: usize,
    /// The rule that explains it.
    pub rule: Rule,
    /// Line steps: the line solved; contradictions: the line left with no arrangement
    /// (rows `0..height`, then columns).
    pub line: Option<usize>,
    /// Probe steps: the cell tried.
    pub probe: Option<Probe>,
    /// The cells narrowed, in line order (line steps) or row-major (probes).
    pub changes: Vec<Change>,
}

/// The unknown cells at the start of a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// 1-based.
    pub number: usize,
    /// Unknown cells when it started.
    pub unknown: usize,
}

/// What `explain` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Solved, stuck (line logic and probing stall), multiple or invalid.
    pub status: Status,
    /// The puzzle's class.
    pub class: Class,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// Every pass that changed something, with its unknown cells at its start (a pass
    /// that changes nothing ends line logic and is not listed).
    pub passes: Vec<Pass>,
    /// Probe steps taken.
    pub probes: usize,
    /// Unknown cells at the start and at the end.
    pub unknown: (usize, usize),
    /// Guesses the native search made (when it ran).
    pub guesses: Option<u64>,
    /// Whether the native search finished (uniqueness proved, or the count exact).
    pub search_complete: bool,
    /// Whether every step was compared with the unique solution.
    pub checked: bool,
    /// Why the puzzle is invalid or multiple, or why the explanation stopped.
    pub reason: Option<String>,
    /// When multiple: the cells where two solutions differ.
    pub differing: Vec<Cell>,
    /// The domains at the end, row-major (bit `c`: palette colour `c`).
    pub domains: Vec<u64>,
}

/// How far `explain` goes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The hardest rule to use ([`Rule::Line`]: no probing). Line rules below
    /// [`Rule::Line`] take the part of a line's deduction they explain.
    pub max_rule: Rule,
    /// Stop after this many steps (hints take one).
    pub max_steps: Option<usize>,
    /// Time the native search gets to prove the solution unique (or find two).
    pub search_time: Duration,
    /// Line solves probing may spend in all.
    pub probe_budget: u64,
    /// Polled before each step and by the search: when it fires the explanation ends
    /// [`Status::Stopped`].
    pub stop: Stop,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_rule: Rule::Contradiction,
            max_steps: None,
            search_time: Duration::from_millis(400),
            probe_budget: 2_000_000,
            stop: Stop::never(),
        }
    }
}

/// Why `explain` does not take `puzzle`: a line longer than the line solver's one-word
/// masks ([`bitline::MAX_LEN`] cells).
pub fn refusal(puzzle: &Nonogram) -> Option<String> {
    let longest = puzzle.width().max(puzzle.height());
    (longest > bitline::MAX_LEN).then(|| {
        format!(
            "explain takes nonograms up to {0}×{0} cells, not {1}×{2}",
            bitline::MAX_LEN,
            puzzle.width(),
            puzzle.height()
        )
    })
}

/// Explains `puzzle` (see the module notes). Lines are at most [`bitline::MAX_LEN`]
/// cells: callers check [`refusal`] first (a refused puzzle comes back `invalid` with the
/// refusal as its reason).
pub fn explain(puzzle: &Nonogram, options: &Options) -> Explanation {
    let board = Board::new(puzzle);
    let mut explanation = Explanation {
        status: Status::Invalid,
        class: Class::Contradiction,
        steps: Vec::new(),
        passes: Vec::new(),
        probes: 0,
        unknown: (board.unknown(), board.unknown()),
        guesses: None,
        search_complete: false,
        checked: false,
        reason: None,
        differing: Vec::new(),
        domains: board.domains.clone(),
    };
    if let Some(reason) = puzzle
        .impossibility()
        .or_else(|| refusal(puzzle).map(|r| format!("not explained: {r}")))
    {
        explanation.reason = Some(reason);
        return explanation;
    }
    let limits = Limits {
        max_solutions: Some(2),
        keep: 2,
        stop: options.stop.child(Instant::now() + options.search_time),
    };
    let answer = native::solve(puzzle, &limits);
    if options.stop.should_stop() {
        explanation.status = Status::Stopped;
        explanation.reason =
            Some("stopped (cancelled or out of time) while searching for the solution".into());
        return explanation;
    }
    explanation.guesses = answer.guesses;
    explanation.search_complete = answer.complete || answer.count >= 2;
    match (answer.count, answer.complete) {
        (0, true) => {
            // Line logic shows where, when it can.
            let quiet = Options {
                max_rule: Rule::Line,
                max_steps: None,
                ..options.clone()
            };
            let traced = run(puzzle, &quiet, None, &mut explanation);
            explanation.status = Status::Invalid;
            explanation.class = Class::Contradiction;
            explanation.reason = Some(match traced {
                Err(line) => format!(
                    "no solution: line {} {} has no arrangement after step {}",
                    puzzle.line_name(line),
                    puzzle.clue_text(puzzle.clue(line)),
                    explanation.steps.len()
                ),
                Ok(()) => "no solution: the native search finds none".to_string(),
            });
            explanation.steps.clear();
            explanation.passes.clear();
            explanation.probes = 0;
            return explanation;
        }
        (count, _) if count >= 2 => {
            let (a, b) = (&answer.solutions[0], &answer.solutions[1]);
            explanation.status = Status::Multiple;
            explanation.class = Class::Multiple;
            explanation.differing = (0..a.cells.len())
                .filter(|&i| a.cells[i] != b.cells[i])
                .map(|i| cell_at(puzzle, i))
                .collect();
            explanation.reason = Some(format!(
                "at least two solutions; they differ in {} cells",
                explanation.differing.len()
            ));
            return explanation;
        }
        _ => {}
    }
    let solution = answer
        .solutions
        .first()
        .filter(|_| answer.complete)
        .cloned();
    explanation.checked = solution.is_some();
    match run(puzzle, options, solution.as_ref(), &mut explanation) {
        Ok(()) => {}
        Err(line) => {
            // Not after a unique solution was found: the steps are checked against it.
            explanation.status = Status::Invalid;
            explanation.class = Class::Contradiction;
            explanation.reason = Some(format!(
                "line {} has no arrangement after step {}",
                puzzle.line_name(line),
                explanation.steps.len()
            ));
            return explanation;
        }
    }
    let left = explanation.unknown.1;
    let stopped = explanation.reason.is_some() || options.max_steps.is_some();
    explanation.status = if left == 0 {
        Status::Solved
    } else if options.stop.should_stop() {
        Status::Stopped
    } else {
        Status::Stuck
    };
    explanation.class = if left > 0 {
        Class::Search
    } else if explanation.probes > 0 {
        Class::Lookahead
    } else if explanation.steps.iter().all(|s| s.rule <= Rule::Spaces) {
        Class::Trivial
    } else {
        Class::Line
    };
    if left > 0 && !stopped {
        let more = if explanation.search_complete {
            ""
        } else {
            " (it had not finished)"
        };
        let by = if options.max_rule < Rule::Probe {
            format!("rules up to {}", options.max_rule.key())
        } else {
            "line logic and probing".to_string()
        };
        explanation.reason = Some(format!(
            "{by} leave {left} cells unknown; the native search needs {} guesses{more}",
            explanation.guesses.unwrap_or(0)
        ));
    }
    explanation
}

/// The cell of grid index `i`.
fn cell_at(puzzle: &Nonogram, i: usize) -> Cell {
    Cell {
        row: i / puzzle.width(),
        col: i % puzzle.width(),
    }
}

/// The changes from `before` to `after` over the grid cells `cells`.
fn changes(
    puzzle: &Nonogram,
    cells: impl Iterator<Item = usize>,
    before: &[u64],
    after: &[u64],
) -> Vec<Change> {
    cells
        .filter(|&i| before[i] != after[i])
        .map(|i| Change {
            cell: cell_at(puzzle, i),
            before: before[i],
            after: after[i],
        })
        .collect()
}

/// Why a step would be wrong: a change that drops the solution's colour.
fn unsound(puzzle: &Nonogram, step: &Step, solution: &Grid) -> Option<String> {
    step.changes.iter().find_map(|change| {
        let colour = solution.colour(change.cell.row, change.cell.col);
        (change.after >> colour & 1 == 0).then(|| {
            format!(
                "rule out {} at {}, the solution's colour",
                puzzle
                    .palette()
                    .get(colour)
                    .map_or("?", |c| c.name.as_str()),
                change.cell
            )
        })
    })
}

/// Passes of line steps, probing when a pass changes nothing, until the grid is known,
/// nothing applies, or `max_steps`. Each step is checked against `solution` when given;
/// an unsound one stops the run with a reason. `Err(l)`: line `l` has no arrangement.
fn run(
    puzzle: &Nonogram,
    options: &Options,
    solution: Option<&Grid>,
    explanation: &mut Explanation,
) -> Result<(), usize> {
    let mut board = Board::new(puzzle);
    let mut logic = LineLogic::new(puzzle);
    let mut prober = Prober::default();
    let lines = puzzle.num_lines();
    let mut dirty = vec![true; lines];
    let mut pass = 0;
    let full = |e: &Explanation| options.max_steps.is_some_and(|m| e.steps.len() >= m);
    let take = |step: Step, board: &mut Board, explanation: &mut Explanation| -> bool {
        if let Some(wrong) = solution.and_then(|s| unsound(puzzle, &step, s)) {
            explanation.reason = Some(format!(
                "internal error: a {} step would {wrong}; stopped before it",
                step.rule.key()
            ));
            return false;
        }
        for change in &step.changes {
            board.domains[change.cell.row * puzzle.width() + change.cell.col] = change.after;
        }
        explanation.probes += usize::from(!step.rule.is_line_rule());
        explanation.steps.push(step);
        true
    };
    let result = 'passes: loop {
        if board.unknown() == 0 {
            // A known grid still has to fit the lines not read since it changed.
            match (0..lines).find(|&l| dirty[l] && logic.solve(&board, l).is_none()) {
                Some(l) => break Err(l),
                None => break Ok(()),
            }
        }
        if full(explanation) {
            break Ok(());
        }
        if options.stop.should_stop() {
            explanation.reason = Some(format!(
                "stopped (cancelled or out of time) after {} steps",
                explanation.steps.len()
            ));
            break Ok(());
        }
        pass += 1;
        explanation.passes.push(Pass {
            number: pass,
            unknown: board.unknown(),
        });
        let mut progress = false;
        for l in 0..lines {
            if !dirty[l] {
                continue;
            }
            dirty[l] = false;
            let domains = board.line(puzzle, l);
            let Some(exact) = logic.solve(&board, l) else {
                break 'passes Err(l);
            };
            if exact == domains {
                continue;
            }
            let Some((rule, got)) =
                rules::name_step(puzzle.clue(l), &domains, &exact, options.max_rule)
            else {
                continue;
            };
            let cells = (0..domains.len()).map(|i| puzzle.cell_of(l, i));
            let mut after = board.domains.clone();
            for (i, &d) in got.iter().enumerate() {
                after[puzzle.cell_of(l, i)] = d;
            }
            let step = Step {
                pass,
                rule,
                line: Some(l),
                probe: None,
                changes: changes(puzzle, cells, &board.domains, &after),
            };
            for change in &step.changes {
                let [row, col] = logic.lines_of(change.cell.row * puzzle.width() + change.cell.col);
                dirty[if row == l { col } else { row }] = true;
            }
            if got != exact {
                // A partial rule leaves more for this line next pass.
                dirty[l] = true;
            }
            if !take(step, &mut board, explanation) {
                break 'passes Ok(());
            }
            progress = true;
            if full(explanation) {
                break 'passes Ok(());
            }
        }
        if progress {
            continue;
        }
        // The pass changed nothing.
        explanation.passes.pop();
        pass -= 1;
        if options.max_rule < Rule::Probe {
            break Ok(());
        }
        let mut exhausted = false;
        let budget = logic.solves.saturating_add(options.probe_budget);
        let Some(finding) = prober.find(&mut logic, &board, budget, &mut exhausted) else {
            if exhausted {
                explanation.reason = Some(format!(
                    "probing stopped after its budget of {} line solves",
                    options.probe_budget
                ));
            }
            break Ok(());
        };
        let (rule, line, probe, after, cell) = match finding {
            Finding::Contradiction {
                cell,
                colour,
                line,
                board,
            } => (
                Rule::Contradiction,
                Some(line),
                Some(colour),
                board.domains,
                cell,
            ),
            Finding::Agreement { cell, board } => (Rule::Probe, None, None, board.domains, cell),
        };
        let step = Step {
            pass,
            rule,
            line,
            probe: Some(Probe {
                cell: cell_at(puzzle, cell),
                colour: probe,
            }),
            changes: changes(puzzle, 0..after.len(), &board.domains, &after),
        };
        for change in &step.changes {
            for l in logic.lines_of(change.cell.row * puzzle.width() + change.cell.col) {
                dirty[l] = true;
            }
        }
        if !take(step, &mut board, explanation) {
            break Ok(());
        }
    };
    explanation.unknown.1 = board.unknown();
    explanation.domains = board.domains;
    result
}
