#!/usr/bin/env bash
# Exhaustive searches through the game interface, against a baseline binary,
# in the same run: median CPU time (user + system) of RUNS runs each.
#
#   bash bench/interface.sh BASELINE_BINARY [NEW_BINARY]
#
# BASELINE_BINARY is a `grundy` built from an earlier commit (for instance
# with `git worktree add /tmp/old COMMIT` and `cargo build --release` there);
# NEW_BINARY defaults to target/release/grundy (built here when missing).
set -euo pipefail
old=${1:?usage: bench/interface.sh BASELINE_BINARY [NEW_BINARY]}
new=${2:-target/release/grundy}
[ -x "$new" ] || cargo build --release -q -p grundy-cli
runs=${RUNS:-5}

cpu() { # median CPU seconds of "$@"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null </dev/null | tail -1 | awk '{print $1 + $2}'
    done | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

printf '%-58s %9s %9s %7s\n' case baseline new ratio
while IFS='|' read -r name args; do
    read -ra argv <<<"$args"
    o=$(cpu "$old" "${argv[@]}")
    n=$(cpu "$new" "${argv[@]}")
    ratio=-
    [ "$(echo "$o > 0" | bc)" = 1 ] && ratio=$(echo "scale=2; $n / $o" | bc)
    printf '%-58s %8ss %8ss %7s\n' "$name" "$o" "$n" "$ratio"
done <<'CASES'
misère search: kayles(6,7) + grundys(10) + sub{1,3,4}(11)|analyze --misere --json kayles(6,7)+grundys(10)+sub{1,3,4}(11)
misère search: stairs(1,4,8,12) + dawson(9,8)|analyze --misere --json stairs(1,4,8,12)+dawson(9,8)
perfect player, first move: nim(4,5,6) + kayles(7) + grundys(8)|play --first computer --plain nim(4,5,6)+kayles(7)+grundys(8)
CASES
