#!/usr/bin/env bash
# Cheap-request throughput of `grundy serve`: `wrk` with 16 connections
# (keep-alive, 2 client threads) on small JSON requests, for the built
# server and, when BASE=/path/to/grundy is given, another build of it, in
# interleaved rounds in the same run (the machine is shared: compare the
# two medians of one run, not figures of different runs).
#
#   bash bench/serve.sh                         # this build only
#   BASE=/path/to/old/grundy bash bench/serve.sh
#   ROUNDS=5 SECONDS_PER_ROUND=5 bash bench/serve.sh
#
# It needs `wrk` (Debian package `wrk`; installed with apt-get when missing
# and run as root). Each round starts each server afresh on a free port of
# 127.0.0.1, loads it for SECONDS_PER_ROUND seconds per path, and prints the
# requests per second and any non-2xx or socket errors that wrk reports;
# the medians per path and build come last.

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rounds="${ROUNDS:-3}"
secs="${SECONDS_PER_ROUND:-5}"
paths=(
    "/api/analyze?expr=nim(3%2C4%2C5)"
    "/api/value?rule=kayles&n=100"
    "/"
)

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq wrk >/dev/null
    else
        echo "bench/serve.sh needs wrk (apt-get install wrk)" >&2
        exit 1
    fi
fi

build_grundy
builds=("new=$grundy")
[ -n "${BASE:-}" ] && builds+=("base=$BASE")

# Starts `$2 serve --port 0` and sets $pid and $url.
start() {
    "$1" serve --port 0 >"$tmp/serve.out" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do
        url=$(grep -o 'http://[0-9.:]*' "$tmp/serve.out" 2>/dev/null || true)
        [ -n "$url" ] && return
        sleep 0.05
    done
    echo "the server did not start" >&2
    exit 1
}

echo "load average before: $(load); $rounds rounds of ${secs}s per path, wrk -t2 -c16"
: >"$tmp/results"
for ((r = 1; r <= rounds; r++)); do
    for b in "${builds[@]}"; do
        name="${b%%=*}"
        start "${b#*=}"
        for p in "${paths[@]}"; do
            wrk -t2 -c16 -d"${secs}s" "$url$p" >"$tmp/wrk.out" 2>&1 || true
            rps=$(awk '/^Requests\/sec:/ { print $2 }' "$tmp/wrk.out")
            errors=$(grep -E 'Non-2xx|Socket errors' "$tmp/wrk.out" | tr -s ' ' | tr '\n' ' ' || true)
            printf 'round %d  %-5s %-34s %10s req/s  %s\n' "$r" "$name" "$p" "${rps:-?}" "$errors"
            echo "$name $p ${rps:-0}" >>"$tmp/results"
        done
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
done

echo "medians (requests per second):"
for b in "${builds[@]}"; do
    name="${b%%=*}"
    for p in "${paths[@]}"; do
        m=$(awk -v n="$name" -v p="$p" '$1 == n && $2 == p { print $3 }' "$tmp/results" | median)
        printf '  %-5s %-34s %10.0f\n' "$name" "$p" "$m"
    done
done
echo "load average after: $(load)"
