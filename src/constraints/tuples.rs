//! What an arithmetic clue allows, enumerated once per cage: the sets of distinct values of a
//! sum (killer, kakuro), the value tuples of a KenKen cage. The encoders and the propagator
//! read these lists; the checkers of the genres do their own arithmetic.

use super::{Domain, Operation, values};

/// Cages whose tuples would exceed this are refused (the encodings grow with the list).
pub const MAX_TUPLES: usize = 1 << 20;

/// Every set of `k` distinct values of `domain` whose sum is `sum`, as bit sets, in
/// increasing order of their smallest members.
pub fn sum_combinations(domain: Domain, k: usize, sum: u32) -> Vec<Domain> {
    fn walk(rest: Domain, k: usize, sum: u32, chosen: Domain, out: &mut Vec<Domain>) {
        if k == 0 {
            if sum == 0 {
                out.push(chosen);
            }
            return;
        }
        // The k smallest of `rest` must not overshoot, the k largest must reach.
        let small: u32 = values(rest).take(k).sum();
        let mut large: Vec<u32> = values(rest).collect();
        if large.len() < k || small > sum {
            return;
        }
        large.reverse();
        if large.iter().take(k).sum::<u32>() < sum {
            return;
        }
        let v = rest.trailing_zeros();
        let without = rest & (rest - 1);
        if v <= sum {
            walk(without, k - 1, sum - v, chosen | 1 << v, out);
        }
        walk(without, k, sum, chosen, out);
    }
    let mut out = Vec::new();
    if k > 0 && k <= domain.count_ones() as usize {
        walk(domain, k, sum, 0, &mut out);
    }
    out
}

/// Every tuple of values, one from each of `domains`, that satisfies `operation` with
/// `target`, where the cells of each pair in `differ` hold different values (cells of a
/// cage sharing a row or column). `None` beyond [`MAX_TUPLES`].
pub fn cage_tuples(
    domains: &[Domain],
    operation: Operation,
    target: u64,
    differ: &[(usize, usize)],
) -> Option<Vec<Vec<u32>>> {
    let k = domains.len();
    let mut out = Vec::new();
    match operation {
        Operation::Subtract | Operation::Divide => {
            if k != 2 {
                return Some(out);
            }
            for a in values(domains[0]) {
                for b in values(domains[1]) {
                    let (hi, lo) = (u64::from(a.max(b)), u64::from(a.min(b)));
                    let ok = match operation {
                        Operation::Subtract => hi - lo == target,
                        _ => lo != 0 && hi == lo * target,
                    };
                    if ok && (differ.is_empty() || a != b) {
                        out.push(vec![a, b]);
                    }
                }
            }
            Some(out)
        }
        Operation::Add | Operation::Multiply => {
            let mut tuple = vec![0u32; k];
            let mut fine = true;
            walk_cage(
                domains, operation, target, differ, 0, &mut tuple, &mut out, &mut fine,
            );
            fine.then_some(out)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn walk_cage(
    domains: &[Domain],
    operation: Operation,
    left: u64,
    differ: &[(usize, usize)],
    at: usize,
    tuple: &mut Vec<u32>,
    out: &mut Vec<Vec<u32>>,
    fine: &mut bool,
) {
    if !*fine {
        return;
    }
    if at == domains.len() {
        let done = match operation {
            Operation::Add => left == 0,
            _ => left == 1,
        };
        if done {
            if out.len() >= MAX_TUPLES {
                *fine = false;
            } else {
                out.push(tuple.clone());
            }
        }
        return;
    }
    for v in values(domains[at]) {
        if differ
            .iter()
            .any(|&(i, j)| (j == at && tuple[i] == v) || (i == at && j < at && tuple[j] == v))
        {
            continue;
        }
        let v64 = u64::from(v);
        let next = match operation {
            Operation::Add if v64 <= left => left - v64,
            Operation::Multiply if v64 != 0 && left.is_multiple_of(v64) => left / v64,
            _ => continue,
        };
        tuple[at] = v;
        walk_cage(domains, operation, next, differ, at + 1, tuple, out, fine);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::range;

    #[test]
    fn killer_combinations() {
        // 3 cells summing to 6 in 1..9: {1,2,3} only; 2 cells to 10: 1+9 2+8 3+7 4+6.
        assert_eq!(sum_combinations(range(1, 9), 3, 6), vec![0b1110]);
        assert_eq!(sum_combinations(range(1, 9), 2, 10).len(), 4);
        assert_eq!(sum_combinations(range(1, 9), 9, 45).len(), 1);
        assert!(sum_combinations(range(1, 9), 2, 18).is_empty());
    }

    #[test]
    fn kenken_tuples() {
        let d = [range(1, 4), range(1, 4)];
        // 4 ÷ 2 = 2, 2 ÷ 1 = 2, both orders.
        assert_eq!(
            cage_tuples(&d, Operation::Divide, 2, &[(0, 1)])
                .unwrap()
                .len(),
            4
        );
        // An L of three cells, 0–1 and 1–2 in a line each: product 4 in 1..4.
        let d3 = [range(1, 4), range(1, 4), range(1, 4)];
        let t = cage_tuples(&d3, Operation::Multiply, 4, &[(0, 1), (1, 2)]).unwrap();
        assert!(t.contains(&vec![1, 4, 1]));
        assert!(!t.contains(&vec![2, 2, 1]));
        assert!(t.contains(&vec![2, 1, 2]));
    }
}
