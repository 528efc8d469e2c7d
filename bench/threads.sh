#!/usr/bin/env bash
# One thread against two for `grundy seq` (the sparse-space engine and its
# threaded pipeline), the same binary in the same sitting, runs interleaved
# (1, 2, 1, 2, …) so that both see the same load.
#
#   bash bench/threads.sh              # 0.6 to 2^20 (5 runs), 0.6 to 10^7 (3 runs)
#   QUICK=1 bash bench/threads.sh      # 0.161 and 0.6 to 2^20 only
#   CHEAP=1 bash bench/threads.sh      # also heaps too cheap to share (0.53, Kayles)
#   RUNS=7 LONG_RUNS=1 bash bench/threads.sh
#   RT=1 bash bench/threads.sh         # runs under SCHED_FIFO (needs root)
#   BASE=/path/to/grundy bash bench/threads.sh
#                                      # also another binary (say, an earlier
#                                      # build), in the same interleaving
#   GRUNDY=/path/to/grundy bash bench/threads.sh   # time that binary (no build)
#
# For each case and binary: the median wall and CPU (user + system) time of
# each thread count, the wall-time speed-up (1-thread wall / 2-thread wall)
# and the CPU ratio (2-thread CPU / 1-thread CPU: what the second thread
# costs in total work), the load average before and after, and a byte
# comparison of all the `--json` outputs (the values must be identical). On
# a shared machine, wall speed-ups are only meaningful when the load average
# stays below the number of cores minus two, or with RT=1: each run then has
# the real-time priority `chrt -f 10`, so the other processes get only the
# 5 % of each core the kernel keeps for them (sched_rt_runtime_us) while it
# runs, and the wall times are those of a nearly quiet machine.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

build_grundy
runs="${RUNS:-5}"
long_runs="${LONG_RUNS:-3}"
rt=()
[ -n "${RT:-}" ] && rt=(chrt -f 10)
binaries=("$grundy")
names=(this)
if [ -n "${BASE:-}" ]; then
    binaries+=("$BASE")
    names+=(base)
fi

# seq_to OUT BINARY THREADS ARGS...: one run of `seq ARGS`, values to OUT.
seq_to() {
    local out="$1" bin="$2" threads="$3"
    shift 3
    "${rt[@]}" "$bin" seq "$@" --json --quiet --no-search --past-proof --threads "$threads" >"$out"
}

# case_ NAME RUNS ARGS...: RUNS interleaved runs of `seq ARGS` with 1 and 2
# threads for each binary; prints one line per binary.
case_() {
    local name="$1" n="$2" before b t i
    shift 2
    before="$(load)"
    for b in "${!binaries[@]}"; do
        for t in 1 2; do : >"$tmp/times$b-$t"; done
    done
    for ((i = 0; i < n; i++)); do
        for b in "${!binaries[@]}"; do
            for t in 1 2; do
                measure "$tmp/times$b-$t" /dev/null seq_to "$tmp/out$b-$t" "${binaries[$b]}" "$t" "$@"
                cmp -s "$tmp/out0-1" "$tmp/out$b-$t" || {
                    echo "$name: the values of ${names[$b]} on $t threads differ" >&2
                    exit 1
                }
            done
        done
    done
    local after w1 w2 c1 c2
    after="$(load)"
    for b in "${!binaries[@]}"; do
        w1=$(column_median 1 "$tmp/times$b-1"); c1=$(column_median 2 "$tmp/times$b-1")
        w2=$(column_median 1 "$tmp/times$b-2"); c2=$(column_median 2 "$tmp/times$b-2")
        printf '%-16s %-5s %4s %9ss %9ss %9ss %9ss %8sx %8sx  %s -> %s  identical\n' \
            "$name" "${names[$b]}" "$n" "$w1" "$c1" "$w2" "$c2" \
            "$(awk -v a="$w1" -v b="$w2" 'BEGIN { printf "%.2f", a / b }')" \
            "$(awk -v a="$c2" -v b="$c1" 'BEGIN { printf "%.2f", a / b }')" "$before" "$after"
    done
}

echo "$(nproc) cores; ${RT:+real-time priority (chrt -f 10); }medians of interleaved runs"
printf '%-16s %-5s %4s %10s %10s %10s %10s %9s %9s  %s\n' case bin runs 'wall 1t' 'CPU 1t' \
    'wall 2t' 'CPU 2t' speed-up 'CPU 2/1' 'load average (1, 5, 15 min) before -> after'
if [ -n "${QUICK:-}" ]; then
    case_ "0.161 to 2^20" "$runs" 0.161 --to 1048575
    case_ "0.6 to 2^20" "$runs" 0.6 --to 1048575
else
    case_ "0.6 to 2^20" "$runs" 0.6 --to 1048575
    case_ "0.6 to 10^7" "$long_runs" 0.6 --to 9999999
fi
if [ -n "${CHEAP:-}" ]; then
    # Heaps of well under a microsecond (computed past the proof): two
    # threads compute them one thread's way once a trial finds it faster.
    case_ "0.53 to 2^23" "$runs" 0.53 --to 8388607
    case_ "0.77 to 2^22" "$runs" 0.77 --to 4194303
fi
