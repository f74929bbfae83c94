//! What the fuzz targets share: which readers an input goes to, and under which file names.
//!
//! Every target takes its readers from the registry ([`READERS`], built from `kinds!`), so a
//! kind is fuzzed the day it is registered, with no line here. `SATCOVER_FUZZ_KIND=NAME`
//! narrows a run to one kind (`fuzz/run` gives each kind its own share of the time that
//! way); unset, every reader sees every input.

use std::sync::OnceLock;

use satcover::registry::{READERS, Reader};

/// The environment variable that narrows a run to one kind.
pub const KIND_VARIABLE: &str = "SATCOVER_FUZZ_KIND";

/// A reader and the file names it is asked to read under: one per extension (some kinds
/// pick their format by it: nonogram's `.non`, `.g`, `.xml`), and one with none.
pub struct Target {
    /// The kind's reader.
    pub reader: &'static Reader,
    /// `fuzz.EXT` for each of its extensions, then `fuzz`.
    pub names: Vec<String>,
}

/// The readers of this run: every registered one, or the one [`KIND_VARIABLE`] names.
/// Panics (at start-up, from the targets' `init`) on a name that is no kind; `list`
/// prints the kinds, one a line, and exits (how `fuzz/run` learns them).
pub fn targets() -> &'static [Target] {
    static TARGETS: OnceLock<Vec<Target>> = OnceLock::new();
    TARGETS.get_or_init(|| {
        let wanted = std::env::var(KIND_VARIABLE).ok().filter(|k| !k.is_empty());
        if wanted.as_deref() == Some("list") {
            for reader in READERS {
                println!("{}", reader.kind.name());
            }
            std::process::exit(0);
        }
        let chosen: Vec<&'static Reader> = READERS
            .iter()
            .filter(|r| wanted.as_deref().is_none_or(|k| k == r.kind.name()))
            .collect();
        if chosen.is_empty() {
            let kinds: Vec<&str> = READERS.iter().map(|r| r.kind.name()).collect();
            panic!(
                "{KIND_VARIABLE}={}: no such kind; the kinds are {}",
                wanted.unwrap_or_default(),
                kinds.join(" ")
            );
        }
        chosen
            .into_iter()
            .map(|reader| Target {
                reader,
                names: reader
                    .extensions
                    .iter()
                    .map(|e| format!("fuzz.{e}"))
                    .chain(["fuzz".to_string()])
                    .collect(),
            })
            .collect()
    })
}

/// The input as text: invalid UTF-8 becomes U+FFFD, so every input reaches the readers
/// (files that are not UTF-8 are refused before any reader, by `input::read_source`).
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}
