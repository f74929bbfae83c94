//! Sol Golomb's rectangle puzzle (from Norvig's notebook), answered through
//! the library: sets of five rectangles whose sides are 1..10, each side used once.
//!
//! The four questions: how many sets; the smallest and largest total areas; which totals in
//! between cannot occur; which sets tile a square. The last builds a packing puzzle per set
//! of square area and counts its tilings with the native solver.
//!
//! Run: `cargo run --release --example golomb`.

use std::collections::BTreeSet;

use satcover::pipeline::solve;
use satcover::puzzle::{Backend, Puzzle, Request};
use satcover::puzzles::packing;

/// Every way to pair the sides `rest` into rectangles (w ≤ h), appended to `set`.
fn pairings(rest: &[u32], set: &mut Vec<(u32, u32)>, out: &mut Vec<Vec<(u32, u32)>>) {
    let Some((&first, others)) = rest.split_first() else {
        out.push(set.clone());
        return;
    };
    for i in 0..others.len() {
        let mut remaining = others.to_vec();
        let partner = remaining.remove(i);
        set.push((first, partner));
        pairings(&remaining, set, out);
        set.pop();
    }
}

fn main() -> anyhow::Result<()> {
    let sides: Vec<u32> = (1..=10).collect();
    let mut sets = Vec::new();
    pairings(&sides, &mut Vec::new(), &mut sets);
    println!("1. {} sets of five rectangles", sets.len());

    let area = |set: &[(u32, u32)]| set.iter().map(|&(w, h)| w * h).sum::<u32>();
    let areas: BTreeSet<u32> = sets.iter().map(|s| area(s)).collect();
    let (min, max) = (areas.first().copied(), areas.last().copied());
    let (min, max) = min.zip(max).ok_or_else(|| anyhow::anyhow!("no sets"))?;
    println!("2. total areas from {min} to {max}");
    let missing: Vec<u32> = (min..=max).filter(|a| !areas.contains(a)).collect();
    println!("3. totals that cannot occur: {missing:?}");

    let square_sets: Vec<&Vec<(u32, u32)>> = sets
        .iter()
        .filter(|s| {
            let a = area(s);
            let side = a.isqrt();
            side * side == a
        })
        .collect();
    println!(
        "4. {} sets have a square area; those that tile it:",
        square_sets.len()
    );
    let mut tiling_sets = 0;
    for set in square_sets {
        let side = area(set).isqrt();
        let mut text = format!("region {side}x{side}\n");
        for &(w, h) in set {
            text.push_str(&format!("piece {w}x{h}\n"));
        }
        let puzzle = packing::parse(&text)?;
        let outcome = solve(&puzzle, Backend::Native, &Request::count())?;
        if outcome.count == 0 {
            continue;
        }
        tiling_sets += 1;
        let distinct = puzzle.count_distinct(None)?;
        let names: Vec<String> = set.iter().map(|(w, h)| format!("{w}×{h}")).collect();
        println!(
            "\n{side}×{side} from {{{}}}: {} tilings, {} up to symmetry",
            names.join(", "),
            outcome.count,
            distinct.distinct
        );
        if let Some(tiling) = outcome.solutions.first() {
            println!("{}", puzzle.solution_text(tiling));
        }
    }
    println!("\n{tiling_sets} sets tile a square");
    Ok(())
}
