#!/usr/bin/env python3
"""Lists the code compiled only on Apple platforms: every `#if` branch that some Apple platform
compiles and Linux never does, whatever traits are on.

    python3 Scripts/apple-only.py [FOLDER…]     # Sources, Tests, Demo and Benchmarks by default: a table
    python3 Scripts/apple-only.py --check       # fails when a file listed here is not named in
                                                # ARCHITECTURE.md's "Code only Apple platforms compile"

Each branch's condition is evaluated for Linux (FoundationNetworking, Glibc) and for each Apple
platform (Darwin, Security, Combine), under every combination of the package's traits; a branch
is Linux-only, Apple-only or both. Sizes count the branch's lines, blank lines and comments
included, directives not. CI runs `--check`, so that the list in ARCHITECTURE.md names every file
with such code (.ci/run).
"""

import itertools
import pathlib
import re
import sys

TRAITS = ["AsyncHTTPClient", "OpenCombine", "OpenAPI"]
APPLE = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
LINUX_MODULES = {"FoundationNetworking", "Glibc", "Testing", "Foundation", "Dispatch"}
APPLE_MODULES = {"Darwin", "Security", "Combine", "Testing", "Foundation", "Dispatch", "Network", "CryptoKit"}


def configurations():
    """(is_apple, os, modules, traits) for every platform and trait combination."""
    for count in range(len(TRAITS) + 1):
        for traits in itertools.combinations(TRAITS, count):
            yield (False, "Linux", LINUX_MODULES, set(traits))
            for os in APPLE:
                yield (True, os, APPLE_MODULES, set(traits))


def evaluate(condition, os, modules, traits):
    """Evaluates an `#if` condition; compiler and Swift version checks count as true."""
    # The package's one condition for code over AsyncHTTPClient (Package.swift's `nioCondition`).
    condition = re.sub(r"\bCourierNIO\b", "(AsyncHTTPClient && (os(Linux) || os(Android) || os(macOS)))", condition)
    expression = re.sub(r"canImport\(\s*([\w.]+)\s*\)", lambda m: str(m.group(1) in modules), condition)
    expression = re.sub(r"os\(\s*(\w+)\s*\)", lambda m: str(m.group(1) == os), expression)
    expression = re.sub(r"(compiler|swift)\([^)]*\)", "True", expression)
    expression = re.sub(r"arch\([^)]*\)", "True", expression)
    expression = re.sub(
        r"\b(?!True\b|False\b)([A-Za-z_]\w*)\b", lambda m: str(m.group(1) in traits), expression)
    expression = expression.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    return eval(expression, {"__builtins__": {}})  # only True, False, and, or, not and parentheses


def branches(path):
    """Yields (first line, last line, clauses) for each `#if` branch in a file: the branch is
    compiled when every clause's condition evaluates to the clause's expected value."""
    stack = []  # per open #if: (the conditions of its branches so far, this branch's clauses, start line)
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", line)
        if not directive:
            continue
        keyword, condition = directive.group(1), re.sub(r"//.*", "", directive.group(2)).strip()
        if keyword == "if":
            stack.append(([condition], [(condition, True)], number))
            continue
        seen, clauses, start = stack.pop()
        outer = [clause for frame in stack for clause in frame[1]]
        yield start + 1, number - 1, outer + clauses
        if keyword == "elseif":
            stack.append((seen + [condition], [(c, False) for c in seen] + [(condition, True)], number))
        elif keyword == "else":
            stack.append((seen, [(c, False) for c in seen], number))


def compiled(clauses, configuration):
    _, os, modules, traits = configuration
    return all(evaluate(c, os, modules, traits) == expected for c, expected in clauses)


def apple_only(paths):
    """(file, first line, last line, size, Apple platforms that compile it) for each branch."""
    found = []
    for path in paths:
        for first, last, conditions in branches(path):
            apple = sorted({c[1] for c in configurations() if c[0] and compiled(conditions, c)}, key=APPLE.index)
            linux = any(compiled(conditions, c) for c in configurations() if not c[0])
            if apple and not linux and last >= first:
                found.append((str(path), first, last, last - first + 1, apple))
    return found


def main(arguments):
    check = "--check" in arguments
    folders = [a for a in arguments if not a.startswith("--")] or ["Sources", "Tests", "Demo/Sources", "Demo/Tests", "Benchmarks/Sources"]
    # A symbolic link (a benchmark compiling Courier's own files) is its target's code, listed there.
    paths = sorted(p for folder in folders for p in pathlib.Path(folder).rglob("*.swift") if not p.is_symlink())
    found = apple_only(paths)
    if check:
        architecture = pathlib.Path("ARCHITECTURE.md").read_text()
        section = architecture.split("## Code only Apple platforms compile", 1)
        if len(section) < 2:
            print("ARCHITECTURE.md has no section '## Code only Apple platforms compile'")
            return 1
        text = section[1].split("\n## ", 1)[0]
        missing = sorted({f for f, *_ in found if f.split("/", 1)[1] not in text and f not in text})
        for name in missing:
            print(f"✗ {name} has code only Apple platforms compile; ARCHITECTURE.md does not list it")
        total = sum(size for *_, size, _ in found)
        print(f"apple-only: {len(found)} blocks, {total} lines, in {len({f for f, *_ in found})} files")
        return 1 if missing else 0
    print("| file | lines | size | compiled on |")
    print("|---|---|---|---|")
    for name, first, last, size, apple in found:
        platforms = "Apple platforms" if apple == APPLE else ", ".join(apple)
        print(f"| `{name}` | {first}–{last} | {size} | {platforms} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
