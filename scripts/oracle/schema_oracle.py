#!/usr/bin/env python3
"""JSON Schema oracle: the `jsonschema` package's Draft 2020-12 validator.

usage: schema_oracle.py SCHEMA DOCUMENTS   DOCUMENTS: one JSON document per line
Prints a JSON array with, for each document, null when it is valid and else the
error the validator ranks most relevant (`jsonschema.exceptions.best_match`), as
{"message": ..., "path": "root.children[0].fontSize"}.
"""
import json, sys

# A node nests through about eight schema keywords, so trees past the default depth
# limit of 100 nodes need more than Python's default 1000 frames.
sys.setrecursionlimit(20000)

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
verdicts = []
with open(sys.argv[2], encoding="utf-8") as f:
    for line in f:
        if not line.strip():
            continue
        error = best_match(validator.iter_errors(json.loads(line)))
        if error is None:
            verdicts.append(None)
            continue
        path = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in error.absolute_path)
        verdicts.append({"message": error.message[:200], "path": path.lstrip(".")})
json.dump(verdicts, sys.stdout)
