#!/usr/bin/env bash
# Where a request's CPU time goes, beyond its instruction count: for raw AsyncHTTPClient (its
# async and delegate APIs), Courier over it, decoding alone and Courier in memory.
#
#   bash Benchmarks/cpu.sh [requests]
#
# Each client runs twice under valgrind's callgrind with its cache and branch simulation on: 50
# warm-up requests plus `requests` (default 2000), and 50 plus 200, one at a time; the difference
# between the two runs, divided by the difference of the counts, is one request's cost, start-up
# cancelled out. Per request it prints instructions, simulated L1 and last-level cache misses
# (valgrind's model of a 2-level cache, not this CPU's), mispredicted branches, and the calls to
# the runtime functions that cost more than their instructions (`callcounts.py`): reference
# counting (atomic), allocations, task and continuation machinery, locks.
# `Benchmarks/run.sh` measures the wall-clock side (CPU time and context switches per request).
set -euo pipefail
cd "$(dirname "$0")"
requests="${1:-2000}"
short=200
port=18094

source nginx.sh
ensure_nginx
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
write_list_json "$work"
start_nginx "$work" "$port"

build_bench
objcopy --strip-debug "$bin/courier-bench" "$bin/courier-bench-nodebug"

# Runs one client under callgrind; prints "<events line> | <call counts JSON>".
profile() {
    local client=$1 n=$2 out="$work/cg.$1.$2"
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes \
        --compress-strings=no --callgrind-out-file="$out" "$bin/courier-bench-nodebug" \
        --url "http://127.0.0.1:$port" --client "$client" --file list.json --requests "$n" >"$out.log" 2>&1
    grep -q "^requests: $n$" "$out.log" || { echo "$client failed" >&2; tail "$out.log" >&2; exit 1; }
    python3 - "$out" <<'PY'
import json, subprocess, sys
path = sys.argv[1]
events, totals = None, None
with open(path, errors="replace") as f:
    for line in f:
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:") or line.startswith("totals:"):
            totals = [int(x) for x in line.split()[1:]]
calls = json.loads(subprocess.check_output([sys.executable, "callcounts.py", path]))
print(json.dumps({"events": dict(zip(events, totals)), "calls": calls}))
PY
}

clients=(raw-ahc raw-ahc-delegate courier-ahc decode-only courier-in-memory)
for client in "${clients[@]}"; do
    profile "$client" "$requests" >"$work/$client.long.json"
    profile "$client" "$short" >"$work/$client.short.json"
done
python3 - "$work" "$requests" "$short" "${clients[@]}" <<'PY'
import json, sys
work, long_n, short_n, clients = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
rows = {}
for c in clients:
    a = json.load(open(f"{work}/{c}.long.json")); b = json.load(open(f"{work}/{c}.short.json"))
    per = lambda x, y: (x - y) / (long_n - short_n)
    e = {k: per(a["events"][k], b["events"][k]) for k in a["events"]}
    k = {g: per(a["calls"][g], b["calls"][g]) for g in a["calls"]}
    rows[c] = {
        "instructions": e["Ir"],
        "L1 misses (I1+D1)": e["I1mr"] + e["D1mr"] + e["D1mw"],
        "LL misses": e["ILmr"] + e["DLmr"] + e["DLmw"],
        "branch mispredicts": e["Bcm"] + e["Bim"],
        "retain+release": k["retain"] + k["release"],
        "malloc (all)": k["malloc"],
        "swift_allocObject": k["swift_allocObject"],
        "task creations": k["task_create"],
        "task allocs": k["task_alloc"],
        "continuations": k["continuation"],
        "continuation resumes": k["continuation_resume"],
        "task switches": k["task_switch"],
        "jobs run": k["job_run"],
        "enqueues": k["enqueue"],
        "mutex locks": k["mutex_lock"],
        "futex / syscall": k["futex_syscall"],
        "metadata lookups": k["metadata_lookup"],
        "dynamic casts": k["dynamic_cast"],
    }
names = list(next(iter(rows.values())).keys())
print("| per request | " + " | ".join(clients) + " |")
print("|---|" + "---:|" * len(clients))
for n in names:
    print(f"| {n} | " + " | ".join(f"{rows[c][n]:,.1f}" if rows[c][n] < 100 else f"{rows[c][n]:,.0f}" for c in clients) + " |")
print()
print(f"(bash Benchmarks/cpu.sh {long_n}: callgrind with --cache-sim=yes --branch-sim=yes, 50 + {long_n} against 50 + {short_n} requests of list.json, one at a time)")
PY
