//! `satcover generate towers`: a random Latin square (the constraint layer's random
//! solution), every clue it shows and every height as a given, then givens and clues
//! removed in random order — givens first, so the puzzle leans on its clues as Tatham's do —
//! each removal kept only when the native solver proves the puzzle still unique
//! (`constraints::generate`). Written as Tatham game IDs (`N:CLUES[,GIVENS]`).

use std::time::Instant;

use super::{Side, Towers};
use crate::constraints::generate::{cut, random_solution};
use crate::constraints::{self, Grid, Model, OnModel};
use crate::puzzle::{
    Backend, Generate, GenerateError, GenerateRequest, Made, Param, Params, Puzzle, SolveError,
    Summary,
};
use crate::rng::SplitMix64;

/// The sides Tatham's Towers offers.
const SIDES: std::ops::RangeInclusive<usize> = 3..=9;

const PARAMS: &[Param] = &[Param {
    usage: "--size N",
    help: "The side, 3 to 9, as Tatham's Towers offers (or the bare ID parameter, `5`) [default: 5]",
    required: false,
}];

/// Generates Towers puzzles.
pub struct TowersGenerator;

/// How many buildings are seen along `line` of `values`.
fn seen(values: &[u32], line: &[usize]) -> u32 {
    let mut tallest = 0;
    let mut count = 0;
    for &cell in line {
        if values[cell] > tallest {
            tallest = values[cell];
            count += 1;
        }
    }
    count
}

/// A puzzle from `solution`: clue slots `0..4n` in ID order, then givens `4n..4n+n²`,
/// those `kept`.
fn puzzle(n: usize, solution: &[u32], kept: &[bool]) -> Towers {
    let mut clues: [Vec<Option<u32>>; 4] = Default::default();
    for (s, side) in Side::ALL.iter().enumerate() {
        clues[s] = (0..n)
            .map(|i| kept[s * n + i].then(|| seen(solution, &side.line(n, i))))
            .collect();
    }
    let givens = (0..n * n)
        .map(|c| kept[4 * n + c].then_some(solution[c]))
        .collect();
    Towers::new(n, clues, givens)
}

/// `towers` as a Tatham game ID: `N:` the 4n clues separated by `/` (empty: none), then, if
/// there are givens, `,` and the grid with runs of empty cells as letters (`a` = 1 …
/// `z` = 26) and `_` between two heights.
pub fn tatham_id(towers: &Towers) -> String {
    let clues: Vec<String> = towers
        .clues
        .iter()
        .flatten()
        .map(|c| c.map_or(String::new(), |c| c.to_string()))
        .collect();
    let mut id = format!("{}:{}", towers.n, clues.join("/"));
    if towers.givens.iter().any(Option::is_some) {
        id.push(',');
        let (mut run, mut after_height) = (0u8, false);
        for given in &towers.givens {
            match given {
                None => {
                    if run == 26 {
                        id.push('z');
                        run = 0;
                    }
                    run += 1;
                }
                Some(h) => {
                    if run > 0 {
                        id.push(char::from(b'a' + run - 1));
                        run = 0;
                    } else if after_height {
                        id.push('_');
                    }
                    id.push_str(&h.to_string());
                    after_height = true;
                }
            }
        }
        if run > 0 {
            id.push(char::from(b'a' + run - 1));
        }
    }
    id
}

impl Generate for TowersGenerator {
    fn about(&self) -> &'static str {
        "Random Towers (skyscrapers) with exactly one solution, as Tatham game IDs"
    }

    fn params(&self) -> &'static [Param] {
        PARAMS
    }

    fn example(&self) -> &'static [&'static str] {
        &["4"]
    }

    fn generate(
        &self,
        params: &[String],
        request: &GenerateRequest,
        each: &mut dyn FnMut(Made) -> Result<(), GenerateError>,
    ) -> Result<Summary, GenerateError> {
        let mut p = Params::new(params);
        let given = p.value("--size")?;
        let bare = p.bare();
        p.finish("towers", PARAMS)?;
        let n = match (bare, given) {
            (Some(_), Some(_)) => {
                return Err(GenerateError::Params(
                    "the size is given twice (a bare size and --size)".into(),
                ));
            }
            (Some(word), None) => (word, "size"),
            (None, Some(value)) => (value, "--size"),
            (None, None) => ("5".to_string(), "--size"),
        };
        let n =
            n.0.parse::<usize>()
                .ok()
                .filter(|s| SIDES.contains(s))
                .ok_or_else(|| {
                    GenerateError::Params(format!(
                        "{} {}: a Towers side is {} to {}",
                        n.1,
                        n.0,
                        SIDES.start(),
                        SIDES.end()
                    ))
                })?;
        let start = Instant::now();
        let mut latin = Model::new(n, n, constraints::range(1, n as u32));
        latin.add_latin_lines();
        let mut rng = SplitMix64::new(request.seed);
        let (mut checks, mut clues, mut givens) = (0, 0, 0);
        for _ in 0..request.count {
            let solution = random_solution(&latin, &mut rng, &request.stop)?
                .expect("an empty Latin square has a solution");
            let slots = 4 * n + n * n;
            let mut kept = vec![true; slots];
            let mut given_slots: Vec<usize> = (4 * n..slots).collect();
            let mut clue_slots: Vec<usize> = (0..4 * n).collect();
            rng.shuffle(&mut given_slots);
            rng.shuffle(&mut clue_slots);
            given_slots.extend(clue_slots);
            let build = |kept: &[bool]| puzzle(n, &solution, kept).model().clone();
            checks += cut(&mut kept, &given_slots, build, &request.stop)?;
            let made = puzzle(n, &solution, &kept);
            // The checker, which shares no code with the solver, accepts the solution.
            made.check(&Grid::new(n, solution.clone()))
                .map_err(|reason| SolveError::CheckFailed {
                    backend: Backend::Native,
                    reason,
                })?;
            clues += kept[..4 * n].iter().filter(|&&k| k).count();
            givens += kept[4 * n..].iter().filter(|&&k| k).count();
            each(Made {
                text: format!("{}\n", tatham_id(&made)),
                note: None,
            })?;
        }
        let count = request.count as f64;
        let secs = start.elapsed().as_secs_f64();
        Ok(format!(
            "{} puzzles {n}x{n} in {secs:.3} s: {:.1} puzzles/s, {:.1} clues, {:.1} givens and {:.0} uniqueness checks per puzzle",
            request.count,
            count / secs,
            clues as f64 / count,
            givens as f64 / count,
            checks as f64 / count,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back() {
        let solution = [1, 2, 3, 2, 3, 1, 3, 1, 2];
        let mut kept = vec![true; 12 + 9];
        for k in [0, 5, 13, 14, 20] {
            kept[k] = false;
        }
        let towers = puzzle(3, &solution, &kept);
        let id = tatham_id(&towers);
        assert_eq!(id, "3:/2/1/1/2//3/2/1/1/2/2,1b2_3_1_3_1a");
        let read = super::super::parse(&id);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].as_ref().expect("reads").1, towers);
    }
}
