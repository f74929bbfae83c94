//! **connected cells of a model**: a [`Model`] (0/1 or wider domains) whose cells holding
//! one value form one orthogonally connected region — hitori's unshaded cells, nurikabe's
//! and heyawake's walls. The model's own rules are the local part, the layer's direct CNF
//! (`cnf.rs`); connectivity is [`Connected`] over the grid graph with node literal
//! `x[cell]=value` (a constant false where the value is not in the cell's domain).
//!
//! Engines, as slitherlink runs its loop:
//! - lazy ([`solve_lazy`]): the local CNF on varisat, every model that splits the region
//!   answered by the components' separator cuts (`lazy::solve_incremental`) — the native
//!   engine and the `sat` engine's session;
//! - theory ([`solve_theory_with`]): the local CNF on batsat, the same cuts raised at every
//!   propagation fixpoint; after deduction ([`solve_deduced_with`],
//!   `connected_deduce`) on what it leaves open — native for genres that choose it;
//! - eager ([`encoding`]): the local CNF plus `Connected::encode` (families `C1`–`C4`), the
//!   whole puzzle for an external solver, `export`, and the `sat` engine asked for it
//!   (`--eager`).
//!
//! Invariant: both forms number the model's `x` variables alike (the eager one only adds
//! variables after them), so the projection and the decoder are shared.

use super::cnf::{self, VarMap};
use super::connected::{Connected, Graph};
use super::connected_deduce::{self, Deduced};
use super::lazy::{self, LazyAnswer};
use super::{Model, values};
use crate::cnf::{Cnf, Lit};
use crate::puzzle::{CnfEncoding, DecodeError, Purpose};
use crate::sat::{Blocking, SatError};
use crate::stop::Stop;

/// The local formula, its variable map and the connectivity that completes it.
pub struct Local {
    /// The model's rules as CNF.
    pub cnf: Cnf,
    /// `x[cell]=v` → variable.
    pub map: VarMap,
    /// The cells holding the value are connected.
    pub connected: Connected,
}

/// Clauses a genre adds to the local formula beyond its model's rules, over the model's
/// variables and fresh ones (range's sight counts); they come before connectivity's.
pub type Extra<'a> = &'a dyn Fn(&mut Cnf, &VarMap);

/// The local part of `model` with its cells holding `value` connected.
pub fn local(model: &Model, value: u32, purpose: Purpose) -> Local {
    local_with(model, value, purpose, &|_, _| {})
}

/// [`local`] with the genre's `extra` clauses.
pub fn local_with(model: &Model, value: u32, purpose: Purpose, extra: Extra<'_>) -> Local {
    let (mut cnf, map) = cnf::encode(model, purpose);
    extra(&mut cnf, &map);
    let mut never: Option<Lit> = None;
    let nodes: Vec<Lit> = (0..model.cells())
        .map(|cell| {
            map.lit(cell, value).unwrap_or_else(|| {
                *never.get_or_insert_with(|| {
                    cnf.begin_family("C0 connected constant");
                    let f = cnf.new_var().positive();
                    cnf.add_clause(&[!f]);
                    cnf.end_family();
                    f
                })
            })
        })
        .collect();
    let height = model.cells() / model.width;
    let connected = Connected::new(Graph::grid(model.width, height), nodes, None);
    Local {
        cnf,
        map,
        connected,
    }
}

/// What [`solve_lazy`] found.
pub struct LazyRun {
    /// The first solutions kept, as cell values.
    pub solutions: Vec<Vec<u32>>,
    /// The search's counts (its `models` are those of `solutions`).
    pub run: LazyAnswer,
    /// Variables of the local formula.
    pub variables: usize,
    /// Clauses of the local formula (without the cuts).
    pub clauses: usize,
    /// The solutions come from deduction alone, not from a model of the formula: the
    /// caller confirms them with the genre's checker ([`solve_deduced_with`]).
    pub deduced: bool,
}

/// The lazy search (module docs): at most `max` solutions, the first `keep` of them as cell
/// values, with the run's statistics.
pub fn solve_lazy(
    model: &Model,
    value: u32,
    max: u64,
    keep: usize,
    stop: &Stop,
) -> Result<LazyRun, SatError> {
    solve_lazy_with(model, value, &|_, _| {}, max, keep, stop)
}

/// [`solve_lazy`] with the genre's `extra` clauses.
pub fn solve_lazy_with(
    model: &Model,
    value: u32,
    extra: Extra<'_>,
    max: u64,
    keep: usize,
    stop: &Stop,
) -> Result<LazyRun, SatError> {
    let local = local_with(model, value, Purpose::Solve, extra);
    let run = lazy::solve_incremental(
        &local.cnf,
        std::slice::from_ref(&local.connected),
        &local.map.vars(),
        max,
        keep,
        stop,
    )?;
    let mut solutions = Vec::with_capacity(run.models.len());
    for m in &run.models {
        // The local CNF makes every cell take exactly one value.
        if let Ok(values) = local.map.decode(m) {
            solutions.push(values);
        }
    }
    Ok(LazyRun {
        solutions,
        run,
        variables: local.cnf.num_vars(),
        clauses: local.cnf.num_clauses(),
        deduced: false,
    })
}

/// [`solve_lazy_with`] on batsat with connectivity as a theory checked at every
/// propagation fixpoint (`lazy::solve_theory`): a sealed-off region is a conflict before the
/// assignment is total. Faster where the local formula decides most cells (range's counts).
pub fn solve_theory_with(
    model: &Model,
    value: u32,
    extra: Extra<'_>,
    max: u64,
    keep: usize,
    stop: &Stop,
) -> Result<LazyRun, SatError> {
    let local = local_with(model, value, Purpose::Solve, extra);
    let run = lazy::solve_theory(
        true,
        &local.cnf,
        std::slice::from_ref(&local.connected),
        &local.map.vars(),
        max,
        keep,
        stop,
    );
    let solutions = run
        .models
        .iter()
        .filter_map(|m| local.map.decode(m).ok())
        .collect();
    Ok(LazyRun {
        solutions,
        run,
        variables: local.cnf.num_vars(),
        clauses: local.cnf.num_clauses(),
        deduced: false,
    })
}

/// Deduction first (`connected_deduce`: the model's propagators, connectivity, probing),
/// then [`solve_theory_with`] from what it deduced (family `D`, one unit clause per value
/// ruled out) when cells are left open. A contradiction is no solution; a grid deduced
/// whole is the one solution there can be, returned as `deduced` for the caller to
/// confirm (deduction reads the model, not the genre's `extra` clauses).
pub fn solve_deduced_with(
    model: &Model,
    value: u32,
    extra: Extra<'_>,
    max: u64,
    keep: usize,
    stop: &Stop,
) -> Result<LazyRun, SatError> {
    let dom = match connected_deduce::deduce(model, value) {
        Deduced::Contradiction => {
            return Ok(LazyRun {
                solutions: Vec::new(),
                run: LazyAnswer {
                    decisions: Some(0),
                    ..LazyAnswer::refuted()
                },
                variables: 0,
                clauses: 0,
                deduced: true,
            });
        }
        Deduced::Domains(dom) => dom,
    };
    if dom.iter().all(|d| d.count_ones() == 1) {
        let values: Vec<u32> = dom.iter().map(|d| d.trailing_zeros()).collect();
        return Ok(LazyRun {
            solutions: if keep > 0 { vec![values] } else { Vec::new() },
            run: LazyAnswer {
                count: 1,
                complete: max > 1,
                decisions: Some(0),
                ..LazyAnswer::default()
            },
            variables: 0,
            clauses: 0,
            deduced: true,
        });
    }
    let ruled_out = |cnf: &mut Cnf, map: &VarMap| {
        extra(cnf, map);
        cnf.begin_family("D deduced");
        for (cell, &d) in dom.iter().enumerate() {
            for v in values(model.domains[cell] & !d) {
                if let Some(lit) = map.lit(cell, v) {
                    cnf.add_clause(&[!lit]);
                }
            }
        }
        cnf.end_family();
    };
    solve_theory_with(model, value, &ruled_out, max, keep, stop)
}

/// The eager encoding (module docs), its decoder handing the cell values to `solution`.
pub fn encoding<'p, S>(
    model: &Model,
    value: u32,
    purpose: Purpose,
    solution: impl Fn(Vec<u32>) -> S + 'p,
) -> CnfEncoding<'p, S> {
    encoding_with(model, value, &|_, _| {}, purpose, solution)
}

/// [`encoding`] with the genre's `extra` clauses.
pub fn encoding_with<'p, S>(
    model: &Model,
    value: u32,
    extra: Extra<'_>,
    purpose: Purpose,
    solution: impl Fn(Vec<u32>) -> S + 'p,
) -> CnfEncoding<'p, S> {
    let Local {
        mut cnf,
        map,
        connected,
    } = local_with(model, value, purpose, extra);
    connected.encode(&mut cnf);
    CnfEncoding {
        cnf,
        projection: map.vars(),
        blocking: Blocking::TrueLiterals,
        decode: Box::new(move |m| map.decode(m).map(&solution)),
    }
}

/// A decoded model that is not a solution's (the lazy search dropped it).
pub fn undecoded(kept: usize, decoded: usize) -> Option<DecodeError> {
    (decoded < kept).then(|| {
        DecodeError::from(format!(
            "{} of {kept} models have a cell with no value",
            kept - decoded
        ))
    })
}

/// Implements the native and CNF capabilities of a genre that is
/// [`OnModel`](super::OnModel) whose cells holding `$value` are connected: native and the
/// `sat` session run [`solve_lazy`], the CNF is [`encoding`]. A third argument, a function
/// `(&genre, &mut Cnf, &VarMap)`, adds the genre's own clauses to the local formula; a
/// fourth, the native engine's search ([`solve_lazy_with`] by default, or
/// [`solve_theory_with`]).
macro_rules! connected_engines {
    ($genre:ty, $value:expr) => {
        $crate::constraints::connected_cells::connected_engines!($genre, $value, |_, _, _| {});
    };
    ($genre:ty, $value:expr, $extra:expr) => {
        $crate::constraints::connected_cells::connected_engines!(
            $genre,
            $value,
            $extra,
            $crate::constraints::connected_cells::solve_lazy_with
        );
    };
    ($genre:ty, $value:expr, $extra:expr, $native:path) => {
        impl $crate::puzzle::NativeSolve<$crate::constraints::Grid> for $genre {
            fn solve_native(
                &self,
                limits: &$crate::puzzle::Limits,
                found: $crate::puzzle::Sink<'_, $crate::constraints::Grid>,
            ) -> Result<$crate::puzzle::NativeAnswer, $crate::puzzle::SolveError> {
                use $crate::constraints::OnModel;
                let $crate::constraints::connected_cells::LazyRun {
                    solutions,
                    run,
                    deduced,
                    ..
                } = $native(
                    self.model(),
                    $value,
                    &|cnf, map| ($extra)(self, cnf, map),
                    limits.max_or_all(),
                    limits.keep,
                    &limits.stop,
                )?;
                // A grid deduced whole must pass the genre's checker (deduction reads the
                // model only); one that did not would be a bug: the search decides.
                let (solutions, run) = if deduced
                    && solutions.iter().any(|v| {
                        $crate::puzzle::Puzzle::check(self, &self.solution(v.clone())).is_err()
                    }) {
                    debug_assert!(false, "a deduced grid fails the checker");
                    let run = $crate::constraints::connected_cells::solve_theory_with(
                        self.model(),
                        $value,
                        &|cnf, map| ($extra)(self, cnf, map),
                        limits.max_or_all(),
                        limits.keep,
                        &limits.stop,
                    )?;
                    (run.solutions, run.run)
                } else {
                    (solutions, run)
                };
                if let Some(reason) = $crate::constraints::connected_cells::undecoded(
                    run.models.len(),
                    solutions.len(),
                ) {
                    return Err($crate::puzzle::SolveError::Decode {
                        backend: $crate::puzzle::Backend::Native,
                        reason,
                    });
                }
                for values in solutions {
                    if found(self.solution(values)).is_break() {
                        break;
                    }
                }
                Ok($crate::puzzle::NativeAnswer {
                    count: run.count,
                    complete: run.complete,
                    nodes: None,
                    guesses: run.decisions,
                    conflicts: run.conflicts,
                })
            }
        }

        impl $crate::puzzle::CnfEncode<$crate::constraints::Grid> for $genre {
            fn encode_cnf(
                &self,
                _options: &$crate::puzzle::EncodeOptions,
                purpose: $crate::puzzle::Purpose,
            ) -> Result<
                $crate::puzzle::CnfEncoding<'_, $crate::constraints::Grid>,
                $crate::puzzle::SolveError,
            > {
                use $crate::constraints::OnModel;
                Ok($crate::constraints::connected_cells::encoding_with(
                    self.model(),
                    $value,
                    &|cnf, map| ($extra)(self, cnf, map),
                    purpose,
                    |v| self.solution(v),
                ))
            }

            fn sat_session(
                &self,
                limits: &$crate::puzzle::Limits,
            ) -> Option<
                Result<
                    $crate::puzzle::SessionAnswer<$crate::constraints::Grid>,
                    $crate::puzzle::SolveError,
                >,
            > {
                use $crate::constraints::OnModel;
                let run = $crate::constraints::connected_cells::solve_lazy_with(
                    self.model(),
                    $value,
                    &|cnf, map| ($extra)(self, cnf, map),
                    limits.max_or_all(),
                    limits.keep,
                    &limits.stop,
                );
                Some(match run {
                    Err(e) => Err(e.into()),
                    Ok($crate::constraints::connected_cells::LazyRun {
                        solutions,
                        run,
                        variables,
                        clauses,
                        ..
                    }) => Ok($crate::puzzle::SessionAnswer {
                        solutions: solutions.into_iter().map(|v| self.solution(v)).collect(),
                        count: run.count,
                        complete: run.complete,
                        solve_calls: run.solve_calls,
                        variables,
                        clauses: clauses + run.cuts as usize,
                    }),
                })
            }
        }
    };
}
pub(crate) use connected_engines;
