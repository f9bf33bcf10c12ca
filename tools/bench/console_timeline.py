#!/usr/bin/env python3
"""A run's start-up and tear-down as its console shows them, for the runs `timeline.py` cannot time.

    python3 tools/bench/console_timeline.py BIN features [options] [--rounds N]    (in a corpus folder)

`timeline.py` reads the message stream's own timestamps, so the run it times writes a message report, and a run
in this process (`--dry-run`, `--no-isolation`) with a message report plans every file first. This one runs
`BIN features [options]` with its stdout on a pipe, unbuffered, and notes, against the wall-clock time just
before the start: when the first bytes naming a `Scenario` arrive (start-up: loading, parsing, planning, the
first scenario's run and its hand-over to the console), when the last such bytes arrive, and the exit
(tear-down: from the last scenario printed). Medians of `--rounds` runs (default 5).
"""
import os
import shutil
import statistics
import subprocess
import sys
import time


def one_run(command):
    start = time.time()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    first = last = None
    tail = b""
    while True:
        chunk = process.stdout.read(65536)
        if not chunk:
            break
        now = time.time() - start
        # (A name split between two reads is found with the end of the read before.)
        if b"Scenario" in tail + chunk:
            last = now
            if first is None:
                first = now
        tail = chunk[-16:]
    process.wait()
    return first, last, time.time() - start


def main():
    arguments = sys.argv[1:]
    if not arguments or arguments[0] in ("-h", "--help"):
        sys.exit(__doc__)
    rounds = 5
    if "--rounds" in arguments:
        at = arguments.index("--rounds")
        try:
            rounds = int(arguments[at + 1])
        except (IndexError, ValueError):
            sys.exit("console_timeline.py: --rounds takes a number of runs, e.g. --rounds 7")
        del arguments[at:at + 2]
    if shutil.which(arguments[0]) is None:
        sys.exit(f"console_timeline.py: {arguments[0]}: not an executable (the spec executable to run, e.g. bench-specs)")
    firsts, lasts, walls = [], [], []
    for _ in range(rounds):
        first, last, wall = one_run(arguments)
        if first is None:
            sys.exit(f"console_timeline.py: {' '.join(arguments)} printed no scenario (is the console report pretty?)")
        firsts.append(first)
        lasts.append(wall - last)
        walls.append(wall)
    first, tear_down, wall = statistics.median(firsts), statistics.median(lasts), statistics.median(walls)
    print(
        f"{os.path.basename(arguments[0])} {' '.join(arguments[1:])}: wall {wall:.3f} s; first scenario printed "
        f"{first:.3f} s (start-up {100 * first / wall:.0f} %); exit {tear_down:.3f} s after the last one printed "
        f"(tear-down {100 * tear_down / wall:.0f} %); medians of {rounds}")


if __name__ == "__main__":
    main()
