#!/usr/bin/env bash
# Memory of long `grundy seq` runs: peak resident memory of a full run
# (every value kept: past 8388608 heaps reserved, archived at about a byte
# per heap), of the same run by a baseline binary when BASE names one, and
# of window-mode runs (`--window HEAPS`) of the same heaps; their bytes per
# heap (peak memory over N, the fixed part included), and whether their
# reports (--stats, timing line left out) agree with the full run's.
#
#   bash bench/memory.sh                   # 0.6 to 2^24, windows 2^19 and 2^21
#   BASE=/path/to/older/grundy bash bench/memory.sh
#   CODE=0.161 N=4194304 WINDOWS="524288" bash bench/memory.sh
#
# Needs GNU time (/usr/bin/time, for the peak resident set, %M).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
build_grundy
code="${CODE:-0.6}"
n="${N:-16777216}"
windows="${WINDOWS:-524288 2097152}"
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 1; }

echo "grundy seq $code --to $n --stats --no-search --threads 1 (load $(load))"
printf '%-16s %10s %10s %12s %s\n' run "cpu s" "peak MiB" "bytes/heap" report
run() {
    local name="$1" bin="$grundy"
    shift
    if [ "$name" = base ]; then
        bin="$BASE"
    fi
    /usr/bin/time -f '%U %S %M' -o "$tmp/$name.time" \
        "$bin" seq "$code" --to "$n" --stats --no-search --quiet --threads 1 "$@" \
        >"$tmp/$name.out" 2>"$tmp/$name.err" || true
    grep -v '^Computed:' "$tmp/$name.out" >"$tmp/$name.report" || true
    # (GNU time puts "Command exited with non-zero status" first on failure.)
    read -r user sys kib < <(tail -n 1 "$tmp/$name.time")
    local same="-"
    if [ "$name" != full ]; then
        if [ ! -s "$tmp/$name.report" ]; then
            same="failed: $(head -c 200 "$tmp/$name.err")"
        elif cmp -s "$tmp/full.report" "$tmp/$name.report"; then
            same="same as full"
        else
            same="DIFFERS"
        fi
    fi
    printf '%-16s %10.2f %10.1f %12.3f %s\n' "$name" "$(echo "$user + $sys" | bc -l)" \
        "$(echo "$kib / 1024" | bc -l)" "$(echo "$kib * 1024 / $n" | bc -l)" "$same"
}
run full
if [ -n "${BASE:-}" ]; then
    run base
fi
for w in $windows; do
    run "window-$w" --window "$w"
done
