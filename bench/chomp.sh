#!/usr/bin/env bash
# Chomp rectangles: `grundy analyze` against `igsolve chomp` (a public
# solver of impartial games, P. Beling's), the same boards in the same run.
#
#   bash bench/chomp.sh                  # 5 interleaved runs of each
#   RUNS=3 bash bench/chomp.sh
#   CASES="4x4;5x7;8x8" bash bench/chomp.sh
#   GRUNDY=/path/to/grundy bash bench/chomp.sh   # time another build
#   IGSOLVE_ROOT=DIR bash bench/chomp.sh         # reuse an install
#
# First checks that both find the same nimber for every board (a board
# `RxC` is R rows of C squares; igsolve is given --rows R --cols C), then
# prints, for each board, the median CPU time (user + system) of each
# program, the ratio igsolve / grundy (above 1: grundy is faster) and each
# program's peak memory.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-5}"
build_grundy
G="$grundy"

# igsolve from crates.io, into its own root (compiled once, ~2 minutes).
igroot="${IGSOLVE_ROOT:-$tmp/igsolve}"
if [ -x "$igroot/bin/igsolve" ]; then
    I="$igroot/bin/igsolve"
elif [ -z "${IGSOLVE_ROOT:-}" ] && command -v igsolve >/dev/null; then
    I="$(command -v igsolve)"
else
    cargo install -q igsolve --root "$igroot"
    I="$igroot/bin/igsolve"
fi

cases=(3x5 4x4 5x7 6x6 8x8 6x10 9x9)
[ -n "${CASES:-}" ] && IFS=';' read -r -a cases <<<"$CASES"

grundy_cmd() { "$G" analyze "chomp($1x$2)" --max-moves 0 --json; }
igsolve_cmd() { "$I" chomp --rows "$1" --cols "$2"; }

echo "== grundy vs igsolve chomp ($(nproc) cores, load $(load), $(date -u +%FT%TZ)) =="
echo "   grundy: $G ($("$G" --version 2>/dev/null || echo '?'))"
echo "   igsolve: $I ($("$I" --version))"
echo

echo "-- the same nimbers --"
for board in "${cases[@]}"; do
    IFS=x read -r r c <<<"$board"
    g=$(grundy_cmd "$r" "$c" | sed -n 's/.*"grundy":\([0-9]*\).*/\1/p')
    i=$(igsolve_cmd "$r" "$c" | sed -n 's/^Nimber of initial position: //p')
    if [ -n "$g" ] && [ "$g" = "$i" ]; then
        echo "chomp($board): $g (both)"
    else
        echo "chomp($board): grundy '${g:-no answer}', igsolve '${i:-no answer}': DIFFERENT"
        exit 1
    fi
done
echo

echo "-- CPU seconds (user + sys), median of $runs interleaved runs --"
declare -A times_g times_i
for r in $(seq "$runs"); do
    for board in "${cases[@]}"; do
        IFS=x read -r rows cols <<<"$board"
        # Alternate which program goes first.
        if [ $((r % 2)) = 1 ]; then
            cpu_of igsolve_cmd "$rows" "$cols"; times_i[$board]+="$took "
            cpu_of grundy_cmd "$rows" "$cols"; times_g[$board]+="$took "
        else
            cpu_of grundy_cmd "$rows" "$cols"; times_g[$board]+="$took "
            cpu_of igsolve_cmd "$rows" "$cols"; times_i[$board]+="$took "
        fi
    done
done
peak() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; }
printf '%-8s %11s %11s %9s %13s %13s   %s\n' board "igsolve s" "grundy s" ratio "igsolve KiB" "grundy KiB" "(grundy runs | igsolve runs)"
for board in "${cases[@]}"; do
    IFS=x read -r rows cols <<<"$board"
    mi=$(tr ' ' '\n' <<<"${times_i[$board]}" | sed '/^$/d' | median)
    mg=$(tr ' ' '\n' <<<"${times_g[$board]}" | sed '/^$/d' | median)
    ratio=$(awk -v i="$mi" -v g="$mg" 'BEGIN { printf "%.2fx", (g > 0 ? i / g : 0) }')
    ki=$(peak "$I" chomp --rows "$rows" --cols "$cols")
    kg=$(peak "$G" analyze "chomp(${rows}x$cols)" --max-moves 0 --json)
    printf '%-8s %11.3f %11.3f %9s %13s %13s   (%s | %s)\n' "$board" "$mi" "$mg" "$ratio" "$ki" "$kg" \
        "${times_g[$board]% }" "${times_i[$board]% }"
done
echo
echo "CPU times below 0.01 s are at the clock's resolution: their ratio means little."
