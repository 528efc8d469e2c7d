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
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-7}"
seed="${SEED:-1}"
id=library-checker-nim-product-64

command -v gcc >/dev/null || { echo "bench/judge-nim-product.sh: gcc is required" >&2; exit 1; }
build_grundy

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

run_a() { "$tmp/floor"; }
run_b() { "$grundy" judge "$id"; }
race "$tmp/input.txt" "C I/O floor (scanf/printf, xor)" "grundy judge $id" "ratio (C floor / grundy)" "%.2fx"
peak_memory "$tmp/input.txt" "$grundy" judge "$id"
