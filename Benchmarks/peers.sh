#!/usr/bin/env bash
# Courier beside its peers, Alamofire and Get, measured alike against nginx on loopback.
#
#   bash Benchmarks/peers.sh [seconds-per-measurement] [rounds]
#
# Serves list.json (about 1 KB) from nginx on 127.0.0.1, builds courier-bench (this package) and
# peer-bench (`Benchmarks/Peers`, which depends on Alamofire and Get by URL and shares
# courier-bench's measuring loop) in release mode, and runs raw-urlsession, courier-urlsession,
# raw-ahc, courier-ahc, alamofire and get in turn at 1 and 64 in flight, each measurement in its
# own process, `rounds` times (default 3), without the malloc interposer. Prints Markdown tables:
# each client's medians, then "Courier ÷ peer", each ratio the median of the round-by-round
# ratios. Writes the chart of requests/s to `Docs/Images/peers.svg` (matplotlib, installed into
# a virtual environment in the scratch folder if Python lacks it; a plain SVG writer otherwise).
#
# PEERS_PATH_OVERRIDES=DIR builds a scratch copy of Benchmarks/Peers whose Package.swift depends on
# DIR/Alamofire and DIR/Get (checkouts of 5.12.0 and 2.2.1) instead of their URLs: for a machine
# without network access to GitHub. Without it, Benchmarks/Peers is built as it is.
# PEERS_CALLGRIND=N also counts instructions per request under callgrind (50 + N and 50 + 200
# requests, one at a time, as callgrind.sh does; slow: N=2000 takes minutes per client).
# PEERS_SCRATCH (default /tmp/courier-peers) holds the scratch copy, the venv and their builds.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-5}"
rounds="${2:-3}"
port=18099
scratch="${PEERS_SCRATCH:-${TMPDIR:-/tmp}/courier-peers}"
chart="$(cd .. && pwd)/Docs/Images/peers.svg"
mkdir -p "$scratch"

source nginx.sh
ensure_nginx
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
write_list_json "$work"
start_nginx "$work" "$port"

build_bench
if [[ -n ${PEERS_PATH_OVERRIDES:-} ]]; then
    # A scratch copy, never committed: the symbolic link to Measure.swift is copied as a file, and
    # each dependency by URL becomes a dependency by path.
    peers="$scratch/Peers"
    mkdir -p "$peers"
    rm -rf "$peers/Sources"
    cp -RL Peers/Sources "$peers/Sources"
    sed -E "s#\.package\(url: \"https://github.com/[^/]+/([^\"]+)\", from: \"[^\"]+\"\)#.package(path: \"$PEERS_PATH_OVERRIDES/\1\")#" \
        Peers/Package.swift >"$peers/Package.swift"
else
    peers=Peers
fi
swift build -c release --package-path "$peers" --product peer-bench >/dev/null
peer_bin="$(swift build -c release --package-path "$peers" --show-bin-path)"

results="$work/results.jsonl"
for round in $(seq "$rounds"); do
    for concurrency in 1 64; do
        for client in raw-urlsession courier-urlsession raw-ahc courier-ahc alamofire get; do
            program="$bin/courier-bench"
            [[ $client == alamofire || $client == get ]] && program="$peer_bin/peer-bench"
            "$program" --url "http://127.0.0.1:$port" --client "$client" --file list.json \
                --concurrency "$concurrency" --seconds "$seconds" >>"$results"
        done
    done
done

instructions="$work/instructions.tsv"
touch "$instructions"
if [[ -n ${PEERS_CALLGRIND:-} ]]; then
    command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind >/dev/null; }
    # valgrind 3.19 cannot read the DWARF 5 Swift emits: copies without debug info.
    objcopy --strip-debug "$bin/courier-bench" "$bin/courier-bench-nodebug"
    objcopy --strip-debug "$peer_bin/peer-bench" "$peer_bin/peer-bench-nodebug"
    count() {
        local program=$1 client=$2 n=$3 out="$work/callgrind.$2.$3"
        SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$program" \
            --url "http://127.0.0.1:$port" --client "$client" --file list.json --requests "$n" >"$out.log" 2>&1 &&
            grep -q "^requests: $n$" "$out.log" || { tail -n 20 "$out.log" >&2; exit 1; }
        awk '/^(summary|totals):/ { print $2; exit }' "$out"
    }
    for client in raw-urlsession courier-urlsession raw-ahc courier-ahc alamofire get; do
        program="$bin/courier-bench-nodebug"
        [[ $client == alamofire || $client == get ]] && program="$peer_bin/peer-bench-nodebug"
        long="$(count "$program" "$client" "$PEERS_CALLGRIND")"
        brief="$(count "$program" "$client" 200)"
        printf '%s\t%d\n' "$client" $(((long - brief) / (PEERS_CALLGRIND - 200))) >>"$instructions"
    done
fi

# matplotlib for the chart: Python's own, else a virtual environment in the scratch folder, else
# none (the table script then writes the SVG itself).
python=python3
if ! python3 -c 'import matplotlib' 2>/dev/null; then
    if [[ -x $scratch/venv/bin/python ]] || { python3 -m venv "$scratch/venv" &&
        "$scratch/venv/bin/pip" install -q matplotlib; } >/dev/null 2>&1; then
        python="$scratch/venv/bin/python"
    fi
fi
mkdir -p "$(dirname "$chart")"
"$python" peers.py "$results" "$instructions" "$chart" "$seconds" "$rounds"
