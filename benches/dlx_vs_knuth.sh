#!/bin/sh
# The exact-cover suite (issue 27) against Knuth's DLX1 and DLX2: search CPU
# time of our Algorithm C (`xc_suite count`) and of his programs on the same
# files, alternated, medians; prints a Markdown table. Method and figures:
# docs/dlx.md.
#
#   benches/dlx_vs_knuth.sh DLX1 DLX2 [ROUNDS] [DIR]
#   benches/dlx_vs_knuth.sh --build-knuth CWEB_DIR OUT_DIR
#
# DLX1, DLX2: Knuth's binaries. Built by --build-knuth (from dlx1.w, dlx2.w,
# gb_flip.w in CWEB_DIR, and ssxcc.w when there; needs ctangle and gcc) they
# print the CPU time of the search alone, `solve cpu S s`, which is what is
# compared; a plain build is timed as a whole process (user + sys, input phase
# included) and the table says so. ROUNDS: 5 by default (each round runs every
# program once, order reversed every other round). DIR: the suite files,
# written there when absent (from $SUDOKU, default
# ../shared/data/sudoku/17_clue.txt: 1,000 puzzles, seed 27; and the nonograms
# gnome and blender from $NONOGRAMS, default
# ../shared/data/nonogram/nonogram-db/gnonograms). Run from the repository.
set -eu

if [ "${1:-}" = --build-knuth ]; then
    [ $# -eq 3 ] || { echo "usage: $0 --build-knuth CWEB_DIR OUT_DIR" >&2; exit 2; }
    src=$(cd "$2" && pwd); mkdir -p "$3"; out=$(cd "$3" && pwd)
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    progs="dlx1 dlx2"
    [ -f "$src/ssxcc.w" ] && progs="$progs ssxcc"
    for w in gb_flip $progs; do cp "$src/$w.w" "$work/"; done
    cd "$work"
    # ctangle (kpathsea) finds a bare file name only on CWEBINPUTS.
    export CWEBINPUTS=.
    # A change file per program: a CPU clock around @<Solve the problem@>.
    for prog in $progs; do
        case $prog in
            dlx1) done_line='done:@+if (vbose&show_tots)' ;;
            dlx2) done_line='done:@+if (sanity_checking) sanity();' ;;
            ssxcc) done_line='done:@+if (vbose&show_profile) @<Print the profile@>;' ;;
        esac
        rest=${done_line#done:@+}
        cat > $prog-time.ch <<EOF
@x
#include <ctype.h>
@y
#include <ctype.h>
#include <time.h>
static double cpu_now(void) {
  struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID,&t);
  return t.tv_sec+1e-9*t.tv_nsec;
}
double solve_start;
@z
@x
  imems=mems, mems=0;
@y
  imems=mems, mems=0;
  solve_start=cpu_now();
@z
@x
$done_line
@y
done:@+fprintf(stderr,"solve cpu %.6f s\n",cpu_now()-solve_start);
$rest
@z
EOF
        # ctangle's status is non-zero on mere warnings (gb_flip.w names the
        # SGB's boilerplate.w, absent here): the C file is what counts.
        ctangle $prog.w $prog-time.ch $prog.c >/dev/null || [ -s $prog.c ]
        grep -q 'solve cpu' $prog.c || { echo "$prog.w: the change file did not apply" >&2; exit 1; }
    done
    ctangle gb_flip.w >/dev/null || [ -s gb_flip.c ]
    for prog in $progs; do
        gcc -O2 -w -o "$out/$prog" $prog.c gb_flip.c
    done
    echo "built $progs in $out (they print 'solve cpu S s' on stderr)"
    exit 0
fi

[ $# -ge 2 ] && [ $# -le 4 ] || { sed -n '2,20s/^# \{0,1\}//p' "$0" >&2; exit 2; }
dlx1=$1 dlx2=$2 rounds=${3:-5} dir=${4:-target/xc-suite}
sudoku=${SUDOKU:-../shared/data/sudoku/17_clue.txt}
nonograms=${NONOGRAMS:-../shared/data/nonogram/nonogram-db/gnonograms}

cargo build --release --locked --quiet --example xc_suite --bin satcover
ours=target/release/examples/xc_suite
if [ ! -f "$dir/counts.txt" ]; then
    "$ours" write "$dir" "$sudoku" 1000 27
    for n in gnome blender; do
        target/release/satcover export "$nonograms/$n.non" --to xc -o "$dir/$n.xc"
        echo "$n 1" >> "$dir/counts.txt"
    done
fi

python3 - "$dlx1" "$dlx2" "$rounds" "$dir" "$ours" <<'EOF'
import os, re, resource, statistics, subprocess, sys

dlx1, dlx2, rounds, root, ours = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
counts = dict(line.split() for line in open(os.path.join(root, "counts.txt")))
path = lambda name: os.path.join(root, name + ".xc")
sudoku = sorted(n for n in counts if n.startswith("sudoku_"))
problems = [(n, [n], dlx1) for n in ["queens_12", "queens_13", "langford_11", "langford_12",
            "pentomino_8x8_centre", "pentomino_6x10_x", "pentomino_6x10"] if n in counts]
if sudoku:
    problems.append((f"{len(sudoku)} sudoku (summed)", sudoku, dlx1))
problems += [(f"nonogram {n} (XCC)", [n], dlx2) for n in ["gnome", "blender"] if n in counts]
whole_process = set()

def knuth(prog, names):
    """Search CPU seconds (whole process when the binary does not print them), solutions."""
    total, solutions = 0.0, 0
    for n in names:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(path(n)) as f:
            err = subprocess.run([prog], stdin=f, capture_output=True, text=True, check=True).stderr
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        m = re.search(r"solve cpu ([\d.]+) s", err)
        if m:
            total += float(m.group(1))
        else:
            whole_process.add(prog)
            total += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        solutions += int(re.search(r"Altogether (\d+) solution", err).group(1))
    return total, solutions

def our(names):
    out = subprocess.run([ours, "count"] + [path(n) for n in names],
                         capture_output=True, text=True, check=True).stdout
    total, solutions = 0.0, 0
    for line in out.splitlines():
        m = re.search(r": (\d+) solutions, .* ([\d.]+) s$", line)
        total += float(m.group(2)); solutions += int(m.group(1))
    return total, solutions

print(f"load average at start: {os.getloadavg()[0]:.1f}; {rounds} alternated rounds, medians "
      "[min-max]\n", flush=True)
rows = []
for label, names, prog in problems:
    runs = {"ours": [], "knuth": []}
    for r in range(rounds):
        order = ["ours", "knuth"] if r % 2 == 0 else ["knuth", "ours"]
        for who in order:
            t, s = our(names) if who == "ours" else knuth(prog, names)
            want = sum(int(counts[n]) for n in names)
            if s != want:
                sys.exit(f"{label}: {who} found {s} solutions, known count {want}")
            runs[who].append(t)
    med = {w: statistics.median(v) for w, v in runs.items()}
    span = lambda w: f"{med[w]:.4f} s [{min(runs[w]):.4f}-{max(runs[w]):.4f}]"
    rows.append(f"| {label} | {want:,} | {span('ours')} | {os.path.basename(prog)} {span('knuth')} "
                f"| **{med['ours'] / med['knuth']:.2f}** |")
    print(rows[-1], flush=True)
print(f"\nload average at end: {os.getloadavg()[0]:.1f}\n")
print("| problem | count | ours (search CPU) | Knuth's | ours / Knuth's |")
print("|---|---:|---:|---:|---:|")
print("\n".join(rows))
if whole_process:
    print(f"\n{', '.join(sorted(whole_process))}: whole-process CPU time (input phase included); "
          "build with --build-knuth for the search alone")
EOF
