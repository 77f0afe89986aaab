#!/usr/bin/env bash
# Compares this checkout with an earlier revision: both benchmark binaries take turns against one
# nginx on loopback (GET and decode of the 1 KB list at 1 and 64 in flight, and Courier over an
# in-memory transport against decoding alone), and the table gives each figure's median and the
# median of the round-by-round ratios, after ÷ before.
#
#   bash Benchmarks/ab.sh <revision> [seconds-per-measurement] [rounds]
#
# The earlier revision is checked out with `git worktree` into a temporary folder and built in
# release mode there (a first release build takes about 15 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")"
revision="${1:?usage: bash Benchmarks/ab.sh <revision> [seconds] [rounds]}"
seconds="${2:-3}"; rounds="${3:-3}"; port=18091
source nginx.sh
ensure_nginx
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; git worktree remove --force "$work/before" 2>/dev/null || true; rm -rf "$work"' EXIT
git worktree add -q --detach "$work/before" "$revision"
for dir in "$work/before/Benchmarks" .; do
    rm -f "$dir/.build/release.yaml"  # a stale build plan can miss files added since
    (cd "$dir" && swift build -c release --product courier-bench >/dev/null)
done
old="$(cd "$work/before/Benchmarks" && swift build -c release --show-bin-path)"
new="$(swift build -c release --show-bin-path)"
python3 - "$work" <<'PY'
import json, sys
items=[{"id": i, "name": f"user {i}", "email": f"user{i}@example.com", "active": i % 2 == 0, "score": i * 1.5} for i in range(13)]
json.dump(items, open(f"{sys.argv[1]}/list.json","w"))
PY
start_nginx "$work" "$port"
out="$work/ab.jsonl"
for round in $(seq "$rounds"); do
  for c in 1 64; do
    for client in raw-ahc courier-ahc raw-urlsession courier-urlsession; do
      for build in old new; do
        bin=$([[ $build == old ]] && echo $old || echo $new)
        LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" \
          --file list.json --concurrency "$c" --seconds "$seconds" | sed "s/^{/{\"build\": \"$build\", /" >>"$out"
      done
    done
  done
  for client in decode-only courier-in-memory; do
    for build in old new; do
      bin=$([[ $build == old ]] && echo $old || echo $new)
      LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" \
        --file list.json --concurrency 1 --seconds "$seconds" | sed "s/^{/{\"build\": \"$build\", /" >>"$out"
    done
  done
done
python3 - "$out" <<'PY'
import collections, json, statistics, sys
rows=collections.defaultdict(list)
for l in open(sys.argv[1]):
    r=json.loads(l); rows[(int(r["concurrency"]), r["client"], r["build"])].append(r)
print("| in flight | client | req/s before | req/s after | after ÷ before (median of rounds) | allocs before | allocs after | CPU µs before | CPU µs after |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|")
for (c, client) in dict.fromkeys((c, cl) for (c, cl, _) in rows):
    o, n = rows[(c, client, "old")], rows[(c, client, "new")]
    med=lambda rs,k: statistics.median(float(r[k]) for r in rs)
    ratio=statistics.median(float(b["rps"])/float(a["rps"]) for a,b in zip(o,n))
    print(f"| {c} | {client} | {med(o,'rps'):.0f} | {med(n,'rps'):.0f} | {ratio:.2f} | {med(o,'allocs_per_request'):.1f} | {med(n,'allocs_per_request'):.1f} | {med(o,'cpu_us_per_request'):.0f} | {med(n,'cpu_us_per_request'):.0f} |")
PY
