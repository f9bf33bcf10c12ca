"""Markdown tables of the benchmark's results."""
import statistics


def mib(kib):
    return f"{kib / 1024:.0f} MiB" if kib < 10 * 1024 * 1024 else f"{kib / 1024 / 1024:.2f} GiB"


def seconds(value):
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


class Row:
    """One command on one workload: its samples and what it is compared with."""

    def __init__(self, workload, scenarios, label, baseline=None, expected_status=0):
        self.workload, self.scenarios, self.label, self.baseline = workload, scenarios, label, baseline
        self.expected_status = expected_status
        self.samples = []

    def ok(self):
        return [s for s in self.samples if s["status"] == self.expected_status]

    def median(self, key):
        values = [s[key] for s in self.ok()]
        return statistics.median(values) if values else None

    def tree(self):
        # The sampled sum can miss a short run's peak; it is never less than the largest process.
        values = [max(s["tree_rss_kib"], s["max_rss_kib"]) for s in self.ok()]
        return statistics.median(values) if values else None


def results_table(rows, by_label):
    lines = ["| workload | command | runs | median wall | min–max | peak RSS, largest process | "
             "peak RSS, process tree | KiB/scenario | ratio |",
             "|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        ok = row.ok()
        failed = [s["status"] for s in row.samples if s["status"] != row.expected_status]
        if not ok:
            lines.append(f"| {row.workload} | `{row.label}` | {len(row.samples)} | failed (exit {failed[0]}) "
                         "| | | | | |")
            continue
        walls = [s["wall"] for s in ok]
        wall, largest, tree = row.median("wall"), row.median("max_rss_kib"), row.tree()
        ratio = ""
        base = by_label.get((row.workload, row.baseline)) if row.baseline else None
        if base and base.median("wall"):
            ratio = f"{base.median('wall') / wall:.1f}× vs {row.baseline}"
        # Per scenario only where the scenarios, not the start-up, make the memory.
        per_scenario = f"{largest / row.scenarios:,.1f}" if row.scenarios >= 100 else "—"
        runs = f"{len(ok)}" + (f" (+{len(failed)} failed)" if failed else "")
        lines.append(f"| {row.workload} | `{row.label}` | {runs} | {seconds(wall)} | "
                     f"{seconds(min(walls))}–{seconds(max(walls))} | {mib(largest)} | {mib(tree)} | "
                     f"{per_scenario} | {ratio} |")
    return "\n".join(lines)


def growth_table(rows, small="c10k", large="c50k"):
    """Peak RSS added per scenario between two workloads: flat memory means a small figure."""
    by = {(r.workload, r.label): r for r in rows}
    lines = ["| command | largest process: KiB per extra scenario | process tree: KiB per extra scenario |",
             "|---|---|---|"]
    for row in rows:
        if row.workload != large or (small, row.label) not in by:
            continue
        base = by[(small, row.label)]
        if not row.ok() or not base.ok():
            continue
        extra = row.scenarios - base.scenarios
        largest = (row.median("max_rss_kib") - base.median("max_rss_kib")) / extra
        tree = (row.tree() - base.tree()) / extra
        lines.append(f"| `{row.label}` | {largest:.1f} | {tree:.1f} |")
    return "\n".join(lines) if len(lines) > 2 else ""


def linearity_table(rows, small="c50k", large="c500k"):
    """Median wall per scenario of the large workload against the small one's (1.00: exactly linear)."""
    by = {(r.workload, r.label): r for r in rows}
    lines = ["| command | µs per scenario, small | µs per scenario, large | ratio |", "|---|---|---|---|"]
    for row in rows:
        if row.workload != large or (small, row.label) not in by:
            continue
        base = by[(small, row.label)]
        if not row.ok() or not base.ok() or not row.median("wall") or not base.median("wall"):
            continue
        per_small = base.median("wall") / base.scenarios * 1e6
        per_large = row.median("wall") / row.scenarios * 1e6
        lines.append(f"| `{row.label}` | {per_small:.1f} | {per_large:.1f} | {per_large / per_small:.2f} |")
    return "\n".join(lines) if len(lines) > 2 else ""


def speedup_table(rows, variants):
    """Each --args variant against the first one (e.g. -j 2 against -j 1), per workload and mode."""
    by = {(r.workload, r.label): r for r in rows}
    lines = [f"| workload | command | speed-up vs `{variants[0] or '(no args)'}` |", "|---|---|---|"]
    for row in rows:
        first = getattr(row, "first_variant_label", None)
        if not first or first == row.label or (row.workload, first) not in by:
            continue
        base = by[(row.workload, first)]
        if row.median("wall") and base.median("wall"):
            lines.append(f"| {row.workload} | `{row.label}` | {base.median('wall') / row.median('wall'):.2f}× |")
    return "\n".join(lines) if len(lines) > 2 else ""


def against_table(rows):
    """Each specrun command against the same command of the build given by --against, run alternately with it."""
    by = {(r.workload, r.label): r for r in rows}
    lines = ["| workload | command | wall before → after | CPU before → after | peak RSS before → after |",
             "|---|---|---|---|---|"]
    for row in rows:
        before = by.get((row.workload, "before " + row.label))
        if not before or not row.ok() or not before.ok():
            continue
        wall, base_wall = row.median("wall"), before.median("wall")
        change = f" ({(wall / base_wall - 1) * 100:+.1f} %)" if base_wall else ""
        lines.append(f"| {row.workload} | `{row.label}` | {seconds(base_wall)} → {seconds(wall)}{change} | "
                     f"{before.median('cpu'):.2f} → {row.median('cpu'):.2f} s | "
                     f"{mib(before.median('max_rss_kib'))} → {mib(row.median('max_rss_kib'))} |")
    return "\n".join(lines) if len(lines) > 2 else ""
