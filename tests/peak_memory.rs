//! Peak memory of the real binary on files whose header claims far more than they hold: the
//! resident set must follow the file, on every backend. Measured with `getrusage` over the
//! finished children (the largest resident set of any of them, grandchildren included: the
//! external solver and the stand-in's own satcover), so this file holds a single test, run
//! case after case, and each case is checked as it finishes.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Command;

/// A bound with wide headroom: the binary itself starts at ~4 MB, and the million-variable
/// answer takes ~10 MB (one value per declared variable, then the `v` lines). A solver given
/// the header's million variables would take ~190 MB (varisat) or ~160 MB (cadical).
const LIMIT_KB: i64 = 48 * 1024;

/// Largest resident set (KiB) of any child waited for so far.
fn children_max_rss_kb() -> i64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` is a valid, writable rusage; getrusage only writes into it.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, usage.as_mut_ptr()) };
    assert_eq!(rc, 0, "getrusage failed");
    // SAFETY: getrusage succeeded, so it filled the struct.
    unsafe { usage.assume_init() }.ru_maxrss
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

#[test]
fn memory_follows_the_file_not_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        // Refused by the reader: a header may declare at most max(2^20, bytes) variables.
        ("two-billion.cnf", "p cnf 2000000000 1\n1 -2 0\n", 1),
        // Accepted: a million declared variables, two of them used.
        ("million.cnf", "p cnf 1000000 1\n1 -2 0\n", 10),
        // The highest variable used, alone in its clause.
        ("sparse.cnf", "p cnf 1000000 1\n1000000 -999999 0\n", 10),
        (
            "contradiction.cnf",
            "p cnf 1000000 2\n1000000 0\n-1000000 0\n",
            20,
        ),
    ];
    let fake = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fake-sat-solver");
    let mut backends: Vec<Vec<String>> = ["native", "dlx", "sat", "auto"]
        .iter()
        .map(|b| vec!["--backend".to_string(), b.to_string()])
        .collect();
    backends.push(vec![
        "--backend".into(),
        "external".into(),
        "--solver".into(),
        fake.display().to_string(),
    ]);
    if on_path("cadical") {
        backends.push(vec![
            "--backend".into(),
            "external".into(),
            "--solver".into(),
            "cadical".into(),
        ]);
    }
    let modes: [&[&str]; 2] = [&[], &["--unique"]];
    for (name, text, sat_code) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        for backend in &backends {
            for mode in modes {
                let output = Command::new(env!("CARGO_BIN_EXE_satcover"))
                    .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
                    .arg("solve")
                    .arg(&path)
                    .args(backend)
                    .args(mode)
                    .output()
                    .unwrap();
                let code = output.status.code();
                // native and dlx do not take CNF: they refuse with a message, exit 1.
                let refused = backend[1] == "native" || backend[1] == "dlx";
                let expected = if refused { 1 } else { sat_code };
                assert_eq!(
                    code,
                    Some(expected),
                    "{name} {backend:?} {mode:?}: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let peak = children_max_rss_kb();
                eprintln!("{name} {backend:?} {mode:?}: largest child so far {peak} KiB");
                assert!(
                    peak < LIMIT_KB,
                    "{name} {backend:?} {mode:?}: a child reached {peak} KiB (limit {LIMIT_KB})"
                );
            }
        }
    }
}
