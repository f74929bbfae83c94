//! For puzzle setters: `analyze` (forced cells, marginals) against brute-force
//! enumeration, generated puzzles proved unique on every backend, pictures, bad input.

use std::collections::BTreeMap;

use serde_json::Value;

use satcover::analyze::{self, Method, Options};
use satcover::pipeline::solve;
use satcover::puzzle::{Backend, Puzzle, Request, Status};
use satcover::puzzles::nonogram::generate::{self as gen_nonogram, read_picture};
use satcover::puzzles::nonogram::{Grid, Nonogram, formats};
use satcover::puzzles::sudoku::generate::{self as gen_sudoku, Checker, SudokuSpec};
use satcover::puzzles::{alphametic, packing, sudoku};
use satcover::rng::SplitMix64;

use crate::common::satcover;

/// Forced cells and marginals from a full list of solutions (in JSON form).
fn by_enumeration(solutions: &[Value]) -> (Vec<bool>, Vec<BTreeMap<String, u64>>) {
    let first = analyze::cells(&solutions[0]);
    let mut varying = vec![false; first.len()];
    let mut tallies = vec![BTreeMap::new(); first.len()];
    for s in solutions {
        for (i, cell) in analyze::cells(s).into_iter().enumerate() {
            varying[i] |= cell != first[i];
            *tallies[i].entry(cell.to_string()).or_insert(0u64) += 1;
        }
    }
    (varying, tallies)
}

/// `analyze` by every method agrees with the enumeration of `solutions` (all of them).
fn agrees<P: Puzzle>(puzzle: &P, solutions: &[Value], what: &str) {
    let (varying, tallies) = by_enumeration(solutions);
    for method in [Method::Sat, Method::Native, Method::Auto] {
        let options = Options {
            method,
            ..Options::default()
        };
        let a = analyze::analyze(puzzle, &options).expect("analyze");
        assert_eq!(a.status, Status::Solved, "{what} {method:?}");
        assert!(a.forced_exact, "{what} {method:?}");
        assert_eq!(a.varying, varying, "{what} {method:?}: forced cells");
        let with_marginals = Options {
            method,
            marginals: true,
            ..Options::default()
        };
        let m = analyze::analyze(puzzle, &with_marginals).expect("marginals");
        assert!(m.complete, "{what} {method:?}");
        assert_eq!(m.solutions_counted, solutions.len() as u64, "{what}");
        let mut got = m.tallies.expect("tallies");
        // Cells are compared as sets of value counts: the first solution may differ.
        for (g, t) in got.iter_mut().zip(&tallies) {
            assert_eq!(g, t, "{what} {method:?}: marginals");
        }
    }
}

#[test]
fn nonogram_backbone_and_marginals_equal_brute_force_on_4x4_and_native_enumeration_on_5x5() {
    let mut rng = SplitMix64::new(11);
    for round in 0..12 {
        let side = if round < 6 { 4 } else { 5 };
        let mut picture = Grid::new(side, side);
        for r in 0..side {
            for c in 0..side {
                picture.set(r, c, rng.chance(500));
            }
        }
        let puzzle = Nonogram::from_grid(&picture);
        let solutions: Vec<Value> = if side == 4 {
            // Every one of the 2^16 pictures, kept when the checker accepts it.
            (0u32..1 << 16)
                .filter_map(|bits| {
                    let mut g = Grid::new(4, 4);
                    for i in 0..16 {
                        g.set(i / 4, i % 4, bits >> i & 1 == 1);
                    }
                    puzzle.check(&g).ok().map(|()| puzzle.solution_json(&g))
                })
                .collect()
        } else {
            let all = solve(&puzzle, Backend::Dlx, &Request::all()).expect("dlx");
            assert!(all.complete);
            all.solutions
                .iter()
                .map(|s| puzzle.solution_json(s))
                .collect()
        };
        agrees(&puzzle, &solutions, &format!("nonogram round {round}"));
    }
}

#[test]
fn sudoku_4x4_with_few_givens_equals_brute_force() {
    // The 288 grids of the empty 4×4, by brute force over rows of permutations.
    let perms: Vec<[u8; 4]> = (0..256u32)
        .map(|x| std::array::from_fn(|i| (x >> (2 * i) & 3) as u8 + 1))
        .filter(|p: &[u8; 4]| {
            let mut s = p.to_vec();
            s.sort_unstable();
            s == [1, 2, 3, 4]
        })
        .collect();
    let mut grids = Vec::new();
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    let g: Vec<u8> = [a, b, c, d]
                        .iter()
                        .flat_map(|r| r.iter().copied())
                        .collect();
                    let ok = (0..4).all(|col| {
                        let mut s: Vec<u8> = (0..4).map(|r| g[r * 4 + col]).collect();
                        s.sort_unstable();
                        s == [1, 2, 3, 4]
                    }) && (0..4).all(|bx| {
                        let (r0, c0) = (bx / 2 * 2, bx % 2 * 2);
                        let mut s: Vec<u8> =
                            (0..4).map(|i| g[(r0 + i / 2) * 4 + c0 + i % 2]).collect();
                        s.sort_unstable();
                        s == [1, 2, 3, 4]
                    });
                    if ok {
                        grids.push(g);
                    }
                }
            }
        }
    }
    assert_eq!(grids.len(), 288);
    let mut rng = SplitMix64::new(4);
    for round in 0..10 {
        let source = &grids[rng.below(grids.len())];
        let givens: Vec<u8> = source
            .iter()
            .map(|&d| if rng.chance(250) { d } else { 0 })
            .collect();
        let puzzle = sudoku::Sudoku::new(2, givens.clone()).expect("4x4");
        let solutions: Vec<Value> = grids
            .iter()
            .filter(|g| givens.iter().zip(g.iter()).all(|(&x, &y)| x == 0 || x == y))
            .map(|g| puzzle.solution_json(g))
            .collect();
        agrees(&puzzle, &solutions, &format!("sudoku round {round}"));
    }
}

#[test]
fn packings_and_alphametics_agree_with_full_enumeration() {
    for file in ["slack.pack", "golomb-11-a.pack", "ring.pack"] {
        let text = std::fs::read_to_string(format!("tests/fixtures/packing/{file}")).expect("read");
        let puzzle = packing::parse(&text).expect("parse");
        let all = solve(&puzzle, Backend::Dlx, &Request::all()).expect("dlx");
        let solutions: Vec<Value> = all
            .solutions
            .iter()
            .map(|s| puzzle.solution_json(s))
            .collect();
        let (varying, _) = by_enumeration(&solutions);
        // With slack, SAT alone cannot prove an empty cell (see analyze.rs): it says so.
        let sat = analyze::analyze(
            &puzzle,
            &Options {
                method: Method::Sat,
                ..Options::default()
            },
        )
        .expect("sat");
        if puzzle.slack() == 0 {
            assert!(sat.forced_exact, "{file}");
            assert_eq!(sat.varying, varying, "{file}");
        } else {
            assert!(!sat.forced_exact, "{file}: must not claim exactness");
        }
        let auto = analyze::analyze(&puzzle, &Options::default()).expect("auto");
        assert!(auto.forced_exact, "{file}");
        assert_eq!(auto.varying, varying, "{file}");
    }
    for (_, puzzle) in alphametic::parse("NUM + BER = PLAY\nSEND + MORE = MONEY\n")
        .into_iter()
        .map(|r| r.expect("parse"))
    {
        // Brute force: every assignment of distinct digits to the letters.
        let letters: Vec<char> = {
            let s = puzzle.to_string();
            let mut l: Vec<char> = s.chars().filter(char::is_ascii_uppercase).collect();
            l.sort_unstable();
            l.dedup();
            l
        };
        let mut solutions = Vec::new();
        let mut digits = vec![0u8; letters.len()];
        fn assign(
            k: usize,
            used: u16,
            digits: &mut Vec<u8>,
            letters: &[char],
            puzzle: &alphametic::Alphametic,
            out: &mut Vec<Value>,
        ) {
            if k == letters.len() {
                let a: alphametic::Assignment = letters
                    .iter()
                    .copied()
                    .zip(digits.iter().copied())
                    .collect();
                if puzzle.check(&a).is_ok() {
                    out.push(puzzle.solution_json(&a));
                }
                return;
            }
            for d in 0..10u8 {
                if used >> d & 1 == 0 {
                    digits[k] = d;
                    assign(k + 1, used | 1 << d, digits, letters, puzzle, out);
                }
            }
        }
        assign(0, 0, &mut digits, &letters, &puzzle, &mut solutions);
        assert!(!solutions.is_empty());
        agrees(&puzzle, &solutions, &puzzle.to_string());
    }
}

/// `count` sudoku from `generate` with `spec` and `seed`, collected.
fn generated(spec: SudokuSpec, count: u64, seed: u64) -> Vec<gen_sudoku::Generated> {
    let mut made = Vec::new();
    gen_sudoku::generate(
        spec,
        count,
        seed,
        |g| -> Result<(), satcover::puzzle::GenerateError> {
            made.push(g.clone());
            Ok(())
        },
    )
    .expect("generate");
    made
}

#[test]
fn generated_sudoku_are_unique_on_every_backend_and_minimal() {
    for (box_side, count, symmetric) in [(2, 8, false), (3, 4, false), (3, 3, true), (4, 1, false)]
    {
        let spec = SudokuSpec {
            box_side,
            minimal: true,
            symmetric,
            checker: Checker::Auto,
        };
        let made = generated(spec, count, 42);
        let again = generated(spec, count, 42);
        assert_eq!(made, again, "same seed, same puzzles");
        for g in &made {
            let n = box_side * box_side;
            let puzzle = sudoku::Sudoku::new(box_side, g.puzzle.clone()).expect("puzzle");
            for backend in [Backend::Native, Backend::Sat, Backend::Dlx] {
                let o = solve(&puzzle, backend, &Request::unique()).expect("solve");
                assert_eq!(o.unique(), Some(true), "{backend}");
                assert_eq!(o.solutions, vec![g.solution.clone()], "{backend}");
            }
            for cell in 0..n * n {
                if g.puzzle[cell] == 0 {
                    continue;
                }
                if symmetric {
                    assert_ne!(g.puzzle[n * n - 1 - cell], 0, "symmetric clues");
                    continue;
                }
                let mut fewer = g.puzzle.clone();
                fewer[cell] = 0;
                let p = sudoku::Sudoku::new(box_side, fewer).expect("puzzle");
                let o = solve(&p, Backend::Native, &Request::unique()).expect("solve");
                assert_eq!(o.unique(), Some(false), "minimal: clue {cell} is needed");
            }
        }
    }
}

#[test]
fn generated_25x25_and_36x36_sudoku_are_unique_by_sat() {
    for box_side in [5, 6] {
        let spec = SudokuSpec {
            box_side,
            minimal: false,
            symmetric: false,
            checker: Checker::Auto,
        };
        let made = generated(spec, 1, 5);
        let g = &made[0];
        let n = box_side * box_side;
        assert!(g.puzzle.contains(&0), "some clue removed");
        let grid = sudoku::Sudoku::new(box_side, g.solution.clone()).expect("grid");
        for unit in grid.units() {
            let mut digits: Vec<u8> = unit.iter().map(|&c| g.solution[c]).collect();
            digits.sort_unstable();
            assert_eq!(digits, (1..=n as u8).collect::<Vec<_>>(), "a valid grid");
        }
        let puzzle = sudoku::Sudoku::new(box_side, g.puzzle.clone()).expect("puzzle");
        let o = solve(&puzzle, Backend::Sat, &Request::unique()).expect("sat");
        assert_eq!(o.unique(), Some(true), "{n}x{n}");
        assert_eq!(o.solutions, vec![g.solution.clone()]);
    }
}

#[test]
fn public_random_grids_are_valid_seeded_and_the_generators_own() {
    for box_side in 2..=5 {
        let n = box_side * box_side;
        let grid = gen_sudoku::random_grid(box_side, &mut SplitMix64::new(9)).expect("grid");
        let again = gen_sudoku::random_grid(box_side, &mut SplitMix64::new(9)).expect("grid");
        assert_eq!(grid, again, "same seed, same grid");
        let other = gen_sudoku::random_grid(box_side, &mut SplitMix64::new(10)).expect("grid");
        assert_ne!(grid, other, "another seed, another grid ({n}x{n})");
        let empty = sudoku::Sudoku::new(box_side, vec![0; n * n]).expect("empty");
        sudoku::verify(&empty, &grid).expect("a valid grid");
        // `generate` draws its grid first from the same rng: the same grid.
        let spec = SudokuSpec {
            box_side,
            minimal: false,
            symmetric: false,
            checker: Checker::Auto,
        };
        let made: Vec<Vec<u8>> = generated(spec, 1, 9)
            .into_iter()
            .map(|g| g.solution)
            .collect();
        assert_eq!(made, vec![grid]);
    }
    let error = gen_sudoku::random_grid(7, &mut SplitMix64::new(1)).expect_err("no 49x49");
    assert!(error.to_string().contains("not 7"), "{error}");
}

#[test]
fn gchq_needs_givens_without_its_own_and_none_with_them() {
    let text = std::fs::read_to_string("tests/fixtures/nonogram/gchq-2015.non").expect("read");
    let gchq = formats::parse_non(&text).expect("parse");
    let goal = gchq.goal().expect("goal").clone();
    let analysis = analyze::analyze(&gchq, &Options::default()).expect("analyze");
    assert_eq!(analysis.num_varying(), 0, "unique with its givens");
    let bare = analyze::analyze(&gchq.without_givens(), &Options::default()).expect("bare");
    assert!(bare.num_varying() > 0, "the clues alone are not unique");

    let picture = read_picture("gchq.non", text.as_bytes(), false).expect("picture");
    let made = gen_nonogram::from_picture(&picture).expect("generate");
    assert!(made.puzzle.num_givens() > 0);
    let o = solve(&made.puzzle, Backend::Sat, &Request::unique()).expect("sat");
    assert_eq!(o.unique(), Some(true));
    assert_eq!(o.solutions, vec![goal.clone()]);
    for (given, &cell) in made.puzzle.givens().iter().zip(&goal.cells) {
        if let Some(value) = given {
            assert_eq!(*value, cell, "givens agree with the picture");
        }
    }
    // The written `.non` reads back as the same puzzle.
    let written = gen_nonogram::to_non(&made.puzzle, "gchq");
    let back = formats::parse_non(&written).expect("reads back");
    assert_eq!(back.givens(), made.puzzle.givens());
    assert_eq!(back.goal(), Some(&goal));

    // With its own givens the picture's puzzle needs none beyond them: the analysis of
    // the generated puzzle finds nothing left to reveal.
    let again = analyze::analyze(&made.puzzle, &Options::default()).expect("analyze");
    assert_eq!(again.num_varying(), 0);
}

#[test]
fn generated_random_nonograms_are_unique_with_givens_that_agree() {
    let mut rng = SplitMix64::new(99);
    for _ in 0..6 {
        let mut text = String::new();
        for _ in 0..12 {
            for _ in 0..12 {
                text.push(if rng.chance(550) { '#' } else { '.' });
            }
            text.push('\n');
        }
        let picture = read_picture("p.txt", text.as_bytes(), false).expect("picture");
        let made = gen_nonogram::from_picture(&picture).expect("generate");
        for backend in [Backend::Native, Backend::Sat] {
            let o = solve(&made.puzzle, backend, &Request::unique()).expect("solve");
            assert_eq!(o.unique(), Some(true), "{backend}");
            assert_eq!(o.solutions, vec![picture.grid.clone()]);
        }
        for (given, &cell) in made.puzzle.givens().iter().zip(&picture.grid.cells) {
            if let Some(value) = given {
                assert_eq!(*value, cell);
            }
        }
    }
}

/// The PNG of a sudoku shows ink (dark pixels) inside every given cell and none inside
/// the empty ones.
/// Renders the Norvig fixture to a PNG (30 px cells) and counts, in the interior of each
/// cell (away from grid lines), the pixels for which `ink` holds.
fn sudoku_png_ink(extra: &[&str], ink: impl Fn(&[u8]) -> bool) -> (Vec<u8>, Vec<usize>) {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("s.png");
    satcover()
        .arg("render")
        .args(extra)
        .args(["--cell", "30", "--png"])
        .arg(&out)
        .arg("tests/fixtures/sudoku/norvig-grid.txt")
        .assert()
        .success();
    let text = std::fs::read_to_string("tests/fixtures/sudoku/norvig-grid.txt").expect("read");
    let (_, puzzle) = sudoku::parse(&text).remove(0).expect("parse");
    let decoder = png::Decoder::new(std::io::Cursor::new(std::fs::read(&out).expect("png")));
    let mut reader = decoder.read_info().expect("info");
    let mut pixels = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut pixels).expect("frame");
    let (width, channels) = (info.width as usize, info.color_type.samples());
    let (cell, margin) = (30, 2);
    let counts = (0..81)
        .map(|i| {
            let (x0, y0) = (margin + (i % 9) * cell, margin + (i / 9) * cell);
            (y0 + 5..y0 + cell - 5)
                .flat_map(|y| (x0 + 5..x0 + cell - 5).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let at = (y * width + x) * channels;
                    ink(&pixels[at..at + 3])
                })
                .count()
        })
        .collect();
    (puzzle.givens().to_vec(), counts)
}

fn black(p: &[u8]) -> bool {
    p.iter().all(|&v| v < 60)
}

fn blue(p: &[u8]) -> bool {
    p[0] < 60 && p[1] < 140 && p[2] > 150
}

#[test]
fn png_of_a_sudoku_shows_digits_in_given_cells() {
    let (givens, dark) = sudoku_png_ink(&["--unsolved"], |p| p[0] < 100);
    for (i, &given) in givens.iter().enumerate() {
        if given != 0 {
            assert!(
                dark[i] >= 12,
                "cell {i} (given {given}) has {} dark pixels",
                dark[i]
            );
        } else {
            assert_eq!(dark[i], 0, "empty cell {i} has ink");
        }
    }
}

#[test]
fn png_of_a_solved_sudoku_inks_givens_black_and_found_digits_blue() {
    let (givens, black_ink) = sudoku_png_ink(&[], black);
    let (_, blue_ink) = sudoku_png_ink(&[], blue);
    for (i, &given) in givens.iter().enumerate() {
        let (k, b) = (black_ink[i], blue_ink[i]);
        if given != 0 {
            assert!(k >= 12 && b == 0, "given cell {i}: {k} black, {b} blue");
        } else {
            assert!(b >= 12 && k == 0, "solved cell {i}: {k} black, {b} blue");
        }
    }
}

#[test]
fn analyze_cli_text_json_and_no_solution() {
    let out = satcover()
        .args(["analyze", "--format", "json", "--marginals"])
        .arg("tests/fixtures/nonogram/two-solutions.non")
        .output()
        .expect("run");
    assert!(out.status.success());
    let line: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(line["solutions_counted"], 2);
    assert_eq!(line["complete"], true);
    assert_eq!(line["varying"], 4);
    let forced = line["forced"].as_array().expect("rows");
    assert_eq!(
        forced
            .iter()
            .map(|r| r.as_str().unwrap().matches('?').count())
            .sum::<usize>(),
        4
    );
    assert_eq!(line["marginals"][0].as_array().expect("row").len(), 6);

    satcover()
        .args(["analyze", "tests/fixtures/sudoku/contradictory.txt"])
        .assert()
        .code(20)
        .stdout(predicates::str::contains("unsolvable ("));
}

fn one_line_error(args: &[&str], stdin: Option<Vec<u8>>) -> String {
    let mut cmd = satcover();
    cmd.args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes);
    }
    let out = cmd.output().expect("run");
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let stderr = String::from_utf8(out.stderr).expect("utf8");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(!stderr.contains("panicked"));
    stderr
}

#[test]
fn bad_input_is_one_clear_line_and_exit_1() {
    let e = one_line_error(&["generate", "sudoku", "--size", "7"], None);
    assert!(e.contains("--size 7"), "{e}");
    let e = one_line_error(&["generate", "sudoku", "--count", "0"], None);
    assert!(e.contains("--count 0"), "{e}");

    let dir = tempfile::tempdir().expect("tempdir");
    let ragged = dir.path().join("ragged.txt");
    std::fs::write(&ragged, "##.\n#.\n").expect("write");
    let e = one_line_error(
        &["generate", "nonogram", "--from", ragged.to_str().unwrap()],
        None,
    );
    assert!(e.contains(":2:") && e.contains("equally long"), "{e}");

    // Three colours in a PNG for a black-and-white nonogram; 70 for a colour one.
    for (colours, flag) in [(3u8, false), (70, true)] {
        let path = dir.path().join(format!("c{colours}.png"));
        let width = u32::from(colours);
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, width, 1);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().expect("header");
            let pixels: Vec<u8> = (0..colours).flat_map(|i| [i * 3, 0, 255 - i]).collect();
            writer.write_image_data(&pixels).expect("data");
        }
        std::fs::write(&path, bytes).expect("write");
        let mut args = vec!["generate", "nonogram", "--from", path.to_str().unwrap()];
        if flag {
            args.push("--colour");
        }
        let e = one_line_error(&args, None);
        assert!(e.contains("colours"), "{e}");
    }
}

#[test]
fn generate_sudoku_cli_reads_back_and_is_seeded() {
    let run = || {
        satcover()
            .args([
                "generate",
                "sudoku",
                "--size",
                "9",
                "--count",
                "5",
                "--seed",
                "7",
                "--minimal",
            ])
            .output()
            .expect("run")
            .stdout
    };
    let first = run();
    assert_eq!(first, run());
    let text = String::from_utf8(first).expect("utf8");
    assert_eq!(text.lines().count(), 5);
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("gen.txt");
    std::fs::write(&path, &text).expect("write");
    satcover()
        .args(["solve", "--unique"])
        .arg(&path)
        .assert()
        .success()
        .stdout(predicates::str::contains("unique").count(5));
}
