//! **Paths of decided links** in a graph whose solution is one cycle (every node of degree 0
//! or 2): the links decided on so far form paths, and each path's two end nodes know each
//! other, the path's weight and whether a root node lies on it. This is what the loop
//! deductions need to see a link that would close a cycle too early (the "no premature
//! loop" rule of Slitherlink, Train Tracks and Yajilin: `loop_deduce.rs`,
//! `puzzles/tracks/deduce.rs`, `puzzles/yajilin/deduce.rs`).
//!
//! Glossary:
//! - **end**: a node with one on link, or a lone node (no on link), which is a path of its
//!   own with itself at both ends;
//! - **weight**: what the path holds, counted as the caller chooses: each node starts with
//!   its own weight (1 a cell, 0 a node that is no cell), and each join adds the caller's
//!   `extra` (0 when counting nodes, 1 when counting links);
//! - **rooted**: the path passes through a root node (Train Tracks' outside node).
//!
//! Invariants: for every end `v`, `end[v]` is the path's other end, `weight[v]` and
//! `rooted[v]` are the path's; a lone node is its own end, with its starting weight and
//! root flag. Entries of nodes inside a path (two on links) are stale. Every join hands
//! the caller a [`Saved`] record of each end it changes; restoring them in reverse order
//! ([`Paths::restore`]) returns the paths exactly to before the join, so the caller's trail
//! keeps the invariants through undo.

/// An undecided link ([`Links`]).
pub const UNKNOWN: i8 = 0;
/// A link on the cycle.
pub const ON: i8 = 1;
/// A link off it.
pub const OFF: i8 = -1;

/// The links of a graph decided so far: each link's value, each node's count of on and
/// of off links, and the paths of the on links (`loop_board.rs` keeps the order of changes
/// on its trail; [`Links::undecide`] undoes [`Links::decide`]).
#[derive(Clone, Debug)]
pub struct Links {
    /// Per link: [`ON`], [`OFF`] or [`UNKNOWN`].
    pub value: Vec<i8>,
    /// Per node: its on links.
    pub on: Vec<u8>,
    /// Per node: its off links.
    pub off: Vec<u8>,
    /// The paths of the on links.
    pub paths: Paths,
}

impl Links {
    /// `links` links undecided between `paths`'s nodes.
    pub fn new(links: usize, paths: Paths) -> Links {
        let nodes = paths.end.len();
        Links {
            value: vec![UNKNOWN; links],
            on: vec![0; nodes],
            off: vec![0; nodes],
            paths,
        }
    }

    /// Sets undecided link `e`, between `a` and `b`, on or off, with the two nodes' counts
    /// (the paths are the caller's: [`Paths::link`] before an on link is set).
    #[inline]
    pub fn decide(&mut self, e: usize, (a, b): (usize, usize), on: bool) {
        self.value[e] = if on { ON } else { OFF };
        let count = if on { &mut self.on } else { &mut self.off };
        count[a] += 1;
        count[b] += 1;
    }

    /// Undoes [`Links::decide`] of link `e` between `a` and `b`.
    #[inline]
    pub fn undecide(&mut self, e: usize, (a, b): (usize, usize)) {
        let count = if self.value[e] == ON {
            &mut self.on
        } else {
            &mut self.off
        };
        count[a] -= 1;
        count[b] -= 1;
        self.value[e] = UNKNOWN;
    }
}

/// A path end's entries before a join, for the caller's trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    node: usize,
    other: usize,
    weight: usize,
    rooted: bool,
}

/// What an on link between two ends does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// The two nodes end one path: the link closes it into a cycle of this weight (the
    /// path's plus `extra`), rooted or not. Nothing is changed; the caller decides whether
    /// that cycle may be the whole solution.
    Closes {
        /// The cycle's weight.
        weight: usize,
        /// Whether a root node lies on it.
        rooted: bool,
    },
    /// Two paths became one; `end` is one of its ends.
    Joined {
        /// One end of the joined path.
        end: usize,
    },
}

/// The paths of the on links (module docs).
#[derive(Clone, Debug)]
pub struct Paths {
    /// For an end, the other end; stale inside a path.
    end: Vec<usize>,
    /// For an end, the path's weight.
    weight: Vec<usize>,
    /// For an end, whether the path holds a root node.
    rooted: Vec<bool>,
}

impl Paths {
    /// Every node a lone path with its starting `weights`; `roots` are the root nodes.
    pub fn new(weights: Vec<usize>, roots: &[usize]) -> Paths {
        let mut rooted = vec![false; weights.len()];
        for &r in roots {
            rooted[r] = true;
        }
        Paths {
            end: (0..weights.len()).collect(),
            weight: weights,
            rooted,
        }
    }

    /// The other end of the path ending at `v` (`v` itself when lone).
    #[inline]
    pub fn other_end(&self, v: usize) -> usize {
        self.end[v]
    }

    /// The weight of the path ending at `v`.
    #[inline]
    pub fn weight(&self, v: usize) -> usize {
        self.weight[v]
    }

    /// Whether the path ending at `v` holds a root node.
    #[inline]
    pub fn rooted(&self, v: usize) -> bool {
        self.rooted[v]
    }

    /// An on link between ends `a` and `b` (each with at most one on link, the caller's
    /// check): closes their path when they end the same one, else joins the two paths,
    /// handing `save` the entries of the two ends it changes, in the order to push them on
    /// a trail.
    #[inline]
    pub fn link(&mut self, a: usize, b: usize, extra: usize, mut save: impl FnMut(Saved)) -> Join {
        let (ea, eb) = (self.end[a], self.end[b]);
        if ea == b {
            return Join::Closes {
                weight: self.weight[a] + extra,
                rooted: self.rooted[a],
            };
        }
        let weight = self.weight[a] + self.weight[b] + extra;
        let rooted = self.rooted[a] || self.rooted[b];
        for (x, y) in [(ea, eb), (eb, ea)] {
            save(Saved {
                node: x,
                other: self.end[x],
                weight: self.weight[x],
                rooted: self.rooted[x],
            });
            self.end[x] = y;
            self.weight[x] = weight;
            self.rooted[x] = rooted;
        }
        Join::Joined { end: ea }
    }

    /// Puts back one end's entries from before a join (trail order: last saved first).
    #[inline]
    pub fn restore(&mut self, saved: Saved) {
        self.end[saved.node] = saved.other;
        self.weight[saved.node] = saved.weight;
        self.rooted[saved.node] = saved.rooted;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_close_and_undo() {
        // Nodes 0..4 in a row, node 4 a root of weight 0; weights count nodes.
        let mut p = Paths::new(vec![1, 1, 1, 1, 0], &[4]);
        let mut trail = Vec::new();
        assert_eq!(p.link(0, 1, 0, |s| trail.push(s)), Join::Joined { end: 0 });
        assert_eq!((p.other_end(0), p.other_end(1), p.weight(1)), (1, 0, 2));
        let mark = trail.len();
        assert_eq!(p.link(1, 2, 0, |s| trail.push(s)), Join::Joined { end: 0 });
        assert_eq!((p.other_end(0), p.other_end(2), p.weight(2)), (2, 0, 3));
        assert!(!p.rooted(0));
        assert_eq!(p.link(2, 4, 0, |s| trail.push(s)), Join::Joined { end: 0 });
        assert_eq!((p.other_end(0), p.other_end(4), p.weight(0)), (4, 0, 3));
        assert!(p.rooted(0) && p.rooted(4));
        // The link between the two ends closes the path: nothing changes.
        let before = trail.len();
        assert_eq!(
            p.link(4, 0, 0, |s| trail.push(s)),
            Join::Closes {
                weight: 3,
                rooted: true
            }
        );
        assert_eq!(trail.len(), before);
        // Undo back to after the first join.
        while trail.len() > mark {
            p.restore(trail.pop().unwrap());
        }
        assert_eq!((p.other_end(0), p.other_end(1), p.weight(0)), (1, 0, 2));
        for v in 2..5 {
            assert_eq!((p.other_end(v), p.rooted(v)), (v, v == 4));
        }
        assert_eq!((p.weight(2), p.weight(4)), (1, 0));
    }

    #[test]
    fn counting_links_adds_extra() {
        let mut p = Paths::new(vec![0; 3], &[]);
        p.link(0, 1, 1, |_| {});
        p.link(1, 2, 1, |_| {});
        assert_eq!(p.weight(2), 2);
        assert_eq!(
            p.link(2, 0, 1, |_| {}),
            Join::Closes {
                weight: 3,
                rooted: false
            }
        );
    }
}
