//! The pictures of an analysis: the puzzle with its forced values and `?` where cells
//! vary, and the probability picture of exact marginals (a grey per cell, or a table of
//! value by cell where the kind draws none).

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Analysis, cells, unquote};
use crate::puzzle::{CellStyle, Puzzle, SolveError};
use crate::render::{Picture, Rgb, Text};

/// The puzzle drawn with its forced values and `?` where cells vary.
pub(super) fn forced_picture<P: Puzzle + ?Sized>(
    puzzle: &P,
    first: &Value,
    analysis: &Analysis,
) -> Result<Picture, SolveError> {
    let forced = analysis.forced_json();
    let mut picture = puzzle.picture(None);
    let grey = Rgb(170, 170, 170);
    let style = puzzle.cells().style;
    if style == CellStyle::NamedLabels {
        // The labels named by the solution's keys become their forced values or `?`.
        if let Value::Object(fields) = &forced {
            for label in &mut picture.labels {
                if let Some(value) = fields.get(label.as_str()) {
                    *label = match value {
                        Value::Null => "?".into(),
                        v => v.to_string(),
                    };
                }
            }
        }
        return Ok(picture);
    }
    let cell_values = cells(&forced);
    let first_cells = cells(first);
    if cell_values.len() != picture.width * picture.height {
        return Ok(picture);
    }
    for (i, (value, first_value)) in cell_values.iter().zip(&first_cells).enumerate() {
        let varies = analysis.varying[i];
        match style {
            CellStyle::Shades { background } => {
                picture.inks[i] = None;
                picture.fills[i] = if varies {
                    grey
                } else if first_value.as_str() == Some(background) {
                    Rgb::WHITE
                } else {
                    Rgb::BLACK
                };
                if varies {
                    picture.labels[i] = "?".into();
                }
            }
            CellStyle::Pieces => {
                if varies {
                    picture.fills[i] = Rgb::WHITE;
                    picture.labels[i] = "?".into();
                } else if let Some(piece) = value.as_u64() {
                    picture.fills[i] = Rgb::palette(piece as usize);
                    picture.inks[i] = None;
                }
            }
            CellStyle::Labels | CellStyle::NamedLabels => {
                picture.labels[i] = match value {
                    Value::Null => "?".into(),
                    v => v.to_string(),
                };
            }
        }
    }
    Ok(picture)
}

/// The grey of probability `p`: white at 0, black at 1, mid-grey (128) at one half.
fn grey(p: f64) -> Rgb {
    let level = (255.0 * (1.0 - p.clamp(0.0, 1.0))).round() as u8;
    Rgb(level, level, level)
}

/// Thick lines of probability pictures: orange, seen on white, on every grey and on the
/// black of certainty (where black box lines would vanish).
const LINE_ON_GREYS: Rgb = Rgb(255, 140, 0);

/// The probability picture over the solutions counted: the darker a cell, the more
/// certain. Nonograms (colour ones too) fill each cell with the grey of P(not background),
/// the background being the value printed `.`; other grid kinds label each cell with its
/// most likely value (on ties the first in text order) filled with the grey of that value's
/// probability, so forced cells are black with a white label; named cells (alphametic
/// letters) get a table instead ([`marginal_table`]); a DIMACS formula's variables show
/// their likeliest literal. `None` without tallies or when the cells are not the picture's.
pub(super) fn marginal_picture<P: Puzzle + ?Sized>(
    puzzle: &P,
    analysis: &Analysis,
) -> Option<Picture> {
    let tallies = analysis.tallies.as_ref()?;
    let total = analysis.solutions_counted.max(1) as f64;
    let style = puzzle.cells().style;
    if style == CellStyle::NamedLabels {
        return marginal_table(analysis.first.as_ref()?, tallies, total);
    }
    let mut picture = puzzle.picture(None);
    // Cells beyond the tallies (the padding of a DIMACS formula's square) keep their fill.
    if tallies.len() > picture.width * picture.height {
        return None;
    }
    for (i, counts) in tallies.iter().enumerate() {
        if let CellStyle::Shades { background } = style {
            let background = counts
                .get(&Value::from(background).to_string())
                .copied()
                .unwrap_or(0);
            picture.fills[i] = grey(1.0 - background as f64 / total);
            picture.labels[i].clear();
        } else if let Some((value, &n)) = counts
            .iter()
            .max_by_key(|&(v, &n)| (n, std::cmp::Reverse(v)))
        {
            picture.fills[i] = grey(n as f64 / total);
            picture.labels[i] = unquote(value);
        }
        // The kind's ink was chosen for its own fills (a given's black): on these greys
        // the label takes whichever of black or white contrasts.
        picture.inks[i] = None;
    }
    picture.line_ink = LINE_ON_GREYS;
    add_scale(&mut picture);
    Some(picture)
}

/// The probability table of named cells (alphametic letters): a row per cell, its name
/// left of it, a column per value any solution gives any cell (numbers in numeric order),
/// the values on top; each entry in the grey of P(cell = value), labelled with the value
/// where some solution has it, blank where none does. A forced cell's row has one black
/// entry. `None` when the first solution is not an object of the tallies' cells.
fn marginal_table(first: &Value, tallies: &[BTreeMap<String, u64>], total: f64) -> Option<Picture> {
    let Value::Object(fields) = first else {
        return None;
    };
    if fields.len() != tallies.len() {
        return None;
    }
    // Values as the tallies key them (JSON text), in numeric order where numbers.
    let mut values: Vec<&String> = tallies.iter().flat_map(BTreeMap::keys).collect();
    values.sort_by(|a, b| {
        let number = |v: &str| {
            serde_json::from_str::<Value>(v)
                .ok()
                .and_then(|v| v.as_f64())
        };
        match (number(a), number(b)) {
            (Some(x), Some(y)) => x.total_cmp(&y),
            _ => a.cmp(b),
        }
    });
    values.dedup();
    let mut picture = Picture::new(values.len(), fields.len());
    for (c, value) in values.iter().enumerate() {
        picture.texts.push(Text::new(-1, c as i32, unquote(value)));
    }
    for (r, (name, counts)) in fields.keys().zip(tallies).enumerate() {
        picture.texts.push(Text::new(r as i32, -1, name.clone()));
        for (c, value) in values.iter().enumerate() {
            let i = r * values.len() + c;
            let n = counts.get(*value).copied().unwrap_or(0);
            picture.fills[i] = grey(n as f64 / total);
            if n > 0 {
                picture.labels[i] = unquote(value);
            }
        }
    }
    picture.line_ink = LINE_ON_GREYS;
    add_scale(&mut picture);
    Some(picture)
}

/// The legend of the probability greys under the grid: a strip of chips from
/// probability 0 (white, `0`) to 1 (black, `1`).
fn add_scale(picture: &mut Picture) {
    const STEPS: usize = 6;
    let row = picture.height as i32;
    for k in 0..STEPS {
        let p = k as f64 / (STEPS - 1) as f64;
        let label = match k {
            0 => "0",
            k if k == STEPS - 1 => "1",
            _ => "",
        };
        let mut chip = Text::new(row, k as i32, label).on(grey(p));
        if k == 0 {
            // White on white: a grey edge would need a stroke; a grey tint reads as 0.
            chip.chip = Some(Rgb(245, 245, 245));
        }
        picture.texts.push(chip);
    }
}
