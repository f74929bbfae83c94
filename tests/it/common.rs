//! What the command-line test files share: the binary under test, run from the
//! repository's top folder so the fixtures' relative paths hold.

use assert_cmd::Command;

/// Whether `program` is on the `PATH` (CI installs cadical and minisat); says so on standard
/// error when it is not, since the caller skips a part of its test.
#[allow(dead_code)]
pub fn have(program: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()));
    if !found {
        eprintln!("note: {program} is not installed; skipping its part of this test");
    }
    found
}

/// `satcover`, as cargo built it for these tests, in the repository's top folder.
pub fn satcover() -> Command {
    let mut cmd = Command::cargo_bin("satcover").expect("binary built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}
