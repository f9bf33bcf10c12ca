#!/usr/bin/env python3
"""Measure what a SIGKILL of specrun loses: how old the message stream on disk is when the run is killed.

Usage:
    python3 tools/sigkill_bound.py [--seed N] [--trials N] [--scenarios N] [--step-ms N] [--parallel N]
                                   [--long-every N] [--long-ms N] [--no-isolation] [--bound-ms N] [--fixture PATH]

Runs the crash fixture (`swift build --product specrun-crash-fixture`) on a generated feature of N scenarios,
each one step sleeping --step-ms (every --long-every-th --long-ms, so that kills land in a running step too) and noting the wall-clock time it ended (SPECRUN_FIXTURE_LOG), with a message
report; SIGKILLs specrun at a random moment (seeded: the seed is printed, and replays the same moments); then
reads the temporary message stream left beside the report (`.m.ndjson.<pid>.<random>.tmp`; with --parallel N, the
journal of every envelope as it arrived, `.m.ndjson.<pid>.<random>.journal.tmp`) and compares:

* lost: scenarios whose step had ended before the kill but whose testCaseFinished is not in the stream; the
  age of each (kill time − end time) — the bound is the largest age seen;
* running: whether the scenario running at the kill (started more than the bound before it) has its
  testCaseStarted in the stream, so `specrun report` can name it as not finished.

Prints one line per trial and a summary; exit 1 when a lost result is older than --bound-ms (default 250), or
when the running scenario's start is missing from the stream in any trial (with or without --no-isolation).
"""
import argparse
import glob
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--scenarios", type=int, default=400)
    parser.add_argument("--step-ms", type=int, default=10)
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--long-every", type=int, default=25, help="every Nth scenario's step sleeps --long-ms")
    parser.add_argument("--long-ms", type=int, default=600)
    parser.add_argument("--no-isolation", action="store_true", help="run the scenarios in specrun's own process")
    parser.add_argument("--bound-ms", type=float, default=250)
    parser.add_argument("--fixture", default=".build/debug/specrun-crash-fixture")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    print(f"seed {seed} (replay with --seed {seed})")
    rng = random.Random(seed)
    if not os.access(args.fixture, os.X_OK):
        print(f"{args.fixture} is not built: swift build --product specrun-crash-fixture", file=sys.stderr)
        return 2
    fixture = os.path.abspath(args.fixture)
    worst = 0.0
    missing_running = 0
    failures = 0
    for trial in range(args.trials):
        folder = tempfile.mkdtemp(prefix="specrun-sigkill-")
        try:
            lines = ["Feature: long run"]
            for index in range(args.scenarios):
                ms = args.long_ms if args.long_every and index % args.long_every == args.long_every - 1 else args.step_ms
                lines += [f"  Scenario: s{index}", f'    When a step sleeps {ms} ms and logs "s{index}"']
            with open(os.path.join(folder, "long.feature"), "w") as feature:
                feature.write("\n".join(lines) + "\n")
            log = os.path.join(folder, "ended.log")
            environment = dict(os.environ, SPECRUN_FIXTURE_LOG=log)
            process = subprocess.Popen([fixture, "long.feature", "--format", "message:m.ndjson", "--format", "progress",
                                        "-j", str(args.parallel), "--timeout", "0"] + (["--no-isolation"] if args.no_isolation else []),
                                       cwd=folder, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # Somewhere in the run's middle: after the first scenarios, before the end.
            longs = args.scenarios // args.long_every if args.long_every else 0
            expected = ((args.scenarios - longs) * args.step_ms + longs * args.long_ms) / 1000 / args.parallel
            delay = 0.3 + rng.random() * max(0.1, expected * 0.7)
            time.sleep(delay)
            killed_at = time.time()
            process.send_signal(signal.SIGKILL)
            process.wait()
            ended = {}
            if os.path.exists(log):
                for line in open(log):
                    name, at = line.split()
                    ended[name] = float(at)
            # With -j N, the journal (every envelope as it arrived) if there is one; else the report's temp stream.
            temps = glob.glob(os.path.join(folder, ".m.ndjson.*.journal.tmp")) or glob.glob(os.path.join(folder, ".m.ndjson.*.tmp"))
            stream = []
            for path in temps:
                for line in open(path, "rb"):
                    try:
                        stream.append(json.loads(line))
                    except ValueError:
                        pass  # a cut last line
            names, started, finished = {}, {}, set()
            for envelope in stream:
                if "pickle" in envelope:
                    names[envelope["pickle"]["id"]] = envelope["pickle"]["name"]
            cases = {e["testCase"]["id"]: names.get(e["testCase"]["pickleId"]) for e in stream if "testCase" in e}
            for envelope in stream:
                if "testCaseStarted" in envelope:
                    started[envelope["testCaseStarted"]["id"]] = cases.get(envelope["testCaseStarted"]["testCaseId"])
                if "testCaseFinished" in envelope:
                    finished.add(started.get(envelope["testCaseFinished"]["testCaseStartedId"]))
            lost = {name: killed_at - at for name, at in ended.items() if at < killed_at and name not in finished}
            age = max(lost.values(), default=0.0)
            worst = max(worst, age)
            if age * 1000 > args.bound_ms:
                failures += 1
            # The running scenario: the first not ended by the kill, if the one before it ended well before.
            running = next((f"s{i}" for i in range(args.scenarios) if f"s{i}" not in ended), None)
            previous_end = max(ended.values(), default=0.0)
            named = running in started.values()
            if running and killed_at - previous_end > args.bound_ms / 1000 and not named:
                missing_running += 1
            print(f"trial {trial}: killed after {delay:.2f} s; {len(ended)} ended, {len(finished)} in the stream; "
                  f"lost {len(lost)} (oldest {age * 1000:.0f} ms); running {running}: "
                  f"{'started in the stream' if named else 'not in the stream'}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"seed {seed}: {args.trials} trials, the oldest lost result {worst * 1000:.0f} ms "
          f"(bound {args.bound_ms:.0f} ms); {failures} trial(s) over it; running scenario missing in {missing_running}")
    return 1 if failures or missing_running else 0


if __name__ == "__main__":
    sys.exit(main())
