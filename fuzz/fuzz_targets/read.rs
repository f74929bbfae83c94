//! Every registered reader (or the one `SATCOVER_FUZZ_KIND` names) on arbitrary text, under
//! each of its file names, and kind detection on the same text: a puzzle or an error with a
//! position, never a panic, a hang or a runaway allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satcover::input::detect_kind;
use satcover_fuzz::{targets, text};

fuzz_target!(
    init: {
        targets();
    },
    |data: &[u8]| {
        let text = text(data);
        for target in targets() {
            for name in &target.names {
                for (_, read) in (target.reader.read)(name, &text) {
                    match read {
                        Ok(puzzle) => {
                            assert_eq!(puzzle.kind(), target.reader.kind);
                            let _ = puzzle.warnings();
                        }
                        Err(error) => assert!(error.line >= 1, "line 0 in {error}"),
                    }
                }
            }
        }
        let _ = detect_kind("fuzz", &text);
    }
);
