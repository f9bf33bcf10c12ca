"""The benchmark's workloads: generated corpora (cached by their generator arguments) and their commands."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# name → (generator, arguments). "cart" is ../shared/bench/gen_corpus.py; "wait" is gen_wait_corpus.py.
WORKLOADS = {
    "one": ("cart", ["--features", "1", "--scenarios", "1", "--steps", "6"]),
    "c1k": ("cart", ["--features", "20", "--scenarios", "50", "--steps", "6"]),
    "c10k": ("cart", ["--features", "200", "--scenarios", "50", "--steps", "6"]),
    "c50k": ("cart", ["--features", "1000", "--scenarios", "50", "--steps", "6"]),
    "io": ("wait", ["--scenarios", "200", "--features", "10", "--ms", "20"]),
}
DEFAULT_WORKLOADS = ["one", "c1k", "c10k", "c50k"]


def generator_script(kind, shared):
    if kind == "cart":
        return os.path.join(shared, "bench", "gen_corpus.py")
    return os.path.join(HERE, "gen_wait_corpus.py")


def corpus(name, workdir, shared):
    """Generates the workload into workdir/corpora/NAME unless the same arguments made it already."""
    kind, arguments = WORKLOADS[name]
    out = os.path.join(workdir, "corpora", name)
    stamp = os.path.join(out, ".arguments")
    wanted = json.dumps([kind, arguments])
    if os.path.exists(stamp) and open(stamp).read() == wanted:
        return out
    print(f"generating {name} into {out}", file=sys.stderr)
    command = [sys.executable, generator_script(kind, shared), out] + arguments
    if kind == "cart":
        command.append("--force")
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
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
