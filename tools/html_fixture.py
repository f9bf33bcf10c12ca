#!/usr/bin/env python3
"""Writes a synthetic Cucumber Messages run (NDJSON) that uses everything the HTML report shows.

Usage:
    python3 tools/html_fixture.py OUT.ndjson [--scenarios N] [--features F]

Features with a Background, a Rule, plain scenarios and Scenario Outlines with Examples tables; failed,
undefined (with snippets), pending, skipped and retried (flaky) scenarios; step parameters; data tables and doc
strings; attachments of every kind (PNG, JSON, text, log with ANSI colours, URI list, video, external); a failing
BeforeAll hook with an attachment; the requirements document of issue 13 as a run-level attachment, one
criterion per story without a scenario; and one unparsable file. Deterministic: the same arguments write the same
bytes. Used by tools/html_scale_check.py (50,000 scenarios) and for Tests/SpecRunReportsTests/Fixtures/html.ndjson.
"""
import base64
import json
import sys

PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAGUlEQVR4nGP4z8DwHwOjChmIcsI0"
       "hQwMDAwAiZkP8QmtCEIAAAAASUVORK5CYII=")


class Run:
    def __init__(self, out):
        self.out = out
        self.next_id = 0
        self.clock = 1_700_000_000 * 10**9

    def id(self):
        self.next_id += 1
        return str(self.next_id)

    def emit(self, **envelope):
        self.out.write(json.dumps(envelope, separators=(",", ":")) + "\n")

    def now(self, step_nanos=1_000_000):
        self.clock += step_nanos
        return {"seconds": self.clock // 10**9, "nanos": self.clock % 10**9}


def location(line, column=1):
    return {"line": line, "column": column}


def result(status, nanos=1_200_000, message=None):
    value = {"status": status, "duration": {"seconds": 0, "nanos": nanos}}
    if message:
        value["message"] = message
    return value


STEPS = [
    ("Given ", "Context", "a quiz with {int} questions", "a quiz with <n> questions", 14),
    ("When ", "Action", "the player answers {string}", 'the player answers "<answer>"', 22),
    ("Then ", "Outcome", "the score is {int}", "the score is <n>", 30),
]


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    path, scenarios, features = args[0], 12, None
    i = 1
    while i < len(args):
        if args[i] == "--scenarios":
            scenarios = int(args[i + 1]); i += 2
        elif args[i] == "--features":
            features = int(args[i + 1]); i += 2
        else:
            sys.exit(f"html_fixture: unknown argument {args[i]}")
    features = features or max(2, scenarios // 50)
    with open(path, "w", encoding="utf-8") as out:
        write_run(Run(out), scenarios, features)


def write_run(run, scenario_count, feature_count):
    run.emit(meta={"protocolVersion": "27.0.0", "implementation": {"name": "specrun", "version": "0.1.0"},
                   "runtime": {"name": "Swift", "version": "6.3.1"}, "os": {"name": "Linux"}, "cpu": {"name": "x86_64"}})
    definitions = []
    for keyword, kind, expression, _, line in STEPS:
        definition = run.id()
        definitions.append(definition)
        run.emit(stepDefinition={"id": definition, "pattern": {"source": expression, "type": "CUCUMBER_EXPRESSION"},
                                 "sourceReference": {"uri": "Specs/QuizSteps.swift", "location": {"line": line}}})
    before_all = run.id()
    run.emit(hook={"id": before_all, "type": "BEFORE_TEST_RUN", "name": "seed the database",
                   "sourceReference": {"uri": "Specs/Hooks.swift", "location": {"line": 5}}})
    started_run = run.id()
    run.emit(testRunStarted={"id": started_run, "timestamp": run.now()})
    hook_started = run.id()
    run.emit(testRunHookStarted={"id": hook_started, "testRunStartedId": started_run, "hookId": before_all, "timestamp": run.now()})
    run.emit(attachment={"body": "seeded \u001b[32m12 rows\u001b[0m", "contentEncoding": "IDENTITY",
                         "mediaType": "text/x.cucumber.log+plain", "testRunHookStartedId": hook_started})
    run.emit(testRunHookFinished={"testRunHookStartedId": hook_started, "timestamp": run.now(),
                                  "result": result("FAILED", message="Specs/Hooks.swift:7: the seed file is missing")})
    run.emit(parseError={"source": {"uri": "Features/broken.feature", "location": {"line": 3, "column": 5}},
                         "message": "(3:5): expected: #EOF, #TableRow, got 'Whatever'"})
    stories = []
    per_feature = -(-scenario_count // feature_count)
    made = 0
    for f in range(feature_count):
        if made >= scenario_count:
            break
        count = min(per_feature, scenario_count - made)
        stories.append(write_feature(run, f, count, made, definitions))
        made += count
    document = {"version": 1, "stories": stories, "warnings": [{"uri": "Requirements/notes.md", "line": 1, "message": "no criteria found"}]}
    run.emit(attachment={"body": json.dumps(document), "contentEncoding": "IDENTITY",
                         "mediaType": "application/vnd.specrun.requirements+json", "testRunStartedId": started_run})
    run.emit(testRunFinished={"testRunStartedId": started_run, "success": False, "timestamp": run.now()})


def step_ast(run, line, step, text):
    keyword, kind = step[0], step[1]
    return {"id": run.id(), "location": location(line, 5), "keyword": keyword, "keywordType": kind, "text": text}


def write_feature(run, f, count, offset, definitions):
    uri = f"Features/quiz-{f:04d}.feature"
    story = f"QUIZ-{f + 1:03d}"
    children, line = [], 4
    background_step = step_ast(run, line + 1, ("Given ", "Context"), "a registered player")
    children.append({"background": {"id": run.id(), "location": location(line), "keyword": "Background", "name": "",
                                    "description": "", "steps": [background_step]}})
    line += 3
    plans = []  # (scenario ast, [rows] or None)
    remaining = count
    s = 0
    while remaining > 0:
        if s % 5 == 4 and remaining >= 3:
            rows = 3
            steps = [step_ast(run, line + 1 + k, STEPS[k], STEPS[k][3]) for k in range(3)]
            header = {"id": run.id(), "location": location(line + 6, 7),
                      "cells": [{"location": location(line + 6, 9), "value": v} for v in ("n", "answer")]}
            body = [{"id": run.id(), "location": location(line + 7 + r, 7),
                     "cells": [{"location": location(line + 7 + r, 9), "value": v} for v in (str(3 + r), f"B{r}")]}
                    for r in range(rows)]
            ast = {"id": run.id(), "location": location(line), "tags": [tag(run, f"@{story}-AC-{s % 3 + 1}", line - 1)],
                   "keyword": "Scenario Outline", "name": f"Scoring {s}", "description": "", "steps": steps,
                   "examples": [{"id": run.id(), "location": location(line + 5), "tags": [], "keyword": "Examples",
                                 "name": "answers", "description": "", "tableHeader": header, "tableBody": body}]}
            plans.append((ast, body))
            remaining -= rows
            line += 7 + rows + 1
        else:
            steps = [step_ast(run, line + 1 + k, STEPS[k], STEPS[k][2].replace("{int}", str(2 + s % 7)).replace("{string}", '"B"'))
                     for k in range(3)]
            ast = {"id": run.id(), "location": location(line), "tags": [tag(run, f"@{story}-AC-{s % 3 + 1}", line - 1)],
                   "keyword": "Scenario", "name": f"Answering question {s} of feature {f}", "description": "",
                   "steps": steps, "examples": []}
            plans.append((ast, None))
            remaining -= 1
            line += 5
        s += 1
    children += [{"scenario": ast} for ast, _ in plans]
    feature_tags = [tag(run, "@quiz", 1)]
    run.emit(gherkinDocument={"uri": uri, "comments": [], "feature": {
        "location": location(2), "tags": feature_tags, "language": "en", "keyword": "Feature",
        "name": f"Quiz scoring {f}", "description": "  As a player\n  I want my score counted\n  So that I know how I did",
        "children": children}})
    n = offset
    for ast, rows in plans:
        for row in (rows or [None]):
            write_case(run, uri, ast, row, background_step, feature_tags, definitions, n)
            n += 1
    criteria = [{"id": f"{story}-AC-{k}", "title": f"Criterion {k} of {story}", "type": "happy path",
                 "given": ["a registered player"], "when": ["the player answers"], "then": [f"the score is counted ({k})"],
                 "uri": f"Requirements/{story}.md", "line": 10 * k, "derived": False} for k in (1, 2, 3, 4)]
    return {"id": story, "title": f"Story {story}: scoring", "uri": f"Requirements/{story}.md", "line": 1,
            "narrative": "As a player\nI want my score counted\nSo that I know how I did", "criteria": criteria}


def tag(run, name, line):
    return {"location": location(line), "name": name, "id": run.id()}


def write_case(run, uri, ast, row, background_step, feature_tags, definitions, n):
    texts, node_steps = ["a registered player"], [background_step]
    for k, step in enumerate(ast["steps"]):
        text = step["text"]
        if row is not None:
            text = text.replace("<n>", row["cells"][0]["value"]).replace("<answer>", row["cells"][1]["value"])
        texts.append(text)
        node_steps.append(step)
    pickle_steps = []
    for text, step in zip(texts, node_steps):
        ids = [step["id"]] + ([row["id"]] if row is not None and step is not background_step else [])
        pickle_steps.append({"id": run.id(), "text": text, "type": step["keywordType"], "astNodeIds": ids})
    pickle_id = run.id()
    tags = [{"name": t["name"], "astNodeId": t["id"]} for t in feature_tags + ast["tags"]]
    run.emit(pickle={"id": pickle_id, "uri": uri, "location": (row or ast)["location"], "name": ast["name"], "language": "en",
                     "steps": pickle_steps, "tags": tags, "astNodeIds": [ast["id"]] + ([row["id"]] if row else [])})
    kind = n % 10  # 0-5 passed, 6 failed, 7 undefined, 8 flaky, 9 pending/skipped
    test_steps = []
    for k, pickle_step in enumerate(pickle_steps):
        entry = {"id": run.id(), "pickleStepId": pickle_step["id"]}
        if not (kind == 7 and k == 3):
            entry["stepDefinitionIds"] = [definitions[max(0, k - 1)]]
            digits = next((w for w in pickle_step["text"].split() if w.isdigit()), None)
            if digits:
                entry["stepMatchArgumentsLists"] = [{"stepMatchArguments": [{"group": {
                    "start": pickle_step["text"].index(digits), "value": digits, "children": []}, "parameterTypeName": "int"}]}]
            else:
                entry["stepMatchArgumentsLists"] = [{"stepMatchArguments": []}]
        else:
            entry["stepDefinitionIds"] = []
            entry["stepMatchArgumentsLists"] = []
        test_steps.append(entry)
    case_id = run.id()
    run.emit(testCase={"id": case_id, "pickleId": pickle_id, "testSteps": test_steps})
    if kind == 7:
        run.emit(suggestion={"id": run.id(), "pickleStepId": pickle_steps[3]["id"], "snippets": [{"language": "swift",
                 "code": 'steps.then("the score is {int}") { (n: Int) in\n    throw Pending()\n}'}]})
    attempts = 2 if kind == 8 else 1
    for attempt in range(attempts):
        started = run.id()
        run.emit(testCaseStarted={"id": started, "testCaseId": case_id, "attempt": attempt, "timestamp": run.now()})
        failed = False
        for k, entry in enumerate(test_steps):
            run.emit(testStepStarted={"testCaseStartedId": started, "testStepId": entry["id"], "timestamp": run.now()})
            status = "PASSED"
            message = None
            if failed:
                status = "SKIPPED"
            elif k == 3 and (kind == 6 or (kind == 8 and attempt == 0)):
                status, message = "FAILED", f"Specs/QuizSteps.swift:31: expected score {n % 7}, got 0\nat QuizSteps.swift:31"
            elif k == 3 and kind == 7:
                status = "UNDEFINED"
            elif k == 2 and kind == 9:
                status, message = "PENDING", "waiting for the scoring API"
            if status in ("FAILED", "UNDEFINED", "PENDING"):
                failed = True
            if n < 12 and k == 2:
                write_attachments(run, started, entry["id"], n)
            run.emit(testStepFinished={"testCaseStartedId": started, "testStepId": entry["id"], "timestamp": run.now(),
                                       "testStepResult": result(status, message=message)})
        run.emit(testCaseFinished={"testCaseStartedId": started, "timestamp": run.now(), "willBeRetried": attempt + 1 < attempts})


def write_attachments(run, started, step, n):
    kinds = [
        ("image/png", PNG, "BASE64", "screen.png"),
        ("application/json", json.dumps({"score": n, "answers": ["A", "B"]}), "IDENTITY", None),
        ("text/plain", "plain <text> & more", "IDENTITY", None),
        ("text/x.cucumber.log+plain", "\u001b[31mred\u001b[0m and \u001b[1mbold\u001b[0m", "IDENTITY", None),
        ("text/uri-list", "https://example.com/a\n# comment\nhttps://example.com/b(1)", "IDENTITY", None),
        ("video/mp4", base64.b64encode(b"\x00\x00\x00\x18ftypmp42").decode(), "BASE64", "run.mp4"),
    ]
    media, body, encoding, name = kinds[n % len(kinds)]
    attachment = {"body": body, "contentEncoding": encoding, "mediaType": media, "testCaseStartedId": started, "testStepId": step}
    if name:
        attachment["fileName"] = name
    run.emit(attachment=attachment)
    if n == 0:
        run.emit(externalAttachment={"url": "https://example.com/trace.zip", "mediaType": "application/zip",
                                     "testCaseStartedId": started, "testStepId": step})


if __name__ == "__main__":
    main()
