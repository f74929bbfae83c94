//! The nonogram readers (`.non`, Olšák `.g`, webpbn XML) on arbitrary text: the first byte
//! picks the format; an error or a puzzle, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satcover::input::load;
use satcover::puzzle::Kind;

fuzz_target!(|data: (u8, &str)| {
    let (format, text) = data;
    let name = ["f.non", "f.g", "f.xml"][usize::from(format % 3)];
    let _ = load(name, text, Some(Kind::Nonogram));
});
