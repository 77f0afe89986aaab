#!/usr/bin/env bash
# Instructions per request for every client, counted by valgrind's callgrind: deterministic for
# the same binary, inputs and environment, whatever else the machine is doing.
#
#   bash Benchmarks/callgrind.sh [requests] [repeats]
#
# Serves list.json (about 1 KB) from nginx on 127.0.0.1, builds the benchmark in release mode,
# and runs each client twice under callgrind: 50 warm-up requests plus `requests` (default 2000),
# and 50 plus 200. The difference of the two totals divided by the difference of the counts is
# the cost of one request, start-up and warm-up cancelled out. Each client is measured `repeats`
# times (default 3) and the median is printed, with the spread: hashing is made deterministic
# (`SWIFT_DETERMINISTIC_HASHING`), but which thread wakes when still varies over the network.
# Prints a Markdown table. CALLGRIND_KEEP=<dir> keeps each client's last long and short callgrind
# outputs there (`callgrind.<client>.<count>`), for `callgrind_diff.py`: where one client's
# instructions go beyond another's, function by function.
#
# valgrind 3.19 cannot read the DWARF 5 Swift emits, so the script strips the binary's debug
# info (`objcopy --strip-debug`) into a copy first; the benchmark keeps off libdispatch's
# `dispatch_main`, whose signal suspend valgrind cannot run.
set -euo pipefail
cd "$(dirname "$0")"
requests="${1:-2000}"
repeats="${2:-3}"
short=200
port=18093

source nginx.sh
ensure_nginx
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }

work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT

write_list_json "$work"
start_nginx "$work" "$port"

build_bench
# Beside the original, where it finds the libraries it links (the malloc interposer's).
objcopy --strip-debug "$bin/courier-bench" "$bin/courier-bench-nodebug"

# Total instructions (Ir) of one run under callgrind.
count() {
    local client=$1 n=$2 out="$work/callgrind.$1.$2"
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$bin/courier-bench-nodebug" \
        --url "http://127.0.0.1:$port" --client "$client" --file list.json --requests "$n" >"$out.log" 2>&1 ||
        ! grep -q "^requests: $n$" "$out.log"; then
        echo "$client with $n requests failed:" >&2
        tail -n 20 "$out.log" >&2
        exit 1
    fi
    if [[ -n ${CALLGRIND_KEEP:-} ]]; then
        mkdir -p "$CALLGRIND_KEEP"
        cp "$out" "$CALLGRIND_KEEP/"
    fi
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

declare -A per_request spread
for client in raw-ahc raw-ahc-delegate courier-ahc raw-urlsession courier-urlsession decode-only courier-in-memory; do
    runs=()
    for ((run = 0; run < repeats; run++)); do
        long="$(count "$client" "$requests")"
        brief="$(count "$client" "$short")"
        runs+=($(((long - brief) / (requests - short))))
    done
    sorted=($(printf '%s\n' "${runs[@]}" | sort -n))
    per_request[$client]=${sorted[$((repeats / 2))]}
    spread[$client]="${sorted[0]}–${sorted[$((repeats - 1))]}"
done
baseline() {
    case $1 in
        courier-ahc) echo raw-ahc ;;
        courier-urlsession) echo raw-urlsession ;;
        courier-in-memory) echo decode-only ;;
    esac
}
printf '| client | instructions per request (median) | range of %d runs | vs. its baseline |\n' "$repeats"
printf '|---|---:|---:|---:|\n'
for client in raw-ahc raw-ahc-delegate courier-ahc raw-urlsession courier-urlsession decode-only courier-in-memory; do
    base="$(baseline "$client")"
    ratio=""
    if [[ -n $base ]]; then
        ratio="$(awk -v a="${per_request[$client]}" -v b="${per_request[$base]}" 'BEGIN { printf "%.3f×", a / b }')"
    fi
    printf '| %s | %d | %s | %s |\n' "$client" "${per_request[$client]}" "${spread[$client]}" "$ratio"
done
echo
echo "(bash Benchmarks/callgrind.sh $requests $repeats: 50 + $requests and 50 + $short requests of list.json, one at a time; median of $repeats)"
