#!/usr/bin/env bash
# `grundy seq` against ogsolve (a public octal-game solver, method rc2) on
# the same games and heap counts, one thread, in the same run.
#
#   bash bench/ogsolve.sh              # 5 interleaved runs of each
#   RUNS=3 bash bench/ogsolve.sh
#   GRUNDY=/path/to/grundy bash bench/ogsolve.sh   # time another build
#   OGSOLVE_ROOT=DIR bash bench/ogsolve.sh         # reuse an install
#
# Prints, for each game, the median CPU time (user + system) of each program
# and the ratio ogsolve / grundy (above 1: grundy is faster), after checking
# that both compute the same values G(0..=N).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-5}"
build_grundy
G="$grundy"

# ogsolve 0.0.7 from crates.io, into its own root (compiled once, ~1 minute).
ogroot="${OGSOLVE_ROOT:-$tmp/ogsolve}"
if [ ! -x "$ogroot/bin/ogsolve" ]; then
    cargo install -q ogsolve --version 0.0.7 --locked --root "$ogroot" 2>/dev/null ||
        cargo install -q ogsolve --version 0.0.7 --root "$ogroot"
fi
O="$ogroot/bin/ogsolve"

# The games: code and last heap N (both programs compute G(0..=N)).
cases=("0.6 1000000" "0.161 1048576" "0.14 1000000" "0.172 524288")
[ -n "${CASES:-}" ] && IFS=';' read -r -a cases <<<"$CASES"

grundy_cmd() { "$G" seq "$1" --to "$2" --stats --quiet --threads 1 --no-search; }
ogsolve_cmd() { "$O" -m rc2 -n "$2" "$1"; }

echo "== grundy vs ogsolve rc2, one thread ($(nproc) cores, load $(load), $(date -u +%FT%TZ)) =="
echo "   grundy: $G ($("$G" --version 2>/dev/null || echo '?'))"
echo "   ogsolve: $O ($("$O" --version))"
echo

echo "-- same values G(0..=N) --"
for spec in "${cases[@]}"; do
    set -- $spec
    "$O" -m rc2 -n "$2" -p "$1" | sed -n 's/^ *nimbers: //p' | tr ' ' '\n' | sed '/^$/d' >"$tmp/o.txt"
    "$G" seq "$1" --to "$2" --json --quiet --threads 1 --no-search |
        sed 's/.*"values":\[\([^]]*\)\].*/\1/' | tr ',' '\n' >"$tmp/g.txt"
    if [ "$(wc -l <"$tmp/g.txt")" -eq $(($2 + 1)) ] && cmp -s "$tmp/o.txt" "$tmp/g.txt"; then
        echo "$1 to $2: identical ($(($2 + 1)) values)"
    else
        echo "$1 to $2: VALUES DIFFER"
        exit 1
    fi
done
echo

echo "-- CPU seconds (user + sys), median of $runs interleaved runs --"
interleave ogsolve_cmd grundy_cmd "${cases[@]}"
printf '%-16s %12s %12s %10s %8s   %s\n' "game to N" "ogsolve s" "grundy s" "ratio" "target" "(grundy runs | ogsolve runs)"
for spec in "${cases[@]}"; do
    set -- $spec
    mo=$(list_median "${times_a[$spec]}")
    mg=$(list_median "${times_b[$spec]}")
    ratio=$(awk -v o="$mo" -v g="$mg" 'BEGIN { printf "%.2fx", (g > 0 ? o / g : 0) }')
    # The target is grundy at least 4 times as fast as ogsolve.
    met=$(awk -v o="$mo" -v g="$mg" 'BEGIN { print (o >= 4 * g ? "met" : "not met") }')
    printf '%-16s %12.3f %12.3f %10s %8s   (%s | %s)\n' "$1 to $2" "$mo" "$mg" "$ratio" "$met" \
        "${times_b[$spec]% }" "${times_a[$spec]% }"
done
