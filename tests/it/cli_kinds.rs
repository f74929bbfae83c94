//! Nonograms, packing and alphametics through the built binary: output, errors, exit
//! codes, and backend agreement in `compare`.

use predicates::prelude::*;

use crate::common::satcover;

const GCHQ: &str = "tests/fixtures/nonogram/gchq-2015.non";

#[test]
fn gchq_solves_to_its_goal_and_is_unique_on_every_backend() {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GCHQ))
        .unwrap();
    // The goal rows in the file (`goal` key): 25 strings of 0/1 after the key.
    let expected_first_row = "#######.###...#.#.#######";
    for backend in ["native", "sat", "dlx"] {
        satcover()
            .args(["solve", "--unique", "--backend", backend, GCHQ])
            .assert()
            .success()
            .stdout(predicate::str::starts_with(format!(
                "{expected_first_row}\n"
            )))
            .stdout(predicate::str::contains("gchq-2015.non: unique"));
    }
    assert!(text.contains("givens"), "the fixture carries the 22 givens");
}

#[test]
fn nonogram_with_two_solutions_shows_where_they_differ() {
    satcover()
        .args([
            "solve",
            "--unique",
            "tests/fixtures/nonogram/two-solutions.non",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("two-solutions.non: not unique"))
        .stdout(predicate::str::contains("where they differ:\n###.??"))
        .stdout(predicate::str::contains(
            "4 cells differ: (r1,c5) (r1,c6) (r3,c5) (r3,c6)",
        ));
}

#[test]
fn nonogram_json_rows_are_strings() {
    let out = satcover()
        .args(["solve", "--format", "json", GCHQ])
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["solution"][0], "#######.###...#.#.#######");
    assert_eq!(lines[0]["solution"].as_array().unwrap().len(), 25);
}

#[test]
fn bad_and_impossible_nonograms() {
    satcover()
        .args(["solve", "tests/fixtures/nonogram/bad-clue.non"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad-clue.non:5:3: expected a clue number",
        ));
    satcover()
        .args(["solve", "tests/fixtures/nonogram/too-long.non"])
        .assert()
        .code(20)
        .stdout(predicate::str::contains("unsolvable ("));
    satcover()
        .args(["solve", "tests/fixtures/nonogram/colour.g"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "colour.g:8:1: colour `u` is not defined in the `#d` block",
        ));
}

#[test]
fn nonogram_renders_as_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("gchq.png");
    let svg = dir.path().join("gchq.svg");
    satcover()
        .args(["render", GCHQ, "--png"])
        .arg(&png)
        .arg("--svg")
        .arg(&svg)
        .assert()
        .success();
    assert_eq!(&std::fs::read(&png).unwrap()[..4], b"\x89PNG");
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        svg_text.matches("fill=\"#000000\"").count() > 300,
        "black cells drawn"
    );
}

#[test]
fn golomb_square_counts_and_json_piece_numbers() {
    for backend in ["native", "sat", "dlx"] {
        satcover()
            .args([
                "solve",
                "--count",
                "--backend",
                backend,
                "tests/fixtures/packing/golomb-11-a.pack",
            ])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(": 8 solutions\n"));
    }
    let out = satcover()
        .args([
            "solve",
            "--format",
            "json",
            "tests/fixtures/packing/golomb-11-a.pack",
        ])
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    let rows = lines[0]["solution"].as_array().unwrap();
    assert_eq!(rows.len(), 11);
    let mut numbers: Vec<u64> = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap().iter().map(|c| c.as_u64().unwrap()))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(
        numbers,
        vec![0, 1, 2, 3, 4],
        "five pieces, numbered in input order"
    );
}

#[test]
fn pentominoes_3x20_have_8_tilings() {
    for backend in ["native", "dlx"] {
        satcover()
            .args([
                "solve",
                "--count",
                "--backend",
                backend,
                "tests/fixtures/packing/pentominoes-3x20.pack",
            ])
            .assert()
            .success()
            .stdout(predicate::str::ends_with(": 8 solutions\n"));
    }
}

#[test]
fn bad_packing_is_an_error_with_its_place() {
    satcover()
        .args(["solve", "tests/fixtures/packing/bad-drawing.pack"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains(
            "bad-drawing.pack:4:2: unexpected `x`",
        ));
    satcover()
        .args(["solve", "--kind", "packing", "-"])
        .write_stdin("region 2x2\npiece 3x3\n")
        .assert()
        .code(20)
        .stdout(predicate::str::contains("unsolvable ("));
}

#[test]
fn alphametics_count_and_print() {
    for backend in ["native", "sat"] {
        satcover()
            .args(["solve", "--count", "--backend", backend, "-"])
            .write_stdin("NUM + BER = PLAY\n")
            .assert()
            .success()
            .stdout("<stdin>:1: 96 solutions\n");
        satcover()
            .args(["solve", "--unique", "--backend", backend, "-"])
            .write_stdin("SEND + MORE = MONEY\n")
            .assert()
            .success()
            .stdout("9567 + 1085 = 10652\n<stdin>:1: unique\n");
    }
    let out = satcover()
        .args(["solve", "--format", "json", "-"])
        .write_stdin("SEND + MORE = MONEY\n")
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["solution"]["M"], 1);
    assert_eq!(lines[0]["solution"]["Y"], 2);
}

#[test]
fn alphametic_errors_are_clear() {
    satcover()
        .args(["solve", "--backend", "dlx", "-"])
        .write_stdin("SEND + MORE = MONEY\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "dlx backend does not support alphametic",
        ));
    satcover()
        .args(["solve", "--kind", "alphametic", "-"])
        .write_stdin("ABCDEF + GHIJK = LMNOP\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:1"))
        .stderr(predicate::str::contains("letters"));
}

/// A colour nonogram: text rows in the palette's characters, JSON rows plus the palette,
/// `--unique` marking differing cells, a picture in the puzzle's colours.
#[test]
fn colour_nonogram_output() {
    let map = "tests/fixtures/nonogram/map-47.non";
    let out = satcover().args(["solve", map]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(".bbbcdddcccdddddbbaccccbbb....."), "{text}");
    let out = satcover()
        .args(["solve", "--format", "json", "--unique", map])
        .output()
        .unwrap();
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["solution"].as_array().unwrap().len(), 18);
    let value = lines.last().unwrap();
    assert_eq!(value["unique"], true);
    assert_eq!(value["palette"]["."]["rgb"], "#ffffff");
    assert_eq!(value["palette"]["b"]["rgb"], "#ff0000");
    assert_eq!(value["palette"]["d"]["rgb"], "#4040ff");

    // Two solutions: a 2x2 whose one red cell per line can sit on either diagonal.
    let dir = tempfile::tempdir().unwrap();
    let two = dir.path().join("two.non");
    std::fs::write(
        &two,
        "width 2\nheight 2\ncolor a #000000\ncolor b #ff0000\nrows\n1b\n1b\ncolumns\n1b\n1b\n",
    )
    .unwrap();
    let out = satcover()
        .args(["solve", "--unique"])
        .arg(&two)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("??\n??\n4 cells differ"), "{text}");

    let svg = dir.path().join("map.svg");
    satcover()
        .args(["render", map, "--svg"])
        .arg(&svg)
        .assert()
        .success();
    let svg_text = std::fs::read_to_string(&svg).unwrap().to_lowercase();
    for colour in ["#ff0000", "#00b000", "#4040ff", "#000000"] {
        assert!(svg_text.contains(&format!("fill=\"{colour}\"")), "{colour}");
    }
}

/// `export --to dimacs`, a SAT answer, `decode`: the colour grid comes back (and is
/// checked); `export --to xc` colours cells by palette index.
#[test]
fn colour_nonogram_export_and_decode() {
    let map = "tests/fixtures/nonogram/map-47.non";
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("map.cnf");
    let model = dir.path().join("map.model");
    satcover()
        .args(["export", map, "--to", "dimacs", "-o"])
        .arg(&cnf)
        .assert()
        .success();
    let answer = satcover().arg("solve").arg(&cnf).output().unwrap();
    std::fs::write(&model, &answer.stdout).unwrap();
    let decoded = satcover()
        .args(["decode", map, "--model"])
        .arg(&model)
        .output()
        .unwrap();
    let text = String::from_utf8(decoded.stdout).unwrap();
    assert!(text.contains(".bbbcdddcccdddddbbaccccbbb....."), "{text}");
    let xc = satcover()
        .args(["export", map, "--to", "xc"])
        .output()
        .unwrap();
    let xc = String::from_utf8(xc.stdout).unwrap();
    assert!(
        xc.contains("r1c1:0") && xc.contains("r2c2:2"),
        "palette indices as colours"
    );
}

/// `solve --format json`'s lines: each solution, then the answer (docs/schemas/README.md).
fn json_lines(stdout: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
