#!/usr/bin/env bash
# Isolation under load (issue 29, item 7): plain GETs' latency on a transport that is also
# capping a 1 GiB body, Courier side by side with the raw transports; then the same plain GETs
# while CPU hogs load the machine, and while busy tasks fill the process's cooperative pool.
#
#   bash Benchmarks/isolation.sh [requests] [rounds] [cap-bytes] [hog-niceness]
#
# Installs nginx from Debian's packages if needed and serves, on 127.0.0.1, `list.json` (13
# objects, as run.sh) and a sparse 1 GiB file, which `/chunked/huge.bin` sends without a
# Content-Length (nginx's addition filter drops it), so a client must read up to its limit before
# it can stop. Builds the benchmark in release mode and runs, for each client, in its own
# process, `requests` sequential GETs of list.json with nothing else going on, then as many
# while a loop on the same client keeps fetching /chunked/huge.bin with a limit of `cap-bytes`
# (16 MiB by default) and restarts as soon as a call stops at the limit. The clients take turns,
# `rounds` times; the tables show each figure's median. Then the unloaded measurement again,
# taking turns the same way, beside two `yes > /dev/null` at niceness `hog-niceness` (0 by
# default: they compete as a parallel test run's processes would), and with 2 tasks spinning on
# Swift's cooperative pool inside the benchmark's own process. Stops nginx and the hogs.
set -euo pipefail
cd "$(dirname "$0")"
requests="${1:-2000}"
rounds="${2:-3}"
cap="${3:-16777216}"
niceness="${4:-0}"
port=18093
clients="raw-ahc raw-ahc-delegate courier-ahc raw-urlsession courier-urlsession"

source nginx.sh
ensure_nginx

work="$(mktemp -d)"
hogs=()
cleanup() {
    for hog in "${hogs[@]}"; do kill "$hog" 2>/dev/null || true; done
    kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 - "$work" <<'PY'
import json, sys
items = [{"id": i, "name": f"user {i}", "email": f"user{i}@example.com", "active": i % 2 == 0, "score": i * 1.5}
         for i in range(13)]
with open(f"{sys.argv[1]}/list.json", "w") as f:
    json.dump(items, f)
PY
truncate -s 1G "$work/huge.bin"  # sparse: costs no disk
: >"$work/empty.txt"

start_nginx "$work" "$port" "
        location /chunked/ {
            alias $work/;
            addition_types *;
            add_after_body /empty.txt;
        }"

# A stale build plan can miss files added to Courier since the last build: make a fresh one.
rm -f .build/release.yaml
swift build -c release --product courier-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
url="http://127.0.0.1:$port"

measure() {  # measure OUTPUT EXTRA-ARGUMENTS...: every client, `rounds` times, taking turns
    local output=$1
    shift
    for round in $(seq "$rounds"); do
        for client in $clients; do
            "$bin/courier-bench" isolation --url "$url" --client "$client" --file list.json \
                --requests "$requests" "$@" >>"$output"
        done
    done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "$work/transport.jsonl" --load /chunked/huge.bin --cap "$cap"
echo "load average after the transport load: $(cut -d' ' -f1-3 /proc/loadavg)"

for _ in 1 2; do
    nice -n "$niceness" yes >/dev/null &
    hogs+=($!)
done
measure "$work/cpu.jsonl"
echo "load average after the CPU hogs (niceness $niceness): $(cut -d' ' -f1-3 /proc/loadavg)"
for hog in "${hogs[@]}"; do kill "$hog"; done
hogs=()

measure "$work/pool.jsonl" --spin 2

python3 - "$work" "$rounds" "$requests" <<'PY'
import collections, json, statistics, sys
work, rounds, requests = sys.argv[1], sys.argv[2], sys.argv[3]
couriers = {"courier-ahc": ["raw-ahc", "raw-ahc-delegate"], "courier-urlsession": ["raw-urlsession"]}

def load(name):
    rows = collections.defaultdict(list)
    for line in open(f"{work}/{name}.jsonl"):
        r = json.loads(line)
        rows[r["client"]].append(r)
    return rows

def med(runs, key):
    return statistics.median(float(r[key]) for r in runs)

def ms(runs, key):
    return f"{med(runs, key) / 1000:.2f}"

def ratios(rows, key):
    for courier, raws in couriers.items():
        for raw in raws:
            if courier in rows and raw in rows:
                value = statistics.median(float(c[key]) / float(r[key]) for c, r in zip(rows[courier], rows[raw]))
                yield courier, raw, value

print(f"\nMedians of {rounds} rounds of {requests} sequential GETs of list.json; latencies in ms.\n")
print("### On a transport that is capping a 1 GiB body\n")
rows = load("transport")
print("| client | idle p50 | idle p90 | idle p99 | idle max | loaded p50 | loaded p90 | loaded p99 | loaded max "
      "| loaded > 100 ms | capped calls/s | load MiB/s |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for client, runs in rows.items():
    print(f"| {client} | " + " | ".join(ms(runs, f"{p}_{q}_us") for p in ("idle", "loaded") for q in ("p50", "p90", "p99", "max"))
          + f" | {med(runs, 'loaded_over_100ms'):.0f} | {med(runs, 'load_capped_per_second'):.1f} "
          f"| {med(runs, 'load_mib_per_second'):.0f} |")
failures = {c: sum(int(r["load_other_failures"]) for r in runs) for c, runs in rows.items()}
if any(failures.values()):
    print(f"\nload calls that did not stop at the limit: {failures}")
print("\n| Courier ÷ raw (median of round-by-round ratios) | idle p50 | idle p99 | loaded p50 | loaded p99 |")
print("|---|---:|---:|---:|---:|")
for courier, raw, _ in ratios(rows, "idle_p50_us"):
    values = [v for key in ("idle_p50_us", "idle_p99_us", "loaded_p50_us", "loaded_p99_us")
              for c, r, v in ratios(rows, key) if (c, r) == (courier, raw)]
    print(f"| {courier} ÷ {raw} | " + " | ".join(f"{v:.2f}" for v in values) + " |")

for name, title in (("cpu", "Beside two CPU hogs (`yes > /dev/null`)"),
                    ("pool", "With 2 tasks spinning on the cooperative pool in the same process")):
    print(f"\n### {title}\n")
    rows = load(name)
    print("| client | p50 | p90 | p99 | max | > 100 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for client, runs in rows.items():
        print(f"| {client} | " + " | ".join(ms(runs, f"idle_{q}_us") for q in ("p50", "p90", "p99", "max"))
              + f" | {med(runs, 'idle_over_100ms'):.0f} |")
    print("\n| Courier ÷ raw | p50 | p99 | max |")
    print("|---|---:|---:|---:|")
    for courier, raw, _ in ratios(rows, "idle_p50_us"):
        values = [v for key in ("idle_p50_us", "idle_p99_us", "idle_max_us")
                  for c, r, v in ratios(rows, key) if (c, r) == (courier, raw)]
        print(f"| {courier} ÷ {raw} | " + " | ".join(f"{v:.2f}" for v in values) + " |")

print("\nEvery run, one JSON line each:\n")
for name in ("transport", "cpu", "pool"):
    for line in open(f"{work}/{name}.jsonl"):
        print(f"{name}: {line.strip()}")
PY
