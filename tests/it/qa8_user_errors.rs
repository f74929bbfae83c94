//! What a user meets at the command line with odd input or odd flags: one clear error line
//! and exit 1 (or the documented "unsolvable"), never a panic, never memory in proportion
//! to what a file merely claims.

use predicates::prelude::*;

use crate::common::satcover;

const GRID: &str = "tests/fixtures/sudoku/norvig-grid.txt";

#[test]
fn a_timeout_beyond_what_the_clock_holds_is_refused_not_a_panic() {
    // 1e30 s does not fit a Duration; 1e19 s fits one but not `Instant::now() + it`.
    for seconds in ["1e30", "1e19"] {
        for command in [
            vec!["solve", GRID],
            vec!["compare", GRID],
            vec!["bench", GRID],
            vec!["analyze", GRID],
        ] {
            satcover()
                .args(&command)
                .args(["--timeout", seconds])
                .assert()
                .code(1)
                .stdout("")
                .stderr(predicate::str::contains("the timeout must be at most"))
                .stderr(predicate::str::contains("panicked").not());
        }
    }
    // A long but representable timeout still solves.
    satcover()
        .args(["solve", GRID, "--timeout", "1e9"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("4 1 7 | 3 6 9 | 8 2 5\n"));
}

#[test]
fn an_alphametic_file_without_an_equation_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("empty.alpha", ""),
        ("comments.alpha", "# nothing here\n\n; nor here\n"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        satcover()
            .args(["solve", path.to_str().unwrap()])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{name}:1: no equation found"
            )));
    }
    // The same through --kind on standard input.
    satcover()
        .args(["solve", "--kind", "alphametic", "-"])
        .write_stdin("")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no equation found"));
}

#[test]
fn an_impossible_clue_of_many_blocks_is_named_in_one_short_line() {
    // 100,000 blocks in a 3-cell row: "unsolvable", with the clue abbreviated.
    let clue = vec!["1"; 100_000].join(",");
    let text = format!("width 3\nheight 1\nrows\n{clue}\ncolumns\n1\n0\n1\n");
    let out = satcover()
        .args(["solve", "--kind", "nonogram", "-"])
        .write_stdin(text)
        .assert()
        .code(20)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.len() < 300, "{} bytes: {}", out.len(), &out[..300]);
    assert!(
        out.contains("line R1 needs 199999 cells for clue [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,… (100000 blocks)] but has 3"),
        "{out}"
    );
}

#[test]
fn a_png_larger_than_memory_should_allow_is_refused_with_the_cell_size_that_fits() {
    // 10,000 × 2 cells at 200 pixels a cell would be an 800-megapixel image (2.4 GB).
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("wide.non");
    let columns = vec!["2"; 10_000].join("\n");
    std::fs::write(
        &puzzle,
        format!("width 10000\nheight 2\nrows\n10000\n10000\ncolumns\n{columns}\n"),
    )
    .unwrap();
    let png = dir.path().join("wide.png");
    let svg = dir.path().join("wide.svg");
    // The clues take a column left of the grid and a row above it.
    let refusal = "wide.non: a 10000x2 grid at 200 pixels a cell is a PNG of 2000204x604 pixels, more than 50000000: use --cell 40 or less, or --svg";
    satcover()
        .args([
            "render",
            puzzle.to_str().unwrap(),
            "--unsolved",
            "--cell",
            "200",
        ])
        .args([
            "--png",
            png.to_str().unwrap(),
            "--svg",
            svg.to_str().unwrap(),
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(refusal));
    assert!(!png.exists() && !svg.exists(), "nothing is written");
    // analyze draws the same pictures and is bounded the same way.
    satcover()
        .args(["analyze", puzzle.to_str().unwrap(), "--cell", "200"])
        .args(["--png", png.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(refusal));
    assert!(!png.exists());
    // The size it names works.
    satcover()
        .args([
            "render",
            puzzle.to_str().unwrap(),
            "--unsolved",
            "--cell",
            "40",
        ])
        .args(["--png", png.to_str().unwrap()])
        .assert()
        .success();
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

/// CRC-32 (ISO-HDLC), as PNG chunks carry it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG whose header claims `width × height` RGB pixels, with a few bytes of data.
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut file = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |kind: &[u8], data: &[u8]| {
        file.extend((data.len() as u32).to_be_bytes());
        let mut body = kind.to_vec();
        body.extend(data);
        file.extend(&body);
        file.extend(crc32(&body).to_be_bytes());
    };
    let mut header = width.to_be_bytes().to_vec();
    header.extend(height.to_be_bytes());
    header.extend([8, 2, 0, 0, 0]);
    chunk(b"IHDR", &header);
    // A stored (uncompressed) zlib stream of one filter byte and one pixel.
    chunk(
        b"IDAT",
        &[
            0x78, 0x01, 0x01, 0x04, 0x00, 0xfb, 0xff, 0, 255, 255, 255, 0x05, 0xfe, 0x02, 0xfe,
        ],
    );
    chunk(b"IEND", &[]);
    file
}

#[test]
fn a_picture_beyond_the_nonogram_limits_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    // 60,000 × 60,000 pixels claimed in a 70-byte file (10.8 GB decoded).
    let huge = dir.path().join("huge.png");
    std::fs::write(&huge, png_claiming(60_000, 60_000)).unwrap();
    satcover()
        .args(["generate", "nonogram", "--from", huge.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "huge.png: the picture, 60000x60000 is too large: at most 10000 cells per side and 4000000 cells in all",
        ));
    // A text picture one row of 20,000 cells.
    let wide = dir.path().join("wide.txt");
    std::fs::write(&wide, format!("{}\n", "#.".repeat(10_000))).unwrap();
    satcover()
        .args(["generate", "nonogram", "--from", wide.to_str().unwrap()])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the picture, 20000x1 is too large",
        ));
}

#[test]
fn decode_refuses_standard_input_for_both_the_puzzle_and_the_model() {
    // Reading `-` twice would give the model an empty input and a misleading message.
    satcover()
        .args(["decode", "-", "--model", "-"])
        .write_stdin("SEND + MORE = MONEY\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "the puzzle and --model cannot both be standard input",
        ));
}

#[test]
fn generate_nonogram_counts_its_checks_and_givens_in_good_english() {
    let dir = tempfile::tempdir().unwrap();
    // All black: the clues alone decide it, in one check.
    let square = dir.path().join("square.txt");
    std::fs::write(&square, "##\n##\n").unwrap();
    satcover()
        .args(["generate", "nonogram", "--from", square.to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "no givens needed (1 uniqueness check,",
        ));
    // A diagonal: two pictures share its clues; one given and a second check settle it.
    let diagonal = dir.path().join("diagonal.txt");
    std::fs::write(&diagonal, "#.\n.#\n").unwrap();
    satcover()
        .args(["generate", "nonogram", "--from", diagonal.to_str().unwrap()])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "1 given makes it unique (2 uniqueness checks,",
        ));
}

#[test]
fn exporting_a_kind_without_an_exact_cover_encoding_points_to_dimacs() {
    for (file, kind) in [
        (
            "tests/fixtures/alphametic/send-more-money.alpha",
            "alphametic",
        ),
        ("tests/fixtures/cnf/fewer_clauses.cnf", "cnf"),
    ] {
        satcover()
            .args(["export", "--to", "xc", file])
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(format!(
                "{kind} puzzles have no exact-cover encoding; export --to dimacs writes this one as CNF"
            )))
            .stderr(predicate::str::contains("--backend").not());
        // What it points to works.
        satcover()
            .args(["export", "--to", "dimacs", file])
            .assert()
            .success()
            .stdout(predicate::str::contains("p cnf "));
    }
}

#[test]
fn bench_first_zero_is_refused() {
    let output = satcover()
        .args(["bench", GRID, "--first", "0"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("the number of puzzles must be at least 1"),
        "{stderr}"
    );
    satcover()
        .args(["bench", GRID, "--first", "1"])
        .assert()
        .success();
}

#[test]
fn dimacs_and_exact_cover_errors_are_placed_as_file_line_column() {
    satcover()
        .args(["solve", "tests/fixtures/cnf/bad_token.cnf"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "tests/fixtures/cnf/bad_token.cnf:3:4: `x3` is not an integer literal",
        ));
    // A whole-line error has no column.
    satcover()
        .args(["solve", "tests/fixtures/cnf/bad_duplicate_header.cnf"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "tests/fixtures/cnf/bad_duplicate_header.cnf:3: second `p` header",
        ));
    let dir = tempfile::tempdir().unwrap();
    let xc = dir.path().join("unknown.xc");
    std::fs::write(&xc, "a b\na c\n").unwrap();
    satcover()
        .args(["solve", xc.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{}:2:3: unknown item `c`",
            xc.display()
        )));
}

/// What the DIMACS reader tolerates (a last clause without its `0`, fewer clauses than
/// the header declares) is said on standard error, by every command that reads the file,
/// and the answer stands.
#[test]
fn tolerated_dimacs_irregularities_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("short.cnf");
    std::fs::write(&cnf, "p cnf 3 3\n1 -2 0\n2 3").unwrap();
    satcover()
        .args(["solve", cnf.to_str().unwrap()])
        .assert()
        .code(10)
        .stdout(predicate::str::contains("s SATISFIABLE"))
        .stderr(predicate::str::contains(
            "short.cnf: line 3: last clause has no terminating 0 (accepted)",
        ))
        .stderr(predicate::str::contains(
            "header declares 3 clauses, found 2 (accepted)",
        ));
    satcover()
        .args(["export", cnf.to_str().unwrap(), "--to", "dimacs"])
        .assert()
        .success()
        .stderr(predicate::str::contains("satcover: warning: "));
}
