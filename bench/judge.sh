#!/usr/bin/env bash
# Benchmark of `grundy judge poj-2975` against the straightforward C solution
# (scanf, gcc -O2) of the classic write-up, on the same ~100 MB input in the same
# run: 10^4 cases of 1000 piles up to 10^9, from `--generate --large`.
#
#   bench/judge.sh            # 7 interleaved runs of each, medians and ratio
#   RUNS=11 SEED=3 bench/judge.sh
#
# Needs cargo and gcc; uses /usr/bin/time for peak memory when present.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-7}"
seed="${SEED:-1}"

command -v gcc >/dev/null || { echo "bench/judge.sh: gcc is required" >&2; exit 1; }
build_grundy

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

run_a() { "$tmp/baseline"; }
run_b() { "$grundy" judge poj-2975; }
race "$tmp/input.txt" "C baseline (scanf, gcc -O2)" "grundy judge poj-2975" "ratio (C / grundy)" "%.1fx"
peak_memory "$tmp/input.txt" "$grundy" judge poj-2975
