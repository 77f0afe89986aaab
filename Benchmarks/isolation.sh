#!/usr/bin/env bash
# Isolation under load (issue 29, item 7): plain GETs' latency on a transport that is also
# capping a 1 GiB body, Courier side by side with the raw transports; then the same plain GETs
# while CPU hogs load the machine, and while busy tasks fill the process's cooperative pool.
#
#   bash Benchmarks/isolation.sh [requests] [rounds] [cap-bytes] [hog-niceness]
#   AHC_RATE=10 URLSESSION_RATE=2 bash Benchmarks/isolation.sh ...   # the paced load's rates
#
# Installs nginx from Debian's packages if needed and serves, on 127.0.0.1, `list.json` (13
# objects, as run.sh) and a sparse 1 GiB file, which `/chunked/huge.bin` sends without a
# Content-Length (nginx's addition filter drops it), so a client must read up to its limit before
# it can stop. Builds the benchmark in release mode and runs, for each client, in its own
# process, `requests` sequential GETs of list.json with nothing else going on, then as many
# while a loop on the same client keeps fetching /chunked/huge.bin with a limit of `cap-bytes`
# (16 MiB by default) and restarts as soon as a call stops at the limit. The clients take turns,
# `rounds` times; the tables show each figure's median. Each client stops at the limit at its own
# speed, so the load differs between them; the same again with the load paced to the same number
# of capped calls a second for every client of a transport (AHC_RATE, 10 by default, over
# AsyncHTTPClient; URLSESSION_RATE, 2, over URLSession) compares them under equal load. Then the
# unloaded measurement again,
# taking turns the same way, beside two `yes > /dev/null` at niceness `hog-niceness` (0 by
# default: they compete as a parallel test run's processes would), and with 2 tasks spinning on
# Swift's cooperative pool inside the benchmark's own process. Stops nginx and the hogs.
set -euo pipefail
cd "$(dirname "$0")"
requests="${1:-2000}"
rounds="${2:-3}"
cap="${3:-16777216}"
niceness="${4:-0}"
ahc_rate="${AHC_RATE:-10}"
urlsession_rate="${URLSESSION_RATE:-2}"
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
touch "$work/chunked.log"

start_nginx "$work" "$port" "
        location /chunked/ {
            alias $work/;
            addition_types *;
            add_after_body /empty.txt;
            access_log $work/chunked.log combined;
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
            local paced=()
            if [[ $output == *paced* ]]; then
                case $client in
                    *urlsession) paced=(--rate "$urlsession_rate") ;;
                    *) paced=(--rate "$ahc_rate") ;;
                esac
            fi
            local before line count bytes
            before="$(wc -l <"$work/chunked.log")"
            line="$("$bin/courier-bench" isolation --url "$url" --client "$client" --file list.json \
                --requests "$requests" "$@" "${paced[@]}")"
            sleep 0.2  # nginx logs a request when its connection closes
            # What nginx sent for the capped calls: how far past the limit each read before it stopped.
            read -r count bytes < <(tail -n +"$((before + 1))" "$work/chunked.log" |
                awk '{ n++; s += $10 } END { printf "%d %.0f\n", n, s }')
            python3 -c 'import json, sys
r = json.loads(sys.argv[1])
r["nginx_chunked_requests"], r["nginx_chunked_bytes"] = sys.argv[2], sys.argv[3]
print(json.dumps(r, sort_keys=True))' "$line" "$count" "$bytes" >>"$output"
        done
    done
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "$work/transport.jsonl" --load /chunked/huge.bin --cap "$cap"
echo "load average after the transport load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "$work/paced.jsonl" --load /chunked/huge.bin --cap "$cap"
echo "load average after the paced transport load: $(cut -d' ' -f1-3 /proc/loadavg)"

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

def sent_per_call(runs):
    per_call = [float(r["nginx_chunked_bytes"]) / int(r["nginx_chunked_requests"]) / 1048576
                for r in runs if int(r.get("nginx_chunked_requests", 0))]
    return f"{statistics.median(per_call):.0f}" if per_call else "n/a"

def ratio_table(rows, keys, title):
    # Ratios of the round-by-round pairs, then their median: each pair ran close together.
    labels = [k.replace("_us", "").replace("_", " ") for k in keys]
    if not any(k.startswith("loaded") for k in keys):  # no transport load: "idle" only means that
        labels = [label.replace("idle ", "") for label in labels]
    print(f"\n| {title} | " + " | ".join(labels) + " |")
    print("|---|" + "---:|" * len(keys))
    for courier, raws in couriers.items():
        for raw in raws:
            if courier in rows and raw in rows:
                values = [statistics.median(float(c[k]) / float(r[k]) for c, r in zip(rows[courier], rows[raw]))
                          for k in keys]
                print(f"| {courier} ÷ {raw} | " + " | ".join(f"{v:.2f}" for v in values) + " |")

print(f"\nMedians of {rounds} rounds of {requests} sequential GETs of list.json; latencies in ms.")
for name, title in (("transport", "On a transport that is capping a 1 GiB body, as fast as it can"),
                    ("paced", "The same, the load paced to the same capped calls a second per transport")):
    print(f"\n### {title}\n")
    rows = load(name)
    print("| client | idle p50 | idle p90 | idle p99 | idle max | loaded p50 | loaded p90 | loaded p99 | loaded max "
          "| loaded > 100 ms | capped calls/s | MiB sent per capped call |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for client, runs in rows.items():
        print(f"| {client} | "
              + " | ".join(ms(runs, f"{p}_{q}_us") for p in ("idle", "loaded") for q in ("p50", "p90", "p99", "max"))
              + f" | {med(runs, 'loaded_over_100ms'):.0f} | {med(runs, 'load_capped_per_second'):.1f} "
              f"| {sent_per_call(runs)} |")
    failures = {c: sum(int(r["load_other_failures"]) for r in runs) for c, runs in rows.items()}
    if any(failures.values()):
        print(f"\nload calls that did not stop at the limit: {failures}")
    ratio_table(rows, ["idle_p50_us", "idle_p99_us", "loaded_p50_us", "loaded_p99_us"], "Courier ÷ raw")

for name, title in (("cpu", "Beside two CPU hogs (`yes > /dev/null`)"),
                    ("pool", "With 2 tasks spinning on the cooperative pool in the same process")):
    print(f"\n### {title}\n")
    rows = load(name)
    print("| client | p50 | p90 | p99 | max | > 100 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for client, runs in rows.items():
        print(f"| {client} | " + " | ".join(ms(runs, f"idle_{q}_us") for q in ("p50", "p90", "p99", "max"))
              + f" | {med(runs, 'idle_over_100ms'):.0f} |")
    ratio_table(rows, ["idle_p50_us", "idle_p99_us", "idle_max_us"], "Courier ÷ raw")

print("\nEvery run, one JSON line each:\n")
for name in ("transport", "paced", "cpu", "pool"):
    for line in open(f"{work}/{name}.jsonl"):
        print(f"{name}: {line.strip()}")
PY
