//! External SAT solver binaries.
//!
//! The formula is written as DIMACS to a fresh file under `std::env::temp_dir()` (named with the
//! process id and a counter, created exclusively, removed afterwards), then the program is run
//! directly — never through a shell — with stdin closed and stdout/stderr piped.
//!
//! Arguments: `args` are passed as given, with two placeholders substituted anywhere inside an
//! argument: [`CNF_PLACEHOLDER`] (`{cnf}`, the DIMACS path) and [`MODEL_PLACEHOLDER`] (`{model}`,
//! a result-file path). Without `{cnf}`, the DIMACS path is appended as the last argument.
//! MiniSat writes its model to a result file instead of stdout (`minisat in.cnf out.txt`): when
//! the program's file name starts with `minisat` and no `{model}` is given, the result path is
//! appended after the DIMACS path. Whenever a result file is used, the answer is read from it
//! (MiniSat's `SAT`/`UNSAT`/`INDET` format, or the competition format) and stdout is only scraped
//! for statistics; otherwise the answer is read from stdout.
//!
//! Exit codes 10 (sat) and 20 (unsat) are the convention and are checked against the answer;
//! other exits are accepted only if the output holds a status line. Killed by a signal, a missing
//! binary, garbage output and a model that falsifies the formula are errors ([`SatError`]).
//!
//! Stop: when the [`Stop`] can fire, the child is polled with `try_wait` (sleeping 0.1 ms,
//! doubling to 5 ms, so quick solves are not slowed); once it fires (deadline or cancel) the
//! child is killed and reaped and the answer is unknown. stdout and stderr are drained on threads so a chatty solver cannot block on a full
//! pipe. After a kill the reader threads are left to finish on their own: a grandchild (a
//! wrapper script's `sleep`) may hold the pipe open past the kill.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::output::{parse_solver_output, scrape_effort};
use super::{SatError, SatVerdict};
use crate::cnf::{Cnf, write_dimacs};
use crate::stop::Stop;

/// Replaced by the DIMACS file's path in external solver arguments.
pub const CNF_PLACEHOLDER: &str = "{cnf}";
/// Replaced by a result-file path; the answer is then read from that file.
pub const MODEL_PLACEHOLDER: &str = "{model}";

/// Keep this much of stderr's end for error messages.
const STDERR_TAIL: usize = 2000;

pub(super) struct Run {
    pub verdict: SatVerdict,
    pub effort: (Option<u64>, Option<u64>, Option<u64>),
    pub time: Duration,
}

/// A temporary file removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

fn temp_path(ext: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("satcover-{}-{n}.{ext}", std::process::id()))
}

fn io_err(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> SatError {
    let context = context.into();
    move |source| SatError::Io { context, source }
}

/// Write `cnf` to a new temp file (exclusive create: never clobber another process's file).
fn write_temp_cnf(cnf: &Cnf) -> Result<TempFile, SatError> {
    let path = temp_path("cnf");
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(io_err(format!("creating {}", path.display())))?;
    let guard = TempFile(path);
    write_dimacs(cnf, &[], &mut file)
        .and_then(|()| file.flush())
        .map_err(io_err(format!("writing {}", guard.path().display())))?;
    Ok(guard)
}

fn is_minisat(program: &str) -> bool {
    Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("minisat"))
}

/// Run `program` on `cnf` once.
pub(super) fn run(cnf: &Cnf, program: &str, args: &[String], stop: &Stop) -> Result<Run, SatError> {
    let start = Instant::now();
    let unknown = |start: Instant| Run {
        verdict: SatVerdict::Unknown,
        effort: (None, None, None),
        time: start.elapsed(),
    };
    if stop.should_stop() {
        return Ok(unknown(start));
    }

    let input = write_temp_cnf(cnf)?;
    let input_str = input.path().to_string_lossy().into_owned();
    let wants_model_file =
        is_minisat(program) || args.iter().any(|a| a.contains(MODEL_PLACEHOLDER));
    // Created (and removed) only if used; the solver creates the file itself.
    let result = wants_model_file.then(|| TempFile(temp_path("model")));
    let result_str = result
        .as_ref()
        .map(|r| r.path().to_string_lossy().into_owned())
        .unwrap_or_default();

    let mut cmd = Command::new(program);
    let mut has_cnf = false;
    let mut has_model = false;
    for a in args {
        // A proof argument belongs to proof runs only (`src/sat/proof.rs` fills it in).
        if a.contains(super::PROOF_PLACEHOLDER) {
            continue;
        }
        has_cnf |= a.contains(CNF_PLACEHOLDER);
        has_model |= a.contains(MODEL_PLACEHOLDER);
        cmd.arg(
            a.replace(CNF_PLACEHOLDER, &input_str)
                .replace(MODEL_PLACEHOLDER, &result_str),
        );
    }
    if !has_cnf {
        cmd.arg(&input_str);
    }
    if wants_model_file && !has_model {
        cmd.arg(&result_str);
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());

    let mut child = cmd.spawn().map_err(|source| {
        if source.kind() == std::io::ErrorKind::NotFound {
            SatError::NotFound {
                program: program.to_string(),
            }
        } else {
            SatError::Spawn {
                program: program.to_string(),
                source,
            }
        }
    })?;

    let stdout = child.stdout.take().map(|mut out| {
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = out.read_to_end(&mut buf);
            buf
        })
    });
    let stderr = child.stderr.take().map(|mut err| {
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = err.read_to_end(&mut buf);
            if buf.len() > STDERR_TAIL {
                buf.drain(..buf.len() - STDERR_TAIL);
            }
            buf
        })
    });

    let status: ExitStatus = if !stop.can_stop() {
        child
            .wait()
            .map_err(io_err(format!("waiting for `{program}`")))?
    } else {
        let mut nap = Duration::from_micros(100);
        loop {
            if let Some(s) = child
                .try_wait()
                .map_err(io_err(format!("waiting for `{program}`")))?
            {
                break s;
            }
            if stop.should_stop() {
                let _ = child.kill();
                let _ = child.wait();
                // Reader threads are detached: see the module doc.
                return Ok(unknown(start));
            }
            let left = stop.remaining().unwrap_or(nap);
            thread::sleep(nap.min(left));
            nap = (nap * 2).min(Duration::from_millis(5));
        }
    };

    let join = |h: Option<thread::JoinHandle<Vec<u8>>>| {
        h.and_then(|h| h.join().ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let out_text = join(stdout);
    let err_text = join(stderr);

    if let Some(signal) = signal_of(&status) {
        return Err(SatError::Signaled {
            program: program.to_string(),
            signal,
            stderr: err_text,
        });
    }
    let code = status.code();
    let answer_text = match &result {
        Some(r) => match std::fs::read_to_string(r.path()) {
            Ok(t) => t,
            Err(_) if !matches!(code, Some(10 | 20)) => {
                return Err(bad_exit(program, &status, err_text));
            }
            Err(e) => {
                return Err(SatError::Io {
                    context: format!("reading `{program}`'s result file {result_str}"),
                    source: e,
                });
            }
        },
        None => out_text.clone(),
    };

    let verdict = match parse_solver_output(&answer_text, cnf.num_vars()) {
        Ok(v) => v,
        Err(_) if !matches!(code, Some(10 | 20)) => {
            return Err(bad_exit(program, &status, err_text));
        }
        Err(source) => {
            return Err(SatError::Output {
                program: program.to_string(),
                source,
            });
        }
    };
    match (code, &verdict) {
        (Some(10), SatVerdict::Unsat | SatVerdict::Unknown)
        | (Some(20), SatVerdict::Sat(_) | SatVerdict::Unknown) => {
            return Err(SatError::Inconsistent {
                program: program.to_string(),
                code: code.unwrap_or_default(),
                verdict: verdict.name(),
            });
        }
        _ => {}
    }
    if let SatVerdict::Sat(model) = &verdict
        && let Some(clause) = model.first_falsified(cnf)
    {
        return Err(SatError::WrongModel {
            backend: format!("external `{program}`"),
            clause,
        });
    }
    Ok(Run {
        verdict,
        effort: scrape_effort(&out_text),
        time: start.elapsed(),
    })
}

fn bad_exit(program: &str, status: &ExitStatus, stderr: String) -> SatError {
    SatError::BadExit {
        program: program.to_string(),
        status: status.to_string(),
        stderr,
    }
}

#[cfg(unix)]
fn signal_of(status: &ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal_of(_status: &ExitStatus) -> Option<i32> {
    None
}
