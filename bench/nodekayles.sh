#!/usr/bin/env bash
# Node-Kayles on the 3 × n grid: the value of each `nodekayles(3xN)` and the
# CPU time it took, checked against OEIS A316632 where that is known
# (n = 1..16), and printed as a new term beyond.
#
#   bash bench/nodekayles.sh                      # n = 1..16
#   FROM=17 TO=18 bash bench/nodekayles.sh        # new terms
#   ROWS=2 TO=20 bash bench/nodekayles.sh         # 2 × n: n mod 2
#   ROWS=4 TO=10 bash bench/nodekayles.sh         # 4 × n: all 0
#   LIMITS="--time 86400 --memory 6G" FROM=17 TO=17 bash bench/nodekayles.sh
#                                     # flags added to every run (limits)
#   GRUNDY=/path/to/grundy bash bench/nodekayles.sh
#
# Each board is one `grundy analyze nodekayles(RxN) --max-moves 0 --json`
# run in its own process (nothing carried from one board to the next), its
# CPU time (user + system) and peak memory measured. A value that differs
# from the published one stops the script with status 1.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
rows="${ROWS:-3}"
from="${FROM:-1}"
to="${TO:-16}"
# shellcheck disable=SC2206
limits=(${LIMITS:-})
build_grundy
G="$grundy"

# OEIS A316632: Node-Kayles on the 3 × n grid, n = 1..16.
a316632=(2 1 1 0 3 3 2 2 2 3 3 5 2 4 1 3)
expected() {
    local n="$1"
    case "$rows" in
        2) echo $((n % 2)) ;;
        3) [ "$n" -le ${#a316632[@]} ] && echo "${a316632[n - 1]}" || true ;;
        4) echo 0 ;;
        *) true ;;
    esac
}

echo "== nodekayles(${rows}xN), N = $from..$to ($(nproc) cores, load $(load), $(date -u +%FT%TZ)) =="
echo "   grundy: $G ($("$G" --version 2>/dev/null || echo '?')), flags: ${limits[*]:-none}"
printf '%-18s %6s %10s %10s %12s   %s\n' board value "CPU s" "wall s" "peak KiB" "published"
status=0
for n in $(seq "$from" "$to"); do
    board="nodekayles(${rows}x$n)"
    /usr/bin/time -f '%U %S %e %M' -o "$tmp/time" \
        "$G" analyze "$board" --max-moves 0 --json ${limits[@]+"${limits[@]}"} >"$tmp/out" 2>"$tmp/err" || true
    value=$(sed -n 's/.*"grundy":\([0-9]*\).*/\1/p' "$tmp/out")
    read -r user sys wall kib < <(tail -1 "$tmp/time")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    want=$(expected "$n")
    if [ -z "$value" ]; then
        note="no answer: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
        status=1
    elif [ -z "$want" ]; then
        note="(not published)"
    elif [ "$value" = "$want" ]; then
        note="$want (agrees)"
    else
        note="$want: DIFFERENT"
        status=1
    fi
    printf '%-18s %6s %10s %10s %12s   %s\n' "$board" "${value:--}" "$cpu" "$wall" "$kib" "$note"
done
exit "$status"
