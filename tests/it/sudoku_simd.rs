//! The 9×9 engine's portable path, forced with `SATCOVER_SIMD=scalar`, answers exactly as
//! the lane path the CPU picks at run time (`src/puzzles/sudoku/native_9x9.rs`).

use assert_cmd::Command;

fn solve(simd: Option<&str>, args: &[&str]) -> (Option<i32>, String, String) {
    let mut cmd = Command::cargo_bin("satcover").expect("binary built");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd.env_remove("SATCOVER_SIMD");
    if let Some(level) = simd {
        cmd.env("SATCOVER_SIMD", level);
    }
    let output = cmd.arg("solve").args(args).output().expect("runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

#[test]
fn scalar_path_prints_what_the_lane_path_prints() {
    for file in [
        "tests/fixtures/sudoku_native/17_clue_200.txt",
        "tests/fixtures/sudoku_native/forum_hardest_11plus_200.txt",
        "tests/fixtures/collections/sudoku-mixed.txt",
    ] {
        for mode in [&["--unique"][..], &["--count"], &[]] {
            let args = [mode, &["--backend", "native", file]].concat();
            let lanes = solve(None, &args);
            for level in ["scalar", "sse2"] {
                assert_eq!(solve(Some(level), &args), lanes, "{level}: {args:?}");
            }
            if !file.ends_with("mixed.txt") {
                assert_eq!(lanes.0, Some(0), "{args:?}");
            }
            if mode == ["--unique"] && !file.ends_with("mixed.txt") {
                let unique = lanes.1.lines().filter(|l| l.ends_with(": unique")).count();
                assert_eq!(unique, 200, "{args:?}");
            }
        }
    }
}
