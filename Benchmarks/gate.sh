#!/usr/bin/env bash
# The allocation gate, run by CI: allocations per call on the in-memory path and over
# AsyncHTTPClient, counted by package-benchmark (ordo-one/benchmark) with its malloc interposer and
# checked against the thresholds committed in Benchmarks/Thresholds/.
#
#   bash Benchmarks/gate.sh            # check; fails when any benchmark allocates more
#   bash Benchmarks/gate.sh update     # after a change that allocates less (or more, on purpose)
#
# The counts are deterministic on one toolchain, and the tolerance is none (see
# Benchmarks/CourierAllocations/CourierAllocations.swift for why): one allocation more per call
# fails. Fewer passes, with a reminder to commit the lower thresholds so that the gate stays tight.
# The thresholds belong to the toolchain that wrote them (Swift 6.3.1 on Linux); a new toolchain
# or dependency version is a reason to update them, in a commit of its own.
set -uo pipefail
cd "$(dirname "$0")"
if [[ ${1:-} == update ]]; then
    exec swift package --allow-writing-to-package-directory benchmark thresholds update --no-progress
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
swift package benchmark thresholds check --no-progress 2>&1 | grep -av -e '^\[[0-9]*/[0-9]*\]' -e 'CMakeLists.txt' -e "found 1 file(s) which are unhandled" | tee "$out"
if grep -aq "is EQUAL to the defined thresholds" "$out"; then
    exit 0
fi
if grep -aq "is BETTER than the defined thresholds" "$out" && ! grep -aq "WORSE" "$out"; then
    echo "Fewer allocations than the thresholds: run 'bash Benchmarks/gate.sh update' and commit Benchmarks/Thresholds/."
    exit 0
fi
echo "The allocation gate failed: a benchmark allocates more per call than Benchmarks/Thresholds/ allows (see above)." >&2
exit 1
