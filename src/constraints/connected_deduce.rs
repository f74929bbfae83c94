//! **Deduction for connected cells of a model** (hitori's and heyawake's unshaded cells):
//! before any search, the model's propagators (`native::Propagator`) and the connectivity
//! of the cells holding one value narrow the cells' domains to a fixpoint, then each cell
//! is tried out of the connected region and the values whose trial fails are dropped
//! (failed-literal probing; trying cells in as well decided no more puzzles of the
//! fixtures).
//!
//! Connectivity's rules, on the graph of the cells that may still hold the value, from one
//! cell that must hold it (a **true** cell):
//! - **split**: a true cell out of its reach — no solution;
//! - **unreachable**: a cell out of its reach cannot hold the value;
//! - **articulation**: a cell whose removal would cut true cells off from it must hold the
//!   value (Tarjan's low points: a depth-first child whose subtree holds a true cell and
//!   reaches no ancestor above the cell).
//!
//! Invariant: every rule removes only values that no solution has (each propagator's own
//! soundness, and the three rules above for the component every true cell lies in), so a
//! contradiction means no solution, and a grid every cell of which is decided is the only
//! one the model can have — the caller still confirms it with the genre's checker.
//!
//! The rules are those a hitori solver states as "shading this cell would split the white
//! cells", on the layer's model (the peers of `docs/peers.md`, "Heyawake and Singles");
//! probing stands in for the local patterns (a sandwich, two equal numbers in a line),
//! which it finds.

use super::native::{Propagator, Work};
use super::{Domain, Model, values};

/// What deduction left.
pub enum Deduced {
    /// The rules cannot all hold.
    Contradiction,
    /// Each cell's values still possible (decided where one is left).
    Domains(Vec<Domain>),
}

/// No neighbour in this direction.
const NONE: u32 = u32::MAX;

/// The model, its propagators and its grid.
struct Deducer<'m> {
    propagator: Propagator<'m>,
    /// The value whose cells are connected, as a bit.
    bit: Domain,
    /// Per cell: its up to four orthogonal neighbours (`NONE` for none).
    around: Vec<[u32; 4]>,
}

/// A cell in the depth-first search.
#[derive(Clone, Copy, Default)]
struct Visit {
    /// Discovery time + 1 (0: not visited).
    disc: u32,
    low: u32,
    /// True cells in the depth-first subtree.
    trues: u32,
}

/// Depth-first search state, reused between calls.
#[derive(Default)]
struct Scratch {
    /// Per cell.
    visits: Vec<Visit>,
    /// (cell, next neighbour slot).
    stack: Vec<(u32, u8)>,
    /// The propagators' buffers.
    work: Work,
}

/// Deduces what the model and connectivity of `value` force (module docs).
pub fn deduce(model: &Model, value: u32) -> Deduced {
    let width = model.width;
    let n = model.cells();
    let height = n.checked_div(width).unwrap_or(0);
    let around = (0..n)
        .map(|cell| {
            let (r, c) = (cell / width, cell % width);
            let mut a = [NONE; 4];
            if r > 0 {
                a[0] = (cell - width) as u32;
            }
            if c > 0 {
                a[1] = (cell - 1) as u32;
            }
            if c + 1 < width {
                a[2] = (cell + 1) as u32;
            }
            if r + 1 < height {
                a[3] = (cell + width) as u32;
            }
            a
        })
        .collect();
    let d = Deducer {
        propagator: Propagator::new(model),
        bit: 1 << value,
        around,
    };
    let mut scratch = Scratch::default();
    let mut dom = model.domains.clone();
    if !d.propagator.propagate_all(&mut dom) || !d.settle(&mut dom, &mut Vec::new(), &mut scratch) {
        return Deduced::Contradiction;
    }
    if !d.probe(&mut dom, &mut scratch) {
        return Deduced::Contradiction;
    }
    Deduced::Domains(dom)
}

impl Deducer<'_> {
    /// Connectivity and the propagators woken by `changed`, in turn, to a fixpoint; false
    /// on a contradiction.
    ///
    /// Connectivity's rules are idempotent: the cells they remove were out of the root's
    /// reach, and a cell cutting an articulation off from the root cuts off the true cell
    /// behind it too, so it was found in the same pass. So when the propagators narrow
    /// nothing after them, they are not run again.
    fn settle(&self, dom: &mut [Domain], changed: &mut Vec<usize>, s: &mut Scratch) -> bool {
        let mut first = true;
        loop {
            if !changed.is_empty() {
                if !self.propagator.propagate_from_in(dom, changed, &mut s.work) {
                    return false;
                }
                if !first && !s.work.narrowed() {
                    return true;
                }
            }
            first = false;
            changed.clear();
            if !self.connect(dom, changed, s) {
                return false;
            }
            if changed.is_empty() {
                return true;
            }
        }
    }

    /// Tries each undecided cell out of the connected region (its values other than the
    /// connected one); a value whose trial settles to a contradiction is removed. The cells
    /// are taken in turn, round and round, until a whole round since the last removal
    /// removed nothing. False on a contradiction.
    ///
    /// Every rule only removes values, and removes more from smaller domains, so a trial
    /// that fails keeps failing as values go: the domains left are the same whatever the
    /// order of the trials (the fixpoint of failed-literal probing, as with passes over
    /// all cells; going round skips the cells after the last removal in the pass that
    /// would only confirm it).
    ///
    /// A trial that passes settles to domains D' no larger than the start of the trial of
    /// any value v it decided elsewhere (a cell e with D'[e] = {v}); D' is a fixpoint of
    /// every rule, and settling keeps the largest fixpoint below its start, so that trial
    /// would pass too. It is skipped until a removal changes the domains (`passes`): the
    /// same fixpoint, fewer trials.
    fn probe(&self, dom: &mut [Domain], s: &mut Scratch) -> bool {
        let n = dom.len();
        let mut trial = vec![0; n];
        // Per cell, the values whose trial is known to pass on the domains as they are.
        let mut passes = vec![0; n];
        let mut changed = Vec::new();
        let (mut cell, mut quiet) = (0, 0);
        while quiet < n {
            let mut failed = 0;
            for v in values(dom[cell] & !self.bit & !passes[cell]) {
                if dom[cell].count_ones() < 2 {
                    break;
                }
                trial.copy_from_slice(dom);
                trial[cell] = 1 << v;
                changed.clear();
                changed.push(cell);
                if !self.settle(&mut trial, &mut changed, s) {
                    failed |= 1 << v;
                    continue;
                }
                for ((p, &t), &d) in passes.iter_mut().zip(&trial).zip(dom.iter()) {
                    if t != d && t != self.bit && t.count_ones() == 1 {
                        *p |= t;
                    }
                }
            }
            if failed == 0 {
                quiet += 1;
            } else {
                passes.fill(0);
                dom[cell] &= !failed;
                changed.clear();
                changed.push(cell);
                if dom[cell] == 0 || !self.settle(dom, &mut changed, s) {
                    return false;
                }
                quiet = 0;
            }
            cell = (cell + 1) % n;
        }
        true
    }

    /// Connectivity's rules (module docs) once: false on a split; cells narrowed are
    /// pushed to `changed`.
    fn connect(&self, dom: &mut [Domain], changed: &mut Vec<usize>, s: &mut Scratch) -> bool {
        let n = dom.len();
        let Some(root) = (0..n).find(|&c| dom[c] == self.bit) else {
            return true;
        };
        s.visits.clear();
        s.visits.resize(n, Visit::default());
        s.stack.clear();
        let mut time = 1;
        s.visits[root] = Visit {
            disc: time,
            low: time,
            trues: 1,
        };
        s.stack.push((root as u32, 0));
        while let Some(&mut (v, ref mut slot)) = s.stack.last_mut() {
            let v = v as usize;
            if (*slot as usize) < 4 {
                let u = self.around[v][*slot as usize];
                *slot += 1;
                if u == NONE || dom[u as usize] & self.bit == 0 {
                    continue;
                }
                let u = u as usize;
                let seen = s.visits[u].disc;
                if seen == 0 {
                    time += 1;
                    s.visits[u] = Visit {
                        disc: time,
                        low: time,
                        trues: u32::from(dom[u] == self.bit),
                    };
                    s.stack.push((u as u32, 0));
                } else {
                    s.visits[v].low = s.visits[v].low.min(seen);
                }
                continue;
            }
            s.stack.pop();
            let Some(&(p, _)) = s.stack.last() else {
                break;
            };
            let p = p as usize;
            let child = s.visits[v];
            let parent = &mut s.visits[p];
            parent.low = parent.low.min(child.low);
            parent.trues += child.trues;
            // `v`'s subtree reaches nothing above `p`: removing `p` cuts it off from the
            // root, a true cell; a true cell in it makes `p` an articulation between them.
            if child.low >= parent.disc && child.trues > 0 && dom[p] != self.bit {
                dom[p] = self.bit;
                changed.push(p);
            }
        }
        for (c, d) in dom.iter_mut().enumerate() {
            if s.visits[c].disc != 0 || *d & self.bit == 0 {
                continue;
            }
            if *d == self.bit {
                return false;
            }
            *d &= !self.bit;
            changed.push(c);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{Constraint, range};

    /// A 0/1 model of `w × h` with `givens` (cell, value).
    fn model(w: usize, h: usize, givens: &[(usize, u32)]) -> Model {
        let mut m = Model::new(w, h, range(0, 1));
        for &(c, v) in givens {
            m.domains[c] = 1 << v;
        }
        m
    }

    fn domains(d: Deduced) -> Vec<Domain> {
        match d {
            Deduced::Domains(d) => d,
            Deduced::Contradiction => panic!("contradiction"),
        }
    }

    #[test]
    fn a_split_is_a_contradiction() {
        // 1 0 1 on a 3×1 strip: the two 1s cannot meet.
        let m = model(3, 1, &[(0, 1), (1, 0), (2, 1)]);
        assert!(matches!(deduce(&m, 1), Deduced::Contradiction));
    }

    #[test]
    fn articulation_cells_hold_the_value() {
        // 1 ? ? 1 on a 4×1 strip: both middle cells join the ends.
        let m = model(4, 1, &[(0, 1), (3, 1)]);
        assert_eq!(domains(deduce(&m, 1)), vec![2, 2, 2, 2]);
    }

    #[test]
    fn unreachable_cells_lose_the_value() {
        // 1 0 ? on a 3×1 strip: the last cell cannot join the first.
        let m = model(3, 1, &[(0, 1), (1, 0)]);
        assert_eq!(domains(deduce(&m, 1)), vec![2, 1, 1]);
    }

    #[test]
    fn probing_finds_what_propagation_alone_does_not() {
        // Hitori's sandwich, `1 2 1` on a 3×1 strip, value 0 (unshaded) connected: the two
        // 1s are not both unshaded, no two shaded cells touch. Propagation forces nothing;
        // shading the middle cell unshades both 1s, so probing leaves it unshaded.
        let mut m = model(3, 1, &[]);
        m.add(Constraint::AtMost {
            cells: vec![0, 2],
            value: 0,
            count: 1,
        });
        crate::constraints::adjacency::no_two_touching(&mut m, 1);
        assert_eq!(domains(deduce(&m, 0)), vec![3, 1, 3]);
    }
}
