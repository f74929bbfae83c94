//! The idioms of Simon Tatham's game IDs (`PARAMS:DESCRIPTION`) that several genres share,
//! as `encodings/constraints.md` (the formats, from the genre fact sheet) part A.0 describes them: runs of empty cells as letters, decimal
//! numbers with `_` between neighbours, and regions as runs of edges. Errors carry the
//! 0-based character offset in the text they were given; a genre adds its line and column.

use crate::util::dsf::Dsf;

/// What is wrong and where (character offset in the section read, 0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Offset of the offending character in the section.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl FormatError {
    /// An error at `offset`.
    pub fn at(offset: usize, message: impl Into<String>) -> FormatError {
        FormatError {
            offset,
            message: message.into(),
        }
    }
}

/// A game ID split: `(params, description, offset of the description)`; a random-seed ID
/// (`PARAMS#SEED`) is refused with what it is. `game` names Tatham's program (`sgt-solo`).
pub fn split_id<'a>(line: &'a str, game: &str) -> Result<(&'a str, &'a str, usize), FormatError> {
    if let Some(hash) = line.find('#')
        && !line[..hash].contains(':')
    {
        return Err(FormatError::at(
            hash,
            format!(
                "`{line}` is a random-seed ID (PARAMS#SEED): only Tatham's generator reads it; \
                 run `{game} --generate 1 '{line}'` and give the game ID it prints (PARAMS:DESCRIPTION)"
            ),
        ));
    }
    match line.find(':') {
        Some(colon) => Ok((&line[..colon], &line[colon + 1..], colon + 1)),
        None => Err(FormatError::at(
            0,
            "not a game ID: expected PARAMS:DESCRIPTION",
        )),
    }
}

/// Whether `line` has the shape `PARAMS:...` or `PARAMS#...` where PARAMS matches `params`.
pub fn id_with_params(line: &str, params: impl Fn(&str) -> bool) -> bool {
    line.find([':', '#']).is_some_and(|at| params(&line[..at]))
}

/// Cells as Solo, Towers and Range write them: `n` cells in reading order, a letter `a`..`z`
/// for a run of 1..26 empty cells, a decimal number for a clue, `_` between two numbers.
/// Numbers are checked against `1..=max`.
pub fn run_cells(text: &str, n: usize, max: u32) -> Result<Vec<Option<u32>>, FormatError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_lowercase() {
            let run = usize::from(b - b'a') + 1;
            out.extend(std::iter::repeat_n(None, run));
            i += 1;
        } else if b.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let v: u32 = text[start..i]
                .parse()
                .map_err(|_| FormatError::at(start, "number too large"))?;
            if v == 0 || v > max {
                return Err(FormatError::at(
                    start,
                    format!("{v} is out of range 1..={max}"),
                ));
            }
            out.push(Some(v));
        } else if b == b'_' {
            i += 1;
        } else {
            return Err(FormatError::at(
                i,
                format!("unexpected `{}`", text[i..].chars().next().unwrap_or('?')),
            ));
        }
        if out.len() > n {
            return Err(FormatError::at(
                i.saturating_sub(1),
                format!("too many cells: the grid has {n}"),
            ));
        }
    }
    if out.len() < n {
        return Err(FormatError::at(
            text.len(),
            format!("{} cells described, the grid has {n}", out.len()),
        ));
    }
    Ok(out)
}

/// The run idiom written (the inverse of [`run_cells`] and of the genres' one-letter cells):
/// `cells` in reading order, each a token or `None` for an empty cell; runs of empty cells
/// as letters `a`..`z` (1..26; a longer run takes several), and with `separate_numbers` a
/// `_` between two tokens that would otherwise run together as one number.
pub fn write_runs<T: AsRef<str>>(cells: &[Option<T>], separate_numbers: bool) -> String {
    let mut out = String::new();
    let mut empty = 0;
    let mut last_was_number = false;
    let flush = |out: &mut String, empty: &mut usize| {
        while *empty > 0 {
            let run = (*empty).min(26);
            out.push(char::from(b'a' + (run - 1) as u8));
            *empty -= run;
        }
    };
    for cell in cells {
        match cell {
            None => {
                empty += 1;
                last_was_number = false;
            }
            Some(token) => {
                let token = token.as_ref();
                flush(&mut out, &mut empty);
                let number = token.bytes().all(|b| b.is_ascii_digit());
                if separate_numbers && number && last_was_number {
                    out.push('_');
                }
                out.push_str(token);
                last_was_number = number;
            }
        }
    }
    flush(&mut out, &mut empty);
    out
}

/// Regions of an `n × n` grid from the edge-run encoding (A.0): the interior vertical edges
/// in reading order, then the interior horizontal edges column by column, then one virtual
/// edge; `_` = a boundary, `a`..`y` = 1..25 open edges then a boundary, `z` = 25 open edges
/// and no boundary. With `repeats` (Keen), a letter followed by a number k stands k times.
/// Returns a region number per cell, regions numbered by their first cell.
pub fn edge_regions(text: &str, n: usize, repeats: bool) -> Result<Vec<usize>, FormatError> {
    let edges = 2 * n * (n - 1);
    let mut boundary = Vec::with_capacity(edges + 1);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (open, closes) = match b {
            b'_' => (0, true),
            b'a'..=b'y' => (usize::from(b - b'a') + 1, true),
            b'z' => (25, false),
            _ => {
                return Err(FormatError::at(
                    i,
                    format!(
                        "unexpected `{}` in the region layout",
                        text[i..].chars().next().unwrap_or('?')
                    ),
                ));
            }
        };
        let at = i;
        i += 1;
        let mut times = 1;
        if repeats && i < bytes.len() && bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            times = text[start..i]
                .parse()
                .map_err(|_| FormatError::at(start, "repeat count too large"))?;
        }
        for _ in 0..times {
            boundary.extend(std::iter::repeat_n(false, open));
            if closes {
                boundary.push(true);
            }
            if boundary.len() > edges + 1 {
                return Err(FormatError::at(
                    at,
                    format!("the region layout runs past the grid's {edges} edges"),
                ));
            }
        }
    }
    if boundary.len() != edges + 1 {
        return Err(FormatError::at(
            text.len(),
            format!(
                "the region layout covers {} edges, the grid has {edges}",
                boundary.len().saturating_sub(1)
            ),
        ));
    }
    // Union the cells joined by open edges.
    let mut sets = Dsf::new(n * n);
    let mut e = 0;
    for y in 0..n {
        for x in 0..n - 1 {
            if !boundary[e] {
                sets.union(y * n + x, y * n + x + 1);
            }
            e += 1;
        }
    }
    for x in 0..n {
        for y in 0..n - 1 {
            if !boundary[e] {
                sets.union(y * n + x, (y + 1) * n + x);
            }
            e += 1;
        }
    }
    Ok(sets.classes())
}

/// The edge-run encoding written (the inverse of [`edge_regions`]) for an `n × n` grid
/// (n ≥ 2) of region numbers: `_`, `a`..`y`, `z` as read; with `repeats` (Keen), a letter
/// three or more times in a row is written once with its count, as Tatham's Keen writes it.
pub fn write_edge_regions(regions: &[usize], n: usize, repeats: bool) -> String {
    let vertical = (0..n).flat_map(|r| (0..n - 1).map(move |c| (r * n + c, r * n + c + 1)));
    let horizontal = (0..n).flat_map(|c| (0..n - 1).map(move |r| (r * n + c, (r + 1) * n + c)));
    let boundaries = vertical
        .chain(horizontal)
        .map(|(a, b)| regions[a] != regions[b])
        .chain([true]);
    let mut letters = Vec::new();
    let mut open = 0u8;
    for boundary in boundaries {
        if boundary {
            letters.push(if open == 0 { b'_' } else { b'a' + open - 1 });
            open = 0;
        } else if open == 25 {
            letters.push(b'z');
            open = 1;
        } else {
            open += 1;
        }
    }
    let mut out = String::new();
    let mut i = 0;
    while i < letters.len() {
        let same = letters[i..]
            .iter()
            .take_while(|&&l| l == letters[i])
            .count();
        let take = if repeats && same >= 3 { same } else { 1 };
        out.push(char::from(letters[i]));
        if take > 1 {
            out.push_str(&take.to_string());
        }
        i += take;
    }
    out
}

/// The cells of each region, from a region number per cell.
pub fn region_cells(regions: &[usize]) -> Vec<Vec<usize>> {
    let count = regions.iter().max().map_or(0, |m| m + 1);
    let mut out = vec![Vec::new(); count];
    for (cell, &r) in regions.iter().enumerate() {
        out[r].push(cell);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_numbers() {
        assert_eq!(
            run_cells("b3_12a", 5, 12).unwrap(),
            vec![None, None, Some(3), Some(12), None]
        );
        assert_eq!(run_cells("b3", 5, 9).unwrap_err().offset, 2);
        assert_eq!(run_cells("b3?", 5, 9).unwrap_err().offset, 2);
        assert!(
            run_cells("b30", 3, 9)
                .unwrap_err()
                .message
                .contains("range")
        );
    }

    #[test]
    fn runs_are_written_as_they_are_read() {
        let cells = vec![None, None, Some(3), Some(12), None];
        let text = write_runs(
            &cells
                .iter()
                .map(|c| c.map(|v: u32| v.to_string()))
                .collect::<Vec<_>>(),
            true,
        );
        assert_eq!(text, "b3_12a");
        assert_eq!(run_cells(&text, 5, 12).unwrap(), cells);
        let long: Vec<Option<&str>> = std::iter::repeat_n(None, 30).chain([Some("B")]).collect();
        assert_eq!(write_runs(&long, false), "zdB");
    }

    #[test]
    fn seed_ids_are_refused() {
        let e = split_id("3x3#12", "sgt-solo").unwrap_err();
        assert!(e.message.contains("random-seed"), "{}", e.message);
        assert_eq!(split_id("3x3:a", "sgt-solo").unwrap(), ("3x3", "a", 4));
    }

    #[test]
    fn edge_runs_make_regions() {
        // 2×2, all boundaries: 4 regions; 2 vertical + 2 horizontal edges + the virtual one.
        assert_eq!(edge_regions("_____", 2, false).unwrap(), vec![0, 1, 2, 3]);
        // No boundary at all but the virtual one: one region.
        assert_eq!(edge_regions("d", 2, false).unwrap(), vec![0, 0, 0, 0]);
        // Keen's repeat count.
        assert_eq!(edge_regions("_5", 2, true).unwrap(), vec![0, 1, 2, 3]);
        assert!(edge_regions("____", 2, false).is_err());
        assert_eq!(write_edge_regions(&[0, 1, 2, 3], 2, false), "_____");
        assert_eq!(write_edge_regions(&[0, 1, 2, 3], 2, true), "_5");
        assert_eq!(write_edge_regions(&[0, 0, 0, 0], 2, false), "d");
        let regions = edge_regions("_aa_3aa_11a3_a_a_aa_aa__a_3abaa", 6, true).unwrap();
        assert_eq!(
            write_edge_regions(&regions, 6, true),
            "_aa_3aa_11a3_a_a_aa_aa__a_3abaa"
        );
    }
}
