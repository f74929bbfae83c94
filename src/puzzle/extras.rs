//! Capabilities beyond solving, which a kind declares like the engines' (`as_explain`):
//! explanation — the steps a person can follow, for `satcover explain` and the page — and
//! the page's board, on which a kind's steps are replayed whatever the kind.
//!
//! The command line and the page know no kind's techniques: they hand the kind an
//! [`ExplainRequest`] and print, return or draw what it answers.

use serde::Serialize;

use crate::stop::Stop;

/// What `explain` asks of a kind.
#[derive(Clone, Debug)]
pub struct ExplainRequest {
    /// How the puzzle is named in the answer (`file:line`).
    pub label: String,
    /// The hardest technique to use, by one of the kind's
    /// [`techniques`](Explain::techniques) (the caller has checked it); `None`: all.
    pub max_technique: Option<String>,
    /// Only the next step, at this level: 1 names the technique, 2 adds where, 3 gives the
    /// whole step; `None`: every step.
    pub hint: Option<u8>,
    /// Also use techniques the kind's rating scale does not have (sudoku: finned and
    /// sashimi fish); the rating is then not the published scale's, and the answer says so.
    pub extra_techniques: bool,
    /// When to give up (the page's time limit, a client that left).
    pub stop: Stop,
}

/// How an explanation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ExplainStatus {
    /// Every cell was decided by the techniques, one step at a time.
    Solved,
    /// The techniques ran out before the end.
    Stuck,
    /// The puzzle has more than one solution.
    Multiple,
    /// The puzzle has no solution.
    Invalid,
    /// The request's stop fired before the end.
    Stopped,
}

impl ExplainStatus {
    /// The word used in text and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ExplainStatus::Solved => "solved",
            ExplainStatus::Stuck => "stuck",
            ExplainStatus::Multiple => "multiple",
            ExplainStatus::Invalid => "invalid",
            ExplainStatus::Stopped => "stopped",
        }
    }
}

/// A kind's answer to an [`ExplainRequest`], ready to print.
#[derive(Clone, Debug)]
pub struct Explained {
    /// How the explanation ended.
    pub status: ExplainStatus,
    /// Whether the request asked for a hint and one was given (then `Stuck` is an answer).
    pub hinted: bool,
    /// What a terminal shows, each line ended by a newline.
    pub text: String,
    /// One JSON object (JSON Lines), naming the label.
    pub json: serde_json::Value,
}

/// A kind's step-by-step explanation.
pub trait Explain {
    /// The names `--max-technique` takes for this kind, easiest first.
    fn techniques(&self) -> Vec<String>;

    /// Why the explainer will not take this puzzle (too large for it), or `None`.
    fn refusal(&self) -> Option<String>;

    /// The explanation, or the hint, that `request` asks for.
    fn explain(&self, request: &ExplainRequest) -> Explained;

    /// Every step for the page to page through: the kind's own JSON object, with the
    /// fields every kind gives: `status`, `summary` (one line), `steps` (each with `number`
    /// and `text`) and `board` ([`Board`], on which the page replays the steps).
    fn explain_page(&self, stop: Stop) -> serde_json::Value;
}

/// A grid as the page draws an explanation: cells in reading order, and what each step
/// changes and marks. The page shows step `k` as the cells with the changes of steps
/// `0..=k` applied and step `k`'s marks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Cells per row.
    pub columns: usize,
    /// Every cell before the first step.
    pub cells: Vec<BoardCell>,
    /// One per step, in the order of the steps.
    pub steps: Vec<BoardStep>,
}

/// How one cell is drawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardCell {
    /// Its text (a digit, `·`), or empty.
    pub text: String,
    /// Its classes for the page's style sheet, blank-separated (`given`, `found`,
    /// `unknown`, `empty`, `filled`, borders `box-right`/`box-below`).
    pub class: String,
    /// Its background colour (`#rrggbb`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

/// What one step does to the board.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BoardStep {
    /// Cells (by index) drawn anew from this step on.
    pub set: Vec<(usize, BoardCell)>,
    /// Cells (by index) marked while this step is shown: `focus` (what it looks at),
    /// `placed` (what it decides), `removed` (what it narrows), `probe`.
    pub marks: Vec<(usize, &'static str)>,
}
