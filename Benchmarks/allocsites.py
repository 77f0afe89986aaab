#!/usr/bin/env python3
"""Allocation sites per call, from two DHAT profiles of the same program (Benchmarks/allocsites.sh).

    python3 Benchmarks/allocsites.py SHORT.json LONG.json CALLS

SHORT and LONG are `valgrind --tool=dhat` outputs of runs that differ only in CALLS more calls.
Each site (a program point: the allocation's stack) is matched by its frames' function names, and
its block count's growth divided by CALLS is what one call allocates there. Prints the sites that
grew, most first, with their stacks (the allocator's frames and the Swift runtime's dropped), and
the total per call. Prints Markdown.
"""

import collections
import json
import re
import subprocess
import sys

# Frames that say nothing about who allocated: the allocator and the runtime's entry points.
NOISE = re.compile(
    r"^(malloc|calloc|realloc|posix_memalign|aligned_alloc|memalign|operator new|swift_slowAlloc|"
    r"swift_allocObject|swift_task_alloc|swift::|_swift_|swift_|\?\?\?|0x)"
)


def demangle(names):
    output = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                            capture_output=True, text=True, check=True).stdout.splitlines()
    return dict(zip(names, output))


def sites(path):
    with open(path) as handle:
        profile = json.load(handle)
    table = profile["ftbl"]
    counts = collections.Counter()
    sizes = collections.Counter()
    for point in profile["pps"]:
        frames = []
        for index in point["fs"]:
            text = table[index]
            # "0x4A1B2C: function (in /path)" or "[root]"
            match = re.match(r"^0x[0-9A-F]+: (.*?)(?: \(in .*\))?$", text)
            frames.append(match.group(1) if match else text)
        key = tuple(frames)
        counts[key] += point["tbk"]
        sizes[key] += point["tb"]
    return counts, sizes


def main(short_path, long_path, calls):
    calls = int(calls)
    short, short_sizes = sites(short_path)
    long, long_sizes = sites(long_path)
    grown = {key: (long[key] - short.get(key, 0)) / calls for key in long}
    size = {key: (long_sizes[key] - short_sizes.get(key, 0)) / max(1, long[key] - short.get(key, 0)) for key in long}
    grown = {key: per for key, per in grown.items() if per >= 0.5}
    names = demangle(sorted({frame for key in grown for frame in key}))
    total = sum(grown.values())
    print(f"{total:.1f} allocations per call, {len(grown)} sites:")
    print()
    for key, per in sorted(grown.items(), key=lambda item: (-item[1], item[0])):
        frames = [names.get(frame, frame) for frame in key]
        # The runtime's entry that asked for the memory (swift_allocObject: a class instance or a
        # closure context; swift_task_alloc's slab; swift_task_create: a task), then the callers.
        entry = next((frame for frame in frames[1:] if not frame.startswith(("malloc", "calloc", "realloc",
                                                                             "posix_memalign", "0x"))), "?")
        shown = [frame for frame in frames if not NOISE.match(frame) and "dispatch" not in frame
                 and not frame.startswith(("start_thread", "clone"))][:4]
        print(f"- **{per:.2f}** per call, {size[key]:.0f} B, via `{entry[:60]}`: "
              + " ← ".join(f"`{frame[:110]}`" for frame in shown))
    print()


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
