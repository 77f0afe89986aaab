#!/usr/bin/env python3
"""Where one client's instructions per request go beyond another's: callgrind's self cost of each
function, per request, for two clients measured the way `callgrind.sh` measures them (a long and
a short run each, start-up and warm-up cancelled out), and the difference, largest first.

    python3 callgrind_diff.py CLIENT_LONG CLIENT_SHORT BASE_LONG BASE_SHORT REQUESTS [ROWS]

REQUESTS is the long run's count minus the short run's (e.g. 1800 for 2000 and 200). Each
argument is a callgrind output file (`CALLGRIND_KEEP=dir bash callgrind.sh` keeps them, named
`callgrind.<client>.<count>`). Needs `callgrind_annotate` (valgrind's).
"""
import re
import subprocess
import sys


def self_costs(path):
    """Self instructions per function of one callgrind output."""
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", path], capture_output=True, text=True, check=True
    ).stdout
    costs = {}
    for line in out.splitlines():
        match = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
        if match:
            costs[match.group(2)] = int(match.group(1).replace(",", ""))
    return costs


def per_request(long_path, short_path, requests):
    long, short = self_costs(long_path), self_costs(short_path)
    return {name: (long.get(name, 0) - short.get(name, 0)) / requests for name in set(long) | set(short)}


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    requests = int(sys.argv[5])
    rows = int(sys.argv[6]) if len(sys.argv) > 6 else 30
    client = per_request(sys.argv[1], sys.argv[2], requests)
    base = per_request(sys.argv[3], sys.argv[4], requests)
    table = sorted(
        ((client.get(n, 0) - base.get(n, 0), client.get(n, 0), base.get(n, 0), n) for n in set(client) | set(base)),
        reverse=True,
    )
    print(f"{'difference':>10} {'client':>10} {'base':>10}  function (self instructions per request)")
    for difference, mine, theirs, name in table[:rows]:
        print(f"{difference:10.0f} {mine:10.0f} {theirs:10.0f}  {name[:150]}")


if __name__ == "__main__":
    main()
