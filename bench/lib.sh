# What the benchmark scripts share: source it, do not run it.
#
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# It turns on `set -euo pipefail` (and leaves the working directory alone,
# so that paths given on the command line mean what they say) and sets
#   root    the repository root
#   tmp     a scratch directory, removed when the script exits
# and defines the build and the timing every script needs:
#   build_grundy               $GRUNDY when set, else the release build of
#                              grundy-cli (CARGO_TARGET_DIR honoured); sets $grundy
#   load                       the load average (1, 5 and 15 minutes)
#   median                     the median of the numbers on stdin (the mean
#                              of the middle two for an even count)
#   column_median COL FILE     the median of column COL of FILE
#   cpu_of CMD...              runs CMD (output discarded); sets $took to its
#                              CPU seconds (user + system)
#   cpu_median CMD...          the median CPU seconds of $runs runs of CMD
#   measure FILE INPUT CMD...  one run of CMD, stdin from INPUT, output
#                              discarded; appends "wall cpu" seconds to FILE
#   race INPUT NAME_A NAME_B RATIO FORMAT
#                              $runs interleaved runs of the commands
#                              `run_a` and `run_b` (functions the script
#                              defines) on INPUT, then both medians of wall
#                              and CPU time and the ratio A / B (printf FORMAT)
#   peak_memory INPUT CMD...   the peak memory (max RSS) of one run, when
#                              /usr/bin/time is there
#   max_rss CMD...             the peak memory (KiB) of one run of CMD
#   interleave CMD_A CMD_B CASE...
#                              $runs rounds over the cases, each running
#                              `CMD_A WORDS...` and `CMD_B WORDS...` (the
#                              case's words), CMD_A first in odd rounds so
#                              that neither always meets the same load; the
#                              CPU seconds go, space-separated, to the
#                              associative arrays times_a[CASE], times_b[CASE]
#   list_median LIST           the median of a space-separated list
#   versus_igsolve             grundy against igsolve on boards: `interleave`
#                              of `igsolve_cmd R C` and `grundy_cmd R C` on
#                              each board RxC of the array `cases`, then a row
#                              a board with both CPU medians, the ratio
#                              igsolve / grundy (above 1: grundy is faster)
#                              and both peaks of memory (`grundy_rss R C`,
#                              `igsolve_rss R C`); the script defines these
#                              four functions
# CPU time is the figure to quote on a shared machine: wall time also counts
# waiting for a core.

set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

build_grundy() {
    if [ -n "${GRUNDY:-}" ]; then
        grundy="$GRUNDY"
        return
    fi
    echo "building grundy (release)…" >&2
    (cd "$root" && cargo build --quiet --release -p grundy-cli)
    grundy="${CARGO_TARGET_DIR:-$root/target}/release/grundy"
}

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'; }

median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

column_median() { awk -v c="$1" '{ print $c }' "$2" | median; }

# Sets $cpu to the CPU seconds used so far by the finished children of this
# shell (`times` reports this shell's, so it must not run in a subshell).
cpu_children() {
    times >"$tmp/times"
    cpu=$(tail -1 "$tmp/times" | awk '{
        split($1, u, "m"); split($2, s, "m");
        sub("s", "", u[2]); sub("s", "", s[2]);
        printf "%.3f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
}

cpu_of() {
    local c0
    cpu_children
    c0=$cpu
    "$@" >/dev/null 2>&1 </dev/null
    cpu_children
    took=$(awk -v a="$c0" -v b="$cpu" 'BEGIN { printf "%.3f", b - a }')
}

cpu_median() {
    local i
    for ((i = 0; i < runs; i++)); do
        cpu_of "$@"
        echo "$took"
    done | median
}

measure() {
    local file="$1" input="$2" t
    shift 2
    t=$( { TIMEFORMAT='%3R %3U %3S'; time "$@" <"$input" >/dev/null; } 2>&1)
    echo "$t" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' >>"$file"
}

race() {
    local input="$1" name_a="$2" name_b="$3" ratio="$4" format="$5" col a b width
    : >"$tmp/a.times"
    : >"$tmp/b.times"
    for _ in $(seq "$runs"); do
        # Interleaved, so that load from elsewhere hits both alike.
        measure "$tmp/a.times" "$input" run_a
        measure "$tmp/b.times" "$input" run_b
    done
    width=$((1 + (${#name_a} > ${#name_b} ? ${#name_a} : ${#name_b})))
    echo
    echo "runs: $runs each, interleaved; load average: $(load)"
    for col in 1 2; do
        a=$(column_median "$col" "$tmp/a.times")
        b=$(column_median "$col" "$tmp/b.times")
        echo "$([ "$col" = 1 ] && echo "wall-clock" || echo "CPU (user+sys)") medians:"
        printf "  %-${width}s %s s   [%s]\n" "$name_a:" "$a" "$(awk -v c="$col" '{ print $c }' "$tmp/a.times" | sort -n | tr '\n' ' ')"
        printf "  %-${width}s %s s   [%s]\n" "$name_b:" "$b" "$(awk -v c="$col" '{ print $c }' "$tmp/b.times" | sort -n | tr '\n' ' ')"
        awk -v a="$a" -v b="$b" -v r="$ratio" -v f="$format" 'BEGIN { printf "  %s: " f "\n", r, a / b }'
    done
}

peak_memory() {
    local input="$1" rss size
    shift
    [ -x /usr/bin/time ] || return 0
    rss=$(/usr/bin/time -f '%M' "$@" <"$input" 2>&1 >/dev/null | tail -1)
    size=$(wc -c <"$input")
    echo "grundy peak memory (max RSS): ${rss} KiB for a ${size}-byte input"
}

max_rss() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; }

interleave() {
    local a="$1" b="$2" r spec
    shift 2
    local -a specs=("$@") words
    declare -gA times_a=() times_b=()
    for r in $(seq "$runs"); do
        for spec in "${specs[@]}"; do
            read -r -a words <<<"$spec"
            if [ $((r % 2)) = 1 ]; then
                cpu_of "$a" "${words[@]}"; times_a[$spec]+="$took "
                cpu_of "$b" "${words[@]}"; times_b[$spec]+="$took "
            else
                cpu_of "$b" "${words[@]}"; times_b[$spec]+="$took "
                cpu_of "$a" "${words[@]}"; times_a[$spec]+="$took "
            fi
        done
    done
}

list_median() { tr ' ' '\n' <<<"$1" | sed '/^$/d' | median; }

versus_igsolve() {
    local spec rows cols mi mg ratio ki kg
    local -a specs=("${cases[@]/x/ }")
    echo "-- CPU seconds (user + sys), median of $runs interleaved runs --"
    interleave igsolve_cmd grundy_cmd "${specs[@]}"
    printf '%-8s %11s %11s %9s %13s %13s   %s\n' board "igsolve s" "grundy s" ratio "igsolve KiB" "grundy KiB" "(grundy runs | igsolve runs)"
    for spec in "${specs[@]}"; do
        read -r rows cols <<<"$spec"
        mi=$(list_median "${times_a[$spec]}")
        mg=$(list_median "${times_b[$spec]}")
        ratio=$(awk -v i="$mi" -v g="$mg" 'BEGIN { printf "%.2fx", (g > 0 ? i / g : 0) }')
        ki=$(igsolve_rss "$rows" "$cols")
        kg=$(grundy_rss "$rows" "$cols")
        printf '%-8s %11.3f %11.3f %9s %13s %13s   (%s | %s)\n' "${rows}x$cols" "$mi" "$mg" "$ratio" "$ki" "$kg" \
            "${times_b[$spec]% }" "${times_a[$spec]% }"
    done
    echo
    echo "CPU times below 0.01 s are at the clock's resolution: their ratio means little."
}
