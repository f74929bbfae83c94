//! The order in which technique families are tried: Sukaku Explainer v1.15.10's, with its
//! default settings (`docs/explain.md` (the ladder, from the Sudoku Explainer fact sheet) section 2). The first family that finds
//! anything gives the step; it is not the easiest step of all families, so a later
//! family is never asked while an earlier one has a step, even one rated higher (a
//! grouped turbot fish at 4.3 before an XY-wing at 4.2, a static chain at 7.9 before
//! Nishio at 7.5). Within a family the finder decides: the old fixed-rated families take
//! the first pattern in scan order, the turbot, three-link, wing, uniqueness and chain
//! families the easiest.
//!
//! With [`Options::extra_techniques`] the finned fishes join the ladder at their
//! calibrated values; the ratings are then no longer SE's.

use super::{
    Board, Options, Step, Technique, als_wings, chains, direct, dynamic, exclusion, fish, locked,
    nishio, singles, subsets, three_links, turbot, uniqueness, wings,
};

/// A family's search: its step, if it has one.
type Finder = fn(&Board) -> Option<Step>;

/// The families up to aligned pair exclusion, in SE's order (the chain families follow
/// in [`next_step`]).
const FAMILIES: [(Technique, Finder); 30] = [
    (Technique::FullHouse, singles::hidden_singles),
    (Technique::DirectPointing, direct::direct_pointing),
    (Technique::DirectClaiming, direct::direct_claiming),
    (Technique::DirectHiddenPair, direct::direct_hidden_pair),
    (Technique::NakedSingle, singles::naked_single),
    (Technique::DirectHiddenTriple, direct::direct_hidden_triple),
    (Technique::Pointing, locked::pointing),
    (Technique::Claiming, locked::claiming),
    (Technique::NakedPair, |b| subsets::naked(b, 2)),
    (Technique::XWing, |b| fish::fish(b, 2)),
    (Technique::HiddenPair, |b| subsets::hidden(b, 2)),
    (Technique::FinnedXWing, |b| fish::finned(b, 2)),
    (Technique::NakedTriple, |b| subsets::naked(b, 3)),
    (Technique::Swordfish, |b| fish::fish(b, 3)),
    (Technique::HiddenTriple, |b| subsets::hidden(b, 3)),
    (Technique::Skyscraper, turbot::turbot_fish),
    (Technique::XyWing, wings::xy_wing),
    (Technique::XyzWing, wings::xyz_wing),
    (Technique::UniqueRectangle, uniqueness::unique_rectangle),
    (Technique::NakedQuad, |b| subsets::naked(b, 4)),
    (Technique::Jellyfish, |b| fish::fish(b, 4)),
    (Technique::HiddenQuad, |b| subsets::hidden(b, 4)),
    (Technique::FinnedSwordfish, |b| fish::finned(b, 3)),
    (Technique::ThreeSkyscrapers, three_links::three_strong_links),
    (Technique::WxyzWing, als_wings::wxyz_wing),
    (Technique::FinnedJellyfish, |b| fish::finned(b, 4)),
    (Technique::Bug, uniqueness::bug),
    (Technique::VwxyzWing, als_wings::vwxyz_wing),
    (
        Technique::AlignedPairExclusion,
        exclusion::aligned_pair_exclusion,
    ),
    // Only reached when no static chain exists: see `next_step`.
    (
        Technique::AlignedTripletExclusion,
        exclusion::aligned_triplet_exclusion,
    ),
];

/// The techniques SE v1.15.10 does not have, used only with `extra_techniques`.
fn extra(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::FinnedXWing | Technique::FinnedSwordfish | Technique::FinnedJellyfish
    )
}

/// The step the first family that has one gives, or `None` when the ladder runs out.
pub(crate) fn next_step(board: &Board, options: &Options) -> Option<Step> {
    let max = options.max_technique.map(Technique::base);
    let allowed = |t: Technique| max.is_none_or(|m| t.base() <= m);
    let within = |s: &Step| max.is_none_or(|m| s.difficulty <= m);
    let (before_chains, after_static) = FAMILIES.split_at(FAMILIES.len() - 1);
    for &(technique, find) in before_chains {
        if !allowed(technique) || extra(technique) && !options.extra_techniques {
            continue;
        }
        if let Some(step) = find(board).filter(within) {
            return Some(step);
        }
    }
    if !allowed(Technique::XCycle) {
        return None;
    }
    if let Some(step) = chains::static_chains(board, &allowed).filter(within) {
        return Some(step);
    }
    for &(technique, find) in after_static {
        if allowed(technique)
            && let Some(step) = find(board)
        {
            return Some(step);
        }
    }
    if allowed(Technique::Nishio)
        && let Some(step) = nishio::nishio(board, None).filter(within)
    {
        return Some(step);
    }
    if allowed(Technique::RegionForcingChain)
        && let Some(step) = chains::multiple_chains(board, &allowed).filter(within)
    {
        return Some(step);
    }
    dynamic::dynamic_chain(
        board,
        &allowed,
        max.map(|m| super::Difficulty(m.0 + 1)),
        &options.stop,
    )
}
