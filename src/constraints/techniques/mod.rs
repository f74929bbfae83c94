//! The sudoku techniques on any grid of houses, explained the way a person solves:
//! candidates in every empty cell, and at each step the first technique family, in Sukaku
//! Explainer v1.15.10's order, that applies (`ladder.rs`), rated on the Sudoku Explainer
//! (SE) scale, until the grid is full or the techniques run out. The grid is a [`Layout`]:
//! rows, columns and boxes (square, rectangular or jigsaw regions) and any extra houses
//! (sudoku X's diagonals), so the plain sudoku and Solo's variants share one explainer.
//!
//! Glossary (besides the layer's): a **candidate** is a digit still possible in an empty
//! cell; a **house** is a row, column, box (region) or extra house, each holding 1..=n
//! once; a step **places** digits and **eliminates** candidates; a **literal** is a
//! candidate said to be true (`r3c4=5`) or false (`r3c4<>5`), the nodes of chains.
//!
//! Invariants: the puzzle is solved by search first ([`Search`], the kind's engine), so
//! uniqueness techniques run only on proved-unique puzzles and every step is checked
//! against the solution before it is taken (a step that would remove a solution digit is
//! a bug, and stops the explanation instead of being shown). Every technique is sound on
//! any layout: adding houses only adds constraints, except to the uniqueness techniques,
//! whose deadly patterns are checked against every house (`Board::deadly`) and whose
//! BUG argument is used on regular boxes without extra houses only. One file per technique
//! family, after Emerentius/sudoku's `strategy/strategies/`; the order, ratings and
//! surcharges are Sukaku Explainer v1.15.10's as `docs/explain.md` (the ladder, from the
//! Sudoku Explainer fact sheet) states them (SE 1.2.1's published table plus the four
//! families it adds); SE defines them for the classic grid, so a jigsaw or X grid's
//! rating is marked as not SE's. Measurements: `docs/explain.md`.

mod als_wings;
pub(crate) mod chains;
mod direct;
mod dynamic;
mod exclusion;
mod fish;
mod ladder;
mod layout;
mod links;
mod locked;
mod nishio;
pub mod said;
mod search;
mod singles;
mod subsets;
mod three_links;
mod turbot;
mod uniqueness;
mod wings;

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

pub use crate::explain::{Cell, Difficulty, HintLevel, Rating, Status};
use crate::stop::Stop;
use layout::CellHouses;
pub use layout::Layout;
pub use search::{ModelSearch, Search};

/// A digit in a cell: a placement or an eliminated candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Candidate {
    /// The cell (`r3c4` in JSON).
    pub cell: Cell,
    /// The digit, 1..=n.
    pub digit: u8,
}

/// A row, a column, a box, a jigsaw region or a diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box (square or rectangular).
    Box,
    /// A jigsaw region.
    Region,
    /// A long diagonal (sudoku X): 1 from the top left, 2 from the top right.
    Diagonal,
}

/// A house named as people do: `row 3`, `column 4`, `box 2` (1-based, boxes and regions
/// in the order of their first cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct House {
    /// Row, column or box.
    pub kind: HouseKind,
    /// 1-based number.
    pub number: usize,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = match self.kind {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
        };
        write!(f, "{word} {}", self.number)
    }
}

/// A node of a chain: a candidate said true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Literal {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: u8,
    /// True: the cell holds the digit; false: it does not.
    pub on: bool,
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.on { "=" } else { "<>" };
        write!(f, "{}{sign}{}", self.cell, self.digit)
    }
}

/// The techniques, roughly in the order of their SE base difficulty (the order they are
/// tried in is `ladder.rs`'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// The last empty cell of a house (SE 1.0).
    FullHouse,
    /// The only place for a digit in a box (SE 1.2).
    HiddenSingleBox,
    /// The only place for a digit in a row or column (SE 1.5).
    HiddenSingleLine,
    /// A pointing whose eliminations leave a hidden single in a box, placed (1.7).
    DirectPointing,
    /// A claiming whose eliminations leave a hidden single in a line, placed (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single in its house (2.0).
    DirectHiddenPair,
    /// The only candidate of a cell (SE 2.3).
    NakedSingle,
    /// A hidden triplet whose eliminations leave a hidden single in its house (2.5).
    DirectHiddenTriple,
    /// A box's candidates for a digit all in one line: the line loses it elsewhere (2.6).
    Pointing,
    /// A line's candidates for a digit all in one box: the box loses it elsewhere (2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (3.0).
    NakedPair,
    /// A digit in two rows confined to two columns, or the other way round (3.2).
    XWing,
    /// Two digits of a house confined to the same two cells (3.4).
    HiddenPair,
    /// Three cells of a house with three candidates among them (3.6).
    NakedTriple,
    /// The fish on three lines (3.8).
    Swordfish,
    /// Three digits of a house confined to three cells (4.0).
    HiddenTriple,
    /// Two strong links of a digit in two rows or two columns, joined by a weak link (4.0).
    Skyscraper,
    /// Two strong links of a digit in a row and a column, joined in a box (4.1).
    TwoStringKite,
    /// Two strong links of a digit, one in a box, one in a line (4.2).
    TurbotCrane,
    /// A skyscraper, kite or turbot crane with a grouped link (4.3).
    GroupedTurbotFish,
    /// A bivalue pivot and two bivalue pincers (4.2).
    XyWing,
    /// A trivalue pivot and two bivalue pincers (4.4).
    XyzWing,
    /// A deadly pattern of four cells avoided (4.5–4.7; unique puzzles only).
    UniqueRectangle,
    /// Four cells of a house with four candidates among them (5.0).
    NakedQuad,
    /// The fish on four lines (5.2).
    Jellyfish,
    /// Four digits of a house confined to four cells (5.4).
    HiddenQuad,
    /// Three strong links of a digit, all in rows or all in columns (5.4).
    ThreeSkyscrapers,
    /// Three strong links of a digit, one at least in a box (5.5).
    ThreeStrongLinks,
    /// Three strong links of a digit in rows and columns (5.6).
    ThreeStringKite,
    /// Three strong links of a digit, one at least grouped (5.7).
    GroupedThreeStrongLinks,
    /// Three cells holding four digits and a bivalue cell (5.5–5.6).
    WxyzWing,
    /// Bivalue universal grave plus one (5.6; unique puzzles only).
    Bug,
    /// An X-wing with fins in one box, sashimi included (3.4: calibrated, see
    /// `docs/explain.md`; SE 1.2.1 has no finned fish).
    FinnedXWing,
    /// A swordfish with fins in one box (5.4, calibrated).
    FinnedSwordfish,
    /// A jellyfish with fins in one box (5.6, calibrated).
    FinnedJellyfish,
    /// Four cells holding five digits and a bivalue cell (6.2–6.4).
    VwxyzWing,
    /// Two cells of a house whose value pairs are all excluded but a few (6.2).
    AlignedPairExclusion,
    /// A loop of one digit's links (6.5 plus the length surcharge).
    XCycle,
    /// A loop whose strong links are all inside bivalue cells (6.5 plus the surcharge).
    YCycle,
    /// A chain of one digit's links (6.6 plus the length surcharge).
    XChain,
    /// A loop of alternating strong and weak links of any kind (7.0 +).
    Cycle,
    /// A static forcing chain of any links: contradiction or double implication (7.0 +).
    ForcingChain,
    /// Three cells whose value triples are all excluded but a few (7.5).
    AlignedTripletExclusion,
    /// One digit followed dynamically from an assumption to a house without it (7.5 +).
    Nishio,
    /// Every candidate of one house for a digit leads to the same conclusion (8.0 +).
    RegionForcingChain,
    /// Every candidate of one cell leads to the same conclusion (8.0 +).
    CellForcingChain,
    /// Assumptions followed with every deduction of their branch, singles only (8.5 +).
    DynamicForcingChain,
    /// Dynamic forcing chains whose branches also use the basic techniques (9.0 +).
    DynamicForcingChainPlus,
    /// Dynamic forcing chains whose branches also use static forcing chains (9.5 +).
    NestedForcingChain,
    /// Dynamic forcing chains whose branches also use multiple forcing chains (10.0 +).
    NestedMultipleForcingChain,
    /// Dynamic forcing chains whose branches also use dynamic forcing chains (10.5 +).
    NestedDynamicForcingChain,
}

/// Every technique, in the enum's order (for `--max-technique` and documentation).
pub const TECHNIQUES: [Technique; 51] = [
    Technique::FullHouse,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
    Technique::DirectPointing,
    Technique::DirectClaiming,
    Technique::DirectHiddenPair,
    Technique::NakedSingle,
    Technique::DirectHiddenTriple,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotCrane,
    Technique::GroupedTurbotFish,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueRectangle,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::ThreeSkyscrapers,
    Technique::ThreeStrongLinks,
    Technique::ThreeStringKite,
    Technique::GroupedThreeStrongLinks,
    Technique::WxyzWing,
    Technique::Bug,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::VwxyzWing,
    Technique::AlignedPairExclusion,
    Technique::XCycle,
    Technique::YCycle,
    Technique::XChain,
    Technique::Cycle,
    Technique::ForcingChain,
    Technique::AlignedTripletExclusion,
    Technique::Nishio,
    Technique::RegionForcingChain,
    Technique::CellForcingChain,
    Technique::DynamicForcingChain,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
    Technique::NestedMultipleForcingChain,
    Technique::NestedDynamicForcingChain,
];

impl Technique {
    /// The technique's base difficulty on the SE scale (chains add a length surcharge).
    pub fn base(self) -> Difficulty {
        use Technique::*;
        Difficulty(match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            TurbotCrane => 42,
            GroupedTurbotFish => 43,
            XyWing => 42,
            XyzWing => 44,
            UniqueRectangle => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            ThreeSkyscrapers => 54,
            ThreeStrongLinks => 55,
            ThreeStringKite => 56,
            GroupedThreeStrongLinks => 57,
            WxyzWing => 55,
            VwxyzWing => 62,
            AlignedTripletExclusion => 75,
            NestedMultipleForcingChain => 100,
            Bug => 56,
            FinnedXWing => 34,
            FinnedSwordfish => 54,
            FinnedJellyfish => 56,
            AlignedPairExclusion => 62,
            XCycle | YCycle => 65,
            XChain => 66,
            Cycle => 70,
            ForcingChain => 70,
            Nishio => 75,
            RegionForcingChain => 80,
            CellForcingChain => 80,
            DynamicForcingChain => 85,
            DynamicForcingChainPlus => 90,
            NestedForcingChain => 95,
            NestedDynamicForcingChain => 105,
        })
    }

    /// The name people use, as text prints it.
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full house",
            HiddenSingleBox | HiddenSingleLine => "hidden single",
            DirectPointing => "direct pointing",
            DirectClaiming => "direct claiming",
            DirectHiddenPair => "direct hidden pair",
            DirectHiddenTriple => "direct hidden triplet",
            NakedSingle => "naked single",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            XWing => "x-wing",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            Swordfish => "swordfish",
            HiddenTriple => "hidden triple",
            Skyscraper => "skyscraper",
            TwoStringKite => "two-string kite",
            TurbotCrane => "turbot crane",
            GroupedTurbotFish => "grouped turbot fish",
            XyWing => "xy-wing",
            XyzWing => "xyz-wing",
            UniqueRectangle => "unique rectangle",
            NakedQuad => "naked quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden quad",
            ThreeSkyscrapers => "3 skyscrapers",
            ThreeStrongLinks => "3 strong links",
            ThreeStringKite => "3-string kite",
            GroupedThreeStrongLinks => "grouped 3 strong links",
            WxyzWing => "wxyz-wing",
            VwxyzWing => "vwxyz-wing",
            AlignedTripletExclusion => "aligned triplet exclusion",
            NestedMultipleForcingChain => "dynamic forcing chain (+ multiple forcing chains)",
            Bug => "bug+1",
            FinnedXWing => "finned x-wing",
            FinnedSwordfish => "finned swordfish",
            FinnedJellyfish => "finned jellyfish",
            AlignedPairExclusion => "aligned pair exclusion",
            XCycle => "x-cycle",
            YCycle => "y-cycle",
            XChain => "x-chain",
            Cycle => "bidirectional cycle",
            ForcingChain => "forcing chain",
            Nishio => "nishio forcing chain",
            RegionForcingChain => "region forcing chain",
            CellForcingChain => "cell forcing chain",
            DynamicForcingChain => "dynamic forcing chain",
            DynamicForcingChainPlus => "dynamic forcing chain (+)",
            NestedForcingChain => "dynamic forcing chain (+ forcing chains)",
            NestedDynamicForcingChain => "dynamic forcing chain (+ dynamic forcing chains)",
        }
    }

    /// The name as a command-line word (`hidden-single-box`, `xy-wing`…).
    pub fn key(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The technique named by a command-line word ([`Technique::key`]), or by its name.
    pub fn from_key(word: &str) -> Option<Technique> {
        let word = word.trim().to_ascii_lowercase().replace(' ', "-");
        TECHNIQUES
            .into_iter()
            .find(|t| t.key() == word || t.name().replace(' ', "-") == word)
    }
}

/// One deduction: what it places and removes, and what justifies it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Its difficulty on the SE scale (the base plus any chain surcharge).
    pub difficulty: Difficulty,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// The houses the pattern lives in (the box of a hidden single, a fish's lines…).
    pub houses: Vec<House>,
    /// The cells of the pattern (a pair's cells, a wing's pivot and pincers…).
    pub cells: Vec<Cell>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// For chains: each branch from the assumption to its conclusion, link by link.
    pub chains: Vec<Vec<Literal>>,
    /// For chains: the kind of reasoning (`contradiction`, `both ways`, `every digit`…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<&'static str>,
}

impl Step {
    fn new(technique: Technique) -> Step {
        Step {
            technique,
            difficulty: technique.base(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            houses: Vec::new(),
            cells: Vec::new(),
            digits: Vec::new(),
            chains: Vec::new(),
            reasoning: None,
        }
    }

    /// Whether the step places at least one digit.
    pub fn places(&self) -> bool {
        !self.placements.is_empty()
    }

    /// The step as one line of text at a hint level, without its number:
    /// `[1.2] hidden single in box 2: r3c4=5`.
    pub fn describe(&self, level: HintLevel) -> String {
        let mut text = format!("[{}] {}", self.difficulty, self.technique.name());
        if let Some(reasoning) = self.reasoning {
            text.push_str(&format!(" ({reasoning})"));
        }
        if level == HintLevel::Technique {
            return text;
        }
        if !self.digits.is_empty() && self.technique != Technique::HiddenSingleBox {
            let digits: Vec<String> = self.digits.iter().map(u8::to_string).collect();
            if !matches!(
                self.technique,
                Technique::HiddenSingleBox | Technique::HiddenSingleLine | Technique::NakedSingle
            ) {
                text.push_str(&format!(" on {}", digits.join(",")));
            }
        }
        if !self.houses.is_empty() {
            let houses: Vec<String> = self.houses.iter().map(House::to_string).collect();
            text.push_str(&format!(" in {}", houses.join(", ")));
        }
        if !self.cells.is_empty() && self.houses.is_empty()
            || matches!(
                self.technique,
                Technique::NakedPair
                    | Technique::NakedTriple
                    | Technique::NakedQuad
                    | Technique::HiddenPair
                    | Technique::HiddenTriple
                    | Technique::HiddenQuad
                    | Technique::UniqueRectangle
            )
        {
            let cells: Vec<String> = self.cells.iter().map(Cell::to_string).collect();
            if !cells.is_empty() {
                text.push_str(&format!(" at {}", cells.join(",")));
            }
        }
        if level == HintLevel::Where {
            return text;
        }
        let mut results: Vec<String> = self
            .placements
            .iter()
            .map(|p| format!("{}={}", p.cell, p.digit))
            .collect();
        results.extend(
            self.eliminations
                .iter()
                .map(|e| format!("{}<>{}", e.cell, e.digit)),
        );
        text.push_str(": ");
        text.push_str(&results.join(", "));
        for chain in &self.chains {
            let links: Vec<String> = chain.iter().map(Literal::to_string).collect();
            text.push_str(&format!("\n      {}", links.join(" -> ")));
        }
        text
    }
}

/// What to use when explaining.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The hardest technique allowed (by base difficulty); `None`: all of them.
    pub max_technique: Option<Technique>,
    /// Stop after this many steps (`Some(1)` for a hint); `None`: to the end.
    pub max_steps: Option<usize>,
    /// Polled before each step: when it fires the explanation ends [`Status::Stopped`].
    pub stop: Stop,
    /// Also use techniques Sukaku Explainer v1.15.10 does not have (finned and sashimi
    /// fish, at calibrated values): hints a person may like, but the rating is then not
    /// the SE rating people quote ([`Explanation::se_rating`] says so).
    pub extra_techniques: bool,
}

/// A whole explanation: the steps, the rating and how it ended.
#[derive(Clone, Debug, Serialize)]
pub struct Explanation {
    /// Solved, stuck, multiple or invalid.
    pub status: Status,
    /// The grid side n.
    pub size: usize,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// ER/EP/ED over the steps taken.
    pub rating: Rating,
    /// A word for the rating: easy, medium, hard, fiendish, diabolical, extreme; `unrated`
    /// when the explanation is stuck (the puzzle needs more than its hardest step so far).
    pub level: &'static str,
    /// Why the puzzle is invalid or the explanation stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When stuck: every empty cell with its candidates.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<CellCandidates>,
    /// When stuck: the guesses the search needed from the stuck grid; when multiple:
    /// unused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guesses: Option<u64>,
    /// When multiple: the cells where two solutions differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differing: Vec<Cell>,
    /// The steps that set ER, EP and ED (absent when there are no steps).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated_by: Option<RatedBy>,
    /// True when a step used a technique Sukaku Explainer does not have
    /// ([`Options::extra_techniques`]), or the grid is not the classic one SE rates
    /// (jigsaw regions, diagonals): the rating is then not the SE rating.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub not_se: bool,
}

/// The step that sets one number of the rating: the first step reaching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RatingStep {
    /// 1-based step number.
    pub step: usize,
    /// The step's technique (its key in JSON).
    pub technique: Technique,
    /// The technique's name.
    pub name: &'static str,
}

/// Which steps set ER, EP and ED (SE's convention: ties keep the earlier step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RatedBy {
    /// The first step with the highest rating.
    pub er: RatingStep,
    /// The first step with the highest rating up to the first placement.
    pub ep: RatingStep,
    /// The first step.
    pub ed: RatingStep,
}

impl RatedBy {
    /// The steps behind `steps`' rating, or `None` without steps.
    pub fn of(steps: &[Step]) -> Option<RatedBy> {
        let at = |i: usize| RatingStep {
            step: i + 1,
            technique: steps[i].technique,
            name: steps[i].technique.name(),
        };
        let first_max = |upto: usize| {
            (0..upto).fold(0, |best, i| {
                if steps[i].difficulty > steps[best].difficulty {
                    i
                } else {
                    best
                }
            })
        };
        if steps.is_empty() {
            return None;
        }
        let placing = steps
            .iter()
            .position(Step::places)
            .map_or(steps.len(), |i| i + 1);
        Some(RatedBy {
            er: at(first_max(steps.len())),
            ep: at(first_max(placing)),
            ed: at(0),
        })
    }
}

impl Explanation {
    /// The rating with the technique that sets each number, as one line of text:
    /// `ER=5.6/1.2/1.2 (ER: wxyz-wing, step 31; EP: hidden single, step 1; ED: hidden
    /// single, step 1)`; with extra techniques, `, not the SE rating` follows.
    pub fn rating_text(&self) -> String {
        let mut text = self.rating.to_string();
        if let Some(by) = &self.rated_by {
            text.push_str(&format!(
                " (ER: {}, step {}; EP: {}, step {}; ED: {}, step {})",
                by.er.name, by.er.step, by.ep.name, by.ep.step, by.ed.name, by.ed.step
            ));
        }
        if self.not_se {
            text.push_str(", not the SE rating");
        }
        text
    }

    /// Whether the rating is Sukaku Explainer's (no technique beyond its set was used).
    pub fn se_rating(&self) -> bool {
        !self.not_se
    }
}

/// The candidates left in one empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellCandidates {
    /// The cell.
    pub cell: Cell,
    /// Its candidates, ascending.
    pub digits: Vec<u8>,
}

/// The word for a rating (after the bands people use with SE ratings).
pub fn level_word(er: Difficulty) -> &'static str {
    match er.0 {
        0..=15 => "easy",
        16..=25 => "medium",
        26..=39 => "hard",
        40..=59 => "fiendish",
        60..=89 => "diabolical",
        _ => "extreme",
    }
}

/// The candidate grid: values, candidate masks (bit d-1 for digit d) and the houses.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    pub(crate) n: usize,
    pub(crate) value: Vec<u8>,
    pub(crate) cand: Vec<u64>,
    /// The [`Layout`]'s houses; the structure is shared, so a clone (a trial grid) copies
    /// only values and candidates.
    pub(crate) houses: Arc<Vec<Vec<usize>>>,
    pub(crate) names: Arc<Vec<House>>,
    pub(crate) cell_houses: Arc<Vec<CellHouses>>,
    pub(crate) peers: Arc<Vec<Vec<usize>>>,
    /// Whether the grid has houses beyond rows, columns and boxes.
    pub(crate) extras: bool,
    /// [`Layout::classic`].
    pub(crate) classic: bool,
}

impl Board {
    /// The empty grid of `layout` with every candidate open.
    pub(crate) fn empty(layout: &Layout) -> Board {
        let n = layout.n;
        let houses = layout.houses.clone();
        let mut cell_houses: Vec<CellHouses> = (0..n * n)
            .map(|c| CellHouses {
                ids: [c / n, n + c % n, 2 * n + layout.blocks[c], 0, 0],
                len: 3,
            })
            .collect();
        for (h, cells) in houses.iter().enumerate().skip(3 * n) {
            for &c in cells {
                let list = &mut cell_houses[c];
                list.ids[list.len] = h;
                list.len += 1;
            }
        }
        let peers: Vec<Vec<usize>> = (0..n * n)
            .map(|c| {
                let mut p: Vec<usize> = cell_houses[c]
                    .iter()
                    .flat_map(|&h| houses[h].iter().copied())
                    .filter(|&o| o != c)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Board {
            n,
            value: vec![0; n * n],
            cand: vec![all; n * n],
            extras: houses.len() > 3 * n,
            houses: Arc::new(houses),
            names: Arc::new(layout.names.clone()),
            cell_houses: Arc::new(cell_houses),
            peers: Arc::new(peers),
            classic: layout.classic,
        }
    }

    pub(crate) fn cell(&self, c: usize) -> Cell {
        Cell {
            row: c / self.n,
            col: c % self.n,
        }
    }

    pub(crate) fn candidate(&self, c: usize, d: u8) -> Candidate {
        Candidate {
            cell: self.cell(c),
            digit: d,
        }
    }

    pub(crate) fn house(&self, h: usize) -> House {
        self.names[h]
    }

    /// The index of a house named by [`Board::house`].
    pub(crate) fn house_index(&self, house: &House) -> Option<usize> {
        self.names.iter().position(|h| h == house)
    }

    pub(crate) fn has(&self, c: usize, d: u8) -> bool {
        self.cand[c] >> (d - 1) & 1 == 1
    }

    /// Mask of the positions (indices in the house) where `d` is a candidate.
    pub(crate) fn positions(&self, h: usize, d: u8) -> u64 {
        let mut mask = 0;
        for (i, &c) in self.houses[h].iter().enumerate() {
            if self.has(c, d) {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Whether `d` is already placed in house `h`.
    pub(crate) fn placed_in(&self, h: usize, d: u8) -> bool {
        self.houses[h].iter().any(|&c| self.value[c] == d)
    }

    #[inline]
    pub(crate) fn sees(&self, a: usize, c: usize) -> bool {
        a != c && {
            let (ha, hc) = (&self.cell_houses[a], &self.cell_houses[c]);
            ha.ids[0] == hc.ids[0]
                || ha.ids[1] == hc.ids[1]
                || ha.ids[2] == hc.ids[2]
                || self.extras && ha[3..].iter().any(|h| hc[3..].contains(h))
        }
    }

    /// Whether four cells of a rectangle could swap two digits in every solution keeping
    /// every house whole: each house holding a corner holds exactly two, on one side of
    /// the rectangle (two boxes of a classic grid; a house holding opposite corners, or
    /// one corner alone, breaks the pattern).
    pub(crate) fn deadly(&self, corners: &[usize; 4]) -> bool {
        let n = self.n;
        corners.iter().all(|&c| {
            self.cell_houses[c].iter().all(|&h| {
                let mut inside = corners
                    .iter()
                    .filter(|&&o| self.cell_houses[o].contains(&h));
                match (inside.next(), inside.next(), inside.next()) {
                    (Some(&a), Some(&b), None) => a / n == b / n || a % n == b % n,
                    _ => false,
                }
            })
        })
    }

    pub(crate) fn place(&mut self, c: usize, d: u8) {
        self.value[c] = d;
        self.cand[c] = 0;
        let bit = !(1u64 << (d - 1));
        for i in 0..self.peers[c].len() {
            let p = self.peers[c][i];
            self.cand[p] &= bit;
        }
    }

    pub(crate) fn eliminate(&mut self, c: usize, d: u8) {
        self.cand[c] &= !(1u64 << (d - 1));
    }

    pub(crate) fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            self.place(p.cell.row * self.n + p.cell.col, p.digit);
        }
        for e in &step.eliminations {
            self.eliminate(e.cell.row * self.n + e.cell.col, e.digit);
        }
    }

    pub(crate) fn digits(mask: u64) -> impl Iterator<Item = u8> {
        let mut rest = mask;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                i + 1
            })
        })
    }

    pub(crate) fn solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }
}

pub(crate) use ladder::next_step;

/// Explain the grid of `layout` from its `givens` (a digit per cell, 0 empty), its
/// uniqueness proved by `search`.
pub fn explain(
    layout: &Layout,
    givens: &[u8],
    search: &dyn Search,
    options: &Options,
) -> Explanation {
    let n = layout.n;
    let mut explanation = Explanation {
        status: Status::Invalid,
        size: n,
        steps: Vec::new(),
        rating: Rating::default(),
        level: "",
        reason: None,
        candidates: Vec::new(),
        guesses: None,
        differing: Vec::new(),
        rated_by: None,
        not_se: false,
    };
    if let Some(reason) = layout.clash(givens) {
        explanation.reason = Some(reason);
        return explanation;
    }
    let (solutions, timed_out) = search.solutions(givens, &options.stop);
    if timed_out && solutions.len() < 2 {
        explanation.status = Status::Stopped;
        explanation.reason =
            Some("stopped (cancelled or out of time) while proving the solution unique".into());
        return explanation;
    }
    match &solutions[..] {
        [] => {
            explanation.reason = Some("the puzzle has no solution".to_string());
            return explanation;
        }
        [_] => {}
        [first, second, ..] => {
            explanation.status = Status::Multiple;
            explanation.differing = (0..n * n)
                .filter(|&c| first[c] != second[c])
                .map(|c| Cell {
                    row: c / n,
                    col: c % n,
                })
                .collect();
            explanation.reason = Some(format!(
                "the puzzle has more than one solution; two of them differ in {} cells",
                explanation.differing.len()
            ));
            return explanation;
        }
    }
    let solution = &solutions[0];
    let mut board = Board::empty(layout);
    for (c, &d) in givens.iter().enumerate() {
        if d != 0 {
            board.place(c, d);
        }
    }
    explanation.status = Status::Stuck;
    while !board.solved() {
        if options
            .max_steps
            .is_some_and(|m| explanation.steps.len() >= m)
        {
            break;
        }
        if options.stop.should_stop() {
            explanation.status = Status::Stopped;
            explanation.reason = Some(format!(
                "stopped (cancelled or out of time) after {} steps",
                explanation.steps.len()
            ));
            break;
        }
        let Some(step) = next_step(&board, options) else {
            if options.stop.should_stop() {
                explanation.status = Status::Stopped;
                explanation.reason = Some(format!(
                    "stopped (cancelled or out of time) after {} steps",
                    explanation.steps.len()
                ));
            }
            break;
        };
        if let Some(wrong) = unsound(&board, &step, solution) {
            explanation.reason = Some(format!(
                "internal error: a {} step would {wrong}; stopped before it",
                step.technique.name()
            ));
            break;
        }
        board.apply(&step);
        explanation.steps.push(step);
    }
    if board.solved() {
        explanation.status = Status::Solved;
    } else if explanation.status != Status::Stopped
        && explanation.reason.is_none()
        && options
            .max_steps
            .is_none_or(|m| explanation.steps.len() < m)
    {
        explanation.candidates = (0..n * n)
            .filter(|&c| board.value[c] == 0)
            .map(|c| CellCandidates {
                cell: board.cell(c),
                digits: Board::digits(board.cand[c]).collect(),
            })
            .collect();
        explanation.guesses = search.guesses(&board.value);
        explanation.reason = Some(format!(
            "no technique{} applies; {} cells are open",
            options
                .max_technique
                .map(|t| format!(" up to {}", t.name()))
                .unwrap_or_default(),
            explanation.candidates.len()
        ));
    }
    explanation.rating = Rating::of(explanation.steps.iter().map(|s| (s.difficulty, s.places())));
    explanation.rated_by = RatedBy::of(&explanation.steps);
    explanation.not_se = !layout.classic
        || explanation.steps.iter().any(|s| {
            matches!(
                s.technique,
                Technique::FinnedXWing | Technique::FinnedSwordfish | Technique::FinnedJellyfish
            )
        });
    // A stuck puzzle needs more than its hardest step so far: no level word.
    explanation.level = if explanation.status == Status::Solved {
        level_word(explanation.rating.er)
    } else {
        "unrated"
    };
    explanation
}

/// Why `step` is wrong against the solution, if it is.
fn unsound(board: &Board, step: &Step, solution: &[u8]) -> Option<String> {
    let n = board.n;
    for p in &step.placements {
        let c = p.cell.row * n + p.cell.col;
        if solution[c] != p.digit {
            return Some(format!("place {}={}", p.cell, p.digit));
        }
    }
    for e in &step.eliminations {
        let c = e.cell.row * n + e.cell.col;
        if solution[c] == e.digit {
            return Some(format!("remove {}<>{}", e.cell, e.digit));
        }
    }
    if step.placements.is_empty() && step.eliminations.is_empty() {
        return Some("change nothing".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_is_deadly_only_when_every_house_holds_a_side() {
        let classic = Board::empty(&Layout::square(3));
        let at = |r: usize, c: usize| r * 9 + c;
        // Rows 1 and 2 (one band), columns 1 and 4: two boxes.
        assert!(classic.deadly(&[at(0, 0), at(0, 3), at(1, 0), at(1, 3)]));
        // Rows 1 and 4, columns 1 and 4: four boxes, nothing to swap inside a box.
        assert!(!classic.deadly(&[at(0, 0), at(0, 3), at(3, 0), at(3, 3)]));
        // One box holds all four.
        assert!(!classic.deadly(&[at(0, 0), at(0, 1), at(1, 0), at(1, 1)]));
        // Sudoku X: r1c1 is on diagonal 1, alone among the corners.
        let blocks: Vec<usize> = (0..81).map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        let x = Board::empty(&Layout::new(9, &blocks, false, true).expect("boxes"));
        assert!(!x.deadly(&[at(0, 0), at(0, 3), at(1, 0), at(1, 3)]));
        assert!(x.deadly(&[at(0, 2), at(0, 3), at(1, 2), at(1, 3)]));
    }
}
