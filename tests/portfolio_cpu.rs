//! After `auto` answers, its losers have stopped: the process burns no more CPU time.
//!
//! A file of its own, with one test, so no other test's threads add to the process's CPU
//! time. Linux only: CPU time is read from `/proc/self/stat` (no dependency needed).

#![cfg(target_os = "linux")]

use std::path::Path;
use std::time::Duration;

use satcover::input;
use satcover::puzzle::Threads;
use satcover::puzzle::{Backend, Request, Status};

/// User + system CPU time of this process, in clock ticks (see proc(5): fields 14 and 15).
fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // The command name (field 2) may hold spaces; the fields after it are plain.
    let after_name = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    // after_name starts at field 3, so fields 14 and 15 are at 11 and 12.
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

#[test]
fn no_cpu_is_spent_after_the_winner_answers() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/portfolio/25x25_blank.txt");
    let source = path.display().to_string();
    let entries = input::load(&source, &input::read_source(&source).unwrap(), None);
    let puzzle = entries[0].puzzle.as_ref().unwrap();
    let mut request = Request::first();
    request.timeout = Some(Duration::from_secs(120));
    request.threads = Threads::spare(2);

    let before = cpu_ticks();
    let report = puzzle.solve_any(Backend::Auto, &request).unwrap();
    let during = cpu_ticks() - before;
    assert_eq!(report.outcome.status, Status::Solved);
    assert!(report.outcome.stats.contenders.len() >= 2, "a race was run");

    let after = cpu_ticks();
    std::thread::sleep(Duration::from_millis(500));
    let idle = cpu_ticks() - after;
    // Ticks are 10 ms on Linux; a loser still searching would burn ~50 in 500 ms.
    assert!(
        idle <= 10,
        "{idle} ticks of CPU in 500 ms after the answer ({during} during the solve)"
    );
}
