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
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-7}"
seed="${SEED:-1}"
target="${CARGO_TARGET_DIR:-$root/target}"

command -v gcc >/dev/null || { echo "bench/tree_game.sh: gcc is required" >&2; exit 1; }

echo "building grundy (release)…"
(cd "$root" && cargo build --quiet --release -p grundy-cli)
grundy="$target/release/grundy"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

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
    measure "$tmp/g.times" "$grundy" judge hdu-3094
done

echo
echo "runs: $runs each, interleaved; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
for col in 1 2; do
    name=$([ "$col" = 1 ] && echo "wall-clock" || echo "CPU (user+sys)")
    c=$(median "$col" "$tmp/c.times")
    g=$(median "$col" "$tmp/g.times")
    echo "$name medians:"
    echo "  C baseline (recursive DFS):   ${c} s   [$(awk -v c="$col" '{ print $c }' "$tmp/c.times" | sort -n | tr '\n' ' ')]"
    echo "  grundy judge hdu-3094:       ${g} s   [$(awk -v c="$col" '{ print $c }' "$tmp/g.times" | sort -n | tr '\n' ' ')]"
    awk -v c="$c" -v g="$g" 'BEGIN { printf "  ratio (C / grundy): %.1fx\n", c / g }'
done

if [ -x /usr/bin/time ]; then
    rss=$(/usr/bin/time -f '%M' "$grundy" judge hdu-3094 < "$tmp/input.txt" 2>&1 > /dev/null | tail -1)
    echo "grundy peak memory (max RSS): ${rss} KiB for a ${size}-byte input"
fi
