#!/usr/bin/env bash
# Peak memory of every `urlhash` command as N grows: each command at N = 2 000 000 and
# 20 000 000, on the built-in corpus (--n N) and on a file of the same URLs (`urlhash gen --n N`),
# under /usr/bin/time -v. Prints a table: command, input, N, wall seconds, peak RSS (MB), and on
# the last N the ratio of its peak RSS to the first N's. A command whose memory does not grow
# with N shows a ratio near 1; one that must remember every URL shows about 10.
#
#   benches/cli_memory.sh                 # N = 2 000 000 and 20 000 000 (about an hour)
#   NS="200000 2000000" benches/cli_memory.sh
#   URLHASH=path/to/urlhash benches/cli_memory.sh
#
# The URL files (about 1.1 GB at 20 million) live in a mktemp directory removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

NS=${NS:-"2000000 20000000"}
BIN=${URLHASH:-target/release/urlhash}
if [[ -z ${URLHASH:-} ]]; then
    cargo build --release --quiet --bin urlhash
fi
[[ -x /usr/bin/time ]] || { echo "cli_memory.sh needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# label|arguments
COMMANDS=(
    "slots|slots --fn md5 --slots 1000"
    "dist|dist --fn elfhash,hfip,hf,md5 --slots 2000000"
    "sweep fig 1,2|sweep --fig 1,2"
    "sweep fig 3|sweep --fig 3"
    "paper p1|paper p1"
    "partition|partition --policy p2-printed"
    "paper p2|paper p2"
    "trie|trie"
    "fingerprint|fingerprint"
    "paper p3|paper p3"
    "bloom|bloom"
    "cbf|cbf"
    "paper p4|paper p4"
    "paper p5|paper p5"
)

declare -A RSS
ROWS=()

# measure LABEL INPUT N ARGS...: runs `urlhash ARGS`, stdout to OUT (default /dev/null).
measure() {
    local label=$1 input=$2 n=$3
    shift 3
    local out=${OUT:-/dev/null}
    if ! /usr/bin/time -v -o "$TMP/time" "$BIN" "$@" >"$out" 2>"$TMP/err"; then
        echo "urlhash $* failed:" >&2
        tail -5 "$TMP/err" >&2
    fi
    local wall kb
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
        n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$TMP/time")
    kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$TMP/time")
    local mb ratio="—" key="$label|$input"
    mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
    if [[ -n ${RSS[$key]:-} ]]; then
        ratio=$(awk -v a="$kb" -v b="${RSS[$key]}" 'BEGIN { printf "%.2f", a / b }')
    else
        RSS[$key]=$kb
    fi
    local row
    row=$(printf "%-14s %-7s %11s %9.1f %12s %7s" "$label" "$input" "$n" "$wall" "$mb" "$ratio")
    ROWS+=("$key	$row")
    echo "$row" >&2
}

header=$(printf "%-14s %-7s %11s %9s %12s %7s" "command" "input" "N" "wall s" "peak RSS MB" "ratio")
echo "$header" >&2
for n in $NS; do
    file="$TMP/urls-$n.txt"
    OUT=$file measure "gen" "corpus" "$n" gen --n "$n"
    for c in "${COMMANDS[@]}"; do
        label=${c%%|*}
        args=${c#*|}
        # shellcheck disable=SC2086 # the arguments are their words
        measure "$label" "corpus" "$n" $args --n "$n"
        # shellcheck disable=SC2086
        measure "$label" "file" "$n" $args "$file"
    done
    rm -f "$file"
done

echo
echo "urlhash $("$BIN" --version | awk '{print $2}'), $(nproc) cores, $(date -u +%Y-%m-%d); ratio = peak RSS at this N / at the first N"
echo "$header"
# Grouped by command and input, N ascending.
printf "%s\n" "${ROWS[@]}" | awk -F'\t' '{ if (!($1 in rows)) order[++k] = $1; rows[$1] = rows[$1] $2 "\n" }
    END { for (i = 1; i <= k; i++) printf "%s", rows[order[i]] }'
echo
echo "Arguments:"
for c in "${COMMANDS[@]}"; do
    printf "  %-14s urlhash %s\n" "${c%%|*}" "${c#*|}"
done
echo "  (corpus: --n N; file: the file \`urlhash gen --n N\` wrote, the gen rows)"
