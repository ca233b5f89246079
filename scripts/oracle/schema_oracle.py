#!/usr/bin/env python3
"""JSON Schema oracle: the `jsonschema` package's Draft 2020-12 validator.

usage: schema_oracle.py SCHEMA DOCUMENTS   DOCUMENTS: one JSON document per line
Prints a JSON array with, for each document, null when it is valid and else the
validator's first error message.
"""
import json, sys

from jsonschema import Draft202012Validator

with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
verdicts = []
with open(sys.argv[2], encoding="utf-8") as f:
    for line in f:
        if not line.strip():
            continue
        errors = sorted(validator.iter_errors(json.loads(line)), key=lambda e: list(e.path))
        verdicts.append(None if not errors else errors[0].message[:200])
json.dump(verdicts, sys.stdout)
