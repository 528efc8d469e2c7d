#!/usr/bin/env bash
# Cram rectangles: `grundy analyze` against `igsolve cram` (a public solver
# of impartial games, P. Beling's), the same boards in the same run.
#
#   bash bench/boards.sh                  # 5 interleaved runs of each
#   RUNS=3 bash bench/boards.sh
#   CASES="5x7;5x8;4x10;4x11" bash bench/boards.sh
#   GRUNDY=/path/to/grundy bash bench/boards.sh   # time another build
#   IGSOLVE_ROOT=DIR bash bench/boards.sh         # reuse an install
#   TABLE_MIB=4 bash bench/boards.sh     # grundy's table allowance (default 256 MiB)
#   TABLE_MIB=match bash bench/boards.sh # at igsolve's memory (below)
#
# With TABLE_MIB=match each board is timed at the memory igsolve takes for
# it: grundy's allowance is the largest power of two (in MiB) at which its
# peak memory is at most igsolve's, found by one run of each first. The
# question asked is then the floor's own: given no more memory than
# igsolve, is grundy as fast?
#
# Both programs run with their defaults (igsolve: its default pruning
# method, transposition table and end database). grundy runs its search
# engine through `examples/cram.rs` (the command line's `analyze` stops at
# its default search budget of 2,000,000 positions on these boards).
#
# First checks that both find the same nimber for every board (a board
# `RxC` is R rows of C cells; igsolve is given --rows R --cols C), then
# prints, for each board, the median CPU time (user + system) of each
# program, the ratio igsolve / grundy (above 1: grundy is faster) and each
# program's peak memory.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs="${RUNS:-5}"
(cd "$root" && cargo build --quiet --release -p grundy --example cram)
G="${CARGO_TARGET_DIR:-$root/target}/release/examples/cram"

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

cases=(3x8 5x6 5x7 5x8 4x10)
[ -n "${CASES:-}" ] && IFS=';' read -r -a cases <<<"$CASES"

# The table allowance for board RxC: per board in `match` mode.
declare -A mib=()
allowance() { if [ "${TABLE_MIB:-}" = match ]; then echo "${mib[$1x$2]:-}"; else echo "${TABLE_MIB:-}"; fi; }
grundy_cmd() {
    local m
    m=$(allowance "$1" "$2")
    "$G" "$1x$2" ${m:+"$m"}
}
igsolve_cmd() { "$I" cram --rows "$1" --cols "$2"; }

echo "== grundy vs igsolve cram ($(nproc) cores, load $(load), $(date -u +%FT%TZ)) =="
echo "   grundy: $G"
echo "   igsolve: $I ($("$I" --version))"
echo

echo "-- the same nimbers --"
for board in "${cases[@]}"; do
    IFS=x read -r r c <<<"$board"
    g=$(grundy_cmd "$r" "$c" | sed -n 's/^cram(.*) = //p')
    i=$(igsolve_cmd "$r" "$c" | sed -n 's/^Nimber of initial position: //p')
    if [ -n "$g" ] && [ "$g" = "$i" ]; then
        echo "cram($board): $g (both)"
    else
        echo "cram($board): grundy '${g:-no answer}', igsolve '${i:-no answer}': DIFFERENT"
        exit 1
    fi
done
echo

grundy_rss() {
    local m
    m=$(allowance "$1" "$2")
    max_rss "$G" "$1x$2" ${m:+"$m"}
}
igsolve_rss() { max_rss "$I" cram --rows "$1" --cols "$2"; }

if [ "${TABLE_MIB:-}" = match ]; then
    echo "-- grundy's table allowance at igsolve's memory --"
    for board in "${cases[@]}"; do
        IFS=x read -r r c <<<"$board"
        limit=$(igsolve_rss "$r" "$c")
        # Doubled while the next allowance stays within igsolve's peak; a
        # board solved without a table (4x10, by symmetry) stops at 4 GiB.
        m=1
        while [ "$m" -lt 4096 ] && [ "$(max_rss "$G" "${r}x$c" $((2 * m)))" -le "$limit" ]; do
            m=$((2 * m))
        done
        mib[$board]=$m
        peak=$(grundy_rss "$r" "$c")
        echo "cram($board): igsolve's peak $limit KiB; grundy's table at most $m MiB ($peak KiB)"
        if [ "$peak" -gt "$limit" ]; then
            echo "  (even 1 MiB takes more than igsolve's peak: this board is timed with more memory)"
        fi
    done
    echo
fi
versus_igsolve
