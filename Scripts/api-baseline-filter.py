#!/usr/bin/env python3
"""Keeps only the public API in swift-api-digester's dumps: Scripts/api-check.sh --record runs it.

    python3 Scripts/api-baseline-filter.py SYMBOLGRAPHS DUMP.json…

swift-api-digester dumps `package` declarations too (it reads the binary module, which has them),
so a baseline straight from it would make a change to a `package` declaration — API only
Courier's own modules see — fail the check as a break. This drops every declaration whose USR is
not in the public symbol graphs (swift-symbolgraph-extract at `public`, synthesized members
included), keeping a declaration that contains a public one (an extension of another module's
type, a type whose members are public), and everything under a kept declaration that is not a
declaration itself (accessors, type references, conformances).
"""

import json
import pathlib
import sys


def public_usrs(graphs):
    usrs = set()
    for path in pathlib.Path(graphs).glob("*.symbols.json"):
        for symbol in json.loads(path.read_text())["symbols"]:
            if symbol.get("accessLevel") in ("public", "open"):
                usrs.add(symbol["identifier"]["precise"])
    return usrs


def prune(node, usrs):
    """Returns the node with its non-public declarations removed, or None to drop it."""
    children = [kept for child in node.get("children", []) if (kept := prune(child, usrs)) is not None]
    is_declaration = "declKind" in node and node.get("kind") not in ("Accessor", "Import", "Conformance")
    if is_declaration and node.get("usr") not in usrs:
        if not any("declKind" in child and child.get("kind") != "Accessor" for child in children):
            return None
    if "children" in node:
        node["children"] = children
    return node


def main(arguments):
    usrs = public_usrs(arguments[0])
    for dump in arguments[1:]:
        path = pathlib.Path(dump)
        data = json.loads(path.read_text())
        data["ABIRoot"] = prune(data["ABIRoot"], usrs)
        path.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
