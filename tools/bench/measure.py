"""Whole-process measurement: wall time, the largest process's peak RSS (GNU time's %M) and the peak of the
sum of the process tree's RSS (supervisor + workers), sampled from /proc every 20 ms."""
import os
import subprocess
import threading
import time

PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024
TIME = "/usr/bin/time"


def _children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found += [int(child) for child in handle.read().split()]
    except OSError:
        pass
    return found


def _rss_kib(pid):
    try:
        with open(f"/proc/{pid}/statm") as handle:
            return int(handle.read().split()[1]) * PAGE_KIB
    except (OSError, IndexError, ValueError):
        return 0


def tree_rss_kib(root):
    """The RSS of every descendant of `root` (not `root` itself: it is /usr/bin/time)."""
    total, pending = 0, _children(root)
    while pending:
        pid = pending.pop()
        total += _rss_kib(pid)
        pending += _children(pid)
    return total


class TreeSampler(threading.Thread):
    def __init__(self, root, interval=0.02):
        super().__init__(daemon=True)
        self.root, self.interval, self.peak_kib = root, interval, 0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            self.peak_kib = max(self.peak_kib, tree_rss_kib(self.root))
            self.done.wait(self.interval)


def run_measured(command, cwd, log_path, stdout_path=os.devnull, env=None):
    """Runs `command` under /usr/bin/time; returns wall seconds, CPU seconds (user + system, the whole tree), %M KiB,
    sampled tree KiB, exit status."""
    metrics = log_path + ".time"
    with open(stdout_path, "wb") as out, open(log_path, "wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", "%e %U %S %M", "-o", metrics] + command, cwd=cwd, env=env,
                                   stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        sampler = TreeSampler(process.pid)
        sampler.start()
        status = process.wait()
        wall = time.perf_counter() - start
        sampler.done.set()
        sampler.join()
    max_rss, cpu = 0, 0.0
    try:
        with open(metrics) as handle:
            last = handle.read().strip().splitlines()[-1].split()
            max_rss = int(last[-1])
            cpu = float(last[-3]) + float(last[-2])
    except (OSError, IndexError, ValueError):
        pass
    return {"wall": wall, "cpu": cpu, "max_rss_kib": max_rss, "tree_rss_kib": sampler.peak_kib, "status": status}


def log_tail(log_path, lines=5):
    try:
        with open(log_path, errors="replace") as handle:
            return "".join(handle.readlines()[-lines:])
    except OSError:
        return ""
