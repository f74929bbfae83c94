//! Packing as exact cover (Knuth, TAOCP 7.2.2.1, "polyomino packing").
//!
//! Glossary (see `encodings/packing.md`, numbered like the spec):
//! 1. **piece items** `p<i>` (primary): each piece is placed exactly once.
//! 2. **cell items** `r<row>c<col>` for open cells: primary when the pieces fill the region
//!    exactly, secondary (covered at most once) when there is slack.
//! 3. **options**: one per placement, `p<i>` plus the cells it covers.
//!
//! Piece items come first, then cells row-major: with MRV ties broken by the first item,
//! this is the order of Knuth's own pentomino data, so node and update counts compare.

use super::{Packing, Tiling};
use crate::dlx::{Matrix, OptionId};
use crate::puzzle::{CoverEncoding, DecodeError, SolveError};

pub(crate) fn encode(p: &Packing) -> Result<CoverEncoding<'_, Tiling>, SolveError> {
    let placements = p.placements()?;
    let mut matrix = Matrix::new();
    let piece_items: Vec<usize> = (0..p.pieces.len())
        .map(|i| matrix.add_primary(format!("p{i}")))
        .collect();
    let exact = p.slack() == 0;
    let mut cell_items = vec![usize::MAX; p.width * p.height];
    for r in 0..p.height {
        for c in 0..p.width {
            let i = r * p.width + c;
            if p.open[i] {
                let name = format!("r{r}c{c}");
                cell_items[i] = if exact {
                    matrix.add_primary(name)
                } else {
                    matrix.add_secondary(name)
                };
            }
        }
    }
    // option id → placement index; kept as a map so the decoder never relies on the
    // engine numbering options in insertion order.
    let mut option_placement: Vec<usize> = Vec::with_capacity(placements.len());
    let mut items = Vec::new();
    for (index, placement) in placements.iter().enumerate() {
        items.clear();
        items.push(piece_items[placement.piece]);
        items.extend(placement.cells.iter().map(|&cell| cell_items[cell]));
        debug_assert!(items.iter().all(|&i| i != usize::MAX));
        let option = matrix.add_option(&items).map_err(|e| SolveError::Decode {
            backend: crate::puzzle::Backend::Dlx,
            reason: format!("building the matrix: {e}").into(),
        })?;
        if option_placement.len() <= option {
            option_placement.resize(option + 1, usize::MAX);
        }
        option_placement[option] = index;
    }
    let decode = move |chosen: &[OptionId]| -> Result<Tiling, DecodeError> {
        let mut cells = vec![None; p.width * p.height];
        for &option in chosen {
            let index = *option_placement
                .get(option)
                .filter(|&&i| i != usize::MAX)
                .ok_or_else(|| format!("unknown option {option}"))?;
            let placement = &placements[index];
            for &cell in &placement.cells {
                if cells[cell].is_some() {
                    return Err(DecodeError::from(format!("cell {cell} covered twice")));
                }
                cells[cell] = Some(placement.piece);
            }
        }
        Ok(p.tiling_from_cells(&cells))
    };
    Ok(CoverEncoding {
        matrix,
        decode: Box::new(decode),
    })
}
