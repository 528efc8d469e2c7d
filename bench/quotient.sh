#!/usr/bin/env bash
# Benchmarks of `grundy quotient`: the time to construct and prove the
# misère quotient Q_N of several games, as median CPU time (user + system)
# over RUNS runs, with each game's ratio to a baseline measured in the same
# run (the tame game 0.31 to the same N; its quotient has order 6).
#
#   bash bench/quotient.sh          # RUNS=5
#   QUICK=1 bash bench/quotient.sh  # RUNS=3, without the long runs
#                                   # (Kayles to 30, Dawson's Kayles to 29 and 30, 0.137 to 28)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p grundy-cli
G="$CARGO_TARGET_DIR/release/grundy"
runs="${RUNS:-5}"
[ -n "${QUICK:-}" ] && runs=3

# cpu CMD...: prints the CPU seconds (user + system) of one run of CMD.
cpu() {
    local TIMEFORMAT='%3U %3S' t
    t="$( { time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)"
    echo "$t" | awk '{ printf "%.3f\n", $1 + $2 }'
}

# median CMD...: the median CPU seconds over $runs runs.
median() {
    local i
    for ((i = 0; i < runs; i++)); do cpu "$@"; done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# The games of the published-figures test (tests/quotient.rs) to heap 60,
# where each one's period is proved, then the deeper wild games to the heaps
# each reaches.
games=("0.75 60" "0.34 60" "0.3101 60" "0.3131 60" "0.312 60" "0.123 60"
    "0.1023 60" "0.1032 60" "0.1033 60" "0.1331 60" "0.3103 60" "0.3112 60"
    "0.1323 60" "0.07 24" "0.137 20" "0.77 24" "0.6 16" "0.16 17" "4.7 14")
[ -z "${QUICK:-}" ] && games+=("0.77 30" "0.07 29" "0.137 28" "0.07 30")

printf '%-8s %4s %6s %10s %8s %s\n' game N order "cpu s" ratio period
for g in "${games[@]}"; do
    set -- $g
    code="$1" n="$2"
    base="$(median "$G" quotient 0.31 --to "$n" --json --quiet)"
    t="$(median "$G" quotient "$code" --to "$n" --json --quiet)"
    info="$("$G" quotient "$code" --to "$n" --json --quiet | jq -r '"\(.order) \(.period // "-")"')"
    ratio="$(awk -v a="$t" -v b="$base" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }')"
    set -- $info
    printf '%-8s %4s %6s %10s %8s %s\n' "$code" "$n" "$1" "$t" "$ratio" "$2"
done
echo "(ratio: CPU time over the baseline 0.31 to the same N, measured in this run)"
