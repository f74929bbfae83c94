//! The targets of `satcover serve` (issue 24), measured on the real binary and printed for
//! `docs/serve.md`: speed is measured here, never asserted (the answers are checked).
//!
//! `cargo test --release --test serve_targets -- --ignored --nocapture`

mod serve_support;

use std::time::{Duration, Instant};

use serde_json::json;
use serve_support::*;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Median, 90th percentile and maximum, in ms.
fn spread(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |q: f64| ms(times[((times.len() - 1) as f64 * q).round() as usize]);
    format!(
        "median {:.2} ms, p90 {:.2} ms, max {:.2} ms (n = {})",
        at(0.5),
        at(0.9),
        at(1.0),
        times.len()
    )
}

/// When each of `needles` first arrived on `stream` (read to its end), and all it said.
fn arrivals(
    stream: &mut std::net::TcpStream,
    start: Instant,
    needles: &[&str],
) -> (Vec<Duration>, String) {
    use std::io::Read;
    let mut seen = Vec::new();
    let mut times = vec![None; needles.len()];
    let mut buffer = [0u8; 65536];
    while let Ok(n) = stream.read(&mut buffer) {
        if n == 0 {
            break;
        }
        seen.extend_from_slice(&buffer[..n]);
        let text = String::from_utf8_lossy(&seen);
        for (needle, time) in needles.iter().zip(&mut times) {
            if time.is_none() && text.contains(needle) {
                *time = Some(start.elapsed());
            }
        }
    }
    let text = String::from_utf8_lossy(&seen).to_string();
    let times = times
        .into_iter()
        .map(|t| t.unwrap_or_else(|| panic!("missing events: {text}")))
        .collect();
    (times, text)
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn targets() {
    // Ready: from spawn to the `listening on` line, and to the page answered.
    let mut ready = Vec::new();
    let mut served = Vec::new();
    for _ in 0..10 {
        let start = Instant::now();
        let server = Server::start(&[]);
        ready.push(server.ready);
        assert_eq!(server.call("GET", "/", &[], b"").status, 200);
        served.push(start.elapsed());
    }
    println!("ready (listening line): {}", spread(ready));
    println!("ready (page served):    {}", spread(served));

    let server = Server::start(&[]);
    let mut page = 0;
    for path in ["/", "/app.js", "/style.css"] {
        let answer = server.call("GET", path, &[], b"");
        println!("page {path}: {} bytes", answer.body.len());
        page += answer.body.len();
    }
    println!(
        "page in all: {page} bytes ({:.1} KiB)",
        page as f64 / 1024.0
    );

    // First events of a 9×9 solve, and the whole round trip.
    let body = solve_body(EASY, json!({})).to_string();
    let (mut first, mut contender, mut round) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..100 {
        let start = Instant::now();
        let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
        let (times, text) = arrivals(
            &mut stream,
            start,
            &["event: start", "event: contender", "event: result"],
        );
        assert!(text.contains(EASY_SOLVED));
        first.push(times[0]);
        contender.push(times[1]);
        round.push(times[2]);
    }
    println!("9x9: first event (start): {}", spread(first));
    println!("9x9: first contender event: {}", spread(contender));
    println!("9x9: round trip to the result: {}", spread(round));

    // A long solve: its first progress tick.
    let endless = solve_body(ENDLESS, json!({"mode": "count"})).to_string();
    let mut progress = Vec::new();
    for _ in 0..10 {
        let start = Instant::now();
        let mut stream = server.send("POST", "/api/solve", &[], endless.as_bytes());
        read_until(&mut stream, "event: contender");
        progress.push(start.elapsed());
        read_until(&mut stream, "event: progress");
        drop(stream);
        std::thread::sleep(Duration::from_millis(300));
    }
    println!("long solve: first contender event: {}", spread(progress));

    // 200 solve/cancel cycles, eight times: threads, children, memory before and after each.
    for round in 1..=8 {
        let (threads, rss) = (server.threads(), server.rss_kib());
        let start = Instant::now();
        solve_and_cancel(&server, 200);
        let cycled = start.elapsed();
        let settled = Instant::now();
        assert!(eventually(|| server.threads() <= threads));
        println!(
            "200 cycles (round {round}) in {:.1} s; threads {threads} before, {} after ({:.2} s \
             to settle); children '{}'; RSS {rss} KiB before, {} KiB after",
            cycled.as_secs_f64(),
            server.threads(),
            settled.elapsed().as_secs_f64(),
            server.children(),
            server.rss_kib()
        );
    }
}
