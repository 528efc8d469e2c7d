#!/usr/bin/env bash
# Benchmarks of `grundy seq` (the sparse-space engine) against its targets
# and against the naive engine, all measured in the same run.
#
#   bash bench/sequences.sh            # everything (about 13 minutes on 2 cores)
#   QUICK=1 bash bench/sequences.sh    # fewer runs, smaller naive baselines
#   NO_OGSOLVE=1 bash bench/sequences.sh   # without the ogsolve comparison
#
# Prints medians (wall and CPU time), the naive/sparse ratio, the time per doubling
# of the heap count, the 1- vs 2-thread speed-up and, when REFERENCE names a
# directory of published frequency tables (files CODE-1048576.txt of
# `value frequency` lines), a byte comparison of the 2^20 histograms with them.
# Last, the same binary side by side with ogsolve rc2 (bench/ogsolve.sh:
# medians of CPU time and ratios, values compared first).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p grundy-cli
G="$CARGO_TARGET_DIR/release/grundy"
ref="${REFERENCE:-}"
runs="${RUNS:-5}"
[ -n "${QUICK:-}" ] && runs=3

if ! command -v hyperfine >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq hyperfine >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null 2>&1; } || true
    fi
fi
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 1; }
command -v bc >/dev/null || { echo "bc is needed (apt-get install bc)" >&2; exit 1; }

# timed NAME RUNS CMD...: runs CMD (no shell) RUNS times and prints
# "WALL CPU": the median wall-clock time and the median CPU time (user +
# system) in seconds. CPU time is the figure to compare on a shared
# machine, where wall time also counts waiting for a core. hyperfine
# supplies the wall times when installed (its JSON has no per-run CPU
# time), /usr/bin/time-style measurement through bash's `times` otherwise.
timed() {
    local name="$1" n="$2"
    shift 2
    local walls=() cpus=()
    for _ in $(seq "$n"); do
        local t0 t1 c0 c1
        cpu_children; c0=$cpu
        t0=$(date +%s.%N)
        "$@" >/dev/null 2>&1
        t1=$(date +%s.%N)
        cpu_children; c1=$cpu
        walls+=("$(echo "$t1 - $t0" | bc -l)")
        cpus+=("$(echo "$c1 - $c0" | bc -l)")
    done
    local w c
    w=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
    c=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
    if command -v hyperfine >/dev/null && [ -n "${HYPERFINE:-}" ]; then
        hyperfine -N --style none --runs "$n" --export-json "$tmp/$name.json" "$*" >/dev/null 2>&1
        w=$(jq -r '.results[0].median' "$tmp/$name.json")
    fi
    echo "$w $c"
}

row() { printf '%-42s wall %8.3f s  cpu %8.3f s %s\n' "$1" "$2" "$3" "${4:-}"; }

echo "== grundy seq benchmarks ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)) =="
echo "   wall = median elapsed time; cpu = median user+system time (the fair figure on a busy machine)"
echo
echo "-- speed targets, one thread (median of $runs) --"
read -r w c < <(timed t161 "$runs" $G seq 0.161 --to 1048576 --stats --quiet --threads 1)
row "0.161 to 2^20 (target <= 0.8 s)" "$w" "$c"
read -r w c < <(timed t06 "$runs" $G seq 0.6 --to 1000000 --stats --quiet --threads 1 --no-search)
row "0.6 to 10^6 (target <= 2 s)" "$w" "$c"
read -r w c < <(timed tg 3 $G seq grundys --to 10000000 --stats --quiet --threads 1)
row "Grundy's game to 10^7 (target <= 30 s)" "$w" "$c"
for rule in kayles dawson 0.16; do
    read -r w c < <(timed "p$rule" "$runs" $G seq $rule --to 1000000000 --stats --quiet --threads 1)
    period=$("$G" seq "$rule" --to 1000000000 --stats --quiet | head -1 | cut -d, -f1)
    row "$rule until its proof" "$w" "$c" "| $period"
done

echo
echo "-- naive vs sparse, same heaps, one thread (median of 3) --"
for spec in "0.161 65536" "0.6 65536" "grundys 65536" "0.161 131072" "grundys 131072"; do
    set -- $spec
    [ -n "${QUICK:-}" ] && [ "$2" -gt 65536 ] && continue
    read -r nw nc < <(timed "n$1$2" 3 $G seq $1 --to $2 --stats --quiet --threads 1 --no-search --engine naive)
    read -r sw sc < <(timed "s$1$2" 3 $G seq $1 --to $2 --stats --quiet --threads 1 --no-search)
    printf '%-8s to %-7s naive wall %7.3f s cpu %7.3f s | sparse wall %6.3f s cpu %6.3f s | naive/sparse cpu %6.1fx\n' \
        "$1" "$2" "$nw" "$nc" "$sw" "$sc" "$(echo "$nc / $sc" | bc -l)"
    # The values themselves must agree.
    "$G" seq "$1" --to "$2" --json --quiet --no-search --engine naive >"$tmp/naive.json"
    "$G" seq "$1" --to "$2" --json --quiet --no-search >"$tmp/sparse.json"
    cmp -s "$tmp/naive.json" "$tmp/sparse.json" && echo "           values identical (G(0..=$2))" || { echo "           VALUES DIFFER"; exit 1; }
done

echo
echo "-- scaling: time per 2x more heaps, one thread (median of 3) --"
for rule in 0.161 grundys; do
    prev=""
    hi=22
    [ "$rule" = grundys ] && hi=23
    [ -n "${QUICK:-}" ] && hi=$((hi - 2))
    for e in $(seq 18 "$hi"); do
        n=$((1 << e))
        read -r w c < <(timed "sc$rule$e" 3 $G seq $rule --to $n --stats --quiet --threads 1 --no-search)
        if [ -n "$prev" ]; then
            printf '%-8s 2^%-3s wall %8.3f s  cpu %8.3f s   cpu x%.2f vs 2^%s\n' "$rule" "$e" "$w" "$c" "$(echo "$c / $prev" | bc -l)" "$((e - 1))"
        else
            printf '%-8s 2^%-3s wall %8.3f s  cpu %8.3f s\n' "$rule" "$e" "$w" "$c"
        fi
        prev="$c"
    done
done

echo
echo "-- 1 vs 2 threads (median of 3) --"
for spec in "0.161 1048576" "grundys 4194304"; do
    set -- $spec
    read -r ow oc < <(timed "one$1" 3 $G seq $1 --to $2 --stats --quiet --no-search --threads 1)
    read -r tw tc < <(timed "two$1" 3 $G seq $1 --to $2 --stats --quiet --no-search --threads 2)
    printf '%-8s to %-8s 1 thread wall %7.3f s (cpu %7.3f s)  2 threads wall %7.3f s (cpu %7.3f s)  wall speed-up %.2fx\n' \
        "$1" "$2" "$ow" "$oc" "$tw" "$tc" "$(echo "$ow / $tw" | bc -l)"
done

echo
echo "-- histograms of heaps 1..2^20 against $ref --"
if [ -n "$ref" ] && [ -d "$ref" ]; then
    for code in 0.014 0.034 0.161 0.167 0.172; do
        "$G" seq "$code" --to 1048576 --histogram --quiet --no-search >"$tmp/h.txt"
        if cmp -s "$tmp/h.txt" "$ref/$code-1048576.txt"; then
            echo "$code: identical to $code-1048576.txt"
        else
            echo "$code: DIFFERS from $code-1048576.txt"
            exit 1
        fi
    done
else
    echo "SKIPPED: set REFERENCE to a directory of frequency tables"
fi

echo
echo "-- against ogsolve rc2, one thread (bench/ogsolve.sh with this binary) --"
if [ -z "${NO_OGSOLVE:-}" ]; then
    GRUNDY="$G" RUNS="$runs" bash "$root/bench/ogsolve.sh" | tail -n +2
else
    echo "SKIPPED (NO_OGSOLVE is set)"
fi
