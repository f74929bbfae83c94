//! Every command example in README.md and docs/*.md runs here against its shown output
//! (issue #42: a README that stays true).
//!
//! The blocks use trycmd's syntax: a ```` ```console ```` block holds `$ command` lines (a
//! `> ` line continues the command), an optional `? CODE` line (the exit code; 0 when
//! absent), then the output expected, standard error and standard output together. `...`
//! on a line of its own stands for any number of lines and `[..]` for any text within a
//! line (times, sizes that vary), as snapbox (trycmd's engine) matches them.
//!
//! Unlike trycmd, each command runs through `sh -c`, so an example may redirect, pipe and
//! set variables the way a reader types it; the commands of one file run in order in one
//! temporary folder (`tests/` reachable as in the repository's top folder, so fixture
//! paths read the same), with the `satcover` cargo built for these tests first on `PATH`.
//!
//! A block that cannot run here (it needs Slurm, an external solver not installed, the
//! project's shared data, or minutes) is ```` ```console,ignore ```` and the text just before
//! it says "not run" and why; a block of another language that calls `satcover` is an error,
//! so no example escapes both.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest one example may take before it counts as hung (no example is a timing test:
/// each takes well under a second on an idle machine).
const HUNG: Duration = Duration::from_secs(300);

/// One `$` command of a console block.
struct Example {
    line: usize,
    command: String,
    status: i32,
    expected: String,
}

/// What a markdown file holds: the examples to run, how many blocks are marked not run,
/// and the mistakes found while reading it.
#[derive(Default)]
struct Doc {
    examples: Vec<Example>,
    not_run: usize,
    errors: Vec<String>,
}

fn read_doc(path: &Path) -> Doc {
    let text = std::fs::read_to_string(path).expect("markdown readable");
    let lines: Vec<&str> = text.lines().collect();
    let name = path.display();
    let mut doc = Doc::default();
    let mut i = 0;
    while i < lines.len() {
        let Some(info) = lines[i].strip_prefix("```") else {
            i += 1;
            continue;
        };
        let fence_line = i + 1;
        let info = info.trim();
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .unwrap_or(lines.len());
        let body = &lines[i + 1..end];
        let mut words = info.split(',').map(str::trim);
        let lang = words.next().unwrap_or("");
        let ignored = words.any(|w| w == "ignore");
        let calls_satcover = body.iter().any(|l| {
            let l = l.trim_start().trim_start_matches("$ ");
            l.starts_with("satcover ") || l.contains("| satcover ") || l.contains("&& satcover ")
        });
        match (lang, ignored) {
            ("console" | "trycmd", false) => read_block(path, i + 1, body, &mut doc),
            ("console" | "trycmd", true) => {
                doc.not_run += 1;
                let before = lines[i.saturating_sub(4)..i].join(" ").to_lowercase();
                if !before.contains("not run") {
                    doc.errors.push(format!(
                        "{name}:{fence_line}: a console,ignore block without \"not run\" and why \
                         in the lines just before it"
                    ));
                }
            }
            ("sh" | "bash" | "shell" | "", _) if calls_satcover => doc.errors.push(format!(
                "{name}:{fence_line}: a ```{lang} block that calls satcover: make it ```console \
                 (run by tests/it/readme.rs) or ```console,ignore (not run: say why)"
            )),
            _ => {}
        }
        i = end + 1;
    }
    doc
}

/// The `$` commands of one console block whose body starts at 0-based line `start`.
fn read_block(path: &Path, start: usize, body: &[&str], doc: &mut Doc) {
    let mut k = 0;
    while k < body.len() {
        let line_no = start + k + 1;
        let Some(first) = body[k].strip_prefix("$ ") else {
            doc.errors.push(format!(
                "{}:{line_no}: expected a `$ ` command line, got {:?}",
                path.display(),
                body[k]
            ));
            return;
        };
        let mut command = first.to_string();
        k += 1;
        while k < body.len() {
            let Some(more) = body[k].strip_prefix("> ") else {
                break;
            };
            command.push('\n');
            command.push_str(more);
            k += 1;
        }
        let mut status = 0;
        if let Some(code) = body.get(k).and_then(|l| l.strip_prefix("? ")) {
            status = code.trim().parse().unwrap_or_else(|_| {
                panic!(
                    "{}:{}: `? CODE` needs a number",
                    path.display(),
                    start + k + 1
                )
            });
            k += 1;
        }
        let mut expected = String::new();
        while k < body.len() && !body[k].starts_with("$ ") {
            expected.push_str(body[k]);
            expected.push('\n');
            k += 1;
        }
        doc.examples.push(Example {
            line: line_no,
            command,
            status,
            expected,
        });
    }
}

/// A fresh folder where the examples of one file run: `tests` (and the other folders an
/// example may name) reachable as in the repository's top folder.
fn workdir(root: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    for name in ["tests", "examples", "encodings", "docs"] {
        std::os::unix::fs::symlink(root.join(name), dir.path().join(name)).expect("symlink");
    }
    dir
}

/// Runs `command` through `sh -c` in `dir`, standard error merged into standard output,
/// killed (with its process group) past [`HUNG`]. Returns the exit code and the output.
fn run(dir: &Path, command: &str) -> (Option<i32>, String) {
    use std::os::unix::process::CommandExt;
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_satcover")).parent().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let out = tempfile::tempfile().expect("temporary file");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > HUNG {
            // SAFETY: kill(2) on the process group this example started.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut out = out;
    let mut text = String::new();
    use std::io::{Read, Seek};
    out.rewind().unwrap();
    out.read_to_string(&mut text).expect("output is text");
    (status.and_then(|s| s.code()), text)
}

/// README.md and every docs/*.md, in a fixed order.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files.insert(0, root.join("README.md"));
    files
}

#[test]
fn every_example_in_readme_and_docs_runs_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let assert = snapbox::Assert::new().action(snapbox::assert::Action::Verify);
    let mut failures = Vec::new();
    let (mut ran, mut not_run) = (0, 0);
    for file in markdown_files(root) {
        let doc = read_doc(&file);
        let name = file.strip_prefix(root).unwrap().display().to_string();
        failures.extend(doc.errors);
        not_run += doc.not_run;
        if doc.examples.is_empty() {
            continue;
        }
        let dir = workdir(root);
        for example in &doc.examples {
            ran += 1;
            let (code, output) = run(dir.path(), &example.command);
            let place = format!("{name}:{}: $ {}", example.line, example.command);
            if code != Some(example.status) {
                failures.push(format!(
                    "{place}\n  exit {code:?}, the example says {}; output:\n{output}",
                    example.status
                ));
                continue;
            }
            let expected = snapbox::Data::text(example.expected.trim_end_matches('\n'));
            let actual = snapbox::Data::text(output.trim_end_matches('\n'));
            if let Err(err) = assert.try_eq(Some(&place), actual, expected) {
                failures.push(format!("{place}\n{err}"));
            }
        }
    }
    eprintln!("examples: {ran} run, {not_run} blocks marked not run");
    assert!(ran > 0, "no example found");
    assert!(
        failures.is_empty(),
        "{} example(s) do not hold:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// README's first screen: what satcover is, then the two commands within 40 lines.
#[test]
fn readme_first_command_is_on_the_first_screen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let first = readme
        .lines()
        .position(|l| l.starts_with("cargo run --release"))
        .expect("a `cargo run --release …` command in README.md");
    assert!(
        first < 40,
        "README's first command is on line {}",
        first + 1
    );
    // CI runs README's test command; the line stays exactly this.
    assert!(readme.lines().any(|l| l == "cargo test --release"));
}

/// `satcover ARGS --help`, as text.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_satcover"))
        .args(args)
        .arg("--help")
        .output()
        .expect("satcover --help");
    String::from_utf8(out.stdout).expect("help is text")
}

/// The subcommands a help text lists under `Commands:`, `help` left out.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(str::to_string)
        .collect()
}

/// The synopsis (README's "Every command" block) names every subcommand that
/// `satcover --help` lists, and every option of each that its `--help` lists.
#[test]
fn readme_synopsis_names_every_subcommand_and_option() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme
        .find("## Every command")
        .expect("README has \"## Every command\"");
    let block = &readme[start..];
    let block = &block[block.find("```text\n").expect("a text block") + 8..];
    let synopsis = &block[..block.find("```").unwrap()];
    // One entry per `satcover …` line and its continuation lines.
    let mut entries: Vec<String> = Vec::new();
    for line in synopsis.lines() {
        if line.starts_with("satcover ") {
            entries.push(line.to_string());
        } else if let Some(last) = entries.last_mut() {
            last.push_str(line);
        }
    }
    let mut missing = Vec::new();
    let mut commands: Vec<Vec<String>> = Vec::new();
    for command in subcommands(&help(&[])) {
        let nested = subcommands(&help(&[&command]));
        if nested.is_empty() {
            commands.push(vec![command]);
        } else {
            commands.extend(nested.into_iter().map(|n| vec![command.clone(), n]));
        }
    }
    for words in commands {
        let prefix = format!("satcover {} ", words.join(" "));
        let text: String = entries
            .iter()
            .filter(|e| e.starts_with(&prefix))
            .cloned()
            .collect();
        if text.is_empty() {
            missing.push(format!("`{}`", prefix.trim_end()));
            continue;
        }
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        // Option definitions: `  --kind <KIND>` or `  -o, --output <OUT>`.
        for line in help(&args).lines() {
            let line = line.trim_start();
            let (short, long) = match line.split_once(", ") {
                Some((short, rest)) if short.len() == 2 && short.starts_with('-') => {
                    (Some(short), rest)
                }
                _ => (None, line),
            };
            let Some(option) = long.split_whitespace().next() else {
                continue;
            };
            if !option.starts_with("--") || option == "--help" || option == "--version" {
                continue;
            }
            let named = |o: &str| {
                text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                    .any(|w| w == o)
            };
            if !named(option) && !short.is_some_and(named) {
                missing.push(format!("`{}` {option}", prefix.trim_end()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "README's synopsis lacks: {}",
        missing.join(", ")
    );
}
