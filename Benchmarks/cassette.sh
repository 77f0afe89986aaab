#!/usr/bin/env bash
# A replayed call beside a stubbed one: instructions per call under callgrind, and time per call.
#
#   bash Benchmarks/cassette.sh [requests]
#
# Builds cassette-bench in release mode; runs each client under callgrind twice, 50 warm-up calls
# plus `requests` (default 2000) and 50 plus 200, and divides the difference of the totals by the
# difference of the counts (start-up and warm-up cancel out); then times both side by side
# (`--seconds 5`: ten rounds of half a second each, alternating). No network: both clients answer
# from memory, one from a closure, the other from a HAR file read once.
set -euo pipefail
cd "$(dirname "$0")"
requests="${1:-2000}"
short=200
command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
rm -f .build/release.yaml
swift build -c release --product cassette-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
# valgrind 3.19 cannot read the DWARF 5 Swift emits (see callgrind.sh).
objcopy --strip-debug "$bin/cassette-bench" "$bin/cassette-bench-nodebug"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

count() {
    local out="$work/callgrind.$1.$2"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$bin/cassette-bench-nodebug" --client "$1" --requests "$2" >"$out.log" 2>&1
    grep -q "^requests: $2$" "$out.log" || { tail -n 20 "$out.log" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

declare -A per_call
for client in stub cassette; do
    per_call[$client]=$((($(count "$client" "$requests") - $(count "$client" "$short")) / (requests - short)))
done
echo "| client | instructions per call |"
echo "|---|---:|"
echo "| stub | ${per_call[stub]} |"
echo "| cassette | ${per_call[cassette]} |"
awk -v a="${per_call[cassette]}" -v b="${per_call[stub]}" 'BEGIN { printf "cassette ÷ stub: %.3f×\n", a / b }'
"$bin/cassette-bench" --seconds 5
