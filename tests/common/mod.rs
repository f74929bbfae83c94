//! What the command-line test files share: the binary under test, run from the
//! repository's top folder so the fixtures' relative paths hold.

use assert_cmd::Command;

/// `satcover`, as cargo built it for these tests, in the repository's top folder.
pub fn satcover() -> Command {
    let mut cmd = Command::cargo_bin("satcover").expect("binary built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}
