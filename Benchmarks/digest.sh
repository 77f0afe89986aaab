#!/usr/bin/env bash
# Courier's SHA-256 and SHA-512, and what checking a download's digest adds to it.
#
#   bash Benchmarks/digest.sh speed [seconds]   # MB/s per algorithm, debug and release builds,
#                                               # beside `openssl speed -bytes 16384 sha256|sha512`
#   bash Benchmarks/digest.sh download [runs]   # a 256 MiB download over loopback, both transports,
#                                               # with and without the server's Repr-Digest, debug
#                                               # and release; and hashing the file alone
#
# `speed` runs `digest-bench` (Courier's SHA files, built as Courier builds them here: over
# OpenSSL's libcrypto on Linux, or swift-crypto with `COURIER_NO_LIBCRYPTO=1`, CryptoKit on Apple
# platforms; `portable` is Courier's own SHA-2, what Linux hashes with where neither is there).
# `download` serves a 256 MiB file of random bytes from nginx on 127.0.0.1, at /big.bin without a digest and at
# /sha256/big.bin and /sha512/big.bin with `Repr-Digest`, and downloads each with `courier-bench
# --download` (a new process each time, the median of `runs`); `digest-bench --file` hashes the
# same file the way a download's hasher reads it. Debug builds are SwiftPM's default (`swift build`).
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-speed}"

if [ "$mode" = speed ]; then
    seconds="${2:-3}"
    swift build --product digest-bench >/dev/null
    swift build -c release --product digest-bench >/dev/null
    debug="$(swift build --show-bin-path)/digest-bench"
    release="$(swift build -c release --show-bin-path)/digest-bench"
    {
        for algorithm in sha256 sha512; do
            openssl speed -bytes 16384 "$algorithm" 2>/dev/null | awk -v a="$algorithm" \
                '$1 == a { sub("k", "", $2); printf "{\"build\": \"openssl\", \"algorithm\": \"%s\", \"mb_per_second\": %d}\n", a, $2 / 1000 }'
        done
        "$debug" --seconds "$seconds"
        "$release" --seconds "$seconds"
    } | python3 -c '
import json, sys
rows = [json.loads(line) for line in sys.stdin if line.strip()]
openssl = {r["algorithm"].replace("sha", "sha-"): r["mb_per_second"] for r in rows if r["build"] == "openssl"}
print("| algorithm | openssl speed -bytes 16384 | Courier, debug | Courier, release | Courier own, debug | Courier own, release |")
print("|---|---:|---:|---:|---:|---:|")
for algorithm in ("sha-256", "sha-512"):
    cells = [f"{openssl[algorithm]:,} MB/s"]
    for implementation in ("compiled", "portable"):
        for build in ("debug", "release"):
            rate = next(r["mb_per_second"] for r in rows if r["build"] == build and r.get("implementation") == implementation and r["algorithm"] == algorithm)
            cells.append(f"{rate:,} MB/s ({rate / openssl[algorithm]:.2f}x)")
    print(f"| {algorithm} | " + " | ".join(cells) + " |")
'
    exit 0
fi

[ "$mode" = download ] || { echo "usage: digest.sh speed [seconds] | download [runs]" >&2; exit 2; }
runs="${2:-3}"
port=18097
source nginx.sh
ensure_nginx
work="$(mktemp -d)"
trap 'kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
head -c $((256 << 20)) /dev/urandom >"$work/big.bin"
sha256="$(openssl dgst -sha256 -binary "$work/big.bin" | base64 -w0)"
sha512="$(openssl dgst -sha512 -binary "$work/big.bin" | base64 -w0)"
start_nginx "$work" "$port" "
        location /sha256/ { alias $work/; add_header Repr-Digest \"sha-256=:$sha256:\"; }
        location /sha512/ { alias $work/; add_header Repr-Digest \"sha-512=:$sha512:\"; }"

for configuration in debug release; do
    rm -f ".build/$configuration.yaml"  # a stale plan can miss files added to Courier
    swift build -c "$configuration" --product courier-bench >/dev/null
    swift build -c "$configuration" --product digest-bench >/dev/null
done

{
    for configuration in debug release; do
        bin="$(swift build -c "$configuration" --show-bin-path)"
        for run in $(seq "$runs"); do
            for client in courier-ahc courier-urlsession; do
                for path in big.bin sha256/big.bin sha512/big.bin; do
                    "$bin/courier-bench" --client "$client" --download "$path" --url "http://127.0.0.1:$port" |
                        python3 -c "import json, sys; r = json.load(sys.stdin); r['build'] = '$configuration'; print(json.dumps(r))"
                done
            done
            "$bin/digest-bench" --file "$work/big.bin"
        done
    done
} | python3 -c '
import json, statistics, sys
rows = [json.loads(line) for line in sys.stdin if line.strip()]
def median(values):
    return statistics.median(values) if values else float("nan")
print("| build | transport | no digest | sha-256 | sha-512 | hashing the file alone (256 / 512) | with digest / max(no digest, alone) | with digest / no digest |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for build in ("debug", "release"):
    alone = {a: median([float(r["seconds"]) for r in rows if r["build"] == build and r.get("algorithm") == a]) for a in ("sha-256", "sha-512")}
    for client in ("courier-ahc", "courier-urlsession"):
        times = {p: median([float(r["seconds"]) for r in rows if r["build"] == build and r.get("client") == client and r.get("download") == p])
                 for p in ("big.bin", "sha256/big.bin", "sha512/big.bin")}
        plain = times["big.bin"]
        overlap = " / ".join(f"{times[p] / max(plain, alone[a]):.2f}x" for p, a in (("sha256/big.bin", "sha-256"), ("sha512/big.bin", "sha-512")))
        ratio = " / ".join(f"{times[p] / plain:.2f}x" for p in ("sha256/big.bin", "sha512/big.bin"))
        s256, s512 = times["sha256/big.bin"], times["sha512/big.bin"]
        a256, a512 = alone["sha-256"], alone["sha-512"]
        print(f"| {build} | {client} | {plain:.2f} s | {s256:.2f} s | {s512:.2f} s | {a256:.2f} / {a512:.2f} s | {overlap} | {ratio} |")
'
