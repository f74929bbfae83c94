//! `satcover serve`'s queue in front of the solve permits (issue 42): a burst beyond the
//! permits waits its turn and is answered; beyond `--queue` waiting requests, or after
//! `--queue-wait`, the answer is 429 with `Retry-After`; a client that leaves while waiting
//! leaves the queue.
//!
//! The load test is a measurement, run by hand on a release build:
//! `cargo test --release --test serve_queue -- --ignored --nocapture load`
//! (`SATCOVER_LOAD_GRIDS=FILE` takes the 9×9 grids from FILE, one per line, instead of the
//! shipped 200 17-clue grids; `SATCOVER_LOAD_ROUNDS=N` runs N rounds, 3 by default).

mod serve_support;

use std::io::Read;
use std::net::TcpStream;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::json;
use serve_support::*;

/// Holds the only permit: a count that never ends, its `start` event read.
fn hold_the_permit(server: &Server) -> TcpStream {
    let body = solve_body(ENDLESS, json!({"mode": "count"})).to_string();
    let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
    assert!(read_until(&mut stream, "event: start").contains("200 OK"));
    stream
}

/// Sends an easy solve and returns its stream once `quiet` has passed with no answer:
/// the request waits in the queue (a refusal would have come at once).
fn queued(server: &Server, quiet: Duration) -> TcpStream {
    let body = solve_body(EASY, json!({})).to_string();
    let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
    stream.set_read_timeout(Some(quiet)).unwrap();
    let mut first = [0u8; 64];
    match stream.read(&mut first) {
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
            ) => {}
        other => panic!(
            "expected to wait in the queue, got {other:?}: {}",
            String::from_utf8_lossy(&first)
        ),
    }
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream
}

fn answer_of(mut stream: TcpStream) -> Answer {
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    Answer::parse(&raw)
}

fn retry_after(answer: &Answer) -> Option<u64> {
    answer.head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.eq_ignore_ascii_case("retry-after")
            .then(|| value.trim().parse().ok())?
    })
}

#[test]
fn a_burst_beyond_the_permits_waits_and_beyond_the_queue_gets_429_with_retry_after() {
    let server = Server::start(&["--max-solves", "1", "--queue", "3"]);
    let holder = hold_the_permit(&server);
    let waiting: Vec<TcpStream> = (0..3)
        .map(|_| queued(&server, Duration::from_millis(300)))
        .collect();
    // The queue is full: the next one is refused at once, and told when to come back.
    let start = Instant::now();
    let refused = server.post("/api/solve", &solve_body(EASY, json!({})));
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(retry_after(&refused), Some(1), "{}", refused.head);
    let message = refused.json()["error"].as_str().unwrap().to_string();
    assert!(message.contains("3 requests wait"), "{message}");
    // The holder leaves: every waiting request is answered, in full.
    drop(holder);
    for stream in waiting {
        let answer = answer_of(stream);
        assert_eq!(answer.status, 200, "{}", answer.body);
        let result = answer.events().pop().unwrap().1;
        assert_eq!(result["solutions"][0]["text"], EASY_SOLVED);
    }
}

#[test]
fn concurrent_requests_beyond_the_permits_are_all_answered() {
    // Two permits and twelve clients at once, analyses and explanations among them: none
    // refused (the default queue holds 128 for 10 s).
    let server = Server::start(&["--max-solves", "2"]);
    let clients: Vec<_> = (0..12)
        .map(|i| {
            let port = server.port;
            thread::spawn(move || {
                let (path, body) = match i % 3 {
                    0 => ("/api/analyze", json!({"text": EASY})),
                    1 => ("/api/explain", json!({"text": EASY})),
                    _ => ("/api/solve", solve_body(EASY, json!({}))),
                };
                Server::post_to(port, path, &body).status
            })
        })
        .collect();
    for client in clients {
        assert_eq!(client.join().unwrap(), 200);
    }
}

#[test]
fn a_request_that_waits_too_long_gets_429_with_retry_after() {
    let server = Server::start(&["--max-solves", "1", "--queue-wait", "0.3"]);
    let _holder = hold_the_permit(&server);
    let start = Instant::now();
    let refused = server.post("/api/explain", &json!({"text": EASY}));
    let waited = start.elapsed();
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(waited >= Duration::from_millis(250), "{waited:?}");
    assert_eq!(retry_after(&refused), Some(1), "{}", refused.head);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("waited 0.3 s")
    );
}

#[test]
fn a_client_that_leaves_while_waiting_leaves_the_queue() {
    let server = Server::start(&["--max-solves", "1", "--queue", "1"]);
    let holder = hold_the_permit(&server);
    let leaving = queued(&server, Duration::from_millis(200));
    drop(leaving);
    // Its place frees once the server sees the connection closed: the next request then
    // waits instead of being refused.
    let mut next = None;
    assert!(
        eventually(|| {
            let body = solve_body(EASY, json!({})).to_string();
            let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
            stream
                .set_read_timeout(Some(Duration::from_millis(300)))
                .unwrap();
            let mut first = [0u8; 64];
            match stream.read(&mut first) {
                Ok(n) if n > 0 => {
                    assert!(String::from_utf8_lossy(&first).contains("429"));
                    false
                }
                _ => {
                    next = Some(stream);
                    true
                }
            }
        }),
        "the queue's only place stays taken by a client that left"
    );
    drop(holder);
    let stream = next.unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let answer = answer_of(stream);
    assert_eq!(answer.status, 200, "{}", answer.body);
}

/// The grids of the load test: `SATCOVER_LOAD_GRIDS` or the shipped 17-clue ones.
fn load_grids() -> Vec<String> {
    let text = match std::env::var("SATCOVER_LOAD_GRIDS") {
        Ok(path) => std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
        Err(_) => include_str!("fixtures/sudoku_native/17_clue_200.txt").to_string(),
    };
    text.lines()
        .map(str::trim)
        .filter(|l| l.len() == 81 && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// `q`-th quantile of sorted `times`, in ms.
fn quantile(times: &[Duration], q: f64) -> f64 {
    times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3
}

/// One round: `clients` threads, each solving `per_client` grids one after the other
/// (auto, "exactly one?"), a new connection per request; the latencies of the 200s and
/// the other statuses.
fn round(
    server: &Server,
    grids: &[String],
    clients: usize,
    per_client: usize,
) -> (Vec<Duration>, Vec<u16>) {
    let threads: Vec<_> = (0..clients)
        .map(|c| {
            let port = server.port;
            let grids: Vec<String> = (0..per_client)
                .map(|i| grids[(c * per_client + i) % grids.len()].clone())
                .collect();
            thread::spawn(move || {
                let mut times = Vec::new();
                let mut refused = Vec::new();
                for grid in grids {
                    let start = Instant::now();
                    let answer = Server::post_to(port, "/api/solve", &solve_body(&grid, json!({})));
                    if answer.status != 200 {
                        refused.push(answer.status);
                        continue;
                    }
                    times.push(start.elapsed());
                    let result = answer.events().pop().unwrap().1;
                    assert_eq!(result["status"], "solved", "{grid}: {result}");
                }
                (times, refused)
            })
        })
        .collect();
    let mut times = Vec::new();
    let mut others = Vec::new();
    for thread in threads {
        let (t, r) = thread.join().unwrap();
        times.extend(t);
        others.extend(r);
    }
    times.sort();
    (times, others)
}

#[test]
#[ignore = "a load measurement: run with --release -- --ignored --nocapture load"]
fn load_16_and_64_clients_every_request_answered_and_rss_flat() {
    let grids = load_grids();
    let per_client = 50;
    let server = Server::start(&[]);
    println!(
        "server: default permits (one per core: {}), queue 128, wait 10 s; {} grids",
        thread::available_parallelism().map_or(1, |n| n.get()),
        grids.len()
    );
    let rounds = std::env::var("SATCOVER_LOAD_ROUNDS").map_or(3, |r| r.parse().unwrap());
    let mut rss_after = Vec::new();
    for round_number in 1..=rounds {
        for clients in [16, 64] {
            let start = Instant::now();
            let (times, others) = round(&server, &grids, clients, per_client);
            let wall = start.elapsed();
            let rss = server.rss_kib();
            let peak = server.peak_rss_kib();
            println!(
                "round {round_number}, {clients} clients × {per_client}: {} answered 200, {} not \
                 ({others:?}); p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {:.2} s wall; RSS {:.1} MB \
                 after, peak {:.1} MB",
                times.len(),
                others.len(),
                quantile(&times, 0.5),
                quantile(&times, 0.99),
                quantile(&times, 1.0),
                wall.as_secs_f64(),
                rss as f64 / 1024.0,
                peak as f64 / 1024.0,
            );
            assert!(others.is_empty(), "{clients} clients: refused {others:?}");
            assert_eq!(times.len(), clients * per_client);
            // Generous, for a machine shared with builds: the target is 200 ms.
            assert!(quantile(&times, 0.99) < 5_000.0);
            if clients == 64 {
                rss_after.push(rss);
            }
        }
    }
    // The first round reaches the allocator's working size; the later ones stay near it.
    let first = rss_after[0];
    for &rss in &rss_after[1..] {
        assert!(
            rss <= first + first / 2 + 8 * 1024,
            "RSS grows across rounds: {rss_after:?} KiB"
        );
    }
}
