//! Kind detection by content: every fixture file of a registered kind's folder
//! (`tests/fixtures/<kind>/`), named so that its extension names no kind, is detected as
//! that kind. Detection asks the readers in `KINDS` order, so a kind whose IDs can read as
//! another's (a Range ID as a Mosaic) must not be taken for it.

use std::fs;
use std::path::Path;

use satcover::input::detect_kind;
use satcover::registry::READERS;

#[test]
fn every_fixture_is_detected_as_its_folders_kind() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for reader in READERS {
        let dir = Path::new("tests/fixtures").join(reader.kind.name());
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !path.is_file() || !name.ends_with(".txt") {
                continue;
            }
            let text = fs::read_to_string(&path).unwrap();
            let found = detect_kind("file.txt", &text);
            checked += 1;
            if found != reader.kind {
                wrong.push(format!("{}: detected as {}", path.display(), found.name()));
            }
        }
    }
    assert!(checked >= 40, "only {checked} fixture files found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
