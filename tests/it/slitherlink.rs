//! Slitherlink on every backend: every Loopy ID Tatham's generator made for the fixtures
//! solved and proved unique, the same loop from native (CDCL with the connectivity theory),
//! sat (varisat with cuts) and sat on the eager CNF; puzz.link URLs and plain text read
//! alike; bad input located; unsatisfiable clues are "no solution".

use crate::common;

use std::time::Duration;

use satcover::pipeline;
use satcover::puzzle::{Backend, Puzzle, Request, Status};
use satcover::puzzles::slitherlink::{self, Loop, Slitherlink};

fn read(name: &str) -> Vec<(usize, Slitherlink)> {
    let path = format!(
        "{}/tests/fixtures/slitherlink/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    slitherlink::parse(&text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

/// The unique loop by `backend` (`eager`: the sat engine solves the whole eager CNF
/// instead of its incremental session).
fn unique(p: &Slitherlink, backend: Backend, eager: bool) -> Loop {
    let request = Request {
        eager,
        ..Request::unique()
    };
    let outcome =
        pipeline::solve(p, backend, &request).unwrap_or_else(|e| panic!("{backend}: {e}"));
    assert_eq!(outcome.status, Status::Solved, "{backend}");
    assert_eq!(
        (outcome.count, outcome.complete),
        (1, true),
        "{backend}: not unique"
    );
    let solution = outcome.solutions.into_iter().next().expect("kept");
    assert_eq!(p.check(&solution), Ok(()));
    solution
}

#[test]
fn every_generated_id_is_unique_and_the_backends_agree() {
    for name in [
        "loopy-5x5-easy.txt",
        "loopy-7x7-normal.txt",
        "loopy-10x10-hard.txt",
        "loopy-10x10-tricky.txt",
    ] {
        let puzzles = read(name);
        assert_eq!(puzzles.len(), 20, "{name}");
        for (line, p) in &puzzles {
            let native = unique(p, Backend::Native, false);
            assert_eq!(
                unique(p, Backend::Sat, false),
                native,
                "{name}:{line} sat (cuts)"
            );
            assert_eq!(
                unique(p, Backend::Sat, true),
                native,
                "{name}:{line} sat (eager)"
            );
        }
    }
}

/// A stop that can fire (a timeout; in `auto`, the race) keeps the sat engine on its lazy
/// session, not the eager CNF: the same loop, from a formula a fraction of the size.
#[test]
fn a_stoppable_sat_run_keeps_the_lazy_session() {
    let (_, p) = &read("loopy-10x10-hard.txt")[0];
    let solve = |request: &Request| pipeline::solve(p, Backend::Sat, request).unwrap();
    let stoppable = solve(&Request::unique().with_timeout(Some(Duration::from_secs(600))));
    let eager = solve(&Request {
        eager: true,
        ..Request::unique()
    });
    assert_eq!((stoppable.count, stoppable.complete), (1, true));
    assert_eq!(stoppable.solutions, eager.solutions);
    let (lazy, whole) = (
        stoppable.stats.clauses.unwrap(),
        eager.stats.clauses.unwrap(),
    );
    assert!(lazy * 3 < whole, "{lazy} clauses, the eager CNF {whole}");
}

#[test]
fn puzzlink_urls_are_decided() {
    for (_, p) in read("puzzlink.txt") {
        let native = unique(&p, Backend::Native, false);
        assert_eq!(unique(&p, Backend::Sat, true), native);
    }
}

#[test]
fn unsatisfiable_clues_are_no_solution() {
    // A 4 in the corner closes the loop around that cell; the 1 then cannot be met.
    for text in ["2x2t0:4b1", "1x1t0:3", "slitherlink\n33\n33\n"] {
        let p = &slitherlink::parse(text).remove(0).unwrap().1;
        for (backend, eager) in [
            (Backend::Native, false),
            (Backend::Sat, false),
            (Backend::Sat, true),
        ] {
            let request = Request {
                eager,
                ..Request::unique()
            };
            let outcome = pipeline::solve(p, backend, &request).unwrap();
            assert_eq!(
                (outcome.status, outcome.count, outcome.complete),
                (Status::Unsolvable, 0, true),
                "{text:?} on {backend}"
            );
        }
    }
}

#[test]
fn cli_solves_a_file_unique_and_locates_errors() {
    let out = common::satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/slitherlink/loopy-5x5-easy.txt",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("+-+"), "{stdout}");
    assert!(stdout.matches("unique").count() >= 20, "{stdout}");

    let dir = std::env::temp_dir().join(format!("satcover-slither-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("seed.txt");
    std::fs::write(&bad, "5x5t0dh#1\n").unwrap();
    let out = common::satcover().arg("solve").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("seed.txt:1:8") && stderr.contains("random-seed ID"),
        "{stderr}"
    );

    let unsat = dir.join("corner.txt");
    std::fs::write(&unsat, "2x2t0:4b1\n").unwrap();
    let out = common::satcover()
        .arg("solve")
        .arg(&unsat)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(20),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_gives_the_whole_eager_cnf() {
    let dir = std::env::temp_dir().join(format!("satcover-slither-x{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("one.txt");
    std::fs::write(&one, "https://puzz.link/p?slither/4/4/dgdh2c71\n").unwrap();
    let out = common::satcover()
        .args(["export", "--to", "dimacs"])
        .arg(&one)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("p cnf"), "{stdout}");
    for family in ["S1 clue", "L1 loop", "C4 connected depth decreases"] {
        assert!(stdout.contains(family), "{family} in the export");
    }
}
