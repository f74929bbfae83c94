//! The layer's exact cover, for models whose every rule is a complete house (sudoku and its
//! rectangular, jigsaw and X variants; Knuth, TAOCP 7.2.2.1) or an exactly-one over
//! `(cell, value)` pairs (dominosa):
//! - items `r{row}c{col}` (primary): each cell takes one value;
//! - items `h{house}={value}` (primary): each complete house holds each of its values once;
//! - items `e{rule}` (primary): exactly one pair of each exactly-one rule holds;
//! - options: one per cell and value of its initial domain (a given has one), covering the
//!   cell's item, the `(house, value)` item of every house the cell is in, and the item of
//!   every exactly-one rule that names the pair;
//! - `Count{cells, value, 1}` is an exactly-one over `(cell, value)` pairs (item `e{rule}`);
//!   `AtMost{cells, value, 1}` a secondary item `s{rule}` (at most once: star battle's 2×2
//!   windows, which keep stars from touching).

use super::{Constraint, Model, values};
use crate::dlx::{Matrix, OptionId};
use crate::puzzle::{Backend, CoverEncoding, DecodeError, SolveError};

/// Whether `model` is an exact cover: every rule is a complete all-different house, an
/// exactly-one (or a count of one), or an at-most-one.
pub fn applies(model: &Model) -> bool {
    model.constraints.iter().all(|rule| match rule {
        Constraint::AllDifferent(cells) => model.complete(cells),
        Constraint::ExactlyOne(_) => true,
        Constraint::Count { count: 1, .. } | Constraint::AtMost { count: 1, .. } => true,
        _ => false,
    })
}

/// The matrix of `model` (which must satisfy [`applies`]), its decoder handing the cell
/// values to `solution`.
pub fn encoding<'p, S>(
    model: &Model,
    solution: impl Fn(Vec<u32>) -> S + 'p,
) -> Result<CoverEncoding<'p, S>, SolveError> {
    if !applies(model) {
        return Err(SolveError::Unsupported {
            kind: crate::puzzle::Kind::named("grid"),
            backend: Backend::Dlx,
            hint: "--backend native or sat: these rules are not an exact cover".into(),
        });
    }
    let mut matrix = Matrix::new();
    let cell_items: Vec<usize> = (0..model.cells())
        .map(|c| matrix.add_primary(model.cell_name(c)))
        .collect();
    let mut houses_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); model.cells()];
    let mut value_items: Vec<[usize; 64]> = Vec::new();
    for (h, rule) in model.constraints.iter().enumerate() {
        if let Constraint::AllDifferent(cells) = rule {
            let mut items = [usize::MAX; 64];
            for v in values(model.union(cells)) {
                items[v as usize] = matrix.add_primary(format!("h{}={v}", h + 1));
            }
            let index = value_items.len();
            value_items.push(items);
            for &c in cells {
                houses_of[c].push((h, index));
            }
        }
    }
    // Per cell, the (value, item) of each exactly-one rule naming it.
    let mut ones_of: Vec<Vec<(u32, usize)>> = vec![Vec::new(); model.cells()];
    for (h, rule) in model.constraints.iter().enumerate() {
        match rule {
            Constraint::ExactlyOne(pairs) => {
                let item = matrix.add_primary(format!("e{}", h + 1));
                for &(c, v) in pairs {
                    ones_of[c].push((v, item));
                }
            }
            Constraint::Count {
                cells,
                value,
                count: 1,
            } => {
                let item = matrix.add_primary(format!("e{}", h + 1));
                for &c in cells {
                    ones_of[c].push((*value, item));
                }
            }
            _ => {}
        }
    }
    // Secondary items last (Knuth's order): at most one of the cells holds the value.
    for (h, rule) in model.constraints.iter().enumerate() {
        if let Constraint::AtMost {
            cells,
            value,
            count: 1,
        } = rule
        {
            let item = matrix.add_secondary(format!("s{}", h + 1));
            for &c in cells {
                ones_of[c].push((*value, item));
            }
        }
    }
    let mut chosen_of: Vec<(usize, u32)> = Vec::new();
    let mut items = Vec::new();
    for (cell, &domain) in model.domains.iter().enumerate() {
        for v in values(domain) {
            items.clear();
            items.push(cell_items[cell]);
            items.extend(
                houses_of[cell]
                    .iter()
                    .map(|&(_, index)| value_items[index][v as usize]),
            );
            items.extend(ones_of[cell].iter().filter(|o| o.0 == v).map(|o| o.1));
            let option = matrix.add_option(&items).map_err(|e| SolveError::Decode {
                backend: Backend::Dlx,
                reason: format!("building the matrix: {e}").into(),
            })?;
            if chosen_of.len() <= option {
                chosen_of.resize(option + 1, (usize::MAX, 0));
            }
            chosen_of[option] = (cell, v);
        }
    }
    let cells = model.cells();
    let decode = move |chosen: &[OptionId]| -> Result<S, DecodeError> {
        let mut out = vec![None; cells];
        for &option in chosen {
            let &(cell, v) = chosen_of
                .get(option)
                .filter(|p| p.0 != usize::MAX)
                .ok_or_else(|| format!("unknown option {option}"))?;
            if out[cell].replace(v).is_some() {
                return Err(DecodeError::from(format!("cell {cell} chosen twice")));
            }
        }
        let values: Option<Vec<u32>> = out.into_iter().collect();
        values
            .map(&solution)
            .ok_or_else(|| DecodeError::from("a cell has no value"))
    };
    Ok(CoverEncoding {
        matrix,
        decode: Box::new(decode),
    })
}
