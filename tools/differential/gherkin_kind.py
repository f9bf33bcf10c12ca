"""Gherkin: features from a small grammar (in several languages) and mutated shared conformance files, our
`specrun gherkin --predictable-ids` against `gherkin-official`: source, AST, pickles and parse errors, compared as
parsed JSON with each file's ids counted from its first."""
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from gherkin.stream.gherkin_events import GherkinEvents
from gherkin.stream.source_events import source_event

import common
from gherkin_generate import generate  # noqa: F401 - the kind's generator


def renumber(messages):
    """Each id minus the file's smallest id, so a file's ids count from 0 however many the files before used."""
    ids = []

    def collect(value, key=None):
        if isinstance(value, dict):
            for k, v in value.items():
                collect(v, k)
        elif isinstance(value, list):
            for v in value:
                collect(v, key)
        elif isinstance(value, str) and key in ("id", "astNodeIds", "astNodeId", "pickleStepId") and value.isdigit():
            ids.append(int(value))

    collect(messages)
    base = min(ids) if ids else 0

    def rewrite(value, key=None):
        if isinstance(value, dict):
            return {k: rewrite(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [rewrite(v, key) for v in value]
        if isinstance(value, str) and key in ("id", "astNodeIds", "astNodeId", "pickleStepId") and value.isdigit():
            return str(int(value) - base)
        return value

    return rewrite(messages)


def write(inputs, folder):
    names = []
    for i, x in enumerate(inputs):
        name = f"f{i:05d}{x['suffix']}"
        with open(os.path.join(folder, name), "w", encoding="utf-8", newline="") as f:
            f.write(x["text"])
        names.append(name)
    return names


def by_uri(messages, names):
    out = {n: [] for n in names}
    for m in messages:
        body = next(iter(m.values()))
        uri = body.get("uri") or (body.get("source") or {}).get("uri")
        out.setdefault(uri, []).append(m)
    return [renumber(out[n]) for n in names]


def ours(inputs, context):
    folder = tempfile.mkdtemp(prefix="differential-")
    try:
        names = write(inputs, folder)
        out = []
        for start in range(0, len(names), 500):
            p = subprocess.run([context["specrun"], "gherkin", "--predictable-ids", *names[start:start + 500]],
                               cwd=folder, capture_output=True, timeout=600)
            out += [json.loads(l) for l in p.stdout.decode("utf-8").split("\n") if l.strip()]
        return by_uri(out, names)
    finally:
        shutil.rmtree(folder)


def oracle_all(inputs):
    """The oracle's messages per input. A leading BOM is skipped first, as the conformance corpus expects (the
    Python reader keeps it as a character of the first line)."""
    folder = tempfile.mkdtemp(prefix="differential-oracle-")
    try:
        names = write([dict(x, text=x["text"].removeprefix("\ufeff")) for x in inputs], folder)
        out = []
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            for name in names:
                events = GherkinEvents(GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True))
                try:
                    out.append(renumber(json.loads(json.dumps(list(events.enum(source_event(Path(name))))))))
                except Exception as e:  # noqa: BLE001 - the oracle itself failing is a result too
                    out.append([{"oracleCrash": f"{type(e).__name__}: {e}"}])
        finally:
            os.chdir(cwd)
        return out
    finally:
        shutil.rmtree(folder)


def kind_of(message):
    return next(iter(message))


def compare(mine, theirs):
    if any(kind_of(m) == "oracleCrash" for m in theirs):
        return "known: the oracle crashed (its Examples header is used as a regular expression replacement)"
    if any(kind_of(m) == "parseError" for m in theirs):
        # The Python stream prints the source only when the parse succeeds; the conformance suite compares
        # errors with --no-source.
        mine = [m for m in mine if kind_of(m) != "source"]
    kinds_mine, kinds_theirs = [kind_of(m) for m in mine], [kind_of(m) for m in theirs]
    if kinds_mine != kinds_theirs:
        def summary(kinds):
            return ",".join(sorted(set(kinds)))
        return f"messages {summary(kinds_mine)} vs {summary(kinds_theirs)}"
    for m, t in zip(mine, theirs):
        found = common.first_difference(m, t)
        if found:
            if found.endswith(".message"):
                return "parseError message"
            return f"{found}"
    return None


def signatures(inputs, context):
    return [compare(m, t) for m, t in zip(ours(inputs, context), oracle_all(inputs))]


def skipped(x):
    return False


def candidates(x):
    text = x["text"]
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.split(newline)
    out = []
    for size in (8, 4, 2, 1):
        if size < len(lines):
            for i in range(0, len(lines), size):
                out.append({"text": newline.join(lines[:i] + lines[i + size:]), "suffix": x["suffix"]})
    for i, line in enumerate(lines):
        if line != line.strip():
            out.append({"text": newline.join(lines[:i] + [line.strip()] + lines[i + 1:]), "suffix": x["suffix"]})
    if newline == "\r\n":
        out.append({"text": text.replace("\r\n", "\n"), "suffix": x["suffix"]})
    return out


def describe(inputs, context):
    out = []
    for x, m, t in zip(inputs, ours(inputs, context), oracle_all(inputs)):
        lines = [f"input ({x['suffix']}): {json.dumps(x['text'], ensure_ascii=False)}"]
        for a, b in zip(m + [None] * len(t), t + [None] * len(m)):
            if a != b:
                lines.append(f"  ours   {json.dumps(a, ensure_ascii=False)[:600]}")
                lines.append(f"  oracle {json.dumps(b, ensure_ascii=False)[:600]}")
                break
        out.append("\n".join(lines))
    return out
