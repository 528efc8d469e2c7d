#!/usr/bin/env bash
# Exhaustive searches through the game interface, against a baseline binary,
# in the same run: median CPU time (user + system) of RUNS runs each.
#
#   bash bench/interface.sh BASELINE_BINARY [NEW_BINARY]
#
# BASELINE_BINARY is a `grundy` built from an earlier commit (for instance
# with `git worktree add /tmp/old COMMIT` and `cargo build --release` there);
# NEW_BINARY defaults to this checkout's release build (built here).
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
old=${1:?usage: bench/interface.sh BASELINE_BINARY [NEW_BINARY]}
if [ -n "${2:-}" ]; then new=$2; else build_grundy; new=$grundy; fi
runs=${RUNS:-5}

printf '%-58s %9s %9s %7s\n' case baseline new ratio
while IFS='|' read -r name args; do
    read -ra argv <<<"$args"
    o=$(cpu_median "$old" "${argv[@]}")
    n=$(cpu_median "$new" "${argv[@]}")
    ratio=$(awk -v o="$o" -v n="$n" 'BEGIN { if (o > 0) printf "%.2f", n / o; else print "-" }')
    printf '%-58s %8ss %8ss %7s\n' "$name" "$o" "$n" "$ratio"
done <<'CASES'
misère search: kayles(6,7) + grundys(10) + sub{1,3,4}(11)|analyze --misere --json kayles(6,7)+grundys(10)+sub{1,3,4}(11)
misère search: stairs(1,4,8,12) + dawson(9,8)|analyze --misere --json stairs(1,4,8,12)+dawson(9,8)
perfect player, first move: nim(4,5,6) + kayles(7) + grundys(8)|play --first computer --plain nim(4,5,6)+kayles(7)+grundys(8)
CASES
