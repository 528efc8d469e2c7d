#!/usr/bin/env bash
# Benchmark of loopy games: one token on a digraph of N vertices and N edges
# with cycles (crates/grundy/examples/loopy_graph.rs describes the graph),
# for N = 10^5, 10^6 and 10^7.
#
#   bench/loopy.sh                 # 5 interleaved runs per size
#   RUNS=7 SIZES="100000 1000000" bench/loopy.sh
#
# For each size it reports, as medians of CPU seconds:
#   solve     the generalized Sprague–Grundy function of every reachable
#             vertex through the library (the retrograde solver alone, its
#             thread's CPU time read inside the example program);
#   analyze   `grundy analyze --json --file` end to end (read, parse, solve,
#             winning/drawing moves, JSON) — up to 10^6: a position of 10^7
#             edges is past the command line's 64 MiB file limit;
#   baseline  a C program computing only win/lose/draw of every vertex by
#             the usual retrograde analysis (the competitive-programming
#             solution; no values), reading the same graph as numbers;
# and the ratio analyze / baseline. The values of γ need more than the
# outcome (one pass per value level), so the ratio is the price of values.
#
# Needs cargo and gcc.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-5}"
sizes="${SIZES:-100000 1000000 10000000}"

command -v gcc >/dev/null || { echo "bench/loopy.sh: gcc is required" >&2; exit 1; }
build_grundy
echo "building the example (release)…" >&2
(cd "$root" && cargo build --quiet --release -p grundy --example loopy_graph)
example="${CARGO_TARGET_DIR:-$root/target}/release/examples/loopy_graph"

cat > "$tmp/wld.c" <<'C'
/* Win/lose/draw of every vertex by retrograde analysis; prints the token's. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    long n, m, t;
    if (scanf("%ld %ld", &n, &m) != 2) return 1;
    long *eu = malloc(m * sizeof *eu), *ev = malloc(m * sizeof *ev);
    long *deg = calloc(n, sizeof *deg), *ps = calloc(n + 1, sizeof *ps);
    for (long i = 0; i < m; i++) {
        if (scanf("%ld %ld", &eu[i], &ev[i]) != 2) return 1;
        deg[eu[i]]++;
        ps[ev[i] + 1]++;
    }
    if (scanf("%ld", &t) != 1) return 1;
    for (long i = 0; i < n; i++) ps[i + 1] += ps[i];
    long *fill = malloc(n * sizeof *fill), *pred = malloc(m * sizeof *pred);
    for (long i = 0; i < n; i++) fill[i] = ps[i];
    for (long i = 0; i < m; i++) pred[fill[ev[i]]++] = eu[i];
    char *res = calloc(n, 1); /* 0 draw, 1 win, 2 loss */
    long *q = malloc(n * sizeof *q), head = 0, tail = 0;
    for (long i = 0; i < n; i++) if (!deg[i]) { res[i] = 2; q[tail++] = i; }
    while (head < tail) {
        long v = q[head++];
        for (long k = ps[v]; k < ps[v + 1]; k++) {
            long u = pred[k];
            if (res[u]) continue;
            if (res[v] == 2) { res[u] = 1; q[tail++] = u; }
            else if (--deg[u] == 0) { res[u] = 2; q[tail++] = u; }
        }
    }
    puts(res[t] == 1 ? "N" : res[t] == 2 ? "P" : "D");
    return 0;
}
C
gcc -O2 -o "$tmp/baseline" "$tmp/wld.c"

echo "load average at the start: $(load)"
for n in $sizes; do
    echo
    echo "== N = $n =="
    with_expr=$([ "$n" -le 1000000 ] && echo yes || echo no)
    args=("$n" 1 --plain "$tmp/plain.txt")
    [ "$with_expr" = yes ] && args+=(--expr "$tmp/expr.txt")
    "$example" "${args[@]}" | tee "$tmp/example.out"
    want=$(sed 's/.*outcome \([NPD]\).*/\1/' "$tmp/example.out")
    got=$("$tmp/baseline" < "$tmp/plain.txt")
    [ "$got" = "$want" ] || { echo "outcomes differ: baseline $got, grundy $want" >&2; exit 1; }
    if [ "$with_expr" = yes ]; then
        out=$("$grundy" analyze --json --file "$tmp/expr.txt" | head -c 200)
        case "$out" in *"\"outcome\":\"$want\""*) ;; *) echo "analyze says otherwise: $out" >&2; exit 1 ;; esac
    fi
    : > "$tmp/solve.times"
    : > "$tmp/analyze.times"
    : > "$tmp/baseline.times"
    for _ in $(seq "$runs"); do
        # Interleaved, so that load from elsewhere hits all alike.
        "$example" "$n" 1 | sed 's/.*solve \([0-9.]*\) s/\1/' >> "$tmp/solve.times"
        if [ "$with_expr" = yes ]; then
            cpu_of "$grundy" analyze --json --file "$tmp/expr.txt"
            echo "$took" >> "$tmp/analyze.times"
        fi
        cpu_of sh -c "\"$tmp/baseline\" < \"$tmp/plain.txt\""
        echo "$took" >> "$tmp/baseline.times"
    done
    s=$(median < "$tmp/solve.times")
    b=$(median < "$tmp/baseline.times")
    printf '  solve (library, CPU of the solver alone):  %s s   [%s]\n' "$s" "$(sort -g "$tmp/solve.times" | tr '\n' ' ')"
    if [ "$with_expr" = yes ]; then
        a=$(median < "$tmp/analyze.times")
        printf '  analyze --json --file (CPU):               %s s   [%s]\n' "$a" "$(sort -g "$tmp/analyze.times" | tr '\n' ' ')"
    fi
    printf '  C win/lose/draw baseline (CPU):            %s s   [%s]\n' "$b" "$(sort -g "$tmp/baseline.times" | tr '\n' ' ')"
    if [ "$with_expr" = yes ]; then
        awk -v a="$a" -v b="$b" 'BEGIN { printf "  ratio analyze / baseline: %.2fx\n", a / b }'
        if [ -x /usr/bin/time ]; then
            rss=$(/usr/bin/time -f '%M' "$grundy" analyze --json --file "$tmp/expr.txt" 2>&1 >/dev/null | tail -1)
            echo "  analyze peak memory (max RSS): $rss KiB for a position of $(wc -c < "$tmp/expr.txt") bytes"
        fi
    fi
done
echo
echo "load average at the end: $(load)"
