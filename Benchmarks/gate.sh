#!/usr/bin/env bash
# The allocation gate, run by CI: allocations per call on the in-memory path, over
# AsyncHTTPClient and over URLSession, counted by package-benchmark (ordo-one/benchmark) with its
# malloc interposer and checked against the thresholds committed in Benchmarks/Thresholds/.
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
# Up to three tries, for the URLSession benchmarks only. FoundationNetworking's own allocations
# per call settle differently from one process to the next: on an idle machine one run in three
# or so counted more than the tolerance (0.5 per call) for the session alone (`raw-urlsession-answering`, no
# Courier in it; measured 2026-11-28), and CI once saw `courier-urlsession-answering` do the same.
# A call of Courier's that allocates once more does so in every process, so it fails all three
# tries; a benchmark that does not go through URLSession (in memory, AsyncHTTPClient) counts the
# same in every process, and fails the gate at its first try.
for try in 1 2 3; do
    swift package benchmark thresholds check --no-progress 2>&1 |
        grep -av -e '^\[[0-9]*/[0-9]*\]' -e 'CMakeLists.txt' -e "found 1 file(s) which are unhandled" | tee "$out"
    if grep -aq "is EQUAL to the defined thresholds" "$out"; then
        exit 0
    fi
    if grep -aq "is BETTER than the defined thresholds" "$out" && ! grep -aq "WORSE" "$out"; then
        echo "Fewer allocations than the thresholds: run 'bash Benchmarks/gate.sh update' and commit Benchmarks/Thresholds/."
        exit 0
    fi
    worse="$(grep -aoE 'Deviations worse than threshold for CourierAllocations:[a-z-]+' "$out" | sed 's/.*://' | sort -u)"
    # The raw-* benchmarks are references with no Courier code in them (a transport alone, for
    # telling Courier's change from the library's): one that counts more is the library's doing
    # and is reported, not failed. CI #8 saw `raw-urlsession-answering` count 117 thousand against
    # 116,060 in three processes in a row while Courier over the same session stayed within its
    # threshold.
    courier="$(grep -v '^raw-' <<<"$worse" || true)"
    if [[ -n $worse && -z $courier ]]; then
        echo "allocation gate: only references without Courier code counted more ($(echo $worse)): FoundationNetworking's or AsyncHTTPClient's own allocations moved; Courier's calls are within their thresholds."
        exit 0
    fi
    if [[ -z $worse ]] || grep -qv urlsession <<<"$courier"; then
        break  # no benchmark named, or one of Courier's that counts the same in every process
    fi
    echo "allocation gate: try $try: only URLSession benchmarks counted more ($(echo $courier)); trying again"
done
echo "The allocation gate failed: a benchmark allocates more per call than Benchmarks/Thresholds/ allows (see above)." >&2
exit 1
