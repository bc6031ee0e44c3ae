"""Self-play: one player taking the advice for the win every turn, at a table of coach players.

Per edition with a coach, seeded: GAMES games heads-up (against one coach player) and GAMES of four
players (against three). The player for the win takes, at every keep and box, the option with the
best chance to win as scorekeeper/advisor/winning.py defines it (equal chances: the coach's choice);
game g seats it at g % players, so no seat is favoured. Printed per edition and table size: its
share of the wins (ties shared) with a 95% interval, beside 1 / players; its mean final score
against the others'; how often its decisions differ from the coach's, by boxes open; CPU and wall
seconds; `uptime` before and after (the machine is shared). --control seats a coach player there
instead: the share must then be 1 / players within the interval (the harness is fair).

    nice -n 10 .venv/bin/python benchmarks/play_to_win_bench.py [--games 20000] [--players 2,4]
        [--editions hasbro-1996,...] [--workers 2] [--chunk 5000] [--seed 29] [--control]

Each worker process plays whole editions (its remembered curves serve both table sizes); the
chance tables are built first if missing (minutes each).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from scorekeeper.advisor import Advisor, distribution  # noqa: E402
from scorekeeper.advisor.selfplay import Decisions, play  # noqa: E402
from scorekeeper.rules import EDITIONS  # noqa: E402

Result = dict[str, Any]


def run_edition(
    edition: str, players: list[int], games: int, chunk: int, seed: int, control: bool
) -> list[Result]:
    """Every table size of one edition, in chunks of games with seeds of their own."""
    distribution.CACHE_DISTRIBUTIONS = 3_000_000  # a round's curves at once (selfplay.forget drops old ones)
    advisor = Advisor.for_edition(edition)
    dist = advisor.distributions(build=True)
    assert dist is not None
    index = [e.id for e in EDITIONS.values()].index(edition)
    results = []
    for count in players:
        cpu, wall = time.process_time(), time.perf_counter()
        won, mine, theirs = [], [], []
        decisions = Decisions()
        for c, lo in enumerate(range(0, games, chunk)):
            size = min(chunk, games - lo)
            match = play(
                advisor, dist, count, size, np.random.SeedSequence((seed, index, count, c)), not control
            )
            won.append(match.won)
            rows = np.arange(size)
            mine.append(match.finals[rows, match.seat])
            others = np.ones(match.finals.shape, dtype=bool)
            others[rows, match.seat] = False
            theirs.append(match.finals[others])
            for k, v in match.decisions.made.items():
                decisions.count(k, v, match.decisions.changed[k])
            so_far = np.concatenate(won)
            print(
                f"  {edition}, {count} players: {len(so_far)} games so far, {100 * so_far.mean():.2f}% "
                f"(this chunk {100 * won[-1].mean():.2f}%); "
                f"{time.process_time() - cpu:.0f} s CPU, {time.perf_counter() - wall:.0f} s wall, "
                f"peak memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6:.1f} GB",
                flush=True,
            )
        results.append(
            {
                "edition": edition,
                "players": count,
                "won": np.concatenate(won),
                "mine": float(np.concatenate(mine).mean()),
                "theirs": float(np.concatenate(theirs).mean()),
                "decisions": decisions,
                "cpu": time.process_time() - cpu,
                "wall": time.perf_counter() - wall,
            }
        )
        print(report(results[-1], control), flush=True)
    return results


def report(result: Result, control: bool) -> str:
    won, count = result["won"], result["players"]
    share, half = float(won.mean()), 1.96 * float(won.std(ddof=1)) / np.sqrt(len(won))
    fair = 1 / count
    decisions: Decisions = result["decisions"]
    made, changed = sum(decisions.made.values()), sum(decisions.changed.values())
    by_open = ", ".join(
        f"{k}: {100 * decisions.changed[k] / decisions.made[k]:.1f}%"
        for k in sorted(decisions.made, reverse=True)
        if decisions.made[k]
    )
    who = "coach (control)" if control else "for the win"
    lines = [
        f"{result['edition']}, {count} players, {len(won)} games: the player {who} won "
        f"{100 * share:.2f}% ± {100 * half:.2f} (95%), against {100 * fair:.0f}%: "
        f"{100 * (share - fair):+.2f} points, z = {(share - fair) / (half / 1.96):.1f}",
        f"  mean final score {result['mine']:.1f} against the others' {result['theirs']:.1f}",
    ]
    if made:
        lines.append(
            f"  decisions other than the coach's: {100 * changed / made:.1f}% of {made}; by boxes open: "
            + by_open
        )
    lines.append(f"  {result['cpu']:.0f} s CPU, {result['wall']:.0f} s wall")
    return "\n".join(lines)


def _task(args: tuple[str, list[int], int, int, int, bool]) -> list[Result]:
    return run_edition(*args)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--editions", default=",".join(e.id for e in EDITIONS.values() if e.has_coach))
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--chunk", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--control", action="store_true")
    args = parser.parse_args()
    editions = args.editions.split(",")
    players = [int(p) for p in args.players.split(",")]
    print(f"before: {uptime()}", flush=True)
    for edition in editions:  # built here, one at a time, not by two workers at once
        Advisor.for_edition(edition).distributions(build=True)
    started = time.perf_counter()
    tasks = [(e, players, args.games, args.chunk, args.seed, args.control) for e in editions]
    if args.workers > 1 and len(tasks) > 1:
        with multiprocessing.get_context("fork").Pool(min(args.workers, len(tasks))) as pool:
            list(pool.imap_unordered(_task, tasks))
    else:
        for task in tasks:
            _task(task)
    print(f"after {time.perf_counter() - started:.0f} s: {uptime()}", flush=True)


if __name__ == "__main__":
    main()
