"""Advisor benchmark: Yatzy build against yatzy-solver, and Hasbro against the previous advisor, in one run.

Printed: the `yatzy` table build time against yatzy-solver's build of `yatzy-scandinavian`
(target ratio <= 1.0), the build's peak memory (target <= 512 MB), the advice latency median
(target <= 5 ms), and the Hasbro build time, memory and latency against the advisor of commit
OLD_COMMIT (extracted with `git archive` into a temporary folder; target: at most 10% worse).

Each build runs in a fresh subprocess, so its peak memory is its own ru_maxrss (main process, and
the largest worker); the builds alternate, REPEATS times each, and medians are printed. Wall time
is what the targets are about; CPU time (user + system, workers included) is printed beside it
because on a shared machine it is the steadier figure. BLAS is held to one thread everywhere: the
builds use the cores through their own workers.

    .venv/bin/python benchmarks/advisor_bench.py [--repeats 3] [--situations 1000] [--old 4faee3e]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

# Set before numpy loads anywhere: the stdlib imports above do not load it, and every build
# and latency run is a subprocess that inherits this environment.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

REPO = Path(__file__).resolve().parents[1]
OLD_COMMIT = "4faee3e"  # the advisor before rulesets (Hasbro only)

_USAGE = """
import json, resource, time
def usage(started, cpu0):
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime - cpu0
    return {"seconds": time.perf_counter() - started, "cpu": cpu,
            "rss_mb": me.ru_maxrss / 1024, "worker_rss_mb": kids.ru_maxrss / 1024}
def cpu_now():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
"""

# argv: edition, folder. Prints where scorekeeper came from, so the old tree is proven in use.
OURS = (
    _USAGE
    + """
import sys
import scorekeeper
from scorekeeper.advisor import Advisor
cpu0, started = cpu_now(), time.perf_counter()
Advisor.build(sys.argv[1], sys.argv[2])
result = usage(started, cpu0)
result["expected"] = Advisor.for_edition(sys.argv[1], sys.argv[2]).expected_score()
result["source"] = scorekeeper.__file__
print(json.dumps(result))
"""
)

# argv: variant.
THEIRS = (
    _USAGE
    + """
import sys
import yatzy_solver as ys
variant = ys.Variant(sys.argv[1])
cpu0, started = cpu_now(), time.perf_counter()
solver = ys.Solver.build(variant)
result = usage(started, cpu0)
result["expected"] = solver.state_value("upper 0 | filled -")
print(json.dumps(result))
"""
)

# argv: edition, folder (table built there), situations. Works with the old and the new engine.
LATENCY = """
import json, random, statistics, sys, time
from scorekeeper.advisor import Advisor
from scorekeeper.rules import Scorecard
edition, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
advisor = Advisor.for_edition(edition, folder)
rng = random.Random(1)
situations = []
for _ in range(count):  # mid-game sheets from random play, random dice, 1 or 2 rolls left
    card = Scorecard(edition)
    for _ in range(rng.randint(0, len(card.scores) - 1)):
        dice = [rng.randint(1, 6) for _ in range(5)]
        card = card.fill(rng.choice(sorted(card.options(dice))), dice)
    situations.append((card, [rng.randint(1, 6) for _ in range(5)], rng.choice((1, 2))))
for card, dice, rolls in situations[:20]:  # warm-up: first-use setup is not advice latency
    advisor.box_values(card, dice), advisor.keep_values(card, dice, rolls)
timings = []
for card, dice, rolls in situations:
    started = time.perf_counter()
    advisor.box_values(card, dice)
    advisor.keep_values(card, dice, rolls)
    timings.append(time.perf_counter() - started)
timings.sort()
print(json.dumps({"median_ms": statistics.median(timings) * 1e3,
                  "p95_ms": timings[int(len(timings) * 0.95)] * 1e3}))
"""


def _run(code: str, *args: str, tree: Path = REPO) -> dict[str, Any]:
    """Run a snippet in a fresh interpreter importing scorekeeper from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True, cwd=tree, env=env
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _median(results: list[dict[str, Any]], field: str) -> float:
    return statistics.median(r[field] for r in results)


def _line(label: str, results: list[dict[str, Any]]) -> str:
    runs = ", ".join(f"{r['seconds']:.2f}" for r in results)
    return (
        f"{label}: median {_median(results, 'seconds'):.2f} s wall, "
        f"{_median(results, 'cpu'):.2f} s CPU  (wall runs: {runs})"
    )


def _memory(results: list[dict[str, Any]]) -> str:
    main = max(r["rss_mb"] for r in results)
    worker = max(r.get("worker_rss_mb", 0.0) for r in results)
    return f"main process {main:.0f} MB, largest worker {worker:.0f} MB"


def _old_tree(commit: str, folder: Path) -> Path:
    """The scorekeeper package of an old commit, extracted (no worktree, nothing left in .git)."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit, "scorekeeper"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--situations", type=int, default=1000)
    parser.add_argument("--old", default=OLD_COMMIT, help="the commit of the previous advisor")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        old_tree = _old_tree(options.old, base / "old")
        folders = {name: base / name for name in ("yatzy", "new", "old")}
        yatzy: list[dict[str, Any]] = []
        theirs: list[dict[str, Any]] = []
        new: list[dict[str, Any]] = []
        old: list[dict[str, Any]] = []
        for _ in range(options.repeats):
            yatzy.append(_run(OURS, "yatzy", str(folders["yatzy"])))
            theirs.append(_run(THEIRS, "yatzy-scandinavian"))
            new.append(_run(OURS, "hasbro-1996", str(folders["new"])))
            old.append(_run(OURS, "hasbro-1996", str(folders["old"]), tree=old_tree))
        assert old[0]["source"].startswith(str(old_tree)), old[0]["source"]
        assert new[0]["source"].startswith(str(REPO)), new[0]["source"]

        print(f"== yatzy against yatzy-solver's yatzy-scandinavian ({options.repeats} builds each)")
        print(_line("build yatzy (ours, numpy)           ", yatzy))
        print(_line("build yatzy-scandinavian (yatzy-solver)", theirs))
        ratio = _median(yatzy, "seconds") / _median(theirs, "seconds")
        cpu_ratio = _median(yatzy, "cpu") / _median(theirs, "cpu")
        print(f"build time ratio ours/theirs: {ratio:.2f} wall, {cpu_ratio:.2f} CPU  (target <= 1.0)")
        peak = max(r["rss_mb"] + r["worker_rss_mb"] * 2 for r in yatzy)
        print(
            f"peak memory of the yatzy build: {_memory(yatzy)}; main + 2 workers <= {peak:.0f} MB"
            f"  (target <= 512 MB; yatzy-solver {max(r['rss_mb'] for r in theirs):.0f} MB)"
        )
        print(
            f"expected score of a new game: {yatzy[0]['expected']:.7f}"
            f" (yatzy-solver {theirs[0]['expected']:.7f})"
        )
        latency = _run(LATENCY, "yatzy", str(folders["yatzy"]), str(options.situations))
        print(
            f"advice latency (box_values + keep_values), {options.situations} random situations: "
            f"median {latency['median_ms']:.2f} ms, p95 {latency['p95_ms']:.2f} ms"
            "  (target median <= 5 ms)"
        )

        print(f"\n== hasbro-1996 against the previous advisor ({options.old})")
        print(_line("build hasbro-1996 (now)     ", new))
        print(_line(f"build hasbro-1996 ({options.old})", old))
        for field, unit in (("seconds", "wall"), ("cpu", "CPU")):
            change = _median(new, field) / _median(old, field) - 1
            print(f"build time change ({unit}): {change:+.1%}  (target <= +10%)")
        print(f"peak memory: now {_memory(new)}; {options.old} {_memory(old)}")
        rss_change = max(r["rss_mb"] for r in new) / max(r["rss_mb"] for r in old) - 1
        print(f"peak memory change (main process): {rss_change:+.1%}  (target <= +10%)")
        print(f"expected score: now {new[0]['expected']:.7f}, {options.old} {old[0]['expected']:.7f}")
        now = _run(LATENCY, "hasbro-1996", str(folders["new"]), str(options.situations))
        before = _run(LATENCY, "hasbro-1996", str(folders["old"]), str(options.situations), tree=old_tree)
        print(
            f"advice latency median: now {now['median_ms']:.2f} ms (p95 {now['p95_ms']:.2f}), "
            f"{options.old} {before['median_ms']:.2f} ms (p95 {before['p95_ms']:.2f}): "
            f"{now['median_ms'] / before['median_ms'] - 1:+.1%}  (target <= +10%)"
        )


if __name__ == "__main__":
    main()
