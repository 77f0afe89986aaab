#!/usr/bin/env python3
"""Sums the calls a callgrind profile records to the runtime functions that cost CPU beyond their
instructions: reference counting (atomic), allocation, tasks and continuations, locks.

    python3 callcounts.py callgrind.out   ->  one line of JSON: {"group": calls, ...}

Run callgrind with --compress-strings=no so every call names its callee.
"""
import json
import re
import sys

GROUPS = {
    # Each is an atomic read-modify-write on the object's header (unless the object is immortal).
    "retain": re.compile(r"^(swift_retain|swift_retain_n|swift_nonatomic_retain|swift_bridgeObjectRetain|swift_bridgeObjectRetain_n|swift_unknownObjectRetain|swift_unknownObjectRetain_n)$"),
    "release": re.compile(r"^(swift_release|swift_release_n|swift_bridgeObjectRelease|swift_bridgeObjectRelease_n|swift_unknownObjectRelease|swift_unknownObjectRelease_n)$"),
    "malloc": re.compile(r"^(malloc|calloc|realloc|posix_memalign|aligned_alloc)$"),
    "free": re.compile(r"^free$"),
    "swift_allocObject": re.compile(r"^swift_allocObject$"),
    "task_create": re.compile(r"^swift_task_create(_common)?$"),
    "task_alloc": re.compile(r"^swift_task_alloc$"),
    "continuation": re.compile(r"^swift_continuation_(init|await)$"),
    "continuation_resume": re.compile(r"^swift_continuation_(resume|throwingResume|throwingResumeWithError)$"),
    "task_switch": re.compile(r"^swift_task_switch$"),
    "job_run": re.compile(r"^swift_job_run$"),
    "enqueue": re.compile(r"^swift_task_enqueue(GlobalImpl)?$"),
    "mutex_lock": re.compile(r"^(pthread_mutex_lock|__pthread_mutex_lock)(@.*)?$"),
    "futex_syscall": re.compile(r"^(syscall|futex_wait|__futex_abstimed_wait_common|futex_wake)$"),
    "metadata_lookup": re.compile(r"^(swift_getGenericMetadata|swift_getWitnessTable|swift_conformsToProtocol.*|swift_getTypeByMangledName.*)$"),
    "dynamic_cast": re.compile(r"^swift_dynamicCast.*$"),
}


def main(path):
    counts = {name: 0 for name in GROUPS}
    callee = None
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("cfn="):
                name = line[4:].strip()
                # With compressed strings: "(12) name" the first time, "(12)" later.
                match = re.match(r"^\((\d+)\)\s*(.*)$", name)
                if match:
                    ident, rest = match.groups()
                    if rest:
                        names[ident] = rest
                    name = names.get(ident, "")
                callee = name
            elif line.startswith("fn=") or line.startswith("cfi=") or line.startswith("cob="):
                if line.startswith("fn="):
                    name = line[3:].strip()
                    match = re.match(r"^\((\d+)\)\s*(.*)$", name)
                    if match and match.group(2):
                        names[match.group(1)] = match.group(2)
            elif line.startswith("calls=") and callee is not None:
                n = int(line[6:].split()[0])
                for group, pattern in GROUPS.items():
                    if pattern.match(callee):
                        counts[group] += n
                        break
                callee = None
    print(json.dumps(counts))


names = {}
if __name__ == "__main__":
    main(sys.argv[1])
