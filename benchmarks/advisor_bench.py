"""Advisor benchmark: table build time against yatzy-solver's Rust build, advice latency, build memory.

Each build runs in a fresh subprocess (so its peak memory is its own ru_maxrss, workers included)
and the two builds alternate, REPEATS times each; medians are printed. BLAS is held to one thread
everywhere: the builds use the two cores through their own workers.

    .venv/bin/python benchmarks/advisor_bench.py [--repeats 3] [--edition hasbro-1996]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # before numpy loads anywhere

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

OURS = """
import json, resource, sys, time
from scorekeeper.advisor import Advisor
started = time.perf_counter()
Advisor.build(sys.argv[1], sys.argv[2])
seconds = time.perf_counter() - started
me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "rss_mb": me.ru_maxrss / 1024, "worker_rss_mb": kids.ru_maxrss / 1024}))
"""

THEIRS = """
import json, resource, time
import yatzy_solver as ys
variant = ys.Variant("american+forced-joker")
started = time.perf_counter()
solver = ys.Solver.build(variant)
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "expected": solver.state_value("upper 0 | filled -")}))
"""


def _run(code: str, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _runs(results: list[dict]) -> str:
    return ", ".join(f"{r['seconds']:.2f}" for r in results)


def _situations(count: int, seed: int):
    """Mid-game sheets from random play, with random dice and rolls left (1 or 2)."""
    from scorekeeper.rules import Scorecard

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        card = Scorecard()
        for _ in range(rng.randint(0, 12)):
            dice = [rng.randint(1, 6) for _ in range(5)]
            card = card.fill(rng.choice(sorted(card.options(dice))), dice)
        out.append((card, [rng.randint(1, 6) for _ in range(5)], rng.choice((1, 2))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--edition", default="hasbro-1996")
    parser.add_argument("--situations", type=int, default=1000)
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        ours, theirs = [], []
        for _ in range(options.repeats):
            ours.append(_run(OURS, options.edition, folder))
            theirs.append(_run(THEIRS))
        our_s = statistics.median(r["seconds"] for r in ours)
        their_s = statistics.median(r["seconds"] for r in theirs)
        print(f"build {options.edition} (ours, numpy):        median {our_s:.2f} s  "
              f"(runs: {_runs(ours)})")
        print(f"build american+forced-joker (yatzy-solver): median {their_s:.2f} s  "
              f"(runs: {_runs(theirs)})")
        print(f"build time ratio ours/theirs: {our_s / their_s:.2f}  (target <= 1.0)")
        main = max(r["rss_mb"] for r in ours)
        worker = max(r["worker_rss_mb"] for r in ours)
        print(f"peak memory of our build: main process {main:.0f} MB, each worker {worker:.0f} MB"
              f" (yatzy-solver {max(r['rss_mb'] for r in theirs):.0f} MB)  (target <= 256 MB)")

        from scorekeeper.advisor import Advisor
        from scorekeeper.rules import Edition

        advisor = Advisor.for_edition(Edition(options.edition), folder)
        print(f"expected score of a new game: {advisor.expected_score():.7f}"
              f" (yatzy-solver {theirs[0]['expected']:.7f})")
        situations = _situations(options.situations, seed=1)
        for card, dice, rolls in situations[:20]:  # warm-up: first-use setup is not advice latency
            advisor.box_values(card, dice), advisor.keep_values(card, dice, rolls)
        timings = []
        for card, dice, rolls in situations:
            started = time.perf_counter()
            advisor.box_values(card, dice)
            advisor.keep_values(card, dice, rolls)
            timings.append(time.perf_counter() - started)
        timings.sort()
        print(f"advice latency (box_values + keep_values), {len(timings)} random situations: "
              f"median {statistics.median(timings) * 1e3:.2f} ms, "
              f"p95 {timings[int(len(timings) * 0.95)] * 1e3:.2f} ms  (target median <= 5 ms)")


if __name__ == "__main__":
    main()
