//! Cubes as iCNF, the format cube-and-conquer solvers exchange (march_cu writes it,
//! iLingeling and CaDiCaL's incremental front ends read it): the kind's exported CNF under
//! `p inccnf`, then one `a lits 0` line per cube, the cube's cells as literals of the
//! exported variables (looked up by name, as `export --to dimacs` names them).
//!
//! A header comment binds the file to its puzzle: `c satcover cubes puzzle FINGERPRINT
//! encoding ENC variables V cubes N`, and after the clauses one comment a cube lists its
//! cells in the kind's terms (`c cube K cells CELL=VALUE ...`), all of them before the
//! first `a` line: CaDiCaL's reader (`cadical FILE.icnf` solves the cubes in turn) takes
//! nothing but `a` lines after the first. Reading checks all of it: another puzzle, another
//! encoding, a literal out of range or not the cells' own is refused with the line and the
//! reason. An empty cube is the contradictory `a 1 -1 0`.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::Cubes;
use crate::cnf::Cnf;
use crate::puzzle::{Assign, SolveError, Split};

/// The literal (DIMACS) of each cell of `cube` in `cnf`, by the variable names.
fn literals<P>(
    splitter: &dyn Split<P>,
    names: &HashMap<&str, i64>,
    cube: &[Assign],
) -> Result<Vec<i64>, String> {
    cube.iter()
        .map(|&assign| {
            let (name, positive) = splitter.literal_name(assign);
            let var = names.get(name.as_str()).ok_or_else(|| {
                format!(
                    "{} has no variable `{name}` in the puzzle's CNF",
                    splitter.describe(assign)
                )
            })?;
            Ok(if positive { *var } else { -*var })
        })
        .collect()
}

fn names(cnf: &Cnf) -> HashMap<&str, i64> {
    cnf.named_vars().map(|(v, n)| (n, v.to_dimacs())).collect()
}

/// The iCNF of `cubes` over `cnf` (the puzzle's export CNF under the choices `encoding`
/// describes), as the module docs say.
pub fn write_icnf<P>(
    splitter: &dyn Split<P>,
    cnf: &Cnf,
    encoding: &str,
    cubes: &Cubes,
) -> Result<String, SolveError> {
    let names = names(cnf);
    let header = format!(
        "satcover cubes puzzle {} encoding {} variables {} cubes {}",
        super::fingerprint(splitter),
        encoding.replace(' ', "_"),
        cnf.num_vars(),
        cubes.requested
    );
    let mut bytes = Vec::new();
    crate::cnf::write_dimacs(cnf, &[header], &mut bytes)
        .map_err(|e| SolveError::Export(e.to_string()))?;
    let mut text = String::from_utf8(bytes).map_err(|e| SolveError::Export(e.to_string()))?;
    let p = text
        .find("\np cnf ")
        .ok_or_else(|| SolveError::Export("the CNF has no `p cnf` line".into()))?;
    let end = text[p + 1..].find('\n').map_or(text.len(), |e| p + 1 + e);
    text.replace_range(p + 1..end, "p inccnf");
    let mut lines = String::new();
    for k in 1..=cubes.requested {
        match cubes.cube(k) {
            Some(cube) => {
                let lits = literals(splitter, &names, cube).map_err(SolveError::Export)?;
                let cells: Vec<String> = cube.iter().map(|(c, v)| format!("{c}={v}")).collect();
                let _ = writeln!(text, "c cube {k} cells {}", cells.join(" "));
                lines.push('a');
                for lit in lits {
                    let _ = write!(lines, " {lit}");
                }
                lines.push_str(" 0\n");
            }
            None => {
                let _ = writeln!(text, "c cube {k} is empty");
                lines.push_str("a 1 -1 0\n");
            }
        }
    }
    text.push_str(&lines);
    Ok(text)
}

/// Reads the cubes of an iCNF that [`write_icnf`] wrote for this puzzle, its export CNF
/// `cnf` and `encoding`: an error names the line and the reason when the file is for
/// another puzzle or encoding, or a literal is out of range or not its cells'.
pub fn read_icnf<P>(
    splitter: &dyn Split<P>,
    cnf: &Cnf,
    encoding: &str,
    text: &str,
) -> Result<Cubes, String> {
    let names = names(cnf);
    let vars = cnf.num_vars() as i64;
    let mut requested = None;
    let mut cubes: Vec<Vec<Assign>> = Vec::new();
    // What the `c cube K` comments say of cube K: its cells, or `None` for an empty cube.
    let mut described: HashMap<usize, Option<Vec<Assign>>> = HashMap::new();
    let mut empty_seen = false;
    let mut seen = 0usize;
    for (i, line) in text.lines().enumerate() {
        let at = |why: String| format!("line {}: {why}", i + 1);
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("c satcover cubes ") {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let field = |key: &str| {
                fields
                    .windows(2)
                    .find(|w| w[0] == key)
                    .map(|w| w[1])
                    .ok_or_else(|| at(format!("the header has no `{key}`")))
            };
            let mine = super::fingerprint(splitter);
            if field("puzzle")? != mine {
                return Err(at(format!(
                    "these cubes are for another puzzle (fingerprint {}, this one is {mine})",
                    field("puzzle")?
                )));
            }
            let theirs = field("encoding")?.replace('_', " ");
            if theirs != encoding {
                return Err(at(format!(
                    "these cubes are for the CNF `{theirs}`, not `{encoding}`: give the same \
                     --encoding/--presolve as `cube` was given"
                )));
            }
            if field("variables")? != vars.to_string() {
                return Err(at(format!(
                    "these cubes are for a CNF of {} variables, this puzzle's has {vars}",
                    field("variables")?
                )));
            }
            let n = field("cubes")?
                .parse::<usize>()
                .map_err(|_| at("`cubes` is not a number".into()))?;
            requested = Some(n);
        } else if let Some(rest) = line.strip_prefix("c cube ") {
            let mut words = rest.split_whitespace();
            let k = words
                .next()
                .and_then(|k| k.parse::<usize>().ok())
                .ok_or_else(|| at("`c cube` is followed by the cube's number".into()))?;
            match words.next() {
                Some("cells") => {
                    let cells = words
                        .map(|w| {
                            let (c, v) = w.split_once('=')?;
                            Some((c.parse().ok()?, v.parse().ok()?))
                        })
                        .collect::<Option<Vec<Assign>>>()
                        .ok_or_else(|| at("a cube's cells are written CELL=VALUE".into()))?;
                    described.insert(k, Some(cells));
                }
                Some("is") => {
                    described.insert(k, None);
                }
                _ => {
                    return Err(at(format!(
                        "`c cube {k}` says neither `cells` nor `is empty`"
                    )));
                }
            }
        } else if let Some(rest) = line.strip_prefix('a') {
            if requested.is_none() {
                return Err(at(
                    "a cube before the `c satcover cubes` header: not a file `satcover cube` wrote"
                        .into(),
                ));
            }
            let lits = rest
                .split_whitespace()
                .map(|w| w.parse::<i64>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| at("a cube line holds integers ending with 0".into()))?;
            let Some((0, lits)) = lits.split_last() else {
                return Err(at("a cube line ends with 0".into()));
            };
            if let Some(bad) = lits.iter().find(|l| **l == 0 || l.abs() > vars) {
                return Err(at(format!(
                    "literal {bad} is out of range: the puzzle's CNF has variables 1..{vars}"
                )));
            }
            seen += 1;
            match described.remove(&seen) {
                Some(Some(cells)) => {
                    if empty_seen {
                        return Err(at("a cube after an empty one".into()));
                    }
                    let expected = literals(splitter, &names, &cells).map_err(at)?;
                    if expected != lits {
                        return Err(at(format!(
                            "cube {seen}'s literals are not those of its cells in this \
                             puzzle's CNF (another encoding?)"
                        )));
                    }
                    cubes.push(cells);
                }
                Some(None) if lits.len() == 2 && lits[0] == -lits[1] => empty_seen = true,
                Some(None) => {
                    return Err(at(format!(
                        "cube {seen} is empty by its comment, but its line is not `a 1 -1 0`"
                    )));
                }
                None => {
                    return Err(at(format!(
                        "cube {seen} has no `c cube {seen} cells` line before it"
                    )));
                }
            }
        } else if line.starts_with("p ") && !line.starts_with("p inccnf") {
            return Err(at("not an iCNF file (its header is not `p inccnf`)".into()));
        }
    }
    let requested = requested
        .ok_or("no `c satcover cubes` header: not a file `satcover cube` wrote".to_string())?;
    if seen != requested {
        return Err(format!(
            "the header says {requested} cubes, the file has {seen}"
        ));
    }
    Ok(Cubes {
        requested,
        cubes,
        lookaheads: 0,
        time: std::time::Duration::ZERO,
    })
}
