#!/usr/bin/env bash
# Benchmarks Courier side by side with the raw transports against nginx on loopback.
#
#   bash Benchmarks/run.sh [seconds-per-measurement]
#
# Installs nginx from Debian's packages if needed, serves two static JSON files (1 KB and 1 MB)
# from a temporary folder on 127.0.0.1, builds the benchmark in release mode, runs every client
# at 1 and 64 requests in flight (each measurement in its own process, with the malloc
# interposer preloaded), prints a Markdown table, and stops nginx.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-5}"
port=18091

if ! command -v nginx >/dev/null; then
    apt-get update -qq && apt-get install -y -qq nginx >/dev/null
fi

work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT

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

cat >"$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/tmp;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    server {
        listen 127.0.0.1:$port;
        root $work;
        default_type application/json;
    }
}
CONF
mkdir -p "$work/tmp"
chmod -R a+rX "$work"  # nginx's workers run as an unprivileged user
nginx -c "$work/nginx.conf"
sleep 0.5
printf 'list.json: %s bytes, big.json: %s bytes\n' "$(stat -c %s "$work/list.json")" "$(stat -c %s "$work/big.json")"

swift build -c release --product courier-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
preload="$bin/libMallocInterposerSwift.so"

echo
echo "| workload | in flight | client | requests/s | p50 µs | p99 µs | allocs/request | peak RSS MiB |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for run in "list.json 1" "list.json 64" "big.json 1"; do
    set -- $run
    for client in raw-ahc courier-ahc raw-urlsession courier-urlsession; do
        line="$(LD_PRELOAD="$preload" "$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" \
            --file "$1" --concurrency "$2" --seconds "$seconds")"
        python3 -c '
import json, sys
r = json.loads(sys.argv[1])
keys = ("file", "concurrency", "client", "rps", "p50_us", "p99_us", "allocs_per_request", "peak_rss_mib")
print("| " + " | ".join(r[k] for k in keys) + " |")
' "$line"
    done
done

echo
echo "| download | client | bytes | seconds | MiB/s | peak RSS MiB |"
echo "|---|---|---:|---:|---:|---:|"
for client in courier-ahc courier-urlsession; do
    line="$("$bin/courier-bench" --url "http://127.0.0.1:$port" --client "$client" --download huge.bin)"
    python3 -c '
import json, sys
r = json.loads(sys.argv[1])
keys = ("download", "client", "bytes", "seconds", "mib_per_second", "peak_rss_mib")
print("| " + " | ".join(r[k] for k in keys) + " |")
' "$line"
done
