#!/usr/bin/env bash
# Benchmarks of `grundy quotient`: the time to construct and prove the
# misère quotient Q_N of several games, as median CPU time (user + system)
# over RUNS runs, with the peak memory (maximum resident set) and each
# game's ratio to a baseline measured in the same run: the tame game 0.31
# to the same N (its quotient has order 6), and, with BASELINE=path/to/grundy,
# another build of grundy on the same game (its CPU time and peak memory,
# and the ratio of its time to this build's).
#
#   bash bench/quotient.sh                              # RUNS=5
#   QUICK=1 bash bench/quotient.sh                      # RUNS=3, without the long runs
#                                                       # (Kayles to 30, Dawson's Kayles to 29, 30 and 33, 0.137 to 28)
#   BASELINE=/path/to/old/grundy bash bench/quotient.sh # against another build
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p grundy-cli
G="$CARGO_TARGET_DIR/release/grundy"
B="${BASELINE:-}"
runs="${RUNS:-5}"
[ -n "${QUICK:-}" ] && runs=3

# measure CMD...: prints the CPU seconds (user + system, from bash's
# `time`, to the millisecond) and the peak memory in MB (from GNU time) of
# one run of CMD (a run that fails, such as another build refusing a heap
# it cannot reach, still counts).
measure() {
    local TIMEFORMAT='%3U %3S' out t
    out="$(mktemp)"
    t="$( { time /usr/bin/time -f '%M' -o "$out" "$@" >/dev/null 2>&1; } 2>&1 | tail -1)" || true
    echo "$t $(tail -1 "$out")" | awk '{ printf "%.3f %.1f\n", $1 + $2, $3 / 1024 }'
    rm -f "$out"
}

# median CMD...: the median CPU seconds and the median peak MB over $runs runs.
median() {
    local i all mid
    all="$(for ((i = 0; i < runs; i++)); do measure "$@"; done)"
    mid='{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
    echo "$(echo "$all" | cut -d' ' -f1 | sort -n | awk "$mid") $(echo "$all" | cut -d' ' -f2 | sort -n | awk "$mid")"
}

# The games of the published-figures test (tests/quotient.rs) to heap 60,
# where each one's period is proved, then the deeper wild games to the heaps
# each reaches.
games=("0.75 60" "0.34 60" "0.3101 60" "0.3131 60" "0.312 60" "0.123 60"
    "0.1023 60" "0.1032 60" "0.1033 60" "0.1331 60" "0.3103 60" "0.3112 60"
    "0.1323 60" "0.07 24" "0.137 20" "0.77 24" "0.6 16" "0.16 17" "4.7 14")
[ -z "${QUICK:-}" ] && games+=("0.77 30" "0.07 29" "0.137 28" "0.07 30" "0.07 33")

if [ -n "$B" ]; then
    printf '%-8s %4s %6s %8s %8s %6s %10s %9s %7s %s\n' game N order "cpu s" "peak MB" ratio "base cpu s" "base MB" speedup period
else
    printf '%-8s %4s %6s %8s %8s %6s %s\n' game N order "cpu s" "peak MB" ratio period
fi
for g in "${games[@]}"; do
    set -- $g
    code="$1" n="$2"
    read -r base _ < <(median "$G" quotient 0.31 --to "$n" --json --quiet)
    read -r t mem < <(median "$G" quotient "$code" --to "$n" --json --quiet)
    info="$("$G" quotient "$code" --to "$n" --json --quiet | jq -r '"\(.order) \(.period // "-")"')"
    ratio="$(awk -v a="$t" -v b="$base" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }')"
    set -- $info
    if [ -n "$B" ]; then
        read -r bt bmem < <(median "$B" quotient "$code" --to "$n" --json --quiet)
        speedup="$(awk -v a="$t" -v b="$bt" 'BEGIN { if (a > 0) printf "%.1f", b / a; else print "-" }')"
        printf '%-8s %4s %6s %8s %8s %6s %10s %9s %7s %s\n' "$code" "$n" "$1" "$t" "$mem" "$ratio" "$bt" "$bmem" "$speedup" "$2"
    else
        printf '%-8s %4s %6s %8s %8s %6s %s\n' "$code" "$n" "$1" "$t" "$mem" "$ratio" "$2"
    fi
done
echo "(ratio: CPU time over the baseline 0.31 to the same N, measured in this run)"
[ -n "$B" ] && echo "(base: $B in this run; speedup: its CPU time over this build's)"
exit 0
