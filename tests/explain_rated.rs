//! Rating agreement with the published Sudoku Explainer ratings of the 480 Sudoku
//! Exchange puzzles (shared data, not shipped): run with
//! `cargo test --release --test explain_rated -- --ignored --nocapture`.
//! Optional: `SATCOVER_RATED=path` for another file of `grid rating` lines,
//! `SATCOVER_RATED_LIMIT=k` for the first k puzzles.

use std::time::Instant;

use satcover::explain::Status;
use satcover::puzzles::sudoku::{self, explain};

const RATED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/sudoku/sudoku-exchange-rated.txt"
);

#[test]
#[ignore = "reads shared data outside the repository; prints a report"]
fn rating_agreement() {
    let path = std::env::var("SATCOVER_RATED").unwrap_or_else(|_| RATED.to_string());
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("{path} not found: skipped");
        return;
    };
    let limit: usize = std::env::var("SATCOVER_RATED_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let (mut exact, mut near, mut stuck, mut total) = (0, 0, 0, 0);
    let mut diffs: std::collections::BTreeMap<i32, usize> = Default::default();
    let mut by_published: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut times = Vec::new();
    for (i, line) in text.lines().enumerate().take(limit) {
        let mut parts = line.split_whitespace();
        let (Some(grid), Some(published)) = (parts.next(), parts.next()) else {
            continue;
        };
        let published: f64 = published.parse().expect("a rating");
        let puzzle = sudoku::parse_collection_line(i + 1, grid).expect("a puzzle");
        let start = Instant::now();
        let explanation = explain::explain(&puzzle, &explain::Options::default());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        total += 1;
        if explanation.status != Status::Solved {
            stuck += 1;
            println!(
                "line {}: {:?} {:?}",
                i + 1,
                explanation.status,
                explanation.reason
            );
            continue;
        }
        assert!(explanation.reason.is_none(), "{:?}", explanation.reason);
        let ours = i32::from(explanation.rating.er.0);
        let theirs = (published * 10.0).round() as i32;
        *diffs.entry(ours - theirs).or_default() += 1;
        let entry = by_published.entry(format!("{published:.1}")).or_default();
        entry.1 += 1;
        if ours == theirs {
            exact += 1;
            entry.0 += 1;
        }
        if (ours - theirs).abs() <= 3 {
            near += 1;
        }
        if std::env::var("SATCOVER_RATED_VERBOSE").is_ok() && ours != theirs {
            let hardest = explanation
                .steps
                .iter()
                .max_by_key(|s| s.difficulty)
                .map(|s| s.describe(explain::HintLevel::Technique))
                .unwrap_or_default();
            println!(
                "line {}: published {published:.1}, ours {} ({hardest})",
                i + 1,
                explanation.rating.er
            );
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |k: usize| 100.0 * k as f64 / total.max(1) as f64;
    println!(
        "puzzles {total}: exact {exact} ({:.1}%), within 0.3 {near} ({:.1}%), not solved {stuck}",
        pct(exact),
        pct(near)
    );
    println!("ours - published (tenths): {diffs:?}");
    println!("exact by published rating: {by_published:?}");
    if !times.is_empty() {
        let median = times[times.len() / 2];
        let p99 = times[(times.len() * 99 / 100).min(times.len() - 1)];
        println!(
            "time per puzzle: median {median:.1} ms, p99 {p99:.1} ms, max {:.1} ms",
            times[times.len() - 1]
        );
    }
}

const HARDEST: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/data/sudoku/forum_hardest_1905_11plus.txt"
);

/// The 11plus target: each puzzle explained with ER ≥ 10 or `stuck`, never rated
/// below 9, no unsound step (the explainer stops with an `internal error` reason on one).
/// `SATCOVER_HARDEST_LIMIT=k` for the first k (default 200).
#[test]
#[ignore = "reads shared data outside the repository; prints a report"]
fn hardest_explained_or_stuck() {
    let Ok(text) = std::fs::read_to_string(HARDEST) else {
        eprintln!("{HARDEST} not found: skipped");
        return;
    };
    let limit: usize = std::env::var("SATCOVER_HARDEST_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let (mut solved, mut stuck, mut steps_when_stuck) = (0, 0, Vec::new());
    let mut ratings: std::collections::BTreeMap<u16, usize> = Default::default();
    let mut times = Vec::new();
    for (i, line) in text.lines().enumerate().take(limit) {
        let Some(grid) = line.split_whitespace().next() else {
            continue;
        };
        let puzzle = sudoku::parse_collection_line(i + 1, grid).expect("a puzzle");
        let start = Instant::now();
        let explanation = explain::explain(&puzzle, &explain::Options::default());
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        let reason = explanation.reason.clone().unwrap_or_default();
        assert!(
            !reason.contains("internal error"),
            "line {}: {reason}",
            i + 1
        );
        match explanation.status {
            Status::Solved => {
                solved += 1;
                let er = explanation.rating.er.0;
                assert!(er >= 90, "line {}: rated {}", i + 1, explanation.rating.er);
                *ratings.entry(er).or_default() += 1;
            }
            Status::Stuck => {
                stuck += 1;
                steps_when_stuck.push(explanation.steps.len());
            }
            other => panic!("line {}: {other:?} {reason}", i + 1),
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "11plus first {}: solved {solved}, stuck {stuck} (steps before stuck: {:?})",
        times.len(),
        steps_when_stuck
    );
    println!("ER of the solved (tenths): {ratings:?}");
    if !times.is_empty() {
        println!(
            "time per puzzle: median {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            times[times.len() / 2],
            times[(times.len() * 99 / 100).min(times.len() - 1)],
            times[times.len() - 1]
        );
    }
}
