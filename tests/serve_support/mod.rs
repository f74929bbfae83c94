//! What the tests of `satcover serve` share: the real binary started on a free port, a
//! plain HTTP/1.1 client over a socket, and server-sent events split into (name, data).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
pub const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// One given: counting its solutions never ends within a test.
pub const ENDLESS: &str =
    "1................................................................................";

/// A running `satcover serve --port 0`, killed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    /// From the start of the process to its `listening on` line.
    pub ready: Duration,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        let start = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_satcover"))
            .args(["serve", "--port", "0"])
            .args(args)
            // For `--solver tests/fake-sat-solver`, which runs this binary's own SAT backend.
            .env("SATCOVER_BIN", env!("CARGO_BIN_EXE_satcover"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("satcover serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .strip_prefix("listening on http://127.0.0.1:")
            .unwrap_or_else(|| panic!("first line: {line}"))
            .parse()
            .unwrap();
        Server {
            child,
            port,
            ready: start.elapsed(),
        }
    }

    pub fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream
    }

    /// Sends a request (`Connection: close`) and returns the open stream.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> TcpStream {
        let mut stream = self.connect();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("host"))
        {
            head += &format!("Host: 127.0.0.1:{}\r\n", self.port);
        }
        for (name, value) in headers {
            head += &format!("{name}: {value}\r\n");
        }
        head += "Content-Type: application/json\r\n\r\n";
        stream.write_all(head.as_bytes()).unwrap();
        // A refused body may close the connection before it is all written.
        let _ = stream.write_all(body);
        stream
    }

    /// A whole exchange: status, head, body (chunked bodies decoded).
    pub fn call(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        let mut stream = self.send(method, path, headers, body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Answer::parse(&raw)
    }

    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.call("POST", path, &[], body.to_string().as_bytes())
    }

    /// [`Server::post`] from another thread, which has only the port.
    pub fn post_to(port: u16, path: &str, body: &Value) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let body = body.to_string();
        let head = format!(
            "POST {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\nHost: \
             127.0.0.1:{port}\r\nContent-Type: application/json\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Answer::parse(&raw)
    }

    /// Threads of the server process.
    pub fn threads(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/task", self.child.id())).map_or(0, |d| d.count())
    }

    /// Resident memory of the server, in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    /// Peak resident memory of the server (`VmHWM`), in KiB.
    pub fn peak_rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    /// Child processes of the server, from every thread's `children`.
    pub fn children(&self) -> String {
        let mut all = String::new();
        for task in std::fs::read_dir(format!("/proc/{}/task", self.child.id())).unwrap() {
            let path = task.unwrap().path().join("children");
            all += &std::fs::read_to_string(path).unwrap_or_default();
        }
        all.trim().to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Answer {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Answer {
    pub fn parse(raw: &[u8]) -> Answer {
        let text = String::from_utf8_lossy(raw).to_string();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            dechunk(body)
        } else {
            body.to_string()
        };
        Answer {
            status,
            head: head.to_string(),
            body,
        }
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The server-sent events: (name, data) in order.
    pub fn events(&self) -> Vec<(String, Value)> {
        parse_events(&self.body)
    }
}

pub fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out += &rest[..size];
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// Frames `event: NAME\ndata: JSON\n\n`; every frame must be exactly that.
pub fn parse_events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter(|frame| !frame.trim().is_empty())
        .map(|frame| {
            let lines: Vec<&str> = frame.lines().collect();
            assert_eq!(
                lines.len(),
                2,
                "one event line and one data line: {frame:?}"
            );
            let name = lines[0].strip_prefix("event: ").expect("event line");
            let data = lines[1].strip_prefix("data: ").expect("data line");
            let value = serde_json::from_str(data).expect("data is JSON");
            (name.to_string(), value)
        })
        .collect()
}

pub fn solve_body(text: &str, extra: Value) -> Value {
    let mut body = json!({"text": text});
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

/// Reads from `stream` until `needle` has arrived (or the stream ends).
pub fn read_until(stream: &mut TcpStream, needle: &str) -> String {
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains(needle) {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => seen.extend_from_slice(&buffer[..n]),
        }
    }
    String::from_utf8_lossy(&seen).to_string()
}

/// Polls `done` for up to 30 s.
pub fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        if done() {
            return true;
        }
        thread::sleep(Duration::from_millis(50));
    }
    false
}

/// `cycles` solves, most of them left mid-race: a count that never ends dropped after its
/// first `contender` event (auto) or its first `progress` event (native, sat and dlx
/// racing) or right after `start`, and a whole 9×9 solve between. A 429 (every permit
/// still held by a solve whose client just left; it ends at its next event) is retried.
pub fn solve_and_cancel(server: &Server, cycles: usize) {
    let endless = solve_body(ENDLESS, json!({"mode": "count"})).to_string();
    let race = solve_body(
        ENDLESS,
        json!({"mode": "count", "backends": ["native", "sat", "dlx"]}),
    )
    .to_string();
    let easy = solve_body(EASY, json!({})).to_string();
    let mut done = 0;
    while done < cycles {
        let (body, until) = match done % 4 {
            0 => (&endless, "event: contender"),
            1 => (&race, "event: progress"),
            2 => (&endless, "event: start"),
            _ => (&easy, "event: result"),
        };
        let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
        let seen = read_until(&mut stream, until);
        drop(stream);
        if seen.contains("429 Too Many Requests") {
            thread::sleep(Duration::from_millis(20));
            continue;
        }
        assert!(seen.contains(until), "cycle {done}: {seen}");
        done += 1;
    }
}
