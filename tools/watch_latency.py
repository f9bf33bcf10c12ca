#!/usr/bin/env python3
"""Edit -> result latency of `specrun watch`: a copy of a feature file is watched; each round appends a space to
one of its step lines and times how long until the rerun's summary line ("N scenario(s) (...)") is printed.

    swift build --product specrun && python3 tools/watch_latency.py [--rounds 20] [--specrun .build/debug/specrun]

Prints each round's milliseconds, then the median, the 90th percentile and the worst. Run from the repository's
root.
"""
import argparse
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time

SUMMARY = re.compile(r"^\d+ scenarios? \(")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--specrun", default=".build/debug/specrun")
    parser.add_argument("--feature", default="Features/quiz/game_finished.feature")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="specrun-watch-latency-")
    feature = os.path.join(folder, "watched.feature")
    shutil.copy(args.feature, feature)
    process = subprocess.Popen(
        [args.specrun, "watch", folder, "--format", "summary", "--no-requirements"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put((time.monotonic(), line)) for line in process.stdout], daemon=True).start()

    def wait_for(pattern, since, timeout=30):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                at, line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            if at >= since and pattern(line):
                return at
        raise SystemExit("no result within %d s" % timeout)

    try:
        wait_for(lambda line: "watching" in line, 0)
        with open(feature) as handle:
            text = handle.read().split("\n")
        steps = [number for number, line in enumerate(text) if re.match(r"\s+(Given|When|Then|And|But) ", line)]
        results = []
        for round_number in range(args.rounds):
            time.sleep(0.5)  # the files settle; the poll's phase is random
            line = steps[round_number % len(steps)]
            text[line] = text[line] + " " if not text[line].endswith(" ") else text[line].rstrip(" ")
            start = time.monotonic()
            with open(feature, "w") as handle:
                handle.write("\n".join(text))
            done = wait_for(lambda l: SUMMARY.match(l) is not None, start)
            wait_for(lambda l: "watching" in l, start)
            results.append((done - start) * 1000)
            print("round %d: %.0f ms" % (round_number + 1, results[-1]))
        p90 = statistics.quantiles(results, n=10, method="inclusive")[8] if len(results) > 1 else results[0]
        print("median %.0f ms, p90 %.0f ms, worst %.0f ms over %d edits"
              % (statistics.median(results), p90, max(results), len(results)))
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
