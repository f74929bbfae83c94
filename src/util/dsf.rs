//! Disjoint sets of `0..n` (union-find): path halving and union by size, so a run of `m`
//! operations costs `O(m α(n))` (Tarjan, "Efficiency of a good but not linear set union
//! algorithm", JACM 1975; Cormen et al., *Introduction to Algorithms*, ch. 21).
//!
//! Invariant: `size[r]` is the size of the set of every root `r`.

/// Disjoint sets of `0..n`, each a singleton at first.
#[derive(Clone, Debug)]
pub struct Dsf {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl Dsf {
    /// `n` singletons.
    pub fn new(n: usize) -> Dsf {
        Dsf {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    /// The root of `x`'s set.
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`: the root of the union, `None` when they were one set.
    pub fn union(&mut self, a: usize, b: usize) -> Option<usize> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        let (big, small) = if self.size[ra] >= self.size[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small] = big;
        self.size[big] += self.size[small];
        Some(big)
    }

    /// Each element's set as a number: the sets are numbered 0, 1, … in the order of their
    /// smallest elements.
    pub fn classes(&mut self) -> Vec<usize> {
        let n = self.parent.len();
        let mut number = vec![usize::MAX; n];
        let mut next = 0;
        (0..n)
            .map(|x| {
                let root = self.find(x);
                if number[root] == usize::MAX {
                    number[root] = next;
                    next += 1;
                }
                number[root]
            })
            .collect()
    }

    /// The size of the set whose root is `root`.
    pub fn root_size(&self, root: usize) -> usize {
        debug_assert_eq!(self.parent[root], root, "a root");
        self.size[root]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_join_sets_and_count_them() {
        let mut d = Dsf::new(5);
        assert_eq!(d.union(0, 1).map(|r| d.root_size(r)), Some(2));
        assert_eq!(d.union(1, 0), None);
        let r = d.union(2, 3).unwrap();
        assert_eq!(d.root_size(r), 2);
        let r = d.union(3, 0).unwrap();
        assert_eq!(d.root_size(r), 4);
        assert_eq!(d.find(1), d.find(2));
        assert_ne!(d.find(4), d.find(0));
    }

    #[test]
    fn classes_are_numbered_by_their_first_element() {
        let mut d = Dsf::new(6);
        d.union(5, 1);
        d.union(3, 2);
        d.union(4, 2);
        assert_eq!(d.classes(), vec![0, 1, 2, 2, 2, 1]);
    }
}
