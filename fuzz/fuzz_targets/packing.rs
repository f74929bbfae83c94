//! The packing reader on arbitrary text: an error or a puzzle, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satcover::input::load;
use satcover::puzzle::Kind;

fuzz_target!(|text: &str| {
    let _ = load("f.pack", text, Some(Kind::Packing));
});
