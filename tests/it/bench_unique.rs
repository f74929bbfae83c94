//! `bench --unique` says what it proved, in every output format: unique, not unique,
//! unsolvable and unknown per backend (a grid with two solutions is not "unique").

use crate::common::satcover;

/// Three unique 17-clue grids, two with a given removed (a 17-clue grid is minimal, so
/// each then has two or more solutions), and one with two 1s in its first row.
fn collection(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string("tests/fixtures/sudoku_native/17_clue_200.txt").unwrap();
    let grids: Vec<&str> = text.lines().filter(|l| l.len() == 81).take(5).collect();
    let mut lines: Vec<String> = grids[..3].iter().map(|g| g.to_string()).collect();
    for g in &grids[3..5] {
        let mut loose = g.as_bytes().to_vec();
        let given = loose.iter().position(|&c| c != b'.' && c != b'0').unwrap();
        loose[given] = b'.';
        lines.push(String::from_utf8(loose).unwrap());
    }
    let mut bad = vec![b'.'; 81];
    (bad[0], bad[1]) = (b'1', b'1');
    lines.push(String::from_utf8(bad).unwrap());
    let path = dir.join("mixed-uniqueness.txt");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.display().to_string()
}

fn bench(file: &str, format: &str, unique: bool) -> String {
    let mut cmd = satcover();
    cmd.args(["bench", file, "--backend", "native,dlx", "--format", format]);
    if unique {
        cmd.arg("--unique");
    }
    let output = cmd.output().expect("runs");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn every_format_reports_what_unique_proved() {
    let dir = tempfile::tempdir().unwrap();
    let file = collection(dir.path());

    for line in bench(&file, "json", true).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let p = &v["proved"];
        let counts = [
            &p["unique"],
            &p["not_unique"],
            &p["unsolvable"],
            &p["unknown"],
        ];
        assert_eq!(counts, [3, 2, 1, 0], "{line}");
        assert_eq!((&v["solved"], &v["unsolvable"]), (&5.into(), &1.into()));
    }
    for line in bench(&file, "json", false).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            v.get("proved").is_none(),
            "first solutions prove nothing: {line}"
        );
    }

    let csv = bench(&file, "csv", true);
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        &rows[0][..10],
        &[
            "backend",
            "puzzles",
            "solved",
            "unsolvable",
            "timed_out",
            "unsupported",
            "errors",
            "unique",
            "not_unique",
            "unknown"
        ]
    );
    for row in &rows[1..] {
        assert_eq!(
            &row[1..10],
            &["6", "5", "1", "0", "0", "0", "3", "2", "0"],
            "{csv}"
        );
    }

    for format in ["text", "markdown"] {
        let out = bench(&file, format, true);
        let header = out.lines().next().unwrap();
        assert!(
            header.contains("not unique") && header.contains("unknown"),
            "{out}"
        );
        for backend in ["native", "dlx"] {
            let row = out.lines().find(|l| l.contains(backend)).unwrap();
            let cells: Vec<&str> = row
                .split(|c: char| c == '|' || c.is_whitespace())
                .filter(|c| !c.is_empty())
                .collect();
            assert_eq!(
                &cells[1..10],
                &["6", "5", "1", "0", "0", "0", "3", "2", "0"],
                "{out}"
            );
        }
        let plain = bench(&file, format, false);
        assert!(
            !plain.lines().next().unwrap().contains("not unique"),
            "{plain}"
        );
    }
}
