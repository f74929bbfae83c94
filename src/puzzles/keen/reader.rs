//! Tatham Keen game IDs (GENRES.md A.2): `N[m]:CAGES,CLUES` — the cages as runs of edges
//! (with repeat counts), then one clue per cage in the order of its first cell: `a` add,
//! `s` subtract, `m` multiply, `d` divide, and the decimal target. One ID a line.

use super::{Cage, Keen};
use crate::constraints::Operation;
use crate::constraints::tatham::{self, FormatError};
use crate::puzzle::{Notate, Notation};
use crate::puzzles::ParseError;

const MAX_SIDE: usize = 16;

fn params(p: &str) -> Option<usize> {
    p.strip_suffix('m')
        .unwrap_or(p)
        .parse()
        .ok()
        .filter(|n| (2..=MAX_SIDE).contains(n))
}

/// Whether `line` is a Keen ID: `N[m]:` then two sections, the second all operators and
/// numbers.
pub(crate) fn looks_like(line: &str) -> bool {
    tatham::id_with_params(line, |p| params(p).is_some())
        && line.split_once(':').is_some_and(|(_, d)| {
            d.split_once(',').is_some_and(|(_, clues)| {
                !clues.is_empty()
                    && clues.starts_with(['a', 's', 'm', 'd'])
                    && clues
                        .chars()
                        .all(|c| c.is_ascii_digit() || "asmd".contains(c))
            })
        })
}

/// Every ID of `text`, with its line.
pub fn parse(text: &str) -> Vec<Result<(usize, Keen), ParseError>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                return None;
            }
            let indent = raw.len() - raw.trim_start().len();
            Some(
                id(line)
                    .map(|k| (i + 1, k))
                    .map_err(|e| ParseError::new(i + 1, Some(indent + e.offset + 1), e.message)),
            )
        })
        .collect()
}

fn id(line: &str) -> Result<Keen, FormatError> {
    let (p, description, start) = tatham::split_id(line, "sgt-keen")?;
    let n = params(p).ok_or_else(|| {
        FormatError::at(
            0,
            format!("`{p}` is not a Keen size: N or Nm, N in 2..={MAX_SIDE}"),
        )
    })?;
    let (layout, clues) = description.split_once(',').ok_or_else(|| {
        FormatError::at(
            line.len(),
            "expected CAGES,CLUES: no comma after the cage layout",
        )
    })?;
    let regions = tatham::edge_regions(layout, n, true)
        .map_err(|e| FormatError::at(start + e.offset, e.message))?;
    let groups = tatham::region_cells(&regions);
    let clues_at = start + layout.len() + 1;
    let bytes = clues.as_bytes();
    let mut cages = Vec::with_capacity(groups.len());
    let mut i = 0;
    for cells in groups {
        if i >= bytes.len() {
            return Err(FormatError::at(
                clues_at + i,
                format!("{} cages, fewer clues", cages.len() + 1),
            ));
        }
        let operation = match bytes[i] {
            b'a' => Operation::Add,
            b's' => Operation::Subtract,
            b'm' => Operation::Multiply,
            b'd' => Operation::Divide,
            _ => {
                return Err(FormatError::at(
                    clues_at + i,
                    format!(
                        "unknown operation `{}`: expected a, s, m or d",
                        clues[i..].chars().next().unwrap_or('?')
                    ),
                ));
            }
        };
        let begin = i + 1;
        i = begin;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let target = clues[begin..i]
            .parse()
            .map_err(|_| FormatError::at(clues_at + begin, "expected the cage's target"))?;
        if matches!(operation, Operation::Subtract | Operation::Divide) && cells.len() != 2 {
            return Err(FormatError::at(
                clues_at + begin - 1,
                format!(
                    "a {} cage has two cells; the cage at r{}c{} has {}",
                    if operation == Operation::Subtract {
                        "difference"
                    } else {
                        "quotient"
                    },
                    cells[0] / n + 1,
                    cells[0] % n + 1,
                    cells.len()
                ),
            ));
        }
        cages.push(Cage {
            cells,
            operation,
            target,
        });
    }
    if i < bytes.len() {
        return Err(FormatError::at(clues_at + i, "more clues than cages"));
    }
    Ok(Keen::new(n, cages))
}

/// The ID written as Tatham writes it: the cage layout with repeat counts, then each cage's
/// operation letter and target in the order of the cages' first cells.
impl Notate for Keen {
    fn notations(&self) -> &'static [Notation] {
        &[Notation::Tatham]
    }

    fn notate(&self, form: Notation) -> Option<String> {
        let n = self.n;
        if form != Notation::Tatham || n < 2 {
            return None;
        }
        let mut cages: Vec<&Cage> = self.cages.iter().collect();
        cages.sort_by_key(|c| c.cells.first().copied());
        let mut region = vec![usize::MAX; n * n];
        for (k, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                region[cell] = k;
            }
        }
        let mut id = format!("{n}:{},", tatham::write_edge_regions(&region, n, true));
        for cage in cages {
            id.push(match cage.operation {
                Operation::Add => 'a',
                Operation::Subtract => 's',
                Operation::Multiply => 'm',
                Operation::Divide => 'd',
            });
            id.push_str(&cage.target.to_string());
        }
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_locates() {
        let id = "4:_a_7a5ba,a5a6d2m3s1m32s2";
        assert!(looks_like(id));
        assert!(!looks_like("4:0R,0,0"));
        let k = parse(id).remove(0).unwrap().1;
        assert_eq!(k.cages.len(), 7);
        let e = parse("4:_a_7a5ba,a5a6x2m3s1m32s2").remove(0).unwrap_err();
        assert_eq!(e.column, Some(16), "{e}");
        let e = parse("4:_a_7a5b,a5a6d2m3s1m32s2").remove(0).unwrap_err();
        assert!(e.message.contains("edges"), "{e}");
    }
}
