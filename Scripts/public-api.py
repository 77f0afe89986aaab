#!/usr/bin/env python3
"""Lists every public symbol of Courier's products with the user scenario that needs it.

    python3 Scripts/public-api.py GRAPHS [--out Docs/PublicAPI.md]

GRAPHS is a folder of symbol graphs (`swift-symbolgraph-extract -minimum-access-level public
-skip-synthesized-members`, one `<Module>.symbols.json` per product and its extension files),
as `Scripts/public-api.sh` makes them. For each symbol the script finds the first place code
written as a user would names it, in this order: a doc example (the README's and the DocC
articles' Swift blocks, and the examples in `///` comments), the demo's scenarios and programs,
RxCourier's sources, the demo's tests, the root's tests that import Courier as a user does
(not `@testable`), the benchmarks. A symbol only Courier's other products use is marked so (it
could be `package`); one nothing names is listed as such, for a reviewer to keep with a reason
or to make internal.
"""

import collections
import json
import pathlib
import re
import sys

PRODUCTS = ["Courier", "CourierCombine", "CourierTesting", "CourierOpenAPI", "CourierOutbox"]

# Where users' code is, in the order a scenario is preferred, with the label the list shows.
SCENARIOS = [
    ("doc", ["README.md", "Sources/*/*.docc/*.md"]),
    ("doc comment", ["Sources/**/*.swift"]),
    ("demo", ["Demo/Sources/DemoScenarios/**/*.swift", "Demo/Sources/courier-*/**/*.swift"]),
    ("RxCourier", ["Sources/RxCourier/**/*.swift"]),
    ("demo test", ["Demo/Tests/**/*.swift"]),
    ("test", ["Tests/CourierTests/**/*.swift"]),
    ("benchmark", ["Benchmarks/Sources/**/*.swift", "Benchmarks/Benchmarks/**/*.swift"]),
]
SIBLINGS = {m: [f"Sources/{m}/**/*.swift"] for m in PRODUCTS}


def swift_blocks(text):
    """The lines of the ```swift blocks of a markdown file, with their line numbers."""
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"\s*```swift\s*$", line):
            inside = True
        elif re.match(r"\s*```\s*$", line):
            inside = False
        elif inside:
            yield number, line


def doc_comment_examples(text):
    """The lines of the code examples inside `///` comments of a Swift file."""
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        comment = re.match(r"\s*///\s?(.*)", line)
        if not comment:
            inside = False
            continue
        if re.match(r"\s*```", comment.group(1)):
            inside = not inside
        elif inside:
            yield number, comment.group(1)


def user_code_lines(path, label):
    text = path.read_text(errors="replace")
    if label == "doc":
        return list(swift_blocks(text))
    if label == "doc comment":
        return list(doc_comment_examples(text))
    if label == "test" and "@testable import" in text:
        return []  # may use internal names: not proof that a user needs one
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("//"):
            continue
        lines.append((number, line))
    return lines


def corpus(patterns, label):
    result = []
    for pattern in patterns:
        for path in sorted(pathlib.Path(".").glob(pattern)):
            if "/.build" in str(path) or "DemoOpenAPIClient" in str(path):
                continue
            result.extend((f"{path}:{n}", line) for n, line in user_code_lines(path, label))
    return result


def patterns_for(symbol, type_names):
    """Regular expressions that name the symbol in code, from its kind and path."""
    kind = symbol["kind"]["identifier"].removeprefix("swift.")
    path = symbol["pathComponents"]
    name = path[-1]
    base = re.sub(r"\(.*", "", name)
    labels = re.findall(r"(\w+):", name)
    owner = path[-2] if len(path) > 1 else None
    if kind in ("struct", "class", "enum", "protocol", "typealias", "actor"):
        return [rf"\b{re.escape(base)}\b"]
    if kind == "associatedtype":
        return [rf"\b{re.escape(base)}\b"]
    if kind == "init":
        owners = [o for o in [owner] if o] + ["init"]
        if labels:
            first = labels[0]
            if first == "_":
                return [rf"\b{re.escape(o)}\s*\(" for o in owners]
            return [rf"(\b{re.escape(o)}|\.init|^\s*|[\[(,:=]\s*\.)\s*\(\s*{re.escape(first)}\s*:" for o in owners] + [
                rf"\.\s*init\s*\(\s*{re.escape(first)}:", rf"\b{re.escape(owner or '')}\s*\(\s*{re.escape(first)}:"]
        return [rf"\b{re.escape(o)}\s*\(\s*\)" for o in owners] + [rf"\b{re.escape(owner or '')}\s*\{{"]
    if base.startswith(("==", "<", ">", "+", "-", "*", "~", "!")) or not re.match(r"\w", base):
        return [re.escape(base)]
    if kind == "subscript":
        return [r"\w\]?\s*\[" if owner else r"\["]
    if kind in ("enum.case", "type.property", "type.method") or kind.startswith("type."):
        return [rf"\.{re.escape(base)}\b", rf"\b{re.escape(owner or '')}\.{re.escape(base)}\b"]
    if labels and labels[0] != "_" and kind in ("method", "func"):
        return [rf"\b{re.escape(base)}\s*\(\s*{re.escape(labels[0])}\s*:", rf"\bfunc\s+{re.escape(base)}\b"]
    return [rf"\.{re.escape(base)}\b", rf"\b{re.escape(base)}\s*[(:{{=]", rf"\b(var|func|let|case)\s+{re.escape(base)}\b"]


def load(graphs):
    """Public symbols per product, from the product's graph and its extension graphs."""
    symbols = collections.defaultdict(dict)
    for path in sorted(pathlib.Path(graphs).glob("*.symbols.json")):
        module = path.name.split(".symbols.json")[0].split("@")[0]
        if module not in PRODUCTS:
            continue
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            if any(a.get("isUnconditionallyUnavailable") for a in symbol.get("availability", [])):
                continue  # a diagnostic for a spelling that must not compile, not API to call
            symbols[module][symbol["identifier"]["precise"]] = symbol
    return symbols


def title(symbol):
    return ".".join(symbol["pathComponents"])


def main(arguments):
    graphs = arguments[0]
    out = pathlib.Path(arguments[arguments.index("--out") + 1]) if "--out" in arguments else None
    symbols = load(graphs)
    scenario_corpora = [(label, corpus(patterns, label)) for label, patterns in SCENARIOS]
    sibling_corpora = {m: corpus(p, "sibling") for m, p in SIBLINGS.items()}
    type_names = {title(s) for m in symbols.values() for s in m.values()}
    rows = collections.defaultdict(list)
    counts = collections.Counter()
    for module in PRODUCTS:
        for symbol in sorted(symbols[module].values(), key=title):
            expressions = [re.compile(p) for p in patterns_for(symbol, type_names)]
            found = None
            for label, lines in scenario_corpora:
                for where, line in lines:
                    if any(e.search(line) for e in expressions):
                        if label == "doc comment" and where.startswith(f"Sources/{module}/"):
                            pass
                        found = (label, where)
                        break
                if found:
                    break
            if not found:
                for other, lines in sibling_corpora.items():
                    if other == module:
                        continue
                    for where, line in lines:
                        if any(e.search(line) for e in expressions):
                            found = ("another product", where)
                            break
                    if found:
                        break
            kind = symbol["kind"]["displayName"]
            rows[module].append((title(symbol), kind, found))
            counts[(module, found[0] if found else "none")] += 1
    lines = [
        "# Courier's public API, symbol by symbol",
        "",
        "Every public symbol of the five products (as swift-symbolgraph-extract lists them, with every",
        "trait on and synthesized members left out), each with the first place that code written as a",
        "user would names it: a doc example (`doc`: the README and the DocC articles, compiled by",
        "`Tests/CompileChecks/docs.sh`; `doc comment`: an example in the symbol's documentation), the",
        "demo's scenarios and programs (`demo`), RxCourier's sources, the demo's tests (`demo test`),",
        "the root's tests that import Courier as users do (`test`, never `@testable`) or the",
        "benchmarks. A symbol that only another of Courier's products names says `another product`.",
        "The search is by name, so a common name can match a use of another symbol of that name: the",
        "list shows what needs a symbol, it does not prove a symbol unneeded. Regenerate it with",
        "`bash Scripts/public-api.sh` after a change to the public API; the review that made the",
        "surface this size is in `Docs/PublicAPIReview.md`.",
        "",
    ]
    for module in PRODUCTS:
        total = len(rows[module])
        lines.append(f"## {module} ({total} public symbols)")
        lines.append("")
        lines.append("| symbol | kind | first scenario that names it |")
        lines.append("|---|---|---|")
        for name, kind, found in rows[module]:
            scenario = f"{found[0]}: `{found[1]}`" if found else "**none**"
            lines.append(f"| `{name}` | {kind} | {scenario} |")
        lines.append("")
    text = "\n".join(lines)
    if out:
        out.write_text(text)
    else:
        print(text)
    for module in PRODUCTS:
        summary = ", ".join(f"{label} {counts[(module, label)]}" for label in
                            [l for l, _ in SCENARIOS] + ["another product", "none"] if counts[(module, label)])
        print(f"{module}: {len(rows[module])} symbols ({summary})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
