#!/usr/bin/env python3
"""Validates specrun's reports against the official schemas in ../shared/reference.

    python3 tools/validate_reports.py SHARED_DIR [--messages FILE.ndjson] [--json FILE.json]

--messages: every line is one envelope valid against the Cucumber Messages JSON Schema, with exactly one message.
--json:     the Cucumber JSON report is valid against cucumber-json v0.2.5 (the cucumber-jvm dialect).
Exit 0 when everything is valid; otherwise prints each problem (file:line: reason) and exits 1.
"""
import json, sys
import jsonschema

shared = sys.argv[1]
args = sys.argv[2:]
problems = []

def option(name):
    return args[args.index(name) + 1] if name in args else None

messages = option("--messages")
if messages:
    schema = json.load(open(f"{shared}/reference/messages/messages.schema.json"))
    validator = jsonschema.Draft202012Validator(schema)
    count = 0
    for number, line in enumerate(open(messages, encoding="utf-8"), 1):
        if not line.strip():
            continue
        envelope = json.loads(line)
        count += 1
        if len(envelope) != 1:
            problems.append(f"{messages}:{number}: an envelope must hold exactly one message, got {sorted(envelope)}")
        for error in validator.iter_errors(envelope):
            problems.append(f"{messages}:{number}: {error.json_path}: {error.message}")
    print(f"{messages}: {count} envelopes checked against the Cucumber Messages schema")

report = option("--json")
if report:
    schema = json.load(open(f"{shared}/reference/cucumber-json/v0.2.5/cucumber-jvm.json"))
    validator = jsonschema.validators.validator_for(schema)(schema)
    for error in validator.iter_errors(json.load(open(report, encoding="utf-8"))):
        problems.append(f"{report}: {error.json_path}: {error.message}")
    print(f"{report}: checked against cucumber-json v0.2.5 (cucumber-jvm)")

for problem in problems[:50]:
    print(problem)
sys.exit(1 if problems else 0)
