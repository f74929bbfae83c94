//! Every registered kind ([`registry::READERS`]), on the examples it ships, through every
//! engine and every command it declares: the engines agree on the solutions, and each
//! command the kind's capabilities offer runs on the real binary. A new kind is tested here
//! the day it registers, with no line added to this file.

use crate::common;

use std::collections::BTreeSet;
use std::time::Duration;

use crate::common::satcover;
use predicates::prelude::*;
use satcover::puzzle::{Backend, Engine, Render, Request, Status};
use satcover::registry::{self, READERS};
use satcover::sat::SatBackend;

/// At most this many puzzles of a many-puzzle example are solved on every engine.
const PUZZLES_PER_EXAMPLE: usize = 3;
/// Solutions listed for comparing sets; a puzzle with more is compared by count only.
const LISTED: u64 = 20;
/// A slow engine on a large example gives up here and is left out of the comparison.
const BUDGET: Duration = Duration::from_secs(20);

/// The answer an engine gives: status, count, and the solutions as text when it listed them
/// all.
type Answer = (Status, u64, Option<BTreeSet<String>>);

#[test]
fn every_engine_a_kind_declares_agrees_on_its_examples() {
    let cadical = common::have("cadical");
    for reader in READERS {
        assert!(
            !reader.examples.is_empty(),
            "{} ships no example",
            reader.kind
        );
        for example in reader.examples {
            let read = (reader.read)(example.name, example.text);
            for (place, puzzle) in read.into_iter().take(PUZZLES_PER_EXAMPLE) {
                let label = format!("{} ({}) {place:?}", example.name, reader.kind);
                let puzzle = puzzle.unwrap_or_else(|e| panic!("{label}: {e}"));
                assert_eq!(puzzle.kind(), reader.kind, "{label}");
                let mut answers: Vec<(Engine, Answer)> = Vec::new();
                for engine in puzzle.engines() {
                    let mut request = Request::limit(LISTED).with_timeout(Some(BUDGET));
                    request.render = Render::Text;
                    if engine == Engine::External {
                        if !cadical {
                            continue;
                        }
                        request.external = SatBackend::external_from_command("cadical -q");
                    }
                    let report = match puzzle.solve_any(Backend::from(engine), &request) {
                        Ok(report) => report,
                        // A guard: the engine would explode on this instance and says
                        // which engine to use instead.
                        Err(e) if e.to_string().contains("use --backend") => {
                            eprintln!("note: {label}: {engine} refused: {e}");
                            continue;
                        }
                        Err(e) => panic!("{label} on {engine}: {e}"),
                    };
                    let outcome = report.outcome;
                    if outcome.timed_out {
                        eprintln!("note: {label}: {engine} ran out of its {BUDGET:?}");
                        continue;
                    }
                    let listed = outcome.complete.then(|| {
                        outcome
                            .solutions
                            .iter()
                            .map(|s| s.text.clone())
                            .collect::<BTreeSet<_>>()
                    });
                    answers.push((engine, (outcome.status, outcome.count, listed)));
                }
                let Some(((first, expected), rest)) = answers.split_first() else {
                    panic!("{label}: no engine answered within {BUDGET:?}");
                };
                for (engine, answer) in rest {
                    assert_eq!(answer, expected, "{label}: {engine} against {first}");
                }
            }
        }
    }
}

#[test]
fn every_command_a_kind_declares_runs_on_its_showcase() {
    let dir = tempfile::tempdir().expect("temporary folder");
    for reader in READERS {
        let example = reader.examples[0];
        let file = dir.path().join(example.name);
        std::fs::write(&file, example.text).expect("written");
        let file = file.to_str().expect("UTF-8 path");
        let puzzle = reader.showcase();
        let engines = puzzle.engines();
        let kind = reader.kind.name();

        // Detected from its name and content, and solved by the default backend.
        satcover()
            .args(["solve", file, "--format", "json"])
            .assert()
            .code(predicate::in_iter([0, 10, 20]))
            .stdout(predicate::str::contains(format!("\"kind\":\"{kind}\"")));
        satcover()
            .args(["compare", "--runs", "1", "--count", file])
            .assert()
            .success()
            .stdout(predicate::str::contains("backends agree"));
        satcover()
            .args(["bench", file, "--format", "json", "--first", "1"])
            .assert()
            .success();
        let svg = dir.path().join(format!("{kind}.svg"));
        satcover()
            .args(["render", file, "--svg", svg.to_str().unwrap()])
            .assert()
            .success();
        assert!(
            std::fs::read_to_string(&svg)
                .unwrap()
                .trim_start()
                .starts_with("<svg")
        );
        if puzzle.as_ref().engines().contains(&Engine::Sat) {
            satcover()
                .args(["export", file, "--to", "dimacs", "--index", "1"])
                .assert()
                .success()
                .stdout(predicate::str::contains("p cnf "));
        }
        if engines.contains(&Engine::Dlx) {
            satcover()
                .args(["export", file, "--to", "xc", "--index", "1"])
                .assert()
                .success();
        }
        // Each kind answers `analyze` or refuses it in one line; never a panic.
        let analysis = satcover().args(["analyze", file]).output().unwrap();
        assert!(
            [Some(0), Some(1), Some(20)].contains(&analysis.status.code()),
            "{kind}: analyze {analysis:?}"
        );
        generates(reader, dir.path());
        let explain = satcover().args(["explain", file]).output().unwrap();
        if puzzle.explainer().is_some() {
            assert!(
                [Some(0), Some(30)].contains(&explain.status.code()),
                "{kind}: explain {explain:?}"
            );
        } else {
            assert_eq!(explain.status.code(), Some(1), "{kind}");
            let message = String::from_utf8_lossy(&explain.stderr);
            let explaining = registry::kinds_with(|p| p.explainer().is_some());
            assert!(
                message.contains(&registry::kind_list(&explaining)),
                "{kind}: {message}"
            );
        }
    }
}

/// `generate KIND` with the kind's small example parameters makes two puzzles, the same
/// for the same seed, which its reader takes back and `solve --unique` proves unique (every
/// solution the pipeline hands out passed the kind's checker); a kind that does not
/// generate is refused with the list of those that do, from the registry.
fn generates(reader: &registry::Reader, dir: &std::path::Path) {
    let kind = reader.kind.name();
    let Some(generator) = reader.generator else {
        let generating: Vec<_> = READERS
            .iter()
            .filter(|r| r.generator.is_some())
            .map(|r| r.kind)
            .collect();
        satcover()
            .args(["generate", kind])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{kind} does not generate puzzles; the kinds that generate: {}",
                registry::kind_list(&generating)
            )));
        return;
    };
    let out = dir.join(format!("generated-{kind}"));
    let out = out.to_str().expect("UTF-8 path");
    let run = || {
        let mut args = vec!["generate", kind];
        args.extend(generator.example());
        args.extend(["--count", "2", "--seed", "3", "-o", out]);
        satcover().args(&args).assert().success().stdout("");
        std::fs::read_to_string(out).expect("written")
    };
    let text = run();
    assert_eq!(text, run(), "{kind}: the same seed, the same puzzles");
    let read = (reader.read)("generated", &text);
    assert_eq!(read.len(), 2, "{kind}: two puzzles\n{text}");
    for (place, puzzle) in read {
        let puzzle = puzzle.unwrap_or_else(|e| panic!("{kind} {place:?}: {e}\n{text}"));
        assert_eq!(puzzle.kind(), reader.kind);
        let report = puzzle
            .solve_any(Backend::Auto, &Request::unique())
            .unwrap_or_else(|e| panic!("{kind} {place:?}: {e}"));
        assert_eq!(
            report.outcome.unique(),
            Some(true),
            "{kind} {place:?}\n{text}"
        );
    }
    satcover()
        .args(["solve", "--unique", "--kind", kind, out])
        .assert()
        .success()
        .stdout(predicate::str::contains(": unique").count(2));
}
