//! Text output: one label per piece, the tiling as a grid of labels, and where two tilings
//! differ.

use std::fmt::Write as _;

use super::{Packing, Piece, Tiling};

/// Labels for text output: a piece whose name is one letter or digit keeps it (first come),
/// the others take the next free character of A–Z, a–z, 0–9; beyond 62 pieces, numbers.
pub(super) fn assign_labels(pieces: &[Piece]) -> Vec<String> {
    const POOL: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    if pieces.len() > POOL.len() {
        return (0..pieces.len()).map(|i| i.to_string()).collect();
    }
    let mut labels: Vec<Option<char>> = vec![None; pieces.len()];
    let mut taken: Vec<char> = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let mut chars = piece.name.chars();
        if let (Some(ch), None) = (chars.next(), chars.next())
            && ch.is_ascii_alphanumeric()
            && !taken.contains(&ch)
        {
            labels[i] = Some(ch);
            taken.push(ch);
        }
    }
    let mut pool = POOL.chars().filter(|c| !taken.contains(c));
    labels
        .into_iter()
        .map(|l| l.or_else(|| pool.next()).unwrap_or('?').to_string())
        .collect()
}

pub(super) fn tiling_text(p: &Packing, t: &Tiling) -> String {
    let width = p.labels.iter().map(String::len).max().unwrap_or(1);
    let sep = if width > 1 { " " } else { "" };
    let mut out = String::new();
    for (r, row) in t.rows.iter().enumerate() {
        if r > 0 {
            out.push('\n');
        }
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                out.push_str(sep);
            }
            let text = match cell {
                Some(piece) => p.labels.get(*piece).map_or("?", String::as_str),
                None if p.open[r * p.width + c] => ".",
                None => "#",
            };
            let _ = write!(out, "{text:>width$}");
        }
    }
    out
}

pub(super) fn tiling_differences(p: &Packing, a: &Tiling, b: &Tiling) -> String {
    let label = |cell: Option<usize>| cell.map_or("-".to_string(), |i| p.labels[i].clone());
    let mut diffs = Vec::new();
    for (r, (ra, rb)) in a.rows.iter().zip(&b.rows).enumerate() {
        for (c, (&ca, &cb)) in ra.iter().zip(rb).enumerate() {
            if ca != cb {
                diffs.push(format!(
                    "row {} col {}: {} vs {}",
                    r + 1,
                    c + 1,
                    label(ca),
                    label(cb)
                ));
            }
        }
    }
    let total = diffs.len();
    let shown: Vec<String> = diffs.into_iter().take(10).collect();
    let more = if total > shown.len() {
        format!(", … ({} more)", total - shown.len())
    } else {
        String::new()
    };
    format!("{total} cells differ: {}{more}", shown.join(", "))
}
