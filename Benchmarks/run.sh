#!/usr/bin/env bash
# Benchmarks Courier side by side with the raw transports against nginx on loopback.
#
#   bash Benchmarks/run.sh [seconds-per-measurement] [rounds]
#
# Installs nginx from Debian's packages if needed, serves two static JSON files (1 KB and 1 MB)
# from a temporary folder on 127.0.0.1, builds the benchmark in release mode, runs every client
# at 1 and 64 requests in flight (each measurement in its own process, with the malloc
# interposer preloaded; the clients take turns, `rounds` times, and the table shows each
# figure's median), then a 1 GiB download and upload, prints Markdown tables, and stops nginx
# and the upload sink.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-5}"
rounds="${2:-3}"
port=18091
sink_port=18095

source nginx.sh
ensure_nginx

work="$(mktemp -d)"
sink=""
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; kill "$sink" 2>/dev/null || true; rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import json, sys
def items(n):
    return [{"id": i, "name": f"user {i}", "email": f"user{i}@example.com", "active": i % 2 == 0, "score": i * 1.5}
            for i in range(n)]
root = sys.argv[1]
for name, count in (("list.json", 13), ("big.json", 12800)):
    with open(f"{root}/{name}", "w") as f:
        json.dump(items(count), f)
PY
truncate -s 1G "$work/huge.bin"  # sparse: costs no disk

start_nginx "$work" "$port"
printf 'list.json: %s bytes, big.json: %s bytes\n' "$(stat -c %s "$work/list.json")" "$(stat -c %s "$work/big.json")"

# A stale build plan can miss files added to Courier since the last build: make a fresh one.
rm -f .build/release.yaml
swift build -c release --product courier-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
preload="$bin/libMallocInterposerSwift.so"

# The upload sink: reads each PUT body in 1 MiB pieces, keeps nothing, answers {"bytes": N}.
cat >"$work/sink.py" <<'PY'
import http.server, json, sys
class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_PUT(self):
        remaining, total = int(self.headers.get("Content-Length", "0")), 0
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 1 << 20))
            if not chunk: break
            total += len(chunk); remaining -= len(chunk)
        body = json.dumps({"bytes": total}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Sink).serve_forever()
PY
python3 "$work/sink.py" "$sink_port" &
sink=$!

results="$work/results.jsonl"
for round in $(seq "$rounds"); do
    for run in "list.json 1" "list.json 64" "big.json 1"; do
        set -- $run
        for client in raw-ahc raw-ahc-delegate courier-ahc raw-urlsession courier-urlsession; do
            LD_PRELOAD="$preload" "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" \
                --file "$1" --concurrency "$2" --seconds "$seconds" >>"$results"
        done
    done
    # No network: Courier over a transport answering from memory, against decoding alone.
    for client in decode-only courier-in-memory courier-in-memory-report; do
        LD_PRELOAD="$preload" "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" \
            --file list.json --concurrency 1 --seconds "$seconds" >>"$results"
    done
done

echo
echo "Medians of $rounds rounds of $seconds s each."
echo
python3 - "$results" <<'PY'
import collections, json, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    r = json.loads(line)
    rows[(r["file"], int(r["concurrency"]), r["client"])].append(r)
def median(runs, key):
    return statistics.median(float(r[key]) for r in runs)
print("| workload | in flight | client | requests/s | p50 µs | p99 µs | CPU µs/request | allocs/request | peak RSS MiB |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
for (file, concurrency, client), runs in rows.items():
    print(f"| {file} | {concurrency} | {client} | {median(runs, 'rps'):.0f} | {median(runs, 'p50_us'):.0f} "
          f"| {median(runs, 'p99_us'):.0f} | {median(runs, 'cpu_us_per_request'):.0f} "
          f"| {median(runs, 'allocs_per_request'):.1f} | {median(runs, 'peak_rss_mib'):.1f} |")
print()
print("| workload | in flight | transport | requests/s, Courier ÷ raw | p50, Courier ÷ raw | CPU/request, Courier ÷ raw | allocs, Courier ÷ raw |")
print("|---|---:|---|---:|---:|---:|---:|")
pairs = [("courier-ahc", "raw-ahc", "AsyncHTTPClient"),
         ("courier-ahc", "raw-ahc-delegate", "AsyncHTTPClient, same API"),
         ("courier-urlsession", "raw-urlsession", "URLSession"),
         ("courier-in-memory", "decode-only", "none (in memory)")]
for (file, concurrency) in dict.fromkeys((f, c) for (f, c, _) in rows):
    for courier, raw, label in pairs:
        runs, base = rows.get((file, concurrency, courier)), rows.get((file, concurrency, raw))
        if not runs or not base:
            continue
        # Ratios of the round-by-round pairs, then their median: each pair ran close together.
        def ratio(key):
            return statistics.median(float(c[key]) / float(r[key]) for c, r in zip(runs, base))
        print(f"| {file} | {concurrency} | {label} | {ratio('rps'):.2f} | {ratio('p50_us'):.2f} "
              f"| {ratio('cpu_us_per_request'):.2f} | {ratio('allocs_per_request'):.2f} |")
PY

echo
echo "| transfer | client | bytes | seconds | MiB/s | peak RSS MiB |"
echo "|---|---|---:|---:|---:|---:|"
for client in courier-ahc courier-urlsession; do
    for transfer in "--download huge.bin --url http://127.0.0.1:$port" "--upload $work/huge.bin --url http://127.0.0.1:$sink_port"; do
        line="$("$bin/courier-bench" --client "$client" $transfer)"
        python3 -c '
import json, sys
r = json.loads(sys.argv[1])
kind = "download" if "download" in r else "upload"
print("| " + " | ".join([kind + " " + r[kind], r["client"], r["bytes"], r["seconds"], r["mib_per_second"], r["peak_rss_mib"]]) + " |")
' "$line"
    done
done
