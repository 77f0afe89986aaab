#!/usr/bin/env bash
# Courier over AsyncHTTPClient against raw AsyncHTTPClient over TLS, HTTP/1.1 and HTTP/2.
#
#   bash Benchmarks/https.sh [seconds-per-measurement] [rounds] [callgrind-requests]
#
# Makes a certificate authority and a leaf for 127.0.0.1 with openssl at run time (nothing
# committed, nothing that can expire), serves list.json (about 1 KB) over HTTPS from nginx on
# loopback (offering h2 and http/1.1 by ALPN), builds the benchmark in release mode and measures
# every client at 1 and 64 requests in flight, over HTTP/1.1 (`--http-version 1.1`) and HTTP/2,
# trusting the authority through configuration (verification stays on). The clients take turns,
# `rounds` times; the tables show medians. Each run also reports how many TCP connections nginx
# accepted during it (from its stub_status): the script fails if a client opened anywhere near
# one per request, since a handshake per request would be a defect.
#
# Then, unless `callgrind-requests` is 0, instructions per request under callgrind as
# callgrind.sh counts them (50 + N against 50 + 200 sequential requests, median of 3).
#
# URLSession is absent: FoundationNetworking on Linux cannot trust an authority through
# configuration (see the Security article).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-5}"
rounds="${2:-3}"
requests="${3:-2000}"
short=200
port=18097
status_port=18098

source nginx.sh
ensure_nginx

work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT

# A throw-away authority and a leaf for 127.0.0.1 it signs, valid for a day.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj "/CN=Courier bench CA" \
    -keyout "$work/ca.key" -out "$work/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$work/leaf.key" -out "$work/leaf.csr" 2>/dev/null
printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n' >"$work/leaf.ext"
openssl x509 -req -in "$work/leaf.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" -CAcreateserial -days 1 \
    -extfile "$work/leaf.ext" -out "$work/leaf.pem" 2>/dev/null

write_list_json "$work"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/tmp;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    http2_max_concurrent_streams 128;
    server {
        listen 127.0.0.1:$port ssl http2;
        ssl_certificate $work/leaf.pem;
        ssl_certificate_key $work/leaf.key;
        ssl_protocols TLSv1.2 TLSv1.3;
        root $work;
        default_type application/json;
    }
    server {
        listen 127.0.0.1:$status_port;
        location /status { stub_status; }
    }
}
CONF
mkdir -p "$work/tmp"
chmod -R a+rX "$work"  # nginx's workers run as an unprivileged user
nginx -c "$work/nginx.conf"
sleep 0.5

# Connections nginx has accepted so far, on either port (so not counting this look's own).
accepted() {
    local count
    count="$(curl -s "http://127.0.0.1:$status_port/status" | awk 'NR == 3 { print $1 }')"
    echo $((count - 1))
}
accepted >/dev/null  # the first look opens the count

build_bench

clients=(raw-ahc raw-ahc-delegate courier-ahc)
results="$work/results.jsonl"
for round in $(seq "$rounds"); do
    for version in 1.1 2; do
        for concurrency in 1 64; do
            for client in "${clients[@]}"; do
                version_flag=()
                [[ $version == 1.1 ]] && version_flag=(--http-version 1.1)
                before="$(accepted)"
                line="$("$bin/courier-bench" --url "https://127.0.0.1:$port" --ca-file "$work/ca.pem" \
                    "${version_flag[@]}" --client "$client" --file list.json --concurrency "$concurrency" \
                    --seconds "$seconds")"
                connections=$(($(accepted) - before - 1))  # minus the status look in between
                python3 - "$line" "$version" "$connections" >>"$results" <<'PY'
import json, sys
row = json.loads(sys.argv[1])
row["http"], row["connections"] = sys.argv[2], int(sys.argv[3])
print(json.dumps(row))
PY
            done
        done
    done
done

python3 - "$results" "$seconds" "$rounds" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
seconds, rounds = sys.argv[2], sys.argv[3]
def median(client, http, concurrency, key):
    values = [float(r[key]) for r in rows
              if r["client"] == client and r["http"] == http and r["concurrency"] == str(concurrency)]
    return statistics.median(values)
failed = False
for r in rows:
    requests = int(r["requests"]) + 1  # the warm-up's are counted in the connections too
    if r["connections"] > max(70, requests // 50):
        print(f"DEFECT: {r['client']} over HTTP/{r['http']} at {r['concurrency']} in flight opened "
              f"{r['connections']} connections for {r['requests']} requests", file=sys.stderr)
        failed = True
print(f"| HTTP | in flight | client | requests/s (median of {rounds}) | vs. raw-ahc | p50 µs | p99 µs | CPU µs/request | connections per run |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
for http in ("1.1", "2"):
    for concurrency in (1, 64):
        base = median("raw-ahc", http, concurrency, "rps")
        for client in ("raw-ahc", "raw-ahc-delegate", "courier-ahc"):
            rps = median(client, http, concurrency, "rps")
            conns = sorted({r["connections"] for r in rows if r["client"] == client and r["http"] == http
                            and r["concurrency"] == str(concurrency)})
            print(f"| {http} | {concurrency} | {client} | {rps:.0f} | {rps / base:.2f}× | "
                  f"{median(client, http, concurrency, 'p50_us'):.0f} | {median(client, http, concurrency, 'p99_us'):.0f} | "
                  f"{median(client, http, concurrency, 'cpu_us_per_request'):.0f} | {'–'.join(map(str, (conns[0], conns[-1]))) if len(conns) > 1 else conns[0]} |")
print(f"\n(bash Benchmarks/https.sh {seconds} {rounds}: list.json over TLS from nginx on 127.0.0.1, {seconds} s per measurement, "
      f"{rounds} interleaved rounds, medians)")
sys.exit(1 if failed else 0)
PY

[[ $requests == 0 ]] && exit 0
objcopy --strip-debug "$bin/courier-bench" "$bin/courier-bench-nodebug"
# Total instructions (Ir) of one run under callgrind.
count() {
    local client=$1 version=$2 n=$3 out="$work/callgrind.$1.$2.$3"
    local version_flag=()
    [[ $version == 1.1 ]] && version_flag=(--http-version 1.1)
    if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$bin/courier-bench-nodebug" \
        --url "https://127.0.0.1:$port" --ca-file "$work/ca.pem" "${version_flag[@]}" --client "$client" \
        --file list.json --requests "$n" >"$out.log" 2>&1 || ! grep -q "^requests: $n$" "$out.log"; then
        echo "$client over HTTP/$version with $n requests failed:" >&2
        tail -n 20 "$out.log" >&2
        exit 1
    fi
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}
echo
printf '| HTTP | client | instructions per request (median of 3) | range | vs. raw-ahc |\n|---|---|---:|---:|---:|\n'
for version in 1.1 2; do
    base=""
    for client in "${clients[@]}"; do
        runs=()
        for _ in 1 2 3; do
            long="$(count "$client" "$version" "$requests")"
            brief="$(count "$client" "$version" "$short")"
            runs+=($(((long - brief) / (requests - short))))
        done
        sorted=($(printf '%s\n' "${runs[@]}" | sort -n))
        [[ -z $base ]] && base=${sorted[1]}
        printf '| %s | %s | %d | %s–%s | %s |\n' "$version" "$client" "${sorted[1]}" "${sorted[0]}" "${sorted[2]}" \
            "$(awk -v a="${sorted[1]}" -v b="$base" 'BEGIN { printf "%.3f×", a / b }')"
    done
done
echo
echo "(bash Benchmarks/https.sh … $requests: callgrind, 50 + $requests and 50 + $short sequential requests of list.json over TLS)"
