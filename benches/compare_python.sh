#!/usr/bin/env bash
# P1's Fig. 1 + Fig. 2 sweep: urlhash (Rust) against the plain Python script a user would write
# (benches/sweep_baseline.py), on the same URL file; then the 20-million-URL sweep straight from
# the built-in corpus, with its wall time and peak memory, and the same at 2 million to show the
# memory does not grow with N.
#
#   benches/compare_python.sh [N [STEP]]     N URLs for the comparison (default 200000),
#                                            checkpoint every STEP URLs (default 50000)
#   SKIP_BIG=1 benches/compare_python.sh     only the comparison, not the 2 M / 20 M runs
#   BIG_N=20000000                           the large run's N (default P1's 20 million)
#
# Needs cargo, python3 and GNU time (/usr/bin/time). Exits non-zero if the two CSVs disagree.
set -euo pipefail

N="${1:-200000}"
STEP="${2:-50000}"
BIG_N="${BIG_N:-20000000}"
SMALL_N=2000000

cd "$(dirname "$0")/.."
for tool in cargo python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "compare_python.sh: needs $tool" >&2; exit 2; }
done
case "$N$STEP" in
    *[!0-9]*) echo "usage: $0 [N [STEP]] (whole numbers)" >&2; exit 2 ;;
esac

TMP="$(mktemp -d "${TMPDIR:-/tmp}/urlhash-compare.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT INT TERM

echo "== building target/release/urlhash"
cargo build --release --quiet --bin urlhash
TARGET_DIR="${CARGO_TARGET_DIR:-target}"
URLHASH="$TARGET_DIR/release/urlhash"

# Runs a command under GNU time -v: its stdout to $1, the -v report to $1.time and the wall
# time in seconds (from date, finer than time's 10 ms) to $1.wall.
timed() {
    local out="$1" start end
    shift
    start="$(date +%s%N)"
    /usr/bin/time -v -o "$out.time" "$@" >"$out"
    end="$(date +%s%N)"
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }' >"$out.wall"
}
wall_s() {
    cat "$1.wall"
}
# Peak RSS (MB) from a GNU time -v report.
rss_mb() {
    awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$1"
}

echo "== generating $N built-in URLs"
"$URLHASH" gen --n "$N" >"$TMP/urls.txt"
printf '   %s bytes, %s lines\n' "$(wc -c <"$TMP/urls.txt")" "$(wc -l <"$TMP/urls.txt")"

echo "== urlhash sweep --fig 1,2 --step $STEP --csv (Rust)"
timed "$TMP/rust.csv" "$URLHASH" sweep --fig 1,2 --step "$STEP" --csv "$TMP/urls.txt"
echo "== python3 benches/sweep_baseline.py --step $STEP (plain Python)"
timed "$TMP/python.csv" python3 benches/sweep_baseline.py --step "$STEP" "$TMP/urls.txt"

echo "== comparing the two CSVs"
python3 - "$TMP/rust.csv" "$TMP/python.csv" <<'EOF'
import sys

def load(path):
    with open(path) as f:
        header = f.readline().strip()
        rows = {}
        for line in f:
            fig, measure, fn, m, n, value = line.strip().split(",")
            rows[(fig, measure, fn, int(m), int(n))] = float(value)
    return header, rows

(hr, rust), (hp, py) = load(sys.argv[1]), load(sys.argv[2])
problems = []
if hr != hp:
    problems.append("headers differ: %r vs %r" % (hr, hp))
if rust.keys() != py.keys():
    problems.append("rows differ: %d only in Rust, %d only in Python"
                    % (len(rust.keys() - py.keys()), len(py.keys() - rust.keys())))
bad = [k for k in rust.keys() & py.keys() if abs(rust[k] - py[k]) > 1e-4]
if bad:
    k = sorted(bad)[0]
    problems.append("%d values differ by more than 1e-4, e.g. %s: %s vs %s" % (len(bad), k, rust[k], py[k]))
if problems:
    print("   MISMATCH: " + "; ".join(problems))
    sys.exit(1)
identical = open(sys.argv[1], "rb").read() == open(sys.argv[2], "rb").read()
print("   %d rows agree (values equal to 4 decimals%s)"
      % (len(rust), "; the files are byte-identical" if identical else ""))
EOF

rust_s="$(wall_s "$TMP/rust.csv")"
py_s="$(wall_s "$TMP/python.csv")"
echo
printf '%-34s %10s %12s\n' "Fig. 1 + Fig. 2 sweep, $N URLs" "wall s" "peak RSS MB"
printf '%-34s %10s %12s\n' "urlhash (Rust)" "$rust_s" "$(rss_mb "$TMP/rust.csv.time")"
printf '%-34s %10s %12s\n' "sweep_baseline.py (Python)" "$py_s" "$(rss_mb "$TMP/python.csv.time")"
awk -v r="$rust_s" -v p="$py_s" 'BEGIN {
    if (r <= 0) r = 0.01
    ratio = p / r
    printf "speed ratio Python / Rust: %.1fx (target >= 10x: %s)\n", ratio, (ratio >= 10 ? "ok" : "MISS") }'

if [ "${SKIP_BIG:-0}" = "1" ]; then
    exit 0
fi

echo
echo "== urlhash sweep --fig 1,2 --csv on the built-in corpus (generation included)"
printf '%-34s %10s %12s\n' "N" "wall s" "peak RSS MB"
for n in "$SMALL_N" "$BIG_N"; do
    timed "$TMP/big.csv" "$URLHASH" sweep --fig 1,2 --csv --n "$n"
    printf '%-34s %10s %12s\n' "$n" "$(wall_s "$TMP/big.csv")" "$(rss_mb "$TMP/big.csv.time")"
    last_s="$(wall_s "$TMP/big.csv")"
done
awk -v s="$last_s" -v n="$BIG_N" 'BEGIN {
    if (n == 20000000) printf "20 M URLs in %.2f s (target < 20 s: %s)\n", s, (s < 20 ? "ok" : "MISS") }'
