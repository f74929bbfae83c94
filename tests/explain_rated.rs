//! Rating agreement with the published Sudoku Explainer ratings of the 480 Sudoku
//! Exchange puzzles (shared data, not shipped): run with
//! `cargo test --release --test explain_rated -- --ignored --nocapture`.
//! Optional: `SATCOVER_RATED=path` for another file of `grid rating` lines,
//! `SATCOVER_RATED_LIMIT=k` for the first k puzzles.

use std::time::Instant;

use satcover::explain::Status;
use satcover::puzzles::sudoku::{self, explain};

const RATED: &str = "/work/shared/data/sudoku/sudoku-exchange-rated.txt";

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
