//! Knuth's plain text format for exact cover with colours, as read by DLX1,
//! DLX2 and SSXCC (described at the start of DLX1 and extended in DLX2).
//!
//! Glossary and rules:
//! - A **comment** is a line whose first non-blank character is `|`; blank
//!   lines are skipped too. Both may appear anywhere.
//! - The first other line is the **items line**: names separated by blanks;
//!   a `|` token separates the primary items (before) from the secondary ones
//!   (after). Without `|` every item is primary. A token starting with `|`
//!   followed by more characters is the separator followed by a name (Knuth
//!   reads `a |b` that way too).
//! - Every further line is an **option**: item names, a secondary item
//!   optionally followed by `:colour`.
//!
//! What Knuth's programs accept (DLX1/DLX2/SSXCC as published):
//! names of 1–8 non-blank ASCII characters other than `:` and `|`; colours of
//! exactly one character; no duplicate item, no item twice in an option, no
//! colour on a primary item, at most one `|` on the items line. An option
//! without a primary item is dropped with a warning.
//!
//! What [`parse_xc`] accepts: the same structure, but names and colours of any
//! length made of any non-blank, non-control Unicode characters other than
//! `:` and `|` (a strict superset). An option with no primary item is an
//! error here (see [`crate::dlx::Matrix`] for why). Each error carries the
//! 1-based line and column (in characters) of the offending token.
//!
//! What [`write_xc`] emits: names Knuth's programs accept. A name that is not
//! 1–8 printable ASCII characters without `:`/`|`, or repeats an earlier one,
//! is replaced by a fresh `#<n>`; a colour that is not one such character is
//! replaced by an unused one (only past 92 colours do multi-character colour
//! names appear, which DLX2 would refuse). Primary items are written before
//! secondary ones, each group in id order, so ids round-trip exactly when the
//! matrix was built with all its primaries first.
//! A matrix without primary items cannot be written (its items line would
//! start with `|` and read as a comment): parse_xc then reports missing items.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use thiserror::Error;

use super::matrix::{Colour, ItemId, Matrix, MatrixError};

/// A problem in an exact-cover text, with its 1-based line and column.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum XcError {
    /// Nothing but whitespace.
    #[error("line {line}, column {column}: the input is empty (expected a line of item names)")]
    Empty {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
    },
    /// Comments and blank lines, but no line of item names.
    #[error("line {line}, column {column}: no items line, only comments or blank lines")]
    MissingItems {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
    },
    /// An item or colour name Knuth's format does not allow.
    #[error("line {line}, column {column}: bad name `{name}`: {reason}")]
    BadName {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// The name as written.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// An item named twice on the items line.
    #[error(
        "line {line}, column {column}: item `{name}` declared twice, first at column {first_column}"
    )]
    DuplicateItem {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// The name as written.
        name: String,
        /// Column of its first occurrence on that line.
        first_column: usize,
    },
    /// A second `|` on the items line (one separates primary from secondary items).
    #[error("line {line}, column {column}: the items line contains `|` twice")]
    SecondSeparator {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
    },
    /// An option names an item the items line does not declare.
    #[error("line {line}, column {column}: unknown item `{name}`")]
    UnknownItem {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// The name as written.
        name: String,
    },
    /// An option names the same item twice.
    #[error(
        "line {line}, column {column}: item `{name}` repeated in this option, first at column {first_column}"
    )]
    RepeatedItem {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// The name as written.
        name: String,
        /// Column of its first occurrence on that line.
        first_column: usize,
    },
    /// An option gives a colour (`item:colour`) to a primary item.
    #[error("line {line}, column {column}: primary item `{name}` cannot have a colour")]
    ColourOnPrimary {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// The name as written.
        name: String,
    },
    /// An option with secondary items only.
    #[error(
        "line {line}, column {column}: option has no primary item (Knuth's programs ignore such an option)"
    )]
    NoPrimaryItem {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
    },
    /// The matrix refused the option for another reason.
    #[error("line {line}, column {column}: {source}")]
    Matrix {
        /// Line of the input, 1-based.
        line: usize,
        /// Column, 1-based in characters.
        column: usize,
        /// Why the matrix refused the option.
        source: MatrixError,
    },
}

impl XcError {
    /// 1-based line of the problem.
    pub fn line(&self) -> usize {
        match *self {
            XcError::Empty { line, .. }
            | XcError::MissingItems { line, .. }
            | XcError::BadName { line, .. }
            | XcError::DuplicateItem { line, .. }
            | XcError::SecondSeparator { line, .. }
            | XcError::UnknownItem { line, .. }
            | XcError::RepeatedItem { line, .. }
            | XcError::ColourOnPrimary { line, .. }
            | XcError::NoPrimaryItem { line, .. }
            | XcError::Matrix { line, .. } => line,
        }
    }

    /// 1-based column (in characters) of the problem.
    pub fn column(&self) -> usize {
        match *self {
            XcError::Empty { column, .. }
            | XcError::MissingItems { column, .. }
            | XcError::BadName { column, .. }
            | XcError::DuplicateItem { column, .. }
            | XcError::SecondSeparator { column, .. }
            | XcError::UnknownItem { column, .. }
            | XcError::RepeatedItem { column, .. }
            | XcError::ColourOnPrimary { column, .. }
            | XcError::NoPrimaryItem { column, .. }
            | XcError::Matrix { column, .. } => column,
        }
    }

    /// What is wrong, without the position (for messages that place it as
    /// `FILE:LINE:COLUMN:`).
    pub fn reason(&self) -> String {
        let text = self.to_string();
        let prefix = format!("line {}, column {}: ", self.line(), self.column());
        match text.strip_prefix(&prefix) {
            Some(reason) => reason.to_string(),
            None => text,
        }
    }
}

/// A blank-separated token and its 1-based character column.
struct Token<'a> {
    text: &'a str,
    column: usize,
}

fn tokens(line: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = line.char_indices().peekable();
    let mut column = 0usize;
    std::iter::from_fn(move || {
        // Skip blanks, counting columns.
        while let Some(&(_, c)) = rest.peek() {
            if !c.is_whitespace() {
                break;
            }
            rest.next();
            column += 1;
        }
        let &(start, _) = rest.peek()?;
        let first_column = column + 1;
        let mut end = start;
        while let Some(&(i, c)) = rest.peek() {
            if c.is_whitespace() {
                break;
            }
            end = i + c.len_utf8();
            rest.next();
            column += 1;
        }
        Some(Token {
            text: &line[start..end],
            column: first_column,
        })
    })
}

/// Why `name` is not a name we accept, if it is not.
fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("empty name")
    } else if name.contains(':') {
        Some("`:` is reserved for colours")
    } else if name.contains('|') {
        Some("`|` is reserved for comments and the primary/secondary separator")
    } else if name.chars().any(char::is_control) {
        Some("control characters are not allowed")
    } else {
        None
    }
}

fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('|')
}

/// Reads Knuth's exact-cover format (see the module docs for what is accepted).
pub fn parse_xc(text: &str) -> Result<Matrix, XcError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let mut matrix = Matrix::new();
    let mut by_name: HashMap<&str, (ItemId, usize)> = HashMap::new();

    let Some((items_line, line)) = lines.by_ref().find(|(_, l)| !is_comment_or_blank(l)) else {
        let line_count = text.lines().count();
        return Err(if text.trim().is_empty() {
            XcError::Empty { line: 1, column: 1 }
        } else {
            XcError::MissingItems {
                line: line_count + 1,
                column: 1,
            }
        });
    };

    let mut secondary = false;
    let mut separator_column = None;
    for token in tokens(line) {
        let (mut name, mut column) = (token.text, token.column);
        if let Some(rest) = name.strip_prefix('|') {
            if separator_column.is_some() {
                return Err(XcError::SecondSeparator {
                    line: items_line,
                    column,
                });
            }
            separator_column = Some(column);
            secondary = true;
            if rest.is_empty() {
                continue;
            }
            name = rest;
            column += 1;
        }
        if let Some(reason) = name_problem(name) {
            return Err(XcError::BadName {
                line: items_line,
                column,
                name: name.to_owned(),
                reason,
            });
        }
        if let Some(&(_, first_column)) = by_name.get(name) {
            return Err(XcError::DuplicateItem {
                line: items_line,
                column,
                name: name.to_owned(),
                first_column,
            });
        }
        let id = if secondary {
            matrix.add_secondary(name)
        } else {
            matrix.add_primary(name)
        };
        by_name.insert(name, (id, column));
    }

    let mut entries: Vec<(ItemId, Option<Colour>)> = Vec::new();
    let mut columns: Vec<usize> = Vec::new();
    for (line_no, line) in lines {
        if is_comment_or_blank(line) {
            continue;
        }
        entries.clear();
        columns.clear();
        let mut first_column = 0;
        for token in tokens(line) {
            let column = token.column;
            if first_column == 0 {
                first_column = column;
            }
            let (name, colour) = match token.text.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (token.text, None),
            };
            if let Some(reason) = name_problem(name) {
                return Err(XcError::BadName {
                    line: line_no,
                    column,
                    name: name.to_owned(),
                    reason,
                });
            }
            let Some(&(item, _)) = by_name.get(name) else {
                return Err(XcError::UnknownItem {
                    line: line_no,
                    column,
                    name: name.to_owned(),
                });
            };
            if let Some(k) = entries.iter().position(|&(i, _)| i == item) {
                return Err(XcError::RepeatedItem {
                    line: line_no,
                    column,
                    name: name.to_owned(),
                    first_column: columns[k],
                });
            }
            let colour = match colour {
                None => None,
                Some(_) if matrix.is_primary(item) => {
                    return Err(XcError::ColourOnPrimary {
                        line: line_no,
                        column,
                        name: name.to_owned(),
                    });
                }
                Some(c) => {
                    let colour_column = column + name.chars().count() + 1;
                    if let Some(reason) = name_problem(c) {
                        return Err(XcError::BadName {
                            line: line_no,
                            column: colour_column,
                            name: c.to_owned(),
                            reason,
                        });
                    }
                    Some(matrix.colour(c))
                }
            };
            entries.push((item, colour));
            columns.push(column);
        }
        if !entries.iter().any(|&(i, _)| matrix.is_primary(i)) {
            return Err(XcError::NoPrimaryItem {
                line: line_no,
                column: first_column,
            });
        }
        matrix
            .add_coloured_option(&entries)
            .map_err(|source| XcError::Matrix {
                line: line_no,
                column: first_column,
                source,
            })?;
    }
    Ok(matrix)
}

/// Whether Knuth's programs accept `name` as an item name.
fn knuth_name_ok(name: &str) -> bool {
    (1..=8).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b':' && b != b'|')
}

/// Writes `matrix` in Knuth's format (see the module docs for renaming rules).
pub fn write_xc(matrix: &Matrix) -> String {
    let n = matrix.num_items();
    // Item names: keep the legal, first-seen ones; rename the rest.
    let mut names: Vec<String> = Vec::with_capacity(n);
    let mut used: HashSet<String> = HashSet::with_capacity(n);
    let mut keep = vec![false; n];
    for (item, k) in keep.iter_mut().enumerate() {
        let name = matrix.item_name(item);
        *k = knuth_name_ok(name) && used.insert(name.to_owned());
    }
    let mut fresh = 0usize;
    for (item, &k) in keep.iter().enumerate() {
        if k {
            names.push(matrix.item_name(item).to_owned());
        } else {
            let name = loop {
                fresh += 1;
                let candidate = format!("#{fresh}");
                if !used.contains(&candidate) {
                    break candidate;
                }
            };
            used.insert(name.clone());
            names.push(name);
        }
    }

    // Colour names: one legal character each where possible.
    let colour_count = matrix.num_colours();
    let mut colours: Vec<Option<String>> = (0..colour_count)
        .map(|c| {
            let name = matrix.colour_name(c as Colour);
            (name.len() == 1 && knuth_name_ok(name)).then(|| name.to_owned())
        })
        .collect();
    let taken: HashSet<String> = colours.iter().flatten().cloned().collect();
    let mut pool = (b'!'..=b'~')
        .filter(|&b| b != b':' && b != b'|')
        .map(|b| (b as char).to_string())
        .filter(|s| !taken.contains(s));
    let mut long = 0usize;
    for slot in colours.iter_mut().filter(|s| s.is_none()) {
        *slot = Some(pool.next().unwrap_or_else(|| {
            long += 1;
            format!("c{long}")
        }));
    }

    let mut out = String::new();
    let _ = writeln!(
        out,
        "| satcover exact cover: {} primary, {} secondary items, {} options",
        matrix.num_primary(),
        matrix.num_secondary(),
        matrix.num_options()
    );
    let primaries = (0..n).filter(|&i| matrix.is_primary(i));
    let secondaries = (0..n).filter(|&i| !matrix.is_primary(i));
    let mut line: Vec<&str> = primaries.map(|i| names[i].as_str()).collect();
    if matrix.num_secondary() > 0 {
        line.push("|");
        line.extend(secondaries.map(|i| names[i].as_str()));
    }
    out.push_str(&line.join(" "));
    out.push('\n');
    for k in 0..matrix.num_options() {
        for (j, &(item, colour)) in matrix.option_items(k).iter().enumerate() {
            if j > 0 {
                out.push(' ');
            }
            out.push_str(&names[item]);
            if let Some(c) = colour {
                out.push(':');
                out.push_str(colours[c as usize].as_deref().unwrap_or("?"));
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_char_columns() {
        let t: Vec<_> = tokens("  ab\tcé  d").map(|t| (t.text, t.column)).collect();
        assert_eq!(t, vec![("ab", 3), ("cé", 6), ("d", 10)]);
    }

    #[test]
    fn bar_glued_to_a_name_is_the_separator() {
        let m = parse_xc("a b |x y\na x\n").unwrap();
        assert_eq!((m.num_primary(), m.num_secondary()), (2, 2));
        assert_eq!(m.item_name(2), "x");
    }
}
