"""How long the coach's tables take to build, how much memory and disk: this code against another
checkout, side by side in the same run (the machine's speed drifts; the ratios hold).

Run: .venv/bin/python benchmarks/advisor_build_bench.py [--editions hasbro-1996,hasbro-2016,yatzy]
     [--baseline /tmp/old] (a checkout of other code, e.g. `git worktree add /tmp/old HEAD~3`)
     [--rounds 1]

Each build is a process of its own, run as the background build runs it (two forked workers, the
default): the optimal-play table, then the chance-to-win table from it, into a fresh folder. Printed
per edition and code: seconds of each table, CPU seconds (workers included), peak memory of the
largest process, the chance table's size on disk; then this code's ratios to the baseline's, and
the load average before and after (quote figures with it: the machine is shared).

Measured 2026-12-02 on the shared 2-core machine at load 11-17 (other helpers' tests), the chance
table only, this code (two levels of state-major spectra, int8 later blocks) against 222a196, one
build of each in turn, timed as whole processes:
  hasbro-1996: CPU 45.5 s against 211.2 s (0.22), wall 298 s against 1,894 s, peak 589 against
               2,487 MiB, on disk 34.9 against 53.7 MB
  hasbro-2016: CPU 65.1 s against 230.9 s (0.28), wall 257 s against 738 s, peak 535 against
               2,487 MiB
  yatzy:       CPU 106.1 s against 382.6 s (0.28), wall 589 s against 1,213 s, peak 951 against
               2,841 MiB, on disk 86.2 against 118.1 MB
On an idle machine 222a196 took 171 s (hasbro-1996), 159 s (hasbro-2016) and 255 s (yatzy) of wall
time (issue 24): at these CPU ratios, about 40 s, 45 s and 75 s; to be measured on a quiet machine.
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

ROOT = Path(__file__).resolve().parent.parent

# Run by each build process: the checkout first on sys.path, so its scorekeeper is the one built.
CHILD = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from scorekeeper.advisor import Advisor
edition, folder = sys.argv[2], sys.argv[3]
started = time.perf_counter()
Advisor.build(edition, folder)
value = time.perf_counter() - started
chances = None
if not Advisor.for_edition(edition, folder).points.forced:
    started = time.perf_counter()
    Advisor.build_spectra(edition, folder)
    chances = time.perf_counter() - started
own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({
    "value_s": value, "chances_s": chances,
    "cpu_s": own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime,
    "peak_mb": max(own.ru_maxrss, workers.ru_maxrss) / 1024,
}))
"""


def build_once(checkout: Path, edition: str) -> dict[str, float | None]:
    """One build of both tables by that checkout's code, in a fresh folder; its figures."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(checkout), edition, folder],
            check=True,
            capture_output=True,
            text=True,
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        )
        figures: dict[str, float | None] = json.loads(done.stdout.strip().splitlines()[-1])
        chance_files = [p for p in Path(folder).iterdir() if ".spectra" in p.name]
        figures["disk_mb"] = sum(p.stat().st_size for p in chance_files) / 1e6 if chance_files else None
    return figures


def _median(runs: list[dict[str, float | None]], key: str) -> float | None:
    values = [r[key] for r in runs if r[key] is not None]
    return statistics.median(v for v in values if v is not None) if values else None


def _row(name: str, runs: list[dict[str, float | None]]) -> str:
    def shown(key: str, digits: int = 1) -> str:
        value = _median(runs, key)
        return "-" if value is None else f"{value:.{digits}f}"

    return (
        f"  {name:<9} value table {shown('value_s')} s, chance table {shown('chances_s')} s, "
        f"CPU {shown('cpu_s')} s, peak {shown('peak_mb', 0)} MB, chance table on disk {shown('disk_mb')} MB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--editions", default="hasbro-1996,hasbro-2016,yatzy")
    parser.add_argument("--baseline", type=Path, help="another checkout, built alternately with this one")
    parser.add_argument("--rounds", type=int, default=1, help="builds of each edition by each code")
    args = parser.parse_args()
    codes = [("this", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for edition in args.editions.split(","):
        runs: dict[str, list[dict[str, float | None]]] = {name: [] for name, _ in codes}
        for _ in range(args.rounds):
            for name, checkout in codes:  # alternately: a drift of the machine's speed hits both
                runs[name].append(build_once(checkout, edition))
        print(edition, flush=True)
        for name, _ in codes:
            print(_row(name, runs[name]), flush=True)
        if args.baseline:
            ratios = []
            for key in ("chances_s", "cpu_s", "peak_mb", "disk_mb"):
                new, old = _median(runs["this"], key), _median(runs["baseline"], key)
                if new and old:
                    ratios.append(f"{key} {new / old:.2f}")
            print(f"  this / baseline: {', '.join(ratios)}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
