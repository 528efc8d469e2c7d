#!/usr/bin/env bash
# One thread against two for `grundy seq` (the sparse-space engine and its
# threaded pipeline), the same binary in the same sitting, runs interleaved
# (1, 2, 1, 2, …) so that both see the same load.
#
#   bash bench/threads.sh              # 0.6 to 2^20 (5 runs), 0.6 to 10^7 (3 runs)
#   QUICK=1 bash bench/threads.sh      # 0.161 and 0.6 to 2^20 only
#   RUNS=7 LONG_RUNS=1 bash bench/threads.sh
#   RT=1 bash bench/threads.sh         # runs under SCHED_FIFO (needs root)
#
# For each case: the median wall and CPU (user + system) time of each
# thread count, the wall-time speed-up (1-thread wall / 2-thread wall) and
# the CPU ratio (2-thread CPU / 1-thread CPU: what the second thread costs
# in total work), the load average before and after, and a byte comparison
# of the two `--json` outputs (the values must be identical). On a shared
# machine, wall speed-ups are only meaningful when the load average stays
# below the number of cores minus two, or with RT=1: each run then has the
# real-time priority `chrt -f 10`, so the other processes get only the 5 %
# of each core the kernel keeps for them (sched_rt_runtime_us) while it
# runs, and the wall times are those of a nearly quiet machine.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p grundy-cli
G="$CARGO_TARGET_DIR/release/grundy"
runs="${RUNS:-5}"
long_runs="${LONG_RUNS:-3}"
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
rt=()
[ -n "${RT:-}" ] && rt=(chrt -f 10)

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

load() { cut -d' ' -f1-3 /proc/loadavg; }

# median FILE COLUMN: the median of one column of numbers.
median() {
    sort -g "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

# case NAME RUNS ARGS...: RUNS interleaved runs of `seq ARGS` with 1 and 2
# threads; prints one line.
case_() {
    local name="$1" n="$2"
    shift 2
    local before
    before="$(load)"
    for t in 1 2; do : >"$tmp/wall$t"; : >"$tmp/cpu$t"; done
    for _ in $(seq "$n"); do
        for t in 1 2; do
            "${rt[@]}" /usr/bin/time -f '%e %U %S' -o "$tmp/time" \
                "$G" seq "$@" --json --quiet --no-search --past-proof --threads "$t" >"$tmp/out$t"
            read -r wall user sys <"$tmp/time"
            echo "$wall" >>"$tmp/wall$t"
            echo "$user + $sys" | bc >>"$tmp/cpu$t"
        done
        cmp -s "$tmp/out1" "$tmp/out2" || { echo "$name: values differ between 1 and 2 threads" >&2; exit 1; }
    done
    local w1 w2 c1 c2
    w1=$(median "$tmp/wall1"); w2=$(median "$tmp/wall2")
    c1=$(median "$tmp/cpu1"); c2=$(median "$tmp/cpu2")
    printf '%-22s %4s %9ss %9ss %9ss %9ss %8sx %8sx  %s -> %s  identical\n' "$name" "$n" \
        "$w1" "$c1" "$w2" "$c2" "$(echo "scale=2; $w1 / $w2" | bc)" \
        "$(echo "scale=2; $c2 / $c1" | bc)" "$before" "$(load)"
}

printf '%-22s %4s %10s %10s %10s %10s %9s %9s  %s\n' case runs 'wall 1t' 'CPU 1t' \
    'wall 2t' 'CPU 2t' speed-up 'CPU 2/1' 'load average (1, 5, 15 min) before -> after'
if [ -n "${QUICK:-}" ]; then
    case_ "0.161 to 2^20" "$runs" 0.161 --to 1048575
    case_ "0.6 to 2^20" "$runs" 0.6 --to 1048575
else
    case_ "0.6 to 2^20" "$runs" 0.6 --to 1048575
    case_ "0.6 to 10^7" "$long_runs" 0.6 --to 9999999
fi
