#!/usr/bin/env bash
# Benchmark of `grundy judge hdu-3094` (Green Hackenbush on trees) against a
# straightforward C solution (scanf, recursive DFS, gcc -O2) on the same
# ~110 MB input in the same run: 100 trees of about 10^5 vertices (the first
# a path) from `--generate --large`.
#
#   bench/tree_game.sh            # 7 interleaved runs of each, medians and ratio
#   RUNS=11 SEED=3 bench/tree_game.sh
#
# Needs cargo and gcc; uses /usr/bin/time for peak memory when present.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-7}"
seed="${SEED:-1}"

command -v gcc >/dev/null || { echo "bench/tree_game.sh: gcc is required" >&2; exit 1; }
build_grundy

# The C baseline: adjacency lists and a recursive depth-first search with
# the colon principle, the way the problem is usually solved (a C stack
# takes a depth of 10^5; a Rust one would not, hence the engine's explicit
# stack).
cat > "$tmp/tree.c" <<'C'
#include <stdio.h>
static int head[100005], nxt[200010], to[200010], cnt;
static int val(int u, int p) {
    int g = 0;
    for (int e = head[u]; e != -1; e = nxt[e])
        if (to[e] != p) g ^= val(to[e], u) + 1;
    return g;
}
int main(void) {
    int t, n, a, b;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        scanf("%d", &n);
        for (int i = 1; i <= n; i++) head[i] = -1;
        cnt = 0;
        for (int i = 1; i < n; i++) {
            scanf("%d %d", &a, &b);
            to[cnt] = b; nxt[cnt] = head[a]; head[a] = cnt++;
            to[cnt] = a; nxt[cnt] = head[b]; head[b] = cnt++;
        }
        puts(val(1, 0) ? "Alice" : "Bob");
    }
    return 0;
}
C
gcc -O2 -o "$tmp/baseline" "$tmp/tree.c"

echo "generating the input (seed $seed)…"
"$grundy" judge hdu-3094 --generate --large --seed "$seed" > "$tmp/input.txt"
size=$(wc -c < "$tmp/input.txt")
cases=$(wc -l < "$tmp/input.txt")
printf 'input: %d bytes, %d lines\n' "$size" "$cases"

# Same answers first: a fast wrong answer is no answer.
"$tmp/baseline" < "$tmp/input.txt" > "$tmp/c.out"
"$grundy" judge hdu-3094 < "$tmp/input.txt" > "$tmp/grundy.out"
cmp -s "$tmp/c.out" "$tmp/grundy.out" || { echo "outputs differ!" >&2; exit 1; }
echo "outputs identical ($(wc -l < "$tmp/c.out") lines)"

run_a() { "$tmp/baseline"; }
run_b() { "$grundy" judge hdu-3094; }
race "$tmp/input.txt" "C baseline (recursive DFS)" "grundy judge hdu-3094" "ratio (C / grundy)" "%.1fx"
peak_memory "$tmp/input.txt" "$grundy" judge hdu-3094
