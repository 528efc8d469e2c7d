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

# The command line's default budget (2,000,000 positions and moves) stops
# short of 9x9: these boards get a larger one.
work=1000000000
grundy_cmd() { "$G" analyze "chomp($1x$2)" --max-moves 0 --work "$work" --json; }
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

grundy_rss() { max_rss "$G" analyze "chomp($1x$2)" --max-moves 0 --work "$work" --json; }
igsolve_rss() { max_rss "$I" chomp --rows "$1" --cols "$2"; }
versus_igsolve
