#!/usr/bin/env python3
"""A run's start-up and tear-down, from its message stream's own timestamps.

    python3 tools/bench/timeline.py BIN features [options]    (in a corpus folder)

Runs `BIN features [options] --format message:FILE`, noting the wall-clock time just before it starts and just
after it exits, and prints, relative to the start: the worker's testRunStarted, the first testCaseStarted
(start-up: everything before the first scenario — loading, parsing, planning, handing out), the last
testCaseFinished and the time from it to the exit (tear-down). The message report itself costs some time, so the
run measured is one with a message report.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time


def seconds(stamp):
    return stamp["seconds"] + stamp["nanos"] / 1e9


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    if shutil.which(sys.argv[1]) is None:
        sys.exit(f"timeline.py: {sys.argv[1]}: not an executable (the spec executable to run, e.g. bench-specs)")
    with tempfile.TemporaryDirectory() as folder:
        stream = os.path.join(folder, "m.ndjson")
        start = time.time()
        subprocess.run(sys.argv[1:] + ["--format", "message:" + stream], stdout=subprocess.DEVNULL, check=False)
        end = time.time()
        run_started = first = last = None
        if not os.path.exists(stream):
            sys.exit(f"timeline.py: {sys.argv[1]} wrote no message stream (is it a spec executable?)")
        with open(stream) as lines:
            for line in lines:
                if line.startswith('{"testRunStarted'):
                    run_started = seconds(json.loads(line)["testRunStarted"]["timestamp"])
                elif first is None and line.startswith('{"testCaseStarted'):
                    first = seconds(json.loads(line)["testCaseStarted"]["timestamp"])
                elif line.startswith('{"testCaseFinished'):
                    last = line
    if first is None or last is None:
        sys.exit("no scenario ran")
    last = seconds(json.loads(last)["testCaseFinished"]["timestamp"])
    wall = end - start
    print(
        f"wall {wall:.3f} s; testRunStarted {run_started - start:.3f}; first testCaseStarted {first - start:.3f} "
        f"(start-up {100 * (first - start) / wall:.0f} %); last testCaseFinished {last - start:.3f}, "
        f"exit {end - last:.3f} s after it (tear-down {100 * (end - last) / wall:.0f} %)")


if __name__ == "__main__":
    main()
