//! `satcover serve` at the protocol level, on the real binary, without a browser: the
//! event framing, the answers to bad input (400, 403, 413, 422, 429), the time limit, and
//! cancellation by disconnect leaving no engine, thread or child behind.

use crate::serve_support::*;
use serde_json::json;

#[test]
fn a_solve_streams_its_events_in_order_then_the_answer() {
    let server = Server::start(&[]);
    let answer = server.post("/api/solve", &solve_body(EASY, json!({})));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let head = answer.head.to_ascii_lowercase();
    assert!(head.contains("content-type: text/event-stream"));
    assert!(head.contains("content-security-policy: default-src 'none'; script-src 'self'"));
    let events = answer.events();
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names.first(), Some(&"start"));
    assert_eq!(names.last(), Some(&"result"));
    assert!(
        names[1..names.len() - 1]
            .iter()
            .all(|n| *n == "contender" || *n == "progress")
    );
    // Every engine that starts ends, and one of them won.
    let states: Vec<&str> = events
        .iter()
        .filter(|(n, _)| n == "contender")
        .map(|(_, d)| d["state"].as_str().unwrap())
        .collect();
    let running = states.iter().filter(|s| **s == "running").count();
    assert_eq!(running * 2, states.len(), "{states:?}");
    assert!(states.contains(&"won"));
    let result = &events.last().unwrap().1;
    assert_eq!(result["status"], "solved");
    assert_eq!(result["unique"], true);
    assert_eq!(result["solutions"][0]["text"], EASY_SOLVED);
    assert!(
        result["solutions"][0]["svg"]
            .as_str()
            .unwrap()
            .starts_with("<svg")
    );
    assert_eq!(result["stats"]["backend"], "auto");
}

#[test]
fn a_race_of_chosen_engines_reports_each_and_two_solutions_differ_where_framed() {
    let server = Server::start(&[]);
    let answer = server.post(
        "/api/solve",
        &solve_body(
            EASY,
            json!({"backends": ["native", "sat", "dlx"], "mode": "first"}),
        ),
    );
    let result = answer.events().pop().unwrap().1;
    assert_eq!(result["status"], "solved");
    assert_eq!(result["stats"]["contenders"].as_array().unwrap().len(), 3);
    assert_eq!(result["stats"]["backend"], "native+sat+dlx");
    // Two given 1s in a 4×4 leave several solutions: the pictures frame where they differ.
    let answer = server.post("/api/solve", &solve_body("1...............", json!({})));
    let result = answer.events().pop().unwrap().1;
    assert_eq!(result["unique"], false);
    let differing = result["differing"].as_array().unwrap().len();
    assert!(differing >= 2);
    for solution in result["solutions"].as_array().unwrap() {
        let svg = solution["svg"].as_str().unwrap();
        assert_eq!(svg.matches("class=\"differs\"").count(), differing);
    }
}

#[test]
fn bad_input_gets_a_clear_status_and_message() {
    let server = Server::start(&[]);
    let malformed = server.call("POST", "/api/solve", &[], b"{\"text\": ");
    assert_eq!(malformed.status, 400);
    assert!(
        malformed.json()["error"]
            .as_str()
            .unwrap()
            .contains("malformed JSON")
    );

    let typo = format!("{}x{}", &EASY[..13], &EASY[14..]);
    let unreadable = server.post("/api/puzzle", &json!({"text": typo}));
    assert_eq!(unreadable.status, 400);
    let error = unreadable.json();
    assert_eq!(
        (&error["line"], &error["column"]),
        (&json!(1), &json!(14)),
        "{error}"
    );
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("'x' is not a digit")
    );

    let kind = server.post("/api/puzzle", &json!({"text": EASY, "kind": "chess"}));
    assert_eq!(kind.status, 400);
    assert!(
        kind.json()["error"]
            .as_str()
            .unwrap()
            .contains("unknown kind 'chess'")
    );

    let backend = server.post(
        "/api/solve",
        &solve_body(EASY, json!({"backends": ["magic"]})),
    );
    assert_eq!(backend.status, 400);

    let huge = vec![b' '; satcover::serve::MAX_BODY + 1];
    let too_large = server.call("POST", "/api/puzzle", &[], &huge);
    assert_eq!(too_large.status, 413);
    // Said in JSON, as every error the page shows, naming the limit.
    assert!(
        too_large.json()["error"]
            .as_str()
            .unwrap()
            .contains("1 MiB"),
        "{}",
        too_large.body
    );

    let side = 600;
    let clues = vec!["1"; side].join("\n");
    let big = format!("width {side}\nheight {side}\nrows\n{clues}\ncolumns\n{clues}\n");
    let oversized = server.post("/api/solve", &json!({"text": big}));
    assert_eq!(oversized.status, 422, "{}", oversized.body);
    assert!(
        oversized.json()["error"]
            .as_str()
            .unwrap()
            .contains("250000")
    );

    let foreign = server.call("GET", "/", &[("Host", "rebound.example:80")], b"");
    assert_eq!(foreign.status, 403);
    let body = solve_body(EASY, json!({})).to_string();
    let cross = server.call(
        "POST",
        "/api/solve",
        &[("Origin", "http://evil.example")],
        body.as_bytes(),
    );
    assert_eq!(cross.status, 403);
    let site = server.call(
        "POST",
        "/api/solve",
        &[("Sec-Fetch-Site", "cross-site")],
        body.as_bytes(),
    );
    assert_eq!(site.status, 403);
    let own_origin = format!("http://127.0.0.1:{}", server.port);
    let same = server.call(
        "POST",
        "/api/puzzle",
        &[("Origin", &own_origin)],
        body.as_bytes(),
    );
    assert_eq!(same.status, 200);
}

#[test]
fn markup_in_a_puzzle_stays_text_in_json_strings() {
    let server = Server::start(&[]);
    let text = format!("# <script>alert(1)</script>\n{EASY}");
    let answer = server.post("/api/puzzle", &json!({"text": text}));
    assert_eq!(answer.status, 200);
    assert!(
        answer
            .head
            .to_ascii_lowercase()
            .contains("content-type: application/json")
    );
    let page = server.call("GET", "/", &[], b"");
    assert!(
        !page.body.contains("<script>"),
        "no inline script on the page"
    );
    assert!(page.body.contains("<script src=\"/app.js\""));
}

#[test]
fn a_solve_past_its_limit_says_timeout_then_unknown() {
    let server = Server::start(&[]);
    // Eleven pigeons, ten holes: no solution, and no CDCL proves it within a second.
    let (pigeons, holes) = (11, 10);
    let var = |p: usize, h: usize| p * holes + h + 1;
    let mut clauses = Vec::new();
    for p in 0..pigeons {
        clauses.push(
            (0..holes)
                .map(|h| format!("{} ", var(p, h)))
                .collect::<String>()
                + "0",
        );
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                clauses.push(format!("-{} -{} 0", var(p, h), var(q, h)));
            }
        }
    }
    let cnf = format!(
        "p cnf {} {}\n{}\n",
        pigeons * holes,
        clauses.len(),
        clauses.join("\n")
    );
    let answer = server.post("/api/solve", &solve_body(&cnf, json!({"timeout": 0.5})));
    let events = answer.events();
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        &names[names.len() - 2..],
        ["timeout", "result"],
        "{names:?}"
    );
    assert_eq!(events.last().unwrap().1["status"], "unknown");
}

#[test]
fn without_a_queue_solves_beyond_the_permits_get_429_and_disconnects_free_them() {
    // `--queue 0`: refused at once (the queue itself: tests/serve_queue.rs).
    let server = Server::start(&["--max-solves", "2", "--queue", "0"]);
    let body = solve_body(ENDLESS, json!({"mode": "count"})).to_string();
    let mut running = Vec::new();
    for _ in 0..2 {
        let mut stream = server.send("POST", "/api/solve", &[], body.as_bytes());
        assert!(read_until(&mut stream, "event: start").contains("200 OK"));
        running.push(stream);
    }
    let third = server.post("/api/solve", &solve_body(EASY, json!({})));
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(third.json()["error"].as_str().unwrap().contains("at once"));
    drop(running);
    assert!(
        eventually(|| server
            .post("/api/solve", &solve_body(EASY, json!({})))
            .status
            == 200),
        "the permits come back when their clients leave"
    );
}

#[test]
fn two_hundred_solve_and_cancel_cycles_leave_nothing_running() {
    let server = Server::start(&[]);
    let at_rest = server.threads();
    solve_and_cancel(&server, 200);
    assert!(
        eventually(|| server.threads() <= at_rest),
        "threads at rest {at_rest}, after the cycles {}",
        server.threads()
    );
    assert_eq!(server.children(), "", "no child process");
    let after = server.post("/api/solve", &solve_body(EASY, json!({})));
    assert_eq!(after.events().pop().unwrap().1["status"], "solved");
}

#[test]
fn analysis_explanation_and_exports() {
    let server = Server::start(&[]);
    let analysis = server.post(
        "/api/analyze",
        &json!({"text": "1...............", "marginals": true}),
    );
    assert_eq!(analysis.status, 200, "{}", analysis.body);
    let analysis = analysis.json();
    assert_eq!(analysis["cells"], 16);
    assert!(analysis["varying"].as_u64().unwrap() > 0);
    assert!(analysis["marginals"].as_str().unwrap().starts_with("<svg"));

    let explained = server.post("/api/explain", &json!({"text": EASY})).json();
    assert_eq!(explained["status"], "solved");
    let steps = explained["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    assert_eq!(explained["givens"].as_array().unwrap().len(), 81);
    // Replaying every step's placements fills the grid with the solution.
    let mut grid: Vec<u64> = explained["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    for step in steps {
        for placed in step["placed"].as_array().unwrap() {
            let (r, c, d) = (
                placed[0].as_u64().unwrap(),
                placed[1].as_u64().unwrap(),
                placed[2].as_u64().unwrap(),
            );
            grid[(r * 9 + c) as usize] = d;
        }
    }
    let text: String = grid.iter().map(|d| d.to_string()).collect();
    assert_eq!(text, EASY_SOLVED);
    let alphametic = server.post("/api/explain", &json!({"text": "SEND + MORE = MONEY"}));
    assert_eq!(alphametic.status, 400);
    assert!(
        alphametic.json()["error"]
            .as_str()
            .unwrap()
            .contains("explain knows nonogram, solo and sudoku puzzles, not alphametic")
    );

    let dimacs = server.post("/api/export", &json!({"text": EASY, "to": "dimacs"}));
    assert_eq!(dimacs.status, 200);
    assert!(
        dimacs
            .head
            .to_ascii_lowercase()
            .contains("attachment; filename=\"puzzle.cnf\"")
    );
    assert!(dimacs.body.lines().any(|l| l.starts_with("p cnf ")));
    let xc = server.post("/api/export", &json!({"text": EASY, "to": "xc"}));
    assert_eq!(xc.status, 200);
    assert!(!xc.body.is_empty());
    let unknown = server.post("/api/export", &json!({"text": EASY, "to": "pdf"}));
    assert_eq!(unknown.status, 400);
}

#[test]
fn the_page_is_small_and_self_contained() {
    let server = Server::start(&[]);
    let mut total = 0;
    for path in ["/", "/app.js", "/style.css"] {
        let answer = server.call("GET", path, &[], b"");
        assert_eq!(answer.status, 200);
        assert!(
            !answer.body.contains("http://") && !answer.body.contains("https://"),
            "{path}: no external request"
        );
        total += answer.body.len();
    }
    assert!(total <= 150 * 1024, "the page is {total} bytes");
    let examples = server.call("GET", "/api/examples", &[], b"").json();
    for example in examples.as_array().unwrap() {
        let read = server.post(
            "/api/puzzle",
            &json!({"text": example["text"], "name": example["name"]}),
        );
        assert_eq!(read.status, 200, "{}: {}", example["title"], read.body);
        assert_eq!(read.json()["kind"], example["kind"], "{}", example["title"]);
    }
    // The page's kind list: every registered kind, each with its one-line description.
    let kinds = server.call("GET", "/api/kinds", &[], b"").json();
    let names: Vec<&str> = kinds
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap())
        .collect();
    let registered: Vec<&str> = satcover::registry::KINDS.iter().map(|k| k.name()).collect();
    assert_eq!(names, registered);
    assert!(
        kinds
            .as_array()
            .unwrap()
            .iter()
            .all(|k| k["about"].is_string())
    );
}

#[test]
fn progress_events_carry_each_running_engines_effort_as_it_grows() {
    let server = Server::start(&[]);
    let body = solve_body(
        ENDLESS,
        json!({"mode": "count", "backends": ["native", "dlx"], "timeout": 1.0}),
    );
    let events = server.post("/api/solve", &body).events();
    assert_eq!(events.last().unwrap().0, "result");
    let mut seen = std::collections::HashMap::<String, Vec<u64>>::new();
    for (name, data) in &events {
        if name != "progress" {
            continue;
        }
        assert!(data["elapsed"].as_f64().unwrap() > 0.0);
        for running in data["running"].as_array().unwrap() {
            let backend = running["backend"].as_str().unwrap().to_string();
            assert!(running["time"].as_f64().unwrap() >= 0.0);
            if let Some(nodes) = running.get("nodes") {
                seen.entry(backend)
                    .or_default()
                    .push(nodes.as_u64().unwrap());
            }
        }
    }
    // Both engines report their nodes while they run, and the counts grow.
    for backend in ["native", "dlx"] {
        let nodes = seen
            .get(backend)
            .unwrap_or_else(|| panic!("{backend}: {events:?}"));
        assert!(
            nodes.windows(2).all(|w| w[0] <= w[1]),
            "{backend}: {nodes:?}"
        );
        assert!(nodes.first() < nodes.last(), "{backend}: {nodes:?}");
    }
    // A nonogram's native search reports line solves: a count that cannot end within the
    // limit (a 20×20 grid of one cell a row and a column has 20! solutions; a puzzle that
    // merely ran long broke this test once the solver got faster).
    let n = 20;
    let ones = "1\n".repeat(n);
    let permutations = format!("width {n}\nheight {n}\nrows\n{ones}columns\n{ones}");
    let body = solve_body(
        &permutations,
        json!({"mode": "count", "backends": ["native"], "timeout": 0.6}),
    );
    let events = server.post("/api/solve", &body).events();
    assert!(
        events.iter().any(|(name, data)| name == "progress"
            && data["running"][0]["line_solves"]
                .as_u64()
                .is_some_and(|n| n > 0)),
        "{events:?}"
    );
}

#[test]
fn the_external_backend_is_offered_only_with_a_solver() {
    let server = Server::start(&[]);
    let offered = server.call("GET", "/api/backends", &[], b"").json();
    assert_eq!(offered["engines"], json!(["native", "sat", "dlx"]));
    assert_eq!(offered["external"], json!(null));
    let refused = server.post(
        "/api/solve",
        &solve_body(EASY, json!({"backends": ["external"]})),
    );
    assert_eq!(refused.status, 400);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("--solver")
    );

    let solver = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fake-sat-solver");
    let server = Server::start(&["--solver", solver]);
    let offered = server.call("GET", "/api/backends", &[], b"").json();
    assert_eq!(
        offered["engines"],
        json!(["native", "sat", "dlx", "external"])
    );
    let events = server
        .post(
            "/api/solve",
            &solve_body(
                EASY,
                json!({"backends": ["external", "sat"], "mode": "first"}),
            ),
        )
        .events();
    let result = &events.last().unwrap().1;
    assert_eq!(result["status"], "solved", "{events:?}");
    assert_eq!(result["solutions"][0]["text"], EASY_SOLVED);
    let backends: Vec<&str> = result["stats"]["contenders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["backend"].as_str().unwrap())
        .collect();
    assert!(backends.contains(&"external"), "{backends:?}");
}

#[test]
fn a_nonograms_explanation_replays_to_its_solution() {
    let server = Server::start(&[]);
    let dancer = include_str!("../fixtures/nonogram/dancer.non");
    let explained = server.post("/api/explain", &json!({"text": dancer}));
    assert_eq!(explained.status, 200, "{}", explained.body);
    let explained = explained.json();
    assert_eq!(explained["kind"], "nonogram");
    assert_eq!(explained["status"], "solved");
    let (w, h) = (
        explained["width"].as_u64().unwrap(),
        explained["height"].as_u64().unwrap(),
    );
    let mut known = vec![-1i64; (w * h) as usize];
    for step in explained["steps"].as_array().unwrap() {
        assert!(step["text"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(
            step["line"].is_object() || step["probe"].is_array(),
            "{step}"
        );
        for change in step["changes"].as_array().unwrap() {
            let (r, c, colour) = (
                change[0].as_u64().unwrap(),
                change[1].as_u64().unwrap(),
                change[2].as_i64().unwrap(),
            );
            if colour >= 0 {
                known[(r * w + c) as usize] = colour;
            }
        }
    }
    // Every cell decided: the rows are the solution the solver finds.
    let solved = server
        .post("/api/solve", &solve_body(dancer, json!({"mode": "first"})))
        .events()
        .pop()
        .unwrap()
        .1;
    let rows: Vec<String> = known
        .chunks(w as usize)
        .map(|row| {
            row.iter()
                .map(|&k| if k == 1 { '#' } else { '.' })
                .collect()
        })
        .collect();
    assert_eq!(
        rows.join("\n"),
        solved["solutions"][0]["text"].as_str().unwrap().trim()
    );
}

#[test]
fn explanations_and_analyses_stop_at_the_time_limit() {
    // The stop the time limit fires is the one a disconnect cancels (next test).
    let server = Server::start(&["--time-limit", "0.05"]);
    let faase = include_str!("../fixtures/nonogram/faase.non");
    let explained = server.post("/api/explain", &json!({"text": faase}));
    assert_eq!(explained.status, 200, "{}", explained.body);
    assert_eq!(explained.json()["status"], "stopped");
    let analysis = json!({"text": ENDLESS, "marginals": true, "limit": 1u64 << 60});
    let analysis = server.post("/api/analyze", &analysis).json();
    assert_eq!(analysis["complete"], false, "{analysis}");
}

#[test]
fn analyses_and_explanations_stop_when_their_client_leaves() {
    // One permit and no queue: the next request gets one only once the abandoned work has
    // stopped, long before the 60 s time limit that would end it otherwise.
    let server = Server::start(&["--max-solves", "1", "--queue", "0"]);
    let at_rest = server.threads();
    let analysis = json!({"text": ENDLESS, "marginals": true, "limit": 1u64 << 60}).to_string();
    let faase = include_str!("../fixtures/nonogram/faase.non");
    let explanation = json!({"text": faase}).to_string();
    let mut done = 0;
    while done < 200 {
        let (path, body) = if done % 2 == 0 {
            ("/api/analyze", &analysis)
        } else {
            ("/api/explain", &explanation)
        };
        let mut stream = server.send("POST", path, &[], body.as_bytes());
        stream
            .set_read_timeout(Some(std::time::Duration::from_millis(5)))
            .unwrap();
        let seen = read_until(&mut stream, "HTTP/1.1");
        drop(stream);
        if seen.contains("429 Too Many Requests") {
            std::thread::sleep(std::time::Duration::from_millis(5));
            continue;
        }
        assert!(
            seen.is_empty(),
            "cycle {done}: the work ended by itself: {seen}"
        );
        done += 1;
    }
    assert!(
        eventually(|| server.post("/api/explain", &json!({"text": EASY})).status == 200),
        "the permit comes back when the client leaves"
    );
    assert!(
        eventually(|| server.threads() <= at_rest),
        "threads at rest {at_rest}, after the cycles {}",
        server.threads()
    );
}

#[test]
fn a_jigsaw_explanation_draws_its_regions() {
    let server = Server::start(&[]);
    let jigsaw = include_str!("../fixtures/solo/example-jigsaw.solo");
    let explained = server.post("/api/explain", &json!({"text": jigsaw}));
    assert_eq!(explained.status, 200, "{}", explained.body);
    let explained = explained.json();
    assert_eq!(explained["kind"], "solo");
    assert_eq!(explained["status"], "solved");
    assert!(explained["steps"].as_array().is_some_and(|s| !s.is_empty()));
    // The board draws thick lines between cells of different regions: a jigsaw's
    // borders are not every third cell.
    let cells = explained["board"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 81);
    let right: Vec<usize> = (0..81)
        .filter(|&i| cells[i]["class"].as_str().unwrap().contains("box-right"))
        .collect();
    let square: Vec<usize> = (0..81).filter(|&i| i % 9 == 2 || i % 9 == 5).collect();
    assert!(!right.is_empty());
    assert_ne!(right, square);
}
