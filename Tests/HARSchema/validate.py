#!/usr/bin/env python3
"""Validates HAR files against HAR 1.2's JSON Schema (har-1.2.schema.json beside this script).

    python3 Tests/HARSchema/validate.py FILE.har...

Prints each file's errors and exits 1 when any file is invalid. Before the files, it checks that
the schema itself rejects a HAR with a field of the wrong type and one with a field HAR 1.2 does
not name, so that a schema that accepts everything cannot pass. Needs `jsonschema`
(`pip install jsonschema`).
"""
import json
import pathlib
import sys

import jsonschema

schema = json.loads((pathlib.Path(__file__).parent / "har-1.2.schema.json").read_text())
jsonschema.Draft7Validator.check_schema(schema)
validator = jsonschema.Draft7Validator(schema)

minimal = {"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": []}}
assert not list(validator.iter_errors(minimal)), "the schema rejects a minimal HAR"
for broken in (
    {"log": {**minimal["log"], "version": 1.2}},
    {"log": {**minimal["log"], "encoding": "base64"}},
):
    assert list(validator.iter_errors(broken)), f"the schema accepts {broken}"

failed = False
for name in sys.argv[1:]:
    document = json.loads(pathlib.Path(name).read_text(encoding="utf-8"))
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.path))
    for error in errors:
        path = "/".join(str(part) for part in error.path)
        print(f"{name}: {path}: {error.message}")
    failed = failed or bool(errors)
    if not errors:
        print(f"{name}: valid HAR 1.2")
sys.exit(1 if failed else 0)
