//! march's lookahead score (Heule, "March: towards a lookahead SAT solver for general
//! purposes", 2004; as in march_cu, the cube-and-conquer splitter): a branching is rated
//! by how much each of its branches shrinks the problem, `1024 · Π r + Σ r`, so branchings
//! whose branches all shrink it beat those where one branch does all the work (which would
//! split off tiny cubes and leave one as hard as the whole).

/// The score of a branching whose branches shrink the problem by `reductions`.
pub fn march_score(reductions: impl IntoIterator<Item = u64>) -> f64 {
    let (mut product, mut sum) = (1.0, 0.0);
    for r in reductions {
        product *= r as f64;
        sum += r as f64;
    }
    1024.0 * product + sum
}

#[cfg(test)]
mod tests {
    use super::march_score;

    #[test]
    fn balanced_branchings_win() {
        assert!(march_score([3, 20]) > march_score([0, 500]));
        assert_eq!(march_score([2, 5]), 1024.0 * 10.0 + 7.0);
    }
}
