# Writes the hand-written sample run used by the SpecRunReports tests: two features covering every status,
# a rule, a background, an outline, a data table, a doc string, attachments (log, JSON, PNG), hooks (one failing),
# suggestions, an unused step definition, and user text with markup in it (for the escaping tests).
# Usage: python3 Tests/SpecRunReportsTests/Fixtures/make_fixture.py Tests/SpecRunReportsTests/Fixtures/sample.ndjson
# (then re-record the goldens: SPECRUN_RECORD_GOLDENS=1 swift test --filter ConsoleGoldenTests, and review the diff).
import json, base64
out = []
ids = iter(range(1000))
def nid(): return str(next(ids))
clock = [0]
def ts():
    clock[0] += 1
    return {"seconds": 1700000000 + clock[0] // 1000, "nanos": (clock[0] % 1000) * 1000000}
def emit(**kw): out.append(kw)
def loc(l, c): return {"line": l, "column": c}

emit(meta={"protocolVersion": "31.0.0", "implementation": {"name": "specrun", "version": "0.1.0"},
           "runtime": {"name": "Swift", "version": "6.3.1"}, "os": {"name": "Linux", "version": "Debian 12"},
           "cpu": {"name": "x86_64"}})

QUIZ = """@quiz @CUS-032
Feature: Quiz answers
  As a **player** I want my answers scored, so that I know how I am doing.

  Rules of the game:
  - one point per *right* answer
  - `hints` cost nothing

  Background:
    Given the app has loaded the question "2+2"

  Rule: Scoring
    Answers are compared without spaces.

    @CUS-032-AC-001
    Scenario: A right answer scores
      When the player inserts "4"
      Then the app shows 1 hits out of 1

    @CUS-032-AC-002
    Scenario: A wrong answer is reported
      When the player inserts "5"
      Then the app shows 1 hits out of 1

  @BR-QUIZ-001
  Scenario Outline: Guesses of <guess>
    When the player inserts "<guess>"
    Then the player sees <feedback>

    Examples: Feedback
      | guess | feedback |
      | 4     | "right"  |
      | 22    | "wrong"  |
"""
CHAT = """@use-case-login
Feature: Chat <b>login</b>

  Scenario: Say <script>alert(1)</script> hello
    Given these users:
      | name  | role  |
      | alice | admin |
    When alice sends:
      \"\"\"json
      {"text": "<hi & bye>"}
      \"\"\"
    Then the message is delivered

  @wip
  Scenario: Not yet written
    Given a pending step
    Then the message is delivered

  Scenario: Two definitions
    Given an ambiguous step

  Scenario: Skipped on purpose
    Given the server is offline
    Then the message is delivered
"""
emit(source={"uri": "Features/quiz.feature", "data": QUIZ, "mediaType": "text/x.cucumber.gherkin+plain"})

def tag(name, l, c): return {"location": loc(l, c), "name": name, "id": nid()}
def step(l, kw, kt, text, **extra):
    s = {"location": loc(l, 5 if l < 0 else 7), "keyword": kw, "keywordType": kt, "text": text, "id": nid()}
    s.update(extra); return s

# quiz document
q_bg_step = step(10, "Given ", "Context", 'the app has loaded the question "2+2"'); q_bg_step["location"] = loc(10, 5)
q_bg = {"location": loc(9, 3), "keyword": "Background", "name": "", "description": "", "steps": [q_bg_step], "id": nid()}
s1a = step(17, "When ", "Action", 'the player inserts "4"'); s1b = step(18, "Then ", "Outcome", "the app shows 1 hits out of 1")
sc1 = {"location": loc(16, 5), "tags": [tag("@CUS-032-AC-001", 15, 5)], "keyword": "Scenario", "name": "A right answer scores", "description": "", "steps": [s1a, s1b], "examples": [], "id": nid()}
s2a = step(22, "When ", "Action", 'the player inserts "5"'); s2b = step(23, "Then ", "Outcome", "the app shows 1 hits out of 1")
sc2 = {"location": loc(21, 5), "tags": [tag("@CUS-032-AC-002", 20, 5)], "keyword": "Scenario", "name": "A wrong answer is reported", "description": "", "steps": [s2a, s2b], "examples": [], "id": nid()}
rule = {"location": loc(12, 3), "tags": [], "keyword": "Rule", "name": "Scoring", "description": "    Answers are compared without spaces.", "children": [{"scenario": sc1}, {"scenario": sc2}], "id": nid()}
o1 = step(27, "When ", "Action", 'the player inserts "<guess>"'); o1["location"] = loc(27, 5)
o2 = step(28, "Then ", "Outcome", "the player sees <feedback>"); o2["location"] = loc(28, 5)
def cell(l, c, v): return {"location": loc(l, c), "value": v}
hdr = {"location": loc(31, 7), "cells": [cell(31, 9, "guess"), cell(31, 17, "feedback")], "id": nid()}
r1 = {"location": loc(32, 7), "cells": [cell(32, 9, "4"), cell(32, 17, '"right"')], "id": nid()}
r2 = {"location": loc(33, 7), "cells": [cell(33, 9, "22"), cell(33, 17, '"wrong"')], "id": nid()}
ex = {"location": loc(30, 5), "tags": [], "keyword": "Examples", "name": "Feedback", "description": "", "tableHeader": hdr, "tableBody": [r1, r2], "id": nid()}
outline = {"location": loc(26, 3), "tags": [tag("@BR-QUIZ-001", 25, 3)], "keyword": "Scenario Outline", "name": "Guesses of <guess>", "description": "", "steps": [o1, o2], "examples": [ex], "id": nid()}
ftags = [tag("@quiz", 1, 1), tag("@CUS-032", 1, 7)]
quiz_feature = {"location": loc(2, 1), "tags": ftags, "language": "en", "keyword": "Feature", "name": "Quiz answers",
    "description": "  As a **player** I want my answers scored, so that I know how I am doing.\n\n  Rules of the game:\n  - one point per *right* answer\n  - `hints` cost nothing",
    "children": [{"background": q_bg}, {"rule": rule}, {"scenario": outline}]}
emit(gherkinDocument={"uri": "Features/quiz.feature", "feature": quiz_feature, "comments": []})

def ptags(*tags): return [{"name": t["name"], "astNodeId": t["id"]} for t in tags]
pickles = []
def pickle(uri, name, l, ast, steps, tags):
    p = {"id": nid(), "uri": uri, "location": loc(l, 5), "name": name, "language": "en", "steps": steps, "tags": tags, "astNodeIds": ast}
    pickles.append(p); emit(pickle=p); return p
def pstep(s, text=None, ast=None, argument=None, t=None):
    d = {"astNodeIds": ast or [s["id"]], "id": nid(), "type": t or s["keywordType"], "text": text or s["text"]}
    if d["type"] == "Conjunction": d["type"] = "Context"
    if argument: d["argument"] = argument
    return d
P1 = pickle("Features/quiz.feature", "A right answer scores", 16, [sc1["id"]], [pstep(q_bg_step), pstep(s1a), pstep(s1b)], ptags(*ftags, sc1["tags"][0]))
P2 = pickle("Features/quiz.feature", "A wrong answer is reported", 21, [sc2["id"]], [pstep(q_bg_step), pstep(s2a), pstep(s2b)], ptags(*ftags, sc2["tags"][0]))
P3 = pickle("Features/quiz.feature", "Guesses of 4", 32, [outline["id"], r1["id"]], [pstep(q_bg_step), pstep(o1, 'the player inserts "4"', [o1["id"], r1["id"]]), pstep(o2, 'the player sees "right"', [o2["id"], r1["id"]])], ptags(*ftags, outline["tags"][0]))
P4 = pickle("Features/quiz.feature", "Guesses of 22", 33, [outline["id"], r2["id"]], [pstep(q_bg_step), pstep(o1, 'the player inserts "22"', [o1["id"], r2["id"]]), pstep(o2, 'the player sees "wrong"', [o2["id"], r2["id"]])], ptags(*ftags, outline["tags"][0]))

emit(source={"uri": "Features/chat.feature", "data": CHAT, "mediaType": "text/x.cucumber.gherkin+plain"})
def table(rows, l):
    return {"location": loc(l, 7), "rows": [{"location": loc(l + i, 7), "cells": [cell(l + i, 9, v) for v in r], "id": nid()} for i, r in enumerate(rows)]}
c1 = step(5, "Given ", "Context", "these users:", dataTable=table([["name", "role"], ["alice", "admin"]], 6)); c1["location"] = loc(5, 5)
c2 = step(8, "When ", "Action", "alice sends:", docString={"location": loc(9, 7), "mediaType": "json", "content": '{"text": "<hi & bye>"}', "delimiter": '"""'}); c2["location"] = loc(8, 5)
c3 = step(12, "Then ", "Outcome", "the message is delivered"); c3["location"] = loc(12, 5)
csc1 = {"location": loc(4, 3), "tags": [], "keyword": "Scenario", "name": "Say <script>alert(1)</script> hello", "description": "", "steps": [c1, c2, c3], "examples": [], "id": nid()}
d1 = step(16, "Given ", "Context", "a pending step"); d1["location"] = loc(16, 5)
d2 = step(17, "Then ", "Outcome", "the message is delivered"); d2["location"] = loc(17, 5)
csc2 = {"location": loc(15, 3), "tags": [tag("@wip", 14, 3)], "keyword": "Scenario", "name": "Not yet written", "description": "", "steps": [d1, d2], "examples": [], "id": nid()}
e1 = step(20, "Given ", "Context", "an ambiguous step"); e1["location"] = loc(20, 5)
csc3 = {"location": loc(19, 3), "tags": [], "keyword": "Scenario", "name": "Two definitions", "description": "", "steps": [e1], "examples": [], "id": nid()}
f1 = step(23, "Given ", "Context", "the server is offline"); f1["location"] = loc(23, 5)
f2 = step(24, "Then ", "Outcome", "the message is delivered"); f2["location"] = loc(24, 5)
csc4 = {"location": loc(22, 3), "tags": [], "keyword": "Scenario", "name": "Skipped on purpose", "description": "", "steps": [f1, f2], "examples": [], "id": nid()}
cftags = [tag("@use-case-login", 1, 1)]
chat_feature = {"location": loc(2, 1), "tags": cftags, "language": "en", "keyword": "Feature", "name": "Chat <b>login</b>", "description": "", "children": [{"scenario": s} for s in (csc1, csc2, csc3, csc4)]}
emit(gherkinDocument={"uri": "Features/chat.feature", "feature": chat_feature, "comments": []})
P5 = pickle("Features/chat.feature", csc1["name"], 4, [csc1["id"]], [
    pstep(c1, argument={"dataTable": {"rows": [{"cells": [{"value": "name"}, {"value": "role"}]}, {"cells": [{"value": "alice"}, {"value": "admin"}]}]}}),
    pstep(c2, argument={"docString": {"mediaType": "json", "content": '{"text": "<hi & bye>"}'}}), pstep(c3)], ptags(*cftags))
P6 = pickle("Features/chat.feature", "Not yet written", 15, [csc2["id"]], [pstep(d1), pstep(d2)], ptags(*cftags, csc2["tags"][0]))
P7 = pickle("Features/chat.feature", "Two definitions", 19, [csc3["id"]], [pstep(e1)], ptags(*cftags))
P8 = pickle("Features/chat.feature", "Skipped on purpose", 22, [csc4["id"]], [pstep(f1), pstep(f2)], ptags(*cftags))

def sd(src, line, kind="CUCUMBER_EXPRESSION"):
    d = {"id": nid(), "pattern": {"source": src, "type": kind}, "sourceReference": {"uri": "Specs/Steps.swift", "location": {"line": line}}}
    emit(stepDefinition=d); return d["id"]
SD_LOADED = sd("the app has loaded the question {string}", 10)
SD_INSERT = sd("the player inserts {string}", 14)
SD_SHOWS = sd("the app shows {int} hits out of {int}", 18)
SD_USERS = sd("these users:", 22)
SD_SENDS = sd("{word} sends:", 26)
SD_DELIV = sd("the message is delivered", 30)
SD_PEND = sd("a pending step", 34)
SD_AMB1 = sd("an ambiguous step", 38)
SD_AMB2 = sd("^an (.*) step$", 42, "REGULAR_EXPRESSION")
SD_OFF = sd("the server is offline", 46)
SD_UNUSED = sd("the player asks for a hint", 50)
hook_before = {"id": nid(), "type": "BEFORE_TEST_CASE", "sourceReference": {"uri": "Specs/Hooks.swift", "location": {"line": 5}}}
hook_after = {"id": nid(), "type": "AFTER_TEST_CASE", "name": "close the chat", "tagExpression": "@use-case-login", "sourceReference": {"uri": "Specs/Hooks.swift", "location": {"line": 9}}}
emit(hook=hook_before); emit(hook=hook_after)
RUN = nid()
emit(testRunStarted={"timestamp": ts(), "id": RUN})

def arg(value, start, name="string", children=None):
    g = {"start": start, "value": value, "children": children or []}
    return {"group": g, "parameterTypeName": name} if name else {"group": g}
def sarg(value, start):  # quoted string: outer group with a child
    return {"group": {"start": start, "value": value, "children": [{"start": start + 1, "value": value[1:-1], "children": []}]}, "parameterTypeName": "string"}
plans = {}
def testcase(p, steps):
    tc = {"id": nid(), "pickleId": p["id"], "testSteps": [], "testRunStartedId": RUN}
    for kind, *rest in steps:
        if kind == "hook":
            tc["testSteps"].append({"id": nid(), "hookId": rest[0]})
        else:
            ps, defs, args = rest
            tc["testSteps"].append({"id": nid(), "pickleStepId": ps["id"], "stepDefinitionIds": defs,
                                    "stepMatchArgumentsLists": [{"stepMatchArguments": a} for a in args]})
    emit(testCase=tc); plans[p["id"]] = tc; return tc
bg = lambda p: ("step", p["steps"][0], [SD_LOADED], [[sarg('"2+2"', 32)]])
T1 = testcase(P1, [bg(P1), ("step", P1["steps"][1], [SD_INSERT], [[sarg('"4"', 18)]]), ("step", P1["steps"][2], [SD_SHOWS], [[arg("1", 14, "int"), arg("1", 26, "int")]])])
T2 = testcase(P2, [bg(P2), ("step", P2["steps"][1], [SD_INSERT], [[sarg('"5"', 18)]]), ("step", P2["steps"][2], [SD_SHOWS], [[arg("1", 14, "int"), arg("1", 26, "int")]])])
T3 = testcase(P3, [bg(P3), ("step", P3["steps"][1], [SD_INSERT], [[sarg('"4"', 18)]]), ("step", P3["steps"][2], [], [])])
T4 = testcase(P4, [bg(P4), ("step", P4["steps"][1], [SD_INSERT], [[sarg('"22"', 18)]]), ("step", P4["steps"][2], [], [])])
T5 = testcase(P5, [("hook", hook_before["id"]), ("step", P5["steps"][0], [SD_USERS], [[]]), ("step", P5["steps"][1], [SD_SENDS], [[arg("alice", 0, "word")]]), ("step", P5["steps"][2], [SD_DELIV], [[]]), ("hook", hook_after["id"])])
T6 = testcase(P6, [("step", P6["steps"][0], [SD_PEND], [[]]), ("step", P6["steps"][1], [SD_DELIV], [[]]), ("hook", hook_after["id"])])
T7 = testcase(P7, [("step", P7["steps"][0], [SD_AMB1, SD_AMB2], [[], [arg("ambiguous", 3, None)]])])
T8 = testcase(P8, [("step", P8["steps"][0], [SD_OFF], [[]]), ("step", P8["steps"][1], [SD_DELIV], [[]])])

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
def run(tc, results, suggestions=()):
    cs = nid()
    emit(testCaseStarted={"id": cs, "testCaseId": tc["id"], "timestamp": ts(), "attempt": 0})
    for st, (status, extra) in zip(tc["testSteps"], results):
        emit(testStepStarted={"testCaseStartedId": cs, "testStepId": st["id"], "timestamp": ts()})
        for a in extra.get("attach", []):
            a = dict(a); a.update({"testCaseStartedId": cs, "testStepId": st["id"], "timestamp": ts()}); emit(attachment=a)
        r = {"status": status, "duration": {"seconds": 0, "nanos": extra.get("nanos", 0 if status in ("SKIPPED", "UNDEFINED", "AMBIGUOUS") else 2000000)}}
        for k in ("message", "exception"):
            if k in extra: r[k] = extra[k]
        clock[0] += extra.get("nanos", 2000000) // 1000000
        emit(testStepFinished={"testCaseStartedId": cs, "testStepId": st["id"], "testStepResult": r, "timestamp": ts()})
    emit(testCaseFinished={"testCaseStartedId": cs, "timestamp": ts(), "willBeRetried": False})
    for ps, code in suggestions:
        emit(suggestion={"id": nid(), "pickleStepId": ps["id"], "snippets": [{"language": "swift", "code": code}]})
ok = ("PASSED", {})
run(T1, [ok, ("PASSED", {"attach": [{"body": "score: 1/1", "contentEncoding": "IDENTITY", "mediaType": "text/x.cucumber.log+plain"}]}),
         ("PASSED", {"nanos": 5000000, "attach": [{"body": '{"hits": 1, "total": 1}', "contentEncoding": "IDENTITY", "mediaType": "application/json", "fileName": "score.json"}]})])
fail = {"type": "ExpectationFailure", "message": "expected 1 hits, got 0", "stackTrace": "Specs/QuizSteps.swift:20: expected 1 hits, got 0"}
run(T2, [ok, ok, ("FAILED", {"message": "expected 1 hits, got 0", "exception": fail, "attach": [{"body": PNG, "contentEncoding": "BASE64", "mediaType": "image/png", "fileName": "screen <1>.png"}]})])
run(T3, [ok, ok, ("UNDEFINED", {})], [(P3["steps"][2], 'steps.then("the player sees {string}") { (world, string: String) in\n    throw pending()\n}')])
run(T4, [ok, ok, ("UNDEFINED", {})], [(P4["steps"][2], 'steps.then("the player sees {string}") { (world, string: String) in\n    throw pending()\n}')])
run(T5, [ok, ok, ok, ok, ("FAILED", {"message": "the chat did not close", "exception": {"type": "ChatError", "message": "the chat did not close", "stackTrace": "Specs/Hooks.swift:11: the chat did not close"}})])
run(T6, [("PENDING", {"message": "waiting for the <chat> API"}), ("SKIPPED", {}), ok])
run(T7, [("AMBIGUOUS", {})])
run(T8, [("SKIPPED", {"message": "the server is offline", "nanos": 1000000}), ("SKIPPED", {})])
emit(testRunFinished={"timestamp": ts(), "success": False, "testRunStartedId": RUN})
import sys
with open(sys.argv[1], "w") as f:
    for e in out: f.write(json.dumps(e, separators=(",", ":")) + "\n")
