//! Every command's JSON output checked against its schema in `docs/schemas/` (issue 42):
//! real output of the binary, each line validated by a small JSON Schema checker (the
//! keywords schemars writes: `$ref` into `$defs`, `type`, `const`, `enum`, `properties`,
//! `required`, `additionalProperties`, `items`, `anyOf`/`oneOf`/`allOf`, `minimum`,
//! `maximum`), and
//! each line naming its schema. That the files are what the output types generate is
//! checked beside the types (`cargo test --bin satcover schemas`).
//!
//! Also: `solve`'s listing is the same lines whatever the limit, streamed or not.

use std::path::Path;

use crate::common::satcover;
use serde_json::Value;

fn schema(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("docs/schemas/{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// Where `value` breaks `schema` (resolved within `root`), or `None`.
fn violation(root: &Value, schema: &Value, value: &Value, at: &str) -> Option<String> {
    let schema = match schema {
        Value::Bool(true) => return None,
        Value::Bool(false) => return Some(format!("{at}: nothing is allowed here")),
        Value::Object(schema) => schema,
        other => panic!("not a schema: {other}"),
    };
    if let Some(Value::String(reference)) = schema.get("$ref") {
        let name = reference
            .strip_prefix("#/$defs/")
            .unwrap_or_else(|| panic!("unsupported $ref {reference}"));
        let target = &root["$defs"][name];
        assert!(!target.is_null(), "no $defs/{name}");
        if let Some(why) = violation(root, target, value, at) {
            return Some(why);
        }
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => panic!("bad type {types}"),
        };
        let fits = |t: &str| match t {
            "null" => value.is_null(),
            "boolean" => value.is_boolean(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "string" => value.is_string(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            other => panic!("unknown type {other}"),
        };
        if !types.iter().any(|t| fits(t)) {
            return Some(format!("{at}: {value} is not {types:?}"));
        }
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        return Some(format!("{at}: {value} is not {constant}"));
    }
    if let Some(Value::Array(allowed)) = schema.get("enum")
        && !allowed.contains(value)
    {
        return Some(format!("{at}: {value} is not one of {allowed:?}"));
    }
    if let (Some(minimum), Some(n)) = (
        schema.get("minimum").and_then(Value::as_f64),
        value.as_f64(),
    ) && n < minimum
    {
        return Some(format!("{at}: {n} < {minimum}"));
    }
    if let (Some(maximum), Some(n)) = (
        schema.get("maximum").and_then(Value::as_f64),
        value.as_f64(),
    ) && n > maximum
    {
        return Some(format!("{at}: {n} > {maximum}"));
    }
    if let Some(Value::Array(all)) = schema.get("allOf") {
        for part in all {
            if let Some(why) = violation(root, part, value, at) {
                return Some(why);
            }
        }
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(choices)) = schema.get(key) {
            let fitting = choices
                .iter()
                .filter(|c| violation(root, c, value, at).is_none())
                .count();
            let fits = if key == "oneOf" {
                fitting == 1
            } else {
                fitting >= 1
            };
            if !fits {
                let whys: Vec<String> = choices
                    .iter()
                    .filter_map(|c| violation(root, c, value, at))
                    .collect();
                return Some(format!("{at}: {key}: {fitting} fit: {}", whys.join("; ")));
            }
        }
    }
    if let Value::Object(fields) = value {
        let properties = schema.get("properties").and_then(Value::as_object);
        if let Some(Value::Array(required)) = schema.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !fields.contains_key(name) {
                    return Some(format!("{at}: `{name}` missing"));
                }
            }
        }
        for (name, field) in fields {
            let here = format!("{at}.{name}");
            match properties.and_then(|p| p.get(name)) {
                Some(property) => {
                    if let Some(why) = violation(root, property, field, &here) {
                        return Some(why);
                    }
                }
                None => {
                    if let Some(extra) = schema.get("additionalProperties")
                        && let Some(why) = violation(root, extra, field, &here)
                    {
                        return Some(why);
                    }
                }
            }
        }
    }
    if let (Value::Array(items), Some(item)) = (value, schema.get("items")) {
        for (i, element) in items.iter().enumerate() {
            if let Some(why) = violation(root, item, element, &format!("{at}[{i}]")) {
                return Some(why);
            }
        }
    }
    None
}

/// Every line of `stdout` valid under `docs/schemas/NAME.json` and naming `tag`; the lines.
fn check(name: &str, tag: &str, stdout: &[u8]) -> Vec<Value> {
    let root = schema(name);
    let text = String::from_utf8_lossy(stdout);
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert!(!lines.is_empty(), "{name}: no output");
    for line in &lines {
        if let Some(why) = violation(&root, &root, line, "$") {
            panic!("{name}: {why}\nline: {line}");
        }
        assert_eq!(line["schema"], tag, "{line}");
    }
    lines
}

/// Runs satcover with `args` (any exit code) and returns its standard output.
fn run(args: &[&str]) -> Vec<u8> {
    satcover().args(args).output().unwrap().stdout
}

#[test]
fn the_validator_refuses_what_breaks_a_schema() {
    let root = schema("solve");
    let good = serde_json::json!({"schema": "satcover/solve/1", "puzzle": "p", "index": 1, "solution": [[1]]});
    assert_eq!(violation(&root, &root, &good, "$"), None);
    for bad in [
        serde_json::json!({"schema": "satcover/solve/2", "puzzle": "p", "index": 1, "solution": 1}),
        serde_json::json!({"schema": "satcover/solve/1", "puzzle": "p", "status": "solved"}),
        serde_json::json!({"schema": "satcover/solve/1", "puzzle": "p", "status": "error", "error": 3}),
    ] {
        assert!(violation(&root, &root, &bad, "$").is_some(), "{bad}");
    }
}

#[test]
fn solve_and_decode_output_fits_its_schema() {
    let tag = "satcover/solve/1";
    let runs: &[&[&str]] = &[
        &[
            "solve",
            "tests/fixtures/sudoku/easy.txt",
            "--format",
            "json",
        ],
        &[
            "solve",
            "tests/fixtures/sudoku/two-solutions.txt",
            "--format",
            "json",
            "--unique",
            "--stats",
        ],
        &[
            "solve",
            "tests/fixtures/sudoku/two-solutions.txt",
            "--format",
            "json",
            "--count",
            "--backend",
            "dlx",
        ],
        &[
            "solve",
            "tests/fixtures/sudoku/contradictory.txt",
            "--format",
            "json",
        ],
        &[
            "solve",
            "tests/fixtures/sudoku/hard.txt",
            "--format",
            "json",
            "--backend",
            "sat",
            "--stats",
        ],
        &[
            "solve",
            "tests/fixtures/nonogram/two-solutions.non",
            "--format",
            "json",
            "--all",
        ],
        &[
            "solve",
            "tests/fixtures/nonogram/dancer.non",
            "--format",
            "json",
            "--backend",
            "auto",
        ],
        &[
            "solve",
            "tests/fixtures/alphametic/send-more-money.alpha",
            "--format",
            "json",
        ],
        &[
            "solve",
            "tests/fixtures/cnf/named.cnf",
            "--format",
            "json",
            "--limit",
            "3",
        ],
        &[
            "solve",
            "tests/fixtures/sudoku/easy.txt",
            "--format",
            "json",
            "--cube",
            "1/2",
        ],
        &[
            "solve",
            "tests/fixtures/cnf/bad_token.cnf",
            "--format",
            "json",
        ],
    ];
    let mut errors = 0;
    for args in runs {
        let lines = check("solve", tag, &run(args));
        errors += lines.iter().filter(|l| l["status"] == "error").count();
        // Each puzzle: its solution lines, numbered from 1, then its answer, which says
        // how many came before it.
        let mut since = 0;
        for line in &lines {
            if line.get("index").is_some() {
                since += 1;
                assert_eq!(line["index"], since, "{args:?}: {line}");
            } else {
                if line["status"] != "error" {
                    assert_eq!(line["listed"], since, "{args:?}: {line}");
                }
                since = 0;
            }
        }
        assert_eq!(since, 0, "{args:?}: solution lines without an answer");
    }
    assert!(errors >= 1, "an unreadable puzzle gives an error line");
    let cubes = run(&[
        "solve",
        "tests/fixtures/sudoku/hard.txt",
        "--format",
        "json",
        "--cubes",
        "2",
        "--jobs",
        "1",
    ]);
    let lines = check("solve", tag, &cubes);
    assert!(lines.iter().any(|l| l["cubes"]["asked"] == 2), "{lines:?}");

    // decode prints solve's lines: a model from solve's SAT-competition output.
    let dir = tempfile::tempdir().unwrap();
    let formula = dir.path().join("easy.cnf");
    let exported = run(&[
        "export",
        "tests/fixtures/sudoku/norvig-grid.txt",
        "--to",
        "dimacs",
    ]);
    std::fs::write(&formula, exported).unwrap();
    let model = dir.path().join("model.txt");
    std::fs::write(&model, run(&["solve", formula.to_str().unwrap()])).unwrap();
    let decoded = run(&[
        "decode",
        "tests/fixtures/sudoku/norvig-grid.txt",
        "--model",
        model.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let lines = check("solve", tag, &decoded);
    assert_eq!(lines.last().unwrap()["status"], "solved");
}

#[test]
fn a_listing_is_the_same_lines_whatever_the_limit() {
    // --limit 5 is answered whole, --limit 500 and --all are streamed (above 100): the
    // same lines, the same order, the same fields (but the time-dependent stats).
    let shape = |args: &[&str]| -> Vec<Value> {
        let mut lines = check("solve", "satcover/solve/1", &run(args));
        for line in &mut lines {
            line.as_object_mut().unwrap().remove("stats");
        }
        lines
    };
    let file = "tests/fixtures/nonogram/two-solutions.non";
    let small = shape(&["solve", file, "--format", "json", "--limit", "5"]);
    let large = shape(&["solve", file, "--format", "json", "--limit", "500"]);
    let all = shape(&["solve", file, "--format", "json", "--all"]);
    assert_eq!(small.len(), 3, "{small:?}");
    assert_eq!(small, large);
    assert_eq!(small, all);
    assert_eq!(small[2]["listed"], 2);
    assert!(small[2].get("solutions").is_none() && small[2].get("streamed").is_none());
}

#[test]
fn compare_bench_and_analyze_output_fit_their_schemas() {
    let easy = "tests/fixtures/sudoku/easy.txt";
    let lines = check(
        "compare",
        "satcover/compare/1",
        &run(&["compare", easy, "--runs", "1", "--format", "json"]),
    );
    assert_eq!(lines[0]["agree"], true);
    // dlx does not take alphametics (`unsupported`); an unreadable puzzle is an error line.
    let lines = check(
        "compare",
        "satcover/compare/1",
        &run(&[
            "compare",
            "tests/fixtures/alphametic/send-more-money.alpha",
            "tests/fixtures/cnf/bad_token.cnf",
            "--runs",
            "1",
            "--format",
            "json",
        ]),
    );
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[1]["status"], "error");
    check(
        "bench",
        "satcover/bench/1",
        &run(&["bench", easy, "--backend", "native,dlx", "--format", "json"]),
    );
    let sharded = check(
        "bench",
        "satcover/bench/1",
        &run(&[
            "bench", easy, "--unique", "--shard", "1/2", "--format", "json",
        ]),
    );
    assert!(sharded[0]["times"].is_array() && sharded[0]["proved"].is_object());
    check(
        "analyze",
        "satcover/analyze/1",
        &run(&[
            "analyze",
            easy,
            "tests/fixtures/sudoku/contradictory.txt",
            "--format",
            "json",
            "--marginals",
        ]),
    );
    check(
        "analyze",
        "satcover/analyze/1",
        &run(&[
            "analyze",
            "tests/fixtures/nonogram/two-solutions.non",
            "tests/fixtures/cnf/bad_token.cnf",
            "--format",
            "json",
            "--marginals",
        ]),
    );
}

#[test]
fn merge_output_fits_its_schema() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.jsonl");
    let mut all = Vec::new();
    for part in ["1/2", "2/2"] {
        all.extend(run(&[
            "solve",
            "tests/fixtures/sudoku/two-solutions.txt",
            "--format",
            "json",
            "--unique",
            "--cube",
            part,
        ]));
    }
    std::fs::write(&answers, all).unwrap();
    let lines = check(
        "merge",
        "satcover/merge/1",
        &run(&["merge", answers.to_str().unwrap(), "--format", "json"]),
    );
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["count"], 2, "{}", lines[0]);
    assert_eq!(lines[0]["solutions"].as_array().unwrap().len(), 2);

    // A solution line of a cube whose job was killed before its answer is nobody's; an
    // answer of an older satcover (its `solutions` inline, no solution lines) still reads.
    let text = std::fs::read_to_string(&answers).unwrap();
    let values: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut stray = values
        .iter()
        .find(|v| v.get("index").is_some())
        .unwrap()
        .clone();
    stray["puzzle"] = "two-solutions.txt:1 cube 3/4".into();
    let mut older = Vec::new();
    let mut inline = Vec::new();
    for value in &values {
        if value.get("index").is_some() {
            inline.push(value["solution"].clone());
        } else {
            let mut answer = value.clone();
            answer["solutions"] = Value::Array(std::mem::take(&mut inline));
            older.push(answer.to_string());
        }
    }
    std::fs::write(&answers, format!("{stray}\n{}\n", older.join("\n"))).unwrap();
    let lines = check(
        "merge",
        "satcover/merge/1",
        &run(&["merge", answers.to_str().unwrap(), "--format", "json"]),
    );
    assert_eq!(lines[0]["count"], 2, "{}", lines[0]);
    assert_eq!(lines[0]["solutions"].as_array().unwrap().len(), 2);
}

#[test]
fn explain_output_fits_its_schema() {
    let statuses = |lines: &[Value]| -> Vec<String> {
        lines
            .iter()
            .map(|l| l["status"].as_str().unwrap().to_string())
            .collect()
    };
    // Sudoku (solved, multiple), nonogram; every step numbered and named.
    let lines = check(
        "explain",
        "satcover/explain/1",
        &run(&[
            "explain",
            "tests/fixtures/sudoku/4x4.txt",
            "tests/fixtures/nonogram/light.non",
            "--format",
            "json",
        ]),
    );
    let status = statuses(&lines);
    assert!(status.contains(&"solved".to_string()), "{status:?}");
    assert!(status.contains(&"multiple".to_string()), "{status:?}");
    for line in &lines {
        assert!(
            line["kind"] == "sudoku" || line["kind"] == "nonogram",
            "{line}"
        );
        assert!(
            line.get("label").is_none(),
            "the envelope's `puzzle` replaces `label`: {line}"
        );
        if line["status"] == "solved" {
            assert!(!line["steps"].as_array().unwrap().is_empty(), "{line}");
        }
    }
    // Hints at every level, both kinds: `hint` status and the step.
    for level in ["1", "2", "3"] {
        let lines = check(
            "explain",
            "satcover/explain/1",
            &run(&[
                "explain",
                "tests/fixtures/sudoku/4x4.txt",
                "tests/fixtures/nonogram/light.non",
                "--hint",
                level,
                "--format",
                "json",
            ]),
        );
        assert!(statuses(&lines).contains(&"hint".to_string()));
        for line in lines.iter().filter(|l| l["status"] == "hint") {
            assert_eq!(line["hint"]["number"], 1, "{line}");
            assert_eq!(line["hint_level"].as_u64(), Some(level.parse().unwrap()));
        }
    }
    // Errors are lines too: a kind without explanation, a file that does not read, a
    // file that is not there.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1.3\n").unwrap();
    let missing = dir.path().join("missing.txt");
    let lines = check(
        "explain",
        "satcover/explain/1",
        &run(&[
            "explain",
            "tests/fixtures/towers/example-6.towers",
            bad.to_str().unwrap(),
            missing.to_str().unwrap(),
            "--format",
            "json",
        ]),
    );
    assert_eq!(statuses(&lines), ["error", "error", "error"]);
    assert!(
        lines[0]["error"].as_str().unwrap().contains("not towers"),
        "{}",
        lines[0]
    );
}
