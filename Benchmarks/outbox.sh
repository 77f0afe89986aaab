#!/usr/bin/env bash
# Benchmarks the outbox (issue 36) against the demo server on loopback.
#
#   bash Benchmarks/outbox.sh [entries] [concurrency]
#
# Builds the benchmark in release mode and the demo (its debug build, as the tests leave it),
# starts `courier-demo serve` on 127.0.0.1, and runs `courier-bench outbox` over each transport:
# enqueue latency p50/p99 (each enqueue written and fsynced before it returns) beside a bare
# append+fsync of the same record size in the same folder (blocks of 100 taking turns), the
# journal's bytes per entry, entries delivered per second by the outbox, and, side by side in the
# same run, the same calls per second sent with `client.send`. The store is in $TMPDIR (or /tmp).
# OUTBOX_PORT sets the demo server's port (18097): the run stops if something else answers there.
set -euo pipefail
cd "$(dirname "$0")"
entries="${1:-2000}"
concurrency="${2:-4}"
port="${OUTBOX_PORT:-18097}"
if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
    echo "outbox.sh: something already answers on port $port (set OUTBOX_PORT)" >&2
    exit 1
fi

swift build -c release --product courier-bench >/dev/null
swift build --package-path .. --traits Demo --product courier-demo-app >/dev/null
../.build/debug/courier-demo-app serve --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/outbox/ledger" && break
    sleep 0.1
done
for client in courier-ahc courier-urlsession; do
    .build/release/courier-bench outbox --url "http://127.0.0.1:$port" --client "$client" \
        --entries "$entries" --concurrency "$concurrency"
done
