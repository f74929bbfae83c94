//! The events of a solve, as server-sent events: `event: NAME` and one line of JSON
//! `data:` each, in this order —
//!
//! 1. `start`: the kind, the engines asked for (`auto` for the portfolio) and the time limit;
//! 2. `contender`, whenever one engine starts (`state: running`) or ends (`won`, `gave_up`,
//!    `cancelled`, `late`, `error`, with its time and effort);
//! 3. `progress`, every [`TICK`] while engines run: seconds since the start and each
//!    running engine's time and effort so far (the counters its search stored at its last
//!    poll: `nodes`, `line_solves`; none for the SAT engines, whose solvers count inside);
//! 4. `timeout`, when the time limit stopped the search;
//! 5. last, `result` (the answer) or `error` (why there is none); the stream then ends.

use std::time::Duration;

use axum::response::sse::Event;
use serde_json::{Value, json};

use crate::portfolio::RaceEvent;
use crate::puzzle::{Engine, Kind};
use crate::stop::Effort;

/// How often a running solve reports its progress.
pub(super) const TICK: Duration = Duration::from_millis(100);

/// A running engine in a `progress` event.
#[derive(Debug)]
pub(super) struct Running {
    pub engine: Engine,
    pub time: Duration,
    pub effort: Vec<(Effort, u64)>,
}

/// One event of a solve.
#[derive(Debug)]
pub(super) enum Message {
    /// The solve is accepted and starts.
    Start {
        kind: Kind,
        label: String,
        engines: Vec<String>,
        time_limit: Duration,
    },
    /// A contender started or ended.
    Contender(RaceEvent),
    /// Engines still running, with their time and effort so far.
    Progress {
        elapsed: Duration,
        running: Vec<Running>,
    },
    /// The time limit stopped the search.
    Timeout { time_limit: Duration },
    /// The answer (see `solve::result_json`).
    Result(Value),
    /// The solve failed.
    Error(String),
}

impl Message {
    /// Whether the stream ends with this event.
    pub fn is_last(&self) -> bool {
        matches!(self, Message::Result(_) | Message::Error(_))
    }

    /// The event's name and JSON data.
    pub fn parts(&self) -> (&'static str, Value) {
        match self {
            Message::Start {
                kind,
                label,
                engines,
                time_limit,
            } => (
                "start",
                json!({"kind": kind, "label": label, "engines": engines,
                       "time_limit": time_limit.as_secs_f64()}),
            ),
            Message::Contender(RaceEvent::Started(engine, _)) => (
                "contender",
                json!({"backend": engine, "state": "running", "time": 0.0}),
            ),
            Message::Contender(RaceEvent::Ended(contender)) => {
                let mut value = serde_json::to_value(contender).unwrap_or(Value::Null);
                if let Value::Object(map) = &mut value {
                    let state = map.get("result").cloned().unwrap_or(Value::Null);
                    map.insert("state".to_string(), state);
                }
                ("contender", value)
            }
            Message::Progress { elapsed, running } => (
                "progress",
                json!({
                    "elapsed": elapsed.as_secs_f64(),
                    "running": running.iter().map(|r| {
                        let mut value = json!({"backend": r.engine, "time": r.time.as_secs_f64()});
                        for &(effort, done) in &r.effort {
                            value[effort.name()] = json!(done);
                        }
                        value
                    }).collect::<Vec<_>>(),
                }),
            ),
            Message::Timeout { time_limit } => (
                "timeout",
                json!({"time_limit": time_limit.as_secs_f64(),
                       "message": format!("stopped at the time limit of {} s", time_limit.as_secs_f64())}),
            ),
            Message::Result(value) => ("result", value.clone()),
            Message::Error(message) => ("error", json!({"error": message})),
        }
    }

    /// The server-sent event.
    pub fn to_event(&self) -> Event {
        let (name, data) = self.parts();
        Event::default().event(name).data(data.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_one_json_line_each() {
        let message = Message::Error("line 1\nline 2".to_string());
        let (name, data) = message.parts();
        assert_eq!(name, "error");
        // serde_json escapes the newline: the data stays on one `data:` line.
        assert!(!data.to_string().contains('\n'));
        assert!(message.is_last());
        let running = Message::Progress {
            elapsed: Duration::from_millis(250),
            running: vec![Running {
                engine: Engine::Native,
                time: Duration::from_millis(200),
                effort: vec![(Effort::Nodes, 4096)],
            }],
        };
        let (name, data) = running.parts();
        assert_eq!(name, "progress");
        assert_eq!(data["running"][0]["backend"], "native");
        assert_eq!(data["running"][0]["nodes"], 4096);
        assert!(data["running"][0].get("line_solves").is_none());
        assert!(!running.is_last());
    }
}
