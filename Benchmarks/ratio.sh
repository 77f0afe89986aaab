#!/usr/bin/env bash
# The headline ratios: Courier over AsyncHTTPClient against raw AsyncHTTPClient, and Courier over
# URLSession against raw URLSession, requests per second and p50 at 1 and at 64 in flight, with the
# CPU time and context switches behind them.
#
#   bash Benchmarks/ratio.sh [seconds-per-measurement] [rounds]
#
# Serves list.json (about 1 KB) from nginx on 127.0.0.1, builds the benchmark in release mode, and
# runs raw-ahc (AsyncHTTPClient's async API), raw-ahc-delegate (its delegate API), courier-ahc,
# raw-urlsession (`data(for:)`) and courier-urlsession in turn, each measurement in its own
# process, `rounds` times (default 5), without the malloc
# interposer. Each ratio is the median of the round-by-round ratios: the two runs of a pair ran
# seconds apart, so a change in the machine's load moves both.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-5}"
rounds="${2:-5}"
port=18096

source nginx.sh
ensure_nginx
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
write_list_json "$work"
start_nginx "$work" "$port"

build_bench

clients=(raw-ahc raw-ahc-delegate courier-ahc raw-urlsession courier-urlsession)
results="$work/results.jsonl"
for round in $(seq "$rounds"); do
    for concurrency in 1 64; do
        for client in "${clients[@]}"; do
            "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" --file list.json \
                --concurrency "$concurrency" --seconds "$seconds" >>"$results"
        done
    done
done

python3 - "$results" "$seconds" "$rounds" <<'PY'
import collections, json, statistics, sys
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    r = json.loads(line)
    rows[(int(r["concurrency"]), r["client"])].append(r)
med = lambda runs, key: statistics.median(float(r[key]) for r in runs)
print("| in flight | client | requests/s | p50 µs | CPU µs/request | voluntary switches/request | involuntary |")
print("|---:|---|---:|---:|---:|---:|---:|")
for (c, client), runs in sorted(rows.items()):
    print(f"| {c} | {client} | {med(runs, 'rps'):.0f} | {med(runs, 'p50_us'):.0f} | {med(runs, 'cpu_us_per_request'):.0f} "
          f"| {med(runs, 'voluntary_switches_per_request'):.2f} | {med(runs, 'involuntary_switches_per_request'):.2f} |")
print()
print("| in flight | Courier ÷ | requests/s (median, range of rounds) | p50 | CPU/request |")
print("|---:|---|---:|---:|---:|")
for c in (1, 64):
    for courier, raw in (("courier-ahc", "raw-ahc"), ("courier-ahc", "raw-ahc-delegate"),
                         ("courier-urlsession", "raw-urlsession")):
        runs, base = rows[(c, courier)], rows[(c, raw)]
        ratios = lambda key: sorted(float(a[key]) / float(b[key]) for a, b in zip(runs, base))
        rps = ratios('rps')
        print(f"| {c} | {raw} | **{statistics.median(rps):.3f}×** ({rps[0]:.3f}–{rps[-1]:.3f}) "
              f"| {statistics.median(ratios('p50_us')):.3f}× | {statistics.median(ratios('cpu_us_per_request')):.3f}× |")
print()
print(f"(bash Benchmarks/ratio.sh {sys.argv[2]} {sys.argv[3]}: list.json from nginx on loopback, medians of {sys.argv[3]} interleaved rounds)")
PY
