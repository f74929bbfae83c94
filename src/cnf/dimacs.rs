//! DIMACS CNF: writing a [`Cnf`] and reading one back.
//!
//! Glossary: **header** = the `p cnf V C` line (V vars, C clauses); **comment** = a line whose
//! first non-blank character is `c`; **end marker** = a line starting with `%` (SATLIB files end
//! with `%` then `0`), after which everything is ignored.
//!
//! What we write: the caller's comments as `c ...`, then `c family <name> <count>` per clause
//! family, `c var <dimacs> <name>` per named var, the header, one clause per line ending in `0`.
//!
//! What we read (decisions, so that real files pass and broken ones fail with a line number):
//! - comments anywhere, including after the header and between the literals of one clause;
//! - clauses spanning lines and several clauses per line; blank lines; tabs; trailing whitespace;
//! - the `%` end marker;
//! - the last clause without its final `0`: **accepted** (a few generators omit it) and reported in
//!   [`DimacsParsed::warnings`];
//! - fewer clauses than declared: **accepted** with a warning (real files sometimes declare a wrong
//!   count); more clauses than declared: **rejected** at the line of the first extra clause (it
//!   signals a concatenated or truncated-header file);
//! - `c var N name` lines written by [`write_dimacs`] restore variable names (N must be a declared
//!   var); other comments, including `c family`, are ignored (families cannot be attributed back
//!   to clauses);
//! - rejected, with line (and column when it is a token): missing, duplicate or garbled `p cnf`
//!   line, clause before the header, non-integer token, literal with |x| > V.
//!
//! Memory follows the text, not the header: a header may declare at most
//! [`MAX_UNBACKED_VARS`] variables or as many as the text has bytes, whichever is larger (every
//! used variable costs at least two bytes, so a real file never comes near); beyond that it is
//! refused ([`DimacsErrorKind::VarsBeyondText`]), since the answer holds one value per declared
//! variable. The declared clause count only bounds the reservation, never above the text's length.

use std::io::{self, Write};

use thiserror::Error;

use super::{Cnf, Lit, MAX_VAR_INDEX, Var};

/// What is wrong with a DIMACS input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DimacsErrorKind {
    /// The input has clauses or nothing, but no header.
    #[error("no `p cnf VARS CLAUSES` header")]
    MissingHeader,
    #[error("second `p` header (the first is on line {first})")]
    /// A second `p` line.
    DuplicateHeader {
        /// Line of the first header (1-based).
        first: usize,
    },
    #[error("malformed header `{text}`: expected `p cnf VARS CLAUSES`")]
    /// A `p` line that is not `p cnf VARS CLAUSES` with two non-negative integers.
    BadHeader {
        /// The line, trimmed.
        text: String,
    },
    #[error("clause literal before the `p cnf` header")]
    /// A literal before the header.
    ClauseBeforeHeader,
    #[error("`{token}` is not an integer literal")]
    /// A clause token that is not an integer.
    NotAnInteger {
        /// The token.
        token: String,
    },
    #[error("literal {lit} out of range: the header declares {vars} variables")]
    /// A literal whose variable is beyond the header's count.
    LitOutOfRange {
        /// The literal as written.
        lit: i64,
        /// Variables the header declares.
        vars: usize,
    },
    #[error("more clauses than the {declared} declared in the header")]
    /// More clauses than the header declares (fewer is tolerated, with a warning).
    TooManyClauses {
        /// Clauses the header declares.
        declared: usize,
    },
    #[error("`c var {var}` names a variable beyond the {vars} declared")]
    /// A `c var N name` line for a variable beyond the header's count.
    NameOutOfRange {
        /// The variable number written.
        var: i64,
        /// Variables the header declares.
        vars: usize,
    },
    #[error("header declares {vars} variables, more than the supported {max}")]
    /// More variables than a [`Var`] can number ([`MAX_VAR_INDEX`] + 1).
    TooManyVars {
        /// Variables the header declares.
        vars: u64,
        /// The largest count supported.
        max: usize,
    },
    #[error(
        "header declares {vars} variables but the file has only {bytes} bytes: at most \
         max({MAX_UNBACKED_VARS}, one per byte) variables are accepted"
    )]
    /// More variables than [`MAX_UNBACKED_VARS`] and than bytes in the file: a claim the
    /// content cannot back, refused before anything is allocated for it.
    VarsBeyondText {
        /// Variables the header declares.
        vars: u64,
        /// Length of the input.
        bytes: usize,
    },
}

/// Variables a header may always declare, whatever the file's length (see the module doc).
pub const MAX_UNBACKED_VARS: usize = 1 << 20;

/// A DIMACS parse error with its position (1-based line, 1-based column when it is a token).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}{}: {reason}", column.map(|c| format!(", column {c}")).unwrap_or_default())]
pub struct DimacsError {
    /// Line of the input, 1-based.
    pub line: usize,
    /// Column of the offending token, 1-based in characters; `None` for a whole-line error.
    pub column: Option<usize>,
    /// What is wrong there.
    pub reason: DimacsErrorKind,
}

/// A parsed file with what its header said and what was tolerated.
#[derive(Clone, Debug)]
pub struct DimacsParsed {
    /// The formula, with `num_vars()` = the declared count.
    pub cnf: Cnf,
    /// Variables the header declares.
    pub declared_vars: usize,
    /// Clauses the header declares (the file may hold fewer).
    pub declared_clauses: usize,
    /// Tolerated irregularities (fewer clauses than declared, missing final `0`), one line each.
    pub warnings: Vec<String>,
}

/// Write `cnf` as DIMACS: `comments` (one `c` line each), `c family <name> <count>` lines,
/// `c var <dimacs> <name>` lines for named vars, the `p cnf` header, then the clauses.
pub fn write_dimacs(cnf: &Cnf, comments: &[String], out: &mut impl Write) -> io::Result<()> {
    let mut w = io::BufWriter::with_capacity(1 << 16, out);
    for c in comments {
        for line in c.lines() {
            writeln!(w, "c {line}")?;
        }
        if c.is_empty() {
            writeln!(w, "c")?;
        }
    }
    for (name, count) in cnf.families() {
        writeln!(w, "c family {} {count}", one_line(name))?;
    }
    for (v, name) in cnf.named_vars() {
        writeln!(w, "c var {} {}", v.to_dimacs(), one_line(name))?;
    }
    writeln!(w, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    // Hand-rolled integer formatting: `write!` per literal costs ~3× more on large formulas.
    let mut line = Vec::with_capacity(256);
    for clause in cnf.clauses() {
        line.clear();
        for &l in clause {
            push_int(&mut line, l.to_dimacs());
            line.push(b' ');
        }
        line.extend_from_slice(b"0\n");
        w.write_all(&line)?;
    }
    w.flush()
}

fn one_line(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(['\n', '\r']) {
        s.replace(['\n', '\r'], " ").into()
    } else {
        s.into()
    }
}

fn push_int(buf: &mut Vec<u8>, x: i64) {
    if x < 0 {
        buf.push(b'-');
    }
    let mut u = x.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Parse DIMACS CNF text (see the module doc for what is accepted). Warnings are dropped; use
/// [`parse_dimacs_detailed`] to see them.
pub fn parse_dimacs(text: &str) -> Result<Cnf, DimacsError> {
    parse_dimacs_detailed(text).map(|p| p.cnf)
}

/// Parse DIMACS CNF text, returning the header's figures and the warnings too.
pub fn parse_dimacs_detailed(text: &str) -> Result<DimacsParsed, DimacsError> {
    let mut cnf = Cnf::new();
    let mut header: Option<(usize, usize, usize)> = None; // (line, vars, clauses)
    let mut names: Vec<(usize, i64, String)> = Vec::new();
    let mut clause: Vec<Lit> = Vec::new();
    let mut clause_line = 0; // line where the pending clause began
    let mut warnings = Vec::new();
    let mut last_line = 0;

    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        last_line = line_no;
        let line = raw.trim_start();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('%') {
            break;
        }
        if let Some(rest) = line.strip_prefix('c') {
            if let Some(named) = rest.strip_prefix(" var ") {
                let named = named.trim_start();
                let (num, name) = named.split_once(char::is_whitespace).unwrap_or((named, ""));
                if let Ok(v) = num.parse::<i64>()
                    && v >= 1
                    && !name.trim().is_empty()
                {
                    names.push((line_no, v, name.trim().to_string()));
                }
            }
            continue;
        }
        if line.starts_with('p') {
            if let Some((first, _, _)) = header {
                return Err(DimacsError {
                    line: line_no,
                    column: None,
                    reason: DimacsErrorKind::DuplicateHeader { first },
                });
            }
            let (vars, clauses) = parse_header(line).ok_or_else(|| DimacsError {
                line: line_no,
                column: None,
                reason: DimacsErrorKind::BadHeader {
                    text: line.trim_end().to_string(),
                },
            })?;
            if vars > 0 && vars - 1 > MAX_VAR_INDEX as u64 {
                return Err(DimacsError {
                    line: line_no,
                    column: None,
                    reason: DimacsErrorKind::TooManyVars {
                        vars,
                        max: MAX_VAR_INDEX + 1,
                    },
                });
            }
            if vars > MAX_UNBACKED_VARS.max(text.len()) as u64 {
                return Err(DimacsError {
                    line: line_no,
                    column: None,
                    reason: DimacsErrorKind::VarsBeyondText {
                        vars,
                        bytes: text.len(),
                    },
                });
            }
            let (vars, clauses) = (vars as usize, clauses.min(usize::MAX as u64) as usize);
            cnf.ensure_vars(vars);
            // The declared count is untrusted: a clause takes at least two bytes (`0\n`).
            cnf.reserve(clauses.min(text.len() / 2), 0);
            header = Some((line_no, vars, clauses));
            continue;
        }
        for (col, token) in tokens(raw) {
            let err = |reason| DimacsError {
                line: line_no,
                column: Some(col),
                reason,
            };
            let Some((_, vars, declared)) = header else {
                return Err(err(DimacsErrorKind::ClauseBeforeHeader));
            };
            let x: i64 = token.parse().map_err(|_| {
                err(DimacsErrorKind::NotAnInteger {
                    token: token.to_string(),
                })
            })?;
            if clause.is_empty() {
                clause_line = line_no;
                if cnf.num_clauses() == declared {
                    return Err(err(DimacsErrorKind::TooManyClauses { declared }));
                }
            }
            if x == 0 {
                cnf.add_clause(&clause);
                clause.clear();
                continue;
            }
            if x.unsigned_abs() > vars as u64 {
                return Err(err(DimacsErrorKind::LitOutOfRange { lit: x, vars }));
            }
            clause.push(Lit::from_dimacs(x));
        }
    }

    let Some((_, vars, declared)) = header else {
        return Err(DimacsError {
            line: last_line.max(1),
            column: None,
            reason: DimacsErrorKind::MissingHeader,
        });
    };
    if !clause.is_empty() {
        warnings.push(format!(
            "line {clause_line}: last clause has no terminating 0 (accepted)"
        ));
        cnf.add_clause(&clause);
    }
    if cnf.num_clauses() < declared {
        warnings.push(format!(
            "header declares {declared} clauses, found {} (accepted)",
            cnf.num_clauses()
        ));
    }
    for (line, v, name) in names {
        if v as u64 > vars as u64 {
            return Err(DimacsError {
                line,
                column: None,
                reason: DimacsErrorKind::NameOutOfRange { var: v, vars },
            });
        }
        cnf.set_var_name(Var::from_index(v as usize - 1), name);
    }
    Ok(DimacsParsed {
        cnf,
        declared_vars: vars,
        declared_clauses: declared,
        warnings,
    })
}

/// `p cnf V C` with exactly these four tokens and non-negative integers.
fn parse_header(line: &str) -> Option<(u64, u64)> {
    let mut it = line.split_whitespace();
    if it.next()? != "p" || it.next()? != "cnf" {
        return None;
    }
    let v = it.next()?.parse().ok()?;
    let c = it.next()?.parse().ok()?;
    if it.next().is_some() {
        return None;
    }
    Some((v, c))
}

/// Whitespace-separated tokens with their 1-based byte column.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    let mut pos = 0;
    std::iter::from_fn(move || {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if pos >= bytes.len() {
            return None;
        }
        let start = pos;
        while pos < bytes.len() && !bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        Some((start + 1, &line[start..pos]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_int_formats_like_display() {
        for x in [0i64, 1, -1, 9, 10, -123456, i64::MAX, i64::MIN + 1] {
            let mut b = Vec::new();
            push_int(&mut b, x);
            assert_eq!(String::from_utf8(b).unwrap(), x.to_string());
        }
    }

    #[test]
    fn header_forms() {
        assert_eq!(parse_header("p cnf 3 2"), Some((3, 2)));
        assert_eq!(parse_header("p  cnf\t3 2  "), Some((3, 2)));
        assert_eq!(parse_header("p cnf 3"), None);
        assert_eq!(parse_header("p cnf 3 2 1"), None);
        assert_eq!(parse_header("p wcnf 3 2"), None);
        assert_eq!(parse_header("p cnf -3 2"), None);
    }
}
