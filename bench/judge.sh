#!/usr/bin/env bash
# Benchmark of `grundy judge poj-2975` against the straightforward C solution
# (scanf, gcc -O2) of the classic write-up, on the same ~100 MB input in the same
# run: 10^4 cases of 1000 piles up to 10^9, from `--generate --large`.
#
#   bench/judge.sh            # 7 interleaved runs of each, medians and ratio
#   RUNS=11 SEED=3 bench/judge.sh
#
# Needs cargo and gcc; uses /usr/bin/time for peak memory when present.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-7}"
seed="${SEED:-1}"
target="${CARGO_TARGET_DIR:-$root/target}"

command -v gcc >/dev/null || { echo "bench/judge.sh: gcc is required" >&2; exit 1; }

echo "building grundy (release)…"
(cd "$root" && cargo build --quiet --release -p grundy-cli)
grundy="$target/release/grundy"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The C baseline: the POJ 2975 solution of the classic write-up, with the
# declarations and include it needs.
cat > "$tmp/poj2975.c" <<'C'
#include <stdio.h>
int n, A[1005];
int main()
{
    while(scanf("%d", &n), n!=0)
    {
        int ans=0, sum=0;
        for(int i=0; i<n; i++) scanf("%d", &A[i]), ans^=A[i];
        for(int i=0; i<n; i++) if((ans^A[i])<=A[i]) sum++;
        if(ans==0) sum=0;
        printf("%d\n", sum);
    }
    return 0;
}
C
gcc -O2 -o "$tmp/baseline" "$tmp/poj2975.c"

echo "generating the input (seed $seed)…"
"$grundy" judge poj-2975 --generate --large --seed "$seed" > "$tmp/input.txt"
size=$(wc -c < "$tmp/input.txt")
cases=$(wc -l < "$tmp/input.txt")
printf 'input: %d bytes, %d cases of piles\n' "$size" $(( (cases - 1) / 2 ))

# Same answers first: a fast wrong answer is no answer.
"$tmp/baseline" < "$tmp/input.txt" > "$tmp/c.out"
"$grundy" judge poj-2975 < "$tmp/input.txt" > "$tmp/grundy.out"
cmp -s "$tmp/c.out" "$tmp/grundy.out" || { echo "outputs differ!" >&2; exit 1; }
echo "outputs identical ($(wc -l < "$tmp/c.out") lines)"

# One run, stdin from the input file, stdout discarded: appends
# "wall user+sys" seconds (bash's `time`, millisecond resolution) to file $1.
measure() {
    local file="$1" t
    shift
    t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" < "$tmp/input.txt" > /dev/null; } 2>&1 )
    echo "$t" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' >> "$file"
}

# Median of column $1 of file $2.
median() {
    awk -v c="$1" '{ print $c }' "$2" | sort -n |
        awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

: > "$tmp/c.times"
: > "$tmp/g.times"
for _ in $(seq "$runs"); do
    # Interleaved, so that load from elsewhere hits both alike.
    measure "$tmp/c.times" "$tmp/baseline"
    measure "$tmp/g.times" "$grundy" judge poj-2975
done

echo
echo "runs: $runs each, interleaved; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
for col in 1 2; do
    name=$([ "$col" = 1 ] && echo "wall-clock" || echo "CPU (user+sys)")
    c=$(median "$col" "$tmp/c.times")
    g=$(median "$col" "$tmp/g.times")
    echo "$name medians:"
    echo "  C baseline (scanf, gcc -O2): ${c} s   [$(awk -v c="$col" '{ print $c }' "$tmp/c.times" | sort -n | tr '\n' ' ')]"
    echo "  grundy judge poj-2975:       ${g} s   [$(awk -v c="$col" '{ print $c }' "$tmp/g.times" | sort -n | tr '\n' ' ')]"
    awk -v c="$c" -v g="$g" 'BEGIN { printf "  ratio (C / grundy): %.1fx\n", c / g }'
done

if [ -x /usr/bin/time ]; then
    rss=$(/usr/bin/time -f '%M' "$grundy" judge poj-2975 < "$tmp/input.txt" 2>&1 > /dev/null | tail -1)
    echo "grundy peak memory (max RSS): ${rss} KiB for a ${size}-byte input"
fi
