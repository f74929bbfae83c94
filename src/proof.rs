//! An independent checker for DRAT refutations: the evidence behind "unsolvable" and behind
//! the "no second solution" step of "unique".
//!
//! Glossary:
//! - **formula**: the clauses that were solved, DIMACS literals (`-3` is ¬x₃).
//! - **proof**: a sequence of steps, each a **lemma** (a clause claimed to follow) or a
//!   **deletion** (`d ...`, a clause no longer needed). Text DRAT writes one step per line,
//!   ending in `0`; binary DRAT writes `a` or `d`, then literals as variable-length
//!   integers `2·|x| + (x < 0)` (7 bits a byte, low bits first), then `0` (the drat-trim
//!   formats, Wetzler, Heule and Hunt, SAT 2014).
//! - **RUP** (reverse unit propagation): a lemma C follows when setting every literal of C
//!   false and propagating units over the current clauses reaches a conflict.
//! - **refutation**: a proof whose lemmas all pass and after which unit propagation alone
//!   finds a conflict (usually the proof's last lemma is the empty clause).
//!
//! Choices. Lemmas are checked forward, each as it comes, by RUP only: varisat, which writes
//! our proofs, never uses the RAT rule (it does no variable elimination or blocked-clause
//! reasoning), so a RAT-only lemma here is reported as a failure rather than half-supported.
//! Deletions are honoured to keep propagation fast, but literals already fixed at the top
//! level stay fixed: every clause ever present follows from the formula (all lemmas are RUP),
//! so propagating with them is sound — drat-trim makes the same choice for unit deletions.
//! The code uses nothing of the solving path (no `cnf`, no `sat`, no varisat): a bug there
//! cannot hide a bug here.

#![warn(missing_docs)]

use std::collections::HashMap;

use thiserror::Error;

/// Why a proof was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProofError {
    /// A lemma that unit propagation does not derive.
    #[error(
        "proof step {step} (byte {offset}): lemma {lemma:?} does not follow by unit propagation"
    )]
    NotRup {
        /// 1-based step number (lemmas and deletions counted).
        step: usize,
        /// Byte offset of the step in the proof.
        offset: usize,
        /// The lemma, DIMACS literals.
        lemma: Vec<i64>,
    },
    /// A step that cannot be read.
    #[error("proof step {step} (byte {offset}): {reason}")]
    Malformed {
        /// 1-based step number.
        step: usize,
        /// Byte offset of the step (or of the bad token) in the proof.
        offset: usize,
        /// What is wrong.
        reason: String,
    },
    /// Every lemma follows, but the formula is not refuted at the end.
    #[error("the proof ends ({steps} steps) without a conflict: it does not refute the formula")]
    NoConflict {
        /// Steps read.
        steps: usize,
    },
}

/// What a successful check saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    /// Lemmas checked.
    pub lemmas: usize,
    /// Deletions applied.
    pub deletions: usize,
    /// Lemmas read after the conflict was reached (accepted without a check).
    pub after_conflict: usize,
}

/// Check that `proof` (text or binary DRAT) refutes `formula`.
pub fn check_refutation<'a>(
    formula: impl IntoIterator<Item = &'a [i64]>,
    proof: &[u8],
) -> Result<ProofStats, ProofError> {
    let mut checker = Checker::default();
    for clause in formula {
        checker.add(clause);
    }
    let mut stats = ProofStats::default();
    let mut step = 0;
    for parsed in Steps::new(proof) {
        step += 1;
        let (offset, kind, lits) = parsed.map_err(|(offset, reason)| ProofError::Malformed {
            step,
            offset,
            reason,
        })?;
        match kind {
            StepKind::Delete => {
                stats.deletions += 1;
                checker.delete(&lits);
            }
            StepKind::Lemma if checker.conflict => stats.after_conflict += 1,
            StepKind::Lemma => {
                stats.lemmas += 1;
                if !checker.is_rup(&lits) {
                    return Err(ProofError::NotRup {
                        step,
                        offset,
                        lemma: lits,
                    });
                }
                checker.add(&lits);
            }
        }
    }
    if checker.conflict {
        Ok(stats)
    } else {
        Err(ProofError::NoConflict { steps: step })
    }
}

// ---------------------------------------------------------------------------------------
// Reading steps
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StepKind {
    Lemma,
    Delete,
}

type Step = Result<(usize, StepKind, Vec<i64>), (usize, String)>;

/// The steps of a text or binary DRAT proof. Binary when the first byte is `a` (0x61) or a
/// `d` (0x64) not followed by a blank, as drat-trim decides.
struct Steps<'p> {
    bytes: &'p [u8],
    pos: usize,
    binary: bool,
}

impl<'p> Steps<'p> {
    fn new(bytes: &'p [u8]) -> Self {
        let binary = match bytes {
            [b'a', ..] => true,
            [b'd', next, ..] => !next.is_ascii_whitespace(),
            _ => false,
        };
        Steps {
            bytes,
            pos: 0,
            binary,
        }
    }

    fn binary_step(&mut self) -> Option<Step> {
        let start = self.pos;
        let kind = match *self.bytes.get(self.pos)? {
            b'a' => StepKind::Lemma,
            b'd' => StepKind::Delete,
            other => return Some(Err((start, format!("byte {other:#04x} starts no step")))),
        };
        self.pos += 1;
        let mut lits = Vec::new();
        loop {
            let mut value: u64 = 0;
            let mut shift = 0;
            loop {
                let Some(&byte) = self.bytes.get(self.pos) else {
                    return Some(Err((start, "the step has no terminating 0".to_string())));
                };
                self.pos += 1;
                if shift > 56 {
                    return Some(Err((start, "literal out of range".to_string())));
                }
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if value == 0 {
                return Some(Ok((start, kind, lits)));
            }
            let var = (value >> 1) as i64;
            if var == 0 || var > i64::from(i32::MAX) {
                return Some(Err((start, "literal out of range".to_string())));
            }
            lits.push(if value & 1 == 1 { -var } else { var });
        }
    }

    fn text_step(&mut self) -> Option<Step> {
        let mut kind = None;
        let mut lits = Vec::new();
        let mut start = None;
        loop {
            // Skip blanks and comment lines.
            while let Some(&b) = self.bytes.get(self.pos) {
                if b.is_ascii_whitespace() {
                    self.pos += 1;
                } else if b == b'c' && kind.is_none() && lits.is_empty() {
                    while self.bytes.get(self.pos).is_some_and(|&b| b != b'\n') {
                        self.pos += 1;
                    }
                } else {
                    break;
                }
            }
            let token_start = self.pos;
            while self
                .bytes
                .get(self.pos)
                .is_some_and(|b| !b.is_ascii_whitespace())
            {
                self.pos += 1;
            }
            let token = &self.bytes[token_start..self.pos];
            if token.is_empty() {
                return start.map(|s| Err((s, "the step has no terminating 0".to_string())));
            }
            let at = *start.get_or_insert(token_start);
            if token == b"d" && kind.is_none() && lits.is_empty() {
                kind = Some(StepKind::Delete);
                continue;
            }
            let parsed = std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
                .filter(|x| x.unsigned_abs() <= i32::MAX as u64);
            match parsed {
                Some(0) => return Some(Ok((at, kind.unwrap_or(StepKind::Lemma), lits))),
                Some(x) => lits.push(x),
                None => {
                    return Some(Err((
                        token_start,
                        format!("`{}` is not a literal", String::from_utf8_lossy(token)),
                    )));
                }
            }
        }
    }
}

impl Iterator for Steps<'_> {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.binary {
            self.binary_step()
        } else {
            self.text_step()
        }
    }
}

// ---------------------------------------------------------------------------------------
// Unit propagation with two watched literals
// ---------------------------------------------------------------------------------------

/// A literal as an index: `2·(var − 1) + negated`.
fn code(x: i64) -> usize {
    2 * (x.unsigned_abs() as usize - 1) + usize::from(x < 0)
}

#[derive(Default)]
struct Checker {
    /// Clause literals (codes), clause after clause; the first two of a clause are watched.
    lits: Vec<usize>,
    /// Per clause: start in `lits`, length, deleted.
    clauses: Vec<(usize, usize, bool)>,
    /// Live clauses by their sorted literals, to find the one a deletion names.
    index: HashMap<Vec<usize>, Vec<usize>>,
    /// Per literal code: the clauses watching it.
    watches: Vec<Vec<usize>>,
    /// Per literal code: true, false or unassigned (`None`).
    value: Vec<Option<bool>>,
    trail: Vec<usize>,
    /// Trail entries already propagated.
    head: usize,
    /// Unit propagation at the top level has found a conflict: the formula is refuted.
    conflict: bool,
}

impl Checker {
    fn grow(&mut self, c: usize) {
        let need = (c | 1) + 1;
        if self.value.len() < need {
            self.value.resize(need, None);
            self.watches.resize_with(need, Vec::new);
        }
    }

    fn assign(&mut self, c: usize) {
        self.value[c] = Some(true);
        self.value[c ^ 1] = Some(false);
        self.trail.push(c);
    }

    /// Add a clause of the formula or a checked lemma, then propagate at the top level.
    fn add(&mut self, clause: &[i64]) {
        if self.conflict {
            return;
        }
        let mut codes: Vec<usize> = clause.iter().map(|&x| code(x)).collect();
        codes.sort_unstable();
        codes.dedup();
        for &c in &codes {
            self.grow(c);
        }
        if codes.windows(2).any(|w| w[0] ^ 1 == w[1]) {
            return; // a tautology constrains nothing
        }
        // Watch two literals that are not false, when there are.
        let mut order = codes.clone();
        order.sort_by_key(|&c| match self.value[c] {
            Some(true) => 0,
            None => 1,
            Some(false) => 2,
        });
        let id = self.clauses.len();
        self.clauses.push((self.lits.len(), order.len(), false));
        self.lits.extend_from_slice(&order);
        self.index.entry(codes).or_default().push(id);
        match order.as_slice() {
            [] => self.conflict = true,
            [only] => match self.value[*only] {
                Some(true) => {}
                Some(false) => self.conflict = true,
                None => {
                    self.assign(*only);
                    self.propagate_top();
                }
            },
            [first, second, ..] => {
                self.watches[*first].push(id);
                self.watches[*second].push(id);
                match (self.value[*first], self.value[*second]) {
                    (Some(false), _) => self.conflict = true,
                    (None, Some(false)) => {
                        self.assign(*first);
                        self.propagate_top();
                    }
                    _ => {}
                }
            }
        }
    }

    fn delete(&mut self, clause: &[i64]) {
        let mut codes: Vec<usize> = clause.iter().map(|&x| code(x)).collect();
        codes.sort_unstable();
        codes.dedup();
        if let Some(ids) = self.index.get_mut(&codes)
            && let Some(id) = ids.pop()
        {
            self.clauses[id].2 = true;
            if ids.is_empty() {
                self.index.remove(&codes);
            }
        }
        // A deletion of a clause never added is ignored, as drat-trim does (with a warning).
    }

    fn propagate_top(&mut self) {
        if !self.propagate() {
            self.conflict = true;
        }
    }

    /// Does setting every literal of `lemma` false lead to a conflict?
    fn is_rup(&mut self, lemma: &[i64]) -> bool {
        let saved = self.trail.len();
        let mut refuted = false;
        for &x in lemma {
            let c = code(x);
            self.grow(c);
            match self.value[c] {
                Some(true) => {
                    refuted = true;
                    break;
                }
                Some(false) => {}
                None => self.assign(c ^ 1),
            }
        }
        if !refuted {
            refuted = !self.propagate();
        }
        for &c in &self.trail[saved..] {
            self.value[c] = None;
            self.value[c ^ 1] = None;
        }
        self.trail.truncate(saved);
        self.head = saved;
        refuted
    }

    /// Unit propagation from `head`; `false` on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            let falsified = self.trail[self.head] ^ 1;
            self.head += 1;
            let mut watching = std::mem::take(&mut self.watches[falsified]);
            let mut keep = 0;
            let mut ok = true;
            let mut i = 0;
            while i < watching.len() {
                let id = watching[i];
                i += 1;
                let (start, len, deleted) = self.clauses[id];
                if deleted {
                    continue;
                }
                let c = &mut self.lits[start..start + len];
                if c[0] == falsified {
                    c.swap(0, 1);
                }
                if self.value[c[0]] == Some(true) {
                    watching[keep] = id;
                    keep += 1;
                    continue;
                }
                if let Some(k) = (2..len).find(|&k| self.value[c[k]] != Some(false)) {
                    c.swap(1, k);
                    let moved = c[1];
                    self.watches[moved].push(id);
                    continue;
                }
                watching[keep] = id;
                keep += 1;
                let first = c[0];
                if self.value[first] == Some(false) {
                    ok = false;
                    while i < watching.len() {
                        watching[keep] = watching[i];
                        keep += 1;
                        i += 1;
                    }
                    break;
                }
                self.assign(first);
            }
            watching.truncate(keep);
            // Watches added to `falsified` while it was taken (none: a clause never watches a
            // literal twice) are merged back.
            let added = std::mem::replace(&mut self.watches[falsified], watching);
            self.watches[falsified].extend(added);
            if !ok {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(formula: &[&[i64]], proof: &str) -> Result<ProofStats, ProofError> {
        check_refutation(formula.iter().copied(), proof.as_bytes())
    }

    /// All eight clauses over three variables: unsatisfiable, and no unit propagates.
    const EIGHT: [&[i64]; 8] = [
        &[1, 2, 3],
        &[1, 2, -3],
        &[1, -2, 3],
        &[1, -2, -3],
        &[-1, 2, 3],
        &[-1, 2, -3],
        &[-1, -2, 3],
        &[-1, -2, -3],
    ];

    #[test]
    fn a_text_refutation_checks() {
        let stats = check(&EIGHT, "c a comment\n1 2 0\nd 1 2 3 0\n1 0\n2 0\n0\n").unwrap();
        assert_eq!(
            (stats.lemmas, stats.deletions, stats.after_conflict),
            (3, 1, 1)
        );
    }

    #[test]
    fn a_lemma_that_does_not_follow_is_rejected() {
        match check(&EIGHT, "1 0\n") {
            Err(ProofError::NotRup { step: 1, lemma, .. }) => assert_eq!(lemma, [1]),
            other => panic!("{other:?}"),
        }
        // Without the clause that made it follow, a lemma fails.
        assert!(check(&EIGHT[1..], "1 2 0\n1 0\n2 0\n0\n").is_err());
    }

    #[test]
    fn a_proof_without_the_conflict_is_rejected() {
        assert_eq!(
            check(&EIGHT, "1 2 0\n1 0\n"),
            Err(ProofError::NoConflict { steps: 2 })
        );
        assert!(check(&EIGHT[..7], "").is_err());
    }

    #[test]
    fn binary_and_text_agree() {
        // a 1 2 0, d 1 2 3 0, a 1 0, a 2 0: literal x is 2·x, -x is 2·x + 1.
        let binary = [b'a', 2, 4, 0, b'd', 2, 4, 6, 0, b'a', 2, 0, b'a', 4, 0];
        let stats = check_refutation(EIGHT.iter().copied(), &binary).unwrap();
        assert_eq!((stats.lemmas, stats.deletions), (3, 1));
        let altered = [b'a', 2, 4, 0, b'a', 3, 0];
        assert!(check_refutation(EIGHT.iter().copied(), &altered).is_err());
    }

    #[test]
    fn malformed_steps_say_where() {
        match check(&EIGHT, "1 2 0\n1 x 0\n") {
            Err(ProofError::Malformed {
                step: 2, offset, ..
            }) => assert_eq!(offset, 8),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            check(&EIGHT, "1 2 0\n1"),
            Err(ProofError::Malformed { step: 2, .. })
        ));
    }

    #[test]
    fn a_formula_refuted_by_propagation_needs_no_lemma() {
        let formula: [&[i64]; 3] = [&[1], &[-1, 2], &[-2]];
        assert!(check(&formula, "").is_ok());
    }

    /// Pigeonhole 3 into 2 refuted by a proof found by hand: each pigeon-in-hole-1 lemma.
    #[test]
    fn longer_clauses_propagate_through_watches() {
        // p(i,j): pigeon i in hole j, var 2i + j + 1 for i in 0..3, j in 0..2.
        let p = |i: i64, j: i64| 2 * i + j + 1;
        let mut formula: Vec<Vec<i64>> = (0..3).map(|i| vec![p(i, 0), p(i, 1)]).collect();
        for j in 0..2 {
            for a in 0..3 {
                for b in a + 1..3 {
                    formula.push(vec![-p(a, j), -p(b, j)]);
                }
            }
        }
        let refs: Vec<&[i64]> = formula.iter().map(Vec::as_slice).collect();
        // Pigeon 0 not in hole 0 (else 1 and 2 share hole 1), same for pigeon 0 in hole 1.
        let proof = format!("{} 0\n{} 0\n0\n", -p(0, 0), -p(0, 1));
        assert!(check(&refs, &proof).is_ok());
        // Dropping a pigeon's clause makes the formula satisfiable: the proof must fail.
        assert!(check(&refs[1..], &proof).is_err());
    }
}
