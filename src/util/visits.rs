//! A set of visited indices `0..n` that empties in O(1): each index holds the generation
//! in which it was last visited, and emptying the set starts a new generation (all marks
//! are reset only when the generation counter wraps).
//!
//! Invariant: `i` is in the set exactly when `mark[i] == generation`, and `generation` is
//! never 0, the value every mark starts with.

/// Visited indices of `0..n`.
#[derive(Clone, Debug)]
pub struct Visits {
    mark: Vec<u32>,
    generation: u32,
}

impl Visits {
    /// An empty set over `0..n`.
    pub fn new(n: usize) -> Visits {
        Visits {
            mark: vec![0; n],
            generation: 1,
        }
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.fill(0);
            self.generation = 1;
        }
    }

    /// Whether `i` was visited since the last [`Visits::clear`].
    #[inline]
    pub fn seen(&self, i: usize) -> bool {
        self.mark[i] == self.generation
    }

    /// Marks `i` visited.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.mark[i] = self.generation;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_forgets_every_visit_even_across_a_wrap() {
        let mut v = Visits::new(3);
        assert!(!v.seen(1));
        v.insert(1);
        assert!(v.seen(1) && !v.seen(0));
        v.clear();
        assert!(!v.seen(1));
        v.insert(2);
        v.generation = u32::MAX;
        v.insert(0);
        v.clear();
        assert!(!v.seen(0) && !v.seen(2), "the wrap resets the marks");
    }
}
