"""What every kind shares: running our side, diffing JSON values, and minimizing disagreements in batches."""
import json
import os
import subprocess
import tempfile


def run_xctest(package, test, env_name, cases, timeout=1800):
    """Runs `swift test --skip-build --filter TEST` with the cases in a file named by `env_name`; returns the
    results the test wrote, one per case."""
    with tempfile.TemporaryDirectory() as work:
        cases_path = os.path.join(work, "cases.json")
        results_path = os.path.join(work, "results.json")
        with open(cases_path, "w", encoding="utf-8") as f:
            json.dump(cases, f, ensure_ascii=False)
        env = dict(os.environ, SPECRUN_DIFFERENTIAL_RESULTS=results_path, **{env_name: cases_path})
        p = subprocess.run(["swift", "test", "--skip-build", "--filter", test], cwd=package, env=env,
                           capture_output=True, timeout=timeout)
        if not os.path.exists(results_path):
            raise SystemExit(f"{test} wrote no results (exit {p.returncode}):\n"
                             + p.stdout.decode("utf-8", "replace")[-3000:] + p.stderr.decode("utf-8", "replace")[-3000:])
        with open(results_path, encoding="utf-8") as f:
            results = json.load(f)
        if len(results) != len(cases):
            raise SystemExit(f"{test} wrote {len(results)} results for {len(cases)} cases")
        return results


def first_difference(ours, theirs, path=""):
    """The path of the first place where two JSON values differ (list indexes shown as []), or None."""
    if type(ours) is not type(theirs):
        return path or "."
    if isinstance(ours, dict):
        for key in list(theirs) + [k for k in ours if k not in theirs]:
            if key not in ours or key not in theirs:
                return f"{path}.{key}"
            found = first_difference(ours[key], theirs[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(ours, list):
        for a, b in zip(ours, theirs):
            found = first_difference(a, b, path + "[]")
            if found:
                return found
        return None if len(ours) == len(theirs) else f"{path}[] count"
    return None if ours == theirs else (path or ".")


def minimize(failures, candidates, check, rounds=40):
    """Shrinks each failing input while it still disagrees in the same way.

    failures: {key: (input, signature)}; candidates(input) -> smaller inputs, smallest first;
    check([inputs]) -> [signature or None] (one batch run of both sides). Returns {key: input}."""
    current = {k: v[0] for k, v in failures.items()}
    signature = {k: v[1] for k, v in failures.items()}
    active = set(current)
    for _ in range(rounds):
        if not active:
            break
        batch, owners = [], []
        for key in sorted(active):
            for candidate in candidates(current[key]):
                batch.append(candidate)
                owners.append(key)
        if not batch:
            break
        found = check(batch)
        improved = set()
        for key, candidate, sig in zip(owners, batch, found):
            if key not in improved and sig == signature[key]:
                current[key] = candidate
                improved.add(key)
        active = improved
    return current
