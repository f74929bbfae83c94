//! Puzzles cut from a random solution, for genres stated as a [`Model`]: a random solution
//! by the native solver, then clues removed in random order, each removal kept only when
//! the solver proves the puzzle still unique. One pass leaves a minimal puzzle: a clue
//! whose removal broke uniqueness is still needed after further removals, since fewer
//! clues never make a puzzle "more unique".
//!
//! The random solution: cells in random order, each fixed to a value drawn at random from
//! its domain, a choice kept only when the model stays satisfiable (the solver says so,
//! and hands the solution the next choices start from). Nothing here knows a genre: a
//! genre says what its clues are and builds its model from those kept.

use std::ops::ControlFlow;

use super::{Model, native, values};
use crate::puzzle::{GenerateError, Limits};
use crate::rng::SplitMix64;
use crate::stop::Stop;

/// A solution of `model` (one value per cell), or `None` if it has none.
fn first(model: &Model, stop: &Stop) -> Result<Option<Vec<u32>>, GenerateError> {
    let limits = Limits {
        max_solutions: Some(1),
        keep: 1,
        stop: stop.clone(),
    };
    let mut solution = None;
    let answer = native::solve(model, &limits, &mut |values| {
        solution = Some(values.to_vec());
        ControlFlow::Break(())
    })?;
    if solution.is_none() && !answer.complete {
        return Err(GenerateError::Stopped);
    }
    Ok(solution)
}

/// A random solution of `model`, drawn from `rng` (same state, same solution), or `None`
/// if the model has none.
pub fn random_solution(
    model: &Model,
    rng: &mut SplitMix64,
    stop: &Stop,
) -> Result<Option<Vec<u32>>, GenerateError> {
    let mut model = model.clone();
    let Some(mut solution) = first(&model, stop)? else {
        return Ok(None);
    };
    let mut cells: Vec<usize> = (0..model.cells()).collect();
    rng.shuffle(&mut cells);
    for cell in cells {
        let mut choices: Vec<u32> = values(model.domains[cell]).collect();
        rng.shuffle(&mut choices);
        for value in choices {
            let before = model.domains[cell];
            model.domains[cell] = 1 << value;
            // The current solution already has `value` here: nothing to ask.
            if solution[cell] == value {
                break;
            }
            match first(&model, stop)? {
                Some(found) => {
                    solution = found;
                    break;
                }
                None => model.domains[cell] = before & !(1 << value),
            }
        }
    }
    Ok(Some(solution))
}

/// Whether `model` has exactly one solution, proved by the native solver (counting to
/// two).
pub fn unique(model: &Model, stop: &Stop) -> Result<bool, GenerateError> {
    let limits = Limits {
        max_solutions: Some(2),
        keep: 0,
        stop: stop.clone(),
    };
    let answer = native::solve(model, &limits, &mut |_| ControlFlow::Continue(()))?;
    if answer.count < 2 && !answer.complete {
        return Err(GenerateError::Stopped);
    }
    Ok(answer.count == 1)
}

/// Drops the clues of `order` one at a time from `kept` (which clues are in the puzzle;
/// the puzzle `build(kept)` must be unique to begin with), each drop kept only when
/// `build(kept)` stays [`unique`]. Returns the uniqueness checks made.
pub fn cut(
    kept: &mut [bool],
    order: &[usize],
    build: impl Fn(&[bool]) -> Model,
    stop: &Stop,
) -> Result<u64, GenerateError> {
    let mut checks = 0;
    for &clue in order {
        if !kept[clue] {
            continue;
        }
        kept[clue] = false;
        checks += 1;
        if !unique(&build(kept), stop)? {
            kept[clue] = true;
        }
    }
    Ok(checks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::range;

    #[test]
    fn random_latin_squares_are_seeded_and_latin() {
        let mut model = Model::new(4, 4, range(1, 4));
        model.add_latin_lines();
        let draw = |seed| {
            random_solution(&model, &mut SplitMix64::new(seed), &Stop::never())
                .unwrap()
                .unwrap()
        };
        let a = draw(5);
        assert_eq!(a, draw(5));
        assert!(
            (1..20).any(|seed| draw(seed) != a),
            "the seed changes the square"
        );
        for i in 0..4 {
            let mut row: Vec<u32> = (0..4).map(|c| a[i * 4 + c]).collect();
            let mut col: Vec<u32> = (0..4).map(|r| a[r * 4 + i]).collect();
            row.sort_unstable();
            col.sort_unstable();
            assert_eq!(row, [1, 2, 3, 4]);
            assert_eq!(col, [1, 2, 3, 4]);
        }
    }

    #[test]
    fn cutting_givens_keeps_the_square_unique() {
        let mut model = Model::new(4, 4, range(1, 4));
        model.add_latin_lines();
        let solution = random_solution(&model, &mut SplitMix64::new(2), &Stop::never())
            .unwrap()
            .unwrap();
        let build = |kept: &[bool]| {
            let mut m = model.clone();
            for (cell, &k) in kept.iter().enumerate() {
                if k {
                    m.give(cell, solution[cell]);
                }
            }
            m
        };
        let mut kept = vec![true; 16];
        let order: Vec<usize> = (0..16).collect();
        let checks = cut(&mut kept, &order, build, &Stop::never()).unwrap();
        assert_eq!(checks, 16);
        assert!(kept.iter().any(|&k| !k) && kept.iter().any(|&k| k));
        assert!(unique(&build(&kept), &Stop::never()).unwrap());
        // Minimal: no clue left can go.
        for cell in (0..16).filter(|&c| kept[c]) {
            let mut fewer = kept.clone();
            fewer[cell] = false;
            assert!(!unique(&build(&fewer), &Stop::never()).unwrap());
        }
    }
}
