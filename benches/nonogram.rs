//! Benches for the native nonogram engine on long lines (criterion): the line solver on
//! one `u128` (120 cells) against several words (130, 160, 190, 200 and 300 cells; open,
//! or settled at both ends as the search leaves most lines), and whole seeded pictures of
//! 120 columns
//! against the same pictures with 10 empty columns added (same search, rows over 127
//! cells), at the right end or in the middle.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use satcover::puzzle::Limits;
use satcover::puzzles::nonogram::line::bitline::{Tables, solve_colour};
use satcover::puzzles::nonogram::line::mask::{Mask, Wide};
use satcover::puzzles::nonogram::{self, Block};
use satcover::rng::SplitMix64;

/// Black runs of a row of cells.
fn runs(cells: &[bool]) -> Vec<usize> {
    cells
        .split(|&b| !b)
        .filter(|r| !r.is_empty())
        .map(<[bool]>::len)
        .collect()
}

/// `count` black-and-white lines of `n` cells, 64% ink: the clue of a random picture, and
/// the `can` masks (white, black) with a random share (0–70%) of the cells known as the
/// picture has them; `ends`: the cells outside the middle 100 known as well.
fn lines<M: Mask>(n: usize, count: usize, ends: bool, seed: u64) -> Vec<(Vec<Block>, [M; 2])> {
    let mut random = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let picture: Vec<bool> = (0..n).map(|_| random.chance(640)).collect();
            let clue = runs(&picture).into_iter().map(Block::black).collect();
            let known = random.next_u64() % 700;
            let open = (n.saturating_sub(100) / 2)..(n - n.saturating_sub(100) / 2);
            let mut can = [M::ZERO; 2];
            for (i, &black) in picture.iter().enumerate() {
                let settled = (ends && !open.contains(&i)) || random.chance(known);
                can[usize::from(black)] |= M::bit(i);
                if !settled {
                    can[usize::from(!black)] |= M::bit(i);
                }
            }
            (clue, can)
        })
        .collect()
}

fn line_solver<M: Mask>(c: &mut Criterion, name: &str, n: usize, ends: bool) {
    let lines = lines::<M>(n, 200, ends, 7);
    let mut tables = Tables::<M>::with_blocks(n);
    let mut may = [M::ZERO; 2];
    let mut g = c.benchmark_group("nonogram/line 200 lines");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(3));
    g.bench_function(BenchmarkId::new(name, n), |b| {
        b.iter(|| {
            let mut fits = 0;
            for (clue, can) in &lines {
                fits += usize::from(solve_colour(&mut tables, clue, n, can, &mut may));
            }
            black_box(fits)
        })
    });
    g.finish();
}

fn line_solvers(c: &mut Criterion) {
    line_solver::<u128>(c, "u128", 120, false);
    line_solver::<Wide<3>>(c, "3 words", 130, false);
    line_solver::<Wide<3>>(c, "3 words", 160, false);
    line_solver::<Wide<3>>(c, "3 words", 190, false);
    line_solver::<Wide<3>>(c, "3 words, ends settled", 130, true);
    line_solver::<Wide<4>>(c, "4 words", 200, false);
    line_solver::<Wide<8>>(c, "8 words", 300, false);
}

/// A seeded 120×120 picture, 64% ink, with `pad` empty columns inserted before column
/// `at`, as `.non` text.
fn picture(seed: u64, pad: usize, at: usize) -> String {
    let mut random = SplitMix64::new(seed);
    let grid: Vec<Vec<bool>> = (0..120)
        .map(|_| {
            let mut row: Vec<bool> = (0..120).map(|_| random.chance(640)).collect();
            row.splice(at..at, std::iter::repeat_n(false, pad));
            row
        })
        .collect();
    let clue = |cells: Vec<bool>| {
        let r = runs(&cells);
        if r.is_empty() {
            "0".to_string()
        } else {
            r.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
        }
    };
    let width = 120 + pad;
    let mut text = format!("width {width}\nheight 120\nrows\n");
    for row in &grid {
        text += &clue(row.clone());
        text.push('\n');
    }
    text += "columns\n";
    for col in 0..width {
        text += &clue(grid.iter().map(|row| row[col]).collect());
        text.push('\n');
    }
    text
}

fn pictures(c: &mut Criterion) {
    let limits = Limits {
        max_solutions: Some(2),
        keep: 0,
        stop: satcover::stop::Stop::never(),
    };
    let mut g = c.benchmark_group("nonogram/120x120 pictures");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(5));
    for (name, pad, at) in [
        ("120 columns", 0, 0),
        ("130 columns, 10 empty at the right", 10, 120),
        ("130 columns, 10 empty in the middle", 10, 60),
    ] {
        let puzzles: Vec<_> = (1..=2)
            .map(|seed| nonogram::parse("bench.non", &picture(seed, pad, at)).expect("parses"))
            .collect();
        g.bench_function(name, |b| {
            b.iter(|| {
                for p in &puzzles {
                    // The picture itself solves it: at least one solution.
                    assert!(
                        satcover::driver::native(black_box(p), &limits)
                            .expect("native")
                            .1
                            .count
                            >= 1
                    );
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, line_solvers, pictures);
criterion_main!(benches);
