//! How `solve` prints an answer: text for people (a SAT solver's `s`/`v` lines for raw
//! DIMACS), JSON Lines for programs (the lines: `solve/json.rs`), the `--stats` line, and
//! solutions streamed as they are found ([`Listing`]). `decode` prints through
//! [`print_report`].

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;

use satcover::facade::{Rendered, Report};
use satcover::puzzle::{Kind, Stats, Status};

use super::json::{AnswerLine, ErrorLine, SolutionLine};
use super::schema::{ErrorStatus, SolveSchema};
use super::{Format, SolveArgs};

/// How answers are printed (shared with `decode`).
#[derive(Clone, Copy, Debug)]
pub struct Printing {
    pub stats: bool,
    pub count: bool,
    pub all: bool,
    pub limit: Option<u64>,
    pub unique: bool,
    /// The solutions were printed as they were found ([`Listing`]), not with the report:
    /// how many.
    pub listed: Option<u64>,
    /// Ctrl-C stopped the search: the listing is incomplete.
    pub interrupted: bool,
}

impl Printing {
    pub(super) fn of(args: &SolveArgs) -> Printing {
        Printing {
            stats: args.stats,
            count: args.count,
            all: args.all,
            limit: args.limit,
            unique: args.unique,
            listed: None,
            interrupted: false,
        }
    }
}

/// Print one report as `solve` does.
pub fn print_report(
    label: &str,
    report: &Report,
    format: Format,
    stats: bool,
    out: &mut impl Write,
) -> Result<()> {
    let printing = Printing {
        stats,
        count: false,
        all: false,
        limit: None,
        unique: false,
        listed: None,
        interrupted: false,
    };
    match format {
        Format::Text => print_text(label, report, &printing, out),
        Format::Json => print_json(label, report, &printing, out),
    }
}

pub(super) fn print_text(
    label: &str,
    report: &Report,
    args: &Printing,
    out: &mut impl Write,
) -> Result<()> {
    let outcome = &report.outcome;
    if report.kind == Kind::CNF {
        return print_sat_competition(label, report, args, out);
    }
    let counted = match (outcome.complete, outcome.timed_out, args.interrupted) {
        (true, _, _) => format!("{}", outcome.count),
        (false, _, true) => format!(
            "(interrupted: the listing is incomplete) at least {}",
            outcome.count
        ),
        (false, false, false) => format!("at least {}", outcome.count),
        (false, true, false) => format!("(timed out) at least {}", outcome.count),
    };
    match outcome.status {
        Status::Unsolvable if outcome.proof.is_some() => {
            let proof = outcome.proof.map_or("", |p| p.name());
            writeln!(out, "{label}: unsolvable (proof {proof})")?;
        }
        Status::Unsolvable => {
            let reason = outcome
                .reason
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            writeln!(out, "{label}: unsolvable{reason}")?;
        }
        Status::Unknown => writeln!(out, "{label}: unknown (timed out)")?,
        Status::Solved if args.count => {
            writeln!(out, "{label}: {counted} solution{}", plural(outcome.count))?;
        }
        Status::Solved => {
            let several = args.all || args.limit.is_some_and(|n| n > 1) || args.unique;
            let shown = if args.listed.is_some() {
                &[][..]
            } else {
                &outcome.solutions[..]
            };
            for (i, solution) in shown.iter().enumerate() {
                if several && outcome.solutions.len() > 1 && solution.text.contains('\n') {
                    writeln!(out, "{label}: solution {}", i + 1)?;
                }
                writeln!(out, "{}", solution.text)?;
            }
            if args.all || args.limit.is_some() {
                writeln!(out, "{label}: {counted} solution{}", plural(outcome.count))?;
            }
        }
    }
    if args.unique && outcome.status != Status::Unknown {
        let verdict = match outcome.unique() {
            Some(true) => match outcome.proof {
                Some(proof) => format!("unique (proof {})", proof.name()),
                None => "unique".to_string(),
            },
            Some(false) if outcome.count == 0 => "unsolvable, so not unique".to_string(),
            Some(false) => "not unique".to_string(),
            None => "uniqueness unknown (timed out)".to_string(),
        };
        writeln!(out, "{label}: {verdict}")?;
        match &report.differences {
            Some(d) if d.contains('\n') => writeln!(out, "{label}: where they differ:\n{d}")?,
            Some(d) => writeln!(out, "{label}: {d}")?,
            None => {}
        }
    }
    if args.stats {
        if !outcome.stats.contenders.is_empty() {
            let status = if outcome.timed_out && outcome.status == Status::Solved {
                "unknown"
            } else {
                outcome.status.name()
            };
            let summary = satcover::portfolio::summary(status, &outcome.stats);
            writeln!(out, "{label}: {summary}")?;
        }
        writeln!(out, "{label}: {}", stats_line(&outcome.stats))?;
    }
    Ok(())
}

pub(super) fn plural(count: u64) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// Stats as one `key=value` line; fields the engine cannot tell are left out.
fn stats_line(stats: &Stats) -> String {
    let ms = |d: Duration| format!("{:.3}ms", d.as_secs_f64() * 1e3);
    let mut parts = vec![format!("backend={}", stats.backend)];
    if let Some(winner) = stats.winner {
        parts.push(format!("winner={winner}"));
    }
    parts.extend([
        format!("parse={}", ms(stats.parse)),
        format!("encode={}", ms(stats.encode)),
        format!("solve={}", ms(stats.solve)),
        format!("decode={}", ms(stats.decode)),
        format!("check={}", ms(stats.check)),
    ]);
    let sizes = [
        ("variables", stats.variables),
        ("clauses", stats.clauses),
        ("literals", stats.literals),
        ("items", stats.items),
        ("options", stats.options),
        ("nonzeros", stats.nonzeros),
    ];
    let efforts = [
        ("solve_calls", stats.solve_calls),
        ("decisions", stats.decisions),
        ("conflicts", stats.conflicts),
        ("propagations", stats.propagations),
        ("nodes", stats.nodes),
        ("updates", stats.updates),
        ("guesses", stats.guesses),
    ];
    // Sizes, then efforts; a field the engine cannot tell is left out.
    let sizes = sizes.map(|(name, v)| (name, v.map(|v| v as u64)));
    parts.extend(
        sizes
            .iter()
            .chain(&efforts)
            .filter_map(|(name, v)| v.map(|v| format!("{name}={v}"))),
    );
    if stats.backend == "sat" || stats.winner == Some(satcover::puzzle::Engine::Sat) {
        parts.push("conflicts=n/a".to_string());
    }
    parts.join(" ")
}

/// A raw DIMACS answer the way SAT solvers print it: `s` line, `v` lines, `c` comments.
fn print_sat_competition(
    label: &str,
    report: &Report,
    args: &Printing,
    out: &mut impl Write,
) -> Result<()> {
    let outcome = &report.outcome;
    // A streamed listing printed these two lines before its first model.
    let listed = args.listed.is_some() && outcome.status == Status::Solved;
    if !listed {
        writeln!(out, "c {label}")?;
    }
    match outcome.status {
        Status::Solved => {
            if !listed {
                writeln!(out, "s SATISFIABLE")?;
            }
            if args.count {
                let exact = if outcome.complete { "" } else { "at least " };
                writeln!(out, "c {exact}{} models", outcome.count)?;
            } else if args.listed.is_none() {
                for solution in &outcome.solutions {
                    writeln!(out, "{}", solution.text)?;
                }
            }
            if args.unique {
                let verdict = match outcome.unique() {
                    Some(true) => "unique model",
                    _ => "more than one model",
                };
                writeln!(out, "c {verdict}")?;
            }
        }
        Status::Unsolvable => writeln!(out, "s UNSATISFIABLE")?,
        Status::Unknown => writeln!(out, "s UNKNOWN")?,
    }
    if let Some(proof) = outcome.proof {
        writeln!(out, "c proof {}", proof.name())?;
    }
    if args.stats {
        writeln!(out, "c {}", stats_line(&outcome.stats))?;
    }
    Ok(())
}

/// The JSON lines of one answer ([`json`](super::json)): a line per solution not already
/// streamed, then the answer.
pub(super) fn print_json(
    label: &str,
    report: &Report,
    args: &Printing,
    out: &mut impl Write,
) -> Result<()> {
    let outcome = &report.outcome;
    let listed = match args.listed {
        Some(listed) => listed,
        None => {
            for (i, solution) in outcome.solutions.iter().enumerate() {
                let line = SolutionLine {
                    schema: SolveSchema,
                    puzzle: label,
                    index: i as u64 + 1,
                    solution: &solution.json,
                };
                serde_json::to_writer(&mut *out, &line)?;
                writeln!(out)?;
            }
            outcome.solutions.len() as u64
        }
    };
    let mut answer = AnswerLine {
        schema: SolveSchema,
        puzzle: label,
        kind: report.kind,
        status: outcome.status,
        listed,
        count: outcome.count,
        complete: outcome.complete,
        timed_out: outcome.timed_out,
        interrupted: args.interrupted.then_some(true),
        unique: args.unique.then(|| outcome.unique()),
        differences: report.differences.as_deref().filter(|_| args.unique),
        reason: outcome.reason.as_deref(),
        proof: outcome.proof.map(|p| p.name()),
        cube: None,
        fingerprint: None,
        cpu: None,
        cubes: None,
        about: Default::default(),
        stats: &outcome.stats,
    };
    // The fields `solve --cube` and `--cubes` add, then the kind's own.
    for (key, value) in &report.json_fields {
        match *key {
            "cube" => answer.cube = value.as_str().map(str::to_string),
            "fingerprint" => answer.fingerprint = value.as_str().map(str::to_string),
            "cpu" => answer.cpu = value.as_f64(),
            "cubes" => answer.cubes = Some(serde_json::from_value(value.clone())?),
            _ => {
                answer.about.insert(*key, value.clone());
            }
        }
    }
    serde_json::to_writer(&mut *out, &answer)?;
    writeln!(out)?;
    Ok(())
}

/// The error line of a puzzle that could not be answered.
pub(super) fn print_json_error(label: &str, message: &str, out: &mut impl Write) -> Result<()> {
    let line = ErrorLine {
        schema: SolveSchema,
        puzzle: label,
        status: ErrorStatus,
        error: message,
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)?;
    Ok(())
}

/// Solutions printed as they are found (`--all`, a large `--limit`): text as `solve`
/// prints a report's solutions, or one JSON line each. The first is held until a second
/// arrives or the search ends, since a lone solution gets no `solution N` header.
pub(super) struct Listing<'a> {
    label: &'a str,
    format: Format,
    printed: usize,
    held: Option<String>,
    last_flush: Instant,
}

/// How long printed solutions may wait in the buffer before they are flushed.
const FLUSH_EVERY: Duration = Duration::from_millis(20);

impl<'a> Listing<'a> {
    pub(super) fn new(label: &'a str, args: &SolveArgs) -> Listing<'a> {
        Listing {
            label,
            format: args.format,
            printed: 0,
            held: None,
            last_flush: Instant::now(),
        }
    }

    pub(super) fn take(
        &mut self,
        solution: Rendered,
        kind: Kind,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        match self.format {
            Format::Json => {
                self.printed += 1;
                let line = SolutionLine {
                    schema: SolveSchema,
                    puzzle: self.label,
                    index: self.printed as u64,
                    solution: &solution.json,
                };
                serde_json::to_writer(&mut *out, &line)?;
                writeln!(out)?;
            }
            Format::Text if kind == Kind::CNF => {
                // SAT-competition output: the `s` line before the first model.
                self.printed += 1;
                if self.printed == 1 {
                    writeln!(out, "c {}\ns SATISFIABLE", self.label)?;
                }
                writeln!(out, "{}", solution.text)?;
            }
            Format::Text => {
                if self.printed == 0 && self.held.is_none() {
                    self.held = Some(solution.text);
                    return Ok(());
                }
                if let Some(first) = self.held.take() {
                    self.print(first, out)?;
                }
                self.print(solution.text, out)?;
            }
        }
        if self.printed == 1 || self.last_flush.elapsed() >= FLUSH_EVERY {
            out.flush()?;
            self.last_flush = Instant::now();
        }
        Ok(())
    }

    fn print(&mut self, text: String, out: &mut impl Write) -> std::io::Result<()> {
        self.printed += 1;
        if text.contains('\n') {
            writeln!(out, "{}: solution {}", self.label, self.printed)?;
        }
        writeln!(out, "{text}")
    }

    /// The search ended: a lone held solution is printed without a header. Returns how
    /// many solutions were printed.
    pub(super) fn finish(&mut self, out: &mut impl Write) -> std::io::Result<u64> {
        if let Some(only) = self.held.take() {
            self.printed += 1;
            writeln!(out, "{only}")?;
        }
        Ok(self.printed as u64)
    }
}
