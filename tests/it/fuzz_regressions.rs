//! Every input that once crashed a fuzz target (`tests/fixtures/fuzz/`, named after what it
//! broke), replayed the way `fuzz/fuzz_targets/read.rs` runs it: every registered reader
//! under each of its file names, and kind detection. A debug build (`cargo test`) also
//! checks arithmetic overflow, as the fuzz build does.

use satcover::input::detect_kind;
use satcover::registry::READERS;

#[test]
fn every_input_that_crashed_a_fuzz_target_is_read_or_refused() {
    let dir = format!("{}/tests/fixtures/fuzz", env!("CARGO_MANIFEST_DIR"));
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.expect("entry").path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
        for reader in READERS {
            let names = reader
                .extensions
                .iter()
                .map(|e| format!("fuzz.{e}"))
                .chain(["fuzz".to_string()]);
            for name in names {
                for (_, read) in (reader.read)(&name, &text) {
                    match read {
                        Ok(puzzle) => assert_eq!(puzzle.kind(), reader.kind, "{}", path.display()),
                        Err(error) => {
                            assert!(error.line >= 1, "{}: line 0 in {error}", path.display())
                        }
                    }
                }
            }
        }
        let _ = detect_kind("fuzz", &text);
        replayed += 1;
    }
    assert!(replayed >= 1, "no inputs in {dir}");
}
