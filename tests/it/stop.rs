//! One `Stop` for every engine: a cancel from another thread ends each long search promptly,
//! with an honest "incomplete" answer.
//!
//! The searches below run for minutes (or forever) if nothing stops them; the bound on the
//! time after the cancel is generous (a loaded 2-core machine, a debug build).

use std::thread;
use std::time::{Duration, Instant};

use satcover::cnf::AmoEncoding;
use satcover::cnf::generate::pigeonhole;
use satcover::dlx::{self, Search};
use satcover::pipeline::solve_until;
use satcover::puzzle::{Backend, Request, Status};
use satcover::puzzles::sudoku::{self, Sudoku, native::NativeSearch};
use satcover::sat::{SatBackend, SatVerdict, solve_once};
use satcover::stop::Stop;

const CANCEL_AFTER: Duration = Duration::from_millis(100);
const HEADROOM: Duration = Duration::from_secs(5);

/// Run `work` with a fresh cancellable `Stop`, cancel it from this thread after
/// `CANCEL_AFTER`, and return the work's answer and how long it ran past the cancel.
fn cancelled<T: Send>(work: impl FnOnce(Stop) -> T + Send) -> (T, Duration) {
    let stop = Stop::cancellable(None);
    thread::scope(|s| {
        let worker = s.spawn({
            let stop = stop.clone();
            move || {
                let answer = work(stop);
                (answer, Instant::now())
            }
        });
        thread::sleep(CANCEL_AFTER);
        let cancelled_at = Instant::now();
        stop.cancel();
        let (answer, ended) = worker.join().expect("the engine panicked");
        (answer, ended.saturating_duration_since(cancelled_at))
    })
}

#[test]
fn native_sudoku_count_on_an_empty_16x16_stops() {
    let empty = vec![0u8; 256];
    let (r, late) = cancelled(|stop| {
        let search = NativeSearch {
            stop,
            ..NativeSearch::count_all(0)
        };
        sudoku::native::solve(4, &empty, &search)
    });
    assert!(r.timed_out && !r.complete, "{r:?}");
    assert!(late < HEADROOM, "stopped {late:?} after the cancel");
}

#[test]
fn dlx_count_stops() {
    let empty = Sudoku::new(4, vec![0; 256]).unwrap();
    let matrix = sudoku::cover::encode(&empty).matrix;
    let (out, late) = cancelled(|stop| {
        dlx::count(
            &matrix,
            &Search {
                max_solutions: None,
                stop,
            },
        )
    });
    assert!(out.timed_out && !out.complete);
    assert!(out.count > 0, "16×16 solutions come fast");
    assert!(late < HEADROOM, "stopped {late:?} after the cancel");
}

#[test]
fn varisat_on_a_pigeonhole_formula_stops() {
    // PHP(12, 11): far beyond varisat's reach in seconds.
    let cnf = pigeonhole(12, 11, AmoEncoding::Pairwise);
    let ((verdict, _), late) =
        cancelled(|stop| solve_once(&cnf, &SatBackend::Varisat, &stop).unwrap());
    assert!(matches!(verdict, SatVerdict::Unknown));
    assert!(late < HEADROOM, "stopped {late:?} after the cancel");
}

#[test]
fn the_pipeline_passes_the_stop_to_every_backend() {
    let empty = Sudoku::new(4, vec![0; 256]).unwrap();
    for backend in [Backend::Native, Backend::Dlx, Backend::Sat] {
        let (outcome, late) =
            cancelled(|stop| solve_until(&empty, backend, &Request::count(), &stop).unwrap());
        assert!(!outcome.complete && outcome.timed_out, "{backend}");
        assert_ne!(outcome.status, Status::Unsolvable, "{backend}");
        assert!(
            late < HEADROOM,
            "{backend} stopped {late:?} after the cancel"
        );
    }
}
