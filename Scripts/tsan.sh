#!/usr/bin/env bash
# Thread Sanitizer over Courier's tests: the root package's unit tests, then the demo package's
# wire tests, which run every behaviour over both transports against a server on 127.0.0.1.
#
#   bash Scripts/tsan.sh            # both
#   bash Scripts/tsan.sh root       # the unit tests only (about 4 minutes on 2 cores)
#   bash Scripts/tsan.sh demo       # the wire tests only (a TSan build of SwiftNIO, Hummingbird
#                                   # and AsyncHTTPClient: about 5 minutes on 2 cores)
#
# CI runs `root` on every run (.ci/run); the whole script runs before a release and after any change
# to the call path, a transport, or anything that takes a lock. Fails if the sanitizer reports
# anything; the builds go to .build-tsan folders, beside the usual ones. Reports inside
# FoundationNetworking or SwiftNIO would be suppressed by name in Scripts/tsan.supp, each with its
# reason (one today: a hand-over inside AsyncHTTPClient and NIO, see the file).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
export TSAN_OPTIONS="halt_on_error=0 suppressions=$PWD/Scripts/tsan.supp ${TSAN_OPTIONS:-}"

# The sanitizer works here: a program with a data race must be reported, or a clean run means
# nothing.
probe="$(mktemp -d)"
cat > "$probe/race.swift" <<'SWIFT'
import Foundation
final class Box: @unchecked Sendable { var value = 0 }
let box = Box()
// Long enough that the two threads overlap: a thread that ends before the other starts is
// ordered with it by Foundation's own bookkeeping, and is no race.
for _ in 0..<2 { Thread { for _ in 0..<5_000_000 { box.value &+= 1 } }.start() }
Thread.sleep(forTimeInterval: 3)
print(box.value)
SWIFT
swiftc -Onone -sanitize=thread -o "$probe/race" "$probe/race.swift"
race="$("$probe/race" 2>&1 || true)"  # a report makes it exit with 66
if grep -q "WARNING: ThreadSanitizer" <<<"$race"; then
    echo "tsan: a deliberate race is reported"
else
    echo "tsan: the sanitizer did not report a deliberate race; its results would mean nothing" >&2
    exit 1
fi
rm -rf "$probe"

failed=0
# Runs one package's tests under TSan into its own log; a crash (no summary) fails the script.
run() {
    local name="$1"
    shift
    echo "== swift test $* --sanitize=thread"
    swift test "$@" --sanitize=thread 2>&1 | tee "$log.$name" || true  # TSan exits 66 after a report
    cat "$log.$name" >>"$log"
    if ! grep -qE 'Test run with [0-9]+ tests' "$log.$name"; then
        echo "tsan: the $name tests did not finish (a crash?)" >&2
        failed=1
    fi
}
if [ "$which" = all ] || [ "$which" = root ]; then
    run root --scratch-path .build-tsan
    # The unit tests wait for no real time: each must pass under TSan too.
    if grep -q '✘' "$log.root"; then
        echo "tsan: unit tests failed under TSan" >&2
        failed=1
    fi
fi
if [ "$which" = all ] || [ "$which" = demo ]; then
    run demo --package-path Demo --scratch-path Demo/.build-tsan
    # The wire tests' time limits and memory bounds assume an uninstrumented build: under TSan's
    # 5-15x slowdown and its shadow memory, some expectations about elapsed time, a connection
    # pool's wait and a probe's peak memory fail. They are listed, not counted; races and crashes
    # are.
    grep '✘ Test .* recorded an issue' "$log.demo" | sed 's/^/tsan: instrumented, not counted: /' || true
fi
reports="$(grep -c 'WARNING: ThreadSanitizer' "$log" || true)"
echo "tsan: ${reports} reports"
rm -f "$log".*
[ "$reports" = 0 ] && [ "$failed" = 0 ]
