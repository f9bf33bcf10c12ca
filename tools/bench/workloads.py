"""The benchmark's workloads: generated corpora (cached by their generator arguments) and their commands."""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# name → (generator, arguments). "cart" is ../shared/bench/gen_corpus.py; "wait" is gen_wait_corpus.py (a step that
# sleeps for `io`, one that computes on one core for `cpu`);
# "undefined" is the cart corpus with every step reworded so that no step definition matches (QA's first run of new
# features: every step undefined, a snippet for each — in specrun and in behave alike). The rewording keeps every
# byte count: the first two letters of each step's text change places ("the cart" → "hte cart"), so the run reads,
# parses and reports the same amount of text as the passing cart corpus and their costs per scenario compare.
WORKLOADS = {
    "one": ("cart", ["--features", "1", "--scenarios", "1", "--steps", "6"]),
    "c1k": ("cart", ["--features", "20", "--scenarios", "50", "--steps", "6"]),
    "c10k": ("cart", ["--features", "200", "--scenarios", "50", "--steps", "6"]),
    "c50k": ("cart", ["--features", "1000", "--scenarios", "50", "--steps", "6"]),
    # 500,000 scenarios, 3.5 million steps: where teams with generated examples live. Not run by default; behave is
    # not run on it (it would take about 15 minutes): the scale check is specrun's own time and memory against c50k.
    "c500k": ("cart", ["--features", "10000", "--scenarios", "50", "--steps", "6"]),
    "c10k-undefined": ("undefined", ["--features", "200", "--scenarios", "50", "--steps", "6"]),
    "io": ("wait", ["--scenarios", "200", "--features", "10", "--ms", "20"]),
    "cpu": ("wait", ["--step", "compute", "--scenarios", "200", "--features", "10", "--ms", "10"]),
}
# The exit status a run of the workload ends with when all went as meant: undefined steps fail a run (specrun
# under its default strict mode, behave too).
EXPECTED_STATUS = {"c10k-undefined": 1}
# Workloads behave is not run on (its time there is known from the smaller ones to scale linearly).
NO_BEHAVE = {"c500k"}

# A step line of a generated feature: its keyword, then the first two letters of its text (which change places so
# that it matches no definition, even behave's case-insensitive ones).
STEP_LINE = re.compile(r"^(\s*(?:Given|When|Then|And|But) )(\w)(\w)", re.MULTILINE)
# Part of the cached corpus's stamp: a corpus made by another rewording is made again.
UNDEFINED_REWORDING = "swap-first-two-letters"
DEFAULT_WORKLOADS = ["one", "c1k", "c10k", "c50k"]


def generator_script(kind, shared):
    if kind in ("cart", "undefined"):
        return os.path.join(shared, "bench", "gen_corpus.py")
    return os.path.join(HERE, "gen_wait_corpus.py")


def corpus(name, workdir, shared):
    """Generates the workload into workdir/corpora/NAME unless the same arguments made it already."""
    kind, arguments = WORKLOADS[name]
    out = os.path.join(workdir, "corpora", name)
    stamp = os.path.join(out, ".arguments")
    wanted = json.dumps([kind, arguments] + ([UNDEFINED_REWORDING] if kind == "undefined" else []))
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return out
    print(f"generating {name} into {out}", file=sys.stderr)
    command = [sys.executable, generator_script(kind, shared), out] + arguments
    if kind in ("cart", "undefined"):
        command.append("--force")
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    if kind == "undefined":
        for path in feature_files(out):
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(STEP_LINE.sub(lambda match: match.group(1) + match.group(3) + match.group(2), text))
    with open(stamp, "w") as handle:
        handle.write(wanted)
    return out


def totals(corpus_dir):
    with open(os.path.join(corpus_dir, "manifest.json")) as handle:
        return json.load(handle)["totals"]


def feature_files(corpus_dir):
    folder = os.path.join(corpus_dir, "features")
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".feature")]


def is_parse_workload(name):
    return WORKLOADS[name][0] == "cart"
