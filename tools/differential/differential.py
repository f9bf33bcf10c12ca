#!/usr/bin/env python3
"""Differential tester: specrun's Gherkin parser, tag expressions and Cucumber expressions against the official
Python implementations (`gherkin-official`, `cucumber-tag-expressions`, `cucumber-expressions`) on generated
inputs. Each run takes a seed (printed; random by default) and a count per kind, generates inputs from a small
grammar and by mutating the cases of ../shared/conformance, runs both sides, and prints every kind of
disagreement with a few inputs minimized while they still disagree the same way. Differences that come from the
oracle itself (signatures starting "known:") are counted apart and do not fail the run. Our side is `specrun gherkin
--predictable-ids` (as ../shared/tools/gherkin_conformance.py runs it) and, for the expressions, the
`DifferentialCasesTests` of Tests/TagExpressionsTests and Tests/CucumberExpressionsTests, which read the cases
from the file named by an environment variable. The oracles live in a virtual environment outside the project:
`python3 -m venv /tmp/oracles && /tmp/oracles/bin/pip install gherkin-official cucumber-tag-expressions
cucumber-expressions`; build first (`swift build --build-tests`), then from the package folder:
`/tmp/oracles/bin/python tools/differential/differential.py [--seed N] [--count N] [--kinds gherkin,tags,cucumber]
[--specrun .build/debug/specrun] [--show N] [--json FILE]`. The exit code is 1 when any kind disagrees.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import common  # noqa: E402

KINDS = ["gherkin", "tags", "cucumber"]


def main():
    parser = argparse.ArgumentParser(description="specrun against the official Cucumber implementations")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--count", type=int, default=1000, help="inputs per kind")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--package", default=os.getcwd(), help="the specrun package folder")
    parser.add_argument("--specrun", default=None, help="the specrun executable (default .build/debug/specrun)")
    parser.add_argument("--shared", default=None, help="the shared folder (default ../shared beside the package)")
    parser.add_argument("--show", type=int, default=2, help="inputs minimized and shown per kind of disagreement")
    parser.add_argument("--json", default=None, help="also write the disagreements to this file")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    package = os.path.abspath(args.package)
    context = {
        "package": package,
        "specrun": os.path.abspath(args.specrun or os.path.join(package, ".build", "debug", "specrun")),
        "shared": os.path.abspath(args.shared or os.path.join(os.path.dirname(package), "shared")),
    }
    print(f"seed {seed}, {args.count} inputs per kind", flush=True)
    everything, disagreeing = {}, False
    for kind in args.kinds.split(","):
        module = __import__({"gherkin": "gherkin_kind", "tags": "tags", "cucumber": "cucumber"}[kind])
        r = random.Random(f"{seed}-{kind}")
        inputs = module.generate(r, args.count, context["shared"])
        found = module.signatures(inputs, context)
        skipped = sum(1 for i in inputs if module.skipped(i))
        failures = {i: (x, s) for i, (x, s) in enumerate(zip(inputs, found)) if s and not s.startswith("known:")}
        known = {}
        for s in found:
            if s and s.startswith("known:"):
                known[s] = known.get(s, 0) + 1
        counts = {}
        for _, sig in failures.values():
            counts[sig] = counts.get(sig, 0) + 1
        print(f"\n{kind}: {len(inputs)} inputs, {len(failures)} disagreements in {len(counts)} kinds"
              f"{f', {skipped} skipped (oracle unreliable)' if skipped else ''}", flush=True)
        for sig, n in known.items():
            print(f"  {n} × {sig} (listed, not counted)")
        picked, seen = {}, {}
        for key, (x, sig) in failures.items():
            if seen.get(sig, 0) < args.show:
                seen[sig] = seen.get(sig, 0) + 1
                picked[key] = (x, sig)
        small = common.minimize(picked, module.candidates, lambda batch: module.signatures(batch, context))
        keys = sorted(picked)
        described = dict(zip(keys, module.describe([small[k] for k in keys], context))) if keys else {}
        shown = []
        for sig in sorted(counts, key=lambda s: -counts[s]):
            print(f"  {counts[sig]} × {sig}")
            for key in sorted(k for k in picked if picked[k][1] == sig):
                print("    " + described[key].replace("\n", "\n    "))
                shown.append({"signature": sig, "count": counts[sig], "input": small[key]})
        everything[kind] = {"inputs": len(inputs), "disagreements": len(failures), "skipped": skipped, "known": known,
                           "shown": shown}
        disagreeing |= bool(failures)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"seed": seed, "count": args.count, "kinds": everything}, f, ensure_ascii=False, indent=1)
    sys.exit(1 if disagreeing else 0)


if __name__ == "__main__":
    main()
