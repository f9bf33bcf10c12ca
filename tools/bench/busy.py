#!/usr/bin/env python3
"""How busy the machine's cores are while one command runs: the share of all cores in use, every 50 ms.

    python3 tools/bench/busy.py DIR BIN [ARGS...]      e.g. tools/bench/busy.py /tmp/specrun-bench/corpora/c50k bench-specs features

Prints `seconds:percent` pairs from /proc/stat (the whole machine: run it on a quiet one). A phase at 100 % is
bound by the total work; a phase below it by one serial thread (a default run's worker 0 while it runs its
scenarios: the supervisor then waits for it part of the time).
"""
import subprocess
import sys
import time


def cpu():
    values = list(map(int, open("/proc/stat").readline().split()[1:]))
    return sum(values), values[3] + values[4]


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    process = subprocess.Popen(sys.argv[2:], cwd=sys.argv[1], stdout=subprocess.DEVNULL)
    start, previous, samples = time.time(), cpu(), []
    while process.poll() is None:
        time.sleep(0.05)
        current = cpu()
        total, idle = current[0] - previous[0], current[1] - previous[1]
        samples.append(f"{time.time() - start:.2f}:{100 * (total - idle) // max(total, 1)}")
        previous = current
    print(" ".join(samples))


if __name__ == "__main__":
    main()
