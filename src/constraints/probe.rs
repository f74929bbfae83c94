//! **Two-sided probing** on a deduction state with a trail (Train Tracks' and Yajilin's
//! deductions): a variable is set each of two ways in turn and the state's rules run to
//! their fixpoint;
//! - a way whose trial contradicts is impossible, so the variable takes the other way;
//! - a variable both trials set to the same value holds that value either way.
//!
//! This is failed-literal probing with the common consequences of both branches (the
//! "double lookahead" of Heule and van Maaren, *Handbook of Satisfiability*, ch. 5,
//! "Look-ahead based SAT solvers": failed literals and necessary assignments).
//!
//! Invariant: each trial starts and ends at the same trail mark, so the state after
//! [`Probing::probe`] differs from the state before only by what the two trials proved.
//! Both conclusions hold in every solution that extends the state before the probe, so a
//! deduction that probes stays sound.
//!
//! Probing is the one part of a deduction whose cost grows faster than the grid (a probe a
//! variable, each running the rules), so it polls the user's [`Stop`]: once it fires,
//! every probe decides nothing and the pass ends with what it proved so far. That is sound
//! (less deduced, nothing wrong), and the search that follows polls the same stop.

use crate::stop::Stop;

/// The rules cannot all hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A rule's outcome: nothing to report, or a contradiction.
pub type Step = Result<(), Contradiction>;

/// A deduction state whose variables (numbered `0..n`, each an `i8` value) can be set and
/// undone along a trail.
pub trait Trial {
    /// The trail's length now, to undo back to.
    fn mark(&self) -> usize;
    /// Undoes every change after `mark`, in reverse order.
    fn undo_to(&mut self, mark: usize);
    /// The variables the trail changed after `mark`, in order.
    fn changed_since(&self, mark: usize) -> Vec<usize>;
    /// A variable's value.
    fn value(&self, var: usize) -> i8;
    /// Sets `var` to `value` with the state's immediate bookkeeping only.
    fn set(&mut self, var: usize, value: i8) -> Step;
    /// The rules a trial runs to their fixpoint after its one decision.
    fn settle(&mut self) -> Step;
    /// The rules run to their fixpoint after a probe decided something.
    fn propagate_all(&mut self) -> Step;
}

/// Scratch of a probing pass: what the first trial of the current probe set.
pub struct Probing {
    /// Per variable: the probe that last set it in its first trial, and to what value.
    seen: Vec<(usize, i8)>,
    probes: usize,
    common: Vec<(usize, i8)>,
    stop: Stop,
}

impl Probing {
    /// Scratch for a state of `vars` variables, probing until `stop` fires.
    pub fn new(vars: usize, stop: &Stop) -> Probing {
        Probing {
            seen: vec![(0, 0); vars],
            probes: 0,
            common: Vec::new(),
            stop: stop.clone(),
        }
    }

    /// Probes `var` with its two ways `ways` (module docs); whether it decided anything
    /// (nothing once the stop has fired). A contradiction means the state has no solution.
    pub fn probe<T: Trial>(
        &mut self,
        t: &mut T,
        var: usize,
        ways: [i8; 2],
    ) -> Result<bool, Contradiction> {
        if self.stop.should_stop() {
            return Ok(false);
        }
        self.probes += 1;
        let probe = self.probes;
        self.common.clear();
        for (i, &way) in ways.iter().enumerate() {
            let mark = t.mark();
            let outcome = t.set(var, way).and_then(|()| t.settle());
            if outcome.is_ok() {
                for x in t.changed_since(mark) {
                    let value = t.value(x);
                    if i == 0 {
                        self.seen[x] = (probe, value);
                    } else if x != var && self.seen[x] == (probe, value) {
                        self.common.push((x, value));
                    }
                }
            }
            t.undo_to(mark);
            if outcome.is_err() {
                t.set(var, ways[1 - i])?;
                t.propagate_all()?;
                return Ok(true);
            }
        }
        if self.common.is_empty() {
            return Ok(false);
        }
        for &(x, value) in &self.common {
            t.set(x, value)?;
        }
        t.propagate_all()?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three variables, -1 or 1 (0 open), under two rules: `a` = 1 makes `b` = 1 and
    /// `c` = 1; `a` = -1 makes `c` = 1 and `b` = -1; and `b` = 1 with `c` = -1 contradicts.
    struct Toy {
        value: [i8; 3],
        trail: Vec<usize>,
    }

    impl Trial for Toy {
        fn mark(&self) -> usize {
            self.trail.len()
        }
        fn undo_to(&mut self, mark: usize) {
            for x in self.trail.drain(mark..) {
                self.value[x] = 0;
            }
        }
        fn changed_since(&self, mark: usize) -> Vec<usize> {
            self.trail[mark..].to_vec()
        }
        fn value(&self, var: usize) -> i8 {
            self.value[var]
        }
        fn set(&mut self, var: usize, value: i8) -> Step {
            match self.value[var] {
                0 => {
                    self.value[var] = value;
                    self.trail.push(var);
                    Ok(())
                }
                v if v == value => Ok(()),
                _ => Err(Contradiction),
            }
        }
        fn settle(&mut self) -> Step {
            match self.value[0] {
                1 => {
                    self.set(1, 1)?;
                    self.set(2, 1)?;
                }
                -1 => {
                    self.set(2, 1)?;
                    self.set(1, -1)?;
                }
                _ => {}
            }
            if self.value[1] == 1 && self.value[2] == -1 {
                return Err(Contradiction);
            }
            Ok(())
        }
        fn propagate_all(&mut self) -> Step {
            self.settle()
        }
    }

    #[test]
    fn both_ways_agreeing_decide_a_variable() {
        let mut t = Toy {
            value: [0; 3],
            trail: Vec::new(),
        };
        let mut p = Probing::new(3, &Stop::never());
        assert_eq!(p.probe(&mut t, 0, [1, -1]), Ok(true));
        assert_eq!(t.value, [0, 0, 1], "c is 1 either way; a and b stay open");
    }

    #[test]
    fn a_failed_way_sets_the_other() {
        let mut t = Toy {
            value: [0, 0, -1],
            trail: Vec::new(),
        };
        let mut p = Probing::new(3, &Stop::never());
        assert_eq!(p.probe(&mut t, 1, [1, -1]), Ok(true));
        assert_eq!(t.value[1], -1, "b = 1 meets c = -1");
        assert_eq!(
            p.probe(&mut t, 0, [1, -1]),
            Err(Contradiction),
            "a has no way left"
        );
    }

    #[test]
    fn a_fired_stop_decides_nothing() {
        let mut t = Toy {
            value: [0; 3],
            trail: Vec::new(),
        };
        let stop = Stop::cancellable(None);
        stop.cancel();
        let mut p = Probing::new(3, &stop);
        assert_eq!(p.probe(&mut t, 0, [1, -1]), Ok(false));
        assert_eq!(t.value, [0; 3]);
    }
}
