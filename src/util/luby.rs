//! The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … — restart budgets of
//! the search engines (Luby, Sinclair & Zuckerman, "Optimal speedup of Las Vegas
//! algorithms", IPL 47(4), 1993).

/// Term `i` of the Luby sequence, `i` from 1: `2^(k−1)` when `i = 2^k − 1`, else term
/// `i − (2^(k−1) − 1)` for the smallest `k` with `i < 2^k − 1`.
pub fn luby(mut i: u64) -> u64 {
    debug_assert!(i >= 1);
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    /// The definition, recursively, as Luby et al. state it.
    fn by_definition(i: u64) -> u64 {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            1 << (k - 1)
        } else {
            by_definition(i - (1u64 << (k - 1)) + 1)
        }
    }

    #[test]
    fn first_terms_and_definition() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        for i in 1..5000 {
            assert_eq!(luby(i), by_definition(i), "{i}");
        }
    }
}
