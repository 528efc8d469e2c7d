#!/usr/bin/env bash
# Benchmark of `grundy judge library-checker-nim-product-64` at the problem's
# full size (10^6 products of random 64-bit operands, ~41 MB of input, from
# `--generate --large`), against the I/O floor of a plain C program on the
# same input in the same run: scanf of every `A B` and printf of `A xor B`
# (gcc -O2). The ratio says what the nim products and grundy's I/O cost on
# top of merely reading and writing the numbers.
#
#   bench/judge-nim-product.sh         # 7 interleaved runs of each, medians
#   RUNS=11 SEED=3 bench/judge-nim-product.sh
#
# Needs cargo and gcc; uses /usr/bin/time for peak memory when present.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-7}"
seed="${SEED:-1}"
target="${CARGO_TARGET_DIR:-$root/target}"
id=library-checker-nim-product-64

command -v gcc >/dev/null || { echo "bench/judge-nim-product.sh: gcc is required" >&2; exit 1; }

echo "building grundy (release)…"
(cd "$root" && cargo build --quiet --release -p grundy-cli)
grundy="$target/release/grundy"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The I/O floor: the same reading and writing, with xor in place of the
# nim product (so its output differs; only its time is compared).
cat > "$tmp/floor.c" <<'C'
#include <stdio.h>
int main(void)
{
    int t;
    unsigned long long a, b;
    if (scanf("%d", &t) != 1) return 1;
    while (t-- > 0 && scanf("%llu %llu", &a, &b) == 2)
        printf("%llu\n", a ^ b);
    return 0;
}
C
gcc -O2 -o "$tmp/floor" "$tmp/floor.c"

echo "generating the input (seed $seed)…"
"$grundy" judge "$id" --generate --large --seed "$seed" > "$tmp/input.txt"
size=$(wc -c < "$tmp/input.txt")
printf 'input: %d bytes, %d products\n' "$size" $(( $(wc -l < "$tmp/input.txt") - 1 ))

# Spot check before timing: the first answers against `grundy nimber mul`.
"$grundy" judge "$id" < "$tmp/input.txt" > "$tmp/grundy.out"
lines=$(wc -l < "$tmp/grundy.out")
[ "$lines" = 1000000 ] || { echo "expected 10^6 answers, got $lines" >&2; exit 1; }
for i in 1 2 3 4 5; do
    read -r a b < <(sed -n "$((i + 1))p" "$tmp/input.txt")
    want=$("$grundy" nimber mul "$a" "$b" --json | sed 's/.*"result":\([0-9]*\).*/\1/')
    got=$(sed -n "${i}p" "$tmp/grundy.out")
    [ "$got" = "$want" ] || { echo "answer $i: $a ⊗ $b is $want, judge printed $got" >&2; exit 1; }
done
echo "answers: 10^6 lines; the first 5 agree with grundy nimber mul"

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
    measure "$tmp/c.times" "$tmp/floor"
    measure "$tmp/g.times" "$grundy" judge "$id"
done

echo
echo "runs: $runs each, interleaved; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
for col in 1 2; do
    name=$([ "$col" = 1 ] && echo "wall-clock" || echo "CPU (user+sys)")
    c=$(median "$col" "$tmp/c.times")
    g=$(median "$col" "$tmp/g.times")
    echo "$name medians:"
    echo "  C I/O floor (scanf/printf, xor): ${c} s   [$(awk -v c="$col" '{ print $c }' "$tmp/c.times" | sort -n | tr '\n' ' ')]"
    echo "  grundy judge $id: ${g} s   [$(awk -v c="$col" '{ print $c }' "$tmp/g.times" | sort -n | tr '\n' ' ')]"
    awk -v c="$c" -v g="$g" 'BEGIN { printf "  ratio (C floor / grundy): %.2fx\n", c / g }'
done

if [ -x /usr/bin/time ]; then
    rss=$(/usr/bin/time -f '%M' "$grundy" judge "$id" < "$tmp/input.txt" 2>&1 > /dev/null | tail -1)
    echo "grundy peak memory (max RSS): ${rss} KiB for a ${size}-byte input"
fi
