//! Forced cells (the backbone) and exact marginals, generic over the puzzle.
//!
//! Glossary:
//! - **cell**: one place of a solution that holds a value. Cells are read off the
//!   solution's natural JSON form ([`Puzzle::solution_json`]), so every kind has them
//!   without code of its own: the leaves of nested arrays (sudoku digits, packing piece
//!   numbers), the characters of strings (nonogram rows), the values of an object
//!   (alphametic letters), in document order.
//! - **forced**: a cell that holds the same value in every solution; the others **vary**.
//! - **marginal**: for one cell, the fraction of the solutions counted in which it holds
//!   each value; exact only when every solution was counted (`complete`).
//!
//! Forced cells by SAT (backbone computation with chunked tests, Janota, Lynce &
//! Marques-Silva, "Algorithms for computing backbones of propositional formulae", AI
//! Communications 2015): one solve gives a first model; then, on the same incremental
//! solver, the projection variables not yet seen to change are tested together: a
//! clause "one of them takes the other value", switched on by a selector assumption for
//! one call. A model marks every variable and every cell where it differs from the first
//! and the test repeats on the rest; "unsatisfiable" proves all the rest fixed at once.
//! So the calls number at most the varying variables plus one, and a unique puzzle takes
//! two. This is exact for cells when each value of a cell is implied by one projection
//! literal ([`Cells::cells_follow_literals`](crate::puzzle::Cells::cells_follow_literals)): a cell that varies then has a literal,
//! false in the first model, that some solution sets; its variable is open until a model
//! flips it, and that model differs at the cell. Where the projection is one one-hot
//! group per cell (sudoku, alphametic letters), the literals true in the first model are
//! enough: a cell varies exactly when its digit can be other.
//!
//! Enumeration (native, dlx, or sat with blocking clauses) gives forced cells and exact
//! marginals at once when it finishes under the limit. The pictures drawn from them:
//! `analyze/picture.rs`.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::cnf::Lit;
use crate::pipeline;
use crate::puzzle::{Backend, Kind, Purpose, Puzzle, Request, SolveError, Status};
use crate::render::Picture;
use crate::sat::{SatVerdict, VarisatSession};
use crate::stop::Stop;

mod picture;
use picture::{forced_picture, marginal_picture};

/// How the forced cells are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Method {
    /// Enumerate with the native solver while the count is small, SAT backbone beyond.
    Auto,
    /// The SAT backbone (one incremental varisat solver with assumptions).
    Sat,
    /// Enumeration by the native solver (exact only when it finishes under the limit).
    Native,
    /// Enumeration by the Dancing Links engine.
    Dlx,
}

impl Method {
    /// The method's name as the `--backend` flag spells it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Sat => "sat",
            Method::Native => "native",
            Method::Dlx => "dlx",
        }
    }
}

/// What `analyze` is asked.
#[derive(Clone, Debug)]
pub struct Options {
    /// How forced cells are found.
    pub method: Method,
    /// Enumeration stops after this many solutions.
    pub limit: u64,
    /// Compute marginals (enumerate up to `limit`).
    pub marginals: bool,
    /// Stop after this long (the answer then says what is not proved).
    pub timeout: Option<Duration>,
    /// Stops every search of the analysis when it fires, as the timeout does (the web page
    /// cancels it when its client leaves).
    pub stop: Stop,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            method: Method::Auto,
            limit: 10_000,
            marginals: false,
            timeout: None,
            stop: Stop::never(),
        }
    }
}

/// How many solutions `auto` enumerates natively before it turns to the SAT backbone.
const AUTO_ENUMERATION: u64 = 256;

/// Solutions found in `auto`'s short pass that make it enumerate on instead of computing
/// the backbone. The costs are lopsided: where the backbone wins (a 25×25 sudoku with 184
/// solutions: 0.05 s against 0.22 s to enumerate) it saves a fraction of a second, where it
/// loses (the 6×10 pentominoes: no answer in 10 s against 1.5 s to enumerate all 9,356)
/// it never ends. Two solutions found quickly are enough to enumerate on: the pass is
/// bounded by wall time, so a loaded machine finds fewer, and a rate would not hold.
const MANY_SOLUTIONS: u64 = 2;

/// The answer of `analyze` for one puzzle.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The puzzle's kind.
    pub kind: Kind,
    /// Solved, no solution, or stopped.
    pub status: Status,
    /// Why there is no solution, when known without search.
    pub reason: Option<String>,
    /// The first solution found, in the kind's natural JSON form.
    pub first: Option<Value>,
    /// Per cell (in [`cells`] order): whether it takes more than one value.
    pub varying: Vec<bool>,
    /// Whether `varying` is proved (false: a timeout or an unfinished enumeration left
    /// cells that were not seen to vary but not proved forced either).
    pub forced_exact: bool,
    /// Distinct solutions seen.
    pub solutions_counted: u64,
    /// Whether `solutions_counted` is every solution.
    pub complete: bool,
    /// Per cell: value (as JSON text) → number of counted solutions holding it.
    pub tallies: Option<Vec<BTreeMap<String, u64>>>,
    /// How the forced cells were found ("sat backbone", "native enumeration"...).
    pub method: String,
    /// SAT calls of the backbone (0 when enumeration decided).
    pub sat_calls: u64,
    /// Time spent on this puzzle.
    pub time: Duration,
    /// The puzzle drawn with its forced values and `?` elsewhere.
    pub picture: Option<Picture>,
    /// With marginals, the probability picture (see `marginal_picture`); `None` for
    /// kinds without cells (exact cover).
    pub marginal_picture: Option<Picture>,
}

impl Analysis {
    /// Cells that vary (an empty slice before any solution).
    pub fn num_varying(&self) -> usize {
        self.varying.iter().filter(|&&v| v).count()
    }

    /// `forced` in the kind's natural form: the first solution with `null` for every
    /// cell that varies (`?` inside strings, such as nonogram rows).
    pub fn forced_json(&self) -> Value {
        match &self.first {
            None => Value::Null,
            Some(first) => {
                let mut index = 0;
                map_cells(first, &mut |cell| {
                    let varies = self.varying[index];
                    index += 1;
                    match (varies, cell) {
                        (false, cell) => cell,
                        (true, Value::String(_)) => Value::String("?".into()),
                        (true, _) => Value::Null,
                    }
                })
            }
        }
    }

    /// Marginals in the kind's natural form: nonogram rows become rows of probabilities
    /// of `#` (black and white) or of value → probability; other cells value →
    /// probability.
    pub fn marginals_json(&self) -> Option<Value> {
        let (tallies, first) = (self.tallies.as_ref()?, self.first.as_ref()?);
        let total = self.solutions_counted.max(1) as f64;
        let two_tone = tallies
            .iter()
            .flat_map(BTreeMap::keys)
            .all(|k| k == "\"#\"" || k == "\".\"");
        let mut index = 0;
        let per_cell = |index: usize| -> Value {
            let counts = &tallies[index];
            let object: Map<String, Value> = counts
                .iter()
                .map(|(value, &n)| (unquote(value), Value::from(n as f64 / total)))
                .collect();
            Value::Object(object)
        };
        Some(map_cells_split(first, &mut |cell, in_string| {
            let i = index;
            index += 1;
            if in_string && two_tone {
                let black = tallies[i].get("\"#\"").copied().unwrap_or(0);
                Value::from(black as f64 / total)
            } else {
                let _ = cell;
                per_cell(i)
            }
        }))
    }

    /// The forced cells as text: the grid with `?` for every cell that varies.
    pub fn forced_text(&self) -> String {
        match &self.first {
            None => String::new(),
            Some(_) => text_of(&self.forced_json()),
        }
    }
}

fn unquote(json_text: &str) -> String {
    match serde_json::from_str::<Value>(json_text) {
        Ok(Value::String(s)) => s,
        _ => json_text.to_string(),
    }
}

/// The cells of a solution's JSON form, in document order (see the module glossary).
pub fn cells(solution: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    map_cells(solution, &mut |cell| {
        out.push(cell.clone());
        cell
    });
    out
}

/// `value` with every cell replaced by `f(cell)`; a string's characters are cells and
/// come back joined.
fn map_cells(value: &Value, f: &mut dyn FnMut(Value) -> Value) -> Value {
    map_cells_split(value, &mut |cell, _| f(cell))
}

/// As [`map_cells`]; `f` is told whether the cell is a character of a string, and a string
/// whose characters all map to strings is joined back into one, else it becomes an array.
fn map_cells_split(value: &Value, f: &mut dyn FnMut(Value, bool) -> Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(|v| map_cells_split(v, f)).collect()),
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(k, v)| (k.clone(), map_cells_split(v, f)))
                .collect(),
        ),
        Value::String(s) => {
            let mapped: Vec<Value> = s
                .chars()
                .map(|c| f(Value::String(c.to_string()), true))
                .collect();
            if mapped.iter().all(Value::is_string) {
                Value::String(mapped.iter().filter_map(Value::as_str).collect())
            } else {
                Value::Array(mapped)
            }
        }
        other => f(other.clone(), false),
    }
}

/// A forced-cells value as text: a grid for rows (of numbers or strings), `key=value`
/// pairs for an object, values separated by blanks otherwise; `?` for a cell that varies
/// and `.` for an empty one.
fn text_of(forced: &Value) -> String {
    let show = |v: &Value| match v {
        Value::Null => "?".to_string(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match forced {
        Value::Array(rows) if rows.iter().all(Value::is_string) => rows
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Array(rows) if rows.iter().all(Value::is_array) => {
            let width = rows
                .iter()
                .filter_map(Value::as_array)
                .flatten()
                .map(|v| show(v).len())
                .max()
                .unwrap_or(1);
            rows.iter()
                .filter_map(Value::as_array)
                .map(|row| {
                    row.iter()
                        .map(|v| format!("{:>width$}", show(v)))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
        Value::Array(items) => items.iter().map(show).collect::<Vec<_>>().join(" "),
        Value::Object(fields) => fields
            .iter()
            .map(|(k, v)| format!("{k}={}", show(v)))
            .collect::<Vec<_>>()
            .join(" "),
        other => show(other),
    }
}

/// Forced cells and, when asked, marginals of one puzzle.
pub fn analyze<P: Puzzle + ?Sized>(puzzle: &P, options: &Options) -> Result<Analysis, SolveError> {
    let start = Instant::now();
    let kind = puzzle.kind();
    let cells = puzzle.cells();
    if let Some(refusal) = cells.refusal {
        return Err(SolveError::TooLarge(refusal.into()));
    }
    let deadline = options.timeout.map(|t| start + t);
    let mut analysis = Analysis {
        kind,
        status: Status::Unknown,
        reason: None,
        first: None,
        varying: Vec::new(),
        forced_exact: false,
        solutions_counted: 0,
        complete: false,
        tallies: None,
        method: String::new(),
        sat_calls: 0,
        time: Duration::ZERO,
        picture: None,
        marginal_picture: None,
    };
    if let Some(reason) = puzzle.contradiction() {
        analysis.status = Status::Unsolvable;
        analysis.reason = Some(reason);
        analysis.complete = true;
        analysis.forced_exact = true;
        analysis.method = "contradiction in the clues".into();
        analysis.time = start.elapsed();
        return Ok(analysis);
    }

    let enumerator = match options.method {
        Method::Auto | Method::Native => Some(Backend::Native),
        Method::Dlx => Some(Backend::Dlx),
        Method::Sat => options.marginals.then_some(Backend::Sat),
    };
    // `auto` enumerates a little to spare the SAT set-up on puzzles with few solutions;
    // marginals enumerate up to the limit.
    let enumeration_limit = match (options.method, options.marginals) {
        (_, true) => Some(options.limit),
        (Method::Auto, false) if cells.cells_follow_literals => {
            Some(options.limit.min(AUTO_ENUMERATION))
        }
        (Method::Auto, false) => Some(options.limit),
        (Method::Native | Method::Dlx, false) => Some(options.limit),
        (Method::Sat, false) => None,
    };
    if let (Some(backend), Some(limit)) = (enumerator, enumeration_limit) {
        let mut budget = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if options.method == Method::Auto && !options.marginals && cells.cells_follow_literals {
            let auto = cells.enumeration_budget;
            budget = Some(budget.map_or(auto, |b| b.min(auto)));
        }
        let mut backend = backend;
        let mut found = enumerate(puzzle, backend, limit, budget, &options.stop);
        if options.method == Method::Auto
            && options.marginals
            && matches!(found, Err(SolveError::Unsupported { .. }))
        {
            // No native solver (DIMACS): the marginals asked for come from SAT
            // enumeration, as `--backend sat` gives them, not silently dropped.
            backend = Backend::Sat;
            found = enumerate(puzzle, backend, limit, budget, &options.stop);
        }
        // Many solutions in the short pass: the SAT backbone would need a call per group
        // of cells that vary, each as hard as a first solution, while enumeration goes on
        // at the engine's pace; so enumerate on, up to the full limit.
        if let Ok(e) = &found
            && options.method == Method::Auto
            && !options.marginals
            && !e.complete
            && limit < options.limit
            && e.count >= MANY_SOLUTIONS
        {
            let budget = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            found = enumerate(puzzle, backend, options.limit, budget, &options.stop);
        }
        match found {
            Ok(e) => {
                analysis.method = format!("{backend} enumeration");
                if e.count == 0 && !(e.timed_out_early() && options.method == Method::Auto) {
                    analysis.status = Status::of(0, e.complete);
                    analysis.complete = e.complete;
                    analysis.forced_exact = e.complete;
                    analysis.reason = e.reason;
                    analysis.time = start.elapsed();
                    return Ok(analysis);
                }
                if e.count > 0 {
                    analysis.status = Status::Solved;
                    analysis.first = Some(e.first.clone());
                    analysis.varying = e.varying;
                    analysis.solutions_counted = e.count;
                    analysis.complete = e.complete;
                    analysis.forced_exact = e.complete;
                    if options.marginals {
                        analysis.tallies = Some(e.tallies);
                    }
                }
            }
            // No native solver or no exact cover for this kind: the SAT backbone decides.
            Err(SolveError::Unsupported { .. } | SolveError::TooLarge(_))
                if options.method == Method::Auto => {}
            Err(e) => return Err(e),
        }
    }

    let sat_wanted = matches!(options.method, Method::Auto | Method::Sat);
    if !analysis.forced_exact && sat_wanted && analysis.status != Status::Unsolvable {
        let seen_before = analysis.solutions_counted;
        let backbone = sat_backbone(puzzle, &options.stop.until(deadline))?;
        analysis.sat_calls = backbone.calls;
        analysis.method = if analysis.method.is_empty() {
            "sat backbone".into()
        } else {
            format!("{} then sat backbone", analysis.method)
        };
        match backbone.first {
            None => {
                analysis.status = Status::of(0, backbone.exact);
                analysis.complete = backbone.exact;
                analysis.forced_exact = backbone.exact;
            }
            Some(first) => {
                analysis.status = Status::Solved;
                if analysis.first.is_none() {
                    analysis.first = Some(first);
                    analysis.varying = backbone.varying;
                } else {
                    // Cells are compared against the first SAT model; a cell varies when
                    // either pass saw it vary (both are sound).
                    for (v, w) in analysis.varying.iter_mut().zip(&backbone.varying) {
                        *v |= *w;
                    }
                }
                analysis.forced_exact = backbone.exact;
                if analysis.tallies.is_none() {
                    analysis.solutions_counted = seen_before.max(backbone.models);
                    // Every cell forced means exactly one solution.
                    analysis.complete = backbone.exact && !analysis.varying.contains(&true);
                }
            }
        }
    }
    if let Some(first) = &analysis.first {
        analysis.picture = Some(forced_picture(puzzle, first, &analysis)?);
        analysis.marginal_picture = marginal_picture(puzzle, &analysis);
    }
    analysis.time = start.elapsed();
    Ok(analysis)
}

/// What an enumeration saw.
struct Enumerated {
    first: Value,
    varying: Vec<bool>,
    tallies: Vec<BTreeMap<String, u64>>,
    count: u64,
    complete: bool,
    timed_out: bool,
    reason: Option<String>,
}

impl Enumerated {
    /// Stopped by the clock before the question was answered.
    fn timed_out_early(&self) -> bool {
        self.timed_out
    }
}

fn enumerate<P: Puzzle + ?Sized>(
    puzzle: &P,
    backend: Backend,
    limit: u64,
    timeout: Option<Duration>,
    stop: &Stop,
) -> Result<Enumerated, SolveError> {
    let request = Request::limit(limit).with_timeout(timeout);
    // Each solution is tallied as it is found and dropped: memory follows the cells, not
    // the number of solutions.
    let mut first: Option<(Value, Vec<Value>)> = None;
    let mut varying = Vec::new();
    let mut tallies: Vec<BTreeMap<String, u64>> = Vec::new();
    let stop = stop.until(request.timeout.map(|t| Instant::now() + t));
    let outcome = pipeline::solve_into(puzzle, backend, &request, &stop, &mut |s| {
        let json = puzzle.solution_json(&s);
        let these = cells(&json);
        match &first {
            None => {
                varying = vec![false; these.len()];
                tallies = these
                    .iter()
                    .map(|c| BTreeMap::from([(c.to_string(), 1)]))
                    .collect();
                first = Some((json, these));
            }
            Some((_, first_cells)) => {
                for (i, cell) in these.into_iter().enumerate() {
                    if i < first_cells.len() {
                        varying[i] |= cell != first_cells[i];
                        *tallies[i].entry(cell.to_string()).or_insert(0) += 1;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })?;
    let Some((first, _)) = first else {
        return Ok(Enumerated {
            first: Value::Null,
            varying: Vec::new(),
            tallies: Vec::new(),
            count: 0,
            complete: outcome.complete,
            timed_out: outcome.timed_out,
            reason: outcome.reason,
        });
    };
    Ok(Enumerated {
        first,
        varying,
        tallies,
        count: outcome.count,
        complete: outcome.complete,
        timed_out: outcome.timed_out,
        reason: None,
    })
}

/// What the SAT backbone found.
struct Backbone {
    first: Option<Value>,
    varying: Vec<bool>,
    /// Whether every test finished (no timeout): then `varying` is exact.
    exact: bool,
    calls: u64,
    /// Distinct models seen.
    models: u64,
}

fn sat_backbone<P: Puzzle + ?Sized>(puzzle: &P, stop: &Stop) -> Result<Backbone, SolveError> {
    let encoding = crate::driver::cnf_encoding(puzzle, &Default::default(), Purpose::Solve)?;
    let mut session = VarisatSession::new(&encoding.cnf, stop);
    let decode = |model: &crate::sat::Model| -> Result<Value, SolveError> {
        let solution = (encoding.decode)(model).map_err(|reason| SolveError::Decode {
            backend: Backend::Sat,
            reason,
        })?;
        puzzle
            .check(&solution)
            .map_err(|reason| SolveError::CheckFailed {
                backend: Backend::Sat,
                reason,
            })?;
        Ok(puzzle.solution_json(&solution))
    };
    let first_model = match session.solve()? {
        SatVerdict::Sat(model) => model,
        verdict => {
            return Ok(Backbone {
                first: None,
                varying: Vec::new(),
                exact: matches!(verdict, SatVerdict::Unsat),
                calls: 1,
                models: 0,
            });
        }
    };
    let first = decode(&first_model)?;
    let first_cells = cells(&first);
    let mut varying = vec![false; first_cells.len()];
    let projection = &encoding.projection;
    let mut var_varies = vec![false; projection.len()];
    let mut models = 1u64;
    let mut exact = true;

    // Literals true in the first model first: for one-hot projections they decide every cell.
    let one_hot_cells =
        puzzle.cells().one_hot_cells && encoding.blocking == crate::sat::Blocking::TrueLiterals;
    let mut order: Vec<usize> = (0..projection.len())
        .filter(|&i| first_model.value(projection[i]))
        .collect();
    if !one_hot_cells {
        order.extend((0..projection.len()).filter(|&i| !first_model.value(projection[i])));
    }
    // Variables the formula fixes by a unit clause need no test.
    let mut fixed = vec![false; encoding.cnf.num_vars()];
    for clause in encoding.cnf.clauses() {
        if let [unit] = clause {
            fixed[unit.var().index()] = true;
        }
    }
    order.retain(|&i| !fixed[projection[i].index()]);
    loop {
        let open: Vec<usize> = order.iter().copied().filter(|&i| !var_varies[i]).collect();
        if open.is_empty() || (!varying.is_empty() && !varying.contains(&false)) {
            break;
        }
        // "Some open variable differs from the first model", for this call only.
        let selector = session.new_var();
        let mut clause = vec![selector.negative()];
        clause.extend(
            open.iter()
                .map(|&i| Lit::new(projection[i], !first_model.value(projection[i]))),
        );
        session.add_clause(&clause);
        let verdict = session.solve_under(&[selector.positive()]);
        session.add_clause(&[selector.negative()]);
        match verdict? {
            SatVerdict::Sat(model) => {
                models += 1;
                for (j, &v) in projection.iter().enumerate() {
                    var_varies[j] |= model.value(v) != first_model.value(v);
                }
                for (k, cell) in cells(&decode(&model)?).into_iter().enumerate() {
                    if k < varying.len() {
                        varying[k] |= cell != first_cells[k];
                    }
                }
            }
            // Every open variable keeps its value in every model: the backbone.
            SatVerdict::Unsat => break,
            SatVerdict::Unknown => {
                exact = false;
                break;
            }
        }
    }
    if !puzzle.cells().cells_follow_literals {
        exact = false;
    }
    let calls = session.stats().solve_calls;
    Ok(Backbone {
        first: Some(first),
        varying,
        exact,
        calls,
        models,
    })
}
